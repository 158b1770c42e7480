//! Chess960 and Double Fischer Random start positions by Scharnagl number
//! (0 = BBQNNRKR, 518 = RNBQKBNR, 959 = RKRNNQBB), and the reverse.

use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, File, Piece, Position, Rank, Role, Setup, Square,
};

use rockad_eval::Rng;

/// Number of Chess960 start positions.
pub const COUNT: u32 = 960;
/// The standard start position's number.
pub const STANDARD: u32 = 518;

/// The back rank of start position `n` from White's side, a-file first.
pub fn back_rank(n: u32) -> Option<[Role; 8]> {
    if n >= COUNT {
        return None;
    }
    let board = Board::chess960(n);
    let mut rank = [Role::Pawn; 8];
    for (i, f) in File::ALL.iter().enumerate() {
        rank[i] = board.role_at(Square::from_coords(*f, Rank::First))?;
    }
    Some(rank)
}

/// The letters of a back rank, uppercase (`RNBQKBNR`).
pub fn back_rank_name(n: u32) -> Option<String> {
    back_rank(n).map(|r| r.iter().map(|role| role.upper_char()).collect())
}

/// Chess960 start position `n`, castling rights on all four rooks.
pub fn position(n: u32) -> Option<Chess> {
    dfrc_position(n, n)
}

/// Double Fischer Random: White's pieces from start position `white`,
/// Black's (mirrored) from `black`.
pub fn dfrc_position(white: u32, black: u32) -> Option<Chess> {
    let w = back_rank(white)?;
    let b = back_rank(black)?;
    let mut board = Board::empty();
    for (i, f) in File::ALL.iter().enumerate() {
        board.set_piece_at(Square::from_coords(*f, Rank::First), Piece { color: Color::White, role: w[i] });
        board.set_piece_at(
            Square::from_coords(*f, Rank::Second),
            Piece { color: Color::White, role: Role::Pawn },
        );
        board.set_piece_at(
            Square::from_coords(*f, Rank::Seventh),
            Piece { color: Color::Black, role: Role::Pawn },
        );
        board.set_piece_at(Square::from_coords(*f, Rank::Eighth), Piece { color: Color::Black, role: b[i] });
    }
    let mut setup = Setup::empty();
    setup.castling_rights =
        board.rooks() & (Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth));
    setup.board = board;
    setup.position::<Chess>(CastlingMode::Chess960).ok()
}

fn number_of(rank: [Role; 8]) -> Option<u32> {
    (0..COUNT).find(|&n| back_rank(n) == Some(rank))
}

/// If `pos` is a (Double) Fischer Random start position — pieces on their
/// start squares, White to move, full castling rights — the numbers of
/// White's and Black's arrangements.
pub fn start_numbers(pos: &Chess) -> Option<(u32, u32)> {
    let board = pos.board();
    let ranks = Bitboard::from_rank(Rank::First)
        | Bitboard::from_rank(Rank::Second)
        | Bitboard::from_rank(Rank::Seventh)
        | Bitboard::from_rank(Rank::Eighth);
    if board.occupied() != ranks || pos.turn() != Color::White {
        return None;
    }
    let mut white = [Role::Pawn; 8];
    let mut black = [Role::Pawn; 8];
    for (i, f) in File::ALL.iter().enumerate() {
        let at = |r: Rank| board.piece_at(Square::from_coords(*f, r));
        if at(Rank::Second) != Some(Piece { color: Color::White, role: Role::Pawn })
            || at(Rank::Seventh) != Some(Piece { color: Color::Black, role: Role::Pawn })
        {
            return None;
        }
        let (w, b) = (at(Rank::First)?, at(Rank::Eighth)?);
        if w.color != Color::White || b.color != Color::Black {
            return None;
        }
        white[i] = w.role;
        black[i] = b.role;
    }
    let numbers = (number_of(white)?, number_of(black)?);
    let expected = dfrc_position(numbers.0, numbers.1)?;
    (expected.castles().castling_rights() == pos.castles().castling_rights()).then_some(numbers)
}

/// The Chess960 number of `pos` if it is a (symmetric) Chess960 start.
pub fn start_number(pos: &Chess) -> Option<u32> {
    start_numbers(pos).and_then(|(w, b)| (w == b).then_some(w))
}

/// `n` distinct numbers from `0..total`, drawn uniformly (Floyd's
/// algorithm: O(n) draws, no list of `total` items), in draw order, so the
/// same seed always gives the same sample. `None` when `n > total`.
pub fn sample_distinct(rng: &mut Rng, total: u64, n: u64) -> Option<Vec<u64>> {
    if n > total {
        return None;
    }
    let mut seen = std::collections::HashSet::with_capacity(n as usize);
    let mut order = Vec::with_capacity(n as usize);
    for j in total - n..total {
        let t = rng.below(j + 1);
        let pick = if seen.contains(&t) { j } else { t };
        seen.insert(pick);
        order.push(pick);
    }
    Some(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn named_positions() {
        assert_eq!(back_rank_name(0).unwrap(), "BBQNNRKR");
        assert_eq!(back_rank_name(518).unwrap(), "RNBQKBNR");
        assert_eq!(back_rank_name(959).unwrap(), "RKRNNQBB");
        assert_eq!(position(518).unwrap(), Chess::default());
        assert!(position(960).is_none());
    }

    #[test]
    fn numbers_round_trip() {
        for n in [0, 1, 100, 517, 518, 519, 700, 959] {
            assert_eq!(start_number(&position(n).unwrap()), Some(n));
        }
        assert_eq!(start_numbers(&dfrc_position(3, 900).unwrap()), Some((3, 900)));
        assert_eq!(start_number(&dfrc_position(3, 900).unwrap()), None);
    }

    #[test]
    fn all_distinct() {
        let set: HashSet<String> = (0..COUNT).map(|n| back_rank_name(n).unwrap()).collect();
        assert_eq!(set.len(), 960);
    }

    #[test]
    fn samples_are_distinct_reproducible_and_complete() {
        let a = sample_distinct(&mut Rng::new(3), 960, 50).unwrap();
        assert_eq!(a, sample_distinct(&mut Rng::new(3), 960, 50).unwrap());
        assert_ne!(a, sample_distinct(&mut Rng::new(4), 960, 50).unwrap());
        assert_eq!(a.iter().collect::<HashSet<_>>().len(), 50);
        assert!(a.iter().all(|&n| n < 960));
        let mut all = sample_distinct(&mut Rng::new(9), 960, 960).unwrap();
        all.sort_unstable();
        assert_eq!(all, (0..960).collect::<Vec<u64>>());
        assert!(sample_distinct(&mut Rng::new(9), 960, 961).is_none());
        assert_eq!(sample_distinct(&mut Rng::new(9), 960, 0).unwrap(), Vec::<u64>::new());
    }

    #[test]
    fn rng_is_uniform_enough_and_reproducible() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let xs: Vec<u64> = (0..100).map(|_| a.below(960)).collect();
        let ys: Vec<u64> = (0..100).map(|_| b.below(960)).collect();
        assert_eq!(xs, ys);
        let mut r = Rng::new(1);
        let mut counts = [0u32; 4];
        for _ in 0..40_000 {
            counts[r.below(4) as usize] += 1;
        }
        assert!(counts.iter().all(|&c| (9_000..11_000).contains(&c)), "{counts:?}");
    }
}
