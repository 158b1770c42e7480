//! Rockad's search.
//!
//! This crate owns iterative deepening, the node functions, move ordering,
//! the shared transposition table, time management and the Lazy SMP thread
//! pool. Its public face is small: [`Searcher::start`] a search with a
//! position, the game's key history and [`Limits`]; receive reports through a
//! [`Listener`]; [`Searcher::stop`] it.
//!
//! Inside, a search thread is a `Worker`: it keeps the search path's
//! positions and keys by ply, so a node is named by its ply alone; it plays
//! moves only through `Worker::make_move` / `unmake_move` (which write the
//! child at the next ply), evaluates only through
//! `Worker::static_eval` (its own `rockad_eval::Evaluator` behind a cache),
//! and searches every node, the root included, with the one `search`
//! function, generic over the node kind. The root's move list and the
//! choice of the answer live in `root.rs`.
//!
//! Endgame tablebases (Syzygy) are probed in `tablebase.rs`: WDL inside the
//! search, DTZ to rank the root moves.
//!
//! It must not parse or print protocol text (that is the `uci` crate's job,
//! wired in by `engine`), and it evaluates only through `rockad-eval`.

mod board_hash;
mod context;
mod correction;
mod deepen;
mod eval_cache;
mod frame;
mod history;
mod key;
mod limits;
mod movepick;
mod node;
mod null_move;
mod params;
mod pool;
mod prefetch;
mod probcut;
mod qsearch;
mod reduction;
mod report;
mod root;
mod root_move;
mod score;
mod search;
mod see;
mod singular;
mod strength;
mod table_memory;
mod tablebase;
#[cfg(test)]
mod testutil;
mod threats;
mod time;
mod tt;
mod worker;

pub use key::position_key;
pub use limits::{Limits, MAX_PLY};
pub use params::{FLOAT_SCALE, TUNABLES, Tunable, tunable};
pub use pool::{STACK_BYTES as SEARCH_STACK_BYTES, SearchOutcome, SearchRequest, Searcher, evaluates_with};
#[cfg(feature = "spsa")]
pub use reduction::set_tunable;
pub use report::{Bound, IterationReport, Listener};
pub use score::{DRAW, INFINITE, MATE, MATE_BOUND, ScoreBand, TB_WIN, TB_WIN_BOUND, band, mate_distance};
pub use strength::{MAX_ELO as MAX_STRENGTH_ELO, MIN_ELO as MIN_STRENGTH_ELO, Strength};
pub use tablebase::{
    DEFAULT_PROBE_DEPTH, DEFAULT_PROBE_LIMIT, Loaded, MAX_PROBE_DEPTH, MAX_TB_PIECES, Tablebase, TbSettings,
    TbWdl,
};
pub use tt::{HashError, MAX_HASH_MB};
