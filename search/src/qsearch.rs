//! Quiescence search: only captures and promotions (all moves when in
//! check) until the position is quiet enough to trust the static evaluation.

use shakmaty::{Chess, Position};

use rockad_eval::evaluate;

use crate::MAX_PLY;
use crate::movepick::QPicker;
use crate::params::{DELTA_MARGIN, SEE_VALUES};
use crate::score::{DRAW, INFINITE, MATE, MATE_BOUND, NO_EVAL};
use crate::search::fifty_move_score;
use crate::see::see_ge;
use crate::thread::{Context, Worker, is_insufficient, make_child};
use crate::tt::Bound;

impl Worker {
    pub(crate) fn qsearch<const PV: bool>(
        &mut self,
        ctx: &mut Context,
        pos: &Chess,
        key: u64,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.should_stop(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.is_check();
        if ply >= MAX_PLY {
            return if in_check { DRAW } else { evaluate(pos) };
        }
        if is_insufficient(pos) {
            return DRAW;
        }
        // A quiet check evasion can reach the hundredth halfmove here.
        if let Some(score) = fifty_move_score(pos, ply) {
            return score;
        }

        let tt_entry = ctx.tt.probe(key, ply);
        if !PV
            && let Some(e) = tt_entry
            && match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            }
        {
            return e.score;
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut static_eval = NO_EVAL;
        if !in_check {
            static_eval = match tt_entry {
                Some(e) if e.eval != NO_EVAL => e.eval,
                _ => evaluate(pos),
            };
            let stand_pat = static_eval;
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
        }

        let mut moves = pos.legal_moves();
        let mut picker = QPicker::new(&mut moves, in_check, tt_entry.map_or(0, |e| e.mv));
        if in_check && picker.is_empty() {
            return -MATE + ply as i32;
        }
        let mut best_move = None;
        for mv in &mut picker {
            if !in_check && best_score > -MATE_BOUND {
                // Delta pruning: even winning the piece leaves us below alpha.
                if !mv.is_promotion()
                    && static_eval
                        + mv.capture().map_or(SEE_VALUES[0], |r| SEE_VALUES[r as usize - 1])
                        + DELTA_MARGIN
                        <= alpha
                {
                    continue;
                }
                // Captures that lose material are not worth resolving.
                if !see_ge(pos, mv, 0) {
                    continue;
                }
            }
            let (child, ck) = make_child(pos, key, mv, &ctx.tt);
            self.nodes += 1;
            let score = -self.qsearch::<PV>(ctx, &child, ck, ply + 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if PV && best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        ctx.tt.store(key, ply, best_move, best_score, static_eval, 0, bound);
        best_score
    }
}
