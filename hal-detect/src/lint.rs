//! The boundary lint: no code outside hal-detect reads runtime env vars, probes
//! workspace files for runtime indicators, or walks the process tree.
//!
//! It parses Rust source with `syn`, so comments and doc strings never count. The
//! indicator lists come from the registry and from [`crate::vars`], so they cannot
//! drift from what hal-detect actually reads. Used by `cargo xtask lint`, `cargo xtask
//! check`, a test, and `hal lint PATH` for downstream skill crates.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use syn::spanned::Spanned as _;
use syn::visit::Visit;

/// The fix every finding suggests.
pub const FIX: &str = "call hal_detect / hal_types::RuntimeHal instead";

/// The env readers no skill may call.
const ENV_READERS: &[&str] = &["var", "var_os", "vars", "vars_os"];
/// Crates that read the process table.
const PROCESS_CRATES: &[&str] = &["sysinfo", "procfs", "psutil"];
/// Programs that list processes.
const PROCESS_PROGRAMS: &[&str] = &["ps", "pgrep", "pidof", "pstree"];

/// One rule broken at one place.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Finding {
    /// The file.
    pub path: PathBuf,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// The rule: `env-read`, `indicator-literal` or `process-probe`.
    pub rule: &'static str,
    /// What was found.
    pub found: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}: {} — fix: {FIX}", self.path.display(), self.line, self.col, self.rule, self.found)
    }
}

/// Every runtime indicator: variable names and workspace paths from the registry and
/// hal-detect's own variables, plus `/proc/`.
#[must_use]
pub fn indicators() -> Vec<&'static str> {
    let mut v = hal_caps::registry::indicator_vars();
    v.extend(crate::vars::ALL);
    v.extend(hal_caps::registry::indicator_paths());
    v.push("/proc/");
    v.sort_unstable();
    v.dedup();
    v
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The indicator a string literal names, if any: a variable name as a whole word, or a
/// path anywhere.
fn named_indicator<'a>(text: &str, indicators: &[&'a str]) -> Option<&'a str> {
    indicators.iter().copied().find(|ind| {
        if ind.contains(['/', '.']) {
            let bare = ind.trim_start_matches("~/");
            return text.contains(bare);
        }
        text.match_indices(ind).any(|(i, _)| {
            let before = text[..i].chars().next_back();
            let after = text[i + ind.len()..].chars().next();
            !before.is_some_and(is_word) && !after.is_some_and(is_word)
        })
    })
}

struct Linter<'a> {
    path: &'a Path,
    indicators: Vec<&'static str>,
    /// Local name → the full path it stands for (from `use` items).
    aliases: BTreeMap<String, Vec<String>>,
    findings: Vec<Finding>,
}

impl Linter<'_> {
    fn push(&mut self, span: proc_macro2::Span, rule: &'static str, found: String) {
        let start = span.start();
        self.findings.push(Finding {
            path: self.path.to_path_buf(),
            line: start.line,
            col: start.column + 1,
            rule,
            found,
        });
    }

    /// Expands the first segment of `segs` through the `use` aliases.
    fn expand(&self, segs: &[String]) -> Vec<String> {
        match segs.first().and_then(|s| self.aliases.get(s)) {
            Some(full) => full.iter().cloned().chain(segs[1..].iter().cloned()).collect(),
            None => segs.to_vec(),
        }
    }

    fn check_path(&mut self, span: proc_macro2::Span, segs: &[String]) {
        let full = self.expand(segs);
        let joined = full.join("::");
        let n = full.len();
        if n >= 2
            && full[n - 2] == "env"
            && ENV_READERS.contains(&full[n - 1].as_str())
            && (n == 2 || full[n - 3] == "std")
        {
            self.push(span, "env-read", format!("`{joined}` reads the environment"));
        } else if full.first().is_some_and(|f| PROCESS_CRATES.contains(&f.as_str())) {
            self.push(span, "process-probe", format!("`{joined}` reads the process table"));
        }
    }

    fn collect_use(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree, span: proc_macro2::Span) {
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
                    self.push(span, "process-probe", format!("`use {}::*` reads the process table", prefix.join("::")));
                }
            }
        }
    }

    fn record_use(&mut self, local: String, full: Vec<String>, span: proc_macro2::Span) {
        let full = if full.first().is_some_and(|f| f == "self") { full[1..].to_vec() } else { full };
        let full = self.expand(&full);
        let n = full.len();
        if n >= 2 && full[n - 2] == "env" && ENV_READERS.contains(&full[n - 1].as_str()) {
            self.push(span, "env-read", format!("`use {}` imports an environment reader", full.join("::")));
        } else if full.first().is_some_and(|f| PROCESS_CRATES.contains(&f.as_str())) {
            self.push(span, "process-probe", format!("`use {}` reads the process table", full.join("::")));
        }
        if local != "_" {
            self.aliases.insert(local, full);
        }
    }
}

fn segments(p: &syn::Path) -> Vec<String> {
    p.segments.iter().map(|s| s.ident.to_string()).collect()
}

impl<'ast> Visit<'ast> for Linter<'_> {
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {
        // Doc strings and other attributes never count.
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let span = u.span();
        self.collect_use(&mut Vec::new(), &u.tree, span);
    }

    fn visit_item_extern_crate(&mut self, e: &'ast syn::ItemExternCrate) {
        let name = e.ident.to_string();
        if PROCESS_CRATES.contains(&name.as_str()) {
            self.push(e.ident.span(), "process-probe", format!("`extern crate {name}` reads the process table"));
        }
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        self.check_path(p.span(), &segments(p));
        syn::visit::visit_path(self, p);
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        if let syn::Expr::Path(func) = &*call.func {
            let full = self.expand(&segments(&func.path));
            let is_new = full.len() >= 2 && full[full.len() - 2] == "Command" && full[full.len() - 1] == "new";
            if is_new && let Some(syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. })) = call.args.first() {
                let prog = s.value();
                let base = prog.rsplit('/').next().unwrap_or(&prog).to_owned();
                if PROCESS_PROGRAMS.contains(&base.as_str()) {
                    self.push(s.span(), "process-probe", format!("`Command::new(\"{prog}\")` lists processes"));
                }
            }
        }
        syn::visit::visit_expr_call(self, call);
    }

    fn visit_lit_str(&mut self, s: &'ast syn::LitStr) {
        let value = s.value();
        if let Some(ind) = named_indicator(&value, &self.indicators) {
            self.push(s.span(), "indicator-literal", format!("string literal names runtime indicator `{ind}`"));
        }
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        // Macro bodies (format!, println!, vec!) are token streams: scan their literals.
        self.visit_tokens(m.tokens.clone());
        syn::visit::visit_macro(self, m);
    }
}

impl Linter<'_> {
    /// Scans a token stream, skipping attributes (`#[doc = "…"]` is how `///` reaches
    /// a macro).
    fn visit_tokens(&mut self, tokens: proc_macro2::TokenStream) {
        let mut iter = tokens.into_iter().peekable();
        while let Some(tt) = iter.next() {
            if let proc_macro2::TokenTree::Punct(p) = &tt
                && p.as_char() == '#'
            {
                if matches!(iter.peek(), Some(proc_macro2::TokenTree::Punct(b)) if b.as_char() == '!') {
                    iter.next();
                }
                if matches!(iter.peek(), Some(proc_macro2::TokenTree::Group(g)) if g.delimiter() == proc_macro2::Delimiter::Bracket)
                {
                    iter.next();
                    continue;
                }
            }
            self.visit_token(&tt);
        }
    }

    fn visit_token(&mut self, tt: &proc_macro2::TokenTree) {
        match tt {
            proc_macro2::TokenTree::Literal(l) => {
                if let Ok(syn::Lit::Str(s)) = syn::parse_str::<syn::Lit>(&l.to_string())
                    && let Some(ind) = named_indicator(&s.value(), &self.indicators)
                {
                    self.push(l.span(), "indicator-literal", format!("string literal names runtime indicator `{ind}`"));
                }
            }
            proc_macro2::TokenTree::Group(g) => {
                if let Ok(expr) = syn::parse2::<syn::Expr>(g.stream()) {
                    self.visit_expr(&expr);
                    return;
                }
                self.visit_tokens(g.stream());
            }
            _ => {}
        }
    }
}

/// Lints one file's source. A file that does not parse is one finding (`parse`).
#[must_use]
pub fn lint_source(path: &Path, src: &str) -> Vec<Finding> {
    let file = match syn::parse_file(src) {
        Ok(f) => f,
        Err(e) => {
            let start = e.span().start();
            return vec![Finding {
                path: path.to_path_buf(),
                line: start.line,
                col: start.column + 1,
                rule: "parse",
                found: format!("not valid Rust ({e})"),
            }];
        }
    };
    let mut l = Linter { path, indicators: indicators(), aliases: BTreeMap::new(), findings: Vec::new() };
    l.visit_file(&file);
    l.findings.sort();
    l.findings.dedup();
    l.findings
}

/// Places the lint skips when it lints hal's own workspace, each with its reason.
pub const WORKSPACE_ALLOWLIST: &[(&str, &str)] = &[
    ("hal-detect/", "the one crate that reads the host"),
    ("hal-caps/src/registry/", "the registry holds runtime facts as data and reads nothing"),
    ("/tests/", "tests build fake hosts and child environments out of these names"),
    ("/benches/", "benchmarks build fake hosts out of these names"),
    ("xtask/", "the build tool: it runs cargo via $CARGO and holds the lint's fixtures"),
    ("fuzz/", "fuzz targets feed arbitrary environments to hal-detect"),
    ("target/", "build output"),
];

/// Every `.rs` file under `root`, skipping `target/` and hidden directories.
fn rust_files(root: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(root)? {
        let entry = entry?;
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let kind = entry.file_type()?;
        if kind.is_dir() {
            if name != "target" && !name.starts_with('.') {
                rust_files(&path, out)?;
            }
        } else if kind.is_file() && name.ends_with(".rs") {
            out.push(path);
        }
    }
    Ok(())
}

/// Lints every `.rs` file under `root` except paths (relative to `root`, with `/`)
/// containing an entry of `allow`. Findings are sorted; paths are shown relative to `root`.
pub fn lint_dir(root: &Path, allow: &[(&str, &str)]) -> std::io::Result<Vec<Finding>> {
    let mut files = Vec::new();
    if root.is_file() {
        files.push(root.to_path_buf());
    } else {
        rust_files(root, &mut files)?;
    }
    files.sort();
    let mut findings = Vec::new();
    for file in files {
        let rel = file.strip_prefix(root).unwrap_or(&file);
        let shown = format!("/{}", rel.to_string_lossy().replace('\\', "/"));
        if allow.iter().any(|(p, _)| shown.contains(p) || shown.starts_with(&format!("/{p}"))) {
            continue;
        }
        let src = std::fs::read_to_string(&file)?;
        let shown_path = if rel.as_os_str().is_empty() { file.as_path() } else { rel };
        findings.extend(lint_source(shown_path, &src));
    }
    Ok(findings)
}
