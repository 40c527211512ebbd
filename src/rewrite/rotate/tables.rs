//! The tables' column names and seat cells turned (PBN 5.1-5.10), and what is not turned.

use super::*;
use crate::rules::writing::Unturnable;

/// A table's column names turned: a side's (`Score_NS`, `PairId_EW`) on an odd turn, a seat's
/// (`PlayerId_North`, `MP_West`) on any. The rows stay where they are: a column's values belong
/// to the pair or player that now sits at the turned side or seat (the players of a traveller
/// move with their results; `--players` concerns the tags North … West). Each name is edited in
/// place, so that the widths and alignments (`\4R`) stay as written; a value written with
/// escapes is not turned (W008).
pub(super) fn table_columns(
    text: &str,
    tag: &Tag<'_>,
    own: &str,
    by: usize,
    edits: &mut Edits,
) -> Result<Option<Cow<'static, str>>, Unturnable> {
    let mut renamed = Vec::new();
    let mut offset = 0;
    for spec in own.split(';') {
        let name_end = spec.find('\\').unwrap_or(spec.len());
        let name = &spec[..name_end];
        let new_name = name.rsplit_once('_').and_then(|(stem, suffix)| {
            let suffix = match suffix {
                "NS" | "EW" if by % 2 == 1 => swap_side(suffix)?,
                _ => {
                    let seat = Seat::ALL.into_iter().find(|s| s.name() == suffix)?;
                    seat.offset(by).name().to_owned()
                }
            };
            Some(format!("{stem}_{suffix}"))
        });
        if let Some(new_name) = new_name.filter(|new_name| new_name != name) {
            renamed.push((offset..offset + name.len(), new_name));
        }
        offset += spec.len() + 1;
    }
    if renamed.is_empty() {
        return Ok(None);
    }
    // The value as written between its quotes, byte for byte (no escape, no `##`).
    let span = tag.value_span.clone();
    let as_written = text.get(span.start + 1..span.end.saturating_sub(1)) == Some(own);
    if !as_written {
        return Err(Unturnable::EscapedColumns);
    }
    for (at, name) in renamed {
        edits.replace(span.start + 1 + at.start..span.start + 1 + at.end, name);
    }
    Ok(None)
}

/// Values labelled by seat (`N:97985 E:34238`), each label turned.
pub(super) fn labelled(value: &str, by: usize) -> Result<Option<Cow<'_, str>>, Unturnable> {
    let trimmed = value.trim();
    if is_unknown(trimmed) {
        return Ok(None);
    }
    let mut out = Vec::new();
    for word in trimmed.split(' ').filter(|w| !w.is_empty()) {
        let (label, rest) = word.split_once(':').ok_or(Unturnable::NotLabelled)?;
        let seat = Seat::parse(label).ok_or(Unturnable::LabelNotSeat)?;
        out.push(format!("{}:{rest}", seat.offset(by).letter()));
    }
    let turned = out.join(" ");
    Ok((turned != trimmed).then(|| Cow::Owned(value.replacen(trimmed, &turned, 1))))
}

/// A score for North-South written as a bare number, negated (`140` is `-140`, `0` stays).
pub(super) fn north_south_number(value: &str) -> Result<Option<Cow<'_, str>>, Unturnable> {
    let trimmed = value.trim();
    if is_unknown(trimmed) {
        return Ok(None);
    }
    let number: i64 = trimmed.parse().map_err(|_| Unturnable::NotScoreNumber)?;
    Ok((number != 0).then(|| Cow::Owned(value.replacen(trimmed, &(-number).to_string(), 1))))
}

/// Bridge Composer's Minimax, `4SW-420` or `3NS430`: the declarer's seat turned, and on an odd
/// turn the score for North-South negated.
pub(super) fn minimax(value: &str, by: usize) -> Result<Option<Cow<'_, str>>, Unturnable> {
    let trimmed = value.trim();
    if is_unknown(trimmed) {
        return Ok(None);
    }
    const FORM: Unturnable = Unturnable::NotMinimax;
    let bytes = trimmed.as_bytes();
    if bytes.len() < 4 || !(b'1'..=b'7').contains(&bytes[0]) || !b"CDHSN".contains(&bytes[1]) {
        return Err(FORM);
    }
    // Doubled or redoubled (`4CDW300`, `4SRN…`) before the declarer.
    let at = if b"DR".contains(&bytes[2]) && bytes.get(3).is_some_and(|b| b"NESW".contains(b)) {
        3
    } else {
        2
    };
    let seat = trimmed.get(at..at + 1).and_then(Seat::parse).ok_or(FORM)?;
    let score: i64 = trimmed[at + 1..].parse().map_err(|_| FORM)?;
    let score = if by % 2 == 1 { -score } else { score };
    let turned = format!("{}{}{score}", &trimmed[..at], seat.offset(by).letter());
    Ok((turned != trimmed).then(|| Cow::Owned(value.replacen(trimmed, &turned, 1))))
}

/// The seat columns of a table (Declarer; Leader of an OptimumOpeningLeadTable), each cell
/// turned; `-` (an artificial score, PBN 5.9) and `?` stay.
pub(super) fn table_edits(
    (parse, text): (&Parse, &str),
    tag: &Tag<'_>,
    by: usize,
    (edits, findings): (&mut Edits, &mut Vec<Diagnostic>),
) {
    let table = Table::new(tag.pair, &tag.value);
    let seats: Vec<usize> = (table.columns.iter().enumerate())
        .filter(|(_, c)| c.name == "Declarer" || c.name == "Leader")
        .map(|(i, _)| i)
        .collect();
    // A column that names a seat in a form PBN 5.2 does not give (`Declarer Suit Tricks`, one
    // name with spaces, as BBA writes it): its cells cannot be turned with certainty.
    if seats.is_empty()
        && table
            .columns
            .iter()
            .any(|c| c.name.contains("Declarer") || c.name.contains("Leader"))
    {
        findings.push(not_rotated(
            tag,
            &tag.value,
            Unturnable::ColumnsNotSeparated,
        ));
        return;
    }
    for row in table.rows() {
        for &(first, last) in seats.iter().filter_map(|&column| row.get(column)) {
            let span = parse.span(first, last);
            let cell = &text[span.clone()];
            if cell == "-" || cell == "\"-\"" {
                continue;
            }
            turn_cell(tag, cell, span, by, (&mut *edits, &mut *findings));
        }
    }
}

/// One seat cell of a table turned, or the finding that it is no seat.
pub(super) fn turn_cell(
    tag: &Tag<'_>,
    cell: &str,
    span: Range<usize>,
    by: usize,
    (edits, findings): (&mut Edits, &mut Vec<Diagnostic>),
) {
    match seat_value(cell, by) {
        Ok(Some(turned)) => edits.replace(span, turned.into_owned()),
        Ok(None) => {}
        Err(_) => {
            findings.push(crate::rules::writing::declarer_not_a_seat(
                tag.name, cell, span,
            ));
        }
    }
}

/// W008 for a value rotate cannot turn.
pub(super) fn not_rotated(tag: &Tag<'_>, value: &str, what: Unturnable) -> Diagnostic {
    crate::rules::writing::not_rotated(tag.name, value, what, tag.value_span.clone())
}
