//! The front door: how a file's bytes become games for every command that reads them. Decoding
//! and sniffing what kind of file it is (`rules::reading` words what it finds), cutting the text
//! into chunks, parsing, carrying `#`/`##` (PBN 4.8) from chunk to chunk and building the models.
//!
//! [`stream`] reads a file a window at a time, so that memory stays the same whatever its size.
//! The model (`model/`) does no I/O; files are opened here and at the edge (`cli/`).

pub mod sniff;
pub mod stream;
