//! The evaluation seen from outside: the [`Tracer`] every term reports to,
//! the no-op tracer of the real evaluation, and [`Trace`], the term-by-term
//! breakdown the `eval` command prints.

use shakmaty::{Chess, Color};

use crate::evaluate::{MAX_PHASE, evaluate_with, phase};
use crate::score::S;

/// One evaluation term, as `eval` lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    Material,
    PieceSquare,
    Mobility,
    PawnStructure,
    PassedPawns,
    KingSafety,
    Threats,
    Outposts,
    BishopPair,
    OpenFiles,
    Chess960,
    Tempo,
}

impl Term {
    pub const ALL: [Term; 12] = [
        Term::Material,
        Term::PieceSquare,
        Term::Mobility,
        Term::PawnStructure,
        Term::PassedPawns,
        Term::KingSafety,
        Term::Threats,
        Term::Outposts,
        Term::BishopPair,
        Term::OpenFiles,
        Term::Chess960,
        Term::Tempo,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::PieceSquare => "Piece-square",
            Term::Mobility => "Mobility",
            Term::PawnStructure => "Pawns",
            Term::PassedPawns => "Passed pawns",
            Term::KingSafety => "King safety",
            Term::Threats => "Threats",
            Term::Outposts => "Outposts",
            Term::BishopPair => "Bishop pair",
            Term::OpenFiles => "Open files",
            Term::Chess960 => "Chess960 trap",
            Term::Tempo => "Tempo",
        }
    }
}

/// Receives every feature as the evaluation computes it. The evaluation is
/// generic over this, so the search's [`NoTrace`] compiles to nothing.
pub(crate) trait Tracer {
    /// Whether the evaluation may take pawn terms from the pawn cache
    /// instead of computing them (only when nobody watches the features).
    const CACHED: bool = false;
    /// `count` times parameter `index` (whose value is `value`), for `color`.
    fn linear(&mut self, term: Term, color: Color, index: usize, value: S, count: i32);
    /// `count` times parameter `index` into the danger sum against `color`'s king.
    fn danger(&mut self, color: Color, index: usize, count: i32);
    /// The king-safety penalty `color` takes for its danger sum.
    fn danger_penalty(&mut self, color: Color, penalty: S);
    /// The endgame scale (of 128) if White is ahead, if Black is ahead.
    fn scale(&mut self, white_ahead: i32, black_ahead: i32);
}

/// The tracer of the real evaluation: compiles to nothing.
pub(crate) struct NoTrace;

impl Tracer for NoTrace {
    const CACHED: bool = true;
    #[inline(always)]
    fn linear(&mut self, _: Term, _: Color, _: usize, _: S, _: i32) {}
    #[inline(always)]
    fn danger(&mut self, _: Color, _: usize, _: i32) {}
    #[inline(always)]
    fn danger_penalty(&mut self, _: Color, _: S) {}
    #[inline(always)]
    fn scale(&mut self, _: i32, _: i32) {}
}

/// Every term for both sides, the phase, the scale, and the final score.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// `(term, white, black)`, each side's own contribution, in
    /// [`Term::ALL`] order.
    pub terms: Vec<(Term, S, S)>,
    pub phase: i32,
    pub max_phase: i32,
    /// The endgame part is multiplied by `scale / 128` (the factor of the
    /// side the endgame score favours).
    pub scale: i32,
    /// The evaluation from the side to move's point of view.
    pub score: i32,
    scales: (i32, i32),
}

impl Trace {
    fn term(&mut self, term: Term) -> &mut (Term, S, S) {
        let i = Term::ALL.iter().position(|t| *t == term).unwrap_or(0);
        &mut self.terms[i]
    }

    fn side(&mut self, term: Term, color: Color) -> &mut S {
        let t = self.term(term);
        if color == Color::White { &mut t.1 } else { &mut t.2 }
    }
}

impl Tracer for Trace {
    fn linear(&mut self, term: Term, color: Color, _: usize, value: S, count: i32) {
        *self.side(term, color) += value * count;
    }
    fn danger(&mut self, _: Color, _: usize, _: i32) {}
    fn danger_penalty(&mut self, color: Color, penalty: S) {
        *self.side(Term::KingSafety, color) += penalty;
    }
    fn scale(&mut self, white_ahead: i32, black_ahead: i32) {
        self.scales = (white_ahead, black_ahead);
    }
}

/// Evaluates `pos` and returns every term.
pub fn trace(pos: &Chess) -> Trace {
    let mut t = Trace {
        terms: Term::ALL.iter().map(|&t| (t, S::ZERO, S::ZERO)).collect(),
        phase: phase(pos),
        max_phase: MAX_PHASE,
        ..Trace::default()
    };
    t.score = evaluate_with(pos, &mut t);
    let eg: i32 = t.terms.iter().map(|(_, w, b)| w.1 - b.1).sum();
    t.scale = match eg.signum() {
        1 => t.scales.0,
        -1 => t.scales.1,
        _ => crate::evaluate::SCALE_ONE,
    };
    t
}
