//! The generated sections of the reference (`docs/reference/*.md`) and of
//! ARCHITECTURE.md: written from the code by `cargo xtask codegen`, compared by `cargo
//! xtask check` (and a test).

use std::fmt::Write as _;
use std::path::Path;

/// The reference page of the `hal` command: its examples and the diagnostic codes.
pub(crate) const COMMANDS_MD: &str = "docs/reference/commands.md";
/// The reference page of the capabilities.
const CAPABILITIES_MD: &str = "docs/reference/capabilities.md";
/// The reference page of the runtimes.
const RUNTIMES_MD: &str = "docs/reference/runtimes.md";
/// The reference page of the boundary lint.
const LINT_MD: &str = "docs/reference/lint.md";

/// `(file, section name, generated text)` for every section `cargo xtask codegen`
/// writes into a document.
pub(crate) fn sections() -> Vec<(&'static str, &'static str, String)> {
    vec![
        (CAPABILITIES_MD, "capability-matrix", hal_cli::reference::design_matrix_markdown()),
        (RUNTIMES_MD, "runtimes", hal_cli::reference::runtimes_markdown()),
        (RUNTIMES_MD, "launch-facts", hal_cli::reference::launch_md::launch_markdown()),
        (RUNTIMES_MD, "full-matrix", hal_cli::reference::full_matrix_markdown()),
        (CAPABILITIES_MD, "gastown-stale", hal_cli::reference::gastown_stale_markdown()),
        (LINT_MD, "lint-rules", lint_rules()),
        (LINT_MD, "lint-indicators", lint_indicators()),
        (COMMANDS_MD, "diagnostic-codes", diagnostic_codes()),
        (COMMANDS_MD, "cli-examples", cli_examples(EXAMPLES)),
        ("README.md", "tour-examples", cli_examples(TOUR)),
        ("README.md", "tour-launch", cli_examples(TOUR_LAUNCH)),
        ("README.md", "platforms", platforms()),
    ]
}

/// README's table of the platforms hal ships for and how each was tested, from
/// `hal_cli::platforms::PLATFORMS`.
fn platforms() -> String {
    let mut out =
        String::from("| platform | npm package | wheel tag | Rust target | tested |\n|---|---|---|---|---|\n");
    for p in hal_cli::platforms::PLATFORMS {
        let _ = writeln!(
            out,
            "| {}-{} | `@gastown-chipset/hal-{}-{}` | `{}` | `{}` | {} |",
            p.npm_os,
            p.npm_cpu,
            p.npm_os,
            p.npm_cpu,
            p.wheel_tag.split('.').next().unwrap_or_default(),
            p.triple,
            p.tested.describe()
        );
    }
    out
}

/// The reference's table of diagnostic codes, from `DiagnosticCode::ALL` and `description()`.
fn diagnostic_codes() -> String {
    let mut out = String::from("| code | meaning |\n|---|---|\n");
    for code in hal_types::DiagnosticCode::ALL {
        let _ = writeln!(out, "| `{}` | {} |", code.as_str(), code.description());
    }
    out
}

/// One example of "The `hal` command": the environment it shows, the arguments, a
/// comment, and how many lines of output to show (`0`: all).
struct Example {
    env: &'static [(&'static str, &'static str)],
    args: &'static str,
    note: &'static str,
    lines: usize,
}

const EXAMPLES: &[Example] = &[
    Example { env: &[("CODEX_THREAD_ID", "t-1")], args: "detect", note: "", lines: 0 },
    Example { env: &[("CODEX_THREAD_ID", "t-1")], args: "detect --json", note: "", lines: 0 },
    Example {
        env: &[("GT_STALL_THRESHOLD", "4m")],
        args: "caps --provider claude --json",
        note: "one row, with the origin of each value",
        lines: 0,
    },
    Example {
        env: &[],
        args: "caps --provider codex",
        note: "both notions of hooks; a note where they differ",
        lines: 0,
    },
    Example {
        env: &[],
        args: "startup --role polecat --provider claude --json",
        note: "hook_injection: install the hook file, merge the fragment",
        lines: 0,
    },
    Example {
        env: &[("GT_ROLE", "gastown/crew/max")],
        args: "startup --provider codex",
        note: "startup_fallback; the role from Gastown's stamp",
        lines: 0,
    },
    Example {
        env: &[("GT_ROLE", "gastown/polecats/toast")],
        args: "startup --provider unknown",
        note: "polling",
        lines: 0,
    },
    Example { env: &[], args: "gupp --provider gemini", note: "", lines: 0 },
    Example {
        env: &[("GT_RUNTIME", "claude"), ("CLAUDE_SESSION_ID", "s-42")],
        args: "session-id",
        note: "prints the id, or nothing with exit 1",
        lines: 0,
    },
    Example {
        env: &[("GT_RUNTIME", "claude"), ("CLAUDE_SESSION_ID", "s-42")],
        args: "session-id --json",
        note: "and which variable held it",
        lines: 0,
    },
    Example {
        env: &[("CODEX_THREAD_ID", "t"), ("GT_NUDGE_INTERVAL", "9h")],
        args: "explain",
        note: "the cascade step by step, then every override (for bug reports)",
        lines: 0,
    },
    Example { env: &[("CODEX_THREAD_ID", "t")], args: "env", note: "for eval \"$(hal env)\"", lines: 0 },
    Example { env: &[("GT_RUNTIME", "bogus")], args: "gupp", note: "warnings go to stderr, once", lines: 0 },
    Example {
        env: &[],
        args: "providers",
        note: "every runtime, sorted by id: best-known marker, both notions of hooks",
        lines: 7,
    },
    Example {
        env: &[],
        args: "events --provider cursor",
        note: "the canonical lifecycle events → native hook names",
        lines: 4,
    },
];

/// README's tour for a skill author: the first questions a skill asks.
const TOUR: &[Example] = &[
    Example { env: &[("CODEX_THREAD_ID", "t-1")], args: "detect", note: "which runtime runs this process?", lines: 0 },
    Example {
        env: &[("CODEX_THREAD_ID", "t-1")],
        args: "session-id",
        note: "its session id (exit 1 and nothing before it has one)",
        lines: 0,
    },
    Example { env: &[("CODEX_THREAD_ID", "t-1")], args: "gupp", note: "how its workers are held to GUPP", lines: 0 },
];

/// README's tour for an orchestrator author: how to start a worker, asked from inside
/// another runtime (whose marker the worker must not inherit).
const TOUR_LAUNCH: &[Example] = &[Example {
    env: &[("CLAUDECODE", "1")],
    args: "launch --provider codex --role polecat --mode print --prompt fix-issue-7",
    note: "",
    lines: 12,
}];

/// The reference's examples of the `hal` command, each run with exactly the environment it
/// shows (and no process ancestry): stdout, then stderr's warnings.
fn cli_examples(examples: &[Example]) -> String {
    use clap::Parser as _;

    let mut out = String::from("```console\n");
    for ex in examples {
        let mut host = hal_detect::FakeHost::new();
        let mut shown = String::new();
        for (k, v) in ex.env {
            host = host.env(k, *v);
            let _ = write!(shown, "{k}={v} ");
        }
        let _ = write!(shown, "hal {}", ex.args);
        if ex.note.is_empty() {
            let _ = writeln!(out, "$ {shown}");
        } else {
            let _ = writeln!(out, "$ {shown:<52} # {}", ex.note);
        }
        let argv = std::iter::once(hal_cli::BIN_NAME).chain(ex.args.split(' '));
        let cli = hal_cli::Cli::try_parse_from(argv).expect("the reference's examples parse");
        hal_cli::check_applicable(&cli).expect("the reference's examples are well-formed");
        let o = hal_cli::run::run(&cli, host);
        let mut lines: Vec<String> = o.stdout().lines().map(str::to_owned).collect();
        if ex.lines > 0 && lines.len() > ex.lines {
            lines.truncate(ex.lines);
            lines.push("...".to_owned());
        }
        if !cli.global.json {
            lines.extend(o.warnings().iter().map(|w| format!("warning: {w}")));
        }
        for l in lines {
            let _ = writeln!(out, "{l}");
        }
    }
    out.push_str("```\n");
    out
}

fn lint_indicators() -> String {
    let vars = hal_lint::indicator_vars().into_iter().chain(["GT_*"]);
    let list: Vec<String> = vars
        .chain(hal_lint::indicator_paths())
        .chain(hal_caps::registry::indicator_dirs())
        .map(|s| format!("`{s}`"))
        .collect();
    format!("{}\n", list.join(", "))
}

fn lint_rules() -> String {
    let mut out = String::from("| id | what | suppression |\n|---|---|---|\n");
    for r in hal_lint::RULES {
        let allow = if *r == hal_lint::Rule::BadSuppression {
            "none: fix the comment".to_owned()
        } else {
            format!("`hal-lint: allow({r}) <reason>`")
        };
        let _ = writeln!(out, "| `{r}` | {} | {allow} |", hal_lint::what(*r));
    }
    out
}

/// `doc` (the file `file`) with the section `name`, generated by the command `by`,
/// replaced by `text`.
pub(crate) fn replace_section(doc: &str, file: &str, name: &str, by: &str, text: &str) -> Result<String, String> {
    let begin = format!("<!-- generated:{name} begin ({by}) -->\n");
    let end = format!("<!-- generated:{name} end -->");
    let b = doc.find(&begin).ok_or_else(|| format!("{file} lacks the marker {}", begin.trim()))?;
    let e = doc[b..].find(&end).map(|e| b + e).ok_or_else(|| format!("{file} lacks the marker {end}"))?;
    let mut out = doc.to_owned();
    out.replace_range(b + begin.len()..e, text);
    Ok(out)
}

/// Every document with generated sections, each with those sections replaced by their
/// current text: `(path, what it should be)`; an unreadable document is an error.
fn render_documents(root: &Path) -> Result<Vec<(String, String)>, String> {
    let mut out: Vec<(String, String)> = Vec::new();
    let code_map = crate::invariants::CODE_MAP;
    let code_map = std::fs::read_to_string(root.join(code_map)).map_err(|e| format!("{code_map}: {e}"))?;
    let mut sections = sections();
    sections.push(("ARCHITECTURE.md", "invariants", crate::invariants::table(&code_map)));
    for (file, name, text) in sections {
        let doc = match out.iter().position(|(f, _)| f == file) {
            Some(i) => out.remove(i).1,
            None => std::fs::read_to_string(root.join(file)).map_err(|e| format!("{file}: {e}"))?,
        };
        out.push((file.to_owned(), replace_section(&doc, file, name, "cargo xtask codegen", &text)?));
    }
    Ok(out)
}

/// Every generated file: `(path relative to the root, its contents now, what it should be)`.
fn generated(root: &Path) -> Result<Vec<(String, Option<String>, String)>, String> {
    let read = |rel: &str| std::fs::read_to_string(root.join(rel)).ok();
    let python = "bindings/python/hal_runtime.py";
    let py_old = read(python).ok_or_else(|| format!("{python} is unreadable"))?;
    let by = "cargo xtask codegen";
    let mut files = render_documents(root)?;
    files.extend([
        ("bindings/node/generated.d.ts".to_owned(), crate::clients::node_types()),
        ("bindings/node/generated.js".to_owned(), crate::clients::node_values()),
        (python.to_owned(), replace_section(&py_old, python, "python-types", by, &crate::clients::python_section())?),
    ]);
    files.extend(crate::clients::schema_files());
    Ok(files.into_iter().map(|(path, new)| (path.clone(), read(&path), new)).collect())
}

/// Schema files that no command answers with any more.
fn stale_schemas(root: &Path, files: &[(String, Option<String>, String)]) -> Vec<String> {
    let Ok(dir) = std::fs::read_dir(root.join("schema")) else { return Vec::new() };
    dir.filter_map(|e| e.ok().map(|e| format!("schema/{}", e.file_name().to_string_lossy())))
        .filter(|p| Path::new(p).extension().is_some_and(|e| e == "json") && !files.iter().any(|(f, ..)| f == p))
        .collect()
}

/// Rewrites every generated file that is out of date, and removes stale schemas.
pub(crate) fn codegen(root: &Path) -> Result<(), String> {
    let files = generated(root)?;
    for (path, old, new) in &files {
        if old.as_ref() != Some(new) {
            let full = root.join(path);
            if let Some(dir) = full.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            std::fs::write(&full, new).map_err(|e| format!("{path}: {e}"))?;
            eprintln!("updated {path}");
        }
    }
    for path in stale_schemas(root, &files) {
        std::fs::remove_file(root.join(&path)).map_err(|e| format!("{path}: {e}"))?;
        eprintln!("removed {path}");
    }
    Ok(())
}

/// Fails when a generated file differs from what codegen would write.
#[cfg(any(test, feature = "suite"))]
pub(crate) fn check_docs(root: &Path) -> Result<(), String> {
    let files = generated(root)?;
    let mut stale: Vec<String> =
        files.iter().filter(|(_, old, new)| old.as_ref() != Some(new)).map(|(p, ..)| p.clone()).collect();
    stale.extend(stale_schemas(root, &files));
    if stale.is_empty() {
        Ok(())
    } else {
        Err(format!("out of date with the code: {}; run `cargo xtask codegen` and commit the result", stale.join(", ")))
    }
}
