//! The semantic pass: builds each game's model (with `#`/`##` inheritance, PBN 4.8) and runs the
//! rule families over it, then the file-wide families (characters and lines, export format).

use crate::model::GameModel;
use crate::rules::diagnostic::Diagnostic;
use crate::rules::select::RuleSet;
use crate::rules::{
    Group, Rule, auction, chars, dd, deal, export, notes, play, result, results, tables, tags,
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
    pub solutions: Option<&'a crate::model::double_dummy::Solutions>,
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
    let text = decoded.text.as_str();
    let mut inheritor = crate::model::Inheritor::for_text(text);
    let models: Vec<_> = parse
        .real_games()
        .map(|game| inheritor.game(parse, text, game))
        .collect();
    semantic.chunk(parse, &models, &mut out);
    semantic.finish(&mut out);
    out
}

/// The semantic pass over a file read chunk by chunk (`crate::read::Reader`, which carries the
/// `#`/`##` state from one chunk to the next): what carries here is where the last game ended and
/// what the checks across the file gather.
pub struct Semantic<'t> {
    decoded: &'t Decoded,
    rules: RuleSet,
    /// Built once for the file, when export rules run.
    previous_end: Option<usize>,
    /// The complete deals of the file, for the checks across a run (H001), when H001 runs.
    pub deals: Vec<crate::model::deal_key::SeenDeal>,
    /// The Board numbers, for H006 at the end.
    boards: dd::Boards,
    /// The travellers' rows and the TotalScoreTables, for R006 and R007 at the end.
    totals: results::Totals,
    /// The solver's tricks for the run's deals (H008, H009).
    pub solutions: Option<std::sync::Arc<crate::model::double_dummy::Solutions>>,
}

impl<'t> Semantic<'t> {
    pub fn new(decoded: &'t Decoded, rules: RuleSet) -> Semantic<'t> {
        Semantic {
            decoded,
            rules,
            previous_end: None,
            deals: Vec::new(),
            boards: dd::Boards::default(),
            totals: results::Totals::default(),
            solutions: None,
        }
    }

    /// Checks the games of one chunk (their models built in file order), after the chunks before.
    pub fn chunk(&mut self, parse: &Parse, models: &[GameModel<'_>], out: &mut Vec<Diagnostic>) {
        let found = self.context().rules(parse, models);
        self.merge(parse, found, out);
    }

    /// What the rules of a chunk read besides its models: the same for every chunk, so that
    /// chunks can be checked on several threads at once.
    pub fn context(&self) -> Context<'t, '_> {
        Context::new(self.decoded, self.rules, self.solutions.as_deref())
    }

    /// Takes in the findings of the chunk after the last one taken.
    pub fn merge(&mut self, parse: &Parse, found: ChunkFindings, out: &mut Vec<Diagnostic>) {
        out.extend(found.out);
        self.deals.extend(found.deals);
        self.boards.append(found.boards);
        self.totals.append(found.totals);
        if self.rules.any_of(Group::Export) {
            let mut checker = Checker {
                text: self.decoded.text.as_str(),
                parse,
                rules: self.rules,
                out: std::mem::take(out),
                solutions: None,
            };
            export::separators(&mut checker, &mut self.previous_end);
            *out = checker.out;
        }
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
        self.totals.finish(&mut checker);
        *out = checker.out;
    }
}

/// What the rules read of the file, whichever chunk they check ([`Semantic::context`]).
#[derive(Clone, Copy)]
pub struct Context<'t, 's> {
    decoded: &'t Decoded,
    rules: RuleSet,
    solutions: Option<&'s crate::model::double_dummy::Solutions>,
}

/// What the rules found in one chunk, to be taken in in file order ([`Semantic::merge`]).
#[derive(Default)]
pub struct ChunkFindings {
    out: Vec<Diagnostic>,
    deals: Vec<crate::model::deal_key::SeenDeal>,
    boards: dd::Boards,
    totals: results::Totals,
}

impl<'t, 's> Context<'t, 's> {
    pub fn new(
        decoded: &'t Decoded,
        rules: RuleSet,
        solutions: Option<&'s crate::model::double_dummy::Solutions>,
    ) -> Context<'t, 's> {
        Context {
            decoded,
            rules,
            solutions,
        }
    }

    /// The rules of the games of one chunk (`models`, built in file order by `crate::read::threads::Carry`) and of its tokens and
    /// lines: nothing here depends on another chunk.
    pub fn rules(&self, parse: &Parse, models: &[GameModel<'_>]) -> ChunkFindings {
        let mut checker = Checker {
            text: self.decoded.text.as_str(),
            parse,
            rules: self.rules,
            out: Vec::new(),
            solutions: self.solutions,
        };
        let mut found = ChunkFindings::default();
        let collect = self.rules.contains(Rule::RepeatedDeal);
        for model in models {
            let deal = check_game(&mut checker, model, &mut found.totals);
            found.boards.game(&checker, model);
            if collect
                && let Some(seen) = deal.and_then(|deal| crate::model::deal_key::seen(model, &deal))
            {
                found.deals.push(seen);
            }
        }
        chars::check_tokens(&mut checker, self.decoded);
        chars::check_lines(&mut checker);
        found.out = checker.out;
        found
    }
}

/// Runs the rules of one game; its Deal, when it reads.
fn check_game(
    checker: &mut Checker<'_>,
    game: &GameModel<'_>,
    totals: &mut results::Totals,
) -> Option<crate::model::deal::Deal> {
    let deal = deal::check(checker, game);
    tags::check(checker, game, deal.as_ref());
    auction::check(checker, game);
    play::check(checker, game, deal.as_ref());
    if checker.on(Rule::ResultBeyondTrumps) {
        result::beyond_trumps(checker, game, deal.as_ref());
    }
    notes::check(checker, game);
    tables::check_game(checker, game);
    results::check_game(checker, game, totals);
    dd::check(checker, game, deal.as_ref());
    dd::hand_record(checker, game, deal.as_ref());
    if checker.rules.any_of(Group::Export) {
        export::check_game(checker, game);
    }
    deal
}
