//! BBO's LIN format: reading it, converting it to PBN, and writing it from PBN.
//!
//! LIN has no public specification; `docs/lin-format.md` in the shared material and
//! `docs/spec-decisions.md` ("LIN") say what pbnfmt reads and why. A LIN text is a run of
//! `tag|value|` pairs:
//!
//! - [`read`] splits it into pairs with their spans and gathers them into boards ([`game::Game`]),
//!   reporting what is LIN's own to get wrong (the `L` rules declared here): a record broken by an
//!   unescaped `|` or `,`, unknown tags (kept as commentary), a deal of fewer than three hands,
//!   a call, card, claim or value that cannot be read;
//! - [`to_pbn`] writes the boards as PBN; [`checked`] has that PBN checked by pbnfmt's own rules
//!   (`check`'s, with all its options, or `convert`'s), pointing each finding back at the LIN
//!   that caused it (an insufficient bid is A004 whether it was typed in PBN or LIN: the rules of
//!   bridge live in one place); `crate::convert::lin` exports it and reads the export back to
//!   prove it says what the LIN said;
//! - [`to_lin`] writes PBN games as LIN in Bridge Composer's layout, saying what LIN cannot carry.
//!
//! It does not decide what is legal bridge: the PBN rules do.

pub mod checked;
pub mod game;
mod heading;
pub mod read;
pub mod to_lin;
pub mod to_pbn;

// The rules of this family: see [`crate::rules`]. Sections cite the LIN tag concerned; LIN
// has no numbered standard.
