//! The code map's invariants held to their tests: every paragraph of `docs/code-map.md`
//! stating an "Architecture Invariant" names the tests that enforce it (`Test:` or
//! `Tests:`, then `path::name` in backticks), and a tidy test fails unless each named test
//! exists; ARCHITECTURE.md's table of them is generated from there ([`table`]). Also
//! the tests of the invariants that are facts of the workspace itself: which crate may
//! depend on which, `#[non_exhaustive]` in hal-types, the one `unsafe` allowance, the
//! pure parts of hal-gupp, no runtime id written outside the registry.

#[cfg(test)]
use std::path::Path;

/// One named test: the file (relative to the workspace root) and the test's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Named {
    pub(crate) file: String,
    pub(crate) name: String,
}

/// Where the invariants are stated, each beside the code it constrains.
pub(crate) const CODE_MAP: &str = "docs/code-map.md";

/// ARCHITECTURE.md's table of the invariants of `code_map` (the text of [`CODE_MAP`]): one
/// row per invariant, its first sentence, the section (crate) it is stated in, and the
/// tests it names.
pub(crate) fn table(code_map: &str) -> String {
    use std::fmt::Write as _;

    let mut out = String::from("| invariant | where | tests |\n|---|---|---|\n");
    let cell = |t: &str| t.replace('|', "\\|");
    // The page's title and intro come before the first section.
    for chunk in code_map.split("\n## ").skip(1) {
        let section = chunk.lines().next().unwrap_or_default().split(" (").next().unwrap_or_default().trim();
        for (statement, named) in invariants(chunk) {
            let tests: Vec<String> = named.iter().map(|n| format!("`{}::{}`", n.file, n.name)).collect();
            let _ =
                writeln!(out, "| {} | {} | {} |", cell(&first_sentence(&statement)), cell(section), tests.join(", "));
        }
    }
    out
}

/// The first sentence of `text` (up to a full stop that ends a sentence, outside
/// backticks and parentheses), its lines joined.
fn first_sentence(text: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let (mut code, mut depth) = (false, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '`' => code = !code,
            '(' if !code => depth += 1,
            ')' if !code => depth = depth.saturating_sub(1),
            '.' if !code && depth == 0 && text[i + 1..].starts_with(' ') => return text[..=i].to_owned(),
            _ => {}
        }
    }
    text
}

/// Each invariant paragraph of `doc` (its statement, up to the tests it names) with the
/// tests it names.
pub(crate) fn invariants(doc: &str) -> Vec<(String, Vec<Named>)> {
    doc.split("\n\n")
        .flat_map(|block| {
            // An invariant runs until the next one or the end of the paragraph.
            block.split("**Architecture Invariant").skip(1).map(str::to_owned).collect::<Vec<_>>()
        })
        .map(|text| {
            let body = text.trim_start_matches(":**");
            let end = ["\nTest: ", "\nTests: "].iter().filter_map(|m| body.find(m)).min().unwrap_or(body.len());
            let first = body[..end].trim().to_owned();
            let mut named = Vec::new();
            for marker in ["Test: ", "Tests: "] {
                let mut rest = text.as_str();
                while let Some(at) = rest.find(marker) {
                    rest = &rest[at + marker.len()..];
                    // `a::b`, `c::d` … up to the sentence's end.
                    let end = rest.find(".\n").or_else(|| rest.strip_suffix('.').map(str::len)).unwrap_or(rest.len());
                    for reference in rest[..end].split('`').skip(1).step_by(2) {
                        let reference = reference.split_whitespace().collect::<Vec<_>>().join(" ");
                        if let Some((file, name)) = reference.rsplit_once("::") {
                            named.push(Named { file: file.to_owned(), name: name.to_owned() });
                        }
                    }
                }
            }
            (first, named)
        })
        .collect()
}

/// Whether the test `named` exists: a Rust `fn` marked `#[test]` (or inside
/// `proptest!`), a Node `test("…")`, a Python `def test_…`.
#[cfg(test)]
pub(crate) fn exists(root: &Path, named: &Named) -> Result<(), String> {
    let text = std::fs::read_to_string(root.join(&named.file)).map_err(|e| format!("{}: {e}", named.file))?;
    let ext = Path::new(&named.file).extension().and_then(|e| e.to_str()).unwrap_or_default();
    let found = if ext == "rs" {
        // `fn name(` with `#[test]` among the attributes and docs right above it
        // (`proptest!` cases carry `#[test]` too).
        let lines: Vec<&str> = text.lines().collect();
        lines.iter().enumerate().any(|(i, line)| {
            let line = line.trim_start();
            (line.starts_with(&format!("fn {}(", named.name)) || line.starts_with(&format!("pub fn {}(", named.name)))
                && lines[..i]
                    .iter()
                    .rev()
                    .map(|l| l.trim())
                    .take_while(|l| l.starts_with("#[") || l.starts_with("///") || l.starts_with("//"))
                    .any(|l| l.starts_with("#[test]"))
        })
    } else if ext == "js" {
        text.contains(&format!("test(\"{}\"", named.name))
    } else if ext == "py" {
        named.name.starts_with("test_") && text.contains(&format!("def {}(", named.name))
    } else {
        false
    };
    if found { Ok(()) } else { Err(format!("{}: no test `{}`", named.file, named.name)) }
}

/// The `[dependencies]` of a manifest (every table whose name ends so, target-specific
/// ones too): `(name, optional)`.
#[cfg(test)]
pub(crate) fn dependencies(manifest: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line.trim_end_matches(']').ends_with("dependencies")
                && !line.contains("dev-")
                && !line.contains("build-");
            continue;
        }
        if !inside || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let name = line.split(['=', '.', ' ']).next().unwrap_or_default().trim().to_owned();
        out.push((name, line.contains("optional = true")));
    }
    out
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::util::root;

    fn manifest(krate: &str) -> String {
        std::fs::read_to_string(root().join(krate).join("Cargo.toml")).unwrap()
    }

    /// Every `.rs` file under `dir`.
    fn rust_files(dir: &Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        let mut todo = vec![dir.to_path_buf()];
        while let Some(d) = todo.pop() {
            for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                let p = entry.path();
                if p.is_dir() {
                    if p.file_name().is_some_and(|n| n != "fixtures" && n != "target") {
                        todo.push(p);
                    }
                } else if p.extension().is_some_and(|x| x == "rs") {
                    out.push(p);
                }
            }
        }
        out.sort();
        out
    }

    /// Tidy: every invariant of the code map names at least one test, and every named
    /// test exists.
    #[test]
    fn every_invariant_names_a_test_that_exists() {
        let root = root();
        let doc = std::fs::read_to_string(root.join(CODE_MAP)).unwrap();
        let found = invariants(&doc);
        assert!(found.len() >= 20, "{} invariants found", found.len());
        let mut problems = Vec::new();
        for (invariant, named) in &found {
            if named.is_empty() {
                problems.push(format!("names no test: {invariant}"));
            }
            problems.extend(named.iter().filter_map(|n| exists(&root, n).err()));
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn the_invariant_parser_reads_tests_and_the_check_can_fail() {
        let doc = "x\n\n**Architecture Invariant:** one.\nTests: `a/b.rs::c`, `d/e.js::f g`.\n\n\
                   **Architecture Invariant:** two, untested.\n";
        let found = invariants(doc);
        assert_eq!(found.len(), 2);
        assert_eq!(
            found[0].1,
            [Named { file: "a/b.rs".into(), name: "c".into() }, Named { file: "d/e.js".into(), name: "f g".into() }]
        );
        assert!(found[1].1.is_empty());
        let map = "# Code map\n\n## `a` (note)\nText.\n\n**Architecture Invariant:** one (e.g. this.\nstill)\nhere. Two.\n\
                   Test: `x/y.rs::z`.\n";
        assert_eq!(
            table(map),
            "| invariant | where | tests |\n|---|---|---|\n| one (e.g. this. still) here. | `a` | `x/y.rs::z` |\n"
        );
        let missing = Named { file: "xtask/src/invariants.rs".into(), name: "no_such_test".into() };
        assert!(exists(&root(), &missing).is_err());
        let helper = Named { file: "xtask/src/invariants.rs".into(), name: "manifest".into() };
        assert!(exists(&root(), &helper).is_err(), "a helper is no test");
    }

    /// hal-types depends on nothing of ours: serde and thiserror, and behind its
    /// `schema` feature schemars and serde_json.
    #[test]
    fn hal_types_depends_on_serde_and_thiserror_only() {
        let deps = dependencies(&manifest("hal-types"));
        let required: Vec<&str> = deps.iter().filter(|(_, o)| !o).map(|(n, _)| n.as_str()).collect();
        assert_eq!(required, ["serde", "thiserror"]);
        assert!(deps.iter().all(|(n, _)| !n.starts_with("hal-")), "{deps:?}");
    }

    /// hal-detect links no parser; hal-lint never depends on hal-detect.
    #[test]
    fn hal_detect_links_no_parser_and_hal_lint_no_hal_detect() {
        let parsers = |deps: &[(String, bool)]| -> Vec<String> {
            deps.iter()
                .map(|(n, _)| n.clone())
                .filter(|n| n == "syn" || n.starts_with("tree-sitter") || n == "proc-macro2")
                .collect()
        };
        assert_eq!(parsers(&dependencies(&manifest("hal-detect"))), Vec::<String>::new());
        let lint = dependencies(&manifest("hal-lint"));
        assert!(lint.iter().any(|(n, _)| n == "hal-caps"), "{lint:?}");
        assert!(!lint.iter().any(|(n, _)| n == "hal-detect"), "{lint:?}");
        assert!(!parsers(&lint).is_empty(), "the parser check can fail");
    }

    /// The registry is data over hal-types; the payload reader reads against the
    /// registry; hal-caps builds on both. Neither the registry nor the reader parses
    /// TOML or JSON through a library, nor depends on hal-caps or anything above it.
    #[test]
    fn the_registry_and_the_payload_reader_sit_below_hal_caps() {
        let ours = |krate: &str| -> Vec<String> {
            dependencies(&manifest(krate)).into_iter().map(|(n, _)| n).filter(|n| n.starts_with("hal-")).collect()
        };
        assert_eq!(ours("hal-registry"), ["hal-types"]);
        assert_eq!(ours("hal-payload"), ["hal-types", "hal-registry"]);
        let caps = ours("hal-caps");
        assert!(caps.iter().any(|n| n == "hal-registry") && caps.iter().any(|n| n == "hal-payload"), "{caps:?}");
        for krate in ["hal-registry", "hal-payload"] {
            let deps = dependencies(&manifest(krate));
            let libraries: Vec<&String> =
                deps.iter().filter(|(n, o)| !o && !n.starts_with("hal-")).map(|(n, _)| n).collect();
            assert!(libraries.is_empty(), "{krate} depends on {libraries:?}");
        }
    }

    /// hal-types keeps ids and one-line docs: no string of its sources is prose (the
    /// lint's descriptions are hal-lint's, `hal-lint/src/what.rs`).
    #[test]
    fn hal_types_holds_no_prose() {
        let long = |file: &Path| -> Vec<(usize, String)> {
            literals(file).into_iter().filter(|(_, l)| l.len() > 160).collect()
        };
        let found: Vec<_> = rust_files(&root().join("hal-types/src")).iter().flat_map(|f| long(f)).collect();
        assert!(found.is_empty(), "prose in hal-types: {found:?}");
        // The check can fail: the lint's descriptions are longer.
        assert!(!long(&root().join("hal-lint/src/what.rs")).is_empty());
    }

    /// The names of the `.rs` files under `src` that more than one file carries (a
    /// `mod.rs` is named by its folder), each with the files that carry it.
    fn shared_names(src: &Path) -> Vec<(String, Vec<String>)> {
        let mut by_name: std::collections::BTreeMap<String, Vec<String>> = std::collections::BTreeMap::new();
        for file in rust_files(src) {
            let rel = file.strip_prefix(src).unwrap().to_string_lossy().replace('\\', "/");
            let stem = file.file_stem().unwrap_or_default().to_string_lossy().into_owned();
            let name = if stem == "mod" {
                file.parent().and_then(Path::file_name).unwrap_or_default().to_string_lossy().into_owned()
            } else {
                stem
            };
            by_name.entry(name).or_default().push(rel);
        }
        by_name.into_iter().filter(|(_, files)| files.len() > 1).collect()
    }

    /// Names two files of one crate may share, each with why. A runtime's folder of
    /// specs and its folder of stubs are both named by runtime id; the rest predate the
    /// rule and are to be renamed when their crate is not being edited by other lanes.
    const SHARED_NAMES: &[(&str, &str, &str)] = &[
        ("hal-conformance", "gemini", "runtimes/ and stub/ are both named by runtime id"),
        ("hal-conformance", "start", "predates the rule: the start check beside the start step"),
        ("hal-conformance", "replay", "predates the rule: the replay check beside the replay step"),
        ("hal-cli", "schema", "predates the rule: `hal schema` beside the schemas it prints"),
    ];

    /// Tidy: no two source files of one crate share a name (the five launch files of
    /// old hal-caps), but for the named exceptions of [`SHARED_NAMES`], each still real.
    #[test]
    fn no_two_source_files_of_a_crate_share_a_name() {
        let root = root();
        let mut problems = Vec::new();
        let mut used = Vec::new();
        let roots = crate::usegraph::crate_roots(&root);
        assert!(roots.len() >= 10, "{roots:?}");
        let mut srcs: Vec<&Path> = roots.iter().filter_map(|r| r.parent()).filter(|d| d.ends_with("src")).collect();
        srcs.dedup();
        for src in srcs {
            let krate = src.parent().unwrap().strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
            for (name, files) in shared_names(src) {
                if SHARED_NAMES.iter().any(|(k, n, _)| *k == krate && *n == name) {
                    used.push((krate.clone(), name));
                } else {
                    problems.push(format!("{krate}: {files:?} share the name `{name}`"));
                }
            }
        }
        for (krate, name, why) in SHARED_NAMES {
            if !used.iter().any(|(k, n)| k == krate && n == name) {
                problems.push(format!("{krate}: `{name}` ({why}) is shared no more: drop it from SHARED_NAMES"));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        // The check can fail: a crate with two `launch.rs` (one a folder's `mod.rs`).
        let tmp = tempfile::tempdir().unwrap();
        for f in ["launch.rs", "registry/launch/mod.rs", "registry/model.rs"] {
            let path = tmp.path().join(f);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        let shared = shared_names(tmp.path());
        assert_eq!(shared, [("launch".to_owned(), vec!["launch.rs".to_owned(), "registry/launch/mod.rs".to_owned()])]);
    }

    /// Every public struct and enum of hal-types (and every enum its macro declares) is
    /// `#[non_exhaustive]`.
    #[test]
    fn every_public_type_of_hal_types_is_non_exhaustive() {
        let mut exhaustive = Vec::new();
        let mut checked = 0;
        for file in rust_files(&root().join("hal-types/src")) {
            let ast = syn::parse_file(&std::fs::read_to_string(&file).unwrap()).unwrap();
            let mut items: Vec<&syn::Item> = ast.items.iter().collect();
            while let Some(item) = items.pop() {
                let (attrs, name, public) = match item {
                    // A struct whose fields are all private is closed already: it can be
                    // neither built nor destructured outside.
                    syn::Item::Struct(s) => (
                        &s.attrs,
                        s.ident.to_string(),
                        matches!(s.vis, syn::Visibility::Public(_))
                            && s.fields.iter().any(|f| matches!(f.vis, syn::Visibility::Public(_))),
                    ),
                    syn::Item::Enum(e) => (&e.attrs, e.ident.to_string(), matches!(e.vis, syn::Visibility::Public(_))),
                    syn::Item::Mod(m) => {
                        items.extend(m.content.iter().flat_map(|(_, i)| i));
                        continue;
                    }
                    syn::Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                        // A macro declaring enums declares them `#[non_exhaustive]`, or
                        // hands them to `string_enum!`, which does (`lint_rules!`).
                        let body = m.mac.tokens.to_string();
                        if body.contains("pub enum") {
                            checked += 1;
                            if !body.contains("non_exhaustive") && !body.contains("string_enum !") {
                                exhaustive.push(format!(
                                    "{}: macro {:?}",
                                    file.display(),
                                    m.ident.as_ref().map(ToString::to_string)
                                ));
                            }
                        }
                        continue;
                    }
                    _ => continue,
                };
                if !public {
                    continue;
                }
                checked += 1;
                if !attrs.iter().any(|a| a.path().is_ident("non_exhaustive")) {
                    exhaustive.push(format!("{}: {name}", file.display()));
                }
            }
        }
        assert!(checked > 10, "{checked}");
        assert!(exhaustive.is_empty(), "not #[non_exhaustive]: {exhaustive:?}");
    }

    /// The only `unsafe` allowances are hal-cli's C entry point and hal-detect's libSystem
    /// calls on macOS: no other source allows `unsafe_code`, and every member takes the
    /// workspace's lints (which deny it).
    #[test]
    fn the_only_unsafe_allowance_is_hal_clis_entry_point() {
        let root = root();
        let mut allowances = Vec::new();
        for member in [
            "hal-types",
            "hal-registry",
            "hal-payload",
            "hal-caps",
            "hal-detect",
            "hal-gupp",
            "hal-lint",
            "hal-lint/eval",
            "hal-cli",
            "hal-conformance",
            "xtask",
            "examples/witness",
        ] {
            let m = manifest(member);
            assert!(m.contains("[lints]\nworkspace = true"), "{member} does not take the workspace's lints");
            for file in rust_files(&root.join(member)) {
                let text = std::fs::read_to_string(&file).unwrap();
                let code: String = text.split_whitespace().collect();
                // Spelled in two halves, so this file does not match itself.
                let allows = [concat!("#[allow(", "unsafe_code"), concat!("#![allow(", "unsafe_code")];
                if allows.iter().any(|a| code.contains(a)) {
                    allowances.push(file.strip_prefix(&root).unwrap().to_string_lossy().into_owned());
                }
            }
        }
        // hal-cli's C entry point, and hal-detect's three libSystem calls on macOS (sysinfo,
        // the safe reader elsewhere, links frameworks a binary linked here cannot).
        allowances.sort();
        assert_eq!(allowances, ["hal-cli/src/main.rs", "hal-detect/src/os/macos.rs"]);
        let workspace = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
        assert!(workspace.contains("unsafe_code = \"deny\""));
    }

    /// hal-gupp's `plan` and `shell` are pure: they name no host and nothing of
    /// hal-detect; only `Hal` (hal.rs) holds a host.
    #[test]
    fn hal_gupps_plan_and_shell_hold_no_host() {
        let src = root().join("hal-gupp/src");
        for file in ["plan.rs", "shell.rs"] {
            let text = std::fs::read_to_string(src.join(file)).unwrap();
            for word in ["hal_detect", "Host", "std::env", "std::fs", "std::process"] {
                assert!(!text.contains(word), "hal-gupp/src/{file} names {word}");
            }
        }
        let hal = std::fs::read_to_string(src.join("hal.rs")).unwrap();
        assert!(hal.contains("Host"), "the check can fail: hal.rs holds the host");
    }

    /// String literals in the code (not tests, not attributes) of `file`, with lines.
    fn literals(file: &Path) -> Vec<(usize, String)> {
        struct Lits(Vec<(usize, String)>);
        impl<'ast> syn::visit::Visit<'ast> for Lits {
            fn visit_lit_str(&mut self, l: &'ast syn::LitStr) {
                self.0.push((l.span().start().line, l.value()));
            }
            fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
            fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
                if !m.attrs.iter().any(|a| a.path().is_ident("cfg")) {
                    syn::visit::visit_item_mod(self, m);
                }
            }
            fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
                if !f.attrs.iter().any(|a| a.path().is_ident("test")) {
                    syn::visit::visit_item_fn(self, f);
                }
            }
            fn visit_macro(&mut self, m: &'ast syn::Macro) {
                // format!("…"), concat!(…): the literals among their tokens.
                for t in m.tokens.clone() {
                    if let proc_macro2::TokenTree::Literal(l) = t
                        && let Ok(s) = syn::parse_str::<syn::LitStr>(&l.to_string())
                    {
                        self.0.push((l.span().start().line, s.value()));
                    }
                }
            }
        }
        let ast = syn::parse_file(&std::fs::read_to_string(file).unwrap()).unwrap();
        let mut lits = Lits(Vec::new());
        syn::visit::Visit::visit_file(&mut lits, &ast);
        lits.0
    }

    /// Nothing about a specific runtime is written outside the registry: no string
    /// literal in the code of hal-caps (outside `registry/`), hal-detect, hal-gupp,
    /// hal-cli or hal-conformance (outside its runtime table, `runtimes/`, one file per runtime, keyed by
    /// `RuntimeProvider`) is a runtime's id or alias.
    #[test]
    fn no_runtime_id_is_a_literal_outside_the_registry() {
        let names: Vec<String> = hal_caps::registry::REGISTRY
            .iter()
            .filter(|r| r.provider != hal_types::RuntimeProvider::Unknown)
            .flat_map(|r| std::iter::once(r.provider.as_str()).chain(r.aliases.iter().copied()))
            .map(str::to_ascii_lowercase)
            .collect();
        let root = root();
        let mut found = Vec::new();
        for dir in
            ["hal-payload/src", "hal-caps/src", "hal-detect/src", "hal-gupp/src", "hal-cli/src", "hal-conformance/src"]
        {
            for file in rust_files(&root.join(dir)) {
                let shown = file.strip_prefix(&root).unwrap().to_string_lossy().into_owned();
                if shown.starts_with("hal-registry/src/") || shown.starts_with("hal-conformance/src/runtimes/") {
                    continue;
                }
                for (line, lit) in literals(&file) {
                    if names.contains(&lit.trim().to_ascii_lowercase()) {
                        found.push(format!("{shown}:{line}: {lit:?}"));
                    }
                }
            }
        }
        assert!(found.is_empty(), "runtime ids written outside the registry:\n{}", found.join("\n"));
        // The check can fail: the registry's own rows hold every id.
        let rows = literals(&root.join("hal-registry/src/runtimes/claude.rs"));
        assert!(rows.iter().any(|(_, l)| l == "claude-code"), "{} literals in runtimes/claude.rs", rows.len());
    }

    /// Every property of `schema` (at any depth) that its object does not require.
    fn unrequired(schema: &serde_json::Value, path: &str, out: &mut Vec<String>) {
        match schema {
            serde_json::Value::Object(map) => {
                if let Some(serde_json::Value::Object(props)) = map.get("properties") {
                    let required: Vec<&str> = map
                        .get("required")
                        .and_then(serde_json::Value::as_array)
                        .map(|r| r.iter().filter_map(serde_json::Value::as_str).collect())
                        .unwrap_or_default();
                    out.extend(props.keys().filter(|k| !required.contains(&k.as_str())).map(|k| format!("{path}/{k}")));
                }
                for (k, v) in map {
                    unrequired(v, &format!("{path}/{k}"), out);
                }
            }
            serde_json::Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    unrequired(v, &format!("{path}/{i}"), out);
                }
            }
            _ => {}
        }
    }

    /// A command's schema is derived from its type with every property required (hal
    /// writes every key); that the answers validate is `hal-cli/tests/common`'s, run by
    /// every end-to-end suite.
    #[test]
    fn every_schema_requires_every_property() {
        let files = crate::clients::schema_files();
        assert!(files.len() >= 10, "{}", files.len());
        let mut out = Vec::new();
        for (path, text) in &files {
            unrequired(&serde_json::from_str(text).unwrap(), path, &mut out);
        }
        assert!(out.is_empty(), "{out:?}");
        let mut loose: serde_json::Value = serde_json::from_str(&files[0].1).unwrap();
        loose["required"] = serde_json::json!([]);
        let mut caught = Vec::new();
        unrequired(&loose, "x", &mut caught);
        assert!(!caught.is_empty(), "the check can fail");
    }

    /// The commit the subject rule starts at (issue 34): the history before it is not
    /// rewritten.
    const SUBJECTS_SINCE: &str = "777e31029eb34d882a837d09f42f1984a759b4db";

    /// The longest a commit subject may be; the detail goes in the body.
    const MAX_SUBJECT: usize = 72;

    /// The subjects in `log` (one a line) longer than [`MAX_SUBJECT`] characters.
    fn long_subjects(log: &str) -> Vec<String> {
        log.lines().filter(|s| s.chars().count() > MAX_SUBJECT).map(str::to_owned).collect()
    }

    /// Every commit after [`SUBJECTS_SINCE`] has a subject of at most 72 characters.
    /// Without git, outside a clone, or in a shallow clone that does not reach the base
    /// commit (CI's fresh checkouts), there is nothing to read and the test passes.
    #[test]
    fn commit_subjects_since_the_base_are_at_most_72_characters() {
        let git = |args: &[&str]| {
            std::process::Command::new("git")
                .arg("-C")
                .arg(root())
                .args(args)
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        };
        let base = format!("{SUBJECTS_SINCE}^{{commit}}");
        if git(&["rev-parse", "--verify", "--quiet", &base]).is_none() {
            eprintln!("commit subjects: the base commit is not in this clone; nothing to check");
            return;
        }
        let Some(log) = git(&["log", "--format=%s", &format!("{SUBJECTS_SINCE}..HEAD")]) else { return };
        let long = long_subjects(&log);
        assert!(
            long.is_empty(),
            "commit subjects longer than {MAX_SUBJECT} characters (detail goes in the body): {long:#?}"
        );
        let caught = long_subjects(&format!("short\n{}\n", "x".repeat(MAX_SUBJECT + 1)));
        assert_eq!(caught.len(), 1, "the check can fail");
    }
}
