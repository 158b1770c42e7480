//! Rockad's search.
//!
//! This crate owns iterative deepening, the node functions, move ordering,
//! the shared transposition table, time management and the Lazy SMP thread
//! pool. Its public face is small: [`Searcher::start`] a search with a
//! position, the game's key history and [`Limits`]; receive reports through a
//! [`Listener`]; [`Searcher::stop`] it.
//!
//! It must not parse or print protocol text (that is the `uci` crate's job,
//! wired in by `engine`), and it evaluates only through `rockad-eval`.

mod eval_cache;
mod history;
mod key;
mod limits;
mod movepick;
mod params;
mod pool;
mod prefetch;
mod qsearch;
mod report;
mod score;
mod search;
mod see;
mod table_memory;
#[cfg(test)]
mod testutil;
mod thread;
mod time;
mod tt;

pub use limits::Limits;
pub use pool::{SearchOutcome, SearchRequest, Searcher};
pub use report::{Bound, IterationReport, Listener};
pub use score::{DRAW, INFINITE, MATE, MATE_BOUND, mate_distance};
pub use tt::{HashError, MAX_HASH_MB};

/// Deepest ply the search reaches (iterations, extensions and quiescence).
pub const MAX_PLY: usize = 128;

/// The Zobrist key Rockad uses for a position (Polyglot-compatible).
pub fn position_key(pos: &shakmaty::Chess) -> u64 {
    use shakmaty::Position;
    pos.zobrist_hash::<shakmaty::zobrist::Zobrist64>(shakmaty::EnPassantMode::Legal).0
}
