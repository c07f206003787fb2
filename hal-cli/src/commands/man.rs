//! `hal man`: the man page, from the clap definition (each command with exactly the
//! options it takes, `usage::documented`) and the same tables the code reads
//! (hal-detect's variables, `hal env`'s variables, the config paths, the exit codes,
//! the diagnostic codes), so it cannot drift from them.

use std::fmt::Write as _;

use hal_detect::Host;
use hal_types::DiagnosticCode;

use crate::args::{EXIT_CODES, GlobalOpt};
use crate::commands::env::ENV_VARS;
use crate::commands::lint::RULES;
use crate::describe::{Cmd, Description, Invocation};
use crate::output::Output;

/// hal's man page (roff) on stdout.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, clap::Args)]
pub struct Man {}

impl Cmd for Man {
    const DESCRIPTION: Description = Description { name: "man", takes: &[], answers: &[] };

    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        Output::new(render(&(input.catalog.documented)()), &[])
    }
}

/// Text escaped for roff: backslashes, dashes, non-ASCII characters (`\[u2026]`), and
/// a leading `.` or `'`.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\e"),
            '-' => out.push_str("\\-"),
            c if c.is_ascii() => out.push(c),
            c => {
                let _ = write!(out, "\\[u{:04X}]", u32::from(c));
            }
        }
    }
    if out.starts_with(['.', '\'']) {
        out.insert_str(0, "\\&");
    }
    out
}

/// `.TP` paragraph: a bold tag line, then the body.
fn tagged(out: &mut String, tag: &str, body: &str) {
    let _ = writeln!(out, ".TP\n{tag}\n{}", esc(body));
}

fn bold(s: &str) -> String {
    format!("\\fB{}\\fR", esc(s))
}

/// The man page of `cmd` (the documented command line), in roff.
#[must_use]
pub fn render(cmd: &clap::Command) -> String {
    let man = clap_mangen::Man::new(cmd.clone());
    let mut buf = Vec::new();
    let _ = man.render_title(&mut buf);
    let _ = man.render_name_section(&mut buf);
    let _ = man.render_synopsis_section(&mut buf);
    let _ = man.render_description_section(&mut buf);
    let _ = man.render_options_section(&mut buf);
    let mut out = String::from_utf8_lossy(&buf).into_owned();

    out.push_str(".SH COMMANDS\n");
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let about = sub.get_long_about().or_else(|| sub.get_about()).map(ToString::to_string).unwrap_or_default();
        tagged(&mut out, &bold(&format!("hal {}", sub.get_name())), &about);
        let is_global = |a: &clap::Arg| a.is_global_set() || GlobalOpt::ALL.iter().any(|o| a.get_id() == o.id());
        let takes: Vec<&str> = GlobalOpt::ALL
            .iter()
            .filter(|o| sub.get_arguments().any(|a| a.get_id() == o.id()))
            .map(|o| o.long())
            .collect();
        let args: Vec<_> = sub.get_arguments().filter(|a| !is_global(a) && !a.is_hide_set()).collect();
        if args.is_empty() && takes.is_empty() {
            continue;
        }
        out.push_str(".RS\n");
        if !takes.is_empty() {
            let _ = writeln!(out, ".PP\nOf the global options, takes {}.", esc(&takes.join(", ")));
        }
        for a in args {
            let name = a.get_long().map_or_else(|| a.get_id().to_string().to_uppercase(), |l| format!("--{l}"));
            let takes_value = a.get_action().takes_values();
            let value = a
                .get_value_names()
                .and_then(|v| v.first())
                .filter(|_| a.get_long().is_some() && takes_value)
                .map(|v| format!(" \\fI{}\\fR", esc(v)));
            let mut help = a.get_help().map(ToString::to_string).unwrap_or_default();
            let values: Vec<String> = a.get_possible_values().iter().map(|v| v.get_name().to_owned()).collect();
            if takes_value && !values.is_empty() && values.len() <= 16 {
                let _ = write!(help, "; one of: {}", values.join(", "));
            }
            tagged(&mut out, &format!("{}{}", bold(&name), value.unwrap_or_default()), &help);
        }
        if let Some(after) = sub.get_after_help() {
            let _ = writeln!(out, ".PP\n.nf\n{}\n.fi", esc(&after.to_string()));
        }
        out.push_str(".RE\n");
    }

    out.push_str(".SH ENVIRONMENT\nhal reads these variables (besides the runtimes' own markers, listed by \\fBhal providers\\fR):\n");
    for (name, what) in hal_detect::vars::DESCRIBED {
        tagged(&mut out, &bold(name), what);
    }
    out.push_str(
        ".PP\n\\fBhal env\\fR prints these, for \\fBeval \"$(hal env)\"\\fR (empty where there is no value, never unset: safe under \\fBset -u\\fR):\n",
    );
    for v in ENV_VARS {
        tagged(&mut out, &bold(v.name()), v.what());
    }

    out.push_str(".SH FILES\nThe config file, the first of:\n");
    for (path, what) in hal_detect::settings::CONFIG_PATHS {
        tagged(&mut out, &bold(path), what);
    }

    out.push_str(".SH \"EXIT STATUS\"\n.nf\n");
    for line in EXIT_CODES.lines().skip(1) {
        let _ = writeln!(out, "{}", esc(line));
    }
    out.push_str(".fi\n");

    if !RULES.is_empty() {
        out.push_str(
            ".SH \"LINT RULES\"\n\\fBhal lint\\fR reports each of these (what it does not report is said too):\n",
        );
        for (id, what) in RULES {
            tagged(&mut out, &bold(id), what);
        }
    }

    out.push_str(".SH DIAGNOSTICS\nWarnings go to stderr; with \\fB\\-\\-json\\fR each is an object in \\fBdiagnostics\\fR with a stable code:\n");
    for code in DiagnosticCode::ALL {
        tagged(&mut out, &bold(code.as_str()), code.description());
    }
    out
}
