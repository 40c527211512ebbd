//! The command line and the configuration files merged into what applies to each file.
//!
//! Precedence, per file: the command line, then the closest `pbnfmt.toml`, then the defaults.
//! `--select` on the command line replaces the configuration's whole rule selection (`select`,
//! `extend-select` and `ignore`); `--extend-select` and `--ignore` add to it. `per-file-ignores`
//! always apply.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::check::CheckOptions;
use crate::config::{self, Config, ConfigFile, Globs, InputEncoding, Resolver};
use crate::rules::select::Selection;
use crate::walk::{self, Discovery, Filter, Found, Input};

use crate::report::Format;

use super::{CheckArgs, ConfigArgs, EXIT_TROUBLE, FileArgs, OutputArgs, say};

/// `Err` (said, exit 2) when standard input is among `inputs`: for a command that reads its
/// inputs twice or names its results after them; `why` says which.
pub(crate) fn refuse_stdin(inputs: &[crate::walk::Found], why: &str) -> Result<(), u8> {
    if inputs
        .iter()
        .any(|found| matches!(found.input, crate::walk::Input::Stdin(_)))
    {
        say!("pbnfmt: error: {why}: name files, not standard input");
        return Err(EXIT_TROUBLE);
    }
    Ok(())
}

/// [`discover`] for a command that reads every input and writes none (`fingerprint`, `stats`):
/// a usage error, or a path that could not be walked, is said, and is `Err` with the exit
/// status.
pub(crate) fn readable_inputs(
    files: &FileArgs,
    config: &ConfigArgs,
    encoding: Option<InputEncoding>,
) -> Result<Discovery, u8> {
    let discovery = discover(files, config, false).map_err(|message| {
        say!("pbnfmt: error: {message}");
        EXIT_TROUBLE
    })?;
    if config.show_settings {
        // The settings the command would read the first input with, and nothing done: `Err`
        // with the status of printing them.
        let overrides = RewriteOverrides {
            input_encoding: encoding,
            encoding: None,
            line_ending: None,
            resolve: false,
        };
        let first = discovery.inputs.first();
        let text = show(first, &files.exclude, &rewrite_settings(&overrides, first));
        return Err(super::finish(std::io::Write::write_all(
            &mut std::io::stdout(),
            text.as_bytes(),
        )));
    }
    if !walk_trouble(&discovery).is_empty() {
        return Err(EXIT_TROUBLE);
    }
    Ok(discovery)
}

/// Finds the inputs: the paths named and listed, walked, with their configurations. `Err` is a
/// usage or configuration error, worded for the user.
pub(crate) fn discover(
    files: &FileArgs,
    config: &ConfigArgs,
    default_to_cwd: bool,
) -> Result<Discovery, String> {
    let source = if config.isolated {
        config::Source::None
    } else if let Some(path) = &config.config {
        config::Source::Fixed(Arc::new(Config::load(path).map_err(|e| e.0)?))
    } else {
        config::Source::Discover
    };
    let exclude = Globs::new(&files.exclude).map_err(|error| format!("--exclude: {error}"))?;
    let mut paths = files.paths.clone();
    if let Some(list) = &files.files_from {
        // Read as it comes, each path once: a list of millions of lines naming a few files
        // holds a few paths (issue 45, item 11).
        let listed = if list.as_os_str() == "-" {
            if paths.iter().any(|path| path.as_os_str() == "-") {
                return Err(
                    "standard input cannot hold both the list of paths and a file; name the file"
                        .to_owned(),
                );
            }
            crate::io::read_path_list_from(std::io::stdin().lock())?
        } else {
            let file = std::fs::File::open(list).map_err(|error| {
                format!(
                    "cannot read {}: {error}",
                    crate::display::escape_line(&list.display().to_string())
                )
            })?;
            crate::io::read_path_list_from(std::io::BufReader::with_capacity(64 << 10, file))?
        };
        paths.extend(listed);
    } else if paths.is_empty() && default_to_cwd {
        paths.push(PathBuf::from("."));
    }
    let mut filter = Filter {
        resolver: Resolver::new(source),
        exclude,
        cwd: std::env::current_dir().unwrap_or_default(),
        force_exclude: files.force_exclude,
        stdin_filename: files.stdin_filename.clone(),
        follow: files.follow,
        ignore_files: !files.no_ignore,
        hidden: files.hidden,
        lin: files.lin,
    };
    walk::discover(&paths, &mut filter).map_err(|error| error.0)
}

/// The start `check` and the rewriting commands share: the output format (SARIF has no
/// statistics) and the inputs found. `Err` is the exit status of a usage or configuration error,
/// already reported.
pub(crate) fn begin(
    output: &OutputArgs,
    files: &FileArgs,
    config: &ConfigArgs,
    default_to_cwd: bool,
) -> Result<(Format, Discovery), u8> {
    let format = output.format();
    if output.statistics && format == Format::Sarif {
        say!("pbnfmt: error: SARIF has no place for --statistics; use --output-format json");
        return Err(EXIT_TROUBLE);
    }
    match discover(files, config, default_to_cwd) {
        Ok(discovery) => Ok((format, discovery)),
        Err(message) => {
            say!("pbnfmt: error: {message}");
            Err(EXIT_TROUBLE)
        }
    }
}

/// Refuses (exit 2, before anything is written) an output path that names one of the files the
/// run reads: writing it would replace an input with what was made of it, or of the others
/// (`dedup --duplicates a.pbn a.pbn` lost every kept game of `a.pbn`). `option` is how the
/// command line named it (`--duplicates`); `also` are more paths read (`--against`), each a file
/// or a folder whose files are read.
pub(crate) fn refuse_output_among_inputs(
    option: &str,
    output: &Path,
    inputs: &[Found],
    also: &[PathBuf],
) -> Result<(), u8> {
    use crate::io::FileId;
    // Not there yet: no input can be it.
    let Some(target) = FileId::of(output) else {
        return Ok(());
    };
    let is_target = |path: &Path| FileId::of(path).as_ref() == Some(&target);
    let named = |path: &Path| crate::display::escape_line(&path.display().to_string()).into_owned();
    let input = inputs.iter().find_map(|found| match &found.input {
        Input::File(path) if is_target(path) => Some(path),
        _ => None,
    });
    let inside = || {
        let file = std::fs::canonicalize(output).ok()?;
        also.iter().find(|path| {
            is_target(path)
                || (path.is_dir()
                    && std::fs::canonicalize(path).is_ok_and(|dir| file.starts_with(dir)))
        })
    };
    let what = match (input, inside()) {
        (Some(path), _) if path == output => "an input".to_owned(),
        (Some(path), _) => format!("the input {}", named(path)),
        (None, Some(path)) if path == output => "an input".to_owned(),
        (None, Some(path)) => format!("a file of {}", named(path)),
        (None, None) => return Ok(()),
    };
    say!(
        "pbnfmt: error: {option} {} is {what}, which this run reads: writing it would replace \
         an input; name another file",
        named(output)
    );
    Err(EXIT_TROUBLE)
}

/// Reports the paths that could not be walked; returns them for the summary. A run that found
/// no input at all says so once, as a warning (the exit status stays 0: nothing was wrong with
/// a file, and a hook run on a tree without PBN files must not fail).
pub(crate) fn walk_trouble(discovery: &Discovery) -> Vec<(String, String)> {
    if discovery.inputs.is_empty() && discovery.errors.is_empty() {
        let excluded = match discovery.excluded {
            0 => String::new(),
            n => format!(
                "; {n} named path{} excluded",
                if n == 1 { " was" } else { "s were" }
            ),
        };
        if discovery.reads_lin {
            say!(
                "pbnfmt: warning: no PBN or LIN files found (files ending in .pbn or .lin, any \
                 case){excluded}"
            );
        } else {
            say!("pbnfmt: warning: no PBN files found (files ending in .pbn, any case){excluded}");
        }
    }
    if discovery.lin_skipped > 0 {
        let n = discovery.lin_skipped;
        say!(
            "pbnfmt: note: {n} LIN file{} (*.lin) left out: this command rewrites PBN; `pbnfmt \
             convert` writes LIN as PBN, and `pbnfmt check` reads it as it is",
            if n == 1 { "" } else { "s" }
        );
    }
    discovery
        .errors
        .iter()
        .map(|error| {
            say!("pbnfmt: error: {}: {}", error.path.display(), error.message);
            (error.path.display().to_string(), error.message.clone())
        })
        .collect()
}

/// The path a found input goes by for per-file settings.
fn path_of(found: &Found) -> Option<&Path> {
    match &found.input {
        Input::File(path) | Input::Stdin(Some(path)) => Some(path),
        Input::Stdin(None) => None,
    }
}

/// What the command line of `check` says, beside the configuration.
fn check_overrides(args: &CheckArgs, file: Option<&ConfigFile>) -> ConfigFile {
    let mut merged = file.cloned().unwrap_or_default();
    if let Some(encoding) = *args.encoding {
        merged.encoding = Some(encoding);
    }
    let check = &mut merged.check;
    if let Some(select) = &args.select {
        check.select = Some(select.clone());
        check.extend_select = args.extend_select.clone();
        check.ignore = args.ignore.clone();
    } else {
        check
            .extend_select
            .extend(args.extend_select.iter().cloned());
        check.ignore.extend(args.ignore.iter().cloned());
    }
    check.export |= args.export;
    check.warnings_as_errors |= args.warnings_as_errors;
    merged
}

/// What applies to one file under `check`.
pub(crate) struct CheckSettings {
    pub options: CheckOptions,
    pub warnings_as_errors: bool,
}

pub(crate) fn check_settings(args: &CheckArgs, found: &Found) -> CheckSettings {
    let config = found.config.as_deref();
    let merged = check_overrides(args, config.map(|config| &config.file));
    let mut ignore = merged.check.ignore;
    if let (Some(config), Some(path)) = (config, path_of(found)) {
        ignore.extend(config.ignores_for(path));
    }
    CheckSettings {
        options: CheckOptions {
            encoding: merged.encoding.and_then(InputEncoding::forced),
            selection: Selection {
                select: merged.check.select,
                extend_select: {
                    // `--against` and the `--repeats-` options ask for H001.
                    let mut extend = merged.check.extend_select;
                    if !args.repeats.against.is_empty()
                        || args.repeats.repeats_rotated
                        || args.repeats.repeats_permuted
                    {
                        extend.push(crate::rules::Rule::RepeatedDeal.code().to_owned());
                    }
                    if args.profile == Some(super::Profile::HandRecord) {
                        extend.extend(["H".to_owned(), "T027".to_owned()]);
                    }
                    extend
                },
                ignore,
                export: merged.check.export,
            },
            chunk_bytes: None,
            parse_ahead: false,
            threads: 0,
            max_findings: Some(args.max_findings),
            extra: Vec::new(),
            sameness: args.repeats.sameness(),
            solutions: None,
            lane: None,
        },
        warnings_as_errors: merged.check.warnings_as_errors,
    }
}

/// The rules `handrecord` runs on one file (issue 62, item 1): the configuration's `[check]`
/// selection for it (`select`, `extend-select`, `ignore`, per-file ignores), as `check` applies
/// it, with the hand-record rules added (H, T027: `check --profile hand-record`).
pub(crate) fn hand_record_selection(found: &Found) -> Selection {
    let config = found.config.as_deref();
    let check = config
        .map(|config| config.file.check.clone())
        .unwrap_or_default();
    let mut ignore = check.ignore;
    if let (Some(config), Some(path)) = (config, path_of(found)) {
        ignore.extend(config.ignores_for(path));
    }
    let mut extend_select = check.extend_select;
    extend_select.extend(["H".to_owned(), "T027".to_owned()]);
    Selection {
        select: check.select,
        extend_select,
        ignore,
        export: false,
    }
}

/// The command line of `export`, `resolve` and `nag`, beside the configuration.
pub(crate) struct RewriteOverrides {
    pub input_encoding: Option<InputEncoding>,
    pub encoding: Option<config::OutputEncoding>,
    pub line_ending: Option<config::LineEnding>,
    pub resolve: bool,
}

pub(crate) fn rewrite_settings(overrides: &RewriteOverrides, found: Option<&Found>) -> ConfigFile {
    let mut merged = found
        .and_then(|found| found.config.as_deref())
        .map(|config| config.file.clone())
        .unwrap_or_default();
    if let Some(encoding) = overrides.input_encoding {
        merged.encoding = Some(encoding);
    }
    if overrides.encoding.is_some() {
        merged.export.encoding = overrides.encoding;
    }
    if overrides.line_ending.is_some() {
        merged.export.line_ending = overrides.line_ending;
    }
    merged.export.resolve |= overrides.resolve;
    merged
}

/// The encoding a command reads `found` in: the command line's `--encoding`, else the file's
/// configuration's `encoding`; `None` to detect it.
pub(crate) fn input_encoding(
    command_line: Option<InputEncoding>,
    found: &Found,
) -> Option<crate::source::Encoding> {
    command_line
        .or_else(|| {
            found
                .config
                .as_deref()
                .and_then(|config| config.file.encoding)
        })
        .and_then(InputEncoding::forced)
}

/// `--show-settings` for `check`.
pub(crate) fn show_check(args: &CheckArgs, discovery: &Discovery) -> String {
    let found = discovery.inputs.first();
    let merged = check_overrides(
        args,
        found
            .and_then(|found| found.config.as_deref())
            .map(|config| &config.file),
    );
    show(found, &args.files.exclude, &merged)
}

/// `--show-settings`: the settings for the first file, as a configuration file would say them.
pub(crate) fn show(found: Option<&Found>, excludes: &[String], merged: &ConfigFile) -> String {
    let mut out = String::new();
    match found {
        Some(found) => {
            out.push_str(&format!(
                "# Settings for {}\n",
                crate::display::escape_line(&found.input.display_name())
            ));
            match &found.config {
                Some(config) => out.push_str(&format!(
                    "# Configuration file: {}\n",
                    crate::display::escape_line(&config.path.display().to_string())
                )),
                None => out.push_str("# Configuration file: none (defaults)\n"),
            }
            if let (Some(config), Some(path)) = (&found.config, path_of(found)) {
                let ignores = config.ignores_for(path);
                if !ignores.is_empty() {
                    out.push_str(&format!(
                        "# per-file-ignores for this file: {}\n",
                        crate::display::escape_line(&ignores.join(", "))
                    ));
                }
            }
        }
        None => out.push_str("# No file found; the settings of the command line alone\n"),
    }
    if !excludes.is_empty() {
        out.push_str(&format!(
            "# --exclude (from the working directory): {}\n",
            // A pattern holding a line end would start a line of its own (issue 45, item 19).
            crate::display::escape_line(&excludes.join(", "))
        ));
    }
    let mut shown = merged.clone();
    shown.encoding.get_or_insert(InputEncoding::Auto);
    shown
        .export
        .line_ending
        .get_or_insert(config::LineEnding::Crlf);
    if shown.check.select.is_none() {
        out.push_str(
            "# check.select: the default set (the standard's rules; E rules with % EXPORT)\n",
        );
    }
    if shown.export.encoding.is_none() {
        out.push_str("# export.encoding: the input's\n");
    }
    out.push('\n');
    // A value holding a line end would be printed as a multi-line string, whose next line could
    // start with `::error` (a CI runner's command): every string shown on one line, its line
    // ends written `\u{a}` (issue 63, item 14). Shown, not obeyed.
    let one_line = |text: &mut String| *text = crate::display::escape_line(text).into_owned();
    shown.exclude.iter_mut().for_each(one_line);
    let check = &mut shown.check;
    check.select.iter_mut().flatten().for_each(one_line);
    check.extend_select.iter_mut().for_each(one_line);
    check.ignore.iter_mut().for_each(one_line);
    check.per_file_ignores = std::mem::take(&mut check.per_file_ignores)
        .into_iter()
        .map(|(mut pattern, mut codes)| {
            one_line(&mut pattern);
            codes.iter_mut().for_each(one_line);
            (pattern, codes)
        })
        .collect();
    match toml::to_string(&shown) {
        Ok(text) => out.push_str(&text),
        Err(error) => out.push_str(&format!("# cannot print the settings: {error}\n")),
    }
    // Paths are the file system's, patterns the configuration's: shown, not obeyed.
    crate::display::escape(&out).into_owned()
}

/// Every selector names a rule, or the run stops with exit status 2 before reading anything.
pub(crate) fn known_selectors(selection: &crate::rules::select::Selection) -> Result<(), u8> {
    let unknown = selection.unknown_selectors();
    if unknown.is_empty() {
        return Ok(());
    }
    say!(
        "pbnfmt: error: no rule matches {}; `pbnfmt rule --all` lists the rules",
        unknown
            .iter()
            .map(|s| format!("`{s}`"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    Err(super::EXIT_TROUBLE)
}
