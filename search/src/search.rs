//! The main alpha-beta search: principal variation search below the root.

use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, MoveList, Position};

use rockad_eval::evaluate;

use crate::MAX_PLY;
use crate::history::{bonus, piece_index};
use crate::movepick::{MovePicker, is_noisy};
use crate::params::*;
use crate::score::{DRAW, INFINITE, MATE, MATE_BOUND, NO_EVAL};
use crate::thread::{Context, Worker, child_key, is_insufficient, key_of};
use crate::tt::{Bound, decode_move};

impl Worker {
    /// Searches `pos` (reached at `ply`) to `depth` in the window
    /// (`alpha`, `beta`). `PV` nodes may have a wide window; others are
    /// scouts with `beta == alpha + 1`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search<const PV: bool>(
        &mut self,
        ctx: &mut Context,
        pos: &Chess,
        key: u64,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch::<PV>(ctx, pos, key, ply, alpha, beta);
        }
        self.pv[ply].clear();
        if self.should_stop(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);

        if self.is_repetition(key, pos.halfmoves(), ply) || is_insufficient(pos) {
            return DRAW;
        }
        let in_check = pos.is_check();
        if ply >= MAX_PLY {
            return if in_check { DRAW } else { evaluate(pos) };
        }
        // Mate distance pruning: no line from here beats a mate already found.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        let tt_entry = ctx.tt.probe(key, ply);
        let tt_move = tt_entry.and_then(|e| decode_move(pos, e.mv));
        if !PV
            && let Some(e) = tt_entry
            && e.depth >= depth
            && pos.halfmoves() < 90
            && match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            }
        {
            return e.score;
        }

        let static_eval = if in_check {
            NO_EVAL
        } else {
            match tt_entry {
                Some(e) if e.eval != NO_EVAL => e.eval,
                _ => evaluate(pos),
            }
        };
        self.stack[ply].static_eval = static_eval;
        self.stack[ply + 1].killers = [None; 2];
        // Better than two plies ago: prune less, the position is going our way.
        let improving = ply >= 2
            && static_eval != NO_EVAL
            && self.stack[ply - 2].static_eval != NO_EVAL
            && static_eval > self.stack[ply - 2].static_eval;

        if !PV && !in_check {
            // Reverse futility: so far above beta that a shallow search will not fall back.
            if depth <= RFP_MAX_DEPTH
                && static_eval.abs() < MATE_BOUND
                && static_eval - RFP_MARGIN * (depth - i32::from(improving)) >= beta
            {
                return static_eval;
            }
            // Razoring: so far below alpha that only captures could save it.
            if depth <= RAZOR_MAX_DEPTH && static_eval + RAZOR_MARGIN * depth <= alpha {
                let score = self.qsearch::<false>(ctx, pos, key, ply, alpha, alpha + 1);
                if self.stopped {
                    return 0;
                }
                if score <= alpha {
                    return score;
                }
            }
            // Null move: if passing still fails high, a real move will too.
            if depth >= NMP_MIN_DEPTH
                && static_eval >= beta
                && beta > -MATE_BOUND
                && ply >= self.nmp_min_ply
                && (ply == 0 || !self.stack[ply - 1].null_move)
                && has_pieces(pos)
                && let Some(null) = null_move(pos)
            {
                let r = NMP_BASE
                    + depth / NMP_DEPTH_DIVISOR
                    + ((static_eval - beta) / NMP_EVAL_DIVISOR).min(NMP_EVAL_MAX);
                self.stack[ply].null_move = true;
                self.stack[ply].moved = None;
                self.keys.push(key);
                let nk = key_of(&null);
                let score = -self.search::<false>(ctx, &null, nk, depth - r, ply + 1, -beta, -beta + 1);
                self.keys.pop();
                self.stack[ply].null_move = false;
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    let score = if score >= MATE_BOUND { beta } else { score };
                    if depth < NMP_VERIFY_DEPTH || self.nmp_min_ply > 0 {
                        return score;
                    }
                    // Deep: verify with a normal search that may not pass again
                    // for a while (zugzwang guard).
                    self.nmp_min_ply = ply + (3 * (depth - r) / 4) as usize;
                    let v = self.search::<false>(ctx, pos, key, depth - r, ply, beta - 1, beta);
                    self.nmp_min_ply = 0;
                    if self.stopped {
                        return 0;
                    }
                    if v >= beta {
                        return score;
                    }
                }
            }
        }

        let prev = if ply > 0 { self.stack[ply - 1].moved } else { None };
        let counter = self.hist.counter(prev);
        let mut picker = MovePicker::new(pos, tt_move, self.stack[ply].killers, counter);
        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut searched = 0;
        let mut quiets_tried = MoveList::new();
        self.keys.push(key);
        while let Some(mv) = picker.next(pos, &self.hist) {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let ck = child_key(pos, key, mv, &child);
            ctx.tt.prefetch(ck);
            self.nodes += 1;
            self.stack[ply].moved = Some((piece_index(pos.turn(), mv.role()), mv.to() as usize));
            // Check extension, bounded so checks cannot run away.
            let extension = i32::from(child.is_check() && ply < 2 * self.root_depth as usize);
            let new_depth = depth - 1 + extension;
            let score = if searched == 0 {
                -self.search::<PV>(ctx, &child, ck, new_depth, ply + 1, -beta, -alpha)
            } else {
                let s = -self.search::<false>(ctx, &child, ck, new_depth, ply + 1, -alpha - 1, -alpha);
                if PV && s > alpha && s < beta && !self.stopped {
                    -self.search::<true>(ctx, &child, ck, new_depth, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            searched += 1;
            if self.stopped {
                self.keys.pop();
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
                        if !is_noisy(&mv) {
                            self.reward_quiet(pos, ply, depth, mv, &quiets_tried, prev);
                        }
                        break;
                    }
                    alpha = score;
                }
            }
            if !is_noisy(&mv) {
                quiets_tried.push(mv);
            }
        }
        self.keys.pop();

        if !picker.any_legal() {
            return if in_check { -MATE + ply as i32 } else { DRAW };
        }
        if pos.halfmoves() >= 100 {
            return DRAW;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if PV && best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        ctx.tt.store(key, ply, best_move, best_score, static_eval, depth, bound);
        best_score
    }

    /// A quiet move cut: remember it as killer and countermove, reward its
    /// history and punish the quiet moves tried before it.
    fn reward_quiet(
        &mut self,
        pos: &Chess,
        ply: usize,
        depth: i32,
        mv: Move,
        tried: &[Move],
        prev: Option<(usize, usize)>,
    ) {
        let killers = &mut self.stack[ply].killers;
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        self.hist.set_counter(prev, mv);
        let b = bonus(depth);
        self.hist.update_quiet(pos.turn(), mv, b);
        for &q in tried {
            self.hist.update_quiet(pos.turn(), q, -b);
        }
    }
}

/// Whether the side to move has a piece besides king and pawns (null moves
/// are unsound in pawn endings: zugzwang is common there).
fn has_pieces(pos: &Chess) -> bool {
    let board = pos.board();
    (pos.us() & !board.pawns() & !board.kings()).any()
}

/// `pos` with the other side to move. The halfmove clock restarts so that
/// no repetition is seen across the null move.
fn null_move(pos: &Chess) -> Option<Chess> {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.swap_turn();
    setup.ep_square = None;
    setup.halfmoves = 0;
    setup.position::<Chess>(CastlingMode::Chess960).ok()
}
