//! The arguments of the commands that rewrite, convert and analyze files, and of `rule`.

use super::*;

/// What `export`, `resolve` and `nag` share: the inputs, where the results go, how findings look.
#[derive(Clone, Debug, Args)]
pub struct RewriteArgs {
    #[command(flatten)]
    pub files: FileArgs,

    /// Rewrite each file in place, atomically; files that would not change are not touched.
    #[arg(long, group = "mode")]
    pub write: bool,

    /// Write the results into DIR, mirroring the input tree (batch conversion of archives).
    #[arg(long, group = "mode", value_name = "DIR")]
    pub out_dir: Option<PathBuf>,

    /// Write nothing; list the files that would change and exit 1 if there are any.
    #[arg(long, group = "mode")]
    pub check: bool,

    /// Write nothing; print a unified diff of each file against its result.
    #[arg(long, group = "mode")]
    pub diff: bool,

    #[command(flatten)]
    pub input_encoding: EncodingArg,

    /// Write files even when the result cannot be shown faithful (broken syntax, characters
    /// the encoding cannot hold), and list what was lost.
    #[arg(long)]
    pub force: bool,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub config: ConfigArgs,
}

#[derive(Debug, Args)]
// `--encoding` has named export's output since its first release: here the input's is
// `--input-encoding`, so that no script's `--encoding` is read the other way round without a
// word (docs/spec-decisions.md, "One input vocabulary").
#[command(mut_arg("input_encoding", |arg| arg.long("input-encoding")))]
pub struct ExportArgs {
    #[command(flatten)]
    pub io: RewriteArgs,

    #[command(flatten)]
    pub written: WrittenArgs,

    /// Expand `#` and `##` tag values (PBN 4.8) while exporting.
    #[arg(long)]
    pub resolve: bool,

    /// Apply the safe fixes first (`pbnfmt fix`), then export: `3N` is written `3NT`,
    /// `2023-07-28` `2023.07.28`.
    #[arg(long)]
    pub fix: bool,

    /// With `--fix`, apply the unsafe fixes too.
    #[arg(long, requires = "fix")]
    pub unsafe_fixes: bool,

    /// Prove the export the long way as well: its facts compared with the input's as text, and
    /// the export exported again, which must give the same bytes. Slower; the default proof
    /// compares fingerprints of the facts.
    #[arg(long)]
    pub paranoid: bool,
}

/// How the PBN is written: `export`'s words, which `convert` words for its own defaults.
#[derive(Debug, Args)]
pub struct WrittenArgs {
    /// The output encoding; by default the input's.
    #[arg(
        long,
        value_enum,
        value_name = "ENCODING",
        visible_alias = "output-encoding"
    )]
    pub encoding: Option<OutputEncoding>,

    /// The line end to write: CR LF as the standard requires (PBN 2.3), or LF.
    /// [default: crlf, or the configuration's `export.line-ending`]
    #[arg(long, value_enum)]
    pub line_ending: Option<LineEnding>,
}

#[derive(Debug, Args)]
pub struct ResolveArgs {
    #[command(flatten)]
    pub io: RewriteArgs,

    /// The opposite: write values repeated from the previous game as `#`, and a value every game
    /// repeats from the first as `##` in the first game only (where PBN 4.8 allows it).
    /// `resolve` gives back the resolved file byte for byte.
    #[arg(long)]
    pub compress: bool,
}

#[derive(Debug, Args)]
pub struct NagArgs {
    #[command(flatten)]
    pub io: RewriteArgs,
}

#[derive(Debug, Args)]
pub struct ScoreArgs {
    #[command(flatten)]
    pub io: RewriteArgs,

    /// The scoring method where a game's Scoring tag names none, written as a Scoring value
    /// (PBN 3.4.12): `MP` (2 a score beaten, 1 a tie; `MP;MP2` 1 and a half), `IMP;Butler`
    /// (the mean of all scores), `IMP;Butler-2` (without the two extremes), `IMP;Cross`
    #[arg(long, value_name = "SCORING", value_parser = scoring_method)]
    pub scoring: Option<crate::rules::results::compute::Method>,
}

/// A `--scoring` value: a Scoring tag value that names a method `score` computes.
fn scoring_method(value: &str) -> Result<crate::rules::results::compute::Method, String> {
    crate::rules::results::compute::Method::of(value).ok_or_else(|| {
        format!(
            "`{value}` names no method score computes: give `MP`, `MP;MP2`, `IMP;Butler`, \
             `IMP;Butler-2` or `IMP;Cross` (PBN 3.4.12)"
        )
    })
}

#[derive(Debug, Args)]
pub struct DedupArgs {
    #[command(flatten)]
    pub io: RewriteArgs,

    /// Also write the games removed into FILE, each after a comment that names the first game
    /// with its deal (pgn-extract's -d).
    #[arg(long, value_name = "FILE")]
    pub duplicates: Option<PathBuf>,

    /// Keep only the games whose deal the run deals once: every copy of a repeated deal goes.
    #[arg(long, conflicts_with = "repeats_only")]
    pub unique_only: bool,

    /// Keep only the repeats (the later copies); every other game goes.
    #[arg(long)]
    pub repeats_only: bool,

    #[command(flatten)]
    pub repeats: RepeatsArgs,
}

/// What counts as a deal dealt before, for `check`'s H001 and for `dedup`.
#[derive(Debug, Args)]
pub struct RepeatsArgs {
    /// Earlier sets (files or folders) whose deals count as dealt before: a deal of the files
    /// read that this archive already has is a repeat (H001); the archive's own repeats are not,
    /// and it is never written. Repeatable.
    #[arg(long, value_name = "PATH")]
    pub against: Vec<PathBuf>,

    /// A deal dealt again turned by one seat or more (North's hand East's...) is a repeat too.
    #[arg(long)]
    pub repeats_rotated: bool,

    /// A deal dealt again with its suits exchanged (spades for hearts...) is a repeat too.
    #[arg(long)]
    pub repeats_permuted: bool,
}

impl RepeatsArgs {
    /// What counts as the same deal.
    pub fn sameness(&self) -> crate::sets::Sameness {
        crate::sets::Sameness {
            rotated: self.repeats_rotated,
            permuted: self.repeats_permuted,
        }
    }
}

#[derive(Debug, Args)]
pub struct FixArgs {
    #[command(flatten)]
    pub io: RewriteArgs,

    /// Apply the unsafe fixes too: guesses such as a day-month order when both are 12 or less.
    #[arg(long)]
    pub unsafe_fixes: bool,

    /// Apply only the fixes of these rules: codes, code prefixes, names, or `ALL`.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub select: Option<Vec<String>>,

    /// Do not apply the fixes of these rules.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub ignore: Vec<String>,
}

/// How the double-dummy solver runs (`analyze`, and `check` with H008).
#[derive(Clone, Debug, Args)]
#[command(next_help_heading = "Double-dummy solver (H008, analyze)")]
pub struct SolveArgs {
    /// Keep the solver's results in FILE, by deal, and take them from it first: a deal solved
    /// once is not solved again. Created when absent; replaced atomically.
    #[arg(long, value_name = "FILE", hide = !cfg!(feature = "dds"))]
    pub cache: Option<PathBuf>,

    /// The longest the solver may take on one deal, in seconds; a deal that takes longer is
    /// reported (H009) and left.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 120.0,
        value_parser = positive_seconds,
        hide = !cfg!(feature = "dds")
    )]
    pub timeout: f64,

    /// Memory for the solver's processes together, in MiB (each is given at least 160).
    #[arg(long, value_name = "MIB", default_value_t = 2048, hide = !cfg!(feature = "dds"))]
    pub max_memory: u64,
}

fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 1e9 => Ok(seconds),
        _ => Err("a number of seconds above 0".to_owned()),
    }
}

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// Also correct the double-dummy tags the solver contradicts (H008): table cells, values.
    #[arg(long)]
    pub replace: bool,

    /// The tags to add (and with --replace to correct), comma-separated.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "TAGS",
        default_value = "double-dummy-tricks,optimum-score,par-contract,optimum-result-table"
    )]
    pub tags: Vec<DdTag>,

    #[command(flatten)]
    pub io: RewriteArgs,

    // Last: the arguments after a flattened group fall under its heading.
    #[command(flatten)]
    pub solve: SolveArgs,
}

/// A double-dummy tag `analyze` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DdTag {
    /// Bridge Composer's 20 base-14 digits.
    DoubleDummyTricks,
    /// PBN 4.2.7: the par score, `NS 980`.
    OptimumScore,
    /// A par contract, `NS 6S=`.
    ParContract,
    /// PBN 5.7: 20 rows of declarer, denomination, tricks.
    OptimumResultTable,
}

#[derive(Debug, Args)]
pub struct DdsWorkerArgs {
    /// The worker's memory, in MiB.
    #[arg(long, default_value_t = 512)]
    pub memory: u64,
}

/// A named set of rules for one kind of file (`check --profile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Profile {
    /// A set of hand records before play: H001-H007 and T027.
    HandRecord,
}

/// What `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// PBN export format (PBN 2.1).
    Pbn,
    /// BBO's LIN, in Bridge Composer's layout.
    Lin,
    /// One JSON object per game (schema: docs/jsonl.md).
    Jsonl,
    /// CSV (RFC 4180): one row per game, or per call, card or result with --table.
    Csv,
}

impl From<Target> for crate::commands::convert::Target {
    fn from(target: Target) -> Self {
        match target {
            Target::Pbn => Self::Pbn,
            Target::Lin => Self::Lin,
            Target::Jsonl => Self::Jsonl,
            Target::Csv => Self::Csv,
        }
    }
}

/// What a CSV row is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableArg {
    /// One row per game.
    Games,
    /// One row per call, keyed by file and game.
    Calls,
    /// One row per card, keyed by file and game.
    Cards,
    /// One row per result on a board's traveller (ScoreTable): pairs, contract, scores, MP, IMP.
    Results,
}

#[derive(Debug, Args)]
#[command(mut_arg("encoding", |arg| arg.help(
    "Write PBN in this encoding; by default Latin-1 (PBN 2.2) when every character fits, else \
     UTF-8",
)))]
#[command(mut_arg("line_ending", |arg| arg.help("Line ends of the PBN written (PBN 2.3 says CRLF)")))]
pub struct ConvertArgs {
    #[command(flatten)]
    pub files: FileArgs,

    /// What to write.
    #[arg(long, value_enum, default_value_t = Target::Pbn)]
    pub to: Target,

    /// Write every game of every input into FILE (atomically).
    #[arg(
        long = "output",
        short = 'o',
        alias = "output-file",
        value_name = "FILE",
        group = "mode"
    )]
    pub output_file: Option<PathBuf>,

    /// Write each result below DIR, at the input's relative path with the new extension.
    #[arg(long, group = "mode", value_name = "DIR")]
    pub out_dir: Option<PathBuf>,

    /// Write nothing: report what converting would find, exit 1 on an error-level finding.
    #[arg(long, group = "mode")]
    pub check: bool,

    /// Read the input in this encoding instead of detecting it.
    #[arg(long, value_enum)]
    pub input_encoding: Option<InputEncoding>,

    #[command(flatten)]
    pub written: WrittenArgs,

    /// With --to jsonl: add each game's findings to its object.
    #[arg(long)]
    pub with_findings: bool,

    /// With --to jsonl: add where each tag, hand, call and card is written (`spans`: line,
    /// column, end line, end column).
    #[arg(long)]
    pub spans: bool,

    /// With --to csv: the columns, in order (file, line, game, event, date, board, dealer,
    /// vulnerable, north, east, south, west, deal_hash, scoring, contract, declarer, result,
    /// score, auction, play, tag:NAME).
    #[arg(long, value_delimiter = ',', value_name = "COLUMNS")]
    pub columns: Option<Vec<String>>,

    /// With --to csv: one row per game (the default), per call or per card.
    #[arg(long, value_enum, value_name = "ROWS")]
    pub table: Option<TableArg>,

    /// With --to csv: write every cell as it is. By default a cell a spreadsheet would take for a
    /// formula (starting with `=`, `+`, `-`, `@`, a tab or CR, and not a number) gets a `'` in
    /// front, so that a name from an untrusted file cannot become a live formula.
    #[arg(long)]
    pub raw_cells: bool,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub config: ConfigArgs,
}

#[derive(Debug, Args)]
pub struct RuleArgs {
    /// A rule code (`D003`) or name (`duplicate-card`).
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    pub rule: Option<String>,

    /// List every rule: code, name, default severity, when it runs, section and summary.
    #[arg(long)]
    pub all: bool,
}
