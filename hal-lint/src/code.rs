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
    crate::focus::parse_focused(kind, src, |text| parse(kind, text))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every fixture of the languages focused, whatever its size, yields the hits of
    /// its whole parse (where the focused text parses cleanly; elsewhere the whole file
    /// is parsed, as [`crate::code::lint`] does).
    #[test]
    fn focusing_keeps_every_fixture_s_hits() {
        let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")];
        let (mut focused, mut blanked) = (0, 0);
        while let Some(dir) = dirs.pop() {
            for e in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = e.path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                let Ok(src) = std::fs::read_to_string(&path) else { continue };
                let kind = match path.extension().and_then(|e| e.to_str()) {
                    Some("py") => Kind::Python,
                    Some("js" | "mjs" | "cjs") => Kind::JavaScript,
                    Some("ts" | "mts" | "cts") => Kind::TypeScript,
                    Some("tsx") => Kind::Tsx,
                    _ => continue,
                };
                let Some(text) = crate::focus::focused_from(kind, &src, 0) else { continue };
                assert_eq!(text.len(), src.len());
                let (whole, part) = (parse(kind, &src), parse(kind, &text));
                if part.unparseable.is_some() {
                    continue;
                }
                let key = |h: &crate::hit::Hit| (h.line, h.column, h.rule.as_str(), h.message.clone());
                let mut a: Vec<_> = whole.hits.iter().map(key).collect();
                let mut b: Vec<_> = part.hits.iter().map(key).collect();
                a.sort();
                b.sort();
                assert_eq!(a, b, "{}", path.display());
                assert_eq!(whole.written, part.written, "{}", path.display());
                focused += 1;
                blanked += text.bytes().zip(src.bytes()).filter(|(t, s)| t != s).count();
            }
        }
        assert!(focused >= 3 && blanked > 400, "{focused} fixtures focused, {blanked} bytes blanked");
    }

    /// A large kept function is cut into the functions nested in it: a callback that
    /// names nothing a finding reads is blanked (its opening and closing lines kept),
    /// one that probes a runtime's folder or uses a name bound beside a literal stays,
    /// and a name a callback binds for itself (`result`) keeps no other callback. In
    /// Python a nested `def` is blanked whole, to a `pass`.
    #[test]
    fn a_large_function_s_nested_functions_are_focused_too() {
        let callbacks = (0..300).fold(String::new(), |mut out, i| {
            let _ = std::fmt::Write::write_fmt(
                &mut out,
                format_args!("  server.tool(\"t{i}\", async (input) => {{\n    const result = await call{i}(input);\n    return result;\n  }});\n"),
            );
            out
        });
        let src = format!(
            "import fs from \"fs\";\nexport function register(server, home) {{\n  const dir = home + \"/.claude\";\n{callbacks}  server.tool(\"probe\", async () => {{\n    const result = fs.existsSync(dir);\n    return result;\n  }});\n  server.tool(\"env\", async () => {{\n    if (process.env.CLAUDECODE) {{\n      return 1;\n    }}\n  }});\n}}\n"
        );
        let text = crate::focus::focused(Kind::JavaScript, &src).expect("focused");
        assert_eq!(text.len(), src.len());
        assert!(!text.contains("call0(") && text.contains("server.tool(\"t0\", async (input) => {"));
        assert!(text.contains("fs.existsSync(dir)") && text.contains("process.env.CLAUDECODE"));
        let key = |l: crate::hit::FileLint| l.hits.into_iter().map(|h| (h.line, h.rule)).collect::<Vec<_>>();
        let (whole, part) = (parse(Kind::JavaScript, &src), parse(Kind::JavaScript, &text));
        assert_eq!(part.unparseable, None);
        assert_eq!(key(whole), key(part));

        let inner = (0..600).fold(String::new(), |mut out, i| {
            let _ = std::fmt::Write::write_fmt(&mut out, format_args!("    def f{i}(x):\n        return x + {i}\n\n"));
            out
        });
        let src = format!(
            "import os\n\n\ndef outer():\n{inner}    def g():\n        return os.environ.get('CLAUDECODE')\n    return g\n"
        );
        let text = crate::focus::focused(Kind::Python, &src).expect("focused");
        assert!(!text.contains("def f0") && text.contains("    pass") && text.contains("os.environ.get('CLAUDECODE')"));
        assert_eq!(parse(Kind::Python, &text).unparseable, None);
    }

    #[test]
    fn a_blanked_python_definition_stays_a_statement() {
        let filler = (0..800).fold(String::new(), |mut out, i| {
            let _ = std::fmt::Write::write_fmt(&mut out, format_args!("    def f{i}(self):\n        return {i}\n\n"));
            out
        });
        let src =
            format!("import os\n\n\nclass C:\n{filler}    def g(self):\n        return os.environ.get('CLAUDECODE')\n");
        let text = crate::focus::focused(Kind::Python, &src).expect("focused");
        assert_eq!(text.len(), src.len());
        assert!(text.contains("    pass") && text.contains("os.environ.get('CLAUDECODE')") && !text.contains("f0"));
        assert_eq!(parse(Kind::Python, &text).unparseable, None);
    }
}
