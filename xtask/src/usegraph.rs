//! The `use` graph of every crate of the workspace: which source file refers to which
//! module of its own crate, through `use crate::…`, `use super::…`, a child module's name or
//! a path written in code (`crate::lint::print(…)`, inside macros too). A tidy test fails
//! on any circle, of any length, naming the files.
//!
//! A `mod` declaration is structure, not an import: a file declaring `mod walk;` refers to
//! `walk.rs` only when it names something in it. A path is resolved to the deepest module
//! it names, through the `use` bindings of the modules on the way (so `crate::Report`,
//! re-exported by `lib.rs` from `output.rs`, is `output.rs`). Paths into other crates are
//! not followed: cargo already forbids circles between crates.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// A module path inside its crate (`[]` is the crate root).
type ModPath = Vec<String>;

/// A module of a crate: the file it is written in, its child modules and its `use`
/// bindings (name → the path as written, relative to this module).
#[derive(Debug, Default)]
struct Module {
    file: usize,
    children: BTreeSet<String>,
    bindings: BTreeMap<String, Vec<String>>,
}

/// A path written in `module`, in file `file`, at `line`.
#[derive(Debug)]
struct Reference {
    module: ModPath,
    file: usize,
    line: usize,
    segments: Vec<String>,
}

/// One crate (a library or binary root) read into modules and references.
#[derive(Debug, Default)]
pub(crate) struct Crate {
    /// Files relative to the workspace root, `/`-separated.
    pub(crate) files: Vec<String>,
    modules: BTreeMap<ModPath, Module>,
    references: Vec<Reference>,
    /// Files that could not be read or parsed, with why.
    pub(crate) errors: Vec<String>,
}

/// An edge of the file graph: `from` refers to a module written in `to`, first at `line`
/// through `path`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Edge {
    pub(crate) from: usize,
    pub(crate) to: usize,
    pub(crate) line: usize,
    pub(crate) path: String,
}

impl Crate {
    /// Reads the crate whose root file is `root_file` (`lib.rs`, `main.rs`); file names
    /// are reported relative to `workspace`.
    pub(crate) fn read(workspace: &Path, root_file: &Path) -> Self {
        let mut krate = Self::default();
        krate.load(workspace, root_file, &[], true);
        krate
    }

    fn load(&mut self, workspace: &Path, file: &Path, module: &[String], owns_dir: bool) {
        let name = file.strip_prefix(workspace).unwrap_or(file).to_string_lossy().replace('\\', "/");
        let index = self.files.len();
        self.files.push(name.clone());
        let parsed = std::fs::read_to_string(file)
            .map_err(|e| e.to_string())
            .and_then(|text| syn::parse_file(&text).map_err(|e| e.to_string()));
        let items = match parsed {
            Ok(f) => f.items,
            Err(e) => {
                self.errors.push(format!("{name}: {e}"));
                return;
            }
        };
        // The directory a file's child modules live in: `a/` for `a/mod.rs`, `lib.rs`
        // and `main.rs`; `a/b/` for `a/b.rs`.
        let parent = file.parent().unwrap_or(Path::new("")).to_path_buf();
        let dir = if owns_dir { parent } else { parent.join(file.file_stem().unwrap_or_default()) };
        self.items(workspace, &items, module, index, &dir);
    }

    fn items(&mut self, workspace: &Path, items: &[syn::Item], module: &[String], file: usize, dir: &Path) {
        self.modules.entry(module.to_vec()).or_default().file = file;
        for item in items {
            match item {
                syn::Item::Mod(m) => {
                    let child_name = syn::ext::IdentExt::unraw(&m.ident).to_string();
                    self.modules.entry(module.to_vec()).or_default().children.insert(child_name.clone());
                    let mut child = module.to_vec();
                    child.push(child_name.clone());
                    match &m.content {
                        Some((_, inner)) => {
                            // An inline module: written in this file; its own children
                            // would live in `dir/<name>/`.
                            self.items(workspace, inner, &child, file, &dir.join(&child_name));
                        }
                        None if path_attr(&m.attrs).is_some() => {
                            // `#[path = "…"]`: relative to the declaring file's directory.
                            let base = self.files[file].rsplit_once('/').map_or("", |(d, _)| d).to_owned();
                            let at = workspace.join(base).join(path_attr(&m.attrs).unwrap_or_default());
                            if at.is_file() {
                                self.load(workspace, &at, &child, false);
                            } else {
                                self.errors.push(format!("{}: no file for `mod {child_name}`", self.files[file]));
                            }
                        }
                        None => {
                            let flat = dir.join(format!("{child_name}.rs"));
                            let nested = dir.join(&child_name).join("mod.rs");
                            if flat.is_file() {
                                self.load(workspace, &flat, &child, false);
                            } else if nested.is_file() {
                                self.load(workspace, &nested, &child, true);
                            } else {
                                self.errors.push(format!("{}: no file for `mod {child_name}`", self.files[file]));
                            }
                        }
                    }
                }
                syn::Item::Use(u) => {
                    let mut found = Vec::new();
                    use_tree(&u.tree, &mut Vec::new(), &mut found);
                    let line = u.use_token.span.start().line;
                    for (segments, binding) in found {
                        if let Some(name) = binding {
                            self.modules.entry(module.to_vec()).or_default().bindings.insert(name, segments.clone());
                        }
                        self.references.push(Reference { module: module.to_vec(), file, line, segments });
                    }
                }
                other => {
                    let mut paths = Paths::default();
                    paths.visit_item(other);
                    for (line, segments) in paths.found {
                        self.references.push(Reference { module: module.to_vec(), file, line, segments });
                    }
                }
            }
        }
    }

    /// The module `segments` names, written in `module`; `None` outside this crate.
    fn resolve(&self, module: &[String], segments: &[String], depth: usize) -> Option<ModPath> {
        if depth > 16 {
            return None;
        }
        let (mut at, mut rest) = match segments.first().map(String::as_str) {
            Some("crate") => (Vec::new(), &segments[1..]),
            Some("self") => (module.to_vec(), &segments[1..]),
            Some("super") => {
                let mut at = module.to_vec();
                let mut rest = segments;
                while rest.first().is_some_and(|s| s == "super") {
                    at.pop()?;
                    rest = &rest[1..];
                }
                (at, rest)
            }
            Some(first) => {
                let here = self.modules.get(module)?;
                if here.children.contains(first) {
                    (module.to_vec(), segments)
                } else if let Some(bound) = here.bindings.get(first) {
                    if bound.len() == 1 && bound[0] == *first {
                        return None; // `use serde;`: another crate
                    }
                    let target = self.resolve(module, bound, depth + 1)?;
                    (target, &segments[1..])
                } else {
                    return None;
                }
            }
            None => return None,
        };
        while let Some(next) = rest.first() {
            let here = self.modules.get(&at)?;
            if here.children.contains(next) {
                at.push(next.clone());
                rest = &rest[1..];
            } else if let Some(bound) = here.bindings.get(next) {
                // A name re-exported from another crate leaves this one.
                at = self.resolve(&at, bound, depth + 1)?;
                rest = &rest[1..];
            } else {
                break;
            }
        }
        Some(at)
    }

    /// The file graph: one edge per pair of distinct files, with its first reference.
    pub(crate) fn edges(&self) -> Vec<Edge> {
        let mut edges: BTreeMap<(usize, usize), Edge> = BTreeMap::new();
        for r in &self.references {
            let Some(target) = self.resolve(&r.module, &r.segments, 0) else { continue };
            let Some(to) = self.modules.get(&target).map(|m| m.file) else { continue };
            if to == r.file {
                continue;
            }
            let edge = Edge { from: r.file, to, line: r.line, path: r.segments.join("::") };
            edges
                .entry((r.file, to))
                .and_modify(|e| {
                    if edge.line < e.line {
                        *e = edge.clone();
                    }
                })
                .or_insert(edge);
        }
        edges.into_values().collect()
    }

    /// Every circle of the file graph (its strongly connected components of more than
    /// one file), each as the files in it and the edges between them, one per line.
    pub(crate) fn circles(&self) -> Vec<String> {
        let edges = self.edges();
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); self.files.len()];
        for e in &edges {
            next[e.from].push(e.to);
        }
        strongly_connected(&next)
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|component| {
                let mut names: Vec<&str> = component.iter().map(|&f| self.files[f].as_str()).collect();
                names.sort_unstable();
                let mut text = format!("circle: {}", names.join(", "));
                for e in edges.iter().filter(|e| component.contains(&e.from) && component.contains(&e.to)) {
                    let _ = write!(text, "\n  {}:{} -> {} ({})", self.files[e.from], e.line, self.files[e.to], e.path);
                }
                text
            })
            .collect()
    }
}

/// The file a `#[path = "…"]` attribute names, if there is one.
fn path_attr(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find(|a| a.path().is_ident("path")).and_then(|a| match &a.meta {
        syn::Meta::NameValue(syn::MetaNameValue { value: syn::Expr::Lit(l), .. }) => match &l.lit {
            syn::Lit::Str(s) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}

/// Each leaf of a `use` tree: its path (with the name itself for a glob's module) and the
/// name it binds (`None` for a glob or `_`).
fn use_tree(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<(Vec<String>, Option<String>)>) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(syn::ext::IdentExt::unraw(&p.ident).to_string());
            use_tree(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let name = syn::ext::IdentExt::unraw(&n.ident).to_string();
            let mut path = prefix.clone();
            if name == "self" {
                let bound = path.last().cloned();
                out.push((path, bound));
            } else {
                path.push(name.clone());
                out.push((path, Some(name)));
            }
        }
        syn::UseTree::Rename(r) => {
            let mut path = prefix.clone();
            if r.ident != "self" {
                path.push(syn::ext::IdentExt::unraw(&r.ident).to_string());
            }
            let alias = r.rename.to_string();
            out.push((path, (alias != "_").then_some(alias)));
        }
        syn::UseTree::Glob(_) => out.push((prefix.clone(), None)),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                use_tree(t, prefix, out);
            }
        }
    }
}

/// Paths of two or more segments written in an item (types, expressions, patterns and
/// the tokens of macro calls), with their lines. Attributes are skipped.
#[derive(Default)]
struct Paths {
    found: Vec<(usize, Vec<String>)>,
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.segments.len() >= 2 {
            let segments = path.segments.iter().map(|s| syn::ext::IdentExt::unraw(&s.ident).to_string()).collect();
            let line = path.segments.first().map_or(0, |s| s.ident.span().start().line);
            self.found.push((line, segments));
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let mut found = Vec::new();
        use_tree(&u.tree, &mut Vec::new(), &mut found);
        let line = u.use_token.span.start().line;
        self.found.extend(found.into_iter().map(|(segments, _)| (line, segments)));
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        tokens(mac.tokens.clone(), &mut self.found);
    }
}

/// Paths (`a::b…`) in a macro call's tokens.
fn tokens(stream: TokenStream, out: &mut Vec<(usize, Vec<String>)>) {
    let trees: Vec<TokenTree> = stream.into_iter().collect();
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Group(g) => {
                tokens(g.stream(), out);
                i += 1;
            }
            TokenTree::Ident(first) => {
                let line = first.span().start().line;
                let mut segments = vec![first.to_string()];
                let mut j = i + 1;
                while let (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)), Some(TokenTree::Ident(id))) =
                    (trees.get(j), trees.get(j + 1), trees.get(j + 2))
                {
                    if a.as_char() != ':' || b.as_char() != ':' {
                        break;
                    }
                    segments.push(id.to_string());
                    j += 3;
                }
                if segments.len() >= 2 {
                    out.push((line, segments));
                }
                i = j.max(i + 1);
            }
            TokenTree::Punct(_) | TokenTree::Literal(_) => i += 1,
        }
    }
}

/// Tarjan's strongly connected components, iteratively.
fn strongly_connected(next: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = next.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut components = Vec::new();
    let mut counter = 0;
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0)];
        while let Some(&mut (v, ref mut edge)) = work.last_mut() {
            if *edge == 0 && index[v] == usize::MAX {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = next[v].get(*edge) {
                *edge += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                components.push(component);
            }
        }
    }
    components
}

/// The crate roots of every workspace member (`src/lib.rs`, `src/main.rs`,
/// `src/bin/*.rs`), read from the root `Cargo.toml`'s `members`.
pub(crate) fn crate_roots(workspace: &Path) -> Vec<PathBuf> {
    let manifest = std::fs::read_to_string(workspace.join("Cargo.toml")).unwrap_or_default();
    let members = manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("members = ["))
        .map(|l| l.split('"').skip(1).step_by(2).map(str::to_owned).collect::<Vec<_>>())
        .unwrap_or_default();
    let mut roots = Vec::new();
    for member in members {
        let src = workspace.join(member).join("src");
        for name in ["lib.rs", "main.rs"] {
            if src.join(name).is_file() {
                roots.push(src.join(name));
            }
        }
        if let Ok(bins) = std::fs::read_dir(src.join("bin")) {
            let mut bins: Vec<PathBuf> =
                bins.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "rs")).collect();
            bins.sort();
            roots.extend(bins);
        }
    }
    roots
}

/// Every circle of every crate of the workspace, and every file that could not be read.
pub(crate) fn workspace_circles(workspace: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for root in crate_roots(workspace) {
        let krate = Crate::read(workspace, &root);
        out.extend(krate.errors.iter().cloned());
        out.extend(krate.circles());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A throwaway crate: `files` as (path under `src/`, text).
    fn krate(files: &[(&str, &str)]) -> (tempfile::TempDir, Crate) {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let p = dir.path().join("src").join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        let c = Crate::read(dir.path(), &dir.path().join("src/lib.rs"));
        (dir, c)
    }

    #[test]
    fn a_two_file_circle_is_found_through_use_and_through_a_path_in_code() {
        let (_d, c) = krate(&[
            ("lib.rs", "mod a;\nmod b;\n"),
            ("a.rs", "use crate::b::g;\npub fn f() { g() }\n"),
            ("b.rs", "pub fn g() { if false { super::a::f() } }\n"),
        ]);
        assert_eq!(c.errors, Vec::<String>::new());
        assert_eq!(
            c.circles(),
            [
                "circle: src/a.rs, src/b.rs\n  src/a.rs:1 -> src/b.rs (crate::b::g)\n  src/b.rs:1 -> src/a.rs (super::a::f)"
            ]
        );
    }

    #[test]
    fn a_three_file_circle_through_a_re_export_and_a_macro_is_found() {
        let (_d, c) = krate(&[
            ("lib.rs", "mod a;\nmod b;\nmod c;\npub use c::Thing;\n"),
            ("a.rs", "pub fn f() { println!(\"{}\", crate::b::G); }\n"),
            ("b.rs", "pub const G: u8 = 1;\npub fn h(_: crate::Thing) {}\n"),
            ("c.rs", "pub struct Thing;\nimpl Thing { pub fn f() { crate::a::f() } }\n"),
        ]);
        let circles = c.circles();
        assert_eq!(circles.len(), 1, "{circles:?}");
        assert!(circles[0].starts_with("circle: src/a.rs, src/b.rs, src/c.rs"), "{circles:?}");
    }

    #[test]
    fn a_layered_crate_with_tests_modules_and_mod_declarations_has_no_circle() {
        let (_d, c) = krate(&[
            (
                "lib.rs",
                "mod util;\nmod task;\npub use task::run;\npub use other::vars;\n#[cfg(test)]\nmod tests { use super::*; }\n",
            ),
            ("util.rs", "pub fn root() {}\n#[cfg(test)]\nmod tests { use super::root; #[test] fn t() { root() } }\n"),
            ("task/mod.rs", "mod step;\nuse crate::util::root;\npub fn run() { root(); step::go() }\n"),
            ("task/step.rs", "use std::fmt::Write;\npub fn go() { crate::util::root(); crate::vars::X; }\n"),
        ]);
        assert_eq!(c.errors, Vec::<String>::new());
        assert_eq!(c.files, ["src/lib.rs", "src/util.rs", "src/task/mod.rs", "src/task/step.rs"]);
        assert_eq!(c.circles(), Vec::<String>::new());
        let edges: Vec<(usize, usize)> = c.edges().iter().map(|e| (e.from, e.to)).collect();
        assert_eq!(edges, [(0, 2), (2, 1), (2, 3), (3, 1)]);
    }

    /// Tidy: no source file of any crate imports a module of its crate that imports it back.
    #[test]
    fn no_module_imports_one_that_imports_it_back() {
        let circles = workspace_circles(&crate::util::root());
        assert!(circles.is_empty(), "{}", circles.join("\n"));
    }
}
