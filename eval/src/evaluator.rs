//! [`Evaluator`]: a search thread's own evaluation state, and the one way the
//! search evaluates.
//!
//! Its interface is shaped for a network's accumulator stack: the search
//! [`refresh`](Evaluator::refresh)es it at the root, [`push`](Evaluator::push)es
//! every move it plays (and [`push_null`](Evaluator::push_null) every null
//! move), [`pop`](Evaluator::pop)s when it takes one back, and
//! [`evaluate`](Evaluator::evaluate)s the position on top. With a network
//! the pushes feed its accumulator stack (updated lazily, when a position is
//! evaluated); the hand-crafted evaluation needs no per-move work, so its
//! pushes and pops cost nothing and its state is the pawn cache. Either way
//! the result is a pure function of the position (for one network), so
//! caches in front of it (the search's evaluation cache, the transposition
//! table) stay valid until the network changes.

use std::sync::Arc;

use shakmaty::{Chess, Color, Move, Position, Role};

use crate::evaluate::evaluate_fast;
use crate::nnue::{AccumulatorStack, EVAL_LIMIT, Network};
use crate::pawn_cache::PawnCache;

/// One search thread's evaluation state.
pub struct Evaluator {
    pawns: PawnCache,
    /// The network evaluating, or `None` for the hand-crafted evaluation.
    net: Option<Arc<Network>>,
    accumulators: AccumulatorStack,
    /// Moves pushed and not yet popped, kept in debug builds only (the
    /// search checks it against its ply).
    #[cfg(debug_assertions)]
    depth: usize,
    /// Debug builds check every incremental network evaluation against one
    /// computed from scratch here.
    #[cfg(debug_assertions)]
    scratch: AccumulatorStack,
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
            net: None,
            accumulators: AccumulatorStack::new(),
            #[cfg(debug_assertions)]
            depth: 0,
            #[cfg(debug_assertions)]
            scratch: AccumulatorStack::new(),
        }
    }

    /// Evaluates with `net` from now on (`None`: the hand-crafted
    /// evaluation). Returns whether that changed anything.
    pub fn set_network(&mut self, net: Option<&Arc<Network>>) -> bool {
        let same = match (&self.net, net) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        };
        if !same {
            self.net = net.cloned();
        }
        !same
    }

    /// The network evaluating, if any.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.net.as_ref()
    }

    /// Starts from `pos` with nothing pushed (a new search's root).
    #[inline]
    pub fn refresh(&mut self, pos: &Chess) {
        if let Some(net) = &self.net {
            self.accumulators.refresh(net, pos);
        }
        #[cfg(debug_assertions)]
        {
            self.depth = 0;
        }
    }

    /// `mv` was played from `before`, giving `after`.
    #[inline(always)]
    pub fn push(&mut self, before: &Chess, mv: Move, after: &Chess) {
        #[cfg(debug_assertions)]
        {
            self.depth += 1;
        }
        match &self.net {
            Some(net) => self.accumulators.push(net, before, &mv, after),
            None => self.prefetch(after),
        }
    }

    /// A null move was played.
    #[inline(always)]
    pub fn push_null(&mut self) {
        #[cfg(debug_assertions)]
        {
            self.depth += 1;
        }
        if self.net.is_some() {
            self.accumulators.push_null();
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
        if self.net.is_some() {
            self.accumulators.pop();
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
    #[inline(always)]
    pub fn evaluate(&mut self, pos: &Chess) -> i32 {
        match &self.net {
            Some(net) => {
                let eval = self.accumulators.evaluate(net, pos);
                #[cfg(debug_assertions)]
                {
                    self.scratch.refresh(net, pos);
                    assert_eq!(
                        eval,
                        self.scratch.evaluate(net, pos),
                        "incremental != fresh network evaluation"
                    );
                }
                eval.clamp(-EVAL_LIMIT, EVAL_LIMIT)
            }
            None => evaluate_fast(pos, &mut self.pawns),
        }
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
