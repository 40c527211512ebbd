//! The edit layer: replacements over byte ranges of a text, applied to the original text so that
//! every byte outside them stays as it was (line ends, spacing, comments, everything).
//!
//! Edits may not overlap. Insertions (empty ranges) at one offset are applied in the order they
//! were added, before a replacement that starts at the same offset.

use std::ops::Range;

/// One replacement: the bytes of `range` become `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub range: Range<usize>,
    pub text: String,
}

/// A set of edits to one text.
#[derive(Clone, Debug, Default)]
pub struct Edits {
    edits: Vec<Edit>,
}

/// Why a set of edits cannot be applied: a bug in whoever made them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// Two edits touch the same bytes.
    Overlap(Range<usize>, Range<usize>),
    /// An edit reaches past the end of the text or splits a character.
    OutOfBounds(Range<usize>),
}

impl From<EditError> for crate::rules::writing::Unfaithful {
    fn from(error: EditError) -> Self {
        match error {
            EditError::Overlap(a, b) => crate::rules::writing::Unfaithful::EditsOverlap(a, b),
            EditError::OutOfBounds(range) => crate::rules::writing::Unfaithful::EditOutside(range),
        }
    }
}

impl Edits {
    pub fn replace(&mut self, range: Range<usize>, text: impl Into<String>) {
        self.edits.push(Edit {
            range,
            text: text.into(),
        });
    }

    pub fn insert(&mut self, at: usize, text: impl Into<String>) {
        self.replace(at..at, text);
    }

    pub fn delete(&mut self, range: Range<usize>) {
        self.replace(range, String::new());
    }

    /// Adds every edit of `other`.
    pub fn extend(&mut self, other: Edits) {
        self.edits.extend(other.edits);
    }

    pub fn is_empty(&self) -> bool {
        self.edits.is_empty()
    }

    pub fn len(&self) -> usize {
        self.edits.len()
    }

    /// About how long the result of applying the edits to `len` bytes is: the bytes written,
    /// and none of those removed taken off.
    pub fn grows_by(&self, len: usize) -> usize {
        self.edits
            .iter()
            .fold(len, |total, edit| total.saturating_add(edit.text.len()))
    }

    /// The edits in text order.
    pub fn sorted(mut self) -> Result<Vec<Edit>, EditError> {
        // A stable sort: insertions at one offset keep the order they were made in.
        self.edits
            .sort_by_key(|edit| (edit.range.start, edit.range.end));
        let mut end = 0;
        for (i, edit) in self.edits.iter().enumerate() {
            if edit.range.start < end {
                return Err(EditError::Overlap(
                    self.edits[i - 1].range.clone(),
                    edit.range.clone(),
                ));
            }
            end = edit.range.end;
        }
        Ok(self.edits)
    }

    /// The text with the edits applied.
    pub fn apply(self, text: &str) -> Result<String, EditError> {
        self.apply_within(text, 0..text.len())
    }

    /// `text[within]` with the edits applied, for edits that all lie within it (their ranges are
    /// offsets in `text`): a rewrite made a chunk of the file at a time.
    pub fn apply_within(self, text: &str, within: Range<usize>) -> Result<String, EditError> {
        self.apply_marked(text, within).map(|(out, _)| out)
    }

    /// [`Edits::apply_within`], and where in the result each edit's text stands (the edits that
    /// write something, in order): what the proof holds to the standard's spelling, since the
    /// bytes around them are the input's.
    pub fn apply_marked(
        self,
        text: &str,
        within: Range<usize>,
    ) -> Result<(String, Vec<Range<usize>>), EditError> {
        let edits = self.sorted()?;
        let grown: usize = edits.iter().map(|edit| edit.text.len()).sum();
        let mut out = String::with_capacity(within.len() + grown);
        let mut written = Vec::new();
        let mut at = within.start;
        for edit in edits {
            let Range { start, end } = edit.range.clone();
            let inside = start >= at && end <= within.end;
            let (Some(kept), true, true) =
                (text.get(at..start), text.get(start..end).is_some(), inside)
            else {
                return Err(EditError::OutOfBounds(edit.range));
            };
            out.push_str(kept);
            if !edit.text.is_empty() {
                written.push(out.len()..out.len() + edit.text.len());
            }
            out.push_str(&edit.text);
            at = end;
        }
        match text.get(at..within.end) {
            Some(rest) => out.push_str(rest),
            None => return Err(EditError::OutOfBounds(at..within.end)),
        }
        Ok((out, written))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn untouched_bytes_stay() {
        let text = "[Event \"#\"]\r\n{ kept }\t\n[Site \"##x\"]\n";
        let mut edits = Edits::default();
        edits.replace(7..10, "\"Club\"");
        edits.delete(30..32);
        edits.insert(0, "[Date \"d\"]\r\n");
        assert_eq!(
            edits.apply(text).unwrap(),
            "[Date \"d\"]\r\n[Event \"Club\"]\r\n{ kept }\t\n[Site \"x\"]\n"
        );
        assert_eq!(Edits::default().apply(text).unwrap(), text);
    }

    #[test]
    fn insertions_at_one_place_keep_their_order_before_a_replacement() {
        let mut edits = Edits::default();
        edits.replace(0..1, "X");
        edits.insert(0, "1");
        edits.insert(0, "2");
        edits.insert(1, "3");
        assert_eq!(edits.apply("ab").unwrap(), "12X3b");
    }

    #[test]
    fn overlaps_and_bad_ranges_are_errors() {
        let mut edits = Edits::default();
        edits.replace(0..3, "x");
        edits.replace(2..4, "y");
        assert_eq!(edits.apply("abcdef"), Err(EditError::Overlap(0..3, 2..4)));
        let mut edits = Edits::default();
        edits.insert(1, "x");
        edits.replace(0..2, "y");
        assert!(matches!(edits.apply("abc"), Err(EditError::Overlap(..))));
        let mut edits = Edits::default();
        edits.replace(2..9, "x");
        assert_eq!(edits.apply("abc"), Err(EditError::OutOfBounds(2..9)));
        let mut edits = Edits::default();
        edits.insert(1, "x");
        assert_eq!(edits.apply("é"), Err(EditError::OutOfBounds(1..1)));
    }

    #[test]
    fn the_written_ranges_are_where_the_edits_text_stands() {
        let text = "[Event \"#\"]\n[Site \"##x\"]\n";
        let mut edits = Edits::default();
        edits.replace(7..10, "\"Club\"");
        edits.delete(19..21);
        edits.insert(0, "{c}");
        let (out, written) = edits.apply_marked(text, 0..text.len()).unwrap();
        assert_eq!(out, "{c}[Event \"Club\"]\n[Site \"x\"]\n");
        let pieces: Vec<&str> = written.iter().map(|range| &out[range.clone()]).collect();
        assert_eq!(pieces, ["{c}", "\"Club\""]);
    }

    #[test]
    fn edits_apply_within_a_range_of_the_text() {
        let text = "aa[Event \"#\"]\nbb";
        let mut edits = Edits::default();
        edits.replace(9..12, "\"Club\"");
        edits.insert(2, "{x}");
        assert_eq!(
            edits.apply_within(text, 2..14).unwrap(),
            "{x}[Event \"Club\"]\n"
        );
        let mut edits = Edits::default();
        edits.insert(1, "x");
        assert_eq!(
            edits.apply_within(text, 2..14),
            Err(EditError::OutOfBounds(1..1))
        );
        let mut edits = Edits::default();
        edits.replace(13..15, "x");
        assert_eq!(
            edits.apply_within(text, 2..14),
            Err(EditError::OutOfBounds(13..15))
        );
    }
}
