//! Shell skills (`sh`/`bash`), parsed with tree-sitter-bash: `$VAR` and `${VAR…}`
//! expansions, command arguments, test operands and redirections are code; comments and
//! single-quoted text are not.

use tree_sitter::Node;

use crate::rust::PROCESS_PROGRAMS;
use crate::ts::{Parsed, program, unquote};
use crate::walk::FileLint;

/// Commands whose arguments are messages, not paths.
const MESSAGE_PROGRAMS: &[&str] = &["echo", "printf", "logger", ":", "true", "false"];
/// Node kinds holding a word of text.
const WORDS: &[&str] = &["word", "string", "raw_string", "concatenation"];

pub(crate) fn lint(src: &str) -> FileLint {
    let Some(p) = Parsed::new(src, &tree_sitter_bash::LANGUAGE.into()) else {
        return FileLint::unparseable("tree-sitter gave no tree".to_owned());
    };
    lint_parsed(&p)
}

/// The name of a `command` node, without its directory.
fn command_name<'a>(p: &Parsed<'a>, command: Node<'_>) -> &'a str {
    command.child_by_field_name("name").map_or("", |n| program(p.text(n)))
}

/// Whether a word under `node` reaches a command, a test or a redirection (so a path
/// it names is probed), looking up at most a few levels.
fn reaches_probe(p: &Parsed<'_>, node: Node<'_>) -> bool {
    let mut cur = node;
    for _ in 0..6 {
        let Some(parent) = cur.parent() else { return false };
        match parent.kind() {
            "test_command" | "file_redirect" => return true,
            "command" => {
                return parent.child_by_field_name("name").map(|n| n.id()) != Some(cur.id())
                    && !MESSAGE_PROGRAMS.contains(&command_name(p, parent));
            }
            "variable_assignment" | "heredoc_body" | "comment" => return false,
            _ => cur = parent,
        }
    }
    false
}

pub(crate) fn lint_parsed(p: &Parsed<'_>) -> FileLint {
    let nodes = p.nodes();
    let mut lint = p.file_lint(&nodes, "shell");
    for &n in &nodes {
        match n.kind() {
            "simple_expansion" | "expansion" => {
                let var = n.named_child(0).filter(|c| c.kind() == "variable_name").map(|c| p.text(c));
                lint.hits.extend(var.and_then(|v| p.var_hit(n, v)));
            }
            "command" => {
                let name = command_name(p, n);
                if PROCESS_PROGRAMS.contains(&name) {
                    lint.hits.push(p.process_hit(n.child_by_field_name("name").unwrap_or(n), name));
                } else if name == "printenv" {
                    let mut cursor = n.walk();
                    for arg in n.children_by_field_name("argument", &mut cursor) {
                        lint.hits.extend(p.var_hit(arg, unquote(p.text(arg))));
                    }
                }
            }
            kind if WORDS.contains(&kind) => {
                let outermost = n.parent().is_none_or(|parent| !WORDS.contains(&parent.kind()));
                if outermost && reaches_probe(p, n) {
                    lint.hits.extend(p.probe_hit(&[(n, unquote(p.text(n)))]));
                }
            }
            _ => {}
        }
    }
    lint
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(src: &str) -> Vec<(&'static str, usize, usize)> {
        lint(src).positions()
    }

    #[test]
    fn expansions_probes_and_process_reads() {
        let src = "#!/bin/sh\n# $CLAUDECODE in a comment\nid=${CODEX_THREAD_ID:-}\n[ -f \"$HOME/.claude/settings.json\" ] && echo y\nps -o comm= -p \"$PPID\"\ncat /proc/$PPID/comm\necho '$GEMINI_CLI' \"see .cursor/hooks.json\"\nprintenv GT_RUNTIME\n";
        assert_eq!(
            rules(src),
            [
                ("indicator-var", 3, 4),
                ("indicator-file", 4, 6),
                ("process-table", 5, 1),
                ("process-table", 6, 5),
                ("indicator-var", 8, 10)
            ]
        );
    }

    #[test]
    fn home_and_path_are_not_indicators() {
        assert_eq!(rules("echo \"$HOME\" \"$PATH\"\n"), []);
    }
}
