//! `hal schema [COMMAND]`: the JSON Schema (draft 2020-12) of a command's `--json`
//! answer ([`crate::schema`]); without a command, the commands that have one.

use std::fmt::Write as _;

use hal_caps::text::escape_control;

use hal_detect::Host;

use crate::commands::{Cmd, Description, Input};
use crate::output::Output;
use crate::schema::{OUTPUTS, output};

/// The JSON Schema (draft 2020-12) of a command's --json answer; without a command,
/// the commands that have one.
#[derive(Debug, PartialEq, Eq, clap::Args)]
pub struct Schema {
    /// The command (`detect`, `caps`, `caps-all` for `caps --all`, ...).
    pub command: Option<String>,
}

impl Cmd for Schema {
    const DESCRIPTION: Description = Description { name: "schema", takes: &[], answers: &[] };

    fn exec<H: Host>(&self, _: Input<'_, H>) -> Output {
        run(self.command.as_deref())
    }
}

/// `hal schema [COMMAND]`: a schema, or the list; exit 2 for a command without one.
fn run(command: Option<&str>) -> Output {
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
