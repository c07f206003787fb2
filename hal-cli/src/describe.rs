//! The shape of a command's description (each command's file under `commands/` fills
//! it in): [`Description`] (name, global options, JSON answers), [`Answer`] (a JSON
//! answer and its schema), `Cmd` (its arguments resolved and answered) and what a
//! command is given ([`Invocation`]).

use hal_detect::Host;
#[cfg(feature = "schema")]
use schemars::{JsonSchema, Schema, generate::SchemaSettings};
#[cfg(feature = "schema")]
use serde_json::Value;

use crate::args::{Global, GlobalOpt, ProviderArg};
use crate::context::{Context, Needs};
use crate::output::Output;

/// One JSON answer of a command: its name (`caps-all` for `caps --all`), the type the
/// generated clients give it, what it is, and its schema.
#[derive(Debug, Clone, Copy)]
pub struct Answer {
    /// The answer's name (`detect`, `caps-all` for `caps --all`).
    pub command: &'static str,
    /// The command-line flag that selects this answer (`--all`); `None`: the command's
    /// plain answer.
    pub flag: Option<&'static str>,
    /// The type the generated clients give it.
    pub type_name: &'static str,
    /// One line on what the answer is.
    pub about: &'static str,
    /// The answer's schema, as schemars derives it.
    #[cfg(feature = "schema")]
    pub(crate) schema: fn() -> schemars::Schema,
}

/// An [`Answer`] whose body is the type `$body` (serialised inside
/// `hal_types::wire::Answer`): `answer!(name, flag, type name, about, body)`.
macro_rules! answer {
    ($command:expr, $flag:expr, $type_name:expr, $about:expr, $body:ty) => {
        $crate::describe::Answer {
            command: $command,
            flag: $flag,
            type_name: $type_name,
            about: $about,
            #[cfg(feature = "schema")]
            schema: $crate::describe::generate::<hal_types::wire::Answer<$body>>,
        }
    };
}
pub(crate) use answer;

/// What a command is, for every surface that lists commands.
#[derive(Debug, Clone, Copy)]
pub struct Description {
    /// The command's name on the command line.
    pub name: &'static str,
    /// The global options it takes (`-v`, `-q`, `-h` apply to every command).
    pub takes: &'static [GlobalOpt],
    /// Its JSON answers (empty: it has none and takes no `--json`; a test holds the two
    /// together).
    pub answers: &'static [Answer],
}

/// What the commands that list every command read (`completions`, `man`, `schema`),
/// given from above the list so that no command's file imports it.
#[derive(Debug)]
pub(crate) struct Catalog {
    /// The command line as documented (`usage::documented`).
    pub(crate) documented: fn() -> clap::Command,
    /// Every JSON answer (`commands::ANSWERS`).
    #[cfg_attr(
        not(feature = "schema"),
        allow(dead_code, reason = "read by `hal schema`, which this build leaves out")
    )]
    pub(crate) answers: &'static [Answer],
}

/// One invocation before it is resolved: the global options, the host, and the
/// catalog; a command resolves what it needs from it.
#[derive(Debug)]
pub struct Invocation<'a, H: Host> {
    /// The global options.
    pub(crate) global: &'a Global,
    /// The host.
    pub(crate) host: H,
    /// What the commands that list every command read.
    pub(crate) catalog: &'a Catalog,
}

impl<H: Host> Invocation<'_, H> {
    /// The invocation resolved as `needs` says ([`Context::resolve`]).
    pub(crate) fn resolve(self, needs: Needs<'_>) -> Context<H> {
        Context::resolve(self.global, self.host, needs)
    }
}

/// A command: its description, what it needs resolved and its answer.
pub(crate) trait Cmd {
    /// Its description.
    const DESCRIPTION: Description;

    /// `--provider` (and `--runtime-version`), where the command takes them.
    fn provider(&self) -> Option<&ProviderArg> {
        None
    }

    /// Whether the command's own options withdraw the global option `opt` (by default:
    /// `--provider` skips detection, so `--policy` and `--workspace` do not apply).
    fn withdraws(&self, opt: GlobalOpt) -> bool {
        opt.detection() && self.provider().is_some_and(|p| p.provider.is_some())
    }

    /// The command's answer: it resolves what it needs from `input` (most through
    /// [`Invocation::resolve`] with its `Needs`) and renders it, as JSON or text.
    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output;
}

#[cfg(feature = "schema")]
impl Answer {
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
#[cfg(feature = "schema")]
pub(crate) fn generate<T: JsonSchema>() -> Schema {
    SchemaSettings::draft2020_12().into_generator().into_root_schema_for::<T>()
}

/// Marks every property of every object schema in `v` required: hal writes every key.
#[cfg(feature = "schema")]
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
