//! Tests of the evaluation as a whole: each term on small hand-made
//! positions (`terms`), colour symmetry and the trace reproducing the
//! evaluation exactly (`consistency`), and the tuner (`tuner`).

mod consistency;
mod terms;
mod tuner;

use shakmaty::fen::Fen;
use shakmaty::{Board, Chess, Color, Position, Setup};

use crate::features::features;

pub fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(shakmaty::CastlingMode::Chess960).unwrap()
}

/// The evaluation from White's side.
pub fn white(fen: &str) -> i32 {
    let p = pos(fen);
    let e = crate::evaluate(&p);
    if p.turn() == Color::White { e } else { -e }
}

/// White's count minus Black's of parameter `index` in `fen`.
pub fn coeff(fen: &str, index: usize) -> i32 {
    features(&pos(fen)).linear.iter().find(|(i, _)| usize::from(*i) == index).map_or(0, |&(_, n)| n.into())
}

/// A Chess960 start position with castling rights on all four rooks.
pub fn frc(n: u32) -> Chess {
    let board = Board::chess960(n);
    let mut setup = Setup::empty();
    setup.castling_rights = board.rooks() & shakmaty::Bitboard::BACKRANKS;
    setup.board = board;
    setup.position(shakmaty::CastlingMode::Chess960).unwrap()
}

/// A small deterministic generator for picking moves.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Positions from random games: standard, Chess960 and a few tactical
/// FENs, after 0 to 60 random plies (a mix of openings, middlegames with
/// king attacks, and endgames once captures thin the board).
pub fn sample_positions(n: usize) -> Vec<Chess> {
    let mut out = vec![
        Chess::default(),
        pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        pos("r1bq1rk1/pp3ppp/2n1pn2/3p2B1/1bPP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"),
        pos("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
        pos("2b1k3/p7/8/8/8/8/PP6/2B1K3 w - - 0 1"),
        pos("4k3/8/8/8/8/8/8/3NK3 b - - 0 1"),
    ];
    let mut rng = Lcg(12345);
    let starts = [0u32, 518, 137, 361, 704, 959, 42, 850];
    let mut i = 0;
    while out.len() < n {
        let mut p = frc(starts[i % starts.len()]);
        let plies = rng.below(61);
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            p.play_unchecked(m);
        }
        if !p.is_game_over() {
            out.push(p);
        }
        i += 1;
    }
    out
}
