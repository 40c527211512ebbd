//! Files in and out: reading a file or a stream up to a limit and no further, lists of paths for
//! `--files-from`, and atomic writes ([`write`]). What the bytes mean is not known here.

pub mod spool;
pub mod write;

use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Reads the file at `path`, or refuses it when it holds more than `limit` bytes (see
/// [`read_at_most`]). A regular file over the limit is refused before it is read. Only regular
/// files and named pipes are read ([`open_input`]).
pub fn read_file_at_most(path: &Path, limit: usize) -> io::Result<Vec<u8>> {
    read_opened_at_most(open_input(path)?, limit)
}

/// [`read_file_at_most`] of a file that must be the regular file a walk found at `path`, not a
/// symbolic link put in its place since: the last component is opened without following a link
/// (`O_NOFOLLOW`), and a link there is an error (issue 45, item 6).
pub fn read_file_no_link(path: &Path, limit: usize) -> io::Result<Vec<u8>> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let flags = rustix::fs::OFlags::NONBLOCK | rustix::fs::OFlags::NOFOLLOW;
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(flags.bits() as i32)
            .open(path)
            .map_err(|error| {
                if error.raw_os_error() == Some(rustix::io::Errno::LOOP.raw_os_error()) {
                    swapped_for_a_link(path)
                } else {
                    error
                }
            })?;
        if !file.metadata()?.is_file() {
            return Err(not_a_regular_file(Access::Read));
        }
        read_opened_at_most(file, limit)
    }
    #[cfg(not(unix))]
    {
        if std::fs::symlink_metadata(path)?.file_type().is_symlink() {
            return Err(swapped_for_a_link(path));
        }
        read_file_at_most(path, limit)
    }
}

/// The error for a file of a walk that has become a symbolic link.
pub fn swapped_for_a_link(path: &Path) -> io::Error {
    io::Error::other(format!(
        "{} is a symbolic link now, where the walk found a file: it is left as it is (name it \
         on the command line, or walk with --follow, to read through links)",
        crate::display::escape(&path.display().to_string())
    ))
}

fn read_opened_at_most(file: std::fs::File, limit: usize) -> io::Result<Vec<u8>> {
    // Pipes report 0 and are read until they end or pass the limit.
    let size = file.metadata().map_or(0, |meta| meta.len());
    if size > limit as u64 {
        return Err(too_large(limit));
    }
    read_at_most(file, limit, size as usize)
}

/// Opens a file to read: a regular file, or a named pipe (`pbnfmt check <(zcat a.pbn.gz)`). A
/// device or a socket is refused, since reading it means nothing for PBN and may not end. A
/// pipe is opened without waiting for a writer (an open of a FIFO that nobody writes to would
/// block for ever), then read as usual: with no writer, it reads as empty.
pub fn open_input(path: &Path) -> io::Result<std::fs::File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
            .open(path)?;
        let kind = file.metadata()?.file_type();
        if kind.is_fifo() {
            let flags = rustix::fs::fcntl_getfl(&file)?;
            rustix::fs::fcntl_setfl(&file, flags - rustix::fs::OFlags::NONBLOCK)?;
        } else if !kind.is_file() {
            return Err(not_a_regular_file(Access::Read));
        }
        Ok(file)
    }
    #[cfg(not(unix))]
    {
        let file = std::fs::File::open(path)?;
        if !file.metadata()?.is_file() {
            return Err(not_a_regular_file(Access::Read));
        }
        Ok(file)
    }
}

/// Which file a path names, whatever the path's spelling: device and inode on Unix (so that a
/// link, `./a.pbn` and `dir/../a.pbn` are one file, and so are `X.pbn` and `x.PBN` on a file system
/// that ignores case), the canonical path elsewhere. `None` when the path names nothing yet.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FileId(#[cfg(unix)] (u64, u64), #[cfg(not(unix))] PathBuf);

impl FileId {
    pub fn of(path: &Path) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let meta = std::fs::metadata(path).ok()?;
            Some(FileId((meta.dev(), meta.ino())))
        }
        #[cfg(not(unix))]
        {
            std::fs::canonicalize(path).ok().map(FileId)
        }
    }
}

/// What pbnfmt does to a file, for [`not_a_regular_file`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Read,
    Write,
}

/// The error for a file that is not a regular file: pbnfmt reads regular files and pipes, and
/// writes regular files only.
pub fn not_a_regular_file(access: Access) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        match access {
            Access::Read => "not a regular file (a device or a socket), which pbnfmt does not read",
            Access::Write => {
                "not a regular file (a device, a pipe or a socket), which pbnfmt does not write"
            }
        },
    )
}

/// Reads everything `reader` gives, up to `limit` bytes; `size` is the expected size, to allocate
/// once. A source with more (a file over the limit, `/dev/zero`, an endless pipe) is an error as
/// soon as byte `limit + 1` arrives, so that memory stays within the limit whatever the source.
pub fn read_at_most(reader: impl io::Read, limit: usize, size: usize) -> io::Result<Vec<u8>> {
    // One byte more than the size, so that the end is found without growing the buffer.
    let mut bytes = Vec::with_capacity(size.min(limit).saturating_add(1));
    reader
        .take((limit as u64).saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() > limit {
        return Err(too_large(limit));
    }
    Ok(bytes)
}

fn too_large(limit: usize) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!(
            "larger than {}, which pbnfmt does not read",
            human_size(limit)
        ),
    )
}

/// `limit` as people say it: 4 GiB for `u32::MAX` bytes, 256 KiB, or bytes.
fn human_size(limit: usize) -> String {
    let limit = limit as u64;
    for (unit, name) in [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")] {
        for size in [limit, limit + 1] {
            if size >= unit && size % unit == 0 {
                return format!("{} {name}", size / unit);
            }
        }
    }
    format!("{limit} bytes")
}

/// How many different paths a `--files-from` list may name: the run holds each input found, so
/// a list is refused (exit 2) past this many, not read until memory runs out.
pub const MAX_LISTED_PATHS: usize = 1_000_000;

/// The longest line of a `--files-from` list: no path is longer (Linux: 4,096 bytes).
pub const MAX_LISTED_LINE: usize = 64 << 10;

/// How many lines (empty and repeated ones too) a `--files-from` list may have: an endless list
/// (`yes a.pbn`, `/dev/zero`) ends in a few seconds with exit 2.
pub const MAX_LISTED_LINES: usize = 100_000_000;

/// Reads a list of paths for `--files-from` as it comes: one per line, or NUL-separated (`find
/// -print0`, told by a NUL in its first 64 KiB, where the first path ends); empty lines are
/// skipped, and a path listed again is kept once, so that a list of millions of lines naming a
/// few files costs a few files. `Err` past [`MAX_LISTED_PATHS`] different paths or
/// [`MAX_LISTED_LINES`] lines, on a line longer than [`MAX_LISTED_LINE`], or when the list cannot
/// be read.
pub fn read_path_list_from(mut reader: impl io::BufRead) -> Result<Vec<PathBuf>, String> {
    use std::io::{BufRead as _, Read as _};
    let first = reader
        .fill_buf()
        .map_err(|error| format!("cannot read the list of paths: {error}"))?;
    let separator = if first.contains(&0) { b'\0' } else { b'\n' };
    let mut seen: std::collections::HashSet<Vec<u8>> = std::collections::HashSet::new();
    let mut paths = Vec::new();
    let mut line = Vec::new();
    for _ in 0..MAX_LISTED_LINES {
        line.clear();
        let read = (&mut reader)
            .take(MAX_LISTED_LINE as u64 + 1)
            .read_until(separator, &mut line)
            .map_err(|error| format!("cannot read the list of paths: {error}"))?;
        if read == 0 {
            return Ok(paths);
        }
        if line.last() == Some(&separator) {
            line.pop();
        } else if line.len() > MAX_LISTED_LINE {
            return Err(format!(
                "the list of paths has a line longer than {} bytes, which is no path",
                MAX_LISTED_LINE
            ));
        }
        let path = line.strip_suffix(b"\r").unwrap_or(&line);
        if path.is_empty() || seen.contains(path) {
            continue;
        }
        if seen.len() == MAX_LISTED_PATHS {
            return Err(format!(
                "the list names more than {MAX_LISTED_PATHS} different paths, which pbnfmt does \
                 not hold at once; split it into several runs"
            ));
        }
        seen.insert(path.to_vec());
        paths.push(path_from_bytes(path));
    }
    Err(format!(
        "the list of paths has more than {MAX_LISTED_LINES} lines, which pbnfmt does not read"
    ))
}

/// [`read_path_list_from`] of bytes in memory.
pub fn read_path_list(bytes: &[u8]) -> Vec<PathBuf> {
    read_path_list_from(bytes).unwrap_or_default()
}

#[cfg(unix)]
fn path_from_bytes(bytes: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(bytes))
}

#[cfg(not(unix))]
fn path_from_bytes(bytes: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endless_source_is_refused_at_the_limit() {
        // `/dev/zero` or `yes |` on standard input: refused once the limit is passed.
        let error = read_at_most(io::repeat(b'0'), 1 << 20, 0).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(
            error.to_string(),
            "larger than 1 MiB, which pbnfmt does not read"
        );
        let exact = read_at_most(io::repeat(b'0').take(1 << 20), 1 << 20, 0).unwrap();
        assert_eq!(exact.len(), 1 << 20);
        assert!(
            exact.capacity() <= 2 << 20,
            "memory held: {}",
            exact.capacity()
        );
        assert_eq!(human_size(crate::lexer::MAX_TEXT_LEN), "4 GiB");
        assert_eq!(human_size(256 << 10), "256 KiB");
        assert_eq!(human_size(1000), "1000 bytes");
    }

    #[test]
    fn file_over_the_limit_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.pbn");
        std::fs::write(&path, [b'x'; 1001]).unwrap();
        let error = read_file_at_most(&path, 1000).unwrap_err();
        assert_eq!(
            error.to_string(),
            "larger than 1000 bytes, which pbnfmt does not read"
        );
        assert_eq!(read_file_at_most(&path, 1001).unwrap().len(), 1001);
    }

    #[test]
    fn path_lists() {
        assert_eq!(
            read_path_list(b"a.pbn\r\n\nb c.pbn\n"),
            [PathBuf::from("a.pbn"), PathBuf::from("b c.pbn")]
        );
        assert_eq!(
            read_path_list(b"a\nb.pbn\0c.pbn\0"),
            [PathBuf::from("a\nb.pbn"), PathBuf::from("c.pbn")]
        );
        // A path listed again is kept once (issue 45, item 11).
        assert_eq!(
            read_path_list(&b"a.pbn\nb.pbn\n".repeat(1000)),
            [PathBuf::from("a.pbn"), PathBuf::from("b.pbn")]
        );
        let long = vec![b'x'; MAX_LISTED_LINE + 1];
        assert!(
            read_path_list_from(&long[..])
                .unwrap_err()
                .contains("longer than")
        );
        let exact = vec![b'x'; MAX_LISTED_LINE];
        assert_eq!(read_path_list_from(&exact[..]).unwrap().len(), 1);
    }
}
