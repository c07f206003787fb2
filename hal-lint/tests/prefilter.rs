//! The prefilter skips no rule (issue 34): every finding the linters make on the
//! fixtures, each file linted whole without the prefilter, is reachable through the
//! prefilter narrowed to the finding's rule (`might_hold_finding_of`: that rule's starts
//! in `hal_lint::DEFS`, spelled for the file's language), and through the whole one. A
//! rule whose starts miss a literal its findings need fails here, by rule; so does a
//! rule that is reported but has no fixture finding to hold it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hal_lint::{DEFS, Options, Rule, Start, kind_of, lint_source_with, might_hold_finding_in, might_hold_finding_of};

/// Names folded from literals (the N7 evasions of the third hostile pass, as
/// `hal-cli/tests/lint_evasion.rs` runs them through the binary): held by the weak
/// literals of each language together with the string pieces that spell a name.
const FOLDED: &[(&str, &str)] = &[
    ("concat.js", "const a = process.env[\"CLAUDE\" + \"CODE\"];\n"),
    ("template.js", "const a = 1;\nconst b = process.env[`CLAUDE${\"CODE\"}`];\n"),
    ("unicode.js", "const a = process.env[\"CLAUDE\\u0043ODE\"];\n"),
    ("hex.js", "const a = process.env[\"\\x43LAUDECODE\"];\n"),
    ("const.ts", "const K = \"CLAUDE\" + \"CODE\";\nconst a = process.env[K];\n"),
    ("concat.py", "import os\na = os.environ.get(\"CODEX_\" + \"THREAD_ID\")\n"),
    ("implicit.py", "import os\na = os.environ.get(\"CODEX_\" \"THREAD_ID\")\n"),
    ("fstring.py", "import os\nP = \"CODEX_\"\na = os.environ.get(f\"{P}THREAD_ID\")\n"),
    ("hex.py", "import os\na = os.environ.get(\"CODEX_\\x54HREAD_ID\")\n"),
    ("unicode.py", "import os\na = os.environ.get(\"CODEX_\\u0054HREAD_ID\")\n"),
    ("concat.rs", "fn main() {\n    let _ = std::env::var(concat!(\"CLAUDE\", \"CODE\"));\n}\n"),
    ("unicode.rs", "fn main() {\n    let _ = std::env::var(\"CLAUDE\\u{43}ODE\");\n}\n"),
];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

#[test]
fn every_rule_is_reachable_through_the_prefilter() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut paths = Vec::new();
    files(&root, &mut paths);
    let mut texts: Vec<(PathBuf, String)> = paths
        .into_iter()
        .filter_map(|p| std::fs::read(&p).ok().map(|b| (p, String::from_utf8_lossy(&b).into_owned())))
        .collect();
    texts.extend(FOLDED.iter().map(|(n, t)| (PathBuf::from(n), (*t).to_owned())));
    let strict = Options::default().strict(true);
    let (mut held, mut skipped): (BTreeMap<Rule, usize>, Vec<String>) = (BTreeMap::new(), Vec::new());
    for (path, text) in &texts {
        let Some(kind) = kind_of(path, text) else { continue };
        for f in lint_source_with(path, text, &strict).findings {
            let at = format!("{}:{}:{} {}", path.display(), f.line, f.column, f.rule);
            if !might_hold_finding_of(f.rule, kind, text.as_bytes()) {
                skipped.push(format!("{at}: not through its rule's starts"));
            } else if !might_hold_finding_in(kind, text.as_bytes()) {
                skipped.push(format!("{at}: not through the prefilter"));
            } else {
                *held.entry(f.rule).or_default() += 1;
            }
        }
    }
    assert!(skipped.is_empty(), "findings the prefilter would skip:\n{}", skipped.join("\n"));
    for d in DEFS {
        if !d.starts.is_empty() {
            assert!(held.get(&d.rule).is_some_and(|n| *n > 0), "{}: no fixture finding holds its starts", d.rule);
        }
    }
    let folded = FOLDED.len();
    assert!(held[&Rule::IndicatorVar] > folded, "the folded names are findings too");
}

/// Each start a rule lists is needed: without it, some finding of the rule (on the
/// fixtures, the folded names, or the few cases below) is out of reach. So the starts
/// are what the findings need, and a start dropped from `DEFS` fails the test above.
#[test]
fn every_start_is_needed_by_some_finding() {
    const MORE: &[(&str, &str)] = &[
        (
            "all.rs",
            "fn main() {\n    for (k, _) in std::env::vars() {\n        if k.starts_with(\"GEMINI\") {\n            println!(\"{k}\");\n        }\n    }\n}\n",
        ),
        ("parent.py", "import psutil\n\nname = psutil.Process().parent().name()\n"),
        // A field named for detecting, probed in a function that is not.
        (
            "fields.js",
            "const fs = require(\"fs\");\nconst TOOLS = [{ name: \"x\", detectionPaths: [\"/opt/x\"] }];\nfunction present() {\n  return TOOLS.filter((t) => t.detectionPaths.some((p) => fs.existsSync(p)));\n}\n",
        ),
        ("ps.sh", "#!/bin/sh\nparent=$(ps -o comm= -p \"$PPID\")\necho \"$parent\"\n"),
        ("status.sh", "#!/bin/sh\nstatus=$(cat /proc/self/status)\necho \"$status\"\n"),
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut paths = Vec::new();
    files(&root, &mut paths);
    let mut texts: Vec<(PathBuf, String)> = paths
        .into_iter()
        .filter_map(|p| std::fs::read(&p).ok().map(|b| (p, String::from_utf8_lossy(&b).into_owned())))
        .collect();
    texts.extend(FOLDED.iter().chain(MORE).map(|(n, t)| (PathBuf::from(n), (*t).to_owned())));
    let strict = Options::default().strict(true);
    let mut needed: Vec<(Rule, Start)> = Vec::new();
    for (path, text) in &texts {
        let Some(kind) = kind_of(path, text) else { continue };
        for f in lint_source_with(path, text, &strict).findings {
            for s in hal_lint::def(f.rule).starts {
                if !hal_lint::might_hold_finding_without(f.rule, *s, kind, text.as_bytes()) {
                    needed.push((f.rule, *s));
                }
            }
        }
    }
    for d in DEFS {
        for s in d.starts.iter().filter(|s| **s != Start::Manifest) {
            assert!(needed.contains(&(d.rule, *s)), "{}: no finding needs {s:?}", d.rule);
        }
    }
}
