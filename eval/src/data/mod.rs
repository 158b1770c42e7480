//! Rockad's self-play training data: positions with their search score and
//! game result ([`record`], 32 bytes each), grouped by game in files with a
//! small header ([`file`]). `rockad datagen` (engine crate) writes them;
//! the tuner (`tune`, driven by `rockad tune`) reads them.

pub mod file;
pub mod record;

pub use file::{Game, Header, Reader, Scan, scan};
pub use record::{RECORD_BYTES, Record, decode, encode};
