//! Where a rewrite's results go: never twice to one path in a run, never to an input, only to regular files inside the output folder, never through a link.

use super::*;

/// Refuses a second output of a run (`select --rejected`, `dedup --duplicates`) at a path where
/// one of the run's results is written (`--out-dir DIR` mirrors `a.pbn` to `DIR/a.pbn`; `--write`
/// writes the input itself): a run never writes one path twice (issue 63, item 1), which would
/// leave one of the two, whichever came last, and lose the other with exit 0. Before anything is
/// written. The paths are compared as written and, where their folders exist, as the files the
/// system would open.
pub(in crate::cli) fn refuse_second_output(
    option: &str,
    target: &Path,
    args: &RewriteArgs,
    jobs: &[Job],
    mode: Mode,
) -> Result<(), String> {
    let results: Vec<PathBuf> = jobs
        .iter()
        .filter_map(|job| match (mode, &job.found.input, &args.out_dir) {
            (Mode::OutDir, _, Some(dir)) => job.relative.as_ref().map(|r| dir.join(r)),
            (Mode::Write, Input::File(path), _) => Some(path.clone()),
            _ => None,
        })
        .collect();
    let target_is = same_file_as(target);
    match results.iter().find(|path| target_is(path)) {
        Some(path) => Err(format!(
            "{option} {} is where this run writes a result ({}): a run writes one path once; name \
             another file",
            display::escape_line(&target.display().to_string()),
            display::escape_line(&path.display().to_string())
        )),
        None => Ok(()),
    }
}

/// Whether a path names the same file as `target`, neither of which need exist: both made
/// absolute, `.` and `..` resolved as written, and the deepest folder that exists resolved as
/// the system resolves it (links included), so that `out/a.pbn`, `./out/../out/a.pbn` and a link
/// to `out` are one path.
pub(super) fn same_file_as(target: &Path) -> impl Fn(&Path) -> bool {
    pub(super) fn resolved(path: &Path) -> PathBuf {
        let absolute =
            std::env::current_dir().map_or_else(|_| path.to_path_buf(), |d| d.join(path));
        let mut lexical = PathBuf::new();
        for part in absolute.components() {
            match part {
                std::path::Component::ParentDir => {
                    lexical.pop();
                }
                std::path::Component::CurDir => {}
                other => lexical.push(other),
            }
        }
        // The deepest part that exists, as the system resolves it, and the rest as written.
        let mut rest = Vec::new();
        let mut head = lexical.as_path();
        loop {
            if let Ok(real) = std::fs::canonicalize(head) {
                return rest
                    .iter()
                    .rev()
                    .fold(real, |path: PathBuf, part| path.join(part));
            }
            match (head.parent(), head.file_name()) {
                (Some(parent), Some(name)) => {
                    rest.push(name.to_os_string());
                    head = parent;
                }
                _ => return lexical,
            }
        }
    }
    let target = resolved(target);
    move |path: &Path| resolved(path) == target
}

/// Refuses a run in which `--out-dir` would write two results to one path (`x.lin` and `x.pbn`
/// both converted to `x.pbn`; two folders' `hands.pbn` named as files), each replacing the last
/// in an order the threads decide, or a result over one of the inputs (`export in/a.pbn --out-dir
/// in`): before anything is read or written.
pub(super) fn one_result_a_path(dir: &Path, jobs: &[Job], verb: &str) -> Result<(), String> {
    let named = |path: &Path| display::escape_line(&path.display().to_string()).into_owned();
    let mut taken: std::collections::HashMap<&Path, &Job> = std::collections::HashMap::new();
    for job in jobs {
        let Some(relative) = &job.relative else {
            continue;
        };
        if let Some(first) = taken.insert(relative, job) {
            return Err(format!(
                "{} and {} would both be written to {}; {verb} them in two runs, or name the \
                 folder that holds them so that --out-dir mirrors it",
                display::escape_line(&first.found.input.display_name()),
                display::escape_line(&job.found.input.display_name()),
                named(&dir.join(relative))
            ));
        }
    }
    let inputs: std::collections::HashMap<crate::io::FileId, &Job> = jobs
        .iter()
        .filter_map(|job| match &job.found.input {
            Input::File(path) => crate::io::FileId::of(path).map(|id| (id, job)),
            Input::Stdin(_) => None,
        })
        .collect();
    for job in jobs {
        let Some(relative) = &job.relative else {
            continue;
        };
        let target = dir.join(relative);
        if let Some(input) = crate::io::FileId::of(&target).and_then(|id| inputs.get(&id)) {
            return Err(format!(
                "--out-dir would write the result of {} to {}, which is the input {}; name \
                 another --out-dir",
                display::escape_line(&job.found.input.display_name()),
                named(&target),
                display::escape_line(&input.found.input.display_name())
            ));
        }
    }
    Ok(())
}

/// The files written in this run, by what they are: a second result for one of them is refused,
/// never written over the first (two names of one file on a file system that ignores case).
#[derive(Default)]
pub(super) struct WrittenFiles {
    files: std::sync::Mutex<std::collections::HashSet<crate::io::FileId>>,
    /// The folders below `--out-dir` found to be no link in this run ([`no_link_below`]).
    plain: PlainFolders,
}

/// Folders below the output directory already found to be folders, not links: a later file
/// below them looks at none of them again. Each look at a folder `d` levels down costs the
/// system `d` steps; looking at every folder on the way for every file made a deep tree
/// quadratic in its depth for each file (issue 63, item 12: `export --out-dir` of 50 files at
/// depth 2,000 took 6.4 s).
pub(super) type PlainFolders = std::sync::Mutex<std::collections::HashSet<PathBuf>>;

/// Writes one export below `--out-dir`, unless the file there already has these bytes; says
/// whether it wrote.
pub(super) fn write_into(
    args: &RewriteArgs,
    job: &Job,
    output: &mut Output,
    written: &WrittenFiles,
) -> io::Result<bool> {
    let (Some(dir), Some(relative)) = (&args.out_dir, &job.relative) else {
        return Ok(false);
    };
    // Never outside DIR: only plain names below it.
    if !relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)))
    {
        return Err(io::Error::other(format!(
            "{} is not a path below the output directory",
            relative.display()
        )));
    }
    no_link_below(dir, relative, &written.plain)?;
    let target = dir.join(relative);
    // Held until the file is written, so that two threads cannot both find the path free.
    let mut set = written.files.lock().unwrap_or_else(|e| e.into_inner());
    if crate::io::FileId::of(&target).is_some_and(|id| set.contains(&id)) {
        return Err(io::Error::other(format!(
            "{} was written already in this run, from another input; it is not written over",
            display::escape_line(&target.display().to_string())
        )));
    }
    if std::fs::metadata(&target).is_ok_and(|metadata| metadata.len() == output.len())
        && let Ok(existing) = std::fs::read(&target)
        && output.equals(&existing)?
    {
        set.extend(crate::io::FileId::of(&target));
        return Ok(false);
    }
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let source = match &job.found.input {
        Input::File(path) => Some(path.as_path()),
        Input::Stdin(_) => None,
    };
    write_atomic(&target, output, source)?;
    if let Some(id) = crate::io::FileId::of(&target) {
        set.insert(id);
    }
    Ok(true)
}

/// Refuses a symbolic link anywhere below `dir` on the way to `relative`, the file included: a
/// link already inside the output directory would take the write outside it. (`dir` itself was
/// named by the user, and may be a link.) A folder found plain in this run (`plain`) is not
/// looked at again; the file always is.
pub(super) fn no_link_below(dir: &Path, relative: &Path, plain: &PlainFolders) -> io::Result<()> {
    let known = |path: &Path| {
        plain
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(path)
    };
    let last = relative.components().count();
    // The file's folder found plain: so were all on the way to it (each is added after those
    // above it). Only the file is looked at.
    let target = dir.join(relative);
    let (from, mut path) = match target.parent() {
        Some(parent) if last > 1 && known(parent) => (last - 1, parent.to_path_buf()),
        _ => (0, dir.to_path_buf()),
    };
    for (at, component) in relative.components().enumerate().skip(from) {
        path.push(component);
        let folder = at + 1 < last;
        if folder && known(&path) {
            continue;
        }
        match std::fs::symlink_metadata(&path) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                return Err(io::Error::other(format!(
                    "{} is a symbolic link inside the output directory, which pbnfmt does not \
                     write through",
                    path.display()
                )));
            }
            Ok(metadata) => {
                if folder && metadata.is_dir() {
                    plain
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(path.clone());
                }
            }
            // Not there yet: nothing below it is either.
            Err(_) => break,
        }
    }
    Ok(())
}
