//! The tag names of PBN 2.1 in one table: what kind of tag each is, where the standard defines
//! it, and whether it may inherit its value with `#`/`##` (PBN 4.8). Every question about a tag
//! name ("is it a table?", "may it have section data?", "may it inherit?") is answered here,
//! never from the name's spelling: the `Table` tag of PBN 4.4.7 ends in `Table` and is no table.

/// What a tag is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One of the 15 tags of the Mandatory Tag Set (PBN 3.4), in export order.
    Mandatory,
    /// `Auction`: its section holds the calls (PBN 3.5).
    Auction,
    /// `Play`: its section holds the cards (PBN 3.6).
    Play,
    /// `Note`: a note of the auction or play section (PBN 3.5.5); it has no section data.
    Note,
    /// A supplemental tag of PBN chapter 4: a value, no section data.
    Supplemental,
    /// A table of PBN 5.3-5.10: its value names the columns, its section data are the rows.
    Table,
}

/// One tag name of the standard.
#[derive(Clone, Copy, Debug)]
pub struct TagName {
    pub name: &'static str,
    pub kind: Kind,
    /// The section of PBN 2.1 that defines it.
    pub section: &'static str,
    /// False for the tags PBN 4.8 forbids `#` and `##`.
    pub inherits: bool,
}

/// Defines [`TAGS`] and [`lookup`] from one list, so that the two cannot differ. `lookup` is a
/// `match` on the name: every tag pair of every game asks it several times.
macro_rules! tag_names {
    ($(($name:literal, $kind:ident, $section:literal, $inherits:literal)),* $(,)?) => {
        /// Every tag name PBN 2.1 defines: the MTS first in export order (PBN 3.4), then the
        /// section tags, the supplemental tags of chapter 4 and the tables of chapter 5. PBN
        /// 4.8 forbids `#` and `##` for Dealer, Vulnerable, Deal, Declarer, Contract, Auction,
        /// Play and the notes of the auction and play sections; it does not name the tables, so
        /// they may inherit.
        pub const TAGS: &[TagName] = &[
            $(TagName { name: $name, kind: Kind::$kind, section: $section, inherits: $inherits }),*
        ];

        /// The row of `name` (names are case sensitive, PBN 3.11); `None` for a name the
        /// standard does not define.
        pub fn lookup(name: &str) -> Option<TagName> {
            match name {
                $($name => Some(TagName {
                    name: $name,
                    kind: Kind::$kind,
                    section: $section,
                    inherits: $inherits,
                }),)*
                _ => None,
            }
        }
    };
}

tag_names! {
    ("Event", Mandatory, "PBN 3.4.1", true),
    ("Site", Mandatory, "PBN 3.4.2", true),
    ("Date", Mandatory, "PBN 3.4.3", true),
    ("Board", Mandatory, "PBN 3.4.4", true),
    ("West", Mandatory, "PBN 3.4.5", true),
    ("North", Mandatory, "PBN 3.4.6", true),
    ("East", Mandatory, "PBN 3.4.7", true),
    ("South", Mandatory, "PBN 3.4.8", true),
    ("Dealer", Mandatory, "PBN 3.4.9", false),
    ("Vulnerable", Mandatory, "PBN 3.4.10", false),
    ("Deal", Mandatory, "PBN 3.4.11", false),
    ("Scoring", Mandatory, "PBN 3.4.12", true),
    ("Declarer", Mandatory, "PBN 3.4.13", false),
    ("Contract", Mandatory, "PBN 3.4.14", false),
    ("Result", Mandatory, "PBN 3.4.15", true),
    ("Auction", Auction, "PBN 3.5", false),
    ("Play", Play, "PBN 3.6", false),
    ("Note", Note, "PBN 3.5.5", false),
    ("Competition", Supplemental, "PBN 4.1.1", true),
    ("DealId", Supplemental, "PBN 4.1.2", true),
    ("Description", Supplemental, "PBN 4.1.3", true),
    ("FrenchMP", Supplemental, "PBN 4.1.4", true),
    ("Generator", Supplemental, "PBN 4.1.5", true),
    ("Hidden", Supplemental, "PBN 4.1.6", true),
    ("Room", Supplemental, "PBN 4.1.7", true),
    ("Termination", Supplemental, "PBN 4.1.8", true),
    ("Score", Supplemental, "PBN 4.2.1", true),
    ("ScoreIMP", Supplemental, "PBN 4.2.2", true),
    ("ScoreMP", Supplemental, "PBN 4.2.3", true),
    ("ScorePercentage", Supplemental, "PBN 4.2.4", true),
    ("ScoreRubber", Supplemental, "PBN 4.2.5", true),
    ("ScoreRubberHistory", Supplemental, "PBN 4.2.6", true),
    ("OptimumScore", Supplemental, "PBN 4.2.7", true),
    ("BidSystemEW", Supplemental, "PBN 4.3.1", true),
    ("BidSystemNS", Supplemental, "PBN 4.3.1", true),
    ("PairEW", Supplemental, "PBN 4.3.2", true),
    ("PairNS", Supplemental, "PBN 4.3.2", true),
    ("WestNA", Supplemental, "PBN 4.3.3", true),
    ("NorthNA", Supplemental, "PBN 4.3.3", true),
    ("EastNA", Supplemental, "PBN 4.3.3", true),
    ("SouthNA", Supplemental, "PBN 4.3.3", true),
    ("WestType", Supplemental, "PBN 4.3.4", true),
    ("NorthType", Supplemental, "PBN 4.3.4", true),
    ("EastType", Supplemental, "PBN 4.3.4", true),
    ("SouthType", Supplemental, "PBN 4.3.4", true),
    ("EventDate", Supplemental, "PBN 4.4.1", true),
    ("EventSponsor", Supplemental, "PBN 4.4.2", true),
    ("HomeTeam", Supplemental, "PBN 4.4.3", true),
    ("Round", Supplemental, "PBN 4.4.4", true),
    ("Section", Supplemental, "PBN 4.4.5", true),
    ("Stage", Supplemental, "PBN 4.4.6", true),
    ("Table", Supplemental, "PBN 4.4.7", true),
    ("VisitTeam", Supplemental, "PBN 4.4.8", true),
    ("Time", Supplemental, "PBN 4.5.1", true),
    ("UTCDate", Supplemental, "PBN 4.5.2", true),
    ("UTCTime", Supplemental, "PBN 4.5.3", true),
    ("TimeControl", Supplemental, "PBN 4.6.1", true),
    ("TimeCall", Supplemental, "PBN 4.6.2", true),
    ("TimeCard", Supplemental, "PBN 4.6.3", true),
    ("Annotator", Supplemental, "PBN 4.7.1", true),
    ("AnnotatorNA", Supplemental, "PBN 4.7.2", true),
    ("Application", Supplemental, "PBN 4.7.3", true),
    ("Mode", Supplemental, "PBN 4.7.4", true),
    ("ActionTable", Table, "PBN 5.3", true),
    ("AuctionTimeTable", Table, "PBN 5.4", true),
    ("InstantScoreTable", Table, "PBN 5.5", true),
    ("OptimumPlayTable", Table, "PBN 5.6", true),
    ("OptimumResultTable", Table, "PBN 5.7", true),
    ("PlayTimeTable", Table, "PBN 5.8", true),
    ("ScoreTable", Table, "PBN 5.9", true),
    ("TotalScoreTable", Table, "PBN 5.10", true),
}

/// The Mandatory Tag Set in its export order (PBN 3.4): the names of the first 15 rows of
/// [`TAGS`].
pub const MTS: [&str; 15] = {
    let mut names = [""; 15];
    let mut i = 0;
    while i < names.len() {
        names[i] = TAGS[i].name;
        i += 1;
    }
    names
};

/// Tags PBN 2.1 does not define that major producers write and pbnfmt knows the meaning of
/// (PBN 4.9 allows them): T028 does not report them, and `check --select ALL` names no tag that
/// pbnfmt itself reads or writes as unknown. Each with the programs that write it.
pub const EXTENSIONS: &[(&str, &str)] = &[
    // Double-dummy analysis: checked (H002-H005) and written (`analyze`) by pbnfmt.
    (
        "DoubleDummyTricks",
        "Bridge Composer, BCDD, endplay, pbnfmt analyze",
    ),
    ("ParContract", "Bridge Composer, BCDD, pbnfmt analyze"),
    ("ParScore", "BEN and other DDS front ends"),
    ("OptimumOpeningLeadTable", "Bridge Composer"),
    ("Minimax", "BCDD (Deep Finesse's minimax contract)"),
    ("Ability", "BCDD (Deep Finesse's makeable tricks)"),
    // Bridge Composer's own, and its block-replicated sets (`pbnfmt replicate` writes them).
    ("BCFlags", "Bridge Composer"),
    ("BCConfirm", "Bridge Composer"),
    ("BCConfirmMod", "Bridge Composer"),
    ("VirtualBoard", "Bridge Composer, pbnfmt replicate"),
    ("VirtualDealer", "Bridge Composer, pbnfmt replicate"),
    ("VirtualVulnerable", "Bridge Composer, pbnfmt replicate"),
    ("BlockNumber", "Bridge Composer, pbnfmt replicate"),
    // The board's number before renumbering, as classroom reports write it.
    ("OriginalBoard", "pbnfmt renumber --keep-original"),
];

/// True for a tag of [`EXTENSIONS`].
pub fn is_known_extension(name: &str) -> bool {
    EXTENSIONS.iter().any(|(known, _)| *known == name)
}

/// The kind of `name`, `None` for a user-defined tag (PBN 4.9).
pub fn kind(name: &str) -> Option<Kind> {
    lookup(name).map(|tag| tag.kind)
}

/// True for the tables of PBN 5.3-5.10. A user-defined tag with section data is a user-defined
/// supplemental section (PBN 3.1), not a table, whatever its name.
pub fn is_table(name: &str) -> bool {
    kind(name) == Some(Kind::Table)
}

/// True for the tags PBN 4.8 forbids `#` and `##`. User-defined tags may inherit.
pub fn inheritance_forbidden(name: &str) -> bool {
    lookup(name).is_some_and(|tag| !tag.inherits)
}

/// True for a name pbnfmt may write as a new tag's name: an upper-case letter first (PBN 3.3:
/// "All tag names begin with an upper case letter"), then letters, digits and `_` (a name
/// token, as PGN's), at most 64 characters.
pub fn is_tag_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.len() <= 64
}

/// True for the tags that can have section data: Auction, Play, the tables, and user-defined
/// tags (PBN 3.1: "supplemental sections ... containing tables or user defined sections"). The
/// MTS, Note and the supplemental tags of chapter 4 are values only.
pub fn may_have_section(name: &str) -> bool {
    matches!(
        kind(name),
        None | Some(Kind::Auction | Kind::Play | Kind::Table)
    )
}

#[cfg(test)]
mod tests {
    use super::Kind::{Mandatory, Table};
    use super::*;

    /// T028's documentation names every extension it leaves alone, and none is a tag of the
    /// standard (which would make the list pointless).
    #[test]
    fn the_known_extensions_are_documented_and_not_standard() {
        let what = crate::rules::Rule::UnknownTag.info().what;
        for (name, _) in EXTENSIONS {
            assert!(what.contains(name), "T028 does not name {name}");
            assert!(lookup(name).is_none(), "{name} is a standard tag");
        }
    }

    #[test]
    fn the_mts_are_the_first_rows_in_order() {
        assert_eq!(MTS[0], "Event");
        assert_eq!(MTS[14], "Result");
        assert!(TAGS[..15].iter().all(|tag| tag.kind == Mandatory));
        assert!(TAGS[15..].iter().all(|tag| tag.kind != Mandatory));
    }

    #[test]
    fn every_name_is_found() {
        for tag in TAGS {
            assert_eq!(lookup(tag.name).map(|found| found.name), Some(tag.name));
        }
        assert!(lookup("table").is_none());
        assert!(lookup("").is_none());
    }

    #[test]
    fn every_name_once() {
        for (i, tag) in TAGS.iter().enumerate() {
            assert!(
                TAGS[..i].iter().all(|earlier| earlier.name != tag.name),
                "{} twice",
                tag.name
            );
        }
    }

    /// PBN 4.4.7's `Table` is a value, not a table; the tables inherit (PBN 4.8 does not list
    /// them); a private `...Table` tag is a user section.
    #[test]
    fn kinds_come_from_the_table_not_the_spelling() {
        assert!(!is_table("Table"));
        assert!(!may_have_section("Table"));
        assert!(is_table("ScoreTable"));
        assert!(!inheritance_forbidden("ScoreTable"));
        assert!(!inheritance_forbidden("TotalScoreTable"));
        assert!(inheritance_forbidden("Deal"));
        assert!(inheritance_forbidden("Note"));
        assert!(!is_table("MyTable"));
        assert!(may_have_section("MyTable"));
        assert!(!may_have_section("Scoring"));
        assert_eq!(TAGS.iter().filter(|tag| !tag.inherits).count(), 8);
        assert_eq!(TAGS.iter().filter(|tag| tag.kind == Table).count(), 8);
    }
}
