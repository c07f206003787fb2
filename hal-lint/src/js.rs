//! TypeScript, TSX and JavaScript skills, parsed with tree-sitter: `process.env.X`,
//! `process.env["X"]`, destructuring, aliases and constants; `fs` probes of indicator
//! files; `process.ppid`, `ps` through `child_process`, and process-listing packages.

use std::collections::{BTreeMap, BTreeSet};

use tree_sitter::Node;

use crate::rust::PROCESS_PROGRAMS;
use crate::ts::{Parsed, last_name, program, unquote};
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
    let mut l = Linter { p: &p, aliases: BTreeSet::new(), consts: BTreeMap::new(), lint: p.file_lint(&nodes, what) };
    for &n in &nodes {
        l.collect(n);
    }
    for &n in &nodes {
        l.check(n);
    }
    l.lint
}

struct Linter<'p, 'a> {
    p: &'p Parsed<'a>,
    /// Names bound to the environment object.
    aliases: BTreeSet<&'a str>,
    /// Names bound to string literals.
    consts: BTreeMap<&'a str, &'a str>,
    lint: FileLint,
}

impl<'a> Linter<'_, 'a> {
    fn text(&self, n: Node<'_>) -> &'a str {
        self.p.text(n)
    }

    fn is_env(&self, n: Node<'_>) -> bool {
        let t: String = self.text(n).split_whitespace().collect();
        ENV_OBJECTS.contains(&t.as_str()) || (n.kind() == "identifier" && self.aliases.contains(t.as_str()))
    }

    /// The string a node stands for: a literal, a template without substitutions, or a
    /// constant holding one.
    fn value(&self, n: Node<'_>) -> Option<&'a str> {
        match n.kind() {
            "string" => Some(unquote(self.text(n))),
            "template_string" if n.named_children(&mut n.walk()).all(|c| c.kind() != "template_substitution") => {
                Some(unquote(self.text(n)))
            }
            "identifier" => self.consts.get(self.text(n)).copied(),
            _ => None,
        }
    }

    fn var(&mut self, at: Node<'_>, name: &str) {
        self.lint.hits.extend(self.p.var_hit(at, name));
    }

    fn process(&mut self, at: Node<'_>, what: &str) {
        self.lint.hits.push(self.p.process_hit(at, what));
    }

    /// First pass: aliases of the environment object and string constants.
    fn collect(&mut self, n: Node<'_>) {
        match n.kind() {
            "variable_declarator" => {
                let (Some(name), Some(value)) = (n.child_by_field_name("name"), n.child_by_field_name("value")) else {
                    return;
                };
                if name.kind() == "identifier" {
                    if let Some(v) = self.value(value).filter(|_| value.kind() != "identifier") {
                        self.consts.insert(self.text(name), v);
                    } else if self.is_env(value) {
                        self.aliases.insert(self.text(name));
                    }
                } else if name.kind() == "object_pattern" && self.text(value) == "process" {
                    for c in name.named_children(&mut name.walk()) {
                        if c.kind() == "shorthand_property_identifier_pattern" && self.text(c) == "env" {
                            self.aliases.insert("env");
                        }
                    }
                }
            }
            "import_statement" => {
                let source = n.child_by_field_name("source").map(|s| unquote(self.text(s)));
                if matches!(source, Some("process" | "node:process")) {
                    for spec in crate::ts::descendants(n).into_iter().filter(|s| s.kind() == "import_specifier") {
                        let is_env = spec.child_by_field_name("name").is_some_and(|x| self.text(x) == "env");
                        if is_env {
                            let local = spec.child_by_field_name("alias").or_else(|| spec.child_by_field_name("name"));
                            if let Some(local) = local {
                                self.aliases.insert(self.text(local));
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
                    self.var(property, self.text(property));
                } else if self.text(object) == "process" && self.text(property) == "ppid" {
                    self.process(n, "process.ppid");
                }
            }
            "subscript_expression" => {
                let (Some(object), Some(index)) = (field("object"), field("index")) else { return };
                if self.is_env(object)
                    && let Some(name) = self.value(index)
                {
                    self.var(index, name);
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
                            self.var(key, unquote(self.text(key)));
                        }
                    }
                }
            }
            "binary_expression" => {
                let (Some(left), Some(op), Some(right)) = (field("left"), field("operator"), field("right")) else {
                    return;
                };
                if self.text(op) == "in"
                    && self.is_env(right)
                    && let Some(name) = self.value(left)
                {
                    self.var(left, name);
                }
            }
            "call_expression" => self.call(n),
            "import_statement" => {
                if let Some(source) = field("source")
                    && PROCESS_PACKAGES.contains(&unquote(self.text(source)))
                {
                    self.process(source, unquote(self.text(source)));
                }
            }
            _ => {}
        }
    }

    fn call(&mut self, n: Node<'_>) {
        let (Some(callee), Some(args)) = (n.child_by_field_name("function"), n.child_by_field_name("arguments")) else {
            return;
        };
        let callee: String = self.text(callee).split_whitespace().collect();
        let args: Vec<Node<'_>> = args.named_children(&mut args.walk()).collect();
        let first = args.first().copied().and_then(|a| self.value(a).map(|v| (a, v)));
        let name = last_name(&callee);
        if callee == "Deno.env.get" {
            if let Some((a, v)) = first {
                self.var(a, v);
            }
        } else if callee == "require" {
            if let Some((a, v)) = first.filter(|(_, v)| PROCESS_PACKAGES.contains(v)) {
                self.process(a, &format!("require(\"{v}\")"));
            }
        } else if EXEC_FNS.contains(&name) {
            if let Some((a, v)) = first.filter(|(_, v)| PROCESS_PROGRAMS.contains(&program(v))) {
                self.process(a, program(v));
            }
        } else if FS_FNS.contains(&name) {
            let strings: Vec<(Node<'_>, &str)> = args.iter().filter_map(|&a| self.value(a).map(|v| (a, v))).collect();
            self.lint.hits.extend(self.p.probe_hit(&strings));
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
