//! Tests of the network: incremental updates against a full refresh, the
//! integer inference against a floating-point reference, file refusal,
//! and the AVX2 kernels against the portable ones.

mod format;
mod incremental;
mod kernels;
mod reference;
mod trainer;

use shakmaty::fen::Fen;
use shakmaty::{Board, CastlingMode, Chess, Color, FromSetup, Setup};

use super::network::Network;
use super::{AccumulatorStack, Shape};

pub use crate::Rng;

/// A number in `lo..=hi`.
pub fn range(rng: &mut Rng, lo: i32, hi: i32) -> i32 {
    lo + rng.below((hi - lo + 1) as u64) as i32
}

/// A network with random weights in the ranges a trained one has, so that
/// accumulators land on both sides of the clip.
pub fn random_net(hidden: usize, buckets: usize, mirrored: bool, seed: u64) -> Network {
    random_net_of(Shape { hidden, buckets, mirrored, king_buckets: false }, seed)
}

/// A random network (as [`random_net`]) of any shape.
pub fn random_net_of(shape: Shape, seed: u64) -> Network {
    let mut rng = Rng::new(seed);
    let Shape { hidden, buckets, .. } = shape;
    Network::from_parts(
        shape,
        (0..shape.inputs() * hidden).map(|_| range(&mut rng, -60, 60) as i16).collect(),
        (0..hidden).map(|_| range(&mut rng, -100, 200) as i16).collect(),
        (0..buckets * 2 * hidden).map(|_| range(&mut rng, -127, 127) as i16).collect(),
        (0..buckets).map(|_| range(&mut rng, -5000, 5000)).collect(),
    )
}

pub fn fen(text: &str) -> Chess {
    let setup: Setup = text.parse::<Fen>().unwrap_or_else(|e| panic!("{text}: {e}")).into_setup();
    Chess::from_setup(setup, CastlingMode::Chess960).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position with colours swapped and the board flipped.
pub fn mirrored(pos: &Chess) -> Chess {
    use shakmaty::{EnPassantMode, Position};
    let setup = pos.to_setup(EnPassantMode::Legal).into_mirrored();
    Chess::from_setup(setup, CastlingMode::Chess960).expect("a mirrored legal position is legal")
}

/// A Double Fischer Random start: White's pieces from start `white`,
/// Black's from start `black`.
pub fn dfrc(white: u32, black: u32) -> Chess {
    let (w, b) = (Board::chess960(white), Board::chess960(black));
    let mut board = Board::empty();
    for (from, color) in [(&w, Color::White), (&b, Color::Black)] {
        for sq in from.by_color(color) {
            if let Some(p) = from.piece_at(sq) {
                board.set_piece_at(sq, p);
            }
        }
    }
    let mut setup = Setup::empty();
    setup.castling_rights = board.rooks();
    setup.board = board;
    Chess::from_setup(setup, CastlingMode::Chess960).expect("a DFRC start is legal")
}

/// Positions where every castling geometry, promotions and en passant are
/// one or two moves away (each also mirrored, so Black does them too).
pub const SPECIAL: &[&str] = &[
    // King f1 and rook g1 swap squares (h side); a-side rook b1 -> d1.
    "k7/8/8/8/8/8/8/1R3KR1 w GB - 0 1",
    // a side: the rook on d1 stays, the king goes f1 -> c1.
    "7k/8/8/8/8/8/8/3R1K2 w D - 0 1",
    // h side: the king on g1 stays, the rook goes h1 -> f1.
    "k7/8/8/8/8/8/8/6KR w H - 0 1",
    // h side: the king lands on the rook's square g1.
    "k7/8/8/8/8/8/8/4K1R1 w G - 0 1",
    // a side: the rook lands on the king's square d1.
    "7k/8/8/8/8/8/8/R2K4 w A - 0 1",
    // King on b1: a side it moves right to c1; h side it crosses to g1.
    "3k4/8/8/8/8/8/8/RK5R w HA - 0 1",
    // Both sides can castle both ways, standard geometry.
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    // Kiwipete.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // Promotions, with and without captures, both sides.
    "r1n1k2r/1P4P1/8/8/8/8/1p4p1/R1N1K2R w KQkq - 0 1",
    // En passant both ways.
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",
    "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
];

/// Every start position the tests walk from.
pub fn starts() -> Vec<Chess> {
    let mut out: Vec<Chess> = SPECIAL.iter().map(|f| fen(f)).collect();
    let mirrors: Vec<Chess> = out.iter().map(mirrored).collect();
    out.extend(mirrors);
    out.push(Chess::default());
    for n in [0, 17, 250, 518, 700, 959] {
        out.push(dfrc(n, n));
    }
    for (w, b) in [(0, 959), (100, 518), (518, 333), (812, 44)] {
        out.push(dfrc(w, b));
    }
    out
}

/// The evaluation of `pos` computed from scratch.
pub fn fresh(net: &Network, pos: &Chess) -> i32 {
    let mut stack = AccumulatorStack::new();
    stack.refresh(net, pos);
    stack.evaluate(net, pos)
}
