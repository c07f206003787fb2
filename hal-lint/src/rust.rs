//! Rust skills, parsed with `syn`: comments and doc strings are gone before the lint
//! looks, and paths are expanded through `use` aliases.

use std::collections::BTreeMap;

use proc_macro2::Span;
use syn::spanned::Spanned as _;
use syn::visit::Visit;

use crate::indicators::{is_indicator_var, path_hit};
use crate::walk::{FileLint, Hit};

/// Crates that read the process table.
pub(crate) const PROCESS_CRATES: &[&str] = &["sysinfo", "procfs", "psutil", "heim"];
/// Programs that list processes.
pub(crate) const PROCESS_PROGRAMS: &[&str] = &["ps", "pgrep", "pidof", "pstree", "top", "htop", "pkill"];
/// Deeper bracket nesting than this is not parsed (syn recurses).
const MAX_NESTING: usize = 256;
/// Free functions (`std::fs::…`, `Path::new`, `File::open`) whose path argument is probed.
const FS_FNS: &[&str] = &[
    "metadata",
    "symlink_metadata",
    "read",
    "read_to_string",
    "read_dir",
    "read_link",
    "canonicalize",
    "exists",
    "open",
    "new",
    "from",
];
/// Methods whose path argument is probed or built into a probed path.
const FS_METHODS: &[&str] = &["join", "push", "exists", "try_exists", "is_file", "is_dir", "metadata", "open"];

fn line_col(span: Span) -> (usize, usize) {
    let s = span.start();
    (s.line, s.column + 1)
}

/// The deepest bracket nesting of `src` (strings and comments included: an estimate
/// that errs towards refusing).
fn nesting(src: &str) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    for b in src.bytes() {
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

pub(crate) fn lint(src: &str) -> FileLint {
    if nesting(src) > MAX_NESTING {
        return FileLint {
            unparseable: Some(format!("brackets nested deeper than {MAX_NESTING}")),
            ..FileLint::default()
        };
    }
    let file = match syn::parse_file(src) {
        Ok(f) => f,
        Err(e) => {
            let (line, col) = line_col(e.span());
            return FileLint {
                unparseable: Some(format!("not valid Rust at {line}:{col}: {e}")),
                ..FileLint::default()
            };
        }
    };
    let mut consts = Consts::default();
    consts.visit_file(&file);
    let mut l = Linter { consts: consts.0, aliases: BTreeMap::new(), out: FileLint::default() };
    l.visit_file(&file);
    l.out
}

/// String constants and `let` bindings of string literals, by name.
#[derive(Default)]
struct Consts(BTreeMap<String, String>);

impl<'ast> Visit<'ast> for Consts {
    fn visit_item_const(&mut self, c: &'ast syn::ItemConst) {
        if let Some(v) = lit_str(&c.expr) {
            self.0.insert(c.ident.to_string(), v);
        }
        syn::visit::visit_item_const(self, c);
    }

    fn visit_item_static(&mut self, s: &'ast syn::ItemStatic) {
        if let Some(v) = lit_str(&s.expr) {
            self.0.insert(s.ident.to_string(), v);
        }
        syn::visit::visit_item_static(self, s);
    }

    fn visit_local(&mut self, l: &'ast syn::Local) {
        if let (syn::Pat::Ident(p), Some(init)) = (&l.pat, &l.init)
            && let Some(v) = lit_str(&init.expr)
        {
            self.0.insert(p.ident.to_string(), v);
        }
        syn::visit::visit_local(self, l);
    }
}

fn lit_str(e: &syn::Expr) -> Option<String> {
    match e {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
        syn::Expr::Reference(r) => lit_str(&r.expr),
        syn::Expr::Group(g) => lit_str(&g.expr),
        syn::Expr::Paren(p) => lit_str(&p.expr),
        _ => None,
    }
}

/// `#[cfg(test)]`.
fn is_cfg_test(a: &syn::Attribute) -> bool {
    a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
}

fn segments(p: &syn::Path) -> Vec<String> {
    p.segments.iter().map(|s| s.ident.to_string()).collect()
}

struct Linter {
    consts: BTreeMap<String, String>,
    /// Local name → the full path it stands for (from `use` items).
    aliases: BTreeMap<String, Vec<String>>,
    out: FileLint,
}

impl Linter {
    fn hit(&mut self, h: Hit) {
        self.out.hits.push(h);
    }

    fn extent(&mut self, span: Span) {
        self.out.extents.push((span.start().line, span.end().line));
    }

    /// Expands the first segment of `segs` through the `use` aliases.
    fn expand(&self, segs: &[String]) -> Vec<String> {
        match segs.first().and_then(|s| self.aliases.get(s)) {
            Some(full) => full.iter().cloned().chain(segs[1..].iter().cloned()).collect(),
            None => segs.to_vec(),
        }
    }

    /// The string an argument stands for: a literal, or a constant holding one.
    fn value(&self, e: &syn::Expr) -> Option<String> {
        if let Some(v) = lit_str(e) {
            return Some(v);
        }
        match e {
            syn::Expr::Path(p) if p.path.segments.len() == 1 => {
                self.consts.get(&p.path.segments[0].ident.to_string()).cloned()
            }
            syn::Expr::Reference(r) => self.value(&r.expr),
            _ => None,
        }
    }

    /// A probe of the path its string arguments spell (pieces joined with `/`).
    fn probe<'a>(&mut self, args: impl Iterator<Item = &'a syn::Expr>) {
        let mut pieces = Vec::new();
        let mut at = None;
        for a in args {
            if let Some(v) = self.value(a) {
                at.get_or_insert_with(|| a.span());
                pieces.push(v);
            }
        }
        if let (Some(span), Some(hit)) = (at, path_hit(&pieces.join("/"))) {
            let (line, col) = line_col(span);
            self.hit(Hit::path(line, col, hit, true));
        }
    }

    fn collect_use(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree, span: Span) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.collect_use(prefix, &p.tree, span);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let mut full = prefix.clone();
                full.push(n.ident.to_string());
                self.record_use(n.ident.to_string(), full, n.ident.span());
            }
            syn::UseTree::Rename(r) => {
                let mut full = prefix.clone();
                full.push(r.ident.to_string());
                self.record_use(r.rename.to_string(), full, r.ident.span());
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.collect_use(prefix, t, span);
                }
            }
            syn::UseTree::Glob(_) => {
                if prefix.first().is_some_and(|f| PROCESS_CRATES.contains(&f.as_str())) {
                    let (line, col) = line_col(span);
                    self.hit(Hit::process(line, col, &format!("use {}::*", prefix.join("::")), true));
                }
            }
        }
    }

    fn record_use(&mut self, local: String, full: Vec<String>, span: Span) {
        let full = if full.first().is_some_and(|f| f == "self") { full[1..].to_vec() } else { full };
        let full = self.expand(&full);
        if full.first().is_some_and(|f| PROCESS_CRATES.contains(&f.as_str())) {
            let (line, col) = line_col(span);
            self.hit(Hit::process(line, col, &format!("use {}", full.join("::")), true));
        }
        if local != "_" {
            self.aliases.insert(local, full);
        }
    }

    fn call(&mut self, func: &syn::Path, args: &syn::punctuated::Punctuated<syn::Expr, syn::Token![,]>) {
        let full = self.expand(&segments(func));
        let n = full.len();
        let last = full[n - 1].as_str();
        let parent = if n >= 2 { full[n - 2].as_str() } else { "" };
        let std_env = parent == "env" && (n == 2 || matches!(full[n - 3].as_str(), "std" | "core"));
        if std_env && matches!(last, "var" | "var_os") {
            if let Some(arg) = args.first()
                && let Some(name) = self.value(arg)
                && is_indicator_var(&name)
            {
                let (line, col) = line_col(arg.span());
                self.hit(Hit::var(line, col, &name, true));
            }
        } else if std_env && matches!(last, "vars" | "vars_os") {
            let (line, col) = line_col(func.span());
            self.hit(Hit::all_vars(line, col, &full.join("::")));
        } else if parent == "Command" && last == "new" {
            if let Some(arg) = args.first()
                && let Some(prog) = self.value(arg)
            {
                let base = prog.rsplit('/').next().unwrap_or(&prog);
                if PROCESS_PROGRAMS.contains(&base) {
                    let (line, col) = line_col(arg.span());
                    self.hit(Hit::process(line, col, &format!("Command::new(\"{prog}\")"), true));
                }
            }
        } else if FS_FNS.contains(&last)
            && (parent == "fs"
                || matches!(parent, "Path" | "PathBuf" | "File")
                || !matches!(last, "new" | "from" | "open" | "read"))
        {
            self.probe(args.iter());
        }
    }
}

impl<'ast> Visit<'ast> for Linter {
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {
        // Doc strings and other attributes never count.
    }

    fn visit_item(&mut self, i: &'ast syn::Item) {
        if let syn::Item::Mod(m) = i
            && m.attrs.iter().any(is_cfg_test)
        {
            return; // unit tests build fake environments; they never ship
        }
        if let syn::Item::Fn(f) = i
            && f.attrs.iter().any(|a| is_cfg_test(a) || a.path().is_ident("test"))
        {
            return;
        }
        self.extent(i.span());
        syn::visit::visit_item(self, i);
    }

    fn visit_impl_item(&mut self, i: &'ast syn::ImplItem) {
        self.extent(i.span());
        syn::visit::visit_impl_item(self, i);
    }

    fn visit_stmt(&mut self, s: &'ast syn::Stmt) {
        self.extent(s.span());
        syn::visit::visit_stmt(self, s);
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let span = u.span();
        self.collect_use(&mut Vec::new(), &u.tree, span);
    }

    fn visit_item_extern_crate(&mut self, e: &'ast syn::ItemExternCrate) {
        let name = e.ident.to_string();
        if PROCESS_CRATES.contains(&name.as_str()) {
            let (line, col) = line_col(e.ident.span());
            self.hit(Hit::process(line, col, &format!("extern crate {name}"), true));
        }
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let full = self.expand(&segments(p));
        if full.len() > 1 && PROCESS_CRATES.contains(&full[0].as_str()) {
            let (line, col) = line_col(p.span());
            self.hit(Hit::process(line, col, &full.join("::"), true));
        }
        syn::visit::visit_path(self, p);
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        if let syn::Expr::Path(func) = &*call.func
            && !func.path.segments.is_empty()
        {
            self.call(&func.path, &call.args);
        }
        syn::visit::visit_expr_call(self, call);
    }

    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        if FS_METHODS.contains(&m.method.to_string().as_str()) {
            self.probe(m.args.iter());
        }
        syn::visit::visit_expr_method_call(self, m);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        // Macro bodies (format!, println!, vec!, assert!) are token streams: lint the
        // expressions they hold.
        use syn::parse::Parser as _;
        let parser = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
        if let Ok(exprs) = parser.parse2(m.tokens.clone()) {
            for e in &exprs {
                self.visit_expr(e);
            }
        }
        syn::visit::visit_macro(self, m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(src: &str) -> Vec<(&'static str, usize, usize)> {
        lint(src).positions()
    }

    #[test]
    fn reads_through_aliases_and_constants() {
        let src = "use std::env as e;\nconst M: &str = \"CODEX_THREAD_ID\";\nfn f() {\n    let _ = e::var(M);\n    let _ = std::env::var(\"HOME\");\n    println!(\"{:?}\", std::env::var_os(\"GEMINI_CLI\"));\n}\n";
        assert_eq!(rules(src), [("indicator-var", 4, 20), ("indicator-var", 6, 39)]);
    }

    #[test]
    fn a_literal_that_reaches_nothing_is_not_a_finding() {
        let src = "fn help() { println!(\"set GEMINI_CLI or open .claude/settings.json\"); let _ = \"CLAUDECODE\"; }\n";
        assert_eq!(rules(src), []);
    }

    #[test]
    fn unit_tests_are_not_linted() {
        let src = "#[cfg(test)]\nmod tests {\n    fn f() { let _ = std::env::var(\"CLAUDECODE\"); }\n}\n#[test]\nfn t() { let _ = std::env::var(\"CLAUDECODE\"); }\nfn g() { let _ = std::env::var(\"CLAUDECODE\"); }\n";
        assert_eq!(rules(src), [("indicator-var", 7, 32)]);
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let src = format!("fn f() {{ {}1{} }}", "(".repeat(5000), ")".repeat(5000));
        assert!(lint(&src).unparseable.is_some());
    }
}
