//! The layout of the Auction and Play sections in export format (PBN 3.5, 3.6).

use super::*;

/// PBN 3.5, 3.6: four positions a line, from the dealer (auction) or the opening leader (play).
pub(super) fn section_lines(
    checker: &mut Checker<'_>,
    game: &GameModel<'_>,
    data: &[Data],
    is_auction: bool,
    index: usize,
) {
    let (parse, text) = (checker.parse, checker.text);
    let tag = &game.tags[index];
    let expected_start = if is_auction {
        game.value("Dealer").and_then(Seat::parse)
    } else {
        game.value("Declarer")
            .and_then(values::parse_declarer)
            .flatten()
            .map(|d| d.seat.next())
    };
    // Per line: its line number, first position index, positions, annotated, first token.
    let mut lines: Vec<(usize, u32, u32, bool, crate::syntax::TokenId)> = Vec::new();
    let mut index = 0u32;
    let mut dash = None;
    let mut counter = LineCounter::default();
    for item in data {
        let (token, annotated) = match item {
            Data::Move(mv) => {
                if is_auction
                    && CallToken::parse(parse.text(text, mv.token)) == Some(CallToken::Skip)
                {
                    dash.get_or_insert(mv.token);
                }
                (
                    mv.token,
                    !mv.annotations.is_empty() || mv.irregularity.is_some(),
                )
            }
            Data::Marker(id) => (*id, false),
            Data::Comment(id) => {
                let line = counter.line(text, parse.token(*id).start as usize);
                if let Some(last) = lines.last_mut().filter(|l| l.0 == line) {
                    last.3 = true;
                }
                continue;
            }
            _ => continue,
        };
        let line = counter.line(text, parse.token(token).start as usize);
        match lines.last_mut() {
            Some(last) if last.0 == line => {
                last.2 += 1;
                last.3 |= annotated;
            }
            _ => lines.push((line, index, 1, annotated, token)),
        }
        index += 1;
    }
    let what = if is_auction { "calls" } else { "cards" };
    if let (Some(start), Some(seat)) = (expected_start, Seat::parse(&tag.value))
        && start != seat
        && !(is_auction && dash.is_some())
    {
        let who = if is_auction {
            "the dealer"
        } else {
            "the opening leader"
        };
        checker.report(
            Diagnostic::new(
                Rule::IrregularSectionLine,
                tag.text_span(),
                format!(
                    "the {} starts with {}, not {who} {}",
                    tag.name,
                    seat.name(),
                    start.name()
                ),
            )
            .with_help(
                "in export format the first column is the dealer's (auction) or the \
                        opening leader's (play) (PBN 3.5, 3.6)",
            ),
        );
        return;
    }
    if let Some(dash) = dash {
        checker.report(
            Diagnostic::new(
                Rule::IrregularSectionLine,
                parse.span(dash, dash),
                "`-` fills the auction before the dealer",
            )
            .with_help("in export format the auction starts with the dealer's call (PBN 3.5)"),
        );
        return;
    }
    let count = lines.len();
    // A row of four starts a line; a line ends with its row unless annotation (a comment that
    // ends the line, say) broke it, or the section ends.
    for (i, &(_, first, positions, annotated, token)) in lines.iter().enumerate() {
        let last = i + 1 == count;
        let end = first + positions - 1;
        if first / 4 != end / 4 || (end % 4 != 3 && !last && !annotated) {
            checker.report(
                Diagnostic::new(
                    Rule::IrregularSectionLine,
                    parse.span(token, token),
                    if first / 4 != end / 4 {
                        format!("this line runs on from one row of four {what} into the next")
                    } else {
                        format!("this line has {positions} {what}, not 4")
                    },
                )
                .with_help(
                    "export format has 4 calls or cards a line; fewer only at the end or \
                        with much annotation (PBN 3.5, 3.6)",
                ),
            );
            return;
        }
    }
}

/// Line numbers of increasing offsets, relative to the first: the line ends between one offset
/// and the next are counted once, so a section costs a pass over its own text.
#[derive(Default)]
pub(super) struct LineCounter {
    at: Option<usize>,
    line: usize,
}

impl LineCounter {
    pub(super) fn line(&mut self, text: &str, offset: usize) -> usize {
        let mut at = self.at.unwrap_or(offset);
        while let Some(start) = source::next_line_start(text, at).filter(|&start| start <= offset) {
            self.line += 1;
            at = start;
        }
        self.at = Some(offset.max(at));
        self.line
    }
}
