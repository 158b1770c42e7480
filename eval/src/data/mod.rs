//! Rockad's self-play training data: positions with their search score and
//! game result ([`record`], 32 bytes each), grouped by game in files with a
//! small header ([`file`]); version 2 files store each game compactly as
//! its start and moves ([`compact`]) and readers replay them. `rockad datagen` (engine crate) writes them;
//! the tuner (`tune`, driven by `rockad tune`) reads them.

pub mod compact;
pub mod file;
pub mod record;

pub use compact::{PlayedGame, Ply};
pub use file::{CURRENT_VERSION, Game, Header, Reader, Scan, scan};
pub use record::{RECORD_BYTES, Record, decode, encode};
