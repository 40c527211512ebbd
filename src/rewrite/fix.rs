//! `pbnfmt fix`: the fixes that findings carry (`diagnostic::Fix`), applied as minimal edits to
//! the input ([`super::edit`]): every byte outside a fixed value stays as it was.
//!
//! Safe fixes are applied by default, unsafe ones (a guess: a day-month order, a century) only
//! when asked; the rules that apply are the rules selected. The result is proved as the other
//! rewrites' are: read back, its facts must equal the input's (facts read a loose spelling as
//! what it means, so `2023-07-28` and `2023.07.28` are one fact, `proof::facts`), and fixing it
//! again must change nothing. A file whose reading is a guess (a syntax error that stops a
//! rewrite) is refused, as by `export`, unless forced.

use crate::check::{CheckOptions, check_decoded};
use crate::diagnostic::Diagnostic;
use crate::io::spool::Output;
use crate::parser;
use crate::proof::{self, Rewritten, facts::Facts};
use crate::rules::select::Selection;
use crate::source::{self, Decoded};

use super::RewriteOptions;
use super::edit::Edits;

/// What `fix` is told.
#[derive(Clone, Debug, Default)]
pub struct FixOptions {
    pub rewrite: RewriteOptions,
    /// The rules whose fixes apply (and which run).
    pub selection: Selection,
    /// Apply the unsafe fixes too.
    pub unsafe_fixes: bool,
}

/// Fixes one file's bytes.
pub fn fix_bytes(bytes: &[u8], options: &FixOptions) -> Rewritten {
    fix_decoded(
        source::decode(bytes, options.rewrite.input_encoding),
        options,
    )
}

/// [`fix_bytes`] of bytes the caller gives away.
pub fn fix_owned(bytes: Vec<u8>, options: &FixOptions) -> Rewritten {
    fix_decoded(
        source::decode_owned(bytes, options.rewrite.input_encoding),
        options,
    )
}

/// The findings of `decoded` and the edits their fixes make, at `options`.
fn findings_and_edits(decoded: Decoded, options: &FixOptions) -> (Decoded, Vec<Diagnostic>, Edits) {
    let check = CheckOptions {
        encoding: options.rewrite.input_encoding,
        selection: options.selection.clone(),
        chunk_bytes: options.rewrite.chunk_bytes,
        parse_ahead: false,
        max_findings: None,
    };
    let report = check_decoded(decoded, &check);
    let mut edits = Edits::default();
    let mut taken: Vec<std::ops::Range<usize>> = Vec::new();
    for diagnostic in &report.diagnostics {
        let Some(fix) = diagnostic
            .fix
            .as_ref()
            .filter(|_| diagnostic.fixable(options.unsafe_fixes))
        else {
            continue;
        };
        // Two fixes of one place: the first is applied, the next run takes the other.
        let overlaps = fix.edits.iter().any(|(range, _)| {
            taken
                .iter()
                .any(|t| range.start < t.end && t.start < range.end || range == t)
        });
        if overlaps {
            continue;
        }
        for (range, text) in &fix.edits {
            taken.push(range.clone());
            edits.replace(range.clone(), text.clone());
        }
    }
    (report.decoded, report.diagnostics, edits)
}

fn fix_decoded(decoded: Decoded, options: &FixOptions) -> Rewritten {
    let (decoded, findings, edits) = findings_and_edits(decoded, options);
    let games = parser::parse(&decoded.text).real_games().count();
    let mut blocking = proof::blocking(findings);
    if !blocking.is_empty() {
        if !options.rewrite.force {
            return Rewritten::refused(decoded, blocking, games);
        }
        proof::downgrade(&mut blocking, "fixed anyway (--force)");
    }
    let mut problems = blocking;
    if edits.is_empty() {
        let bytes = match proof::encode(decoded.text.clone(), decoded.encoding, decoded.bom) {
            Ok(bytes) => bytes,
            Err(_) => return Rewritten::refused(decoded, problems, games),
        };
        return Rewritten {
            decoded,
            output: Some(Output::from_bytes(bytes)),
            problems,
            games,
            source: None,
        };
    }
    let fixed = match edits.apply(&decoded.text) {
        Ok(fixed) => fixed,
        Err(error) => {
            problems.push(proof::unfaithful(
                format!("the fixes cannot be applied: {error}"),
                "this is a bug in pbnfmt; please report it with the file",
            ));
            return Rewritten::refused(decoded, problems, games);
        }
    };
    if let Some(why) = unproven(&decoded, &fixed, options) {
        problems.push(proof::unfaithful(
            format!("the fixed file does not read back as the input: {why}"),
            "this is a bug in pbnfmt; the file is left as it was; please report it",
        ));
        return Rewritten::refused(decoded, problems, games);
    }
    match proof::encode(fixed, decoded.encoding, decoded.bom) {
        Ok(bytes) => Rewritten {
            decoded,
            output: Some(Output::from_bytes(bytes)),
            problems,
            games,
            source: None,
        },
        Err(_) => {
            problems.push(proof::unfaithful(
                "a fixed value cannot be written in the file's encoding".to_owned(),
                "re-save the file in UTF-8",
            ));
            Rewritten::refused(decoded, problems, games)
        }
    }
}

/// Why `fixed` is not a faithful fix of `decoded`: a fact that differs, a syntax error the input
/// did not have, or a fix left to make.
fn unproven(decoded: &Decoded, fixed: &str, options: &FixOptions) -> Option<String> {
    let (before, after) = (parser::parse(&decoded.text), parser::parse(fixed));
    if before.errors.len() != after.errors.len() {
        return Some("the fixes changed how the file parses".to_owned());
    }
    let mut was = Facts::new(&before, &decoded.text, false);
    let mut is = Facts::new(&after, fixed, false);
    if let Some((was, is)) = proof::first_difference(&mut was, &mut is) {
        return Some(format!("`{was}` became `{is}`"));
    }
    let again = Decoded {
        text: fixed.to_owned(),
        ..decoded.clone()
    };
    let (_, _, more) = findings_and_edits(again, options);
    (!more.is_empty()).then(|| "fixing the result again changes it".to_owned())
}
