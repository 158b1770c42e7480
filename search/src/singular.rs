//! Singular extensions: the table move is searched deeper when every other
//! move falls well short of its score (it is forced), shallower when the
//! others come close or the node is expected to cut anyway, and the node is
//! cut at once when even without it it fails high (multi-cut).
//!
//! The sizes follow Obsidian and Viridithas: one ply; two at non-PV nodes
//! far below the singular beta (at most [`SE_DOUBLE_MAX`] times on a line,
//! Viridithas' bound, so a line of forced moves cannot run away); three for
//! a quiet table move further below still; three plies less (two at PV
//! nodes) where the table score beats beta without the move being singular,
//! two less at an expected cut node.

use shakmaty::Move;

use crate::context::Context;
use crate::movepick::is_noisy;
use crate::node::{Node, NonPv};
use crate::params::*;
use crate::tt::Entry;
use crate::worker::Worker;

/// What the node knows that the singular test needs.
pub(crate) struct SingularNode {
    pub depth: i32,
    pub ply: usize,
    pub beta: i32,
    pub cut_node: bool,
}

/// What the singular test decided for the table move.
pub(crate) enum Singular {
    /// Search the table move this many plies deeper (fewer if negative).
    Extend(i32),
    /// Return this score: the node fails high without the table move (or
    /// the search was stopped: 0).
    Cut(i32),
}

impl Worker {
    /// Tests table move `mv` at `ply`, whose table entry `e` is a lower
    /// bound or exact, not a mate, at most [`SE_TT_DEPTH_SLACK`] shallower
    /// than `depth` (the caller checks those).
    pub(crate) fn singular<N: Node>(
        &mut self,
        ctx: &mut Context,
        node: &SingularNode,
        mv: Move,
        e: Entry,
    ) -> Singular {
        let SingularNode { depth, ply, beta, cut_node } = *node;
        let singular_beta = e.score - SE_MARGIN_PER_DEPTH() * depth;
        self.stack[ply].excluded = Some(mv);
        let v = self.search::<NonPv>(
            ctx,
            (depth - 1) / SE_DEPTH_DIVISOR(),
            ply,
            singular_beta - 1,
            singular_beta,
            cut_node,
        );
        self.stack[ply].excluded = None;
        if self.stopped {
            return Singular::Cut(0);
        }
        if v < singular_beta {
            let frame = &self.stack[ply];
            if N::PV
                || i32::from(frame.double_extensions) >= SE_DOUBLE_MAX()
                || v >= singular_beta - SE_DOUBLE_MARGIN()
            {
                return Singular::Extend(1);
            }
            let triple = !is_noisy(&mv) && v < singular_beta - SE_TRIPLE_MARGIN();
            return Singular::Extend(if triple { 3 } else { 2 });
        }
        if singular_beta >= beta {
            return Singular::Cut(singular_beta);
        }
        Singular::Extend(if e.score >= beta {
            -SE_NEGATIVE_EXTENSION() + i32::from(N::PV)
        } else if cut_node {
            -SE_CUT_NODE_EXTENSION()
        } else {
            0
        })
    }
}
