//! The thread pool: Lazy SMP threads searching one position on one shared
//! table, and the handle the engine drives them with.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::thread::JoinHandle;
use std::time::Instant;

use log::{debug, error};
use parking_lot::Mutex;
use shakmaty::{Chess, Move, Position};

use crate::limits::Limits;
use crate::report::{Bound, IterationReport, Listener};
use crate::score::{DRAW, INFINITE, MATE};
use crate::thread::{Context, Worker};
use crate::time::TimeManager;
use crate::tt::{HashError, Tt, encode_move};

/// Stack for search threads: deep recursion with a move list per frame.
const STACK_BYTES: usize = 32 << 20;

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
        TimeManager::new(&self.limits, self.root.turn(), self.move_overhead_ms, self.start)
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
}

/// Flags and counters shared by the threads of one search.
pub(crate) struct Signals {
    pub stop: AtomicBool,
    pub pondering: AtomicBool,
    pub ponderhit_at: Mutex<Option<Instant>>,
    /// Nodes per thread, published every few hundred nodes.
    pub nodes: Vec<AtomicU64>,
    /// Set once `bestmove` has been sent: the search is over for the GUI
    /// even if its thread is still winding down.
    pub answered: AtomicBool,
}

impl Signals {
    /// All threads' nodes, counting `own` (exact) for thread `id`.
    pub fn total_nodes(&self, id: usize, own: u64) -> u64 {
        self.nodes.iter().enumerate().map(|(i, n)| if i == id { own } else { n.load(Relaxed) }).sum()
    }
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
}

impl Searcher {
    pub fn new(hash_mb: usize, threads: usize) -> Result<Searcher, HashError> {
        let threads = threads.max(1);
        Ok(Searcher {
            tt: Arc::new(Tt::new(hash_mb)?),
            workers: (0..threads).map(Worker::new).collect(),
            threads,
            running: None,
        })
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

    /// Starts a search in the background. The listener gets the reports and
    /// exactly one `bestmove`. A search already running is stopped first.
    pub fn start(&mut self, req: SearchRequest, listener: Arc<dyn Listener>) {
        self.stop();
        self.wait();
        self.tt.new_search();
        let signals = Arc::new(Signals {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(req.limits.ponder),
            ponderhit_at: Mutex::new(None),
            nodes: (0..self.threads).map(|_| AtomicU64::new(0)).collect(),
            answered: AtomicBool::new(false),
        });
        let workers = std::mem::take(&mut self.workers);
        let tt = Arc::clone(&self.tt);
        let sig = Arc::clone(&signals);
        let threads = self.threads;
        let fallback = Arc::clone(&listener);
        let spawned = std::thread::Builder::new()
            .name("search-main".into())
            .stack_size(STACK_BYTES)
            .spawn(move || run_search(workers, threads, tt, sig, req, listener));
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

fn root_moves(root: &Chess, searchmoves: &[Move]) -> Vec<Move> {
    let legal = root.legal_moves();
    let chosen: Vec<Move> = legal.iter().copied().filter(|m| searchmoves.contains(m)).collect();
    if chosen.is_empty() { legal.into_iter().collect() } else { chosen }
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
) -> (Vec<Worker>, SearchOutcome) {
    let moves = root_moves(&req.root, &req.limits.searchmoves);
    if workers.len() != threads {
        workers = (0..threads).map(Worker::new).collect();
    }
    let tm = req.time_manager();
    let context = |id: usize| Context {
        tt: Arc::clone(&tt),
        signals: Arc::clone(&signals),
        limits: req.limits.clone(),
        multipv: req.multipv,
        tm: (id == 0).then(|| tm.clone()),
        listener: (id == 0).then(|| Arc::clone(&listener)),
        threads,
    };

    if moves.is_empty() {
        let score = if req.root.is_check() { -MATE } else { DRAW };
        listener.iteration(&IterationReport {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score,
            bound: Bound::Exact,
            nodes: 0,
            time_ms: 0,
            hashfull: 0,
            pv: Vec::new(),
        });
        // Even with nothing to search, answer only when the GUI allows it.
        while !signals.stop.load(Relaxed) && (req.limits.infinite || signals.pondering.load(Relaxed)) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        answer(&signals, &*listener, None, None);
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
                    .spawn_scoped(s, move || w.search_root(&mut ctx, root, history, moves));
                // A helper that cannot start is left out (it completes no
                // depth, so its result is never picked).
                if let Err(e) = spawned {
                    error!("cannot start search thread {id}: {e}");
                }
            }
            let mut ctx = context(0);
            main.search_root(&mut ctx, &req.root, &req.history, &moves);
            signals.stop.store(true, Relaxed);
        });
    }));

    if result.is_err() {
        error!("a search thread panicked; answering with a legal move");
        let outcome = SearchOutcome { best: moves.first().copied(), ..SearchOutcome::default() };
        answer(&signals, &*listener, outcome.best, None);
        return ((0..threads).map(Worker::new).collect(), outcome);
    }

    // Stopped (`stop`, `quit`, a tiny `nodes`) before any thread finished
    // depth 1: finish it now, a few hundred nodes, so the answer is a
    // searched move and never just the first legal one.
    if workers.iter().all(|w| w.completed_depth == 0) {
        let fresh = Arc::new(Signals {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            ponderhit_at: Mutex::new(None),
            nodes: vec![AtomicU64::new(0)],
            answered: AtomicBool::new(false),
        });
        let limits = Limits { depth: Some(1), ..Limits::default() };
        let mut ctx = Context { signals: fresh, limits, threads: 1, ..context(0) };
        workers[0].search_root(&mut ctx, &req.root, &req.history, &moves);
    }

    let best = pick_best_worker(&workers, req.multipv);
    let chosen = &workers[best];
    let nodes = workers.iter().map(|w| w.nodes).sum();
    let rm = &chosen.root_moves[0];
    // The last line the GUI saw must agree with the move we play: a helper's
    // move, or one that took the lead in an iteration cut short, gets its line.
    if (best != 0 || workers[0].reported_best != Some(rm.mv)) && rm.score > -INFINITE {
        // A main-thread move that led a cut-short iteration is that
        // iteration's; depth 0 would read as "no legal move".
        let depth = if best == 0 { chosen.root_depth.max(1) as u32 } else { chosen.completed_depth.max(1) };
        let pv = if rm.pv.first() == Some(&rm.mv) { rm.pv.clone() } else { vec![rm.mv] };
        listener.iteration(&IterationReport {
            depth,
            seldepth: rm.seldepth as u32,
            multipv: 1,
            score: rm.score,
            bound: Bound::Exact,
            nodes,
            time_ms: tm.elapsed().as_millis() as u64,
            hashfull: tt.hashfull(),
            pv,
        });
    }
    let ponder = rm.pv.get(1).copied().or_else(|| ponder_from_tt(&tt, &req.root, rm.mv));
    debug!("search done: thread {best} depth {} nodes {nodes}", chosen.completed_depth);
    let outcome =
        SearchOutcome { best: Some(rm.mv), ponder, score: rm.score, depth: chosen.completed_depth, nodes };
    answer(&signals, &*listener, outcome.best, outcome.ponder);
    (workers, outcome)
}

/// Marks the search answered, then sends its one `bestmove` (so whoever the
/// listener notifies already sees the search as over).
fn answer(signals: &Signals, listener: &dyn Listener, best: Option<Move>, ponder: Option<Move>) {
    signals.answered.store(true, Relaxed);
    listener.bestmove(best, ponder);
}

/// The main thread, unless a helper finished a deeper iteration with a score
/// at least as good (MultiPV keeps the main thread's ordered lines).
fn pick_best_worker(workers: &[Worker], multipv: usize) -> usize {
    if multipv > 1 {
        return 0;
    }
    let mut best = 0;
    for (i, w) in workers.iter().enumerate().skip(1) {
        let b = &workers[best];
        if w.root_moves.is_empty() || w.completed_depth == 0 {
            continue;
        }
        if w.completed_depth > b.completed_depth && w.root_moves[0].score >= b.root_moves[0].score {
            best = i;
        }
    }
    best
}

/// A reply to expect when the PV has only the best move: the table's move
/// in the position after it, if it is legal there.
fn ponder_from_tt(tt: &Tt, root: &Chess, best: Move) -> Option<Move> {
    let mut child = root.clone();
    child.play_unchecked(best);
    let entry = tt.probe(crate::position_key(&child), 0)?;
    child.legal_moves().into_iter().find(|&m| encode_move(m) == entry.mv)
}
