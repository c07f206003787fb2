//! README's generated sections: written from the code by `cargo xtask codegen`,
//! compared by `cargo xtask check` (and a test).

use std::fmt::Write as _;
use std::path::Path;

/// `(section name, generated text)` for every generated section of README.
pub(crate) fn sections() -> Vec<(&'static str, String)> {
    vec![
        ("capability-matrix", hal_caps::design_matrix_markdown()),
        ("runtimes", runtimes_table()),
        ("full-matrix", hal_caps::full_matrix_markdown()),
        ("lint-indicators", lint_indicators()),
    ]
}

fn runtimes_table() -> String {
    let mut out = String::from(
        "| id | name | strongest signal | executables | hooks inject | session var | vendor-verified |\n|---|---|---|---|---|---|---|\n",
    );
    for r in hal_caps::REGISTRY {
        let inject = r.hooks.map_or("no hooks", |h| match h.inject {
            hal_caps::registry::Inject::Yes => "yes",
            hal_caps::registry::Inject::Nudge => "nudge",
            _ => "no",
        });
        let exes = if r.executables.is_empty() {
            "-".to_owned()
        } else {
            r.executables.iter().map(|e| format!("`{e}`")).collect::<Vec<_>>().join(", ")
        };
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} | {} | {} |",
            r.provider,
            r.name,
            r.strongest_signal().map_or_else(|| "-".to_owned(), |s| format!("`{s}`")),
            exes,
            inject,
            r.session_vars.first().map_or_else(|| "-".to_owned(), |s| format!("`{s}`")),
            if r.secondary_only() { "no" } else { "yes" },
        );
    }
    out
}

fn lint_indicators() -> String {
    let list: Vec<String> = hal_detect::lint::indicators().iter().map(|s| format!("`{s}`")).collect();
    format!("{}\n", list.join(", "))
}

fn markers(name: &str) -> (String, String) {
    (format!("<!-- generated:{name} begin (cargo xtask codegen) -->\n"), format!("<!-- generated:{name} end -->"))
}

/// README with every generated section replaced by its current text.
pub(crate) fn render(readme: &str) -> Result<String, String> {
    let mut out = readme.to_owned();
    for (name, text) in sections() {
        let (begin, end) = markers(name);
        let b = out.find(&begin).ok_or_else(|| format!("README.md lacks the marker {}", begin.trim()))?;
        let e = out[b..].find(&end).map(|e| b + e).ok_or_else(|| format!("README.md lacks the marker {end}"))?;
        out.replace_range(b + begin.len()..e, &text);
    }
    Ok(out)
}

pub(crate) fn readme_path(root: &Path) -> std::path::PathBuf {
    root.join("README.md")
}

/// Rewrites README.md.
pub(crate) fn codegen(root: &Path) -> Result<(), String> {
    let path = readme_path(root);
    let old = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let new = render(&old)?;
    if new != old {
        std::fs::write(&path, new).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("updated README.md");
    }
    Ok(())
}

/// Fails when README.md differs from what codegen would write.
pub(crate) fn check_docs(root: &Path) -> Result<(), String> {
    let path = readme_path(root);
    let old = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    if render(&old)? == old {
        Ok(())
    } else {
        Err("README.md is out of date with the code; run `cargo xtask codegen` and commit the result".to_owned())
    }
}
