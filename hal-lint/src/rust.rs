//! Rust skills, parsed with `syn`: comments and doc strings are gone before the lint
//! looks, and paths are expanded through `use` aliases. A file nested deeper than the
//! parser's limit (counted in code, not in strings or comments) or that does not parse
//! is scanned line by line instead.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::visit::Visit;

use crate::hit::{FileLint, Hit, Kind};
use crate::indicators::{
    EDITOR_VARS, PathHit, has_path_suffix, is_indicator_var, literal_runtime, path_hit, process_command, vendor_prefix,
};
use crate::rust_lookups::{Injected, Lists, Lookups};

/// Deeper bracket nesting of code than this is not parsed (syn recurses).
const MAX_NESTING: usize = 256;
/// Free functions (`std::fs::…`) whose answer is whether a path exists or what it is.
pub(crate) const PROBE_FNS: &[&str] =
    &["metadata", "symlink_metadata", "exists", "try_exists", "canonicalize", "read_dir", "read_link"];
/// Free functions that read a path: a probe only where the result decides.
pub(crate) const READ_FNS: &[&str] = &["read", "read_to_string", "open"];
/// Free functions that write, create or edit a path (copies and renames: the second).
const WRITE_FNS: &[&str] = &[
    "write",
    "create_dir",
    "create_dir_all",
    "create",
    "copy",
    "rename",
    "remove_file",
    "remove_dir_all",
    "hard_link",
];
/// Methods whose receiver is the path probed.
pub(crate) const PROBE_METHODS: &[&str] =
    &["exists", "try_exists", "is_file", "is_dir", "metadata", "symlink_metadata", "read_dir"];
/// Methods that make a result a presence test (`var("X").is_ok()`).
const PRESENCE_METHODS: &[&str] = &["is_ok", "is_err", "is_some", "is_none"];
/// The longest path text kept for a name.
const MAX_PATH: usize = 512;

fn line_col(span: Span) -> (usize, usize) {
    let s = span.start();
    (s.line, s.column + 1)
}

/// Where the comment, string, raw string or character literal starting at byte `i` of
/// `b` ends, and whether it is a comment; `None` where code starts at `i` (a lifetime
/// `'a` is code).
fn non_code_end(b: &[u8], i: usize) -> Option<(usize, bool)> {
    match b[i] {
        b'/' if b.get(i + 1) == Some(&b'/') => {
            Some((b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |e| i + e), true))
        }
        b'/' if b.get(i + 1) == Some(&b'*') => {
            let (mut j, mut level) = (i + 2, 1usize);
            while j < b.len() && level > 0 {
                if b[j] == b'/' && b.get(j + 1) == Some(&b'*') {
                    level += 1;
                    j += 2;
                } else if b[j] == b'*' && b.get(j + 1) == Some(&b'/') {
                    level -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            Some((j.min(b.len()), true))
        }
        b'r' if matches!(b.get(i + 1), Some(b'#' | b'"'))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
        {
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            if b.get(i + 1 + hashes) != Some(&b'"') {
                return None;
            }
            let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
            let start = i + 2 + hashes;
            let end = b[start..].windows(close.len()).position(|w| w == close.as_slice());
            Some((end.map_or(b.len(), |e| start + e + close.len()), false))
        }
        b'"' => {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            Some(((j + 1).min(b.len()), false))
        }
        b'\'' => {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            let end = if b.get(i + 1) == Some(&b'\\') {
                b[(i + 2).min(b.len())..b.len().min(i + 14)].iter().position(|&c| c == b'\'').map(|e| i + 2 + e)
            } else {
                let width = match b.get(i + 1) {
                    Some(c) if *c >= 0xf0 => 4,
                    Some(c) if *c >= 0xe0 => 3,
                    Some(c) if *c >= 0xc0 => 2,
                    _ => 1,
                };
                Some(i + 1 + width).filter(|&e| b.get(e) == Some(&b'\''))
            };
            end.map(|e| (e + 1, false))
        }
        _ => None,
    }
}

/// The bytes that can start a comment, a string, a raw string or a character literal.
const NON_CODE_STARTS: &[u8] = b"/r\"'";

/// A table of `bytes` and [`NON_CODE_STARTS`], for skipping to the next of them.
const fn byte_table(bytes: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < NON_CODE_STARTS.len() {
        t[NON_CODE_STARTS[i] as usize] = true;
        i += 1;
    }
    let mut i = 0;
    while i < bytes.len() {
        t[bytes[i] as usize] = true;
        i += 1;
    }
    t
}

/// The bytes [`code_only`] stops at: non-code starts and brackets.
static NESTING_BYTES: [bool; 256] = byte_table(b"([{)]}");
/// The bytes [`test_modules`] stops at: non-code starts, braces and `#`.
static MODULE_BYTES: [bool; 256] = byte_table(b"{}#");

/// `src` with comments blanked (newlines kept) and the deepest bracket nesting of its
/// code: strings, raw strings, characters and comments do not count.
fn code_only(src: &str) -> (String, usize) {
    let b = src.as_bytes();
    let mut out = b.to_vec();
    let (mut i, mut depth, mut max) = (0usize, 0usize, 0usize);
    while i < b.len() {
        // Only these bytes can open a comment, a literal or a bracket.
        match b[i..].iter().position(|&c| NESTING_BYTES[usize::from(c)]) {
            Some(skip) => i += skip,
            None => break,
        }
        if let Some((end, comment)) = non_code_end(b, i) {
            if comment {
                for c in &mut out[i..end] {
                    if *c != b'\n' {
                        *c = b' ';
                    }
                }
            }
            i = end.max(i + 1);
            continue;
        }
        match b[i] {
            b'(' | b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    (String::from_utf8(out).unwrap_or_default(), max)
}

/// The byte ranges of the `#[cfg(test)] mod … { … }` items of Rust code `b`, from the
/// attribute to the closing brace: the linter never reads them (unit tests build fake
/// environments), so the prefilter leaves their literals out. Linear in `b`.
pub(crate) fn test_modules(b: &[u8]) -> Vec<std::ops::Range<usize>> {
    const ATTR: &[u8] = b"#[cfg(test)]";
    let mut out = Vec::new();
    let mut i = 0;
    // Where the current test module started, and the depth its body opened at.
    let mut open: Option<(usize, usize)> = None;
    let mut depth = 0usize;
    while i < b.len() {
        // Only these bytes can open a comment, a literal, a body or the attribute.
        match b[i..].iter().position(|&c| MODULE_BYTES[usize::from(c)]) {
            Some(skip) => i += skip,
            None => break,
        }
        if let Some((end, _)) = non_code_end(b, i) {
            i = end.max(i + 1);
            continue;
        }
        match b[i] {
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if let Some((from, at)) = open
                    && depth == at
                {
                    out.push(from..i + 1);
                    open = None;
                }
            }
            b'#' if open.is_none() && b[i..].starts_with(ATTR) => {
                if let Some(body) = mod_body(b, i + ATTR.len()) {
                    open = Some((i, depth));
                    depth += 1;
                    i = body + 1;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Where the body's `{` of `mod name {` stands, if the code at `i` (after an
/// attribute: blanks, more attributes, a visibility) is a module with a body.
fn mod_body(b: &[u8], mut i: usize) -> Option<usize> {
    let skip_blank = |i: &mut usize| {
        while b.get(*i).is_some_and(u8::is_ascii_whitespace) {
            *i += 1;
        }
    };
    skip_blank(&mut i);
    if b[i..].starts_with(b"pub") {
        i += 3;
        skip_blank(&mut i);
        if b.get(i) == Some(&b'(') {
            i += b[i..].iter().position(|&c| c == b')')? + 1;
        }
        skip_blank(&mut i);
    }
    if !b[i..].starts_with(b"mod") || b.get(i + 3).is_none_or(|c| !c.is_ascii_whitespace()) {
        return None;
    }
    i += 3;
    skip_blank(&mut i);
    while b.get(i).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') {
        i += 1;
    }
    skip_blank(&mut i);
    (b.get(i) == Some(&b'{')).then_some(i)
}

/// `src` with every `#[cfg(test)]` module ([`test_modules`]) blanked: each of its
/// characters but newlines made one space, so what follows keeps its lines and its
/// columns (which count characters).
fn without_test_modules(src: &str) -> std::borrow::Cow<'_, str> {
    if memchr::memmem::find(src.as_bytes(), b"#[cfg(test)]").is_none() {
        return std::borrow::Cow::Borrowed(src);
    }
    let tests = test_modules(src.as_bytes());
    if tests.is_empty() {
        return std::borrow::Cow::Borrowed(src);
    }
    let mut out = String::with_capacity(src.len());
    let mut at = 0;
    for r in tests {
        let (Some(code), Some(test)) = (src.get(at..r.start), src.get(r.clone())) else { continue };
        out.push_str(code);
        out.extend(test.chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
        at = r.end;
    }
    out.push_str(src.get(at..).unwrap_or_default());
    std::borrow::Cow::Owned(out)
}

/// The literal scan of a file the parser did not read, comments left out.
fn scanned(src: &str, why: String) -> FileLint {
    let (code, _) = code_only(src);
    let mut lint = crate::scan::whole(&code, Kind::Rust);
    lint.unparseable = Some(why);
    lint
}

pub(crate) fn lint(src: &str) -> FileLint {
    let lint = parse_and_lint(src);
    // The spans' source map holds every file this thread parsed (a copy of its text,
    // looked up linearly, at most 4 GiB in all): the hits hold lines and columns, and
    // no span outlives `parse_and_lint`, so it is emptied after each file.
    proc_macro2::extra::invalidate_current_thread_spans();
    lint
}

fn parse_and_lint(src: &str) -> FileLint {
    let (_, nesting) = code_only(src);
    if nesting > MAX_NESTING {
        return scanned(src, format!("code nested deeper than {MAX_NESTING}: scanned line by line"));
    }
    // The test modules are never read: parsed as blanks, they cost nothing.
    let file = match syn::parse_file(&without_test_modules(src)) {
        Ok(f) => f,
        Err(e) => {
            let (line, col) = line_col(e.span());
            return scanned(src, format!("not valid Rust at {line}:{col}: {e}; scanned line by line"));
        }
    };
    // Only a file reading the environment looks up what its functions are given.
    let reads_env = src.contains("env::var") || src.contains("HashMap<String, String>");
    let mut consts = Consts(BTreeMap::new(), Lists::new(), BTreeMap::new(), reads_env.then(Lookups::default));
    consts.visit_file(&file);
    crate::rust_lookups::resolve(&mut consts.1, &consts.2);
    // Only tables holding a runtime's variable or path are followed.
    consts.1.retain(|_, l| {
        l.iter().any(|(v, ..)| is_indicator_var(v) || vendor_prefix(v).is_some() || path_hit(v).is_some())
    });
    let mut lookups = consts.3.take().unwrap_or_default();
    lookups.settle();
    let mut l = Linter {
        consts: consts.0,
        lists: consts.1,
        stmt_lists: Vec::new(),
        lookups,
        given: BTreeMap::new(),
        named_lists: BTreeMap::new(),
        calls: BTreeMap::new(),
        pending: Vec::new(),
        listed: Vec::new(),
        bound_lists: Vec::new(),
        aliases: BTreeMap::new(),
        paths: BTreeMap::new(),
        path_lists: BTreeMap::new(),
        returns: BTreeMap::new(),
        out: FileLint::default(),
        cond: 0,
        presence: 0,
        binds: 0,
        let_name: None,
        stored: Vec::new(),
        stmt_strings: String::new(),
        stmt_visits: Vec::new(),
        sysinfo: src.contains("sysinfo"),
        fn_text: String::new(),
        table_reported: false,
        fn_name: None,
        impl_runtime: None,
        marked: crate::suppress::marked(src),
        written: Vec::new(),
        collecting: Vec::new(),
        forwards: 0,
        answers: None,
        added: None,
        leaving: Vec::new(),
        own_uses: Vec::new(),
        name_probes: Vec::new(),
        procfs: src.contains("/proc"),
        reads_env,
        walks: true,
        probe_helpers: BTreeSet::new(),
    };
    l.learn_returns(&file);
    l.probe_helpers = probe_helpers(&file);
    l.visit_file(&file);
    l.resolve_pending();
    l.out.written = l.written;
    l.out
}

/// Each function's and method's name with the last expression of its body (what it
/// returns, unless it returns early).
#[derive(Default)]
struct Tails<'ast>(Vec<(String, &'ast syn::Expr)>);

impl<'ast> Tails<'ast> {
    fn add(&mut self, name: &syn::Ident, block: &'ast syn::Block) {
        if let Some(syn::Stmt::Expr(e, None)) = block.stmts.last() {
            self.0.push((name.to_string(), e));
        }
    }
}

impl<'ast> Visit<'ast> for Tails<'ast> {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.add(&f.sig.ident, &f.block);
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        self.add(&f.sig.ident, &f.block);
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(b) = &f.default {
            self.add(&f.sig.ident, b);
        }
    }
}

/// Issue 47, round 24: the names of the file's functions and methods that probe their
/// first parameter (`dir.exists()`, `dir.is_dir()`) and read no file: a call of one
/// in a condition is a probe of the path it is given.
fn probe_helpers(file: &syn::File) -> BTreeSet<String> {
    #[derive(Default)]
    struct Helpers(BTreeSet<String>);
    impl Helpers {
        fn add(&mut self, sig: &syn::Signature, block: &syn::Block) {
            let param = sig.inputs.iter().find_map(|i| match i {
                syn::FnArg::Typed(t) => match &*t.pat {
                    syn::Pat::Ident(p) => Some(p.ident.to_string()),
                    _ => None,
                },
                syn::FnArg::Receiver(_) => None,
            });
            let Some(param) = param else { return };
            let text = quote_text_of(block);
            let probes = [". exists ()", ". is_dir ()", ". is_file ()", ". try_exists ()"]
                .iter()
                .any(|m| text.contains(&format!("{param} {m}")));
            let reads = ["read_to_string", "File :: open", "fs :: read", "read_dir"].iter().any(|r| text.contains(r));
            if probes && !reads && self.0.len() < 64 {
                self.0.insert(sig.ident.to_string());
            }
        }
    }
    impl<'ast> Visit<'ast> for Helpers {
        fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
            self.add(&f.sig, &f.block);
        }
        fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
            self.add(&f.sig, &f.block);
        }
    }
    let mut h = Helpers::default();
    h.visit_file(file);
    h.0
}

/// String constants and `let` bindings of string literals, by name, the constant
/// tables of strings ([`crate::rust_lookups::table`]) and the tables each one's rows
/// name; in a file reading the environment, what its functions are given (noted in the
/// same walk).
#[derive(Default)]
struct Consts(BTreeMap<String, String>, Lists, BTreeMap<String, crate::rust_lookups::Refs>, Option<Lookups>);

impl Consts {
    fn table(&mut self, name: &syn::Ident, e: &syn::Expr) {
        if let Some((l, refs)) = crate::rust_lookups::table(e) {
            self.1.insert(name.to_string(), l);
            if !refs.is_empty() {
                self.2.insert(name.to_string(), refs);
            }
        }
    }
}

impl<'ast> Visit<'ast> for Consts {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        let outer = self.3.as_mut().map(|l| l.enter(&f.sig.ident, &f.sig));
        syn::visit::visit_item_fn(self, f);
        if let (Some(l), Some(outer)) = (self.3.as_mut(), outer) {
            l.leave(outer);
        }
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        let outer = self.3.as_mut().map(|l| l.enter(&f.sig.ident, &f.sig));
        syn::visit::visit_impl_item_fn(self, f);
        if let (Some(l), Some(outer)) = (self.3.as_mut(), outer) {
            l.leave(outer);
        }
    }

    fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
        if let Some(l) = self.3.as_mut() {
            l.call(c);
        }
        syn::visit::visit_expr_call(self, c);
    }

    fn visit_item_const(&mut self, c: &'ast syn::ItemConst) {
        if let Some(v) = lit_str(&c.expr) {
            self.0.insert(c.ident.to_string(), v);
        } else {
            self.table(&c.ident, &c.expr);
        }
        syn::visit::visit_item_const(self, c);
    }

    fn visit_item_static(&mut self, s: &'ast syn::ItemStatic) {
        if let Some(v) = lit_str(&s.expr) {
            self.0.insert(s.ident.to_string(), v);
        } else {
            self.table(&s.ident, &s.expr);
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
        // `concat!("CLAUDE", "CODE")`: the strings joined, as the compiler joins them.
        syn::Expr::Macro(m) if m.mac.path.is_ident("concat") => {
            let parts = m
                .mac
                .parse_body_with(syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated)
                .ok()?;
            parts.iter().map(lit_str).collect()
        }
        _ => None,
    }
}

/// The constant arrays a statement names.
struct ListNames<'l> {
    lists: &'l Lists,
    found: Vec<String>,
}

impl<'ast> Visit<'ast> for ListNames<'_> {
    fn visit_ident(&mut self, i: &'ast proc_macro2::Ident) {
        let name = i.to_string();
        if self.lists.contains_key(&name) && !self.found.contains(&name) {
            self.found.push(name);
        }
    }
}

/// Every string literal under a statement, space-separated (a command's arguments), at
/// most [`MAX_STMT_STRINGS`] bytes; and where each statement under it has its own (the
/// same text, a statement's strings standing together), so that a statement inside it
/// reads them rather than visiting itself again.
#[derive(Default)]
struct Strings {
    text: String,
    /// How many literals were left out (past the bound) so far.
    left_out: usize,
    /// Each statement visited (its address) whose strings all stand in `text`, with
    /// where: sorted by address once the visit is done ([`Strings::of`]).
    stmts: Vec<(usize, std::ops::Range<usize>)>,
}

/// The most bytes of a statement's strings kept.
const MAX_STMT_STRINGS: usize = 4096;

impl Strings {
    /// The strings of statement `s` alone, if this visit kept them all.
    fn of(&self, s: &syn::Stmt) -> Option<&str> {
        let at = std::ptr::from_ref(s).addr();
        let i = self.stmts.binary_search_by_key(&at, |(a, _)| *a).ok()?;
        self.text.get(self.stmts[i].1.clone())
    }
}

impl<'ast> Visit<'ast> for Strings {
    fn visit_stmt(&mut self, s: &'ast syn::Stmt) {
        let (start, left_out) = (self.text.len(), self.left_out);
        syn::visit::visit_stmt(self, s);
        // Its strings, visited alone, are these: each was kept here at a length no
        // shorter than its own visit's.
        if self.left_out == left_out {
            self.stmts.push((std::ptr::from_ref(s).addr(), start..self.text.len()));
        }
    }

    fn visit_lit_str(&mut self, s: &'ast syn::LitStr) {
        if self.text.len() < MAX_STMT_STRINGS {
            self.text.push_str(&s.value());
            self.text.push(' ');
        } else {
            self.left_out += 1;
        }
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        // The literals of its tokens, nested groups too (`matches!(v.as_deref(),
        // Ok("cursor"))`), at most 4,096 tokens.
        let mut stack: Vec<proc_macro2::TokenStream> = vec![m.tokens.clone()];
        let mut seen = 0;
        while let Some(tokens) = stack.pop() {
            for t in tokens {
                seen += 1;
                if seen > 4096 {
                    return;
                }
                match t {
                    proc_macro2::TokenTree::Literal(l) => {
                        // A string literal's token is read as one (what parsing its
                        // text gives).
                        if matches!(l.to_string().as_bytes(), [b'"', ..] | [b'r', b'"' | b'#', ..])
                            && let syn::Lit::Str(s) = syn::Lit::new(l)
                        {
                            self.visit_lit_str(&s);
                        }
                    }
                    proc_macro2::TokenTree::Group(g) => stack.push(g.stream()),
                    _ => {}
                }
            }
        }
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
    /// Constant arrays of string literals.
    lists: Lists,
    /// The constant arrays the statement being visited names.
    stmt_lists: Vec<String>,
    /// What the file's functions are given ([`Lookups`]).
    lookups: Lookups,
    /// The names standing for an injected lookup in the function being visited (its
    /// parameters given one, a captured environment bound by `let`).
    given: BTreeMap<String, Injected>,
    /// Each function's name → the tables its statements name.
    named_lists: BTreeMap<String, std::collections::BTreeSet<String>>,
    /// Each function's name → the functions of the file it calls (in a file with tables).
    calls: BTreeMap<String, std::collections::BTreeSet<String>>,
    /// Reads by a name no literal spells where the statement names no table: the
    /// function, the field read (`check.name`) and whether it decides; resolved once the
    /// file is visited ([`Linter::resolve_pending`]).
    pending: Vec<(String, Option<String>, bool)>,
    /// The places of the tables' names already reported.
    listed: Vec<(usize, usize)>,
    /// Names bound to a table's names in the function being visited, each with the
    /// table that name stood for before, to restore after it.
    bound_lists: Vec<(String, Option<Vec<crate::rust_lookups::Listed>>)>,
    /// Local name → the full path it stands for (from `use` items).
    aliases: BTreeMap<String, Vec<String>>,
    /// Local name → the path it was bound to (`{}` for a piece that is no literal).
    paths: BTreeMap<String, String>,
    /// Local name → a list of paths it was bound to (`let candidates = [home.join(
    /// ".claude"), …]`), as the one of them that names the runtime the list names
    /// ([`Linter::list_path`]).
    path_lists: BTreeMap<String, String>,
    /// Function or method name → the path its body's last expression returns, for the
    /// functions of the file that return one (`fn codex_home() -> Option<PathBuf>`).
    returns: BTreeMap<String, String>,
    /// Issue 47, round 24: the file's functions and methods that probe their first
    /// parameter and read no file (`fn create_if_parent_exists(dir: &Path) -> bool`).
    probe_helpers: BTreeSet<String>,
    out: FileLint,
    /// How many conditions (`if`, `while`, `match`, `let … else`) are being visited.
    cond: usize,
    /// How many presence tests (`.is_ok()`, `.is_some()`) are being visited.
    presence: usize,
    /// The name the `let` being visited binds, if one.
    let_name: Option<String>,
    /// Reads of a name under a vendor prefix stored in a `let` name: reported when a
    /// condition or presence test of the same function uses that name.
    stored: Vec<(String, Hit)>,
    /// How many patterns binding the value they test (`if let Ok(home) = …`,
    /// `let Some(dir) = … else`) are being visited: a path read there is used.
    binds: usize,
    /// The string literals of the statement being visited.
    stmt_strings: String,
    /// The string visits of the statements being visited whose own strings were not
    /// known ([`Strings`]), innermost last.
    stmt_visits: Vec<Strings>,
    /// Whether the file names sysinfo.
    sysinfo: bool,
    /// In a file naming sysinfo, the tokens of the function being visited, and whether
    /// its read of the whole process table was reported.
    fn_text: String,
    table_reported: bool,
    /// The name of the function or method being visited.
    fn_name: Option<String>,
    /// The runtime the type of the `impl` being visited names (`impl Executor for
    /// CursorAgent`), if any.
    impl_runtime: Option<&'static str>,
    /// Whether the file holds a suppression comment ([`crate::suppress::marked`]).
    marked: bool,
    /// The names the `if` whose condition is being visited only adds to a collection
    /// when they exist (`if p.is_dir() { paths.push(p) }`): their probe keeps the
    /// folders there are, it asks nothing about a runtime.
    collecting: Vec<String>,
    /// How many `if let` conditions being visited bind a value their branch only hands
    /// to a child's environment (`if let Ok(v) = env::var(n) { cmd.env(n, v); }`): a
    /// read passed on, deciding nothing.
    forwards: usize,
    /// The names the function being visited passes whole to a call reading, loading or
    /// removing what they name ([`own_use`]), and its probes' hits of a plain name
    /// (their index in `out.hits`): a probe of a name the function so uses is dropped
    /// once the function is visited.
    own_uses: Vec<String>,
    name_probes: Vec<(usize, String)>,
    /// Whether the file names `/proc`.
    procfs: bool,
    /// Whether the file reads the environment (`env::var`, `env::vars`) or takes a
    /// captured copy of it (`HashMap<String, String>`): only then are getters of it
    /// looked for.
    reads_env: bool,
    /// Whether the function being visited may walk the process table: it names a
    /// parent or a runtime (true outside functions, and in a file naming no `/proc`).
    walks: bool,
    /// In a detecting function, the runtime the branch of the `if` whose condition is
    /// being visited answers when it returns.
    answers: Option<&'static str>,
    /// Round 24: the runtime the branch names where it adds to a collection
    /// (`dirs.push(DetectedClient { client_type: ClientType::Claude, … })`), for a
    /// call of the file's own probe helper in the condition.
    added: Option<&'static str>,
    /// Round 24: the names the function being visited leaves without an answer when
    /// missing ([`leaves_without_answer`]).
    leaving: Vec<String>,
    written: Vec<&'static str>,
}

impl Linter {
    fn visit_local_bound(&mut self, l: &syn::Local) {
        if let (syn::Pat::Ident(p), Some(init)) = (&l.pat, &l.init) {
            let path = self.path_of(&init.expr, 0);
            if path != "{}" && path.contains('/') {
                self.paths.insert(p.ident.to_string(), path);
            } else if let Some(one) = self.list_path(&init.expr) {
                self.path_lists.insert(p.ident.to_string(), one);
            }
        }
        if let Some(init) = &l.init
            && init.diverge.is_some()
        {
            // `let Ok(x) = … else { … }`: the initializer decides (and `x` is its value).
            let bound = usize::from(binding(&l.pat).is_some());
            self.cond += 1;
            self.binds += bound;
            self.visit_expr(&init.expr);
            self.binds -= bound;
            self.cond -= 1;
            if let Some((_, d)) = &init.diverge {
                self.visit_expr(d);
            }
            self.visit_pat(&l.pat);
            return;
        }
        syn::visit::visit_local(self, l);
    }

    fn hit(&mut self, h: Hit) {
        self.out.hits.push(h);
    }

    /// Visits a function's body with its tokens `text` at hand (a file naming sysinfo).
    fn in_fn(&mut self, text: String, visit: impl FnOnce(&mut Self)) {
        let outer = (std::mem::replace(&mut self.fn_text, text), std::mem::take(&mut self.table_reported));
        visit(self);
        (self.fn_text, self.table_reported) = outer;
    }

    /// Issue 47: sysinfo's whole process table read (`System::new_all()`,
    /// `processes()`, `processes_by_name`) in a function that compares what it read to
    /// a runtime's name, once a function: a search of the table for the runtime. A walk
    /// from the parent is reported at `parent()`; a listing comparing no runtime (a
    /// dashboard) decides nothing.
    fn whole_table(&mut self, line: usize, col: usize, what: &str) {
        if !self.table_reported
            && !self.fn_text.contains(". parent ()")
            && crate::indicators::compared_runtime(&self.fn_text).is_some()
        {
            self.table_reported = true;
            self.hit(Hit::process(line, col, what, true));
        }
    }

    /// Notes the lines `node` spans, for a suppression comment above it (only in a file
    /// that holds one: a span costs a walk of the node's tokens).
    fn extent(&mut self, node: &impl Spanned) {
        if self.marked {
            let span = node.span();
            self.out.extents.push((span.start().line, span.end().line));
        }
    }

    /// Expands the first segment of `segs` through the `use` aliases.
    fn expand(&self, segs: &[String]) -> Vec<String> {
        match segs.first().and_then(|s| self.aliases.get(s)) {
            Some(full) => full.iter().cloned().chain(segs[1..].iter().cloned()).collect(),
            None => segs.to_vec(),
        }
    }

    /// Learns the paths the file's functions return (twice over, so one function may
    /// build on another's: `codex_home().map(|h| h.join("auth.json"))`).
    fn learn_returns(&mut self, file: &syn::File) {
        let mut tails = Tails::default();
        tails.visit_file(file);
        for _ in 0..2 {
            for (name, e) in &tails.0 {
                let path = self.path_of(e, 0);
                if path.contains('/') {
                    self.returns.insert(name.clone(), path);
                }
            }
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

    /// The path an expression spells, pieces joined with `/` and `{}` for a piece that
    /// is no literal: literals, constants, `Path::new`, `PathBuf::from`, `.join`,
    /// `format!`, names bound to such paths.
    fn path_of(&self, e: &syn::Expr, depth: usize) -> String {
        if depth > 8 {
            return "{}".to_owned();
        }
        if let Some(v) = self.value(e) {
            return v;
        }
        let out = match e {
            syn::Expr::Path(p) if p.path.segments.len() == 1 => {
                self.paths.get(&p.path.segments[0].ident.to_string()).cloned().unwrap_or_else(|| "{}".to_owned())
            }
            syn::Expr::Reference(r) => self.path_of(&r.expr, depth + 1),
            syn::Expr::Paren(p) => self.path_of(&p.expr, depth + 1),
            syn::Expr::Group(g) => self.path_of(&g.expr, depth + 1),
            syn::Expr::MethodCall(m) => match m.method.to_string().as_str() {
                "join" => {
                    let arg = m.args.first().map_or_else(|| "{}".to_owned(), |a| self.path_of(a, depth + 1));
                    format!("{}/{arg}", self.path_of(&m.receiver, depth + 1))
                }
                "to_path_buf" | "as_path" | "clone" | "to_owned" | "into" | "as_ref" | "unwrap" | "expect" | "ok" => {
                    self.path_of(&m.receiver, depth + 1)
                }
                // The folders of a runtime's base directories (`xdg`'s
                // `BaseDirectories::with_prefix("opencode").get_data_home()`).
                name if name.starts_with("get_") && name.ends_with("_home") && m.args.is_empty() => {
                    self.path_of(&m.receiver, depth + 1)
                }
                // `home_dir().map(|h| h.join(".codex"))`: what the closure returns, its
                // parameter standing for the receiver's path
                // (`codex_home().map(|home| home.join("auth.json"))`).
                "map" | "and_then" | "map_or_else" | "unwrap_or_else" => {
                    let body = m.args.iter().find_map(|a| match a {
                        syn::Expr::Closure(c) => Some(self.path_of(&c.body, depth + 1)),
                        _ => None,
                    });
                    let receiver = self.path_of(&m.receiver, depth + 1);
                    match body {
                        Some(b) if receiver.contains('/') && b.starts_with("{}/") => format!("{receiver}{}", &b[2..]),
                        Some(b) => b,
                        // `.map(PathBuf::from)`: the same path.
                        None => receiver,
                    }
                }
                // `self.settings_path()`: what the file's method returns.
                name if m.args.is_empty() && is_self(&m.receiver) => {
                    self.returns.get(name).cloned().unwrap_or_else(|| "{}".to_owned())
                }
                _ => "{}".to_owned(),
            },
            syn::Expr::Call(c) => match &*c.func {
                syn::Expr::Path(p)
                    if p.path
                        .segments
                        .last()
                        .is_some_and(|s| matches!(s.ident.to_string().as_str(), "new" | "from" | "Some" | "Ok")) =>
                {
                    c.args.first().map_or_else(|| "{}".to_owned(), |a| self.path_of(a, depth + 1))
                }
                // `std::env::var("XDG_CONFIG_HOME")`: the base directory it names.
                syn::Expr::Path(p)
                    if p.path.segments.last().is_some_and(|s| s.ident == "var" || s.ident == "var_os")
                        && c.args.first().and_then(|a| self.value(a)).is_some_and(|v| xdg_home(&v).is_some()) =>
                {
                    c.args.first().and_then(|a| self.value(a)).and_then(|v| xdg_home(&v)).unwrap_or("{}").to_owned()
                }
                // `dirs::home_dir()`, `std::env::home_dir()`: the home directory.
                syn::Expr::Path(p)
                    if c.args.is_empty() && p.path.segments.last().is_some_and(|s| s.ident == "home_dir") =>
                {
                    "~".to_owned()
                }
                // `BaseDirectories::with_prefix("opencode")`: that program's base folders.
                syn::Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "with_prefix") => {
                    let name = c.args.first().and_then(|a| self.value(a)).unwrap_or_else(|| "{}".to_owned());
                    format!("~/.config/{name}")
                }
                // `codex_home()`, `Self::config_path()`: what the file's function returns.
                syn::Expr::Path(p)
                    if c.args.is_empty()
                        && (p.path.segments.len() == 1
                            || (p.path.segments.len() == 2 && p.path.segments[0].ident == "Self")) =>
                {
                    let name = p.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
                    self.returns.get(&name).cloned().unwrap_or_else(|| "{}".to_owned())
                }
                _ => "{}".to_owned(),
            },
            syn::Expr::Macro(m) if m.mac.path.is_ident("format") => {
                let first = m.mac.tokens.clone().into_iter().next();
                match first {
                    Some(proc_macro2::TokenTree::Literal(l)) => syn::parse_str::<syn::LitStr>(&l.to_string())
                        .map_or_else(|_| "{}".to_owned(), |s| placeholders(&s.value())),
                    _ => "{}".to_owned(),
                }
            }
            _ => "{}".to_owned(),
        };
        out.chars().take(MAX_PATH).collect()
    }

    /// Whether a read through a lookup or getter of the name `arg` stands for counts: it
    /// names no path's variable, or it decides.
    fn decides_or_names_no_path(&self, arg: &syn::Expr) -> bool {
        self.cond > 0
            || self.presence > 0
            || self.value(arg).is_none_or(|v| !(crate::indicators::is_path_var(&v) || has_path_suffix(&v)))
    }

    /// Issue 47, round 15: the path of a list of paths (`[home.join(".claude"),
    /// home.join(".config/claude")]`, `vec![…]`, a name bound to one, `.iter()` of it)
    /// that stands for the list in a loop or a closure over it: one whose runtime's
    /// folder the list names ([`crate::indicators::runtime_dir_of_list`]).
    fn list_path(&self, e: &syn::Expr) -> Option<String> {
        let items: Vec<&syn::Expr> = match e {
            syn::Expr::Array(a) => a.elems.iter().take(64).collect(),
            syn::Expr::Reference(r) => return self.list_path(&r.expr),
            syn::Expr::Paren(p) => return self.list_path(&p.expr),
            syn::Expr::MethodCall(m)
                if m.args.is_empty() && matches!(m.method.to_string().as_str(), "iter" | "into_iter" | "to_vec") =>
            {
                return self.list_path(&m.receiver);
            }
            syn::Expr::Path(p) => return p.path.get_ident().and_then(|i| self.path_lists.get(&i.to_string())).cloned(),
            syn::Expr::Macro(m) if m.mac.path.is_ident("vec") => {
                let parsed =
                    m.mac.parse_body_with(syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated);
                let elems = parsed.ok()?;
                let paths: Vec<String> = elems.iter().take(64).map(|x| self.path_of(first_of_pair(x), 0)).collect();
                return representative(&paths);
            }
            _ => return None,
        };
        let paths: Vec<String> = items.into_iter().map(|x| self.path_of(first_of_pair(x), 0)).collect();
        representative(&paths)
    }

    /// A read of the environment by the name `arg` stands for: a literal or a
    /// constant's, or each name of the tables it is drawn from.
    fn env_read(&mut self, arg: &syn::Expr) {
        if self.forwards > 0 {
            return;
        }
        if self.value(arg).is_none() {
            self.listed_read(arg);
        }
        if let Some(name) = self.value(arg) {
            let (line, col) = line_col(arg.span());
            // A path variable whose value a pattern binds (`if let Ok(home) =
            // env::var("CODEX_HOME")`) is used as the path, not tested.
            let used = self.binds > 0 && self.presence == 0 && has_path_suffix(&name);
            let decides = (self.cond > 0 || self.presence > 0) && !used;
            if is_indicator_var(&name) {
                self.hit(Hit::var_read(line, col, &name, true, decides));
            } else if let Some(prefix) =
                vendor_prefix(&name).filter(|_| decides || crate::indicators::session_shaped(&name))
            {
                self.hit(Hit::vendor_var(line, col, &name, prefix, true));
            } else if let (Some(prefix), Some(bound)) = (vendor_prefix(&name), self.let_name.clone()) {
                // `let sid = env::var("CLAUDECODE_SESSION_ID").ok();` then `sid.is_some()`.
                self.stored.push((bound, Hit::vendor_var(line, col, &name, prefix, true)));
            } else if let Some(r) = EDITOR_VARS
                .contains(&name.as_str())
                .then(|| self.stmt_strings.split(' ').find_map(literal_runtime))
                .flatten()
            {
                self.hit(Hit::editor_var(line, col, &name, r, true));
            }
        }
    }

    /// A read of the environment by a name no literal spells: each name of the tables
    /// the statement names (`NAMES.iter().find_map(|n| std::env::var(n).ok())`), or,
    /// where it names none, the function or a function calling it names (`RULES`
    /// read through `holds(env, check)`), at its place in the table; a field read
    /// (`env.get(check.name)`) reads only the names that field holds.
    fn listed_read(&mut self, arg: &syn::Expr) {
        let field = field_of(arg);
        let decides = self.cond > 0 || self.presence > 0;
        if self.stmt_lists.is_empty() {
            if let Some(f) = self.fn_name.clone()
                && self.pending.len() < 256
            {
                self.pending.push((f, field, decides));
            }
            return;
        }
        let from = self.stmt_lists.clone();
        self.read_lists(&from, field.as_deref(), decides);
    }

    /// Reports the names of the tables `from` hold (those in `field` fields, if given).
    fn read_lists(&mut self, from: &[String], field: Option<&str>, decides: bool) {
        let names: Vec<crate::rust_lookups::Listed> = from
            .iter()
            .filter_map(|l| self.lists.get(l))
            .flatten()
            .filter(|(_, _, f)| field.is_none() || f.as_deref() == field)
            .cloned()
            .collect();
        for (name, at, _) in names {
            if self.listed.contains(&at) {
                continue;
            }
            if is_indicator_var(&name) {
                self.listed.push(at);
                self.hit(Hit::var_read(at.0, at.1, &name, true, decides));
            } else if let Some(prefix) = vendor_prefix(&name).filter(|_| decides) {
                self.listed.push(at);
                self.hit(Hit::vendor_var(at.0, at.1, &name, prefix, true));
            }
        }
    }

    /// The pending reads ([`Linter::pending`]): each reads the tables its function, or
    /// a function calling it, names.
    fn resolve_pending(&mut self) {
        for (f, field, decides) in std::mem::take(&mut self.pending) {
            let callers = self.calls.iter().filter(|(c, callees)| **c != f && callees.contains(&f)).map(|(c, _)| c);
            let from: Vec<String> = std::iter::once(&f)
                .chain(callers)
                .filter_map(|c| self.named_lists.get(c))
                .flatten()
                .cloned()
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            self.read_lists(&from, field.as_deref(), decides);
        }
    }

    /// A probe through an injected function of the path `arg` stands for: a literal's,
    /// or each path of the tables the statement names.
    fn injected_probe(&mut self, arg: &syn::Expr) {
        let path = self.path_of(arg, 0);
        if path != "{}" {
            self.probe(arg.span(), &path);
            return;
        }
        let paths: Vec<crate::rust_lookups::Listed> =
            self.stmt_lists.iter().filter_map(|l| self.lists.get(l)).flatten().cloned().collect();
        for (p, (line, col), _) in paths {
            if let Some(hit) = path_hit(&p)
                && !self.listed.contains(&(line, col))
            {
                self.listed.push((line, col));
                self.hit(Hit::path(line, col, hit, true));
            }
        }
    }

    /// A probe, at `span`, of the path `path` spells.
    fn probe(&mut self, span: Span, path: &str) {
        if let Some(hit) = path_hit(path).or_else(|| crate::indicators::own_file_within(path).map(PathHit::Indicator)) {
            if hit == PathHit::Proc && !self.walks {
                return;
            }
            let (line, col) = line_col(span);
            self.hit(Hit::path(line, col, hit, true));
        } else if let Some(dir) = crate::indicators::unknown_home_dir(path)
            && let Some(f) = self.fn_name.as_deref().filter(|f| crate::indicators::is_detector(f))
        {
            // A hidden folder under home probed in a function named for detecting an
            // installation: a runtime hal does not know.
            let (line, col) = line_col(span);
            let h = Hit::unknown_dir(line, col, &dir, f, true);
            self.hit(h);
        } else if let Some(dir) = crate::indicators::runtime_dir_within(path)
            && crate::indicators::names_its_runtime(path)
            && self.fn_name.as_deref().is_some_and(crate::indicators::is_detector)
        {
            // A path inside a runtime's folder probed in a function named for
            // detecting an installation.
            let (line, col) = line_col(span);
            self.hit(Hit::path(line, col, PathHit::Indicator(dir), true));
        } else if let Some(runtime) = self.answers.or(self.impl_runtime.filter(|_| self.availability_fn()))
            && let Some(f) = self.fn_name.clone()
        {
            // A path no literal spells probed in a detecting function whose branch
            // answers a runtime when it exists.
            let (line, col) = line_col(span);
            self.hit(Hit::answering_probe(line, col, runtime, &f, true));
        }
    }

    /// Round 17: whether the function being visited is named for an installation's
    /// availability (`get_availability_info`, `is_installed`, `detect`): in an `impl`
    /// for a runtime's type, a probe there answers whether that runtime is installed.
    fn availability_fn(&self) -> bool {
        self.fn_name.as_deref().is_some_and(|f| {
            crate::indicators::is_detector(f) || crate::indicators::name_words(f).iter().any(|w| w == "availability")
        })
    }

    /// Visits a function named `name` with `visit`.
    fn named_fn(&mut self, name: &syn::Ident, body: &syn::Block, visit: impl FnOnce(&mut Self)) {
        let f = name.to_string();
        // `/proc` read in a function naming no parent and no runtime (by name or by a
        // variable of one): the process's own status (its umask, its start time), a
        // known pid's liveness, the platform.
        let walks = !self.procfs || {
            let text = quote_text_of(body);
            crate::indicators::may_walk_the_table(&format!("{f} {text}")) && !crate::indicators::walks_down(&f, &text)
        };
        let given = if self.lookups.injected.is_empty() { BTreeMap::new() } else { self.lookups.given_to(&f) };
        let outer = (
            self.fn_name.replace(f),
            std::mem::replace(&mut self.given, given),
            std::mem::take(&mut self.own_uses),
            std::mem::take(&mut self.name_probes),
            std::mem::replace(&mut self.walks, walks),
        );
        let bound = self.bound_lists.len();
        let leaving = std::mem::take(&mut self.leaving);
        visit(self);
        // Round 24: a folder the function leaves without an answer where it is missing,
        // then works under (`claude_dir.join("rules")`).
        if !self.leaving.is_empty() {
            let text = quote_text_of(body);
            let under: Vec<String> =
                self.leaving.drain(..).filter(|n| text.contains(&format!("{n} . join ("))).collect();
            self.own_uses.extend(under);
        }
        self.leaving = leaving;
        // The probes of a name the function then reads, loads or removes itself.
        let dropped: Vec<usize> =
            self.name_probes.iter().filter(|(_, n)| self.own_uses.contains(n)).map(|(i, _)| *i).collect();
        if !dropped.is_empty() {
            let mut i = 0;
            self.out.hits.retain(|_| {
                i += 1;
                !dropped.contains(&(i - 1))
            });
        }
        let (fn_name, given, own_uses, name_probes, walks) = outer;
        (self.fn_name, self.given, self.own_uses, self.name_probes, self.walks) =
            (fn_name, given, own_uses, name_probes, walks);
        self.unbind_to(bound);
    }

    /// Whether the tokens `body` read the environment by the name `param` holds:
    /// `std::env::var(param)`, or through a name of the function standing for the
    /// environment (`env.get(param)`) or a getter of it (`get(param)`).
    fn reads_the_environment_by(&self, body: &str, param: &str) -> bool {
        let by = |call: &str| [format!("{call} ({param}"), format!("{call} (& {param}")];
        by("env :: var").iter().chain(&by("env :: var_os")).any(|p| body.contains(p.as_str()))
            || self.given.iter().filter(|(_, w)| **w == Injected::Env).any(|(g, _)| {
                by(&format!("{g} . get")).iter().chain(&by(g)).any(|p| {
                    body.match_indices(p.as_str())
                        .any(|(i, _)| !body[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_'))
                })
            })
    }

    /// Undoes the bindings of names to tables made since there were `bound`.
    fn unbind_to(&mut self, bound: usize) {
        while self.bound_lists.len() > bound {
            if let Some((name, shadowed)) = self.bound_lists.pop() {
                match shadowed {
                    Some(l) => self.lists.insert(name, l),
                    None => self.lists.remove(&name),
                };
            }
        }
    }

    /// Binds the name `name` to the names of a table in the function being visited
    /// (`let names = SESSIONS.iter().find(…)…`, `for var in ["AGENT", "AI_AGENT"]`).
    fn bind_list(&mut self, name: String, entries: Vec<crate::rust_lookups::Listed>) {
        if self.fn_name.is_some() && !entries.is_empty() && self.bound_lists.len() < 256 {
            let shadowed = self.lists.insert(name.clone(), entries);
            self.bound_lists.push((name, shadowed));
        }
    }

    fn wrote(&mut self, path: &str) {
        if let Some(PathHit::Indicator(ind)) = path_hit(path) {
            self.written.push(ind);
        }
    }

    fn collect_use(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.collect_use(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let mut full = prefix.clone();
                full.push(n.ident.to_string());
                self.record_use(n.ident.to_string(), full);
            }
            syn::UseTree::Rename(r) => {
                let mut full = prefix.clone();
                full.push(r.ident.to_string());
                self.record_use(r.rename.to_string(), full);
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.collect_use(prefix, t);
                }
            }
            syn::UseTree::Glob(_) => {}
        }
    }

    fn record_use(&mut self, local: String, full: Vec<String>) {
        let full = if full.first().is_some_and(|f| f == "self") { full[1..].to_vec() } else { full };
        let full = self.expand(&full);
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
            if let Some(arg) = args.first() {
                self.env_read(arg);
            }
        } else if std_env
            && matches!(last, "vars" | "vars_os")
            && self.stmt_strings.split(' ').any(|s| crate::indicators::scanned_name(s).is_some())
        {
            // A scan of every variable looking for a runtime's name or prefix; one
            // keeping `PATH`, `HOME` and the locale for a child's environment, or
            // logging proxies, looks for none.
            let (line, col) = line_col(func.span());
            self.hit(Hit::all_vars(line, col, &full.join("::")));
        } else if parent == "Command" && last == "new" {
            if let Some(arg) = args.first()
                && let Some(prog) = self.value(arg)
                && let Some(what) = process_command(&format!("{prog} {}", self.stmt_strings))
            {
                let (line, col) = line_col(arg.span());
                self.hit(Hit::process(line, col, &format!("Command::new(\"{what}\")"), true));
            }
        } else if matches!(parent, "fs" | "File" | "Path" | "PathBuf" | "tokio") {
            let Some(arg) = args.first() else { return };
            if PROBE_FNS.contains(&last) || READ_FNS.contains(&last) {
                // A read decides only in a condition; a read of `/proc/<pid>` is the
                // detection itself.
                let path = self.path_of(arg, 0);
                // A read whose pattern binds what it read (`let Ok(text) =
                // fs::read_to_string(p) else { return false }`) reads the contents, to
                // use them; a failed read is no answer.
                if PROBE_FNS.contains(&last)
                    || (self.cond > 0 && self.binds == 0)
                    || path_hit(&path) == Some(PathHit::Proc)
                    || crate::indicators::is_own_file(&path)
                {
                    self.probe(arg.span(), &path);
                }
            } else if WRITE_FNS.contains(&last) {
                let target =
                    if matches!(last, "copy" | "rename" | "hard_link") { args.iter().nth(1) } else { Some(arg) };
                if let Some(t) = target {
                    let path = self.path_of(t, 0);
                    self.wrote(&path);
                }
            }
        }
    }
}

/// The home-relative folder an XDG base directory variable names by default
/// (`XDG_CONFIG_HOME` → `~/.config`).
pub(crate) fn xdg_home(var: &str) -> Option<&'static str> {
    match var {
        "XDG_CONFIG_HOME" => Some("~/.config"),
        "XDG_DATA_HOME" => Some("~/.local/share"),
        "XDG_STATE_HOME" => Some("~/.local/state"),
        "XDG_CACHE_HOME" => Some("~/.cache"),
        _ => None,
    }
}

/// The path of `paths` that stands for the list: one inside the runtime's folder the
/// list names ([`crate::indicators::runtime_dir_of_list`]), if it names one.
fn representative(paths: &[String]) -> Option<String> {
    let dir = crate::indicators::runtime_dir_of_list(paths.iter().map(String::as_str))?;
    paths.iter().find(|p| path_hit(p) == Some(PathHit::Indicator(dir))).cloned()
}

/// The first of a pair (`(format!("{}/.claude/local/claude", home), "claude-local")`, a
/// path with its label), else `x`.
fn first_of_pair(x: &syn::Expr) -> &syn::Expr {
    match x {
        syn::Expr::Tuple(t) => t.elems.first().unwrap_or(x),
        _ => x,
    }
}

/// The name a pattern like `Ok(name)` or `Some(name)` binds, if it binds one.
fn binding(pat: &syn::Pat) -> Option<String> {
    match pat {
        syn::Pat::TupleStruct(t) => match t.elems.iter().collect::<Vec<_>>().as_slice() {
            [syn::Pat::Ident(p)] => Some(p.ident.to_string()),
            _ => None,
        },
        _ => None,
    }
}

/// The names the `let` patterns of a condition bind (`let Ok(home) = … && …`).
fn let_bindings(e: &syn::Expr, out: &mut Vec<String>) {
    match e {
        syn::Expr::Let(l) => out.extend(binding(&l.pat)),
        syn::Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) => {
            let_bindings(&b.left, out);
            let_bindings(&b.right, out);
        }
        syn::Expr::Paren(p) => let_bindings(&p.expr, out),
        _ => {}
    }
}

/// The field a name is read from (`check.name`, `&rule.var`, `*r.var`), if one.
fn field_of(e: &syn::Expr) -> Option<String> {
    match e {
        syn::Expr::Field(f) => match &f.member {
            syn::Member::Named(i) => Some(i.to_string()),
            syn::Member::Unnamed(i) => Some(i.index.to_string()),
        },
        syn::Expr::Reference(r) => field_of(&r.expr),
        syn::Expr::Unary(u) => field_of(&u.expr),
        syn::Expr::Paren(p) => field_of(&p.expr),
        _ => None,
    }
}

/// Whether `e` is `self`.
fn is_self(e: &syn::Expr) -> bool {
    matches!(e, syn::Expr::Path(p) if p.path.is_ident("self"))
}

/// Methods of `Option` and `Result` whose closure is given the value inside:
/// `path.is_some_and(|p| p.exists())` probes `path`.
const PASSING_METHODS: &[&str] =
    &["map", "and_then", "is_some_and", "is_ok_and", "is_none_or", "map_or", "map_or_else", "filter", "inspect"];

/// The one name a closure takes, if it takes one plain name.
fn closure_param(c: &syn::ExprClosure) -> Option<String> {
    match c.inputs.iter().collect::<Vec<_>>().as_slice() {
        [syn::Pat::Ident(p)] => Some(p.ident.to_string()),
        [syn::Pat::Type(t)] => match &*t.pat {
            syn::Pat::Ident(p) => Some(p.ident.to_string()),
            _ => None,
        },
        _ => None,
    }
}

/// A format string with each `{…}` placeholder written `{}`.
fn placeholders(fmt: &str) -> String {
    let mut out = String::new();
    let mut in_braces = false;
    for c in fmt.chars() {
        match (c, in_braces) {
            ('{', false) => {
                in_braces = true;
                out.push_str("{}");
            }
            ('}', true) => in_braces = false,
            (_, true) => {}
            (c, false) => out.push(c),
        }
    }
    out
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
        self.extent(i);
        match (i, self.sysinfo) {
            (syn::Item::Fn(f), true) => {
                self.named_fn(&f.sig.ident, &f.block, |l| {
                    l.in_fn(quote_text_of(&f.block), |l| syn::visit::visit_item(l, i));
                });
            }
            (syn::Item::Fn(f), false) => self.named_fn(&f.sig.ident, &f.block, |l| syn::visit::visit_item(l, i)),
            _ => syn::visit::visit_item(self, i),
        }
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        let named = match &*i.self_ty {
            syn::Type::Path(t) => t.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        };
        let runtime = named.as_deref().and_then(crate::indicators::camel_first_word_runtime);
        let outer = std::mem::replace(&mut self.impl_runtime, runtime);
        syn::visit::visit_item_impl(self, i);
        self.impl_runtime = outer;
    }

    fn visit_impl_item(&mut self, i: &'ast syn::ImplItem) {
        self.extent(i);
        match (i, self.sysinfo) {
            (syn::ImplItem::Fn(f), true) => self.named_fn(&f.sig.ident, &f.block, |l| {
                l.in_fn(quote_text_of(&f.block), |l| syn::visit::visit_impl_item(l, i));
            }),
            (syn::ImplItem::Fn(f), false) => {
                self.named_fn(&f.sig.ident, &f.block, |l| syn::visit::visit_impl_item(l, i));
            }
            _ => syn::visit::visit_impl_item(self, i),
        }
    }

    fn visit_stmt(&mut self, s: &'ast syn::Stmt) {
        self.extent(s);
        // A statement inside one whose strings were visited reads its own from them.
        let known = self.stmt_visits.last().and_then(|v| v.of(s)).map(str::to_owned);
        let visited = known.is_none();
        let strings = known.unwrap_or_else(|| {
            let mut strings = Strings::default();
            strings.visit_stmt(s);
            strings.stmts.sort_unstable_by_key(|(a, _)| *a);
            let text = strings.text.clone();
            self.stmt_visits.push(strings);
            text
        });
        let outer = std::mem::replace(&mut self.stmt_strings, strings);
        let mut named = ListNames { lists: &self.lists, found: Vec::new() };
        if !self.lists.is_empty() {
            named.visit_stmt(s);
        }
        // A statement inside one naming tables (`for &(var, ..) in MARKERS { if
        // lookup(var).is_some() { … } }`) reads them where it names none itself.
        if !named.found.is_empty()
            && let Some(f) = &self.fn_name
        {
            self.named_lists.entry(f.clone()).or_default().extend(named.found.iter().cloned());
        }
        let found = if named.found.is_empty() { self.stmt_lists.clone() } else { named.found };
        let outer_lists = std::mem::replace(&mut self.stmt_lists, found);
        syn::visit::visit_stmt(self, s);
        if visited {
            self.stmt_visits.pop();
        }
        self.stmt_strings = outer;
        self.stmt_lists = outer_lists;
    }

    fn visit_expr_path(&mut self, e: &'ast syn::ExprPath) {
        if (self.cond > 0 || self.presence > 0)
            && !self.stored.is_empty()
            && let Some(name) = e.path.get_ident().map(ToString::to_string)
            && let Some(i) = self.stored.iter().position(|(n, _)| *n == name)
        {
            let (_, hit) = self.stored.swap_remove(i);
            self.hit(hit);
        }
        syn::visit::visit_expr_path(self, e);
    }

    fn visit_local(&mut self, l: &'ast syn::Local) {
        let bound = match &l.pat {
            syn::Pat::Ident(p) => Some(p.ident.to_string()),
            syn::Pat::Type(t) => match &*t.pat {
                syn::Pat::Ident(p) => Some(p.ident.to_string()),
                _ => None,
            },
            _ => None,
        };
        if let (Some(name), Some(init)) = (&bound, &l.init) {
            if let syn::Expr::Closure(c) = &*init.expr
                && self.reads_env
                && let Some(param) = closure_param(c)
                && self.reads_the_environment_by(&quote_text(&c.body), &param)
            {
                // `let get = |key: &str| env.get(key).cloned();`: a getter of the
                // environment (or of a captured copy).
                self.given.insert(name.clone(), Injected::Env);
            } else if self.reads_env && collects_env_vars(&init.expr) {
                // `let env: HashMap<_, _> = std::env::vars().collect();`
                self.given.insert(name.clone(), Injected::Env);
            } else if !self.stmt_lists.is_empty() && self.value(&init.expr).is_none() {
                let entries: Vec<crate::rust_lookups::Listed> =
                    self.stmt_lists.iter().filter_map(|n| self.lists.get(n)).flatten().cloned().collect();
                self.bind_list(name.clone(), entries);
            }
        }
        let outer = std::mem::replace(&mut self.let_name, bound);
        self.visit_local_bound(l);
        self.let_name = outer;
    }

    fn visit_expr_for_loop(&mut self, e: &'ast syn::ExprForLoop) {
        // `for var in ["AGENT", "AI_AGENT"] { … env(var) … }`: `var` stands for them in
        // the loop.
        let bound = self.bound_lists.len();
        if let syn::Pat::Ident(p) = &*e.pat
            && let Some((entries, _)) = crate::rust_lookups::table(&e.expr)
        {
            self.bind_list(p.ident.to_string(), entries);
        }
        // `for p in [home.join(".claude"), …] { if p.exists() … }`: `p` stands for the
        // runtime's paths in the loop.
        // `for (path, source) in paths_to_check`: the first of each pair, round 17.
        let first = match &*e.pat {
            syn::Pat::Tuple(t) => t.elems.first(),
            pat => Some(pat),
        };
        let path = match first {
            Some(syn::Pat::Ident(p)) => self.list_path(&e.expr).map(|one| (p.ident.to_string(), one)),
            _ => None,
        };
        let outer = path.as_ref().map(|(name, one)| (name.clone(), self.paths.insert(name.clone(), one.clone())));
        syn::visit::visit_expr_for_loop(self, e);
        self.unbind_to(bound);
        if let Some((name, before)) = outer {
            match before {
                Some(p) => self.paths.insert(name, p),
                None => self.paths.remove(&name),
            };
        }
    }

    fn visit_expr_if(&mut self, e: &'ast syn::ExprIf) {
        // `if let Ok(home) = env::var(…) { … home … }`: the branch uses the value.
        let mut lets = Vec::new();
        let_bindings(&e.cond, &mut lets);
        let used = !lets.is_empty() && {
            let branch = quote_text_of(&e.then_branch);
            lets.iter().any(|n| branch.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == n))
        };
        let mut collected = if e.else_branch.is_none() { collected_names(&e.then_branch) } else { Vec::new() };
        collected.extend(read_in_branch(&e.cond, &e.then_branch));
        let outer = std::mem::replace(&mut self.collecting, collected);
        // Round 24: `if !claude_dir.exists() { return Ok(None); }` before the function
        // works under the folder (`claude_dir.join("rules")`): its own work, no answer.
        if let Some(name) = leaves_without_answer(e)
            && self.fn_name.is_some()
            && self.leaving.len() < 64
        {
            self.leaving.push(name);
        }
        let detector = self.fn_name.as_deref().is_some_and(crate::indicators::is_detector);
        let answer = detector.then(|| answered_runtime(&e.then_branch, false)).flatten();
        let added = detector.then(|| answered_runtime(&e.then_branch, true)).flatten();
        let outer_answer = std::mem::replace(&mut self.answers, answer);
        let outer_added = std::mem::replace(&mut self.added, added);
        let forwards = usize::from(used && only_forwards(&e.then_branch, &lets));
        self.cond += 1;
        self.binds += usize::from(used);
        self.forwards += forwards;
        self.visit_expr(&e.cond);
        self.forwards -= forwards;
        self.binds -= usize::from(used);
        self.cond -= 1;
        self.collecting = outer;
        self.answers = outer_answer;
        self.added = outer_added;
        self.visit_block(&e.then_branch);
        if let Some((_, els)) = &e.else_branch {
            self.visit_expr(els);
        }
    }

    fn visit_expr_while(&mut self, e: &'ast syn::ExprWhile) {
        self.cond += 1;
        self.visit_expr(&e.cond);
        self.cond -= 1;
        self.visit_block(&e.body);
    }

    fn visit_expr_match(&mut self, e: &'ast syn::ExprMatch) {
        // `match fs::read_to_string(p) { Ok(text) => text, Err(_) => … }`: an arm binds
        // the value.
        let bound = usize::from(e.arms.iter().any(|a| {
            matches!(&a.pat, syn::Pat::TupleStruct(t) if t.elems.len() == 1 && matches!(t.elems.first(), Some(syn::Pat::Ident(_))))
        }));
        self.cond += 1;
        self.binds += bound;
        self.visit_expr(&e.expr);
        self.binds -= bound;
        self.cond -= 1;
        for arm in &e.arms {
            self.visit_arm(arm);
        }
    }

    fn visit_expr_closure(&mut self, c: &'ast syn::ExprClosure) {
        let outer = std::mem::take(&mut self.cond);
        syn::visit::visit_expr_closure(self, c);
        self.cond = outer;
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.collect_use(&mut Vec::new(), &u.tree);
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        if self.fn_name.is_some()
            && let Some(name) = own_use(call)
            && self.own_uses.len() < 64
        {
            self.own_uses.push(name);
        }
        if !self.lists.is_empty()
            && let syn::Expr::Path(func) = &*call.func
            && let Some(f) = &self.fn_name
            && let Some(callee) = func.path.segments.last().filter(|_| func.path.segments.len() <= 2)
        {
            self.calls.entry(f.clone()).or_default().insert(callee.ident.to_string());
        }
        if let syn::Expr::Path(func) = &*call.func
            && !self.given.is_empty()
            && let Some(what) = func.path.get_ident().and_then(|i| self.given.get(&i.to_string()).copied())
            && let Some(arg) = call.args.first()
        {
            // `lookup("CURSOR_TRACE_ID")`, `present(file)`: an injected lookup (a path's
            // variable only where it decides: a lookup's value is mostly kept).
            match what {
                Injected::Env if self.decides_or_names_no_path(arg) => self.env_read(arg),
                Injected::Env => {}
                Injected::Probe => self.injected_probe(arg),
            }
        } else if let syn::Expr::Path(func) = &*call.func
            && !self.lookups.getters.is_empty()
            && let Some(i) = func
                .path
                .segments
                .last()
                .filter(|_| func.path.segments.len() == 1 || func.path.segments[0].ident == "Self")
                .and_then(|s| self.lookups.getters.get(&s.ident.to_string()).copied())
            && let Some(arg) = call.args.iter().nth(i)
            && self.decides_or_names_no_path(arg)
        {
            // `get_nonempty("CODEX_THREAD_ID")`: the file's getter of the environment (a
            // path's variable only where it decides: a getter's value is mostly kept).
            self.env_read(arg);
        } else if let syn::Expr::Path(func) = &*call.func
            && self.cond > 0
            && let Some(arg) = call.args.first()
            && func
                .path
                .segments
                .last()
                .filter(|_| func.path.segments.len() == 1 || func.path.segments[0].ident == "Self")
                .is_some_and(|s| self.probe_helpers.contains(&s.ident.to_string()))
        {
            // Round 24: `if Self::create_if_parent_exists(&claude)`, the file's own probe
            // of the path it is given, deciding where its branch answers a runtime.
            let path = self.path_of(arg, 0);
            let answers = self.answers;
            self.answers = answers.or(self.added);
            self.probe(arg.span(), &path);
            self.answers = answers;
        } else if let syn::Expr::Path(func) = &*call.func
            && !func.path.segments.is_empty()
        {
            self.call(&func.path, &call.args);
            let names = segments(&func.path);
            if self.sysinfo && names.ends_with(&["System".to_owned(), "new_all".to_owned()]) {
                let (line, col) = line_col(func.path.segments.last().map_or_else(|| func.span(), |s| s.ident.span()));
                self.whole_table(line, col, "sysinfo System::new_all");
            }
        }
        syn::visit::visit_expr_call(self, call);
    }

    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        let method = m.method.to_string();
        // Round 17: `paths.extend(vec![(format!("{}/.claude/local/claude", home), …), …])`:
        // the list grown stands for its runtime's paths, as one bound whole does.
        if method == "extend"
            && let syn::Expr::Path(r) = &*m.receiver
            && let Some(name) = r.path.get_ident().map(ToString::to_string)
            && !self.path_lists.contains_key(&name)
            && let Some(one) = m.args.first().and_then(|a| self.list_path(a))
        {
            self.path_lists.insert(name, one);
        }
        // `env.get("CLAUDECODE")`, `env.contains_key(check.name)` on a captured
        // environment.
        if !self.given.is_empty()
            && matches!(method.as_str(), "get" | "contains_key" | "get_key_value")
            && let syn::Expr::Path(r) = &*m.receiver
            && r.path.get_ident().is_some_and(|i| self.given.get(&i.to_string()) == Some(&Injected::Env))
            && let Some(arg) = m.args.first()
        {
            let presence = usize::from(method == "contains_key");
            self.presence += presence;
            self.env_read(arg);
            self.presence -= presence;
        }
        let kept = matches!(&*m.receiver, syn::Expr::Path(r) if r.path.get_ident()
            .is_some_and(|i| self.collecting.iter().any(|c| i == c)));
        if PROBE_METHODS.contains(&method.as_str()) && !kept {
            let path = self.path_of(&m.receiver, 0);
            let before = self.out.hits.len();
            self.probe(m.receiver.span(), &path);
            if self.out.hits.len() > before
                && let Some(name) = plain_name(&m.receiver)
            {
                self.name_probes.push((before, name));
            }
        } else if self.sysinfo
            && matches!(method.as_str(), "processes" | "processes_by_name" | "processes_by_exact_name")
        {
            let (line, col) = line_col(m.method.span());
            self.whole_table(line, col, "sysinfo System::processes");
        } else if self.sysinfo && method == "parent" && m.args.is_empty() {
            let receiver = quote_text(&m.receiver).to_ascii_lowercase();
            if !["path", "dir", "file", "cwd", "root"].iter().any(|w| receiver.contains(w)) {
                let (line, col) = line_col(m.method.span());
                self.hit(Hit::process(line, col, "sysinfo Process::parent", true));
            }
        }
        // The closure of `path.is_some_and(|p| p.exists())` is given `path`; of
        // `candidates.iter().any(|p| p.exists())`, each path of the list.
        let bound = PASSING_METHODS
            .contains(&method.as_str())
            .then(|| {
                let path = self.path_of(&m.receiver, 0);
                (path.contains('/') || path == "~").then_some(path)
            })
            .flatten()
            .or_else(|| {
                matches!(method.as_str(), "any" | "all" | "find" | "filter" | "position" | "find_map" | "filter_map")
                    .then(|| self.list_path(&m.receiver))
                    .flatten()
            })
            .and_then(|path| {
                m.args
                    .iter()
                    .find_map(|a| match a {
                        syn::Expr::Closure(c) => closure_param(c),
                        _ => None,
                    })
                    .map(|name| {
                        let outer = self.paths.insert(name.clone(), path);
                        (name, outer)
                    })
            });
        if PRESENCE_METHODS.contains(&method.as_str()) {
            self.presence += 1;
            syn::visit::visit_expr_method_call(self, m);
            self.presence -= 1;
        } else {
            syn::visit::visit_expr_method_call(self, m);
        }
        if let Some((name, outer)) = bound {
            match outer {
                Some(p) => self.paths.insert(name, p),
                None => self.paths.remove(&name),
            };
        }
    }

    fn visit_expr_let(&mut self, e: &'ast syn::ExprLet) {
        // `if let Some(path) = auth_path`: `path` is the path `auth_path` is.
        let bound = binding(&e.pat);
        if let Some(name) = &bound {
            let path = self.path_of(&e.expr, 0);
            if path.contains('/') {
                self.paths.insert(name.clone(), path);
            }
        }
        syn::visit::visit_expr_let(self, e);
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

/// The tokens of a function's body, as text.
/// Methods that add their argument to a collection.
const ADDING_METHODS: &[&str] = &["push", "insert", "push_back", "extend"];
/// Methods that give a path's own copy (`p.clone()`).
const COPY_METHODS: &[&str] = &["clone", "to_path_buf", "to_owned"];

/// The runtime a branch answers when it returns (`return Ok(Some(Agent::new(
/// AgentKind::ClaudeCode)))`, `return Some("codex")`): a path's last segment or a
/// literal naming one.
fn answered_runtime(b: &syn::Block, adding: bool) -> Option<&'static str> {
    #[derive(Default)]
    struct Answer(Option<&'static str>, bool, bool);
    impl<'ast> Visit<'ast> for Answer {
        fn visit_expr_return(&mut self, r: &'ast syn::ExprReturn) {
            self.1 = true;
            syn::visit::visit_expr_return(self, r);
        }
        // Round 24: or, where `adding`, adds it to what it collects
        // (`dirs.push(DetectedClient { client_type: ClientType::Claude, … })`).
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            if self.2 && crate::ts::ADDING.contains(&m.method.to_string().as_str()) {
                self.1 = true;
            }
            syn::visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_path(&mut self, p: &'ast syn::ExprPath) {
            if self.0.is_none() && p.path.segments.len() >= 2 {
                self.0 = p.path.segments.last().and_then(|s| crate::indicators::camel_runtime(&s.ident.to_string()));
            }
        }
        fn visit_lit_str(&mut self, s: &'ast syn::LitStr) {
            if self.0.is_none() {
                self.0 = literal_runtime(&s.value());
            }
        }
        fn visit_macro(&mut self, m: &'ast syn::Macro) {
            // `vec![Tool::Codex]`, `format!("…")`: the expressions a macro holds.
            use syn::parse::Parser as _;
            let parser = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
            if let Ok(exprs) = parser.parse2(m.tokens.clone()) {
                exprs.iter().for_each(|e| self.visit_expr(e));
            }
        }
    }
    let mut a = Answer(None, false, adding);
    a.visit_block(b);
    a.0.filter(|_| a.1)
}

/// The name a call passes whole, as its first argument, to read, load, parse or remove
/// what it names, a listing aside (`read_dir`: its entries are searched, a further
/// probe) (`fs::read_to_string(&path)`, `load_settings(settings_path)`,
/// `remove_file(p)`): a probe of that name in the same function guards the program's
/// own use of the file — reading a runtime's settings to report or edit them, removing
/// what an installer wrote — and decides no runtime (as
/// [`crate::guard::guards_its_own_use`] for the other languages).
fn own_use(c: &syn::ExprCall) -> Option<String> {
    let syn::Expr::Path(f) = &*c.func else { return None };
    let syn::Expr::Path(arg) = (match c.args.first()? {
        syn::Expr::Reference(r) => &*r.expr,
        a => a,
    }) else {
        return None;
    };
    let name = arg.path.get_ident()?;
    let last = f.path.segments.last()?.ident.to_string();
    let starts = |w: &str| last.get(..w.len()).is_some_and(|p| p.eq_ignore_ascii_case(w));
    (!PROBE_FNS.contains(&last.as_str())
        && (READ_FNS.contains(&last.as_str()) || crate::facts::USING_VERBS.iter().any(|w| starts(w))))
    .then(|| name.to_string())
}

/// Issue 47, round 24: the name the `if` `e` probes missing (`!dir.exists()`,
/// `!dir.is_dir()`) where its branch only leaves the function with no answer
/// (`return Ok(None)`, `return Ok(())`, `return None`, `return Vec::new()`), not
/// `false` (an answer: not installed).
fn leaves_without_answer(e: &syn::ExprIf) -> Option<String> {
    let syn::Expr::Unary(u) = &*e.cond else { return None };
    let syn::Expr::MethodCall(m) = &*u.expr else { return None };
    if !matches!(u.op, syn::UnOp::Not(_)) || !matches!(m.method.to_string().as_str(), "exists" | "is_dir") {
        return None;
    }
    let name = plain_name(&m.receiver)?;
    let [syn::Stmt::Expr(syn::Expr::Return(r), _)] = e.then_branch.stmts.as_slice() else { return None };
    let value = r.expr.as_deref().map(|v| quote_text(v).replace(' ', ""));
    matches!(value.as_deref(), None | Some("Ok(None)" | "Ok(())" | "None" | "Vec::new()" | "Ok(Vec::new())" | "Ok(0)"))
        .then_some(name)
}

/// Whether `e` is the environment's variables, collected or not
/// (`std::env::vars().collect()`, `env::vars().collect::<HashMap<_, _>>()`).
fn collects_env_vars(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::MethodCall(m) => collects_env_vars(&m.receiver),
        syn::Expr::Call(c) => matches!(&*c.func, syn::Expr::Path(p) if {
            let mut rev = p.path.segments.iter().rev();
            rev.next().is_some_and(|l| l.ident == "vars") && rev.next().is_some_and(|e| e.ident == "env")
        }),
        _ => false,
    }
}

/// The one name an expression is (`path`), if it is one.
fn plain_name(e: &syn::Expr) -> Option<String> {
    match e {
        syn::Expr::Path(p) => p.path.get_ident().map(ToString::to_string),
        _ => None,
    }
}

/// Free functions reading a file's contents, as their tokens' text ends.
const READING: &[&str] = &["read_to_string (", "fs :: read (", "File :: open (", "from_path ("];

/// The name a condition probes (`if hooks_path.exists()`) when the branch it guards
/// reads that file's contents (`fs::read_to_string(&hooks_path)`): the probe keeps the
/// read from failing, the contents are what is wanted (to report or edit them).
fn read_in_branch(cond: &syn::Expr, branch: &syn::Block) -> Option<String> {
    let syn::Expr::MethodCall(m) = cond else { return None };
    let syn::Expr::Path(r) = &*m.receiver else { return None };
    let name = r.path.get_ident()?.to_string();
    if !PROBE_METHODS.contains(&m.method.to_string().as_str()) {
        return None;
    }
    let text = quote_text_of(branch);
    READING
        .iter()
        .any(|f| {
            text.match_indices(f).any(|(i, _)| {
                let arg = text[i + f.len()..].trim_start_matches("& ");
                arg.strip_prefix(name.as_str()).is_some_and(|rest| rest.starts_with(' ') || rest.starts_with(')'))
            })
        })
        .then_some(name)
}

/// Whether every statement of `b` hands one of the names `lets` binds to a child's
/// environment (`cmd.env(name, value);`, `child_env.insert(k, v);`), and nothing else.
fn only_forwards(b: &syn::Block, lets: &[String]) -> bool {
    !b.stmts.is_empty()
        && b.stmts.iter().all(|stmt| {
            let syn::Stmt::Expr(syn::Expr::MethodCall(c), _) = stmt else { return false };
            matches!(c.method.to_string().as_str(), "env" | "envs" | "insert")
                && c.args.iter().any(|a| {
                    matches!(a, syn::Expr::Path(p) if p.path.get_ident().is_some_and(|i| lets.iter().any(|l| i == l)))
                })
        })
}

/// The names a block only adds to collections (`paths.push(p)`, `seen.insert(p.clone())`),
/// when every statement of it does that; none otherwise.
fn collected_names(b: &syn::Block) -> Vec<String> {
    let ident = |e: &syn::Expr| match e {
        syn::Expr::Path(p) => p.path.get_ident().map(ToString::to_string),
        syn::Expr::MethodCall(c) if c.args.is_empty() && COPY_METHODS.contains(&c.method.to_string().as_str()) => {
            match &*c.receiver {
                syn::Expr::Path(p) => p.path.get_ident().map(ToString::to_string),
                _ => None,
            }
        }
        _ => None,
    };
    let mut names = Vec::new();
    for stmt in &b.stmts {
        let syn::Stmt::Expr(syn::Expr::MethodCall(c), _) = stmt else { return Vec::new() };
        let added = (ADDING_METHODS.contains(&c.method.to_string().as_str()) && c.args.len() == 1)
            .then(|| c.args.first().and_then(ident))
            .flatten();
        match added {
            Some(n) => names.push(n),
            None => return Vec::new(),
        }
    }
    names
}

fn quote_text_of(b: &syn::Block) -> String {
    use quote::ToTokens as _;
    b.to_token_stream().to_string()
}

/// The tokens of an expression, as text (for a look at the names it uses).
fn quote_text(e: &syn::Expr) -> String {
    use quote::ToTokens as _;
    e.to_token_stream().to_string()
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
    fn deep_nesting_is_scanned_not_overflowed() {
        let src = format!(
            "fn f() {{ {}1{} }}\nfn g() {{ let _ = std::env::var(\"CLAUDECODE\"); }}\n",
            "(".repeat(5000),
            ")".repeat(5000)
        );
        let l = lint(&src);
        assert!(l.unparseable.is_some());
        assert_eq!(l.positions(), [("indicator-var", 2, 33)]);
    }

    #[test]
    fn brackets_in_strings_and_comments_are_not_nesting() {
        let src = format!(
            "// {}\nfn f() {{ let s = \"{}\"; let c = '('; let r = r#\"{}\"#; let _ = std::env::var(\"CLAUDECODE\"); }}\n",
            "(".repeat(300),
            "(".repeat(300),
            "[".repeat(300)
        );
        assert_eq!(code_only(&src).1, 2);
        assert_eq!(lint(&src).positions(), [("indicator-var", 2, 672)]);
    }

    /// The blanked test module keeps the lines and character columns of the code after
    /// it (a test holding multibyte characters, a suppression above the next item), and
    /// what it held is never read.
    #[test]
    fn blanked_test_modules_keep_the_positions_of_what_follows() {
        let src = "#[cfg(test)]\nmod tests {\n    const É: &str = \"CLAUDECODE\";\n    fn f() { let _ = std::env::var(\"CLAUDECODE\"); let _ = \"ünï\"; } } fn g() { let _ = std::env::var(\"GEMINI_CLI\"); }\n// hal-lint: allow(indicator-var) the hook reports it\nfn h() {\n    let _ = std::env::var(\"CLAUDECODE\");\n}\nfn i() { let _ = std::env::var(\"CODEX_THREAD_ID\"); }\n";
        let blank = without_test_modules(src);
        assert_eq!(blank.lines().count(), src.lines().count());
        assert_eq!(blank.lines().nth(6), src.lines().nth(6));
        assert!(!blank.contains("ünï") && blank.matches("CLAUDECODE").count() == 1);
        let l = lint(src);
        let kept = crate::suppress::apply(src, Kind::Rust.comment_starts(), l.hits.clone(), &l.extents);
        let at = |hits: &[Hit]| hits.iter().map(|h| (h.line, h.column)).collect::<Vec<_>>();
        assert_eq!(at(&l.hits), [(4, 101), (7, 27), (9, 32)]);
        assert_eq!(at(&kept), [(4, 101), (9, 32)]);
    }

    #[test]
    fn test_modules_span_attribute_to_closing_brace_whatever_the_body_holds() {
        let src = "fn a() {}\n#[cfg(test)]\npub(crate) mod tests {\n    // }\n    const S: &str = \"}\";\n    const C: char = '}';\n    fn f<'a>(x: &'a str) { let _ = r#\"}\"#; }\n}\nfn b() { let _ = std::env::var(\"CLAUDECODE\"); }\n";
        let t = test_modules(src.as_bytes());
        assert_eq!(t.len(), 1);
        assert!(src[t[0].clone()].starts_with("#[cfg(test)]") && src[t[0].clone()].ends_with("\"#; }\n}"));
        assert!(src[t[0].end..].starts_with("\nfn b()"));
        // What is no module with a body is not one: the linter reads it.
        for other in [
            "#[cfg(test)]\nuse x::y;\n",
            "#[cfg(test)]\nmod tests;\n",
            "#[cfg(test)]\nimpl X { }\n",
            "\"#[cfg(test)] mod t {}\"\n",
        ] {
            assert!(test_modules(other.as_bytes()).is_empty(), "{other}");
        }
        // Unclosed: nothing is left out.
        assert!(test_modules(b"#[cfg(test)]\nmod tests {\n fn f() {").is_empty());
    }

    /// A statement's strings read from the visit of a statement around it are those of
    /// its own visit, wherever the outer visit kept them all (past the bound, it visits
    /// itself again).
    #[test]
    fn a_statement_s_strings_are_those_its_own_visit_gives() {
        #[derive(Default)]
        struct Stmts<'a>(Vec<&'a syn::Stmt>);
        impl<'a> Visit<'a> for Stmts<'a> {
            fn visit_stmt(&mut self, s: &'a syn::Stmt) {
                self.0.push(s);
                syn::visit::visit_stmt(self, s);
            }
        }
        let long = "x".repeat(1500);
        let src = format!(
            "fn f() {{ let a = \"A\"; if g(\"B\") {{ let c = format!(\"C{{}}\", r#\"D\"#); for x in [\"E\"] {{ h(x, b\"F\"); }} }} \
             let t = {{ let u = \"{long}\"; let v = \"{long}\"; let w = \"{long}\"; let y = \"G\"; y }}; }}"
        );
        let file = syn::parse_file(&src).unwrap();
        let mut stmts = Stmts::default();
        stmts.visit_file(&file);
        let (mut read, mut again) = (0, 0);
        for outer in &stmts.0 {
            let mut visit = Strings::default();
            visit.visit_stmt(outer);
            visit.stmts.sort_unstable_by_key(|(a, _)| *a);
            for inner in &stmts.0 {
                let mut alone = Strings::default();
                alone.visit_stmt(inner);
                match visit.of(inner) {
                    Some(text) => {
                        assert_eq!(text, alone.text);
                        read += 1;
                    }
                    None => again += 1,
                }
            }
        }
        assert!(read > 10 && again > 0, "{read} read, {again} visited again");
    }
}
