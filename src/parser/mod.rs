//! A hand-written recursive-descent parser from tokens to the lossless tree of [`crate::syntax`].
//!
//! Parsing never fails: it returns the tree and the syntax errors side by side. Recovery is by
//! sync points: a broken tag pair gives up at its `]`, at the next `[`, or at the end of its line;
//! a game ends at a semi-empty line whatever state it is in (PBN 3). One broken tag costs only
//! itself. Every loop consumes at least one token per turn or returns, so the parser cannot hang
//! (the progress assertions at the end of the game and section loops, and the mutation tests,
//! guard it).
//!
//! The parser knows the grammar of the auction and play sections (PBN 3.5, 3.6) and of section
//! elements (PBN 5.1). It does not know what a legal auction is, or what a tag value means.

use std::ops::Range;

use crate::bridge::{CallToken, PlayToken};
use crate::lexer::{self, SyntaxKind, Token};
use crate::syntax::{
    Annotations, Data, Game, Move, Parse, Problem, SectionKind, SyntaxError, TagPair, TokenId,
};

mod chunks;

pub use chunks::{
    CHUNK_BYTES, Chunks, MAX_CHUNK_TOKENS, chunk_regions, chunks, chunks_of, parse_region,
    speculative_chunk,
};

/// Lexes and parses `text`.
pub fn parse(text: &str) -> Parse {
    let (tokens, kinds) = lexer::lex_kinds(text);
    parse_tokens(text, tokens, kinds)
}

/// Parses the tokens of `text` (all of it, or a chunk of whole games).
fn parse_tokens(text: &str, tokens: Vec<Token>, kinds: lexer::Kinds) -> Parse {
    let mut parser = Parser {
        text,
        tokens: &tokens,
        pos: 0,
        errors: Vec::new(),
        scratch: Vec::new(),
        tags_before: 0,
        annotation_tokens: Vec::new(),
    };
    let games = parser.file();
    let mut errors = parser.errors;
    let annotation_tokens = parser.annotation_tokens;
    if kinds.any(&TOKEN_ERROR_KINDS) {
        errors.extend(token_errors(&tokens, text));
    }
    errors.sort_by_key(|error| (error.span.start, error.span.end));
    Parse {
        tokens,
        games,
        errors,
        annotation_tokens,
        cut: None,
    }
}

/// The kinds [`token_errors`] reports: a text with none of them needs no pass over its tokens.
const TOKEN_ERROR_KINDS: [SyntaxKind; 5] = [
    SyntaxKind::UnterminatedString,
    SyntaxKind::UnterminatedBraceComment,
    SyntaxKind::NonAscii,
    SyntaxKind::Control,
    SyntaxKind::Punct,
];

/// Errors that belong to single tokens wherever they stand: malformed strings and comments,
/// characters PBN 2.2 does not allow outside strings and comments. Adjacent control characters
/// make one finding, so that binary garbage does not make millions.
fn token_errors(tokens: &[Token], text: &str) -> Vec<SyntaxError> {
    let mut errors: Vec<SyntaxError> = Vec::new();
    for token in tokens {
        let problem = match token.kind {
            SyntaxKind::UnterminatedString => Problem::UnterminatedString,
            SyntaxKind::UnterminatedBraceComment => Problem::UnterminatedComment,
            SyntaxKind::NonAscii => Problem::NonAsciiOutsideString,
            SyntaxKind::Control => Problem::ControlCharacter,
            SyntaxKind::Punct if token.text(text) == "}" => Problem::UnmatchedClosingBrace,
            _ => continue,
        };
        if let Some(last) = errors.last_mut()
            && last.problem == problem
            && problem == Problem::ControlCharacter
            && last.span.end == token.start
        {
            last.span.end = token.end;
            continue;
        }
        errors.push(SyntaxError {
            problem,
            span: token.start..token.end,
            context: None,
        });
    }
    errors
}

struct Parser<'a> {
    text: &'a str,
    tokens: &'a [Token],
    pos: usize,
    /// Where section data is gathered before it moves to its tag pair at its final size: one
    /// allocation a section instead of one a doubling.
    scratch: Vec<Data>,
    /// How many tag pairs the game before had: games of a file tend to look alike.
    tags_before: usize,
    /// [`Parse::annotation_tokens`].
    annotation_tokens: Vec<TokenId>,
    errors: Vec<SyntaxError>,
}

impl Parser<'_> {
    fn file(&mut self) -> Vec<Game> {
        let mut games = Vec::new();
        loop {
            // Between games: blank lines, and the text around embedded PBN.
            while self.pos < self.tokens.len()
                && matches!(
                    self.tokens[self.pos].kind,
                    SyntaxKind::Newline | SyntaxKind::Foreign | SyntaxKind::EmbedDelimiter
                )
            {
                self.pos += 1;
            }
            if self.pos >= self.tokens.len() {
                return games;
            }
            games.push(self.game());
        }
    }

    fn game(&mut self) -> Game {
        let first = self.id();
        let mut last = first;
        let mut leading = Vec::new();
        let mut tags: Vec<TagPair> = Vec::with_capacity(self.tags_before);
        loop {
            let before = self.pos;
            if tags.is_empty() {
                self.data_exact(SectionKind::Leading, None, &mut leading);
            }
            if !self.skip_space() {
                break;
            }
            // `data` stops only at `[` or the end of the game.
            let mut tag = self.tag_pair();
            let context = tag.name.map(|id| self.range(id, id));
            // A comment inside the tag pair is already in `tag.data`; the section data follows it.
            self.data_exact(tag.section, context, &mut tag.data);
            tags.push(tag);
            debug_assert!(self.pos > before, "game loop made no progress");
        }
        // The last significant token before the end of the game.
        let mut end = self.pos;
        while end > first as usize && self.tokens[end - 1].kind == SyntaxKind::Newline {
            end -= 1;
        }
        if end > first as usize {
            last = (end - 1) as TokenId;
        }
        self.tags_before = tags.len();
        Game {
            first,
            last,
            leading,
            tags,
        }
    }

    // ---- positions -----------------------------------------------------------------------------

    fn id(&self) -> TokenId {
        // `lex` refuses texts over u32::MAX bytes, and there are never more tokens than bytes.
        self.pos as TokenId
    }

    fn kind(&self) -> Option<SyntaxKind> {
        self.tokens.get(self.pos).map(|token| token.kind)
    }

    fn bump(&mut self) -> TokenId {
        let id = self.id();
        debug_assert!(self.pos < self.tokens.len(), "bump past the end");
        self.pos += 1;
        id
    }

    fn range(&self, first: TokenId, last: TokenId) -> Range<u32> {
        self.tokens[first as usize].start..self.tokens[last as usize].end
    }

    fn error(&mut self, problem: Problem, span: Range<u32>, context: Option<Range<u32>>) {
        self.errors.push(SyntaxError {
            problem,
            span,
            context,
        });
    }

    /// Moves over single line ends to the next significant token. Returns false, without moving
    /// past it, at the end of the game: a semi-empty line (PBN 3), the edge of an embedded block,
    /// or the end of the text.
    fn skip_space(&mut self) -> bool {
        loop {
            match self.kind() {
                None | Some(SyntaxKind::Foreign | SyntaxKind::EmbedDelimiter) => return false,
                Some(SyntaxKind::Newline) => {
                    if self.blank_line_follows() {
                        return false;
                    }
                    self.pos += 1;
                }
                Some(_) => return true,
            }
        }
    }

    /// At a line end: is the next line semi-empty (only spaces and tabs, PBN 3)? It is when the next
    /// token is a line end too: only a gap of spaces and tabs can stand between them. The end of
    /// the text right after a line end does not count: a final line end does not start a new game.
    fn blank_line_follows(&self) -> bool {
        self.tokens.get(self.pos + 1).map(|t| t.kind) == Some(SyntaxKind::Newline)
    }

    /// True when the next significant token is on a later line than the current position.
    fn at_line_end(&self) -> bool {
        matches!(self.kind(), None | Some(SyntaxKind::Newline))
    }

    // ---- tag pairs -----------------------------------------------------------------------------

    /// `[` name string `]` (PBN 3.3), with white space (line ends included) between the tokens.
    fn tag_pair(&mut self) -> TagPair {
        let open = self.bump();
        let mut tag = TagPair {
            open,
            name: None,
            value: None,
            close: None,
            end: open,
            section: SectionKind::Other,
            data: Vec::new(),
        };
        #[derive(PartialEq)]
        enum Expect {
            Name,
            Value,
            Close,
        }
        let mut expect = Expect::Name;
        loop {
            if !self.skip_space() {
                self.unclosed(&tag);
                break;
            }
            let kind = self.kind().unwrap_or(SyntaxKind::Foreign);
            if kind == SyntaxKind::Escape {
                // A `%` line in column 1 is ignored wherever it stands (PBN 3.3), a tag pair
                // written over several lines (PBN 2.4) included: no finding; it is kept as the
                // first data after the tag, as a comment there is (issue 61, item 5).
                let id = self.bump();
                tag.data.push(Data::Escape(id));
                continue;
            }
            if kind.is_comment() {
                // PBN 3.8 forbids it; keep it as the first comment after the tag.
                let id = self.bump();
                self.error(Problem::CommentInsideTagPair, self.range(id, id), None);
                tag.data.push(Data::Comment(id));
                continue;
            }
            match (&expect, kind) {
                (Expect::Name, SyntaxKind::Word) => {
                    let id = self.bump();
                    self.check_tag_name(id);
                    tag.name = Some(id);
                    tag.end = id;
                    expect = Expect::Value;
                }
                (
                    Expect::Name | Expect::Value,
                    SyntaxKind::String | SyntaxKind::UnterminatedString,
                ) => {
                    let id = self.bump();
                    if expect == Expect::Name {
                        self.error(Problem::MissingTagName, self.range(id, id), None);
                    }
                    tag.value = Some(id);
                    tag.end = id;
                    expect = Expect::Close;
                }
                (_, SyntaxKind::RBracket) => {
                    let id = self.bump();
                    match expect {
                        Expect::Name => {
                            self.error(Problem::MissingTagName, self.range(open, id), None)
                        }
                        Expect::Value => {
                            let context = tag.name.map(|name| self.range(name, name));
                            self.error(Problem::MissingTagValue, self.range(id, id), context);
                        }
                        Expect::Close => {}
                    }
                    tag.close = Some(id);
                    tag.end = id;
                    break;
                }
                (_, SyntaxKind::LBracket) => {
                    self.unclosed(&tag);
                    break;
                }
                (_, _) => {
                    let rule = match expect {
                        Expect::Name => Problem::MissingTagName,
                        Expect::Value => Problem::MissingTagValue,
                        Expect::Close => Problem::UnexpectedTokenInTagPair,
                    };
                    let first = self.id();
                    let last = self.recover_in_tag(&mut tag);
                    let context = tag.name.map(|name| self.range(name, name));
                    self.error(rule, self.range(first, last), context);
                    break;
                }
            }
        }
        tag.section = match tag.name.map(|id| self.tokens[id as usize].text(self.text)) {
            Some("Auction") => SectionKind::Auction,
            Some("Play") => SectionKind::Play,
            _ => SectionKind::Other,
        };
        tag
    }

    fn unclosed(&mut self, tag: &TagPair) {
        // An unterminated string already explains the missing `]` (it swallowed it).
        let value_unterminated = tag
            .value
            .is_some_and(|id| self.tokens[id as usize].kind == SyntaxKind::UnterminatedString);
        if !value_unterminated {
            let context = tag.name.map(|name| self.range(name, name));
            self.error(
                Problem::UnclosedTagPair,
                self.range(tag.open, tag.end),
                context,
            );
        }
    }

    /// Skips the rest of a broken tag pair: through its `]` if one comes on this line before any
    /// `[`; otherwise to the end of the line. Returns the last token skipped before the `]`.
    fn recover_in_tag(&mut self, tag: &mut TagPair) -> TokenId {
        let mut last = self.id();
        tag.end = last;
        while let Some(kind) = self.kind() {
            match kind {
                SyntaxKind::LBracket | SyntaxKind::Foreign | SyntaxKind::EmbedDelimiter => break,
                SyntaxKind::Newline => break,
                SyntaxKind::RBracket => {
                    let id = self.bump();
                    tag.close = Some(id);
                    tag.end = id;
                    break;
                }
                _ => {
                    last = self.bump();
                    tag.end = last;
                }
            }
        }
        last
    }

    /// PBN 3.2: a name is letters, digits and `_`; PBN 3.3: it begins with a letter.
    fn check_tag_name(&mut self, id: TokenId) {
        let name = self.tokens[id as usize].text(self.text);
        let starts_with_letter = name.starts_with(|c: char| c.is_ascii_alphabetic());
        if !starts_with_letter || name.contains('-') {
            self.error(Problem::InvalidTagName, self.range(id, id), None);
        }
    }

    // ---- section data --------------------------------------------------------------------------

    /// Everything after a tag pair up to the next `[` or the end of the game.
    /// [`Parser::data`] appended to `out`, which ends up allocated at its exact size.
    fn data_exact(
        &mut self,
        section: SectionKind,
        context: Option<Range<u32>>,
        out: &mut Vec<Data>,
    ) {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.append(out);
        self.data(section, context, &mut scratch);
        out.reserve_exact(scratch.len());
        out.append(&mut scratch);
        self.scratch = scratch;
    }

    fn data(&mut self, section: SectionKind, context: Option<Range<u32>>, out: &mut Vec<Data>) {
        let mut irregularity: Option<TokenId> = None;
        while self.skip_space() {
            let before = self.pos;
            match self.kind().unwrap_or(SyntaxKind::Foreign) {
                SyntaxKind::LBracket => break,
                SyntaxKind::LineComment
                | SyntaxKind::BraceComment
                | SyntaxKind::UnterminatedBraceComment => out.push(Data::Comment(self.bump())),
                SyntaxKind::Escape => out.push(Data::Escape(self.bump())),
                _ => match section {
                    SectionKind::Auction | SectionKind::Play => {
                        self.move_item(section, &context, &mut irregularity, out)
                    }
                    SectionKind::Other => self.element(out),
                    SectionKind::Leading => self.stray_line(out),
                },
            }
            debug_assert!(self.pos > before, "section loop made no progress");
        }
        if let Some(id) = irregularity {
            self.error(Problem::UnattachedAnnotation, self.range(id, id), context);
        }
    }

    /// One token of an auction or play section (PBN 3.5, 3.6, 3.9).
    fn move_item(
        &mut self,
        section: SectionKind,
        context: &Option<Range<u32>>,
        irregularity: &mut Option<TokenId>,
        out: &mut Vec<Data>,
    ) {
        let kind = self.kind().unwrap_or(SyntaxKind::Foreign);
        let text = self.tokens[self.pos].text(self.text);
        match kind {
            SyntaxKind::Word => self.call_or_card(section, context, irregularity.take(), out),
            // `^S` stands in the place of the skipped player's call (PBN 3.9).
            SyntaxKind::Irregularity if text == "^S" => {
                let id = self.bump();
                self.unattached_irregularity(irregularity.take());
                out.push(Data::Move(Move {
                    irregularity: None,
                    token: id,
                    annotations: Annotations::at(self.annotation_tokens.len()),
                }));
            }
            // `^I`, `^R`, `^L` precede the call or card they mark (PBN 3.9).
            SyntaxKind::Irregularity => {
                let id = self.bump();
                self.unattached_irregularity(irregularity.replace(id));
            }
            SyntaxKind::Suffix | SyntaxKind::NoteRef | SyntaxKind::Nag => {
                self.annotation(context, irregularity.is_some(), out);
            }
            SyntaxKind::Star | SyntaxKind::Plus => {
                let id = self.bump();
                self.unattached_irregularity(irregularity.take());
                out.push(Data::Marker(id));
            }
            SyntaxKind::RBracket => self.stray_bracket(out),
            _ => {
                let (first, last) = self.adjacent_run();
                // Non-ASCII and control characters are reported once, by `token_errors`.
                if !self.reported_by_token_errors(first, last) {
                    self.error(
                        Problem::UnexpectedTokenInSection,
                        self.range(first, last),
                        context.clone(),
                    );
                }
                out.push(Data::Invalid { first, last });
            }
        }
    }

    /// A word in the auction or play: a call or card (PBN 3.5.1, 3.6.1), marked by the
    /// irregularity before it, if any.
    fn call_or_card(
        &mut self,
        section: SectionKind,
        context: &Option<Range<u32>>,
        irregularity: Option<TokenId>,
        out: &mut Vec<Data>,
    ) {
        let id = self.bump();
        let text = self.tokens[id as usize].text(self.text);
        let known = match section {
            SectionKind::Auction => CallToken::read(text).is_some(),
            _ => PlayToken::read(text).is_some(),
        };
        // `1♠`: the non-ASCII finding says it better than "`1` is not a call".
        let glued_non_ascii = self.tokens.get(self.pos).is_some_and(|next| {
            next.kind == SyntaxKind::NonAscii && next.start == self.tokens[id as usize].end
        });
        if !known && !glued_non_ascii {
            let rule = match section {
                SectionKind::Auction => Problem::UnknownCall,
                _ => Problem::UnknownCard,
            };
            self.error(rule, self.range(id, id), context.clone());
        }
        out.push(Data::Move(Move {
            irregularity,
            token: id,
            annotations: Annotations::at(self.annotation_tokens.len()),
        }));
    }

    /// A suffix, note reference or NAG: it belongs to the call or card before it, unless an
    /// irregularity waits for its call or card (PBN 3.5.2). Comments and escape lines may stand
    /// between them: the rest of an escape line is ignored (PBN 2.4), so `D3`, a `%` line, then
    /// `! $2` annotate the `D3`.
    fn annotation(&mut self, context: &Option<Range<u32>>, marked: bool, out: &mut Vec<Data>) {
        let id = self.bump();
        let target = out
            .iter_mut()
            .rev()
            .find(|data| !matches!(data, Data::Comment(_) | Data::Escape(_)));
        match target {
            Some(Data::Move(item)) if !marked => {
                // Only the latest move takes annotations: its tokens stay in a row.
                debug_assert_eq!(item.annotations.end(), self.annotation_tokens.len());
                item.annotations.grow();
                self.annotation_tokens.push(id);
            }
            _ => {
                self.error(
                    Problem::UnattachedAnnotation,
                    self.range(id, id),
                    context.clone(),
                );
                out.push(Data::Invalid {
                    first: id,
                    last: id,
                });
            }
        }
    }

    /// An irregularity that no call or card followed (PBN 3.9).
    fn unattached_irregularity(&mut self, pending: Option<TokenId>) {
        if let Some(pending) = pending {
            self.error(
                Problem::UnattachedAnnotation,
                self.range(pending, pending),
                None,
            );
        }
    }

    /// Tokens glued together with no white space: a section token of PBN 5.1, or a run of junk.
    fn adjacent_run(&mut self) -> (TokenId, TokenId) {
        let first = self.bump();
        let mut last = first;
        while let Some(kind) = self.kind() {
            let glued = self.tokens[self.pos].start == self.tokens[last as usize].end;
            if !glued || !section_token_part(kind) {
                break;
            }
            last = self.bump();
        }
        (first, last)
    }

    /// One element of a supplemental section (PBN 5.1): a string or a section token.
    fn element(&mut self, out: &mut Vec<Data>) {
        match self.kind().unwrap_or(SyntaxKind::Foreign) {
            SyntaxKind::String | SyntaxKind::UnterminatedString => {
                let id = self.bump();
                out.push(Data::Element {
                    first: id,
                    last: id,
                });
            }
            SyntaxKind::RBracket => self.stray_bracket(out),
            _ => {
                let (first, last) = self.adjacent_run();
                for id in first..=last {
                    let token = self.tokens[id as usize];
                    if token.kind == SyntaxKind::Punct && token.text(self.text) == "%" {
                        self.error(
                            Problem::ForbiddenCharacterInSectionToken,
                            self.range(id, id),
                            None,
                        );
                    }
                }
                out.push(Data::Element { first, last });
            }
        }
    }

    /// A `]` with no tag pair open, among section data: text outside a tag pair (PBN 3.3).
    fn stray_bracket(&mut self, out: &mut Vec<Data>) {
        let id = self.bump();
        self.error(Problem::TextOutsideTagPair, self.range(id, id), None);
        out.push(Data::Invalid {
            first: id,
            last: id,
        });
    }

    /// Text before the first tag pair of a game: reported once for the rest of its line.
    fn stray_line(&mut self, out: &mut Vec<Data>) {
        let first = self.bump();
        let mut last = first;
        while !self.at_line_end() {
            match self.kind() {
                Some(SyntaxKind::LBracket | SyntaxKind::Foreign | SyntaxKind::EmbedDelimiter) => {
                    break;
                }
                // Leave comments to the caller.
                Some(kind) if kind.is_comment() => break,
                _ => last = self.bump(),
            }
        }
        if !self.reported_by_token_errors(first, last) {
            self.error(Problem::TextOutsideTagPair, self.range(first, last), None);
        }
        out.push(Data::Invalid { first, last });
    }

    /// True when every token of `first..=last` is one that `token_errors` reports on its own.
    fn reported_by_token_errors(&self, first: TokenId, last: TokenId) -> bool {
        (first..=last).all(|id| {
            let token = self.tokens[id as usize];
            matches!(token.kind, SyntaxKind::NonAscii | SyntaxKind::Control)
                || (token.kind == SyntaxKind::Punct && token.text(self.text) == "}")
        })
    }
}

/// Kinds that can be part of a section token (PBN 3.2: ASCII 33-126 but `[ ] { } ; " %`).
/// `%` and `}` arrive as `Punct` and are reported by [`Parser::element`]; non-ASCII and control
/// characters are kept in the run (so a word with an accent stays one element) and reported by
/// `token_errors`.
fn section_token_part(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SyntaxKind::Word
            | SyntaxKind::Suffix
            | SyntaxKind::NoteRef
            | SyntaxKind::Nag
            | SyntaxKind::Star
            | SyntaxKind::Plus
            | SyntaxKind::Irregularity
            | SyntaxKind::Punct
            | SyntaxKind::NonAscii
            | SyntaxKind::Control
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(text: &str) -> Vec<Problem> {
        parse(text).errors.iter().map(|e| e.problem).collect()
    }

    #[test]
    fn two_tags_on_one_line_and_a_tag_across_lines() {
        let text = "[Event \"A\"][Site\n \"B\"\n]\n";
        let parse = parse(text);
        assert!(parse.errors.is_empty(), "{:?}", parse.errors);
        let game = &parse.games[0];
        let names: Vec<_> = game
            .tags
            .iter()
            .map(|t| t.name(&parse, text).unwrap())
            .collect();
        assert_eq!(names, ["Event", "Site"]);
        assert_eq!(game.tags[1].value(&parse, text).as_deref(), Some("B"));
    }

    #[test]
    fn semi_empty_lines_split_games_but_not_inside_comments() {
        let text = "[Board \"1\"]\n \t\n[Board \"2\"]\n{a\n\nb}\n[Deal \"x\"]\n";
        let parse = parse(text);
        assert_eq!(parse.games.len(), 2);
        assert_eq!(parse.games[1].tags.len(), 2);
    }

    #[test]
    fn auction_with_annotations() {
        let text = "[Auction \"N\"]\n1S!=1= $25 ^I 1C ^S * \n";
        let parse = parse(text);
        assert!(parse.errors.is_empty(), "{:?}", parse.errors);
        let data = &parse.games[0].tags[0].data;
        let Data::Move(first) = &data[0] else {
            panic!("{data:?}")
        };
        assert_eq!(first.annotations.len(), 3);
        let Data::Move(second) = &data[1] else {
            panic!("{data:?}")
        };
        assert!(second.irregularity.is_some());
        assert!(matches!(data[2], Data::Move(_)));
        assert!(matches!(data[3], Data::Marker(_)));
    }

    #[test]
    fn broken_tag_costs_only_itself() {
        let text = "[Event \"A\" x]\n[Site \"B\"]\n[Date \"C\"\n[Board \"1\"]\n";
        let parse = parse(text);
        assert_eq!(
            parse.errors.iter().map(|e| e.problem).collect::<Vec<_>>(),
            [Problem::UnexpectedTokenInTagPair, Problem::UnclosedTagPair]
        );
        assert_eq!(parse.games[0].tags.len(), 4);
    }

    #[test]
    fn section_tokens_merge_adjacent_pieces() {
        let text = "[ScoreTable \"A;B\"]\n^500 1,* \"x y\"\n";
        let parse = parse(text);
        assert!(parse.errors.is_empty(), "{:?}", parse.errors);
        let data = &parse.games[0].tags[0].data;
        let texts: Vec<_> = data
            .iter()
            .map(|d| match d {
                Data::Element { first, last } => &text[parse.span(*first, *last)],
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(texts, ["^500", "1,*", "\"x y\""]);
    }

    #[test]
    fn syntax_errors() {
        assert_eq!(
            problems("[Event \"A]\n[Site \"B\"]"),
            [Problem::UnterminatedString]
        );
        assert_eq!(problems("[\"x\"]"), [Problem::MissingTagName]);
        assert_eq!(problems("[Dealer N]"), [Problem::MissingTagValue]);
        assert_eq!(
            problems("[Event {c} \"x\"]"),
            [Problem::CommentInsideTagPair]
        );
        assert_eq!(
            problems("junk\n[Event \"x\"]"),
            [Problem::TextOutsideTagPair]
        );
        assert_eq!(problems("[Auction \"N\"] 1C Pas"), [Problem::UnknownCall]);
        // A loose spelling is a call (A017 judges its spelling).
        assert_eq!(
            problems("[Auction \"N\"] 1C P 1N Dbl"),
            Vec::<Problem>::new()
        );
        assert_eq!(problems("[Play \"N\"] S10"), [Problem::UnknownCard]);
        assert_eq!(
            problems("[Auction \"N\"] =1= 1C"),
            [Problem::UnattachedAnnotation]
        );
        assert_eq!(
            problems("[Auction \"N\"] 1C, Pass"),
            [Problem::UnexpectedTokenInSection]
        );
        assert_eq!(
            problems("[T \"A\"] 50%"),
            [Problem::ForbiddenCharacterInSectionToken]
        );
        assert_eq!(problems("[T \"A\"] é"), [Problem::NonAsciiOutsideString]);
        assert_eq!(problems("\u{0}\u{0}[T \"A\"]"), [Problem::ControlCharacter]);
        assert_eq!(problems("[Score-NS \"1\"]"), [Problem::InvalidTagName]);
        assert_eq!(
            problems("[Event \"x\"] {a {b} }"),
            [Problem::UnmatchedClosingBrace]
        );
        assert_eq!(
            problems("[Auction \"N\"] 1C } Pass"),
            [Problem::UnmatchedClosingBrace]
        );
    }
}
