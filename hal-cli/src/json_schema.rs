//! The JSON Schema (draft 2020-12) of every command's `--json` answer, derived from the
//! hal-types structs the command serialises: `hal schema [COMMAND]`, `schema/*.json`
//! (written by `cargo xtask codegen`, checked by `cargo xtask check`) and the client
//! types generated from them.
//!
//! Every key hal writes is present in every answer (`null` when it has no value), so
//! the schemas list every property as required.

/// One command's answer: its name, what it is, and its schema (each command's file
/// declares its own, `Description::answers`).
pub type Output = crate::describe::Answer;

/// Every command's JSON answers, in `hal --help` order (from each command's
/// description).
pub const OUTPUTS: &[Output] = crate::commands::ANSWERS;

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
