//! The capability matrix as Markdown: the table the reference (docs/reference/capabilities.md) shows and `hal caps --all
//! --format markdown` prints.

use std::fmt::Write as _;

use hal_types::{Capabilities, Support};

/// The design's five columns, in the design's order.
pub use hal_caps::registry::DESIGN_PROVIDERS;

/// A matrix cell for a `Support` value, in the design's words.
#[must_use]
pub const fn support_cell(s: Support) -> &'static str {
    match s {
        Support::Yes => "yes",
        Support::Partial => "partial",
        _ => "no",
    }
}

/// The nudge-support cell: `yes (filesystem)` or `limited`.
#[must_use]
pub const fn nudge_cell(s: Support) -> &'static str {
    match s {
        Support::Yes => "yes (filesystem)",
        Support::Partial => "limited",
        _ => "no",
    }
}

/// The rows of the matrix: a label and the cell of each runtime.
type Cell = fn(&Capabilities) -> String;

/// The matrix's rows, in the design's order.
pub const ROWS: &[(&str, Cell)] = &[
    ("Session hooks", |c| support_cell(c.session_hooks).to_owned()),
    ("Context fork", |c| support_cell(c.context_fork).to_owned()),
    ("Session ID env var", |c| c.session_id_env.as_deref().unwrap_or("none").to_owned()),
    ("Startup injection", |c| c.startup_injection.label().to_owned()),
    ("Startup strategy", |c| c.startup_strategy.to_string()),
    ("GUPP strategy", |c| c.gupp_strategy.to_string()),
    ("Stall threshold", |c| format!("{} s", c.stall_threshold.as_secs())),
    ("Nudge interval", |c| format!("{} s", c.nudge_interval.as_secs())),
    ("Nudge support", |c| nudge_cell(c.nudge_support).to_owned()),
];

/// The matrix with one column per runtime (the design's layout).
#[must_use]
pub fn matrix_by_column(rows: &[Capabilities]) -> String {
    let mut out = String::from("| Capability |");
    for c in rows {
        let _ = write!(out, " {} |", c.provider);
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(rows.len()));
    out.push('\n');
    for (label, cell) in ROWS {
        let _ = write!(out, "| {label} |");
        for c in rows {
            let _ = write!(out, " {} |", cell(c));
        }
        out.push('\n');
    }
    out
}

/// The matrix with one row per runtime (for many runtimes).
#[must_use]
pub fn matrix_by_row(rows: &[Capabilities]) -> String {
    let mut out = String::from("| Runtime |");
    for (label, _) in ROWS {
        let _ = write!(out, " {label} |");
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(ROWS.len()));
    out.push('\n');
    for c in rows {
        let _ = write!(out, "| {} |", c.provider);
        for (_, cell) in ROWS {
            let _ = write!(out, " {} |", cell(c));
        }
        out.push('\n');
    }
    out
}
