//! pbnfmt: read, check and write PBN (Portable Bridge Notation) files.
//!
//! The pipeline (see `ARCHITECTURE.md`):
//! bytes → [`source::decode`] → text → [`lexer::lex`] → tokens → [`parser::parse`] → lossless tree
//! and syntax errors → [`model`] (games, `#`/`##`) → [`rules`] → diagnostics ([`check`]); the tree
//! → [`export`] or edits ([`rewrite`]) → text read back and compared ([`proof`]) → bytes.
//! Everything from decoding to the proof is a pure function over bytes and text; reading and
//! writing files ([`io`]), walking directories ([`walk`], [`config`]), threads ([`parallel`]) and
//! printing ([`cli`]) live at the edge.

pub mod bridge;
pub mod canon;
pub mod check;
pub mod cli;
pub mod commands;
pub mod config;
pub mod convert;
pub mod csv;
pub mod dds;
pub mod display;
pub mod drawn;
pub mod export;
pub mod fingerprint;
pub mod generate;
pub mod handrecord;
pub mod io;
pub mod jsonl;
pub mod lexer;
pub mod lin;
pub mod model;
pub mod names;
pub mod par;
pub mod parallel;
pub mod parser;
pub mod proof;
pub mod query;
pub mod read;
pub mod report;
pub mod rewrite;
pub mod rules;
pub mod sets;
pub mod show;
pub mod source;
pub mod stats;
pub mod suppress;
pub mod syntax;
pub mod table;
pub mod walk;

/// Findings: their type lives with the rules that declare and word them (`rules::diagnostic`).
pub use rules::diagnostic;
