//! The runtime indicators, read from the registry.

use std::sync::OnceLock;

/// Variables hal reads besides the registry's rows that are not `GT_*` (those count by
/// their prefix): the generic agent identity.
const EXTRA_VARS: &[&str] = &["AI_AGENT"];

/// Every runtime indicator variable the registry names (markers, combinations, weak
/// signals, session variables; not the generic ones like `HOME`), plus `AI_AGENT`. Any
/// `GT_*` name counts too (see [`is_indicator_var`]).
#[must_use]
pub fn indicator_vars() -> Vec<&'static str> {
    let mut v = hal_caps::registry::indicator_vars();
    v.extend(EXTRA_VARS);
    v.sort_unstable();
    v.dedup();
    v
}

/// Whether reading `name` is reading a runtime indicator: a registry variable,
/// `AI_AGENT`, or a Gastown operator variable (`GT_*`).
#[must_use]
pub fn is_indicator_var(name: &str) -> bool {
    (name.starts_with("GT_") && name.len() > 3)
        || EXTRA_VARS.contains(&name)
        || registry_vars().binary_search(&name).is_ok()
}

fn registry_vars() -> &'static [&'static str] {
    static VARS: OnceLock<Vec<&'static str>> = OnceLock::new();
    VARS.get_or_init(hal_caps::registry::indicator_vars)
}

/// Every runtime indicator file or directory the registry names.
#[must_use]
pub fn indicator_paths() -> Vec<&'static str> {
    registry_paths().to_vec()
}

fn registry_paths() -> &'static [&'static str] {
    static PATHS: OnceLock<Vec<&'static str>> = OnceLock::new();
    PATHS.get_or_init(hal_caps::registry::indicator_paths)
}

/// What a path text reaching a probe names: a runtime indicator file, or `/proc`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PathHit {
    Indicator(&'static str),
    Proc,
}

/// The indicator `text` (a path, or path pieces joined with `/`) names, if any.
pub(crate) fn path_hit(text: &str) -> Option<PathHit> {
    let t = text.trim();
    if t == "/proc" || t.starts_with("/proc/") {
        return Some(PathHit::Proc);
    }
    registry_paths()
        .iter()
        .copied()
        .find(|ind| {
            let bare = ind.trim_start_matches("~/").trim_end_matches('/');
            // A whole path component match: `.claude/settings.json` inside
            // `$HOME/.claude/settings.json`, not inside `x.claude/settings.jsonl`.
            t.match_indices(bare).any(|(i, _)| {
                let before = t[..i].chars().next_back();
                let after = t[i + bare.len()..].chars().next();
                (i == 0 || bare.starts_with('/') || matches!(before, Some('/' | '"' | '\'' | '}' | ' ')))
                    && (after.is_none() || matches!(after, Some('/' | '"' | '\'' | ' ')))
            })
        })
        .map(PathHit::Indicator)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_are_indicators_and_generic_ones_are_not() {
        for v in ["CLAUDECODE", "CODEX_THREAD_ID", "GEMINI_CLI", "GT_STALL_THRESHOLD", "GT_ANYTHING", "AI_AGENT"] {
            assert!(is_indicator_var(v), "{v}");
        }
        for v in ["HOME", "PATH", "USER", "TERM_PROGRAM", "GT_", "CLAUDECODEX"] {
            assert!(!is_indicator_var(v), "{v}");
        }
        assert!(indicator_vars().contains(&"CLAUDECODE"));
    }

    #[test]
    fn paths_match_whole_components() {
        assert_eq!(path_hit(".claude/settings.json"), Some(PathHit::Indicator(".claude/settings.json")));
        assert_eq!(path_hit("$HOME/.cursor/hooks.json"), Some(PathHit::Indicator(".cursor/hooks.json")));
        assert_eq!(path_hit("/proc/1/comm"), Some(PathHit::Proc));
        assert_eq!(path_hit("/procurement"), None);
        assert_eq!(path_hit("docs/claude-settings.md"), None);
        assert_eq!(path_hit("x.claude/settings.jsonl"), None);
    }
}
