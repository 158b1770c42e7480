//! The vocabulary every evaluation term reports in: the [`Term`] a feature
//! belongs to, the [`Tracer`] that receives features as they are computed,
//! and [`NoTrace`], the tracer of the real evaluation, which compiles to
//! nothing.

use shakmaty::Color;

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
    #[inline(always)]
    fn linear(&mut self, _: Term, _: Color, _: usize, _: S, _: i32) {}
    #[inline(always)]
    fn danger(&mut self, _: Color, _: usize, _: i32) {}
    #[inline(always)]
    fn danger_penalty(&mut self, _: Color, _: S) {}
    #[inline(always)]
    fn scale(&mut self, _: i32, _: i32) {}
}
