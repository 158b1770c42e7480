//! The search's stack of per-ply frames. Sentinel frames lie before the
//! root, so a node reads the frames of the plies before it (for
//! `improving`, the null-move rule, the moves continuation history follows)
//! without asking whether there are any.

use std::ops::{Index, IndexMut};

use shakmaty::Move;

use crate::history::Moved;
use crate::limits::MAX_PLY;
use crate::score::NO_EVAL;

/// How many plies back a node may look: continuation histories reach six.
pub(crate) const LOOKBACK: usize = 6;

/// What the search remembers about each ply of the current line.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    pub static_eval: i32,
    /// Quiet moves that caused cutoffs at this ply.
    pub killers: [Option<Move>; 2],
    /// The move being searched from this ply: (piece index, destination).
    pub moved: Option<Moved>,
    /// Whether the move from this ply is a null move.
    pub null_move: bool,
    /// A move left out of this node's search (singular extension test).
    pub excluded: Option<Move>,
    /// Whether this node is or was on a principal variation (see search.rs).
    pub tt_pv: bool,
    /// Plies the move from this ply is being searched shallower by (late
    /// move reduction), while its reduced look runs; 0 otherwise.
    pub reduction: i32,
    /// Beta cutoffs at this ply since the node before it began: how often
    /// its moves so far were refuted.
    pub cutoffs: u32,
    /// Double (or triple) singular extensions on the line to this node,
    /// the move from this ply's included while it is searched.
    pub double_extensions: u8,
}

impl Default for Frame {
    /// Also what a sentinel reads as: no evaluation, no move, no null move.
    fn default() -> Frame {
        Frame {
            static_eval: NO_EVAL,
            killers: [None; 2],
            moved: None,
            null_move: false,
            excluded: None,
            tt_pv: false,
            reduction: 0,
            cutoffs: 0,
            double_extensions: 0,
        }
    }
}

/// The frames of plies 0 ..= `MAX_PLY` + 3, indexed by ply, after
/// [`LOOKBACK`] sentinels.
pub(crate) struct Frames {
    frames: Vec<Frame>,
}

impl Frames {
    pub fn new() -> Frames {
        Frames { frames: vec![Frame::default(); LOOKBACK + MAX_PLY + 4] }
    }

    /// Every frame back to its default, for a new search.
    pub fn clear(&mut self) {
        self.frames.fill(Frame::default());
    }

    /// The frame `back` plies (1 ..= [`LOOKBACK`]) before `ply`: before
    /// the root, a sentinel.
    #[inline(always)]
    pub fn before(&self, ply: usize, back: usize) -> &Frame {
        debug_assert!((1..=LOOKBACK).contains(&back), "{back} plies back");
        &self.frames[LOOKBACK + ply - back]
    }

    /// The moves continuation history follows at `ply`: those of the one
    /// and two plies before it.
    #[inline(always)]
    pub fn earlier(&self, ply: usize) -> [Option<Moved>; 2] {
        [self.before(ply, 1).moved, self.before(ply, 2).moved]
    }
}

impl Index<usize> for Frames {
    type Output = Frame;

    #[inline(always)]
    fn index(&self, ply: usize) -> &Frame {
        &self.frames[LOOKBACK + ply]
    }
}

impl IndexMut<usize> for Frames {
    #[inline(always)]
    fn index_mut(&mut self, ply: usize) -> &mut Frame {
        &mut self.frames[LOOKBACK + ply]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes at every ply leave the sentinels as they were: reading back
    /// from the root gives what the guards `ply >= n` used to give.
    #[test]
    fn sentinels_read_as_nothing_before_the_root() {
        let mut frames = Frames::new();
        for ply in 0..MAX_PLY + 4 {
            frames[ply] = Frame {
                static_eval: ply as i32,
                moved: Some((1, ply % 64)),
                null_move: true,
                ..Frame::default()
            };
        }
        for ply in 0..LOOKBACK {
            for back in ply + 1..=LOOKBACK {
                let f = frames.before(ply, back);
                assert_eq!(f.static_eval, NO_EVAL);
                assert!(f.moved.is_none() && !f.null_move && f.excluded.is_none() && f.killers == [None; 2]);
            }
        }
        for ply in 0..MAX_PLY + 4 {
            for back in (1..=LOOKBACK).filter(|&b| b <= ply) {
                assert_eq!(frames.before(ply, back).static_eval, (ply - back) as i32);
            }
        }
        frames.clear();
        assert_eq!(frames[0].static_eval, NO_EVAL);
        assert!(!frames[MAX_PLY + 3].null_move);
    }
}
