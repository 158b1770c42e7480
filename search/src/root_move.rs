//! A root move and what the iterations learnt about it: the data the root
//! list of each search thread holds.

use shakmaty::Move;

use crate::score::{INFINITE, ScoreBand, band};
use crate::tt::Bound;

/// A root move with what the last iterations learnt about it.
#[derive(Debug, Clone)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub prev_score: i32,
    /// A running mean of the move's scores, each new one weighing half:
    /// where the next aspiration window is centred (one noisy iteration
    /// moves it less than the last score alone would).
    pub average: i32,
    /// Whether `score` is only a bound (from an aspiration fail).
    pub bound: Bound,
    pub seldepth: usize,
    pub pv: Vec<Move>,
    /// Nodes spent below this move in the current iteration.
    pub nodes: u64,
    /// The move's result from the tablebases, when the root is in them.
    pub tb_score: Option<i32>,
}

impl RootMove {
    pub fn new(mv: Move) -> RootMove {
        RootMove {
            mv,
            score: -INFINITE,
            prev_score: -INFINITE,
            average: -INFINITE,
            bound: Bound::Exact,
            seldepth: 0,
            pv: vec![mv],
            nodes: 0,
            tb_score: None,
        }
    }

    /// The score and bound to show and answer with: the tables' result,
    /// when the root is in them, unless the search found a mate.
    pub fn shown(&self) -> (i32, Bound) {
        match self.tb_score {
            Some(tb) if !matches!(band(self.score), ScoreBand::Mate(_)) => (tb, Bound::Exact),
            _ => (self.score, self.bound),
        }
    }
}
