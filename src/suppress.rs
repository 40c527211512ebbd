//! Inline suppressions, written in PBN 2.4 escape lines so that every other PBN reader skips them:
//!
//! ```text
//! % pbnfmt: ignore D003,A004 misprint in the hand record     (the next game)
//! % pbnfmt: ignore-file T031 cut from a longer file           (the whole file)
//! ```
//!
//! The codes are one word: rule codes or names, comma-separated. The rest of the line is the reason,
//! for people. "The next game" is the first game whose first tag pair comes after the line; a line
//! in a game's leading commentary therefore applies to that game. A suppression that hides nothing
//! is reported (U001), and so is a `% pbnfmt:` line that cannot be read (U002). U001 and U002
//! themselves are not suppressed inline; `--ignore U` or the configuration turns them off.

use std::collections::HashMap;
use std::ops::Range;

use crate::lexer::SyntaxKind;
use crate::rules::Rule;
use crate::rules::diagnostic::{Diagnostic, Dropped};
use crate::rules::select::RuleSet;
use crate::rules::suppress::SuppressionProblem;
use crate::syntax::Parse;

// The rules of this family: see [`crate::rules`].

/// One rule named by one suppression line.
#[derive(Debug)]
struct Entry {
    rule: Rule,
    /// Where the code is written on the line.
    span: Range<usize>,
    /// The text the suppression covers; `None` when no game follows the line.
    scope: Option<Range<usize>>,
    /// An `ignore-file` line: the scope is the whole file.
    whole_file: bool,
    used: bool,
}

/// Which entry covers a finding: the first, in line order, of its rule whose scope holds the
/// finding's start. Found by binary search, not by trying every entry for every finding, which
/// took seconds for a file with a suppression line before each of 50,000 games (and grew as the
/// square). The scopes of `ignore` lines are games, which do not overlap; lines for the same game
/// share one scope, of which only the first line can be the one that covers.
struct CoverIndex {
    /// Per rule: the first `ignore-file` entry, and the distinct game scopes sorted by start.
    rules: HashMap<Rule, (Option<usize>, Vec<GameScope>)>,
}

/// A game's scope (start, inclusive end) and the first entry with it.
type GameScope = (usize, usize, usize);

impl CoverIndex {
    fn new(entries: &[Entry]) -> CoverIndex {
        let mut rules: HashMap<Rule, (Option<usize>, Vec<GameScope>)> = HashMap::new();
        for (at, entry) in entries.iter().enumerate() {
            let Some(scope) = &entry.scope else {
                continue;
            };
            let (whole, games) = rules.entry(entry.rule).or_default();
            if entry.whole_file {
                whole.get_or_insert(at);
            } else {
                games.push((scope.start, scope.end, at));
            }
        }
        for (_, games) in rules.values_mut() {
            // Equal scopes next to each other, the first line first; keep that one.
            games.sort_unstable();
            games.dedup_by_key(|(start, end, _)| (*start, *end));
        }
        CoverIndex { rules }
    }

    /// The entry that covers a finding of `rule` at `at`.
    fn first(&self, rule: Rule, at: usize) -> Option<usize> {
        let (whole, games) = self.rules.get(&rule)?;
        let after = games.partition_point(|&(start, _, _)| start <= at);
        // Scopes end where the next may start (ends are inclusive): look at two at most.
        let game = games[..after]
            .iter()
            .rev()
            .take(2)
            .filter(|&&(_, end, _)| at <= end)
            .map(|&(_, _, entry)| entry)
            .min();
        match (game, *whole) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// True when a `%` line (its text after the `%`, from [`crate::lexer::percent_lines`]) is
/// addressed to pbnfmt: a file without one skips [`Suppressions::read`].
pub fn is_directive_line(line: &str) -> bool {
    line.trim_start()
        .get(..7)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case("pbnfmt:"))
}

/// The rules an `ignore-file` line names, read from a `%` line's text (after the `%`) without
/// parsing the file: a hint for which findings to leave out first past the limit, not a
/// suppression (a `%` line inside a brace comment is no escape line, and only the parse knows).
pub fn ignore_file_rules(line: &str) -> Vec<Rule> {
    let mut words = line.split_ascii_whitespace();
    let directive = words
        .next()
        .is_some_and(|word| word.eq_ignore_ascii_case("pbnfmt:"));
    let verb = words
        .next()
        .is_some_and(|word| word.eq_ignore_ascii_case("ignore-file"));
    match words.next() {
        Some(codes) if directive && verb => codes.split(',').filter_map(Rule::find).collect(),
        _ => Vec::new(),
    }
}

/// The suppression lines of a file read chunk by chunk ([`crate::parser::chunks`]).
#[derive(Default)]
pub struct Suppressions {
    entries: Vec<Entry>,
    problems: Vec<Diagnostic>,
    /// Entries of `ignore` lines with no game after them yet in the chunks read so far.
    pending: Vec<usize>,
}

impl Suppressions {
    /// Reads the suppression lines of the next chunk.
    pub fn read(&mut self, parse: &Parse, text: &str) {
        if let Some(first) = parse.real_games().next() {
            let scope = parse.span(first.first, first.last);
            for index in self.pending.drain(..) {
                self.entries[index].scope = Some(scope.clone());
            }
        }
        for (index, token) in parse.tokens.iter().enumerate() {
            if token.kind != SyntaxKind::Escape {
                continue;
            }
            let span = token.start as usize..token.end as usize;
            if let Some(directive) = Directive::read(text, span) {
                let before = self.entries.len();
                directive.entries(parse, text, index, &mut self.entries, &mut self.problems);
                // Only an `ignore` line can lack its game: it may be in the next chunk.
                self.pending.extend(
                    (before..self.entries.len()).filter(|&i| self.entries[i].scope.is_none()),
                );
            }
        }
    }

    /// Removes the findings that the lines cover, from `diagnostics` and from the findings left
    /// out past the limit (`dropped`), adds U001/U002 where `rules` has them, and returns how
    /// many findings were suppressed. `diagnostics` stay sorted by position.
    pub fn apply(
        self,
        rules: RuleSet,
        diagnostics: &mut Vec<Diagnostic>,
        dropped: &mut Vec<Dropped>,
    ) -> usize {
        let Suppressions {
            mut entries,
            mut problems,
            ..
        } = self;
        if entries.is_empty() && problems.is_empty() {
            return 0;
        }
        let before = diagnostics.len() + dropped.len();
        let index = CoverIndex::new(&entries);
        let mut keep = |rule: Rule, start: usize| match index.first(rule, start) {
            Some(covering) => {
                entries[covering].used = true;
                false
            }
            None => true,
        };
        diagnostics.retain(|diagnostic| keep(diagnostic.rule, diagnostic.span.start));
        dropped.retain(|finding| keep(finding.rule, finding.start as usize));
        let suppressed = before - diagnostics.len() - dropped.len();
        for entry in entries.iter().filter(|entry| !entry.used) {
            // A rule that did not run found nothing because it did not look.
            if !rules.contains(entry.rule) {
                continue;
            }
            problems.push(
                SuppressionProblem::Unused {
                    at: entry.span.clone(),
                    rule: entry.rule,
                    scoped: entry.scope.is_some(),
                }
                .diagnostic(),
            );
        }
        problems.retain(|problem| rules.contains(problem.rule));
        if !problems.is_empty() {
            diagnostics.extend(problems);
            diagnostics.sort_by_key(|d| (d.span.start, d.span.end, d.rule));
        }
        suppressed
    }
}

/// A `% pbnfmt:` line, cut into its words with their positions.
struct Directive<'a> {
    /// The whole line.
    span: Range<usize>,
    /// `ignore`, `ignore-file` or something unknown, and where it is.
    verb: Option<(&'a str, Range<usize>)>,
    codes: Option<(&'a str, Range<usize>)>,
}

impl<'a> Directive<'a> {
    /// Reads an escape line; `None` when it is not addressed to pbnfmt.
    fn read(text: &'a str, span: Range<usize>) -> Option<Directive<'a>> {
        let line = text.get(span.clone())?;
        let rest = line.strip_prefix('%')?.trim_start();
        let prefix = rest.get(..7)?;
        if !prefix.eq_ignore_ascii_case("pbnfmt:") {
            return None;
        }
        let after = span.end - rest.len() + 7;
        let mut words = words(text, after..span.end);
        Some(Directive {
            span,
            verb: words.next(),
            codes: words.next(),
        })
    }

    /// The rules the line names, each with its scope, or the reason it cannot be read.
    fn entries(
        &self,
        parse: &Parse,
        text: &str,
        token: usize,
        entries: &mut Vec<Entry>,
        problems: &mut Vec<Diagnostic>,
    ) {
        let scope = match &self.verb {
            Some((verb, _)) if verb.eq_ignore_ascii_case("ignore") => next_game(parse, token),
            Some((verb, _)) if verb.eq_ignore_ascii_case("ignore-file") => Some(0..text.len()),
            Some((verb, span)) => {
                problems.push(
                    SuppressionProblem::UnknownVerb {
                        at: span.clone(),
                        verb: (*verb).to_owned(),
                    }
                    .diagnostic(),
                );
                return;
            }
            None => {
                problems.push(
                    SuppressionProblem::Empty {
                        at: self.span.clone(),
                    }
                    .diagnostic(),
                );
                return;
            }
        };
        let whole_file = scope
            .as_ref()
            .is_some_and(|scope| *scope == (0..text.len()))
            && self
                .verb
                .as_ref()
                .is_some_and(|(verb, _)| verb.eq_ignore_ascii_case("ignore-file"));
        let Some((codes, codes_span)) = &self.codes else {
            problems.push(
                SuppressionProblem::NoRule {
                    at: self.span.clone(),
                }
                .diagnostic(),
            );
            return;
        };
        let mut at = codes_span.start;
        for code in codes.split(',') {
            let span = at..at + code.len();
            at += code.len() + 1;
            if code.is_empty() {
                continue;
            }
            match Rule::find(code) {
                Some(rule) => entries.push(Entry {
                    rule,
                    span,
                    scope: scope.clone(),
                    whole_file,
                    used: false,
                }),
                None => problems.push(
                    SuppressionProblem::UnknownRule {
                        at: span,
                        code: code.to_owned(),
                    }
                    .diagnostic(),
                ),
            }
        }
    }
}

/// The whitespace-separated words of `range`, with their positions.
fn words(text: &str, range: Range<usize>) -> impl Iterator<Item = (&str, Range<usize>)> {
    let line = text.get(range.clone()).unwrap_or("");
    line.split(|c: char| c.is_ascii_whitespace())
        .scan(range.start, |at, word| {
            let start = *at;
            *at += word.len() + 1;
            Some((word, start..start + word.len()))
        })
        .filter(|(word, _)| !word.is_empty())
}

/// The text of the first game whose first tag pair comes after token `after`.
fn next_game(parse: &Parse, after: usize) -> Option<Range<usize>> {
    parse
        .real_games()
        .find(|game| {
            game.tags
                .first()
                .is_some_and(|tag| tag.open as usize > after)
        })
        .map(|game| parse.span(game.first, game.last))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckOptions, check_bytes};

    const GAME: &str = "[Event \"E\"]\n[Board \"1\"]\n[Room \"#\"]\n";

    fn findings(text: &str) -> Vec<(Rule, String)> {
        let report = check_bytes(text.as_bytes(), &CheckOptions::default());
        report
            .diagnostics
            .iter()
            .map(|d| {
                assert!(text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end));
                (d.rule, text[d.span.clone()].to_owned())
            })
            .collect()
    }

    #[test]
    fn odd_lines_are_read_or_reported_never_misplaced() {
        // Letter case of the prefix and the directive does not matter; a code may be a name.
        assert!(findings(&format!("% PBNFMT: IGNORE nothing-to-inherit x\n{GAME}")).is_empty());
        assert!(findings(&format!("%pbnfmt:ignore-file T031\n{GAME}")).is_empty());
        // Empty codes between commas are skipped; the real one still applies.
        assert!(findings(&format!("% pbnfmt: ignore ,T031,, why\n{GAME}")).is_empty());
        assert_eq!(
            findings(&format!("% pbnfmt: ignoré T031\n{GAME}")),
            [
                (Rule::InvalidSuppression, "ignoré".to_owned()),
                (Rule::NothingToInherit, "#".to_owned())
            ]
        );
        assert_eq!(
            findings(&format!("% pbnfmt: ignore T031,Ü9 raison é\n{GAME}")),
            [(Rule::InvalidSuppression, "Ü9".to_owned())]
        );
        // Not addressed to pbnfmt: other programs' escape lines, and text inside a comment.
        assert_eq!(findings(&format!("% pbnfmtx ignore T031\n{GAME}")).len(), 1);
        assert_eq!(
            findings(&format!("{{\n% pbnfmt: ignore T031\n}}\n{GAME}")).len(),
            1
        );
    }
}
