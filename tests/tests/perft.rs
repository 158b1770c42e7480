//! Perft through the engine's own position, FEN and move code: the
//! standard positions of the Chess Programming Wiki's "Perft Results" page,
//! and 960 Chess960 positions (one per start position) counted by Stockfish.

use rockad::perft::perft;
use rockad_uci::parse_fen;

fn check(fen: &str, counts: &[(u32, u64)]) {
    let (pos, warnings) = parse_fen(fen).expect("valid FEN");
    assert!(warnings.is_empty(), "{fen}: {warnings:?}");
    for &(depth, expected) in counts {
        assert_eq!(perft(&pos, depth), expected, "{fen} at depth {depth}");
    }
}

#[test]
fn start_position() {
    check(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[(1, 20), (2, 400), (3, 8_902), (4, 197_281), (5, 4_865_609)],
    );
}

#[test]
fn kiwipete() {
    check(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[(1, 48), (2, 2_039), (3, 97_862), (4, 4_085_603)],
    );
}

#[test]
fn position_3_en_passant_and_checks() {
    check(
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[(1, 14), (2, 191), (3, 2_812), (4, 43_238), (5, 674_624)],
    );
}

#[test]
fn position_4_promotions_and_castling_through_check() {
    let counts = [(1, 6), (2, 264), (3, 9_467), (4, 422_333)];
    check("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &counts);
    check("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", &counts);
}

#[test]
fn position_5() {
    check(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[(1, 44), (2, 1_486), (3, 62_379), (4, 2_103_487)],
    );
}

#[test]
fn position_6() {
    check(
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[(1, 46), (2, 2_079), (3, 89_890), (4, 3_894_594)],
    );
}

/// One line of `tests/data/chess960-perft.epd`: FEN, counts by depth, start number.
struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
    id: u32,
}

fn chess960_cases() -> Vec<Case> {
    include_str!("../data/chess960-perft.epd")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(" ;");
            let fen = parts.next().expect("fen").trim().to_string();
            let mut counts = Vec::new();
            let mut id = u32::MAX;
            for p in parts {
                let (key, value) = p.trim().split_once(' ').expect("key value");
                if let Some(d) = key.strip_prefix('D') {
                    counts.push((d.parse().expect("depth"), value.parse().expect("count")));
                } else if key == "id" {
                    id = value.parse().expect("id");
                }
            }
            Case { fen, counts, id }
        })
        .collect()
}

#[test]
fn chess960_suite_has_every_start_position() {
    let cases = chess960_cases();
    assert_eq!(cases.len(), 960);
    let mut ids: Vec<u32> = cases.iter().map(|c| c.id).collect();
    ids.sort();
    assert_eq!(ids, (0..960).collect::<Vec<_>>());
    // The suite must exercise castling: count positions where it is legal now.
    use shakmaty::Position;
    let castling_now = cases
        .iter()
        .filter(|c| parse_fen(&c.fen).unwrap().0.legal_moves().iter().any(|m| m.is_castle()))
        .count();
    assert!(castling_now > 100, "only {castling_now} positions can castle at the root");
}

/// Every position to depth 4; every 8th also to depth 5.
fn chess960_chunk(part: usize, parts: usize) {
    let cases = chess960_cases();
    let chunk = cases.len().div_ceil(parts);
    for (i, case) in cases.iter().enumerate().skip(part * chunk).take(chunk) {
        let depth = if i % 8 == 0 { 5 } else { 4 };
        let counts: Vec<(u32, u64)> = case.counts.iter().copied().filter(|&(d, _)| d <= depth).collect();
        assert!(counts.len() as u32 >= depth, "case {} lacks depth {depth}", case.id);
        check(&case.fen, &counts);
    }
}

#[test]
fn chess960_perft_part_1() {
    chess960_chunk(0, 4);
}

#[test]
fn chess960_perft_part_2() {
    chess960_chunk(1, 4);
}

#[test]
fn chess960_perft_part_3() {
    chess960_chunk(2, 4);
}

#[test]
fn chess960_perft_part_4() {
    chess960_chunk(3, 4);
}
