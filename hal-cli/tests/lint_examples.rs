//! Every minimal example of issue 32's "Why" through the real binary: the false
//! findings of code the lint had never seen (process bookkeeping, test code, a config
//! directory's default, writes and deletes, installers, vendored code, a search up the
//! tree for a project's root, a manifest's dependency) are silent, and
//! the detections it missed (names the registry lacked, constant lists of runtime
//! directories, the process-table walk, Markdown) are found, at their place.
#![cfg(all(feature = "lint", unix))]

use std::path::Path;
use std::process::Command;

/// `hal lint .` over a tree of `files` (path, text): `(exit code, stdout)`.
fn lint(files: &[(&str, &str)], args: &[&str]) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    run(dir.path(), args)
}

fn run(dir: &Path, args: &[&str]) -> (i32, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_hal"))
        .arg("lint")
        .args(args)
        .arg(".")
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .current_dir(dir)
        .output()
        .unwrap();
    (o.status.code().unwrap_or(-1), String::from_utf8_lossy(&o.stdout).into_owned())
}

/// `path:line:col: rule` of every finding.
fn found(files: &[(&str, &str)]) -> Vec<String> {
    found_with(files, &[])
}

fn found_with(files: &[(&str, &str)], args: &[&str]) -> Vec<String> {
    let (code, out) = lint(files, args);
    let found: Vec<String> = out
        .lines()
        .map(|l| {
            let mut parts = l.splitn(5, ':');
            let (p, line, col, rule) = (parts.next(), parts.next(), parts.next(), parts.next());
            format!("{}:{}:{}:{}", p.unwrap_or(""), line.unwrap_or(""), col.unwrap_or(""), rule.unwrap_or("").trim())
        })
        .collect();
    assert_eq!(code, i32::from(!found.is_empty()), "{out}");
    found
}

#[test]
fn process_bookkeeping_is_silent() {
    let files = [
        (
            "watch.js",
            "const start = process.ppid;\nsetInterval(() => { if (process.ppid !== start) process.exit(0); }, 1000);\n",
        ),
        (
            "alive.sh",
            "#!/bin/sh\nps -p \"$pid\" -o command= >/dev/null || exit 1\nOWNER=\"$(ps -o ppid= -p \"$PPID\")\"\n",
        ),
        ("owner.py", "import os\nstart = os.getppid()\n"),
    ];
    assert_eq!(found(&files), Vec::<String>::new());
}

#[test]
fn test_code_in_every_language_is_silent_unless_strict() {
    let probe = "const fs = require('fs'); const path = require('path');\nassert.ok(fs.existsSync(path.join(dir, '.clinerules')));\n";
    let py = "import os\ndef test_it(tmp):\n    assert os.path.exists(os.path.join(tmp, '.clinerules'))\n";
    let files = [("tests/install.test.js", probe), ("src/install.spec.ts", probe), ("tools/test_cli.py", py)];
    assert_eq!(found(&files), Vec::<String>::new());
    assert_eq!(found_with(&files, &["--strict"]).len(), 3);
}

#[test]
fn a_config_directory_and_its_default_is_silent() {
    let files = [
        (
            "home.js",
            "const { join } = require('path'); const { homedir } = require('os');\nconst dir = process.env.CODEX_HOME ? process.env.CODEX_HOME : join(homedir(), '.codex');\n",
        ),
        (
            "home.sh",
            "#!/bin/sh\nDIR=\"${CODEX_HOME:-$HOME/.codex}\"\nif [ -n \"$CLAUDE_CONFIG_DIR\" ]; then DIR=\"$CLAUDE_CONFIG_DIR\"; fi\n",
        ),
        ("cwd.ts", "const cwd = input.cwd ?? process.env.GEMINI_CWD;\n"),
    ];
    assert_eq!(found(&files), Vec::<String>::new());
}

#[test]
fn writes_and_deletes_are_silent() {
    let files = [
        ("child.js", "delete process.env.CLAUDECODE;\nprocess.env.CLAUDECODE = '';\n"),
        (
            "child.py",
            "import os\nos.environ.pop(\"CLAUDECODE\", None)\ndel os.environ[\"CLAUDE_CODE_ENTRYPOINT\"]\nos.environ[\"GEMINI_CLI\"] = \"\"\n",
        ),
        ("child.sh", "#!/bin/sh\nenv -u CLAUDECODE claude -p hi\nunset CLAUDECODE\n"),
    ];
    assert_eq!(found(&files), Vec::<String>::new());
}

/// An uninstaller that removes the runtime directory it created, once empty: the probe
/// guards a delete of the same path (a delete is a write), in Python and JavaScript;
/// the same probe without the delete is a finding.
#[test]
fn a_probe_guarding_the_removal_of_its_path_is_silent() {
    let py = "from pathlib import Path\nd = Path.cwd() / \".hermes\"\nif d.is_dir() and not any(d.iterdir()):\n    d.rmdir()\n";
    let js = "const fs = require('fs');\nconst d = require('path').join(root, '.gemini');\nif (fs.existsSync(d)) fs.rmdirSync(d);\n";
    assert_eq!(found(&[("uninstall.py", py), ("uninstall.js", js)]), Vec::<String>::new());
    let probe_only = "from pathlib import Path\nif (Path.cwd() / \".hermes\").is_dir():\n    print(\"hermes\")\n";
    assert_eq!(found(&[("detect.py", probe_only)]).len(), 1);
}

/// Issue 47: an installer is linted like any code (which runtimes it finds installed
/// decides); vendored and generated code is not.
#[test]
fn vendored_code_is_silent_and_installers_are_linted() {
    let installer = [(
        "bin/install.js",
        "const fs = require('fs');\nif (fs.existsSync(require('path').join(home, '.claude'))) migrate();\n",
    )];
    assert_eq!(found(&installer).len(), 1);
    let files = [
        ("vendor/lib.js", "const exe = require('fs').readFileSync('/proc/self/exe');\n"),
        ("dist/app.min.js", "var e=require('fs').readFileSync('/proc/self/exe');\n"),
        ("lib/bundle.js", "var e=require('fs').readFileSync('/proc/self/exe');\n//# sourceMappingURL=bundle.js.map\n"),
    ];
    assert_eq!(found(&files), Vec::<String>::new());
}

#[test]
fn names_the_registry_lacked_are_found() {
    let files = [(
        "hooks/session-start",
        "#!/usr/bin/env bash\nif [ -n \"${CURSOR_PLUGIN_ROOT:-}\" ]; then echo cursor; fi\n[ -n \"$OPENCODE_SESSION_ID\" ] && echo o\n[ -n \"$CURSOR_SESSION_ID\" ] && echo c\n[ -n \"$WINDSURF_SESSION_ID\" ] && echo w\n",
    )];
    assert_eq!(
        found(&files),
        [
            "hooks/session-start:2:10:indicator-var",
            "hooks/session-start:3:7:indicator-var",
            "hooks/session-start:4:7:indicator-var",
            "hooks/session-start:5:7:indicator-var"
        ]
    );
}

#[test]
fn a_constant_list_of_runtime_directories_and_of_names_is_found() {
    let files = [
        (
            "update.js",
            "const fs = require('fs'); const path = require('path');\nfor (const d of ['.claude', '.gemini', '.opencode']) fs.existsSync(path.join(home, d));\n",
        ),
        (
            "keys.js",
            "const KEYS = ['CODEX_THREAD_ID', 'CLAUDE_SESSION_ID'];\nconst key = KEYS.find((k) => process.env[k]);\n",
        ),
    ];
    assert_eq!(
        found(&files),
        ["keys.js:1:15:indicator-var", "keys.js:1:34:indicator-var", "update.js:2:68:indicator-file"]
    );
}

#[test]
fn the_process_table_walk_is_found() {
    let files = [
        ("walk.sh", "#!/bin/sh\nfor p in /proc/[0-9]*; do grep -q claude \"$p/comm\" && echo in; done\n"),
        ("walk.py", "import os\nfor pid in os.listdir('/proc'):\n    pass\n"),
        ("walk.js", "const fs = require('fs');\nfor (const pid of fs.readdirSync('/proc')) {}\n"),
        ("pg.sh", "#!/bin/sh\npgrep -x claude >/dev/null && echo in\nps -e | grep -q codex && echo in\n"),
    ];
    assert_eq!(
        found(&files),
        [
            "pg.sh:2:1:process-table",
            "pg.sh:3:1:process-table",
            "walk.js:2:34:process-table",
            "walk.py:2:23:process-table",
            "walk.sh:2:10:process-table"
        ]
    );
}

#[test]
fn markdown_bash_blocks_are_found_at_their_place_and_prose_is_silent() {
    let md = "---\nname: review\n---\n\nWhen `$CLAUDE_CODE_ENTRYPOINT` is set, Claude Code runs.\n\n```bash\nif [ -n \"$CURSOR_SESSION_ID\" ]; then\n  SELF_CLI=\"cursor\"\nelif [ -n \"$CLAUDE_CODE_ENTRYPOINT\" ]; then\n  SELF_CLI=\"claude\"\nfi\n```\n\nToday: !`printenv CLAUDECODE`\n";
    let files = [("commands/review.md", md)];
    assert_eq!(
        found(&files),
        [
            "commands/review.md:8:10:indicator-var",
            "commands/review.md:10:12:indicator-var",
            "commands/review.md:15:19:indicator-var"
        ]
    );
    assert_eq!(found_with(&files, &["--no-markdown"]), Vec::<String>::new());
}

#[test]
fn a_suppression_comment_above_a_block_silences_it() {
    let md = "# x\n\n<!-- hal-lint: allow(indicator-var) documents the variable hal reads -->\n```sh\necho \"$CLAUDECODE\"\n```\n\n```sh\necho \"$CLAUDECODE\"\n```\n\n<!-- hal-lint: allow(indicator-var) -->\n```sh\necho \"$GT_ROLE\"\n```\n";
    assert_eq!(
        found(&[("skills/x/SKILL.md", md)]),
        [
            "skills/x/SKILL.md:9:7:indicator-var",
            "skills/x/SKILL.md:12:6:bad-suppression",
            "skills/x/SKILL.md:14:7:indicator-var"
        ]
    );
}

#[test]
fn strict_adds_exactly_what_the_walk_leaves_out() {
    let probe = "#!/bin/sh\n[ -d .claude ] && echo claude\n";
    let files = [
        ("hooks/a.sh", probe),
        ("tests/a.sh", probe),
        ("vendor/a.sh", probe),
        ("install.sh", probe),
        ("docs/guide.md", "```sh\n[ -d .claude ] && echo claude\n```\n"),
    ];
    // An installer is linted by default (issue 47); tests, vendored code and
    // documentation only with `--strict`.
    assert_eq!(found(&files), ["hooks/a.sh:2:6:indicator-file", "install.sh:2:6:indicator-file"]);
    assert_eq!(
        found_with(&files, &["--strict"]),
        [
            "docs/guide.md:2:6:indicator-file",
            "hooks/a.sh:2:6:indicator-file",
            "install.sh:2:6:indicator-file",
            "tests/a.sh:2:6:indicator-file",
            "vendor/a.sh:2:6:indicator-file"
        ]
    );
}

#[test]
fn a_search_up_the_tree_for_a_project_root_is_silent() {
    let files = [
        (
            "hooks/root.sh",
            "#!/bin/bash\nd=\"$PWD\"\nwhile [[ \"$d\" != \"/\" ]]; do\n  if [[ -d \"$d/.claude\" ]]; then break; fi\n  d=\"$(dirname \"$d\")\"\ndone\n",
        ),
        (
            "hooks/root.py",
            "from pathlib import Path\ncur = Path.cwd()\nwhile cur != cur.parent:\n    if (cur / '.claude').is_dir():\n        break\n    cur = cur.parent\n",
        ),
        (
            "hooks/root.js",
            "const fs = require('fs'); const path = require('path');\nfor (let d = process.cwd(); d !== path.dirname(d); d = path.dirname(d)) {\n  if (fs.existsSync(path.join(d, '.claude'))) break;\n}\n",
        ),
        // The same probe outside such a loop asks whether the project is Claude's.
        ("hooks/here.py", "from pathlib import Path\nif (Path.cwd() / '.claude').is_dir():\n    print('claude')\n"),
    ];
    assert_eq!(found(&files), ["hooks/here.py:2:4:indicator-file"]);
}

#[test]
fn a_process_table_dependency_is_reported_with_strict_only() {
    let files = [
        ("pyproject.toml", "[project]\nname = \"daemon\"\nversion = \"1\"\ndependencies = [\n  \"psutil>=5\",\n]\n"),
        ("hooks/own.py", "import psutil\nme = psutil.Process()\n"),
    ];
    assert_eq!(found(&files), Vec::<String>::new());
    assert_eq!(found_with(&files, &["--strict"]), ["pyproject.toml:5:3:process-dependency"]);
}
