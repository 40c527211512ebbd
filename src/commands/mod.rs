//! The library of commands (issue 59, item 2): each command's work on one input as a function,
//! bytes and options in, an outcome out, which the command line (`cli/`) and the Python module
//! (`python/`) both call. A decision made here is made once: neither keeps a copy of it.
//!
//! Above the commands' own modules (`convert/`, `jsonl/`, `handrecord/`, `check.rs`), which it
//! joins; below `cli/`. What stays in `cli/` is arguments, settings, the input loop, printing and
//! exit statuses.

pub mod analyze;
pub mod check;
pub mod convert;
pub mod dedup;
pub mod handrecord;
pub mod split;
