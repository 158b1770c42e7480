//! Quiescence search: only captures and promotions (all moves when in
//! check) until the position is quiet enough to trust the static evaluation.

use shakmaty::{Chess, Position};

use rockad_eval::evaluate;

use crate::MAX_PLY;
use crate::movepick::QPicker;
use crate::score::{DRAW, INFINITE, MATE};
use crate::thread::{Context, Worker, is_insufficient};

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
        let _ = key;
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

        let mut best_score = -INFINITE;
        if !in_check {
            let stand_pat = evaluate(pos);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
        }

        let picker = QPicker::new(pos, in_check);
        if in_check && picker.is_empty() {
            return -MATE + ply as i32;
        }
        for mv in picker {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            self.nodes += 1;
            let score = -self.qsearch::<PV>(ctx, &child, 0, ply + 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
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
        best_score
    }
}
