//! Markdown skills (`SKILL.md`, commands, agents, workflows, references): the code an
//! agent runs from them, never their prose. Fenced code blocks (```` ``` ```` and
//! `~~~`) tagged `bash`, `sh`, `zsh`, `shell`, `console` (the `$ ` lines), `js`, `ts`,
//! `python` and their kin, untagged blocks that parse as shell, and Claude Code's inline
//! execution `` !`cmd` `` are linted as their language.
//!
//! Positions stay the Markdown file's: each language's code is laid into a copy of the
//! file in which every other character is a blank (line breaks kept), so a hit's line
//! and column are where the code stands in the file. A `<!-- hal-lint: allow(...)
//! reason -->` comment on the line above a block silences the whole block (the block is
//! an extent for [`crate::suppress`]); a comment of the block's language inside it works
//! as in a file of that language. The scan is linear in the file's size: one pass
//! finds the blocks, and each language's copy is parsed once.

use crate::hit::{FileLint, Kind};
use crate::prefilter::might_hold_finding_in;

/// How a block's info string maps to a language (`console`: shell after `$ ` prompts).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lang {
    Shell,
    Console,
    Code(Kind),
}

/// What a block's info string says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tag {
    /// A language the lint reads.
    Reads(Lang),
    /// No language: linted as shell when it parses as shell.
    Untagged,
    /// Another language.
    Other,
}

/// What the first word of an info string names.
fn lang_of(info: &str) -> Tag {
    let word = info.split(|c: char| c.is_whitespace() || c == ',' || c == '{' || c == '}').find(|w| !w.is_empty());
    let Some(word) = word else { return Tag::Untagged };
    let word = word.trim_start_matches('.').to_ascii_lowercase();
    let lang = match word.as_str() {
        "bash" | "sh" | "zsh" | "shell" | "ksh" | "dash" | "ash" => Lang::Shell,
        "console" | "shell-session" | "shellsession" | "terminal" | "bash-session" | "sh-session" | "zsh-session"
        | "session" => Lang::Console,
        "js" | "javascript" | "mjs" | "cjs" | "jsx" | "node" => Lang::Code(Kind::JavaScript),
        "ts" | "typescript" | "mts" | "cts" => Lang::Code(Kind::TypeScript),
        "tsx" => Lang::Code(Kind::Tsx),
        "python" | "py" | "python3" => Lang::Code(Kind::Python),
        _ => return Tag::Other,
    };
    Tag::Reads(lang)
}

/// One piece of code in the file: its byte range and its language.
#[derive(Debug)]
struct Piece {
    kind: Kind,
    /// Byte ranges of the file copied into the language's text.
    ranges: Vec<std::ops::Range<usize>>,
    /// Python blocks indented as a whole (inside a list item) get `if 1:` written on
    /// their opening fence line, at this byte, so that they parse.
    python_guard: Option<usize>,
}

/// A fenced block found by [`blocks`].
#[derive(Debug)]
struct Block {
    /// 1-based lines of the opening and closing fence (the last line when unterminated).
    open: usize,
    close: usize,
    /// Byte offset of the opening fence line's start.
    open_at: usize,
    /// What [`lang_of`] said of its info string.
    lang: Tag,
    /// Byte ranges of the content lines (without their line breaks).
    lines: Vec<std::ops::Range<usize>>,
}

/// An opening fence: its character, its length and its info string.
fn fence(line: &str) -> Option<(u8, usize, &str)> {
    let t = line.trim_start();
    let c = *t.as_bytes().first()?;
    if c != b'`' && c != b'~' {
        return None;
    }
    let n = t.bytes().take_while(|&b| b == c).count();
    if n < 3 {
        return None;
    }
    let info = t[n..].trim();
    // A backtick fence's info string holds no backtick (it would be a code span).
    (c == b'~' || !info.contains('`')).then_some((c, n, info))
}

/// The length of a line's blockquote markers: each `>` (after at most three spaces)
/// with the blank after it, nested quotes too (`> > `); 0 outside a quote.
fn quote_prefix(text: &str) -> usize {
    let b = text.as_bytes();
    let mut end = 0;
    loop {
        let lead = b[end..].iter().take(3).take_while(|&&x| x == b' ').count();
        if b.get(end + lead) != Some(&b'>') {
            return end;
        }
        end += lead + 1;
        if matches!(b.get(end), Some(b' ' | b'\t')) {
            end += 1;
        }
    }
}

/// Whether a line opens a list item (`- `, `* `, `+ `, `1. `, `1) `).
fn is_list_item(text: &str) -> bool {
    let t = text.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &t[digits..];
    (digits == 0 && ["- ", "* ", "+ "].iter().any(|m| rest.starts_with(m)))
        || (digits > 0 && (rest.starts_with(". ") || rest.starts_with(") ")))
}

/// Whether a line is indented as an indented code block's (four blanks or a tab).
fn indented(text: &str) -> bool {
    text.starts_with('\t') || text.starts_with("    ")
}

/// Where the command of a session line starts, after its prompt: `$ `, `% `, or a
/// prompt word ending in `$` or `%` (`me@box:~/w$ `, `(venv) $ ` is `$ ` after a word);
/// none for output lines.
fn after_prompt(text: &str) -> Option<usize> {
    let lead = text.len() - text.trim_start().len();
    let t = &text[lead..];
    let word = t.find(' ')?;
    let prompt = &t[..word];
    let shaped = prompt == "$"
        || prompt == "%"
        || (prompt.len() > 1
            && (prompt.ends_with('$') || prompt.ends_with('%'))
            && prompt.contains(['@', ':', '~', '/'])
            && !prompt.contains(['"', '\'', '=', '(', '{']));
    shaped.then_some(lead + word + 1)
}

/// A block being read by [`blocks`].
enum Open {
    /// A fence: its character and length, whether it stands in a blockquote.
    Fenced(u8, usize, bool, Block),
    /// An indented code block.
    Indented(Block),
}

/// Every code block of `src` in a language the lint reads (or untagged), in order:
/// fenced ones, in a blockquote too (R13), and indented ones that follow a blank line
/// after a paragraph that is no list item (untagged); `outside` gets each line outside
/// every block, with its byte offset.
fn blocks(src: &str, mut outside: impl FnMut(usize, &str)) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Open> = None;
    let mut at = 0;
    // The last non-blank line outside a block: may an indented block follow it (it is
    // no list item, nor indented), and was the line just before blank.
    let (mut after_paragraph, mut blank_before) = (true, true);
    for (i, raw) in src.split_inclusive('\n').enumerate() {
        let line_no = i + 1;
        let text = raw.trim_end_matches(['\n', '\r']);
        let range = at..at + text.len();
        at += raw.len();
        match open.take() {
            Some(Open::Fenced(c, n, quoted, mut b)) => {
                let quote = if quoted { quote_prefix(text) } else { 0 };
                // A quoted fence ends where its quote does.
                if !quoted || quote > 0 {
                    let content = text[quote..].trim();
                    b.close = line_no;
                    if content.len() >= n && content.bytes().all(|x| x == c) {
                        out.push(b);
                        (after_paragraph, blank_before) = (true, false);
                    } else {
                        b.lines.push(range.start + quote..range.end);
                        open = Some(Open::Fenced(c, n, quoted, b));
                    }
                    continue;
                }
                out.push(b);
            }
            Some(Open::Indented(mut b)) => {
                if text.trim().is_empty() || indented(text) {
                    b.close = line_no;
                    b.lines.push(range);
                    open = Some(Open::Indented(b));
                    continue;
                }
                out.push(b);
                (after_paragraph, blank_before) = (true, false);
            }
            None => {}
        }
        let q = quote_prefix(text);
        if let Some((c, n, info)) = fence(&text[q..]) {
            let b =
                Block { open: line_no, close: line_no, open_at: range.start, lang: lang_of(info), lines: Vec::new() };
            open = Some(Open::Fenced(c, n, q > 0, b));
        } else if blank_before && after_paragraph && indented(text) && !text.trim().is_empty() {
            let b =
                Block { open: line_no, close: line_no, open_at: range.start, lang: Tag::Untagged, lines: vec![range] };
            open = Some(Open::Indented(b));
        } else {
            outside(range.start, text);
            blank_before = text.trim().is_empty();
            if !blank_before {
                after_paragraph = !indented(text) && !is_list_item(text) && q == 0;
            }
        }
    }
    // An unterminated fence runs to the end of the file.
    match open {
        Some(Open::Fenced(_, _, _, b) | Open::Indented(b)) => out.push(b),
        None => {}
    }
    out.retain(|b| b.lang != Tag::Other);
    out
}

/// The inline commands `` !`cmd` `` of one prose line starting at byte `at`: the byte
/// ranges of their commands. The `!` stands at the line's start or after a blank or an
/// opening bracket, outside any code span (`` `select!` `` is none).
fn inline_commands(at: usize, text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    // Every backtick run of the line, (start, length), in one pass; and for each length
    // the indices of its runs, in order. A run's closer is the next run of its length:
    // the queue of that length, its entries before the current run dropped, answers in
    // amortised constant time, so the line costs O(n) (R15: a search of the rest of
    // the line per run was O(n^1.5)).
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while let Some(off) = bytes[i..].iter().position(|&x| x == b'`') {
        let start = i + off;
        let len = bytes[start..].iter().take_while(|&&x| x == b'`').count();
        runs.push((start, len));
        i = start + len;
    }
    let mut of_len: std::collections::HashMap<usize, std::collections::VecDeque<usize>> =
        std::collections::HashMap::new();
    for (k, &(_, len)) in runs.iter().enumerate() {
        of_len.entry(len).or_default().push_back(k);
    }
    let mut out = Vec::new();
    let mut k = 0;
    while let Some(&(i, run)) = runs.get(k) {
        let queue = of_len.get_mut(&run).expect("every run's length is queued");
        while queue.front().is_some_and(|&m| m <= k) {
            queue.pop_front();
        }
        // A run no run of its length closes is literal text.
        let Some(&m) = queue.front() else {
            k += 1;
            continue;
        };
        let close = runs[m].0;
        let command = i > 0
            && bytes[i - 1] == b'!'
            && (i == 1 || matches!(bytes[i - 2], b' ' | b'\t' | b'(' | b'[' | b'>' | b'*' | b'-' | b':'));
        if command && close > i + run {
            out.push(at + i + run..at + close);
        }
        k = m + 1;
    }
    out
}

/// Whether an untagged block's text parses as shell without an error.
fn parses_as_shell(text: &str) -> bool {
    if text.trim().is_empty() {
        return false;
    }
    let mut parser = tree_sitter::Parser::new();
    let language: tree_sitter::Language = tree_sitter_bash::LANGUAGE.into();
    parser.set_language(&language).is_ok() && parser.parse(text, None).is_some_and(|t| !t.root_node().has_error())
}

/// The pieces of code of `src`, grouped by language.
fn pieces(src: &str) -> (Vec<Piece>, Vec<(usize, usize)>) {
    let mut inline = Vec::new();
    let found = blocks(src, |at, text| {
        if text.contains("!`") {
            inline.extend(inline_commands(at, text));
        }
    });
    inline.retain(|r| might_hold_finding_in(Kind::Shell, &src.as_bytes()[r.clone()]));
    let mut shell = Piece { kind: Kind::Shell, ranges: inline, python_guard: None };
    let mut others: Vec<Piece> = Vec::new();
    let mut extents = Vec::new();
    for b in found {
        // A block holding none of its language's prefilter literals holds no finding:
        // never parsed (an untagged block's language is shell).
        let (Some(first), Some(last)) = (b.lines.first(), b.lines.last()) else { continue };
        let kind = match b.lang {
            Tag::Reads(Lang::Code(k)) => k,
            _ => Kind::Shell,
        };
        if !might_hold_finding_in(kind, &src.as_bytes()[first.start..last.end]) {
            continue;
        }
        let lang = match b.lang {
            Tag::Reads(l) => l,
            Tag::Untagged | Tag::Other => {
                let text: String = b.lines.iter().map(|r| &src[r.clone()]).collect::<Vec<_>>().join("\n");
                if !parses_as_shell(&text) {
                    continue;
                }
                Lang::Shell
            }
        };
        extents.push((b.open, b.close));
        match lang {
            Lang::Shell => shell.ranges.extend(b.lines),
            Lang::Console => {
                // Prompted lines (the prompt left out) and the lines a trailing `\`
                // continues; output lines are not code.
                let mut continued = false;
                for r in b.lines {
                    let text = &src[r.clone()];
                    if continued {
                        shell.ranges.push(r.clone());
                    } else if let Some(cmd) = after_prompt(text) {
                        shell.ranges.push(r.start + cmd..r.end);
                    } else {
                        continue;
                    }
                    continued = text.ends_with('\\');
                }
            }
            Lang::Code(kind) => {
                let piece = match others.iter_mut().position(|p| p.kind == kind) {
                    Some(i) => &mut others[i],
                    None => {
                        others.push(Piece { kind, ranges: Vec::new(), python_guard: None });
                        let last = others.len() - 1;
                        &mut others[last]
                    }
                };
                if kind == Kind::Python {
                    let indent = b
                        .lines
                        .iter()
                        .map(|r| &src[r.clone()])
                        .filter(|t| !t.trim().is_empty())
                        .map(|t| t.len() - t.trim_start().len())
                        .min()
                        .unwrap_or(0);
                    // One guard per Python text: the first indented block's fence line.
                    if indent > 0 && piece.python_guard.is_none() && b.open_at + 5 <= src.len() {
                        piece.python_guard = Some(b.open_at);
                    }
                }
                piece.ranges.extend(b.lines);
            }
        }
    }
    let mut all = Vec::with_capacity(others.len() + 1);
    if !shell.ranges.is_empty() {
        all.push(shell);
    }
    all.extend(others);
    (all, extents)
}

/// The text of `piece`: `src` with every character outside its ranges a blank and line
/// breaks kept, so lines and character columns are the file's.
fn laid_out(src: &str, piece: &Piece) -> String {
    let mut ranges = piece.ranges.clone();
    ranges.sort_by_key(|r| r.start);
    let mut out = String::with_capacity(src.len());
    let mut at = 0;
    let blank = |s: &str, out: &mut String| {
        for c in s.chars() {
            out.push(if c == '\n' { '\n' } else { ' ' });
        }
    };
    for r in ranges {
        if r.start < at {
            continue;
        }
        blank(&src[at..r.start], &mut out);
        out.push_str(&src[r.clone()]);
        at = r.end;
    }
    blank(&src[at..], &mut out);
    if let Some(g) = piece.python_guard {
        // Byte `g` starts the fence line; the laid-out text has one byte per character
        // there, so count characters to the same place.
        let chars = src[..g].chars().count();
        let byte = out.char_indices().nth(chars).map_or(out.len(), |(b, _)| b);
        if out.get(byte..byte + 5).is_some_and(|s| s == "     ") {
            out.replace_range(byte..byte + 5, "if 1:");
        }
    }
    out
}

/// Lints the code of a Markdown file (see the module's documentation).
pub(crate) fn lint(src: &str) -> FileLint {
    let (pieces, extents) = pieces(src);
    let mut out = FileLint { extents, ..FileLint::default() };
    for piece in &pieces {
        let text = laid_out(src, piece);
        let mut lint = crate::code::lint(piece.kind, &text);
        let hits = crate::suppress::apply(&text, piece.kind.comment_starts(), lint.hits, &lint.extents);
        out.hits.extend(hits);
        out.written.append(&mut lint.written);
        if out.unparseable.is_none() {
            out.unparseable = lint.unparseable.map(|why| format!("a {} block: {why}", piece.kind.name()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(src: &str) -> Vec<(&'static str, usize, usize)> {
        lint(src).positions()
    }

    #[test]
    fn blocks_are_linted_with_the_files_positions_and_prose_is_not() {
        let src = "# Start\n\nRead $CLAUDECODE in prose.\n\n```bash\nif [ -n \"$CLAUDECODE\" ]; then :; fi\n```\n\n- item\n   ```python\n   import os\n   x = os.environ.get('GEMINI_CLI')\n   if x: pass\n   ```\n";
        assert_eq!(found(src), [("indicator-var", 6, 10), ("indicator-var", 12, 23)]);
    }

    #[test]
    fn inline_commands_and_console_prompts() {
        let src = "Now: !`echo $CLAUDECODE` and `select!` or `!` alone.\n\n```console\n$ test -n \"$CODEX_THREAD_ID\" && echo codex\nCODEX_THREAD_ID is set\n```\n";
        assert_eq!(found(src), [("indicator-var", 1, 13), ("indicator-var", 4, 12)]);
    }

    #[test]
    fn untagged_blocks_count_when_they_parse_as_shell() {
        let src = "```\n[ -n \"$CLAUDECODE\" ] && echo yes\n```\n\n```\n├── $CLAUDECODE (\n```\n";
        assert_eq!(found(src), [("indicator-var", 2, 7)]);
    }

    #[test]
    fn other_languages_and_unterminated_fences() {
        let src = "```yaml\nx: $CLAUDECODE\n```\n\n~~~sh\necho \"$GT_ROLE\"\n";
        assert_eq!(found(src), [("indicator-var", 6, 7)]);
    }

    /// R13: code an agent runs that a rendered view shows as code: a fence inside a
    /// blockquote (nested too), an indented code block after a paragraph's blank line,
    /// and `bash-session` blocks with their prompts (`$`, `%`, `user@host:~$`).
    #[test]
    fn quoted_fences_indented_blocks_and_session_blocks_are_read() {
        let quoted = "> Run this:\n>\n> ```bash\n> if [ -n \"$CLAUDECODE\" ]; then :; fi\n> ```\n";
        assert_eq!(found(quoted), [("indicator-var", 4, 12)]);
        let nested = "> > ```sh\n> > echo \"$CODEX_THREAD_ID\"\n> > ```\n";
        assert_eq!(found(nested), [("indicator-var", 2, 11)]);
        let indented = "Then run:\n\n    if [ -n \"$CLAUDECODE\" ]; then echo claude; fi\n\nDone.\n";
        assert_eq!(found(indented), [("indicator-var", 3, 14)]);
        for tag in ["bash-session", "sh-session", "zsh-session", "console"] {
            let src = format!(
                "```{tag}\n$ test -n \"$CLAUDECODE\"\n% echo \"$GEMINI_CLI\"\nme@box:~/w$ echo \"$CODEX_THREAD_ID\"\nCLAUDECODE=1\n```\n"
            );
            assert_eq!(
                found(&src),
                [("indicator-var", 2, 12), ("indicator-var", 3, 9), ("indicator-var", 4, 19)],
                "{tag}"
            );
        }
    }

    /// What is not code stays silent: a list item's indented continuation, a quoted
    /// fence's content read only up to the quote's end, prose quoted.
    #[test]
    fn list_continuations_and_quoted_prose_are_not_code() {
        let list = "- step one\n\n    [ -n \"$CLAUDECODE\" ] is how others do it\n";
        assert_eq!(found(list), []);
        let prose = "> Read $CLAUDECODE in prose.\n";
        assert_eq!(found(prose), []);
        // A quoted fence ends where its quote does.
        let ended = "> ```bash\n> echo hi\n\nif [ -n \"$CLAUDECODE\" ]; then :; fi\n";
        assert_eq!(found(ended), []);
    }
}
