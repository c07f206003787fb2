//! What a Rust file's functions are given to read the host with, and the tables of
//! names they read: found before the file is linted, so a read through either is
//! linted where it stands (issue 47, round 14).
//!
//! - An injected lookup: a function given the environment or a file probe as a
//!   parameter (`detect_with(|n| std::env::var(n).ok(), |p| Path::new(p).exists())`,
//!   testable detectors), or a captured environment (`env: &HashMap<String, String>`),
//!   calls it where it would call `std::env::var` or `exists`.
//! - A table: a constant array of names, or of rows (tuples, struct literals) holding
//!   them, each name with its place and the field holding it (`Check { name:
//!   "CLAUDECODE", .. }`); a row may name another constant table (`checks:
//!   CLAUDE_CHECKS`), whose names it then holds.

use std::collections::BTreeMap;

use syn::spanned::Spanned;

/// A string of a table: its value, its place (line, column) and the struct field
/// holding it, if a struct literal's field does.
pub(crate) type Listed = (String, (usize, usize), Option<String>);

/// Constant tables of strings by name.
pub(crate) type Lists = BTreeMap<String, Vec<Listed>>;

/// The constant tables a table's rows name, each with the field naming it.
pub(crate) type Refs = Vec<(String, Option<String>)>;

/// The most strings kept of one table, and the most tables a row may name.
const MAX_LISTED: usize = 4096;

/// What an injected function stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Injected {
    /// A lookup of the environment by name (`|n| std::env::var(n).ok()`), or a
    /// captured environment (`&HashMap<String, String>` from `std::env::vars()`).
    Env,
    /// A probe of whether a path exists (`|p| Path::new(p).exists()`).
    Probe,
}

/// `(line, column)` of a span's start, 1-based.
fn place(s: proc_macro2::Span) -> (usize, usize) {
    let start = s.start();
    (start.line, start.column + 1)
}

fn lit(e: &syn::Expr) -> Option<String> {
    match e {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
        _ => None,
    }
}

/// The strings of a table `e` (an array of strings, or of rows), and the constant
/// tables its rows name, each with the field naming it.
pub(crate) fn table(e: &syn::Expr) -> Option<(Vec<Listed>, Refs)> {
    let elems = match e {
        syn::Expr::Reference(r) => return table(&r.expr),
        syn::Expr::Array(a) if !a.elems.is_empty() => &a.elems,
        _ => return None,
    };
    let rows = elems.iter().all(|x| matches!(x, syn::Expr::Tuple(_) | syn::Expr::Struct(_)));
    if !rows {
        // A plain list: every element a string.
        return elems
            .iter()
            .map(|x| Some((lit(x)?, place(x.span()), None)))
            .collect::<Option<Vec<_>>>()
            .map(|l| (l, Vec::new()));
    }
    let (mut out, mut refs) = (Vec::new(), Vec::new());
    for x in elems {
        row_strings(x, None, &mut out, &mut refs, 0);
    }
    (!out.is_empty() || !refs.is_empty()).then_some((out, refs))
}

/// The strings of a row `e`, `field` the struct field holding it.
fn row_strings(e: &syn::Expr, field: Option<&str>, out: &mut Vec<Listed>, refs: &mut Refs, depth: usize) {
    if depth > 8 || out.len() >= MAX_LISTED {
        return;
    }
    let mut each = |x: &syn::Expr, f: Option<&str>| row_strings(x, f, out, refs, depth + 1);
    match e {
        syn::Expr::Lit(_) => {
            if let Some(v) = lit(e) {
                out.push((v, place(e.span()), field.map(str::to_owned)));
            }
        }
        syn::Expr::Reference(r) => each(&r.expr, field),
        syn::Expr::Paren(p) => each(&p.expr, field),
        syn::Expr::Group(g) => each(&g.expr, field),
        syn::Expr::Array(a) => a.elems.iter().for_each(|x| each(x, field)),
        syn::Expr::Tuple(t) => t.elems.iter().for_each(|x| each(x, field)),
        // `Some("1")`, `Check::new("CLAUDECODE")`.
        syn::Expr::Call(c) => c.args.iter().for_each(|x| each(x, field)),
        syn::Expr::Struct(s) => {
            for f in &s.fields {
                let name = match &f.member {
                    syn::Member::Named(i) => i.to_string(),
                    syn::Member::Unnamed(i) => i.index.to_string(),
                };
                each(&f.expr, Some(&name));
            }
        }
        // A constant table the row names (`checks: CLAUDE_CHECKS`).
        syn::Expr::Path(p) if refs.len() < 64 => {
            if let Some(i) = p.path.get_ident().map(ToString::to_string)
                && i.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
            {
                refs.push((i, field.map(str::to_owned)));
            }
        }
        _ => {}
    }
}

/// Adds to each table the strings of the tables its rows name (twice over: a table
/// of rules naming tables of checks naming a table of names).
pub(crate) fn resolve(lists: &mut Lists, refs: &BTreeMap<String, Refs>) {
    for _ in 0..2 {
        for (name, named) in refs {
            let mut add: Vec<Listed> =
                named.iter().filter(|(r, _)| r != name).filter_map(|(r, _)| lists.get(r)).flatten().cloned().collect();
            if let Some(l) = lists.get_mut(name) {
                add.retain(|x| !l.contains(x));
                l.extend(add.into_iter().take(MAX_LISTED.saturating_sub(l.len())));
            }
        }
    }
}

/// What the file's functions learn before it is linted: which of their parameters are
/// injected lookups, and which of them are getters of the environment.
#[derive(Default)]
pub(crate) struct Lookups {
    /// Function name → its parameters' names, in order.
    params: BTreeMap<String, Vec<Option<String>>>,
    /// (function, parameter) → what it is given.
    pub(crate) injected: BTreeMap<(String, usize), Injected>,
    /// Function → the parameter it reads the environment by (`fn get_nonempty(name:
    /// &str) -> Option<String> { std::env::var(name).ok()… }`): a getter.
    pub(crate) getters: BTreeMap<String, usize>,
    /// Calls: the function holding it (if one), the callee, and per argument what it
    /// passes (an injected lookup, or a name of the caller's).
    calls: Vec<(Option<String>, String, Vec<Arg>)>,
    /// The function being visited.
    current: Option<String>,
}

/// What an argument of a call passes.
enum Arg {
    Given(Injected),
    Name(String),
    Other,
}

/// A parameter's name (`env`, `&env`, `mut env`).
fn param_name(p: &syn::Pat) -> Option<String> {
    match p {
        syn::Pat::Ident(i) => Some(i.ident.to_string()),
        syn::Pat::Type(t) => param_name(&t.pat),
        syn::Pat::Reference(r) => param_name(&r.pat),
        _ => None,
    }
}

/// Whether `ty` is a map of strings to strings (`HashMap<String, String>`, behind a
/// reference or not): a captured environment when a parameter named for one holds it.
fn string_map(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Reference(r) => string_map(&r.elem),
        syn::Type::Path(p) => p.path.segments.last().is_some_and(|s| {
            matches!(s.ident.to_string().as_str(), "HashMap" | "BTreeMap" | "IndexMap")
                && matches!(&s.arguments, syn::PathArguments::AngleBracketed(a)
                    if a.args.len() >= 2 && a.args.iter().take(2).all(|g| matches!(g,
                        syn::GenericArgument::Type(syn::Type::Path(t)) if t.path.is_ident("String"))))
        }),
        _ => false,
    }
}

/// Whether a parameter's name says it holds the environment.
pub(crate) fn names_the_environment(name: &str) -> bool {
    matches!(name, "env" | "environ" | "environment" | "env_vars" | "env_map" | "vars")
}

/// What a closure or function path passed as an argument reads, if it reads the host:
/// the environment by the name it is given, or a path's existence.
fn given(e: &syn::Expr) -> Option<Injected> {
    match e {
        syn::Expr::Reference(r) => given(&r.expr),
        syn::Expr::Closure(c) if c.inputs.len() == 1 => {
            let text = quote::ToTokens::to_token_stream(&c.body).to_string();
            if text.contains("env :: var") {
                Some(Injected::Env)
            } else if [". exists ()", ". is_file ()", ". is_dir ()", ". try_exists ()", "fs :: metadata"]
                .iter()
                .any(|p| text.contains(p))
            {
                Some(Injected::Probe)
            } else {
                None
            }
        }
        syn::Expr::Path(p) => {
            let mut rev = p.path.segments.iter().rev();
            let (last, parent) = (rev.next()?, rev.next()?);
            (parent.ident == "env" && (last.ident == "var" || last.ident == "var_os")).then_some(Injected::Env)
        }
        _ => None,
    }
}

impl Lookups {
    /// What `file`'s functions are given, to a fixed point (a lookup passed on from one
    /// function to the next).
    /// Once the file's functions and calls are noted ([`Lookups::enter`],
    /// [`Lookups::call`]): what each function is given, to a fixed point.
    pub(crate) fn settle(&mut self) {
        let l = self;
        for _ in 0..4 {
            let mut learned = Vec::new();
            for (caller, callee, args) in &l.calls {
                for (i, a) in args.iter().enumerate() {
                    let what = match a {
                        Arg::Given(w) => Some(*w),
                        Arg::Name(n) => caller.as_ref().and_then(|c| l.param_of(c, n)),
                        Arg::Other => None,
                    };
                    if let Some(w) = what
                        && !l.injected.contains_key(&(callee.clone(), i))
                    {
                        learned.push(((callee.clone(), i), w));
                    }
                }
            }
            if learned.is_empty() {
                break;
            }
            l.injected.extend(learned);
        }
    }

    /// The parameters of `function` given an injected lookup, by name.
    pub(crate) fn given_to(&self, function: &str) -> BTreeMap<String, Injected> {
        self.params
            .get(function)
            .into_iter()
            .flatten()
            .enumerate()
            .filter_map(|(i, p)| Some((p.clone()?, *self.injected.get(&(function.to_owned(), i))?)))
            .collect()
    }

    /// What the parameter `name` of `function` is given, if an injected lookup.
    pub(crate) fn param_of(&self, function: &str, name: &str) -> Option<Injected> {
        let i = self.params.get(function)?.iter().position(|p| p.as_deref() == Some(name))?;
        self.injected.get(&(function.to_owned(), i)).copied()
    }

    /// Notes a function `name` of signature `sig`, whose body is visited next; returns
    /// the function visited before, for [`Lookups::leave`].
    pub(crate) fn enter(&mut self, name: &syn::Ident, sig: &syn::Signature) -> Option<String> {
        let name = name.to_string();
        let params: Vec<Option<String>> = sig
            .inputs
            .iter()
            .map(|a| match a {
                syn::FnArg::Typed(t) => param_name(&t.pat),
                syn::FnArg::Receiver(_) => None,
            })
            .collect();
        for (i, a) in sig.inputs.iter().enumerate() {
            if let syn::FnArg::Typed(t) = a
                && param_name(&t.pat).is_some_and(|n| names_the_environment(&n))
                && string_map(&t.ty)
            {
                self.injected.insert((name.clone(), i), Injected::Env);
            }
        }
        self.params.insert(name.clone(), params);
        self.current.replace(name)
    }

    /// The function's body is visited: back to the function `outer`.
    pub(crate) fn leave(&mut self, outer: Option<String>) {
        self.current = outer;
    }

    /// Notes a call `c` in the function being visited.
    pub(crate) fn call(&mut self, c: &syn::ExprCall) {
        // `std::env::var(name)` where `name` is the function's parameter: a getter.
        if let syn::Expr::Path(p) = &*c.func
            && matches!(given(&c.func), Some(Injected::Env))
            && p.path.segments.len() >= 2
            && let Some(current) = self.current.clone()
            && let Some(arg) = c.args.first().map(|a| match a {
                syn::Expr::Reference(r) => &*r.expr,
                a => a,
            })
            && let syn::Expr::Path(a) = arg
            && let Some(name) = a.path.get_ident().map(ToString::to_string)
            && let Some(i) =
                self.params.get(&current).and_then(|ps| ps.iter().position(|p| p.as_deref() == Some(&name)))
        {
            self.getters.insert(current, i);
        }
        if let syn::Expr::Path(p) = &*c.func
            && let Some(callee) = p.path.segments.last()
            && self.calls.len() < MAX_LISTED
        {
            // Only what may pass a lookup on: one given here, or a parameter of the
            // function (a name no parameter holds is no lookup given to it).
            let params = self.current.as_ref().and_then(|f| self.params.get(f));
            let param = |e: &syn::Expr| match e {
                syn::Expr::Path(p) => p
                    .path
                    .get_ident()
                    .filter(|i| params.is_some_and(|ps| ps.iter().any(|n| n.as_deref().is_some_and(|n| *i == n))))
                    .map(ToString::to_string),
                _ => None,
            };
            let args: Vec<Arg> = c
                .args
                .iter()
                .map(|a| match (given(a), a) {
                    (Some(w), _) => Arg::Given(w),
                    (None, syn::Expr::Reference(r)) => param(&r.expr).map_or(Arg::Other, Arg::Name),
                    (None, a) => param(a).map_or(Arg::Other, Arg::Name),
                })
                .collect();
            if args.iter().any(|a| !matches!(a, Arg::Other)) {
                self.calls.push((self.current.clone(), callee.ident.to_string(), args));
            }
        }
    }
}
