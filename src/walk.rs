//! Finding the files to work on: paths named on the command line, directories searched recursively
//! for `*.pbn` (any case, PBN 6.1), and `-` for standard input.
//!
//! The order is deterministic: inputs in command-line order, directory entries sorted by name.
//! Symbolic links are followed; a link cycle is reported, not walked forever.

use std::path::{Path, PathBuf};

/// Something to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    /// How the input is named in messages.
    pub fn display_name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::File(path) => path.display().to_string(),
        }
    }
}

/// A path that could not be walked, and why.
#[derive(Clone, Debug)]
pub struct WalkError {
    pub path: PathBuf,
    pub message: String,
}

/// The inputs found, and the paths that could not be searched.
#[derive(Debug, Default)]
pub struct Discovery {
    pub inputs: Vec<Input>,
    pub errors: Vec<WalkError>,
}

/// True for a file name ending in `.pbn`, in any case.
pub fn is_pbn_file_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("pbn"))
}

/// Expands `paths` into inputs. A file named explicitly is taken whatever its extension.
pub fn discover(paths: &[PathBuf]) -> Discovery {
    let mut discovery = Discovery::default();
    for path in paths {
        if path.as_os_str() == "-" {
            discovery.inputs.push(Input::Stdin);
        } else if path.is_dir() {
            walk_directory(path, &mut discovery);
        } else if path.exists() {
            discovery.inputs.push(Input::File(path.clone()));
        } else {
            discovery.errors.push(WalkError {
                path: path.clone(),
                message: "no such file or directory".to_owned(),
            });
        }
    }
    discovery
}

fn walk_directory(root: &Path, discovery: &mut Discovery) {
    let walker = walkdir::WalkDir::new(root)
        .follow_links(true)
        .sort_by_file_name();
    for entry in walker {
        match entry {
            Ok(entry) if entry.file_type().is_file() && is_pbn_file_name(entry.path()) => {
                discovery.inputs.push(Input::File(entry.into_path()));
            }
            Ok(_) => {}
            Err(error) => discovery.errors.push(WalkError {
                path: error
                    .path()
                    .map_or_else(|| root.to_path_buf(), Path::to_path_buf),
                message: match error.loop_ancestor() {
                    Some(ancestor) => format!(
                        "symbolic link loop back to {}; not followed",
                        ancestor.display()
                    ),
                    None => error
                        .io_error()
                        .map_or_else(|| error.to_string(), ToString::to_string),
                },
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pbn_extension_in_any_case() {
        assert!(is_pbn_file_name(Path::new("a/b.PBN")));
        assert!(is_pbn_file_name(Path::new("b.pbn")));
        assert!(!is_pbn_file_name(Path::new("b.pbn.txt")));
        assert!(!is_pbn_file_name(Path::new("pbn")));
    }
}
