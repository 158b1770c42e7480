//! The principal variation search, one function for every node kind
//! ([`Root`](crate::node::Root), [`Pv`], [`NonPv`]).

use shakmaty::{Chess, Move, MoveList, Position};

use crate::context::Context;
use crate::history::{QuietKey, bonus};
use crate::limits::MAX_PLY;
use crate::movepick::{MovePicker, is_noisy};
use crate::node::{Node, NonPv, Pv};
use crate::params::*;
use crate::probcut::ProbCutNode;
use crate::reduction::reduction;
use crate::score::{DRAW, INFINITE, MATE, MATE_BOUND, NO_EVAL, TB_WIN_BOUND};
use crate::see::see_ge;
use crate::singular::{Singular, SingularNode};
use crate::tt::{Bound, decode_move, on_pv};
use crate::worker::{Worker, is_insufficient};

impl Worker {
    /// Searches the path's position at `ply` (see [`Worker::pos`]) to
    /// `depth` in the window (`alpha`, `beta`). PV nodes may have a wide
    /// window; others are scouts with `beta == alpha + 1`; a scout is a
    /// `cut_node` where it is expected to fail high (the reduced first look
    /// at a late move, and every second ply of a line of such scouts) and an
    /// all-node where it is expected to fail low. At the root (`N` = `Root`)
    /// the moves are the root move list's from line [`Worker::pv_idx`] on,
    /// and each one's score and line are recorded there.
    pub(crate) fn search<N: Node>(
        &mut self,
        ctx: &mut Context,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        cut_node: bool,
    ) -> i32 {
        let excluded = self.stack[ply].excluded;
        // Double extensions so far on this line (none before the root).
        self.stack[ply].double_extensions = self.stack.before(ply, 1).double_extensions;
        let key = self.key(ply);
        self.pv[ply].clear();
        if !N::ROOT {
            // Draws by rule come before the hand-over to quiescence, which
            // does not look for them: a line ending in one must score and stop there.
            if self.is_repetition(key, self.pos(ply).halfmoves(), ply) {
                return DRAW;
            }
            if let Some(score) = fifty_move_score(self.pos(ply), ply) {
                return score;
            }
            if depth <= 0 {
                return self.qsearch::<N>(ctx, 0, ply, alpha, beta);
            }
            if self.should_stop(ctx) {
                return 0;
            }
        }
        self.seldepth = self.seldepth.max(ply);

        let pos = self.pos(ply);
        let (in_check, us) = (pos.is_check(), pos.turn());
        if !N::ROOT {
            if is_insufficient(pos) {
                return DRAW;
            }
            if ply >= MAX_PLY {
                return if in_check { DRAW } else { self.static_eval(ply, NO_EVAL) };
            }
            // Mate distance pruning: no line from here beats a mate already found.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        // The root orders its moves by the last iteration instead.
        let tt_entry = if N::ROOT { None } else { ctx.tt.probe(key, ply) };
        // On a principal variation now or when last stored (the singular
        // test's search of this node keeps the node's own flag).
        let tt_pv = if excluded.is_some() { self.stack[ply].tt_pv } else { on_pv(N::PV, tt_entry) };
        self.stack[ply].tt_pv = tt_pv;
        if !N::PV
            && excluded.is_none()
            && let Some(e) = tt_entry
            && e.depth >= depth
            && self.pos(ply).halfmoves() < TT_CUTOFF_MAX_HALFMOVES()
            && e.bound.cuts(e.score, alpha, beta)
        {
            return e.score;
        }

        // Tablebases: a result the window allows is final; otherwise a PV
        // node keeps it as a floor (a win) or a ceiling (a loss) of its score.
        let (mut tb_floor, mut tb_ceiling) = (-INFINITE, INFINITE);
        if !N::ROOT
            && ctx.tb.cardinality > 0
            && excluded.is_none()
            && let Some((score, bound)) = self.probe_tables(ctx, depth, ply)
        {
            if bound.cuts(score, alpha, beta) {
                let d = (depth + TB_DEPTH_BONUS).min(MAX_PLY as i32 - 1);
                ctx.tt.store(key, ply, None, score, NO_EVAL, d, bound, tt_pv);
                return score;
            }
            if N::PV {
                if bound == Bound::Lower {
                    tb_floor = score;
                    alpha = alpha.max(score);
                } else {
                    tb_ceiling = score;
                }
            }
        }

        // The table keeps the raw evaluation; the search prunes on the
        // corrected one.
        // (The correction slots are only read out of check.)
        let (raw_eval, static_eval, slots) = if in_check {
            (NO_EVAL, NO_EVAL, None)
        } else {
            let (raw, corrected, slots) = self.node_eval(ply, tt_entry.map_or(NO_EVAL, |e| e.eval));
            (raw, corrected, Some(slots))
        };
        self.stack[ply].static_eval = static_eval;
        if !N::ROOT {
            // The root keeps the killers of ply 1 across its moves and iterations.
            self.stack[ply + 1].killers = [None; 2];
        }
        self.stack[ply + 1].cutoffs = 0;
        // Better than two plies ago: prune less, the position is going our way.
        let two_back = self.stack.before(ply, 2).static_eval;
        let improving = static_eval != NO_EVAL && two_back != NO_EVAL && static_eval > two_back;

        // Hindsight: the parent reduced this node by how it looked then; the
        // two evaluations now say whether that was right.
        let mut depth = depth;
        let prior_reduction = self.stack.before(ply, 1).reduction;
        let one_back = self.stack.before(ply, 1).static_eval;
        if !N::ROOT && excluded.is_none() && static_eval != NO_EVAL && one_back != NO_EVAL {
            let sum = static_eval + one_back;
            if prior_reduction >= HINDSIGHT_DEEPER_MIN() && sum <= 0 {
                depth += 1;
            } else if prior_reduction >= HINDSIGHT_SHALLOWER_MIN()
                && depth >= 2
                && sum > HINDSIGHT_SHALLOWER_MARGIN()
            {
                depth -= 1;
            }
        }

        if !N::PV && !in_check && excluded.is_none() {
            // Reverse futility: so far above beta that a shallow search will not fall back.
            if depth <= RFP_MAX_DEPTH()
                && static_eval.abs() < MATE_BOUND
                && static_eval - RFP_MARGIN() * (depth - i32::from(improving)) >= beta
            {
                // Halfway to beta: the margin was a guess, the eval an estimate.
                return (static_eval + beta) / 2;
            }
            // Razoring: so far below alpha that only captures could save it.
            if depth <= RAZOR_MAX_DEPTH() && static_eval + RAZOR_MARGIN() * depth <= alpha {
                let score = self.qsearch::<NonPv>(ctx, 0, ply, alpha, alpha + 1);
                if self.stopped {
                    return 0;
                }
                if score <= alpha {
                    return score;
                }
            }
            // Null move: if passing still fails high, a real move will too.
            if cut_node && let Some(score) = self.null_move(ctx, depth, ply, beta, static_eval, tt_entry) {
                return score;
            }
        }

        // The table move is checked for legality only now: the cutoffs and
        // pruning above return without it from most nodes that have one.
        let pos = self.pos(ply);
        let tt_move = tt_entry.and_then(|e| decode_move(pos, e.mv));
        // Internal iterative reduction: without a table move this node was
        // never searched deeply; search it shallower, and sooner.
        if !N::ROOT && depth >= IIR_MIN_DEPTH() && tt_move.is_none() && excluded.is_none() {
            depth -= 1;
        }
        if !N::PV && !in_check && excluded.is_none() {
            let node =
                ProbCutNode { depth, ply, beta, static_eval, raw_eval, tt_entry, tt_move, tt_pv, cut_node };
            if let Some(score) = self.probcut(ctx, &node) {
                return score;
            }
        }

        let pos = self.pos(ply);
        let earlier = self.stack.earlier(ply);
        let prev = earlier[0];
        let quiet_key = QuietKey::of(pos, earlier);
        let mut picker = if N::ROOT {
            MovePicker::listed(pos, self.root_moves[self.pv_idx..].iter().map(|rm| rm.mv))
        } else {
            let counter = self.hist.counter.get(prev);
            let picker_tt = if excluded.is_some() { None } else { tt_move };
            MovePicker::new(pos, picker_tt, self.stack[ply].killers, counter, quiet_key)
        };
        // Quiet moves after a capturing table move rarely beat it (LMR).
        let tt_noisy = tt_move.is_some_and(|m| is_noisy(&m));
        let original_alpha = alpha;
        let mut best_score = tb_floor;
        let mut best_move = None;
        let mut searched = 0;
        let mut quiets_tried = MoveList::new();
        let mut noisy_tried = MoveList::new();
        let extension_limit = EXTENSION_MAX_PLY_FACTOR() * self.root_depth as usize;
        while let Some(mv) = picker.next(self.pos(ply), &self.hist) {
            if Some(mv) == excluded {
                continue;
            }
            let pos = self.pos(ply);
            let quiet = !is_noisy(&mv);
            let history = if quiet { self.hist.quiet(us, mv, &quiet_key) } else { 0 };
            // Captures that lose too much material, at low depth.
            if !N::ROOT
                && !quiet
                && best_score > -MATE_BOUND
                && depth <= SEE_PRUNE_MAX_DEPTH()
                && !see_ge(pos, mv, -SEE_NOISY_MARGIN() * depth)
            {
                continue;
            }
            // Late move pruning, futility and exchange pruning of quiet
            // moves, once a move has saved us from being mated.
            if !N::ROOT && quiet && best_score > -MATE_BOUND {
                if depth <= LMP_MAX_DEPTH() && quiets_tried.len() >= lmp_threshold(depth, improving) {
                    picker.skip_quiets();
                    continue;
                }
                // History pruning: a move this side's history says keeps
                // failing is not worth even a shallow look.
                if !in_check
                    && depth <= HISTORY_PRUNE_MAX_DEPTH()
                    && history < -HISTORY_PRUNE_MARGIN() * depth
                {
                    continue;
                }
                // The depth the move would be searched at once reduced, a good
                // history reducing it less: futility and exchange pruning
                // judge by it.
                let r = reduction(depth, searched + 1) - history / PRUNE_HISTORY_DIVISOR();
                let lmr_depth = (depth - 1 - r).max(0);
                if !in_check
                    && lmr_depth <= FUTILITY_MAX_DEPTH()
                    && static_eval + FUTILITY_BASE() + FUTILITY_PER_DEPTH() * lmr_depth <= alpha
                {
                    picker.skip_quiets();
                    continue;
                }
                if lmr_depth <= SEE_PRUNE_MAX_DEPTH()
                    && !see_ge(pos, mv, -SEE_QUIET_MARGIN() * lmr_depth * lmr_depth)
                {
                    continue;
                }
            }

            // Singular extension (singular.rs), for the table move alone.
            let mut extension = 0;
            if Some(mv) == tt_move
                && excluded.is_none()
                && depth >= SE_MIN_DEPTH()
                && ply < extension_limit
                && let Some(e) = tt_entry
                && e.depth >= depth - SE_TT_DEPTH_SLACK()
                && e.bound != Bound::Upper
                && e.score.abs() < MATE_BOUND
            {
                let node = SingularNode { depth, ply, beta, cut_node };
                match self.singular::<N>(ctx, &node, mv, e) {
                    Singular::Extend(x) => extension = x,
                    Singular::Cut(score) => return score,
                }
            }

            if N::ROOT {
                self.announce_root_move(ctx, depth, mv, searched);
            }
            let nodes_before = self.nodes;
            self.make_move(ctx, mv, ply);
            let gives_check = self.pos(ply + 1).is_check();
            // Check extension, bounded so checks cannot run away.
            if extension == 0 && gives_check && ply < extension_limit {
                extension = 1;
            }
            let mut new_depth = depth - 1 + extension;
            // The line below counts this move's double or triple extension.
            let doubled = extension >= 2;
            self.stack[ply].double_extensions += u8::from(doubled);

            let mut score = 0;
            let full_scout = if !N::ROOT && searched > usize::from(N::PV) && depth >= LMR_MIN_DEPTH() && quiet
            {
                // Late move reduction: a scout at reduced depth first.
                let mut r = reduction(depth, searched + 1);
                // Less at nodes on a principal variation, now or before;
                // more where a cutoff is expected anyway, or where the
                // table move, a capture, is likely still the best.
                r -= LMR_TT_PV() * i32::from(tt_pv);
                r -= LMR_PV_NODE() * i32::from(N::PV);
                r += LMR_CUT_NODE() * i32::from(cut_node);
                r += LMR_TT_NOISY() * i32::from(tt_noisy);
                r += i32::from(!improving);
                r -= i32::from(gives_check);
                r -= history / LMR_HISTORY_DIVISOR();
                // The earlier moves' replies keep cutting: an all-node.
                r += i32::from(self.stack[ply + 1].cutoffs > LMR_CHILD_CUTOFFS());
                if Some(mv) == self.stack[ply].killers[0] || Some(mv) == self.stack[ply].killers[1] {
                    r -= 1;
                }
                let reduced = (new_depth - r).clamp(1, new_depth.max(1));
                self.stack[ply].reduction = new_depth - reduced;
                score = -self.search::<NonPv>(ctx, reduced, ply + 1, -alpha - 1, -alpha, true);
                self.stack[ply].reduction = 0;
                if score > alpha && reduced < new_depth {
                    // The reduced look beat alpha: search it again, deeper
                    // if it beat the best by far, shallower if only just.
                    new_depth += i32::from(score > best_score + LMR_DEEPER_MARGIN() + 2 * new_depth);
                    new_depth -= i32::from(score < best_score + LMR_SHALLOWER_MARGIN());
                    reduced < new_depth
                } else {
                    false
                }
            } else {
                !N::PV || searched > 0
            };
            if full_scout && !self.stopped {
                score = -self.search::<NonPv>(ctx, new_depth, ply + 1, -alpha - 1, -alpha, !cut_node);
            }
            if N::PV && (searched == 0 || (score > alpha && score < beta)) && !self.stopped {
                score = -self.search::<Pv>(ctx, new_depth, ply + 1, -beta, -alpha, false);
            }
            self.unmake_move();
            self.stack[ply].double_extensions -= u8::from(doubled);
            if N::ROOT {
                self.record_root_move(searched, score, alpha, self.nodes - nodes_before);
            }
            searched += 1;
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    if N::PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        self.stack[ply].cutoffs += 1;
                        if !N::ROOT {
                            self.reward_cutoff(ply, depth, mv, &quiet_key, &quiets_tried, &noisy_tried);
                        }
                        break;
                    }
                    if !N::ROOT
                        && ALPHA_RAISE_REDUCTION() != 0
                        && depth > 2
                        && depth < 14
                        && score.abs() < MATE_BOUND
                    {
                        depth -= ALPHA_RAISE_REDUCTION();
                    }
                    alpha = score;
                }
            }
            if quiet {
                quiets_tried.push(mv);
            } else {
                noisy_tried.push(mv);
            }
        }

        if !picker.any_legal() {
            return if in_check { -MATE + ply as i32 } else { DRAW };
        }
        if N::ROOT {
            self.store_root(ctx, depth, best_score, beta);
            return best_score;
        }
        if N::PV {
            best_score = best_score.min(tb_ceiling);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if N::PV && best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluded.is_none() {
            ctx.tt.store(key, ply, best_move, best_score, raw_eval, depth, bound, tt_pv);
            // Learn the evaluation's error where the score says something
            // about it: a quiet best move (a capture's gain is no error of the
            // evaluation), a bound on the right side of the evaluation.
            if let Some(slots) = slots
                && best_move.is_none_or(|m| !is_noisy(&m))
                && best_score.abs() < TB_WIN_BOUND
                && !(bound == Bound::Lower && best_score <= static_eval)
                && !(bound == Bound::Upper && best_score >= static_eval)
            {
                self.corr.update(us, &slots, depth, best_score, static_eval);
            }
        }
        best_score
    }

    /// The tables' score of the position at `ply`, when the probe
    /// conditions hold at `depth`, and what it bounds: a win is at least
    /// that good, a loss at most, a draw exact. Counts the hit. Out of
    /// line: only searches with tables loaded come here.
    #[inline(never)]
    fn probe_tables(&mut self, ctx: &Context, depth: i32, ply: usize) -> Option<(i32, Bound)> {
        let pos = self.pos(ply);
        if !ctx.tb.wants(pos, depth) {
            return None;
        }
        let score = ctx.tb.probe(pos, ply)?;
        self.tbhits += 1;
        let bound = if score >= TB_WIN_BOUND {
            Bound::Lower
        } else if score <= -TB_WIN_BOUND {
            Bound::Upper
        } else {
            Bound::Exact
        };
        Some((score, bound))
    }

    /// A move that cut at `ply`: reward its history and punish the moves of
    /// its kind tried before it (and the captures, if a quiet move cut); a
    /// quiet move also becomes killer and countermove.
    /// `key` is the node's own, as its move picker read the histories by.
    fn reward_cutoff(
        &mut self,
        ply: usize,
        depth: i32,
        mv: Move,
        key: &QuietKey,
        quiets: &[Move],
        noisy: &[Move],
    ) {
        let side = self.pos(ply).turn();
        let b = bonus(depth);
        if is_noisy(&mv) {
            self.hist.capture.update(side, mv, b);
        } else {
            let killers = &mut self.stack[ply].killers;
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
            }
            self.hist.counter.set(key.earlier[0], mv);
            self.hist.update_quiet(side, mv, key, b);
            for &q in quiets {
                self.hist.update_quiet(side, q, key, -b);
            }
        }
        for &n in noisy {
            self.hist.capture.update(side, n, -b);
        }
    }
}

/// The score of a position the fifty-move rule has drawn (halfmove clock at
/// 100 or more), or `None` while the game goes on. A mate given by the
/// hundredth halfmove still wins.
pub(crate) fn fifty_move_score(pos: &Chess, ply: usize) -> Option<i32> {
    if pos.halfmoves() < 100 {
        return None;
    }
    Some(if pos.is_check() && pos.legal_moves().is_empty() { -MATE + ply as i32 } else { DRAW })
}

/// Quiet moves searched before the rest are pruned at `depth`.
fn lmp_threshold(depth: i32, improving: bool) -> usize {
    ((LMP_BASE() + depth * depth) / (2 - i32::from(improving))) as usize
}
