//! The evaluation broken into its terms, for the `eval` command (and later
//! the tuner).

use shakmaty::{Chess, Color};

use crate::evaluate::{MAX_PHASE, evaluate_with, phase};
use crate::score::S;

/// One evaluation term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    Material,
    PieceSquare,
}

impl Term {
    pub const ALL: [Term; 2] = [Term::Material, Term::PieceSquare];

    pub fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::PieceSquare => "Piece-square",
        }
    }
}

/// Receives each term as the evaluation computes it.
pub(crate) trait Tracer {
    fn add(&mut self, term: Term, color: Color, s: S);
}

/// The tracer of the real evaluation: compiles to nothing.
pub(crate) struct NoTrace;

impl Tracer for NoTrace {
    #[inline(always)]
    fn add(&mut self, _: Term, _: Color, _: S) {}
}

/// Every term for both sides, the phase, and the final score.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// `(term, white, black)`, each side's own contribution.
    pub terms: Vec<(Term, S, S)>,
    pub phase: i32,
    pub max_phase: i32,
    /// The evaluation from the side to move's point of view.
    pub score: i32,
}

impl Tracer for Trace {
    fn add(&mut self, term: Term, color: Color, s: S) {
        let i = match self.terms.iter().position(|(t, _, _)| *t == term) {
            Some(i) => i,
            None => {
                self.terms.push((term, S::ZERO, S::ZERO));
                self.terms.len() - 1
            }
        };
        match color {
            Color::White => self.terms[i].1 += s,
            Color::Black => self.terms[i].2 += s,
        }
    }
}

/// Evaluates `pos` and returns every term.
pub fn trace(pos: &Chess) -> Trace {
    let mut t = Trace { phase: phase(pos), max_phase: MAX_PHASE, ..Trace::default() };
    t.score = evaluate_with(pos, &mut t);
    t
}
