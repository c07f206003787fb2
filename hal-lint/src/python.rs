//! Python skills, parsed with tree-sitter-python: `os.environ[...]`, `os.environ.get`,
//! `os.getenv`, `in os.environ`, through import aliases and constants; `os.path` and
//! `pathlib` probes of indicator files; `psutil`, `os.getppid()` and `ps` through
//! `subprocess`. Docstrings and comments are never code.

use std::collections::{BTreeMap, BTreeSet};

use tree_sitter::Node;

use crate::rust::PROCESS_PROGRAMS;
use crate::ts::{Parsed, Scope, last_name, program, two_passes};
use crate::walk::FileLint;

const ENV_OBJECTS: &[&str] = &["os.environ", "os.environb"];
const ENV_GETTERS: &[&str] = &["os.getenv", "os.getenvb"];
const ENV_METHODS: &[&str] = &["get", "pop", "setdefault", "__getitem__"];
const RUNNERS: &[&str] = &[
    "subprocess.run",
    "subprocess.call",
    "subprocess.check_call",
    "subprocess.check_output",
    "subprocess.Popen",
    "os.system",
    "os.popen",
];
/// Functions and methods whose path arguments are probed or built into probed paths.
const FS_FNS: &[&str] = &[
    "exists",
    "isfile",
    "isdir",
    "is_file",
    "is_dir",
    "open",
    "Path",
    "PurePath",
    "stat",
    "lstat",
    "read_text",
    "read_bytes",
    "join",
    "joinpath",
    "access",
    "listdir",
    "scandir",
    "expanduser",
];
/// Python packages that list processes.
pub(crate) const PROCESS_PACKAGES: &[&str] = &["psutil"];

pub(crate) fn lint(src: &str) -> FileLint {
    let Some(p) = Parsed::new(src, &tree_sitter_python::LANGUAGE.into()) else {
        return FileLint::unparseable("tree-sitter gave no tree".to_owned());
    };
    let nodes = p.nodes();
    let mut l = Linter {
        s: Scope::new(&p, &nodes, "interpolation", "Python"),
        names: BTreeMap::new(),
        env_aliases: BTreeSet::new(),
    };
    two_passes(&mut l, &nodes, Linter::collect, Linter::check);
    l.s.lint
}

struct Linter<'p, 'a> {
    s: Scope<'p, 'a>,
    /// Local name → what it was imported as (`o` → `os`, `environ` → `os.environ`).
    names: BTreeMap<&'a str, String>,
    env_aliases: BTreeSet<&'a str>,
}

impl<'a> Linter<'_, 'a> {
    /// The dotted expression `n` with its first name expanded through the imports.
    fn canon(&self, n: Node<'_>) -> String {
        let t: String = self.s.text(n).split_whitespace().collect();
        let (first, rest) = t.split_once('.').map_or((t.as_str(), None), |(f, r)| (f, Some(r)));
        match (self.names.get(first), rest) {
            (Some(full), Some(rest)) => format!("{full}.{rest}"),
            (Some(full), None) => full.clone(),
            (None, _) => t,
        }
    }

    fn is_env(&self, n: Node<'_>) -> bool {
        ENV_OBJECTS.contains(&self.canon(n).as_str())
            || (n.kind() == "identifier" && self.env_aliases.contains(self.s.text(n)))
    }

    /// The imported module of an import statement's `name` node, and the local name.
    fn imported(&self, n: Node<'_>) -> Option<(&'a str, &'a str)> {
        match n.kind() {
            "dotted_name" => Some((self.s.text(n), self.s.text(n))),
            "aliased_import" => {
                Some((self.s.text(n.child_by_field_name("name")?), self.s.text(n.child_by_field_name("alias")?)))
            }
            _ => None,
        }
    }

    fn collect(&mut self, n: Node<'_>) {
        match n.kind() {
            "import_statement" => {
                for c in n.children_by_field_name("name", &mut n.walk()) {
                    if let Some((module, local)) = self.imported(c) {
                        self.names.insert(local, module.to_owned());
                    }
                }
            }
            "import_from_statement" => {
                let Some(module) = n.child_by_field_name("module_name").map(|m| self.s.text(m)) else { return };
                for c in n.children_by_field_name("name", &mut n.walk()) {
                    if let Some((name, local)) = self.imported(c) {
                        self.names.insert(local, format!("{module}.{name}"));
                    }
                }
            }
            "assignment" => {
                let (Some(left), Some(right)) = (n.child_by_field_name("left"), n.child_by_field_name("right")) else {
                    return;
                };
                if left.kind() != "identifier" {
                    return;
                }
                if right.kind() == "string"
                    && let Some(v) = self.s.value(right)
                {
                    self.s.consts.insert(self.s.text(left), v);
                } else if self.is_env(right) {
                    self.env_aliases.insert(self.s.text(left));
                }
            }
            _ => {}
        }
    }

    fn check(&mut self, n: Node<'_>) {
        match n.kind() {
            "subscript" => {
                let (Some(value), Some(index)) = (n.child_by_field_name("value"), n.child_by_field_name("subscript"))
                else {
                    return;
                };
                if self.is_env(value)
                    && let Some(name) = self.s.value(index)
                {
                    self.s.var(index, name);
                }
            }
            "comparison_operator" => {
                let kids: Vec<Node<'_>> = n.children(&mut n.walk()).collect();
                if let [left, op, right] = kids[..]
                    && matches!(self.s.text(op), "in" | "not in")
                    && self.is_env(right)
                    && let Some(name) = self.s.value(left)
                {
                    self.s.var(left, name);
                }
            }
            "binary_operator" => {
                let (Some(left), Some(op), Some(right)) =
                    (n.child_by_field_name("left"), n.child_by_field_name("operator"), n.child_by_field_name("right"))
                else {
                    return;
                };
                if self.s.text(op) == "/" && left.kind() != "string" {
                    self.s.lint.hits.extend(self.s.value(right).and_then(|v| self.s.p.probe_hit(&[(right, v)])));
                }
            }
            "import_statement" | "import_from_statement" => {
                let modules: Vec<Node<'_>> = if n.kind() == "import_statement" {
                    n.children_by_field_name("name", &mut n.walk()).collect()
                } else {
                    n.child_by_field_name("module_name").into_iter().collect()
                };
                for m in modules {
                    let name = self.imported(m).map_or("", |(module, _)| module);
                    if PROCESS_PACKAGES.contains(&name.split('.').next().unwrap_or("")) {
                        self.s.process(m, name);
                    }
                }
            }
            "call" => self.call(n),
            _ => {}
        }
    }

    fn call(&mut self, n: Node<'_>) {
        let (Some(func), Some(args)) = (n.child_by_field_name("function"), n.child_by_field_name("arguments")) else {
            return;
        };
        let callee = self.canon(func);
        let args: Vec<Node<'_>> =
            args.named_children(&mut args.walk()).filter(|a| a.kind() != "keyword_argument").collect();
        let first = args.first().copied();
        let env_method = func.kind() == "attribute"
            && func.child_by_field_name("object").is_some_and(|o| self.is_env(o))
            && func.child_by_field_name("attribute").is_some_and(|a| ENV_METHODS.contains(&self.s.text(a)));
        if ENV_GETTERS.contains(&callee.as_str()) || env_method {
            if let Some(a) = first
                && let Some(name) = self.s.value(a)
            {
                self.s.var(a, name);
            }
        } else if callee == "os.getppid" {
            self.s.process(n, "os.getppid()");
        } else if RUNNERS.contains(&callee.as_str()) {
            let prog = first.and_then(|a| match a.kind() {
                "list" => a.named_child(0).and_then(|c| self.s.value(c)).map(|v| (c_or(a), v)),
                _ => self.s.value(a).map(|v| (a, v)),
            });
            if let Some((a, v)) = prog.filter(|(_, v)| PROCESS_PROGRAMS.contains(&program(v))) {
                self.s.process(a, program(v));
            }
        } else if FS_FNS.contains(&last_name(&callee)) {
            self.s.probe(&args);
        }
    }
}

/// A list argument is reported at its first element.
fn c_or(list: Node<'_>) -> Node<'_> {
    list.named_child(0).unwrap_or(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(src: &str) -> Vec<(&'static str, usize, usize)> {
        lint(src).positions()
    }

    #[test]
    fn env_reads_probes_and_process_reads() {
        let src = "\"\"\"Reads os.environ['CLAUDECODE'] -- in a docstring.\"\"\"\nimport os as o\nfrom os import getenv\nfrom pathlib import Path\nimport psutil\nK = \"GEMINI_CLI\"\na = o.environ[\"CLAUDECODE\"]\nb = getenv(K)\nc = o.environ.get(\"CODEX_THREAD_ID\", \"\")\nd = \"GT_RUNTIME\" in o.environ\ne = (Path.home() / \".claude/settings.json\").exists()\nf = o.getppid()\ng = o.getenv(\"HOME\")\n";
        assert_eq!(
            rules(src),
            [
                ("process-table", 5, 8),
                ("indicator-var", 7, 15),
                ("indicator-var", 8, 12),
                ("indicator-var", 9, 19),
                ("indicator-var", 10, 5),
                ("indicator-file", 11, 20),
                ("process-table", 12, 5)
            ]
        );
    }
}
