//! `hal schema [COMMAND]`: the JSON Schema (draft 2020-12) of a command's `--json`
//! answer ([`crate::schema`]); without a command, the commands that have one.

use std::fmt::Write as _;

use hal_caps::text::escape_control;

use crate::cli::GlobalOpt;
use crate::output::Output;
use crate::schema::{OUTPUTS, output};

/// The global options `hal schema` takes.
pub const TAKES: &[GlobalOpt] = &[];

/// `hal schema [COMMAND]`: a schema, or the list; exit 2 for a command without one.
pub(crate) fn run(command: Option<&str>) -> Output {
    match command.map(|c| (c, output(c))) {
        None => {
            let width = OUTPUTS.iter().map(|o| o.command.len()).max().unwrap_or(0);
            let mut s = String::new();
            for o in OUTPUTS {
                let _ = writeln!(s, "{:<width$}  {}", o.command, o.about);
            }
            Output::new(s, &[])
        }
        Some((_, Some(o))) => {
            let mut s = serde_json::to_string_pretty(&o.schema()).unwrap_or_default();
            s.push('\n');
            Output::new(s, &[])
        }
        Some((c, None)) => {
            let names: Vec<&str> = OUTPUTS.iter().map(|o| o.command).collect();
            let m =
                format!("no command `{}` with a JSON answer; expected one of: {}", escape_control(c), names.join(", "));
            Output::new(String::new(), &[]).usage_error("", &m)
        }
    }
}
