//! What the search tells the outside world while it runs.

use shakmaty::Move;

pub use crate::tt::Bound;

/// One principal variation at the end of an iteration.
#[derive(Debug, Clone)]
pub struct IterationReport {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based line number for MultiPV.
    pub multipv: u32,
    /// Internal score from the side to move's view (see [`crate::MATE`]).
    pub score: i32,
    pub bound: Bound,
    pub nodes: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    /// Tablebase hits so far; `None` when no tables are loaded.
    pub tbhits: Option<u64>,
    pub pv: Vec<Move>,
}

/// Receives the search's reports. Called from search threads.
pub trait Listener: Send + Sync {
    fn iteration(&self, report: &IterationReport);
    /// The root move now being searched (only in long searches).
    fn currmove(&self, depth: u32, mv: Move, number: u32);
    /// The search's one result; called exactly once per search.
    fn bestmove(&self, best: Option<Move>, ponder: Option<Move>);
}
