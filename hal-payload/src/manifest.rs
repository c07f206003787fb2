//! A package manifest's name and version, read from its bytes: npm's `package.json`
//! (`"name"` and `"version"` of the top-level object). Pure and bounded: one pass over
//! the bytes its caller read (with a size limit), no recursion, no allocation beyond
//! the two strings kept; anything that is not a plain JSON object of that shape is
//! `None`, never a panic.

/// The longest name or version kept (longer is no answer).
const MAX_FIELD: usize = 214;

/// The top-level `"name"` and `"version"` of a `package.json`, when both are strings,
/// read as npm reads them (hostile-findings R17): of a key given twice the last wins (as
/// `JSON.parse`), the version without surrounding whitespace (npm cleans it). Escapes
/// inside them make the manifest no answer (npm names and versions have none).
#[must_use]
pub fn package_name_and_version(bytes: &[u8]) -> Option<(String, String)> {
    let mut s = Scanner { b: bytes, i: 0 };
    s.ws();
    if s.next()? != b'{' {
        return None;
    }
    let (mut name, mut version) = (None, None);
    loop {
        s.ws();
        match s.peek()? {
            b'}' => break,
            b',' => {
                s.i += 1;
                continue;
            }
            b'"' => {}
            _ => return None,
        }
        let key = s.string()?;
        s.ws();
        if s.next()? != b':' {
            return None;
        }
        s.ws();
        let value = if s.peek()? == b'"' {
            Some(s.string()?)
        } else {
            s.skip_value()?;
            None
        };
        // A later value replaces an earlier one, a string or not.
        match key {
            b"name" => name = value,
            b"version" => version = value,
            _ => {}
        }
    }
    let text = |b: &[u8]| {
        (b.len() <= MAX_FIELD && !b.contains(&b'\\')).then(|| std::str::from_utf8(b).ok().map(str::to_owned)).flatten()
    };
    Some((text(name?)?, text(version?)?.trim().to_owned()))
}

struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> Scanner<'a> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.i += 1;
        Some(c)
    }

    fn ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    /// A string at the cursor, its raw bytes between the quotes (escapes left as they are).
    fn string(&mut self) -> Option<&'a [u8]> {
        if self.next()? != b'"' {
            return None;
        }
        let start = self.i;
        loop {
            match self.next()? {
                b'"' => return Some(&self.b[start..self.i - 1]),
                b'\\' => {
                    self.next()?;
                }
                _ => {}
            }
        }
    }

    /// Skips any value: strings, and arrays and objects counted by depth (iteratively).
    fn skip_value(&mut self) -> Option<()> {
        let mut depth = 0usize;
        loop {
            match self.peek()? {
                b'"' => {
                    self.string()?;
                }
                b'{' | b'[' => {
                    depth += 1;
                    self.i += 1;
                }
                b'}' | b']' => {
                    depth = depth.checked_sub(1)?;
                    self.i += 1;
                }
                b',' if depth == 0 => return Some(()),
                _ => self.i += 1,
            }
            if depth == 0 && matches!(self.peek(), Some(b',' | b'}')) {
                return Some(());
            }
            self.ws();
            if depth == 0 && matches!(self.peek(), Some(b',' | b'}')) {
                return Some(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::package_name_and_version as read;

    #[test]
    fn name_and_version_of_the_top_level_object() {
        let got = read(br#"{"name":"@scope/agent","version":"1.0.50","bin":{"agent":"cli.js"}}"#);
        assert_eq!(got, Some(("@scope/agent".into(), "1.0.50".into())));
        let nested = br#"{ "dependencies": {"name": "x", "version": "9"}, "files": ["a", "}"], "version": "2.0.0",
            "optional": true, "n": -1.5e3, "name": "pkg" }"#;
        assert_eq!(read(nested), Some(("pkg".into(), "2.0.0".into())));
        for bad in [
            &b""[..],
            b"[]",
            b"{",
            b"{\"name\":\"a\"}",
            b"{\"name\":\"a\",\"version\":1}",
            b"\xff\xfe",
            b"{\"name\":\"a\\u0041\",\"version\":\"1\"}",
        ] {
            assert_eq!(read(bad), None, "{:?}", String::from_utf8_lossy(bad));
        }
        let deep = format!("{{\"x\":{}{},\"name\":\"a\",\"version\":\"1\"}}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(read(deep.as_bytes()), Some(("a".into(), "1".into())));
    }
}
