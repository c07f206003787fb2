//! One piece of code through its language's linter: the parsers up to [`MAX_PARSE`]
//! bytes, the line scan past it. A file's text ([`crate::file`]) and each language's
//! code of a Markdown file ([`crate::markdown`]) come through here.

use crate::hit::{FileLint, Kind};

/// Code larger than this is not parsed: it is scanned line by line for indicator reads
/// (a minified bundle), in linear time.
pub(crate) const MAX_PARSE: usize = 1 << 20;

/// Lints `src` as code of `kind` (a hook JSON text as JSON settings without a path;
/// Markdown is [`crate::markdown`]'s and yields nothing here).
pub(crate) fn lint(kind: Kind, src: &str) -> FileLint {
    if src.len() > MAX_PARSE && !kind.always() {
        let mut l = crate::scan::whole(src, kind);
        l.unparseable =
            Some(format!("{} bytes, more than the parsers read ({MAX_PARSE}): scanned line by line", src.len()));
        return l;
    }
    if crate::focus::minified(kind, src) {
        let mut l = crate::scan::whole(src, kind);
        l.unparseable =
            Some(format!("minified (a line of {} bytes or more): scanned line by line", crate::focus::MINIFIED_LINE));
        return l;
    }
    // A large file's parser sees only what can hold a finding; where that text does
    // not parse cleanly, the whole file is parsed ([`crate::focus`]).
    if let Some(text) = crate::focus::focused(kind, src) {
        let l = parse(kind, &text);
        if l.unparseable.is_none() {
            return l;
        }
    }
    parse(kind, src)
}

/// Lints `src` with the parser of `kind`.
pub(crate) fn parse(kind: Kind, src: &str) -> FileLint {
    match kind {
        Kind::Rust => crate::rust::lint(src),
        Kind::Shell => crate::shell::lint(src),
        Kind::TypeScript | Kind::Tsx | Kind::JavaScript => crate::js::lint(src, kind),
        Kind::Python => crate::python::lint(src),
        Kind::HookJson => crate::hooks::lint(std::path::Path::new("hooks.json"), src),
        Kind::CargoToml => crate::manifest::cargo(src),
        Kind::PackageJson => crate::manifest::package_json(src),
        Kind::Pyproject => crate::manifest::pyproject(src),
        Kind::Markdown => FileLint::default(),
    }
}
