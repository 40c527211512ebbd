//! Text from a file, made safe to print. A PBN file may hold any character in its strings and
//! comments, and a file name any byte; printed as they are, an escape character or a C1 control
//! would be read by the terminal (or a CI log viewer) as a command: a cleared screen, a changed
//! window title, recoloured text, text hidden or reordered by bidirectional overrides. So every
//! human-readable output shows such characters, never sends them:
//!
//! - [`escape`] for messages, labels and help: `\u{1b}`, as Rust writes it;
//! - [`escape_line`] for file names and the lines pbnfmt prints on standard error: the same, and
//!   line ends and tabs too, so that a file named `x\n::error::…` cannot start a line of its own
//!   (a forged CI annotation); [`escape_line_start`] for file text that begins a line, with a
//!   leading `:` escaped too;
//! - [`mask`] for `show`'s diagrams and diffs on a terminal, where columns must stay aligned:
//!   each character becomes one visible character, its control picture (`␛` for ESC) or `�`
//!   for a C1 control or an override;
//! - [`mask_in_place`] for the source lines of code frames, whose spans are byte offsets: the
//!   same, with a character of the same UTF-8 length (`?`, `¿`, `�`).
//!
//! Line ends and tabs are kept. JSON and SARIF escape control characters themselves.

use std::borrow::Cow;
use std::path::Path;

/// A path as text, every byte kept: a name that is not UTF-8 (a Latin-1 `\xe9t\xe9.pbn` on
/// Linux) has each byte that is not part of a UTF-8 character written `\xHH`, never U+FFFD, so
/// that two names that differ only in such bytes are shown apart (issue 45, item 23). The exact
/// bytes are [`path_bytes`].
pub fn path_text(path: &Path) -> String {
    let Some(bytes) = path_bytes(path) else {
        return path.to_string_lossy().into_owned();
    };
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out
}

/// The bytes of a path that is not UTF-8; `None` for one that is (its text says it all).
pub fn path_bytes(path: &Path) -> Option<Vec<u8>> {
    if path.to_str().is_some() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Some(path.as_os_str().as_bytes().to_vec())
    }
    #[cfg(not(unix))]
    {
        // Elsewhere a name that is not Unicode (unpaired UTF-16 surrogates on Windows) is
        // given in the platform's own encoding of it.
        Some(path.as_os_str().as_encoded_bytes().to_vec())
    }
}

/// A character a terminal may take as a command, or that reorders the text around it: the C0
/// controls but tab and line feed, DEL, the C1 controls, and the bidirectional embeddings,
/// overrides and isolates (U+202A-U+202E, U+2066-U+2069). A carriage return is one too, except
/// in a CR LF pair.
fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t' && c != '\r')
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The positions of unsafe characters in `text`, with a CR counted only when no LF follows it.
fn unsafe_chars(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    text.char_indices().filter(move |&(at, c)| {
        is_unsafe(c) || (c == '\r' && text.as_bytes().get(at + 1) != Some(&b'\n'))
    })
}

/// True when `text` holds a character [`escape`] and [`mask`] would change.
pub fn has_unsafe(text: &str) -> bool {
    unsafe_chars(text).next().is_some()
}

/// `text` with each unsafe character written as `\u{…}`.
pub fn escape(text: &str) -> Cow<'_, str> {
    replace_unsafe(text, |c, out| {
        out.push_str(&format!("\\u{{{:x}}}", c as u32));
    })
}

/// [`escape_line`] for text from a file that starts a line of output (`show`'s Event line, a
/// Board in `fingerprint --canonical`): a leading `:` is written `\u{3a}` too, spaces before it
/// or not, so that the line cannot be a CI runner's workflow command (`::error …`,
/// `::stop-commands::`, which the runner reads from a line that starts with `::`).
pub fn escape_line_start(text: &str) -> Cow<'_, str> {
    guard_line_start(escape_line(text))
}

/// `line` (one line already) with a leading `:` written `\u{3a}`, spaces before it or not: for
/// a line whose other characters are shown another way (`show` masks them on a terminal).
pub fn guard_line_start(line: Cow<'_, str>) -> Cow<'_, str> {
    let spaces = line.len() - line.trim_start().len();
    if !line[spaces..].starts_with(':') {
        return line;
    }
    Cow::Owned(format!(
        "{}\\u{{3a}}{}",
        &line[..spaces],
        &line[spaces + 1..]
    ))
}

/// `text` on one line: each unsafe character, line end and tab written as `\u{…}`. For file
/// names, and for the lines pbnfmt prints on standard error.
pub fn escape_line(text: &str) -> Cow<'_, str> {
    if !text.contains(['\n', '\r', '\t']) {
        return escape(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_unsafe(c) || matches!(c, '\n' | '\r' | '\t') {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `text` with each unsafe character replaced by one visible character, so that columns stay.
pub fn mask(text: &str) -> Cow<'_, str> {
    replace_unsafe(text, |c, out| out.push(picture(c)))
}

/// `text` with each unsafe character replaced by a visible one of the same UTF-8 length (`?`,
/// as PBN 2.2 suggests for what cannot be shown; `¿` for a C1 control; `�` for an override), so
/// that every byte offset into it still points where it did: for source lines handed to the
/// code-frame renderer, whose spans are byte offsets and whose carets count columns.
pub fn mask_in_place(text: &str) -> Cow<'_, str> {
    let masked = replace_unsafe(text, |c, out| {
        out.push(match c.len_utf8() {
            1 => '?',
            2 => '¿',
            _ => '\u{FFFD}',
        });
    });
    debug_assert_eq!(masked.len(), text.len());
    masked
}

/// `text` with `write` called for each unsafe character instead of copying it.
fn replace_unsafe(text: &str, mut write: impl FnMut(char, &mut String)) -> Cow<'_, str> {
    if !has_unsafe(text) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut from = 0;
    for (at, c) in unsafe_chars(text) {
        out.push_str(&text[from..at]);
        write(c, &mut out);
        from = at + c.len_utf8();
    }
    out.push_str(&text[from..]);
    Cow::Owned(out)
}

/// The control picture of a C0 control or DEL (U+2400-U+2421); `�` for the others.
fn picture(c: char) -> char {
    match c as u32 {
        code @ 0..=0x1F => char::from_u32(0x2400 + code).unwrap_or('\u{FFFD}'),
        0x7F => '\u{2421}',
        _ => '\u{FFFD}',
    }
}

/// Words as a list a reader says aloud: `A`, `A and B`, `A, B and C` (`conjunction` is "and"
/// or "or").
pub fn word_list(words: &[&str], conjunction: &str) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} {conjunction} {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::word_list;

    #[test]
    fn word_lists_read_aloud() {
        assert_eq!(word_list(&[], "and"), "");
        assert_eq!(word_list(&["Site"], "and"), "Site");
        assert_eq!(word_list(&["Deal", "Contract"], "or"), "Deal or Contract");
        assert_eq!(word_list(&["A", "B", "C"], "and"), "A, B and C");
    }

    use super::*;

    #[test]
    fn a_line_from_a_file_cannot_be_a_workflow_command() {
        assert_eq!(
            escape_line_start("::error file=x::y"),
            "\\u{3a}:error file=x::y"
        );
        assert_eq!(escape_line_start("  ::stop"), "  \\u{3a}:stop");
        assert_eq!(escape_line_start("Club::Pairs"), "Club::Pairs");
        assert_eq!(escape_line_start("a\n::error"), "a\\u{a}::error");
    }

    #[test]
    fn escapes_commands_and_keeps_line_ends() {
        let hostile = "a\u{1b}]0;title\u{7}b\u{9b}2J\u{202e}c\r\nd\re\tf\u{b}";
        assert_eq!(
            escape(hostile),
            "a\\u{1b}]0;title\\u{7}b\\u{9b}2J\\u{202e}c\r\nd\\u{d}e\tf\\u{b}"
        );
        let masked = mask(hostile);
        assert_eq!(masked, "a␛]0;title␇b\u{FFFD}2J\u{FFFD}c\r\nd␍e\tf␋");
        assert_eq!(masked.chars().count(), hostile.chars().count());
        assert_eq!(mask("\0\u{7f}"), "␀␡");
        let in_place = mask_in_place(hostile);
        assert_eq!(in_place, "a?]0;title?b¿2J\u{FFFD}c\r\nd?e\tf?");
        assert_eq!(in_place.len(), hostile.len());
        assert!(matches!(escape("plain é ♠"), Cow::Borrowed(_)));
        assert!(matches!(mask("line\r\n"), Cow::Borrowed(_)));
    }

    /// A file name cannot start a line: in a CI log, `\n::error title=…::…` at the start of a
    /// line would be a workflow command.
    #[test]
    fn names_stay_on_one_line() {
        let name = "x\n::error title=forged::owned\r\n\t\u{1b}[2J.pbn";
        let escaped = escape_line(name);
        assert!(!escaped.contains(['\n', '\r', '\t', '\u{1b}']), "{escaped}");
        assert_eq!(
            escaped,
            "x\\u{a}::error title=forged::owned\\u{d}\\u{a}\\u{9}\\u{1b}[2J.pbn"
        );
        assert_eq!(escape_line("plain/name.pbn"), "plain/name.pbn");
    }
}
