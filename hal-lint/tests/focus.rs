//! The focus of large files (`src/focus.rs`): a file grown past the size the focus
//! starts at, by definitions that hold nothing the lint looks for, keeps every finding
//! of the small file it was grown from, at the same place in the code (a finding in a
//! kept definition, a module-level constant and an alias of the environment defined
//! far from their use, a class's method, a function or method of the same file whose
//! returned path is probed by its caller); and a minified line is scanned.

use std::fmt::Write as _;
use std::path::Path;

use hal_lint::{Options, lint_source, lint_source_with};

/// `(rule id, line, column, message)` of every finding of `src` linted as `name`, with
/// `--strict` when `strict`.
fn found(name: &str, src: &str, strict: bool) -> Vec<(&'static str, usize, usize, String)> {
    let r = if strict {
        lint_source_with(Path::new(name), src, &Options::default().strict(true))
    } else {
        lint_source(Path::new(name), src)
    };
    r.findings.iter().map(|f| (f.rule.as_str(), f.line, f.column, f.message.clone())).collect()
}

/// `src` with each line that is exactly `marker` (after blanks) replaced by `filler`
/// at the marker's indentation, and where each of `src`'s lines went (its new number).
fn grown(src: &str, marker: &str, filler: impl Fn(usize, &str) -> String) -> (String, Vec<usize>) {
    let (mut out, mut moved, mut at, mut n) = (String::new(), vec![0], 1, 0);
    for line in src.lines() {
        moved.push(at);
        if line.trim() == marker {
            let indent = &line[..line.len() - line.trim_start().len()];
            let f = filler(n, indent);
            n += 1;
            at += f.lines().count();
            out.push_str(&f);
        } else {
            out.push_str(line);
            out.push('\n');
            at += 1;
        }
    }
    (out, moved)
}

/// Python definitions that hold nothing the lint looks for.
fn python_filler(n: usize, indent: &str) -> String {
    let self_ = if indent.is_empty() { "" } else { "self, " };
    (0..40).fold(String::new(), |mut out, i| {
        let _ = write!(
            out,
            "{indent}def helper_{n}_{i}({self_}items):\n{indent}    total = 0\n{indent}    for item in items:\n\
             {indent}        total += len(str(item)) * {i}\n{indent}    return total\n\n\n"
        );
        out
    })
}

/// JavaScript definitions that hold nothing the lint looks for.
fn js_filler(n: usize, indent: &str) -> String {
    let head = if indent.is_empty() { "function " } else { "" };
    (0..40).fold(String::new(), |mut out, i| {
        let _ = write!(
            out,
            "{indent}{head}helper_{n}_{i}(items) {{\n{indent}  let total = 0;\n{indent}  for (const item of items) {{\n\
             {indent}    total += String(item).length * {i};\n{indent}  }}\n{indent}  return total;\n{indent}}}\n\n"
        );
        out
    })
}

/// The findings of `src` grown at `marker` are the small file's, moved with their lines
/// (`--strict` too); the grown file is past the focus's size.
fn holds(name: &str, src: &str, marker: &str, filler: impl Fn(usize, &str) -> String) {
    let (big, moved) = grown(src, marker, filler);
    assert!(big.len() > 2 * 16 * 1024, "{name}: {} bytes", big.len());
    for strict in [false, true] {
        let small = found(name, src, strict);
        assert!(small.len() >= 3, "{name}: the small file's findings: {small:?}");
        let want: Vec<_> = small.into_iter().map(|(r, l, c, m)| (r, moved[l], c, m)).collect();
        let mut got = found(name, &big, strict);
        got.sort_by_key(|(r, l, c, _)| (*l, *c, *r));
        let mut want = want;
        want.sort_by_key(|(r, l, c, _)| (*l, *c, *r));
        assert_eq!(got, want, "{name}, strict {strict}");
    }
}

const PYTHON: &str = r#"import os
from pathlib import Path

SETTINGS = Path.home() / ".claude" / "settings.json"
env = os.environ
PREFIX = "CODEX_"
NAME = "CLAUDECODE"

# FILLER


class Probe:
    # FILLER

    def settings_dir(self):
        return Path.home() / ".claude"

    # FILLER

    def check(self):
        if self.settings_dir().exists():
            return True
        return None

    def session(self):
        return os.environ.get("CLAUDE_CODE_SESSION_ID") is not None

    # FILLER


# FILLER


def claude_dir():
    return os.path.expanduser("~/.claude")


# FILLER


def has_settings():
    if SETTINGS.exists():
        return True
    return False


def in_claude():
    if env.get(NAME):
        return True
    return False


# FILLER


def has_dir():
    if os.path.isdir(claude_dir()):
        return True
    return False


def detect():
    if SETTINGS.exists():
        return "claude"
    if env.get("CLAUDECODE"):
        return "claude"
    if os.environ.get(PREFIX + "THREAD_ID"):
        return "codex"
    return None


# FILLER
"#;

const JAVASCRIPT: &str = r#"const fs = require("fs");
const os = require("os");
const path = require("path");

const SETTINGS = path.join(os.homedir(), ".claude", "settings.json");
const env = process.env;
const PREFIX = "CODEX_";
const NAME = "CLAUDECODE";

// FILLER

class Probe {
  // FILLER

  settingsDir() {
    return path.join(os.homedir(), ".claude");
  }

  // FILLER

  check() {
    if (fs.existsSync(this.settingsDir())) {
      return true;
    }
    return null;
  }

  session() {
    return process.env.CLAUDE_CODE_SESSION_ID !== undefined;
  }
}

// FILLER

function claudeDir() {
  return path.join(os.homedir(), ".claude");
}

// FILLER

function hasSettings() {
  if (fs.existsSync(SETTINGS)) {
    return true;
  }
  return false;
}

function inClaude() {
  if (env[NAME]) {
    return true;
  }
  return false;
}

// FILLER

function hasDir() {
  if (fs.existsSync(claudeDir())) {
    return true;
  }
  return false;
}

function detect() {
  if (fs.existsSync(SETTINGS)) {
    return "claude";
  }
  if (env.CLAUDECODE) {
    return "claude";
  }
  if (process.env[PREFIX + "THREAD_ID"]) {
    return "codex";
  }
  return null;
}

// FILLER
"#;

#[test]
fn a_grown_python_file_keeps_its_findings() {
    holds("detect.py", PYTHON, "# FILLER", python_filler);
}

#[test]
fn a_grown_javascript_file_keeps_its_findings() {
    holds("detect.js", JAVASCRIPT, "// FILLER", js_filler);
    holds("detect.ts", JAVASCRIPT, "// FILLER", js_filler);
}

/// Typed constants and parameters (`HOME_DIR: str = …`, `const SETTINGS: string = …`,
/// `root: Path = …` in a signature), in code whose filler names the same types: the
/// focus taints the names, not their types, and the findings are the small file's.
const TYPED_PYTHON: &str = r#"import os
from pathlib import Path

HOME_DIR: str = os.path.expanduser("~/.claude")
NAME: str = "CLAUDECODE"

# FILLER


# FILLER


# FILLER


# FILLER


# FILLER


def settings(root: Path = Path(HOME_DIR)) -> Path:
    return root / "settings.json"


# FILLER


def detect(name: str = NAME) -> str:
    if os.path.isdir(HOME_DIR):
        return "claude"
    if os.environ.get(NAME) or settings().exists():
        return name
    if os.environ.get("CODEX_THREAD_ID"):
        return "codex"
    return ""


# FILLER
"#;

const TYPED_TYPESCRIPT: &str = r#"import * as fs from "fs";

const SETTINGS: string = `${process.env.HOME}/.claude/settings.json`;
const NAME: string = "CLAUDECODE";

// FILLER

// FILLER

// FILLER

// FILLER

// FILLER

export function detect(name: string = NAME): string {
  if (fs.existsSync(SETTINGS)) {
    return "claude";
  }
  if (process.env[NAME]) {
    return name;
  }
  if (process.env.CODEX_THREAD_ID) {
    return "codex";
  }
  return "";
}

// FILLER
"#;

#[test]
fn a_grown_typed_file_keeps_its_findings() {
    let py = |n: usize, indent: &str| python_filler(n, indent).replace("(items)", "(items: list[str]) -> str");
    holds("typed.py", TYPED_PYTHON, "# FILLER", py);
    let ts = |n: usize, indent: &str| js_filler(n, indent).replace("(items)", "(items: string[]): string");
    holds("typed.ts", TYPED_TYPESCRIPT, "// FILLER", ts);
}

/// A runtime's hidden settings file (`.claude.json`), which no prefilter literal names
/// whole, probed in a method that returns nothing: the focus keeps the method for the
/// file's name, not for a name it shares with kept code.
const HIDDEN_FILES: &str = r#"const fs = require("fs");
const os = require("os");
const path = require("path");

// FILLER

class Agent {
  // FILLER

  start() {
    this.ready = true;
  }

  newSession() {
    if (fs.existsSync(path.resolve(os.homedir(), ".claude.json"))) {
      throw new Error("log in first");
    }
    this.start();
  }

  // FILLER
}

// FILLER

function runtime() {
  if (fs.existsSync(path.join(os.homedir(), ".codex.toml"))) {
    return "codex";
  }
  if (process.env.CLAUDECODE) {
    return "claude";
  }
  return null;
}

// FILLER

// FILLER
"#;

#[test]
fn a_grown_file_keeps_its_probes_of_hidden_settings_files() {
    holds("agent.js", HIDDEN_FILES, "// FILLER", js_filler);
}

/// A minified bundle (a line of 16 KiB or more) is scanned: its read of the environment
/// is found where it stands, a mention of a variable in a string is not, and a
/// diagnostic says the file was scanned, not parsed.
#[test]
fn a_minified_line_is_scanned() {
    let pad = (0..2000).fold(String::new(), |mut out, i| {
        let _ = write!(out, "var a{i}=b{i}(c,{i});");
        out
    });
    let src = format!("{pad}s.describe('Runs in ${{CLAUDE_PROJECT_DIR}}');if(process.env.CLAUDECODE){{x()}}{pad}\n");
    let column = src.find("process.env.CLAUDECODE").unwrap() + "process.env.".len() + 1;
    let r = lint_source(Path::new("bundle.js"), &src);
    let got: Vec<_> = r.findings.iter().map(|f| (f.rule.as_str(), f.line, f.column)).collect();
    assert_eq!(got, [("indicator-var", 1, column)]);
    assert!(r.diagnostics.iter().any(|d| d.message.contains("minified")), "{:?}", r.diagnostics);
}
