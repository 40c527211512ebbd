//! `--diff` of a rewrite: the input against the result, as a unified diff for a terminal or a
//! pipe.

use std::io;

use crate::display;
use crate::io::spool::Output;
use crate::proof::Rewritten;
use crate::source::{self, LineEnding};

/// How `--diff` is shown: for a terminal (control characters shown, not obeyed; a change of line
/// ends said in one line) or exact into a pipe, so that `patch` applies it; coloured or not.
#[derive(Clone, Copy)]
pub(super) struct DiffLook {
    pub(super) terminal: bool,
    pub(super) color: bool,
}

/// A unified diff of the input text against the result, both as text (the result is read whole,
/// even when it was spooled to disk). On a terminal, the file's control characters are shown,
/// not obeyed (`display::mask`), and a change of line ends (an LF file exported with CRLF) is one
/// line, not every line of the file; into a pipe the diff is exact.
pub(super) fn diff(
    name: &str,
    verb: &str,
    exported: &Rewritten,
    output: Output,
    look: DiffLook,
) -> io::Result<String> {
    let input = exported.source.as_ref().unwrap_or(&exported.decoded);
    let encoding = input.encoding;
    let after = source::decode_owned(output.into_bytes()?, Some(encoding));
    let (from, to) = (input.line_ending, after.line_ending);
    let ends_change =
        look.terminal && from != to && from != LineEnding::None && to != LineEnding::None;
    let (before, after) = if ends_change {
        (
            source::unify_line_ends(&input.text),
            source::unify_line_ends(&after.text),
        )
    } else {
        (
            std::borrow::Cow::Borrowed(input.text.as_str()),
            std::borrow::Cow::Owned(after.text),
        )
    };
    let (old, new) = (
        display::escape_line(name),
        format!("{} ({verb})", display::escape_line(name)),
    );
    let mut diff = similar::TextDiff::from_lines(before.as_ref(), after.as_ref())
        .unified_diff()
        .context_radius(3)
        .header(&old, &new)
        .to_string();
    if ends_change {
        let note = format!(
            "line ends: {} become {} on every line (a pipe gets them line by line)\n",
            line_end_name(from),
            line_end_name(to)
        );
        let header = format!("--- {old}\n+++ {new}\n");
        diff = match diff.strip_prefix(&header) {
            Some(hunks) => format!("{header}{note}{hunks}"),
            None => format!("{header}{note}{diff}"),
        };
    }
    if look.terminal {
        diff = display::mask(&diff).into_owned();
    }
    Ok(if look.color { paint_diff(&diff) } else { diff })
}

fn line_end_name(ending: LineEnding) -> &'static str {
    match ending {
        LineEnding::Lf => "LF",
        LineEnding::CrLf => "CRLF",
        LineEnding::Cr => "CR",
        LineEnding::Mixed => "mixed line ends",
        LineEnding::None => "none",
    }
}

/// A unified diff coloured as git colours one: file names bold, hunk headers cyan, removed lines
/// red, added lines green.
fn paint_diff(diff: &str) -> String {
    use anstyle::{AnsiColor, Style};
    let mut out = String::with_capacity(diff.len() + diff.len() / 4);
    for line in diff.split_inclusive('\n') {
        let style = if line.starts_with("--- ") || line.starts_with("+++ ") {
            Style::new().bold()
        } else if line.starts_with("@@") {
            Style::new().fg_color(Some(AnsiColor::Cyan.into()))
        } else if line.starts_with('-') {
            Style::new().fg_color(Some(AnsiColor::Red.into()))
        } else if line.starts_with('+') {
            Style::new().fg_color(Some(AnsiColor::Green.into()))
        } else if line.starts_with("line ends: ") {
            Style::new().fg_color(Some(AnsiColor::Yellow.into()))
        } else {
            out.push_str(line);
            continue;
        };
        let (body, end) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        out.push_str(&format!("{style}{body}{style:#}{end}"));
    }
    out
}
