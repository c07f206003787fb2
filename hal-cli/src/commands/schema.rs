//! `hal schema [COMMAND]`: the JSON Schema (draft 2020-12) of a command's `--json`
//! answer (`schema::OUTPUTS`, given in the catalog); without a command, the commands that have one.

use std::fmt::Write as _;

use hal_caps::text::escape_control;

use hal_detect::Host;

use crate::describe::{Cmd, Description, Invocation};
use crate::output::Output;
use crate::describe::Answer;

/// The JSON Schema (draft 2020-12) of a command's --json answer; without a command,
/// the commands that have one.
#[derive(Debug, PartialEq, Eq, clap::Args)]
pub struct Schema {
    /// The command (`detect`, `caps`, `caps-all` for `caps --all`, ...).
    pub command: Option<String>,
}

impl Cmd for Schema {
    const DESCRIPTION: Description = Description { name: "schema", takes: &[], answers: &[] };

    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        run(input.catalog.answers, self.command.as_deref())
    }
}

/// `hal schema [COMMAND]`: a schema, or the list; exit 2 for a command without one.
fn run(answers: &[Answer], command: Option<&str>) -> Output {
    match command.map(|c| (c, answers.iter().find(|o| o.command == c))) {
        None => {
            let width = answers.iter().map(|o| o.command.len()).max().unwrap_or(0);
            let mut s = String::new();
            for o in answers {
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
            let names: Vec<&str> = answers.iter().map(|o| o.command).collect();
            let m =
                format!("no command `{}` with a JSON answer; expected one of: {}", escape_control(c), names.join(", "));
            Output::new(String::new(), &[]).usage_error("", &m)
        }
    }
}
