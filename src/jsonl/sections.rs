//! The auction and play of a game as JSON (docs/json-lines.md), with their annotations and comments.

use super::*;

pub(super) fn auction_object(
    out: &mut String,
    parse: &Parse,
    text: &str,
    model: &GameModel<'_>,
    dealer: Option<Seat>,
    mut spans: Option<&mut Vec<Range<usize>>>,
) {
    let Some((tag, start)) = model.auction_section() else {
        out.push_str("null");
        return;
    };
    let notes = notes(model, &model.auction_notes);
    let read = auction::read(parse, text, start, dealer, &tag.pair.data);
    let moves = moves_of(&tag.pair.data);
    let mut o = Object::new(out);
    o.str("first", seat_text(Some(start)));
    let mut end = "open";
    let list = o.key("calls");
    list.push('[');
    let mut next_move = 0;
    let mut written = 0;
    for position in &read.positions {
        let mv = match position.entry {
            // The move of this position: a `-` before the dealer is a move but no position.
            Entry::Call(_) | Entry::Skip | Entry::Unreadable => {
                while moves
                    .get(next_move)
                    .is_some_and(|mv| mv.token < position.token)
                {
                    next_move += 1;
                }
                moves
                    .get(next_move)
                    .copied()
                    .filter(|mv| mv.token == position.token)
            }
            Entry::End => {
                end = "stopped";
                None
            }
            Entry::Continue => {
                end = "continued";
                None
            }
        };
        let call: std::borrow::Cow<'_, str> = match position.entry {
            Entry::Call(CallToken::Skip) | Entry::End | Entry::Continue => continue,
            Entry::Call(CallToken::Pass) => "Pass".into(),
            Entry::Call(call) => call.spelling().into(),
            Entry::Skip => "^S".into(),
            Entry::Unreadable => mv.map_or("".into(), |mv| parse.text(text, mv.token).into()),
        };
        if written > 0 {
            list.push(',');
        }
        written += 1;
        if let Some(spans) = spans.as_mut() {
            spans.push(parse.token(position.token).range());
        }
        let mut c = Object::new(list);
        c.str("seat", seat_text(Some(position.seat)));
        c.str("call", Some(&call));
        annotations(&mut c, parse, text, mv, &notes);
        insufficient(&mut c, parse, text, mv);
        c.end();
    }
    // The calls written after the end, or after a call the walk could not follow: each as
    // written, marked `after_end` when the auction had ended (issue 44, item 12).
    let ended = matches!(
        read.outcome,
        Some(auction::Outcome::Complete(_) | auction::Outcome::Stopped)
    );
    // The moves the walk did not take: those after the last position it read (a `-` before
    // the dealer is no position, and no call).
    let last = read.positions.last();
    let mut seat = last.map(|p| p.seat.next());
    let after = moves.iter().filter(|mv| {
        last.is_some_and(|p| mv.token > p.token)
            && CallToken::read(parse.text(text, mv.token)) != Some(CallToken::Skip)
    });
    for mv in after {
        if written > 0 {
            list.push(',');
        }
        written += 1;
        if let Some(spans) = spans.as_mut() {
            spans.push(parse.token(mv.token).range());
        }
        let token = parse.text(text, mv.token);
        let call: std::borrow::Cow<'_, str> = match CallToken::read(token) {
            Some(CallToken::Pass) => "Pass".into(),
            Some(call) => call.spelling().into(),
            None => token.into(),
        };
        let mut c = Object::new(list);
        c.str("seat", seat_text(seat));
        c.str("call", Some(&call));
        annotations(&mut c, parse, text, Some(mv), &notes);
        insufficient(&mut c, parse, text, Some(mv));
        if ended {
            c.key("after_end").push_str("true");
        }
        c.end();
        seat = seat.map(Seat::next);
    }
    list.push(']');
    if matches!(read.outcome, Some(auction::Outcome::Complete(_))) {
        end = "complete";
    }
    o.str("end", Some(end));
    o.end();
}

pub(super) fn play_object(
    out: &mut String,
    parse: &Parse,
    text: &str,
    model: &GameModel<'_>,
    declarer: Option<Seat>,
    contract: Option<ContractValue>,
    mut spans: Option<&mut Vec<[Option<Range<usize>>; 4]>>,
) {
    let Some((tag, play_seat)) = model.play_section() else {
        out.push_str("null");
        return;
    };
    let trumps: Option<Denomination> = contract.and_then(ContractValue::denomination);
    // Every card written is given, even past the tricks an end position has (P009 judges
    // that): the deal does not limit the reading here.
    let context = Context {
        play_seat,
        deal: None,
        opening_leader: declarer.map(Seat::next),
        trumps,
        hand_size: 13,
    };
    let read = play::read(parse, text, context, &tag.pair.data);
    let notes = notes(model, &model.play_notes);
    let moves = moves_of(&tag.pair.data);
    let mut o = Object::new(out);
    o.str("first", seat_text(Some(play_seat)));
    let list = o.key("tricks");
    list.push('[');
    for (i, trick) in read.tricks.iter().enumerate() {
        if i > 0 {
            list.push(',');
        }
        if let Some(spans) = spans.as_mut() {
            spans.push(Seat::ALL.map(|seat| match trick.slot(seat) {
                Slot::Card { token, .. } | Slot::Unknown(token) | Slot::Continue(token) => {
                    Some(parse.token(token).range())
                }
                Slot::Empty => None,
            }));
        }
        let mut t = Object::new(list);
        t.str("leader", seat_text(trick.leader));
        for seat in Seat::ALL {
            let out = t.key(seat_text(Some(seat)).unwrap_or("N"));
            match trick.slot(seat) {
                Slot::Card { card, .. } => {
                    out.push('"');
                    out.push(card.suit.letter());
                    out.push(card.rank.letter());
                    out.push('"');
                }
                Slot::Unknown(_) => out.push_str("\"-\""),
                Slot::Continue(_) => out.push_str("\"+\""),
                Slot::Empty => out.push_str("null"),
            }
        }
        t.str("winner", seat_text(trick.winner));
        card_annotations(&mut t, parse, text, trick, &moves, &notes);
        t.end();
    }
    list.push(']');
    o.str(
        "end",
        Some(match read.end {
            PlayEnd::Stopped(_) => "stopped",
            PlayEnd::Open => "open",
        }),
    );
    o.end();
}

/// What is written about the trick's cards, by seat, when anything is: `revoke` (`^R`),
/// `lead_out_of_turn` (`^L`, PBN 3.6.4), the card's NAGs and the text of its note (PBN 3.6.3).
pub(super) fn card_annotations(
    out: &mut Object<'_>,
    parse: &Parse,
    text: &str,
    trick: &play::Trick,
    moves: &[&crate::syntax::Move],
    notes: &[(&str, &str)],
) {
    let mut marked = Vec::new();
    for seat in Seat::ALL {
        let Slot::Card { token, mark, .. } = trick.slot(seat) else {
            continue;
        };
        let Ok(at) = moves.binary_search_by_key(&token, |mv| mv.token) else {
            continue;
        };
        let mv = moves[at];
        let (references, nags) = canon::annotations(parse, text, mv, true);
        if mark.is_some() || !references.is_empty() || !nags.is_empty() {
            marked.push((seat, mark, mv));
        }
    }
    if marked.is_empty() {
        return;
    }
    let mut list = Object::new(out.key("annotations"));
    for (seat, mark, mv) in marked {
        let mut a = Object::new(list.key(seat_text(Some(seat)).unwrap_or("N")));
        if let Some(mark) = mark {
            let key = if mark.revoke {
                "revoke"
            } else {
                "lead_out_of_turn"
            };
            a.key(key).push_str("true");
        }
        annotations(&mut a, parse, text, Some(mv), notes);
        a.end();
    }
    list.end();
}

/// The comments of a game, each with where it stood: before the first tag, after a tag pair, or
/// after the n-th call or card of a section (PBN 3.8).
pub(super) fn comments(out: &mut String, parse: &Parse, text: &str, model: &GameModel<'_>) {
    out.push('[');
    let mut first = true;
    let mut push = |out: &mut String, after: Option<&str>, moves: usize, body: &str| {
        if !first {
            out.push(',');
        }
        first = false;
        let mut c = Object::new(out);
        c.str("after", after);
        c.num("moves", Some(moves));
        c.str("text", Some(body));
        c.end();
    };
    let body = |id| crate::syntax::comment_body(parse.text(text, id));
    for data in &model.game.leading {
        if let Data::Comment(id) = data {
            push(out, None, 0, body(*id));
        }
    }
    for tag in model
        .tags
        .iter()
        .filter(|t| t.inheritance != Inheritance::Implied)
    {
        // A tag pair given again is ignored (PBN 3.4); as export does, it is kept as a comment
        // after the tag of its name (issue 43).
        if tag.duplicate
            && let canon::Repeat::Comment(comment) = canon::repeat(text, model, tag)
        {
            push(
                out,
                Some(tag.name),
                0,
                crate::syntax::comment_body(&comment),
            );
        }
        let mut moves = 0;
        for data in &tag.pair.data {
            match data {
                Data::Move(_) => moves += 1,
                Data::Comment(id) => push(out, Some(tag.name), moves, body(*id)),
                _ => {}
            }
        }
    }
    out.push(']');
}
