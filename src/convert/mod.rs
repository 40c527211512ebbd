//! `pbnfmt convert` as pure functions over bytes: LIN to PBN and PBN to LIN ([`lin`]), each
//! proved by reading its result back. Above `check` and `export`, which it uses; below `cli`.

pub mod lin;
