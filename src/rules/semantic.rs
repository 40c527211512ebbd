//! The semantic pass: builds each game's model (with `#`/`##` inheritance, PBN 4.8) and runs the
//! rule families over it, then the file-wide families (characters and lines, export format).

use crate::diagnostic::Diagnostic;
use crate::model::{GameModel, Inheritor};
use crate::rules::select::RuleSet;
use crate::rules::{
    Group, Rule, auction, chars, dd, deal, export, notes, play, result, tables, tags,
};
use crate::source::Decoded;
use crate::syntax::Parse;

/// What every rule family reads and where it reports.
pub struct Checker<'a> {
    pub text: &'a str,
    /// The games being checked: the whole file, or one chunk of it.
    pub parse: &'a Parse,
    pub rules: RuleSet,
    pub out: Vec<Diagnostic>,
    /// The solver's tricks for the run's deals, when H008 runs (`crate::dds`).
    pub solutions: Option<&'a crate::dds::Solutions>,
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
    let mut semantic = Semantic::new(decoded, rules);
    let mut out = Vec::new();
    semantic.chunk(parse, &mut out);
    semantic.finish(&mut out);
    out
}

/// The semantic pass over a file read chunk by chunk ([`crate::parser::chunks`]): what carries
/// from one chunk to the next is the `#`/`##` state and where the last game ended.
pub struct Semantic<'t> {
    decoded: &'t Decoded,
    rules: RuleSet,
    inheritor: Inheritor<'t, 'static>,
    /// Built once for the file, when export rules run.
    previous_end: Option<usize>,
    /// The complete deals of the file, for the checks across a run (H001), when H001 runs.
    pub deals: Vec<crate::sets::SeenDeal>,
    /// The Board numbers, for H006 at the end.
    boards: dd::Boards,
    /// The solver's tricks for the run's deals (H008, H009).
    pub solutions: Option<std::sync::Arc<crate::dds::Solutions>>,
}

impl<'t> Semantic<'t> {
    pub fn new(decoded: &'t Decoded, rules: RuleSet) -> Semantic<'t> {
        Semantic {
            decoded,
            rules,
            inheritor: Inheritor::default(),
            previous_end: None,
            deals: Vec::new(),
            boards: dd::Boards::default(),
            solutions: None,
        }
    }

    /// Checks the games of one chunk, in file order after the chunks before.
    pub fn chunk(&mut self, parse: &Parse, out: &mut Vec<Diagnostic>) {
        let text = self.decoded.text.as_str();
        let mut checker = Checker {
            text,
            parse,
            rules: self.rules,
            out: std::mem::take(out),
            solutions: self.solutions.as_deref(),
        };
        let mut inheritor: Inheritor<'t, '_> = std::mem::take(&mut self.inheritor);
        let collect = self.rules.contains(Rule::RepeatedDeal);
        for game in parse.real_games() {
            let model = inheritor.game(parse, text, game);
            let deal = check_game(&mut checker, &model);
            self.boards.game(&checker, &model);
            if collect && let Some(seen) = deal.and_then(|deal| crate::sets::seen(&model, &deal)) {
                self.deals.push(seen);
            }
        }
        self.inheritor = inheritor.detach();
        chars::check_tokens(&mut checker, self.decoded);
        chars::check_lines(&mut checker);
        if self.rules.any_of(Group::Export) {
            export::separators(&mut checker, &mut self.previous_end);
        }
        *out = checker.out;
    }

    /// The checks of the whole text, after the last chunk.
    pub fn finish(self, out: &mut Vec<Diagnostic>) {
        let parse = Parse::default();
        let mut checker = Checker {
            text: &self.decoded.text,
            parse: &parse,
            rules: self.rules,
            out: std::mem::take(out),
            solutions: None,
        };
        if self.rules.any_of(Group::Export) {
            export::check_text(&mut checker);
        }
        self.boards.finish(&mut checker);
        *out = checker.out;
    }
}

/// Runs the rules of one game; its Deal, when it reads.
fn check_game(checker: &mut Checker<'_>, game: &GameModel<'_>) -> Option<crate::model::deal::Deal> {
    let deal = deal::check(checker, game);
    tags::check(checker, game, deal.as_ref());
    auction::check(checker, game);
    play::check(checker, game, deal.as_ref());
    if checker.on(Rule::ResultBeyondTrumps) {
        result::beyond_trumps(checker, game, deal.as_ref());
    }
    notes::check(checker, game);
    tables::check_game(checker, game);
    dd::check(checker, game, deal.as_ref());
    dd::hand_record(checker, game, deal.as_ref());
    if checker.rules.any_of(Group::Export) {
        export::check_game(checker, game);
    }
    deal
}
