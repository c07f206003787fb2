//! The JSON Schema (draft 2020-12) of every command's `--json` answer, derived from the
//! hal-types structs the command serialises: `hal schema [COMMAND]`, `schema/*.json`
//! (written by `cargo xtask codegen`, checked by `cargo xtask check`) and the client
//! types generated from them.
//!
//! Every key hal writes is present in every answer (`null` when it has no value), so
//! the schemas list every property as required.

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema};
use serde_json::Value;

use crate::commands::ALL;

/// One command's answer: its name, what it is, and its schema (each command's file
/// declares its own, `commands::Description::answers`).
pub type Output = crate::commands::Answer;

impl Output {
    /// The answer's schema, every property required.
    #[must_use]
    pub fn schema(&self) -> Value {
        let mut v = (self.schema)().to_value();
        require_every_property(&mut v);
        if let Value::Object(map) = &mut v {
            map.insert("title".to_owned(), Value::from(format!("hal {} --json", self.command.replace('-', " --"))));
            map.insert("description".to_owned(), Value::from(self.about));
        }
        v
    }
}

/// The schema schemars derives for `T`.
pub(crate) fn generate<T: JsonSchema>() -> Schema {
    SchemaSettings::draft2020_12().into_generator().into_root_schema_for::<T>()
}

/// How many JSON answers the commands have.
const N: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < ALL.len() {
        n += ALL[i].answers.len();
        i += 1;
    }
    n
};

/// Every command's JSON answers, in `hal --help` order (from each command's
/// description, `commands::ALL`).
pub const OUTPUTS: &[Output] = &{
    let mut out = [ALL[0].answers[0]; N];
    let (mut i, mut k) = (0, 0);
    while i < ALL.len() {
        let mut j = 0;
        while j < ALL[i].answers.len() {
            out[k] = ALL[i].answers[j];
            (j, k) = (j + 1, k + 1);
        }
        i += 1;
    }
    out
};

/// The name of a JSON answer for a command line's words (`caps --all` → `caps-all`,
/// `startup --all-roles` → `startup-all-roles`):
/// the command, or `None` when it has no JSON answer.
#[must_use]
pub fn command_of(args: &[&str]) -> Option<&'static str> {
    let d = args.iter().find_map(|a| crate::commands::description(a))?;
    let flagged = d.answers.iter().find(|o| o.flag.is_some_and(|f| args.contains(&f)));
    flagged.or_else(|| d.answers.iter().find(|o| o.flag.is_none())).map(|o| o.command)
}

/// The answer of `command`, if it has one.
#[must_use]
pub fn output(command: &str) -> Option<&'static Output> {
    OUTPUTS.iter().find(|o| o.command == command)
}

/// Marks every property of every object schema in `v` required: hal writes every key.
fn require_every_property(v: &mut Value) {
    match v {
        Value::Object(map) => {
            if let Some(Value::Object(props)) = map.get("properties") {
                let names: Vec<Value> = props.keys().cloned().map(Value::from).collect();
                map.insert("required".to_owned(), Value::Array(names));
            }
            map.values_mut().for_each(require_every_property);
        }
        Value::Array(items) => items.iter_mut().for_each(require_every_property),
        _ => {}
    }
}
