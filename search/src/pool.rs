//! The thread pool: Lazy SMP threads searching one position on one shared
//! table, and the handle the engine drives them with.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::thread::JoinHandle;
use std::time::Instant;

use log::{debug, error};
use shakmaty::{Chess, Move, Position};

use crate::context::{Context, Signals};
use crate::limits::Limits;
use crate::params::FALLBACK_NODES;
use crate::report::{IterationReport, Listener};
use crate::root::{Totals, answer, no_move_report, root_moves};
use crate::strength::Strength;
use crate::tablebase::{Probe, TbSettings, TbWdl};
use crate::time::TimeManager;
use crate::tt::{HashError, Tt};
use crate::worker::Worker;
use rockad_eval::nnue::Network;

/// Stack for search threads: deep recursion with a move list per frame.
/// A thread that calls [`Searcher::run_here`] needs one this large.
pub const STACK_BYTES: usize = 32 << 20;

/// What a search starts from.
#[derive(Clone)]
pub struct SearchRequest {
    pub root: Chess,
    /// Keys of the game's positions before `root`, oldest first, for
    /// repetition detection.
    pub history: Vec<u64>,
    pub limits: Limits,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    /// When the `go` arrived: the clock runs from here.
    pub start: Instant,
}

impl SearchRequest {
    /// The hard limit of this request's time plan (the session reads it to
    /// tell lag from the search's own time).
    pub fn hard_limit(&self) -> Option<std::time::Duration> {
        self.time_manager().hard_limit()
    }

    fn time_manager(&self) -> TimeManager {
        let turn = self.root.turn();
        let game_ply = (self.root.fullmoves().get() - 1).saturating_mul(2) + u32::from(turn.is_black());
        TimeManager::new(&self.limits, turn, game_ply, self.move_overhead_ms, self.start)
    }
}

/// The result of a finished search.
#[derive(Debug, Clone, Default)]
pub struct SearchOutcome {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// Tablebase hits (0 without tables).
    pub tbhits: u64,
    /// The root's result from the tablebases, when it is in them.
    pub tb_result: Option<TbWdl>,
}

struct Running {
    signals: Arc<Signals>,
    handle: JoinHandle<(Vec<Worker>, SearchOutcome)>,
}

/// The search engine: table, threads, and the search in progress.
pub struct Searcher {
    tt: Arc<Tt>,
    workers: Vec<Worker>,
    threads: usize,
    running: Option<Running>,
    /// How every search plays until changed.
    style: Style,
}

/// What every search plays with until it is changed: its strength, its
/// evaluation and its tablebases.
#[derive(Clone, Default)]
struct Style {
    /// Limited strength (`UCI_LimitStrength`), when it weakens.
    strength: Option<Strength>,
    /// Whether strength is limited at all, the top setting (full
    /// strength) included.
    limited: bool,
    /// The network evaluating, or `None` for the hand-crafted evaluation.
    network: Option<Arc<Network>>,
    /// Endgame tablebases and how to probe them.
    tb: TbSettings,
}

impl Style {
    fn evaluation(&self) -> Option<&Arc<Network>> {
        evaluates_with(self.limited, self.network.as_ref())
    }
}

/// The network a search evaluates with (`None`: the hand-crafted
/// evaluation), given whether strength is `limited` (`UCI_LimitStrength`,
/// at any setting) and the chosen `network`. Limited strength keeps to the
/// hand-crafted evaluation: its `UCI_Elo` scale, the top setting included,
/// was measured in games with it, and a stronger evaluation would play
/// every setting above its rating.
pub fn evaluates_with(limited: bool, network: Option<&Arc<Network>>) -> Option<&Arc<Network>> {
    if limited { None } else { network }
}

impl Searcher {
    pub fn new(hash_mb: usize, threads: usize) -> Result<Searcher, HashError> {
        let threads = threads.max(1);
        Ok(Searcher {
            tt: Arc::new(Tt::new(hash_mb)?),
            workers: (0..threads).map(Worker::new).collect(),
            threads,
            running: None,
            style: Style::default(),
        })
    }

    /// Plays every later search at `strength` (`None`: full strength).
    pub fn set_strength(&mut self, strength: Option<Strength>) {
        let before = self.style.evaluation().cloned();
        self.style.limited = strength.is_some();
        self.style.strength = strength.filter(|s| s.weakens());
        self.evaluation_changed_from(before);
    }

    pub fn strength(&self) -> Option<Strength> {
        self.style.strength
    }

    /// Evaluates every later search with `network` (`None`: the
    /// hand-crafted evaluation). A change empties the table, whose entries
    /// hold the old evaluation's static evaluations.
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        let before = self.style.evaluation().cloned();
        self.style.network = network;
        self.evaluation_changed_from(before);
    }

    /// Empties the table if the evaluation searches use is no longer
    /// `before`: its entries hold the old evaluation's static evaluations.
    fn evaluation_changed_from(&mut self, before: Option<Arc<Network>>) {
        let changed = match (&before, self.style.evaluation()) {
            (None, None) => false,
            (Some(a), Some(b)) => !Arc::ptr_eq(a, b),
            _ => true,
        };
        if changed {
            self.wait();
            self.tt.clear(self.threads);
        }
    }

    pub fn network(&self) -> Option<&Arc<Network>> {
        self.style.network.as_ref()
    }

    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Whether a search is still running (not yet answered with `bestmove`).
    pub fn is_searching(&self) -> bool {
        self.running.as_ref().is_some_and(|r| !r.signals.answered.load(Relaxed))
    }

    /// Resizes the table (waits for a running search first). On failure the
    /// table keeps its old size.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), HashError> {
        self.wait();
        let old = self.tt.size_mb();
        // Free the old table first so the new one can use its memory.
        self.tt = Arc::new(Tt::new(1).expect("a 1 MiB table"));
        match Tt::new(mb) {
            Ok(tt) => {
                // Fault the pages in now, on the search threads' count of
                // threads, so the first search keeps its time limit.
                tt.touch(self.threads);
                self.tt = Arc::new(tt);
                Ok(())
            }
            Err(e) => {
                if let Ok(tt) = Tt::new(old) {
                    self.tt = Arc::new(tt);
                }
                Err(e)
            }
        }
    }

    /// The tablebases and probe settings the next search uses (a running
    /// search keeps its own).
    pub fn set_tablebases(&mut self, tb: TbSettings) {
        self.style.tb = tb;
    }

    pub fn tablebases(&self) -> &TbSettings {
        &self.style.tb
    }

    pub fn set_threads(&mut self, n: usize) {
        self.wait();
        self.threads = n.max(1);
        self.workers = (0..self.threads).map(Worker::new).collect();
    }

    /// Forgets everything learnt: table and per-thread data (`ucinewgame`).
    pub fn clear(&mut self) {
        self.wait();
        self.tt.clear(self.threads);
        self.workers = (0..self.threads).map(Worker::new).collect();
    }

    /// Faults in the table's pages now (see [`Tt::touch`]).
    pub fn touch_table(&self) {
        self.tt.touch(self.threads);
    }

    /// Asks the running search to stop; its `bestmove` follows at once.
    pub fn stop(&self) {
        if let Some(r) = &self.running {
            r.signals.released.store(true, Relaxed);
            r.signals.stop.store(true, Relaxed);
        }
    }

    /// The opponent played the expected move: the ponder search becomes a
    /// normal timed search from now on.
    pub fn ponderhit(&self) {
        if let Some(r) = &self.running {
            *r.signals.ponderhit_at.lock() = Some(Instant::now());
            r.signals.pondering.store(false, Relaxed);
        }
    }

    /// Waits for the running search, if any, to finish.
    pub fn wait(&mut self) -> Option<SearchOutcome> {
        let running = self.running.take()?;
        match running.handle.join() {
            Ok((workers, outcome)) => {
                self.workers = workers;
                Some(outcome)
            }
            Err(_) => {
                // The thread is gone with its data; start afresh.
                self.workers = (0..self.threads).map(Worker::new).collect();
                None
            }
        }
    }

    /// Searches on the calling thread's behalf and waits for the result.
    pub fn run(&mut self, req: SearchRequest) -> SearchOutcome {
        self.start(req, Arc::new(Silent));
        self.wait().unwrap_or_default()
    }

    /// Searches on the calling thread, which must have a stack of
    /// [`STACK_BYTES`]: no thread is started, so many short searches in a
    /// row (self-play) do not pay a thread's start and join each.
    pub fn run_here(&mut self, req: SearchRequest) -> SearchOutcome {
        let (_, search) = self.prepare(req, Arc::new(Silent));
        let (workers, outcome) = search();
        self.workers = workers;
        outcome
    }

    /// Starts a search in the background. The listener gets the reports and
    /// exactly one `bestmove`. A search already running is stopped first.
    pub fn start(&mut self, req: SearchRequest, listener: Arc<dyn Listener>) {
        let fallback = Arc::clone(&listener);
        let (signals, search) = self.prepare(req, listener);
        let spawned =
            std::thread::Builder::new().name("search-main".into()).stack_size(STACK_BYTES).spawn(search);
        match spawned {
            Ok(handle) => self.running = Some(Running { signals, handle }),
            // No thread, no search: answer at once rather than leave the GUI
            // waiting for a `bestmove` that would never come.
            Err(e) => {
                error!("cannot start the search thread: {e}");
                fallback.bestmove(None, None);
            }
        }
    }

    /// Stops and collects any search still running, then hands this
    /// searcher's workers to a new search of `req`: its signals, and the
    /// search to run (on a thread of its own or the caller's), which gives
    /// the workers back with the outcome.
    fn prepare(
        &mut self,
        req: SearchRequest,
        listener: Arc<dyn Listener>,
    ) -> (Arc<Signals>, impl FnOnce() -> (Vec<Worker>, SearchOutcome) + Send + 'static) {
        self.stop();
        self.wait();
        self.tt.new_search();
        let signals = Arc::new(Signals::new(self.threads, req.limits.ponder));
        let (workers, tt, sig) =
            (std::mem::take(&mut self.workers), Arc::clone(&self.tt), Arc::clone(&signals));
        let (threads, style) = (self.threads, self.style.clone());
        (signals, move || run_search(workers, threads, tt, sig, req, listener, style))
    }
}

impl Drop for Searcher {
    fn drop(&mut self) {
        self.stop();
        self.wait();
    }
}

struct Silent;

impl Listener for Silent {
    fn iteration(&self, _: &IterationReport) {}
    fn currmove(&self, _: u32, _: Move, _: u32) {}
    fn bestmove(&self, _: Option<Move>, _: Option<Move>) {}
}

/// The body of the main search thread: runs all workers, picks the result,
/// sends the one `bestmove`.
fn run_search(
    mut workers: Vec<Worker>,
    threads: usize,
    tt: Arc<Tt>,
    signals: Arc<Signals>,
    req: SearchRequest,
    listener: Arc<dyn Listener>,
    style: Style,
) -> (Vec<Worker>, SearchOutcome) {
    let mut probe = Probe::new(style.tb.clone());
    let moves = probe.rank_root(&req.root, &root_moves(&req.root, &req.limits.searchmoves));
    if workers.len() != threads {
        workers = (0..threads).map(Worker::new).collect();
    }
    for w in &mut workers {
        w.set_network(style.evaluation());
    }
    let strength = style.strength;
    let tm = req.time_manager();
    // Limited strength searches a few lines under a node budget.
    let mut limits = req.limits.clone();
    let mut lines = req.multipv;
    if let Some(s) = strength {
        if let Some(cap) = s.nodes() {
            limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
        }
        lines = lines.max(s.lines());
    }
    let context = |id: usize| Context {
        tt: Arc::clone(&tt),
        signals: Arc::clone(&signals),
        limits: limits.clone(),
        multipv: lines,
        report_lines: req.multipv,
        tm: (id == 0).then(|| tm.clone()),
        listener: (id == 0).then(|| Arc::clone(&listener)),
        threads,
        tb: probe.clone(),
    };

    if moves.is_empty() {
        let report = no_move_report(&req.root);
        let score = report.score;
        listener.iteration(&report);
        // Even with nothing to search, answer only when the GUI allows it.
        wait_until_released(&signals, req.limits.infinite);
        answer_gui(&signals, &*listener, None, None);
        return (workers, SearchOutcome { score, ..SearchOutcome::default() });
    }

    let result = catch_unwind(AssertUnwindSafe(|| {
        std::thread::scope(|s| {
            let (main, helpers) = workers.split_first_mut().expect("at least one worker");
            for w in helpers {
                let (id, mut ctx) = (w.id, context(w.id));
                // Until it has searched, a helper has no result of this search.
                w.completed_depth = 0;
                let (root, history, moves) = (&req.root, &req.history, &moves);
                let spawned = std::thread::Builder::new()
                    .name(format!("search-{}", w.id))
                    .stack_size(STACK_BYTES)
                    .spawn_scoped(s, move || w.iterate(&mut ctx, root, history, moves));
                // A helper that cannot start is left out (it completes no
                // depth, so its result is never picked).
                if let Err(e) = spawned {
                    error!("cannot start search thread {id}: {e}");
                }
            }
            let mut ctx = context(0);
            main.iterate(&mut ctx, &req.root, &req.history, &moves);
            signals.stop.store(true, Relaxed);
        });
    }));

    if result.is_err() {
        error!("a search thread panicked; answering with a legal move");
        let outcome = SearchOutcome { best: moves.first().copied(), ..SearchOutcome::default() };
        answer_gui(&signals, &*listener, outcome.best, None);
        return ((0..threads).map(Worker::new).collect(), outcome);
    }

    // Stopped (`stop`, `quit`, a tiny `nodes`) before any thread finished
    // depth 1: finish it now, usually a few hundred nodes, so the answer is
    // a searched move and never just the first legal one. The node cap keeps
    // that promise from holding the answer back in a position where depth 1
    // is large: the moves searched by then are still searched moves.
    if workers.iter().all(|w| w.completed_depth == 0) {
        let limits = Limits { depth: Some(1), nodes: Some(FALLBACK_NODES), ..Limits::default() };
        let fresh = Arc::new(Signals::new(1, false));
        let mut ctx = Context { signals: fresh, limits, threads: 1, ..context(0) };
        workers[0].iterate(&mut ctx, &req.root, &req.history, &moves);
    }

    let nodes = workers.iter().map(|w| w.nodes).sum();
    let tbhits = probe.root_hits + workers.iter().map(|w| w.tbhits).sum::<u64>();
    let shown_tbhits = probe.settings.tables.is_some().then_some(tbhits);
    let totals = Totals { nodes, tbhits: shown_tbhits, time_ms: tm.elapsed().as_millis() as u64 };
    let a = answer(&workers, lines, strength, &tt, &req.root, totals);
    if let Some(line) = &a.catch_up {
        listener.iteration(line);
    }
    // A search that ended on its own (limited strength's node budget, a
    // depth reached) still answers `go infinite` and `go ponder` only after
    // `stop` or `ponderhit`.
    wait_until_released(&signals, req.limits.infinite);
    debug!("search done: thread {} depth {} nodes {nodes}", a.thread, a.depth);
    let outcome = SearchOutcome {
        best: Some(a.best),
        ponder: a.ponder,
        score: a.score,
        depth: a.depth,
        nodes,
        tbhits,
        tb_result: probe.root_result(),
    };
    answer_gui(&signals, &*listener, outcome.best, outcome.ponder);
    (workers, outcome)
}

/// Under `go infinite` (`infinite`) or `go ponder`, waits for the GUI's
/// `stop` or `ponderhit`: the protocol forbids answering before.
fn wait_until_released(signals: &Signals, infinite: bool) {
    while !signals.released.load(Relaxed) && (infinite || signals.pondering.load(Relaxed)) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// Marks the search answered, then sends its one `bestmove` (so whoever the
/// listener notifies already sees the search as over).
fn answer_gui(signals: &Signals, listener: &dyn Listener, best: Option<Move>, ponder: Option<Move>) {
    signals.answered.store(true, Relaxed);
    listener.bestmove(best, ponder);
}

#[cfg(test)]
mod tests;
