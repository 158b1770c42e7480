//! Iterative deepening: one search thread's iterations over the root,
//! aspiration windows around each line's last score, the reports at the end
//! of each, and when to stop iterating.

use std::sync::atomic::Ordering::Relaxed;

use shakmaty::{Chess, Move};

use crate::context::Context;
use crate::limits::MAX_PLY;
use crate::node::Root;
use crate::params::*;
use crate::report::IterationReport;
use crate::root::sort_root_moves;
use crate::score::{INFINITE, MATE};
use crate::tt::Bound;
use crate::worker::Worker;

impl Worker {
    /// Iterative deepening from `root`. `history` holds the keys of the game's
    /// positions before the root, oldest first.
    pub fn iterate(&mut self, ctx: &mut Context, root: &Chess, history: &[u64], root_moves: &[Move]) {
        self.nodes = 0;
        self.tbhits = 0;
        self.completed_depth = 0;
        self.reported_best = None;
        self.stopped = false;
        self.was_pondering = ctx.signals.pondering.load(Relaxed);
        self.keys.clear();
        self.keys.extend_from_slice(history);
        self.stack.clear();
        self.evaluator.refresh(root);
        self.set_root(root);
        self.stable_iterations = 0;
        self.last_best = None;
        self.set_root_moves(root_moves, &ctx.tb.root);
        if self.root_moves.is_empty() {
            return;
        }
        let max_depth = ctx.limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1);
        let lines = ctx.multipv.clamp(1, self.root_moves.len());

        let mut depth = 1;
        while depth <= max_depth {
            // Helpers search odd threads one ply deeper to spread the work.
            let search_depth =
                if self.is_main() { depth } else { (depth + (self.id as u32 & 1)).min(max_depth) };
            self.root_depth = search_depth as i32;
            for rm in &mut self.root_moves {
                rm.prev_score = rm.score;
                rm.nodes = 0;
            }
            for pv_idx in 0..lines {
                self.seldepth = 0;
                self.aspiration(ctx, search_depth as i32, pv_idx);
                if self.stopped {
                    break;
                }
                // A later line can score above an earlier one (pruning and
                // the table make scores window-dependent): keep lines ordered.
                sort_root_moves(&mut self.root_moves[..=pv_idx]);
            }
            if self.stopped {
                break;
            }
            self.completed_depth = search_depth;
            if self.is_main() {
                self.report(ctx, search_depth, lines.min(ctx.report_lines));
                self.reported_best = Some(self.root_moves[0].mv);
                if self.iteration_limit_reached(ctx, search_depth) {
                    break;
                }
            }
            depth += 1;
        }
        self.publish_nodes(ctx);
        if self.is_main() {
            // The helpers stop with the main thread; `go infinite` and `go
            // ponder` wait for stop / ponderhit before answering (pool.rs).
            ctx.signals.stop.store(true, Relaxed);
        }
    }

    /// Searches line `pv_idx` of the root at `depth` in a window around the
    /// previous score, widening it on each fail.
    fn aspiration(&mut self, ctx: &mut Context, depth: i32, pv_idx: usize) {
        let centre = self.root_moves[pv_idx].average;
        let mut delta = ASPIRATION_DELTA();
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH() && centre.abs() < MATE / 2 {
            ((centre - delta).max(-INFINITE), (centre + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        let mut fail_highs = 0;
        loop {
            for rm in &mut self.root_moves[pv_idx..] {
                rm.score = -INFINITE;
            }
            self.pv_idx = pv_idx;
            let cut = fail_highs.min(ASPIRATION_FAIL_HIGH_MAX_CUT());
            let score = self.search::<Root>(ctx, (depth - cut).max(1), 0, alpha, beta, false);
            if self.stopped {
                // A move that completed and beat the others is still good to
                // play; if none completed, keep the last iteration's view.
                if self.root_moves[pv_idx].score == -INFINITE {
                    for rm in &mut self.root_moves[pv_idx..] {
                        rm.score = rm.prev_score;
                    }
                }
                sort_root_moves(&mut self.root_moves[pv_idx..]);
                return;
            }
            sort_root_moves(&mut self.root_moves[pv_idx..]);
            if score <= alpha {
                // Fail low: keep the previous best first, widen downwards.
                self.root_moves[pv_idx].score = score;
                self.root_moves[pv_idx].bound = Bound::Upper;
                self.report_bound(ctx, depth as u32, pv_idx);
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                fail_highs = 0;
            } else if score >= beta {
                fail_highs += 1;
                self.root_moves[pv_idx].bound = Bound::Lower;
                self.report_bound(ctx, depth as u32, pv_idx);
                beta = (score + delta).min(INFINITE);
            } else {
                self.root_moves[pv_idx].bound = Bound::Exact;
                return;
            }
            delta += delta / 2;
        }
    }

    fn iteration_limit_reached(&mut self, ctx: &mut Context, depth: u32) -> bool {
        let scale = self.time_scale();
        let best = self.root_moves[0].score;
        if let Some(n) = ctx.limits.mate
            && n > 0
            && best >= MATE - (2 * n as i32 - 1)
        {
            return true;
        }
        if ctx.limits.depth.is_some_and(|d| depth >= d) {
            return true;
        }
        if ctx.signals.pondering.load(Relaxed) {
            return false;
        }
        self.sync_ponderhit(ctx);
        let Some(tm) = &ctx.tm else { return false };
        tm.soft_expired(scale) || (self.root_moves.len() == 1 && ctx.limits.is_timed())
    }

    /// How much of the soft time limit this move deserves, from the last
    /// iteration: less when the best move keeps winning and took most of
    /// the effort, more when it just changed or the score is falling.
    fn time_scale(&mut self) -> f64 {
        let best = &self.root_moves[0];
        let (mv, score) = (best.mv, best.score);
        let total: u64 = self.root_moves.iter().map(|r| r.nodes).sum();
        let fraction = best.nodes as f64 / total.max(1) as f64;
        match self.last_best {
            Some((m, _)) if m == mv => self.stable_iterations += 1,
            _ => self.stable_iterations = 0,
        }
        let stability = TM_STABILITY[(self.stable_iterations as usize).min(TM_STABILITY.len() - 1)];
        let drop = self.last_best.map_or(0, |(_, s)| s - score);
        let falling = 1.0 + (f64::from(drop) / TM_SCORE_DROP_SCALE()).clamp(TM_SCORE_MIN(), TM_SCORE_MAX());
        let effort = (TM_NODES_BASE() - fraction) * TM_NODES_SCALE();
        self.last_best = Some((mv, score));
        (stability * falling * effort).clamp(TM_SCALE_MIN(), TM_SCALE_MAX())
    }

    fn iteration_report(&self, ctx: &Context, depth: u32, i: usize) -> IterationReport {
        let rm = &self.root_moves[i];
        let (score, bound) = rm.shown();
        IterationReport {
            depth,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv: i as u32 + 1,
            score,
            bound,
            nodes: ctx.signals.total_nodes(self.id, self.nodes),
            time_ms: ctx.tm.as_ref().map_or(0, |t| t.elapsed().as_millis() as u64),
            hashfull: ctx.tt.hashfull(),
            tbhits: ctx
                .tb
                .settings
                .tables
                .is_some()
                .then(|| ctx.tb.root_hits + ctx.signals.total_tbhits(self.id, self.tbhits)),
            pv: rm.pv.clone(),
        }
    }

    fn report(&self, ctx: &Context, depth: u32, lines: usize) {
        let Some(listener) = &ctx.listener else { return };
        for i in 0..lines {
            listener.iteration(&self.iteration_report(ctx, depth, i));
        }
    }

    /// Aspiration fails are worth a line only in long searches.
    fn report_bound(&mut self, ctx: &Context, depth: u32, i: usize) {
        if i < ctx.report_lines
            && let (Some(listener), Some(tm)) = (&ctx.listener, &ctx.tm)
            && tm.elapsed().as_millis() as u64 > CURRMOVE_AFTER_MS
        {
            listener.iteration(&self.iteration_report(ctx, depth, i));
            if i == 0 {
                self.reported_best = Some(self.root_moves[0].mv);
            }
        }
    }
}
