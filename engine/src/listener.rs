//! Turns the search's reports into UCI lines.

use std::sync::Arc;

use crossbeam_channel::Sender;
use shakmaty::Move;

use rockad_search::{IterationReport, Listener};
use rockad_uci::{Bound, Info, Wdl, format_bestmove, format_currmove, format_info, format_move};

use crate::lag::AnswerClock;
use crate::output::emit;
use crate::scores::{uci_score, uci_wdl};

/// Prints a search's `info` and `bestmove` lines for a GUI, and tells the
/// UCI loop when the search has answered.
pub struct UciListener {
    pub chess960: bool,
    /// Adds `wdl W D L` to `info` lines (`UCI_ShowWDL`).
    pub show_wdl: bool,
    /// The root's material, which scales centipawns and chances.
    pub material: u32,
    /// The root cannot be won by either side (too little material): its
    /// chances are a certain draw, whatever the model says of a 0.00.
    pub dead: bool,
    pub done: Option<Sender<()>>,
    /// Marked as `bestmove` goes out, for the lag meter ([`crate::lag`]).
    pub answered: Option<Arc<AnswerClock>>,
}

fn uci_bound(b: rockad_search::Bound) -> Bound {
    match b {
        rockad_search::Bound::Exact => Bound::Exact,
        rockad_search::Bound::Lower => Bound::Lower,
        rockad_search::Bound::Upper => Bound::Upper,
    }
}

impl Listener for UciListener {
    fn iteration(&self, r: &IterationReport) {
        if r.depth == 0 {
            // No legal move: Stockfish's exact line, which GUIs recognise.
            let score = uci_score(r.score, self.material);
            emit(&format_info(&Info {
                depth: Some(0),
                score: Some((score, Bound::Exact)),
                ..Info::default()
            }));
            return;
        }
        let info = Info {
            depth: Some(r.depth),
            seldepth: Some(r.seldepth),
            multipv: Some(r.multipv),
            score: Some((uci_score(r.score, self.material), uci_bound(r.bound))),
            wdl: self.show_wdl.then(|| {
                if self.dead { Wdl { win: 0, draw: 1000, loss: 0 } } else { uci_wdl(r.score, self.material) }
            }),
            nodes: Some(r.nodes),
            nps: Some(r.nodes * 1000 / r.time_ms.max(1)),
            hashfull: Some(r.hashfull),
            tbhits: r.tbhits,
            time_ms: Some(r.time_ms),
            pv: r.pv.iter().map(|&m| format_move(m, self.chess960)).collect(),
        };
        emit(&format_info(&info));
    }

    fn currmove(&self, depth: u32, mv: Move, number: u32) {
        emit(&format_currmove(depth, &format_move(mv, self.chess960), number));
    }

    fn bestmove(&self, best: Option<Move>, ponder: Option<Move>) {
        let best = best.map(|m| format_move(m, self.chess960));
        let ponder = ponder.map(|m| format_move(m, self.chess960));
        if let Some(clock) = &self.answered {
            clock.mark();
        }
        emit(&format_bestmove(best.as_deref(), ponder.as_deref()));
        if let Some(done) = &self.done {
            let _ = done.send(());
        }
    }
}
