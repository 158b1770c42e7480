//! The UCI loop: one thread reads stdin, this one dispatches each command,
//! search threads run in the background. `isready`, `stop` and `quit` are
//! therefore answered at once, also mid-search.

use std::io::BufRead;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Instant;

use shakmaty::Position;

use crossbeam_channel::{Receiver, Sender, select, unbounded};
use log::debug;

use rockad_eval::nnue::Network;
use rockad_search::{Limits, SearchRequest, Searcher, evaluates_with};
use rockad_uci::{
    Command, GoParams, GoWarning, SetOption, SetOptionError, check_value, lowercase_reading, parse_command,
    parse_move, value_note, warnings_line,
};

use crate::evaluation;
use crate::game::{Game, notices_line};
use crate::lag::{AnswerClock, LagMeter};
use crate::listener::UciListener;
use crate::options::{self, Effect, Settings, TableChange};
use crate::output::{self, emit, emit_block, info_string};
use crate::{bench, display, identity, perft, syzygy_options, threads};

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

pub struct Session {
    searcher: Searcher,
    /// A network (or `None`: the hand-crafted evaluation) set with
    /// `EvalFile` during a search, to use once it ends.
    pending_network: Option<Option<Arc<Network>>>,
    /// What `EvalFile` chose, by name (`network <embedded> (net 796c430e)`).
    evaluation: String,
    /// The evaluation the last search was said to use: `id name` names
    /// the embedded network once, so a `go` after a change says which
    /// evaluation plays (also the hand-crafted one of limited strength).
    announced: String,
    game: Game,
    settings: Settings,
    /// Table changes waiting for the running search to end.
    pending: Vec<TableChange>,
    done_tx: Sender<()>,
    lag: LagMeter,
    answered: Arc<AnswerClock>,
}

/// Runs the UCI loop until `quit` or the end of input.
pub fn run() {
    // GUIs skip lines before `uciok` that are not protocol (Stockfish
    // opens the same way); a human sees what answers.
    emit(&identity::banner());
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

/// Runs command lines given as arguments (see [`crate::uci_args`]), each
/// to its end: a search is waited for before the next line.
pub fn run_lines(lines: &[String]) {
    // Nobody waits on the end of a search here: `wait` below does.
    let (done_tx, _done_rx) = unbounded();
    let mut session = Session::new(done_tx);
    for line in lines {
        if session.handle(line, Instant::now()) == Flow::Quit {
            break;
        }
        session.searcher.wait();
        session.apply_pending();
    }
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
        let searcher = evaluation::searcher(options::DEFAULT_HASH_MB as usize, threads)
            .or_else(|_| evaluation::searcher(1, threads))
            .expect("a 1 MiB table");
        searcher.touch_table();
        let evaluation = evaluation::default_choice().label;
        Session {
            searcher,
            pending_network: None,
            announced: evaluation.clone(),
            evaluation,
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
        self.apply_pending();
    }

    /// Applies the changes that waited for a search to end.
    fn apply_pending(&mut self) {
        for change in std::mem::take(&mut self.pending) {
            self.apply(change);
        }
        if let Some(net) = self.pending_network.take() {
            self.searcher.set_network(net);
        }
    }

    /// Handles one line of input: at most one `info string` for its
    /// problems (see [`output::note`]).
    pub fn handle(&mut self, line: &str, arrived: Instant) -> Flow {
        debug!("<< {}", line.trim_end());
        // Tabs separate words as spaces do; a blank line stays silent.
        if line.contains('\t') && !line.trim().is_empty() {
            output::note("tabs in the line read as spaces");
        }
        let flow = self.handle_command(line, arrived);
        output::flush_note();
        flow
    }

    fn handle_command(&mut self, line: &str, arrived: Instant) -> Flow {
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
            Command::Debug(_) => {}
            Command::Register => info_string("register: Rockad needs no registration; ignored"),
            Command::SetOption(o) => self.set_option(o),
            Command::UciNewGame => {
                self.lag.new_game();
                self.apply_or_defer(TableChange::Clear);
            }
            Command::Position(p) => match Game::from_command(&p) {
                Ok((game, notices)) => {
                    if let Some(line) = notices_line(&notices) {
                        info_string(&line);
                    }
                    self.game = game;
                }
                Err(e) => info_string(&e.to_string()),
            },
            Command::Go(params, warnings) => self.go(params, warnings, arrived),
            Command::Stop => self.searcher.stop(),
            Command::PonderHit => self.searcher.ponderhit(),
            Command::Quit => return Flow::Quit,
            Command::Perft(depth) => self.perft(depth),
            Command::Bench(depth) => {
                if self.busy("bench") {
                    return Flow::Continue;
                }
                let network = self.searcher.network().cloned();
                let depth = depth.unwrap_or(bench::DEFAULT_DEPTH);
                emit_block(&bench::run_with(depth, network, &self.evaluation));
            }
            Command::Display | Command::Eval => {
                let mut lines = if matches!(cmd, Command::Display) {
                    display::board(&self.game.pos, self.settings.chess960)
                } else {
                    // What the next search evaluates with.
                    let limited = self.settings.strength().is_some();
                    let net = evaluates_with(limited, self.searcher.network());
                    display::eval(&self.game.pos, net.map(|n| &**n))
                };
                lines.extend(syzygy_options::describe(&self.game.pos, self.searcher.tablebases()));
                emit_block(&lines);
            }
            Command::Help => emit_block(&help()),
            Command::Compiler => emit(&identity::compiler()),
        }
        Flow::Continue
    }

    fn uci(&self) {
        let mut lines =
            vec![format!("id name {}", identity::name()), "id author The Rockad developers".to_string()];
        lines.extend(options::OPTIONS.iter().map(|row| row.spec.to_string()));
        lines.push("uciok".to_string());
        emit_block(&lines);
    }

    /// Says which evaluation the search about to start uses, when it is
    /// not the one the last search used.
    fn announce_evaluation(&mut self) {
        let limited = self.settings.strength().is_some();
        let now = if limited { evaluation::HAND_CRAFTED } else { self.evaluation.as_str() };
        if now != self.announced {
            info_string(&format!("evaluation: {now}"));
            self.announced = now.to_string();
        }
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
        let Some(row) = options::find(&o.name) else {
            info_string(&SetOptionError::Unknown(o.name).to_string());
            return;
        };
        let value = match check_value(&row.spec, o.value.as_deref()) {
            Ok(value) => value,
            Err(e) => return info_string(&e.to_string()),
        };
        // A value read other than as written (`TRUE`, a button's value) is
        // said, with whatever applying it says.
        if let Some(note) = value_note(&row.spec, o.value.as_deref()) {
            output::note(&note);
        }
        match (row.apply)(&mut self.settings, &row.spec, &value) {
            Effect::None => {}
            Effect::Table(change) => self.apply_or_defer(change),
            Effect::Evaluation(name) => self.set_evaluation(&name),
            Effect::Syzygy(name, value) => {
                if let Some(Some(message)) = syzygy_options::apply(name, &value, &mut self.searcher) {
                    info_string(&message);
                }
            }
        }
    }

    /// `EvalFile`: loads what `name` names now (a file that cannot be used
    /// is reported and the evaluation stays), and plays with it from the
    /// next search on.
    fn set_evaluation(&mut self, name: &str) {
        match evaluation::load(name) {
            Ok(choice) => {
                info_string(&evaluation::describe(&choice));
                self.evaluation = choice.label;
                let net = choice.net;
                if self.searcher.is_searching() {
                    self.pending_network = Some(net);
                } else {
                    self.searcher.wait();
                    self.searcher.set_network(net);
                }
            }
            Err(e) => info_string(&format!("{e}; the evaluation stays as it was")),
        }
    }

    fn apply_or_defer(&mut self, change: TableChange) {
        if self.searcher.is_searching() {
            debug!("deferred until the search ends: {change:?}");
            self.pending.push(change);
        } else {
            self.searcher.wait();
            self.apply(change);
        }
    }

    fn apply(&mut self, change: TableChange) {
        match change {
            TableChange::Hash(mb) => {
                if let Err(e) = self.searcher.set_hash(mb) {
                    info_string(&format!("{e}; Hash stays {} MiB", self.searcher.hash_mb()));
                }
            }
            TableChange::Threads(n) => {
                let usable = threads::usable(n);
                if let Some(note) = usable.note {
                    info_string(&note);
                }
                self.searcher.set_threads(usable.count);
            }
            TableChange::Clear => self.searcher.clear(),
        }
    }

    fn go(&mut self, mut p: GoParams, mut warnings: Vec<GoWarning>, arrived: Instant) {
        if let Some(depth) = p.perft {
            if let Some(line) = warnings_line(&warnings) {
                info_string(&line);
            }
            self.perft(depth);
            return;
        }
        // A GUI should not send `go` mid-search; if it does, the old search
        // answers first, then pending changes apply, then the new one starts.
        self.searcher.stop();
        self.searcher.wait();
        self.apply_pending();
        self.searcher.set_strength(self.settings.strength());
        self.announce_evaluation();
        let overhead =
            self.lag.on_go(&self.game, &p, arrived, self.answered.last(), self.settings.move_overhead_ms);
        if let Some(note) = &overhead.note {
            info_string(note);
        }
        let mut searchmoves = Vec::new();
        for text in &p.searchmoves {
            match parse_move(&self.game.pos, text) {
                Ok(m) => {
                    searchmoves.push(m);
                    if let Some(read) = lowercase_reading(text) {
                        warnings.push(GoWarning::SearchMoveCase { given: text.clone(), read });
                    }
                }
                Err(e) => warnings.push(GoWarning::SearchMove(e)),
            }
        }
        p.settle(self.game.pos.turn(), &mut warnings);
        if let Some(line) = warnings_line(&warnings) {
            info_string(&line);
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
            dead: self.game.pos.is_insufficient_material(),
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
        "compiler                           how this binary was built",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}
