//! ProbCut: at a scout node, a good capture that beats beta by a margin in
//! a much shallower search will almost surely beat beta in the full one,
//! so the node is cut without searching its quiet moves.
//!
//! In the form Stockfish and Obsidian give it: only captures and
//! promotions whose exchange already wins what the evaluation lacks of the
//! raised beta are tried, each first with quiescence (cheap, and it weeds
//! out most) and then with a search four plies shallower; a cut is stored
//! in the table as a lower bound.

use shakmaty::{Move, MoveList, Position};

use crate::context::Context;
use crate::movepick::{is_noisy, noisy_score};
use crate::node::NonPv;
use crate::params::{PROBCUT_DEPTH_CUT, PROBCUT_MARGIN, PROBCUT_MIN_DEPTH};
use crate::score::{NO_EVAL, TB_WIN_BOUND};
use crate::see::see_ge;
use crate::tt::{Bound, Entry};
use crate::worker::Worker;

/// What the node knows that ProbCut needs.
pub(crate) struct ProbCutNode {
    pub depth: i32,
    pub ply: usize,
    pub beta: i32,
    /// The corrected evaluation prunes; the raw one goes to the table.
    pub static_eval: i32,
    pub raw_eval: i32,
    pub tt_entry: Option<Entry>,
    pub tt_move: Option<Move>,
    pub tt_pv: bool,
    pub cut_node: bool,
}

impl Worker {
    /// The score that cuts the node (a lower bound, already stored in the
    /// table), or `None` where ProbCut does not apply or no capture held.
    /// For non-PV nodes out of check outside a singular test (the caller
    /// checks those).
    pub(crate) fn probcut(&mut self, ctx: &mut Context, node: &ProbCutNode) -> Option<i32> {
        let ProbCutNode { depth, ply, beta, static_eval, raw_eval, tt_entry, tt_move, tt_pv, cut_node } =
            *node;
        let probcut_beta = beta + PROBCUT_MARGIN();
        if depth < PROBCUT_MIN_DEPTH() || beta.abs() >= TB_WIN_BOUND || static_eval == NO_EVAL {
            return None;
        }
        // A table entry deeper than the probe that says the node stays
        // below the raised beta: the probe would only confirm it.
        let probe_depth = depth - PROBCUT_DEPTH_CUT();
        if let Some(e) = tt_entry
            && e.depth > probe_depth
            && e.score < probcut_beta
        {
            return None;
        }

        // The captures whose exchange alone makes up what the evaluation
        // lacks, the table move first, then as the main picker orders them.
        let threshold = probcut_beta - static_eval;
        let pos = self.pos(ply);
        let us = pos.turn();
        let mut moves: MoveList = pos.legal_moves();
        moves.retain(|m| is_noisy(m) && see_ge(pos, *m, threshold));
        let order = |m: &Move| {
            if Some(*m) == tt_move { i32::MAX } else { noisy_score(&self.hist, us, *m) }
        };
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(order(m)));

        for mv in moves {
            self.make_move(ctx, mv, ply);
            let mut score = -self.qsearch::<NonPv>(ctx, 0, ply + 1, -probcut_beta, -probcut_beta + 1);
            if score >= probcut_beta && !self.stopped {
                score = -self.search::<NonPv>(
                    ctx,
                    probe_depth,
                    ply + 1,
                    -probcut_beta,
                    -probcut_beta + 1,
                    !cut_node,
                );
            }
            self.unmake_move();
            if self.stopped {
                return Some(0);
            }
            if score >= probcut_beta {
                // Searched one ply below the probe, in this node.
                let key = self.key(ply);
                ctx.tt.store(key, ply, Some(mv), score, raw_eval, probe_depth + 1, Bound::Lower, tt_pv);
                return Some(score);
            }
        }
        None
    }
}
