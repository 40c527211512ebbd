//! `pbnfmt select` (alias `filter`): the boards chosen by `--boards` and `--where`, through the
//! rewrite modes (standard output, `--write`, `--out-dir`, `--check`, `--diff`), each file
//! proven ([`crate::rewrite::select`]). The expression is read and checked whole before any
//! file is. `--rejected FILE` gathers the boards not kept, in input order, written atomically
//! before any input is changed (as `dedup --duplicates`).

use crate::io::spool::Output;
use crate::io::write::write_atomic;
use crate::query::Query;
use crate::rewrite::select::{BoardList, Choice, rejected_owned, select_counted};
use crate::rewrite::set_tag::{TagChange, set_tags_owned, value_errors};
use crate::walk::Found;

use super::rewrite::{self, Wording, input_overrides, rewrite_options};
use super::settings;
use super::{ChoiceArgs, EXIT_TROUBLE, SelectArgs, SetTagArgs, say};

const SELECT: Wording = Wording::of(
    "select",
    "selected",
    "with every board chosen",
    "remove boards from",
);

const SET_TAG: Wording = Wording::of(
    "set-tag",
    "changed",
    "with the tags as asked already",
    "change the tags of",
);

pub(super) fn run(args: &SelectArgs) -> u8 {
    let choice = match choice(&args.choice, args.invert) {
        Ok(choice) => choice,
        Err(status) => return status,
    };
    let overrides = input_overrides(&args.io);
    let wording = SELECT;
    if let Some(target) = args
        .rejected
        .as_ref()
        .filter(|_| !args.io.check && !args.io.diff)
    {
        let (_, discovery) =
            match settings::begin(&args.io.output, &args.io.files, &args.io.config, false) {
                Ok(begun) => begun,
                Err(status) => return status,
            };
        if let Err(status) = settings::refuse_stdin(
            &discovery.inputs,
            "select --rejected reads its inputs twice",
        ) {
            return status;
        }
        if let Err(status) =
            settings::refuse_output_among_inputs("--rejected", target, &discovery.inputs, &[])
        {
            return status;
        }
        // A usage error (several files to standard output, two results to one path) is said
        // before the file of rejected boards is made.
        let mode = rewrite::Mode::of(&args.io);
        let checked =
            rewrite::jobs(&args.io, discovery.inputs.clone(), mode, &wording).and_then(|jobs| {
                rewrite::refuse_second_output("--rejected", target, &args.io, &jobs, mode)
            });
        if let Err(message) = checked {
            say!("pbnfmt: error: {message}");
            return EXIT_TROUBLE;
        }
        let mut output = Output::new();
        let mut failed = None;
        super::each_input(
            &discovery.inputs,
            args.io.files.threads(),
            |found: &Found, unread| {
                // A file that cannot be read, or is refused, is said by the second pass, and
                // nothing of a refused file is written elsewhere.
                let bytes = unread.read().ok()?;
                rejected_owned(bytes, &choice, rewrite_options(&args.io, &overrides, found))
            },
            |_, removed| {
                if let Some(removed) = removed
                    && let Err(error) = output.push(removed.as_bytes())
                {
                    failed = Some(error);
                    return false;
                }
                true
            },
        );
        let written = match failed {
            Some(error) => Err(error),
            None => write_atomic(target, &mut output, None),
        };
        if let Err(error) = written {
            say!(
                "pbnfmt: error: cannot write {}: {error}; no input was changed",
                crate::display::escape_line(&target.display().to_string())
            );
            return EXIT_TROUBLE;
        }
    }
    // A file whose every board goes is not written over, unless asked (issue 63, item 6).
    let keeps_files = (args.io.write || args.io.out_dir.is_some()) && !args.allow_empty;
    rewrite::run(&args.io, &overrides, &wording, |bytes, found, _| {
        let options = rewrite_options(&args.io, &overrides, found);
        let (done, kept) = select_counted(bytes, &choice, args.renumber, options);
        let mut rewritten = done.rewritten;
        rewritten.kept = Some(kept);
        if keeps_files && kept == 0 && rewritten.games > 0 && rewritten.output.is_some() {
            rewritten.output = None;
            rewritten
                .problems
                .push(crate::rules::writing::nothing_chosen(rewritten.games));
        }
        rewritten
    })
}

/// `pbnfmt set-tag`.
pub(super) fn set_tag(args: &SetTagArgs) -> u8 {
    let changes = match tag_changes(args) {
        Ok(changes) => changes,
        Err(message) => {
            say!("pbnfmt: error: {message}");
            return EXIT_TROUBLE;
        }
    };
    let choice = match choice(&args.choice, false) {
        Ok(choice) => choice,
        Err(status) => return status,
    };
    let overrides = input_overrides(&args.io);
    let wording = SET_TAG;
    rewrite::run(&args.io, &overrides, &wording, |bytes, found, _| {
        let options = rewrite_options(&args.io, &overrides, found);
        set_tags_owned(bytes, &changes, &choice, options)
    })
}

/// The changes `--set` and `--remove` ask for, or why they cannot be made.
fn tag_changes(args: &SetTagArgs) -> Result<Vec<TagChange>, String> {
    let mut changes: Vec<TagChange> = Vec::new();
    let sets = args.set.iter().map(|set| match set.split_once('=') {
        Some((name, value)) => Ok((name, Some(value))),
        None => Err(format!(
            "--set `{}`: write NAME=VALUE",
            crate::display::escape(set)
        )),
    });
    let removes = args.remove.iter().map(|name| Ok((name.as_str(), None)));
    for change in sets.chain(removes) {
        let (name, value) = change?;
        if !crate::names::is_tag_name(name) {
            return Err(format!(
                "`{}` is not a tag name (an upper-case letter, then letters, digits and `_`)",
                crate::display::escape(name)
            ));
        }
        if let Some(value) = value
            && value.chars().any(char::is_control)
        {
            return Err(format!(
                "the value of {name} holds a control character (a line break, a tab): a tag value \
                 is printing characters (a string token, PBN 3.2)"
            ));
        }
        if let Some(value) = value
            && !crate::proof::writable(value)
        {
            return Err(format!(
                "the value of {name} would read as a value taken from another game (`#`, `##`, \
                 PBN 4.8)"
            ));
        }
        if changes.iter().any(|change| change.name == name) {
            return Err(format!("{name} is named twice"));
        }
        // A value `check` would call an error is not written, unless forced.
        if let Some(value) = value
            && !args.io.force
            && let Some(error) = value_errors(name, value).first()
        {
            return Err(format!(
                "--set {name}=…: {}[{}] {}; `--force` writes it anyway",
                error.severity,
                error.rule.code(),
                error.message
            ));
        }
        changes.push(TagChange {
            name: name.to_owned(),
            value: value.map(str::to_owned),
        });
    }
    Ok(changes)
}

/// The boards chosen by `args`; a bad list or expression is said, with its place, as a usage
/// error.
/// The inputs of a command that reads the boards chosen by `--boards` and `--where` (PBN or LIN,
/// walked), and the choice; said and refused when no path is named (`what`: "count", "print").
pub(super) fn chosen_inputs(
    files: &super::FileArgs,
    choice_args: &ChoiceArgs,
    config: &super::ConfigArgs,
    what: &str,
    encoding: Option<super::InputEncoding>,
) -> Result<(Choice, crate::walk::Discovery), u8> {
    if files.paths.is_empty() && files.files_from.is_none() {
        say!(
            "pbnfmt: error: name the files to {what}: paths, `-` for standard input, or \
             --files-from"
        );
        return Err(EXIT_TROUBLE);
    }
    let choice = choice(choice_args, false)?;
    let discovery = settings::readable_inputs(&files.reading_lin(), config, encoding)?;
    Ok((choice, discovery))
}

pub(super) fn choice(args: &ChoiceArgs, invert: bool) -> Result<Choice, u8> {
    let read = || -> Result<Choice, String> {
        let boards = match &args.boards {
            Some(list) => Some(BoardList::parse(list).map_err(|why| format!("--boards: {why}"))?),
            None => None,
        };
        let query = match &args.where_ {
            Some(source) => Some(
                Query::parse(source)
                    .map_err(|error| format!("--where: {}", error.render(source)))?,
            ),
            None => None,
        };
        Ok(Choice {
            boards,
            query,
            invert,
        })
    };
    read().map_err(|message| {
        // The expression and the caret under its place are lines of their own, each escaped
        // by `say!`.
        for (i, line) in message.lines().enumerate() {
            if i == 0 {
                say!("pbnfmt: error: {line}");
            } else {
                say!("{line}");
            }
        }
        EXIT_TROUBLE
    })
}
