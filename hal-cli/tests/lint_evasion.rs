//! `hal lint` on the evasions of N7 (third hostile pass), through the real binary: each a
//! real read of a runtime marker whose name is folded from literals, spelled through
//! another form of the environment object, or hidden in shell indirection and inline
//! code. One table: each case is one file, its expected rule and line. The arguable
//! cases of N7 stay without a finding.
#![cfg(all(feature = "lint", unix))]

use std::path::Path;
use std::process::Command;

/// (file name, text, rule, line of the finding).
const CASES: &[(&str, &str, &str, usize)] = &[
    // Constant folding: literals joined, escapes resolved, constants of such values.
    ("concat.js", "const a = process.env[\"CLAUDE\" + \"CODE\"];\n", "indicator-var", 1),
    ("template.js", "const a = 1;\nconst b = process.env[`CLAUDE${\"CODE\"}`];\n", "indicator-var", 2),
    ("unicode.js", "const a = process.env[\"CLAUDE\\u0043ODE\"];\n", "indicator-var", 1),
    ("hex.js", "const a = process.env[\"\\x43LAUDECODE\"];\n", "indicator-var", 1),
    ("const.ts", "const K = \"CLAUDE\" + \"CODE\";\nconst a = process.env[K];\n", "indicator-var", 2),
    ("concat.py", "import os\na = os.environ.get(\"CODEX_\" + \"THREAD_ID\")\n", "indicator-var", 2),
    ("implicit.py", "import os\na = os.environ.get(\"CODEX_\" \"THREAD_ID\")\n", "indicator-var", 2),
    ("fstring.py", "import os\nP = \"CODEX_\"\na = os.environ.get(f\"{P}THREAD_ID\")\n", "indicator-var", 3),
    ("hex.py", "import os\na = os.environ.get(\"CODEX_\\x54HREAD_ID\")\n", "indicator-var", 2),
    ("unicode.py", "import os\na = os.environ.get(\"CODEX_\\u0054HREAD_ID\")\n", "indicator-var", 2),
    ("concat.rs", "fn main() {\n    let _ = std::env::var(concat!(\"CLAUDE\", \"CODE\"));\n}\n", "indicator-var", 2),
    ("unicode.rs", "fn main() {\n    let _ = std::env::var(\"CLAUDE\\u{43}ODE\");\n}\n", "indicator-var", 2),
    // Other spellings of the environment object.
    ("require.js", "const a = require(\"process\").env.CLAUDECODE;\n", "indicator-var", 1),
    ("subscript.js", "const a = process[\"env\"].CLAUDECODE;\n", "indicator-var", 1),
    ("global.js", "const a = globalThis[\"process\"][\"env\"][\"CLAUDECODE\"];\n", "indicator-var", 1),
    ("optional.js", "const a = process?.env?.CLAUDECODE;\n", "indicator-var", 1),
    ("reflect.js", "const a = Reflect.get(process.env, \"CLAUDECODE\");\n", "indicator-var", 1),
    ("keys.js", "if (Object.keys(process.env).includes(\"CLAUDECODE\")) {}\n", "indicator-var", 1),
    ("import.py", "a = __import__(\"os\").environ.get(\"CODEX_THREAD_ID\")\n", "indicator-var", 1),
    // Shell: presence tests, indirection, and code in strings.
    ("join.js", "const a = process.env[[\"CLAUDE\", \"CODE\"].join(\"\")];\n", "indicator-var", 1),
    ("v.sh", "#!/bin/bash\n[[ -v GEMINI_CLI ]] && echo gemini\n", "indicator-var", 2),
    ("indirect.sh", "#!/bin/bash\nv=GEMINI_CLI\necho \"${!v}\"\n", "indicator-var", 3),
    ("eval.sh", "#!/bin/bash\neval \"x=\\$GEMINI_CLI\"\n", "indicator-var", 2),
    ("declare.sh", "#!/bin/bash\ndeclare -p GEMINI_CLI >/dev/null && echo gemini\n", "indicator-var", 2),
    ("awk.sh", "#!/bin/sh\nawk 'BEGIN{print ENVIRON[\"GEMINI_CLI\"]}'\n", "indicator-var", 2),
    ("python-c.sh", "#!/bin/sh\npython3 -c 'import os; print(os.environ.get(\"GEMINI_CLI\"))'\n", "indicator-var", 2),
    ("node-e.sh", "#!/bin/sh\nnode -e 'console.log(process.env.GEMINI_CLI)'\n", "indicator-var", 2),
    (
        "heredoc.sh",
        "#!/bin/sh\npython3 - <<'EOF'\nimport os\nprint(os.environ.get(\"GEMINI_CLI\"))\nEOF\n",
        "indicator-var",
        4,
    ),
];

/// Arguable cases (N7 counts them as no defect): no finding. (A name joined from parts,
/// `["CLAUDE", "CODE"].join("")`, was one; issue 47 made it a finding: `CASES`.)
const ARGUABLE: &[(&str, &str)] = &[
    ("getattr.py", "import os\na = getattr(os, \"environ\").get(\"CLAUDE\" + \"CODE\")\n"),
    ("compgen.sh", "#!/bin/bash\ncompgen -v | grep -q GEMINI && echo gemini\n"),
    ("option.rs", "fn main() {\n    let _ = option_env!(\"CLAUDECODE\");\n}\n"),
];

/// `(rule, line)` of every finding of `hal lint --json FILE` on `text`.
fn findings(name: &str, text: &str) -> Vec<(String, usize)> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), text).unwrap();
    let out = run(dir.path(), name);
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap_or_else(|e| panic!("{name}: {e}"));
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["rule"].as_str().unwrap().to_owned(), usize::try_from(f["line"].as_u64().unwrap()).unwrap()))
        .collect()
}

fn run(cwd: &Path, name: &str) -> Vec<u8> {
    let o = Command::new(env!("CARGO_BIN_EXE_hal"))
        .args(["lint", "--json", name])
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .current_dir(cwd)
        .output()
        .unwrap();
    o.stdout
}

#[test]
fn every_evasion_is_found_at_its_line() {
    let mut missed = Vec::new();
    for (name, text, rule, line) in CASES {
        let f = findings(name, text);
        if !f.iter().any(|(r, l)| r == rule && l == line) {
            missed.push(format!("{name}: want {rule} at line {line}, got {f:?}"));
        }
    }
    assert!(missed.is_empty(), "{} of {} missed:\n{}", missed.len(), CASES.len(), missed.join("\n"));
}

#[test]
fn the_arguable_cases_stay_quiet() {
    for (name, text) in ARGUABLE {
        let f = findings(name, text);
        assert!(f.iter().all(|(r, _)| r != "indicator-var"), "{name}: {f:?}");
    }
}
