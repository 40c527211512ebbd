//! `pbnfmt convert` as pure functions over bytes: LIN to PBN and PBN to LIN ([`lin`]), each
//! proved by reading its result back. Above `check` and `export`, which it uses; below `cli`.

pub mod lin;

use crate::export::ExportOptions;
use crate::proof::Rewritten;
use crate::rules::diagnostic::Diagnostic;
use crate::source::{self, Decoded, Encoding};

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

/// A file read as PBN: the input, and for a LIN file its boards converted to PBN in UTF-8 with
/// what the conversion reported.
pub struct AsPbn {
    pub input: Decoded,
    pub converted: Option<Decoded>,
    pub problems: Vec<Diagnostic>,
}

impl AsPbn {
    /// The PBN text: the conversion's, else the input.
    pub fn pbn(&self) -> &Decoded {
        self.converted.as_ref().unwrap_or(&self.input)
    }

    /// The PBN text, owned.
    pub fn into_pbn(self) -> Decoded {
        self.converted.unwrap_or(self.input)
    }
}

/// `decoded` as PBN: a LIN file (told by its first characters, [`crate::read::is_lin`])
/// converted with `lin`'s options in UTF-8 ([`lin::lin_to_pbn_decoded`]), a PBN file as it is.
/// `Err` with the conversion refused. The one decision of `convert --to jsonl|csv` and of
/// Python's games (issue 59, item 2: Python kept a copy of it).
pub fn as_pbn(decoded: Decoded, lin: &lin::ConvertOptions) -> Result<AsPbn, Box<Rewritten>> {
    if !crate::read::is_lin(&decoded.text) {
        return Ok(AsPbn {
            input: decoded,
            converted: None,
            problems: Vec::new(),
        });
    }
    let options = lin::ConvertOptions {
        encoding: Some(Encoding::Utf8),
        ..lin.clone()
    };
    let converted = lin::lin_to_pbn_decoded(decoded, &options);
    let Some(bytes) = converted.output_bytes() else {
        return Err(Box::new(converted));
    };
    Ok(AsPbn {
        input: converted.decoded,
        converted: Some(source::decode_owned(bytes, Some(Encoding::Utf8))),
        problems: converted.problems,
    })
}
