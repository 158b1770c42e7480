//! [`Evaluator`]: a search thread's own evaluation state, and the one way the
//! search evaluates.
//!
//! Its interface is shaped for a network's accumulator stack: the search
//! [`refresh`](Evaluator::refresh)es it at the root, [`push`](Evaluator::push)es
//! every move it plays (and [`push_null`](Evaluator::push_null) every null
//! move), [`pop`](Evaluator::pop)s when it takes one back, and
//! [`evaluate`](Evaluator::evaluate)s the position on top. The hand-crafted
//! evaluation needs no per-move work, so its pushes and pops cost nothing; its
//! state is the pawn cache. Either way the result is a pure function of the
//! position, so caches in front of it (the search's evaluation cache, the
//! transposition table) stay valid.

use shakmaty::{Chess, Color, Move, Position, Role};

use crate::evaluate::evaluate_fast;
use crate::pawn_cache::PawnCache;

/// One search thread's evaluation state.
pub struct Evaluator {
    pawns: PawnCache,
    /// Moves pushed and not yet popped, kept in debug builds only (the
    /// search checks it against its ply).
    #[cfg(debug_assertions)]
    depth: usize,
}

impl Default for Evaluator {
    fn default() -> Evaluator {
        Evaluator::new()
    }
}

impl Evaluator {
    pub fn new() -> Evaluator {
        Evaluator {
            pawns: PawnCache::new(),
            #[cfg(debug_assertions)]
            depth: 0,
        }
    }

    /// Starts from `pos` with nothing pushed (a new search's root).
    #[inline]
    pub fn refresh(&mut self, pos: &Chess) {
        let _ = pos;
        #[cfg(debug_assertions)]
        {
            self.depth = 0;
        }
    }

    /// `mv` was played from `before`, giving `after`.
    #[inline(always)]
    pub fn push(&mut self, before: &Chess, mv: Move, after: &Chess) {
        let _ = (before, mv);
        #[cfg(debug_assertions)]
        {
            self.depth += 1;
        }
        self.prefetch(after);
    }

    /// A null move was played.
    #[inline(always)]
    pub fn push_null(&mut self) {
        #[cfg(debug_assertions)]
        {
            self.depth += 1;
        }
    }

    /// Takes back the last push.
    #[inline(always)]
    pub fn pop(&mut self) {
        #[cfg(debug_assertions)]
        {
            assert!(self.depth > 0, "pop without a push");
            self.depth -= 1;
        }
    }

    /// Pushes not yet popped: the ply of the position on top (debug builds
    /// only, where the search checks it).
    #[cfg(debug_assertions)]
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The static evaluation of `pos`, the position on top, in centipawns
    /// from the side to move's point of view.
    #[inline]
    pub fn evaluate(&mut self, pos: &Chess) -> i32 {
        evaluate_fast(pos, &mut self.pawns)
    }

    /// Hints the CPU to load what evaluating `pos` will read first, so that
    /// the search overlaps the load with its table probe.
    #[inline(always)]
    fn prefetch(&self, pos: &Chess) {
        let board = pos.board();
        self.pawns.prefetch([
            board.by_piece(Role::Pawn.of(Color::Black)).0,
            board.by_piece(Role::Pawn.of(Color::White)).0,
        ]);
    }
}
