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

use hal_types::wire::Answer;
use hal_types::{Detection, StartupPlan};

/// One command's answer: its name, what it is, and its schema.
#[derive(Debug, Clone, Copy)]
pub struct Output {
    /// The command (`detect`, `caps-all` for `caps --all`).
    pub command: &'static str,
    /// The type the generated clients give it.
    pub type_name: &'static str,
    /// One line on what the answer is.
    pub about: &'static str,
    schema: fn() -> Schema,
}

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

fn generate<T: JsonSchema>() -> Schema {
    SchemaSettings::draft2020_12().into_generator().into_root_schema_for::<T>()
}

/// Every command with a JSON answer, in `hal --help` order.
pub const OUTPUTS: &[Output] = &[
    Output {
        command: "detect",
        type_name: "Detection",
        about: "The runtime this process runs under, the signal that decided, and every candidate.",
        schema: generate::<Answer<Detection>>,
    },
    Output {
        command: "startup",
        type_name: "StartupPlan",
        about: "The startup plan for an agent of a role.",
        schema: generate::<Answer<StartupPlan>>,
    },
];

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
