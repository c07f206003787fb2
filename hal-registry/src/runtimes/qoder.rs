//! Qoder CLI: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Flag;
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["qodercli", "qoder-cli"],
    // Set to "1" on its shell tool's and MCP servers' environment, `QODERCN_CLI` in the
    // China build (1.1.52's `bundle/qodercli.js:2`, `Ger=Ro?"QODERCN_CLI":"QODER_CLI"`;
    // `:55`, `{…,[XcA]:zcA,TERM:"xterm-256color",PAGER:…}` with `XcA=oDA,zcA="1"`).
    markers: &[Marker::strong("QODER_CLI", Flag), Marker::strong("QODERCN_CLI", Flag)],
    executables: &["qodercli"],
    takes_prompt: true,
    sources: &[
        Source::vendor("https://www.npmjs.com/package/@qoder-ai/qodercli (1.1.52: bin qodercli)"),
        Source::vendor("@qoder-ai/qodercli@1.1.52:bundle/qodercli.js:2,55"),
    ],
    ..Runtime::new(P::Qoder, "Qoder CLI")
};
