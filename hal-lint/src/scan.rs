//! The literal scan: where a file does not parse (a syntax error, a nesting or size
//! limit), its text is still searched, in linear time, for indicator reads: an
//! indicator variable's name right after an environment access (`env`, `environ`,
//! `getenv`, `printenv`, `$`, `${`), and `/proc/<pid>/<identity file>`. So a violation
//! is never lost to a syntax error. Comment lines are left out.

use crate::hit::{FileLint, Hit, Kind};
use crate::indicators::{is_proc_identity, var_names};
use crate::lines::Lines;

/// How far before a variable's name the scan looks (same line).
const CONTEXT: usize = 48;
/// What an environment access ends with, right before a variable's name (quotes,
/// brackets, dots and blanks between left out).
const ENV_ENDS: &[&str] =
    &["env", "environ", "getenv", "ENV", "env.get", "environ.get", "env::var", "env::var_os", "Getenv", "LookupEnv"];
/// The shell's own spellings of a read (`$X`, `${X}`, `[ -n "$X" ]`, `printenv X`): an
/// expansion only in shell code (a hook command's included); in JavaScript, Python or
/// Rust, `${X}` inside a string is a template's piece or prose (a schema's description
/// in a minified bundle), no read of the environment.
const SHELL_ENV_ENDS: &[&str] = &["printenv", "$", "${", "-n", "-z"];

/// Whether `before` (the text left of a variable's name on its line) ends in an
/// environment access of code of `kind`.
fn env_context(before: &str, kind: Kind) -> bool {
    let b = before.trim_end_matches(|c: char| matches!(c, '"' | '\'' | '[' | '(' | '.' | '`') || c.is_whitespace());
    let shell = matches!(kind, Kind::Shell | Kind::HookJson);
    ENV_ENDS.iter().any(|e| b.ends_with(e)) || (shell && SHELL_ENV_ENDS.iter().any(|e| b.ends_with(e)))
}

fn is_comment(line: &str, kind: Kind) -> bool {
    let t = line.trim_start();
    kind.comment_starts().iter().any(|c| t.starts_with(c)) || t.starts_with('*')
}

/// The most hits the literal scan keeps of one file; past them each is counted only
/// (`FileLint::uncounted`), so 16 MiB of violations is not 800,000 kept messages (N19 of
/// the third hostile pass). Twice what a file lists, so suppressions can still leave a
/// full list.
pub(crate) const MAX_SCAN_HITS: usize = 2 * crate::hit::MAX_FINDINGS;

/// Hits kept up to [`MAX_SCAN_HITS`], and how many more there were.
#[derive(Default)]
struct Kept {
    hits: Vec<Hit>,
    more: usize,
}

impl Kept {
    fn push(&mut self, hit: Hit) {
        if self.hits.len() < MAX_SCAN_HITS {
            self.hits.push(hit);
        } else {
            self.more += 1;
        }
    }
}

/// The hits of the literal scan over bytes `range` of `src` (at most [`MAX_SCAN_HITS`]),
/// and how many more there were.
pub(crate) fn region(src: &str, range: std::ops::Range<usize>, lines: &Lines<'_>, kind: Kind) -> (Vec<Hit>, usize) {
    let rust = kind == Kind::Rust;
    let Some(text) = src.get(range.clone()) else { return (Vec::new(), 0) };
    let mut hits = Kept::default();
    let own = if kind == Kind::Shell { own_assignments(src) } else { Vec::new() };
    for (at, name) in var_names(text) {
        let abs = range.start + at;
        // Issue 47, round 19: the script's own variable, set on an earlier line from no
        // value of its own (`AGENT="$(… | sed …)"`), as the parser's linter has it.
        if own.iter().any(|(n, end)| *n == name && *end <= abs) {
            continue;
        }
        let (line, col) = lines.pos(abs);
        let line_start = lines.range(line).start;
        let from = line_start.max(abs.saturating_sub(4 * CONTEXT)).min(abs);
        let from = (from..=abs).find(|&i| src.is_char_boundary(i)).unwrap_or(abs);
        let before = src.get(from..abs).unwrap_or("");
        if !is_comment(lines.text(line), kind) && env_context(before, kind) {
            let t = before.trim_end_matches(|c: char| matches!(c, '"' | '$' | '{') || c.is_whitespace());
            let decides = t.ends_with("-n") || t.ends_with("-z");
            hits.push(Hit::var_read(line, col, name, rust, decides));
        }
    }
    for (at, _) in text.match_indices("/proc/") {
        let abs = range.start + at;
        let end = text[at..]
            .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | ')' | ';' | '`'))
            .map_or(text.len(), |e| at + e);
        let (line, col) = lines.pos(abs);
        if !is_comment(lines.text(line), kind) && is_proc_identity(&text[at..end]) {
            hits.push(Hit::process(line, col, "/proc/<pid>", rust));
        }
    }
    (hits.hits, hits.more)
}

/// The names a shell script assigns itself, each with the end of the line that first
/// does (`AGENT=…`, `export AGENT=…`, `local AGENT=…` at a line's start) from a value
/// that does not expand the name (`AGENT="${AGENT:-x}"` reads it).
fn own_assignments(src: &str) -> Vec<(&str, usize)> {
    let mut out: Vec<(&str, usize)> = Vec::new();
    let mut end = 0;
    for line in src.split_inclusive('\n') {
        end += line.len();
        let t = line.trim_start();
        let t = ["export ", "local ", "readonly ", "declare "].iter().find_map(|k| t.strip_prefix(k)).unwrap_or(t);
        let Some((name, value)) = t.split_once('=') else { continue };
        if name.is_empty()
            || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            || expands_name(value, name)
            || out.iter().any(|(n, _)| *n == name)
        {
            continue;
        }
        out.push((name, end));
        if out.len() >= 4096 {
            break;
        }
    }
    out
}

/// Whether `t` expands the variable `name` (`$name`, `${name}`, `${name:-…}`).
pub(crate) fn expands_name(t: &str, name: &str) -> bool {
    t.match_indices('$').any(|(i, _)| {
        let rest = &t[i + 1..];
        let rest = rest.strip_prefix('{').unwrap_or(rest);
        rest.strip_prefix(name).is_some_and(|after| !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
    })
}

/// The literal scan of a whole file.
pub(crate) fn whole(src: &str, kind: Kind) -> FileLint {
    let lines = Lines::new(src);
    let (hits, uncounted) = region(src, 0..src.len(), &lines, kind);
    FileLint { hits, uncounted, ..FileLint::default() }
}

/// Adds the scan's hits over `ranges` to `lint`, leaving out those on a line where the
/// parser already found the same rule.
pub(crate) fn add_regions(lint: &mut FileLint, src: &str, ranges: &[std::ops::Range<usize>], kind: Kind) {
    if ranges.is_empty() {
        return;
    }
    let lines = Lines::new(src);
    for r in ranges {
        let (hits, more) = region(src, r.clone(), &lines, kind);
        lint.uncounted += more;
        for h in hits {
            if !lint.hits.iter().any(|k| k.line == h.line && k.rule == h.rule) {
                lint.hits.push(h);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scan_finds_reads_not_mentions() {
        let src = "x = process.env.CLAUDECODE; y = \"CLAUDECODE\"\n# os.environ['GEMINI_CLI']\nif [ -n \"$GT_ROLE\" ]; then :; fi\ncat /proc/$PPID/comm /proc/cpuinfo\n";
        let l = whole(src, Kind::Shell);
        assert_eq!(l.positions(), [("indicator-var", 1, 17), ("indicator-var", 3, 11), ("process-table", 4, 5)]);
    }

    /// Issue 47, round 19: where the shell parser stops (a `[[ … = *"…"* ]]` pattern
    /// tree-sitter-bash rejects), the scan knows the script's own variable, set on an
    /// earlier line from no value of its own (`AGENT="$(… | sed …)"`; before that line
    /// and where the value reads itself it is still the environment's).
    #[test]
    fn the_scan_leaves_the_script_s_own_variables() {
        let src = "echo \"$AGENT\"\nAGENT=\"$(printf '%s' \"$1\" | sed -n 's/AGENT: //p')\"\nAGENT=\"${AGENT:-plan}\"\n\
                   if [[ \"$AGENT\" = plan ]]; then :; fi\nexport CLAUDECODE=\"${CLAUDECODE:-}\"\necho \"$CLAUDECODE\"\n";
        assert_eq!(
            whole(src, Kind::Shell).positions(),
            [("indicator-var", 1, 8), ("indicator-var", 5, 22), ("indicator-var", 6, 8)]
        );
    }

    /// Issue 47: a minified bundle's prose naming `${CLAUDE_PROJECT_DIR}` is no read in
    /// JavaScript, Python or Rust (shell's expansions are shell's); its
    /// `process.env.CLAUDECODE` is. The process's own executable is its bookkeeping.
    #[test]
    fn the_scan_reads_each_language_s_own_spelling() {
        let src = "s.describe('Runs in ${CLAUDE_PROJECT_DIR}; $CLAUDECODE is set');x=process.env.CLAUDECODE;e=\"/proc/self/exe\"\n";
        for kind in [Kind::JavaScript, Kind::Python, Kind::Rust] {
            assert_eq!(whole(src, kind).positions(), [("indicator-var", 1, 79)], "{kind:?}");
        }
        let shell = whole(src, Kind::Shell).positions();
        assert_eq!(shell, [("runtime-path-var", 1, 23), ("indicator-var", 1, 45), ("indicator-var", 1, 79)]);
    }
}
