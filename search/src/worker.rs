//! One search thread: iterative deepening over the root moves, alpha-beta
//! below them, quiescence at the leaves.

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position};

use rockad_eval::evaluate;

use crate::MAX_PLY;
use crate::limits::Limits;
use crate::movepick::MovePicker;
use crate::params::{CURRMOVE_AFTER_MS, TIME_CHECK_NODES};
use crate::pool::Signals;
use crate::report::{IterationReport, Listener};
use crate::score::{DRAW, INFINITE, MATE};
use crate::time::TimeManager;
use crate::tt::{Bound, Tt};

/// A root move with what the last iterations learnt about it.
#[derive(Debug, Clone)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub prev_score: i32,
    pub seldepth: usize,
    pub pv: Vec<Move>,
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

/// A search thread's own data. Kept between searches (later: histories).
pub(crate) struct Worker {
    pub id: usize,
    pub nodes: u64,
    seldepth: usize,
    /// Keys of the game's positions before the root, then of the search path.
    keys: Vec<u64>,
    pv: Vec<Vec<Move>>,
    pub root_moves: Vec<RootMove>,
    pub completed_depth: u32,
    stopped: bool,
    was_pondering: bool,
}

impl Worker {
    pub fn new(id: usize) -> Worker {
        Worker {
            id,
            nodes: 0,
            seldepth: 0,
            keys: Vec::with_capacity(1024),
            pv: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            root_moves: Vec::new(),
            completed_depth: 0,
            stopped: false,
            was_pondering: false,
        }
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Iterative deepening from `root`. `history` holds the keys of the game's
    /// positions before the root, oldest first.
    pub fn search(&mut self, ctx: &mut Context, root: &Chess, history: &[u64], root_moves: &[Move]) {
        self.nodes = 0;
        self.completed_depth = 0;
        self.stopped = false;
        self.was_pondering = ctx.signals.pondering.load(Relaxed);
        self.keys.clear();
        self.keys.extend_from_slice(history);
        let root_key = key_of(root);
        self.root_moves = root_moves
            .iter()
            .map(|&mv| RootMove { mv, score: -INFINITE, prev_score: -INFINITE, seldepth: 0, pv: vec![mv] })
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
            for rm in &mut self.root_moves {
                rm.prev_score = rm.score;
            }
            for pv_idx in 0..lines {
                self.seldepth = 0;
                for rm in &mut self.root_moves[pv_idx..] {
                    rm.score = -INFINITE;
                }
                self.root_search(ctx, root, root_key, search_depth as i32, pv_idx);
                if self.stopped {
                    // A move that completed and beat the others is still good
                    // to play; if none completed, keep the last iteration's view.
                    if self.root_moves[pv_idx].score == -INFINITE {
                        for rm in &mut self.root_moves[pv_idx..] {
                            rm.score = rm.prev_score;
                        }
                    }
                    sort_root_moves(&mut self.root_moves[pv_idx..]);
                    break;
                }
                sort_root_moves(&mut self.root_moves[pv_idx..]);
            }
            if self.stopped {
                break;
            }
            self.completed_depth = search_depth;
            if self.is_main() {
                self.report(ctx, search_depth, lines);
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

    fn iteration_limit_reached(&mut self, ctx: &mut Context, depth: u32) -> bool {
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
        tm.soft_expired() || (self.root_moves.len() == 1 && ctx.limits.is_timed())
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

    fn report(&self, ctx: &Context, depth: u32, lines: usize) {
        let Some(listener) = &ctx.listener else { return };
        let time_ms = ctx.tm.as_ref().map_or(0, |t| t.elapsed().as_millis() as u64);
        let nodes = ctx.signals.total_nodes(self.id, self.nodes);
        let hashfull = ctx.tt.hashfull();
        for (i, rm) in self.root_moves.iter().take(lines).enumerate() {
            listener.iteration(&IterationReport {
                depth,
                seldepth: rm.seldepth.max(1) as u32,
                multipv: i as u32 + 1,
                score: rm.score,
                bound: Bound::Exact,
                nodes,
                time_ms,
                hashfull,
                pv: rm.pv.clone(),
            });
        }
    }

    fn publish_nodes(&self, ctx: &Context) {
        ctx.signals.nodes[self.id].store(self.nodes, Relaxed);
    }

    /// Whether the search must stop now. Looks at the clock every
    /// [`TIME_CHECK_NODES`] nodes in the main thread.
    fn should_stop(&mut self, ctx: &mut Context) -> bool {
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

    fn root_search(&mut self, ctx: &mut Context, root: &Chess, root_key: u64, depth: i32, pv_idx: usize) {
        let mut alpha = -INFINITE;
        let beta = INFINITE;
        self.keys.push(root_key);
        for i in pv_idx..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            if self.is_main()
                && let (Some(l), Some(tm)) = (&ctx.listener, &ctx.tm)
                && tm.elapsed().as_millis() as u64 > CURRMOVE_AFTER_MS
            {
                l.currmove(depth as u32, mv, (i + 1) as u32);
            }
            let mut child = root.clone();
            child.play_unchecked(mv);
            let ck = child_key(root, root_key, mv, &child);
            self.nodes += 1;
            let score = -self.negamax(ctx, &child, ck, depth - 1, 1, -beta, -alpha);
            if self.stopped {
                break;
            }
            let rm = &mut self.root_moves[i];
            if score > alpha {
                alpha = score;
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[1]);
            }
        }
        self.keys.pop();
        if !self.stopped {
            let best = &self.root_moves[pv_idx];
            if pv_idx == 0 {
                ctx.tt.store(root_key, 0, Some(best.mv), best.score, depth, Bound::Exact);
            }
        }
    }

    fn is_repetition(&self, pos: &Chess, key: u64) -> bool {
        let n = self.keys.len();
        let limit = (pos.halfmoves() as usize).min(n);
        (2..=limit).step_by(2).any(|back| self.keys[n - back] == key)
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        ctx: &mut Context,
        pos: &Chess,
        key: u64,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.should_stop(ctx) {
            return 0;
        }
        if self.is_repetition(pos, key) || is_insufficient(pos) {
            return DRAW;
        }
        if depth <= 0 {
            return self.qsearch(ctx, pos, ply, alpha, beta);
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.is_check();
        if ply >= MAX_PLY {
            return if in_check { DRAW } else { evaluate(pos) };
        }

        let tt_entry = ctx.tt.probe(key, ply);
        let mut tt_move = 0;
        if let Some(e) = tt_entry {
            tt_move = e.mv;
            if e.depth >= depth
                && pos.halfmoves() < 90
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                }
            {
                return e.score;
            }
        }

        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { DRAW };
        }
        if pos.halfmoves() >= 100 {
            return DRAW;
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move = None;
        self.keys.push(key);
        for mv in MovePicker::new(moves, tt_move) {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let ck = child_key(pos, key, mv, &child);
            ctx.tt.prefetch(ck);
            self.nodes += 1;
            let score = -self.negamax(ctx, &child, ck, depth - 1, ply + 1, -beta, -alpha);
            if self.stopped {
                self.keys.pop();
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.keys.pop();

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        ctx.tt.store(key, ply, best_move, best_score, depth, bound);
        best_score
    }

    fn qsearch(&mut self, ctx: &mut Context, pos: &Chess, ply: usize, mut alpha: i32, beta: i32) -> i32 {
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

        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { DRAW };
        }
        if !in_check {
            moves.retain(|m| m.is_capture() || m.is_promotion());
        }
        for mv in MovePicker::new(moves, 0) {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            self.nodes += 1;
            let score = -self.qsearch(ctx, &child, ply + 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best_score
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
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

fn key_of(pos: &Chess) -> u64 {
    crate::position_key(pos)
}

/// The key of `child` (= `pos` after `mv`), updated incrementally where
/// shakmaty can, else computed afresh.
fn child_key(pos: &Chess, key: u64, mv: Move, child: &Chess) -> u64 {
    match pos.update_zobrist_hash(Zobrist64(key), mv, EnPassantMode::Legal) {
        Some(k) => k.0,
        None => key_of(child),
    }
}

/// Neither side can mate (cheap test first: few pieces left).
fn is_insufficient(pos: &Chess) -> bool {
    pos.board().occupied().count() <= 4 && pos.is_insufficient_material()
}
