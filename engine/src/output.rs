//! The only way protocol text reaches stdout: whole lines, `\n`-terminated,
//! flushed at once, one writer at a time (search threads and the UCI thread
//! both write).
//!
//! One line of input gets at most one `info string` for its problems: a
//! note on the line as a whole ([`note`], such as tabs read as spaces) is
//! held until the command's own `info string` on this thread, which carries
//! it in front, or is written alone when the line ends ([`flush_note`]).

use std::cell::RefCell;
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

thread_local! {
    /// The note held for the line this thread is handling.
    static NOTE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// `info string <text>`, after the note held for this line, if any.
pub fn info_string(text: &str) {
    match NOTE.with(|n| n.borrow_mut().take()) {
        Some(note) => emit(&rockad_uci::info_string(&format!("{note}; {text}"))),
        None => emit(&rockad_uci::info_string(text)),
    }
}

/// Holds `text` for the line being handled, to go out with its next
/// `info string` (notes of the same line are joined with `; `).
pub fn note(text: &str) {
    NOTE.with(|n| {
        let mut n = n.borrow_mut();
        *n = Some(match n.take() {
            Some(held) => format!("{held}; {text}"),
            None => text.to_string(),
        });
    });
}

/// At the end of a line: writes the note no `info string` carried.
pub fn flush_note() {
    if let Some(note) = NOTE.with(|n| n.borrow_mut().take()) {
        emit(&rockad_uci::info_string(&note));
    }
}
