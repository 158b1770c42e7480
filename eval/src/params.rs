//! Every evaluation parameter, in one place. Written by the tuner
//! (`eval/src/tune/codegen.rs`): edit values here by hand if you like, but
//! keep the layout (a test checks the file is exactly what the tuner would
//! write). Tables are from White's point of view with a1 at index 0; Black
//! reads them mirrored top to bottom. Tables marked "King danger" feed the
//! danger sum that `evaluate` turns into a penalty; all others add directly.

use crate::score::S;

// Fixed by design, not tuned.

/// Game-phase weight by role (pawn .. king): all pieces on the board = 24.
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Middlegame king-safety penalty: danger² / this.
pub const KING_DANGER_MG_DIV: i32 = 720;
/// Endgame king-safety penalty: danger / this.
pub const KING_DANGER_EG_DIV: i32 = 20;
/// Endgame scale (of 128): opposite-coloured bishops and pawns only.
pub const SCALE_OPPOSITE_BISHOPS_ALONE: i32 = 48;
/// Endgame scale: opposite-coloured bishops with other pieces.
pub const SCALE_OPPOSITE_BISHOPS: i32 = 96;
/// Endgame scale: the side ahead has no pawns and at most a minor piece more.
pub const SCALE_NO_PAWNS_SMALL_EDGE: i32 = 24;
/// Relative ranks (0 = own back rank) where a knight or bishop can hold an outpost.
pub const OUTPOST_RANKS: std::ops::RangeInclusive<usize> = 3..=5;
/// A rook with at most this many safe squares can count as trapped by its own king.
pub const TRAPPED_ROOK_MOBILITY: u32 = 3;

// Tuned.

/// Material by role, pawn .. king (the king's is never used).
#[rustfmt::skip]
pub const MATERIAL: [S; 6] = [
    S(  90,  110), S( 320,  300), S( 330,  320), S( 480,  540), S( 950, 1000), S(   0,    0),
];

/// Piece-square tables by role (pawn .. king), from White's side with a1 first; Black reads them
/// mirrored top to bottom.
#[rustfmt::skip]
pub const PST: [[S; 64]; 6] = [
    [
        S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0),
        S(   0,    0), S(   0,    0), S(   0,    0), S(  -4,    0), S(  -4,    0), S(   0,    0), S(   0,    0), S(   0,    0),
        S(   4,    5), S(   4,    5), S(   4,    5), S(   4,    5), S(   4,    5), S(   4,    5), S(   4,    5), S(   4,    5),
        S(   8,   12), S(   8,   12), S(  11,   12), S(  14,   12), S(  14,   12), S(  11,   12), S(   8,   12), S(   8,   12),
        S(  12,   22), S(  12,   22), S(  15,   22), S(  18,   22), S(  18,   22), S(  15,   22), S(  12,   22), S(  12,   22),
        S(  16,   38), S(  16,   38), S(  16,   38), S(  16,   38), S(  16,   38), S(  16,   38), S(  16,   38), S(  16,   38),
        S(  20,   60), S(  20,   60), S(  20,   60), S(  20,   60), S(  20,   60), S(  20,   60), S(  20,   60), S(  20,   60),
        S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0),
    ],
    [
        S( -18,  -12), S( -12,   -8), S(  -6,   -4), S(   0,    0), S(   0,    0), S(  -6,   -4), S( -12,   -8), S( -18,  -12),
        S( -12,   -8), S(  -6,   -4), S(   0,    0), S(   6,    4), S(   6,    4), S(   0,    0), S(  -6,   -4), S( -12,   -8),
        S(  -6,   -4), S(   0,    0), S(   6,    4), S(  12,    8), S(  12,    8), S(   6,    4), S(   0,    0), S(  -6,   -4),
        S(   0,    0), S(   6,    4), S(  12,    8), S(  18,   12), S(  18,   12), S(  12,    8), S(   6,    4), S(   0,    0),
        S(   4,    0), S(  10,    4), S(  16,    8), S(  22,   12), S(  22,   12), S(  16,    8), S(  10,    4), S(   4,    0),
        S(  -2,   -4), S(   4,    0), S(  10,    4), S(  16,    8), S(  16,    8), S(  10,    4), S(   4,    0), S(  -2,   -4),
        S(  -8,   -8), S(  -2,   -4), S(   4,    0), S(  10,    4), S(  10,    4), S(   4,    0), S(  -2,   -4), S(  -8,   -8),
        S( -14,  -12), S(  -8,   -8), S(  -2,   -4), S(   4,    0), S(   4,    0), S(  -2,   -4), S(  -8,   -8), S( -14,  -12),
    ],
    [
        S(  -5,   -6), S(  -6,   -4), S(  -3,   -2), S(   0,    0), S(   0,    0), S(  -3,   -2), S(  -6,   -4), S(  -5,   -6),
        S(  -6,   -4), S(   1,   -2), S(   0,    0), S(   3,    2), S(   3,    2), S(   0,    0), S(   1,   -2), S(  -6,   -4),
        S(  -3,   -2), S(   0,    0), S(   7,    2), S(   6,    4), S(   6,    4), S(   7,    2), S(   0,    0), S(  -3,   -2),
        S(   0,    0), S(   3,    2), S(   6,    4), S(  13,    6), S(  13,    6), S(   6,    4), S(   3,    2), S(   0,    0),
        S(   0,    0), S(   3,    2), S(   6,    4), S(  13,    6), S(  13,    6), S(   6,    4), S(   3,    2), S(   0,    0),
        S(  -3,   -2), S(   0,    0), S(   7,    2), S(   6,    4), S(   6,    4), S(   7,    2), S(   0,    0), S(  -3,   -2),
        S(  -6,   -4), S(   1,   -2), S(   0,    0), S(   3,    2), S(   3,    2), S(   0,    0), S(   1,   -2), S(  -6,   -4),
        S(  -5,   -6), S(  -6,   -4), S(  -3,   -2), S(   0,    0), S(   0,    0), S(  -3,   -2), S(  -6,   -4), S(  -5,   -6),
    ],
    [
        S(   0,    0), S(   0,    0), S(   0,    0), S(   3,    0), S(   3,    0), S(   0,    0), S(   0,    0), S(   0,    0),
        S(   0,    0), S(   0,    0), S(   0,    0), S(   3,    0), S(   3,    0), S(   0,    0), S(   0,    0), S(   0,    0),
        S(   0,    0), S(   0,    0), S(   0,    0), S(   3,    0), S(   3,    0), S(   0,    0), S(   0,    0), S(   0,    0),
        S(   0,    0), S(   0,    0), S(   0,    0), S(   3,    0), S(   3,    0), S(   0,    0), S(   0,    0), S(   0,    0),
        S(   0,    0), S(   0,    0), S(   0,    0), S(   3,    0), S(   3,    0), S(   0,    0), S(   0,    0), S(   0,    0),
        S(   0,    0), S(   0,    0), S(   0,    0), S(   3,    0), S(   3,    0), S(   0,    0), S(   0,    0), S(   0,    0),
        S(  10,    6), S(  10,    6), S(  10,    6), S(  13,    6), S(  13,    6), S(  10,    6), S(  10,    6), S(  10,    6),
        S(   0,    0), S(   0,    0), S(   0,    0), S(   3,    0), S(   3,    0), S(   0,    0), S(   0,    0), S(   0,    0),
    ],
    [
        S(  -3,   -9), S(  -2,   -6), S(  -1,   -3), S(   0,    0), S(   0,    0), S(  -1,   -3), S(  -2,   -6), S(  -3,   -9),
        S(  -2,   -6), S(  -1,   -3), S(   0,    0), S(   1,    3), S(   1,    3), S(   0,    0), S(  -1,   -3), S(  -2,   -6),
        S(  -1,   -3), S(   0,    0), S(   1,    3), S(   2,    6), S(   2,    6), S(   1,    3), S(   0,    0), S(  -1,   -3),
        S(   0,    0), S(   1,    3), S(   2,    6), S(   3,    9), S(   3,    9), S(   2,    6), S(   1,    3), S(   0,    0),
        S(   0,    0), S(   1,    3), S(   2,    6), S(   3,    9), S(   3,    9), S(   2,    6), S(   1,    3), S(   0,    0),
        S(  -1,   -3), S(   0,    0), S(   1,    3), S(   2,    6), S(   2,    6), S(   1,    3), S(   0,    0), S(  -1,   -3),
        S(  -7,   -6), S(  -6,   -3), S(  -5,    0), S(  -4,    3), S(  -4,    3), S(  -5,    0), S(  -6,   -3), S(  -7,   -6),
        S(  -8,   -9), S(  -7,   -6), S(  -6,   -3), S(  -5,    0), S(  -5,    0), S(  -6,   -3), S(  -7,   -6), S(  -8,   -9),
    ],
    [
        S(  20,  -21), S(  30,  -14), S(  10,   -7), S(   0,    0), S(   0,    0), S(  10,   -7), S(  30,  -14), S(  20,  -21),
        S(  -5,  -14), S(  -5,   -7), S( -15,    0), S( -20,    7), S( -20,    7), S( -15,    0), S(  -5,   -7), S(  -5,  -14),
        S( -40,   -7), S( -40,    0), S( -40,    7), S( -40,   14), S( -40,   14), S( -40,    7), S( -40,    0), S( -40,   -7),
        S( -50,    0), S( -50,    7), S( -50,   14), S( -50,   21), S( -50,   21), S( -50,   14), S( -50,    7), S( -50,    0),
        S( -60,    0), S( -60,    7), S( -60,   14), S( -60,   21), S( -60,   21), S( -60,   14), S( -60,    7), S( -60,    0),
        S( -70,   -7), S( -70,    0), S( -70,    7), S( -70,   14), S( -70,   14), S( -70,    7), S( -70,    0), S( -70,   -7),
        S( -70,  -14), S( -70,   -7), S( -70,    0), S( -70,    7), S( -70,    7), S( -70,    0), S( -70,   -7), S( -70,  -14),
        S( -70,  -21), S( -70,  -14), S( -70,   -7), S( -70,    0), S( -70,    0), S( -70,   -7), S( -70,  -14), S( -70,  -21),
    ],
];

/// Knight mobility by number of safe squares (not own pieces, not attacked by enemy pawns).
#[rustfmt::skip]
pub const MOBILITY_KNIGHT: [S; 9] = [
    S( -30,  -40), S( -18,  -25), S(  -8,  -12), S(  -2,   -4), S(   4,    3), S(   9,    9), S(  14,   14), S(  18,   18),
    S(  21,   20),
];

/// Bishop mobility by number of safe squares.
#[rustfmt::skip]
pub const MOBILITY_BISHOP: [S; 14] = [
    S( -25,  -35), S( -15,  -22), S(  -7,  -12), S(  -1,   -4), S(   4,    2), S(   9,    8), S(  13,   13), S(  17,   17),
    S(  20,   20), S(  23,   23), S(  25,   25), S(  27,   27), S(  29,   29), S(  30,   30),
];

/// Rook mobility by number of safe squares.
#[rustfmt::skip]
pub const MOBILITY_ROOK: [S; 15] = [
    S( -15,  -35), S( -10,  -22), S(  -6,  -12), S(  -3,   -5), S(   0,    0), S(   2,    5), S(   4,   10), S(   6,   15),
    S(   8,   19), S(  10,   23), S(  12,   27), S(  13,   30), S(  14,   33), S(  15,   35), S(  16,   37),
];

/// Queen mobility by number of safe squares.
#[rustfmt::skip]
pub const MOBILITY_QUEEN: [S; 28] = [
    S( -12,  -30), S( -11,  -28), S(  -9,  -25), S(  -8,  -22), S(  -7,  -20), S(  -6,  -18), S(  -4,  -15), S(  -3,  -12),
    S(  -2,  -10), S(   0,   -8), S(   1,   -5), S(   2,   -2), S(   4,    0), S(   5,    2), S(   6,    5), S(   8,    8),
    S(   9,   10), S(  10,   12), S(  11,   15), S(  13,   18), S(  14,   20), S(  14,   22), S(  14,   25), S(  14,   25),
    S(  14,   25), S(  14,   25), S(  14,   25), S(  14,   25),
];

/// Knight, bishop on a square an own pawn guards and no enemy pawn can ever attack.
#[rustfmt::skip]
pub const OUTPOST: [S; 2] = [
    S(  20,   10), S(  12,    6),
];

/// Two or more bishops.
#[rustfmt::skip]
pub const BISHOP_PAIR: S = S(25, 45);

/// Rook on an open file, on a half-open file (no own pawn).
#[rustfmt::skip]
pub const ROOK_FILE: [S; 2] = [
    S(  25,   10), S(  12,    8),
];

/// Queen on an open file, on a half-open file.
#[rustfmt::skip]
pub const QUEEN_FILE: [S; 2] = [
    S(   3,    5), S(   2,    3),
];

/// Chess960: bishop in a corner (a1/h1 relative) behind its own pawn on b2/g2; the second value adds
/// when that pawn cannot advance.
#[rustfmt::skip]
pub const CORNERED_BISHOP: [S; 2] = [
    S( -30,  -15), S( -25,  -15),
];

/// Chess960: rook on the back rank on its uncastled king's outer side, without the castling right that
/// would free it and with little room (counted twice when no castling right is left at all).
#[rustfmt::skip]
pub const TRAPPED_ROOK: S = S(-30, -5);

/// Pawn with no own pawn on the files beside it.
#[rustfmt::skip]
pub const ISOLATED: S = S(-10, -12);

/// Pawn with an own pawn in front of it on the same file.
#[rustfmt::skip]
pub const DOUBLED: S = S(-8, -20);

/// Pawn whose neighbours have all advanced past it and whose stop square an enemy pawn guards.
#[rustfmt::skip]
pub const BACKWARD: S = S(-8, -8);

/// Pawn defended by an own pawn, by relative rank.
#[rustfmt::skip]
pub const SUPPORTED: [S; 8] = [
    S(   0,    0), S(   0,    0), S(   6,    4), S(   8,    6), S(  12,   10), S(  20,   20), S(  30,   35), S(   0,    0),
];

/// Pawn with an own pawn beside it on the same rank, by relative rank.
#[rustfmt::skip]
pub const PHALANX: [S; 8] = [
    S(   0,    0), S(   0,    0), S(   4,    2), S(   6,    4), S(  10,    8), S(  20,   20), S(  30,   30), S(   0,    0),
];

/// Passed pawn by relative rank.
#[rustfmt::skip]
pub const PASSED: [S; 8] = [
    S(   0,    0), S(   0,    5), S(   0,   10), S(   5,   20), S(  15,   40), S(  30,   70), S(  50,  110), S(   0,    0),
];

/// Passed pawn whose stop square is empty and not attacked by the enemy, by rank.
#[rustfmt::skip]
pub const PASSED_FREE: [S; 8] = [
    S(   0,    0), S(   0,    0), S(   0,    2), S(   2,    6), S(   5,   12), S(  10,   25), S(  20,   45), S(   0,    0),
];

/// Passed pawn whose stop square is occupied, by rank.
#[rustfmt::skip]
pub const PASSED_BLOCKED: [S; 8] = [
    S(   0,    0), S(   0,    0), S(   0,   -2), S(  -2,   -5), S(  -5,  -10), S(  -5,  -15), S( -10,  -20), S(   0,    0),
];

/// Per square of distance from the own king to the passer's stop square, by rank.
#[rustfmt::skip]
pub const PASSED_OWN_KING: [S; 8] = [
    S(   0,    0), S(   0,    0), S(   0,   -1), S(   0,   -2), S(   0,   -4), S(   0,   -6), S(   0,   -8), S(   0,    0),
];

/// Per square of distance from the enemy king to the passer's stop square, by rank.
#[rustfmt::skip]
pub const PASSED_ENEMY_KING: [S; 8] = [
    S(   0,    0), S(   0,    0), S(   0,    1), S(   0,    3), S(   0,    6), S(   0,   10), S(   0,   14), S(   0,    0),
];

/// Own pawn shelter on the king's file [0] and each neighbouring file [1], by the nearest own pawn's
/// distance in ranks in front of the king (index 0: none, 1: level with it, 2: one rank ahead, ...),
/// for a king on any file.
#[rustfmt::skip]
pub const SHELTER: [[S; 8]; 2] = [
    [
        S( -30,    0), S(   5,    0), S(  30,    0), S(  18,    0), S(   6,    0), S(   0,    0), S(   0,    0), S(   0,    0),
    ],
    [
        S( -20,    0), S(   4,    0), S(  20,    0), S(  12,    0), S(   4,    0), S(   0,    0), S(   0,    0), S(   0,    0),
    ],
];

/// Enemy pawn storm on the king's file and its neighbours, by the nearest enemy pawn's distance (as
/// SHELTER); [0] free to advance, [1] blocked by an own pawn.
#[rustfmt::skip]
pub const STORM: [[S; 8]; 2] = [
    [
        S(   0,    0), S(   0,    0), S( -30,    0), S( -20,    0), S( -10,    0), S(  -5,    0), S(   0,    0), S(   0,    0),
    ],
    [
        S(   0,    0), S(   0,    0), S( -10,    0), S(  -6,    0), S(  -3,    0), S(   0,    0), S(   0,    0), S(   0,    0),
    ],
];

/// King danger: per knight, bishop, rook, queen attacking the king zone.
#[rustfmt::skip]
pub const KING_ATTACKERS: [S; 4] = [
    S(  36,    8), S(  24,    8), S(  36,    8), S(  40,    8),
];

/// King danger: per attack on a king-zone square.
#[rustfmt::skip]
pub const KING_ZONE_ATTACKS: S = S(20, 4);

/// King danger: per king-zone square attacked and guarded by no own pawn or minor or rook.
#[rustfmt::skip]
pub const KING_WEAK_SQUARES: S = S(24, 4);

/// King danger: per safe checking square for a knight, bishop, rook, queen.
#[rustfmt::skip]
pub const KING_SAFE_CHECKS: [S; 4] = [
    S(  70,   10), S(  50,   10), S(  80,   10), S(  60,   10),
];

/// King danger: the attacker has no queen.
#[rustfmt::skip]
pub const KING_NO_QUEEN: S = S(-200, -20);

/// Enemy piece attacked by a pawn, by the victim's role (pawn .. king).
#[rustfmt::skip]
pub const THREAT_BY_PAWN: [S; 6] = [
    S(   0,    0), S(  40,   25), S(  40,   25), S(  50,   30), S(  50,   30), S(   0,    0),
];

/// Enemy piece attacked by a knight or bishop, by the victim's role.
#[rustfmt::skip]
pub const THREAT_BY_MINOR: [S; 6] = [
    S(   3,   10), S(  15,   15), S(  15,   15), S(  35,   20), S(  35,   25), S(   0,    0),
];

/// Enemy piece attacked by a rook, by the victim's role.
#[rustfmt::skip]
pub const THREAT_BY_ROOK: [S; 6] = [
    S(   2,   10), S(  12,   15), S(  12,   15), S(   0,    5), S(  30,   20), S(   0,    0),
];

/// Enemy piece or pawn attacked and not defended.
#[rustfmt::skip]
pub const HANGING: S = S(20, 10);

/// The side to move.
#[rustfmt::skip]
pub const TEMPO: S = S(12, 6);
