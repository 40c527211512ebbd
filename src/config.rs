//! `pbnfmt.toml`: the configuration file, how it is found, and the glob patterns of its excludes.
//!
//! For each file, pbnfmt looks in the file's directory and then in each parent for `pbnfmt.toml`
//! or `.pbnfmt.toml`; the closest one wins and is used alone (no merging up the tree, as with
//! ruff's `ruff.toml`). `--config PATH` uses one file for everything, `--isolated` none.
//!
//! ```toml
//! exclude = ["archive/1998/**", "*.tmp.pbn"]  # globs, relative to this file's directory
//! encoding = "auto"                          # how inputs are read
//!
//! [check]
//! select = ["ALL"]                           # replaces the default rule set
//! extend-select = ["T030"]
//! ignore = ["C005"]
//! export = false                             # the E rules in every file
//! warnings-as-errors = false
//!
//! [check.per-file-ignores]
//! "hand-records/**" = ["D003"]
//!
//! [export]
//! encoding = "utf-8"                         # output encoding; the input's when absent
//! line-ending = "crlf"
//! resolve = false
//! ```
//!
//! Unknown keys and rule selectors that name no rule are errors: a misspelt key would otherwise
//! be ignored in silence.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::ValueEnum;
use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use serde::{Deserialize, Serialize};

use crate::rules::select::matching;
use crate::source::{Encoding, LineIndex};

/// The names a configuration file may have, in the order they are looked for.
pub const FILE_NAMES: [&str; 2] = ["pbnfmt.toml", ".pbnfmt.toml"];

/// The largest configuration file read (256 KiB): one found in an archive may be anything, and a
/// real one is a few lines. Each glob compiles to a regex of ~10 KB, so a file of nothing but
/// patterns at this size holds ~220 MB (`docs/spec-decisions.md`, "Configuration files").
pub const MAX_CONFIG_LEN: usize = 256 << 10;

/// The contents of a configuration file, as written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct ConfigFile {
    /// Paths to leave out, as globs relative to the file's directory.
    pub exclude: Vec<String>,
    /// How inputs are read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<InputEncoding>,
    pub check: CheckSection,
    pub export: ExportSection,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct CheckSection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub select: Option<Vec<String>>,
    pub extend_select: Vec<String>,
    pub ignore: Vec<String>,
    pub export: bool,
    pub warnings_as_errors: bool,
    pub per_file_ignores: BTreeMap<String, Vec<String>>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct ExportSection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<OutputEncoding>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line_ending: Option<LineEnding>,
    pub resolve: bool,
}

/// How inputs are read: the same names in `pbnfmt.toml` and on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, ValueEnum)]
pub enum InputEncoding {
    #[serde(rename = "auto")]
    Auto,
    #[serde(rename = "utf-8", alias = "utf8")]
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    #[serde(rename = "latin-1", alias = "latin1", alias = "iso-8859-1")]
    #[value(name = "latin-1", alias = "latin1", alias = "iso-8859-1")]
    Latin1,
    #[serde(rename = "utf-16le", alias = "utf16le")]
    #[value(name = "utf-16le", alias = "utf16le")]
    Utf16Le,
    #[serde(rename = "utf-16be", alias = "utf16be")]
    #[value(name = "utf-16be", alias = "utf16be")]
    Utf16Be,
}

impl InputEncoding {
    /// The encoding to force; `None` to detect it.
    pub fn forced(self) -> Option<Encoding> {
        match self {
            InputEncoding::Auto => None,
            InputEncoding::Utf8 => Some(Encoding::Utf8),
            InputEncoding::Latin1 => Some(Encoding::Latin1),
            InputEncoding::Utf16Le => Some(Encoding::Utf16Le),
            InputEncoding::Utf16Be => Some(Encoding::Utf16Be),
        }
    }
}

/// The encoding `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, ValueEnum)]
pub enum OutputEncoding {
    #[serde(rename = "utf-8", alias = "utf8")]
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    #[serde(rename = "latin-1", alias = "latin1", alias = "iso-8859-1")]
    #[value(name = "latin-1", alias = "latin1", alias = "iso-8859-1")]
    Latin1,
}

impl OutputEncoding {
    pub fn encoding(self) -> Encoding {
        match self {
            OutputEncoding::Utf8 => Encoding::Utf8,
            OutputEncoding::Latin1 => Encoding::Latin1,
        }
    }
}

/// The line end `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum LineEnding {
    Crlf,
    Lf,
}

/// A configuration file read and checked, with its globs compiled.
#[derive(Debug)]
pub struct Config {
    /// The file it was read from.
    pub path: PathBuf,
    /// The directory its globs are relative to (absolute).
    pub dir: PathBuf,
    pub file: ConfigFile,
    pub exclude: Globs,
    /// Per-file ignores: the pattern and the rule selectors.
    /// The patterns of `check.per-file-ignores`, one set, and the rules of each in order.
    pub per_file_ignores: (Globs, Vec<Vec<String>>),
}

/// A configuration file that could not be used, worded for the user (`path:line:col: message`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Config {
    /// Reads the configuration file at `path`.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let cannot = |why: &dyn std::fmt::Display| {
            ConfigError(format!("cannot read {}: {why}", path.display()))
        };
        let bytes = crate::io::read_file_at_most(path, MAX_CONFIG_LEN).map_err(|e| cannot(&e))?;
        let text =
            String::from_utf8(bytes).map_err(|_| cannot(&"not UTF-8 text, which TOML must be"))?;
        let dir = std::path::absolute(path)
            .ok()
            .and_then(|path| path.parent().map(Path::to_path_buf))
            .unwrap_or_default();
        Config::parse(path, dir, &text)
    }

    /// Reads configuration text; `path` names it in messages, `dir` anchors its globs.
    pub fn parse(path: &Path, dir: PathBuf, text: &str) -> Result<Config, ConfigError> {
        let at = |span: Option<std::ops::Range<usize>>| {
            let (line, column) = span.map_or((1, 1), |span| {
                LineIndex::new(text).line_col(text, span.start.min(text.len()))
            });
            format!("{}:{line}:{column}", path.display())
        };
        let file: ConfigFile = toml::from_str(text).map_err(|error| {
            ConfigError(format!(
                "{}: {}",
                at(error.span()),
                error.message().trim_end()
            ))
        })?;
        let unknown: Vec<&str> = file
            .check
            .select
            .iter()
            .flatten()
            .chain(&file.check.extend_select)
            .chain(&file.check.ignore)
            .chain(file.check.per_file_ignores.values().flatten())
            .map(String::as_str)
            .filter(|selector| matching(selector).is_empty())
            .collect();
        if let Some(first) = unknown.first() {
            return Err(ConfigError(format!(
                "{}: no rule matches {}; `pbnfmt rule --all` lists the rules",
                at(selector_span(text, first)),
                unknown
                    .iter()
                    .map(|s| format!("`{s}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let globs = |patterns: &[String], key: &str| {
            Globs::new(patterns)
                .map_err(|error| ConfigError(format!("{}: in `{key}`: {error}", path.display())))
        };
        let exclude = globs(&file.exclude, "exclude")?;
        let keys: Vec<String> = file.check.per_file_ignores.keys().cloned().collect();
        let per_file_ignores = (
            globs(&keys, "check.per-file-ignores")?,
            file.check.per_file_ignores.values().cloned().collect(),
        );
        Ok(Config {
            path: path.to_path_buf(),
            dir,
            file,
            exclude,
            per_file_ignores,
        })
    }

    /// The rule selectors `per-file-ignores` adds for `path`.
    pub fn ignores_for(&self, path: &Path) -> Vec<String> {
        let (globs, rules) = &self.per_file_ignores;
        globs
            .matching(&self.dir, path)
            .into_iter()
            .flat_map(|index| rules[index].iter().cloned())
            .collect()
    }
}

/// Where the selector `wanted` is written in the configuration text: its string in `select`,
/// `extend-select`, `ignore` or a `per-file-ignores` list. Read again with spans, only to word an
/// error.
fn selector_span(text: &str, wanted: &str) -> Option<std::ops::Range<usize>> {
    type Selectors = Vec<toml::Spanned<String>>;
    #[derive(Deserialize, Default)]
    #[serde(default, rename_all = "kebab-case")]
    struct Check {
        select: Selectors,
        extend_select: Selectors,
        ignore: Selectors,
        per_file_ignores: BTreeMap<String, Selectors>,
    }
    #[derive(Deserialize, Default)]
    #[serde(default)]
    struct Spans {
        check: Check,
    }
    let spans: Spans = toml::from_str(text).ok()?;
    let check = spans.check;
    check
        .select
        .iter()
        .chain(&check.extend_select)
        .chain(&check.ignore)
        .chain(check.per_file_ignores.values().flatten())
        .find(|selector| selector.get_ref() == wanted)
        .map(toml::Spanned::span)
}

/// Glob patterns as pbnfmt reads them: a pattern without `/` matches the name of the file or of
/// any directory above it (`old`, `*.tmp.pbn`); a pattern with `/` matches the path relative to
/// the base directory (`archive/199?/**`), `*` not crossing `/`. A directory that matches is left
/// out with everything below it.
#[derive(Clone, Debug)]
pub struct Globs {
    /// Patterns without a `/`, matched against each component of a path.
    names: GlobSet,
    /// Patterns with a `/`, matched against the path from the base down.
    paths: GlobSet,
    /// The pattern each glob of `names` and of `paths` comes from (a `dir/**` is two globs).
    name_owner: Vec<usize>,
    path_owner: Vec<usize>,
}

impl Default for Globs {
    fn default() -> Globs {
        Globs {
            names: GlobSet::empty(),
            paths: GlobSet::empty(),
            name_owner: Vec::new(),
            path_owner: Vec::new(),
        }
    }
}

/// The most patterns one list may hold (`exclude`, `--exclude`, the keys of
/// `check.per-file-ignores`): far more than a project writes, few enough that a configuration
/// from an untrusted archive cannot make every file cost thousands of matches (issue 45, item 13).
pub const MAX_PATTERNS: usize = 1024;

/// The longest pattern pbnfmt compiles: a path's worth. A longer one is an error before its
/// regular expression is built, which for a pattern of 250,000 `?` takes 150 MB and then fails
/// (issue 45, item 16).
pub const MAX_PATTERN_LEN: usize = 4096;

impl Globs {
    /// The patterns of one list, compiled into one set of each kind: a path is matched against
    /// all of them at once. A pattern that is not a glob, or that the regular-expression engine
    /// cannot hold, is an error, as are more than [`MAX_PATTERNS`].
    pub fn new(patterns: &[String]) -> Result<Globs, String> {
        if patterns.len() > MAX_PATTERNS {
            return Err(format!(
                "{} patterns, more than the {MAX_PATTERNS} pbnfmt reads in one list",
                patterns.len()
            ));
        }
        let (mut names, mut paths) = (GlobSetBuilder::new(), GlobSetBuilder::new());
        let mut globs = Globs::default();
        for (index, pattern) in patterns.iter().enumerate() {
            if pattern.len() > MAX_PATTERN_LEN {
                return Err(format!(
                    "a pattern of {} bytes, longer than the {MAX_PATTERN_LEN} pbnfmt compiles",
                    pattern.len()
                ));
            }
            let trimmed = pattern.trim_start_matches("./").trim_end_matches('/');
            // `dir/**` also names `dir` itself, so that the walk leaves it out whole.
            let whole = trimmed.strip_suffix("/**").filter(|dir| !dir.is_empty());
            for glob in std::iter::once(trimmed).chain(whole) {
                let built = GlobBuilder::new(glob)
                    .literal_separator(true)
                    .build()
                    .map_err(|error| format!("`{pattern}` is not a glob: {}", error.kind()))?;
                if glob.contains('/') || whole.is_some() {
                    paths.add(built);
                    globs.path_owner.push(index);
                } else {
                    names.add(built);
                    globs.name_owner.push(index);
                }
            }
        }
        // The set's build compiles the regular expressions, which may be too large for the
        // engine: an error here, not a panic in a matcher (issue 45, item 16).
        let build = |set: GlobSetBuilder| {
            set.build().map_err(|error| {
                format!(
                    "the patterns cannot be compiled ({}); shorten them",
                    crate::display::escape(&error.to_string())
                )
            })
        };
        globs.names = build(names)?;
        globs.paths = build(paths)?;
        Ok(globs)
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty() && self.paths.is_empty()
    }

    /// True when `path` or a directory above it (up to `base`) matches. Both are made absolute
    /// without following links, so that the patterns see the path as the user wrote it.
    pub fn matches(&self, base: &Path, path: &Path) -> bool {
        let mut any = false;
        self.each_match(base, path, |_| {
            any = true;
            false
        });
        any
    }

    /// The patterns (by their place in the list) that `path` or a directory above it matches,
    /// in order.
    pub fn matching(&self, base: &Path, path: &Path) -> Vec<usize> {
        let mut found = Vec::new();
        self.each_match(base, path, |index| {
            found.push(index);
            true
        });
        found.sort_unstable();
        found.dedup();
        found
    }

    /// Hands each pattern that matches to `each` until it returns false.
    fn each_match(&self, base: &Path, path: &Path, mut each: impl FnMut(usize) -> bool) {
        if self.is_empty() {
            return;
        }
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let relative = absolute.strip_prefix(base).ok();
        let components: Vec<&std::ffi::OsStr> = match relative {
            Some(relative) => relative.iter().collect(),
            None => absolute.file_name().into_iter().collect(),
        };
        let mut prefix = PathBuf::new();
        for component in components {
            prefix.push(component);
            for glob in self.names.matches(component) {
                if !each(self.name_owner[glob]) {
                    return;
                }
            }
            if relative.is_some() {
                for glob in self.paths.matches(&prefix) {
                    if !each(self.path_owner[glob]) {
                        return;
                    }
                }
            }
        }
    }
}

/// Where configurations come from.
#[derive(Debug)]
pub enum Source {
    /// `--isolated`: none.
    None,
    /// `--config PATH`: this one for every file.
    Fixed(Arc<Config>),
    /// The closest `pbnfmt.toml` above each file.
    Discover,
}

/// Finds the configuration of each directory, reading each file once.
#[derive(Debug)]
pub struct Resolver {
    source: Source,
    /// Directory (absolute) → its configuration.
    cache: HashMap<PathBuf, Option<Arc<Config>>>,
}

impl Resolver {
    pub fn new(source: Source) -> Resolver {
        Resolver {
            source,
            cache: HashMap::new(),
        }
    }

    /// The configuration for a file or directory at `path`: the closest one in its directory or
    /// above. For a directory, its own configuration file counts.
    pub fn for_path(
        &mut self,
        path: &Path,
        is_dir: bool,
    ) -> Result<Option<Arc<Config>>, ConfigError> {
        match &self.source {
            Source::None => Ok(None),
            Source::Fixed(config) => Ok(Some(config.clone())),
            Source::Discover => {
                let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
                let dir = if is_dir {
                    Some(absolute.as_path())
                } else {
                    absolute.parent()
                };
                match dir {
                    Some(dir) => self.for_dir(dir),
                    None => Ok(None),
                }
            }
        }
    }

    fn for_dir(&mut self, dir: &Path) -> Result<Option<Arc<Config>>, ConfigError> {
        if let Some(found) = self.cache.get(dir) {
            return Ok(found.clone());
        }
        // Anything by that name counts, so that a configuration that cannot be read is an error
        // and not silently absent (issue 45, item 21): a dangling link to a shared file missing
        // from a checkout, a link loop, a FIFO, a directory.
        let here: Vec<PathBuf> = FILE_NAMES
            .iter()
            .map(|name| dir.join(name))
            .filter(|path| path.symlink_metadata().is_ok())
            .collect();
        let found = match here.as_slice() {
            [] => match dir.parent() {
                Some(parent) => self.for_dir(parent)?,
                None => None,
            },
            [path] if !path.is_file() => {
                return Err(ConfigError(format!(
                    "{} is not a regular file (a dangling or looping link, a directory, a pipe): \
                     its settings cannot be read; remove it, or make it the file it should be",
                    crate::display::escape(&path.display().to_string())
                )));
            }
            [path] => Some(Arc::new(Config::load(path)?)),
            [first, second, ..] => {
                return Err(ConfigError(format!(
                    "{} and {} are both here; keep one",
                    first.display(),
                    second.display()
                )));
            }
        };
        self.cache.insert(dir.to_path_buf(), found.clone());
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn globs(patterns: &[&str]) -> Globs {
        Globs::new(&patterns.iter().map(|p| p.to_string()).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn name_and_path_patterns() {
        let base = Path::new("/club");
        let names = globs(&["old", "*.tmp.pbn"]);
        assert!(names.matches(base, Path::new("/club/old/a.pbn")));
        assert!(names.matches(base, Path::new("/club/x/old/a.pbn")));
        assert!(names.matches(base, Path::new("/club/a.tmp.pbn")));
        assert!(!names.matches(base, Path::new("/club/older/a.pbn")));
        let paths = globs(&["archive/199?/**", "./top/*.pbn"]);
        assert!(paths.matches(base, Path::new("/club/archive/1998/a.pbn")));
        assert!(paths.matches(base, Path::new("/club/archive/1998")));
        assert!(!paths.matches(base, Path::new("/club/archive/2001/a.pbn")));
        assert!(paths.matches(base, Path::new("/club/top/a.pbn")));
        assert!(
            !paths.matches(base, Path::new("/club/top/sub/a.pbn")),
            "* does not cross /"
        );
        assert!(!paths.matches(base, Path::new("/elsewhere/archive/1998/a.pbn")));
    }

    #[test]
    fn unknown_keys_and_rules_are_errors_with_positions() {
        let path = Path::new("pbnfmt.toml");
        // Each text, and how its error starts: the key's or the selector's own place (issue 24,
        // item 9), in any list that takes rules.
        let cases = [
            (
                "[check]\nselct = [\"D\"]\n",
                "pbnfmt.toml:2:1: unknown field `selct`",
            ),
            (
                "[check]\nignore = [\"D999\"]\n",
                "pbnfmt.toml:2:11: no rule matches `D999`",
            ),
            (
                "[check.per-file-ignores]\n\"a/**\" = [\"D\",\n    \"Q1\", \"Q2\"]\n",
                "pbnfmt.toml:3:5: no rule matches `Q1`, `Q2`",
            ),
        ];
        for (text, expected) in cases {
            let error = Config::parse(path, PathBuf::from("/"), text).unwrap_err().0;
            assert!(error.starts_with(expected), "{error}");
        }
        let error = Config::parse(path, PathBuf::from("/"), "encoding = \"ebcdic\"\n")
            .unwrap_err()
            .0;
        assert!(error.contains("unknown variant `ebcdic`"), "{error}");
        let config = Config::parse(
            path,
            PathBuf::from("/club"),
            "[check.per-file-ignores]\n\"hands/**\" = [\"D003\"]\n",
        )
        .unwrap();
        assert_eq!(config.ignores_for(Path::new("/club/hands/a.pbn")), ["D003"]);
        assert!(config.ignores_for(Path::new("/club/a.pbn")).is_empty());
    }
}
