//! What a signal does to a run of the command line (the binary and `python -m pbnfmt`).

/// SIGINT, SIGTERM and SIGHUP end the run as they would, but first remove the temporary files
/// being written (`--write`, `--out-dir`), so that none is left beside the user's files. SIGXFSZ
/// (a file over `ulimit -f`) is caught, so that the write fails with an error that is reported
/// and cleaned up like any other, instead of killing the run. Called by the binary's `main` and
/// by the Python module's (`python -m pbnfmt`), once, before [`super::run`].
#[cfg(unix)]
pub fn on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGXFSZ};
    let _ = signal_hook::flag::register(SIGXFSZ, std::sync::Arc::default());
    if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
        // A thread the OS refuses (a process limit) leaves the signals their default action: the
        // run goes on, and only a signal would leave a temporary file behind (issue 45, item 17).
        let _ = std::thread::Builder::new().spawn(move || {
            if let Some(signal) = signals.forever().next() {
                crate::io::write::remove_temporaries();
                std::process::exit(128 + signal);
            }
        });
    }
}
