//! Shell skills (`sh`/`bash`), parsed with tree-sitter-bash: `$VAR` and `${VAR…}`
//! expansions, `printenv X`, `env | grep X`, `[[ -v X ]]`, `declare -p X`, `${!v}`, awk's
//! `ENVIRON`, code in `eval` and inline interpreters; file tests (`[ -f … ]`) and probing commands
//! of indicator files, unless the script writes them; `ps`/`pgrep` asked about a
//! process's identity or a runtime. Comments and single-quoted text are not code.

use std::collections::HashMap;

use tree_sitter::Node;

use crate::facts::PROCESS_PROGRAMS;
use crate::guard::Guarded;
use crate::hit::{FileLint, Kind};
use crate::indicators::{PathHit, path_hit, process_command};
use crate::ts::{Fields as _, Parsed, Walk, program, unquote};

/// Commands whose arguments are messages, not paths.
const MESSAGE_PROGRAMS: &[&str] = &["echo", "printf", "logger", ":", "true", "false", "log", "info", "warn", "die"];
/// Commands whose answer is whether a path exists or what it is.
const PROBE_PROGRAMS: &[&str] = &["test", "[", "ls", "stat", "realpath", "readlink"];
/// Commands that read a file, or list a folder's files to process them (`find`): a
/// probe only in the condition of an `if` or `while`.
const READ_PROGRAMS: &[&str] = &["cat", "grep", "jq", "head", "tail", "source", ".", "yq", "python3", "node", "find"];
/// Commands that write, create or edit a file.
const WRITE_PROGRAMS: &[&str] = &["mkdir", "cp", "mv", "tee", "touch", "ln", "rm", "install", "chmod", "sed", "rsync"];
/// Test operators about a file.
const FILE_TESTS: &[&str] = &["-e", "-f", "-d", "-s", "-r", "-w", "-x", "-L", "-h", "-a", "-O", "-G", "-N"];
/// Node kinds holding a word of text.
const WORDS: &[&str] = &["word", "string", "raw_string", "concatenation"];
/// Commands that print the whole environment.
const ENV_PRINTERS: &[&str] = &["env", "printenv", "set", "export", "declare", "compgen"];

/// `src` with every character past U+00FF written as a Latin-1 stand-in of the same
/// byte length: the same length, the same character boundaries. tree-sitter-bash
/// 0.25.1's scanner calls C's `isdigit` on the lookahead code point (`scanner.c`, after
/// `{` and in `$((…))`), which indexes a 384-entry table: a code point like U+7E129
/// reads far past it and the process dies of SIGSEGV (`""Å�{` followed by U+7E129 was
/// enough). No indicator, program or path hal looks for has such a character.
///
/// The stand-in starts with `é` (U+00E9), which, like every character past U+007F,
/// ends a variable name for bash and for the grammar: `$GEMINI_CLI中` stays a read of
/// `GEMINI_CLI` (N3 of the third hostile pass; `x`s made it `GEMINI_CLIxxx`).
fn scanner_safe(src: &str) -> std::borrow::Cow<'_, str> {
    if src.chars().all(|c| u32::from(c) <= 0xFF) {
        return std::borrow::Cow::Borrowed(src);
    }
    let mut out = String::with_capacity(src.len());
    for c in src.chars() {
        if u32::from(c) <= 0xFF {
            out.push(c);
        } else {
            out.push_str(match c.len_utf8() {
                3 => "éx",
                4 => "éé",
                // Two bytes: U+0100..=U+07FF.
                _ => "é",
            });
        }
    }
    debug_assert_eq!(out.len(), src.len());
    std::borrow::Cow::Owned(out)
}

/// Parses `src` as bash through [`scanner_safe`], answering with `src`'s own text.
fn parse<'a>(src: &'a str, language: &tree_sitter::Language) -> Option<Parsed<'a>> {
    Parsed::parsing(src, &scanner_safe(src), language)
}

pub(crate) fn lint(src: &str) -> FileLint {
    lint_nested(src, 0)
}

/// How deep code inside code is linted (`eval "…"`, `bash -c '…'` inside another).
const MAX_NESTED: usize = 3;

/// [`lint`] of code found `depth` levels inside a shell file's strings.
fn lint_nested(src: &str, depth: usize) -> FileLint {
    let language = tree_sitter_bash::LANGUAGE.into();
    let Some(first) = parse(src, &language) else {
        return FileLint::unparseable("tree-sitter gave no tree".to_owned());
    };
    if !first.tree.root_node().has_error() {
        return lint_parsed(&first, depth);
    }
    // The grammar rejects some regexes `bash -n` accepts (`[[ $x =~ ^\[([^]]+)\] ]]`):
    // where the tree has errors, the file is parsed again with each `=~` operand
    // blanked to a word of the same length, and that tree is kept if it has none. What
    // was blanked is still searched by the literal scan, so a read hidden in an operand
    // (`=~ $CLAUDECODE`) is not lost.
    let (masked, blanked) = mask_regexes(src);
    match masked.as_deref().and_then(|m| parse(m, &language)).filter(|p| !p.tree.root_node().has_error()) {
        Some(second) => {
            let mut lint = lint_parsed(&second, depth);
            crate::scan::add_regions(&mut lint, src, &blanked, Kind::Shell);
            lint
        }
        None => lint_parsed(&first, depth),
    }
}

/// The end of the `=~` operand (a regex word) that starts at `start`. bash reads it as
/// one word (its own syntax, not a search for ` ]]`): a backslash escapes the next
/// character, quotes hold blanks, parentheses group (blanks and `]]` inside them belong
/// to the regex); it ends at an unquoted blank, newline, `;`, `&`, `|` or `)` outside
/// parentheses. Linear in the operand.
fn regex_end(b: &[u8], start: usize) -> usize {
    let mut i = start;
    let mut parens = 0_usize;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'\'' => i += b[i + 1..].iter().position(|&c| c == b'\'').map_or(b.len(), |e| e + 1),
            b'"' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                i = j;
            }
            b'(' => parens += 1,
            b')' if parens > 0 => parens -= 1,
            b'\n' => return i,
            b' ' | b'\t' | b';' | b'&' | b'|' | b')' if parens == 0 => return i,
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// `src` with the right operand of every `=~` ([`regex_end`]) replaced by `x`s of the
/// same length, or `None` when it has none; and the byte ranges blanked.
fn mask_regexes(src: &str) -> (Option<String>, Vec<std::ops::Range<usize>>) {
    let b = src.as_bytes();
    let mut out = b.to_vec();
    let mut blanked = Vec::new();
    let mut from = 0;
    while let Some(at) = src.get(from..).and_then(|rest| rest.find("=~")) {
        let i = from + at;
        let start = i + 2 + b[i + 2..].iter().take_while(|&&c| c == b' ' || c == b'\t').count();
        let end = regex_end(b, start).min(b.len());
        if end > start {
            // Continuation bytes too: the blanked word is ASCII throughout.
            out[start..end].fill(b'x');
            blanked.push(start..end);
        }
        from = end.max(i + 2);
        while !src.is_char_boundary(from) {
            from += 1;
        }
    }
    if blanked.is_empty() {
        return (None, blanked);
    }
    (String::from_utf8(out).ok(), blanked)
}

/// The name of a `command` node, without its directory.
fn command_name<'a>(p: &Parsed<'a>, command: Node<'_>) -> &'a str {
    command.field("name").map_or("", |n| program(p.short(n, 256).unwrap_or("")))
}

/// How a word is used: probed, written, read, or none of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Use {
    Probe,
    Write,
    /// A message, an assignment, a comparison: nothing reaches the file.
    Other,
    /// An argument of a command that reads the file (`cat x`): a probe in a condition.
    Read,
    /// An argument of any other command (for `/proc` reads).
    Argument,
}

/// Whether `node` (a command, or a test) stands in the condition of an `if` or `while`.
fn in_shell_condition(walk: &Walk<'_>, node: Node<'_>) -> bool {
    let mut cur = node;
    for _ in 0..8 {
        let Some(parent) = walk.parent(cur) else { return false };
        match parent.kind() {
            "pipeline"
            | "list"
            | "negated_command"
            | "redirected_statement"
            | "subshell"
            | "command_substitution"
            | "string"
            | "test_command" => {}
            "if_statement" | "elif_clause" | "while_statement" => {
                return parent.children_by_field_name("condition", &mut parent.walk()).any(|c| c.id() == cur.id());
            }
            _ => return false,
        }
        cur = parent;
    }
    false
}

/// Whether the status or output of the command `cmd` is used: it stands in a
/// condition, a `&&`/`||` list, a pipeline or a command substitution, or its output is
/// thrown away (`ls ~/.codex >/dev/null 2>&1`: only its status matters).
fn answer_used(walk: &Walk<'_>, cmd: Node<'_>) -> bool {
    let Some(parent) = walk.parent(cmd) else { return false };
    match parent.kind() {
        "list" | "pipeline" | "command_substitution" | "negated_command" | "test_command" => true,
        // `ls X >/dev/null` keeps only the status; `ls X 2>/dev/null` still shows the
        // listing.
        "redirected_statement" => {
            parent.children(&mut parent.walk()).any(|r| {
                r.kind() == "file_redirect"
                    && r.child(0).is_some_and(|op| matches!(op.kind(), ">" | "&>" | ">>" | "&>>"))
                    && r.child(0).is_some_and(|op| op.start_byte() == r.start_byte())
            }) || answer_used(walk, parent)
        }
        "if_statement" | "elif_clause" | "while_statement" => {
            parent.children_by_field_name("condition", &mut parent.walk()).any(|c| c.id() == cmd.id())
        }
        _ => false,
    }
}

/// Whether the command `n` names a runtime's process, itself or through the values of
/// the `for` loop around it.
fn names_a_runtime_looped(p: &Parsed<'_>, walk: &Walk<'_>, n: Node<'_>) -> bool {
    let names = |t: &str| {
        t.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .any(|w| crate::indicators::literal_runtime(&w.to_ascii_lowercase()).is_some())
    };
    p.short(n, 4096).is_some_and(|t| names(&t.replace("System Events", "")))
        || std::iter::successors(walk.parent(n), |x| walk.parent(*x))
            .take(12)
            .find(|x| x.kind() == "for_statement")
            .is_some_and(|f| {
                f.children_by_field_name("value", &mut f.walk())
                    .any(|v| p.short(v, 64).is_some_and(|t| names(unquote(t))))
            })
}

/// Issue 47, round 13: whether the `ps` command `n` prints a process's name
/// (`-o comm=`, `args`, `command`), its output is kept in a variable
/// (`pane_comm=$(ps -o comm= -p "$pane_pid")`), and a later line of the same function
/// compares that variable to a runtime's name (`echo "$pane_comm" | grep -q claude`,
/// `[ "$pane_comm" = codex ]`): whether the runtime runs in that process.
fn kept_then_compared(p: &Parsed<'_>, walk: &Walk<'_>, n: Node<'_>) -> bool {
    let Some(text) = p.short(n, 512) else { return false };
    let names = ["comm", "args", "command", "ucomm", "cmd"];
    if !text.split([' ', ',', '=']).any(|w| names.contains(&w)) {
        return false;
    }
    let Some(var) = std::iter::successors(walk.parent(n), |x| walk.parent(*x))
        .take(6)
        .find(|x| x.kind() == "variable_assignment")
        .and_then(|x| x.field("name"))
        .map(|v| p.text(v))
    else {
        return false;
    };
    let scope = std::iter::successors(walk.parent(n), |x| walk.parent(*x))
        .find(|x| x.kind() == "function_definition")
        .map_or_else(|| p.src.len(), |f| f.end_byte());
    let after = p.src.get(n.end_byte()..scope).unwrap_or("");
    let uses = [format!("${var}"), format!("${{{var}}}")];
    after.lines().take(64).filter(|l| uses.iter().any(|u| l.contains(u.as_str()))).any(|l| {
        l.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .any(|w| crate::indicators::literal_runtime(w).is_some())
    })
}

/// How the word `node` is used, looking up at most a few levels.
fn use_of(p: &Parsed<'_>, walk: &Walk<'_>, node: Node<'_>) -> Use {
    let mut cur = node;
    for _ in 0..6 {
        let Some((parent, kind)) = walk.parent_kind(cur) else { return Use::Other };
        match kind {
            "unary_expression" => {
                let op = parent.child(0).and_then(|o| p.short(o, 8)).unwrap_or("");
                // `[ -f ~/.x ]` parses `~` as an operator of its own: look past it.
                if op != "~" {
                    return if FILE_TESTS.contains(&op) { Use::Probe } else { Use::Other };
                }
                cur = parent;
            }
            "binary_expression" | "variable_assignment" | "heredoc_body" | "comment" => return Use::Other,
            // `for p in /proc/[0-9]*`: each element is read by the loop's body.
            "for_statement" => return Use::Argument,
            "test_command" => return Use::Probe,
            "file_redirect" => {
                let op = parent.child(0).and_then(|o| p.short(o, 4)).unwrap_or("");
                return if op.starts_with('>') || op == "&>" { Use::Write } else { Use::Read };
            }
            "command" => {
                if parent.field("name").map(|n| n.id()) == Some(cur.id()) {
                    return Use::Other;
                }
                let name = command_name(p, parent);
                return if MESSAGE_PROGRAMS.contains(&name) {
                    Use::Other
                } else if name == "find" && in_find_expression(p, parent, cur) {
                    // `find . -path ./.kiro -prune`: a pattern of the expression, which
                    // filters what the walk meets; only the starting points are probed.
                    Use::Other
                } else if name == "ls" && !answer_used(walk, parent) {
                    // `ls -la .claude/hooks/` as a statement: a listing shown to a
                    // reader, its answer used by nothing.
                    Use::Read
                } else if PROBE_PROGRAMS.contains(&name) {
                    Use::Probe
                } else if WRITE_PROGRAMS.contains(&name) {
                    Use::Write
                } else if READ_PROGRAMS.contains(&name) {
                    Use::Read
                } else {
                    Use::Argument
                };
            }
            _ => cur = parent,
        }
    }
    Use::Other
}

/// Whether `arg`, an argument of the `find` command `cmd`, stands in its expression
/// (after the first argument starting with `-`, `(` or `!`), not among its starting
/// points.
fn in_find_expression(p: &Parsed<'_>, cmd: Node<'_>, arg: Node<'_>) -> bool {
    let mut c = cmd.walk();
    let args: Vec<Node<'_>> = cmd.children_by_field_name("argument", &mut c).collect();
    args.iter()
        .take_while(|a| a.id() != arg.id())
        .any(|a| p.short(*a, 64).is_some_and(|t| t.starts_with(['-', '(', '!']) || t.starts_with("\\(")))
}

/// Issue 47: whether the expansion `n` of `var` is `${X:+$X/…}` or `${X+${X}/…}`: the
/// variable tested only to build a path from it (a plugin's root), no question about
/// which runtime runs.
fn alternative_is_its_path(p: &Parsed<'_>, n: Node<'_>, var: &str) -> bool {
    if n.kind() != "expansion" {
        return false;
    }
    let Some(t) = p.short(n, 256) else { return false };
    let Some(name) = n.named_child(0) else { return false };
    let rest = t.get(name.end_byte() - n.start_byte()..).unwrap_or("");
    let Some(word) = rest.strip_prefix(":+").or_else(|| rest.strip_prefix('+')) else { return false };
    let word = word.trim_start_matches('"');
    [format!("${var}/"), format!("${{{var}}}/")].iter().any(|w| word.starts_with(w.as_str()))
}

/// Issue 47, round 19: a hook payload's shape tested by a `jq` program (`jq -r 'if
/// (.session_id? and .turn_id?) then "codex" else "" end'`, `jq -e 'has("turn_id")'`):
/// a key the registry knows as one runtime's ([`crate::indicators::payload_tell`]),
/// tested (`has(…)`, `select(…)`, `if`, `and`/`or`, or `jq -e`'s exit status).
fn jq_sniffs(p: &Parsed<'_>, n: Node<'_>) -> Vec<crate::hit::Hit> {
    let args: Vec<Node<'_>> = n.children_by_field_name("argument", &mut n.walk()).take(16).collect();
    let exit_status = args
        .iter()
        .any(|a| p.short(*a, 16).is_some_and(|t| t.starts_with('-') && !t.starts_with("--") && t.contains('e')));
    let mut hits = Vec::new();
    for a in args.iter().filter(|a| matches!(a.kind(), "raw_string" | "string")) {
        let Some(prog) = p.short(*a, 4096) else { continue };
        let tests = exit_status || ["has(", "select(", "if ", " and ", " or "].iter().any(|t| prog.contains(t));
        if !tests {
            continue;
        }
        for (i, _) in prog.match_indices(['.', '"']) {
            let key: &str =
                prog[i + 1..].split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next().unwrap_or("");
            if let Some(runtime) = crate::indicators::payload_tell(key) {
                let (line, col) = p.lines.pos(a.start_byte() + i + 1);
                hits.push(crate::hit::Hit::payload_sniff(line, col, key, runtime, false));
            }
        }
    }
    hits
}

/// Issue 47, round 19: whether the expansion `n` is the value of a command's own
/// assignment (`CODEX_THREAD_ID="${CODEX_THREAD_ID:-}" python3 -c …`): passed on to the
/// child's environment, which reads it (or not) itself.
fn passed_to_a_child(walk: &Walk<'_>, n: Node<'_>) -> bool {
    std::iter::successors(walk.parent(n), |x| walk.parent(*x))
        .take(4)
        .find(|x| x.kind() == "variable_assignment")
        .and_then(|a| walk.parent(a))
        .is_some_and(|c| c.kind() == "command" && c.field("name").is_some())
}

/// Whether the expansion `n` of `var` decides nothing: its path's alternative, a
/// default set, a value passed to a child, or a whole command.
fn decides_nothing(p: &Parsed<'_>, walk: &Walk<'_>, n: Node<'_>, var: &str) -> bool {
    alternative_is_its_path(p, n, var)
        || sets_a_default(p, walk, n)
        || passed_to_a_child(walk, n)
        || a_command_alone(walk, n)
}

/// Whether the expansion `n` is a whole command, with no argument (`${CLAUDE_CODE_REMOTE}
/// # "true" if running in web environment`, a list of the variables a hook is given):
/// its value would be run, nothing decided on it.
fn a_command_alone(walk: &Walk<'_>, n: Node<'_>) -> bool {
    let name = walk.parent(n).filter(|c| c.kind() == "command_name" && c.named_child_count() == 1);
    let command = name.and_then(|c| walk.parent(c)).filter(|c| c.kind() == "command");
    command.is_some_and(|c| c.named_child_count() == 1)
}

/// Whether the expansion `n` is `: "${X:=default}"`: the variable given a default (a
/// write), its value read by nothing.
fn sets_a_default(p: &Parsed<'_>, walk: &Walk<'_>, n: Node<'_>) -> bool {
    let (Some(t), Some(var)) = (p.short(n, 256), n.named_child(0)) else { return false };
    let rest = t.get(var.end_byte() - n.start_byte()..).unwrap_or("");
    (rest.starts_with(":=") || rest.starts_with('='))
        && std::iter::successors(walk.parent(n), |x| walk.parent(*x))
            .take(3)
            .find(|x| x.kind() == "command")
            .is_some_and(|c| matches!(command_name(p, c), ":" | "true"))
}

/// Whether the expansion `n` (of a variable) tests its presence: `${X:+…}`, `${X+…}`,
/// `${X:?}` (not followed by a path's `/`), or an operand of `[ -n … ]`, `[ -z … ]`, `[ … = … ]`, `[[ $X ]]`.
fn presence_test(p: &Parsed<'_>, walk: &Walk<'_>, n: Node<'_>) -> bool {
    if n.kind() == "expansion" {
        let t = p.short(n, 256).unwrap_or("");
        if let Some(var) = n.named_child(0) {
            let rest = t.get(var.end_byte() - n.start_byte()..).unwrap_or("");
            // `${X:?unset}/scripts/lib.sh`: the value asserted and used as a path (a
            // plugin's root), as `${X}/scripts/lib.sh` is.
            let a_path = p.src.as_bytes().get(n.end_byte()) == Some(&b'/');
            if rest.starts_with(":+") || rest.starts_with('+') || (rest.starts_with(":?") && !a_path) {
                return true;
            }
        }
    }
    let mut cur = n;
    for _ in 0..4 {
        let Some(parent) = walk.parent(cur) else { return false };
        match parent.kind() {
            "unary_expression" => {
                let op = parent.child(0).and_then(|o| p.short(o, 8)).unwrap_or("");
                return matches!(op, "-n" | "-z");
            }
            "binary_expression" => {
                let op = parent.field("operator").and_then(|o| p.short(o, 8)).unwrap_or("");
                return matches!(op, "=" | "==" | "!=" | "=~");
            }
            "test_command" => return true,
            "string" | "concatenation" => {}
            _ => return false,
        }
        cur = parent;
    }
    false
}

/// The variables of `for` loops over a constant list naming two or more runtimes'
/// directories (`for d in .claude .gemini .codex`), each with the first such directory.
///
/// Issue 47, round 15: or over an array of two or more runtimes' paths
/// (`locations=("$HOME/.claude" "$HOME/.config/claude")`, then `for l in
/// "${locations[@]}"`), each with the first such path's indicator.
fn runtime_dir_loops<'a>(p: &Parsed<'a>, nodes: &Walk<'_>) -> Vec<(&'a str, &'static str)> {
    let dir = |t: &str| {
        let t = unquote(t);
        crate::indicators::runtime_dir(t).or_else(|| match path_hit(t) {
            Some(PathHit::Indicator(d)) => Some(d),
            _ => None,
        })
    };
    let mut arrays: HashMap<&'a str, Vec<&'static str>> = HashMap::new();
    for n in nodes.of_kinds(&["variable_assignment"]) {
        let (Some(name), Some(value)) = (n.field("name"), n.field("value").filter(|v| v.kind() == "array")) else {
            continue;
        };
        let dirs: Vec<&'static str> =
            value.named_children(&mut value.walk()).take(64).filter_map(|v| p.short(v, 256)).filter_map(dir).collect();
        arrays.insert(p.text(name), dirs);
    }
    let mut out = Vec::new();
    for n in nodes.of_kinds(&["for_statement"]) {
        let Some(var) = n.field("variable") else { continue };
        let mut dirs: Vec<&'static str> = Vec::new();
        for v in n.children_by_field_name("value", &mut n.walk()) {
            let Some(t) = p.short(v, 256) else { continue };
            let array = unquote(t).strip_prefix("${").and_then(|a| a.strip_suffix("[@]}"));
            match array.and_then(|a| arrays.get(a)) {
                Some(held) => dirs.extend(held),
                None => dirs.extend(dir(t)),
            }
        }
        if dirs.len() >= 2 {
            out.push((p.text(var), dirs[0]));
        }
    }
    out
}

/// Each name assigned a constant word (`v=GEMINI_CLI`) → those words.
type Assigned<'a> = std::collections::BTreeMap<&'a str, std::collections::BTreeSet<&'a str>>;

/// The most words kept for one name (`${!v}` reads each).
const MAX_ASSIGNED: usize = 16;

/// Names assigned a constant word (`v=GEMINI_CLI`), or looping over constant words (`for
/// v in CLAUDE_SESSION_ID CODEX_THREAD_ID`), for indirect expansions (`${!v}`).
fn assigned<'a>(p: &Parsed<'a>, nodes: &Walk<'_>) -> Assigned<'a> {
    let mut out = Assigned::new();
    for n in nodes.of_kinds(&["for_statement"]) {
        let Some(var) = n.field("variable") else { continue };
        for v in n.children_by_field_name("value", &mut n.walk()) {
            if matches!(v.kind(), "word" | "raw_string" | "string") && v.named_child_count() <= 1 {
                let words = out.entry(p.text(var)).or_default();
                if words.len() < MAX_ASSIGNED {
                    words.insert(unquote(p.short(v, 256).unwrap_or("")));
                }
            }
        }
    }
    for n in nodes.of_kinds(&["variable_assignment"]) {
        let (Some(name), Some(value)) = (n.field("name"), n.field("value")) else {
            continue;
        };
        if matches!(value.kind(), "word" | "raw_string" | "string") && value.named_child_count() <= 1 {
            let words = out.entry(p.text(name)).or_default();
            if words.len() < MAX_ASSIGNED {
                words.insert(unquote(p.short(value, 256).unwrap_or("")));
            }
        }
    }
    out
}

/// Fields of `ps -o` naming a process (its program): a walk reading one asks who the
/// ancestors are.
const IDENTITY_FIELDS: &[&str] = &["comm", "args", "command", "cmd", "ucomm", "ucmd", "exe", "cmdline", "fname"];

/// Whether the `ps` command `n`, a step of a walk up the process table, stands in a loop
/// that reads only its ancestors' terminal (`ps -o tty=`), never a program's name nor a
/// runtime's: the walk looks for the session's terminal, no runtime.
fn climbs_for_the_terminal(p: &Parsed<'_>, nodes: &Walk<'_>, n: Node<'_>) -> bool {
    let Some(lp) = std::iter::successors(nodes.parent(n), |x| nodes.parent(*x))
        .take(8)
        .find(|x| matches!(x.kind(), "while_statement" | "for_statement" | "c_style_for_statement"))
    else {
        return false;
    };
    let Some(text) = p.short(lp, 8 << 10) else { return false };
    let words: Vec<&str> = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).collect();
    words.contains(&"tty")
        && !words.iter().any(|w| IDENTITY_FIELDS.contains(w) || crate::indicators::is_runtime_name(w))
}

/// Names the script assigns a path once (`CURSOR_DIR="$HOME/.cursor"`), with that path's
/// text: a probe of `$CURSOR_DIR` probes it (constant folding of paths). A name assigned
/// twice or more, or from itself, holds no one path.
fn path_vars<'a>(p: &Parsed<'a>, nodes: &Walk<'_>) -> HashMap<&'a str, &'a str> {
    let mut seen: HashMap<&'a str, Option<&'a str>> = HashMap::new();
    for n in nodes.of_kinds(&["variable_assignment"]) {
        let Some(name) = n.field("name").filter(|x| x.kind() == "variable_name") else { continue };
        let var = p.text(name);
        let value = n.field("value").and_then(|v| p.short(v, 256)).map(unquote);
        let path = value.filter(|v| (v.contains('/') || v.starts_with('.')) && !crate::scan::expands_name(v, var));
        seen.entry(var).and_modify(|e| *e = None).or_insert(path);
    }
    seen.into_iter().filter_map(|(k, v)| Some((k, v?))).collect()
}

/// `t` with each expansion of a name in `paths` written as the path it holds, twice
/// over (a path built on another: `HOOKS="$BASE/hooks"`). One pass over `t` each time,
/// the names looked up (never a pass per name: a script may assign thousands).
fn held_paths<'t>(t: &'t str, paths: &HashMap<&str, &str>) -> std::borrow::Cow<'t, str> {
    let mut out = std::borrow::Cow::Borrowed(t);
    for _ in 0..2 {
        if paths.is_empty() || !out.contains('$') {
            break;
        }
        let mut fixed = String::with_capacity(out.len());
        let mut rest: &str = &out;
        let mut changed = false;
        while let Some(i) = rest.find('$') {
            fixed.push_str(&rest[..i]);
            let after = &rest[i + 1..];
            let braced = after.starts_with('{');
            let name_at = usize::from(braced);
            let len = after[name_at..].bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
            let name = &after[name_at..name_at + len];
            let close = braced && after[name_at + len..].starts_with('}');
            match paths.get(name) {
                Some(value) if len > 0 && (!braced || close) => {
                    fixed.push_str(value);
                    rest = &after[name_at + len + usize::from(close)..];
                    changed = true;
                }
                _ => {
                    fixed.push('$');
                    rest = after;
                }
            }
        }
        fixed.push_str(rest);
        if !changed {
            break;
        }
        out = std::borrow::Cow::Owned(fixed);
    }
    out
}

/// The names the script sets itself, each with where it first does: an assignment
/// whose value does not expand the name (`AGENT="ai:review"`; not
/// `CLAUDE_PROJECT_DIR="${CLAUDE_PROJECT_DIR:-$PWD}"`, which reads it).
fn own_vars<'a>(p: &Parsed<'a>, nodes: &Walk<'_>) -> HashMap<&'a str, usize> {
    let mut out: HashMap<&'a str, usize> = HashMap::new();
    for n in nodes.of_kinds(&["variable_assignment"]) {
        let Some(name) = n.field("name").filter(|x| x.kind() == "variable_name") else { continue };
        let var = p.text(name);
        // The name whole: `AGENT="${AGENT_MAIL_AGENT:-}"` reads another variable.
        let reads_itself =
            n.field("value").is_none_or(|v| p.short(v, 4096).is_none_or(|t| crate::scan::expands_name(t, var)));
        if !reads_itself {
            out.entry(var).or_insert(n.start_byte());
        }
    }
    // Issue 47, round 26: the names `read`, `mapfile` and `readarray` set from their
    // input (`read -p "Continue? " CONTINUE`): the script's answer, not a runtime's.
    for c in nodes.of_kinds(&["command"]) {
        if !matches!(command_name(p, c), "read" | "mapfile" | "readarray") {
            continue;
        }
        let mut takes_value = false;
        for a in c.children_by_field_name("argument", &mut c.walk()).take(16) {
            let t = p.text(a);
            if std::mem::take(&mut takes_value) && !t.starts_with('-') {
                // An option's value (`-p "prompt"`, `-t 5`), but `-a NAME` sets NAME.
                continue;
            }
            if let Some(flags) = t.strip_prefix('-') {
                takes_value = flags.ends_with(['d', 'i', 'n', 'N', 'p', 't', 'u', 'C', 'c', 's', 'O']);
                continue;
            }
            if a.kind() == "word" && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                out.entry(t).or_insert(c.start_byte());
            }
        }
    }
    out
}

/// Names holding the process's own or its parent's id (`pid=$$`, `p=$PPID`), or climbing
/// the process table (`p=$(ps -o ppid= -p "$p")`, issue 47's walk): each with what it
/// stands for in a path or a `ps` command (`$$` or `$PPID`: a climbing name is a
/// parent's id), and whether it climbs.
fn ancestry_vars<'a>(p: &Parsed<'a>, nodes: &Walk<'_>) -> Vec<(&'a str, &'static str, bool)> {
    let mut out: Vec<(&'a str, &'static str, bool)> = Vec::new();
    for n in nodes.of_kinds(&["variable_assignment"]) {
        let (Some(name), Some(value)) = (n.field("name"), n.field("value")) else { continue };
        let (name, Some(v)) = (p.text(name), p.short(value, 512)) else { continue };
        let v = unquote(v);
        let own = |x: &str| crate::scan::expands_name(v, x);
        let entry = if matches!(v, "$$" | "${$}") {
            Some(("$$", false))
        } else if matches!(v, "$PPID" | "${PPID}") {
            Some(("$PPID", false))
        } else if v.contains("ppid") && process_words(v).any(|w| w == "ps") && own(name) {
            Some(("$PPID", true))
        } else {
            None
        };
        if let Some((stands, climbs)) = entry {
            if let Some(e) = out.iter_mut().find(|(x, ..)| *x == name) {
                e.1 = if climbs { "$PPID" } else { e.1 };
                e.2 |= climbs;
            } else if out.len() < MAX_ASSIGNED {
                out.push((name, stands, climbs));
            }
        }
    }
    out
}

/// The pipeline the command `n` is a step of (a redirected step too: `ps … 2>/dev/null |
/// grep claude`; and the grammar's reading of `a | b || c 2>/dev/null | d`, whose `c` is
/// in a list inside the redirected start of the outer pipeline), else `n`.
fn pipeline_of<'t>(nodes: &Walk<'t>, n: Node<'t>) -> Node<'t> {
    std::iter::successors(nodes.parent(n), |x| nodes.parent(*x))
        .take(3)
        .take_while(|x| matches!(x.kind(), "pipeline" | "redirected_statement" | "list"))
        .find(|x| x.kind() == "pipeline")
        .unwrap_or(n)
}

/// A shell function's names bound to its positional parameters (`local pattern=$2`) that
/// its callers give a runtime's name (`contains "$pid" "claude"`): each with the runtime's
/// name it stands for, so that `ps -p "$pid" -o comm= | grep -qi "$pattern"` in the
/// function reads as the search for the runtime it is.
fn param_runtimes<'a>(p: &Parsed<'a>, nodes: &Walk<'_>) -> Vec<(&'a str, &'static str, bool)> {
    let functions: Vec<(&str, Node<'_>)> = nodes
        .iter()
        .filter(|n| n.kind() == "function_definition")
        .filter_map(|f| Some((p.text(f.field("name")?), *f)))
        .take(MAX_ASSIGNED)
        .collect();
    if functions.is_empty() {
        return Vec::new();
    }
    // (function, position) → the runtime a call gives there.
    let mut given: Vec<(&str, usize, &'static str)> = Vec::new();
    for c in nodes.of_kinds(&["command"]) {
        let name = command_name(p, c);
        if !functions.iter().any(|(f, _)| *f == name) {
            continue;
        }
        for (i, a) in c.children_by_field_name("argument", &mut c.walk()).enumerate() {
            if let Some(r) = p.short(a, 64).and_then(|t| crate::indicators::literal_runtime(unquote(t)))
                && given.len() < MAX_ASSIGNED
            {
                given.push((name, i + 1, r));
            }
        }
    }
    let mut out = Vec::new();
    for (f, def) in &functions {
        let bound = crate::ts::descendants(*def).into_iter().filter(|n| n.kind() == "variable_assignment");
        for a in bound {
            let (Some(var), Some(value)) = (a.field("name"), a.field("value")) else { continue };
            let v = unquote(p.short(value, 16).unwrap_or(""));
            let Some(pos) = v.strip_prefix("${").and_then(|x| x.strip_suffix('}')).or_else(|| v.strip_prefix('$'))
            else {
                continue;
            };
            let Ok(pos) = pos.parse::<usize>() else { continue };
            if let Some((.., r)) = given.iter().find(|(g, at, _)| g == f && *at == pos)
                && out.len() < MAX_ASSIGNED
            {
                out.push((p.text(var), *r, false));
            }
        }
    }
    out
}

/// The words of a command text (split at blanks and the shell's separators).
fn process_words(t: &str) -> impl Iterator<Item = &str> {
    t.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '|' | ';' | '`' | '"' | '\''))
}

/// `t` with each ancestry name's expansions written as what it stands for (`/proc/$pid/stat`
/// after `pid=$$` is `/proc/$$/stat`).
fn stand_in<'t>(t: &'t str, vars: &[(&str, &'static str, bool)]) -> std::borrow::Cow<'t, str> {
    let mut out = std::borrow::Cow::Borrowed(t);
    for (name, stands, _) in vars {
        if crate::scan::expands_name(&out, name) {
            let replaced = out.replace(&format!("${{{name}}}"), stands);
            let mut fixed = String::with_capacity(replaced.len());
            let mut rest = replaced.as_str();
            let dollar_name = format!("${name}");
            while let Some(i) = rest.find(&dollar_name) {
                let after = &rest[i + dollar_name.len()..];
                fixed.push_str(&rest[..i]);
                if after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
                    fixed.push_str(&dollar_name);
                } else {
                    fixed.push_str(stands);
                }
                rest = after;
            }
            fixed.push_str(rest);
            out = std::borrow::Cow::Owned(fixed);
        }
    }
    out
}

/// `t` with each `${NAME:-default}` (or `:=`, `-`, `=`) written as its default: the
/// path a probe looks at when the variable is unset (`${CLAUDE_CONFIG_DIR:-$HOME/.claude}`
/// → `$HOME/.claude`).
fn with_defaults(t: &str) -> std::borrow::Cow<'_, str> {
    if !t.contains("${") {
        return std::borrow::Cow::Borrowed(t);
    }
    let mut out = String::with_capacity(t.len());
    let mut rest = t;
    while let Some(i) = rest.find("${") {
        out.push_str(&rest[..i]);
        let inner_start = i + 2;
        let Some(end) = rest[inner_start..].find('}').map(|e| inner_start + e) else {
            out.push_str(&rest[i..]);
            return std::borrow::Cow::Owned(out);
        };
        let inner = &rest[inner_start..end];
        let name_len = inner.bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
        let op = &inner[name_len..];
        match ["-", ":-", "=", ":="].iter().find_map(|o| op.strip_prefix(o)) {
            Some(default) if name_len > 0 && !default.contains("${") => out.push_str(default),
            _ => out.push_str(&rest[i..=end]),
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// The text of a literal word: a bare word, a single-quoted string, or a double-quoted
/// one without expansions (its `\$`, `\"`, `\\` and `` \` `` unescaped).
fn literal(p: &Parsed<'_>, n: Node<'_>) -> Option<String> {
    let t = p.short(n, 1 << 16)?;
    match n.kind() {
        "word" => Some(t.to_owned()),
        "raw_string" => Some(unquote(t).to_owned()),
        "string" if n.named_children(&mut n.walk()).all(|c| c.kind() == "string_content") => {
            let inner = unquote(t);
            let mut out = String::with_capacity(inner.len());
            let mut chars = inner.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '\\' && chars.peek().is_some_and(|d| matches!(d, '$' | '"' | '\\' | '`')) {
                    out.extend(chars.next());
                } else {
                    out.push(c);
                }
            }
            Some(out)
        }
        _ => None,
    }
}

/// The hits of `inner`, code that starts at `at` in the file (inside its quote).
fn embed(lint: &mut FileLint, p: &Parsed<'_>, at: Node<'_>, inner: FileLint) {
    let (line, col) = p.pos(at);
    let quote = usize::from(matches!(at.kind(), "raw_string" | "string"));
    for mut h in inner.hits {
        if h.line == 1 {
            h.column += col - 1 + quote;
        }
        h.line += line - 1;
        lint.hits.push(h);
    }
}

/// The language an interpreter's inline code is in, and the flag that passes it
/// (`python3 -c`, `node -e`, `bash -c`).
fn interpreter(name: &str) -> Option<(Kind, &'static [&'static str])> {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    match base {
        "python" => Some((Kind::Python, &["-c"])),
        "node" | "nodejs" | "bun" => Some((Kind::JavaScript, &["-e", "--eval", "-p", "--print"])),
        "sh" | "bash" | "dash" | "zsh" | "ksh" => Some((Kind::Shell, &["-c"])),
        _ => None,
    }
}

/// Lints `code` of `kind` (shell, Python or JavaScript) found `depth` levels down in a
/// shell file: no larger than the file, which `crate::code` let through to the parser.
/// Python's and JavaScript's code passes its own language's prefilter first and is then
/// linted as a file of that language is (a large one focused: [`crate::focus`]), so
/// a heredoc of code that names nothing a finding reads costs no parse.
fn lint_code(kind: Kind, code: &str, depth: usize) -> FileLint {
    match kind {
        Kind::Python | Kind::JavaScript if !crate::prefilter::might_hold_finding_in(kind, code.as_bytes()) => {
            FileLint::default()
        }
        Kind::Python => crate::focus::parse_focused(kind, code, crate::python::lint),
        Kind::JavaScript => crate::focus::parse_focused(kind, code, |text| crate::js::lint(text, kind)),
        _ => lint_nested(code, depth + 1),
    }
}

/// Reads hidden from the expansions: `[[ -v X ]]`, `declare -p X`, `${!v}`, `eval "…"`,
/// awk's `ENVIRON["X"]`, and code passed to an interpreter as a literal (`python3 -c '…'`,
/// `node -e '…'`, a `python3 - <<'EOF'` heredoc), linted as its language (N7 of the
/// third hostile pass).
fn indirect(
    p: &Parsed<'_>,
    nodes: &Walk<'_>,
    (n, kind): (Node<'_>, &str),
    depth: usize,
    assigned: &Assigned<'_>,
    lint: &mut FileLint,
) {
    match kind {
        "unary_expression" => {
            let op = n.child(0).and_then(|o| p.short(o, 8)).unwrap_or("");
            if op == "-v"
                && let Some(arg) = n.named_child(u32::try_from(n.named_child_count().saturating_sub(1)).unwrap_or(0))
            {
                lint.hits.extend(p.var_read(arg, unquote(p.short(arg, 256).unwrap_or("")), true));
            }
        }
        // `declare -p X`: prints X's value or fails, a presence test.
        "declaration_command" => {
            let words: Vec<Node<'_>> = n.children(&mut n.walk()).skip(1).collect();
            let text = |a: &Node<'_>| p.short(*a, 256).unwrap_or("");
            let keyword = n.child(0).map_or("", |k| text(&k));
            if matches!(keyword, "declare" | "typeset")
                && words.iter().any(|w| text(w).starts_with('-') && text(w).contains('p'))
            {
                for w in
                    words.iter().filter(|w| matches!(w.kind(), "variable_name" | "word") && !text(w).starts_with('-'))
                {
                    lint.hits.extend(p.var_read(*w, text(w), true));
                }
            }
        }
        "expansion" => {
            let t = p.short(n, 256).unwrap_or("");
            if let Some(rest) = t.strip_prefix("${!") {
                let v = rest.trim_end_matches('}');
                for value in assigned.get(v).into_iter().flatten() {
                    lint.hits.extend(p.var_read(n, value, false));
                }
            }
        }
        "command" => indirect_command(p, n, depth, lint),
        // `python3 - <<'EOF'`: the heredoc is the program.
        "heredoc_body" => {
            let Some(stmt) =
                nodes.parent(n).and_then(|r| nodes.parent(r)).filter(|s| s.kind() == "redirected_statement")
            else {
                return;
            };
            let Some(cmd) = stmt.field("body").filter(|c| c.kind() == "command") else { return };
            let Some((kind, _)) =
                interpreter(command_name(p, cmd)).filter(|(k, _)| *k != Kind::Shell && depth < MAX_NESTED)
            else {
                return;
            };
            // The program read from standard input: no argument, or `-` first (issue 47,
            // round 20: the rest are its own, `python3 - "$payload" <<'PY'`).
            let stdin = cmd.children_by_field_name("argument", &mut cmd.walk()).next().is_none_or(|a| p.text(a) == "-");
            if stdin && let Some(code) = p.short(n, 1 << 20) {
                let inner = lint_code(kind, code, depth);
                let (line, _) = p.pos(n);
                for mut h in inner.hits {
                    h.line += line - 1;
                    lint.hits.push(h);
                }
            }
        }
        _ => {}
    }
}

/// [`indirect`] of a command: `declare -p`, `test -v`, `eval`, awk, interpreters.
fn indirect_command(p: &Parsed<'_>, n: Node<'_>, depth: usize, lint: &mut FileLint) {
    let name = command_name(p, n);
    let args: Vec<Node<'_>> = n.children_by_field_name("argument", &mut n.walk()).collect();
    let text = |a: &Node<'_>| unquote(p.short(*a, 256).unwrap_or(""));
    match name {
        "declare" | "typeset" if args.iter().any(|a| text(a).starts_with('-') && text(a).contains('p')) => {
            for a in args.iter().filter(|a| !text(a).starts_with('-')) {
                lint.hits.extend(p.var_read(*a, text(a), true));
            }
        }
        "test" | "[" => {
            for w in args.windows(2).filter(|w| text(&w[0]) == "-v") {
                lint.hits.extend(p.var_read(w[1], text(&w[1]), true));
            }
        }
        "eval" if depth < MAX_NESTED => {
            let code: Option<Vec<String>> = args.iter().map(|a| literal(p, *a)).collect();
            if let (Some(code), Some(first)) = (code, args.first()) {
                embed(lint, p, *first, lint_nested(&code.join(" "), depth + 1));
            }
        }
        "awk" | "gawk" | "mawk" | "nawk" | "busybox" => {
            for a in &args {
                let Some(t) = p.short(*a, 1 << 16) else { continue };
                for (i, _) in t.match_indices("ENVIRON[\"") {
                    let rest = &t[i + 9..];
                    if let Some(end) = rest.find('"') {
                        lint.hits.extend(p.var_read(*a, &rest[..end], false));
                    }
                }
            }
        }
        _ => {
            let Some((kind, flags)) = interpreter(name).filter(|_| depth < MAX_NESTED) else { return };
            for w in args.windows(2).filter(|w| flags.contains(&text(&w[0]))) {
                if let Some(code) = literal(p, w[1]) {
                    embed(lint, p, w[1], lint_code(kind, &code, depth));
                }
            }
        }
    }
}

/// `env | grep X`, `compgen -e | grep '^CLAUDE_'`: a presence test of X, or a scan of the
/// environment's names for a runtime's prefix.
fn env_grep(p: &Parsed<'_>, nodes: &Walk<'_>, n: Node<'_>, lint: &mut FileLint) {
    // `env | grep X`: a presence test of X.
    let pipe = nodes.parent(n).filter(|x| x.kind() == "pipeline");
    let after_env = pipe.is_some_and(|pipe| {
        pipe.named_children(&mut pipe.walk())
            .take_while(|c| c.id() != n.id())
            .any(|c| c.kind() == "command" && ENV_PRINTERS.contains(&command_name(p, c)))
    });
    if after_env {
        let mut cursor = n.walk();
        for arg in n.children_by_field_name("argument", &mut cursor) {
            let text = unquote(p.short(arg, 256).unwrap_or(""));
            let mut named = false;
            for (_, var) in crate::indicators::var_names(text) {
                named = true;
                lint.hits.extend(p.var_read(arg, var, true));
            }
            // `env | grep '^CLAUDE_'`, `compgen -e | grep CODEX_`: a scan
            // of the environment's names for a runtime's prefix.
            let pattern = text.trim_start_matches('^').trim_end_matches(['=', '*', '.']);
            if !named && crate::indicators::scanned_name(pattern).is_some() {
                let (line, col) = p.pos(arg);
                lint.hits.push(crate::hit::Hit::env_scan(line, col, pattern, false));
            }
        }
    }
}

/// The most nodes a file's search for its probes' own uses visits, all probes together.
const OWN_USE_BUDGET: usize = 1 << 20;

/// The probes that decide, as findings: not a search up the tree for a project's root,
/// a validation of the script's input, or a health check that only reports.
fn keep_probes(p: &Parsed<'_>, nodes: &Walk<'_>, probes: Vec<(Node<'_>, PathHit)>, lint: &mut FileLint) {
    let budget = std::cell::Cell::new(OWN_USE_BUDGET);
    let assigned = if probes.is_empty() { HashMap::new() } else { crate::guard::shell_assignments(p, nodes) };
    for (n, hit) in probes {
        // A probe whose branch keeps a runtime's name or flag as its answer decides,
        // whatever the script does with the folder next (round 24).
        let indicator = matches!(hit, PathHit::Indicator(_));
        let answers = indicator && crate::guard::shell_answers_its_detector(p, nodes, n);
        if indicator
            && !answers
            && !crate::guard::shell_records_a_runtime(p, nodes, n)
            && (crate::guard::climbs_to_a_root(p.src, nodes, n)
                || crate::guard::shell_validates_its_input(p, nodes, n, &assigned)
                || crate::guard::shell_only_reports(p, nodes, n)
                || crate::guard::shell_checks_its_project(p, nodes, n)
                || crate::guard::shell_guards_its_own_use(p, nodes, n, &budget))
        {
            continue;
        }
        let (line, col) = p.pos(n);
        let found = crate::hit::Hit::path(line, col, hit, false);
        let flagged = answers || (indicator && crate::guard::shell_sets_a_runtime_flag(p, nodes, n));
        lint.hits.push(if flagged { found.deciding() } else { found });
    }
}

pub(crate) fn lint_parsed(p: &Parsed<'_>, depth: usize) -> FileLint {
    let nodes = p.nodes();
    let mut lint = p.file_lint(&nodes, "shell");
    let assigned = assigned(p, &nodes);
    let mut probes = Vec::new();
    let loops = runtime_dir_loops(p, &nodes);
    let mut ancestry = ancestry_vars(p, &nodes);
    ancestry.extend(param_runtimes(p, &nodes));
    let own = own_vars(p, &nodes);
    let paths = path_vars(p, &nodes);
    for (n, kind) in nodes.with_kinds() {
        indirect(p, &nodes, (n, kind), depth, &assigned, &mut lint);
        match kind {
            "simple_expansion" | "expansion" => {
                let Some(var) = n.named_child(0).filter(|c| c.kind() == "variable_name").map(|c| p.text(c)) else {
                    continue;
                };
                // The script's own variable, set above from no value of its own
                // (`AGENT="ai:review"`, `CODEX_EVENT="${1:-}"`): no read of the
                // environment.
                if own.get(var).is_some_and(|at| *at < n.start_byte()) || decides_nothing(p, &nodes, n, var) {
                    continue;
                }
                let presence = presence_test(p, &nodes, n);
                match presence.then(|| crate::guard::guarded(p, &nodes, n, var)) {
                    Some(Guarded::ItsPath) => {}
                    Some(Guarded::RuntimeName) => {
                        let (line, col) = p.pos(n);
                        lint.hits.push(crate::hit::Hit::var_read(line, col, var, false, true));
                    }
                    _ => lint.hits.extend(p.var_read(n, var, presence)),
                }
            }
            "command" => {
                let name = command_name(p, n);
                if PROCESS_PROGRAMS.contains(&name) && !crate::ts::walks_down(p.src, &nodes, n) {
                    // The whole pipeline: `ps aux | grep claude`.
                    let whole = pipeline_of(&nodes, n);
                    let text = p.short(whole, 4096).map(|t| stand_in(t, &ancestry));
                    // A step of a walk up the table: `p=$(ps -o ppid= -p "$p")`.
                    let climb = || {
                        std::iter::successors(nodes.parent(n), |x| nodes.parent(*x))
                            .take(6)
                            .find(|x| x.kind() == "variable_assignment")
                            .and_then(|x| x.field("name"))
                            .is_some_and(|v| ancestry.iter().any(|(a, _, c)| *c && *a == p.text(v)))
                    };
                    if let Some(prog) = text.as_deref().and_then(process_command).filter(|prog| {
                        // AppleScript asked for a process by a name a loop gives: one of
                        // the loop's names is a runtime's (`for c in Cursor Windsurf`).
                        !prog.starts_with("osascript") || names_a_runtime_looped(p, &nodes, n)
                    }) {
                        lint.hits.push(p.process_hit(n.field("name").unwrap_or(n), prog));
                    } else if name == "ps" && climb() && !climbs_for_the_terminal(p, &nodes, n) {
                        lint.hits.push(p.process_hit(n.field("name").unwrap_or(n), "ps -o ppid="));
                    } else if name == "ps" && kept_then_compared(p, &nodes, n) {
                        lint.hits.push(p.process_hit(n.field("name").unwrap_or(n), "ps"));
                    }
                } else if name == "jq" {
                    lint.hits.extend(jq_sniffs(p, n));
                } else if name == "printenv" {
                    let mut cursor = n.walk();
                    for arg in n.children_by_field_name("argument", &mut cursor) {
                        lint.hits.extend(p.var_read(arg, unquote(p.text(arg)), true));
                    }
                } else if matches!(name, "grep" | "egrep" | "rg") {
                    env_grep(p, &nodes, n, &mut lint);
                }
            }
            kind if WORDS.contains(&kind) => {
                // A word inside an expansion's default (`${X:-$HOME/.claude}/hooks`) is a
                // piece of the word around it, read whole below.
                let outermost = std::iter::successors(nodes.parent_kind(n), |(x, _)| nodes.parent_kind(*x))
                    .take(4)
                    .all(|(_, kind)| !WORDS.contains(&kind) && kind != "expansion");
                if !outermost {
                    continue;
                }
                let Some(text) = p.short(n, 1024) else { continue };
                // `for d in .claude .gemini; do [ -d "$HOME/$d" ]`: a probe of each.
                let looped = || {
                    loops
                        .iter()
                        .find(|(var, _)| text.contains(&format!("${var}")) || text.contains(&format!("${{{var}}}")))
                };
                let spelled = with_defaults(&held_paths(&stand_in(unquote(text), &ancestry), &paths)).into_owned();
                let Some(hit) = path_hit(&spelled).or_else(|| looped().map(|(_, d)| PathHit::Indicator(d))) else {
                    lint.hits.extend(detecting_probe(p, &nodes, n, &spelled));
                    continue;
                };
                let usage = use_of(p, &nodes, n);
                match (hit, usage) {
                    (PathHit::Indicator(ind), Use::Write) => lint.written.push(ind),
                    // Round 25: the script's own file in a runtime's plugins folder.
                    (PathHit::Indicator(_), Use::Probe) if crate::indicators::a_tool_s_own_file(&spelled) => {}
                    (PathHit::Indicator(_), Use::Probe) | (PathHit::Proc, Use::Probe | Use::Read | Use::Argument) => {
                        probes.push((n, hit));
                    }
                    (PathHit::Indicator(_), Use::Read) if in_shell_condition(&nodes, n) => probes.push((n, hit)),
                    _ => {}
                }
            }
            _ => {}
        }
    }
    keep_probes(p, &nodes, probes, &mut lint);
    crate::scan::add_regions(&mut lint, p.src, &Parsed::error_ranges(&nodes), Kind::Shell);
    lint
}

/// A probe at `n` of the path `spelled` (no registry path) in a function named for
/// detecting an installation: a hidden folder under home hal does not know (a runtime
/// it does not know), or a file named for its runtime inside a runtime's folder.
fn detecting_probe(p: &Parsed<'_>, nodes: &Walk<'_>, n: Node<'_>, spelled: &str) -> Option<crate::hit::Hit> {
    if !matches!(use_of(p, nodes, n), Use::Probe) {
        return None;
    }
    let (line, col) = p.pos(n);
    let Some(f) = detecting_function(p, nodes, n) else {
        // Round 24: a folder under home whose branch adds a program to a list of those
        // detected (`DETECTED_TOOLS+=("Perplexity")`).
        let home = crate::indicators::under_home(spelled);
        return (home && crate::guard::shell_records_detected(p, nodes, n))
            .then(|| crate::hit::Hit::recorded_probe(line, col, spelled, false));
    };
    if let Some(dir) = crate::indicators::unknown_home_dir(spelled) {
        return Some(crate::hit::Hit::unknown_dir(line, col, &dir, f, false));
    }
    let dir =
        crate::indicators::runtime_dir_within(spelled).filter(|_| crate::indicators::names_its_runtime(spelled))?;
    Some(crate::hit::Hit::path(line, col, PathHit::Indicator(dir), false))
}

/// The name of the shell function holding `n` when it says the function detects an
/// installation (`detect_mux`, `is_kode_installed`).
fn detecting_function<'a>(p: &Parsed<'a>, nodes: &Walk<'_>, n: Node<'_>) -> Option<&'a str> {
    let f = std::iter::successors(nodes.parent(n), |x| nodes.parent(*x))
        .take(256)
        .find(|x| x.kind() == "function_definition")?;
    let name = p.text(f.field("name")?);
    crate::indicators::is_detector(name).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(src: &str) -> Vec<(&'static str, usize, usize)> {
        let mut p = lint(src).positions();
        p.sort_by_key(|(_, l, c)| (*l, *c));
        p
    }

    #[test]
    fn expansions_probes_and_process_reads() {
        let src = "#!/bin/sh\n# $CLAUDECODE in a comment\nid=${CODEX_THREAD_ID:-}\n[ -f \"$HOME/.claude/settings.json\" ] && echo y\nps -o comm= -p \"$PPID\"\ncat /proc/$PPID/comm\necho '$GEMINI_CLI' \"see .cursor/hooks.json\"\nprintenv GT_RUNTIME\n";
        assert_eq!(
            rules(src),
            [
                ("indicator-var", 3, 4),
                ("indicator-file", 4, 6),
                ("process-table", 5, 1),
                ("process-table", 6, 5),
                ("indicator-var", 8, 10)
            ]
        );
    }

    #[test]
    fn home_and_path_are_not_indicators() {
        assert_eq!(rules("echo \"$HOME\" \"$PATH\"\n"), []);
    }

    #[test]
    fn a_path_guarded_by_its_presence_is_no_detection() {
        let src = "if [ -n \"$CODEX_HOME\" ]; then\n  DIRS+=( \"codex:$CODEX_HOME\" )\nfi\nif [ -z \"$P\" ] && [ -n \"$CLAUDE_CONFIG_DIR\" ]; then c=\"$(x \"$CLAUDE_CONFIG_DIR\")\"; fi\n";
        let mut v = rules(src);
        v.retain(|(r, ..)| *r != "runtime-path-var");
        assert_eq!(v, []);
    }

    #[test]
    fn a_runtime_named_by_a_variables_presence_is_a_detection() {
        let src = "if [ -n \"$CODEX_HOME\" ]; then RUNTIME=\"codex\"\nelif [ -n \"$GEMINI_CONFIG_DIR\" ]; then RUNTIME=\"gemini\"\nelif [ -n \"$MY_DIR\" ]; then RUNTIME=\"claude\"\nelse RUNTIME=\"claude\"; fi\nif [ \"$RUNTIME\" = x ]; then T=codex; fi\n";
        assert_eq!(rules(src), [("indicator-var", 1, 10), ("indicator-var", 2, 12)]);
    }

    #[test]
    fn a_probe_over_a_constant_list_of_runtime_directories() {
        let src = "for d in .claude .gemini .codex; do\n  if [ -d \"$HOME/$d/x\" ]; then echo \"$d\"; fi\ndone\nfor e in .claude dist; do [ -d \"$HOME/$e/x\" ]; done\n";
        assert_eq!(rules(src), [("indicator-file", 2, 11)]);
    }
}
