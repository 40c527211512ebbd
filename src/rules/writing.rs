//! The `W` rules: why `pbnfmt export`, the rewrites and the conversions refuse to write, or
//! leave a game out. Declared and worded here; raised by the writers (`proof/`, `export/`,
//! `rewrite/`, `jsonl`), which import them.

use std::ops::Range;

use crate::rules::diagnostic::{Diagnostic, Severity};
use crate::rules::{Drawn, Group, Rule, RuleInfo};

// The rules of this family: see [`crate::rules`].

pub const UNENCODABLE_CHARACTER: RuleInfo = RuleInfo {
    code: "W001",
    name: "unencodable-character",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 2.2",
    summary: "Export: a character the output encoding cannot hold",
    what: "`pbnfmt export --encoding latin-1` (or a Latin-1 input exported as it is) meets a \
        character that the output encoding cannot represent, such as `♠` in Latin-1. The file is \
        not written.",
    why: "PBN 2.2: \"PBN data is represented using a subset of the eight bit ISO 8859/1 (Latin 1) \
        character set.\" A character that cannot be encoded would have to be replaced, and pbnfmt \
        never replaces silently.",
    example: "```\n\
        {Board 1: 4♠ made}\n\
        ```",
    fix: "Export in UTF-8 (`--encoding utf-8`), write the character another way (`\\S` is the PBN \
        3.8 notation for spades in comments), or accept `?` for it with `--force`.",
    drawn: Drawn::Export,
    ..RuleInfo::BASE
};

pub const CONFLICTING_DUPLICATE_TAG: RuleInfo = RuleInfo {
    code: "W002",
    name: "conflicting-duplicate-tag",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 3.4",
    summary: "Export: two boards run together, or a repeated tag a comment cannot hold",
    what: "A game with two tag pairs of one name (other than Note) that export cannot keep: the \
        game gives two values of the board's Board, Deal, Dealer or Vulnerable (two boards ran \
        together, the empty line between them missing), or the repeat is a section, holds \
        section data, or has a `}` a comment cannot hold. A repeat with the same value and \
        nothing after it is written once; another repeat is kept as a comment (W011).",
    why: "PBN 3.4: \"In export format, tag pairs may only occur once.\" When two boards ran \
        together (PBN 3: games are separated by an empty line), writing the first board's tags \
        loses the second board.",
    example: "```\n\
        [Board \"1\"]\n\
        [Dealer \"N\"]\n\
        [Board \"2\"]\n\
        [Dealer \"E\"]\n\
        ```",
    fix: "Separate the boards with an empty line, or remove the wrong tag. `--force` keeps the \
        first tag and drops the later one.",
    drawn: Drawn::Export,
    ..RuleInfo::BASE
};

pub const REPEATED_TAG_KEPT: RuleInfo = RuleInfo {
    code: "W011",
    name: "repeated-tag-kept",
    severity: Severity::Warning,
    group: Group::Write,
    section: "PBN 3.4",
    summary: "Export: a tag given twice, the second written as a comment",
    what: "A game with two tag pairs of one name whose values differ, where the game's Board, \
        Deal, Dealer and Vulnerable are each given once or alike (Bridge Bidding Analyser \
        writes `[Room \"Open\"]` then `[Room \"IMP\"]` in every game). Export writes the first, \
        which counts, and the second as a comment after it, with its own comments.",
    why: "PBN 3.4: \"In import format, a tag pair that already occurred, is ignored\", and \
        export format has one tag pair of each name. Written as a comment, the ignored pair is \
        not lost.",
    example: "```\n\
        [Room \"Open\"]\n\
        [Room \"IMP\"]\n\
        ```",
    fix: "Remove the tag that is wrong, or keep the comment.",
    drawn: Drawn::Export,
    ..RuleInfo::BASE
};

pub const EMBEDDED_PBN: RuleInfo = RuleInfo {
    code: "W003",
    name: "embedded-pbn",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 6.2",
    summary: "Export: PBN embedded in another document between `<PBN>` and `</PBN>`",
    what: "A file whose PBN text stands between `<PBN>` and `</PBN>` inside another document \
        (HTML, a word-processor export). The export of the PBN text would lose the document \
        around it.",
    why: "PBN 6.2: \"The delimiters do not occur in a PBN file itself.\" An export is a PBN file, \
        so the document around the PBN text cannot be part of it.",
    example: "```\n\
        <html><PBN>[Event \"Club\"]</PBN></html>\n\
        ```",
    fix: "Cut the PBN text out of the document, or run `pbnfmt export --force`, which writes the \
        PBN text alone.",
    drawn: Drawn::Export,
    ..RuleInfo::BASE
};

pub const UNFAITHFUL_EXPORT: RuleInfo = RuleInfo {
    code: "W004",
    name: "unfaithful-export",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 2.1",
    summary: "Export: the export would not read back as the input (a pbnfmt bug)",
    what: "Before writing, `pbnfmt export` reads its export back and compares every tag value, \
        call, card, annotation, note, section element, comment and `%` line with the input, then \
        exports the export again and requires the same bytes. This rule reports a difference; the \
        file is not written.",
    why: "PBN 2.1: a program writing export format \"guarantees the portability of PBN files\"; \
        it must not change what the file says. A difference is a bug in pbnfmt, never in the \
        input.",
    example: "```\n\
        (any file that makes pbnfmt misbehave)\n\
        ```",
    fix: "Report it with the file. `--force` writes the export anyway.",
    drawn: Drawn::Export,
    ..RuleInfo::BASE
};

pub const UNWRITABLE_INHERITED_VALUE: RuleInfo = RuleInfo {
    code: "W005",
    name: "unwritable-inherited-value",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 4.8",
    summary: "Resolve: an inherited value that written out would read as `#` or `##` again",
    what: "A value inherited through `#` or `##` that is itself `#` or begins with `##` (`[Event \
        \"###\"]` gives later games the value `#`). `pbnfmt resolve` and `pbnfmt export \
        --resolve` cannot write it plainly: it would inherit again.",
    why: "PBN 4.8: `\"#\"` and values beginning with `##` mean inheritance, so such a value has \
        no plain spelling. `resolve` leaves the tag as it is and says so; `export --resolve` \
        refuses the file.",
    example: "```\n\
        [Event \"###\"]\n\n\
        [Event \"#\"]\n\
        ```",
    fix: "Change the value where it is given, e.g. `[Event \"No. 1\"]`.",
    drawn: Drawn::Export,
    ..RuleInfo::BASE
};

pub const GAME_NOT_CONVERTED: RuleInfo = RuleInfo {
    code: "W006",
    name: "game-not-converted",
    severity: Severity::Warning,
    group: crate::rules::Group::Write,
    section: "PBN 3",
    summary: "Data: a game that cannot be one object (two boards run together, no tag pair read) is left out of the JSON lines or CSV",
    what: "`pbnfmt convert --to jsonl` and `--to csv` leave out a game in which two boards ran \
        together (two Board, Deal, Dealer or Vulnerable values: T022 reports them), which one \
        object would cut to the first board, and text between games of which no tag pair \
        reads. A game whose text has a syntax error but reads is written, marked `\"uncertain\": \
        true` with its syntax errors (issue 44, item 14): what the parser recovers is a \
        reading, not the file's certain word, and the analyst decides.",
    why: "PBN 3: a game is a sequence of tag pairs with their sections; one object is one \
        game. Two games in one would be cut to the first silently.",
    example: "```\n\
        [Board \"1\"]\n\
        [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
        [Board \"2\"]\n\
        [Deal \"N:2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876\"]\n\
        ```",
    fix: "Put an empty line between the two boards (PBN 3), then convert again.",
    drawn: Drawn::JsonLines,
    ..RuleInfo::BASE
};

pub const REMOVED_GAME_INHERITED: RuleInfo = RuleInfo {
    code: "W007",
    name: "removed-game-inherited",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 4.8",
    summary: "Dedup: a kept game takes a value with `#` or `##` from a game that would be removed",
    what: "`pbnfmt dedup` removes whole games. A kept game that inherits a tag value from a \
        removed one (`[Event \"#\"]` after it, or a `##` value it gave) would lose or change \
        that value. The file is not written.",
    why: "PBN 4.8: `#` takes the value of the nearest earlier game with the tag, `##` gives a \
        value to every later game without it; removing the game that holds the value changes \
        what the later games say.",
    example: "```\n\
        [Event \"##Club pairs\"]\n\
        [Board \"9\"]\n\
        [Deal \"N:...\"]\n\n\
        [Board \"10\"]\n\
        ```",
    fix: "Write every value out first (`pbnfmt resolve --write`), then dedup.",
    blocks_rewrite: true,
    drawn: Drawn::Dedup,
    ..RuleInfo::BASE
};

pub const NOT_ROTATED: RuleInfo = RuleInfo {
    code: "W008",
    name: "not-rotated",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 3.4.10",
    summary: "Rotate: a value that names a seat or a side in a form rotate cannot read",
    what: "`pbnfmt rotate` turns every value that names a seat or a side (Dealer, Declarer, \
        Deal, the Auction and Play seats, Vulnerable, the sides of the scores, OptimumScore, \
        ParContract, DoubleDummyTricks, Hidden, the Declarer column of the optimum tables). A \
        value it cannot read, such as a Dealer `X` or a Vulnerable `N-S`, is not turned, and the \
        file is not written. With `--to-dealer` or `--to-declarer`, a board that gives no seat \
        to turn from (no Dealer; no Declarer: not played, or passed out) is left whole as it is, \
        with this finding as a warning, and the other boards are turned; `--strict` refuses the \
        file instead.",
    why: "A board turned but for one value describes another deal: the Dealer (PBN 3.4.9) or the \
        vulnerability (PBN 3.4.10) of one board and the cards of another. Rotate \
        refuses rather than guess.",
    example: "```\n\
        [Dealer \"X\"]\n\
        [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
        ```",
    fix: "Correct the value (`pbnfmt check` says what is wrong with it, `pbnfmt fix` repairs the \
        usual spellings), then rotate.",
    blocks_rewrite: true,
    drawn: Drawn::Rotate,
    ..RuleInfo::BASE
};

pub const RENUMBER_MOVES_PLAYED_BOARD: RuleInfo = RuleInfo {
    code: "W009",
    name: "renumber-moves-played-board",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 3.4.4",
    summary: "Renumber: the standard dealer or vulnerability of the new number would change a played board",
    what: "`pbnfmt renumber --standard-dealer-vul` gives each board the Dealer and Vulnerable its \
        new number has in the usual rotation. A board that was played (it has an Auction, Play, \
        Contract, Declarer, Result or score) and whose dealer or vulnerability that would change \
        is not renumbered, and the file is not written.",
    why: "The auction of a played board starts from its dealer (PBN 3.5) and its score follows \
        its vulnerability (PBN 3.4.10, 4.2): changing either label alone makes the board say \
        another game. The Board number (PBN 3.4.4) is a label; the dealer and vulnerability of \
        a played board are facts of the play.",
    example: "```\n\
        [Board \"9\"]\n\
        [Dealer \"N\"]\n\
        [Vulnerable \"EW\"]\n\
        [Auction \"N\"]\n\
        1S Pass 4S AP\n\
        ```\n\
        renumbered from 2: board 2 deals from East, North-South vulnerable.",
    fix: "Renumber without `--standard-dealer-vul`, or turn the board first so that its dealer \
        is the new number's (`pbnfmt rotate`).",
    blocks_rewrite: true,
    drawn: Drawn::Renumber,
    ..RuleInfo::BASE
};

pub const UNCERTAIN_RESULT: RuleInfo = RuleInfo {
    code: "W010",
    name: "uncertain-result",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 3.4.15",
    summary: "Export: a Result whose tricks for declarer are not certain",
    what: "Export format gives declarer's tricks alone in the Result. A Result given for a side \
        (`EW 4`, `NS 9 EW 4`) becomes declarer's number only when it is certain: when the \
        Declarer is known, and when the two numbers of a two-sided Result add up to the tricks \
        of the deal. Otherwise the Result is written as it is given, the rest of the file is \
        exported, and the export exits 1 with this finding for each such game: one board's \
        Result does not keep a session's other boards from export format.",
    why: "PBN 3.4.15: \"In export format the tag value contains the number of tricks won by \
        declarer.\" `NS 9 EW 2` says two different things; writing `9` would pick one of them, \
        and with no Declarer `EW 4` has no declarer's number. pbnfmt never repairs by guessing.",
    example: "```\n\
        [Declarer \"N\"]\n\
        [Result \"NS 9 EW 2\"]\n\
        ```",
    fix: "Correct the Result (or give the Declarer); `pbnfmt check` compares it with the play.",
    drawn: Drawn::Export,
    ..RuleInfo::BASE
};

pub const BOARDS_JOINED: RuleInfo = RuleInfo {
    code: "W012",
    name: "boards-joined",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 3",
    summary: "Renumber, set-tag: a game that runs two boards together would read as one board",
    what: "A game that gives its Board, Deal, Dealer or Vulnerable twice with different values \
        runs two boards together: the empty line between them is missing. When the new number \
        (`renumber`) or value (`set-tag`) would make those tags alike, the two boards would read \
        as one, with the second board's tags ignored: the file is not written.",
    why: "PBN 3: games are separated by an empty line, and a tag pair given again in a game is \
        ignored (PBN 3.4). Two boards run together are two boards; a rewrite that changes only \
        a label may not make them one board whose second half is lost.",
    example: "```\n\
        [Board \"2\"]\n\
        [Dealer \"N\"]\n\
        [Board \"1\"]\n\
        [Dealer \"N\"]\n\
        ```\n\
        renumbered from 1: both Board tags would say 1.",
    fix: "Put an empty line between the two boards (the second starts at its repeated tag), then \
        rewrite.",
    blocks_rewrite: true,
    drawn: Drawn::Renumber,
    ..RuleInfo::BASE
};

pub const NOT_REPLICATED: RuleInfo = RuleInfo {
    code: "W013",
    name: "not-replicated",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 3.4.4",
    summary: "Replicate: a board that cannot be copied into blocks as it is written",
    what: "`pbnfmt replicate` writes each board again on the board numbers of the later blocks, \
        naming the original in VirtualBoard, VirtualDealer and VirtualVulnerable. A board without \
        a Deal that reads whole, a Dealer or a readable Vulnerable has nothing certain to copy \
        or to name; boards not numbered in order from the first cannot keep their numbers as the \
        first block; a block smaller than the file cannot hold it; and more than 10,000 boards \
        are not written. The file is not written.",
    why: "PBN 3.4.4: the Board is the number of the board (the tray) a deal is dealt into, and \
        PBN 3.4.9-3.4.11 give the dealer, vulnerability and cards of that tray. A copy on another \
        tray is only the same deal when all three are known; numbers that clash or skip would \
        put two deals on one tray. pbnfmt never guesses a deal, a dealer or a number.",
    example: "```\n\
        [Board \"1\"]\n\
        [Dealer \"N\"]\n\
        ```\n\
        replicated: board 1 has no Deal to copy.",
    fix: "Give each board its Deal, Dealer and Vulnerable; number the boards in order first \
        (`pbnfmt renumber`); give `--size` at least the number of boards of the file.",
    blocks_rewrite: true,
    drawn: Drawn::Replicate,
    ..RuleInfo::BASE
};

/// The boards `boards` (selected, merged) could not be renumbered for a reason of the input
/// that the renumbering found (`problem`, in the text the boards make): its rule and words, at
/// the start of the file, since the text it points into is not the input (before, the refusal
/// was called a bug in pbnfmt, issue 63, item 13).
pub fn not_renumbered(boards: Boards, problem: &Diagnostic) -> Diagnostic {
    let what = match boards {
        Boards::Merged => "merged",
        Boards::Selected => "selected",
    };
    let mut said = Diagnostic::new(
        problem.rule,
        0..0,
        format!(
            "the boards {what} could not be renumbered: {}",
            problem.message
        ),
    );
    said.severity = problem.severity;
    match &problem.help {
        Some(help) => said.with_help(help.clone()),
        None => said,
    }
}

/// W004, refused before any edit: removing `names` from the game at `span` would leave it no tag
/// pair, and a game is its tags (PBN 3.1): the game itself would go, which `set-tag` never does
/// (issue 65, item 1: this was a failed proof called a bug in pbnfmt).
pub fn game_emptied(names: &[&str], span: Range<usize>) -> Diagnostic {
    let names: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
    let names = names.join(", ");
    Diagnostic::new(
        Rule::UnfaithfulExport,
        span,
        format!(
            "removing {names} would leave this game without a tag pair, and the game would go \
             with it (PBN 3.1)"
        ),
    )
    .with_help(
        "keep a tag in the game, or remove the game itself with `pbnfmt select --boards ... \
         --invert`",
    )
}

/// W004, refused before any edit: the tag `name` at `span` has a comment after it, which PBN 3.8
/// ties to it: removing the tag pair alone would tie the comment to the tag before it, and
/// removing the comment too would lose it (issue 63, item 13: this was a failed proof called a
/// bug in pbnfmt).
pub fn comment_left_behind(name: &str, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::UnfaithfulExport,
        span,
        format!(
            "the {name} tag has a comment after it, which refers to it (PBN 3.8): removing the \
             tag pair alone would make the comment refer to the tag before it"
        ),
    )
    .with_help(
        "move or remove the comment in an editor first, or set the tag's value instead of \
         removing it",
    )
}

/// W004, refused before any edit: the tag `name` at `span` begins a section (its calls, cards or
/// rows follow it, PBN 3.1), which removing the tag pair alone would leave behind as data of the
/// tag before it (issue 63, item 13: this was a failed proof called a bug in pbnfmt).
pub fn section_left_behind(name: &str, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::UnfaithfulExport,
        span,
        format!(
            "the {name} tag begins a section, whose data follows it (PBN 3.1): removing the tag \
             pair alone would leave the data to the tag before it"
        ),
    )
    .with_help(
        "set-tag removes tag pairs, not sections: remove the section with its tag in an editor, \
         or set the tag's value instead",
    )
}

/// W004, refused before any edit: `renumber --standard-dealer-vul` would remove the tag `name`
/// at `span` (a par that the board's new dealer or vulnerability makes stale, with no table to
/// work it out again), but data follows the tag, which has no section (PBN 3.1): removing the
/// pair alone would leave the data to the tag before it (found by fuzzing: this was a failed
/// proof called a bug in pbnfmt).
pub fn stale_par_with_data(name: &str, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::UnfaithfulExport,
        span,
        format!(
            "the {name} would be stale at the board's new dealer and vulnerability and is to be \
             removed, but data follows it (PBN 3.1: it has no section), which would be left to \
             the tag before it"
        ),
    )
    .with_help(
        "remove the lines after the tag in an editor, or renumber without \
         --standard-dealer-vul",
    )
}

/// W004, refused: `select --write` chose none of the file's `games` boards, and would leave it
/// without a board (issue 63, item 6).
pub fn nothing_chosen(games: usize) -> Diagnostic {
    Diagnostic::new(
        Rule::UnfaithfulExport,
        0..0,
        format!(
            "no board of this file is chosen (it has {games}): written, it would keep none; the \
             file is left as it is"
        ),
    )
    .with_help("check --boards and --where; `--allow-empty` writes the file without its boards")
}

/// W010: the Result at `span` is not written as declarer's tricks: `why` says why.
pub fn uncertain_result(why: &str, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::UncertainResult,
        span,
        format!("the Result cannot be written as declarer's tricks: {why}"),
    )
    .with_help(
        "it is written as it is given, and the rest of the file is exported: correct the \
         Result, or give the Declarer",
    )
}

/// T002, refused before any edit: renumbered, the game at `span` would be board `number`, past the
/// largest number a Board reads as ([`crate::model::values::MAX_BOARD`]).
pub fn board_number_too_large(span: Range<usize>, number: u64) -> Diagnostic {
    Diagnostic::new(
        Rule::InvalidBoard,
        span,
        format!(
            "this game would be board {number}, and a Board of more than nine digits does not \
             read as a number: the file is not renumbered"
        ),
    )
    .with_help("renumber from a smaller number (`--from`)")
}

/// W009: board `number` would get dealer `dealer` and vulnerability `vulnerable` (in words), but its `played`
/// tag says it was played; `span` is its Board.
pub fn renumber_moves_played_board(
    number: u64,
    dealer: &str,
    vulnerable: &str,
    played: &str,
    span: Range<usize>,
) -> Diagnostic {
    // The vulnerability as PBN writes it (PBN 3.4.6), in words.
    let vulnerable = match vulnerable {
        "None" => "nobody vulnerable",
        "NS" => "North-South vulnerable",
        "EW" => "East-West vulnerable",
        _ => "both sides vulnerable",
    };
    Diagnostic::new(
        Rule::RenumberMovesPlayedBoard,
        span,
        format!(
            "board {number} deals from {dealer}, {vulnerable}, in the usual rotation, \
             but this board was played with another dealer or vulnerability (its {played} is \
             given): the file is not renumbered"
        ),
    )
    .with_help(RENUMBER_MOVES_PLAYED_BOARD.fix)
}

/// W001: a character of the text at `span` that the output's encoding cannot hold.
pub fn unencodable_character(span: Range<usize>, what: &dyn std::fmt::Display) -> Diagnostic {
    Diagnostic::new(Rule::UnencodableCharacter, span, format!("{what}")).with_help(
        "export in an encoding that has it (`--encoding utf-8`), or replace it; `--force` \
         writes `?` for it",
    )
}

/// W001: a character the rewrite would write (`what` names it) that the file's encoding
/// (`encoding`) cannot hold: the file is not changed.
pub fn not_in_file_encoding(what: &dyn std::fmt::Display, encoding: &str) -> Diagnostic {
    Diagnostic::new(
        Rule::UnencodableCharacter,
        0..0,
        format!("{what}, the file's encoding: the file is not changed"),
    )
    .with_help(format!(
        "give a value in characters {encoding} has, or write the file in UTF-8 first (`pbnfmt \
         export --encoding utf-8`)"
    ))
}

/// W002: a second tag `name` at `span`, with another value, or with the same value and data
/// after it (`same_value`); `first` is the tag that counts; `ran_together` names the tag of the
/// board's identity given twice with two values, when there is one.
pub fn conflicting_duplicate_tag(
    name: &str,
    span: Range<usize>,
    same_value: bool,
    first: Option<Range<usize>>,
    ran_together: Option<&str>,
) -> Diagnostic {
    let what = if same_value {
        "with the same value and data of its own after it"
    } else {
        "with another value"
    };
    let message = match ran_together {
        Some(identity) if identity == name => format!(
            "a second {name} tag, {what}: two boards seem to have run together, and export \
             would lose the second"
        ),
        Some(identity) => format!(
            "a second {name} tag, {what}, in a game with two {identity} values: two boards \
             seem to have run together, and export would lose the second"
        ),
        None => format!(
            "a second {name} tag, {what}, that a comment cannot hold: export format has one tag \
             of each name"
        ),
    };
    let help = match ran_together {
        Some(_) => "separate the two boards with an empty line (PBN 3)",
        None => {
            "remove the tag that is wrong; if two games ran together, separate them with an \
             empty line (PBN 3)"
        }
    };
    let diagnostic = Diagnostic::new(Rule::ConflictingDuplicateTag, span, message)
        .with_label("not written")
        .with_help(help);
    match first {
        Some(first) => diagnostic.with_related(first, "the tag that counts"),
        None => diagnostic,
    }
}

/// W011: a second tag `name` at `span`, written as a comment after the tag that counts (`first`).
pub fn repeated_tag_kept(
    name: &str,
    span: Range<usize>,
    first: Option<Range<usize>>,
) -> Diagnostic {
    let diagnostic = Diagnostic::new(
        Rule::RepeatedTagKept,
        span,
        format!(
            "a second {name} tag: the first counts (PBN 3.4), and export writes this one as a \
             comment after it"
        ),
    )
    .with_label("written as a comment")
    .with_help("remove the tag that is wrong, or keep the comment");
    match first {
        Some(first) => diagnostic.with_related(first, "the tag that counts"),
        None => diagnostic,
    }
}

/// W003: the `<PBN>` delimiter at `span` of a text that embeds PBN in another document.
pub fn embedded_pbn(span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::EmbeddedPbn,
        span,
        "the PBN text is embedded in another document; export would write the PBN text alone",
    )
    .with_help(
        "cut the PBN text out of the document, or export with `--force` to drop the rest (PBN \
         6.2)",
    )
}

/// W rule of embedded PBN, for `merge` and `split`: a document that embeds PBN text (PBN 6.2) is
/// not joined to other files nor cut into parts, which would carry its other text into every
/// part or the middle of the set (it drew "a bug in pbnfmt" before).
pub fn embedded_not_joined(span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::EmbeddedPbn,
        span,
        "the PBN text is embedded in another document (PBN 6.2); merge and split join and cut \
         PBN files",
    )
    .with_help(
        "take the PBN text out first: `pbnfmt export --force FILE > OUT.pbn` writes it alone",
    )
}

/// W rule of embedded PBN, for `select` and `dedup`: games are not removed from a document that
/// embeds PBN text (PBN 6.2), whose other text the proof does not read (it drew "a bug in
/// pbnfmt" before, issue 63, item 13).
pub fn embedded_not_cut() -> Diagnostic {
    Diagnostic::new(
        Rule::EmbeddedPbn,
        0..0,
        "the PBN text is embedded in another document (PBN 6.2); select and dedup remove games \
         from PBN files",
    )
    .with_help(
        "take the PBN text out first: `pbnfmt export --force FILE > OUT.pbn` writes it alone",
    )
}

/// The pass/fail pairs of the writers' rules ([`crate::rules::pairs`]).
#[cfg(test)]
mod pairs;

mod read_back;
mod refusals;
#[cfg(test)]
pub(crate) use pairs::pairs;
pub use read_back::{
    Boards, FormatBreak, TableChange, Unfaithful, export_unfaithful, result_not_read_back,
    result_unfaithful,
};
pub use refusals::{
    Joining, NotReplicated, Unturnable, board_left_unturned, boards_joined, not_replicated,
    not_rotated,
};

/// W004: the output (`what`: "the output", "the LIN") could not be kept while it was written.
pub fn output_not_kept(what: &str, error: &dyn std::fmt::Display) -> Diagnostic {
    Diagnostic::new(
        Rule::UnfaithfulExport,
        0..0,
        format!("{what} could not be kept: {error}"),
    )
}

/// W004: board `number` (from 1) at `span` reads back as `after`, converted from `before`.
pub fn board_reads_back_otherwise(
    span: Range<usize>,
    number: usize,
    before: &str,
    after: &str,
) -> Diagnostic {
    Diagnostic::new(
        Rule::UnfaithfulExport,
        span,
        format!(
            "board {number} reads back differently from what was converted; nothing was written"
        ),
    )
    .with_help(format!(
        "this is a bug in pbnfmt, please report it: was `{}`, reads back `{}`",
        crate::display::escape(before),
        crate::display::escape(after)
    ))
}

/// W005: the inherited value `value` of tag `name`, written out at `span`, would read as
/// inheritance again; `given` is where a `##` gave it.
pub fn unwritable_inherited_value(
    name: &str,
    value: &str,
    span: Range<usize>,
    given: Option<Range<usize>>,
) -> Diagnostic {
    let finding = Diagnostic::new(
        Rule::UnwritableInheritedValue,
        span,
        format!(
            "the {name} tag inherits the value {value:?}, which written out would read as \
             inheritance again"
        ),
    )
    .with_help(
        "PBN 4.8: a value `#` or one beginning with `##` cannot be written plainly; change the \
         value where it is given",
    );
    match given {
        Some(given) => finding.with_related(given, "given with `##` here"),
        None => finding,
    }
}

/// W006: `named` (a game, in words) at `span` is left out of the data: `why`.
pub fn game_not_converted(span: Range<usize>, named: &str, why: &str) -> Diagnostic {
    Diagnostic::new(
        Rule::GameNotConverted,
        span,
        format!("{named} left out: {why}"),
    )
    .with_help(
        "boards run together need an empty line between them (PBN 3; `pbnfmt check` reports \
         T022 for them); then convert again",
    )
}

/// W007: the game at `span` takes a value from a game dedup removes.
pub fn removed_game_inherited(span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::RemovedGameInherited,
        span,
        "this game would change: it takes a value with `#` or `##` from a game dedup removes",
    )
    .with_help(REMOVED_GAME_INHERITED.fix)
}

/// W008: the declarer `cell` of table `table` at `span` is not a seat.
pub fn declarer_not_a_seat(table: &str, cell: &str, span: Range<usize>) -> Diagnostic {
    Diagnostic::new(
        Rule::NotRotated,
        span,
        format!(
            "the {table} declarer `{}` is not a seat: the board is not turned",
            crate::display::escape(cell)
        ),
    )
    .with_help(NOT_ROTATED.fix)
}
