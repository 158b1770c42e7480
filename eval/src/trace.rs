//! [`Trace`], the term-by-term breakdown of the evaluation that the `eval`
//! command prints.

use shakmaty::{Chess, Color};

use crate::context::{MAX_PHASE, SCALE_ONE};
use crate::evaluate::{evaluate_with, phase};
use crate::pawn_cache::Uncached;
use crate::score::S;
use crate::tracer::{Term, Tracer};

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
    t.score = evaluate_with(pos, &mut t, &mut Uncached);
    let eg: i32 = t.terms.iter().map(|(_, w, b)| w.1 - b.1).sum();
    t.scale = match eg.signum() {
        1 => t.scales.0,
        -1 => t.scales.1,
        _ => SCALE_ONE,
    };
    t
}
