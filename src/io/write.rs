//! Writing files safely: the new bytes go to a temporary file in the target's own directory, which
//! is then renamed over the target. A reader sees the old file or the new one, never half of one;
//! a crash leaves the old file. The target's permissions are kept, and a symbolic link is written
//! through to the file it points to (the link stays a link).

use super::spool::Content;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// The temporary files being written, removed by [`remove_temporaries`] when a signal ends the
/// run before they are renamed (SIGKILL cannot be caught: after it, a `.pbnfmt-*.tmp` may stay).
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn temporaries() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARIES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A temporary file in [`TEMPORARIES`] while it lives.
struct Registered(PathBuf);

impl Registered {
    fn new(path: &Path) -> Registered {
        temporaries().push(path.to_path_buf());
        Registered(path.to_path_buf())
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        temporaries().retain(|path| *path != self.0);
    }
}

/// Removes every temporary file being written, for a signal that ends the run.
pub fn remove_temporaries() {
    for path in temporaries().drain(..) {
        let _ = fs::remove_file(path);
    }
}

/// Replaces (or creates) `path` with `bytes` atomically. `permissions_of` names the file whose
/// permissions the result gets (the target itself for an in-place rewrite, the source file for a
/// copy into another directory).
///
/// A target with several hard links cannot be renamed over without cutting it from its other
/// names; such a target, and one the rename is refused for, is rewritten in place instead, but
/// only once the whole new content is safe in the temporary file: if the rewrite in place fails,
/// the temporary file is kept and the error names it. A directory where no temporary file can be
/// made is an error, and the target is not touched.
pub fn write_atomic(
    path: &Path,
    content: impl Content,
    permissions_of: Option<&Path>,
) -> io::Result<()> {
    write_atomic_with(path, content, permissions_of, || Ok(()))
}

/// [`write_atomic`], calling `before_rename` between writing the temporary file and renaming it:
/// the tests inject failures there.
fn write_atomic_with(
    path: &Path,
    content: impl Content,
    permissions_of: Option<&Path>,
    before_rename: impl FnOnce() -> io::Result<()>,
) -> io::Result<()> {
    let staged = stage(path, content, permissions_of)?;
    // Until here, an error drops the temporary file and leaves the target as it was.
    before_rename()?;
    staged.commit()
}

/// Writes every file of `files` atomically, and all of them or none: each is written to its
/// temporary file first, and only once all are safe on disk are they renamed into place, so that
/// a full disk or an unwritable folder halfway leaves no part written (`split`, issue 63,
/// item 15). `Err` names the file that could not be written, and how many were renamed into
/// place before it (0 unless a rename itself failed).
///
/// `content(i, out)` writes the content of the `i`-th path (a part of a split, gathered from its
/// pieces as it is written: no part is held in memory).
pub fn write_all_atomic(
    paths: Vec<PathBuf>,
    mut content: impl FnMut(usize, &mut dyn Write) -> io::Result<()>,
) -> Result<(), (PathBuf, io::Error, usize)> {
    let mut staged = Vec::with_capacity(paths.len());
    for (i, path) in paths.into_iter().enumerate() {
        let writing = super::spool::Writing(|out: &mut dyn Write| content(i, out));
        match stage(&path, writing, None) {
            Ok(done) => staged.push((path, done)),
            // The temporary files staged so far are dropped, and with them removed.
            Err(error) => return Err((path, error, 0)),
        }
    }
    for (renamed, (path, done)) in staged.into_iter().enumerate() {
        done.commit().map_err(|error| (path, error, renamed))?;
    }
    Ok(())
}

/// A file's new content safe in its temporary file (closed: a split of 20,000 parts holds no file
/// open), waiting to be renamed over the target.
struct Staged {
    target: PathBuf,
    temporary: tempfile::TempPath,
    _registered: Registered,
}

impl Staged {
    /// Renames the temporary file over the target (or, for a target with several hard links or
    /// one the rename is refused for, rewrites the target in place).
    fn commit(self) -> io::Result<()> {
        let Staged {
            target, temporary, ..
        } = self;
        let in_place = |temporary: tempfile::TempPath| {
            let file = fs::File::open(&temporary)?;
            rewrite_in_place(
                &target,
                tempfile::NamedTempFile::from_parts(file, temporary),
            )
        };
        if link_count(&target) > 1 {
            return in_place(temporary);
        }
        match temporary.persist(&target) {
            Ok(()) => Ok(()),
            Err(error) if error.error.kind() == io::ErrorKind::PermissionDenied => {
                in_place(error.path)
            }
            Err(error) => Err(error.error),
        }
    }
}

/// Writes `content` for `path` into a temporary file beside the target, with the permissions it
/// is to have, synced to disk.
fn stage(
    path: &Path,
    mut content: impl Content,
    permissions_of: Option<&Path>,
) -> io::Result<Staged> {
    let target = resolve_links(path)?;
    // A device, pipe or socket is never replaced by a regular file (a link to `/dev/null`
    // written as root would replace `/dev/null`).
    if let Ok(metadata) = fs::metadata(&target) {
        if !metadata.is_file() {
            return Err(super::not_a_regular_file(super::Access::Write));
        }
        refuse_read_only(&target, &metadata)?;
    }
    let directory = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // Whose mode (and, rewritten in place, owner and attributes) the result gets: the file named,
    // else a target that is there already (an output file written again keeps what its owner
    // gave it), else none: a new file gets the mode the umask leaves of 0666, as `cp` and every
    // editor give, not the 0600 of a temporary file (issue 45, item 9).
    let permissions_of: Option<&Path> = match permissions_of {
        Some(source) => Some(source),
        None if fs::metadata(&target).is_ok() => Some(path),
        None => None,
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".pbnfmt-").suffix(".tmp");
    #[cfg(unix)]
    if permissions_of.is_none() {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut temporary = builder.tempfile_in(&directory).map_err(|error| {
        io::Error::new(
            error.kind(),
            format!(
                "cannot make a temporary file in {} ({error}); the file is left as it was",
                directory.display()
            ),
        )
    })?;
    let registered = Registered::new(temporary.path());
    {
        let mut buffered = io::BufWriter::with_capacity(1 << 16, temporary.as_file_mut());
        content.write_to(&mut buffered)?;
        buffered.flush()?;
    }
    if let Some(source) = permissions_of
        && let Ok(metadata) = fs::metadata(source)
    {
        temporary
            .as_file()
            .set_permissions(metadata.permissions())?;
        // Rewritten in place, the file keeps its owner, group and extended attributes, or is
        // not written.
        if source == path {
            keep_owner(temporary.as_file(), &metadata, &target)?;
            keep_attributes(temporary.path(), &target)?;
        }
    }
    temporary.as_file().sync_all()?;
    Ok(Staged {
        target,
        temporary: temporary.into_temp_path(),
        _registered: registered,
    })
}

/// A file its owner made read-only is not replaced, whoever runs pbnfmt (as ruff, black and
/// prettier refuse): the rename would go round the mode, since only the directory's permission
/// counts for it. Root is judged by the owner's write bit; anyone else by `access(2)`.
fn refuse_read_only(target: &Path, metadata: &fs::Metadata) -> io::Result<()> {
    #[cfg(unix)]
    let (read_only, mode) = {
        use std::os::unix::fs::MetadataExt;
        let read_only = if rustix::process::geteuid().is_root() {
            metadata.mode() & 0o200 == 0
        } else {
            rustix::fs::access(target, rustix::fs::Access::WRITE_OK).is_err()
        };
        (
            read_only,
            format!(" (mode {:04o})", metadata.mode() & 0o7777),
        )
    };
    #[cfg(not(unix))]
    let (read_only, mode) = (metadata.permissions().readonly(), String::new());
    if read_only {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "{} is read-only{mode}; it is left as it was (make it writable to rewrite it)",
                target.display()
            ),
        ));
    }
    Ok(())
}

/// Gives `file` the owner and group of `metadata` where they differ from the writer's: root may,
/// others may set a group they belong to. Where that is refused, the file is not written: the
/// rename would hand someone else's file to the writer.
fn keep_owner(file: &fs::File, metadata: &fs::Metadata, target: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let now = file.metadata()?;
        if (now.uid(), now.gid()) == (metadata.uid(), metadata.gid()) {
            return Ok(());
        }
        std::os::unix::fs::fchown(file, Some(metadata.uid()), Some(metadata.gid())).map_err(
            |error| {
                io::Error::new(
                    error.kind(),
                    format!(
                        "cannot keep the owner and group of {} (uid {}, gid {}): {error}; \
                         the file is left as it was",
                        target.display(),
                        metadata.uid(),
                        metadata.gid()
                    ),
                )
            },
        )
    }
    #[cfg(not(unix))]
    {
        let _ = (file, metadata, target);
        Ok(())
    }
}

/// Copies the extended attributes of `target` (POSIX ACLs, security labels, `user.*`) to the
/// temporary file that replaces it. One that cannot be set (a label only root may set) leaves the
/// file as it was, with the attribute's name.
fn keep_attributes(temporary: &Path, target: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        // A file system without extended attributes has none to keep.
        let Ok(names) = xattr::list(target) else {
            return Ok(());
        };
        for name in names {
            let Some(value) = xattr::get(target, &name)? else {
                continue;
            };
            xattr::set(temporary, &name, &value).map_err(|error| {
                io::Error::new(
                    error.kind(),
                    format!(
                        "cannot keep the extended attribute {} of {}: {error}; the file is left \
                         as it was",
                        name.to_string_lossy(),
                        target.display()
                    ),
                )
            })?;
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        let _ = (temporary, target);
        Ok(())
    }
}

/// Replaces `path` as [`write_atomic`] does, unless the file changed since `read`, its identity,
/// size and modification time when it was read: an edit made while pbnfmt worked on the file
/// would be lost. With `link_free` (a file a walk found, issue 45, item 6), `read` is the path's
/// own metadata, not a link's target's, and a symbolic link put in the file's place since is
/// refused: the result is never written through it, outside the tree. The check is made once the
/// new content is safe in the temporary file, just before the rename.
pub fn replace_unchanged(
    path: &Path,
    content: impl Content,
    read: &fs::Metadata,
    link_free: bool,
) -> io::Result<()> {
    let stamp = |metadata: &fs::Metadata| {
        #[cfg(unix)]
        let identity = {
            use std::os::unix::fs::MetadataExt;
            (metadata.dev(), metadata.ino())
        };
        #[cfg(not(unix))]
        let identity = ();
        (identity, metadata.len(), metadata.modified().ok())
    };
    let now = || {
        if link_free {
            fs::symlink_metadata(path)
        } else {
            fs::metadata(path)
        }
    };
    if link_free && now()?.file_type().is_symlink() {
        return Err(super::swapped_for_a_link(path));
    }
    write_atomic_with(path, content, Some(path), || {
        let now = now()?;
        if link_free && now.file_type().is_symlink() {
            return Err(super::swapped_for_a_link(path));
        }
        if stamp(&now) == stamp(read) {
            Ok(())
        } else {
            Err(io::Error::other(format!(
                "{} changed while pbnfmt worked on it; it is left as it was, run again",
                path.display()
            )))
        }
    })
}

/// How many names the file has (1 where that cannot be known).
fn link_count(path: &Path) -> u64 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        fs::metadata(path).map_or(1, |metadata| metadata.nlink())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        1
    }
}

/// Writes the content of `temporary` over `target` in place, keeping its inode (and so its other
/// names). `temporary` is removed on success and kept, and named, on failure.
fn rewrite_in_place(target: &Path, temporary: tempfile::NamedTempFile) -> io::Result<()> {
    let written = fs::OpenOptions::new()
        .write(true)
        .truncate(true)
        .open(target)
        .and_then(|mut file| {
            let mut source = temporary.reopen()?;
            io::copy(&mut source, &mut file)?;
            file.sync_all()
        });
    match written {
        Ok(()) => Ok(()),
        Err(error) => {
            let kept = temporary.into_temp_path().keep().map_err(|e| e.error)?;
            Err(io::Error::new(
                error.kind(),
                format!(
                    "rewriting {} in place failed ({error}); the new content is in {}",
                    target.display(),
                    kept.display()
                ),
            ))
        }
    }
}

/// The file a path finally names: links followed, so that renaming over it replaces the file and
/// not the link. A path that does not exist yet is returned as it is.
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => fs::canonicalize(path),
        _ => Ok(path.to_path_buf()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_content_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.pbn");
        fs::write(&path, "old").unwrap();
        write_atomic(&path, b"new", Some(&path)).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn writes_through_a_link_and_keeps_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.pbn");
        let link = dir.path().join("link.pbn");
        fs::write(&real, "old").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"new", Some(&real)).unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&real).unwrap(), b"new");
        let mode = fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }

    #[cfg(unix)]
    #[test]
    fn a_hard_link_stays_one_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.pbn");
        let other = dir.path().join("b.pbn");
        fs::write(&path, "old").unwrap();
        fs::hard_link(&path, &other).unwrap();
        write_atomic(&path, b"new", Some(&path)).unwrap();
        assert_eq!(
            fs::read(&other).unwrap(),
            b"new",
            "the other name sees the new content"
        );
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            2,
            "no temporary file left"
        );
    }

    #[test]
    fn a_failure_before_the_rename_leaves_the_original() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.pbn");
        fs::write(&path, "old").unwrap();
        let error = write_atomic_with(&path, b"new", Some(&path), || {
            Err(io::Error::other("injected"))
        })
        .unwrap_err();
        assert_eq!(error.to_string(), "injected");
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_directory_is_a_clear_error() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.pbn");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o555)).unwrap();
        let probe = dir.path().join("probe");
        if fs::write(&probe, "").is_ok() {
            // Root writes anywhere; nothing to test here.
            let _ = fs::remove_file(&probe);
            fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
            return;
        }
        let error = write_atomic(&path, b"new", Some(&path)).unwrap_err();
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
        assert!(
            error
                .to_string()
                .contains("cannot make a temporary file in"),
            "{error}"
        );
        assert!(error.to_string().contains("left as it was"), "{error}");
        assert_eq!(fs::read(&path).unwrap(), b"old");
    }

    /// An edit made to the file while pbnfmt worked on it is not overwritten.
    #[test]
    fn a_file_changed_since_it_was_read_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.pbn");
        fs::write(&path, "old").unwrap();
        let read = fs::metadata(&path).unwrap();
        fs::write(&path, "edited meanwhile").unwrap();
        let error = replace_unchanged(&path, b"new", &read, false).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("changed while pbnfmt worked on it"),
            "{error}"
        );
        assert_eq!(fs::read(&path).unwrap(), b"edited meanwhile");
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left"
        );
        let read = fs::metadata(&path).unwrap();
        replace_unchanged(&path, b"new", &read, false).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
    }

    /// Issue 45, item 6: a file a walk found, swapped for a symbolic link to a file outside the
    /// tree between the walk and its turn, is neither read through the link nor written through
    /// it; the file outside keeps its bytes, and the link stays a link.
    #[cfg(unix)]
    #[test]
    fn a_walked_file_swapped_for_a_link_is_not_read_or_written_through_it() {
        let dir = tempfile::tempdir().unwrap();
        let (tree, outside) = (dir.path().join("tree"), dir.path().join("outside.pbn"));
        fs::create_dir(&tree).unwrap();
        let path = tree.join("a.pbn");
        fs::write(&path, "old").unwrap();
        fs::write(&outside, "not yours").unwrap();
        let read = fs::symlink_metadata(&path).unwrap();
        fs::remove_file(&path).unwrap();
        std::os::unix::fs::symlink(&outside, &path).unwrap();

        let error = crate::io::read_file_no_link(&path, 1 << 20).unwrap_err();
        assert!(
            error.to_string().contains("is a symbolic link now"),
            "{error}"
        );
        let error = replace_unchanged(&path, b"new", &read, true).unwrap_err();
        assert!(
            error.to_string().contains("is a symbolic link now"),
            "{error}"
        );
        assert_eq!(fs::read(&outside).unwrap(), b"not yours");
        assert!(
            fs::symlink_metadata(&path)
                .unwrap()
                .file_type()
                .is_symlink()
        );

        // The same file, still the file the walk found: read and written as usual.
        fs::remove_file(&path).unwrap();
        fs::write(&path, "old").unwrap();
        let read = fs::symlink_metadata(&path).unwrap();
        assert_eq!(
            crate::io::read_file_no_link(&path, 1 << 20).unwrap(),
            b"old"
        );
        replace_unchanged(&path, b"new", &read, true).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
    }

    /// Rewritten in place, a file keeps its owner and group (root may set them).
    #[cfg(unix)]
    #[test]
    fn owner_and_group_are_kept() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.pbn");
        fs::write(&path, "old").unwrap();
        let me = fs::metadata(&path).unwrap();
        if me.uid() != 0 {
            eprintln!("note: not root; the owner part of this test is skipped");
            return;
        }
        // As root: a file of another user keeps that user.
        std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
        write_atomic(&path, b"new", Some(&path)).unwrap();
        let after = fs::metadata(&path).unwrap();
        assert_eq!((after.uid(), after.gid()), (65534, 65534));
        assert_eq!(fs::read(&path).unwrap(), b"new");
        // Another user may not: tests/integration/hostile.rs runs pbnfmt as one.
    }

    /// Rewritten in place, a file keeps its extended attributes (where the file system has them).
    #[cfg(unix)]
    #[test]
    fn extended_attributes_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.pbn");
        fs::write(&path, "old").unwrap();
        if xattr::set(&path, "user.pbnfmt-test", b"kept").is_err() {
            eprintln!("note: no user extended attributes here; skipped");
            return;
        }
        write_atomic(&path, b"new", Some(&path)).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        assert_eq!(
            xattr::get(&path, "user.pbnfmt-test").unwrap().as_deref(),
            Some(&b"kept"[..])
        );
    }
}
