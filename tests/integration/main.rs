//! The integration tests, as one binary (as ripgrep has): one link instead of eighteen in every
//! `cargo test`. Each module is one concern; `cargo test --test integration NAME` runs the tests
//! whose path contains NAME (`fixtures`, `cli::`, `hostile`).

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/shared_properties.rs"]
mod shared_properties;

mod board_sets;
mod chunks;
mod cli;
mod convert_cli;
mod data_cli;
mod dds;
mod docs_pages;
mod export;
mod export_cli;
mod facts;
mod fidelity;
mod fix;
mod fixtures;
mod handrecord;
mod handrecord_layout;
mod hostile;
mod jsonl;
mod layers;
mod lin;
mod lossless;
mod man;
mod merge_split;
mod mutation;
mod newcomer;
mod not_pbn;
mod nothing_lost;
mod outputs;
mod par;
mod pre_commit;
mod properties;
mod python;
mod readme;
mod readme_uses;
mod refusals;
mod release;
mod replicate;
mod results;
mod results_page;
mod rewrite;
mod rewrite_cli;
mod score;
mod select;
mod sets;
mod stats;
mod terminal;
mod workflow;
