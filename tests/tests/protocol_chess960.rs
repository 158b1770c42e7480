//! Chess960 over the protocol: FEN notations, castling in both forms and
//! both modes, Double Fischer Random, `position frc` / `dfrc`.

use rockad_tests::{Engine, PROMPT, bestmove_of};

/// The `Fen:` and `Shredder-Fen:` lines of `d`.
fn fens(e: &mut Engine) -> (String, String) {
    e.send("d");
    let lines = e.sync();
    let get = |p: &str| lines.iter().find_map(|l| l.strip_prefix(p)).expect(p).to_string();
    (get("Fen: "), get("Shredder-Fen: "))
}

/// The moves `perft 1` lists, in the current castling notation.
fn legal_moves(e: &mut Engine) -> Vec<String> {
    e.send("perft 1");
    let lines = e.read_until(PROMPT, |l| l.starts_with("Nodes/second"));
    lines
        .iter()
        .filter_map(|l| l.split_once(": ").map(|(m, _)| m.to_string()))
        // Moves only: not the "Time: ..." and other summary lines.
        .filter(|m| (4..=5).contains(&m.len()) && m.starts_with(|c: char| ('a'..='h').contains(&c)))
        .collect()
}

fn bestmove(e: &mut Engine, go: &str) -> Option<String> {
    e.send(go);
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    bestmove_of(lines.last().unwrap())
}

#[test]
fn standard_castling_is_e1g1_without_960_and_e1h1_with_it() {
    let mut e = Engine::start();
    e.send("position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    let moves = legal_moves(&mut e);
    assert!(moves.contains(&"e1g1".into()) && moves.contains(&"e1c1".into()), "{moves:?}");
    assert_eq!(bestmove(&mut e, "go depth 2 searchmoves e1g1").as_deref(), Some("e1g1"));
    e.send("setoption name UCI_Chess960 value true");
    let moves = legal_moves(&mut e);
    assert!(moves.contains(&"e1h1".into()) && moves.contains(&"e1a1".into()), "{moves:?}");
    assert!(!moves.contains(&"e1g1".into()));
    assert_eq!(bestmove(&mut e, "go depth 2 searchmoves e1h1").as_deref(), Some("e1h1"));
    e.quit();
}

#[test]
fn both_castling_forms_are_accepted_on_input_in_both_modes() {
    for mode in ["false", "true"] {
        let mut e = Engine::start();
        e.send(&format!("setoption name UCI_Chess960 value {mode}"));
        let base = "position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 moves";
        let expected = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1";
        for castle in ["e1g1", "e1h1", "O-O"] {
            e.send(&format!("{base} {castle}"));
            assert_eq!(fens(&mut e).0, expected, "{castle} with UCI_Chess960 {mode}");
        }
        e.send(&format!("{base} e1c1 e8a8"));
        assert_eq!(fens(&mut e).0, "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2");
        e.quit();
    }
}

#[test]
fn chess960_castles_king_takes_rook_even_with_the_flag_off() {
    // King b1 with rooks a1 and h1.
    let mut e = Engine::start();
    e.send("position fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1");
    let moves = legal_moves(&mut e);
    assert!(moves.contains(&"b1a1".into()), "{moves:?}");
    assert!(moves.contains(&"b1h1".into()), "{moves:?}");
    assert_eq!(bestmove(&mut e, "go depth 2 searchmoves b1a1").as_deref(), Some("b1a1"));
    e.send("position fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1 moves b1a1");
    assert_eq!(fens(&mut e).1, "rk5r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b ha - 1 1");
    e.send("position fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1 moves b1h1");
    assert_eq!(fens(&mut e).1, "rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1");
    e.quit();
}

#[test]
fn xfen_and_shredder_fen_describe_the_same_position() {
    let mut e = Engine::start();
    // Rooks on b and g files: X-FEN KQkq means the outer rooks = GBgb.
    e.send("position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1");
    let a = fens(&mut e);
    e.send("position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1");
    let b = fens(&mut e);
    assert_eq!(a, b);
    assert_eq!(b.1, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1");
    // An inner rook needs its file letter in X-FEN.
    e.send("position fen 4k3/8/8/8/8/8/8/R2RK3 w D - 0 1");
    assert_eq!(
        fens(&mut e),
        ("4k3/8/8/8/8/8/8/R2RK3 w D - 0 1".into(), "4k3/8/8/8/8/8/8/R2RK3 w D - 0 1".into())
    );
    e.send("setoption name UCI_Chess960 value true");
    let moves = legal_moves(&mut e);
    assert!(moves.contains(&"e1d1".into()), "castling with the inner rook: {moves:?}");
    e.quit();
}

#[test]
fn frc_and_dfrc_positions_by_number() {
    let mut e = Engine::start();
    e.send("position frc 518");
    assert_eq!(fens(&mut e).0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    e.send("position frc 0");
    assert_eq!(fens(&mut e).1, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    e.send("position dfrc 959 0");
    let (_, shredder) = fens(&mut e);
    assert_eq!(shredder, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAhf - 0 1");
    e.send("d");
    let lines = e.sync();
    assert!(lines.contains(&"Double Fischer Random start position: 959 0".to_string()), "{lines:?}");
    e.quit();
}

#[test]
fn a_double_fischer_random_game_plays_legal_moves_with_castling() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Chess960 value true");
    // White king b1 (rooks a1, c1), Black king g8 (rooks f8, h8).
    let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAhf - 0 1";
    let mut moves: Vec<String> = Vec::new();
    let mut over = false;
    for _ in 0..16 {
        let position = if moves.is_empty() {
            format!("position fen {fen}")
        } else {
            format!("position fen {fen} moves {}", moves.join(" "))
        };
        e.send(&position);
        let legal = legal_moves(&mut e);
        // A shallow self-play game may end in mate: then, and only then,
        // there is no move to play.
        let Some(best) = bestmove(&mut e, "go depth 4") else {
            assert!(legal.is_empty(), "no bestmove after {moves:?} with legal moves {legal:?}");
            over = true;
            break;
        };
        assert!(legal.contains(&best), "{best} not among {legal:?}");
        moves.push(best);
    }
    assert!(moves.len() == 16 || (over && moves.len() >= 4), "{moves:?}");
    e.quit();
}

#[test]
fn castling_notation_follows_the_option_in_perft_and_pv() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Chess960 value true");
    e.send("position fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1");
    e.send("go depth 1 searchmoves b1h1");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.ends_with(" pv b1h1")), "{lines:?}");
    e.quit();
}
