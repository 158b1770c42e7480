//! What a search may spend.

use shakmaty::Move;

/// Deepest ply the search reaches (iterations, extensions and quiescence).
pub const MAX_PLY: usize = 128;

/// The limits of one search, as `go` gives them. Times in milliseconds.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    pub movetime: Option<i64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Stop once a mate in this many moves or fewer is proven.
    pub mate: Option<u32>,
    /// Do not return before `stop`.
    pub infinite: bool,
    /// Pondering: no time limit until `ponderhit`, no return before it or `stop`.
    pub ponder: bool,
    /// Search only these root moves (all when empty).
    pub searchmoves: Vec<Move>,
}

impl Limits {
    /// Whether any clock or move time applies.
    pub fn is_timed(&self) -> bool {
        self.movetime.is_some() || self.wtime.is_some() || self.btime.is_some()
    }
}
