//! The root: its moves (all legal moves, or those `searchmoves` names),
//! their order (the last iteration's scores), what each root move's search
//! leaves behind, the root's table entry, and the answer: which thread's
//! move to play, the line that goes with it and the move to ponder on.

use shakmaty::{Chess, Move, Position};

use crate::context::Context;
use crate::key::position_key;
use crate::params::CURRMOVE_AFTER_MS;
use crate::report::IterationReport;
use crate::root_move::RootMove;
use crate::score::{DRAW, INFINITE, MATE};
use crate::strength::Strength;
use crate::tt::{Bound, Tt, encode_move};
use crate::worker::Worker;

/// The moves to search at `root`: the legal ones `searchmoves` names, or
/// every legal move when it names none of them.
pub(crate) fn root_moves(root: &Chess, searchmoves: &[Move]) -> Vec<Move> {
    let legal = root.legal_moves();
    let chosen: Vec<Move> = legal.iter().copied().filter(|m| searchmoves.contains(m)).collect();
    if chosen.is_empty() { legal.into_iter().collect() } else { chosen }
}

/// Stable sort, best first, so equal scores keep their earlier order.
pub(crate) fn sort_root_moves(moves: &mut [RootMove]) {
    moves.sort_by_key(|m| std::cmp::Reverse(m.score));
}

impl Worker {
    /// A new search's root moves, in the order given, with the tables'
    /// score of each (`tb`, empty when the root is not in the tables).
    pub(crate) fn set_root_moves(&mut self, moves: &[Move], tb: &[(Move, i32)]) {
        self.root_moves = moves
            .iter()
            .map(|&mv| RootMove { tb_score: tb.iter().find(|t| t.0 == mv).map(|t| t.1), ..RootMove::new(mv) })
            .collect();
    }

    /// Tells the GUI which root move is being searched (main thread, long
    /// searches only). `searched` root moves of this line came before it.
    pub(crate) fn announce_root_move(&self, ctx: &Context, depth: i32, mv: Move, searched: usize) {
        if self.is_main()
            && let (Some(l), Some(tm)) = (&ctx.listener, &ctx.tm)
            && tm.elapsed().as_millis() as u64 > CURRMOVE_AFTER_MS
        {
            l.currmove(depth as u32, mv, (self.pv_idx + searched + 1) as u32);
        }
    }

    /// Records the search of the root move that came after `searched`
    /// others of this line: its nodes always; its score, line and seldepth
    /// when its search completed and it raised `alpha` or is the line's
    /// first move.
    pub(crate) fn record_root_move(&mut self, searched: usize, score: i32, alpha: i32, nodes: u64) {
        let i = self.pv_idx + searched;
        self.root_moves[i].nodes += nodes;
        if self.stopped || !(score > alpha || searched == 0) {
            return;
        }
        let seldepth = self.seldepth;
        let rm = &mut self.root_moves[i];
        rm.score = score;
        rm.average = if rm.average == -INFINITE { score } else { (score + rm.average) / 2 };
        rm.seldepth = seldepth;
        rm.pv.clear();
        rm.pv.push(rm.mv);
        rm.pv.extend_from_slice(&self.pv[1]);
    }

    /// Stores the root in the table after a completed search of the first
    /// line: its first move with that move's score.
    pub(crate) fn store_root(&self, ctx: &Context, depth: i32, best: i32, beta: i32) {
        if self.pv_idx != 0 || best <= -INFINITE {
            return;
        }
        let rm = &self.root_moves[0];
        let bound = if best >= beta { Bound::Lower } else { Bound::Exact };
        ctx.tt.store(self.key(0), 0, Some(rm.mv), rm.score, self.stack[0].static_eval, depth, bound, true);
    }
}

/// The score and report of a root without a legal move: mated or stalemate.
pub(crate) fn no_move_report(root: &Chess) -> IterationReport {
    IterationReport {
        depth: 0,
        seldepth: 0,
        multipv: 1,
        score: if root.is_check() { -MATE } else { DRAW },
        bound: Bound::Exact,
        nodes: 0,
        time_ms: 0,
        hashfull: 0,
        tbhits: None,
        pv: Vec::new(),
    }
}

/// What a finished search answers.
pub(crate) struct Answer {
    /// The thread whose move is played.
    pub thread: usize,
    pub best: Move,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: u32,
    /// A line to send before `bestmove`, when the last line the GUI saw was
    /// for another move.
    pub catch_up: Option<IterationReport>,
}

/// What the whole search counted, all threads together, for the line sent
/// before `bestmove`.
pub(crate) struct Totals {
    pub nodes: u64,
    /// `None` when no tables are loaded.
    pub tbhits: Option<u64>,
    pub time_ms: u64,
}

/// The answer of a search whose threads ended as `workers` (at least one
/// with root moves) after searching `lines` lines: the main thread's move
/// unless a helper did better, or at limited `strength` one of the main
/// thread's lines drawn by [`Strength::choose`]; with its line and ponder
/// move.
pub(crate) fn answer(
    workers: &[Worker],
    lines: usize,
    strength: Option<Strength>,
    tt: &Tt,
    root: &Chess,
    totals: Totals,
) -> Answer {
    let Totals { nodes, tbhits, time_ms } = totals;
    let thread = pick_best_worker(workers, lines);
    let chosen = &workers[thread];
    let line = match strength {
        Some(s) => {
            let searched: Vec<(Move, i32)> = chosen.root_moves[..lines.min(chosen.root_moves.len())]
                .iter()
                .take_while(|rm| rm.score > -INFINITE)
                .map(|rm| (rm.mv, rm.score))
                .collect();
            s.choose(&searched, rockad_eval::Rng::from_entropy().uniform())
        }
        None => 0,
    };
    let rm = &chosen.root_moves[line];
    // The last line the GUI saw must agree with the move we play: a helper's
    // move, or one that took the lead in an iteration cut short, gets its line.
    let catch_up =
        ((thread != 0 || workers[0].reported_best != Some(rm.mv)) && rm.score > -INFINITE).then(|| {
            // A main-thread move that led a cut-short iteration is that
            // iteration's; depth 0 would read as "no legal move".
            let depth =
                if thread == 0 { chosen.root_depth.max(1) as u32 } else { chosen.completed_depth.max(1) };
            let pv = if rm.pv.first() == Some(&rm.mv) { rm.pv.clone() } else { vec![rm.mv] };
            IterationReport {
                depth,
                seldepth: rm.seldepth as u32,
                multipv: 1,
                score: rm.shown().0,
                bound: Bound::Exact,
                nodes,
                time_ms,
                hashfull: tt.hashfull(),
                tbhits,
                pv,
            }
        });
    let ponder = rm.pv.get(1).copied().or_else(|| ponder_from_tt(tt, root, rm.mv));
    Answer { thread, best: rm.mv, ponder, score: rm.shown().0, depth: chosen.completed_depth, catch_up }
}

/// The main thread, unless a helper finished a deeper iteration with a score
/// at least as good (MultiPV keeps the main thread's ordered lines).
fn pick_best_worker(workers: &[Worker], multipv: usize) -> usize {
    if multipv > 1 {
        return 0;
    }
    let mut best = 0;
    for (i, w) in workers.iter().enumerate().skip(1) {
        let b = &workers[best];
        if w.root_moves.is_empty() || w.completed_depth == 0 {
            continue;
        }
        if w.completed_depth > b.completed_depth && w.root_moves[0].score >= b.root_moves[0].score {
            best = i;
        }
    }
    best
}

/// A reply to expect when the PV has only the best move: the table's move
/// in the position after it, if it is legal there.
fn ponder_from_tt(tt: &Tt, root: &Chess, best: Move) -> Option<Move> {
    let mut child = root.clone();
    child.play_unchecked(best);
    let entry = tt.probe(position_key(&child), 0)?;
    child.legal_moves().into_iter().find(|&m| encode_move(m) == entry.mv)
}
