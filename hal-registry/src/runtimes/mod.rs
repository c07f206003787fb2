//! The runtime descriptors: one file per runtime, each holding every fact hal knows of
//! it (its row: identity, markers, executables, hooks; its native events with their
//! spans; what a live run verified; its dated history; its payload shape; its launch
//! facts; the design's literal row and its departures; the plugin formats it hosts).
//!
//! This file holds only what is not one runtime's: the orders that matter, as lists of
//! descriptors. A new runtime is its file here, its variant in
//! `hal_types::RuntimeProvider`, and a line in each list its facts belong to
//! (`cargo xtask new-runtime <id>` writes the skeleton).

use hal_types::{Capabilities, RuntimeProvider as P};

use super::launch_shape::Launch;
use super::model::Departure;
use super::model::PluginHost;
use super::model::Runtime;
use super::payload_shape::Payload;

#[macro_use]
mod shared;

pub mod agy;
pub mod aider;
pub mod amazon_q;
pub mod amp;
pub mod antigravity;
pub mod auggie;
pub mod bolt;
pub mod claude;
pub mod cline;
pub mod codebuddy;
pub mod codex;
pub mod commandcode;
pub mod r#continue;
pub mod copilot;
pub mod copilot_cloud;
pub mod copilot_vscode;
pub mod cortex;
pub mod cowork;
pub mod crush;
pub mod cursor;
pub mod devin;
pub mod droid;
pub mod firebender;
pub mod gemini;
pub mod goose;
pub mod gptme;
pub mod grok;
pub mod grok_cli;
pub mod groq_compound;
pub mod hermes;
pub mod iflow;
pub mod jules;
pub mod junie;
pub mod kilo;
pub mod kimi;
pub mod kiro;
pub mod letta;
pub mod muse;
pub mod octofriend;
pub mod omp;
pub mod openclaw;
pub mod opencode;
pub mod openhands;
pub mod pi;
pub mod pi_signed;
pub mod polytoken;
pub mod qoder;
pub mod qwen_code;
pub mod replit;
pub mod roo;
pub mod rork;
pub mod rovo;
pub mod trae;
pub mod unknown;
pub mod v0;
pub mod vibe;
pub mod vtcode;
pub mod warp;
pub mod windsurf;
pub mod zed;

/// Every runtime hal knows, in marker priority order; `unknown` last.
///
/// Order: runtimes that set or keep another runtime's markers come before it
/// (copilot-cloud before copilot; cowork, amp, cursor, gemini, rovo, cortex, omp before
/// claude; kilo before opencode; pi-signed before pi); IDE- and terminal-wide rows come
/// last, since agents in IDE terminals inherit them (copilot-vscode after copilot: the
/// Copilot CLI in a VS Code terminal is the CLI).
pub static REGISTRY: &[Runtime] = &[
    copilot_cloud::ROW,
    cowork::ROW,
    groq_compound::ROW,
    amp::ROW,
    codebuddy::ROW,
    cursor::ROW,
    qwen_code::ROW,
    gemini::ROW,
    rovo::ROW,
    cortex::ROW,
    omp::ROW,
    grok_cli::ROW,
    grok::ROW,
    codex::ROW,
    claude::ROW,
    pi_signed::ROW,
    pi::ROW,
    kilo::ROW,
    opencode::ROW,
    copilot::ROW,
    auggie::ROW,
    kiro::ROW,
    amazon_q::ROW,
    crush::ROW,
    goose::ROW,
    cline::ROW,
    roo::ROW,
    kimi::ROW,
    muse::ROW,
    agy::ROW,
    devin::ROW,
    commandcode::ROW,
    polytoken::ROW,
    vibe::ROW,
    droid::ROW,
    antigravity::ROW,
    iflow::ROW,
    hermes::ROW,
    openclaw::ROW,
    openhands::ROW,
    vtcode::ROW,
    firebender::ROW,
    aider::ROW,
    letta::ROW,
    r#continue::ROW,
    qoder::ROW,
    octofriend::ROW,
    v0::ROW,
    junie::ROW,
    trae::ROW,
    windsurf::ROW,
    copilot_vscode::ROW,
    warp::ROW,
    replit::ROW,
    jules::ROW,
    zed::ROW,
    bolt::ROW,
    rork::ROW,
    gptme::ROW,
    unknown::ROW,
];

/// Every runtime whose hook payload hal reads, in the order their tells are tried.
pub static PAYLOADS: &[Payload] = &[
    cline::PAYLOAD,
    windsurf::PAYLOAD,
    cursor::PAYLOAD,
    copilot::PAYLOAD,
    vibe::PAYLOAD,
    kimi::PAYLOAD,
    codex::PAYLOAD,
    qwen_code::PAYLOAD,
    gemini::PAYLOAD,
    droid::PAYLOAD,
    claude::PAYLOAD,
    copilot_vscode::PAYLOAD,
    grok::PAYLOAD,
    kiro::PAYLOAD,
    devin::PAYLOAD,
    openhands::PAYLOAD,
    hermes::PAYLOAD,
];

/// Every runtime's launch facts: every runtime the conformance suite runs, and every
/// runtime Gastown has a preset for.
pub static LAUNCH: &[Launch] = &[
    claude::LAUNCH,
    groq_compound::LAUNCH,
    codex::LAUNCH,
    gemini::LAUNCH,
    qwen_code::LAUNCH,
    pi::LAUNCH,
    omp::LAUNCH,
    opencode::LAUNCH,
    kilo::LAUNCH,
    cline::LAUNCH,
    copilot::LAUNCH,
    droid::LAUNCH,
    grok_cli::LAUNCH,
    grok::LAUNCH,
    r#continue::LAUNCH,
    openhands::LAUNCH,
    hermes::LAUNCH,
    gptme::LAUNCH,
    kimi::LAUNCH,
    vibe::LAUNCH,
    amp::LAUNCH,
    cursor::LAUNCH,
    auggie::LAUNCH,
    kiro::LAUNCH,
];

/// The runtimes the design's capability matrix gives literally, in its order.
pub const DESIGN_PROVIDERS: &[P] =
    &[claude::ROW.provider, codex::ROW.provider, gemini::ROW.provider, cursor::ROW.provider, unknown::ROW.provider];

/// The design's row for a runtime it does not know.
pub const UNKNOWN_CAPS: Capabilities = unknown::CAPS;

/// Each design runtime's departures, in the design's order.
const DEPARTURES: &[&[Departure]] = &[claude::DEPARTURES, codex::DEPARTURES, gemini::DEPARTURES, cursor::DEPARTURES];

/// The design rows' departures from their derived rows.
pub const DESIGN_DEPARTURES: &[Departure] = &concat::<Departure, { total(DEPARTURES) }>(DEPARTURES);

/// Each host's foreign plugin formats.
const HOSTS: &[&[PluginHost]] = &[vibe::PLUGIN_HOSTS, codex::PLUGIN_HOSTS, grok::PLUGIN_HOSTS];

/// Every known host of a foreign plugin format.
pub static PLUGIN_HOSTS: &[PluginHost] = &concat::<PluginHost, { total(HOSTS) }>(HOSTS);

/// How many items `parts` hold together.
const fn total<T>(parts: &[&[T]]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < parts.len() {
        n += parts[i].len();
        i += 1;
    }
    n
}

/// `parts`, one after the other, as one table of `N` (their [`total`]) items.
const fn concat<T: Copy, const N: usize>(parts: &[&[T]]) -> [T; N] {
    let mut first = 0;
    while parts[first].is_empty() {
        first += 1;
    }
    let mut out = [parts[first][0]; N];
    let (mut i, mut n) = (0, 0);
    while i < parts.len() {
        let mut j = 0;
        while j < parts[i].len() {
            out[n] = parts[i][j];
            n += 1;
            j += 1;
        }
        i += 1;
    }
    out
}
