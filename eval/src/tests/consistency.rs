//! Colour symmetry, and the trace and feature coefficients reproducing the
//! evaluation exactly.

use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

use super::{pos, sample_positions};
use crate::evaluate::blend;
use crate::features::{Collector, features};
use crate::layout::current;
use crate::{S, evaluate, trace};

fn mirrored(p: &Chess) -> Chess {
    let setup = p.to_setup(EnPassantMode::Legal).into_mirrored();
    setup.position(CastlingMode::Chess960).unwrap()
}

#[test]
fn mirrored_positions_score_the_same_for_the_side_to_move() {
    let mut checked = 0;
    for p in sample_positions(60) {
        let m = mirrored(&p);
        assert_eq!(evaluate(&p), evaluate(&m), "{}", rockad_fen(&p));
        checked += 1;
    }
    assert_eq!(checked, 60);
}

/// The position mirrored left to right (a-file to h-file): castling rooks
/// and the en passant square move with the pieces.
fn flipped_files(p: &Chess) -> Chess {
    let mut setup = p.to_setup(EnPassantMode::Legal);
    setup.board.flip_horizontal();
    setup.castling_rights = setup.castling_rights.flip_horizontal();
    setup.ep_square = setup.ep_square.map(|sq| sq.flip_horizontal());
    setup.position(CastlingMode::Chess960).unwrap()
}

/// White's view of `evaluate`.
fn white_view(p: &Chess) -> i32 {
    let e = evaluate(p);
    if p.turn() == Color::White { e } else { -e }
}

#[test]
fn colour_flipped_mirror_scores_minus_the_evaluation() {
    // Hand-picked: Chess960 castling rights on inner rooks, an en passant
    // square, a king attack, a cornered bishop, drawn and scaled endgames.
    let fens = [
        "bbqnnrkr/p1pppppp/1p6/8/8/1N6/PPPPPPPP/BBQ1NRKR w HFhf - 0 2",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "6k1/5ppp/8/8/8/8/5PPP/r2q2K1 w - - 0 1",
        "1r2k1r1/pp3ppp/8/8/8/8/PP3PPP/1R2K1R1 b BGbg - 0 1",
        "5kr1/5ppp/8/8/8/8/5PPP/5KR1 w - - 0 1",
        "2b1k3/p7/8/8/8/8/PP6/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1",
    ];
    for fen in fens {
        let p = pos(fen);
        let m = mirrored(&p);
        assert_eq!(white_view(&p), -white_view(&m), "{fen}");
    }
    for p in sample_positions(60) {
        assert_eq!(white_view(&p), -white_view(&mirrored(&p)), "{}", rockad_fen(&p));
    }
}

/// Nothing in the evaluation prefers one wing: a king, its shelter and
/// every trap score the same on the b-file as on the g-file.
#[test]
fn file_mirrored_positions_score_the_same() {
    for p in sample_positions(80) {
        assert_eq!(evaluate(&p), evaluate(&flipped_files(&p)), "{}", rockad_fen(&p));
    }
    let queenside = pos("1k6/ppp5/8/8/8/8/PP6/1K6 w - - 0 1");
    assert_eq!(evaluate(&queenside), evaluate(&flipped_files(&queenside)));
}

#[test]
fn start_position_scores_only_the_tempo() {
    let tempo = crate::params::TEMPO;
    assert_eq!(evaluate(&Chess::default()), blend(tempo, crate::MAX_PHASE, 128, 128));
    let black = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(evaluate(&black), evaluate(&Chess::default()));
}

fn rockad_fen(p: &Chess) -> String {
    shakmaty::fen::Fen::from_position(p, EnPassantMode::Legal).to_string()
}

#[test]
fn features_reproduce_the_evaluation_exactly() {
    let params = current();
    let mut collector = Collector::default();
    let mut with_danger = 0;
    for p in sample_positions(300) {
        let f = collector.features(&p);
        let stm = evaluate(&p);
        let white = if p.turn() == Color::White { stm } else { -stm };
        assert_eq!(f.white_eval, white);
        assert_eq!(f.evaluate(&params), white, "{}", rockad_fen(&p));
        // A reused collector gives what a fresh one gives.
        assert_eq!(f, features(&p));
        if f.danger.iter().any(|d| !d.is_empty()) {
            with_danger += 1;
        }
    }
    assert!(with_danger >= 10, "king danger must be exercised: {with_danger}");
}

#[test]
fn the_pawn_cache_changes_nothing() {
    let positions = sample_positions(150);
    let mut evaluator = crate::Evaluator::new();
    // Twice: misses first, hits after.
    for _ in 0..2 {
        for p in &positions {
            assert_eq!(evaluator.evaluate(p), trace(p).score, "{}", rockad_fen(p));
            assert_eq!(evaluate(p), trace(p).score, "{}", rockad_fen(p));
        }
    }
    // The same pawns with the kings elsewhere: shelter and storm must follow the kings.
    for fen in [
        "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3K4 w - - 0 1",
        "2k5/5ppp/8/8/8/8/5PPP/3K4 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1",
    ] {
        let p = pos(fen);
        assert_eq!(evaluator.evaluate(&p), trace(&p).score, "{fen}");
    }
}

#[test]
fn trace_terms_add_up_to_the_score() {
    for p in sample_positions(100) {
        let t = trace(&p);
        assert_eq!(t.score, evaluate(&p));
        let total = t.terms.iter().fold(S::ZERO, |acc, (_, w, b)| acc + *w - *b);
        // `t.scale` is the factor of the side the endgame score favours.
        let white = blend(total, t.phase, t.scale, t.scale);
        let stm = if p.turn() == Color::White { white } else { -white };
        assert_eq!(stm, t.score, "{}", rockad_fen(&p));
    }
}

#[test]
#[ignore = "timing, run by hand"]
fn time_evaluate() {
    let ps = sample_positions(300);
    let iters: u32 = std::env::var("ROCKAD_EVAL_ITERS").ok().and_then(|v| v.parse().ok()).unwrap_or(2000);
    let start = std::time::Instant::now();
    let mut sum = 0i64;
    for _ in 0..iters {
        for p in &ps {
            sum += i64::from(evaluate(std::hint::black_box(p)));
        }
    }
    let ns = start.elapsed().as_nanos() as f64 / (f64::from(iters) * ps.len() as f64);
    eprintln!("evaluate: {ns:.1} ns per call ({sum})");
}
