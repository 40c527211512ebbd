//! Finding the files to work on: paths named on the command line (or listed by `--files-from`),
//! directories searched recursively for `*.pbn` (any case, PBN 6.1), and `-` for standard input;
//! each with the configuration that applies to it, and without what the excludes leave out.
//!
//! The order is deterministic: inputs in command-line order, directory entries sorted by name; a
//! path named twice is worked on once. A directory walk is ripgrep's (the `ignore` crate): it
//! leaves out hidden files and what `.gitignore` and `.ignore` files say, unless told otherwise;
//! a path named on the command line is always taken. Symbolic links are followed with `--follow`;
//! a link cycle is reported, not walked forever.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use crate::config::{Config, ConfigError, Globs, Resolver, Source};

/// Something to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input, with the name `--stdin-filename` gave it.
    Stdin(Option<PathBuf>),
    File(PathBuf),
}

impl Input {
    /// The file's size in bytes, for scheduling (0 for standard input or an unreadable file).
    pub fn size(&self) -> u64 {
        match self {
            Input::File(path) => std::fs::metadata(path).map_or(0, |meta| meta.len()),
            Input::Stdin(_) => 0,
        }
    }

    /// How the input is named in messages.
    pub fn display_name(&self) -> String {
        match self {
            Input::Stdin(None) => "<stdin>".to_owned(),
            Input::Stdin(Some(path)) | Input::File(path) => crate::display::path_text(path),
        }
    }

    /// The exact bytes of the name when it is not UTF-8 ([`crate::display::path_bytes`]), for
    /// the outputs that can carry them (JSON, SARIF).
    pub fn name_bytes(&self) -> Option<Vec<u8>> {
        match self {
            Input::Stdin(None) => None,
            Input::Stdin(Some(path)) | Input::File(path) => crate::display::path_bytes(path),
        }
    }

    pub fn is_stdin(&self) -> bool {
        matches!(self, Input::Stdin(_))
    }
}

/// One input found, with what applies to it.
#[derive(Clone, Debug)]
pub struct Found {
    pub input: Input,
    /// The directory argument it was found below; `None` for a path named itself.
    pub under: Option<PathBuf>,
    /// The configuration that applies: the closest `pbnfmt.toml`, `--config`, or none.
    pub config: Option<Arc<Config>>,
    /// Found by a walk that follows no link (no `--follow`): a regular file of the tree, which
    /// is read and written only while it is one, never through a link swapped in for it
    /// (issue 45, item 6).
    pub link_free: bool,
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
    pub inputs: Vec<Found>,
    pub errors: Vec<WalkError>,
    /// Inputs named on the command line but left out by `--force-exclude`.
    pub excluded: usize,
    /// `*.lin` files a directory walk came upon and did not take: the command rewrites PBN.
    pub lin_skipped: usize,
    /// The walk took `*.lin` files ([`Filter::lin`]).
    pub reads_lin: bool,
    /// Files named or found more than once (the same file by two paths, a file and its folder),
    /// each taken once: `merge` and `split` refuse them rather than merge a file once when it was
    /// named twice.
    pub repeated: Vec<PathBuf>,
}

/// What decides which files are taken.
#[derive(Debug)]
pub struct Filter {
    pub resolver: Resolver,
    /// `--exclude`, relative to the working directory.
    pub exclude: Globs,
    pub cwd: PathBuf,
    /// Apply the excludes to paths named explicitly too (pre-commit names every file).
    pub force_exclude: bool,
    /// `--stdin-filename`: the name standard input goes by.
    pub stdin_filename: Option<PathBuf>,
    /// `-L`/`--follow`: follow symbolic links met in a directory walk. Without it a walk stays in
    /// the tree it was given (ripgrep's convention); a link named on the command line is always
    /// taken, and its target written through.
    pub follow: bool,
    /// Respect `.gitignore` (in a git repository), `.ignore`, `.git/info/exclude` and the global
    /// git excludes in a directory walk, as ripgrep does (`--no-ignore` turns it off).
    pub ignore_files: bool,
    /// Walk hidden files and directories (`--hidden`).
    pub hidden: bool,
    /// Take `*.lin` files (BBO) too in a directory walk: `convert` reads both.
    pub lin: bool,
}

impl Filter {
    fn excluded(&self, path: &Path, config: Option<&Config>) -> bool {
        self.exclude.matches(&self.cwd, path)
            || config.is_some_and(|config| config.exclude.matches(&config.dir, path))
    }
}

/// True for a file name ending in `.pbn`, in any case.
pub fn is_pbn_file_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("pbn"))
}

/// True for a file name ending in `.lin`, in any case.
pub fn is_lin_file_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("lin"))
}

/// Expands `paths` into inputs. A file named explicitly is taken whatever its extension, and
/// whatever the excludes say unless `force_exclude`. A configuration file that cannot be used
/// stops the search.
pub fn discover(paths: &[PathBuf], filter: &mut Filter) -> Result<Discovery, ConfigError> {
    let mut discovery = Discovery {
        reads_lin: filter.lin,
        ..Discovery::default()
    };
    let mut seen = HashSet::new();
    for path in paths {
        if path.as_os_str() == "-" {
            let name = filter.stdin_filename.clone();
            let config = match &name {
                Some(name) => filter.resolver.for_path(name, false)?,
                None => {
                    let cwd = filter.cwd.clone();
                    filter.resolver.for_path(&cwd, true)?
                }
            };
            if filter.force_exclude
                && name
                    .as_deref()
                    .is_some_and(|name| filter.excluded(name, config.as_deref()))
            {
                discovery.excluded += 1;
                continue;
            }
            discovery.inputs.push(Found {
                input: Input::Stdin(name),
                under: None,
                config,
                link_free: false,
            });
        } else if path.is_dir() {
            walk_directory(path, filter, &mut discovery, &mut seen)?;
        } else if path.exists() {
            let config = filter.resolver.for_path(path, false)?;
            if filter.force_exclude && filter.excluded(path, config.as_deref()) {
                discovery.excluded += 1;
                continue;
            }
            if seen.insert(identity(path)) {
                discovery.inputs.push(Found {
                    input: Input::File(path.clone()),
                    under: None,
                    config,
                    link_free: false,
                });
            } else {
                discovery.repeated.push(path.clone());
            }
        } else {
            discovery.errors.push(WalkError {
                path: path.clone(),
                message: "no such file or directory".to_owned(),
            });
        }
    }
    Ok(discovery)
}

/// What makes two spellings of a path one input: `F`, `./F`, `dir/../F` and a link to `F` are
/// checked once. The file's identity (device and inode, `io::FileId`): one `stat`, where a
/// canonical path looked up every directory of the path once for each of its components, the
/// square of the depth (issue 45, item 12: 0.3 s a file at depth 2,000). A path that names
/// nothing is itself.
#[derive(PartialEq, Eq, Hash)]
enum Identity {
    File(crate::io::FileId),
    Path(PathBuf),
}

fn identity(path: &Path) -> Identity {
    match crate::io::FileId::of(path) {
        Some(id) => Identity::File(id),
        None => Identity::Path(path.to_path_buf()),
    }
}

fn walk_directory(
    root: &Path,
    filter: &mut Filter,
    discovery: &mut Discovery,
    seen: &mut HashSet<Identity>,
) -> Result<(), ConfigError> {
    let root_config = filter.resolver.for_path(root, true)?;
    if filter.force_exclude && filter.excluded(root, root_config.as_deref()) {
        discovery.excluded += 1;
        return Ok(());
    }
    // The walker's filter lives as long as the walker: it borrows the configurations through a
    // lock, given back after the walk.
    let shared = Arc::new(Mutex::new(Pruning {
        resolver: std::mem::replace(&mut filter.resolver, Resolver::new(Source::None)),
        exclude: filter.exclude.clone(),
        cwd: filter.cwd.clone(),
        failure: None,
    }));
    let pruning = Arc::clone(&shared);
    let walker = ignore::WalkBuilder::new(root)
        .follow_links(filter.follow)
        .standard_filters(filter.ignore_files)
        .hidden(!filter.hidden)
        .sort_by_file_name(|a, b| a.cmp(b))
        .filter_entry(move |entry| {
            // The root was named: only what is below it can be excluded. Directories are pruned
            // here; files are judged below, with the configuration they keep.
            let is_dir = entry.file_type().is_some_and(|kind| kind.is_dir());
            let mut pruning = pruning.lock().unwrap_or_else(PoisonError::into_inner);
            if entry.depth() == 0 || !is_dir || pruning.failure.is_some() {
                return pruning.failure.is_none();
            }
            pruning.keeps(entry.path())
        })
        .build();
    let mut found = Vec::new();
    for entry in walker {
        match entry {
            Ok(entry) if entry.file_type().is_some_and(|kind| kind.is_file()) => {
                let path = entry.path();
                if is_pbn_file_name(path) {
                    found.push(entry.into_path());
                } else if is_lin_file_name(path) {
                    // Taken by the commands that read LIN; counted for a note by the others.
                    if filter.lin {
                        found.push(entry.into_path());
                    } else {
                        discovery.lin_skipped += 1;
                    }
                }
            }
            Ok(_) => {}
            Err(error) => {
                if let Some(trouble) = walk_error(&error, root) {
                    discovery.errors.push(trouble);
                }
            }
        }
    }
    let pruning = std::mem::replace(
        &mut *shared.lock().unwrap_or_else(PoisonError::into_inner),
        Pruning {
            resolver: Resolver::new(Source::None),
            exclude: Globs::default(),
            cwd: PathBuf::new(),
            failure: None,
        },
    );
    filter.resolver = pruning.resolver;
    if let Some(error) = pruning.failure {
        return Err(error);
    }
    for path in found {
        let config = filter.resolver.for_path(&path, false)?;
        if filter.excluded(&path, config.as_deref()) {
            continue;
        }
        if seen.insert(identity(&path)) {
            discovery.inputs.push(Found {
                input: Input::File(path),
                under: Some(root.to_path_buf()),
                config,
                link_free: !filter.follow,
            });
        } else {
            discovery.repeated.push(path);
        }
    }
    Ok(())
}

/// What prunes the directories of a walk: the excludes, with the configuration of each directory.
struct Pruning {
    resolver: Resolver,
    exclude: Globs,
    cwd: PathBuf,
    /// A configuration file that could not be used stops the walk.
    failure: Option<ConfigError>,
}

impl Pruning {
    fn keeps(&mut self, dir: &Path) -> bool {
        match self.resolver.for_path(dir, true) {
            Ok(config) => {
                !(self.exclude.matches(&self.cwd, dir)
                    || config.is_some_and(|config| config.exclude.matches(&config.dir, dir)))
            }
            Err(error) => {
                self.failure = Some(error);
                false
            }
        }
    }
}

/// A path the walk could not search, and why; `None` for trouble in an ignore file (a pattern
/// that does not parse), which ripgrep also passes over: the rest of the file still applies.
fn walk_error(error: &ignore::Error, root: &Path) -> Option<WalkError> {
    match error {
        ignore::Error::WithPath { path, err } => walk_error(err, path).map(|mut trouble| {
            if trouble.path.as_os_str().is_empty() || trouble.path == root {
                trouble.path = path.clone();
            }
            trouble
        }),
        ignore::Error::WithDepth { err, .. } => walk_error(err, root),
        ignore::Error::Loop { ancestor, child } => Some(WalkError {
            path: child.clone(),
            message: format!(
                "symbolic link loop back to {}; not followed",
                ancestor.display()
            ),
        }),
        ignore::Error::Io(error) => Some(WalkError {
            path: root.to_path_buf(),
            message: error.to_string(),
        }),
        _ => None,
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
