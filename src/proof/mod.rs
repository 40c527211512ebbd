//! The proof a written file must pass, shared by `export` and the rewrites (`resolve`, `nag`):
//! what stops a rewrite, the facts of the input and of the result compared ([`facts`]), `--force`
//! turning a refusal into a warning, and the result encoded as asked. W001-W005 are the reasons a
//! file is refused; they are declared here.
//!
//! What each command writes, and how it reads its own result back, stays with the command: this
//! module holds what they have in common, so that neither imports the other.

pub mod facts;
pub mod lean;

use crate::diagnostic::{Diagnostic, Severity};
use crate::io::spool::Output;
use crate::model::{Inheritance, Tag};
use crate::rules::{Group, Rule, RuleInfo};
use crate::source::{self, Decoded, Encoding, Unencodable};
use crate::syntax::{Parse, SyntaxError};

/// The outcome of rewriting (or exporting) one file.
#[derive(Debug)]
pub struct Rewritten {
    pub decoded: Decoded,
    /// The new bytes, or `None` when the file was refused: in memory, or spilled to a temporary
    /// file when large ([`Output`]).
    pub output: Option<Output>,
    /// Why the file was refused, what could not be rewritten, or with `force` what was lost.
    /// Sorted.
    pub problems: Vec<Diagnostic>,
    /// Games with at least one tag pair.
    pub games: usize,
    /// The input as read, when `decoded` is a text made from it (`export --fix` exports the
    /// fixed text): what the result is compared with to tell whether the file changes.
    pub source: Option<Decoded>,
}

impl Rewritten {
    /// The new bytes in memory, or `None` when the file was refused (or, spooled to disk, could
    /// not be read back).
    pub fn output_bytes(&self) -> Option<Vec<u8>> {
        self.output.as_ref().and_then(|output| output.to_vec().ok())
    }

    /// No output, for these reasons.
    pub fn refused(decoded: Decoded, problems: Vec<Diagnostic>, games: usize) -> Rewritten {
        Rewritten::written(decoded, None, problems, games)
    }

    /// The output (`None`: refused), with the problems sorted.
    pub fn written(
        decoded: Decoded,
        output: Option<Output>,
        mut problems: Vec<Diagnostic>,
        games: usize,
    ) -> Rewritten {
        sort(&mut problems);
        Rewritten {
            decoded,
            output,
            problems,
            games,
            source: None,
        }
    }
}

/// Problems in the order they are reported: by position, then rule.
pub fn sort(problems: &mut [Diagnostic]) {
    problems.sort_by_key(|d| (d.span.start, d.span.end, d.rule));
}

/// The findings of reading a file that stop a rewrite ([`RuleInfo::blocks_rewrite`]).
pub fn blocking(findings: Vec<Diagnostic>) -> Vec<Diagnostic> {
    findings
        .into_iter()
        .filter(|d| d.rule.blocks_rewrite())
        .collect()
}

/// With `--force`, the refusals become warnings, labelled with what was done anyway.
pub fn downgrade(problems: &mut [Diagnostic], label: &str) {
    for problem in problems {
        problem.severity = Severity::Warning;
        problem.label = Some(label.to_owned().into());
    }
}

/// W004: the result does not read back as the input; `help` says what the user can do.
pub fn unfaithful(message: String, help: &str) -> Diagnostic {
    Diagnostic::new(Rule::UnfaithfulExport, 0..0, message).with_help(help.to_owned())
}

/// The first syntax error `again`, a result read back, has that makes its reading a guess.
pub fn broken_reading(again: &Parse) -> Option<&SyntaxError> {
    again
        .errors
        .iter()
        .find(|error| error.rule.blocks_rewrite())
}

/// The first fact, as (input, result), that differs between the input's facts `before` and the
/// result's `after`.
pub fn first_difference<'t: 'p, 'p, 'u: 'q, 'q>(
    before: &mut facts::Facts<'t, 'p>,
    after: &mut facts::Facts<'u, 'q>,
) -> Option<(String, String)> {
    let (mut was, mut is) = (String::new(), String::new());
    loop {
        let more = before.next_chunk(&mut was) | after.next_chunk(&mut is);
        if let Some((was, is)) = facts::first_difference(&was, &is) {
            return Some((was.to_owned(), is.to_owned()));
        }
        if !more {
            return None;
        }
    }
}

/// `text` in `encoding` (with a byte-order mark when `bom`); valid UTF-8 without a mark is not
/// copied. The text is handed back with the character that cannot be encoded.
pub fn encode(
    text: String,
    encoding: Encoding,
    bom: bool,
) -> Result<Vec<u8>, (Unencodable, String)> {
    if encoding == Encoding::Utf8 && !bom {
        return Ok(text.into_bytes());
    }
    source::encode(&text, encoding, bom).map_err(|unencodable| (unencodable, text))
}

/// A value that reads as itself when written plainly: not `#` and not beginning with `##`
/// (PBN 4.8).
pub fn writable(value: &str) -> bool {
    value != "#" && !value.starts_with("##")
}

/// W005: the inherited value of `tag`, written out at `span`, would read as inheritance again.
pub fn unwritable(tag: &Tag<'_>, span: std::ops::Range<usize>) -> Diagnostic {
    let finding = Diagnostic::new(
        Rule::UnwritableInheritedValue,
        span,
        format!(
            "the {} tag inherits the value {:?}, which written out would read as inheritance again",
            tag.name, &*tag.value
        ),
    )
    .with_help(
        "PBN 4.8: a value `#` or one beginning with `##` cannot be written plainly; change the \
         value where it is given",
    );
    if tag.inheritance == Inheritance::Implied {
        return finding.with_related(tag.span.clone(), "given with `##` here");
    }
    finding
}

// The rules of this family: see [`crate::rules`].

pub const UNENCODABLE_CHARACTER: RuleInfo = RuleInfo {
    code: "W001",
    name: "unencodable-character",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 2.2",
    summary: "Export: a character the output encoding cannot hold",
    what: "`pbnfmt export --encoding latin-1` (or a Latin-1 input exported as it is) meets a \
        character that the output encoding cannot represent, such as `♠` in Latin-1. The file is \
        not written.",
    why: "PBN 2.2: \"PBN data is represented using a subset of the eight bit ISO 8859/1 (Latin 1) \
        character set.\" A character that cannot be encoded would have to be replaced, and pbnfmt \
        never replaces silently.",
    example: "```\n\
        {Board 1: 4♠ made}\n\
        ```",
    fix: "Export in UTF-8 (`--encoding utf-8`), write the character another way (`\\S` is the PBN \
        3.8 notation for spades in comments), or accept `?` for it with `--force`.",
    ..RuleInfo::BASE
};

pub const CONFLICTING_DUPLICATE_TAG: RuleInfo = RuleInfo {
    code: "W002",
    name: "conflicting-duplicate-tag",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 3.4",
    summary: "Export: a tag given twice in a game with different values",
    what: "A game with two tag pairs of one name (other than Note) whose values differ, or whose \
        later pair has comments or data after it. A repeated tag with the same value is simply \
        written once.",
    why: "PBN 3.4: \"In export format, tag pairs may only occur once.\" Writing one of the two \
        values loses the other; often two games ran together because the empty line between them \
        is missing (PBN 3).",
    example: "```\n\
        [Room \"Open\"]\n\
        [Room \"IMP\"]\n\
        ```",
    fix: "Remove the wrong tag, or separate the games with an empty line. `--force` keeps the \
        first tag and drops the later one.",
    ..RuleInfo::BASE
};

pub const EMBEDDED_PBN: RuleInfo = RuleInfo {
    code: "W003",
    name: "embedded-pbn",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 6.2",
    summary: "Export: PBN embedded in another document between `<PBN>` and `</PBN>`",
    what: "A file whose PBN text stands between `<PBN>` and `</PBN>` inside another document \
        (HTML, a word-processor export). The export of the PBN text would lose the document \
        around it.",
    why: "PBN 6.2: \"The delimiters do not occur in a PBN file itself.\" An export is a PBN file, \
        so the document around the PBN text cannot be part of it.",
    example: "```\n\
        <html><PBN>[Event \"Club\"]</PBN></html>\n\
        ```",
    fix: "Cut the PBN text out of the document, or run `pbnfmt export --force`, which writes the \
        PBN text alone.",
    ..RuleInfo::BASE
};

pub const UNFAITHFUL_EXPORT: RuleInfo = RuleInfo {
    code: "W004",
    name: "unfaithful-export",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 2.1",
    summary: "Export: the export would not read back as the input (a pbnfmt bug)",
    what: "Before writing, `pbnfmt export` reads its export back and compares every tag value, \
        call, card, annotation, note, section element, comment and `%` line with the input, then \
        exports the export again and requires the same bytes. This rule reports a difference; the \
        file is not written.",
    why: "PBN 2.1: a program writing export format \"guarantees the portability of PBN files\"; \
        it must not change what the file says. A difference is a bug in pbnfmt, never in the \
        input.",
    example: "```\n\
        (any file that makes pbnfmt misbehave)\n\
        ```",
    fix: "Report it with the file. `--force` writes the export anyway.",
    ..RuleInfo::BASE
};

pub const UNWRITABLE_INHERITED_VALUE: RuleInfo = RuleInfo {
    code: "W005",
    name: "unwritable-inherited-value",
    severity: Severity::Error,
    group: Group::Write,
    section: "PBN 4.8",
    summary: "Resolve: an inherited value that written out would read as `#` or `##` again",
    what: "A value inherited through `#` or `##` that is itself `#` or begins with `##` (`[Event \
        \"###\"]` gives later games the value `#`). `pbnfmt resolve` and `pbnfmt export \
        --resolve` cannot write it plainly: it would inherit again.",
    why: "PBN 4.8: `\"#\"` and values beginning with `##` mean inheritance, so such a value has \
        no plain spelling. `resolve` leaves the tag as it is and says so; `export --resolve` \
        refuses the file.",
    example: "```\n\
        [Event \"###\"]\n\n\
        [Event \"#\"]\n\
        ```",
    fix: "Change the value where it is given, e.g. `[Event \"No. 1\"]`.",
    ..RuleInfo::BASE
};

/// A file that export refuses for each W rule, and the file mended ([`crate::rules::pairs`]);
/// W004 has none (see there).
#[cfg(test)]
pub(crate) fn pairs() -> Vec<crate::rules::pairs::Pair> {
    let pair = crate::rules::pairs::Pair::new;
    vec![
        pair(
            Rule::UnencodableCharacter,
            "[Event \"A\"]\n{Board 1: 4\u{2660} made}\n",
            "[Event \"A\"]\n{Board 1: 4\\S made}\n",
        ),
        pair(
            Rule::ConflictingDuplicateTag,
            "[Room \"Open\"]\n[Room \"IMP\"]\n",
            "[Room \"Open\"]\n",
        ),
        pair(
            Rule::EmbeddedPbn,
            "<html><PBN>[Event \"Club\"]</PBN></html>\n",
            "[Event \"Club\"]\n",
        ),
        pair(
            Rule::UnwritableInheritedValue,
            "[Event \"###\"]\n\n[Event \"#\"]\n",
            "[Event \"##No. 1\"]\n\n[Event \"#\"]\n",
        ),
    ]
}
