//! `pbnfmt fingerprint`: the deals of every input, one SHA-256 ([`crate::fingerprint`]).

use std::io::{self, Write};

use super::settings;
use super::{
    EXIT_CLEAN, EXIT_FINDINGS, EXIT_TROUBLE, FingerprintArgs, finish, plural, read_found, say,
};

/// `pbnfmt fingerprint`: the deals of every input (read on all threads), one hash.
pub(super) fn run(args: &FingerprintArgs) -> u8 {
    let discovery = match settings::discover(&args.files, &args.config, false) {
        Ok(discovery) => discovery,
        Err(message) => {
            say!("pbnfmt: error: {message}");
            return EXIT_TROUBLE;
        }
    };
    if !settings::walk_trouble(&discovery).is_empty() {
        return EXIT_TROUBLE;
    }
    let threads = args.files.threads();
    let mut boards = Vec::new();
    let (mut left_out, mut failed) = (0, false);
    crate::parallel::ordered(
        &discovery.inputs,
        threads,
        |found| {
            read_found(found).map(|bytes| {
                let decoded = crate::source::decode_owned(bytes, None);
                crate::fingerprint::boards(&decoded.text)
            })
        },
        |index, read| {
            match read {
                Ok((found, skipped)) => {
                    boards.extend(found);
                    left_out += skipped;
                }
                Err(message) => {
                    let name = discovery.inputs[index].input.display_name();
                    say!("pbnfmt: error: cannot read {name}: {message}");
                    failed = true;
                }
            }
            !failed
        },
    );
    if failed {
        return EXIT_TROUBLE;
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
