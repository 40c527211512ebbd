//! `pbnfmt fingerprint`: the deals of every input, one SHA-256 ([`crate::fingerprint`]).

use std::io::{self, Write};

use super::settings;
use super::{EXIT_CLEAN, EXIT_FINDINGS, FingerprintArgs, finish, plural, read_each_pbn_input, say};

/// `pbnfmt fingerprint`: the deals of every input (read on all threads), one hash.
pub(super) fn run(args: &FingerprintArgs) -> u8 {
    // A fingerprint of nothing is no answer (issue 49, item 1): say what is needed.
    if args.files.paths.is_empty() && args.files.files_from.is_none() {
        say!(
            "pbnfmt: error: name the files to fingerprint: paths, `-` for standard input, or \
             --files-from"
        );
        return super::EXIT_TROUBLE;
    }
    let discovery =
        match settings::readable_inputs(&args.files.reading_lin(), &args.config, *args.encoding) {
            Ok(discovery) => discovery,
            Err(status) => return status,
        };
    let threads = args.files.threads();
    let mut boards = Vec::new();
    let mut left_out = 0;
    let read = read_each_pbn_input(
        &discovery.inputs,
        (threads, *args.encoding),
        |decoded| crate::fingerprint::boards(&decoded.text),
        |(found, skipped)| {
            boards.extend(found);
            left_out += skipped;
        },
    );
    if let Err(status) = read {
        return status;
    }
    let canonical = crate::fingerprint::canonical(&mut boards);
    let distinct = boards.len();
    let out = if args.canonical {
        canonical
    } else {
        format!(
            "{}  {}\n",
            crate::fingerprint::fingerprint(&canonical),
            plural(distinct, "board", "boards")
        )
    };
    if left_out > 0 {
        say!(
            "pbnfmt: {} without four complete hands left out of the fingerprint",
            plural(left_out, "game", "games")
        );
    }
    let status = finish(io::stdout().lock().write_all(out.as_bytes()));
    if status == EXIT_CLEAN && distinct == 0 {
        say!("pbnfmt: no game has a complete deal: nothing to fingerprint");
        return EXIT_FINDINGS;
    }
    status
}
