//! The only way protocol text reaches stdout: whole lines, `\n`-terminated,
//! flushed at once, one writer at a time (search threads and the UCI thread
//! both write).

use std::io::Write;

use log::debug;

/// Writes one protocol line.
pub fn emit(line: &str) {
    debug!(">> {line}");
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // A closed stdout means the GUI is gone; nothing useful is left to do
    // with the error, and the reader will see end of input.
    let _ = out.write_all(line.as_bytes());
    let _ = out.write_all(b"\n");
    let _ = out.flush();
}

/// Writes several lines under one lock, so no search line lands between them.
pub fn emit_block(lines: &[String]) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in lines {
        debug!(">> {line}");
        let _ = out.write_all(line.as_bytes());
        let _ = out.write_all(b"\n");
    }
    let _ = out.flush();
}

/// `info string <text>`.
pub fn info_string(text: &str) {
    emit(&rockad_uci::info_string(text));
}
