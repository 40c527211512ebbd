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

const fn tag(name: &'static str, kind: Kind, section: &'static str, inherits: bool) -> TagName {
    TagName {
        name,
        kind,
        section,
        inherits,
    }
}

use Kind::{Auction, Mandatory, Note, Play, Supplemental, Table};

/// Every tag name PBN 2.1 defines: the MTS first in export order (PBN 3.4), then the section
/// tags, the supplemental tags of chapter 4 and the tables of chapter 5. PBN 4.8 forbids `#` and
/// `##` for Dealer, Vulnerable, Deal, Declarer, Contract, Auction, Play and the notes of the
/// auction and play sections; it does not name the tables, so they may inherit.
pub const TAGS: &[TagName] = &[
    tag("Event", Mandatory, "PBN 3.4.1", true),
    tag("Site", Mandatory, "PBN 3.4.2", true),
    tag("Date", Mandatory, "PBN 3.4.3", true),
    tag("Board", Mandatory, "PBN 3.4.4", true),
    tag("West", Mandatory, "PBN 3.4.5", true),
    tag("North", Mandatory, "PBN 3.4.6", true),
    tag("East", Mandatory, "PBN 3.4.7", true),
    tag("South", Mandatory, "PBN 3.4.8", true),
    tag("Dealer", Mandatory, "PBN 3.4.9", false),
    tag("Vulnerable", Mandatory, "PBN 3.4.10", false),
    tag("Deal", Mandatory, "PBN 3.4.11", false),
    tag("Scoring", Mandatory, "PBN 3.4.12", true),
    tag("Declarer", Mandatory, "PBN 3.4.13", false),
    tag("Contract", Mandatory, "PBN 3.4.14", false),
    tag("Result", Mandatory, "PBN 3.4.15", true),
    tag("Auction", Auction, "PBN 3.5", false),
    tag("Play", Play, "PBN 3.6", false),
    tag("Note", Note, "PBN 3.5.5", false),
    tag("Competition", Supplemental, "PBN 4.1.1", true),
    tag("DealId", Supplemental, "PBN 4.1.2", true),
    tag("Description", Supplemental, "PBN 4.1.3", true),
    tag("FrenchMP", Supplemental, "PBN 4.1.4", true),
    tag("Generator", Supplemental, "PBN 4.1.5", true),
    tag("Hidden", Supplemental, "PBN 4.1.6", true),
    tag("Room", Supplemental, "PBN 4.1.7", true),
    tag("Termination", Supplemental, "PBN 4.1.8", true),
    tag("Score", Supplemental, "PBN 4.2.1", true),
    tag("ScoreIMP", Supplemental, "PBN 4.2.2", true),
    tag("ScoreMP", Supplemental, "PBN 4.2.3", true),
    tag("ScorePercentage", Supplemental, "PBN 4.2.4", true),
    tag("ScoreRubber", Supplemental, "PBN 4.2.5", true),
    tag("ScoreRubberHistory", Supplemental, "PBN 4.2.6", true),
    tag("OptimumScore", Supplemental, "PBN 4.2.7", true),
    tag("BidSystemEW", Supplemental, "PBN 4.3.1", true),
    tag("BidSystemNS", Supplemental, "PBN 4.3.1", true),
    tag("PairEW", Supplemental, "PBN 4.3.2", true),
    tag("PairNS", Supplemental, "PBN 4.3.2", true),
    tag("WestNA", Supplemental, "PBN 4.3.3", true),
    tag("NorthNA", Supplemental, "PBN 4.3.3", true),
    tag("EastNA", Supplemental, "PBN 4.3.3", true),
    tag("SouthNA", Supplemental, "PBN 4.3.3", true),
    tag("WestType", Supplemental, "PBN 4.3.4", true),
    tag("NorthType", Supplemental, "PBN 4.3.4", true),
    tag("EastType", Supplemental, "PBN 4.3.4", true),
    tag("SouthType", Supplemental, "PBN 4.3.4", true),
    tag("EventDate", Supplemental, "PBN 4.4.1", true),
    tag("EventSponsor", Supplemental, "PBN 4.4.2", true),
    tag("HomeTeam", Supplemental, "PBN 4.4.3", true),
    tag("Round", Supplemental, "PBN 4.4.4", true),
    tag("Section", Supplemental, "PBN 4.4.5", true),
    tag("Stage", Supplemental, "PBN 4.4.6", true),
    tag("Table", Supplemental, "PBN 4.4.7", true),
    tag("VisitTeam", Supplemental, "PBN 4.4.8", true),
    tag("Time", Supplemental, "PBN 4.5.1", true),
    tag("UTCDate", Supplemental, "PBN 4.5.2", true),
    tag("UTCTime", Supplemental, "PBN 4.5.3", true),
    tag("TimeControl", Supplemental, "PBN 4.6.1", true),
    tag("TimeCall", Supplemental, "PBN 4.6.2", true),
    tag("TimeCard", Supplemental, "PBN 4.6.3", true),
    tag("Annotator", Supplemental, "PBN 4.7.1", true),
    tag("AnnotatorNA", Supplemental, "PBN 4.7.2", true),
    tag("Application", Supplemental, "PBN 4.7.3", true),
    tag("Mode", Supplemental, "PBN 4.7.4", true),
    tag("ActionTable", Table, "PBN 5.3", true),
    tag("AuctionTimeTable", Table, "PBN 5.4", true),
    tag("InstantScoreTable", Table, "PBN 5.5", true),
    tag("OptimumPlayTable", Table, "PBN 5.6", true),
    tag("OptimumResultTable", Table, "PBN 5.7", true),
    tag("PlayTimeTable", Table, "PBN 5.8", true),
    tag("ScoreTable", Table, "PBN 5.9", true),
    tag("TotalScoreTable", Table, "PBN 5.10", true),
];

/// The Mandatory Tag Set in its export order (PBN 3.4): the first 15 rows of [`TAGS`].
pub const MTS: [&str; 15] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
];

/// The row of `name` (names are case sensitive, PBN 3.11); `None` for a name the standard does
/// not define.
pub fn lookup(name: &str) -> Option<&'static TagName> {
    TAGS.iter().find(|tag| tag.name == name)
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

/// True for the tags that can have section data: Auction, Play, the tables, and user-defined
/// tags (PBN 3.1: "supplemental sections ... containing tables or user defined sections"). The
/// MTS, Note and the supplemental tags of chapter 4 are values only.
pub fn may_have_section(name: &str) -> bool {
    matches!(kind(name), None | Some(Auction | Play | Table))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mts_are_the_first_rows_in_order() {
        let names: Vec<_> = TAGS.iter().take(15).map(|tag| tag.name).collect();
        assert_eq!(names, MTS);
        assert!(TAGS[..15].iter().all(|tag| tag.kind == Mandatory));
        assert!(TAGS[15..].iter().all(|tag| tag.kind != Mandatory));
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
