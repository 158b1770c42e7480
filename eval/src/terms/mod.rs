//! The evaluation terms, one file per job. Each adds its features for both
//! sides through `feat!` / `danger!` (see `evaluate.rs`).
//!
//! Order matters only for the attack maps: `pieces` fills them, and
//! `pawns`, `king` and `threats` read them.

pub(crate) mod king;
pub(crate) mod material;
pub(crate) mod pawns;
pub(crate) mod pieces;
pub(crate) mod scale;
pub(crate) mod threats;
