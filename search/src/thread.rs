//! One search thread: iterative deepening with aspiration windows over the
//! root moves, reports, and the checks that stop a search.

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

use shakmaty::{Chess, Move, Position};

use crate::MAX_PLY;
use crate::eval_cache::EvalCache;
use crate::history::{Histories, piece_index};
use crate::limits::Limits;
use crate::params::*;
use crate::pool::Signals;
use crate::report::{IterationReport, Listener};
use crate::score::{INFINITE, MATE, NO_EVAL};
use crate::time::TimeManager;
use crate::tt::{Bound, Tt};

/// A root move with what the last iterations learnt about it.
#[derive(Debug, Clone)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub prev_score: i32,
    /// Whether `score` is only a bound (from an aspiration fail).
    pub bound: Bound,
    pub seldepth: usize,
    pub pv: Vec<Move>,
    /// Nodes spent below this move in the current iteration.
    pub nodes: u64,
}

/// Everything a search thread needs for one search.
pub(crate) struct Context {
    pub tt: Arc<Tt>,
    pub signals: Arc<Signals>,
    pub limits: Limits,
    pub multipv: usize,
    /// Main thread only: the clock and where reports go.
    pub tm: Option<TimeManager>,
    pub listener: Option<Arc<dyn Listener>>,
    pub threads: usize,
}

/// What the search remembers about each ply of the current line.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    pub static_eval: i32,
    /// Quiet moves that caused cutoffs at this ply.
    pub killers: [Option<Move>; 2],
    /// The move being searched from this ply: (piece index, destination).
    pub moved: Option<(usize, usize)>,
    /// Whether the move from this ply is a null move.
    pub null_move: bool,
    /// A move left out of this node's search (singular extension test).
    pub excluded: Option<Move>,
}

impl Default for Frame {
    fn default() -> Frame {
        Frame { static_eval: NO_EVAL, killers: [None; 2], moved: None, null_move: false, excluded: None }
    }
}

/// A search thread's own data, kept between searches.
pub(crate) struct Worker {
    pub id: usize,
    pub nodes: u64,
    pub seldepth: usize,
    /// Keys of the game's positions before the root, then of the search path.
    pub keys: Vec<u64>,
    /// How many of `keys` come from the game before the root.
    pub history_len: usize,
    pub pv: Vec<Vec<Move>>,
    pub stack: Vec<Frame>,
    pub hist: Histories,
    pub eval_cache: EvalCache,
    pub root_moves: Vec<RootMove>,
    pub root_depth: i32,
    /// Null moves are not tried below this ply (during a verification search).
    pub nmp_min_ply: usize,
    pub completed_depth: u32,
    /// The first move of the last line 1 sent to the GUI, so the final
    /// answer can tell whether the GUI has seen the move it is given.
    pub reported_best: Option<Move>,
    pub stopped: bool,
    was_pondering: bool,
    /// Iterations in a row that kept the same best move.
    stable_iterations: u32,
    /// Best move and score of the previous iteration.
    last_best: Option<(Move, i32)>,
}

impl Worker {
    pub fn new(id: usize) -> Worker {
        Worker {
            id,
            nodes: 0,
            seldepth: 0,
            keys: Vec::with_capacity(1024),
            history_len: 0,
            pv: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            stack: vec![Frame::default(); MAX_PLY + 4],
            hist: Histories::new(),
            eval_cache: EvalCache::new(),
            root_moves: Vec::new(),
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

    /// Iterative deepening from `root`. `history` holds the keys of the game's
    /// positions before the root, oldest first.
    pub fn search_root(&mut self, ctx: &mut Context, root: &Chess, history: &[u64], root_moves: &[Move]) {
        self.nodes = 0;
        self.completed_depth = 0;
        self.reported_best = None;
        self.stopped = false;
        self.was_pondering = ctx.signals.pondering.load(Relaxed);
        self.keys.clear();
        self.keys.extend_from_slice(history);
        self.history_len = history.len();
        self.stack.fill(Frame::default());
        self.stable_iterations = 0;
        self.last_best = None;
        let root_key = key_of(root);
        self.root_moves = root_moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INFINITE,
                prev_score: -INFINITE,
                bound: Bound::Exact,
                seldepth: 0,
                pv: vec![mv],
                nodes: 0,
            })
            .collect();
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
                self.aspiration(ctx, root, root_key, search_depth as i32, pv_idx);
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
                self.report(ctx, search_depth, lines);
                self.reported_best = Some(self.root_moves[0].mv);
                if self.iteration_limit_reached(ctx, search_depth) {
                    break;
                }
            }
            depth += 1;
        }
        self.publish_nodes(ctx);
        if self.is_main() {
            // `go infinite` and `go ponder` answer only after stop / ponderhit.
            while !ctx.signals.stop.load(Relaxed)
                && (ctx.limits.infinite || ctx.signals.pondering.load(Relaxed))
            {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            ctx.signals.stop.store(true, Relaxed);
        }
    }

    /// Searches line `pv_idx` at `depth` in a window around the previous
    /// score, widening it on each fail.
    fn aspiration(&mut self, ctx: &mut Context, root: &Chess, root_key: u64, depth: i32, pv_idx: usize) {
        let prev = self.root_moves[pv_idx].prev_score;
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && prev.abs() < MATE / 2 {
            ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            for rm in &mut self.root_moves[pv_idx..] {
                rm.score = -INFINITE;
            }
            let score = self.root_search(ctx, root, root_key, depth, pv_idx, alpha, beta);
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
            } else if score >= beta {
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

    #[allow(clippy::too_many_arguments)]
    fn root_search(
        &mut self,
        ctx: &mut Context,
        root: &Chess,
        root_key: u64,
        depth: i32,
        pv_idx: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut best = -INFINITE;
        self.keys.push(root_key);
        self.stack[0].static_eval = if root.is_check() { NO_EVAL } else { rockad_eval::evaluate(root) };
        for i in pv_idx..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            if self.is_main()
                && let (Some(l), Some(tm)) = (&ctx.listener, &ctx.tm)
                && tm.elapsed().as_millis() as u64 > CURRMOVE_AFTER_MS
            {
                l.currmove(depth as u32, mv, (i + 1) as u32);
            }
            let (child, ck) = make_child(root, root_key, mv, &ctx.tt, &self.eval_cache);
            let nodes_before = self.nodes;
            self.nodes += 1;
            self.stack[0].moved = Some((piece_index(root.turn(), mv.role()), mv.to() as usize));
            let new_depth = depth - 1 + i32::from(child.is_check());
            let score = if i == pv_idx {
                -self.search::<true>(ctx, &child, ck, new_depth, 1, -beta, -alpha)
            } else {
                let s = -self.search::<false>(ctx, &child, ck, new_depth, 1, -alpha - 1, -alpha);
                if s > alpha && s < beta && !self.stopped {
                    -self.search::<true>(ctx, &child, ck, new_depth, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
            }
            if score > alpha || i == pv_idx {
                let seldepth = self.seldepth;
                let rm = &mut self.root_moves[i];
                rm.score = score;
                rm.seldepth = seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[1]);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.keys.pop();
        if !self.stopped && pv_idx == 0 && best > -INFINITE {
            let rm = &self.root_moves[0];
            let bound = if best >= beta { Bound::Lower } else { Bound::Exact };
            ctx.tt.store(root_key, 0, Some(rm.mv), rm.score, self.stack[0].static_eval, depth, bound);
        }
        best
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
        let falling = 1.0 + (f64::from(drop) / TM_SCORE_DROP_SCALE).clamp(TM_SCORE_MIN, TM_SCORE_MAX);
        let effort = (TM_NODES_BASE - fraction) * TM_NODES_SCALE;
        self.last_best = Some((mv, score));
        (stability * falling * effort).clamp(TM_SCALE_MIN, TM_SCALE_MAX)
    }

    /// After `ponderhit` the clock starts from the moment it arrived.
    fn sync_ponderhit(&mut self, ctx: &mut Context) {
        if self.was_pondering && !ctx.signals.pondering.load(Relaxed) {
            self.was_pondering = false;
            if let (Some(tm), Some(at)) = (&mut ctx.tm, *ctx.signals.ponderhit_at.lock()) {
                tm.restart(at);
            }
        }
    }

    fn iteration_report(&self, ctx: &Context, depth: u32, i: usize) -> IterationReport {
        let rm = &self.root_moves[i];
        IterationReport {
            depth,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv: i as u32 + 1,
            score: rm.score,
            bound: rm.bound,
            nodes: ctx.signals.total_nodes(self.id, self.nodes),
            time_ms: ctx.tm.as_ref().map_or(0, |t| t.elapsed().as_millis() as u64),
            hashfull: ctx.tt.hashfull(),
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
        if let (Some(listener), Some(tm)) = (&ctx.listener, &ctx.tm)
            && tm.elapsed().as_millis() as u64 > CURRMOVE_AFTER_MS
        {
            listener.iteration(&self.iteration_report(ctx, depth, i));
            if i == 0 {
                self.reported_best = Some(self.root_moves[0].mv);
            }
        }
    }

    fn publish_nodes(&self, ctx: &Context) {
        ctx.signals.nodes[self.id].store(self.nodes, Relaxed);
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

/// Stable sort, best first, so equal scores keep their earlier order.
fn sort_root_moves(moves: &mut [RootMove]) {
    moves.sort_by_key(|m| std::cmp::Reverse(m.score));
}

pub(crate) fn key_of(pos: &Chess) -> u64 {
    crate::position_key(pos)
}

/// `pos` after `mv`, and its key, updated from `key` (`pos`'s own). The
/// child's table entry is prefetched as soon as its key is known, before
/// the move is made, so the memory load overlaps making it.
#[inline(always)]
pub(crate) fn make_child(pos: &Chess, key: u64, mv: Move, tt: &Tt, evals: &EvalCache) -> (Chess, u64) {
    let (mut ck, double_push) = crate::key::child_key(pos, key, mv);
    tt.prefetch(ck);
    evals.prefetch(ck);
    let mut child = pos.clone();
    child.play_unchecked(mv);
    if double_push {
        let ep = crate::key::ep_term(&child);
        if ep != 0 {
            ck ^= ep;
            tt.prefetch(ck);
            evals.prefetch(ck);
        }
    }
    // Before the child probes the table, so the two loads overlap.
    rockad_eval::prefetch_pawns(&child);
    debug_assert_eq!(ck, key_of(&child));
    (child, ck)
}

/// Neither side can mate (cheap test first: few pieces left).
pub(crate) fn is_insufficient(pos: &Chess) -> bool {
    pos.board().occupied().count() <= 4 && pos.is_insufficient_material()
}
