//! The command line: clap definitions and the glue from arguments to the library and back to
//! printed output and an exit status. All printing happens here.
//!
//! - `check`: `pbnfmt check`;
//! - `rewrite`: `export`, `resolve` and `nag`, which share one runner;
//! - `convert`: `pbnfmt convert` (LIN, PBN, JSON lines, CSV);
//! - `dedup`: `pbnfmt dedup`, the games whose deal the run already dealt removed;
//! - `analyze`: `pbnfmt analyze`, double-dummy tags added from the solver, and the solving a run
//!   does first (for `check --extend-select H008` too);
//! - `fingerprint`: `pbnfmt fingerprint`, one hash of a set of deals;
//! - `show`: `pbnfmt show`, a hand diagram;
//! - `settings`: the configuration files and the command line merged into what applies to
//!   each file;
//! - `output`: printing in order, the progress line, and the exit contract.

#[cfg(unix)]
pub use signals::on_signals;

mod analyze;
mod check;
mod convert;
mod dedup;
mod edits;
mod fingerprint;
mod handrecord;
mod help;
mod output;
mod rewrite;
mod select;
mod set_args;
mod sets;
mod settings;
mod show;
#[cfg(unix)]
mod signals;
mod stats;

use std::io::{self, Write};
use std::path::PathBuf;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

use crate::config::{InputEncoding, LineEnding, OutputEncoding};
use crate::lexer::MAX_TEXT_LEN;
use crate::report::Format;
use crate::rules::Rule;
use crate::walk::Input;
use help::*;

mod args;
mod inputs;
pub use args::*;
pub(crate) use inputs::*;
pub use set_args::*;

/// Exit status: nothing to report.
pub const EXIT_CLEAN: u8 = 0;
/// Exit status: findings (an error-level finding, a file that would change, a file refused).
pub const EXIT_FINDINGS: u8 = 1;
/// Exit status: usage or configuration error, or a file that could not be read or written.
pub const EXIT_TROUBLE: u8 = 2;

/// Prints a line on standard error; a closed standard error is not worth a panic. The line goes
/// through `display::escape_line`, so that no file name or value in it reaches the terminal as a
/// command or starts a line of its own.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let line = format!($($arg)*);
        let _ = writeln!(std::io::stderr(), "{}", $crate::display::escape_line(&line));
    }};
}
pub(crate) use say;

/// Validator and converter for PBN (Portable Bridge Notation) files.
#[derive(Debug, Parser)]
#[command(name = "pbnfmt", version, about, after_help = MAIN_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check PBN files and report every defect with its position.
    #[command(after_help = EXIT_STATUS_HELP)]
    Check(CheckArgs),
    /// Rewrite PBN files in the standard's export format.
    ///
    /// Rewrite PBN files in the standard's export format, byte for byte canonical.
    #[command(after_help = EXPORT_STATUS_HELP)]
    Export(ExportArgs),
    /// Expand `#` and `##` values so that every game stands alone.
    ///
    /// Expand `#` and `##` tag values (PBN 4.8) so that every game stands alone; nothing else
    /// changes. `--compress` does the opposite.
    #[command(after_help = REWRITE_STATUS_HELP)]
    Resolve(ResolveArgs),
    /// Rewrite the annotation suffixes (`!`, `?`...) as NAGs.
    ///
    /// Rewrite the suffixes `! ? !! ?? !? ?!` as NAGs (PBN 3.5.2, 3.6.2, 3.7); nothing else
    /// changes.
    #[command(after_help = REWRITE_STATUS_HELP)]
    Nag(NagArgs),
    /// Complete and correct each board's traveller from its scores.
    ///
    /// Complete and correct each board's traveller (PBN 5.9 ScoreTable) from its scores: the
    /// matchpoints, percentages, IMPs and Butler datum, by the method the Scoring tag names
    /// (PBN 3.4.12) or `--scoring`; a column the method needs and the table lacks is added.
    /// Every other byte stays; a board that cannot be scored without a guess (an artificial
    /// score, two sections, factored matchpoints) is left as it is, and each file says how many.
    #[command(after_help = REWRITE_STATUS_HELP)]
    Score(ScoreArgs),
    /// Turn every board by quarter turns, every seat with it.
    ///
    /// Turn every board by quarter turns clockwise: the Deal, Dealer, Declarer, Vulnerable, the
    /// Auction and Play seats, the sides of the scores and the double-dummy tags turn together;
    /// nothing else changes. Four turns give the file back byte for byte.
    #[command(after_help = REWRITE_STATUS_HELP)]
    Rotate(RotateArgs),
    /// Number the boards from 1, or from N, in file order.
    ///
    /// Number the boards from 1 (or `--from N`) in file order; nothing else changes, unless
    /// asked: `--keep-original` keeps each old number in a tag, `--standard-dealer-vul` gives each
    /// board its number's dealer and vulnerability.
    #[command(after_help = REWRITE_STATUS_HELP)]
    Renumber(RenumberArgs),
    /// Keep the boards chosen by number or by what they hold.
    ///
    /// Keep only the boards chosen by number (`--boards 1-8,12`) or by what they hold
    /// (`--where 'hcp(north) >= 15 and auction ~ "1NT P 2C *"'`); the others are removed whole,
    /// and every other byte stays.
    #[command(alias = "filter", after_help = SELECT_HELP)]
    Select(SelectArgs),
    /// Count the dealers, points, contracts and results of boards.
    ///
    /// Count a set of boards: dealers and vulnerability, high-card points per seat, contracts by
    /// level and strain, made and down, declarer's tricks against double dummy, slams bid and
    /// makeable; of the boards chosen by `--boards` and `--where` as `select` chooses them.
    #[command(after_help = STATS_HELP)]
    Stats(StatsArgs),
    /// Give tags a value, or remove them, on the boards chosen.
    ///
    /// Give tags a value (`--set Event="Monday pairs"`) or remove them (`--remove Scoring`) on
    /// every board, or on those chosen by `--boards` and `--where`; nothing else changes.
    #[command(after_help = SET_TAG_HELP)]
    SetTag(SetTagArgs),
    /// Join files of boards into one.
    ///
    /// Join files of boards into one, in order (or shuffled with `--shuffle SEED`), numbered
    /// from 1 with `--renumber`; every byte of every game kept.
    #[command(after_help = MERGE_HELP)]
    Merge(MergeArgs),
    /// Cut files into parts of N boards, or by a tag's value.
    ///
    /// Cut each file into parts of N boards (`--every N`) or one part for each value of a tag
    /// (`--by Room`), written into `--out-dir`; merging the parts gives the file back.
    #[command(after_help = SPLIT_HELP)]
    Split(SplitArgs),
    /// Write the boards again in blocks for several tables.
    ///
    /// Write the boards again in blocks for several tables (`--blocks 9`): each copy on a board
    /// number of its own, with that number's dealer and vulnerability, naming the board played in
    /// VirtualBoard, VirtualDealer, VirtualVulnerable and BlockNumber.
    #[command(after_help = REPLICATE_HELP)]
    Replicate(ReplicateArgs),
    /// Apply the safe fixes `check` marks [*], as minimal edits.
    ///
    /// Repair what producers commonly write and every player reads without doubt (`3N` is `3NT`,
    /// `2023-07-28` is `2023.07.28`): the fixes `check` marks `[*]`, as minimal edits; nothing
    /// else changes.
    #[command(after_help = REWRITE_STATUS_HELP)]
    Fix(FixArgs),
    /// Remove the games whose deal was dealt before.
    ///
    /// Remove the games whose deal the run has already dealt (H001): the later copies of each
    /// repeated deal, or with options every copy or all but the repeats; nothing else changes.
    #[command(after_help = DEDUP_HELP)]
    Dedup(DedupArgs),
    /// Print one SHA-256 fingerprint of a set of deals.
    ///
    /// Print one SHA-256 fingerprint of a set of deals, to publish before play: anyone can show
    /// later that the deals were not changed (`--canonical` prints the text that is hashed).
    #[command(after_help = FINGERPRINT_HELP)]
    Fingerprint(FingerprintArgs),
    /// Convert between PBN and BBO LIN, or to JSON lines or CSV.
    ///
    /// Convert BBO LIN to PBN export format (every board checked and read back), PBN to LIN for
    /// BBO (`--to lin`), or games to JSON lines or CSV for analysis (`--to jsonl`, `--to csv`).
    #[command(after_help = CONVERT_HELP)]
    Convert(ConvertArgs),
    /// Add double-dummy tags from the solver (the `dds` feature).
    ///
    /// Add the double-dummy tags a game lacks (DoubleDummyTricks, OptimumScore, ParContract,
    /// OptimumResultTable) from the solver, or with --replace correct those it contradicts;
    /// nothing else changes. Needs pbnfmt built with the `dds` feature.
    #[command(after_help = ANALYZE_HELP)]
    Analyze(AnalyzeArgs),
    /// The double-dummy solver of `analyze` and H008, one deal a line on standard input (run by
    /// pbnfmt itself).
    #[command(hide = true)]
    DdsWorker(DdsWorkerArgs),
    /// Show a board as a hand diagram.
    ///
    /// Show a board as a hand diagram: the four hands, dealer, vulnerability, contract, result
    /// and the auction.
    #[command(after_help = SHOW_HELP)]
    Show(ShowArgs),
    /// Print a hand record for the players, in HTML or PDF.
    ///
    /// Print a hand record: every board as the four hands around a compass with their HCP,
    /// dealer and vulnerability, the double-dummy tricks and par, as HTML to print (A4 or
    /// Letter, 4, 6 or 8 boards a page); the set is checked first (`--profile hand-record`).
    #[command(after_help = HANDRECORD_HELP)]
    Handrecord(HandrecordArgs),
    /// Explain a rule, or list them all.
    ///
    /// Explain a rule (`pbnfmt rule D003`), or list every rule (`pbnfmt rule --all`).
    Rule(RuleArgs),
    /// Print a shell completion script.
    ///
    /// Print a shell completion script: `pbnfmt completions bash > /etc/bash_completion.d/pbnfmt`.
    Completions(CompletionsArgs),
}

/// Which files, and how they are found.
#[derive(Clone, Debug, Args)]
pub struct FileArgs {
    /// Files or directories; directories are searched recursively for *.pbn files, and *.lin
    /// files where the command reads LIN (any case); `-` reads standard input.
    pub paths: Vec<PathBuf>,

    /// Read more paths from FILE, one per line or NUL-separated (`find -print0`); `-` reads them
    /// from standard input.
    #[arg(long, value_name = "FILE")]
    pub files_from: Option<PathBuf>,

    /// Leave out paths matching GLOB: a name (`old`, `*.tmp.pbn`) matches any file or directory
    /// of that name, a path (`archive/199?/**`) matches from the working directory. Repeatable.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,

    /// Apply the excludes (--exclude and the configuration's) to paths named on the command line
    /// too, as pre-commit and editors name every file.
    #[arg(long)]
    pub force_exclude: bool,

    /// The name of standard input in messages, for configuration lookup and for the excludes.
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,

    /// Follow symbolic links found in directories. Without it, a directory walk takes the files
    /// of the tree itself, not what its links point to; a link named as a path is always taken.
    #[arg(long, short = 'L')]
    pub follow: bool,

    /// Walk what .gitignore, .ignore and .git/info/exclude leave out (by default a directory
    /// walk skips it, as ripgrep and ruff do; .gitignore counts inside a git repository).
    #[arg(long)]
    pub no_ignore: bool,

    /// Walk hidden files and directories (names starting with `.`), skipped by default.
    #[arg(long)]
    pub hidden: bool,

    /// Work on N files at once, or with fewer files on the chunks of each (`check` reads them,
    /// `export` proves them, on its share of the N); by default one per processor. The output is
    /// the same.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,

    /// Take `*.lin` files too in a directory walk (set by the commands that read LIN: `check`,
    /// `convert`, `stats`, `fingerprint`; not a flag).
    #[arg(skip)]
    pub lin: bool,
}

impl FileArgs {
    /// The same, for a command that reads LIN (BBO) as well as PBN: a directory walk takes
    /// `*.lin` files too (issue 49, item 1).
    pub fn reading_lin(&self) -> FileArgs {
        FileArgs {
            lin: true,
            ..self.clone()
        }
    }

    /// The threads to use: `--threads`, else the machine's parallelism.
    pub fn threads(&self) -> usize {
        self.threads
            .map_or_else(crate::parallel::default_threads, usize::from)
    }
}

/// Where settings come from.
#[derive(Clone, Debug, Args)]
#[command(next_help_heading = "Configuration")]
pub struct ConfigArgs {
    /// Use this configuration file for every file, instead of the closest pbnfmt.toml.
    #[arg(long, value_name = "PATH", conflicts_with = "isolated")]
    pub config: Option<PathBuf>,

    /// Ignore every configuration file.
    #[arg(long)]
    pub isolated: bool,

    /// Print the settings that apply to the first file found, and the configuration file they come
    /// from, then exit.
    #[arg(long)]
    pub show_settings: bool,
}

/// How findings are printed, and what decides the exit status.
#[derive(Clone, Debug, Args)]
pub struct OutputArgs {
    /// How findings are printed: `full` (a code frame each) unless `-q` makes it `concise`.
    #[arg(long, value_enum)]
    pub output_format: Option<Format>,

    /// When to colour the output; `auto` colours a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Print how many findings each rule has, instead of the findings.
    #[arg(long)]
    pub statistics: bool,

    /// Print the findings only, a line each (`concise`, unless `--output-format` names
    /// another): no code frame, no summary, no progress.
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// Exit 0 even when there are findings (for reporting jobs); trouble still exits 2.
    #[arg(long)]
    pub exit_zero: bool,
}

impl OutputArgs {
    /// The format findings print in: the one named, else a line each under `-q` (issue 65,
    /// item 13: `-q` shortens what a long run prints), else a code frame each.
    pub fn format(&self) -> Format {
        self.output_format.unwrap_or(if self.quiet {
            Format::Concise
        } else {
            Format::Full
        })
    }
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The PBN file; `-` reads standard input.
    pub file: PathBuf,

    /// Show only the board with this number (the Board tag); by default every board.
    #[arg(long, value_name = "N", value_parser = board_number)]
    pub board: Option<String>,

    /// Letters instead of the suit symbols ♠♥♦♣, for terminals without them.
    #[arg(long)]
    pub ascii: bool,

    /// Show the play trick by trick (the leader's card first, the winner marked `*`), not only
    /// the opening lead.
    #[arg(long)]
    pub play: bool,

    /// When to colour the diagrams (the red suits red, each board's heading bold); `auto`
    /// colours a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Solve the deals whose file gives no double-dummy table, and show the table and par
    /// (a pbnfmt built with the `dds` feature).
    #[arg(long)]
    pub analyze: bool,

    #[command(flatten)]
    pub encoding: EncodingArg,

    #[command(flatten)]
    pub config: ConfigArgs,

    // Last: the arguments after a flattened group fall under its heading.
    #[command(flatten)]
    pub solve: SolveArgs,
}

#[derive(Debug, Args)]
pub struct FingerprintArgs {
    #[command(flatten)]
    pub files: FileArgs,

    /// Print the canonical text that is hashed instead of the fingerprint.
    #[arg(long)]
    pub canonical: bool,

    #[command(flatten)]
    pub encoding: EncodingArg,

    #[command(flatten)]
    pub config: ConfigArgs,
}

/// The input encoding option every command that reads files shares (issue 59, item 4).
#[derive(Clone, Copy, Debug, Args)]
pub struct EncodingArg {
    /// The input encoding; `auto` reads a byte-order mark, else UTF-8 if valid, else Latin-1.
    /// [default: auto, or the configuration's `encoding`]
    #[arg(
        long = "encoding",
        value_enum,
        value_name = "ENCODING",
        alias = "input-encoding"
    )]
    pub input_encoding: Option<InputEncoding>,
}

impl std::ops::Deref for EncodingArg {
    type Target = Option<InputEncoding>;

    fn deref(&self) -> &Option<InputEncoding> {
        &self.input_encoding
    }
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub files: FileArgs,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub encoding: EncodingArg,

    /// Run only these rules: codes (`D003`), code prefixes (`D`, `T0`), names, or `ALL`;
    /// comma-separated or repeated. Replaces the default set, and the configuration's selection.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub select: Option<Vec<String>>,

    /// Run these rules in addition, e.g. the opt-in rules beyond the standard (`T026`, `C005`).
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub extend_select: Vec<String>,

    /// Do not run these rules.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub ignore: Vec<String>,

    /// Check export-format conformance (the E rules) in every file, not only in files with a
    /// `% EXPORT` line.
    #[arg(long)]
    pub export: bool,

    /// Treat warnings as errors: they are printed as errors and make the exit status 1.
    #[arg(long)]
    pub warnings_as_errors: bool,

    /// Show at most N findings of each file, the first in file order; the rest are counted in
    /// the summary and the statistics (a file of random bytes has millions).
    #[arg(long, value_name = "N", default_value_t = crate::rules::diagnostic::MAX_FINDINGS)]
    pub max_findings: usize,

    #[command(flatten)]
    pub repeats: RepeatsArgs,

    /// Check files as a set of hand records: the H rules (no repeated deal, boards 1 to N, the
    /// whole deal, Event, Site, Date and a double-dummy analysis that agrees with itself) and
    /// the usual Dealer and Vulnerable for each board (T027), besides the default rules.
    #[arg(long, value_enum, value_name = "PROFILE")]
    pub profile: Option<Profile>,

    #[command(flatten)]
    pub config: ConfigArgs,

    #[command(flatten)]
    pub solve: SolveArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// Runs the parsed command line and returns the exit status.
pub fn run(cli: Cli) -> u8 {
    match cli.command {
        // `-o -` names standard output, as `-` names standard input (issue 63, item 7): never a
        // file named `-`.
        Command::Merge(mut args) => {
            dash_is_stdout(&mut args.output);
            sets::run_merge(&args)
        }
        Command::Handrecord(mut args) => {
            dash_is_stdout(&mut args.output_file);
            handrecord::run(&args)
        }
        Command::Convert(mut args) => {
            let joined = dash_is_stdout(&mut args.output_file);
            convert::run_convert(&args, joined)
        }
        Command::Check(args) => check::run(&args),
        Command::Export(args) => edits::export(&args),
        Command::Resolve(args) => edits::resolve(&args),
        Command::Nag(args) => edits::nag(&args),
        Command::Score(args) => edits::score(&args),
        Command::Rotate(args) => edits::rotate(&args),
        Command::Renumber(args) => edits::renumber(&args),
        Command::Replicate(args) => edits::replicate(&args),
        Command::Select(args) => select::run(&args),
        Command::Stats(args) => stats::run(&args),
        Command::SetTag(args) => select::set_tag(&args),
        Command::Split(args) => sets::run_split(&args),
        Command::Fix(args) => edits::fix(&args),
        Command::Dedup(args) => dedup::run(&args),
        Command::Fingerprint(args) => fingerprint::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::DdsWorker(args) => analyze::worker(&args),
        Command::Show(args) => show::run(&args),
        Command::Rule(args) => run_rule(&args),
        Command::Completions(args) => {
            let mut out = Vec::new();
            clap_complete::generate(args.shell, &mut Cli::command(), "pbnfmt", &mut out);
            finish(io::stdout().lock().write_all(&out))
        }
    }
}

/// Takes an output path `-` as standard output: the option is then as if not given. True when it
/// was `-`.
fn dash_is_stdout(path: &mut Option<PathBuf>) -> bool {
    let dash = path.as_deref().is_some_and(|path| path.as_os_str() == "-");
    if dash {
        *path = None;
    }
    dash
}

/// The status of a run whose output is written: a closed pipe is not an error.
fn finish(written: io::Result<()>) -> u8 {
    match written.and_then(|()| io::stdout().flush()) {
        Ok(()) => EXIT_CLEAN,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => EXIT_CLEAN,
        Err(error) => {
            say!("pbnfmt: error: cannot write to standard output: {error}");
            EXIT_TROUBLE
        }
    }
}

fn run_rule(args: &RuleArgs) -> u8 {
    let mut out = String::new();
    if args.all {
        for rule in Rule::ALL {
            let info = rule.info();
            out.push_str(&format!(
                "{} {:<38} {:<7} {:<8} {:<11} {}\n",
                info.code,
                info.name,
                info.severity,
                info.group.name(),
                info.section,
                info.summary
            ));
        }
    } else {
        let wanted = args.rule.as_deref().unwrap_or("");
        let Some(rule) = Rule::find(wanted) else {
            say!("pbnfmt: error: no rule is called `{wanted}`; `pbnfmt rule --all` lists them");
            return EXIT_TROUBLE;
        };
        out = rule.info().page();
        out.push('\n');
    }
    finish(io::stdout().lock().write_all(out.as_bytes()))
}

pub(crate) fn use_color(choice: ColorChoice, terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

pub(crate) fn terminal_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|columns| columns.parse().ok())
        .unwrap_or(100)
}

pub(crate) fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// `--board`: a Board number is a positive integer (PBN 3.4.4); anything else is a usage error
/// (exit 2), not a board that is absent (exit 1).
fn board_number(text: &str) -> Result<String, String> {
    match text.trim().parse::<u64>() {
        Ok(number) if number > 0 => Ok(text.trim().to_owned()),
        _ => Err(format!(
            "`{}` is not a board number: a Board is a positive integer (PBN 3.4.4)",
            crate::display::escape(text)
        )),
    }
}
