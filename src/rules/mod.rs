//! The rule index: one line per rule, naming its variant and the declaration in its family's file.
//!
//! A rule is declared once, as a Markdown page in the file beside the code that finds it
//! (`notes.md` beside `notes.rs`): its code, kebab-case name, default severity, group, the PBN
//! section it enforces, a one-line summary, its documentation (*What it checks / Why / Example /
//! Fix*), whether it stops a rewrite and whether it has a fix. `build.rs` turns each page into a
//! [`RuleInfo`] constant that the family's file includes; a page it cannot read stops the build,
//! naming its line. This index gathers the declarations into [`Rule`]; `pbnfmt rule`, the rule
//! index (docs/rule-index.md), the man page and the snapshot tests all read them through it. Codes
//! never change meaning once released; a retired rule keeps its code reserved. The variant is the
//! kebab-case name in CamelCase (a test holds them together).
//!
//! Code families and their files: `F` the file as a whole (encoding, what kind of file:
//! [`reading`]), `S` syntax (tokens and the structure of PBN 3.2-3.3, 3.5-3.6, 5.1: [`syntax`]),
//! `T` tags ([`values`] for the form of each defined value, [`tags`] for the rest), `D` deal, `A`
//! auction, `P` play, `N` notes and annotations, `X` tables, `C` characters and lines, `E` export
//! conformance, `U` suppression lines ([`crate::suppress`]), and `W` the reasons `pbnfmt export`
//! and the rewrites refuse to write ([`crate::proof`]).

pub mod auction;
pub mod chars;
pub mod dd;
pub mod deal;
pub mod diagnostic;
pub mod drawn;
pub mod export;
pub mod lin;
pub mod notes;
#[cfg(test)]
mod page;
pub mod play;
pub mod reading;
pub mod result;
pub mod results;
pub mod select;
pub mod semantic;
pub mod sets;
pub mod suppress;
pub mod syntax;
pub mod table_values;
pub mod tables;
pub mod tags;
pub mod values;
pub mod writing;

use crate::rules::diagnostic::Severity;

/// What a family file declares for one rule.
#[derive(Debug)]
pub struct RuleInfo {
    pub code: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub group: Group,
    /// The section of PBN 2.1 the rule enforces, e.g. "PBN 3.2".
    pub section: &'static str,
    pub summary: &'static str,
    /// The documentation's four parts, in Markdown: see [`RuleInfo::doc`].
    pub what: &'static str,
    pub why: &'static str,
    pub example: &'static str,
    pub fix: &'static str,
    /// A finding of this rule stops `export` and the rewrites (the text cannot be read
    /// faithfully), unless `--force` is given.
    pub blocks_rewrite: bool,
    /// Whether pbnfmt can repair what the rule finds.
    pub fixable: Fixability,
    /// Which command raises the rule: how its pair and its fixture draw it (`crate::drawn`).
    pub drawn: Drawn,
}

impl RuleInfo {
    /// What a declaration leaves out: a rule of the standard that stops nothing and has no fix.
    pub const BASE: RuleInfo = RuleInfo {
        code: "",
        name: "",
        severity: Severity::Error,
        group: Group::Standard,
        section: "",
        summary: "",
        what: "",
        why: "",
        example: "",
        fix: "",
        blocks_rewrite: false,
        fixable: Fixability::None,
        drawn: Drawn::Check,
    };

    /// The help line of a finding whose fix does not depend on what was found: the fix, as a
    /// clause ("write `Open` or `Closed` (PBN 4.1.7)"). The fix is written once, for the
    /// documentation and the findings alike.
    pub fn help(&self) -> String {
        let fix = self.fix.strip_suffix('.').unwrap_or(self.fix);
        let mut chars = fix.chars();
        match (chars.next(), chars.next()) {
            // "Write" becomes "write"; "PBN" stays.
            (Some(first), Some(second)) if !second.is_uppercase() => first
                .to_lowercase()
                .chain(fix[first.len_utf8()..].chars())
                .collect(),
            _ => fix.to_owned(),
        }
    }

    /// The page `pbnfmt rule CODE` prints: a title, a line of facts, and [`RuleInfo::doc`].
    pub fn page(&self) -> String {
        format!(
            "# {} {}\n\n{}. Default severity: {}. Runs: {}. Enforces {}.\n\n{}",
            self.code,
            self.name,
            self.summary,
            self.severity,
            self.group.name(),
            self.section,
            self.doc()
        )
    }

    /// The documentation in Markdown, under the headings every rule doc has.
    pub fn doc(&self) -> String {
        format!(
            "## What it checks\n{}\n\n## Why\n{}\n\n## Example\n{}\n\n## Fix\n{}\n",
            self.what, self.why, self.example, self.fix
        )
    }
}

/// The command that raises a rule, run on a text: what its pass/fail pair and its invalid fixture
/// are read with (`crate::drawn::draw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// `pbnfmt check`.
    Check,
    /// `pbnfmt export --resolve --encoding latin-1`: why a file is not written.
    Export,
    /// `pbnfmt convert --to lin` of a PBN file.
    ToLin,
    /// `pbnfmt convert --to jsonl`.
    JsonLines,
    /// `pbnfmt dedup` of a file with a repeat of its own.
    Dedup,
    /// `pbnfmt rotate --by 1`.
    Rotate,
    /// `pbnfmt renumber --standard-dealer-vul`: the first board becomes board 1.
    Renumber,
    /// `pbnfmt replicate --blocks 2`.
    Replicate,
}

/// When a rule runs without being selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// The standard's own rules: on by default.
    Standard,
    /// Export-format conformance (PBN 2.1): on for files that declare `% EXPORT`, or with
    /// `--export`.
    Export,
    /// Beyond the standard (score arithmetic, board rotation, unknown tags, 80-column lines):
    /// off unless selected.
    Extra,
    /// Why `pbnfmt export` refuses to write a file: reported by `export`, never by `check`.
    Write,
}

impl Group {
    /// Every group, in declaration order: `group as usize` is its place here.
    pub const ALL: [Group; 4] = [Group::Standard, Group::Export, Group::Extra, Group::Write];

    /// When a rule of the group runs, in words.
    pub fn name(self) -> &'static str {
        match self {
            Group::Standard => "default",
            Group::Export => "export",
            Group::Extra => "opt-in",
            Group::Write => "writer",
        }
    }
}

/// Where the project lives (Cargo.toml's `repository`), for links in SARIF.
pub const REPOSITORY: &str = env!("CARGO_PKG_REPOSITORY");

/// The address of a rule's documentation in `docs/rules.md` ([`reference`]), for SARIF's
/// `helpUri`.
pub fn doc_uri(rule: Rule) -> String {
    format!(
        "{REPOSITORY}/blob/main/docs/rules.md#{}",
        rule.code().to_ascii_lowercase()
    )
}

/// `docs/rules.md`: every rule's page, one anchor each (the code in lower case), under one
/// title. Generated from the rule table; a test keeps the file current.
pub fn reference() -> String {
    let mut out = String::from(
        "# pbnfmt rules\n\n\
         Every rule pbnfmt checks, as `pbnfmt rule CODE` prints it. Generated from the rule table \
         (`src/rules/`): `PBNFMT_UPDATE_README=1 cargo test --test integration readme` rewrites \
         it. SARIF output links each rule here.\n",
    );
    for rule in Rule::ALL {
        let info = rule.info();
        out.push_str(&format!(
            "\n<a id=\"{}\"></a>\n\n",
            info.code.to_ascii_lowercase()
        ));
        // One heading level down, outside code blocks.
        let mut fenced = false;
        for line in info.page().lines() {
            if line.starts_with("```") {
                fenced = !fenced;
            }
            if !fenced && line.starts_with('#') {
                out.push('#');
            }
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Whether a rule's findings can be repaired mechanically.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fixability {
    /// No repair: a person has to decide.
    None,
    /// The meaning is certain (`1N` is `1NT`): applied by default.
    Safe,
    /// A guess (a day-month order, a century): applied only when asked for.
    Unsafe,
}

macro_rules! rules {
    ($($variant:ident => $($declaration:ident)::+,)*) => {
        /// A rule of the index. See [`Rule::info`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule { $($variant,)* }

        impl Rule {
            /// Every rule, in code order.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The rule's declaration.
            pub fn info(self) -> &'static RuleInfo {
                match self {
                    $(Rule::$variant => &$($declaration)::+,)*
                }
            }

            /// The variant's name as written in the source, for the test that holds it to the
            /// kebab-case name.
            #[cfg(test)]
            fn variant_name(self) -> &'static str {
                match self {
                    $(Rule::$variant => stringify!($variant),)*
                }
            }
        }
    };
}

impl Rule {
    pub fn code(self) -> &'static str {
        self.info().code
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Finds a rule by its code (`S001`) or its name (`unterminated-string`), ignoring case.
    pub fn find(code_or_name: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|rule| {
            rule.code().eq_ignore_ascii_case(code_or_name)
                || rule.name().eq_ignore_ascii_case(code_or_name)
        })
    }

    /// Whether a finding of this rule stops a rewrite ([`RuleInfo::blocks_rewrite`]).
    pub fn blocks_rewrite(self) -> bool {
        self.info().blocks_rewrite
    }
}

rules! {
    MalformedEncoding => reading::MALFORMED_ENCODING,
    ChessPgnFile => reading::CHESS_PGN_FILE,
    PbiFile => reading::PBI_FILE,
    UnclosedEmbedding => reading::UNCLOSED_EMBEDDING,
    OversizedGame => reading::OVERSIZED_GAME,
    BinaryFile => reading::BINARY_FILE,
    Utf16WithoutBom => reading::UTF16_WITHOUT_BOM,
    TooManyInheritedTags => reading::TOO_MANY_INHERITED,
    LinFileNotRewritten => reading::LIN_FILE_NOT_REWRITTEN,
    NotPbn => reading::NOT_PBN,
    UnterminatedString => syntax::UNTERMINATED_STRING,
    UnterminatedComment => syntax::UNTERMINATED_COMMENT,
    MissingTagName => syntax::MISSING_TAG_NAME,
    MissingTagValue => syntax::MISSING_TAG_VALUE,
    UnclosedTagPair => syntax::UNCLOSED_TAG_PAIR,
    UnexpectedTokenInTagPair => syntax::UNEXPECTED_TOKEN_IN_TAG_PAIR,
    CommentInsideTagPair => syntax::COMMENT_INSIDE_TAG_PAIR,
    TextOutsideTagPair => syntax::TEXT_OUTSIDE_TAG_PAIR,
    UnknownCall => syntax::UNKNOWN_CALL,
    UnknownCard => syntax::UNKNOWN_CARD,
    UnattachedAnnotation => syntax::UNATTACHED_ANNOTATION,
    UnexpectedTokenInSection => syntax::UNEXPECTED_TOKEN_IN_SECTION,
    ForbiddenCharacterInSectionToken => syntax::FORBIDDEN_CHARACTER_IN_SECTION_TOKEN,
    NonAsciiOutsideString => syntax::NON_ASCII_OUTSIDE_STRING,
    ControlCharacter => syntax::CONTROL_CHARACTER,
    InvalidTagName => syntax::INVALID_TAG_NAME,
    UnmatchedClosingBrace => syntax::UNMATCHED_CLOSING_BRACE,
    InvalidDate => values::INVALID_DATE,
    InvalidBoard => values::INVALID_BOARD,
    InvalidDealer => values::INVALID_DEALER,
    InvalidVulnerable => values::INVALID_VULNERABLE,
    InvalidScoring => values::INVALID_SCORING,
    InvalidDeclarer => values::INVALID_DECLARER,
    InvalidContract => values::INVALID_CONTRACT,
    InvalidResult => values::INVALID_RESULT,
    InvalidScore => values::INVALID_SCORE,
    InvalidRubberScore => values::INVALID_RUBBER_SCORE,
    InvalidRubberHistory => values::INVALID_RUBBER_HISTORY,
    RubberHistoryVulnerabilityMismatch => values::RUBBER_HISTORY_VULNERABILITY_MISMATCH,
    InvalidOptimumScore => values::INVALID_OPTIMUM_SCORE,
    InvalidTime => values::INVALID_TIME,
    InvalidTimeControl => values::INVALID_TIME_CONTROL,
    InvalidTimeLimit => values::INVALID_TIME_LIMIT,
    InvalidRoom => values::INVALID_ROOM,
    InvalidFrenchMp => values::INVALID_FRENCH_MP,
    InvalidHidden => values::INVALID_HIDDEN,
    InvalidRound => values::INVALID_ROUND,
    NonNumericTable => values::NON_NUMERIC_TABLE,
    DuplicateTag => tags::DUPLICATE_TAG,
    WrongCaseTagName => tags::WRONG_CASE_TAG_NAME,
    ForbiddenInheritance => tags::FORBIDDEN_INHERITANCE,
    DeclarerInPassedOutGame => tags::DECLARER_IN_PASSED_OUT_GAME,
    ScoreMismatch => tags::SCORE_MISMATCH,
    NonStandardRotation => tags::NON_STANDARD_ROTATION,
    UnknownTag => tags::UNKNOWN_TAG,
    UnknownTermination => values::UNKNOWN_TERMINATION,
    InheritedValue => tags::INHERITED_VALUE,
    NothingToInherit => tags::NOTHING_TO_INHERIT,
    MalformedDeal => deal::MALFORMED_DEAL,
    InvalidDealFirstSeat => deal::INVALID_DEAL_FIRST_SEAT,
    DuplicateCard => deal::DUPLICATE_CARD,
    InvalidRankInDeal => deal::INVALID_RANK_IN_DEAL,
    WrongHandSize => deal::WRONG_HAND_SIZE,
    AllHandsUnknown => deal::ALL_HANDS_UNKNOWN,
    DegenerateDeal => deal::DEGENERATE_DEAL,
    AuctionWithoutDealer => auction::AUCTION_WITHOUT_DEALER,
    InvalidAuctionSeat => auction::INVALID_AUCTION_SEAT,
    WrongFirstCaller => auction::WRONG_FIRST_CALLER,
    InsufficientBid => auction::INSUFFICIENT_BID,
    MisusedAuctionIrregularity => auction::MISUSED_AUCTION_IRREGULARITY,
    IllegalDouble => auction::ILLEGAL_DOUBLE,
    IllegalRedouble => auction::ILLEGAL_REDOUBLE,
    CallAfterAuctionEnd => auction::CALL_AFTER_AUCTION_END,
    UnfinishedAuction => auction::UNFINISHED_AUCTION,
    CallAfterContinuation => auction::CALL_AFTER_CONTINUATION,
    MisplacedSkip => auction::MISPLACED_SKIP,
    MisplacedDash => auction::MISPLACED_DASH,
    DeclarerMismatch => auction::DECLARER_MISMATCH,
    ContractMismatch => auction::CONTRACT_MISMATCH,
    MiscasedCall => auction::MISCASED_CALL,
    DealerAfterAuction => auction::DEALER_AFTER_AUCTION,
    LooseCall => auction::LOOSE_CALL,
    PlayWithoutContract => play::PLAY_WITHOUT_CONTRACT,
    InvalidPlaySeat => play::INVALID_PLAY_SEAT,
    WrongOpeningLeader => play::WRONG_OPENING_LEADER,
    CardNotInHand => play::CARD_NOT_IN_HAND,
    CardPlayedTwice => play::CARD_PLAYED_TWICE,
    UnmarkedRevoke => play::UNMARKED_REVOKE,
    MisusedPlayIrregularity => play::MISUSED_PLAY_IRREGULARITY,
    TooManyTricks => play::TOO_MANY_TRICKS,
    CardAfterPlayEnd => play::CARD_AFTER_PLAY_END,
    ResultMismatch => result::RESULT_MISMATCH,
    PlayInPlayOrder => play::PLAY_IN_PLAY_ORDER,
    NeededTagAfterPlay => play::NEEDED_TAG_AFTER_PLAY,
    MisplacedContinuation => play::MISPLACED_CONTINUATION,
    ResultBeyondTrumps => result::RESULT_BEYOND_TRUMPS,
    LooseCard => play::LOOSE_CARD,
    NagOutOfRange => notes::NAG_OUT_OF_RANGE,
    NagInWrongSection => notes::NAG_IN_WRONG_SECTION,
    SecondSuffix => notes::SECOND_SUFFIX,
    SecondNoteReference => notes::SECOND_NOTE_REFERENCE,
    NoteIndexOutOfRange => notes::NOTE_INDEX_OUT_OF_RANGE,
    UndefinedNote => notes::UNDEFINED_NOTE,
    UnusedNote => notes::UNUSED_NOTE,
    DuplicateNoteIndex => notes::DUPLICATE_NOTE_INDEX,
    MisplacedNote => notes::MISPLACED_NOTE,
    MalformedNote => notes::MALFORMED_NOTE,
    InvalidColumnSpec => tables::INVALID_COLUMN_SPEC,
    IncompleteTableRow => tables::INCOMPLETE_TABLE_ROW,
    CommentInSectionData => tables::COMMENT_IN_SECTION_DATA,
    DataWithoutSection => tables::DATA_WITHOUT_SECTION,
    TableOrderContradicted => tables::TABLE_ORDER_CONTRADICTED,
    MalformedTableValue => table_values::MALFORMED_TABLE_VALUE,
    TableRowsDisagree => table_values::TABLE_ROWS_DISAGREE,
    TravellerScoreMismatch => results::TRAVELLER_SCORE_MISMATCH,
    TravellerMatchpointsMismatch => results::TRAVELLER_MATCHPOINTS_MISMATCH,
    TravellerImpsMismatch => results::TRAVELLER_IMPS_MISMATCH,
    TravellerPercentageMismatch => results::TRAVELLER_PERCENTAGE_MISMATCH,
    TravellerRankMismatch => results::TRAVELLER_RANK_MISMATCH,
    TotalScoreMismatch => results::TOTAL_SCORE_MISMATCH,
    TotalRankMismatch => results::TOTAL_RANK_MISMATCH,
    ButlerDatumMismatch => results::BUTLER_DATUM_MISMATCH,
    C1ControlCharacter => chars::C1_CONTROL_CHARACTER,
    CharacterOutsideLatin1 => chars::CHARACTER_OUTSIDE_LATIN1,
    TabInString => chars::TAB_IN_STRING,
    LineTooLong => chars::LINE_TOO_LONG,
    LongLine => chars::LONG_LINE,
    ControlCharacterInText => chars::CONTROL_CHARACTER_IN_TEXT,
    MissingMandatoryTag => export::MISSING_MANDATORY_TAG,
    TagOutOfOrder => export::TAG_OUT_OF_ORDER,
    NonCrlfLineEnd => export::NON_CRLF_LINE_END,
    TabInExport => export::TAB_IN_EXPORT,
    SeveralTagsOnOneLine => export::SEVERAL_TAGS_ON_ONE_LINE,
    IrregularSectionLine => export::IRREGULAR_SECTION_LINE,
    LowercaseInExport => export::LOWERCASE_IN_EXPORT,
    NonCanonicalValue => export::NON_CANONICAL_VALUE,
    NonCanonicalAnnotation => export::NON_CANONICAL_ANNOTATION,
    NonEmptyGameSeparator => export::NON_EMPTY_GAME_SEPARATOR,
    IndentedComment => export::INDENTED_COMMENT,
    CommentSpacing => export::COMMENT_SPACING,
    UnencodableCharacter => writing::UNENCODABLE_CHARACTER,
    ConflictingDuplicateTag => writing::CONFLICTING_DUPLICATE_TAG,
    EmbeddedPbn => writing::EMBEDDED_PBN,
    UnfaithfulExport => writing::UNFAITHFUL_EXPORT,
    UnwritableInheritedValue => writing::UNWRITABLE_INHERITED_VALUE,
    GameNotConverted => writing::GAME_NOT_CONVERTED,
    RemovedGameInherited => writing::REMOVED_GAME_INHERITED,
    NotRotated => writing::NOT_ROTATED,
    RenumberMovesPlayedBoard => writing::RENUMBER_MOVES_PLAYED_BOARD,
    UncertainResult => writing::UNCERTAIN_RESULT,
    RepeatedTagKept => writing::REPEATED_TAG_KEPT,
    BoardsJoined => writing::BOARDS_JOINED,
    NotReplicated => writing::NOT_REPLICATED,
    BrokenLinRecord => lin::BROKEN_LIN_RECORD,
    UnknownLinTag => lin::UNKNOWN_LIN_TAG,
    PartialLinDeal => lin::PARTIAL_LIN_DEAL,
    MalformedLinDeal => lin::MALFORMED_LIN_DEAL,
    UnreadableLinCall => lin::UNREADABLE_LIN_CALL,
    UnreadableLinCard => lin::UNREADABLE_LIN_CARD,
    InvalidLinValue => lin::INVALID_LIN_VALUE,
    UnterminatedLinValue => lin::UNTERMINATED_LIN_VALUE,
    LinPlayWithoutContract => lin::PLAY_WITHOUT_AUCTION,
    LinAuctionWithoutDealer => lin::AUCTION_WITHOUT_DEALER,
    OversizedLinRecord => lin::OVERSIZED_LIN_RECORD,
    BoardNotUploadable => lin::NOT_UPLOADABLE,
    LostInLin => lin::LOST_IN_LIN,
    LinResultLineDisagrees => lin::LIN_RESULT_LINE_DISAGREES,
    RepeatedDeal => sets::REPEATED_DEAL,
    MalformedOptimumTable => dd::MALFORMED_OPTIMUM_TABLE,
    DoubleDummyTricksMismatch => dd::DOUBLE_DUMMY_TRICKS_MISMATCH,
    ParMismatch => dd::PAR_MISMATCH,
    DoubleDummyOnIncompleteDeal => dd::DOUBLE_DUMMY_ON_INCOMPLETE_DEAL,
    BoardSequence => dd::BOARD_SEQUENCE,
    IncompleteHandRecord => dd::INCOMPLETE_HAND_RECORD,
    DoubleDummyWrong => dd::DOUBLE_DUMMY_WRONG,
    DealNotSolved => dd::DEAL_NOT_SOLVED,
    UnusedSuppression => suppress::UNUSED_SUPPRESSION,
    InvalidSuppression => suppress::INVALID_SUPPRESSION,
}

#[cfg(test)]
pub(crate) mod pairs;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_and_names_are_unique_and_well_formed() {
        let mut codes = HashSet::new();
        let mut names = HashSet::new();
        for rule in Rule::ALL {
            let info = rule.info();
            assert!(codes.insert(info.code), "duplicate code {}", info.code);
            assert!(names.insert(info.name), "duplicate name {}", info.name);
            assert!(
                info.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{} is not kebab-case",
                info.name
            );
            assert!(
                info.section.starts_with("PBN ") || info.section.starts_with("LIN "),
                "{} cites no section",
                info.code
            );
            for (part, text) in [
                ("what", info.what),
                ("why", info.why),
                ("example", info.example),
                ("fix", info.fix),
                ("summary", info.summary),
            ] {
                assert!(!text.trim().is_empty(), "{} has no {part}", info.code);
            }
            assert!(
                info.doc().contains(info.section),
                "{} doc does not cite {}",
                info.code,
                info.section
            );
        }
    }

    /// `UnmarkedRevoke` is `unmarked-revoke`: a reader who greps for either finds the other.
    #[test]
    fn variant_names_are_the_kebab_names_in_camel_case() {
        for rule in Rule::ALL {
            let camel: String = rule
                .name()
                .split('-')
                .map(|word| {
                    let mut chars = word.chars();
                    chars.next().map_or(String::new(), |first| {
                        first.to_ascii_uppercase().to_string() + chars.as_str()
                    })
                })
                .collect();
            assert_eq!(rule.variant_name(), camel, "{}", rule.code());
        }
    }

    /// Codes are in order, so that `Rule::ALL` and `pbnfmt rule --all` list families together.
    #[test]
    fn codes_are_in_order_within_families() {
        for pair in Rule::ALL.windows(2) {
            let (a, b) = (pair[0].code(), pair[1].code());
            assert!(a[..1] != b[..1] || a < b, "{a} before {b}");
        }
    }

    #[test]
    fn find_by_code_or_name() {
        assert_eq!(Rule::find("s001"), Some(Rule::UnterminatedString));
        assert_eq!(Rule::find("unknown-call"), Some(Rule::UnknownCall));
        assert_eq!(Rule::find("nope"), None);
    }
}
