//! Hook command strings in `.claude/settings.json`-style JSON (`"command": "…"` in a
//! file with `hooks`), linted as shell at their place in the JSON file.

use std::path::Path;

use crate::hit::FileLint;
use crate::lines::Lines;

/// File names that are hook settings: an unparseable one is a diagnostic.
const SETTINGS_NAMES: &[&str] = &["settings.json", "settings.local.json", "hooks.json"];

/// Decodes the JSON string whose opening quote is at `start`: its value and, for each
/// byte of the value (and one past its end), the offset in `src` it came from.
fn decode(src: &str, start: usize) -> Option<(String, Vec<usize>)> {
    let mut out = String::new();
    let mut map = Vec::new();
    let mut chars = src.get(start + 1..)?.char_indices().map(|(i, c)| (i + start + 1, c));
    while let Some((at, c)) = chars.next() {
        let ch = match c {
            '"' => {
                map.push(at);
                return Some((out, map));
            }
            '\\' => match chars.next()?.1 {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                'b' => '\u{8}',
                'f' => '\u{c}',
                'u' => {
                    let hex: String = (0..4).filter_map(|_| chars.next().map(|(_, c)| c)).collect();
                    char::from_u32(u32::from_str_radix(&hex, 16).ok()?).unwrap_or('\u{fffd}')
                }
                other => other,
            },
            c => c,
        };
        map.extend(std::iter::repeat_n(at, ch.len_utf8()));
        out.push(ch);
    }
    None
}

/// The offsets of the opening quotes of every `"command": "…"` value.
fn command_strings(src: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, _) in src.match_indices("\"command\"") {
        let rest = &src[i + "\"command\"".len()..];
        let after_colon = rest.trim_start().strip_prefix(':').map(str::trim_start);
        if let Some(value) = after_colon
            && value.starts_with('"')
        {
            out.push(src.len() - value.len());
        }
    }
    out
}

pub(crate) fn lint(path: &Path, src: &str) -> FileLint {
    let named_settings = path.file_name().and_then(|n| n.to_str()).is_some_and(|n| SETTINGS_NAMES.contains(&n));
    let value: serde_json::Value = match serde_json::from_str(src) {
        Ok(v) => v,
        Err(e) if named_settings => {
            return FileLint { unparseable: Some(format!("not valid JSON: {e}")), ..FileLint::default() };
        }
        Err(_) => return FileLint::default(),
    };
    if value.get("hooks").is_none() {
        return FileLint::default();
    }
    let lines = Lines::new(src);
    let mut lint = FileLint::default();
    for start in command_strings(src) {
        let Some((command, map)) = decode(src, start) else { continue };
        // A command holding none of shell's prefilter literals holds no finding: it is
        // not parsed (a plugin's hooks file holds dozens of commands).
        if !crate::prefilter::might_hold_finding_in(crate::hit::Kind::Shell, command.as_bytes()) {
            continue;
        }
        let inner = Lines::new(&command);
        for mut hit in crate::shell::lint(&command).hits {
            let raw = map.get(inner.offset(hit.line, hit.column)).copied().unwrap_or(start);
            (hit.line, hit.column) = lines.pos(raw);
            lint.hits.push(hit);
        }
    }
    lint
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_map_back_to_the_raw_text() {
        let src = r#"{"a": "x\"$B\u0041"}"#;
        let (v, map) = decode(src, 6).unwrap();
        assert_eq!(v, "x\"$BA");
        assert_eq!(&src[map[2]..=map[2]], "$");
        assert_eq!(&src[map[4]..map[4] + 2], "\\u");
    }

    #[test]
    fn hook_commands_are_linted_where_they_stand() {
        let src = "{\n  \"hooks\": {\"SessionStart\": [{\"hooks\": [\n    {\"type\": \"command\", \"command\": \"[ -n \\\"$CLAUDECODE\\\" ] && gt prime\"}\n  ]}]}\n}\n";
        let hits = lint(Path::new(".claude/settings.json"), src).hits;
        assert_eq!(
            hits.iter().map(|h| (h.rule.as_str(), h.line, h.column)).collect::<Vec<_>>(),
            [("indicator-var", 3, 44)]
        );
        assert!(lint(Path::new("tsconfig.json"), "{ // comments\n}").unparseable.is_none());
        assert!(lint(Path::new("settings.json"), "{").unparseable.is_some());
    }
}
