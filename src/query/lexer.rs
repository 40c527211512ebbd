//! The words of a `--where` expression, produced with logos as the file's tokens are
//! ([`crate::lexer`]): names and numbers, quoted strings, `/regular expressions/`, comparison
//! operators and the punctuation of calls.

use logos::Logos;

/// A token of an expression.
#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(skip r"[ \t\r\n]+")]
pub enum Token {
    /// A name, a number or a shape: `hcp`, `north`, `15`, `4333`, `5xxx`.
    #[regex(r"[A-Za-z0-9_]+")]
    Word,
    /// `"…"` or `'…'`, with `\` escaping the next character.
    #[token("\"", |lex| quoted(lex, b'"'))]
    #[token("'", |lex| quoted(lex, b'\''))]
    Str,
    /// `/…/` with flags (`i`), with `\/` for a slash inside.
    #[token("/", slashed)]
    Regex,
    #[token("(")]
    Open,
    #[token(")")]
    Close,
    #[token(",")]
    Comma,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("==")]
    #[token("=")]
    Eq,
    #[token("!=")]
    #[token("<>")]
    Ne,
    #[token("<")]
    Lt,
    #[token("<=")]
    Le,
    #[token(">")]
    Gt,
    #[token(">=")]
    Ge,
    #[token("~")]
    #[token("=~")]
    Match,
    #[token("!~")]
    NotMatch,
    #[token("&&")]
    #[token("&")]
    And,
    #[token("||")]
    #[token("|")]
    Or,
    #[token("!")]
    Not,
    /// `# …` to the end of the line: a comment, as in dealer's scripts.
    #[regex(r"#[^\r\n]*", logos::skip, allow_greedy = true)]
    Comment,
}

/// Ends a quoted string at its closing `quote`; false (an error) when there is none.
fn quoted(lex: &mut logos::Lexer<Token>, quote: u8) -> bool {
    let rest = lex.remainder().as_bytes();
    let mut i = 0;
    while i < rest.len() {
        match rest[i] {
            b'\\' => i += 2,
            byte if byte == quote => {
                lex.bump(i + 1);
                return true;
            }
            _ => i += 1,
        }
    }
    false
}

/// Ends a `/regular expression/` at its closing slash and takes the letters after it (flags).
fn slashed(lex: &mut logos::Lexer<Token>) -> bool {
    let rest = lex.remainder().as_bytes();
    let mut i = 0;
    while i < rest.len() {
        match rest[i] {
            b'\\' => i += 2,
            b'/' => {
                let flags = rest[i + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphabetic())
                    .count();
                lex.bump(i + 1 + flags);
                return true;
            }
            _ => i += 1,
        }
    }
    false
}

/// A token and where it stands in the expression.
#[derive(Clone, Debug)]
pub struct Lexed {
    pub token: Token,
    pub span: std::ops::Range<usize>,
}

/// The tokens of `source`, or the place of the first text that is none.
pub fn tokens(source: &str) -> Result<Vec<Lexed>, std::ops::Range<usize>> {
    let mut lexer = Token::lexer(source);
    let mut out = Vec::new();
    while let Some(token) = lexer.next() {
        let span = lexer.span();
        match token {
            Ok(token) => out.push(Lexed { token, span }),
            Err(()) => {
                // An unclosed string or expression runs to the end; anything else is one
                // character (logos' spans end on character boundaries).
                return Err(span);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(source: &str) -> Vec<Token> {
        tokens(source)
            .unwrap()
            .into_iter()
            .map(|l| l.token)
            .collect()
    }

    #[test]
    fn words_operators_strings_and_expressions() {
        use Token::*;
        assert_eq!(
            kinds(r#"hcp(north) >= 15 and note ~ /Smo\/len/i or contract == "4S" # slam"#),
            [
                Word, Open, Word, Close, Ge, Word, Word, Word, Match, Regex, Word, Word, Eq, Str
            ]
        );
        assert_eq!(kinds("a!=b<=c"), [Word, Ne, Word, Le, Word]);
        assert_eq!(kinds(r#"'it\'s'"#), [Str]);
    }

    #[test]
    fn an_unclosed_string_is_an_error_at_its_place() {
        assert_eq!(tokens("note ~ \"Smolen").unwrap_err().start, 7);
        assert_eq!(tokens("note ~ /Smolen").unwrap_err().start, 7);
        assert_eq!(tokens("hcp(north) ? 3").unwrap_err(), 11..12);
        // Not a panic on a character of several bytes, or a lone escape at the end.
        assert!(tokens("é").is_err());
        assert!(tokens("\"\\").is_err());
    }
}
