//! What an export must keep, as a list of facts read from a text: every tag and its meaning, every
//! call and card at its seat with its annotations, every note, section element, comment and `%`
//! line, and what each comment follows. The export of a text must have the same facts as the text
//! (`docs/spec-decisions.md`, "Export").
//!
//! Facts are compared as meaning, not spelling: a Deal as the cards of each seat, a Vulnerable as
//! its value, a Result as declarer's tricks, a suffix as its NAG. Layout and tag order are not
//! facts; what a comment follows is. The spellings come from the model's readers, not from the
//! writer, so a writer that spells something wrongly is caught here.

use crate::bridge::Seat;
use crate::export::canon::{self, MTS};
use crate::export::writer::context;
use crate::model::deal;
use crate::model::values::{self, ContractValue, PerSide, ResultValue, Vulnerability};
use crate::model::{GameModel, Inheritance, Inheritor, Tag};
use crate::syntax::{Data, Parse, TokenId};

/// The facts of `parse` (of `text`), in order. With `effective`, tags count with their values
/// after `#`/`##` inheritance (for `--resolve`); otherwise as written.
pub fn facts(parse: &Parse, text: &str, effective: bool) -> Vec<String> {
    let reader = Reader { parse, text };
    let mut out = Vec::new();
    let mut inheritor = Inheritor::default();
    for game in &parse.games {
        let mut chunk = vec![if game.is_empty() { "chunk" } else { "game" }.to_owned()];
        reader.lines(&game.leading, &mut chunk);
        if !game.is_empty() {
            let model = inheritor.game(parse, text, game);
            reader.game(&model, effective, &mut chunk);
        }
        if chunk.len() > 1 || !game.is_empty() {
            out.extend(chunk);
        }
    }
    out
}

/// The first fact where `a` and `b` differ, as (fact in a, fact in b).
pub fn first_difference(a: &[String], b: &[String]) -> Option<(String, String)> {
    let missing = || "(nothing)".to_owned();
    (0..a.len().max(b.len())).find_map(|i| match (a.get(i), b.get(i)) {
        (Some(x), Some(y)) if x == y => None,
        (x, y) => Some((
            x.cloned().unwrap_or_else(missing),
            y.cloned().unwrap_or_else(missing),
        )),
    })
}

struct Reader<'a> {
    parse: &'a Parse,
    text: &'a str,
}

impl<'a> Reader<'a> {
    fn comment(&self, id: TokenId) -> String {
        format!(
            "comment {:?}",
            canon::comment_text(self.parse.text(self.text, id), "\n")
        )
    }

    fn escape(&self, id: TokenId) -> Option<String> {
        let line = self
            .parse
            .text(self.text, id)
            .trim_end_matches(['\r', '\n']);
        (!canon::is_header_escape(line)).then(|| format!("escape {:?}", canon::untab(line)))
    }

    /// Comments, `%` lines and section elements, in order.
    fn lines(&self, data: &[Data], out: &mut Vec<String>) {
        for item in data {
            match *item {
                Data::Comment(id) => out.push(self.comment(id)),
                Data::Escape(id) => out.extend(self.escape(id)),
                Data::Element { first, last } => out.push(format!(
                    "element {:?}",
                    canon::untab(&self.text[self.parse.span(first, last)])
                )),
                _ => {}
            }
        }
    }

    fn game(&self, model: &GameModel<'a>, effective: bool, out: &mut Vec<String>) {
        let context = context(model);
        let mut identification: Vec<(&str, Vec<String>)> = Vec::new();
        let mut sections: Vec<(&str, Vec<String>)> = Vec::new();
        for (i, tag) in model.tags.iter().enumerate() {
            if tag.duplicate
                || model.auction_notes.contains(&i)
                || model.play_notes.contains(&i)
                || model.auction == Some(i)
                || model.play == Some(i)
            {
                continue;
            }
            let given: &str = if effective || tag.inheritance == Inheritance::Implied {
                &tag.value
            } else {
                &tag.written
            };
            // PBN 3.4: an absent mandatory tag is written "?": both mean "unknown".
            if given == "?" && MTS.contains(&tag.name) && tag.pair.data.is_empty() {
                continue;
            }
            let mut facts = vec![format!(
                "tag {} = {}",
                tag.name,
                meaning(tag.name, given, &context)
            )];
            if tag.inheritance != Inheritance::Implied {
                self.lines(&tag.pair.data, &mut facts);
            }
            match canon::place(tag.pair, tag.name) {
                canon::Place::Section(_) => sections.push((tag.name, facts)),
                _ => identification.push((tag.name, facts)),
            }
        }
        identification.sort_by(|a, b| a.0.cmp(b.0));
        out.extend(identification.into_iter().flat_map(|(_, facts)| facts));
        for (section, notes, is_auction) in [
            (model.auction, &model.auction_notes, true),
            (model.play, &model.play_notes, false),
        ] {
            let Some(i) = section else {
                continue;
            };
            self.moves(&model.tags[i], is_auction, out);
            for &note in notes {
                let tag = &model.tags[note];
                out.push(format!("note {:?}", canon::untab(&tag.written)));
                self.lines(&tag.pair.data, out);
            }
        }
        sections.sort_by(|a, b| a.0.cmp(b.0));
        out.extend(sections.into_iter().flat_map(|(_, facts)| facts));
    }

    /// Each call or card with its seat (and trick), annotations and comments. Positions before
    /// the first call that are a bare `-` only shift the seats (PBN 3.5); in the play a bare `-` is
    /// no fact, since it says no more than an empty place.
    fn moves(&self, tag: &Tag<'a>, is_auction: bool, out: &mut Vec<String>) {
        let (parse, text) = (self.parse, self.text);
        let seat = Seat::parse(&tag.written);
        out.push(format!(
            "{} {}",
            tag.name,
            if seat.is_some() {
                String::new()
            } else {
                format!("{:?}", tag.written)
            }
        ));
        let mut positions: Vec<Vec<String>> = Vec::new();
        let mut index = 0usize;
        let mut started = false;
        let mut current: Option<usize> = None;
        let data = &tag.pair.data;
        for (k, item) in data.iter().enumerate() {
            let (word, annotations) = match item {
                Data::Move(mv) => {
                    let word = canon::move_word(parse, text, mv, is_auction);
                    let mark = mv
                        .irregularity
                        .map(|m| parse.text(text, m).to_ascii_uppercase());
                    let (notes, nags) = canon::annotations(parse, text, mv, is_auction);
                    let notes: Vec<&str> = notes.iter().map(canon::Number::digits).collect();
                    let nags: Vec<&str> = nags.iter().map(canon::Number::digits).collect();
                    (word, format!("{mark:?} {notes:?} {nags:?}"))
                }
                Data::Marker(id) => (parse.text(text, *id).to_owned(), String::new()),
                Data::Comment(id) => {
                    match current {
                        Some(p) => positions[p].push(self.comment(*id)),
                        None => out.push(self.comment(*id)),
                    }
                    continue;
                }
                Data::Escape(id) => {
                    out.extend(self.escape(*id));
                    continue;
                }
                _ => continue,
            };
            let bare_dash = word == "-" && annotations == "None [] []";
            let follows_comment = matches!(data.get(k + 1), Some(Data::Comment(_)));
            if bare_dash && !follows_comment && seat.is_some() && (!is_auction || !started) {
                index += 1;
                current = None;
                continue;
            }
            started = true;
            if word == "*" && !is_auction {
                // The end of the play (PBN 3.6) is no position of a trick.
                positions.push(vec![format!("end after {} cards", positions.len())]);
                current = Some(positions.len() - 1);
                continue;
            }
            let fact = match seat {
                Some(seat) if is_auction => {
                    format!("{} {word} {annotations}", seat.offset(index).letter())
                }
                Some(seat) => format!(
                    "trick {} {} {word} {annotations}",
                    index / 4 + 1,
                    seat.offset(index % 4).letter()
                ),
                None => format!("#{index} {word} {annotations}"),
            };
            positions.push(vec![fact]);
            current = Some(positions.len() - 1);
            index += 1;
        }
        out.extend(positions.into_iter().flatten());
    }
}

/// What a tag value means, for the tags whose export form differs from import spellings.
fn meaning(name: &str, value: &str, context: &canon::GameContext) -> String {
    let read = match name {
        "Dealer" => Seat::parse(value).map(|seat| format!("{seat:?}")),
        "Vulnerable" => Vulnerability::parse(value).map(|v| format!("{v:?}")),
        "Declarer" => values::parse_declarer(value).map(|d| format!("{d:?}")),
        "Contract" => ContractValue::parse(value).map(|c| format!("{c:?}")),
        "Deal" => match deal::parse(value) {
            (Some(deal), problems) if problems.is_empty() => Some(format!(
                "{:?}",
                Seat::ALL.map(|seat| deal.hand(seat).map(|hand| hand.cards))
            )),
            _ => None,
        },
        "Result" => ResultValue::parse(value).map(|result| match result {
            None => "none".to_owned(),
            Some(result) => {
                let tricks = match result.tricks {
                    PerSide::Declarer(tricks) => Some(tricks),
                    _ => context
                        .declarer
                        .and_then(|seat| result.declarer_tricks(seat, context.tricks)),
                };
                match tricks {
                    Some(tricks) => format!("caret {} tricks {tricks}", result.caret),
                    None => format!("{result:?}"),
                }
            }
        }),
        _ => None,
    };
    read.unwrap_or_else(|| format!("{:?}", canon::untab(value)))
}
