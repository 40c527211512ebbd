//! The `pbnfmt` binary: parse the arguments, run, exit with the status the run chose.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // clap prints usage errors itself and exits with status 2, the documented status for them.
    let cli = pbnfmt::cli::Cli::parse();
    #[cfg(unix)]
    pbnfmt::cli::on_signals();
    ExitCode::from(pbnfmt::cli::run(cli))
}
