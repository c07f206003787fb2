//! Focus: a large file's parser sees only what can hold a finding (issue 47's speed
//! bar). A Python, JavaScript or TypeScript file of at least [`FOCUS_FROM`] bytes is cut
//! into definitions found on line starts — top-level functions, classes' methods (each
//! one a definition), TypeScript's declarations (`interface`, `type … = {`, `declare`)
//! — by indentation (Python) or by the `}` alone at the definition's own indentation
//! (JavaScript, TypeScript). Every line outside a definition (imports, constants,
//! aliases, class headers and fields, statements) is kept. The linters collect
//! constants, aliases, lists and paths by name over the whole file and then check every
//! read against them, so a definition is kept when, on a line of code (comments and
//! docstrings left out):
//!
//! - it holds a literal of its language's prefilter that names what a finding reads (a
//!   strong one, a runtime's path, an environment access; a probe alone probes a path
//!   that comes from elsewhere: [`crate::prefilter::lines_holding_a_literal`]), or a
//!   runtime's hidden settings file (`.claude.json`), which the linters report though
//!   no prefilter literal names it whole;
//! - it uses or binds a *tainted* name: one bound on a line holding such a literal (a
//!   constant or alias defined far away; the name, never its type: `x: str = …` binds
//!   `x`), or the own name of a kept definition that returns a value (a caller of a
//!   function or method of the same file returning a runtime's path: the linters follow
//!   only a returned value into callers), to a fixed point;
//! - it binds, from a string, a name that a line holding such a literal uses (a piece
//!   of a variable's name folded elsewhere).
//!
//! A kept definition of at least [`FOCUS_FROM`] bytes (a module's one `register`
//! function holding every handler) is cut again into the functions nested in it — in
//! JavaScript and TypeScript each callback or inner function's body, from its line
//! ending `=> {` or `function … {` to the `}` at that line's indentation; in Python each
//! nested `def` — kept or blanked by the same rules, where a name such a function binds
//! for itself (its parameters, a `const`, `let` or `var` in it; in Python any) taints
//! nothing outside it. An `=`, `for` or `as` inside a string binds nothing.
//!
//! The rest is blanked byte for byte (newlines kept; a blanked Python definition holds
//! a `pass` so a class body stays a body), and so is every Python comment's line,
//! which holds nothing the linters read and whose runs cost the parser quadratic time:
//! every offset, line and column of what is kept is unchanged. These are heuristics over line starts and words, not a proof: the
//! findings were compared finding by finding, with and without `--strict`, on every
//! corpus repository and hal's own tree (`hal-lint/eval/README.md`, "Time"), and
//! `tests/focus.rs` and this module's tests hold the kinds of flow above. The crate's
//! `unfocused` feature (a test aid) parses every file whole, to compare against.
//!
//! A file whose focused text does not parse cleanly is parsed whole ([`crate::code`]),
//! so a cut the line heuristics got wrong (a multi-line string at column 0) costs time,
//! never a finding; a file with a suppression comment (`hal-lint:`) is parsed whole,
//! since a suppression reaches the extent of the code after it.
//!
//! A minified file — JavaScript or TypeScript with a line of at least [`MINIFIED_LINE`]
//! bytes — is not parsed at all: it gets the line scan of a file past the parsers'
//! limit ([`crate::scan`]), which finds every indicator read its text spells; a bundle
//! is generated code, whose parse costs far more than grep's search of it.

use std::collections::HashSet;

use crate::hit::Kind;

/// The smallest file focused (smaller ones are parsed whole: their parse is cheap).
pub(crate) const FOCUS_FROM: usize = 16 << 10;
/// The shortest line that makes JavaScript or TypeScript a minified bundle.
pub(crate) const MINIFIED_LINE: usize = 16 << 10;
/// The most lines of a table bound over several lines searched for a literal.
const MAX_TABLE_LINES: usize = 4096;
/// The most definitions a file is cut into (past them it is parsed whole).
const MAX_CHUNKS: usize = 1 << 14;

/// Whether `src`, code of `kind`, is a minified bundle: JavaScript or TypeScript with a
/// line of at least [`MINIFIED_LINE`] bytes.
pub(crate) fn minified(kind: Kind, src: &str) -> bool {
    matches!(kind, Kind::JavaScript | Kind::TypeScript | Kind::Tsx)
        && src.len() >= MINIFIED_LINE
        && src.split('\n').any(|l| l.len() >= MINIFIED_LINE)
}

/// A piece of a file: a definition (with its name) or code outside any.
struct Chunk {
    /// Its lines, `[first, end)`.
    lines: std::ops::Range<usize>,
    /// A definition's name; `None` for code outside any definition.
    name: Option<String>,
    /// Whether it is a definition (blanked unless kept).
    def: bool,
    /// How many of its first lines are never blanked: the line opening a nested
    /// function, whose parameters and callee belong to it, though the code around it
    /// needs it.
    kept_head: usize,
}

/// `src`, code of `kind`, through `parse` (its language's linter): a large file's
/// parser sees only what can hold a finding ([`focused`]); where that text does not
/// parse cleanly, the whole file is parsed.
pub(crate) fn parse_focused(
    kind: Kind,
    src: &str,
    parse: impl Fn(&str) -> crate::hit::FileLint,
) -> crate::hit::FileLint {
    if let Some(text) = focused(kind, src).filter(|_| !cfg!(feature = "unfocused")) {
        let l = parse(&text);
        if l.unparseable.is_none() {
            return l;
        }
    }
    parse(src)
}

/// The text the parser of `kind` sees for `src`: `None` to parse `src` itself (a small
/// file, a suppression comment, a language not focused, nothing to blank).
pub(crate) fn focused(kind: Kind, src: &str) -> Option<String> {
    focused_from(kind, src, FOCUS_FROM)
}

/// [`focused`] for files of at least `from` bytes.
pub(crate) fn focused_from(kind: Kind, src: &str, from: usize) -> Option<String> {
    let python = match kind {
        Kind::Python => true,
        Kind::JavaScript | Kind::TypeScript | Kind::Tsx => false,
        _ => return None,
    };
    if src.len() < from || memchr::memmem::find(src.as_bytes(), b"hal-lint:").is_some() {
        return None;
    }
    let lines = line_ranges(src);
    let texts: Vec<&str> = lines.iter().map(|r| &src[r.clone()]).collect();
    let in_string = if python { in_python_string(&texts) } else { vec![false; texts.len()] };
    let mut out = src.as_bytes().to_vec();
    let blank = |out: &mut [u8], r: std::ops::Range<usize>| {
        for b in &mut out[r] {
            if *b != b'\r' {
                *b = b' ';
            }
        }
    };
    // A Python comment's line is blanked whatever is kept: on each line end the
    // parser's scanner reads past every comment line ahead for the next line's
    // indentation, and again after each comment, so a run of comment lines costs time
    // quadratic in its length (a module of 3,000 commented-out lines takes seconds).
    let comments: Vec<usize> =
        (0..texts.len()).filter(|&i| python && !in_string[i] && texts[i].trim_start().starts_with('#')).collect();
    for &i in &comments {
        blank(&mut out, lines[i].clone());
    }
    let chunks = if python { python_chunks(&texts, &in_string) } else { js_chunks(&texts) };
    let mut blanked = !comments.is_empty();
    if chunks.len() <= MAX_CHUNKS && chunks.iter().any(|c| c.def) {
        let mut facts = facts(kind, src, &lines, &in_string);
        let tainted = std::mem::replace(&mut facts.tainted, Ids(Vec::new()));
        let (kept, tainted) = kept_chunks(&facts, &chunks, tainted);
        // A kept definition of [`FOCUS_FROM`] bytes or more is cut again, into the
        // functions nested in it, each kept or blanked as a definition is. A name a
        // nested function binds for itself (a parameter, a `const`; in Python any)
        // taints nothing outside it: the names tainted are those the whole definitions
        // tainted, less the ones bound only there.
        let big = |c: &Chunk| c.def && lines[c.lines.clone()].iter().map(|r| r.len() + 1).sum::<usize>() >= from.max(1);
        let (chunks, kept) = if chunks.iter().zip(&kept).any(|(c, k)| *k && big(c)) {
            let names: Vec<u32> = chunks
                .iter()
                .filter_map(|c| c.name.as_deref().and_then(|n| facts.words_of.id.get(n).copied()))
                .collect();
            let (finer, local) = nested_chunks(&texts, &in_string, python, chunks, &kept, big);
            let mut scoped = facts.taint(&lines, Some(&local));
            for n in names.into_iter().filter(|n| tainted.has(*n)) {
                scoped.add(n);
            }
            let (finer_kept, _) = kept_chunks(&facts, &finer, scoped);
            (finer, finer_kept)
        } else {
            (chunks, kept)
        };
        for (c, _) in chunks.iter().zip(&kept).filter(|(c, k)| c.def && !**k) {
            blanked = true;
            let mut pass = python;
            for line in c.lines.clone().skip(c.kept_head) {
                let r = lines[line].clone();
                let indent = texts[line].len() - texts[line].trim_start_matches([' ', '\t']).len();
                blank(&mut out, r.clone());
                // A blanked Python definition stands as `pass` at its own indentation,
                // on its first line long enough (a class body never left empty).
                if pass && r.len() >= indent + 4 && !texts[line].trim().is_empty() {
                    out[r.start + indent..r.start + indent + 4].copy_from_slice(b"pass");
                    pass = false;
                }
            }
        }
    }
    if !blanked {
        return None;
    }
    String::from_utf8(out).ok()
}

/// The byte range of each line of `src`, without its newline.
fn line_ranges(src: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in src.bytes().enumerate() {
        if b == b'\n' {
            out.push(start..i);
            start = i + 1;
        }
    }
    out.push(start..src.len());
    out
}

/// How many blanks a line starts with.
fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches([' ', '\t']).len()
}

/// Whether `c` can stand in an identifier.
fn ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

/// The identifier `line` starts with (after `skip`, a keyword's length).
fn first_word(line: &str) -> Option<String> {
    let w: String = line.trim_start().chars().take_while(|c| ident(*c)).collect();
    (!w.is_empty()).then_some(w)
}

/// Where `needle` (a few bytes) first stands in `hay`, a line: a plain scan, which on a
/// line costs less than setting up `str::find`'s searcher for each one.
fn find(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let first = *n.first()?;
    memchr::memchr_iter(first, h).find(|&i| h[i..].starts_with(n))
}

/// The words of `text`: its identifiers (not the `$` of a template's `${`, which is
/// syntax: every interpolation would otherwise use a name `$`).
fn words(text: &str) -> impl Iterator<Item = &str> {
    let b = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        // Each run of identifier characters: an ASCII byte is told by itself (nearly
        // every line is ASCII), any other character decoded.
        let char_at = |i: usize| -> (bool, usize) {
            match b[i] {
                c if c.is_ascii() => (c.is_ascii_alphanumeric() || c == b'_' || c == b'$', 1),
                _ => text[i..].chars().next().map_or((false, 1), |c| (ident(c), c.len_utf8())),
            }
        };
        while at < b.len() {
            let start = at;
            while at < b.len() {
                let (is, len) = char_at(at);
                if !is {
                    break;
                }
                at += len;
            }
            let w = &text[start..at];
            if at == start {
                at += char_at(at).1;
                continue;
            }
            // Not a number, nor the `$` of a template's `${`.
            if !(b[start].is_ascii_digit() || (w == "$" && b.get(at) == Some(&b'{'))) {
                return Some(w);
            }
        }
        None
    })
}

/// `left` (what stands before a binding's `=`) without its type annotation: `x: str`
/// binds `x`, not `str`, and `const X: Record<string, T>` binds `X` (the linters bind
/// the name; a type's words would taint every definition naming the type). A
/// destructuring pattern (`{ a: b }`, `[a, b]`) is left whole, its `:` a rename.
fn unannotated(left: &str) -> &str {
    if left.contains(['{', '[']) {
        return left;
    }
    left.find(':').map_or(left, |i| &left[..i])
}

/// Whether Python's `line` (trimmed) starts a definition.
fn python_def(t: &str) -> bool {
    t.starts_with("def ") || t.starts_with("async def ") || t.starts_with("class ")
}

/// The name a Python definition's line gives.
fn python_name(t: &str) -> Option<String> {
    let t = t.strip_prefix("async ").unwrap_or(t);
    first_word(t.strip_prefix("def ").or_else(|| t.strip_prefix("class "))?)
}

/// Which lines of Python `texts` are inside a triple-quoted string that began on an
/// earlier line (so their indentation means nothing).
fn in_python_string(texts: &[&str]) -> Vec<bool> {
    let mut out = Vec::with_capacity(texts.len());
    let mut open: Option<&str> = None;
    for t in texts {
        out.push(open.is_some());
        let mut rest = *t;
        loop {
            match open {
                Some(q) => match find(rest, q) {
                    Some(i) => {
                        rest = &rest[i + 3..];
                        open = None;
                    }
                    None => break,
                },
                None => {
                    let code = rest.find('#').map_or(rest, |i| &rest[..i]);
                    let at = [r#"""""#, "'''"].iter().filter_map(|q| find(code, q).map(|i| (i, *q))).min();
                    match at {
                        Some((i, q)) => {
                            rest = &rest[i + 3..];
                            open = Some(q);
                        }
                        None => break,
                    }
                }
            }
        }
    }
    out
}

/// Python's chunks: top-level definitions (a class's methods each a chunk of its own,
/// the class's other lines code outside definitions), decorators with their definition.
fn python_chunks(texts: &[&str], string: &[bool]) -> Vec<Chunk> {
    // Whether line `i` is code at indentation at most `level` (not blank, no comment,
    // not inside a multi-line string).
    let code_at = |i: usize, level: usize| {
        let t = texts[i].trim_start();
        !string[i] && !t.is_empty() && !t.starts_with(['#', ')', ']', '}']) && indent(texts[i]) <= level
    };
    let mut chunks = Vec::new();
    let mut i = 0;
    let mut outside = 0;
    let n = texts.len();
    let push_outside = |chunks: &mut Vec<Chunk>, from: usize, to: usize| {
        for l in from..to {
            chunks.push(Chunk { lines: l..l + 1, name: None, def: false, kept_head: 0 });
        }
    };
    while i < n {
        let t = texts[i];
        if string[i] || indent(t) > 0 || !(t.starts_with('@') || python_def(t)) {
            i += 1;
            continue;
        }
        let start = i;
        while i < n && texts[i].starts_with('@') {
            i += 1;
        }
        if i >= n || !python_def(texts[i]) || string[i] {
            continue;
        }
        let head = i;
        let mut end = head + 1;
        while end < n && !code_at(end, 0) {
            end += 1;
        }
        push_outside(&mut chunks, outside, start);
        outside = end;
        if texts[head].starts_with("class ") {
            python_methods(texts, string, start, head, end, &mut chunks);
        } else {
            chunks.push(Chunk { lines: start..end, name: python_name(texts[head]), def: true, kept_head: 0 });
        }
        i = end;
    }
    push_outside(&mut chunks, outside, n);
    chunks
}

/// The chunks of a top-level Python class (lines `start..end`, its `class` line at
/// `head`): each method a definition, every other line code outside definitions.
fn python_methods(texts: &[&str], string: &[bool], start: usize, head: usize, end: usize, chunks: &mut Vec<Chunk>) {
    let outside = |chunks: &mut Vec<Chunk>, l: usize| {
        chunks.push(Chunk { lines: l..l + 1, name: None, def: false, kept_head: 0 });
    };
    for l in start..=head {
        outside(chunks, l);
    }
    let level = (head + 1..end)
        .find(|&l| !string[l] && !texts[l].trim().is_empty() && !texts[l].trim_start().starts_with('#'))
        .map_or(0, |l| indent(texts[l]));
    let mut i = head + 1;
    while i < end {
        let t = texts[i].trim_start();
        let at_level = !string[i] && indent(texts[i]) == level && level > 0;
        if !(at_level && (t.starts_with('@') || python_def(t))) {
            outside(chunks, i);
            i += 1;
            continue;
        }
        let from = i;
        while i < end && texts[i].trim_start().starts_with('@') && indent(texts[i]) == level {
            i += 1;
        }
        if i >= end || !python_def(texts[i].trim_start()) || indent(texts[i]) != level || string[i] {
            for l in from..i {
                outside(chunks, l);
            }
            continue;
        }
        let def = i;
        let mut stop = def + 1;
        while stop < end {
            let s = texts[stop].trim_start();
            if !string[stop] && !s.is_empty() && !s.starts_with(['#', ')', ']', '}']) && indent(texts[stop]) <= level {
                break;
            }
            stop += 1;
        }
        chunks.push(Chunk { lines: from..stop, name: python_name(texts[def].trim_start()), def: true, kept_head: 0 });
        i = stop;
    }
}

/// The keywords a JavaScript or TypeScript definition's line may start with, before
/// `function` or `class`.
const JS_PREFIXES: &[&str] = &["export ", "default ", "async ", "abstract ", "declare "];

/// What a top-level JavaScript or TypeScript line starts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum JsDef {
    /// A function, its body to the closing brace: one definition.
    Function,
    /// A class: each method a definition of its own.
    Class,
    /// A declaration without code that runs (an `interface`, a `type`, a `declare`d
    /// class, namespace or module): one definition.
    Declaration,
}

/// The name a top-level JavaScript or TypeScript definition's line gives, if it starts
/// one, and what it is: `function f(`, `class C`, `const f = (…) => {`, `const f =
/// function`, `interface I`, `type T = {`, `enum E`, `namespace N`, `declare …`, with
/// the [`JS_PREFIXES`] before them (`None` as the name for one without a name).
fn js_def(t: &str) -> Option<(Option<String>, JsDef)> {
    let declared = t.starts_with("declare ") || t.starts_with("export declare ");
    let mut t = t;
    while let Some(p) = JS_PREFIXES.iter().find(|p| t.starts_with(**p)) {
        t = &t[p.len()..];
    }
    if let Some(r) = t.strip_prefix("function").map(|r| r.trim_start_matches('*')) {
        return r.starts_with([' ', '(']).then(|| (first_word(r), JsDef::Function));
    }
    if let Some(r) = t.strip_prefix("class ") {
        return Some((first_word(r), if declared { JsDef::Declaration } else { JsDef::Class }));
    }
    for k in ["interface ", "enum ", "namespace ", "module ", "type "] {
        if let Some(r) = t.strip_prefix(k) {
            return (k != "type " || t.trim_end().ends_with('{')).then(|| (first_word(r), JsDef::Declaration));
        }
    }
    if declared && t.starts_with("global") {
        return Some((None, JsDef::Declaration));
    }
    let r = ["const ", "let ", "var "].iter().find_map(|k| t.strip_prefix(k))?;
    let name = first_word(r)?;
    let value = r[r.find('=')? + 1..].trim_start();
    let value = value.strip_prefix("async").map_or(value, str::trim_start);
    let arrow = value.starts_with('(') && t.trim_end().ends_with('{') && t.contains("=>");
    (arrow || value.starts_with("function")).then_some((Some(name), JsDef::Function))
}

/// The line that closes the definition opened at line `from` at indentation `level`:
/// the next line at that indentation that is a `}` alone (then `;`, `)` or `,` at
/// most: not `} else {`, `} | {` or a parameter's type `}): T {`).
fn js_close(texts: &[&str], from: usize, end: usize, level: usize) -> Option<usize> {
    (from + 1..end).find(|&l| {
        indent(texts[l]) == level
            && texts[l].trim().strip_prefix('}').is_some_and(|r| r.chars().all(|c| matches!(c, ';' | ')' | ',')))
    })
}

/// JavaScript's and TypeScript's chunks: top-level functions and classes (each method
/// of a class a chunk of its own), from their line to the `}` at their indentation.
fn js_chunks(texts: &[&str]) -> Vec<Chunk> {
    let n = texts.len();
    let mut chunks = Vec::new();
    let outside = |chunks: &mut Vec<Chunk>, l: usize| {
        chunks.push(Chunk { lines: l..l + 1, name: None, def: false, kept_head: 0 });
    };
    let mut i = 0;
    while i < n {
        let t = texts[i];
        let def = if indent(t) == 0 && !t.trim_end().ends_with(';') { js_def(t) } else { None };
        let Some((name, class)) = def else {
            outside(&mut chunks, i);
            i += 1;
            continue;
        };
        let Some(close) = js_close(texts, i, n, 0) else {
            outside(&mut chunks, i);
            i += 1;
            continue;
        };
        if class == JsDef::Class {
            outside(&mut chunks, i);
            js_methods(texts, i + 1, close, &mut chunks);
            outside(&mut chunks, close);
        } else {
            chunks.push(Chunk { lines: i..close + 1, name, def: true, kept_head: 0 });
        }
        i = close + 1;
    }
    chunks
}

/// The chunks of a class body, lines `from..end`: each method (a line at the body's
/// indentation holding `(` and ending with `{`, to the `}` at that indentation) a
/// definition, every other line code outside definitions.
fn js_methods(texts: &[&str], from: usize, end: usize, chunks: &mut Vec<Chunk>) {
    let outside = |chunks: &mut Vec<Chunk>, l: usize| {
        chunks.push(Chunk { lines: l..l + 1, name: None, def: false, kept_head: 0 });
    };
    let level = (from..end).find(|&l| !texts[l].trim().is_empty()).map_or(0, |l| indent(texts[l]));
    let mut i = from;
    while i < end {
        let t = texts[i].trim();
        let method = level > 0
            && indent(texts[i]) == level
            && t.ends_with('{')
            && t.contains('(')
            && !t.starts_with(['}', '/', '*', '@', '(', '[', '.'])
            && first_word(t).is_some();
        let close = if method { js_close(texts, i, end, level) } else { None };
        let Some(close) = close else {
            outside(chunks, i);
            i += 1;
            continue;
        };
        let name = method_name(t);
        chunks.push(Chunk { lines: i..close + 1, name, def: true, kept_head: 0 });
        i = close + 1;
    }
}

/// `chunks` with each kept one that `big` picks cut into the functions nested in it
/// (the outermost ones): each a definition of its own — in JavaScript and TypeScript
/// from the line opening it (`=>` or `function`, ending with `{`; never blanked) to the
/// `}` closing it at that line's indentation (kept as code), in Python a nested `def` whole
/// (without decorators) — and every other line of it code outside definitions, kept.
fn nested_chunks(
    texts: &[&str],
    string: &[bool],
    python: bool,
    chunks: Vec<Chunk>,
    kept: &[bool],
    big: impl Fn(&Chunk) -> bool,
) -> (Vec<Chunk>, Vec<bool>) {
    let mut out = Vec::with_capacity(chunks.len());
    let mut local = vec![false; texts.len()];
    let outside =
        |out: &mut Vec<Chunk>, l: usize| out.push(Chunk { lines: l..l + 1, name: None, def: false, kept_head: 0 });
    for (c, k) in chunks.into_iter().zip(kept) {
        if !(*k && big(&c)) {
            out.push(c);
            continue;
        }
        let (first, end) = (c.lines.start, c.lines.end);
        let mut i = first;
        while i < end {
            let t = texts[i].trim();
            let nested = if i == first || string[i] {
                None
            } else if python {
                let level = indent(texts[i]);
                let decorated = texts[..i]
                    .iter()
                    .rev()
                    .map(|l| l.trim())
                    .find(|l| !l.is_empty())
                    .is_some_and(|l| l.starts_with('@'));
                (python_def(t) && !t.starts_with("class ") && !decorated).then(|| {
                    let stop = (i + 1..end)
                        .find(|&l| {
                            let s = texts[l].trim_start();
                            !string[l]
                                && !s.is_empty()
                                && !s.starts_with(['#', ')', ']', '}'])
                                && indent(texts[l]) <= level
                        })
                        .unwrap_or(end);
                    (i..stop, python_name(t))
                })
            } else {
                let opens = t.ends_with('{') && (t.contains("=>") || words(t).any(|w| w == "function"));
                opens
                    .then(|| js_close(texts, i, end, indent(texts[i])))
                    .flatten()
                    .filter(|close| *close > i + 1)
                    .map(|close| (i..close, js_def(t).and_then(|(n, _)| n)))
            };
            let Some((lines, name)) = nested else {
                outside(&mut out, i);
                i += 1;
                continue;
            };
            i = lines.end;
            for l in lines.clone() {
                let t = texts[l].trim_start();
                // A declaration in its body is its own; so are its opening line's
                // names, its parameters, unless that line declares the function's name.
                let declares = ["const ", "let ", "var "].iter().any(|k| t.starts_with(k));
                local[l] = python || declares != (l == lines.start);
            }
            out.push(Chunk { lines, name, def: true, kept_head: usize::from(!python) });
        }
    }
    (out, local)
}

/// A method's name: the last word before its `(` (`static async get name(`).
fn method_name(t: &str) -> Option<String> {
    let head = &t[..t.find('(')?];
    let head = head.split('<').next().unwrap_or(head);
    words(head).last().map(str::to_owned)
}

/// The names `line` may bind for the linters' whole-file maps (constants, aliases,
/// lists and paths are collected by name wherever they are assigned): the words before
/// its last `=` that is no comparison (`x = …`, `const { a } = …`, `f(env=os.environ)`,
/// `k => …`), between `for` and `in`/`of`, after `as`, and every word of an import.
fn bound(line: &str) -> Vec<&str> {
    let mut out = bound_words(line);
    out.retain(|w| !KEYWORDS.contains(w));
    out
}

/// [`bound`], keywords included.
fn bound_words(line: &str) -> Vec<&str> {
    let t = line.trim_start();
    if t.starts_with("import ") || t.starts_with("from ") {
        return words(t).collect();
    }
    let mut out = Vec::new();
    let b = line.as_bytes();
    let quoted = quoted(b);
    let last = (0..b.len()).rev().find(|&i| {
        b[i] == b'='
            && quoted.get(i) != Some(&true)
            && b.get(i + 1) != Some(&b'=')
            && !(i > 0 && matches!(b[i - 1], b'=' | b'!' | b'<' | b'>'))
    });
    if let Some(i) = last {
        let left = line[..i].trim_end_matches(['+', '-', '*', '/', '%', '|', '&', '?', ':', ' ']);
        let open = left.matches(['(', '[', '{']).count() > left.matches([')', ']', '}']).count();
        let tail = left.rsplit(|c: char| !ident(c)).next().unwrap_or("");
        // The parameter or argument itself, `root: str` of `f(a, root: str = …)`.
        let param = left.rsplit(['(', ',']).next().unwrap_or("");
        if open && param.contains(':') && !param.contains(['{', '[']) {
            // A parameter's default with a type: the parameter's name, not its type's.
            out.extend(words(unannotated(param)).last());
        } else if open {
            // A parameter's default or a keyword argument: the name before `=`.
            out.extend(words(tail));
        } else if !left.trim_end().ends_with([']', ')']) && !left.contains(['.', '(']) {
            // `x = …`, `x: T = …`, `a, b = …`, `const { a, b } = …`; not `self.x = …`
            // or `d[k] = …`, which the linters do not collect.
            out.extend(words(unannotated(left)));
        }
    }
    // `for` and `as` outside strings (`"use the 'search' tool for that"` binds nothing).
    let code_at =
        |needle: &str| memchr::memmem::find_iter(b, needle.as_bytes()).find(|&i| quoted.get(i) != Some(&true));
    if let Some(f) = code_at("for ") {
        out.extend(words(&line[f..]).take_while(|w| !matches!(*w, "in" | "of")));
    }
    if let Some(a) = code_at(" as ") {
        out.extend(words(&line[a + 4..]).take(1));
    }
    out
}

/// Which bytes of `line` stand inside a quoted string on it (`"…"`, `'…'`, `` `…` ``):
/// an `=` there binds nothing (`"set X=1 in the environment"`). Empty for a line
/// without quotes.
fn quoted(line: &[u8]) -> Vec<bool> {
    if !line.iter().any(|b| matches!(b, b'"' | b'\'' | b'`')) {
        return Vec::new();
    }
    let mut out = vec![false; line.len()];
    let mut open: Option<u8> = None;
    let mut i = 0;
    while i < line.len() {
        let b = line[i];
        match open {
            Some(q) => {
                out[i] = true;
                if b == b'\\' {
                    if let Some(o) = out.get_mut(i + 1) {
                        *o = true;
                    }
                    i += 1;
                } else if b == q {
                    open = None;
                }
            }
            None if matches!(b, b'"' | b'\'' | b'`') => open = Some(b),
            None => {}
        }
        i += 1;
    }
    out
}

/// Where `src` names a runtime's hidden settings file (`.claude.json`, `.qwen.toml`):
/// the linters report a probe of one (`existsSync(join(home, ".claude.json"))`), though
/// no literal of the prefilter stands there (`.claude` is no whole component of it), so
/// the focus keeps its line as if one did.
fn hidden_runtime_files(src: &[u8]) -> Vec<usize> {
    static NAMES: std::sync::OnceLock<HashSet<String>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        crate::indicators::runtime_dir_names()
            .into_iter()
            .filter_map(|n| n.strip_prefix('.').map(str::to_owned))
            .collect()
    });
    let mut out = Vec::new();
    for ext in crate::indicators::CONFIG_EXTENSIONS {
        for at in memchr::memmem::find_iter(src, ext.as_bytes()) {
            let word =
                src[..at].iter().rev().take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-')).count();
            let start = at - word;
            let end = at + ext.len();
            if word > 0
                && start > 0
                && src[start - 1] == b'.'
                && !(start > 1 && (src[start - 2].is_ascii_alphanumeric() || src[start - 2] == b'_'))
                && !src.get(end).is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
                && std::str::from_utf8(&src[start..at]).is_ok_and(|w| names.contains(&w.to_ascii_lowercase()))
            {
                out.push(start - 1);
            }
        }
    }
    out
}

/// Whether `line` returns a value: the word `return` with an expression after it (not
/// `return;` nor a bare `return`). The linters learn the path a function of the file
/// returns (its last `return`) and follow it into its callers by the function's name;
/// a definition that returns nothing hands its callers nothing, so its name taints
/// nothing (`__init__`, a `main`, a handler).
fn returns_a_value(line: &str) -> bool {
    let b = line.as_bytes();
    memchr::memchr_iter(b'r', b).filter(|&i| b[i..].starts_with(b"return")).any(|i| {
        let before = line[..i].chars().next_back();
        let rest = &line[i + "return".len()..];
        !before.is_some_and(ident)
            && !rest.chars().next().is_some_and(ident)
            && !rest.trim_start().is_empty()
            && !rest.trim_start().starts_with([';', '}', '#'])
            && !rest.trim_start().starts_with("//")
    })
}

/// Keywords, which [`bound`] never counts as names.
const KEYWORDS: &[&str] = &[
    "if",
    "elif",
    "else",
    "for",
    "while",
    "in",
    "of",
    "is",
    "not",
    "and",
    "or",
    "return",
    "yield",
    "await",
    "async",
    "lambda",
    "with",
    "as",
    "from",
    "import",
    "def",
    "class",
    "function",
    "const",
    "let",
    "var",
    "export",
    "default",
    "new",
    "typeof",
    "instanceof",
    "global",
    "nonlocal",
    "del",
    "assert",
    "raise",
    "throw",
    "case",
    "match",
    "type",
    "True",
    "False",
    "None",
    "true",
    "false",
    "null",
    "undefined",
    "this",
    "self",
    // TypeScript's modifiers of a field or parameter (`private readonly x = …`).
    "private",
    "public",
    "protected",
    "readonly",
    "static",
    "override",
    "abstract",
    "declare",
];

/// What one line of a file says to the focus, its names as ids of [`Words`].
#[derive(Default)]
struct Line {
    /// The names it may bind ([`bound`]): a range of [`Words::ids`].
    binds: std::ops::Range<usize>,
    /// Its words: a range of [`Words::ids`].
    uses: std::ops::Range<usize>,
    /// Whether it holds a literal naming what a finding reads
    /// ([`crate::prefilter::lines_holding_a_literal`]).
    literal: bool,
    /// Whether it holds a string (a quote): a constant's, a list's or a path's value.
    string: bool,
    /// Whether it returns a value (`return x`): only a definition that does can hand
    /// its callers a path ([`returns_a_value`]).
    returns: bool,
}

/// A file's words, each given an id once (a name's sets are then flags by id, and no
/// word is hashed again while the focus finds its fixed point), and the ids of every
/// line's words and bound names, one after the other.
struct Words<'a> {
    id: std::collections::HashMap<&'a str, u32, crate::ts::BuildIdHasher>,
    ids: Vec<u32>,
}

impl<'a> Words<'a> {
    /// The id of `w`, a new one for a word not seen before.
    fn of(&mut self, w: &'a str) -> u32 {
        let next = u32::try_from(self.id.len()).unwrap_or(u32::MAX);
        *self.id.entry(w).or_insert(next)
    }

    /// Adds the ids of `words` and answers with where they stand in [`Words::ids`].
    fn push(&mut self, words: impl Iterator<Item = &'a str>) -> std::ops::Range<usize> {
        let start = self.ids.len();
        for w in words {
            let id = self.of(w);
            self.ids.push(id);
        }
        start..self.ids.len()
    }
}

/// A set of word ids.
struct Ids(Vec<bool>);

impl Ids {
    /// Whether `id` is in the set.
    fn has(&self, id: u32) -> bool {
        self.0.get(id as usize).copied().unwrap_or(false)
    }

    /// Adds `id`; whether it was new.
    fn add(&mut self, id: u32) -> bool {
        let i = id as usize;
        if i >= self.0.len() {
            self.0.resize(i + 1, false);
        }
        !std::mem::replace(&mut self.0[i], true)
    }
}

/// For each word id, the chunks it can keep (a word may list a chunk more than once):
/// all of them one after the other, by word.
struct Triggers {
    /// Where each word's chunks start in `chunks` (one more entry than words).
    start: Vec<u32>,
    chunks: Vec<usize>,
}

impl Triggers {
    /// The triggers of `pairs` (a word id and a chunk it can keep) over `words` ids.
    fn new(words: usize, pairs: impl Iterator<Item = (u32, usize)> + Clone) -> Self {
        let mut start = vec![0u32; words + 1];
        for (w, _) in pairs.clone() {
            if let Some(s) = start.get_mut(w as usize + 1) {
                *s += 1;
            }
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut next = start.clone();
        let mut chunks = vec![0; start.last().map_or(0, |n| *n as usize)];
        for (w, c) in pairs {
            if let Some(at) = next.get_mut(w as usize) {
                chunks[*at as usize] = c;
                *at += 1;
            }
        }
        Self { start, chunks }
    }

    /// The chunks word `w` can keep.
    fn of(&self, w: u32) -> &[usize] {
        let (Some(&a), Some(&b)) = (self.start.get(w as usize), self.start.get(w as usize + 1)) else { return &[] };
        &self.chunks[a as usize..b as usize]
    }
}

/// Adds to `names`, to a fixed point, what the lines using one of them bind.
fn spread(names: &mut Ids, info: &[Line], ids: &[u32]) {
    let mut changed = true;
    while changed {
        changed = false;
        for l in info.iter().filter(|l| !l.binds.is_empty()) {
            if ids[l.uses.clone()].iter().any(|w| names.has(*w)) {
                for b in &ids[l.binds.clone()] {
                    changed |= names.add(*b);
                }
            }
        }
    }
}

/// Which lines of `src` (split on `\n`), their `_` left out and in lower case, hold
/// `detect` or `installed`: a word naming either ([`crate::indicators::is_detector`])
/// stands only on such a line; `None` when no line does. One search of the folded text:
/// folding keeps every newline, and neither word holds one.
fn lines_detecting(src: &str) -> Option<Vec<bool>> {
    let folded: Vec<u8> = src.bytes().filter(|b| *b != b'_').map(|b| b.to_ascii_lowercase()).collect();
    let mut at: Vec<usize> = [b"detect".as_slice(), b"installed"]
        .iter()
        .flat_map(|w| memchr::memmem::find_iter(&folded, w).collect::<Vec<_>>())
        .collect();
    if at.is_empty() {
        return None;
    }
    at.sort_unstable();
    let mut out = vec![false; memchr::memchr_iter(b'\n', &folded).count() + 1];
    let (mut line, mut from) = (0, 0);
    for a in at {
        line += memchr::memchr_iter(b'\n', &folded[from..a]).count();
        from = a;
        out[line] = true;
    }
    Some(out)
}

/// Taints the names of a table bound over several lines (`const CLIENTS = [` … `];`)
/// whose rows hold a literal naming what a finding reads (issue 47, round 15: a loop
/// or a callback over its records reads them), as a line binding a name beside such a
/// literal does.
fn taint_tables(src: &str, lines: &[std::ops::Range<usize>], info: &[Line], ids: &[u32], tainted: &mut Ids) {
    let indent = |t: &str| t.len() - t.trim_start().len();
    for (i, l) in info.iter().enumerate().filter(|(_, l)| !l.binds.is_empty()) {
        let t = src[lines[i].clone()].trim_end();
        if !(t.contains('=') && t.ends_with(['[', '{'])) {
            continue;
        }
        let own = indent(t);
        for j in (i + 1..lines.len()).take(MAX_TABLE_LINES) {
            let tj = &src[lines[j].clone()];
            if indent(tj) <= own && tj.trim_start().starts_with([']', '}']) {
                break;
            }
            if info[j].literal {
                for b in &ids[l.binds.clone()] {
                    tainted.add(*b);
                }
                break;
            }
        }
    }
}

/// What the focus learns of each line of a file. The linters collect constants, aliases, lists and paths by
/// name over the whole file, then check every read against them; so a definition is
/// kept when it holds a literal naming what a finding reads (a strong one, a runtime's
/// path, an environment access: [`crate::prefilter::lines_holding_a_literal`]), when it uses or
/// binds a *tainted* name (one bound on a line holding such a literal, or from a
/// tainted name, or a kept definition's own name: a caller of a function returning a
/// runtime's path), and when it binds, from a string, a name kept code uses (a
/// constant folded into a read elsewhere), each to a fixed point. Code outside
/// definitions is always kept.
fn facts<'a>(kind: Kind, src: &'a str, lines: &[std::ops::Range<usize>], in_string: &[bool]) -> Facts<'a> {
    let python = kind == Kind::Python;
    // The lines holding a literal: one search of the whole text.
    let mut holding = vec![false; lines.len()];
    let mut l = 0;
    let mut at_literals = crate::prefilter::lines_holding_a_literal(kind, src.as_bytes());
    at_literals.extend(hidden_runtime_files(src.as_bytes()));
    at_literals.sort_unstable();
    for at in at_literals {
        while l < lines.len() && lines[l].end < at {
            l += 1;
        }
        if let Some(h) = holding.get_mut(l) {
            *h = true;
        }
    }
    let detecting = lines_detecting(src);
    let mut words_of = Words { id: std::collections::HashMap::with_hasher(crate::ts::BuildIdHasher), ids: Vec::new() };
    let info: Vec<Line> = lines
        .iter()
        .zip(in_string)
        .zip(&holding)
        .enumerate()
        .map(|(i, ((r, inside), holds))| {
            let t = &src[r.clone()];
            // A comment's line, or a docstring's, binds and reads nothing.
            let s = t.trim_start();
            let prose = *inside
                || if python {
                    s.starts_with('#') || s.starts_with(r#"""""#) || s.starts_with("'''")
                } else {
                    s.starts_with("//") || s.starts_with("/*") || s.starts_with('*')
                };
            if prose {
                return Line::default();
            }
            Line {
                binds: words_of.push(bound(t).into_iter()),
                uses: words_of.push(words(t)),
                // A function named for detecting an installation probes folders hal
                // does not know (no literal names them): kept whole.
                literal: *holds
                    || (detecting.as_ref().is_some_and(|d| d.get(i) == Some(&true))
                        && words(t).any(crate::indicators::is_detector)),
                string: t.contains(['"', '\'', '`']),
                returns: returns_a_value(t),
            }
        })
        .collect();
    let ids = &words_of.ids;
    let none = || Ids(vec![false; words_of.id.len()]);
    // Names bound from strings, or from such names: what a constant can be.
    let mut stringy = none();
    for l in info.iter().filter(|l| l.string) {
        for b in &ids[l.binds.clone()] {
            stringy.add(*b);
        }
    }
    spread(&mut stringy, &info, ids);
    let probe_fns: &[&str] = if python { crate::python::PROBE_FNS } else { crate::js::PROBE_FNS };
    let calls: Vec<String> = probe_fns.iter().map(|f| format!("{f}(")).collect();
    let calls_a_probe = lines.iter().map(|r| calls.iter().any(|c| find(&src[r.clone()], c).is_some())).collect();
    let mut facts = Facts { src, info, words_of, stringy, tainted: Ids(Vec::new()), calls_a_probe };
    facts.tainted = facts.taint(lines, None);
    facts
}

impl Facts<'_> {
    /// The names tainted before any chunk is kept: those bound on a line holding a
    /// literal (but on a line of `local`, whose names are its function's own), and a
    /// table's whose rows hold one.
    fn taint(&self, lines: &[std::ops::Range<usize>], local: Option<&[bool]>) -> Ids {
        let ids = &self.words_of.ids;
        let mut tainted = Ids(vec![false; self.words_of.id.len()]);
        for (i, l) in self.info.iter().enumerate().filter(|(_, l)| l.literal) {
            if local.is_some_and(|local| local.get(i) == Some(&true)) {
                continue;
            }
            for b in &ids[l.binds.clone()] {
                tainted.add(*b);
            }
        }
        taint_tables(self.src, lines, &self.info, ids, &mut tainted);
        tainted
    }
}

/// What [`kept_chunks`] learns of a file's lines once, whatever its chunks.
struct Facts<'a> {
    src: &'a str,
    info: Vec<Line>,
    words_of: Words<'a>,
    /// Names bound from strings (what a constant can be).
    stringy: Ids,
    /// Names tainted before any chunk is kept.
    tainted: Ids,
    /// Which lines call one of the language's probes (`existsSync(`), comments too.
    calls_a_probe: Vec<bool>,
}

/// Which of `chunks` are kept, from the words `tainted` at first
/// (the file's [`Facts::tainted`], or a coarser chunking's answer): and the names
/// tainted at the end.
fn kept_chunks(facts: &Facts<'_>, chunks: &[Chunk], tainted: Ids) -> (Vec<bool>, Ids) {
    let words_of = &facts.words_of;
    // A definition's name is a word of its own line, given an id with the file's.
    let names: Vec<Option<u32>> =
        chunks.iter().map(|c| c.name.as_deref().and_then(|n| words_of.id.get(n).copied())).collect();
    // The file's own probing functions (issue 47, round 23): kept where a kept
    // definition calls them, since a call whose answer names a runtime probes the
    // marker it gives them.
    let probing: Vec<bool> = chunks
        .iter()
        .map(|c| c.def && facts.calls_a_probe.get(c.lines.clone()).is_some_and(|ls| ls.contains(&true)))
        .collect();
    let names: Vec<(Option<u32>, bool)> = names.into_iter().zip(probing).collect();
    let words = words_of.id.len();
    kept_to_a_fixed_point(chunks, &facts.info, &words_of.ids, &names, (&facts.stringy, tainted), words)
}

/// Which of `chunks` are kept (of lines `info`, word ids `ids`, their names `names`),
/// from the words `stringy` and those `tainted` at first, of `words` ids in all.
fn kept_to_a_fixed_point(
    chunks: &[Chunk],
    info: &[Line],
    ids: &[u32],
    names: &[(Option<u32>, bool)],
    (stringy, mut tainted): (&Ids, Ids),
    words: usize,
) -> (Vec<bool>, Ids) {
    let none = || Ids(vec![false; words]);
    let of = |c: &Chunk| &info[c.lines.clone()];
    let mut kept: Vec<bool> = chunks.iter().map(|c| !c.def || of(c).iter().any(|l| l.literal)).collect();
    // The least fixed point, found by a worklist: a chunk is kept once one of its lines
    // uses or binds a tainted word, or binds a word both stringy and read; a kept
    // chunk's part (its name tainted where it returns a value, its literal lines' words
    // read) is done once. Each word knows the chunks it can keep (`by_taint` when it is
    // tainted, `by_read` when it is read), so no chunk's lines are searched again.
    let by_taint = Triggers::new(
        words,
        chunks.iter().enumerate().flat_map(|(i, c)| {
            of(c)
                .iter()
                .flat_map(move |l| ids[l.uses.clone()].iter().chain(&ids[l.binds.clone()]).map(move |w| (*w, i)))
        }),
    );
    let by_read = Triggers::new(
        words,
        chunks
            .iter()
            .enumerate()
            .flat_map(|(i, c)| of(c).iter().flat_map(move |l| ids[l.binds.clone()].iter().map(move |w| (*w, i)))),
    );
    let mut waiting: Vec<usize> = (0..chunks.len()).filter(|i| kept[*i]).collect();
    let keep = |these: &[usize], kept: &mut Vec<bool>, waiting: &mut Vec<usize>| {
        for &c in these {
            if !kept[c] {
                kept[c] = true;
                waiting.push(c);
            }
        }
    };
    for w in 0..u32::try_from(words).unwrap_or(u32::MAX) {
        if tainted.has(w) {
            keep(by_taint.of(w), &mut kept, &mut waiting);
        }
    }
    let mut read = none();
    let mut probing = none();
    for n in names.iter().filter(|(_, p)| *p).filter_map(|(n, _)| *n) {
        probing.add(n);
    }
    let by_name = Triggers::new(
        words,
        names.iter().enumerate().filter(|(_, (_, p))| *p).filter_map(|(i, (n, _))| n.map(|n| (n, i))),
    );
    // A definition hands its callers a runtime's path only where a value it returns
    // holds a literal or a tainted name; `by_return` knows the definitions whose
    // returns use each word, to look again when the word is tainted later.
    let by_return = Triggers::new(
        words,
        chunks.iter().enumerate().filter(|(_, c)| c.def).flat_map(|(i, c)| {
            of(c).iter().filter(|l| l.returns).flat_map(move |l| ids[l.uses.clone()].iter().map(move |w| (*w, i)))
        }),
    );
    let returns_tainted = |i: usize, tainted: &Ids| {
        of(&chunks[i]).iter().any(|l| l.returns && (l.literal || ids[l.uses.clone()].iter().any(|w| tainted.has(*w))))
    };
    while let Some(i) = waiting.pop() {
        let (c, ls) = (&chunks[i], of(&chunks[i]));
        if c.def
            && returns_tainted(i, &tainted)
            && let Some(n) = names[i].0.filter(|n| tainted.add(*n))
        {
            // Its name tainted: so may be the names of kept definitions returning it.
            let mut named = vec![n];
            while let Some(n) = named.pop() {
                keep(by_taint.of(n), &mut kept, &mut waiting);
                for &j in by_return.of(n) {
                    if kept[j]
                        && let Some(m) = names[j].0.filter(|m| tainted.add(*m))
                    {
                        named.push(m);
                    }
                }
            }
        }
        for l in ls {
            for &w in &ids[l.uses.clone()] {
                if probing.has(w) {
                    keep(by_name.of(w), &mut kept, &mut waiting);
                }
            }
        }
        for l in ls.iter().filter(|l| l.literal) {
            for &w in &ids[l.uses.clone()] {
                if read.add(w) && stringy.has(w) {
                    keep(by_read.of(w), &mut kept, &mut waiting);
                }
            }
        }
    }
    (kept, tainted)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A definition's name taints its callers only where it returns a value; a
    /// runtime's hidden settings file is a literal's line though no prefilter literal
    /// names it whole.
    #[test]
    fn what_returns_and_what_names_a_hidden_file() {
        for yes in ["    return root / 'x'", "  return path.join(a, b);", "def f(): return x", "return(x)"] {
            assert!(returns_a_value(yes), "{yes}");
        }
        for no in ["    return", "  return;", "  returned = 1", "    return  # done", "  return }"] {
            assert!(!returns_a_value(no), "{no}");
        }
        let src =
            "a = '.claude.json'\nb = '.claude.jsonl'\nc = 'x.claude.toml'\nd = '.nothing.json'\ne = '~/.gemini.yaml'\n";
        assert_eq!(
            hidden_runtime_files(src.as_bytes()),
            [src.find(".claude.json").unwrap(), src.find(".gemini").unwrap()]
        );
    }

    /// A binding's type and a template's `${` are no names: `str` and `string` bound
    /// with a runtime's path would keep every definition that names the type.
    #[test]
    fn types_and_interpolations_are_no_names() {
        assert_eq!(bound("HOME_DIR: str = \".claude\""), ["HOME_DIR"]);
        assert_eq!(bound("    root: Path = HOME / \".claude\","), ["root"]);
        assert_eq!(bound("def f(self, root: str = \".claude\"):"), ["root"]);
        assert_eq!(bound("def f(root = \".claude\"):"), ["root"]);
        assert_eq!(bound("export const DIR: Record<string, string> = {"), ["DIR"]);
        assert_eq!(bound("  private readonly dir: string = '.claude';"), ["dir"]);
        assert_eq!(bound("const { a: b } = x;"), ["a", "b"]);
        assert_eq!(words("`${HOME}/.skill` + $x").collect::<Vec<_>>(), ["HOME", "skill", "$x"]);
        let filler = (0..400).fold(String::new(), |mut out, i| {
            let _ =
                std::fmt::Write::write_fmt(&mut out, format_args!("def f{i}(x: str) -> str:\n    return str(x)\n\n"));
            out
        });
        let src =
            format!("import os\nHOME_DIR: str = \"~/.claude\"\n{filler}def g():\n    return os.path.isdir(HOME_DIR)\n");
        let text = focused(Kind::Python, &src).expect("focused");
        assert!(!text.contains("def f0") && text.contains("os.path.isdir(HOME_DIR)"));
    }

    /// An `=`, a `for` or an `as` inside a string binds nothing.
    #[test]
    fn strings_bind_nothing() {
        assert_eq!(bound("  description: \"use the 'search' tool for that, action='x'\","), Vec::<&str>::new());
        assert_eq!(bound("const msg = `set CLAUDE_CODE=1 as the default`;"), ["msg"]);
        assert_eq!(bound("x = \"a=b\""), ["x"]);
    }

    /// The words of a line and the lines naming a detector are what their plain
    /// definitions say: identifiers split on every other character (not a number, not
    /// the `$` of `${`); lines whose text, `_` left out and in lower case, holds
    /// `detect` or `installed`.
    #[test]
    fn words_and_detecting_lines_are_their_plain_definitions() {
        for t in [
            "const x = `${HOME}/.skill` + $y;",
            "d\u{e9}f \u{e9}t\u{e9}_1 = 2x + _a$b",
            " 9lives ${ $",
            "",
            "a\u{20ac}b \u{fc}n",
        ] {
            let plain: Vec<&str> = t
                .split(|c: char| !ident(c))
                .filter(|w| {
                    let end = w.as_ptr().addr() - t.as_ptr().addr() + w.len();
                    w.chars().next().is_some_and(|c| !c.is_ascii_digit())
                        && !(*w == "$" && t.as_bytes().get(end) == Some(&b'{'))
                })
                .collect();
            assert_eq!(words(t).collect::<Vec<_>>(), plain, "{t}");
        }
        let src = "x = 1\ndef is_Inst_alled():\n  de_tect = 2\nde tect\r\nDETECTED\ninstalle\n";
        let plain: Vec<bool> = src
            .split('\n')
            .map(|l| {
                let f: String = l.chars().filter(|c| *c != '_').map(|c| c.to_ascii_lowercase()).collect();
                f.contains("detect") || f.contains("installed")
            })
            .collect();
        assert_eq!(lines_detecting(src), Some(plain));
        assert_eq!(lines_detecting("de tect\ninstalle d"), None);
    }

    /// A Python comment's line is blanked, kept or not; a `#` line inside a docstring
    /// and a comment after code are not (and neither is JavaScript's `//`).
    #[test]
    fn python_comment_lines_are_blanked() {
        let py = "import os\n# one\n    # two\nX = os.environ.get('CLAUDECODE')  # three\ns = \"\"\"\n# four\n\"\"\"\n";
        let text = focused_from(Kind::Python, py, 0).expect("comments blanked");
        assert_eq!(text.len(), py.len());
        assert_eq!(
            text,
            "import os\n     \n         \nX = os.environ.get('CLAUDECODE')  # three\ns = \"\"\"\n# four\n\"\"\"\n"
        );
        assert_eq!(focused_from(Kind::Python, "import os\nX = 1\n", 0), None);
        assert_eq!(focused_from(Kind::JavaScript, "// one\nconst x = 1;\n", 0), None);
    }

    #[test]
    fn definitions_are_cut_on_line_starts() {
        let py = "import os\n\n\ndef a(x,\n      y):\n    return x\n\n\nclass C:\n    n = 1\n\n    @property\n    def m(self):\n        return 2\n";
        let texts: Vec<&str> = py.split('\n').collect();
        let defs: Vec<_> = python_chunks(&texts, &in_python_string(&texts))
            .into_iter()
            .filter(|c| c.def)
            .map(|c| (c.lines, c.name.unwrap_or_default()))
            .collect();
        assert_eq!(defs, [(3..8, "a".to_owned()), (11..15, "m".to_owned())]);
        let js = "const x = 1;\nexport async function f(a) {\n  return a;\n}\nclass K {\n  static get n() {\n    return 1;\n  }\n}\nconst g = (b) => {\n  return b;\n};\n";
        let texts: Vec<&str> = js.split('\n').collect();
        let defs: Vec<_> =
            js_chunks(&texts).into_iter().filter(|c| c.def).map(|c| (c.lines, c.name.unwrap_or_default())).collect();
        assert_eq!(defs, [(1..4, "f".to_owned()), (5..8, "n".to_owned()), (9..12, "g".to_owned())]);
    }
}
