//! README's table of every runtime's launch facts (`hal launch`), generated from
//! [`LAUNCH`] by `cargo xtask codegen`.

use std::fmt::Write as _;

use hal_caps::registry::Standing;
use hal_caps::registry::launch::{Cited, LAUNCH, Level, PromptAt, Start, Trust, args_at};

/// README's table of every runtime's launch facts (`hal launch`), each with its standing:
/// `V` verified by the conformance suite, `D` the vendor's documents or package, `G` an
/// orchestrator's (Gastown, Firstmate); `-`: none.
#[must_use]
pub fn launch_markdown() -> String {
    fn mark<T>(c: &Cited<T>) -> &'static str {
        match c.source.standing {
            Standing::Verified => "V",
            Standing::Vendor => "D",
            _ => "G",
        }
    }
    fn start(s: &Cited<Start>) -> String {
        let mut a = args_at(s.value.args, None).join(" ");
        let p = match s.value.prompt {
            PromptAt::Positional => "PROMPT".to_owned(),
            PromptAt::Flag(f) => format!("{f} PROMPT"),
            PromptAt::Stdin => "(stdin)".to_owned(),
            PromptAt::Typed => "(typed)".to_owned(),
        };
        if !a.is_empty() {
            a.push(' ');
        }
        format!("`{a}{p}` {}", mark(s))
    }
    let code = |s: &str| if s.is_empty() { "(default)".to_owned() } else { format!("`{s}`") };
    let mut out = String::from(
        "| runtime | executable | interactive | print | autonomy: none / edits / full | resume / continue | model | instructions | config dir | hook trust | ready prompt | ACP |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for l in LAUNCH {
        let a = &l.autonomy;
        let level = |c: &Option<Cited<Level>>| match c {
            Some(c) => {
                let args = args_at(c.value.args, None).join(" ");
                let env: Vec<String> = c.value.env.iter().map(|(k, v)| format!("{k}={v}")).collect();
                let shown = [args, env.join(" ")].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ");
                format!("{} {}", code(&shown), mark(c))
            }
            None => "-".to_owned(),
        };
        let resume = l.resume.map_or("-".to_owned(), |r| {
            let id = r.value.by_id.map_or("-".to_owned(), |a| format!("`{} ID`", a.join(" ")));
            let latest = r.value.latest.map_or("-".to_owned(), |a| format!("`{}`", a.join(" ")));
            format!("{id} / {latest} {}", mark(&r))
        });
        let trust = l.hook_trust.map_or("-".to_owned(), |t| match t.value {
            Trust::Args(parts) => {
                let dated: Vec<String> = parts
                    .iter()
                    .map(|p| match p.span.since {
                        Some(v) => format!("`{}` (≥ {v})", p.args.join(" ")),
                        None => format!("`{}`", p.args.join(" ")),
                    })
                    .collect();
                format!("{} {}", dated.join(" "), mark(&t))
            }
            Trust::Rule(r) | Trust::Setting(hal_caps::registry::launch::TrustSetting { rule: r, .. }) => {
                format!("{r} {}", mark(&t))
            }
        });
        let config = l.config_dir.map_or("-".to_owned(), |c| match c.value.var {
            Some(v) => format!("`{}` (`{v}`) {}", c.value.dir, mark(&c)),
            None => format!("`{}` {}", c.value.dir, mark(&c)),
        });
        let _ = writeln!(
            out,
            "| {} | `{}` {} | {} | {} | {} / {} / {} | {} | {} | {} {} | {} | {} | {} | {} |",
            l.provider,
            l.executable.value,
            mark(&l.executable),
            start(&l.interactive),
            l.print.as_ref().map_or("-".to_owned(), start),
            level(&a.none),
            level(&a.edits),
            level(&a.full),
            resume,
            l.model.map_or("-".to_owned(), |m| format!("`{}` {}", m.value, mark(&m))),
            l.instructions.value.join(", "),
            mark(&l.instructions),
            config,
            trust,
            l.ready_prompt.map_or("-".to_owned(), |r| format!("`{}` {}", r.value, mark(&r))),
            l.acp.map_or("-".to_owned(), |a| format!("`{}` {}", a.value.join(" "), mark(&a))),
        );
    }
    out.push_str(
        "\nStanding: V verified by the conformance suite at the version its runtime row names, D the vendor's \
         documents or package, G an orchestrator's (Gastown, Firstmate). `hal launch --provider P --json` gives each \
         fact's source in `sources`; `hal_caps::registry::launch::GASTOWN_FIELDS` accounts for every field of \
         Gastown's preset.\n",
    );
    out
}
