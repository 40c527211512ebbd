//! `pbnfmt stats`: the counts of [`crate::stats`] over the boards of every input (PBN or LIN),
//! chosen by `--boards` and `--where` as `select` chooses them; each file counted on its own
//! thread, the counts added in input order.

use std::io::{self, Write as _};

use crate::query::each_board;
use crate::stats::Stats;

use super::{EXIT_CLEAN, StatsArgs, StatsFormat, finish, read_each_pbn_input, say};

pub(super) fn run(args: &StatsArgs) -> u8 {
    let (choice, discovery) = match super::select::chosen_inputs(
        &args.files,
        &args.choice,
        &args.config,
        "count",
        *args.encoding,
    ) {
        Ok(chosen) => chosen,
        Err(status) => return status,
    };
    let mut stats = Stats::default();
    let read = read_each_pbn_input(
        &discovery.inputs,
        (args.files.threads(), *args.encoding),
        |decoded| {
            let mut stats = Stats::default();
            each_board(&decoded.text, |board| {
                if choice.keeps(board) {
                    stats.board(board);
                }
                true
            });
            stats
        },
        |counted| stats.add(counted),
    );
    if let Err(status) = read {
        return status;
    }
    let out = match args.output_format {
        StatsFormat::Table => stats.table(),
        StatsFormat::Json => stats.json(),
        StatsFormat::Csv => stats.csv(),
    };
    let status = finish(io::stdout().lock().write_all(out.as_bytes()));
    if status == EXIT_CLEAN && stats.boards == 0 {
        say!("pbnfmt: no board was chosen: nothing to count");
    }
    status
}
