//! `datagen` end to end on tiny games: reproducible from the seed whatever
//! the thread count, continued without duplicates, every record a legal
//! quiet position; plus the game-end and filter rules on known positions.

use std::path::{Path, PathBuf};

use shakmaty::{Chess, Position};

use rockad_eval::data::file::HEADER_BYTES;
use rockad_eval::data::{Reader, decode};
use rockad_search::MATE_BOUND;
use rockad_uci::parse_fen;

use super::args::{Config, Target};
use super::game::{Rules, game_over, game_rng, keep, random_start};
use super::{generate, text};

/// A fresh path in the temp directory (removed first if a previous run
/// left it).
pub fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("rockad-datagen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// Two tiny games' worth of settings.
pub fn tiny(out: &Path, games: u32, threads: usize) -> Config {
    let mut c = Config::new(&out.to_string_lossy(), Target::Games(games));
    c.threads = threads;
    c.seed = Some(11);
    c.progress = Some(false);
    c.rules = Rules { nodes: 300, hash_mb: 1, dfrc_percent: 50, ..Rules::default() };
    c
}

fn pos(fen: &str) -> Chess {
    parse_fen(fen).unwrap().0
}

#[test]
fn same_seed_same_bytes_and_a_continued_file_equals_a_whole_one() {
    let whole = temp("whole.bin");
    let s = generate(&tiny(&whole, 2, 2)).unwrap();
    assert_eq!((s.games, s.new_games), (2, 2));
    let bytes = std::fs::read(&whole).unwrap();

    // One game first, on one thread, then continued to two.
    let parts = temp("parts.bin");
    assert_eq!(generate(&tiny(&parts, 1, 1)).unwrap().games, 1);
    let first = std::fs::read(&parts).unwrap();
    assert!(bytes.starts_with(&first));
    let s = generate(&tiny(&parts, 2, 1)).unwrap();
    assert_eq!((s.games, s.new_games), (2, 1));
    assert_eq!(std::fs::read(&parts).unwrap(), bytes, "continued file differs");

    // Asking again adds nothing; a file cut inside game 1 gets game 1 back
    // whole, once.
    assert_eq!(generate(&tiny(&parts, 2, 2)).unwrap().new_games, 0);
    assert_eq!(std::fs::read(&parts).unwrap(), bytes);
    std::fs::write(&parts, &bytes[..first.len() + 13]).unwrap();
    let s = generate(&tiny(&parts, 2, 2)).unwrap();
    assert_eq!((s.games, s.new_games), (2, 1));
    assert_eq!(std::fs::read(&parts).unwrap(), bytes);

    // Other settings do not continue a file.
    let mut other = tiny(&parts, 3, 1);
    other.seed = Some(12);
    assert!(generate(&other).unwrap_err().contains("--seed 11"));
    let mut other = tiny(&parts, 3, 1);
    other.rules.nodes = 301;
    assert!(generate(&other).unwrap_err().contains("--nodes 300"));
    let mut other = tiny(&parts, 3, 1);
    other.rules.random_plies = (2, 2);
    assert!(generate(&other).unwrap_err().contains("other game settings"));
    assert_eq!(std::fs::read(&parts).unwrap(), bytes);

    // Every record: a legal position, quiet, with a plain score and its
    // game's result; the text export has one line per record.
    let mut reader = Reader::new(&bytes[..]).unwrap();
    assert_eq!((reader.header.seed, reader.header.nodes), (11, 300));
    let mut count = 0;
    while let Some(g) = reader.next_game() {
        for b in &g.records {
            let r = decode(b).unwrap();
            assert!(!r.pos.is_check(), "{:?}", r.pos);
            assert!(!r.pos.legal_moves().is_empty());
            assert!(i32::from(r.score).abs() < MATE_BOUND);
            assert_eq!(r.result, g.result);
            count += 1;
        }
    }
    assert_eq!((reader.games, reader.damaged.clone()), (2, None));
    assert!(count > 0);
    let mut out = Vec::new();
    let e = text::export(&whole, &mut out).unwrap();
    assert_eq!(e.positions, count);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.lines().count() as u64, count);
    let first_line = out.lines().next().unwrap();
    let fields: Vec<&str> = first_line.split(" | ").collect();
    assert_eq!(fields.len(), 3, "{first_line}");
    assert!(parse_fen(fields[0]).is_ok());
    assert!(["0.0", "0.5", "1.0"].contains(&fields[2]));
    let _ = std::fs::remove_file(&whole);
    let _ = std::fs::remove_file(&parts);
}

#[test]
fn a_positions_target_stops_once_reached_and_counts_the_file() {
    let path = temp("positions.bin");
    let mut c = tiny(&path, 0, 1);
    c.target = Target::Positions(1);
    let s = generate(&c).unwrap();
    // A game may keep no position at all (all in check or tactical), so
    // "one game" is not guaranteed: as many as it takes to reach 1.
    assert!(s.new_games >= 1);
    assert!(s.positions >= 1);
    // Already there: nothing new.
    assert_eq!(generate(&c).unwrap().new_games, 0);
    assert!(std::fs::metadata(&path).unwrap().len() > HEADER_BYTES as u64);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_file_that_is_not_data_is_refused_untouched() {
    let path = temp("notdata.bin");
    std::fs::write(&path, b"this is not a Rockad data file at all, no").unwrap();
    assert!(generate(&tiny(&path, 1, 1)).is_err());
    assert_eq!(std::fs::read(&path).unwrap(), b"this is not a Rockad data file at all, no");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn games_end_by_the_rules() {
    // Mate: the side to move lost.
    assert_eq!(game_over(&pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"), &[]), Some(2));
    assert_eq!(game_over(&pos("8/8/8/8/8/6k1/6q1/7K w - - 0 1"), &[]), Some(0));
    // Stalemate, bare kings, fifty moves.
    assert_eq!(game_over(&pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), &[]), Some(1));
    assert_eq!(game_over(&pos("8/8/4k3/8/8/3K4/8/8 w - - 0 1"), &[]), Some(1));
    assert_eq!(game_over(&pos("8/8/4k3/8/8/3K4/8/R7 w - - 100 80"), &[]), Some(1));
    assert_eq!(game_over(&pos("8/8/4k3/8/8/3K4/8/R7 w - - 99 80"), &[]), None);
    // Threefold: the same position twice before, within the reversible
    // moves.
    let p = pos("8/8/4k3/8/8/3K4/8/R7 w - - 8 80");
    let key = rockad_search::position_key(&p);
    assert_eq!(game_over(&p, &[key, 1, 2, 3, key, 4, 5, 6]), Some(1));
    assert_eq!(game_over(&p, &[key, 1, 2, 3, 4, 5, 6, 7]), None);
    let p = pos("8/8/4k3/8/8/3K4/8/R7 w - - 3 80");
    assert_eq!(game_over(&p, &[key, 1, 2, 3, key, 4, 5, 6]), None, "before an irreversible move");
}

#[test]
fn only_quiet_positions_with_plain_scores_are_kept() {
    let quiet = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let m = quiet.legal_moves().iter().find(|m| !m.is_capture()).copied().unwrap();
    assert!(keep(&quiet, &m, 50));
    assert!(!keep(&quiet, &m, MATE_BOUND + 3));
    assert!(!keep(&quiet, &m, -MATE_BOUND));
    let capture = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    let takes = capture.legal_moves().iter().find(|m| m.is_capture()).copied().unwrap();
    assert!(!keep(&capture, &takes, 0));
    let promote = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let queen = promote.legal_moves().iter().find(|m| m.is_promotion()).copied().unwrap();
    assert!(!keep(&promote, &queen, 0));
    let check = pos("4k3/8/8/8/8/8/8/4K2r w - - 0 1");
    let out = check.legal_moves()[0];
    assert!(!keep(&check, &out, 0));
}

#[test]
fn a_version_1_file_is_continued_in_its_own_format_with_the_same_positions() {
    use rockad_eval::data::{Header, encode};
    let v1 = temp("v1.bin");
    let rules = tiny(&v1, 2, 1).rules;
    let header = Header { seed: 11, nodes: 300, settings: rules.fingerprint(), version: 1 };
    std::fs::write(&v1, header.to_bytes()).unwrap();
    assert_eq!(generate(&tiny(&v1, 2, 1)).unwrap().games, 2);
    let v2 = temp("v2.bin");
    assert_eq!(generate(&tiny(&v2, 2, 1)).unwrap().games, 2);
    let read = |p: &Path| {
        let mut r = Reader::open(p).unwrap();
        let records: Vec<_> = r.positions().map(|rec| encode(&rec).unwrap()).collect();
        (r.header.version, records)
    };
    let ((version1, old), (version2, new)) = (read(&v1), read(&v2));
    assert_eq!((version1, version2), (1, 2));
    assert!(!old.is_empty());
    assert_eq!(old, new, "the compact games replay into other positions");
    // The compact file is several times smaller.
    let size = |p: &Path| std::fs::metadata(p).unwrap().len();
    assert!(size(&v2) * 3 < size(&v1), "{} vs {}", size(&v2), size(&v1));
    let _ = std::fs::remove_file(&v1);
    let _ = std::fs::remove_file(&v2);
}

#[test]
fn standard_starts_when_asked_and_older_files_replay() {
    // The default rules' fingerprint, as files made before --standard carry it.
    assert_eq!(Rules::default().fingerprint(), 11_593_401_641_098_198_886);
    let standard = Rules { standard_percent: 100, random_plies: (0, 0), ..Rules::default() };
    assert_ne!(standard.fingerprint(), Rules::default().fingerprint());
    let start = Chess::default();
    let none = Rules { random_plies: (0, 0), ..Rules::default() };
    let mut standard_games = 0;
    for index in 0..50 {
        let (pos, _) = random_start(&mut game_rng(7, index), &standard).unwrap();
        assert_eq!(pos.board(), start.board(), "game {index}");
        // With no share asked, the standard start is one Chess960 start among 960.
        let (pos, _) = random_start(&mut game_rng(7, index), &none).unwrap();
        standard_games += usize::from(pos.board() == start.board());
    }
    assert!(standard_games <= 1, "{standard_games} standard starts in 50 games at --standard 0");
    let half = Rules { standard_percent: 50, random_plies: (0, 0), ..Rules::default() };
    let n = (0..200)
        .filter(|&i| random_start(&mut game_rng(7, i), &half).unwrap().0.board() == start.board())
        .count();
    assert!((70..=130).contains(&n), "{n} standard starts in 200 games at --standard 50");
}
