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

use hal_types::Detection;
use hal_types::wire::{Answer, Lint};

use crate::answers;

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
        command: "caps",
        type_name: "Capabilities",
        about: "The capability row in force, both notions of hooks, the session variables read, every override.",
        schema: generate::<Answer<answers::Caps>>,
    },
    Output {
        command: "caps-all",
        type_name: "CapabilityMatrix",
        about: "Every runtime's built-in capability row.",
        schema: generate::<Answer<answers::CapsAll>>,
    },
    Output {
        command: "startup",
        type_name: "StartupAnswer",
        about: "The startup plan for an agent of a role.",
        schema: generate::<Answer<answers::Startup>>,
    },
    Output {
        command: "startup-all-roles",
        type_name: "StartupPlans",
        about: "The startup plans of all eight roles at once.",
        schema: generate::<Answer<answers::StartupAllRoles>>,
    },
    Output {
        command: "launch",
        type_name: "LaunchPlan",
        about: "How to start a runtime: the argv, the environment to set and to clear, where the prompt goes.",
        schema: generate::<Answer<hal_types::LaunchPlan>>,
    },
    Output {
        command: "gupp",
        type_name: "Gupp",
        about: "The GUPP strategy, the stall threshold and the nudge interval.",
        schema: generate::<Answer<answers::Gupp>>,
    },
    Output {
        command: "providers",
        type_name: "Providers",
        about: "Every runtime hal knows: signals, both notions of hooks, sources, verification.",
        schema: generate::<Answer<answers::Providers>>,
    },
    Output {
        command: "inventory",
        type_name: "Inventory",
        about: "The runtimes installed on this host: executable, version read from the install, standing against the verified versions.",
        schema: generate::<Answer<answers::Inventory>>,
    },
    Output {
        command: "events",
        type_name: "Events",
        about: "The canonical lifecycle events and the native hook each maps to.",
        schema: generate::<Answer<answers::Events>>,
    },
    Output {
        command: "session-id",
        type_name: "SessionId",
        about: "The session id, the variable it came from, and the variables read in order.",
        schema: generate::<Answer<answers::SessionId>>,
    },
    Output {
        command: "explain",
        type_name: "Explain",
        about: "The detection cascade step by step, the decision, the candidates and the overrides.",
        schema: generate::<Answer<answers::Explain>>,
    },
    Output {
        command: "env",
        type_name: "Env",
        about: "The HAL_* variables `hal env` exports, null for those it unsets.",
        schema: generate::<Answer<answers::Env>>,
    },
    Output {
        command: "hook",
        type_name: "HookAnswer",
        about: "The canonical lifecycle event of a hook payload on stdin (names and ids only).",
        schema: generate::<Answer<answers::Hook>>,
    },
    Output {
        command: "lint",
        type_name: "Lint",
        about: "The boundary lint's findings.",
        schema: generate::<Answer<Lint>>,
    },
];

/// The name of a JSON answer for a command line's words (`caps --all` → `caps-all`,
/// `startup --all-roles` → `startup-all-roles`):
/// the command, or `None` when it has no JSON answer.
#[must_use]
pub fn command_of(args: &[&str]) -> Option<&'static str> {
    use clap::CommandFactory as _;
    let cli = crate::Cli::command();
    let command = args.iter().find(|a| cli.find_subcommand(a).is_some())?;
    let name = match *command {
        "caps" if args.contains(&"--all") => "caps-all",
        "startup" if args.contains(&"--all-roles") => "startup-all-roles",
        other => other,
    };
    output(name).map(|o| o.command)
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
