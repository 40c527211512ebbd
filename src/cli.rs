//! The command line: clap definitions and the glue from arguments to the library and back to
//! printed output and an exit status. All printing happens here.

use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::check::{CheckOptions, FileReport, check_bytes};
use crate::diagnostic::{Diagnostic, FullStyle, Severity, render_concise, render_full};
use crate::lexer::MAX_TEXT_LEN;
use crate::rules::select::Selection;
use crate::rules::{Group, Rule};
use crate::source::{Encoding, LineIndex};
use crate::walk::{self, Input};

/// Exit status: no error-level finding.
pub const EXIT_CLEAN: u8 = 0;
/// Exit status: at least one error-level finding.
pub const EXIT_FINDINGS: u8 = 1;
/// Exit status: usage error, or a file that could not be read.
pub const EXIT_TROUBLE: u8 = 2;

const EXIT_STATUS_HELP: &str = "\
Exit status:
  0  no error-level finding (warnings alone exit 0)
  1  at least one error-level finding
  2  usage error, or a file or directory that could not be read";

/// Validator and converter for PBN (Portable Bridge Notation) files.
#[derive(Debug, Parser)]
#[command(name = "pbnfmt", version, about, after_help = EXIT_STATUS_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check PBN files and report every defect with its position.
    #[command(after_help = EXIT_STATUS_HELP)]
    Check(CheckArgs),
    /// Rewrite PBN files in the standard's export format, byte for byte canonical.
    #[command(after_help = EXPORT_STATUS_HELP)]
    Export(ExportArgs),
    /// Expand `#` and `##` tag values (PBN 4.8) so that every game stands alone; nothing else
    /// changes. `--compress` does the opposite.
    #[command(after_help = REWRITE_STATUS_HELP)]
    Resolve(ResolveArgs),
    /// Rewrite the suffixes `! ? !! ?? !? ?!` as NAGs (PBN 3.5.2, 3.6.2, 3.7); nothing else
    /// changes.
    #[command(after_help = REWRITE_STATUS_HELP)]
    Nag(NagArgs),
    /// Explain a rule (`pbnfmt rule D003`), or list every rule (`pbnfmt rule --all`).
    Rule(RuleArgs),
}

const EXPORT_STATUS_HELP: &str = "\
Without --write, --out-dir, --check or --diff, the export of one file (or of standard input)
goes to standard output. Findings and the summary go to standard error.

Exit status:
  0  every file exported (or, with --check and --diff, already in export format)
  1  a file was refused (its findings say why), or with --check and --diff would change
  2  usage error, or a file or directory that could not be read or written";

const REWRITE_STATUS_HELP: &str = "\
Only the values, tags and annotations concerned are edited: every other byte of the file stays
as it was. Without --write, --out-dir, --check or --diff, the result for one file (or for standard
input) goes to standard output. Findings and the summary go to standard error.

Exit status:
  0  every file rewritten (or, with --check and --diff, nothing to change)
  1  a file was refused or has something that could not be rewritten (its findings say why),
     or with --check and --diff would change
  2  usage error, or a file or directory that could not be read or written";

/// What `export`, `resolve` and `nag` share: the inputs, where the results go, how findings look.
#[derive(Debug, Args)]
pub struct RewriteArgs {
    /// Files or directories; directories are searched recursively for *.pbn files (any case);
    /// `-` reads standard input.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,

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

    /// The input encoding; `auto` reads a byte-order mark, else UTF-8 if valid, else Latin-1.
    #[arg(long, value_enum, default_value_t = EncodingArg::Auto)]
    pub input_encoding: EncodingArg,

    /// Write files even when the result cannot be shown faithful (broken syntax, characters
    /// the encoding cannot hold), and list what was lost.
    #[arg(long)]
    pub force: bool,

    /// How findings are printed.
    #[arg(long, value_enum, default_value_t = OutputFormat::Full)]
    pub output_format: OutputFormat,

    /// When to colour the findings; `auto` colours a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub io: RewriteArgs,

    /// The output encoding; by default the input's.
    #[arg(long, value_enum, value_name = "ENCODING")]
    pub encoding: Option<OutputEncodingArg>,

    /// The line end to write: CR LF as the standard requires (PBN 2.3), or LF.
    #[arg(long, value_enum, default_value_t = LineEndingArg::Crlf)]
    pub line_ending: LineEndingArg,

    /// Expand `#` and `##` tag values (PBN 4.8) while exporting.
    #[arg(long)]
    pub resolve: bool,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputEncodingArg {
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    #[value(name = "latin-1", alias = "latin1", alias = "iso-8859-1")]
    Latin1,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LineEndingArg {
    Crlf,
    Lf,
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

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files or directories to check; directories are searched recursively for *.pbn files (any
    /// case); `-` reads standard input.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,

    /// How findings are printed.
    #[arg(long, value_enum, default_value_t = OutputFormat::Full)]
    pub output_format: OutputFormat,

    /// The input encoding; `auto` reads a byte-order mark, else UTF-8 if valid, else Latin-1.
    #[arg(long, value_enum, default_value_t = EncodingArg::Auto)]
    pub encoding: EncodingArg,

    /// When to colour the output; `auto` colours a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Run only these rules: codes (`D003`), code prefixes (`D`, `T0`), names, or `ALL`;
    /// comma-separated or repeated. Replaces the default set.
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
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// A code frame for each finding.
    Full,
    /// One line per finding: `path:line:col: severity[CODE] message`.
    Concise,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EncodingArg {
    Auto,
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    #[value(name = "latin-1", alias = "latin1", alias = "iso-8859-1")]
    Latin1,
    #[value(name = "utf-16le", alias = "utf16le")]
    Utf16Le,
    #[value(name = "utf-16be", alias = "utf16be")]
    Utf16Be,
}

impl EncodingArg {
    pub(crate) fn forced(self) -> Option<Encoding> {
        match self {
            EncodingArg::Auto => None,
            EncodingArg::Utf8 => Some(Encoding::Utf8),
            EncodingArg::Latin1 => Some(Encoding::Latin1),
            EncodingArg::Utf16Le => Some(Encoding::Utf16Le),
            EncodingArg::Utf16Be => Some(Encoding::Utf16Be),
        }
    }
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
        Command::Check(args) => run_check(&args),
        Command::Export(args) => crate::cli_rewrite::export(&args),
        Command::Resolve(args) => crate::cli_rewrite::resolve(&args),
        Command::Nag(args) => crate::cli_rewrite::nag(&args),
        Command::Rule(args) => run_rule(&args),
    }
}

fn run_rule(args: &RuleArgs) -> u8 {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let written = if args.all {
        Rule::ALL.iter().try_for_each(|rule| {
            let info = rule.info();
            writeln!(
                out,
                "{} {:<38} {:<7} {:<8} {:<11} {}",
                info.code,
                info.name,
                info.severity,
                group_name(info.group),
                info.section,
                info.summary
            )
        })
    } else {
        let wanted = args.rule.as_deref().unwrap_or("");
        match Rule::find(wanted) {
            Some(rule) => {
                let info = rule.info();
                writeln!(
                    out,
                    "# {} {}\n\n{}. Default severity: {}. Runs: {}. Enforces {}.\n\n{}",
                    info.code,
                    info.name,
                    info.summary,
                    info.severity,
                    group_name(info.group),
                    info.section,
                    info.doc
                )
            }
            None => {
                eprintln!(
                    "pbnfmt: error: no rule is called `{wanted}`; `pbnfmt rule --all` lists them"
                );
                return EXIT_TROUBLE;
            }
        }
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => EXIT_CLEAN,
        // A closed pipe (`pbnfmt rule --all | head`) is not an error.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => EXIT_CLEAN,
        Err(_) => EXIT_TROUBLE,
    }
}

/// When a rule runs, in words.
fn group_name(group: Group) -> &'static str {
    match group {
        Group::Standard => "default",
        Group::Export => "export",
        Group::Extra => "opt-in",
        Group::Write => "writer",
    }
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

/// Reads one input. Errors are worded for the user.
pub(crate) fn read_input(input: &Input) -> Result<Vec<u8>, String> {
    let bytes = match input {
        Input::Stdin => {
            let mut bytes = Vec::new();
            io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|error| error.to_string())?;
            bytes
        }
        Input::File(path) => {
            if path.is_dir() {
                return Err("is a directory".to_owned());
            }
            std::fs::read(path).map_err(|error| error.to_string())?
        }
    };
    if bytes.len() > MAX_TEXT_LEN {
        return Err("larger than 4 GiB, which pbnfmt does not read".to_owned());
    }
    Ok(bytes)
}

#[derive(Default)]
struct Totals {
    files: usize,
    files_with_findings: usize,
    games: usize,
    errors: usize,
    warnings: usize,
    unreadable: usize,
}

fn run_check(args: &CheckArgs) -> u8 {
    let selection = Selection {
        select: args.select.clone(),
        extend_select: args.extend_select.clone(),
        ignore: args.ignore.clone(),
        export: args.export,
    };
    let unknown = selection.unknown_selectors();
    if !unknown.is_empty() {
        eprintln!(
            "pbnfmt: error: no rule matches {}; `pbnfmt rule --all` lists the rules",
            unknown
                .iter()
                .map(|s| format!("`{s}`"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        return EXIT_TROUBLE;
    }
    let options = CheckOptions {
        encoding: args.encoding.forced(),
        selection,
    };
    let style = FullStyle {
        color: use_color(args.color, io::stdout().is_terminal()),
        width: terminal_width(),
    };
    let discovery = walk::discover(&args.paths);
    let mut totals = Totals {
        unreadable: discovery.errors.len(),
        ..Totals::default()
    };
    for error in &discovery.errors {
        eprintln!("pbnfmt: error: {}: {}", error.path.display(), error.message);
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for input in &discovery.inputs {
        let name = input.display_name();
        let bytes = match read_input(input) {
            Ok(bytes) => bytes,
            Err(message) => {
                // Flush first so that messages keep their order on a shared terminal.
                let _ = out.flush();
                eprintln!("pbnfmt: error: cannot read {name}: {message}");
                totals.unreadable += 1;
                continue;
            }
        };
        let mut report = check_bytes(&bytes, &options);
        if args.warnings_as_errors {
            for diagnostic in &mut report.diagnostics {
                diagnostic.severity = Severity::Error;
            }
        }
        totals.files += 1;
        totals.games += report.games;
        if print_report(&mut out, &name, &report, args.output_format, style).is_err() {
            // Broken pipe (`pbnfmt check . | head`): stop quietly.
            return exit_status(&totals);
        }
        let errors = count(&report, Severity::Error);
        let warnings = count(&report, Severity::Warning);
        totals.errors += errors;
        totals.warnings += warnings;
        if errors + warnings > 0 {
            totals.files_with_findings += 1;
        }
    }
    let _ = writeln!(out, "{}", summary(&totals)).and_then(|()| out.flush());
    exit_status(&totals)
}

fn count(report: &FileReport, severity: Severity) -> usize {
    report
        .diagnostics
        .iter()
        .filter(|d| d.severity == severity)
        .count()
}

fn exit_status(totals: &Totals) -> u8 {
    if totals.unreadable > 0 {
        EXIT_TROUBLE
    } else if totals.errors > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    }
}

fn print_report(
    out: &mut impl Write,
    name: &str,
    report: &FileReport,
    format: OutputFormat,
    style: FullStyle,
) -> io::Result<()> {
    print_diagnostics(
        out,
        name,
        &report.decoded.text,
        &report.diagnostics,
        format,
        style,
    )
}

/// Prints the findings of one file in `format`.
pub(crate) fn print_diagnostics(
    out: &mut impl Write,
    name: &str,
    text: &str,
    diagnostics: &[Diagnostic],
    format: OutputFormat,
    style: FullStyle,
) -> io::Result<()> {
    if diagnostics.is_empty() {
        return Ok(());
    }
    let index = LineIndex::new(text);
    for diagnostic in diagnostics {
        match format {
            OutputFormat::Concise => {
                writeln!(out, "{}", render_concise(name, text, &index, diagnostic))?
            }
            OutputFormat::Full => writeln!(
                out,
                "{}",
                render_full(name, text, &index, diagnostic, style)
            )?,
        }
    }
    Ok(())
}

pub(crate) fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

fn summary(totals: &Totals) -> String {
    let scope = format!(
        "{} ({})",
        plural(totals.files, "file", "files"),
        plural(totals.games, "game", "games")
    );
    if totals.errors + totals.warnings == 0 {
        return format!("No findings in {scope}.");
    }
    format!(
        "Found {} and {} in {} of {scope}.",
        plural(totals.errors, "error", "errors"),
        plural(totals.warnings, "warning", "warnings"),
        totals.files_with_findings,
    )
}
