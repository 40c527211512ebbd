//! The one frame of every rewrite (issue 59, item 3): the edit rewrites (`resolve`, `nag`,
//! `rotate`, `fix`, `renumber`, `replicate`, `set-tag`, `select`, `dedup`, `analyze`, `score`)
//! and `export` are each a [`Rewrite`], the door's sink for a command that writes its file again.
//!
//! The frame opens the file at the door ([`Reader`], every finding counted and none suppressed),
//! hands the rewrite the file's chunks only when the reading wants them read (a file that is not
//! PBN has none), each vetted by the reading, and then gives it the reading's verdict with what it
//! made. A rewrite never opens a file itself, so none can write a file the reading refused, and
//! none can forget a finding of the reading.
//!
//! What a chunk becomes is the rewrite's: the edit rewrites make edits that keep every other byte
//! (`rewrite::edit_chunks`, each piece proven by `rewrite/verify.rs`); `export` writes every byte
//! anew in export format, proven beside the writer on threads of the door's
//! ([`super::VettedChunks::written_beside`]).

use super::{Reader, Verdict, VettedChunks};
use crate::source::Decoded;

/// A rewrite as the frame drives it.
pub trait Rewrite {
    /// What the rewrite makes of the chunks: its output and what it found. It holds no borrow of
    /// the text, which the frame hands on with the verdict.
    type Made;

    /// What the rewrite gives (`proof::Rewritten`).
    type Done;

    /// How many bytes the first chunk holds.
    fn first_chunk(&self) -> usize;

    /// The output made from the chunks of `text`, each vetted by the reading, in file order. Text
    /// with PBN embedded in another document (`embedded`, PBN 6.2) comes as one chunk.
    fn make(&mut self, text: &str, chunks: VettedChunks<'_, '_>, embedded: bool) -> Self::Made;

    /// The result, once every chunk is read: `made` is `None` when the reading wanted no chunk
    /// read (the file is not PBN: `verdict` says what it is).
    fn finish(
        &mut self,
        decoded: Decoded,
        verdict: Verdict,
        made: Option<Self::Made>,
    ) -> Self::Done;
}

/// Rewrites `decoded` with `rewrite`: the only way a rewrite reads a file.
pub fn frame<R: Rewrite>(decoded: Decoded, rewrite: &mut R) -> R::Done {
    let text = decoded.text.as_str();
    // No suppression applies to a rewrite: the findings left out are only counted.
    let mut reader = Reader::new(&decoded).count_only();
    let made = reader.wants_chunks().then(|| {
        let embedded = reader.is_embedded();
        let first = rewrite.first_chunk();
        rewrite.make(text, reader.chunks(first), embedded)
    });
    let verdict = reader.finish();
    rewrite.finish(decoded, verdict, made)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source;

    /// What the frame handed on: the games of each chunk made, whether the text came as one
    /// chunk with PBN embedded, and the verdict.
    #[derive(Default)]
    struct Seen {
        first: usize,
        embedded: Option<bool>,
    }

    impl Rewrite for Seen {
        type Made = Vec<usize>;
        type Done = (Option<Vec<usize>>, Option<bool>, bool, usize);

        fn first_chunk(&self) -> usize {
            self.first
        }

        fn make(
            &mut self,
            _text: &str,
            chunks: VettedChunks<'_, '_>,
            embedded: bool,
        ) -> Vec<usize> {
            self.embedded = Some(embedded);
            chunks
                .map(|chunk| chunk.parse.real_games().count())
                .collect()
        }

        fn finish(&mut self, _: Decoded, verdict: Verdict, made: Option<Vec<usize>>) -> Self::Done {
            (made, self.embedded, verdict.is_pbn, verdict.games)
        }
    }

    fn framed(bytes: &[u8], first: usize) -> (Option<Vec<usize>>, Option<bool>, bool, usize) {
        let decoded = source::decode(bytes, None);
        frame(
            decoded,
            &mut Seen {
                first,
                ..Seen::default()
            },
        )
    }

    #[test]
    fn a_rewrite_is_handed_chunks_only_of_a_file_the_reading_wants_read() {
        // Three games (PBN 3: a game ends at an empty line), in chunks of about 20 bytes: one
        // game a chunk, in file order, and the verdict counts them.
        let pbn =
            b"[Board \"1\"]\n[Dealer \"N\"]\n\n[Board \"2\"]\n[Dealer \"E\"]\n\n[Board \"3\"]\n";
        assert_eq!(framed(pbn, 20), (Some(vec![1, 1, 1]), Some(false), true, 3));
        // In one chunk when the first holds the file.
        assert_eq!(framed(pbn, 1 << 20), (Some(vec![3]), Some(false), true, 3));
        // PBN embedded in another document (PBN 6.2) comes as one chunk, however small the first.
        let embedded = b"A letter.\n<PBN>\n[Board \"1\"]\n\n[Board \"2\"]\n</PBN>\nThe end.\n";
        let (made, seen_embedded, is_pbn, _) = framed(embedded, 8);
        assert_eq!(
            (made.map(|m| m.len()), seen_embedded, is_pbn),
            (Some(1), Some(true), true)
        );
        // Bytes that are not text (F006): no chunk is handed on, and the verdict says why.
        let binary = [0u8, 159, 146, 150, 0, 1, 2, 3, 0, 255].repeat(40);
        let (made, seen_embedded, is_pbn, games) = framed(&binary, 20);
        assert_eq!((made, seen_embedded, is_pbn, games), (None, None, false, 0));
    }
}
