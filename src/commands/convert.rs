//! `convert --to pbn|lin|jsonl|csv` of one file: the one dispatch of the command line and of
//! Python.

use crate::convert::lin::{ConvertOptions, pbn_to_lin};
use crate::export::ExportOptions;
use crate::jsonl::DataOptions;
use crate::proof::Rewritten;
use crate::source;

/// What `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// PBN: a PBN file's export, a LIN file's boards.
    Pbn,
    /// BBO's LIN.
    Lin,
    /// One JSON object per game (docs/jsonl.md).
    Jsonl,
    /// CSV: a row per game, call, card or result.
    Csv,
}

impl Target {
    /// The names a target is asked for by, in order.
    pub const NAMES: [&'static str; 4] = ["pbn", "lin", "jsonl", "csv"];

    /// The target named `name` ([`Target::NAMES`]).
    pub fn from_name(name: &str) -> Option<Target> {
        match name {
            "pbn" => Some(Target::Pbn),
            "lin" => Some(Target::Lin),
            "jsonl" => Some(Target::Jsonl),
            "csv" => Some(Target::Csv),
            _ => None,
        }
    }

    /// The extension of a file of it, which is its name.
    pub fn extension(self) -> &'static str {
        Target::NAMES[self as usize]
    }

    /// A table of data (JSON lines, CSV), which runs on from file to file in one stream and is
    /// read a window at a time.
    pub fn is_data(self) -> bool {
        matches!(self, Target::Jsonl | Target::Csv)
    }
}

/// One file's bytes converted to `target`: PBN as `export` writes it (or a LIN file's boards as
/// PBN), LIN, or the games as data (`data`'s options; `name`, the file's name in what it
/// writes). `options` say how the input is read and the PBN written, export's too.
pub fn convert(
    bytes: Vec<u8>,
    target: Target,
    options: &ConvertOptions,
    data: &DataOptions,
    name: &str,
) -> Rewritten {
    match target {
        Target::Pbn => {
            // Decoded once: LIN is told apart by its text.
            let decoded = source::decode_owned(bytes, options.input_encoding);
            let export = ExportOptions {
                input_encoding: options.input_encoding,
                encoding: options.encoding,
                newline: options.newline,
                ..ExportOptions::default()
            };
            crate::convert::to_pbn(decoded, options, &export)
        }
        Target::Lin => pbn_to_lin(bytes, options),
        Target::Jsonl | Target::Csv => crate::jsonl::convert(bytes, options, data, name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_target_is_named_by_its_extension() {
        for name in Target::NAMES {
            let target = Target::from_name(name).unwrap();
            assert_eq!(target.extension(), name);
        }
        assert_eq!(Target::from_name("pgn"), None);
        assert!(Target::Csv.is_data() && !Target::Lin.is_data());
    }
}
