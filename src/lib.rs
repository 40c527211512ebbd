//! pbnfmt: read, check and write PBN (Portable Bridge Notation) files.
//!
//! The pipeline (see `ARCHITECTURE.md`):
//! bytes → [`source::decode`] → text → [`lexer::lex`] → tokens → [`parser::parse`] → lossless tree
//! and syntax errors → [`check`] → diagnostics. Everything here is a pure function over bytes and
//! text; reading files, walking directories and printing live in [`cli`] and [`walk`].

pub mod bridge;
pub mod canon;
pub mod check;
pub mod cli;
pub mod config;
pub mod diagnostic;
pub mod display;
pub mod export;
pub mod generate;
pub mod lexer;
pub mod model;
pub mod parallel;
pub mod parser;
pub mod proof;
pub mod report;
pub mod rewrite;
pub mod rules;
pub mod show;
pub mod source;
pub mod suppress;
pub mod syntax;
pub mod table;
pub mod walk;
pub mod write;
