//! Null move pruning: if the side to move could pass and still fail high,
//! a real move will fail high too, and the node is cut after a search much
//! shallower than its own.
//!
//! Tried only at expected cut nodes, as Obsidian, Viridithas and Reckless
//! do: at an expected all-node the pass rarely holds, and its search is
//! wasted. A table move that captures is a threat the pass ignores, so the
//! pass is searched a ply shallower then (Obsidian's and Viridithas' form).

use shakmaty::{Chess, Position};

use crate::context::Context;
use crate::movepick::is_noisy;
use crate::node::NonPv;
use crate::params::*;
use crate::score::MATE_BOUND;
use crate::tt::{Entry, decode_move};
use crate::worker::Worker;

impl Worker {
    /// The score that cuts the node at `ply` (non-PV, out of check,
    /// outside a singular test, evaluated at `static_eval`), or `None`
    /// where the pass is not tried or does not hold. `Some(0)` once the
    /// search was stopped.
    pub(crate) fn null_move(
        &mut self,
        ctx: &mut Context,
        depth: i32,
        ply: usize,
        beta: i32,
        static_eval: i32,
        tt_entry: Option<Entry>,
    ) -> Option<i32> {
        if depth < NMP_MIN_DEPTH()
            || static_eval < beta
            || beta <= -MATE_BOUND
            || ply < self.nmp_min_ply
            || self.stack.before(ply, 1).null_move
            || !has_pieces(self.pos(ply))
        {
            return None;
        }
        let tt_noisy = tt_entry.and_then(|e| decode_move(self.pos(ply), e.mv)).is_some_and(|m| is_noisy(&m));
        if !self.make_null_move(ply) {
            return None;
        }
        let r = NMP_BASE()
            + depth / NMP_DEPTH_DIVISOR()
            + ((static_eval - beta) / NMP_EVAL_DIVISOR()).min(NMP_EVAL_MAX())
            + if tt_noisy { NMP_TT_NOISY_REDUCTION() } else { 0 };
        // The reply to a pass is expected to fail low: an all-node.
        let score = -self.search::<NonPv>(ctx, depth - r, ply + 1, -beta, -beta + 1, false);
        self.unmake_null_move(ply);
        if self.stopped {
            return Some(0);
        }
        if score < beta {
            return None;
        }
        let score = if score >= MATE_BOUND { beta } else { score };
        if depth < NMP_VERIFY_DEPTH() || self.nmp_min_ply > 0 {
            return Some(score);
        }
        // Deep: verify with a normal search that may not pass again for a
        // while (zugzwang guard).
        self.nmp_min_ply = ply + (NMP_VERIFY_PLY_QUARTERS() * (depth - r) / 4) as usize;
        let v = self.search::<NonPv>(ctx, depth - r, ply, beta - 1, beta, false);
        self.nmp_min_ply = 0;
        if self.stopped {
            return Some(0);
        }
        (v >= beta).then_some(score)
    }
}

/// Whether the side to move has a piece besides king and pawns (null moves
/// are unsound in pawn endings: zugzwang is common there).
fn has_pieces(pos: &Chess) -> bool {
    let board = pos.board();
    (pos.us() & !board.pawns() & !board.kings()).any()
}
