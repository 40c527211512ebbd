//! What a LIN heading's date (`mn|Event - date|`) says as a PBN Date (issue 44, item 8).

/// The date at the end of a LIN heading.
pub(super) enum HeadingDate {
    /// In PBN's spelling (PBN 3.4.3), as written or read for certain from another spelling.
    Pbn(String),
    /// A date whose reading is a guess, as written.
    Guess(String),
}

pub(super) fn heading_date(text: &str) -> Option<HeadingDate> {
    if text.is_empty() {
        return None;
    }
    // Digits and dots: the Date as written, which `check` judges (a PBN file's Date comes back
    // as it went out).
    if text
        .bytes()
        .all(|b| b.is_ascii_digit() || b == b'.' || b == b'?')
    {
        return Some(HeadingDate::Pbn(text.to_owned()));
    }
    let reading = crate::model::loose::date(text)?;
    Some(if reading.certain {
        HeadingDate::Pbn(reading.spelling)
    } else {
        HeadingDate::Guess(text.to_owned())
    })
}
