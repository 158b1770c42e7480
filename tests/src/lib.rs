//! Rockad's integration suite: helpers to drive the real `rockad` binary
//! over pipes the way a GUI does, and shared test data.
//!
//! This crate owns test harnesses only; it must not contain engine logic.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The `rockad` binary of the engine package, built by cargo in the same
/// profile as this test (once per test process), so the tests always run
/// the current code.
pub fn rockad_path() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        if let Ok(p) = std::env::var("ROCKAD_BIN") {
            return PathBuf::from(p);
        }
        // target/<profile-dir>/deps/<this test>
        let exe = std::env::current_exe().expect("test executable path");
        let profile_dir = exe.parent().and_then(Path::parent).expect("target/<profile>/deps");
        let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") => "dev",
            Some(other) => other,
            None => "dev",
        };
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "--quiet", "-p", "rockad", "--bin", "rockad", "--profile", profile])
            .status()
            .expect("running cargo to build rockad");
        assert!(status.success(), "building rockad failed");
        let bin = profile_dir.join(format!("rockad{}", std::env::consts::EXE_SUFFIX));
        assert!(bin.exists(), "{} missing after build", bin.display());
        bin
    })
}

/// Runs `rockad <args>` to completion; returns (exit status, stdout, stderr).
pub fn run_cli(args: &[&str]) -> (ExitStatus, String, String) {
    let out = Command::new(rockad_path()).args(args).output().expect("running rockad");
    (
        out.status,
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A running engine with its stdin and a line reader on its stdout.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for whole-session checks.
    pub transcript: Vec<String>,
    /// The line the engine opens with (`Rockad 0.1.0 (...) by the Rockad
    /// developers`), read by [`Engine::start`] so that tests start at the
    /// protocol.
    pub banner: String,
}

/// The position after 1. e4, as `d` writes its FEN: what a test plays into
/// before checking that bad input left it alone.
pub const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

/// How long a test waits for an answer that should come at once.
pub const PROMPT: Duration = Duration::from_secs(10);

impl Engine {
    pub fn start() -> Engine {
        Engine::start_with_env(&[])
    }

    pub fn start_with_env(env: &[(&str, &str)]) -> Engine {
        let mut cmd = Command::new(rockad_path());
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("starting rockad");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).into_owned();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut engine = Engine {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            transcript: Vec::new(),
            banner: String::new(),
        };
        engine.banner = engine.next_line(PROMPT).expect("a banner line");
        assert!(engine.banner.starts_with("Rockad "), "banner: {}", engine.banner);
        engine
    }

    /// Sends one line (a newline is added).
    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    /// Sends bytes as they are.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("writing to rockad");
        stdin.flush().expect("flushing to rockad");
    }

    /// Closes stdin (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line within `timeout`, without its `\n` (None on timeout or
    /// end of output). Panics if a line is not `\n`-terminated cleanly.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(raw) => {
                assert!(raw.ends_with('\n'), "line without newline: {raw:?}");
                let line = raw[..raw.len() - 1].to_string();
                assert!(!line.ends_with('\r'), "line ends in \\r: {line:?}");
                assert!(!line.starts_with(' '), "line starts with a space: {line:?}");
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `pred`; returns all lines read,
    /// the matching one last. Panics on timeout.
    pub fn read_until(&mut self, timeout: Duration, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let done = pred(&line);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                None => panic!("timed out after {timeout:?}; lines so far: {seen:#?}"),
            }
        }
    }

    /// Reads until a line equal to `expected`.
    pub fn expect(&mut self, expected: &str) -> Vec<String> {
        self.read_until(PROMPT, |l| l == expected)
    }

    /// Reads until a line starting with `prefix`; returns that line.
    pub fn expect_prefix(&mut self, prefix: &str) -> String {
        self.read_until(PROMPT, |l| l.starts_with(prefix)).pop().expect("a line")
    }

    /// Everything printed within `dur`.
    pub fn collect_for(&mut self, dur: Duration) -> Vec<String> {
        let deadline = Instant::now() + dur;
        let mut seen = Vec::new();
        while let Some(line) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            seen.push(line);
        }
        seen
    }

    /// `isready` → `readyok`; returns what came before it.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.expect("readyok");
        lines.pop();
        lines
    }

    /// The position's FEN: the `Fen:` line of `d`.
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.sync();
        lines.iter().find_map(|l| l.strip_prefix("Fen: ")).expect("a Fen: line from d").to_string()
    }

    /// Sends a command and returns its `info string` reply (synchronising
    /// with `isready`); panics if there is none.
    pub fn info_string_for(&mut self, line: &str) -> String {
        self.send(line);
        let lines = self.sync();
        let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info string ")).collect();
        assert_eq!(infos.len(), 1, "expected one info string for {line:?}, got {lines:?}");
        infos[0].clone()
    }

    /// Whether the process has exited within `timeout`; its status if so.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Sends `quit` (a search may be running) and checks the process ends
    /// cleanly within `limit`.
    pub fn quit_within(mut self, limit: Duration) {
        self.send("quit");
        let sent = Instant::now();
        let status = self.wait_exit(Duration::from_secs(2)).expect("rockad exits after quit");
        assert!(status.success(), "exit status {status:?}");
        assert!(sent.elapsed() < limit, "quit took {:?}", sent.elapsed());
    }

    /// Sends `quit` and checks the process ends cleanly.
    pub fn quit(mut self) {
        self.send("quit");
        let status = self.wait_exit(PROMPT).expect("rockad exits after quit");
        assert!(status.success(), "exit status {status:?}");
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line (`None` for `0000`).
/// The quickest of a few tries of a timed step, so a busy machine's
/// scheduler hiccup does not decide a test; a real delay shows in every try.
pub fn fastest(tries: usize, mut f: impl FnMut() -> Duration) -> Duration {
    (0..tries).map(|_| f()).min().expect("at least one try")
}

pub fn bestmove_of(line: &str) -> Option<String> {
    let mut words = line.split_whitespace();
    assert_eq!(words.next(), Some("bestmove"), "not a bestmove line: {line}");
    let m = words.next().expect("bestmove has a move");
    (m != "0000").then(|| m.to_string())
}

/// The value after `key` in an `info` line.
pub fn info_field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.iter().position(|w| *w == key).and_then(|i| words.get(i + 1).copied())
}

/// The workspace's seeded generator, for the randomised tests: the same
/// seed gives the same commands, so a failure can be replayed.
pub use rockad_eval::Rng;
