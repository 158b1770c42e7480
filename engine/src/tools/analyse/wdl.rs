//! Win/draw/loss chances and normalised centipawns for analysis records,
//! from the model of `rockad_eval::wdl`, turned to White's side.

use shakmaty::Chess;

/// Per-mille chances (win, draw, loss) from White's side for an internal
/// score from the side to move's view in `pos` (mates are certain).
pub fn estimate(internal: i32, pos: &Chess) -> (u32, u32, u32) {
    crate::scores::white_wdl(internal, pos)
}
