//! Shared by the end-to-end suites: every JSON answer they read is validated against
//! its command's schema (`hal schema COMMAND`), so a schema that drifts from what the
//! binary prints fails the suites.
#![allow(dead_code, unreachable_pub)]

use std::process::{Command, Output};

use serde_json::Value;

/// `output()`, retried while the kernel says "text file busy": a just-copied executable
/// can still be open for writing in a child forked by a parallel test.
pub trait OutputRetrying {
    /// The output of the command once it could be executed.
    fn output_retrying(&mut self) -> Output;
}

impl OutputRetrying for Command {
    fn output_retrying(&mut self) -> Output {
        for _ in 0..100 {
            match self.output() {
                Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                other => return other.unwrap(),
            }
        }
        panic!("{self:?}: text file busy for a second");
    }
}

/// Panics unless `answer` (the JSON printed for `args`) validates against the schema of
/// the command `args` runs. Commands without a JSON answer are not checked.
pub fn validate(args: &[&str], answer: &Value) {
    let Some(command) = hal_cli::json_schema::command_of(args) else { return };
    let schema = hal_cli::json_schema::output(command).map(hal_cli::json_schema::Output::schema).unwrap();
    let validator = jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("{command}: bad schema: {e}"));
    let errors: Vec<String> = validator.iter_errors(answer).map(|e| format!("{}: {e}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{args:?} does not match `hal schema {command}`:\n  {}", errors.join("\n  "));
}
