//! The arguments of the commands on a set of boards (issue 46): `renumber`, `replicate`,
//! `rotate`, `select`, `set-tag`, `merge`, `split` and `stats`, and the board choice
//! (`--boards`, `--where`) they share; and `handrecord`'s, which draws such a set.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::{ConfigArgs, EncodingArg, FileArgs, RewriteArgs, SolveArgs};

#[derive(Debug, Args)]
pub struct RenumberArgs {
    #[command(flatten)]
    pub io: RewriteArgs,

    /// The first board's number (1 to 999999999: a Board of more digits does not read as a
    /// number, PBN 3.4.6 and T002).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        value_parser = clap::value_parser!(u64).range(1..=crate::model::values::MAX_BOARD)
    )]
    pub from: u64,

    /// Keep each game's Board as it was in a tag of its own after the new one (OriginalBoard
    /// unless NAME is given). A game that has that tag already keeps it.
    #[arg(
        long,
        value_name = "NAME",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "OriginalBoard"
    )]
    pub keep_original: Option<String>,

    /// Give each board the Dealer and Vulnerable of its new number in the usual rotation; a
    /// played board whose dealer or vulnerability that would change refuses the file (W009).
    #[arg(long)]
    pub standard_dealer_vul: bool,
}

#[derive(Debug, Args)]
pub struct ReplicateArgs {
    #[command(flatten)]
    pub io: RewriteArgs,

    /// Blocks in all, the file's own boards the first: one for each table that plays the set.
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(2..=1000))]
    pub blocks: u32,

    /// Board numbers a block takes (the number of boards of the file unless given); a larger
    /// block leaves numbers unused, so that each block starts a set of trays.
    #[arg(long, value_name = "B", value_parser = clap::value_parser!(u32).range(1..=10000))]
    pub size: Option<u32>,
}

#[derive(Debug, Args)]
pub struct RotateArgs {
    #[command(flatten)]
    pub io: RewriteArgs,

    /// Quarter turns clockwise: 1 gives North's cards to East, 2 to South, 3 to West.
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u8).range(1..=3),
        required_unless_present_any = ["to", "to_dealer", "to_declarer"],
        conflicts_with_all = ["to", "to_dealer", "to_declarer"]
    )]
    pub by: Option<u8>,

    /// Instead of --by: turn each board by its own amount so that its --basis seat sits at
    /// SEATS: `S` for every board, or a pattern repeating over the boards of each file in order
    /// (`NS`: the first North, the second South, the third North …; `NESW`), as bridge-wrangler's
    /// rotate-deals. A game without a Deal takes no seat of the pattern.
    #[arg(long, value_name = "SEATS", value_parser = targets_arg, conflicts_with_all = ["to_dealer", "to_declarer"])]
    pub to: Option<crate::rewrite::rotate::Targets>,

    /// With --to: the seat of each board that is turned. `standard` (the default) is Bridge
    /// Composer's: the RotationBasis tag, else the Declarer, else the Dealer.
    #[arg(long, value_enum, requires = "to")]
    pub basis: Option<BasisArg>,

    /// --to SEATS --basis dealer: turn each board so that SEATS deals (a teaching set in which
    /// the student always deals).
    #[arg(long, value_name = "SEATS", value_parser = targets_arg, conflicts_with = "to_declarer")]
    pub to_dealer: Option<crate::rewrite::rotate::Targets>,

    /// --to SEATS --basis declarer: turn each board so that SEATS declares (a teaching set in
    /// which the student always plays the hand). A board without a declarer (not played, or
    /// passed out) is left as it is, with a warning (W008) naming it.
    #[arg(long, value_name = "SEATS", value_parser = targets_arg)]
    pub to_declarer: Option<crate::rewrite::rotate::Targets>,

    /// With --to, --to-dealer or --to-declarer: refuse the file when a board has no seat to turn from,
    /// instead of leaving that board as it is.
    #[arg(long)]
    pub strict: bool,

    /// Move the players with their cards: the tags North, East, South and West change names (and
    /// on an odd turn PairNS/PairEW and BidSystemNS/BidSystemEW). Without it the players keep
    /// their seats, as for a set of boards played again.
    #[arg(long)]
    pub players: bool,

    /// Turn the seat words of the commentary too: North, East, South and West as whole words,
    /// in capitals, lower case or as names (`North-South` becomes `East-West` on one turn).
    /// Letters alone (`N`) stay. Off by default: commentary is the author's text.
    #[arg(long)]
    pub commentary: bool,
}

/// The boards a command works on: by number and by a `--where` expression (both must hold).
#[derive(Debug, Args)]
pub struct ChoiceArgs {
    /// Only the boards with these numbers: numbers and ranges, `1-8,12,20-`.
    #[arg(long, value_name = "LIST")]
    pub boards: Option<String>,

    /// Only the boards for which EXPR holds: a bridge-aware expression (see below and
    /// docs/select.md).
    #[arg(long = "where", value_name = "EXPR")]
    pub where_: Option<String>,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("chosen").required(true).multiple(true).args(["boards", "where_"])))]
pub struct SelectArgs {
    #[command(flatten)]
    pub io: RewriteArgs,

    #[command(flatten)]
    pub choice: ChoiceArgs,

    /// Keep the boards not chosen instead.
    #[arg(long)]
    pub invert: bool,

    /// Also write the boards not kept into FILE, in input order, each with the values it took
    /// from `#`/`##` written out.
    #[arg(long, value_name = "FILE")]
    pub rejected: Option<PathBuf>,

    /// Number the boards kept from 1 in each file.
    #[arg(long)]
    pub renumber: bool,

    /// With --write or --out-dir: write a file even when no board of it is chosen (by default
    /// such a file is refused, so that a mistyped --boards or --where empties nothing).
    #[arg(long)]
    pub allow_empty: bool,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("changes").required(true).multiple(true).args(["set", "remove"])))]
pub struct SetTagArgs {
    #[command(flatten)]
    pub io: RewriteArgs,

    #[command(flatten)]
    pub choice: ChoiceArgs,

    /// Give tag NAME the value VALUE (added where the game lacks it); may be given several
    /// times.
    #[arg(long, value_name = "NAME=VALUE")]
    pub set: Vec<String>,

    /// Remove tag NAME, with its line when it stands alone there; may be given several times.
    /// A game would never be left without a tag pair: that is refused.
    #[arg(long, value_name = "NAME")]
    pub remove: Vec<String>,
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    #[command(flatten)]
    pub files: FileArgs,

    /// Write the result to FILE (atomically) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Number the boards from 1.
    #[arg(long)]
    pub renumber: bool,

    /// Put the games in an order drawn from SEED (the same seed, the same order).
    #[arg(long, value_name = "SEED")]
    pub shuffle: Option<u64>,

    /// Leave out an input that cannot be read, or not for sure (its reason said), and merge the
    /// rest; the exit status is then 1.
    #[arg(long)]
    pub keep_going: bool,

    #[command(flatten)]
    pub input_encoding: EncodingArg,

    #[command(flatten)]
    pub config: ConfigArgs,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("cut").required(true).args(["every", "by"])))]
pub struct SplitArgs {
    #[command(flatten)]
    pub files: FileArgs,

    /// Parts of N boards.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub every: Option<u32>,

    /// One part for each value of tag NAME (Event, Room, Date...), in the order they come.
    #[arg(long, value_name = "NAME")]
    pub by: Option<String>,

    /// The folder the parts are written into (made if missing).
    #[arg(long, value_name = "DIR", required = true)]
    pub out_dir: PathBuf,

    #[command(flatten)]
    pub input_encoding: EncodingArg,

    #[command(flatten)]
    pub config: ConfigArgs,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// Short tables for a terminal.
    #[default]
    Table,
    /// One JSON object, keys grouped by section.
    Json,
    /// `section,key,value` rows.
    Csv,
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    #[command(flatten)]
    pub files: FileArgs,

    #[command(flatten)]
    pub choice: ChoiceArgs,

    /// How to print the counts.
    #[arg(long, value_enum, default_value_t = StatsFormat::Table)]
    pub output_format: StatsFormat,

    #[command(flatten)]
    pub encoding: EncodingArg,

    #[command(flatten)]
    pub config: ConfigArgs,
}

/// The paper of `handrecord`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    A4,
    Letter,
}

/// What a hand record's double-dummy grid shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GridArg {
    /// The tricks each declarer takes in each strain (the file's DoubleDummyTricks).
    Tricks,
    /// The highest contract each declarer makes in each strain (`4` for ten tricks, `–` for
    /// fewer than seven), as Bridge Composer's and Dealer4's makeable-contracts grids show it.
    Makeable,
}

/// A teaching count a hand record may show (`--counts`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CountArg {
    /// Each hand's losing-trick count (`LTC 7`), under the hand.
    Losers,
    /// The Law of Total Tricks: both sides' longest fits added (total trumps) and, with a
    /// double-dummy table, the tricks each side takes in its fit added (total tricks).
    TotalTricks,
}

/// What `handrecord` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HandrecordFormat {
    /// One self-contained HTML document with print CSS.
    Html,
    /// PDF, drawn by pbnfmt with its own embedded font (DejaVu Sans; a character it lacks, as in
    /// a Chinese name, is drawn as a box and named in a warning).
    Pdf,
}

#[derive(Debug, Args)]
pub struct HandrecordArgs {
    #[command(flatten)]
    pub files: FileArgs,

    #[command(flatten)]
    pub choice: ChoiceArgs,

    /// Write the hand record into FILE (atomically); by default to standard output.
    #[arg(
        long = "output",
        short = 'o',
        alias = "output-file",
        value_name = "FILE"
    )]
    pub output_file: Option<PathBuf>,

    #[command(flatten)]
    pub encoding: EncodingArg,

    /// Write one hand record per input into DIR, named after the input (`club.pbn` gives
    /// `DIR/club.html`, or `DIR/club.pdf` with `--format pdf`).
    #[arg(long, value_name = "DIR", conflicts_with = "output_file")]
    pub out_dir: Option<PathBuf>,

    /// html or pdf; by default pdf when the output file's name ends in `.pdf`, else html.
    #[arg(long, value_enum)]
    pub format: Option<HandrecordFormat>,

    /// The title on every page; by default the first file's `%HRTitleEvent`, else its Event and
    /// Date.
    #[arg(long)]
    pub title: Option<String>,

    /// Boards a page: 4, 6 or 8.
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = boards_a_page)]
    pub per_page: usize,

    /// The paper size.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    pub paper: PaperArg,

    /// Four suit colours (spades black, hearts red, diamonds orange, clubs green), for readers
    /// who tell the suits apart by colour.
    #[arg(long, alias = "four-color")]
    pub four_colour: bool,

    /// What the double-dummy grid shows: the tricks, or the highest contract made.
    #[arg(long, value_enum, default_value_t = GridArg::Tricks)]
    pub grid: GridArg,

    /// Teaching counts to show besides the HCP (none by default): `losers` (each hand's
    /// losing-trick count), `total-tricks` (the Law of Total Tricks' totals beside par).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "COUNTS")]
    pub counts: Vec<CountArg>,

    /// The suit symbols' size in per cent of the text's, for readers who need them larger.
    #[arg(long, value_name = "PERCENT", default_value_t = 100, value_parser = clap::value_parser!(u32).range(100..=300))]
    pub suit_size: u32,

    /// Draw the hand record in spite of findings about what it draws, with a warning on every
    /// sheet.
    #[arg(long)]
    pub force: bool,

    /// The results page: each board's traveller (its ScoreTable) under its diagram, and the
    /// ranking (the TotalScoreTable) at the end, as the file writes them; a traveller or ranking
    /// that does not add up (the R rules) stops the drawing.
    #[arg(long)]
    pub results: bool,

    /// Solve the deals whose file gives no double-dummy table (a pbnfmt built with the `dds`
    /// feature).
    #[arg(long)]
    pub analyze: bool,

    #[command(flatten)]
    pub solve: SolveArgs,

    #[command(flatten)]
    pub config: ConfigArgs,
}

fn boards_a_page(text: &str) -> Result<usize, String> {
    match text {
        "4" => Ok(4),
        "6" => Ok(6),
        "8" => Ok(8),
        _ => Err("4, 6 or 8 boards a page".to_owned()),
    }
}

/// `rotate --basis`: which seat of a board `--to` moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BasisArg {
    /// The RotationBasis tag, else the Declarer, else the Dealer (Bridge Composer's).
    Standard,
    /// The Dealer.
    Dealer,
    /// The Declarer.
    Declarer,
    /// Bridge Composer's RotationBasis tag.
    RotationBasis,
}

impl BasisArg {
    pub fn basis(self) -> crate::rewrite::rotate::Basis {
        use crate::rewrite::rotate::Basis;
        match self {
            BasisArg::Standard => Basis::Standard,
            BasisArg::Dealer => Basis::Dealer,
            BasisArg::Declarer => Basis::Declarer,
            BasisArg::RotationBasis => Basis::RotationBasis,
        }
    }
}

fn targets_arg(value: &str) -> Result<crate::rewrite::rotate::Targets, String> {
    crate::rewrite::rotate::Targets::parse(value)
}
