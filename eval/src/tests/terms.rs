//! Each evaluation term on small hand-made positions.

use super::{coeff, frc, white};
use crate::layout as at;
use crate::{evaluate, trace};

#[test]
fn a_passed_pawn_is_worth_more_the_further_it_is() {
    let sixth = "k7/8/4P3/8/8/8/8/4K3 w - - 0 1";
    let third = "k7/8/8/8/8/4P3/8/4K3 w - - 0 1";
    assert_eq!(coeff(sixth, at::PASSED + 5), 1);
    assert_eq!(coeff(third, at::PASSED + 2), 1);
    assert!(white(sixth) > white(third) + 50, "{} vs {}", white(sixth), white(third));
    // Not passed: an enemy pawn on a neighbouring file ahead.
    assert_eq!(coeff("4k3/3p4/8/8/8/4P3/8/4K3 w - - 0 1", at::PASSED + 2), 0);
    // A free passer (empty, unguarded stop square) and a blocked one.
    assert_eq!(coeff(sixth, at::PASSED_FREE + 5), 1);
    assert_eq!(coeff("4k3/4n3/4P3/8/8/8/8/4K3 w - - 0 1", at::PASSED_BLOCKED + 5), 1);
    // Black's king guards the stop square: not free.
    assert_eq!(coeff("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1", at::PASSED_FREE + 5), 0);
    // King distances to the stop square (e7): White's king on e1 is 6 away, Black's on a8 is 4.
    assert_eq!(coeff(sixth, at::PASSED_OWN_KING + 5), 6);
    assert_eq!(coeff(sixth, at::PASSED_ENEMY_KING + 5), 4);
}

#[test]
fn isolated_doubled_backward_supported_phalanx() {
    // a2, a3 doubled and isolated, c3 isolated.
    let fen = "4k3/8/8/8/8/P1P5/P7/4K3 w - - 0 1";
    assert_eq!(coeff(fen, at::ISOLATED), 3);
    assert_eq!(coeff(fen, at::DOUBLED), 1);
    // d4 supported by c3 and e3 (rank index 3); d4-e4 phalanx.
    let chain = "4k3/8/8/8/3P4/2P1P3/8/4K3 w - - 0 1";
    assert_eq!(coeff(chain, at::SUPPORTED + 3), 1);
    assert_eq!(coeff(chain, at::ISOLATED), 0);
    let phalanx = "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1";
    assert_eq!(coeff(phalanx, at::PHALANX + 3), 2);
    // d3 is backward: c4 and e4 have moved on, and a black pawn on e5 guards d4.
    let backward = "4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1";
    assert_eq!(coeff(backward, at::BACKWARD), 1);
}

#[test]
fn bishop_pair_and_open_files() {
    assert_eq!(coeff("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", at::BISHOP_PAIR), 1);
    assert_eq!(coeff("2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1", at::BISHOP_PAIR), 0);
    // Rook on the open d-file; on the half-open e-file; behind its own pawn.
    assert_eq!(coeff("4k3/ppp2ppp/8/8/8/8/PPP2PPP/3RK3 w - - 0 1", at::ROOK_FILE), 1);
    assert_eq!(coeff("4k3/ppp2ppp/8/8/8/8/PPP1PPPP/4KR2 w - - 0 1", at::ROOK_FILE), 0);
    assert_eq!(coeff("4k3/pppppppp/8/8/8/8/PPPP1PPP/4RK2 w - - 0 1", at::ROOK_FILE + 1), 1);
    assert_eq!(coeff("4k3/pppppppp/8/8/8/8/PPPPPPPP/4RK2 w - - 0 1", at::ROOK_FILE + 1), 0);
    assert!(
        white("4k3/ppp2ppp/8/8/8/8/PPP2PPP/3RK3 w - - 0 1")
            > white("4k3/ppp2ppp/8/8/8/8/PPP2PPP/R3K3 w - - 0 1")
    );
}

#[test]
fn chess960_cornered_bishop_fires_only_when_its_diagonal_is_shut() {
    // Start 0 (BBQNNRKR): both a1 bishops sit behind their b-pawns.
    let start = frc(0);
    assert_eq!(
        crate::features::features(&start).linear.iter().find(|(i, _)| *i as usize == at::CORNERED_BISHOP),
        None
    );
    // Black's b-pawn has moved: only White's bishop is shut in.
    let fen = "bbqnnrkr/p1pppppp/1p6/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 2";
    assert_eq!(coeff(fen, at::CORNERED_BISHOP), 1);
    assert_eq!(coeff(fen, at::CORNERED_BISHOP + 1), 0);
    // White's b-pawn blocked by a piece on b3 as well.
    assert_eq!(
        coeff("bbqnnrkr/p1pppppp/1p6/8/8/1N6/PPPPPPPP/BBQ1NRKR w HFhf - 0 2", at::CORNERED_BISHOP + 1),
        1
    );
    // White played b3: the diagonal is open (b2 empty) and the bishop breathes.
    assert_eq!(coeff("bbqnnrkr/p1pppppp/1p6/8/8/1P6/P1PPPPPP/BBQNNRKR w HFhf - 0 2", at::CORNERED_BISHOP), 0);
    // A bishop on b2 or a pawn on b2 without a bishop in the corner: nothing.
    assert_eq!(coeff("4k3/8/8/8/8/8/PBP5/4K3 w - - 0 1", at::CORNERED_BISHOP), 0);
    assert_eq!(coeff("4k3/8/8/8/8/8/PP6/1N2K3 w - - 0 1", at::CORNERED_BISHOP), 0);
    // The h1 corner too.
    assert_eq!(coeff("4k3/8/8/8/8/8/6P1/4K2B w - - 0 1", at::CORNERED_BISHOP), 1);
}

#[test]
fn chess960_trapped_rook_fires_only_without_the_freeing_castling_right() {
    // King f1, rook g1 boxed in by its pawns, no castling rights at all: counted twice.
    let trapped = "4k3/8/8/8/8/8/5PPP/5KR1 w - - 0 1";
    assert_eq!(coeff(trapped, at::TRAPPED_ROOK), 2);
    // The same with the castling right on g1: castling frees it.
    assert_eq!(coeff("4k3/8/8/8/8/8/5PPP/5KR1 w G - 0 1", at::TRAPPED_ROOK), 0);
    // A castling right left on the other side: counted once.
    assert_eq!(coeff("4k3/8/8/8/8/8/5PPP/R4KR1 w A - 0 1", at::TRAPPED_ROOK), 1);
    // Inner side of the king: not trapped.
    assert_eq!(coeff("4k3/8/8/8/8/8/PPP5/1R3K2 w - - 0 1", at::TRAPPED_ROOK), 0);
    // Queenside corner, king b1, rook a1.
    assert_eq!(coeff("4k3/8/8/8/8/8/PPP5/RK6 w - - 0 1", at::TRAPPED_ROOK), 2);
    // Room to move along the open h-file: not trapped.
    assert_eq!(coeff("4k3/8/8/8/8/8/5P2/5K1R w - - 0 1", at::TRAPPED_ROOK), 0);
    assert!(white(trapped) < white("4k3/8/8/8/8/8/5PPP/5K1R w H - 0 1"));
}

#[test]
fn material_that_cannot_win_scales_to_zero() {
    for fen in [
        "4k3/8/8/8/8/8/8/3NK3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3BK3 b - - 0 1",
        "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1",
        "3nk3/8/8/8/8/8/8/3BK3 w - - 0 1",
        "3bk3/8/8/8/8/8/8/3NK3 w - - 0 1",
    ] {
        assert_eq!(white(fen), 0, "{fen}");
    }
    // Bishop and knight mate: no scaling.
    assert!(white("4k3/8/8/8/8/8/8/2BNK3 w - - 0 1") > 300);
    // A knight against pawns: the pawns can still win, so only the knight side is capped.
    assert!(white("4k3/pppp4/8/8/8/8/8/3NK3 w - - 0 1") < -50);
    // Rook against bishop: drawish, scaled well down.
    let rb = white("3bk3/8/8/8/8/8/8/3RK3 w - - 0 1");
    assert!(rb > 0 && rb < 100, "{rb}");
}

#[test]
fn opposite_coloured_bishops_scale_the_endgame_down() {
    // White is a pawn up; bishops c1 (dark) and c8 (light).
    let ocb = "2b1k3/p7/8/8/8/8/PP6/2B1K3 w - - 0 1";
    let same = "4kb2/p7/8/8/8/8/PP6/2B1K3 w - - 0 1";
    assert_eq!(trace(&super::pos(ocb)).scale, crate::params::SCALE_OPPOSITE_BISHOPS_ALONE);
    assert_eq!(trace(&super::pos(same)).scale, 128);
    assert!(white(ocb) < white(same) * 3 / 4, "{} vs {}", white(ocb), white(same));
    // With rooks too the scaling is milder.
    let with_rooks = "r1b1k3/p7/8/8/8/8/PP6/R1B1K3 w - - 0 1";
    assert_eq!(trace(&super::pos(with_rooks)).scale, crate::params::SCALE_OPPOSITE_BISHOPS);
}

#[test]
fn mobility_threats_outposts_and_king_safety() {
    // A knight in the centre has more squares than one in the corner.
    assert!(white("4k3/p7/8/8/3N4/8/P7/4K3 w - - 0 1") > white("4k3/p7/8/8/8/8/P7/N3K3 w - - 0 1"));
    // Pawn attacking a knight.
    assert_eq!(coeff("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", at::THREAT_BY_PAWN + 1), 1);
    // A hanging black knight attacked by a white rook.
    assert_eq!(coeff("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", at::HANGING), 1);
    assert_eq!(coeff("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", at::THREAT_BY_ROOK + 1), 1);
    // Knight outpost on d5 guarded by e4, no black c- or e-pawn can chase it.
    assert_eq!(coeff("4k3/pp3ppp/8/3N4/4P3/8/8/4K3 w - - 0 1", at::OUTPOST), 1);
    assert_eq!(coeff("4k3/pp2pppp/8/3N4/4P3/8/8/4K3 w - - 0 1", at::OUTPOST), 0);
    // Shelter for a king on b1 (Chess960-style) counts the a-, b- and c-files.
    let sheltered = "1k6/ppp5/8/8/8/8/PPP5/1K6 w - - 0 1";
    assert_eq!(coeff(sheltered, at::SHELTER + 2), 0, "mirror image: equal");
    let open = "1k6/ppp5/8/8/8/8/P1P5/1K6 w - - 0 1";
    assert_eq!(coeff(open, at::SHELTER), 1, "only White has no pawn on its king's file");
    // A queen and rook bearing down on the king are dangerous.
    let attacked = "6k1/5ppp/8/8/8/8/5PPP/r2q2K1 w - - 0 1";
    let calm = "r2q2k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1";
    let f = crate::features::features(&super::pos(attacked));
    assert!(!f.danger[shakmaty::Color::White as usize].is_empty());
    assert!(evaluate(&super::pos(attacked)) < evaluate(&super::pos(calm)));
}

/// The Chess960 row of the trace for (White, Black).
fn chess960_term(fen: &str) -> (crate::S, crate::S) {
    let t = trace(&super::pos(fen));
    let row = t.terms.iter().find(|(term, _, _)| *term == crate::Term::Chess960).unwrap();
    (row.1, row.2)
}

#[test]
fn a_cornered_bishop_behind_its_own_pawn_costs_points() {
    use crate::params::CORNERED_BISHOP;
    // White's a1 bishop is shut in by b2; Black's b-pawn has moved.
    let (w, b) = chess960_term("bbqnnrkr/p1pppppp/1p6/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 2");
    assert_eq!((w, b), (CORNERED_BISHOP[0], crate::S::ZERO));
    assert!(w.0 < 0 && w.1 < 0);
    // With b2 blocked by a piece on b3 the penalty grows.
    let (blocked, _) = chess960_term("bbqnnrkr/p1pppppp/1p6/8/8/1N6/PPPPPPPP/BBQ1NRKR w HFhf - 0 2");
    assert_eq!(blocked, CORNERED_BISHOP[0] + CORNERED_BISHOP[1]);
    assert!(blocked.0 < w.0);
    // Every corner: h1, and for Black a8 and h8 behind b7 and g7.
    assert_eq!(chess960_term("4k3/8/8/8/8/8/6P1/4K2B w - - 0 1").0, CORNERED_BISHOP[0]);
    assert_eq!(chess960_term("b3k3/1p6/8/8/8/8/8/4K3 w - - 0 1").1, CORNERED_BISHOP[0]);
    assert_eq!(chess960_term("4k2b/6p1/8/8/8/8/8/4K3 w - - 0 1").1, CORNERED_BISHOP[0]);
    // The same material with the bishop out of the corner scores better.
    assert!(white("4k3/8/8/8/8/8/6P1/4KB2 w - - 0 1") > white("4k3/8/8/8/8/8/6P1/4K2B w - - 0 1"));
}

#[test]
fn bare_minor_pieces_are_dead_draws_whoever_moves() {
    for fen in [
        "4k3/8/8/8/8/8/8/3NK3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NK3 b - - 0 1",
        "3nk3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3BK3 w - - 0 1",
        "2b1k3/8/8/8/8/8/8/4K3 b - - 0 1",
        "4k3/8/8/8/8/8/8/1NN1K3 b - - 0 1",
        "1nn1k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        assert_eq!(white(fen), 0, "{fen}");
        assert_eq!(trace(&super::pos(fen)).score, 0, "{fen}");
    }
    // Two knights against a pawn can win: no scaling to zero.
    assert!(white("4k3/7p/8/8/8/8/8/1NN1K3 w - - 0 1") > 200);
    // Rook against bare king is a win: full scale.
    assert!(white("4k3/8/8/8/8/8/8/3RK3 w - - 0 1") > 400);
}

#[test]
fn king_safety_follows_a_king_on_any_file() {
    // A king on b1 behind a2 b2 c2 versus the same king with its b-pawn gone
    // and a black queen and rook aiming at it.
    let safe = "1k6/ppp5/8/8/8/8/PPP5/1K6 w - - 0 1";
    let open = "1k6/ppp5/8/8/8/8/P1P5/1K6 w - - 0 1";
    assert!(white(safe) > white(open));
    let attacked = "1r4k1/5ppp/8/8/8/1q6/P1P5/1K6 w - - 0 1";
    let f = crate::features::features(&super::pos(attacked));
    assert!(!f.danger[shakmaty::Color::White as usize].is_empty(), "the b1 king is under attack");
    assert!(f.danger[shakmaty::Color::Black as usize].is_empty(), "nobody attacks the g8 king");
    // Storm: a free black pawn on b4, three ranks in front of the b1 king, counts
    // against White (a count for White, nothing for Black) and costs points.
    let storm = "1k6/p1p5/8/8/1p6/8/P1P5/1K6 w - - 0 1";
    assert_eq!(coeff(storm, at::STORM + 4), 1);
    assert!(crate::params::STORM[0][4].0 < 0);
}
