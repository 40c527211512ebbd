//! The diagnostic type (rule, severity, spans, message, help) and its renderers: miette's code
//! frame (`full`) and the one-line `path:line:col: severity[CODE] message` (`concise`).
//!
//! A diagnostic carries byte offsets into the decoded text; lines and columns are computed only
//! when rendering. The same diagnostic renders the same facts in every form. Text from the file
//! (values in messages, source lines, the file name) is printed through [`display`], so that no
//! character of it reaches a terminal as a command.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;

use miette::{LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

use crate::display;
use crate::rules::Rule;
use crate::source::LineIndex;

/// How serious a finding is. Errors decide the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A second place a diagnostic points at, with what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    pub span: Range<usize>,
    pub label: String,
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub rule: Rule,
    pub severity: Severity,
    /// Byte range in the decoded text.
    pub span: Range<usize>,
    pub message: String,
    /// A short label under the primary span in the code frame.
    pub label: Option<Cow<'static, str>>,
    pub help: Option<Cow<'static, str>>,
    pub related: Vec<Related>,
    /// The repair, when the meaning is certain (or, marked unsafe, a likely guess).
    pub fix: Option<Box<Fix>>,
}

/// A mechanical repair of a finding: replacements in the decoded text, applied by `pbnfmt fix`
/// as minimal edits (`rewrite::edit`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// Safe (the meaning is certain, applied by default) or unsafe (a guess, applied with
    /// `--unsafe-fixes`).
    pub safety: crate::rules::Fixability,
    /// What the fix does, in a few words: "write `2023.07.28`".
    pub title: String,
    /// Byte ranges of the decoded text and what they become; an empty range inserts.
    pub edits: Vec<(Range<usize>, String)>,
}

impl Fix {
    /// A fix that writes `spelling` over `span` ("write `3NT`"); safe when the reading is certain.
    pub fn write(span: Range<usize>, spelling: impl Into<String>, certain: bool) -> Fix {
        let spelling = spelling.into();
        Fix {
            safety: if certain {
                crate::rules::Fixability::Safe
            } else {
                crate::rules::Fixability::Unsafe
            },
            title: format!("write `{spelling}`"),
            edits: vec![(span, spelling)],
        }
    }
}

impl Diagnostic {
    /// A diagnostic with the rule's default severity.
    pub fn new(rule: Rule, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            rule,
            severity: rule.info().severity,
            span,
            message: message.into(),
            label: None,
            help: None,
            related: Vec::new(),
            fix: None,
        }
    }

    pub fn with_fix(mut self, fix: Fix) -> Diagnostic {
        self.fix = Some(Box::new(fix));
        self
    }

    /// True when the finding has a fix that applies at `unsafe_fixes` (safe ones always).
    pub fn fixable(&self, unsafe_fixes: bool) -> bool {
        self.fix.as_ref().is_some_and(|fix| {
            fix.safety == crate::rules::Fixability::Safe
                || (unsafe_fixes && fix.safety == crate::rules::Fixability::Unsafe)
        })
    }

    pub fn with_label(mut self, label: impl Into<Cow<'static, str>>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    pub fn with_help(mut self, help: impl Into<Cow<'static, str>>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn with_related(mut self, span: Range<usize>, label: impl Into<String>) -> Diagnostic {
        self.related.push(Related {
            span,
            label: label.into(),
        });
        self
    }
}

/// The most findings kept of one file ([`keep_first`]): more than any real file has (the real
/// corpus peaks at 47,359 with every rule on), and few enough that a file of random bytes,
/// which has about one finding every four bytes, costs tens of megabytes, not gigabytes.
pub const MAX_FINDINGS: usize = 100_000;

/// Findings of a file past its limit: counted by rule and severity, not kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Omitted(pub BTreeMap<(Rule, Severity), usize>);

impl Omitted {
    /// How many findings were left out.
    pub fn total(&self) -> usize {
        self.0.values().sum()
    }

    /// How many of `severity` were left out.
    pub fn count(&self, severity: Severity) -> usize {
        self.0
            .iter()
            .filter(|((_, s), _)| *s == severity)
            .map(|(_, n)| n)
            .sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The order in which findings are kept: those of the rules `last` names after the others (the
/// rules of `ignore-file` lines, which suppression will hide anyway), then by position, then by
/// everything that tells two apart, so that the findings kept do not depend on the order they
/// were found in.
fn keep_order(last: &[Rule], a: &Diagnostic, b: &Diagnostic) -> std::cmp::Ordering {
    let key = |d: &Diagnostic| last.contains(&d.rule);
    (
        key(a),
        a.span.start,
        a.span.end,
        a.rule,
        a.severity,
        &a.message,
    )
        .cmp(&(
            key(b),
            b.span.start,
            b.span.end,
            b.rule,
            b.severity,
            &b.message,
        ))
}

/// A finding left out past the limit, in eight bytes: enough to count it, and to find whether a
/// suppression covers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dropped {
    /// Where it starts (texts are at most 4 GiB, `lexer::MAX_TEXT_LEN`).
    pub start: u32,
    pub rule: Rule,
    pub severity: Severity,
}

impl Dropped {
    pub fn of(diagnostic: &Diagnostic) -> Dropped {
        Dropped {
            start: u32::try_from(diagnostic.span.start).unwrap_or(u32::MAX),
            rule: diagnostic.rule,
            severity: diagnostic.severity,
        }
    }
}

impl Omitted {
    /// The counts of `dropped`.
    pub fn of(dropped: &[Dropped]) -> Omitted {
        let mut omitted = Omitted::default();
        for finding in dropped {
            *omitted
                .0
                .entry((finding.rule, finding.severity))
                .or_default() += 1;
        }
        omitted
    }
}

/// The findings of a file left out past its limit: each with its position while a suppression
/// line may still reach it, or only counted when the file has none (`count_only`), so that a file
/// of millions of findings costs no memory for them.
#[derive(Debug, Default)]
pub struct LeftOut {
    pub list: Vec<Dropped>,
    pub counted: Omitted,
    pub count_only: bool,
}

impl LeftOut {
    pub fn new(count_only: bool) -> LeftOut {
        LeftOut {
            count_only,
            ..LeftOut::default()
        }
    }

    pub fn push(&mut self, finding: Dropped) {
        if self.count_only {
            *self
                .counted
                .0
                .entry((finding.rule, finding.severity))
                .or_default() += 1;
        } else {
            self.list.push(finding);
        }
    }

    /// Takes one finding back (it is kept after all).
    pub fn remove(&mut self, finding: Dropped) {
        if let Some(at) = self.list.iter().position(|d| *d == finding) {
            self.list.swap_remove(at);
        } else if let Some(count) = self.counted.0.get_mut(&(finding.rule, finding.severity)) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                self.counted.0.remove(&(finding.rule, finding.severity));
            }
        }
    }

    pub fn append(&mut self, other: LeftOut) {
        self.list.extend(other.list);
        for (key, count) in other.counted.0 {
            *self.counted.0.entry(key).or_default() += count;
        }
    }

    /// Forgets the findings of the rules `keep` is false for.
    pub fn retain_rules(&mut self, keep: impl Fn(Rule) -> bool) {
        self.list.retain(|d| keep(d.rule));
        self.counted.0.retain(|(rule, _), _| keep(*rule));
    }

    pub fn clear(&mut self) {
        self.list.clear();
        self.counted.0.clear();
    }

    pub fn len(&self) -> usize {
        self.list.len() + self.counted.total()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The counts by rule and severity.
    pub fn omitted(&self) -> Omitted {
        let mut omitted = Omitted::of(&self.list);
        for (key, count) in &self.counted.0 {
            *omitted.0.entry(*key).or_default() += count;
        }
        omitted
    }
}

/// How many findings of a file to keep, and which to leave out first.
#[derive(Clone, Debug)]
pub struct Limit {
    pub keep: usize,
    /// Rules whose findings go first (see [`keep_order`]).
    pub last: Vec<Rule>,
}

/// Keeps the first `limit.keep` of `findings` (in [`keep_order`]); the rest go to `dropped`.
/// Unless `now`, waits until there are a quarter more than the limit, so that a pass over a file
/// that keeps finding costs amortised constant time a finding, and holds at most 1.25 times the
/// limit. `left_out` sees each finding left out.
pub fn keep_first(
    findings: &mut Vec<Diagnostic>,
    limit: &Limit,
    dropped: &mut LeftOut,
    now: bool,
    mut left_out: impl FnMut(&Diagnostic),
) {
    let keep = limit.keep;
    let over = if now {
        keep
    } else {
        keep.saturating_add(keep / 4).saturating_add(64)
    };
    if findings.len() <= over {
        return;
    }
    if keep > 0 {
        findings.select_nth_unstable_by(keep - 1, |a, b| keep_order(&limit.last, a, b));
    }
    for diagnostic in findings.drain(keep..) {
        dropped.push(Dropped::of(&diagnostic));
        left_out(&diagnostic);
    }
}

/// `path:line:col: severity[CODE] message`.
pub fn render_concise(
    path: &str,
    text: &str,
    index: &LineIndex,
    diagnostic: &Diagnostic,
) -> String {
    render_concise_painted(path, text, index, diagnostic, false)
}

/// [`render_concise`], coloured as ruff colours its concise lines when `color`: the path bold,
/// the severity red or yellow, the code bold. The escapes are pbnfmt's own; what comes from the
/// file is escaped first.
pub fn render_concise_painted(
    path: &str,
    text: &str,
    index: &LineIndex,
    diagnostic: &Diagnostic,
    color: bool,
) -> String {
    let (line, column) = index.line_col(text, diagnostic.span.start);
    format!(
        "{}:{line}:{column}: {}",
        paint(
            color,
            anstyle::Style::new().bold(),
            &display::escape_line(path)
        ),
        severity_code_message(diagnostic, color)
    )
}

/// `--output-format grouped`: a finding under its file's header, `line:col severity[CODE]
/// message` (the caller indents it).
pub fn render_line(text: &str, index: &LineIndex, diagnostic: &Diagnostic, color: bool) -> String {
    let (line, column) = index.line_col(text, diagnostic.span.start);
    format!(
        "{line}:{column} {}",
        severity_code_message(diagnostic, color)
    )
}

/// `--output-format grouped`: the line that names a file, above its findings.
pub fn grouped_header(path: &str, color: bool) -> String {
    format!(
        "{}:",
        paint(
            color,
            anstyle::Style::new().bold().underline(),
            &display::escape_line(path)
        )
    )
}

/// `text` in `style` when `color`.
fn paint(color: bool, style: anstyle::Style, text: &str) -> String {
    if color {
        format!("{style}{text}{style:#}")
    } else {
        text.to_owned()
    }
}

/// `severity[CODE] [*] message` of a concise or grouped line.
fn severity_code_message(diagnostic: &Diagnostic, color: bool) -> String {
    use anstyle::{AnsiColor, Style};
    let severity_color = match diagnostic.severity {
        Severity::Error => AnsiColor::Red,
        Severity::Warning => AnsiColor::Yellow,
    };
    // `[*]`: `pbnfmt fix` repairs it (a safe fix), as ruff marks its fixable lines.
    let fixable = if diagnostic.fixable(false) {
        format!(
            " {}",
            paint(
                color,
                Style::new().fg_color(Some(AnsiColor::Cyan.into())),
                "[*]"
            )
        )
    } else {
        String::new()
    };
    format!(
        "{}[{}]{fixable} {}",
        paint(
            color,
            Style::new().bold().fg_color(Some(severity_color.into())),
            diagnostic.severity.as_str()
        ),
        paint(color, Style::new().bold(), diagnostic.rule.code()),
        // One line whatever the message quotes: a line end in a LIN value could otherwise start
        // a line of pbnfmt's output with a CI log's workflow command (issue 45, item 7).
        display::escape_line(&diagnostic.message)
    )
}

/// Options of the code-frame renderer.
#[derive(Clone, Copy, Debug)]
pub struct FullStyle {
    pub color: bool,
    /// Terminal width to wrap at.
    pub width: usize,
}

/// miette's code frame for one diagnostic, with `path` as the file name. `index` is the line index
/// of `text`, built once per file: with it, each frame costs the size of its lines, not of the file.
pub fn render_full(
    path: &str,
    text: &str,
    index: &LineIndex,
    diagnostic: &Diagnostic,
    style: FullStyle,
) -> String {
    let spans = std::iter::once(&diagnostic.span).chain(diagnostic.related.iter().map(|r| &r.span));
    if spans
        .clone()
        .any(|span| frame_bytes(text, index, span) > MAX_FRAME_BYTES)
    {
        // A frame of a line this long (a 100 MB line is a hostile file's favourite) would copy it
        // several times over and show nobody anything: the plain form, with the help.
        let mut out = render_concise(path, text, index, diagnostic);
        out.push_str(" (the line is too long to show)\n");
        if let Some(help) = &diagnostic.help {
            out.push_str("  help: ");
            out.push_str(&display::escape(help));
            out.push('\n');
        }
        return out;
    }
    // Messages, labels, help and the name are escaped as they are drawn; a frame whose lines hold
    // a character a terminal would obey is drawn without colour and then masked whole, so that
    // nothing from the file reaches the terminal as a command (see `display`).
    let mut masked = Vec::new();
    let mut unmasked = false;
    for span in spans.clone() {
        if !display::has_unsafe(frame_text(text, index, span)) {
            continue;
        }
        // The lines miette reads for the frame (see `NamedText::window`), masked at the same
        // byte offsets so that carets stay on their characters; past 64 KiB (a huge line just
        // after the frame), the whole frame is masked once drawn instead.
        let window = NamedText::window(index, text, span, 1, 1);
        match text.get(window.clone()) {
            Some(lines) if lines.len() <= 64 << 10 => {
                masked.push((window, display::mask_in_place(lines).into_owned()));
            }
            _ => unmasked = true,
        }
    }
    let theme = if style.color && !unmasked {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let handler = miette::GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false)
        .tab_width(4);
    let name = display::escape_line(path);
    let view = MietteView {
        diagnostic,
        source: NamedText {
            name: &name,
            text,
            index,
            masked,
        },
    };
    let mut out = String::new();
    if handler.render_report(&mut out, &view).is_err() {
        // The handler fails only on a span outside the text, which would be a bug of ours; fall
        // back to the plain form rather than losing the finding.
        out = render_concise(path, text, index, diagnostic);
        out.push('\n');
    }
    if unmasked {
        out = display::mask(&out).into_owned();
    }
    out
}

/// The most text a code frame shows, its lines and one line of context on each side included:
/// more than any sane line, and small enough that a line with a finding every few bytes (each
/// with its frame) costs no more than a few megabytes of output.
const MAX_FRAME_BYTES: usize = 4 << 10;

/// How many bytes the frame of `span` would show: its lines and one line around.
fn frame_bytes(text: &str, index: &LineIndex, span: &Range<usize>) -> usize {
    let (start, end) = frame_range(text, index, span);
    end.saturating_sub(start)
}

/// The text the frame of `span` shows (see [`frame_bytes`]).
fn frame_text<'t>(text: &'t str, index: &LineIndex, span: &Range<usize>) -> &'t str {
    let (start, end) = frame_range(text, index, span);
    text.get(start..end).unwrap_or("")
}

fn frame_range(text: &str, index: &LineIndex, span: &Range<usize>) -> (usize, usize) {
    let len = text.len();
    let first = index.line_of(text, span.start.min(len)).saturating_sub(1);
    let last = index.line_of(text, span.end.min(len)) + 1;
    (
        index.line_start(text, first),
        index.line_start(text, last + 1),
    )
}

/// The decoded text under a file name, as miette wants to read it.
struct NamedText<'a> {
    name: &'a str,
    text: &'a str,
    index: &'a LineIndex,
    /// Windows of the text with their unsafe characters masked in place (`display`), read
    /// instead of the text.
    masked: Vec<(Range<usize>, String)>,
}

impl NamedText<'_> {
    /// The lines read for the frame of `span`, with context lines around it.
    fn window(
        index: &LineIndex,
        text: &str,
        span: &Range<usize>,
        before: usize,
        after: usize,
    ) -> Range<usize> {
        let len = text.len();
        let start = span.start.min(len);
        let end = span.end.min(len);
        let first_line = index.line_of(text, start).saturating_sub(before);
        let last_line = index.line_of(text, end) + after + 1;
        index.line_start(text, first_line)..index.line_start(text, last_line + 1)
    }
}

impl SourceCode for NamedText<'_> {
    /// miette's own `str` reader scans from the start of the text for every frame, which is
    /// quadratic over a large file with many findings. Hand it only the lines around the span,
    /// found through the line index, and shift what it reads back to file positions.
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let len = self.text.len();
        let start = span.offset().min(len);
        let end = (span.offset() + span.len()).min(len);
        let range = NamedText::window(
            self.index,
            self.text,
            &(start..end),
            context_lines_before,
            context_lines_after,
        );
        let (window_start, window_end) = (range.start, range.end);
        let first_line = self
            .index
            .line_of(self.text, start)
            .saturating_sub(context_lines_before);
        let window = match self
            .masked
            .iter()
            .find(|(masked, _)| masked.start <= window_start && window_end <= masked.end)
        {
            Some((masked, lines)) => lines
                .get(window_start - masked.start..window_end - masked.start)
                .unwrap_or(""),
            None => self.text.get(window_start..window_end).unwrap_or(""),
        };
        let relative = SourceSpan::from((start - window_start, end - start));
        let contents = window.read_span(&relative, context_lines_before, context_lines_after)?;
        let data_span = SourceSpan::from((
            contents.span().offset() + window_start,
            contents.span().len(),
        ));
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_owned(),
            contents.data(),
            data_span,
            contents.line() + first_line,
            contents.column(),
            contents.line_count(),
        )))
    }
}

struct MietteView<'a> {
    diagnostic: &'a Diagnostic,
    source: NamedText<'a>,
}

impl fmt::Debug for MietteView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.diagnostic, f)
    }
}

impl fmt::Display for MietteView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&display::escape_line(&self.diagnostic.message))
    }
}

impl std::error::Error for MietteView<'_> {}

impl miette::Diagnostic for MietteView<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        let rule = self.diagnostic.rule;
        Some(Box::new(format!("{}({})", rule.code(), rule.name())))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diagnostic
            .help
            .as_ref()
            .map(|help| Box::new(display::escape(help)) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let diagnostic = self.diagnostic;
        let primary = LabeledSpan::new_primary_with_span(
            diagnostic
                .label
                .as_deref()
                .map(|label| display::escape(label).into_owned()),
            to_source_span(&diagnostic.span),
        );
        let related = diagnostic.related.iter().map(|related| {
            LabeledSpan::new_with_span(
                Some(display::escape(&related.label).into_owned()),
                to_source_span(&related.span),
            )
        });
        Some(Box::new(std::iter::once(primary).chain(related)))
    }
}

fn to_source_span(span: &Range<usize>) -> SourceSpan {
    (span.start, span.end.saturating_sub(span.start)).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Frames are read through a window of lines; positions deep in a file must stay exact.
    #[test]
    fn frame_deep_in_a_large_file_has_the_right_line() {
        let mut text = String::new();
        for board in 1..=2000 {
            text.push_str(&format!("[Board \"{board}\"]\r\n"));
        }
        let at = text.find("[Board \"1500\"]").unwrap() + 8;
        let diagnostic = Diagnostic::new(Rule::UnknownCall, at..at + 4, "x").with_label("here");
        let index = LineIndex::new(&text);
        let style = FullStyle {
            color: false,
            width: 80,
        };
        let frame = render_full("big.pbn", &text, &index, &diagnostic, style);
        assert!(frame.contains("[big.pbn:1500:9]"), "{frame}");
        assert!(frame.contains("1500 │ [Board \"1500\"]"), "{frame}");
        assert!(frame.contains("1499 │ [Board \"1499\"]"), "{frame}");
        assert!(frame.contains("1501 │ [Board \"1501\"]"), "{frame}");
    }

    /// A finding on a line too long to show gets the plain form and its help, not a frame that
    /// would copy the line; a finding next to such a line (its context) too.
    #[test]
    fn no_frame_for_a_huge_line() {
        let text = format!("[Event \"{}\"]\n[Board \"x\"]\n", "a".repeat(10_000));
        let index = LineIndex::new(&text);
        let style = FullStyle {
            color: false,
            width: 80,
        };
        let at = text.find("\"x\"").unwrap();
        let diagnostic = Diagnostic::new(Rule::UnknownCall, at..at + 3, "x").with_help("fix it");
        let out = render_full("huge.pbn", &text, &index, &diagnostic, style);
        assert!(
            out.starts_with("huge.pbn:2:8: error[S009] x (the line is too long to show)"),
            "{out}"
        );
        assert!(out.contains("help: fix it"), "{out}");
        assert!(out.len() < 200, "{out}");
        let short = "[Board \"x\"]\n";
        let index = LineIndex::new(short);
        let diagnostic = Diagnostic::new(Rule::UnknownCall, 8..11, "x").with_help("fix it");
        let framed = render_full("short.pbn", short, &index, &diagnostic, style);
        assert!(framed.contains("1 │ [Board \"x\"]"), "{framed}");
    }
}
