//! The entry points of the commands that rewrite each file by itself (`export`, `resolve`,
//! `nag`, `rotate`, `renumber`, `replicate`, `fix`): each turns its arguments into the rewrite of
//! one file's bytes, which the frame of `rewrite.rs` runs over the inputs in every mode.

use crate::export::{ExportOptions, Newline, export_owned};
use crate::proof::Rewritten;
use crate::rewrite::RewriteOptions;
use crate::rewrite::fix::{FixOptions, fix_owned};
use crate::rewrite::nag::nag_owned;
use crate::rewrite::renumber::{RenumberOptions, renumber_owned};
use crate::rewrite::replicate::{ReplicateOptions, replicate_owned};
use crate::rewrite::resolve::resolve_owned;
use crate::rewrite::rotate::{RotateOptions, rotate_owned};
use crate::rewrite::score::ScoreOptions;
use crate::rules::select::Selection;
use crate::{config, config::InputEncoding};

use super::rewrite::{Wording, input_overrides, rewrite_options, run};
use super::settings::{self, RewriteOverrides, rewrite_settings};
use super::{
    EXIT_TROUBLE, ExportArgs, FixArgs, NagArgs, RenumberArgs, ReplicateArgs, ResolveArgs,
    RewriteArgs, RotateArgs, ScoreArgs, say,
};

/// `pbnfmt export`.
pub(super) fn export(args: &ExportArgs) -> u8 {
    let overrides = RewriteOverrides {
        input_encoding: *args.io.input_encoding,
        encoding: args.written.encoding,
        line_ending: args.written.line_ending,
        resolve: args.resolve,
    };
    let wording = Wording::of("export", "exported", "already in export format", "reformat");
    run(&args.io, &overrides, &wording, |bytes, found, cores| {
        let merged = rewrite_settings(&overrides, Some(found));
        let options = ExportOptions {
            input_encoding: merged.encoding.and_then(InputEncoding::forced),
            encoding: merged.export.encoding.map(config::OutputEncoding::encoding),
            newline: match merged.export.line_ending {
                Some(config::LineEnding::Lf) => Newline::Lf,
                Some(config::LineEnding::Crlf) | None => Newline::CrLf,
            },
            resolve: merged.export.resolve,
            force: args.io.force,
            chunk_bytes: None,
            parse_ahead: cores.parse_ahead,
            threads: cores.threads,
            paranoid: args.paranoid,
        };
        if !args.fix {
            return export_owned(bytes, &options);
        }
        // The fixes, proved, then the export of the fixed text, compared with the input
        // as read to tell whether the file changes.
        let fix = FixOptions {
            rewrite: RewriteOptions {
                input_encoding: options.input_encoding,
                force: args.io.force,
                chunk_bytes: None,
            },
            selection: Selection::default(),
            unsafe_fixes: args.unsafe_fixes,
        };
        let mut fixed = fix_owned(bytes, &fix);
        let Some(output) = fixed.output.take() else {
            return fixed;
        };
        let bytes = match output.into_bytes() {
            Ok(bytes) => bytes,
            Err(_) => return Rewritten::refused(fixed.decoded, fixed.problems, fixed.games),
        };
        let options = ExportOptions {
            input_encoding: Some(fixed.decoded.encoding),
            ..options
        };
        let mut exported = export_owned(bytes, &options);
        exported.source = Some(fixed.decoded);
        exported
    })
}

/// `pbnfmt resolve`.
pub(super) fn resolve(args: &ResolveArgs) -> u8 {
    let overrides = input_overrides(&args.io);
    let wording = if args.compress {
        Wording::of(
            "compress",
            "compressed",
            "with nothing to compress",
            "compress",
        )
    } else {
        Wording::of("resolve", "resolved", "with nothing to resolve", "resolve")
    };
    run(&args.io, &overrides, &wording, |bytes, found, _| {
        resolve_owned(
            bytes,
            rewrite_options(&args.io, &overrides, found),
            args.compress,
        )
    })
}

/// An edit rewrite of every input with `edit`, through the rewrite modes.
fn edit_run(
    io: &RewriteArgs,
    wording: &Wording,
    edit: impl Fn(Vec<u8>, RewriteOptions) -> Rewritten + Sync,
) -> u8 {
    let overrides = input_overrides(io);
    run(io, &overrides, wording, |bytes, found, _| {
        edit(bytes, rewrite_options(io, &overrides, found))
    })
}

/// `pbnfmt nag`.
pub(super) fn nag(args: &NagArgs) -> u8 {
    let wording = Wording::of("nag", "rewritten", "with no suffix to rewrite", "rewrite");
    edit_run(&args.io, &wording, nag_owned)
}

/// `pbnfmt score`.
pub(super) fn score(args: &ScoreArgs) -> u8 {
    let wording = Wording::of("score", "scored", "with nothing to score", "score");
    let scoring = args.scoring;
    edit_run(&args.io, &wording, |bytes, rewrite| {
        crate::rewrite::score::score_owned(bytes, ScoreOptions { scoring, rewrite }).rewritten
    })
}

/// `pbnfmt rotate`.
pub(super) fn rotate(args: &RotateArgs) -> u8 {
    let wording = Wording::of("rotate", "rotated", "with nothing to turn", "rotate");
    use crate::rewrite::rotate::Basis;
    let (to, basis) = match (args.to, args.to_dealer, args.to_declarer) {
        (Some(to), _, _) => (Some(to), args.basis.map_or(Basis::Standard, |b| b.basis())),
        (None, Some(to), _) => (Some(to), Basis::Dealer),
        (None, None, Some(to)) => (Some(to), Basis::Declarer),
        (None, None, None) => (None, Basis::Standard),
    };
    let turn = RotateOptions {
        by: args.by.unwrap_or(0),
        to,
        basis,
        players: args.players,
        commentary: args.commentary,
        strict: args.strict,
    };
    edit_run(&args.io, &wording, |bytes, options| {
        rotate_owned(bytes, turn, options)
    })
}

/// `pbnfmt renumber`.
pub(super) fn renumber(args: &RenumberArgs) -> u8 {
    let wording = Wording::of("renumber", "renumbered", "numbered already", "renumber");
    if let Some(name) = &args.keep_original
        && !crate::names::is_tag_name(name)
    {
        say!(
            "pbnfmt: error: --keep-original: `{}` is not a tag name (an upper-case letter, then \
             letters, digits and `_`)",
            crate::display::escape(name)
        );
        return EXIT_TROUBLE;
    }
    let renumber = RenumberOptions {
        from: args.from,
        keep_original: args.keep_original.clone(),
        standard: args.standard_dealer_vul,
    };
    edit_run(&args.io, &wording, |bytes, options| {
        renumber_owned(bytes, &renumber, options)
    })
}

/// `pbnfmt replicate`.
pub(super) fn replicate(args: &ReplicateArgs) -> u8 {
    let wording = Wording::of(
        "replicate",
        "replicated",
        "with no board to copy",
        "replicate",
    );
    let replicate = ReplicateOptions {
        blocks: args.blocks,
        size: args.size,
    };
    edit_run(&args.io, &wording, |bytes, options| {
        replicate_owned(bytes, replicate, options)
    })
}

/// `pbnfmt fix`.
pub(super) fn fix(args: &FixArgs) -> u8 {
    let chosen = Selection {
        select: args.select.clone(),
        extend_select: Vec::new(),
        ignore: args.ignore.clone(),
        export: false,
    };
    if let Err(status) = settings::known_selectors(&chosen) {
        return status;
    }
    let overrides = input_overrides(&args.io);
    let wording = Wording::of("fix", "fixed", "with nothing to fix", "fix");
    run(&args.io, &overrides, &wording, |bytes, found, _| {
        let options = FixOptions {
            rewrite: rewrite_options(&args.io, &overrides, found),
            // Every rule that has a fix runs, as the configuration and the command line select
            // them; export conformance as declared by the file.
            selection: chosen.clone(),
            unsafe_fixes: args.unsafe_fixes,
        };
        fix_owned(bytes, &options)
    })
}
