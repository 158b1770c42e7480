//! Win/draw/loss estimates from a score. There is no model yet (a later
//! evaluation issue fits one), so the WDL columns stay empty for now.

use shakmaty::Chess;

/// Per-mille chances (win, draw, loss) from White's side for a centipawn
/// score from White's side in `pos`, or `None` while no model exists.
pub fn estimate(_score_cp: i32, _pos: &Chess) -> Option<(u32, u32, u32)> {
    None
}
