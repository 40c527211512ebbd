//! Reading the inputs a command found: each at most 4 GiB, never through a link put in a
//! found file's place, on threads in input order, and (for the commands that read games without
//! checking them) refused as `check` names a file that is not PBN.

use super::*;

/// Reads one input, refusing one over [`MAX_TEXT_LEN`] (4 GiB) as soon as it passes the limit:
/// `/dev/zero` or an endless pipe ends in an error, not in all the memory there is. Errors are
/// worded for the user.
pub(crate) fn read_input(input: &Input) -> Result<Vec<u8>, String> {
    match input {
        Input::Stdin(_) => crate::io::read_at_most(io::stdin().lock(), MAX_TEXT_LEN, 0),
        Input::File(path) => {
            if path.is_dir() {
                return Err("is a directory".to_owned());
            }
            crate::io::read_file_at_most(path, MAX_TEXT_LEN)
        }
    }
    .map_err(|error| error.to_string())
}

/// Reads every input on `threads` threads, `work` making something of each file's bytes, and
/// hands the results to `sink` in input order. A file that cannot be read is said, and stops the
/// run: `Err` with the exit status.
pub(crate) fn read_each_input<R: Send>(
    inputs: &[crate::walk::Found],
    threads: usize,
    work: impl Fn(&crate::walk::Found, Vec<u8>) -> R + Sync,
    mut sink: impl FnMut(R),
) -> Result<(), u8> {
    let mut failed = false;
    crate::parallel::ordered(
        inputs,
        threads,
        |found| read_found(found).map(|bytes| work(found, bytes)),
        |index, read| {
            match read {
                Ok(done) => sink(done),
                Err(message) => {
                    let name = inputs[index].input.display_name();
                    say!("pbnfmt: error: cannot read {name}: {message}");
                    failed = true;
                }
            }
            !failed
        },
    );
    if failed { Err(EXIT_TROUBLE) } else { Ok(()) }
}

/// [`read_each_input`] for the commands that read games without checking them (`stats`,
/// `fingerprint`): each input decoded (`--encoding` over the file's configuration), and refused as `check` names it when it is not PBN or LIN
/// ([`crate::read::not_pbn`]): its F finding on standard error. Any input refused, the
/// command writes nothing and exits 1: a count or a fingerprint of the rest would pass for the
/// whole with its status the only sign (issue 59).
pub(crate) fn read_each_pbn_input<R: Send>(
    inputs: &[crate::walk::Found],
    (threads, encoding): (usize, Option<InputEncoding>),
    work: impl Fn(crate::source::Decoded) -> R + Sync,
    mut sink: impl FnMut(R),
) -> Result<(), u8> {
    let mut refused = 0usize;
    let mut failed = false;
    crate::parallel::ordered(
        inputs,
        threads,
        |found| {
            read_found(found).map(|bytes| {
                let encoding = settings::input_encoding(encoding, found);
                let decoded = crate::source::decode_owned(bytes, encoding);
                match crate::read::not_pbn(&decoded) {
                    Some(finding) => Err(Box::new(finding)),
                    None => Ok(work(decoded)),
                }
            })
        },
        |index, read| {
            let name = inputs[index].input.display_name();
            match read {
                Ok(Ok(done)) => sink(done),
                Ok(Err(finding)) => {
                    say!(
                        "pbnfmt: error: {name}: {}[{}] {}",
                        finding.severity,
                        finding.rule.code(),
                        finding.message
                    );
                    refused += 1;
                }
                Err(message) => {
                    say!("pbnfmt: error: cannot read {name}: {message}");
                    failed = true;
                }
            }
            !failed
        },
    );
    if failed {
        return Err(EXIT_TROUBLE);
    }
    if refused > 0 {
        say!(
            "pbnfmt: {} not read: not PBN (`pbnfmt check` says more); nothing written",
            plural(refused, "file", "files")
        );
        return Err(EXIT_FINDINGS);
    }
    Ok(())
}

/// Reads one input as [`read_input`] does; a file a walk found without following links is read
/// only while it is that regular file, never through a link put in its place (issue 45, item 6).
pub(crate) fn read_found(found: &crate::walk::Found) -> Result<Vec<u8>, String> {
    match &found.input {
        Input::File(path) if found.link_free => {
            crate::io::read_file_no_link(path, MAX_TEXT_LEN).map_err(|error| error.to_string())
        }
        input => read_input(input),
    }
}
