//! Writes a large, deterministic PBN file of complete games for benchmarks:
//!
//! ```text
//! cargo run --release --example generate -- --size 100MB --out /tmp/100mb.pbn
//! cargo run --release --example generate -- --games 10000 --plain --out plain.pbn
//! ```
//!
//! The same knobs always give the same bytes. Output is streamed, so 1 GB needs no 1 GB of memory.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use pbnfmt::generate::{Generator, Options};

#[derive(Parser)]
#[command(about = "Write a large deterministic PBN file of complete games")]
struct Args {
    /// Stop after at least this many bytes (suffix KB, MB or GB, powers of 1000).
    #[arg(long, value_parser = parse_size, conflicts_with = "games")]
    size: Option<u64>,
    /// Write exactly this many games.
    #[arg(long)]
    games: Option<usize>,
    /// Chance in percent that a call or card is annotated (suffix, NAG or note).
    #[arg(long, default_value_t = 5)]
    annotations: u32,
    /// Chance in percent that a game has comments.
    #[arg(long, default_value_t = 30)]
    comments: u32,
    /// Players' names with letters outside ASCII.
    #[arg(long)]
    accents: bool,
    /// Only tags, auction and play: no annotations, notes, comments or tables.
    #[arg(long)]
    plain: bool,
    /// End lines with CR LF.
    #[arg(long)]
    crlf: bool,
    /// Loose spellings that `pbnfmt fix` repairs: ISO dates, `3N`, `1N`, `P`.
    #[arg(long)]
    loose: bool,
    #[arg(long, value_enum, default_value_t = Encoding::Utf8)]
    encoding: Encoding,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The file to write; standard output when absent.
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Encoding {
    /// UTF-8 without a byte order mark.
    Utf8,
    /// UTF-8 with a byte order mark.
    Utf8Bom,
    /// ISO 8859-1, the encoding PBN 3.8 names.
    Latin1,
    /// UTF-16 little-endian with a byte order mark.
    Utf16le,
}

fn parse_size(text: &str) -> Result<u64, String> {
    let upper = text.trim().to_ascii_uppercase();
    let (digits, unit) = match upper.find(|c: char| !c.is_ascii_digit()) {
        Some(at) => upper.split_at(at),
        None => (upper.as_str(), ""),
    };
    let scale = match unit.trim() {
        "" | "B" => 1,
        "K" | "KB" => 1_000,
        "M" | "MB" => 1_000_000,
        "G" | "GB" => 1_000_000_000,
        other => return Err(format!("unknown unit {other:?}; use KB, MB or GB")),
    };
    let number: u64 = digits
        .parse()
        .map_err(|_| format!("not a size: {text:?}"))?;
    Ok(number * scale)
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("generate: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> io::Result<()> {
    let options = Options {
        seed: args.seed,
        crlf: args.crlf,
        annotation_percent: args.annotations,
        comment_percent: args.comments,
        accents: args.accents,
        plain: args.plain,
        loose: args.loose,
    };
    let sink: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(File::create(path)?),
        None => Box::new(io::stdout().lock()),
    };
    let mut out = BufWriter::with_capacity(1 << 20, sink);
    let mut generator = Generator::new(&options);
    let mut piece = String::new();
    let mut written: u64 = 0;
    match args.encoding {
        Encoding::Utf8 => {}
        Encoding::Utf8Bom => out.write_all("\u{feff}".as_bytes())?,
        Encoding::Latin1 => {}
        Encoding::Utf16le => out.write_all(&[0xFF, 0xFE])?,
    }
    let games = args.games.unwrap_or(usize::MAX);
    let size = args.size.unwrap_or(if args.games.is_some() {
        u64::MAX
    } else {
        10_000_000
    });
    while generator.count() < games && written < size {
        piece.clear();
        generator.next_game(&mut piece);
        written += encode(&piece, args.encoding, &mut out)?;
    }
    out.flush()
}

/// Writes `text` in `encoding`; returns the number of bytes written.
fn encode(text: &str, encoding: Encoding, out: &mut impl Write) -> io::Result<u64> {
    match encoding {
        Encoding::Utf8 | Encoding::Utf8Bom => {
            out.write_all(text.as_bytes())?;
            Ok(text.len() as u64)
        }
        Encoding::Latin1 => {
            // The generator writes only characters below U+0100.
            let bytes: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
            out.write_all(&bytes)?;
            Ok(bytes.len() as u64)
        }
        Encoding::Utf16le => {
            let bytes: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
            out.write_all(&bytes)?;
            Ok(bytes.len() as u64)
        }
    }
}
