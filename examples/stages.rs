//! The front end's stages alone, as whole processes, for `bench/compare.sh` to set beside the floor
//! (issue 28): how much of the floor's time the lexer takes before any rule runs, and the lexer
//! with the parser.
//!
//! ```text
//! cargo run --release --example stages -- lex FILE     # logos, a chunk of text at a time
//! cargo run --release --example stages -- parse FILE   # lexer and parser, as `check` reads
//! ```
//!
//! Each reads the file (it must be UTF-8), runs the stage over it in `check`'s chunks of
//! [`CHUNK_BYTES`] and prints the number of tokens.

use std::process::ExitCode;

use pbnfmt::lexer;
use pbnfmt::parser::{self, CHUNK_BYTES};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [stage, path] = &args[..] else {
        eprintln!("usage: stages lex|parse FILE");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("stages: {path}: {error}");
            return ExitCode::from(2);
        }
    };
    let tokens = match stage.as_str() {
        "lex" => lex(&text),
        "parse" => parser::chunks(&text, CHUNK_BYTES)
            .map(|parse| parse.tokens.len())
            .sum(),
        _ => {
            eprintln!("stages: the stage is lex or parse, not {stage}");
            return ExitCode::from(2);
        }
    };
    println!("{tokens} tokens");
    ExitCode::SUCCESS
}

/// The tokens of `text`, lexed a region of about [`CHUNK_BYTES`] at a time, each ending at a line
/// end, as the chunks `check` parses.
fn lex(text: &str) -> usize {
    let mut tokens = 0;
    let mut from = 0;
    while from < text.len() {
        let to = match text.as_bytes()[(from + CHUNK_BYTES).min(text.len())..]
            .iter()
            .position(|&b| b == b'\n')
        {
            Some(at) => from + CHUNK_BYTES + at + 1,
            None => text.len(),
        };
        tokens += lexer::lex_region_at_most_of(text, from, to, usize::MAX)
            .0
            .len();
        from = to;
    }
    tokens
}
