//! Output of the subcommands on stdout. Every write returns its error, so
//! that a closed pipe (`rockad frc | head -2`) ends the run quietly with
//! success at the top of [`super::main`] instead of a panic in `println!`.

use std::io::{self, BufWriter, StdoutLock, Write};

/// Buffered stdout; call [`Stdout::finish`] to flush (and see the error).
pub struct Stdout {
    out: BufWriter<StdoutLock<'static>>,
    /// Whether a write found the reader gone, for code that turns write
    /// errors into messages of its own.
    closed: bool,
}

impl Stdout {
    pub fn new() -> Stdout {
        Stdout { out: BufWriter::new(io::stdout().lock()), closed: false }
    }

    /// One line, with its line break.
    pub fn line(&mut self, text: &str) -> io::Result<()> {
        self.write_all(text.as_bytes())?;
        self.write_all(b"\n")
    }

    /// Text as it is.
    pub fn text(&mut self, text: &str) -> io::Result<()> {
        self.write_all(text.as_bytes())
    }

    /// Whether stdout was found closed.
    pub fn closed(&self) -> bool {
        self.closed
    }

    pub fn finish(mut self) -> io::Result<()> {
        self.flush()
    }

    fn watch<T>(&mut self, r: io::Result<T>) -> io::Result<T> {
        if r.as_ref().is_err_and(|e| e.kind() == io::ErrorKind::BrokenPipe) {
            self.closed = true;
        }
        r
    }
}

impl Default for Stdout {
    fn default() -> Stdout {
        Stdout::new()
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let r = self.out.write(buf);
        self.watch(r)
    }
    fn flush(&mut self) -> io::Result<()> {
        let r = self.out.flush();
        self.watch(r)
    }
}

/// Writes `lines` to stdout and flushes.
pub fn lines<S: AsRef<str>>(lines: impl IntoIterator<Item = S>) -> io::Result<()> {
    let mut out = Stdout::new();
    for l in lines {
        out.line(l.as_ref())?;
    }
    out.finish()
}

/// A line on stdout, flushed at once, for the reports of long runs
/// (`tune`, `wdl`) that cannot return early from the middle of their work.
/// When stdout is closed nobody reads the report any more: the run ends
/// here with success. Their files are written through a temporary file and
/// a rename, so none is left half written.
pub fn say(line: &str) {
    let mut out = io::stdout().lock();
    let written =
        out.write_all(line.as_bytes()).and_then(|()| out.write_all(b"\n")).and_then(|()| out.flush());
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => eprintln!("rockad: writing to stdout: {e}"),
    }
}
