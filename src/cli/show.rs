//! `pbnfmt show FILE [--board N]`: hand diagrams on standard output.

use std::io::{self, Write};

use crate::show::{Symbols, diagrams};
use crate::source;
use crate::walk::Input;

use super::{EXIT_FINDINGS, EXIT_TROUBLE, ShowArgs, finish, read_input, say};

pub(super) fn run(args: &ShowArgs) -> u8 {
    let input = if args.file.as_os_str() == "-" {
        Input::Stdin(None)
    } else {
        Input::File(args.file.clone())
    };
    let name = input.display_name();
    let bytes = match read_input(&input) {
        Ok(bytes) => bytes,
        Err(message) => {
            say!("pbnfmt: error: cannot read {name}: {message}");
            return EXIT_TROUBLE;
        }
    };
    let decoded = source::decode(&bytes, args.encoding.forced());
    let symbols = if args.ascii {
        Symbols::Ascii
    } else {
        Symbols::Unicode
    };
    let shown = diagrams(&decoded.text, args.board.as_deref(), symbols);
    if shown.is_empty() {
        match &args.board {
            Some(board) => say!("pbnfmt: {name}: no board {board}"),
            None => say!("pbnfmt: {name}: no game to show"),
        }
        return EXIT_FINDINGS;
    }
    finish(io::stdout().lock().write_all(shown.join("\n").as_bytes()))
}
