//! `hal caps [--provider P | --all]`: the capability row in force, with each value's
//! origin; `--all`: every runtime's built-in row.

use hal_caps::native_hooks;
use hal_detect::Host;
use hal_gupp::Hal;
use hal_types::RuntimeHal as _;
use serde_json::Value;

use crate::answers;
use crate::cli::{Format, GlobalOpt};
use crate::context::Context;
use crate::output::{Output, versioned};
use crate::render::{caps_text, rows_text};

/// The global options `hal caps` takes (`--all` reads no host: only `--json`;
/// `--provider` skips detection: no `--policy`, `--workspace`).
pub const TAKES: &[GlobalOpt] = &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown];

/// An override in the config file changes the row: it is read.
pub(crate) const READS_CONFIG: bool = true;

/// A capability row with both notions of hooks.
fn caps_row(capabilities: hal_types::Capabilities) -> answers::CapsRow {
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
pub(crate) fn run<H: Host>(ctx: &Context<H>) -> Output {
    let v = caps_body(&ctx.hal);
    let stdout = if ctx.json {
        versioned(v, &ctx.diagnostics)
    } else {
        caps_text(&ctx.hal, &serde_json::to_value(&v).unwrap_or(Value::Null))
    };
    Output::new(stdout, &ctx.diagnostics)
}

/// `hal caps --all`: every runtime's built-in row (no host read, no overrides).
pub(crate) fn all(json: bool, format: Format) -> Output {
    let rows: Vec<answers::CapsRow> = hal_caps::all_capabilities().into_iter().map(caps_row).collect();
    let stdout = match (json, format) {
        (true, _) => versioned(answers::CapsAll { runtimes: rows }, &[]),
        (false, Format::Markdown) => hal_caps::design_matrix_markdown(),
        (false, Format::Text) => {
            rows_text(&rows.iter().map(|r| serde_json::to_value(r).unwrap_or(Value::Null)).collect::<Vec<_>>())
        }
    };
    Output::new(stdout, &[])
}
