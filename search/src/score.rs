//! Score conventions, the one home of the score bands: from the top,
//! mate scores, tablebase wins (once tablebases are probed), then the
//! normal scores of the evaluation; the same below zero for the side that
//! loses. Everything that must tell the bands apart (the table's ply
//! adjustment, the output of `info` lines, `analyse`) asks [`band`].

use crate::limits::MAX_PLY;

/// Larger than any score.
pub const INFINITE: i32 = 32_000;
/// The score of being mated right now; mate in `n` plies is `MATE - n`.
pub const MATE: i32 = 31_000;
/// Scores at or beyond this (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A tablebase win reached right now; `n` plies away it is `TB_WIN - n`.
pub const TB_WIN: i32 = MATE_BOUND - 1;
/// Scores at or beyond this and below [`MATE_BOUND`] (in absolute value)
/// are tablebase wins; the evaluation's own scores stay below it.
pub const TB_WIN_BOUND: i32 = TB_WIN - MAX_PLY as i32;
// The bands do not overlap and leave the evaluation room.
const _: () = assert!(TB_WIN < MATE_BOUND && TB_WIN_BOUND > 20_000);
pub const DRAW: i32 = 0;
/// Marks a missing static evaluation (in check), in the table and the stack.
pub const NO_EVAL: i32 = -32_001;

/// A score's band, from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreBand {
    /// Mate in this many moves: positive when the side to move mates,
    /// negative (or 0, mated now) when it is mated.
    Mate(i32),
    /// A tablebase win (positive) or loss (negative), this many plies from
    /// the position where the tables were read.
    Tablebase(i32),
    /// An evaluation, in the search's units.
    Normal(i32),
}

/// The band `score` falls in.
pub fn band(score: i32) -> ScoreBand {
    if let Some(n) = mate_distance(score) {
        ScoreBand::Mate(n)
    } else if score >= TB_WIN_BOUND {
        ScoreBand::Tablebase(TB_WIN - score)
    } else if score <= -TB_WIN_BOUND {
        ScoreBand::Tablebase(-(TB_WIN + score))
    } else {
        ScoreBand::Normal(score)
    }
}

/// Mate in moves (not plies) for a mate score, from the side to move's
/// point of view: positive when it mates, negative when it is mated.
pub fn mate_distance(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-((MATE + score) / 2))
    } else {
        None
    }
}

/// A mate or tablebase score relative to the root, stored relative to the
/// node (so a table entry means the same wherever it is found).
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score + ply as i32
    } else if score <= -TB_WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of [`to_tt`].
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score - ply as i32
    } else if score <= -TB_WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances() {
        assert_eq!(mate_distance(MATE - 1), Some(1));
        assert_eq!(mate_distance(MATE - 3), Some(2));
        assert_eq!(mate_distance(-MATE), Some(0));
        assert_eq!(mate_distance(-(MATE - 2)), Some(-1));
        assert_eq!(mate_distance(150), None);
    }

    #[test]
    fn bands_are_told_apart() {
        assert_eq!(band(MATE - 1), ScoreBand::Mate(1));
        assert_eq!(band(-MATE), ScoreBand::Mate(0));
        assert_eq!(band(MATE_BOUND - 1), ScoreBand::Tablebase(0));
        assert_eq!(band(TB_WIN - 7), ScoreBand::Tablebase(7));
        assert_eq!(band(-(TB_WIN - 7)), ScoreBand::Tablebase(-7));
        assert_eq!(band(TB_WIN_BOUND), ScoreBand::Tablebase(MAX_PLY as i32));
        assert_eq!(band(TB_WIN_BOUND - 1), ScoreBand::Normal(TB_WIN_BOUND - 1));
        assert_eq!(band(-250), ScoreBand::Normal(-250));
    }

    #[test]
    fn tt_adjustment_round_trips() {
        for s in [MATE - 5, -(MATE - 7), TB_WIN - 3, -(TB_WIN - 12), 42, -3] {
            assert_eq!(from_tt(to_tt(s, 9), 9), s);
        }
        // Mate in 5 plies from the root, seen at ply 3, is mate in 2 from the node.
        assert_eq!(to_tt(MATE - 5, 3), MATE - 2);
    }
}
