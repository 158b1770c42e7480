use shakmaty::{Chess, Color, Position};

use super::{Rng, fen, fresh, mirrored, random_net, random_net_of, starts};
use crate::nnue::features::index;
use crate::nnue::{Network, QA, QB, SCALE, Shape};

fn king_bucketed(hidden: usize, seed: u64) -> Network {
    random_net_of(Shape { hidden, buckets: 8, mirrored: true, king_buckets: true }, seed)
}

/// The network in floating point on the same (dequantised) weights.
fn reference(net: &Network, pos: &Chess) -> f64 {
    let h = net.hidden();
    let board = pos.board();
    let side = |perspective: Color| -> Vec<f64> {
        let view = net.view(pos, perspective);
        let mut acc: Vec<f64> = net.feature_bias.iter().map(|&b| f64::from(b) / f64::from(QA)).collect();
        for sq in board.occupied() {
            let piece = board.piece_at(sq).expect("occupied");
            // From the side's own index, mirrored by hand: an independent
            // route to the row the engine reads.
            let sq = if view.mirrored { sq.flip_horizontal() } else { sq };
            let row = usize::from(view.bucket) * crate::nnue::INPUTS + index(perspective, piece, sq, false);
            for (a, &w) in acc.iter_mut().zip(net.row(row)) {
                *a += f64::from(w) / f64::from(QA);
            }
        }
        acc
    };
    let (us, them) = (side(pos.turn()), side(!pos.turn()));
    let bucket = net.bucket(board.occupied().count());
    let mut out = f64::from(net.output_bias[bucket]) / f64::from(QA * QB);
    for (i, a) in us.iter().chain(&them).enumerate() {
        let x = a.clamp(0.0, 1.0);
        out += x * x * f64::from(net.output_weights[bucket * 2 * h + i]) / f64::from(QB);
    }
    debug_assert_eq!(us.len(), h);
    out * f64::from(SCALE)
}

/// Positions along random games from every start.
fn sample_positions() -> Vec<Chess> {
    let mut rng = Rng::new(77);
    let mut out = Vec::new();
    for start in starts() {
        let mut pos = start;
        for _ in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.index(moves.len())]);
            out.push(pos.clone());
        }
    }
    out
}

#[test]
fn integer_inference_agrees_with_a_floating_point_reference() {
    for net in [
        &random_net(32, 1, false, 21),
        &random_net(256, 8, true, 22),
        &king_bucketed(64, 23),
        Network::embedded(),
    ] {
        let mut worst = 0.0f64;
        for pos in sample_positions() {
            let exact = reference(net, &pos);
            let got = f64::from(fresh(net, &pos));
            worst = worst.max((exact - got).abs());
        }
        // Two truncating divisions: under 1 centipawn each.
        assert!(worst < 2.0, "worst difference {worst}");
    }
}

#[test]
fn a_colour_flipped_position_gets_the_same_evaluation() {
    for net in [
        &random_net(32, 1, false, 31),
        &random_net(32, 8, true, 32),
        &king_bucketed(32, 33),
        Network::embedded(),
    ] {
        for pos in sample_positions() {
            assert_eq!(fresh(net, &pos), fresh(net, &mirrored(&pos)));
        }
    }
}

/// What the shipped network says about positions everyone agrees on.
#[test]
fn the_embedded_network_is_sane() {
    let net = Network::embedded();
    let start = fresh(net, &Chess::default());
    assert!(start.abs() < 60, "start position {start}");
    let queen_up = fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let q = fresh(net, &queen_up);
    assert!(q > 400, "White a queen up, White to move: {q}");
    let q = fresh(net, &fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"));
    assert!(q < -400, "White a queen up, Black to move: {q}");
}

/// A network's output is not bounded by material: the evaluator clamps it
/// below the search's mate and tablebase bands, both signs.
#[test]
fn the_evaluator_clamps_a_runaway_network() {
    use super::super::EVAL_LIMIT;
    use std::sync::Arc;
    for (bias, expected) in [(i32::MAX / 4, EVAL_LIMIT), (i32::MIN / 4, -EVAL_LIMIT)] {
        let mut net = random_net(32, 1, false, 41);
        net.output_bias[0] = bias;
        let pos = Chess::default();
        let raw = fresh(&net, &pos);
        assert!(raw.abs() > EVAL_LIMIT, "the test needs a runaway output: {raw}");
        let mut evaluator = crate::Evaluator::new();
        evaluator.set_network(Some(&Arc::new(net)));
        evaluator.refresh(&pos);
        assert_eq!(evaluator.evaluate(&pos), expected);
    }
    // Ordinary outputs pass unchanged.
    let net = Arc::new(random_net(32, 1, false, 42));
    let pos = fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let mut evaluator = crate::Evaluator::new();
    evaluator.set_network(Some(&net));
    evaluator.refresh(&pos);
    let raw = fresh(&net, &pos);
    assert!(raw.abs() < EVAL_LIMIT);
    assert_eq!(evaluator.evaluate(&pos), raw);
}

/// A position with more than 32 pieces (GUIs may send one; the protocol
/// side accepts "too much material"): every piece still counts.
#[test]
fn more_than_32_pieces_are_all_counted() {
    use shakmaty::{CastlingMode, FromSetup, fen::Fen};
    let setup = "rnbqkbnr/pppppppp/8/NNNNNNNN/nnnnnnnn/8/PPPPPPPP/RNBQKBNR w - - 0 1"
        .parse::<Fen>()
        .expect("a FEN")
        .into_setup();
    let pos = match Chess::from_setup(setup, CastlingMode::Chess960) {
        Ok(pos) => pos,
        Err(e) => e.ignore_too_much_material().expect("48 pieces, otherwise legal"),
    };
    assert_eq!(pos.board().occupied().count(), 48);
    for net in [&random_net(32, 1, false, 41), &king_bucketed(256, 42), Network::embedded()] {
        let exact = reference(net, &pos);
        let got = f64::from(fresh(net, &pos));
        assert!((exact - got).abs() < 2.0, "reference {exact}, engine {got}");
    }
}
