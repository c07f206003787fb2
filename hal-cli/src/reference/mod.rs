//! The Markdown and JSON the reference shows, rendered from the registry and the
//! capability rows: the capability matrices (`hal caps --all --format markdown`, the
//! reference's tables), the runtimes' table, their launch facts, Gastown's stale presets
//! and the `agents.json` export (`hal providers --format agents-json`). `cargo xtask
//! codegen` writes the generated sections of README and `docs/reference/` from here.

pub mod agents_json;
pub mod launch_md;
pub mod matrix;

use hal_caps::registry::REGISTRY;
use hal_caps::{all_capabilities, capabilities, native_hooks, row};
use hal_types::Capabilities;

pub use hal_caps::registry::gastown_stale_markdown;

/// Every runtime's built-in row as Markdown, one line per runtime.
#[must_use]
pub fn full_matrix_markdown() -> String {
    matrix::matrix_by_row(&all_capabilities())
}

/// The reference's table (`docs/reference/runtimes.md`) of every runtime of the registry:
/// signal, executables, hooks, session variables, verification (`cargo xtask codegen`).
#[must_use]
pub fn runtimes_markdown() -> String {
    use std::fmt::Write as _;
    let mut out = String::from(
        "| provider | family | name | strongest signal | executables | session hooks | native inject | session vars | vendor-verified | live run |\n|---|---|---|---|---|---|---|---|---|---|\n",
    );
    let code_list = |items: &[&str]| {
        if items.is_empty() {
            "-".to_owned()
        } else {
            items.iter().map(|e| format!("`{e}`")).collect::<Vec<_>>().join(", ")
        }
    };
    for r in REGISTRY {
        let _ = writeln!(
            out,
            "| `{}` | `{}` | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.provider,
            r.family(),
            r.name,
            r.strongest_signal().map_or_else(|| "-".to_owned(), |s| format!("`{s}`")),
            code_list(r.executables),
            row(r).session_hooks,
            native_hooks(r.provider).inject,
            code_list(r.own_session_vars()),
            if r.vendor_verified() { "yes" } else { "no" },
            r.verified.map_or_else(|| "-".to_owned(), |v| format!("verified {}", v.range())),
        );
    }
    out
}

/// The design's matrix (claude, codex, gemini, cursor, unknown) as Markdown.
#[must_use]
pub fn design_matrix_markdown() -> String {
    let rows: Vec<Capabilities> = matrix::DESIGN_PROVIDERS.iter().map(|p| capabilities(*p)).collect();
    matrix::matrix_by_column(&rows)
}
