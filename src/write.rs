//! Writing files safely: the new bytes go to a temporary file in the target's own directory, which
//! is then renamed over the target. A reader sees the old file or the new one, never half of one;
//! a crash leaves the old file. The target's permissions are kept, and a symbolic link is written
//! through to the file it points to (the link stays a link).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Replaces (or creates) `path` with `bytes` atomically. `permissions_of` names the file whose
/// permissions the result gets (the target itself for an in-place rewrite, the source file for a
/// copy into another directory).
pub fn write_atomic(path: &Path, bytes: &[u8], permissions_of: Option<&Path>) -> io::Result<()> {
    let target = resolve_links(path)?;
    let directory = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut temporary = tempfile::Builder::new()
        .prefix(".pbnfmt-")
        .suffix(".tmp")
        .tempfile_in(&directory)?;
    temporary.write_all(bytes)?;
    if let Some(source) = permissions_of {
        if let Ok(metadata) = fs::metadata(source) {
            temporary
                .as_file()
                .set_permissions(metadata.permissions())?;
        }
    }
    temporary.as_file().sync_all()?;
    temporary.persist(&target).map_err(|error| error.error)?;
    Ok(())
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
}
