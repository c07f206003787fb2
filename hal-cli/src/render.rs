//! Shell export lines, every value escaped ([`is_unsafe`]): `hal env`'s and the
//! packages' (each command renders its own text in its file under `commands/`; the JSON
//! answers are `output::versioned`'s).

use std::fmt::Write as _;

use hal_caps::text::is_unsafe;
use hal_gupp::shell::quote;

/// One line that sets and exports `name` to exactly `value` in a POSIX shell. A value
/// with control, bidi or invisible characters (a newline, U+202E) goes through
/// `printf %b` with octal escapes of their bytes (`\0ddd`), so the line stays one line
/// and shows nothing raw; a trailing `.` keeps `$(…)` from eating final newlines.
#[must_use]
pub fn export_line(name: &str, value: &str) -> String {
    if !value.chars().any(is_unsafe) {
        return format!("export {name}={}", quote(value));
    }
    let mut escaped = String::new();
    for ch in value.chars() {
        match ch {
            '\\' => escaped.push_str("\\\\"),
            // Every byte of a control, bidi or invisible character, in octal.
            c if is_unsafe(c) => {
                for b in c.encode_utf8(&mut [0; 4]).bytes() {
                    let _ = write!(escaped, "\\0{b:03o}");
                }
            }
            c => escaped.push(c),
        }
    }
    escaped.push('.');
    format!("{name}=$(printf %b {}); export {name}=\"${{{name}%.}}\"", quote(&escaped))
}

/// Whether PowerShell ends a verbatim (single-quoted) string at `c`: its grammar's
/// single-quote-character is `'` and the typographic quotes U+2018, U+2019, U+201A and
/// U+201B (PowerShell language specification, 2.3.5.2 String literals).
const fn powershell_quote(c: char) -> bool {
    matches!(c, '\'' | '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}')
}

/// One line that sets `$env:name` to exactly `value` in PowerShell and runs nothing: the
/// value's plain runs are verbatim strings (`'…'`: no `$`, backtick or subexpression is
/// read in them), and each quote character of PowerShell's grammar and each control,
/// bidi or invisible character is a `[char]0xHHHH` per UTF-16 unit, joined with `+`
/// onto a leading `''` (so that two chars concatenate as a string, not add as numbers).
/// PowerShell removes a variable set to `''`.
#[must_use]
pub fn powershell_line(name: &str, value: &str) -> String {
    let mut line = format!("$env:{name} = ''");
    let mut run = String::new();
    for c in value.chars() {
        if powershell_quote(c) || is_unsafe(c) {
            if !run.is_empty() {
                let _ = write!(line, " + '{}'", std::mem::take(&mut run));
            }
            for unit in c.encode_utf16(&mut [0; 2]) {
                let _ = write!(line, " + [char]0x{unit:04X}");
            }
        } else {
            run.push(c);
        }
    }
    if !run.is_empty() {
        let _ = write!(line, " + '{run}'");
    }
    line
}

/// `export NAME=value` lines that a POSIX shell evaluates into exactly these
/// variables and nothing else.
#[must_use]
pub fn export_lines(vars: &[(&str, String)]) -> String {
    vars.iter().fold(String::new(), |mut s, (k, v)| {
        let _ = writeln!(s, "{}", export_line(k, v));
        s
    })
}
