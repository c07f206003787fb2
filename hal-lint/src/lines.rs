//! Byte offsets ↔ 1-based lines and character columns, in linear time: a per-line
//! index, plus a character count at every [`STEP`] bytes so that a column is counted
//! from the nearest checkpoint, never from the start of a long line.

/// Bytes between two character-count checkpoints.
const STEP: usize = 256;

/// The start of every line of a text.
#[derive(Debug)]
pub(crate) struct Lines<'a> {
    src: &'a str,
    starts: Vec<usize>,
    /// `None` for ASCII text (a column is a byte difference); else, for each checkpoint
    /// `k`, the character boundary at or below `k * STEP` and the characters before it.
    checkpoints: Option<Vec<(usize, usize)>>,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(src: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', src.as_bytes()).map(|i| i + 1));
        let checkpoints = (!src.is_ascii()).then(|| {
            let mut out = Vec::with_capacity(src.len() / STEP + 1);
            let (mut at, mut chars) = (0usize, 0usize);
            let mut k = 0;
            while k * STEP <= src.len() {
                let mut b = k * STEP;
                while !src.is_char_boundary(b) {
                    b -= 1;
                }
                chars += src[at..b].chars().count();
                at = b;
                out.push((b, chars));
                k += 1;
            }
            out
        });
        Self { src, starts, checkpoints }
    }

    /// How many lines the text has (a final newline starts no line).
    pub(crate) fn count(&self) -> usize {
        if self.src.ends_with('\n') { self.starts.len() - 1 } else { self.starts.len() }
    }

    /// Characters before byte `offset` (a character boundary).
    fn chars_before(&self, offset: usize) -> usize {
        match &self.checkpoints {
            None => offset,
            Some(c) => {
                let (b, n) = c[(offset / STEP).min(c.len() - 1)];
                let (b, n) = if b <= offset { (b, n) } else { c[(offset / STEP).saturating_sub(1)] };
                n + self.src[b..offset].chars().count()
            }
        }
    }

    /// The 1-based line of byte `offset` (clamped to the text): [`Self::pos`] without
    /// counting the column's characters.
    pub(crate) fn line(&self, offset: usize) -> usize {
        let offset = offset.min(self.src.len());
        self.starts.partition_point(|&s| s <= offset).max(1)
    }

    /// The 1-based line and character column of byte `offset` (clamped to the text,
    /// and down to a character boundary).
    pub(crate) fn pos(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.src.len());
        while !self.src.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        (line, self.chars_before(offset) - self.chars_before(start) + 1)
    }

    /// The byte offset of 1-based `line` and character `column` (clamped to the line).
    pub(crate) fn offset(&self, line: usize, column: usize) -> usize {
        let Some(&start) = self.starts.get(line.max(1) - 1) else { return self.src.len() };
        let end = self.starts.get(line).map_or(self.src.len(), |e| e - 1);
        self.src[start..end].char_indices().nth(column.max(1) - 1).map_or(end, |(i, _)| start + i)
    }

    /// The byte range of 1-based `line`, without its newline.
    pub(crate) fn range(&self, line: usize) -> std::ops::Range<usize> {
        let Some(&start) = self.starts.get(line.max(1) - 1) else { return self.src.len()..self.src.len() };
        let end = self.starts.get(line).map_or(self.src.len(), |e| e - 1);
        start..end
    }

    /// The text of 1-based `line`, without its newline.
    pub(crate) fn text(&self, line: usize) -> &'a str {
        &self.src[self.range(line)]
    }
}

#[cfg(test)]
mod tests {
    use super::Lines;

    #[test]
    fn offsets_and_positions_agree() {
        let l = Lines::new("ab\né$X\n");
        assert_eq!(l.count(), 2);
        assert_eq!(l.pos(0), (1, 1));
        assert_eq!(l.pos(3), (2, 1));
        assert_eq!(l.pos(5), (2, 2));
        assert_eq!(l.offset(2, 2), 5);
        assert_eq!(l.text(2), "é$X");
        assert_eq!(l.pos(99), (3, 1));
    }

    #[test]
    fn columns_count_characters_across_checkpoints() {
        let src = format!("x\n{}$X", "é".repeat(1000));
        let l = Lines::new(&src);
        let at = src.find('$').unwrap_or(0);
        assert_eq!(l.pos(at), (2, 1001));
        assert_eq!(l.pos(at - 2), (2, 1000));
    }
}
