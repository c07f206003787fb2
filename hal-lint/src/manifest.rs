//! Manifests: `Cargo.toml` (hal-types only among hal's crates, pinned to a release line;
//! no process-table crate), `package.json` and `pyproject.toml` (no runtime-detection or
//! process-listing package).

use crate::facts::{NPM_PROCESS_PACKAGES, PROCESS_CRATES, PYTHON_PROCESS_PACKAGES};
use crate::hit::{FileLint, Hit};
use crate::lines::Lines;
use crate::rules::{Ask, Rule};

/// hal's crates a skill must not depend on (it depends on `hal-types` alone).
const HAL_CRATES: &[&str] =
    &["hal-registry", "hal-payload", "hal-caps", "hal-detect", "hal-gupp", "hal-cli", "hal-lint"];
/// Packages that detect the runtime themselves (npm and PyPI spellings).
const DETECTION_PACKAGES: &[&str] = &["@vercel/detect-agent", "am-i-vibing", "is-ai-agent", "std-env", "detect-agent"];
/// The manifest line every skill crate should have.
const PINNED: &str = "hal-types = \"0.1\"";

/// Where each key of a manifest is declared, indexed once (a manifest with 50k
/// dependencies is located in linear time): key → `(line, column, table header)`.
struct Index {
    keys: std::collections::HashMap<String, Vec<(usize, usize, String)>>,
    /// The first quoted string on each line (`"psutil>=5"` in a list): name → place.
    listed: std::collections::HashMap<String, (usize, usize)>,
}

impl Index {
    fn new(src: &str) -> Self {
        let lines = Lines::new(src);
        let mut keys: std::collections::HashMap<String, Vec<(usize, usize, String)>> = std::collections::HashMap::new();
        let mut listed = std::collections::HashMap::new();
        let mut section = String::new();
        for line in 1..=lines.count() {
            let text = lines.text(line);
            let t = text.trim_start();
            let indent = text.len() - t.len();
            if let Some(header) = t.strip_prefix('[') {
                section = header.trim_end().trim_end_matches(']').trim_matches('[').replace(' ', "");
                // `[dependencies.foo]`: key `foo` of table `dependencies`.
                if let Some((table, key)) = section.rsplit_once('.') {
                    let col = indent + t.find(key).unwrap_or(0) + 1;
                    keys.entry(key.trim_matches('"').to_owned()).or_default().push((line, col, table.to_owned()));
                }
                continue;
            }
            let (key, quoted) = match t.strip_prefix(['"', '\'']) {
                Some(rest) => (rest.split(['"', '\'']).next().unwrap_or(""), true),
                None => (t.split(|c: char| c == '=' || c == '.' || c.is_whitespace()).next().unwrap_or(""), false),
            };
            let after = &t[(key.len() + 2 * usize::from(quoted)).min(t.len())..];
            if !key.is_empty() && after.trim_start().starts_with(['=', '.', ':']) {
                keys.entry(key.to_owned()).or_default().push((line, indent + 1, section.clone()));
            } else if let Some(q) = text.find(['"', '\'']) {
                let rest = &text[q + 1..];
                let name = &rest[..rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
                    .unwrap_or(rest.len())];
                if !name.is_empty() {
                    listed.entry(name.to_owned()).or_insert((line, text[..q].chars().count() + 1));
                }
            }
        }
        Self { keys, listed }
    }

    /// Where a dependency named `name` is declared: the first place whose key is
    /// `name` in a table accepted by `in_section`, else a list item naming it.
    fn locate(&self, name: &str, in_section: impl Fn(&str) -> bool) -> (usize, usize) {
        self.keys
            .get(name)
            .and_then(|v| v.iter().find(|(_, _, s)| in_section(s)))
            .map(|(l, c, _)| (*l, *c))
            .or_else(|| self.listed.get(name).copied())
            .unwrap_or((1, 1))
    }
}

/// Whether a Cargo version requirement pins a release line: every comparator has an
/// upper bound (`^`, `~`, `=`, `<`, a bare version), and a `0.x` one names its minor.
fn pins_a_line(req: &str) -> bool {
    let comparators: Vec<&str> = req.split(',').map(str::trim).filter(|c| !c.is_empty()).collect();
    let bounded = comparators.iter().any(|c| {
        let v = c.trim_start_matches(['^', '~', '=', '<']).trim();
        let open = c.starts_with('>');
        let mut parts = v.split('.');
        let major = parts.next().unwrap_or("");
        let minor = parts.next();
        !open
            && !major.is_empty()
            && major.chars().all(|ch| ch.is_ascii_digit())
            && (major != "0" || minor.is_some_and(|m| !m.is_empty() && m.chars().all(|ch| ch.is_ascii_digit())))
    });
    bounded && !comparators.iter().any(|c| c.contains('*'))
}

fn hit(rule: Rule, (line, column): (usize, usize), message: String, suggestion: &str) -> Hit {
    Hit::new(rule, (line, column), message, suggestion)
}

/// A TOML document, or the `FileLint` saying why not.
fn toml_table(src: &str) -> Result<toml::Table, FileLint> {
    toml::from_str(src).map_err(|e| FileLint::unparseable(format!("not valid TOML: {e}")))
}

/// The dependency tables of a `Cargo.toml`: `(section name as written in a header, table)`.
fn cargo_tables(doc: &toml::Table) -> Vec<(String, &toml::Table)> {
    let mut out = Vec::new();
    for key in ["dependencies", "build-dependencies"] {
        if let Some(t) = doc.get(key).and_then(toml::Value::as_table) {
            out.push((key.to_owned(), t));
        }
    }
    if let Some(targets) = doc.get("target").and_then(toml::Value::as_table) {
        for (cfg, t) in targets {
            for key in ["dependencies", "build-dependencies"] {
                if let Some(t) = t.get(key).and_then(toml::Value::as_table) {
                    out.push((format!("target.{cfg}.{key}"), t));
                }
            }
        }
    }
    out
}

pub(crate) fn cargo(src: &str) -> FileLint {
    let doc = match toml_table(src) {
        Ok(d) => d,
        Err(lint) => return lint,
    };
    let mut lint = FileLint::default();
    let index = std::cell::OnceCell::new();
    let index = || index.get_or_init(|| Index::new(src));
    let is_dep_section = |s: &str| {
        (s == "dependencies" || s == "build-dependencies")
            || (s.starts_with("target.") && (s.ends_with(".dependencies") || s.ends_with(".build-dependencies")))
    };
    for (_, table) in cargo_tables(&doc) {
        for (key, spec) in table {
            let name = spec.get("package").and_then(toml::Value::as_str).unwrap_or(key);
            let at = || index().locate(key, is_dep_section);
            if HAL_CRATES.contains(&name) {
                let msg = format!(
                    "depends on `{name}`; a skill depends on `hal-types` alone and takes a `&dyn hal_types::RuntimeHal`"
                );
                lint.hits.push(hit(Rule::HalCrateDependency, at(), msg, PINNED));
            } else if PROCESS_CRATES.contains(&name) {
                let msg = format!(
                    "depends on `{name}`, which reads the process table; ask the HAL instead: `{}`",
                    Ask::Provider.rust()
                );
                lint.hits.push(hit(Rule::ProcessDependency, at(), msg, Ask::Provider.rust()));
            } else if name == "hal-types"
                && let Some(why) = unpinned(spec)
            {
                let form = pinned_form(spec);
                let msg = format!("requires `hal-types` {why}; pin a release line: `{form}`");
                lint.hits.push(hit(Rule::UnpinnedHalTypes, at(), msg, &form));
            }
        }
    }
    let ws_deps = doc.get("workspace").and_then(|w| w.get("dependencies")).and_then(toml::Value::as_table);
    if let Some(spec) = ws_deps.and_then(|t| t.get("hal-types"))
        && let Some(why) = unpinned(spec)
    {
        let form = pinned_form(spec);
        let msg = format!("requires `hal-types` {why}; pin a release line: `{form}`");
        lint.hits.push(hit(
            Rule::UnpinnedHalTypes,
            index().locate("hal-types", |s| s == "workspace.dependencies"),
            msg,
            &form,
        ));
    }
    lint
}

/// The form of a `hal-types` dependency that passes: a path or git dependency keeps its
/// source and gains a release line (`{ path = "../hal/hal-types", version = "0.1" }`).
fn pinned_form(spec: &toml::Value) -> String {
    if let toml::Value::Table(t) = spec {
        for key in ["path", "git"] {
            if let Some(source) = t.get(key).and_then(toml::Value::as_str) {
                let quoted = toml::Value::String(source.to_owned());
                return format!("hal-types = {{ {key} = {quoted}, version = \"0.1\" }}");
            }
        }
    }
    PINNED.to_owned()
}

/// Why a `hal-types` dependency does not pin a release line, if it does not.
fn unpinned(spec: &toml::Value) -> Option<String> {
    let req = match spec {
        toml::Value::String(s) => Some(s.as_str()),
        toml::Value::Table(t) if t.get("workspace").and_then(toml::Value::as_bool) == Some(true) => return None,
        toml::Value::Table(t) => match t.get("version").and_then(toml::Value::as_str) {
            Some(v) => Some(v),
            None if t.contains_key("path") => return Some("from a path without a version".to_owned()),
            None if t.contains_key("git") => return Some("from git without a version".to_owned()),
            None => None,
        },
        _ => None,
    };
    match req {
        Some(r) if pins_a_line(r) => None,
        Some(r) => Some(format!("as `{r}`, which does not pin a release line")),
        None => Some("without a version".to_owned()),
    }
}

/// A finding for a package name from `package.json` or `pyproject.toml`, located by
/// `at` (called only for a finding).
fn package_hit(name: &str, at: impl FnOnce() -> (usize, usize)) -> Option<Hit> {
    let normalized = name.to_ascii_lowercase().replace('_', "-");
    if DETECTION_PACKAGES.contains(&normalized.as_str()) {
        let call = Ask::Provider.command();
        let msg = format!("depends on `{name}`, which detects the runtime itself; ask the HAL instead: `{call}`");
        Some(hit(Rule::DetectionPackage, at(), msg, call))
    } else if NPM_PROCESS_PACKAGES.contains(&normalized.as_str())
        || PYTHON_PROCESS_PACKAGES.contains(&normalized.as_str())
    {
        let call = Ask::Provider.command();
        let msg = format!("depends on `{name}`, which reads the process table; ask the HAL instead: `{call}`");
        Some(hit(Rule::ProcessDependency, at(), msg, call))
    } else {
        None
    }
}

pub(crate) fn package_json(src: &str) -> FileLint {
    let doc: serde_json::Value = match serde_json::from_str(src) {
        Ok(d) => d,
        Err(e) => return FileLint::unparseable(format!("not valid JSON: {e}")),
    };
    let mut lint = FileLint::default();
    let index = std::cell::OnceCell::new();
    for section in ["dependencies", "optionalDependencies", "peerDependencies"] {
        let Some(deps) = doc.get(section).and_then(serde_json::Value::as_object) else { continue };
        for name in deps.keys() {
            lint.hits.extend(package_hit(name, || index.get_or_init(|| Index::new(src)).locate(name, |_| true)));
        }
    }
    lint
}

/// The distribution name a PEP 508 requirement starts with.
fn requirement_name(req: &str) -> &str {
    let end = req.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))).unwrap_or(req.len());
    &req[..end]
}

pub(crate) fn pyproject(src: &str) -> FileLint {
    let doc = match toml_table(src) {
        Ok(d) => d,
        Err(lint) => return lint,
    };
    let mut names: Vec<String> = Vec::new();
    let project = doc.get("project");
    let lists = project.and_then(|p| p.get("dependencies")).into_iter().chain(
        project
            .and_then(|p| p.get("optional-dependencies"))
            .and_then(toml::Value::as_table)
            .into_iter()
            .flat_map(|t| t.values()),
    );
    for list in lists.filter_map(toml::Value::as_array) {
        names.extend(list.iter().filter_map(toml::Value::as_str).map(|r| requirement_name(r.trim()).to_owned()));
    }
    let poetry = doc.get("tool").and_then(|t| t.get("poetry")).and_then(|p| p.get("dependencies"));
    names.extend(poetry.and_then(toml::Value::as_table).into_iter().flat_map(|t| t.keys().cloned()));
    let mut lint = FileLint::default();
    let index = std::cell::OnceCell::new();
    for name in names {
        lint.hits.extend(package_hit(&name, || index.get_or_init(|| Index::new(src)).locate(&name, |_| true)));
    }
    lint
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn release_lines() {
        for ok in ["0.1", "0.1.2", "^0.1", "~0.1.2", "=0.1.2", ">=0.1, <0.2", "1"] {
            assert!(pins_a_line(ok), "{ok}");
        }
        for bad in ["*", "0", "0.*", ">=0.1", "", "0.1.*", "> 0.1"] {
            assert!(!pins_a_line(bad), "{bad}");
        }
    }

    #[test]
    fn a_path_dependency_is_shown_the_form_that_passes() {
        let lint = cargo("[package]\nname = \"skill\"\n[dependencies]\nhal-types = { path = \"../hal/hal-types\" }\n");
        assert_eq!(lint.hits.len(), 1);
        let form = &lint.hits[0].suggestion;
        assert_eq!(form, "hal-types = { path = \"../hal/hal-types\", version = \"0.1\" }");
        assert!(lint.hits[0].message.contains(form.as_str()));
        let fixed = cargo(&format!("[package]\nname = \"skill\"\n[dependencies]\n{form}\n"));
        assert_eq!(fixed.hits.len(), 0, "the suggested form passes");
    }

    #[test]
    fn requirement_names() {
        assert_eq!(requirement_name("psutil>=5.9; python_version>'3'"), "psutil");
        assert_eq!(requirement_name("am_i_vibing[extra]"), "am_i_vibing");
    }
}
