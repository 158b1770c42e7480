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
    S(  93,  121), S( 305,  331), S( 323,  343), S( 462,  585), S( 998, 1039), S(   0,    0),
];

/// Piece-square tables by role (pawn .. king), from White's side with a1 first; Black reads them
/// mirrored top to bottom.
#[rustfmt::skip]
pub const PST: [[S; 64]; 6] = [
    [
        S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0),
        S( -14,  -12), S(  -5,  -12), S(  -7,   -7), S( -13,  -10), S( -13,  -10), S(  -7,   -7), S(  -5,  -12), S( -14,  -12),
        S( -15,   -9), S(  -9,  -13), S( -11,   -9), S( -13,  -10), S( -13,  -10), S( -11,   -9), S(  -9,  -13), S( -15,   -9),
        S(  -8,   -8), S(  -9,  -12), S(  -1,  -10), S(   1,   -9), S(   1,   -9), S(  -1,  -10), S(  -9,  -12), S(  -8,   -8),
        S(   1,   -1), S(   1,   -3), S(   1,   -5), S(   7,   -8), S(   7,   -8), S(   1,   -5), S(   1,   -3), S(   1,   -1),
        S(   4,    8), S(  -5,    9), S(  -1,    4), S(  13,    5), S(  13,    5), S(  -1,    4), S(  -5,    9), S(   4,    8),
        S(  30,    5), S(  30,   31), S( -10,   44), S(  31,   32), S(  31,   32), S( -10,   44), S(  30,   31), S(  30,    5),
        S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0), S(   0,    0),
    ],
    [
        S( -14,  -44), S(  -9,  -15), S(   3,   -8), S(   7,   -7), S(   7,   -7), S(   3,   -8), S(  -9,  -15), S( -14,  -44),
        S(  -1,  -30), S(   1,    1), S(   7,   -8), S(  17,   -4), S(  17,   -4), S(   7,   -8), S(   1,    1), S(  -1,  -30),
        S(  -4,  -16), S(   8,   -8), S(  14,    1), S(  16,    9), S(  16,    9), S(  14,    1), S(   8,   -8), S(  -4,  -16),
        S(   6,    2), S(  11,   11), S(  17,   13), S(  23,   20), S(  23,   20), S(  17,   13), S(  11,   11), S(   6,    2),
        S(   0,    2), S(  17,    6), S(  19,   13), S(  25,   14), S(  25,   14), S(  19,   13), S(  17,    6), S(   0,    2),
        S(  -6,    1), S(  11,   -4), S(  15,   15), S(  23,   22), S(  23,   22), S(  15,   15), S(  11,   -4), S(  -6,    1),
        S(  -3,    5), S(  -6,    8), S(   8,   10), S(  28,   13), S(  28,   13), S(   8,   10), S(  -6,    8), S(  -3,    5),
        S( -57,  -28), S( -52,  -13), S( -59,    7), S( -67,   13), S( -67,   13), S( -59,    7), S( -52,  -13), S( -57,  -28),
    ],
    [
        S(   1,  -11), S(  -8,   -2), S(  -2,   -7), S(   2,   -5), S(   2,   -5), S(  -2,   -7), S(  -8,   -2), S(   1,  -11),
        S(   1,   -6), S(   6,  -14), S(   3,   -4), S(   9,   -5), S(   9,   -5), S(   3,   -4), S(   6,  -14), S(   1,   -6),
        S(  -2,   -5), S(   6,    5), S(   7,   -5), S(  10,    1), S(  10,    1), S(   7,   -5), S(   6,    5), S(  -2,   -5),
        S(   5,  -14), S(   0,    0), S(   8,    5), S(  11,    4), S(  11,    4), S(   8,    5), S(   0,    0), S(   5,  -14),
        S( -12,   -1), S(   0,    1), S(   8,    5), S(  10,    4), S(  10,    4), S(   8,    5), S(   0,    1), S( -12,   -1),
        S(   1,   -4), S(   5,    2), S(  17,   -1), S(  10,   -3), S(  10,   -3), S(  17,   -1), S(   5,    2), S(   1,   -4),
        S( -24,    6), S(  -7,    6), S(   9,    6), S(  -1,    2), S(  -1,    2), S(   9,    6), S(  -7,    6), S( -24,    6),
        S( -28,   15), S( -23,   12), S( -43,   11), S(  18,    4), S(  18,    4), S( -43,   11), S( -23,   12), S( -28,   15),
    ],
    [
        S(  -7,  -15), S(  -2,   -9), S(   1,   -6), S(   5,  -11), S(   5,  -11), S(   1,   -6), S(  -2,   -9), S(  -7,  -15),
        S( -19,   -8), S(  -9,  -11), S( -10,   -9), S(   0,   -7), S(   0,   -7), S( -10,   -9), S(  -9,  -11), S( -19,   -8),
        S( -16,  -10), S(  -8,   -5), S( -13,   -4), S( -18,    6), S( -18,    6), S( -13,   -4), S(  -8,   -5), S( -16,  -10),
        S( -11,    2), S(  -6,    0), S(  -8,    7), S( -15,    2), S( -15,    2), S(  -8,    7), S(  -6,    0), S( -11,    2),
        S( -12,    4), S(  -6,    4), S(  -6,    7), S( -16,    8), S( -16,    8), S(  -6,    7), S(  -6,    4), S( -12,    4),
        S(   4,    1), S(  -6,    4), S(  21,   -4), S(  34,  -17), S(  34,  -17), S(  21,   -4), S(  -6,    4), S(   4,    1),
        S(   7,   10), S(   7,    9), S(  19,   13), S(   0,   16), S(   0,   16), S(  19,   13), S(   7,    9), S(   7,   10),
        S(  38,   -3), S(  30,    1), S(  26,   10), S(  -3,   14), S(  -3,   14), S(  26,   10), S(  30,    1), S(  38,   -3),
    ],
    [
        S(  -8,  -26), S(  -3,  -65), S(   3,  -73), S(   4,  -50), S(   4,  -50), S(   3,  -73), S(  -3,  -65), S(  -8,  -26),
        S(  -4,  -54), S(  -1,  -48), S(  -2,  -38), S(   7,  -32), S(   7,  -32), S(  -2,  -38), S(  -1,  -48), S(  -4,  -54),
        S(  -9,  -29), S(   4,  -28), S(  -2,   -5), S(   0,    0), S(   0,    0), S(  -2,   -5), S(   4,  -28), S(  -9,  -29),
        S(  -8,   -3), S(  -8,    4), S(  -9,   24), S(  -8,   45), S(  -8,   45), S(  -9,   24), S(  -8,    4), S(  -8,   -3),
        S(  -5,    8), S(  -2,   14), S( -16,   37), S(   4,   11), S(   4,   11), S( -16,   37), S(  -2,   14), S(  -5,    8),
        S(  -6,   25), S(   0,    3), S(   7,   18), S(  16,   26), S(  16,   26), S(   7,   18), S(   0,    3), S(  -6,   25),
        S( -13,   27), S(   0,   51), S(  20,   15), S( -14,   54), S( -14,   54), S(  20,   15), S(   0,   51), S( -13,   27),
        S(  -7,   34), S( -16,   25), S(  46,    9), S(  29,   20), S(  29,   20), S(  46,    9), S( -16,   25), S(  -7,   34),
    ],
    [
        S(   5,  -27), S(  22,  -25), S(   1,  -17), S(  -8,  -16), S(  -8,  -16), S(   1,  -17), S(  22,  -25), S(   5,  -27),
        S(   5,  -28), S(   6,  -15), S( -13,   -7), S( -25,   -4), S( -25,   -4), S( -13,   -7), S(   6,  -15), S(   5,  -28),
        S( -21,  -18), S( -12,   -5), S( -33,   -2), S( -19,   -2), S( -19,   -2), S( -33,   -2), S( -12,   -5), S( -21,  -18),
        S( -43,  -10), S( -27,   -5), S( -64,   12), S( -54,   12), S( -54,   12), S( -64,   12), S( -27,   -5), S( -43,  -10),
        S( -83,    0), S( -49,   17), S( -69,   22), S( -51,   17), S( -51,   17), S( -69,   22), S( -49,   17), S( -83,    0),
        S( -85,    2), S( -45,   26), S( -57,   36), S( -56,   42), S( -56,   42), S( -57,   36), S( -45,   26), S( -85,    2),
        S( -60,   14), S( -12,   73), S( -36,   67), S( -82,   61), S( -82,   61), S( -36,   67), S( -12,   73), S( -60,   14),
        S( -68,  -75), S( -37,   -4), S( -42,   29), S( -72,   55), S( -72,   55), S( -42,   29), S( -37,   -4), S( -68,  -75),
    ],
];

/// Knight mobility by number of safe squares (not own pieces, not attacked by enemy pawns).
#[rustfmt::skip]
pub const MOBILITY_KNIGHT: [S; 9] = [
    S( -25,  -31), S( -14,  -13), S( -10,   -4), S(  -4,    6), S(   1,   16), S(   8,   22), S(  13,   25), S(  19,   21),
    S(  10,   15),
];

/// Bishop mobility by number of safe squares.
#[rustfmt::skip]
pub const MOBILITY_BISHOP: [S; 14] = [
    S( -19,  -54), S( -17,  -30), S(  -6,   -7), S(   2,   -4), S(   3,    9), S(   7,   18), S(   9,   22), S(   7,   28),
    S(  12,   29), S(  19,   32), S(  19,   32), S(  18,   35), S(  21,   25), S(  -1,   34),
];

/// Rook mobility by number of safe squares.
#[rustfmt::skip]
pub const MOBILITY_ROOK: [S; 15] = [
    S( -21,  -57), S( -12,  -22), S(  -8,  -17), S(  -4,    1), S(   0,    7), S(   3,   17), S(   1,   21), S(   7,   23),
    S(   5,   29), S(   9,   37), S(  10,   38), S(  11,   41), S(  10,   44), S(   5,   50), S(  18,   42),
];

/// Queen mobility by number of safe squares.
#[rustfmt::skip]
pub const MOBILITY_QUEEN: [S; 28] = [
    S( -20, -149), S( -14, -122), S(  -9, -122), S(  -5,  -88), S(  -7,  -41), S(   0,  -26), S(   1,  -10), S(   0,   13),
    S(   1,   17), S(   5,   20), S(   5,   28), S(   5,   34), S(   4,   56), S(   4,   45), S(   8,   47), S(  10,   42),
    S(   8,   47), S(  20,   35), S(  32,   27), S(  26,   30), S(  29,   17), S(  23,   13), S(  22,  -12), S(  21,  -31),
    S(   1,  -29), S( -29,  -59), S( -28,  -44), S( -30,  -62),
];

/// Knight, bishop on a square an own pawn guards and no enemy pawn can ever attack.
#[rustfmt::skip]
pub const OUTPOST: [S; 2] = [
    S(  17,    9), S(  22,   12),
];

/// Two or more bishops.
#[rustfmt::skip]
pub const BISHOP_PAIR: S = S(24, 51);

/// Rook on an open file, on a half-open file (no own pawn).
#[rustfmt::skip]
pub const ROOK_FILE: [S; 2] = [
    S(  26,    7), S(  14,    8),
];

/// Queen on an open file, on a half-open file.
#[rustfmt::skip]
pub const QUEEN_FILE: [S; 2] = [
    S(   0,    6), S(   9,    0),
];

/// Chess960: bishop in a corner (a1/h1 relative) behind its own pawn on b2/g2; the second value adds
/// when that pawn cannot advance.
#[rustfmt::skip]
pub const CORNERED_BISHOP: [S; 2] = [
    S( -13,  -30), S( -36,  -48),
];

/// Chess960: rook on the back rank on its uncastled king's outer side, without the castling right that
/// would free it and with little room (counted twice when no castling right is left at all).
#[rustfmt::skip]
pub const TRAPPED_ROOK: S = S(-19, -12);

/// Pawn with no own pawn on the files beside it.
#[rustfmt::skip]
pub const ISOLATED: S = S(-8, -9);

/// Pawn with an own pawn in front of it on the same file.
#[rustfmt::skip]
pub const DOUBLED: S = S(-14, -9);

/// Pawn whose neighbours have all advanced past it and whose stop square an enemy pawn guards.
#[rustfmt::skip]
pub const BACKWARD: S = S(-3, -13);

/// Pawn defended by an own pawn, by relative rank.
#[rustfmt::skip]
pub const SUPPORTED: [S; 8] = [
    S(   0,    0), S(   0,    0), S(   9,    9), S(  10,   14), S(  15,   28), S(  41,   46), S( 122,   67), S(   0,    0),
];

/// Pawn with an own pawn beside it on the same rank, by relative rank.
#[rustfmt::skip]
pub const PHALANX: [S; 8] = [
    S(   0,    0), S(   1,    2), S(   7,    3), S(   7,   10), S(   9,   31), S(  78,   45), S(  70,   85), S(   0,    0),
];

/// Passed pawn by relative rank.
#[rustfmt::skip]
pub const PASSED: [S; 8] = [
    S(   0,    0), S(  -8,    2), S(   1,   25), S(  -7,   38), S(  22,   50), S(  36,   67), S(  76,   80), S(   0,    0),
];

/// Passed pawn whose stop square is empty and not attacked by the enemy, by rank.
#[rustfmt::skip]
pub const PASSED_FREE: [S; 8] = [
    S(   0,    0), S(  -7,   14), S( -15,   16), S(  -1,   14), S(   4,   15), S(  11,   47), S(  58,   82), S(   0,    0),
];

/// Passed pawn whose stop square is occupied, by rank.
#[rustfmt::skip]
pub const PASSED_BLOCKED: [S; 8] = [
    S(   0,    0), S(  -4,    8), S(  -5,   -1), S(  -2,   -5), S( -10,   -8), S(   3,  -21), S( -49,  -43), S(   0,    0),
];

/// Per square of distance from the own king to the passer's stop square, by rank.
#[rustfmt::skip]
pub const PASSED_OWN_KING: [S; 8] = [
    S(   0,    0), S(  -1,   -1), S(   4,   -7), S(   5,  -10), S(   1,  -11), S(  -2,  -11), S(   8,  -11), S(   0,    0),
];

/// Per square of distance from the enemy king to the passer's stop square, by rank.
#[rustfmt::skip]
pub const PASSED_ENEMY_KING: [S; 8] = [
    S(   0,    0), S(   3,    0), S(  -1,    1), S(  -4,    9), S(  -6,   16), S(  -2,   25), S(  -9,   34), S(   0,    0),
];

/// Own pawn shelter on the king's file [0] and each neighbouring file [1], by the nearest own pawn's
/// distance in ranks in front of the king (index 0: none, 1: level with it, 2: one rank ahead, ...),
/// for a king on any file.
#[rustfmt::skip]
pub const SHELTER: [[S; 8]; 2] = [
    [
        S( -24,   -2), S(   5,    0), S(  28,   -3), S(  16,    1), S(   3,   -3), S(   3,    7), S( -11,   22), S(   8,    6),
    ],
    [
        S( -17,    0), S(   8,    6), S(  21,    0), S(   9,    1), S(   5,    0), S(   0,   -1), S(   3,   18), S(  -1,   17),
    ],
];

/// Enemy pawn storm on the king's file and its neighbours, by the nearest enemy pawn's distance (as
/// SHELTER); [0] free to advance, [1] blocked by an own pawn.
#[rustfmt::skip]
pub const STORM: [[S; 8]; 2] = [
    [
        S(  -1,   -1), S(  -6,   24), S(  -3,    3), S( -29,    2), S( -10,    1), S(  -7,    1), S(  -1,    0), S(   2,   -6),
    ],
    [
        S(   0,    0), S(   0,   33), S( -10,    0), S(  -3,  -11), S(  -4,   -5), S(  -1,   -9), S(   3,  -11), S(  21,  -17),
    ],
];

/// King danger: per knight, bishop, rook, queen attacking the king zone.
#[rustfmt::skip]
pub const KING_ATTACKERS: [S; 4] = [
    S(  42,   30), S(  19,   44), S(  22,   25), S(  25,   39),
];

/// King danger: per attack on a king-zone square.
#[rustfmt::skip]
pub const KING_ZONE_ATTACKS: S = S(17, 25);

/// King danger: per king-zone square attacked and guarded by no own pawn or minor or rook.
#[rustfmt::skip]
pub const KING_WEAK_SQUARES: S = S(25, -35);

/// King danger: per safe checking square for a knight, bishop, rook, queen.
#[rustfmt::skip]
pub const KING_SAFE_CHECKS: [S; 4] = [
    S(  77,   28), S(  53,   67), S(  83,   90), S(  61,    4),
];

/// King danger: the attacker has no queen.
#[rustfmt::skip]
pub const KING_NO_QUEEN: S = S(-211, -84);

/// Enemy piece attacked by a pawn, by the victim's role (pawn .. king).
#[rustfmt::skip]
pub const THREAT_BY_PAWN: [S; 6] = [
    S(   0,    0), S(  55,    6), S(  52,   24), S(  43,   25), S(  37,  -12), S(   0,    0),
];

/// Enemy piece attacked by a knight or bishop, by the victim's role.
#[rustfmt::skip]
pub const THREAT_BY_MINOR: [S; 6] = [
    S(  -1,   11), S(  16,   27), S(  38,   16), S(  60,    2), S(  38,    0), S(   0,    0),
];

/// Enemy piece attacked by a rook, by the victim's role.
#[rustfmt::skip]
pub const THREAT_BY_ROOK: [S; 6] = [
    S(   1,   13), S(  12,   20), S(  11,   10), S( -17,  -14), S(  56,    0), S(   0,    0),
];

/// Enemy piece or pawn attacked and not defended.
#[rustfmt::skip]
pub const HANGING: S = S(17, 25);

/// The side to move.
#[rustfmt::skip]
pub const TEMPO: S = S(18, 10);
