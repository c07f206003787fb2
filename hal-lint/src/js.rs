//! TypeScript, TSX and JavaScript skills, parsed with tree-sitter: `process.env.X`,
//! `process.env["X"]`, destructuring, aliases and constants; `fs` probes of indicator
//! files; `process.ppid`, `ps` through `child_process`, and process-listing packages.

use std::collections::BTreeSet;

use tree_sitter::Node;

use crate::rust::PROCESS_PROGRAMS;
use crate::ts::{Parsed, Scope, last_name, program, two_passes, unquote};
use crate::walk::{FileLint, Kind};

/// Expressions that are the environment object.
const ENV_OBJECTS: &[&str] = &["process.env", "Bun.env", "import.meta.env", "globalThis.process.env"];
/// Functions whose path arguments are probed or built into probed paths.
const FS_FNS: &[&str] = &[
    "existsSync",
    "exists",
    "statSync",
    "stat",
    "lstatSync",
    "lstat",
    "accessSync",
    "access",
    "readFileSync",
    "readFile",
    "open",
    "openSync",
    "readdirSync",
    "readdir",
    "realpathSync",
    "realpath",
    "createReadStream",
    "join",
    "resolve",
    "file",
];
/// Functions that run a program.
const EXEC_FNS: &[&str] = &["exec", "execSync", "execFile", "execFileSync", "spawn", "spawnSync", "execa", "execaSync"];
/// npm packages that list processes.
pub(crate) const PROCESS_PACKAGES: &[&str] = &["ps-list", "ps-tree", "find-process", "pidtree", "pidusage", "ps-node"];

pub(crate) fn lint(src: &str, kind: Kind) -> FileLint {
    let language = match kind {
        Kind::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        Kind::Tsx => tree_sitter_typescript::LANGUAGE_TSX.into(),
        _ => tree_sitter_javascript::LANGUAGE.into(),
    };
    let Some(p) = Parsed::new(src, &language) else {
        return FileLint::unparseable("tree-sitter gave no tree".to_owned());
    };
    let nodes = p.nodes();
    let what = if matches!(kind, Kind::JavaScript) { "JavaScript" } else { "TypeScript" };
    let mut l = Linter { s: Scope::new(&p, &nodes, "template_substitution", what), aliases: BTreeSet::new() };
    two_passes(&mut l, &nodes, Linter::collect, Linter::check);
    l.s.lint
}

struct Linter<'p, 'a> {
    s: Scope<'p, 'a>,
    /// Names bound to the environment object.
    aliases: BTreeSet<&'a str>,
}

impl Linter<'_, '_> {
    fn is_env(&self, n: Node<'_>) -> bool {
        let t: String = self.s.text(n).split_whitespace().collect();
        ENV_OBJECTS.contains(&t.as_str()) || (n.kind() == "identifier" && self.aliases.contains(t.as_str()))
    }

    /// First pass: aliases of the environment object and string constants.
    fn collect(&mut self, n: Node<'_>) {
        match n.kind() {
            "variable_declarator" => {
                let (Some(name), Some(value)) = (n.child_by_field_name("name"), n.child_by_field_name("value")) else {
                    return;
                };
                if name.kind() == "identifier" {
                    if let Some(v) = self.s.value(value).filter(|_| value.kind() != "identifier") {
                        self.s.consts.insert(self.s.text(name), v);
                    } else if self.is_env(value) {
                        self.aliases.insert(self.s.text(name));
                    }
                } else if name.kind() == "object_pattern" && self.s.text(value) == "process" {
                    for c in name.named_children(&mut name.walk()) {
                        if c.kind() == "shorthand_property_identifier_pattern" && self.s.text(c) == "env" {
                            self.aliases.insert("env");
                        }
                    }
                }
            }
            "import_statement" => {
                let source = n.child_by_field_name("source").map(|s| unquote(self.s.text(s)));
                if matches!(source, Some("process" | "node:process")) {
                    for spec in crate::ts::descendants(n).into_iter().filter(|s| s.kind() == "import_specifier") {
                        let is_env = spec.child_by_field_name("name").is_some_and(|x| self.s.text(x) == "env");
                        if is_env {
                            let local = spec.child_by_field_name("alias").or_else(|| spec.child_by_field_name("name"));
                            if let Some(local) = local {
                                self.aliases.insert(self.s.text(local));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Second pass: the findings.
    fn check(&mut self, n: Node<'_>) {
        let field = |f: &str| n.child_by_field_name(f);
        match n.kind() {
            "member_expression" => {
                let (Some(object), Some(property)) = (field("object"), field("property")) else { return };
                if self.is_env(object) {
                    self.s.var(property, self.s.text(property));
                } else if self.s.text(object) == "process" && self.s.text(property) == "ppid" {
                    self.s.process(n, "process.ppid");
                }
            }
            "subscript_expression" => {
                let (Some(object), Some(index)) = (field("object"), field("index")) else { return };
                if self.is_env(object)
                    && let Some(name) = self.s.value(index)
                {
                    self.s.var(index, name);
                }
            }
            "variable_declarator" => {
                let (Some(name), Some(value)) = (field("name"), field("value")) else { return };
                if name.kind() == "object_pattern" && self.is_env(value) {
                    for c in name.named_children(&mut name.walk()) {
                        let key = match c.kind() {
                            "shorthand_property_identifier_pattern" => Some(c),
                            "pair_pattern" => c.child_by_field_name("key"),
                            _ => None,
                        };
                        if let Some(key) = key {
                            self.s.var(key, unquote(self.s.text(key)));
                        }
                    }
                }
            }
            "binary_expression" => {
                let (Some(left), Some(op), Some(right)) = (field("left"), field("operator"), field("right")) else {
                    return;
                };
                if self.s.text(op) == "in"
                    && self.is_env(right)
                    && let Some(name) = self.s.value(left)
                {
                    self.s.var(left, name);
                }
            }
            "call_expression" => self.call(n),
            "import_statement" => {
                if let Some(source) = field("source")
                    && PROCESS_PACKAGES.contains(&unquote(self.s.text(source)))
                {
                    self.s.process(source, unquote(self.s.text(source)));
                }
            }
            _ => {}
        }
    }

    fn call(&mut self, n: Node<'_>) {
        let (Some(callee), Some(args)) = (n.child_by_field_name("function"), n.child_by_field_name("arguments")) else {
            return;
        };
        let callee: String = self.s.text(callee).split_whitespace().collect();
        let args: Vec<Node<'_>> = args.named_children(&mut args.walk()).collect();
        let first = args.first().copied().and_then(|a| self.s.value(a).map(|v| (a, v)));
        let name = last_name(&callee);
        if callee == "Deno.env.get" {
            if let Some((a, v)) = first {
                self.s.var(a, v);
            }
        } else if callee == "require" {
            if let Some((a, v)) = first.filter(|(_, v)| PROCESS_PACKAGES.contains(v)) {
                self.s.process(a, &format!("require(\"{v}\")"));
            }
        } else if EXEC_FNS.contains(&name) {
            if let Some((a, v)) = first.filter(|(_, v)| PROCESS_PROGRAMS.contains(&program(v))) {
                self.s.process(a, program(v));
            }
        } else if FS_FNS.contains(&name) {
            self.s.probe(&args);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(src: &str, kind: Kind) -> Vec<(&'static str, usize, usize)> {
        lint(src, kind).positions()
    }

    #[test]
    fn env_reads_in_every_spelling() {
        let src = "// process.env.CLAUDECODE in a comment\nconst K = \"CODEX_THREAD_ID\";\nconst e = process.env;\nconst a = process.env.CLAUDECODE;\nconst b = process.env[\"CODEX_THREAD_ID\"];\nconst c = e[K];\nconst { GEMINI_CLI, HOME } = process.env;\nconst d = \"GT_RUNTIME\" in process.env;\nconst h = process.env.HOME;\n";
        assert_eq!(
            rules(src, Kind::TypeScript),
            [
                ("indicator-var", 4, 23),
                ("indicator-var", 5, 23),
                ("indicator-var", 6, 13),
                ("indicator-var", 7, 9),
                ("indicator-var", 8, 11)
            ]
        );
    }

    #[test]
    fn probes_and_process_reads() {
        let src = "import { existsSync } from \"node:fs\";\nimport psList from \"ps-list\";\nexistsSync(\".claude/settings.json\");\nconst p = process.ppid;\nrequire(\"child_process\").execSync(\"ps -o comm= -p 1\");\nconsole.log(\"see .claude/settings.json\");\n";
        assert_eq!(
            rules(src, Kind::JavaScript),
            [("process-table", 2, 20), ("indicator-file", 3, 12), ("process-table", 4, 11), ("process-table", 5, 35)]
        );
    }
}
