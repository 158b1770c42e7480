//! Chess960 castling rules in every geometry, checked on the engine's own
//! position and move code: the king ends on the c- or g-file and the rook on
//! the d- or f-file; all squares either crosses or lands on are empty but
//! for the two; the king is not in check and crosses no attacked square; a
//! piece may stay where it is.

use rockad_uci::{format_move, parse_fen, parse_move, xfen};
use shakmaty::{Chess, Position};

fn pos(fen: &str) -> Chess {
    let (p, w) = parse_fen(fen).expect("valid");
    assert!(w.is_empty(), "{fen}: {w:?}");
    p
}

fn castles(p: &Chess) -> Vec<String> {
    let mut v: Vec<String> =
        p.legal_moves().into_iter().filter(|m| m.is_castle()).map(|m| format_move(m, true)).collect();
    v.sort();
    v
}

/// Plays `mv` (either notation) and returns the resulting X-FEN.
fn after(fen: &str, mv: &str) -> String {
    let mut p = pos(fen);
    let m = parse_move(&p, mv).unwrap_or_else(|e| panic!("{fen} {mv}: {e}"));
    p.play_unchecked(m);
    xfen(&p)
}

#[test]
fn king_and_rook_adjacent_on_the_queen_side() {
    let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";
    assert_eq!(castles(&pos(fen)), vec!["b1a1", "b1h1"]);
    assert_eq!(after(fen, "b1a1"), "rk5r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1");
}

#[test]
fn king_already_on_g1_only_the_rook_moves() {
    let fen = "6kr/pppppppp/8/8/8/8/PPPPPPPP/6KR w Hh - 0 1";
    assert_eq!(castles(&pos(fen)), vec!["g1h1"]);
    assert_eq!(after(fen, "g1h1"), "6kr/pppppppp/8/8/8/8/PPPPPPPP/5RK1 b k - 1 1");
    assert_eq!(after(fen, "g1g1"), "6kr/pppppppp/8/8/8/8/PPPPPPPP/5RK1 b k - 1 1");
}

#[test]
fn king_and_rook_swap_squares() {
    // King f1, rook g1: king to g1, rook to f1.
    let fen = "5kr1/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w Gg - 0 1";
    assert_eq!(after(fen, "f1g1"), "5kr1/pppppppp/8/8/8/8/PPPPPPPP/5RK1 b k - 1 1");
    // King d1, rook c1 (queen side): king to c1, rook to d1.
    let fen = "2rk4/pppppppp/8/8/8/8/PPPPPPPP/2RK4 w Cc - 0 1";
    assert_eq!(after(fen, "d1c1"), "2rk4/pppppppp/8/8/8/8/PPPPPPPP/2KR4 b q - 1 1");
}

#[test]
fn king_on_c1_stays_while_the_rook_jumps_over_it() {
    let fen = "1rk5/pppppppp/8/8/8/8/PPPPPPPP/1RK5 w Bb - 0 1";
    assert_eq!(castles(&pos(fen)), vec!["c1b1"]);
    assert_eq!(after(fen, "c1b1"), "1rk5/pppppppp/8/8/8/8/PPPPPPPP/2KR4 b q - 1 1");
}

#[test]
fn every_square_crossed_or_landed_on_must_be_empty() {
    // Rook's destination occupied (knight on f1).
    assert!(castles(&pos("1k5r/pppppppp/8/8/8/8/PPPPPPPP/1K3N1R w H - 0 1")).is_empty());
    // A piece on the king's path (bishop on e1).
    assert!(castles(&pos("1k5r/pppppppp/8/8/8/8/PPPPPPPP/1K2B2R w H - 0 1")).is_empty());
    // A piece on the rook's path only (queen side: rook a1 to d1 over b1).
    assert!(castles(&pos("4k3/pppppppp/8/8/8/8/PPPPPPPP/RN1K4 w A - 0 1")).is_empty());
    assert_eq!(castles(&pos("4k3/pppppppp/8/8/8/8/PPPPPPPP/R2K4 w A - 0 1")), vec!["d1a1"]);
}

#[test]
fn the_king_may_not_be_in_or_cross_or_land_in_check() {
    // In check from a rook on b8.
    assert!(castles(&pos("1r2k3/8/8/8/8/8/8/1K5R w H - 0 1")).is_empty());
    // Crossing an attacked square (d1, attacked from d8).
    assert!(castles(&pos("3rk3/8/8/8/8/8/8/1K5R w H - 0 1")).is_empty());
    // Landing on an attacked square (g1, attacked from g8).
    assert!(castles(&pos("4k1r1/8/8/8/8/8/8/1K5R w H - 0 1")).is_empty());
    // The rook's squares may be attacked: only the king's matter.
    assert_eq!(castles(&pos("4k2r/8/8/8/8/8/8/1K5R w H - 0 1")), vec!["b1h1"]);
}

#[test]
fn the_rook_that_shielded_the_king_may_not_unmask_a_check() {
    // King c1, rook b1, black rook a1: castling moves the shield away.
    assert!(castles(&pos("4k3/8/8/8/8/8/8/rRK5 w B - 0 1")).is_empty());
    // Same idea on the king side: king f1, rook g1, black queen h1.
    assert!(castles(&pos("4k3/8/8/8/8/8/8/5KRq w G - 0 1")).is_empty());
}

#[test]
fn black_castles_the_same_way() {
    let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R b KQkq - 0 1";
    assert_eq!(after(fen, "b8a8"), "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQ - 1 2");
    assert_eq!(after(fen, "O-O"), "r4rk1/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQ - 1 2");
}

#[test]
fn double_fischer_random_rights_per_side() {
    let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAhf - 0 1";
    let (p, w) = parse_fen(fen).unwrap();
    assert!(w.is_empty());
    assert_eq!(p.castles().castling_rights().count(), 4);
}

#[test]
fn moving_a_rook_or_the_king_loses_the_right() {
    let mut p = pos("rk5r/1pppppp1/8/8/8/8/1PPPPPP1/RK5R w KQkq - 0 1");
    for mv in ["a1a2", "a8a7", "h1h2"] {
        let m = parse_move(&p, mv).unwrap();
        p.play_unchecked(m);
    }
    assert_eq!(xfen(&p), "1k5r/rpppppp1/8/8/8/8/RPPPPPPR/1K6 b k - 3 2");
}
