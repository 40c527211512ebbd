//! The proof a written file must pass, shared by `export` and the rewrites: what stops a
//! rewrite, the facts of the input and of the result compared, `--force` turning a refusal into
//! a warning, and the result encoded as asked (W001-W005 are the reasons a file is refused).

use crate::diagnostic::Severity;
use crate::rules::{Group, RuleInfo};

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
