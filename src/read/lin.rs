//! LIN as a kind of file the front door serves: a LIN text (BBO, `../docs/lin-format.md`) is
//! read as the PBN its boards convert to, a batch at a time.

/// Whether the front door reads `text` as BBO's LIN (by its first tag): the one decision of
/// every command that reads LIN as well as PBN.
pub fn is_lin(text: &str) -> bool {
    super::sniff::looks_like_lin(text)
}

/// Calls `each` with `text` when it is PBN, or, when it is LIN, with the PBN of each batch of its
/// boards ([`crate::lin::checked::BATCH_BOARDS`] at a time, so that memory stays bounded), until `each`
/// returns false: how `show`, `stats` and `select --where` read a LIN file as the PBN it
/// converts to, as `check` and `fingerprint` do.
pub fn pbn_texts(text: &str, mut each: impl FnMut(&str) -> bool) {
    if !super::sniff::looks_like_lin(text) {
        each(text);
        return;
    }
    let mut batch = Vec::new();
    let mut going = true;
    crate::lin::read::read_each(
        text,
        |_| {},
        |board| {
            if !going {
                return;
            }
            batch.push(board);
            if batch.len() >= crate::lin::checked::BATCH_BOARDS {
                going = each(&crate::lin::to_pbn::write(&batch).0);
                batch.clear();
            }
        },
    );
    if going && !batch.is_empty() {
        each(&crate::lin::to_pbn::write(&batch).0);
    }
}
