//! One search thread's own data, kept between searches, and the per-node
//! bookkeeping every node kind shares: the path's positions and keys by ply
//! ([`Worker::pos`], [`Worker::key`]), [`Worker::make_move`] and
//! [`Worker::unmake_move`] (the only way the search plays a move, the null
//! move included), [`Worker::static_eval`] (the only way it evaluates),
//! repetitions, the stop check and the PV table.

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

use rockad_eval::Evaluator;
use rockad_eval::nnue::Network;

use crate::context::Context;
use crate::correction::{CorrectionHistory, CorrectionSlots};
use crate::eval_cache::EvalCache;
use crate::frame::Frames;
use crate::history::{Histories, piece_index};
use crate::key::{child_key, ep_term, null_key, position_key};
use crate::limits::MAX_PLY;
use crate::params::{FIFTY_MOVE_SHRINK_PCT, TIME_CHECK_NODES};
use crate::root_move::RootMove;
use crate::score::NO_EVAL;

/// A position on the search path and its key.
#[derive(Clone)]
pub(crate) struct Keyed {
    pub pos: Chess,
    pub key: u64,
}

/// A search thread's own data, kept between searches.
pub(crate) struct Worker {
    pub id: usize,
    pub nodes: u64,
    /// Positions whose value came from the tablebases.
    pub tbhits: u64,
    pub seldepth: usize,
    /// Keys of the game's positions before the root, then of the search path
    /// (each position whose move is being searched).
    pub keys: Vec<u64>,
    /// The search path: the position at each ply, the root at 0. A move
    /// from ply `p` writes its child at `p + 1`.
    positions: Vec<Keyed>,
    pub pv: Vec<Vec<Move>>,
    pub stack: Frames,
    pub hist: Histories,
    pub corr: CorrectionHistory,
    /// The static evaluation's state for the current line.
    pub evaluator: Evaluator,
    pub eval_cache: EvalCache,
    pub root_moves: Vec<RootMove>,
    /// The root line being searched (MultiPV): root moves before it are
    /// already placed.
    pub pv_idx: usize,
    pub root_depth: i32,
    /// Null moves are not tried below this ply (during a verification search).
    pub nmp_min_ply: usize,
    pub completed_depth: u32,
    /// The first move of the last line 1 sent to the GUI, so the final
    /// answer can tell whether the GUI has seen the move it is given.
    pub reported_best: Option<Move>,
    pub stopped: bool,
    pub was_pondering: bool,
    /// Iterations in a row that kept the same best move.
    pub stable_iterations: u32,
    /// Best move and score of the previous iteration.
    pub last_best: Option<(Move, i32)>,
}

impl Worker {
    pub fn new(id: usize) -> Worker {
        Worker {
            id,
            nodes: 0,
            tbhits: 0,
            seldepth: 0,
            keys: Vec::with_capacity(1024),
            // make_move and make_null_move reach at most ply MAX_PLY.
            positions: vec![Keyed { pos: Chess::default(), key: 0 }; MAX_PLY + 2],
            pv: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            stack: Frames::new(),
            hist: Histories::new(),
            corr: CorrectionHistory::new(),
            evaluator: Evaluator::new(),
            eval_cache: EvalCache::new(),
            root_moves: Vec::new(),
            pv_idx: 0,
            root_depth: 0,
            nmp_min_ply: 0,
            completed_depth: 0,
            reported_best: None,
            stopped: false,
            was_pondering: false,
            stable_iterations: 0,
            last_best: None,
        }
    }

    pub fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Evaluates with `net` (`None`: the hand-crafted evaluation); the
    /// evaluation cache is emptied when that changes it.
    pub fn set_network(&mut self, net: Option<&Arc<Network>>) {
        if self.evaluator.set_network(net) {
            self.eval_cache.clear();
        }
    }

    /// Makes `root` ply 0 of the search path.
    pub fn set_root(&mut self, root: &Chess) {
        self.positions[0] = Keyed { pos: root.clone(), key: position_key(root) };
    }

    /// The position at `ply` of the search path.
    #[inline(always)]
    pub fn pos(&self, ply: usize) -> &Chess {
        &self.positions[ply].pos
    }

    /// The key of the position at `ply`.
    #[inline(always)]
    pub fn key(&self, ply: usize) -> u64 {
        self.positions[ply].key
    }

    /// Plays `mv` from the position at `ply`, writing the child and its
    /// key at `ply + 1`: counts the node, records the move in the stack,
    /// adds the parent to the key history and pushes the move to the
    /// evaluator. The child's table and evaluation cache entries are
    /// prefetched as soon as its key is known, before the move is made, so
    /// the loads overlap making it.
    #[inline(always)]
    pub fn make_move(&mut self, ctx: &Context, mv: Move, ply: usize) {
        let (path, next) = self.positions.split_at_mut(ply + 1);
        let (parent, child) = (&path[ply], &mut next[0]);
        let (mut ck, double_push) = child_key(&parent.pos, parent.key, mv);
        ctx.tt.prefetch(ck);
        self.eval_cache.prefetch(ck);
        // Into the slot, as one copy: no new position built and moved there.
        child.pos.clone_from(&parent.pos);
        child.pos.play_unchecked(mv);
        if double_push {
            let ep = ep_term(&child.pos);
            if ep != 0 {
                ck ^= ep;
                ctx.tt.prefetch(ck);
                self.eval_cache.prefetch(ck);
            }
        }
        debug_assert_eq!(ck, position_key(&child.pos));
        child.key = ck;
        self.nodes += 1;
        self.stack[ply].moved = Some((piece_index(parent.pos.turn(), mv.role()), mv.to() as usize));
        self.keys.push(parent.key);
        self.evaluator.push(&parent.pos, mv, &child.pos);
    }

    /// Takes back the last [`Worker::make_move`].
    #[inline(always)]
    pub fn unmake_move(&mut self) {
        self.evaluator.pop();
        self.keys.pop();
    }

    /// Passes the move from the position at `ply`, writing the position
    /// with the other side to move and its key at `ply + 1`; `false` where
    /// there is no such position (nothing is changed then). The halfmove
    /// clock restarts so that no repetition is seen across the null move.
    pub fn make_null_move(&mut self, ply: usize) -> bool {
        let Keyed { pos, key } = &self.positions[ply];
        let key = *key;
        let mut setup = pos.to_setup(EnPassantMode::Legal);
        setup.swap_turn();
        setup.ep_square = None;
        setup.halfmoves = 0;
        let Ok(null) = setup.position::<Chess>(CastlingMode::Chess960) else {
            return false;
        };
        let nk = null_key(pos, key);
        debug_assert_eq!(nk, position_key(&null));
        self.positions[ply + 1] = Keyed { pos: null, key: nk };
        self.stack[ply].null_move = true;
        self.stack[ply].moved = None;
        self.keys.push(key);
        self.evaluator.push_null();
        true
    }

    /// Takes back the null move made at `ply`.
    pub fn unmake_null_move(&mut self, ply: usize) {
        self.evaluator.pop();
        self.keys.pop();
        self.stack[ply].null_move = false;
    }

    /// The static evaluation of the position at `ply` (the one the last
    /// move reached): the table's (`tt_eval`, or [`NO_EVAL`] for
    /// none), else the evaluation cache's, else the evaluator's. Not for a
    /// position in check.
    #[inline(always)]
    pub fn static_eval(&mut self, ply: usize, tt_eval: i32) -> i32 {
        #[cfg(debug_assertions)]
        assert_eq!(self.evaluator.depth(), ply, "the evaluator is not at this ply");
        if tt_eval != NO_EVAL {
            return tt_eval;
        }
        let Keyed { pos, key } = &self.positions[ply];
        if let Some(eval) = self.eval_cache.get(*key) {
            return eval;
        }
        let eval = self.evaluator.evaluate(pos);
        self.eval_cache.store(*key, eval);
        eval
    }

    /// The evaluation the search prunes on at `ply` (not in check), with
    /// what it came from: the raw evaluation (the table keeps it), that
    /// shrunk toward a draw by the fifty-move count and corrected by the
    /// learned error, and the correction's slots (for its update).
    #[inline(always)]
    pub fn node_eval(&mut self, ply: usize, tt_eval: i32) -> (i32, i32, CorrectionSlots) {
        // The slots first: their entries load while the network evaluates.
        let (slots, side) = (self.correction_slots(ply), self.pos(ply).turn());
        self.corr.prefetch(side, &slots);
        let raw = self.static_eval(ply, tt_eval);
        let shrunk = fifty_move_shrink(raw, self.pos(ply).halfmoves());
        (raw, self.corr.correct(side, &slots, shrunk), slots)
    }

    /// Where the position at `ply` sits in the correction tables.
    #[inline(always)]
    pub fn correction_slots(&self, ply: usize) -> CorrectionSlots {
        CorrectionSlots::of(self.pos(ply), self.stack.before(ply, 2).moved, self.stack.before(ply, 1).moved)
    }

    pub fn publish_nodes(&self, ctx: &Context) {
        ctx.signals.nodes[self.id].store(self.nodes, Relaxed);
        ctx.signals.tbhits[self.id].store(self.tbhits, Relaxed);
    }

    /// Whether the search must stop now. Looks at the clock every
    /// [`TIME_CHECK_NODES`] nodes in the main thread.
    pub fn should_stop(&mut self, ctx: &mut Context) -> bool {
        if self.stopped {
            return true;
        }
        if self.is_main()
            && let Some(limit) = ctx.limits.nodes
        {
            let total = if ctx.threads == 1 { self.nodes } else { ctx.signals.total_nodes(0, self.nodes) };
            if total >= limit {
                ctx.signals.stop.store(true, Relaxed);
            }
        }
        if self.nodes.is_multiple_of(TIME_CHECK_NODES) {
            self.publish_nodes(ctx);
            if self.is_main() && !ctx.signals.pondering.load(Relaxed) {
                self.sync_ponderhit(ctx);
                if ctx.tm.as_ref().is_some_and(|t| t.hard_expired()) && self.completed_depth > 0 {
                    ctx.signals.stop.store(true, Relaxed);
                }
            }
        }
        if ctx.signals.stop.load(Relaxed) {
            self.stopped = true;
        }
        self.stopped
    }

    /// After `ponderhit` the clock starts from the moment it arrived.
    pub fn sync_ponderhit(&mut self, ctx: &mut Context) {
        if self.was_pondering && !ctx.signals.pondering.load(Relaxed) {
            self.was_pondering = false;
            if let (Some(tm), Some(at)) = (&mut ctx.tm, *ctx.signals.ponderhit_at.lock()) {
                tm.restart(at);
            }
        }
    }

    /// Whether the position with `key` at `ply` is a draw by repetition: it
    /// repeats a position reached after the root, or occurred twice before.
    pub fn is_repetition(&self, key: u64, halfmoves: u32, ply: usize) -> bool {
        let n = self.keys.len();
        let limit = (halfmoves as usize).min(n);
        let mut seen = 0;
        for back in (4..=limit).step_by(2) {
            if self.keys[n - back] == key {
                if back < ply {
                    return true;
                }
                seen += 1;
                if seen >= 2 {
                    return true;
                }
            }
        }
        false
    }

    pub fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }
}

/// Neither side can mate (cheap test first: few pieces left).
pub(crate) fn is_insufficient(pos: &Chess) -> bool {
    pos.board().occupied().count() <= 4 && pos.is_insufficient_material()
}

/// `eval` shrunk toward a draw as the fifty-move count grows: by
/// [`FIFTY_MOVE_SHRINK_PCT`] per cent at a hundred halfmoves, so that a
/// winning side that shuffles sees its advantage fade and makes progress
/// (a capture or pawn move) instead. Off at 0, the default until its SPRT.
#[inline(always)]
fn fifty_move_shrink(eval: i32, halfmoves: u32) -> i32 {
    shrink_by(eval, halfmoves, FIFTY_MOVE_SHRINK_PCT())
}

fn shrink_by(eval: i32, halfmoves: u32, pct: i32) -> i32 {
    if pct == 0 {
        return eval;
    }
    // Past a hundred halfmoves the game is drawn (or mate given now): no
    // evaluation is read there, but a FEN may say so.
    let halfmoves = halfmoves.min(100) as i32;
    eval - eval * pct * halfmoves / 10_000
}

#[cfg(test)]
mod tests {
    use super::shrink_by;

    #[test]
    fn the_fifty_move_shrink_grows_with_the_count() {
        assert_eq!(shrink_by(300, 0, 50), 300);
        assert_eq!(shrink_by(300, 50, 50), 225);
        assert_eq!(shrink_by(300, 100, 50), 150);
        assert_eq!(shrink_by(-300, 100, 50), -150);
        // The count stops at a hundred halfmoves.
        assert_eq!(shrink_by(300, 250, 50), 150);
        // Off: every evaluation as it was.
        assert_eq!(shrink_by(1234, 99, 0), 1234);
        // Never past a draw, even at the largest share a tuner may set.
        assert!(shrink_by(2000, 100, 80) > 0);
    }
}
