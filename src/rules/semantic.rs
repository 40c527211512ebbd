//! The semantic pass: builds each game's model (with `#`/`##` inheritance, PBN 4.8) and runs the
//! rule families over it, then the file-wide families (characters and lines, export format).

use crate::diagnostic::Diagnostic;
use crate::model::{GameModel, Inheritor};
use crate::rules::select::RuleSet;
use crate::rules::{Group, Rule, auction, chars, deal, export, notes, play, tables, tags};
use crate::source::{Decoded, LineIndex};
use crate::syntax::Parse;

/// What every rule family reads and where it reports.
pub struct Checker<'a> {
    pub text: &'a str,
    pub parse: &'a Parse,
    pub rules: RuleSet,
    pub out: Vec<Diagnostic>,
    /// Line numbers, for the export rules that count positions per line.
    pub lines: Option<LineIndex>,
}

impl Checker<'_> {
    /// True when `rule` runs; families test it before costly work.
    pub fn on(&self, rule: Rule) -> bool {
        self.rules.contains(rule)
    }

    /// Reports a finding of a rule that runs.
    pub fn report(&mut self, diagnostic: Diagnostic) {
        if self.rules.contains(diagnostic.rule) {
            self.out.push(diagnostic);
        }
    }
}

/// Runs every semantic rule family over a parsed file.
pub fn check(parse: &Parse, decoded: &Decoded, rules: RuleSet) -> Vec<Diagnostic> {
    let text = decoded.text.as_str();
    let mut checker = Checker {
        text,
        parse,
        rules,
        out: Vec::new(),
        lines: rules.any_of(Group::Export).then(|| LineIndex::new(text)),
    };
    let mut inheritor = Inheritor::default();
    for game in parse.real_games() {
        let model = inheritor.game(parse, text, game);
        check_game(&mut checker, &model);
    }
    tables::check_file(&mut checker);
    chars::check(&mut checker, decoded);
    if rules.any_of(Group::Export) {
        export::check(&mut checker);
    }
    checker.out
}

fn check_game(checker: &mut Checker<'_>, game: &GameModel<'_>) {
    let deal = deal::check(checker, game);
    tags::check(checker, game, deal.as_ref());
    auction::check(checker, game);
    play::check(checker, game, deal.as_ref());
    notes::check(checker, game);
    if checker.rules.any_of(Group::Export) {
        export::check_game(checker, game);
    }
}
