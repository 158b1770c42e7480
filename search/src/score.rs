//! Score conventions: centipawns, with mate scores at the extremes.

/// Larger than any score.
pub const INFINITE: i32 = 32_000;
/// The score of being mated right now; mate in `n` plies is `MATE - n`.
pub const MATE: i32 = 31_000;
/// Scores at or beyond this (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - crate::MAX_PLY as i32;
pub const DRAW: i32 = 0;
/// Marks a missing static evaluation (in check), in the table and the stack.
pub const NO_EVAL: i32 = -32_001;

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

/// A mate score relative to the root, stored relative to the node (so a
/// table entry means the same wherever it is found).
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of [`to_tt`].
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
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
    fn tt_adjustment_round_trips() {
        for s in [MATE - 5, -(MATE - 7), 42, -3] {
            assert_eq!(from_tt(to_tt(s, 9), 9), s);
        }
        // Mate in 5 plies from the root, seen at ply 3, is mate in 2 from the node.
        assert_eq!(to_tt(MATE - 5, 3), MATE - 2);
    }
}
