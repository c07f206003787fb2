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

/// `export NAME=value` lines that a POSIX shell evaluates into exactly these
/// variables and nothing else.
#[must_use]
pub fn export_lines(vars: &[(&str, String)]) -> String {
    vars.iter().fold(String::new(), |mut s, (k, v)| {
        let _ = writeln!(s, "{}", export_line(k, v));
        s
    })
}
