//! The UCI loop: one thread reads stdin, this one dispatches each command,
//! search threads run in the background. `isready`, `stop` and `quit` are
//! therefore answered at once, also mid-search.

use std::io::BufRead;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Instant;

use crossbeam_channel::{Receiver, Sender, select, unbounded};
use log::debug;

use rockad_search::{Limits, SearchRequest, Searcher};
use rockad_uci::{Command, GoParams, OptionValue, SetOption, check_value, parse_command, parse_move};

use crate::game::Game;
use crate::lag::{AnswerClock, LagMeter};
use crate::listener::UciListener;
use crate::options::{self, Settings};
use crate::output::{emit, emit_block, info_string};
use crate::{bench, display, perft, syzygy_options};

/// A line from the GUI with the moment it arrived (the clock starts then),
/// or the end of input.
enum Input {
    Line(String, Instant),
    Eof,
}

/// Whether the loop goes on.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Changes that must wait for the running search to end.
#[derive(Debug)]
enum Deferred {
    Hash(usize),
    Threads(usize),
    Clear,
}

pub struct Session {
    searcher: Searcher,
    game: Game,
    settings: Settings,
    pending: Vec<Deferred>,
    done_tx: Sender<()>,
    lag: LagMeter,
    answered: Arc<AnswerClock>,
}

/// Runs the UCI loop until `quit` or the end of input.
pub fn run() {
    let (line_tx, line_rx) = unbounded();
    let reader = std::thread::Builder::new().name("stdin".into()).spawn(move || read_stdin(&line_tx));
    if reader.is_err() {
        eprintln!("rockad: cannot start the input thread");
        return;
    }
    let (done_tx, done_rx) = unbounded();
    let mut session = Session::new(done_tx);
    session.serve(&line_rx, &done_rx);
    session.shutdown();
}

fn read_stdin(tx: &Sender<Input>) {
    let stdin = std::io::stdin();
    let mut lock = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match lock.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let text = String::from_utf8_lossy(&buf).into_owned();
                if tx.send(Input::Line(text, Instant::now())).is_err() {
                    return;
                }
            }
        }
    }
    let _ = tx.send(Input::Eof);
}

impl Session {
    pub fn new(done_tx: Sender<()>) -> Session {
        let threads = 1;
        let searcher = Searcher::new(options::DEFAULT_HASH_MB as usize, threads)
            .or_else(|_| Searcher::new(1, threads))
            .expect("a 1 MiB table");
        Session {
            searcher,
            game: Game::default(),
            settings: Settings::default(),
            pending: Vec::new(),
            done_tx,
            lag: LagMeter::default(),
            answered: Arc::new(AnswerClock::new()),
        }
    }

    fn serve(&mut self, lines: &Receiver<Input>, done: &Receiver<()>) {
        loop {
            select! {
                recv(lines) -> msg => match msg {
                    Ok(Input::Line(text, at)) => {
                        // A bug must not take the engine down mid-game: report
                        // it and carry on with the state we had.
                        let flow = catch_unwind(AssertUnwindSafe(|| self.handle(&text, at)));
                        match flow {
                            Ok(Flow::Quit) => return,
                            Ok(Flow::Continue) => {}
                            Err(_) => info_string(&format!("internal error handling '{}'", text.trim())),
                        }
                    }
                    Ok(Input::Eof) | Err(_) => return,
                },
                recv(done) -> _ => self.settle(),
            }
        }
    }

    /// Stops any search (its `bestmove` is still printed) and waits for it.
    pub fn shutdown(&mut self) {
        self.searcher.stop();
        self.searcher.wait();
    }

    /// Once the search has ended: collect it and apply deferred changes.
    fn settle(&mut self) {
        if self.searcher.is_searching() {
            return;
        }
        self.searcher.wait();
        for change in std::mem::take(&mut self.pending) {
            self.apply(change);
        }
    }

    /// Handles one line of input.
    pub fn handle(&mut self, line: &str, arrived: Instant) -> Flow {
        debug!("<< {}", line.trim_end());
        let cmd = match parse_command(line) {
            Ok(Some(cmd)) => cmd,
            Ok(None) => return Flow::Continue,
            Err(e) => {
                info_string(&e.to_string());
                return Flow::Continue;
            }
        };
        match cmd {
            Command::Uci => self.uci(),
            Command::IsReady => emit("readyok"),
            Command::Debug(_) | Command::Register => {}
            Command::SetOption(o) => self.set_option(o),
            Command::UciNewGame => {
                self.lag.new_game();
                self.apply_or_defer(Deferred::Clear);
            }
            Command::Position(p) => match Game::from_command(&p) {
                Ok((game, warnings)) => {
                    warnings.iter().for_each(|w| info_string(w));
                    self.game = game;
                }
                Err(e) => info_string(&e),
            },
            Command::Go(params, warnings) => {
                warnings.iter().for_each(|w| info_string(w));
                self.go(params, arrived);
            }
            Command::Stop => self.searcher.stop(),
            Command::PonderHit => self.searcher.ponderhit(),
            Command::Quit => return Flow::Quit,
            Command::Perft(depth) => self.perft(depth),
            Command::Bench(depth) => {
                if self.busy("bench") {
                    return Flow::Continue;
                }
                emit_block(&bench::run(depth.unwrap_or(bench::DEFAULT_DEPTH)));
            }
            Command::Display | Command::Eval => {
                let mut lines = if matches!(cmd, Command::Display) {
                    display::board(&self.game.pos, self.settings.chess960)
                } else {
                    display::eval(&self.game.pos)
                };
                lines.extend(syzygy_options::describe(&self.game.pos, self.searcher.tablebases()));
                emit_block(&lines);
            }
            Command::Help => emit_block(&help()),
        }
        Flow::Continue
    }

    fn uci(&self) {
        let mut lines = vec![
            format!("id name Rockad {}", env!("CARGO_PKG_VERSION")),
            "id author The Rockad developers".to_string(),
        ];
        lines.extend(options::specs().iter().map(|s| s.to_string()));
        lines.push("uciok".to_string());
        emit_block(&lines);
    }

    /// Whether a search is running; says so for commands that cannot run
    /// beside one.
    fn busy(&self, what: &str) -> bool {
        let busy = self.searcher.is_searching();
        if busy {
            info_string(&format!("{what}: a search is running; send 'stop' first"));
        }
        busy
    }

    fn perft(&mut self, depth: u32) {
        if self.busy("perft") {
            return;
        }
        emit_block(&perft::report(&self.game.pos, depth, self.settings.chess960));
    }

    fn set_option(&mut self, o: SetOption) {
        let specs = options::specs();
        let Some(spec) = specs.iter().find(|s| o.names(s)) else {
            info_string(&format!("setoption: no such option '{}'", o.name));
            return;
        };
        let value = match check_value(spec, o.value.as_deref()) {
            Ok(v) => v,
            Err(e) => {
                info_string(&e.to_string());
                return;
            }
        };
        if let Some(message) = syzygy_options::apply(spec.name, &value, &mut self.searcher) {
            message.iter().for_each(|m| info_string(m));
            return;
        }
        match (spec.name, value) {
            (options::HASH, OptionValue::Int(mb)) => self.apply_or_defer(Deferred::Hash(mb as usize)),
            (options::THREADS, OptionValue::Int(n)) => self.apply_or_defer(Deferred::Threads(n as usize)),
            (options::CLEAR_HASH, _) => self.apply_or_defer(Deferred::Clear),
            (options::MULTIPV, OptionValue::Int(n)) => self.settings.multipv = n as usize,
            (options::MOVE_OVERHEAD, OptionValue::Int(ms)) => self.settings.move_overhead_ms = ms as u64,
            (options::PONDER, OptionValue::Bool(b)) => self.settings.ponder = b,
            (options::CHESS960, OptionValue::Bool(b)) => self.settings.chess960 = b,
            (options::SHOW_WDL, OptionValue::Bool(b)) => self.settings.show_wdl = b,
            (name, v) => info_string(&format!("setoption: cannot apply {v:?} to '{name}'")),
        }
    }

    fn apply_or_defer(&mut self, change: Deferred) {
        if self.searcher.is_searching() {
            debug!("deferred until the search ends: {change:?}");
            self.pending.push(change);
        } else {
            self.searcher.wait();
            self.apply(change);
        }
    }

    fn apply(&mut self, change: Deferred) {
        match change {
            Deferred::Hash(mb) => {
                if let Err(e) = self.searcher.set_hash(mb) {
                    info_string(&format!("{e}; Hash stays {} MiB", self.searcher.hash_mb()));
                }
            }
            Deferred::Threads(n) => self.searcher.set_threads(n),
            Deferred::Clear => self.searcher.clear(),
        }
    }

    fn go(&mut self, p: GoParams, arrived: Instant) {
        if let Some(depth) = p.perft {
            self.perft(depth);
            return;
        }
        // A GUI should not send `go` mid-search; if it does, the old search
        // answers first, then pending changes apply, then the new one starts.
        self.searcher.stop();
        self.searcher.wait();
        for change in std::mem::take(&mut self.pending) {
            self.apply(change);
        }
        let overhead =
            self.lag.on_go(&self.game, &p, arrived, self.answered.last(), self.settings.move_overhead_ms);
        if let Some(note) = &overhead.note {
            info_string(note);
        }
        let mut searchmoves = Vec::new();
        for text in &p.searchmoves {
            match parse_move(&self.game.pos, text) {
                Ok(m) => searchmoves.push(m),
                Err(e) => info_string(&format!("go searchmoves: {e}; ignored")),
            }
        }
        let limits = Limits {
            wtime: p.wtime,
            btime: p.btime,
            winc: p.winc,
            binc: p.binc,
            movestogo: p.movestogo,
            movetime: p.movetime,
            depth: p.depth,
            nodes: p.nodes,
            mate: p.mate,
            infinite: p.infinite,
            ponder: p.ponder,
            searchmoves,
        };
        let request = SearchRequest {
            root: self.game.pos.clone(),
            history: self.game.history.clone(),
            limits,
            multipv: self.settings.multipv,
            move_overhead_ms: overhead.ms,
            start: arrived,
        };
        self.lag.planned(request.hard_limit());
        let listener = UciListener {
            chess960: self.settings.chess960,
            show_wdl: self.settings.show_wdl,
            material: rockad_eval::wdl::material(&self.game.pos),
            done: Some(self.done_tx.clone()),
            answered: Some(self.answered.clone()),
        };
        self.searcher.start(request, Arc::new(listener));
    }
}

fn help() -> Vec<String> {
    [
        "Rockad speaks UCI. Besides the UCI commands it understands:",
        "position frc <N> [moves ...]       Chess960 start position N (0..959, 518 = standard)",
        "position dfrc <W> <B> [moves ...]  Double Fischer Random start",
        "go perft <D> | perft <D>           count legal move paths to depth D",
        "bench [depth]                      fixed search; last line '<N> nodes <M> nps'",
        "d                                  show the board, both FENs and the key",
        "eval                               show the static evaluation by term",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}
