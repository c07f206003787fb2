//! Self-declared agents: the name an agent gives itself in `AI_AGENT` (the convention
//! `vercel/detect-agent` calls the AI_AGENT standard: a lowercase-hyphen name with an
//! optional `@version`), or in `AGENT` when its value is a name.
//!
//! Claude Code writes `<name>_<version, dots as dashes>_<surface>`:
//! `claude-code_2-1-332_agent` in its tools' processes and `claude-code_2-1-332_harness`
//! in its hooks' (observed on Claude Code 2.1.332). That form is read as name, version
//! and [`AgentContext`]; Claude Code 2.1.122-2.1.123 wrote `claude-code/2.1.123/agent`,
//! read the same way.
//!
//! A value names a runtime hal knows only in that runtime's forms: its id or an alias
//! (Vercel's canonical names `claude_code`, `codex_cli`, `gemini_cli`, `open_code` and
//! `github_copilot_vscode_agent` among them), with or without `@version`, or a
//! `<name>_<version>_<surface>` / `<name>/<version>/<surface>` form its history
//! (`dated::History::ai_agent`) records. Every other value is a self-declared agent named
//! as written: `claude_evil` is an agent called `claude_evil`, not Claude Code.

use hal_types::{AgentContext, RuntimeProvider};

use super::find::{lookup, runtime};
use super::model::{is_falsy, is_truthy};

/// The longest value read as a name (longer values are not names).
pub const MAX_DECLARED_LEN: usize = 256;

/// An agent's own name for itself, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct DeclaredAgent {
    /// The name, trimmed, without a version or surface (`custom-agent`, `claude-code`).
    pub name: String,
    /// The version, when declared (`v1.0` from `@v1.0`; `2.1.332` from `_2-1-332_`).
    pub version: Option<String>,
    /// Tool or hook, when the surface says so (`_agent` → tool, `_harness` → hook).
    pub context: Option<AgentContext>,
    /// The form the value was written in.
    form: Form,
}

/// How a declared value was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    /// `name` or `name@version`.
    Plain,
    /// `<name>_<version, dots as dashes>_<surface>`.
    Underscore,
    /// `<name>/<version>/<surface>`.
    Slash,
}

impl DeclaredAgent {
    /// The runtime hal knows by this value: the whole value or the name as an id or
    /// alias, for a plain value; for the underscore and slash forms, the runtime whose
    /// history records that form under that name. `None` for every other value
    /// (`claude_evil`, `codex_anything_at_all`): a self-declared agent.
    #[must_use]
    pub fn runtime(&self, raw: &str) -> Option<RuntimeProvider> {
        let raw = raw.trim();
        let sep = match self.form {
            Form::Plain => return [raw, self.name.as_str()].into_iter().find_map(lookup),
            Form::Underscore => '_',
            Form::Slash => '/',
        };
        let p = lookup(&self.name)?;
        let prefix = format!("{}{sep}", self.name);
        let forms = runtime(p).history.map_or(&[][..], |h| h.ai_agent);
        forms
            .iter()
            .any(|f| f.form.len() > prefix.len() && f.form[..prefix.len()].eq_ignore_ascii_case(&prefix))
            .then_some(p)
    }
}

/// The surfaces of the `<name>_<version>_<surface>` form and what each says.
const SURFACES: &[(&str, Option<AgentContext>)] =
    &[("agent", Some(AgentContext::Tool)), ("harness", Some(AgentContext::Hook)), ("cli", None)];

/// Parses a self-declared name. `None` for no name: unset, empty or whitespace, a flag
/// (`1`, `true`, `0`, `false`, ...), control characters, or over [`MAX_DECLARED_LEN`]
/// bytes.
#[must_use]
pub fn parse_declared(value: &str) -> Option<DeclaredAgent> {
    let v = value.trim();
    if v.is_empty() || v.len() > MAX_DECLARED_LEN || is_truthy(v) || is_falsy(v) || v.chars().any(char::is_control) {
        return None;
    }
    if let Some(d) = underscore_form(v).or_else(|| slash_form(v)) {
        return Some(d);
    }
    let (name, version) = match v.split_once('@') {
        Some((n, ver)) if !n.is_empty() => (n, Some(ver).filter(|x| !x.is_empty())),
        _ => (v, None),
    };
    Some(DeclaredAgent { name: name.to_owned(), version: version.map(str::to_owned), context: None, form: Form::Plain })
}

/// The surface's context, if the surface is one hal knows.
fn surface_context(surface: &str) -> Option<AgentContext> {
    SURFACES.iter().find(|(s, _)| s.eq_ignore_ascii_case(surface)).and_then(|(_, c)| *c)
}

/// `<name>/<digits(.digits)*>/<surface>`: Claude Code 2.1.122-2.1.123's form.
fn slash_form(v: &str) -> Option<DeclaredAgent> {
    let mut parts = v.split('/');
    let (name, version, surface) = (parts.next()?, parts.next()?, parts.next()?);
    let numeric =
        !version.is_empty() && version.split('.').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if parts.next().is_some() || name.is_empty() || surface.is_empty() || !numeric {
        return None;
    }
    let context = surface_context(surface);
    Some(DeclaredAgent { name: name.to_owned(), version: Some(version.to_owned()), context, form: Form::Slash })
}

/// `<name>_<digits(-digits)*>_<surface>`: Claude Code's form.
fn underscore_form(v: &str) -> Option<DeclaredAgent> {
    let mut parts = v.rsplitn(3, '_');
    let (surface, version, name) = (parts.next()?, parts.next()?, parts.next()?);
    let numeric =
        !version.is_empty() && version.split('-').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if name.is_empty() || !numeric {
        return None;
    }
    let context = surface_context(surface);
    Some(DeclaredAgent {
        name: name.to_owned(),
        version: Some(version.replace('-', ".")),
        context,
        form: Form::Underscore,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(v: &str) -> Option<(String, Option<String>, Option<AgentContext>)> {
        parse_declared(v).map(|d| (d.name, d.version, d.context))
    }

    #[test]
    fn names_versions_and_surfaces() {
        let s = |x: &str| Some(x.to_owned());
        assert_eq!(parts("custom-agent"), Some(("custom-agent".into(), None, None)));
        assert_eq!(parts("my-agent@v1.0"), Some(("my-agent".into(), s("v1.0"), None)));
        assert_eq!(parts("  x  "), Some(("x".into(), None, None)));
        assert_eq!(
            parts("claude-code_2-1-332_agent"),
            Some(("claude-code".into(), s("2.1.332"), Some(AgentContext::Tool)))
        );
        assert_eq!(
            parts("claude-code_2-1-332_harness"),
            Some(("claude-code".into(), s("2.1.332"), Some(AgentContext::Hook)))
        );
        assert_eq!(parts("claude-code_2-1-0_cli"), Some(("claude-code".into(), s("2.1.0"), None)));
        // Not the underscore form: the whole value is the name.
        assert_eq!(parts("github_copilot_vscode_agent"), Some(("github_copilot_vscode_agent".into(), None, None)));
        assert_eq!(parts("x@"), Some(("x".into(), None, None)));
        assert_eq!(parts("@1"), Some(("@1".into(), None, None)));
        for none in ["", "   ", "1", "true", "TRUE", "0", "false", "off", "a\nb"] {
            assert_eq!(parts(none), None, "{none:?}");
        }
        assert_eq!(parts(&"a".repeat(MAX_DECLARED_LEN + 1)), None);
    }
}
