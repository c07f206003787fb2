//! `hal caps [--provider P | --all]`: the capability row in force, with each value's
//! origin; `--all`: every runtime's built-in row.

use std::fmt::Write as _;

use hal_caps::text::escape_control;
use hal_caps::{OriginKind, native_hooks};
use hal_detect::Host;
use hal_gupp::Hal;
use hal_types::{Capabilities, RuntimeHal as _};

use crate::answers;
use crate::args::{Format, GlobalOpt, ProviderArg};
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::context::{Context, Needs};
use crate::output::{Output, versioned};

/// The capability row of the detected (or given) runtime, with each value's origin.
#[derive(Debug, PartialEq, Eq, clap::Args)]
pub struct Caps {
    /// `--provider`, `--runtime-version`.
    #[command(flatten)]
    pub provider: ProviderArg,
    /// Every runtime's built-in row (no overrides; not with --provider).
    #[arg(long, conflicts_with = "provider")]
    pub all: bool,
    /// Output format with --all.
    #[arg(long, value_enum, default_value_t = Format::Text, requires = "all")]
    pub format: Format,
}

impl Cmd for Caps {
    const DESCRIPTION: Description = Description {
        name: "caps",
        // `--all` reads no host (only `--json`, `Self::withdraws`); `--provider` skips
        // detection (no `--policy`, `--workspace`).
        takes: &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown],
        answers: &[
            answer!(
                "caps",
                None,
                "Capabilities",
                "The capability row in force, both notions of hooks, the session variables read, every override.",
                answers::Caps
            ),
            answer!(
                "caps-all",
                Some("--all"),
                "CapabilityMatrix",
                "Every runtime's built-in capability row.",
                answers::CapsAll
            ),
        ],
    };

    fn provider(&self) -> Option<&ProviderArg> {
        Some(&self.provider)
    }

    fn withdraws(&self, opt: GlobalOpt) -> bool {
        if self.all {
            return !matches!(opt, GlobalOpt::Json);
        }
        opt.detection() && self.provider.provider.is_some()
    }

    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        if self.all {
            return all(input.global.json, self.format);
        }
        // An override in the config file changes the row: it is read.
        let p = &self.provider;
        run(&input.resolve(Needs::versioned(p.provider, p.runtime_version.as_deref(), true)))
    }
}

/// A capability row with both notions of hooks.
fn caps_row(capabilities: Capabilities) -> answers::CapsRow {
    let native_hooks = native_hooks(capabilities.provider);
    answers::CapsRow { capabilities, hookable_events: native_hooks.hookable_events, native_hooks }
}

/// `caps`: the row, both notions of hooks, the session variables read, every override.
fn caps_body<H: Host>(hal: &Hal<H>) -> answers::Caps {
    let r = hal.resolved();
    let native_hooks = hal.native_hooks();
    let row = answers::CapsRow {
        capabilities: r.capabilities.clone(),
        hookable_events: native_hooks.hookable_events,
        native_hooks,
    };
    answers::Caps {
        row,
        session_id_vars: hal.session_id_vars(),
        overrides: r.overrides.clone(),
        running: answers::Running::of(hal.detection()),
    }
}

/// `hal caps`: the row in force.
fn run<H: Host>(ctx: &Context<H>) -> Output {
    let v = caps_body(&ctx.hal);
    let stdout = if ctx.json { versioned(v, &ctx.diagnostics) } else { caps_text(&ctx.hal, &v) };
    Output::new(stdout, &ctx.diagnostics)
}

/// `hal caps --all`: every runtime's built-in row (no host read, no overrides).
fn all(json: bool, format: Format) -> Output {
    let rows: Vec<answers::CapsRow> = hal_caps::all_capabilities().into_iter().map(caps_row).collect();
    let stdout = match (json, format) {
        (true, _) => versioned(answers::CapsAll { runtimes: rows }, &[]),
        (false, Format::Markdown) => crate::reference::design_matrix_markdown(),
        (false, Format::Text) => rows_text(&rows),
    };
    Output::new(stdout, &[])
}

/// A list as one cell of text: comma-separated, `-` when empty, each item escaped.
fn list(items: &[impl AsRef<str>]) -> String {
    if items.is_empty() {
        return "-".to_owned();
    }
    items.iter().map(|s| escape_control(s.as_ref()).into_owned()).collect::<Vec<_>>().join(", ")
}

/// The lines of `caps` text in order, each its JSON key and the value as text (`-` for
/// no value); `native_hooks` is given as the caller shows it, `session_id_vars` only
/// where the answer has them (not in `caps --all`).
fn cells(row: &answers::CapsRow, native_hooks: String, session_id_vars: Option<&[String]>) -> Vec<(&'static str, String)> {
    let c = &row.capabilities;
    let mut cells = vec![
        ("provider", c.provider.to_string()),
        ("family", c.family.to_string()),
        ("session_hooks", c.session_hooks.to_string()),
        ("native_hooks", native_hooks),
        ("context_fork", c.context_fork.to_string()),
        ("session_id_env", c.session_id_env.as_deref().map_or_else(|| "-".to_owned(), |v| escape_control(v).into_owned())),
    ];
    if let Some(vars) = session_id_vars {
        cells.push(("session_id_vars", list(vars)));
    }
    cells.extend([
        ("startup_injection", c.startup_injection.to_string()),
        ("startup_strategy", c.startup_strategy.to_string()),
        ("gupp_strategy", c.gupp_strategy.to_string()),
        ("stall_threshold_secs", c.stall_threshold.as_secs().to_string()),
        ("nudge_interval_secs", c.nudge_interval.as_secs().to_string()),
        ("nudge_support", c.nudge_support.to_string()),
    ]);
    cells
}

/// `caps --all` as text: one line per runtime, the cells of [`cells`] (`native_hooks`
/// as its `inject`), in aligned columns.
fn rows_text(rows: &[answers::CapsRow]) -> String {
    let lines: Vec<Vec<(&str, String)>> =
        rows.iter().map(|r| cells(r, r.native_hooks.inject.to_string(), None)).collect();
    let header: Vec<String> = lines.first().map_or_else(Vec::new, |l| l.iter().map(|(k, _)| (*k).to_owned()).collect());
    let mut table: Vec<Vec<String>> = vec![header];
    table.extend(lines.into_iter().map(|l| l.into_iter().map(|(_, v)| v).collect()));
    let widths: Vec<usize> =
        (0..table[0].len()).map(|i| table.iter().map(|line| line[i].len()).max().unwrap_or(0)).collect();
    table.iter().fold(String::new(), |mut s, line| {
        let cells: Vec<String> = line.iter().zip(&widths).map(|(c, w)| format!("{c:<w$}")).collect();
        let _ = writeln!(s, "{}", cells.join(" ").trim_end());
        s
    })
}

/// `hal caps` as text: the cells of [`cells`], then every override.
fn caps_text<H: Host>(hal: &Hal<H>, v: &answers::Caps) -> String {
    let mut s = String::new();
    for (key, cell) in cells(&v.row, v.row.native_hooks.summary(), Some(&v.session_id_vars)) {
        let _ = writeln!(s, "{key:<21}{cell}");
    }
    s.push_str("overrides:\n");
    for o in &hal.resolved().overrides {
        let origin = match o.origin {
            OriginKind::Default => "default".to_owned(),
            OriginKind::Rejected => format!(
                "rejected `{}` from {}: {}",
                o.value,
                o.source.as_deref().unwrap_or("?"),
                o.reason.as_deref().unwrap_or("")
            ),
            _ => format!("from {}", o.source.as_deref().unwrap_or("?")),
        };
        let _ = writeln!(s, "  {}: {} ({})", o.field, escape_control(&o.value), escape_control(&origin));
    }
    if let Some(note) = hal_caps::hooks_disagreement(hal.capabilities()) {
        let _ = writeln!(s, "note: {note}");
    }
    s
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    /// The JSON value as the text of one cell: strings bare, `null` and `[]` as `-`,
    /// arrays comma-separated (what the text showed when it was read from the JSON).
    fn json_text(v: &Value) -> String {
        match v {
            Value::Null => "-".to_owned(),
            Value::String(s) => escape_control(s).into_owned(),
            Value::Array(a) if a.is_empty() => "-".to_owned(),
            Value::Array(a) => a.iter().map(json_text).collect::<Vec<_>>().join(", "),
            other => other.to_string(),
        }
    }

    /// Each cell of the text is the JSON answer's value of its key, for every row: a
    /// key the text names is one the JSON has, with the same value.
    #[test]
    fn every_text_cell_is_the_json_value_of_its_key() {
        for capabilities in hal_caps::all_capabilities() {
            let row = caps_row(capabilities);
            let vars = vec!["A_SESSION".to_owned(), "B_SESSION".to_owned()];
            let json = serde_json::to_value(&row).unwrap();
            for (key, cell) in cells(&row, row.native_hooks.inject.to_string(), Some(&vars)) {
                let expected = match key {
                    "native_hooks" => json_text(&json["native_hooks"]["inject"]),
                    "session_id_vars" => json_text(&serde_json::to_value(&vars).unwrap()),
                    _ => {
                        assert!(json.get(key).is_some(), "`{key}` is no key of the JSON answer");
                        json_text(&json[key])
                    }
                };
                assert_eq!(cell, expected, "{}: {key}", row.capabilities.provider);
            }
        }
    }
}
