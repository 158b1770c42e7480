//! Syzygy tablebases over the protocol, with the 3- and 4-piece tables
//! committed under `tests/data/syzygy` (see its README): the options and
//! their messages, won endings converted by the engine playing itself
//! within the fifty-move rule, drawn ones scored 0, and no probing of a
//! position with castling rights.

use rockad_tests::{Engine, PROMPT, bestmove_of, info_field};
use rockad_uci::{parse_fen, parse_move};
use shakmaty::{Chess, Color, Position};

fn tables_dir() -> String {
    format!("{}/data/syzygy", env!("CARGO_MANIFEST_DIR"))
}

/// An engine with the test tables loaded (checks the one `info string`).
fn engine_with_tables() -> Engine {
    let mut e = Engine::start();
    let reply = e.info_string_for(&format!("setoption name SyzygyPath value {}", tables_dir()));
    assert_eq!(reply, "info string SyzygyPath: found 12 tablebase files (up to 4 pieces)");
    e
}

/// Searches with `go` from the current position: the `info` lines with a
/// score and the best move.
fn search(e: &mut Engine, go: &str) -> (Vec<String>, Option<String>) {
    e.send(go);
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    let best = bestmove_of(lines.last().expect("a bestmove line"));
    (lines.into_iter().filter(|l| l.contains(" score ")).collect(), best)
}

/// The engine plays both sides from `fen` with `go nodes 2000` per move
/// until the game ends (or 150 plies); returns the final position and the
/// number of plies played.
fn play_out(e: &mut Engine, fen: &str) -> (Chess, usize) {
    let mut pos = parse_fen(fen).expect("test FEN").0;
    let mut moves: Vec<String> = Vec::new();
    while !pos.is_game_over() && pos.halfmoves() < 100 && moves.len() < 150 {
        e.send(&format!("position fen {fen} moves {}", moves.join(" ")));
        let (_, best) = search(e, "go nodes 2000");
        let best = best.expect("a move in a position with legal moves");
        let mv =
            parse_move(&pos, &best).unwrap_or_else(|_| panic!("illegal bestmove {best} after {moves:?}"));
        pos.play_unchecked(mv);
        moves.push(best);
    }
    (pos, moves.len())
}

/// Plays `fen` out and checks White mates before the fifty-move rule.
fn assert_white_mates(fen: &str, most_plies: usize) {
    let mut e = engine_with_tables();
    let (end, plies) = play_out(&mut e, fen);
    assert!(end.is_checkmate(), "{fen}: not mated after {plies} plies: {end:?}");
    assert_eq!(end.turn(), Color::Black, "{fen}: the wrong side was mated");
    assert!(plies <= most_plies, "{fen}: mate took {plies} plies, tables say {most_plies}");
    e.quit();
}

#[test]
fn kqvk_longest_win_is_mated_in_the_tables_distance() {
    // The longest KQvK win (20 plies, the generator's statistics).
    assert_white_mates("8/8/8/8/4k3/8/1Q6/K7 b - - 0 1", 20);
}

#[test]
fn krvk_longest_win_is_mated_in_the_tables_distance() {
    assert_white_mates("8/8/8/8/8/8/2Rk4/1K6 b - - 0 1", 32);
}

#[test]
fn kbnvk_is_mated_before_the_fifty_move_rule_with_thirty_halfmoves_gone() {
    // The longest KBNvK win takes 66 plies; 30 halfmoves are already on the
    // clock, so only the tables' shortest way mates in time.
    assert_white_mates("8/8/8/6B1/8/8/4k3/1K5N b - - 30 1", 66);
}

#[test]
fn kpvk_is_promoted_and_mated_without_a_fifty_move_draw() {
    // The longest KPvK win to the next pawn move (20 plies), 70 halfmoves
    // on the clock: the pawn must move in time, then queen and mate.
    let mut e = engine_with_tables();
    let (end, plies) = play_out(&mut e, "8/8/7k/8/7K/1P6/8/8 b - - 70 1");
    assert!(end.is_checkmate() && end.turn() == Color::Black, "not mated after {plies} plies: {end:?}");
    e.quit();
}

#[test]
fn won_ending_reports_a_tablebase_score_and_tbhits() {
    let mut e = engine_with_tables();
    e.send("position fen 8/8/8/4k3/8/8/8/4K2R w - - 0 1");
    let (lines, _) = search(&mut e, "go depth 4");
    let last = lines.last().expect("an info line");
    let cp: i32 = info_field(last, "cp").expect("a cp score").parse().unwrap();
    assert!((19_000..20_000).contains(&cp), "{last}");
    let hits: u64 = info_field(last, "tbhits").expect("tbhits").parse().unwrap();
    assert!(hits > 0, "{last}");
    // `tbhits` comes between `hashfull` and `time`, as UCI orders them.
    assert!(last.find(" hashfull ").unwrap() < last.find(" tbhits ").unwrap());
    assert!(last.find(" tbhits ").unwrap() < last.find(" time ").unwrap());
    e.quit();
}

#[test]
fn lone_minor_pieces_are_drawn_by_the_tables() {
    let mut e = engine_with_tables();
    for fen in ["8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", "8/8/8/4k3/8/8/8/1N2K3 b - - 0 1"] {
        e.send(&format!("position fen {fen}"));
        let (lines, _) = search(&mut e, "go depth 4");
        let last = lines.last().expect("an info line");
        assert_eq!(info_field(last, "cp"), Some("0"), "{fen}: {last}");
        let hits: u64 = info_field(last, "tbhits").expect("tbhits").parse().unwrap();
        assert!(hits > 0, "{fen}: {last}");
    }
    e.quit();
}

#[test]
fn d_shows_the_tablebase_result() {
    let mut e = engine_with_tables();
    // The rook hangs with Black to move: a draw; White to move wins.
    e.send("position fen 8/8/8/8/8/8/3k4/K3R3 b - - 0 1");
    e.send("d");
    let lines = e.sync();
    assert!(lines.contains(&"Tablebase: draw for Black to move, DTZ 0".to_string()), "{lines:?}");
    e.send("position fen 8/8/8/8/8/8/3k4/K3R3 w - - 0 1");
    e.send("eval");
    let lines = e.sync();
    let tb = lines.iter().find(|l| l.starts_with("Tablebase: win for White to move, DTZ "));
    assert!(tb.is_some(), "{lines:?}");
    e.quit();
}

#[test]
fn a_bad_syzygy_path_is_reported_once_and_the_engine_plays_on() {
    let mut e = Engine::start();
    let reply = e.info_string_for("setoption name SyzygyPath value /no/such/rockad/tables");
    assert_eq!(
        reply,
        "info string SyzygyPath: '/no/such/rockad/tables' is not a directory; playing on without tablebases"
    );
    let empty = std::env::temp_dir();
    let reply = e.info_string_for(&format!("setoption name SyzygyPath value {}", empty.display()));
    assert!(reply.contains("no tables in"), "{reply}");
    e.send("position fen 8/8/8/4k3/8/8/8/4K2R w - - 0 1");
    let (lines, best) = search(&mut e, "go depth 3");
    assert!(best.is_some());
    assert!(lines.iter().all(|l| info_field(l, "tbhits").is_none()), "{lines:?}");
    e.quit();
}

#[test]
fn castling_rights_prevent_probing() {
    let mut e = engine_with_tables();
    e.send("setoption name UCI_Chess960 value true");
    // KRvK in Chess960 with White's h-rook castling right: never probed,
    // at the root or below it.
    e.send("position fen 1k6/8/8/8/8/8/8/1K5R w H - 0 1");
    let (lines, best) = search(&mut e, "go depth 5");
    assert!(best.is_some());
    for l in &lines {
        assert_eq!(info_field(l, "tbhits"), Some("0"), "{l}");
    }
    e.send("d");
    let d = e.sync();
    assert!(!d.iter().any(|l| l.starts_with("Tablebase:")), "{d:?}");
    // The same position without the right is in the tables.
    e.send("position fen 1k6/8/8/8/8/8/8/1K5R w - - 0 1");
    let (lines, _) = search(&mut e, "go depth 5");
    let hits: u64 = info_field(lines.last().unwrap(), "tbhits").expect("tbhits").parse().unwrap();
    assert!(hits > 0, "{lines:?}");
    e.quit();
}

#[test]
fn probe_limit_zero_turns_probing_off() {
    let mut e = engine_with_tables();
    e.send("setoption name SyzygyProbeLimit value 0");
    e.send("position fen 8/8/8/4k3/8/8/8/4K2R w - - 0 1");
    let (lines, _) = search(&mut e, "go depth 3");
    assert_eq!(info_field(lines.last().unwrap(), "tbhits"), Some("0"));
    e.quit();
}
