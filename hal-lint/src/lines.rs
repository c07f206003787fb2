//! Byte offsets ↔ 1-based lines and character columns.

/// The start of every line of a text.
#[derive(Debug)]
pub(crate) struct Lines<'a> {
    src: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(src: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(src.match_indices('\n').map(|(i, _)| i + 1));
        Self { src, starts }
    }

    /// How many lines the text has (a final newline starts no line).
    pub(crate) fn count(&self) -> usize {
        if self.src.ends_with('\n') { self.starts.len() - 1 } else { self.starts.len() }
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
        (line, self.src[start..offset].chars().count() + 1)
    }

    /// The byte offset of 1-based `line` and character `column` (clamped to the line).
    pub(crate) fn offset(&self, line: usize, column: usize) -> usize {
        let Some(&start) = self.starts.get(line.max(1) - 1) else { return self.src.len() };
        let end = self.starts.get(line).map_or(self.src.len(), |e| e - 1);
        self.src[start..end].char_indices().nth(column.max(1) - 1).map_or(end, |(i, _)| start + i)
    }

    /// The text of 1-based `line`, without its newline.
    pub(crate) fn text(&self, line: usize) -> &'a str {
        let Some(&start) = self.starts.get(line.max(1) - 1) else { return "" };
        let end = self.starts.get(line).map_or(self.src.len(), |e| e - 1);
        &self.src[start..end]
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
}
