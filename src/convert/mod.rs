//! `pbnfmt convert` as pure functions over bytes: LIN to PBN and PBN to LIN ([`lin`]), each
//! proved by reading its result back. Above `check` and `export`, which it uses; below `cli`.

pub mod lin;

use crate::export::ExportOptions;
use crate::proof::Rewritten;
use crate::source::Decoded;

/// `convert --to pbn` of one file, decoded: a LIN file's boards as PBN ([`lin::lin_to_pbn_decoded`],
/// with `lin`'s options), a PBN file's export ([`crate::export::export_decoded`], with
/// `export`'s). The one dispatch of the command line and of Python.
pub fn to_pbn(decoded: Decoded, lin: &lin::ConvertOptions, export: &ExportOptions) -> Rewritten {
    if crate::read::is_lin(&decoded.text) {
        lin::lin_to_pbn_decoded(decoded, lin)
    } else {
        crate::export::export_decoded(decoded, export)
    }
}
