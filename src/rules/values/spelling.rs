//! The loose spellings of a value that a fix can write in its canonical form.

use super::*;

/// `finding` with the fix that writes `reading` in place of the tag's value, worded for the
/// reader: "`3N` is written `3NT` in PBN". Without a reading, or where the value is not written
/// character for character (escapes), the finding as it is.
pub(super) fn with_loose_fix(
    finding: Diagnostic,
    tag: &Tag<'_>,
    reading: Option<loose::Reading>,
    what: &str,
) -> Diagnostic {
    let (Some(reading), Some(span), Some(value)) =
        (reading, tag.exact_value_span(), tag.own_value())
    else {
        return finding;
    };
    let mut finding = finding;
    finding.message = match reading.doubt {
        None => format!(
            "`{value}` is not how PBN writes the {what} `{}`",
            reading.spelling
        ),
        Some(doubt) => format!(
            "`{value}` is not how PBN writes a {what}; it is likely `{}` ({doubt})",
            reading.spelling
        ),
    };
    finding.help = Some(
        if reading.certain {
            format!("`pbnfmt fix` writes it `{}`", reading.spelling)
        } else {
            format!(
                "if that is what it means, `pbnfmt fix --unsafe-fixes` writes it `{}`",
                reading.spelling
            )
        }
        .into(),
    );
    finding.with_fix(Fix::write(span, reading.spelling, reading.certain))
}

/// T001, with a fix where the date is in a spelling players read without doubt (ISO, compact,
/// a month name, day and month). A date with a time of day is fixed safely only when the game's
/// Time tag already holds that time, so that nothing is lost. Otherwise the fix that also adds
/// the Time tag is unsafe: PBN 4.5.1's Time is the local clock of the Site, and a producer's
/// clock is often UTC (BBO's), which only a person can tell.
pub(super) fn loose_date(
    text: &str,
    game: &GameModel<'_>,
    tag: &Tag<'_>,
    value: &str,
    why: &str,
) -> Diagnostic {
    let finding = Diagnostic::new(
        Rule::InvalidDate,
        tag.sub_span(0..value.len()),
        format!("`{value}` is not a date: {why}"),
    )
    .with_help(Rule::InvalidDate.info().help());
    if let Some(reading) = loose::date(value) {
        return with_loose_fix(finding, tag, Some(reading), "date");
    }
    let Some((reading, time)) = loose::date_with_time(value) else {
        return finding;
    };
    // EventDate has no time tag: its time is only said.
    let held = loose::time_tag(tag.name);
    let kept = held
        .and_then(|name| game.get(name))
        .is_some_and(|t| loose::holds_time(&t.value, &time));
    let mut finding = finding;
    // No time tag yet: the fix adds one on the line after the date, where that changes nothing
    // else (the date's line holds only the tag pair, and the next line starts with a tag pair,
    // so no comment comes to follow another tag).
    let line = held
        .filter(|&name| {
            tag.inheritance == crate::model::Inheritance::None && game.get(name).is_none()
        })
        .and_then(|_| line_after(text, tag.span.end));
    let time_tag = held.unwrap_or("Time");
    if let (Some((at, newline)), Some(span)) = (line, tag.exact_value_span()) {
        finding.message = format!(
            "`{value}` holds a date and a time, which PBN writes apart: `{}` in {}, `{time}` in a \
             {time_tag} tag",
            reading.spelling, tag.name
        );
        finding.help = Some(
            format!(
                "`pbnfmt fix{}` writes the date `{}` and adds [{time_tag} \"{time}\"] (PBN \
                 4.1.3, 4.5){}",
                if time_tag == "Time" {
                    " --unsafe-fixes"
                } else {
                    ""
                },
                reading.spelling,
                if time_tag == "Time" {
                    "; check first that the time is the local time of the Site, not UTC"
                } else {
                    ""
                }
            )
            .into(),
        );
        // A UTCDate's time is UTC by its name (PBN 4.5.2, 4.5.3): that insertion guesses nothing.
        let certain = reading.certain && time_tag == "UTCTime";
        let mut fix = Fix::write(span, reading.spelling, certain);
        fix.title.push_str(&format!(" and add the {time_tag} tag"));
        fix.edits
            .push((at..at, format!("[{time_tag} \"{time}\"]{newline}")));
        return finding.with_fix(fix);
    }
    if !kept {
        finding.message = format!(
            "{}; it holds the date `{}` and the time `{time}`, which PBN writes in a {time_tag} \
             tag",
            finding.message, reading.spelling
        );
        return finding;
    }
    with_loose_fix(finding, tag, Some(reading), "date")
}

/// Where a line may be added after the tag pair ending at `end`: the start of the next line and
/// the line end to write, when the rest of the tag's line is blank and the next line starts with a
/// tag pair.
pub(super) fn line_after(text: &str, end: usize) -> Option<(usize, &'static str)> {
    let (next, newline) = crate::source::blank_rest_of_line(text, end)?;
    (!newline.is_empty() && text[next..].starts_with('[')).then_some((next, newline))
}
