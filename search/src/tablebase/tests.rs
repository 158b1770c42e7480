//! Tests of the tablebase module against the committed test tables.

use super::*;
use crate::testutil::pos;

/// The 3- and 4-piece tables the integration suite commits.
const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/syzygy");

fn tables() -> Arc<Tablebase> {
    let loaded = Tablebase::load(TABLES);
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    Arc::new(loaded.tables)
}

fn settings() -> TbSettings {
    TbSettings { tables: Some(tables()), ..TbSettings::default() }
}

#[test]
fn loads_the_test_tables_and_names_bad_directories() {
    let t = tables();
    assert_eq!((t.files(), t.max_pieces()), (12, 4));
    let both = std::env::join_paths(["/no/such/dir", TABLES]).unwrap();
    let loaded = Tablebase::load(both.to_str().unwrap());
    assert_eq!(loaded.tables.files(), 12);
    assert_eq!(loaded.problems, vec!["'/no/such/dir' is not a directory".to_string()]);
    let none = Tablebase::load("/no/such/dir");
    assert_eq!((none.tables.files(), none.tables.max_pieces()), (0, 0));
}

#[test]
fn known_results() {
    let t = tables();
    let wdl = |fen: &str| t.probe_wdl(&pos(fen));
    // The rook hangs with Black to move; with White to move it wins.
    assert_eq!(wdl("8/8/8/8/8/8/3k4/K3R3 b - - 0 1"), Some(Wdl::Draw));
    assert_eq!(wdl("8/8/8/8/8/8/3k4/K3R3 w - - 0 1"), Some(Wdl::Win));
    assert_eq!(wdl("8/8/8/4k3/8/8/8/4K2Q b - - 0 1"), Some(Wdl::Loss));
    // A rook pawn with the defending king in the corner is a draw; a
    // pawn the king cannot catch wins.
    assert_eq!(wdl("k7/8/8/8/8/8/P7/K7 w - - 0 1"), Some(Wdl::Draw));
    assert_eq!(wdl("8/8/8/8/8/8/k3P3/4K3 w - - 0 1"), Some(Wdl::Win));
    // The longest KPvK win to a pawn move, by the generator: 20 plies.
    assert_eq!(t.probe_dtz(&pos("8/8/7k/8/7K/1P6/8/8 b - - 0 1")), Some(-20));
    assert_eq!(wdl("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1"), Some(Wdl::Draw));
    assert_eq!(wdl("8/8/8/4k3/8/8/8/1N2K3 b - - 0 1"), Some(Wdl::Draw));
    // Five pieces: no table.
    assert_eq!(wdl("8/8/8/4k3/8/8/3PP3/4K2Q w - - 0 1"), None);
}

#[test]
fn castling_rights_are_never_probed() {
    let t = tables();
    let with_right = pos("1k6/8/8/8/8/8/8/1K5R w H - 0 1");
    assert!(!t.covers(&with_right));
    assert_eq!(t.probe_wdl(&with_right), None);
    assert_eq!(t.describe(&with_right), None);
    assert!(!Probe::new(settings()).wants(&with_right, 10));
    let mut probe = Probe::new(settings());
    let moves: Vec<Move> = with_right.legal_moves().into_iter().collect();
    assert_eq!(probe.rank_root(&with_right, &moves), moves);
    assert!(probe.root.is_empty() && probe.root_hits == 0);
    assert_eq!(t.probe_wdl(&pos("1k6/8/8/8/8/8/8/1K5R w - - 0 1")), Some(Wdl::Win));
}

#[test]
fn probe_gate_follows_limit_depth_and_clock() {
    assert_eq!(Probe::new(TbSettings::default()).cardinality, 0);
    let krk = pos("8/8/8/4k3/8/8/8/4K2R w - - 0 1");
    let kqkr = pos("8/8/8/4k3/8/8/3r4/4K2Q w - - 0 1");
    let probe = Probe::new(settings());
    assert_eq!(probe.cardinality, 4);
    assert!(probe.wants(&krk, 1));
    assert!(!probe.wants(&pos("8/8/8/4k3/8/8/8/4K2R w - - 3 1"), 1), "not right after a capture");
    let deep = Probe::new(TbSettings { probe_depth: 5, ..settings() });
    assert!(deep.wants(&krk, 1), "fewer pieces than the limit: any depth");
    assert!(!deep.wants(&kqkr, 4) && deep.wants(&kqkr, 5));
    let three = Probe::new(TbSettings { probe_limit: 3, ..settings() });
    assert_eq!(three.cardinality, 3);
    assert!(!three.wants(&kqkr, 10));
    assert_eq!(Probe::new(TbSettings { probe_limit: 0, ..settings() }).cardinality, 0);
}

#[test]
fn scores_follow_the_fifty_move_setting() {
    let on = TbSettings::default();
    let off = TbSettings { rule50: false, ..TbSettings::default() };
    assert_eq!(on.wdl_score(Wdl::Win, 3), TB_WIN - 3);
    assert_eq!(on.wdl_score(Wdl::Loss, 3), -(TB_WIN - 3));
    assert_eq!(on.wdl_score(Wdl::CursedWin, 3), DRAW + 1);
    assert_eq!(off.wdl_score(Wdl::CursedWin, 3), TB_WIN - 3);
    assert_eq!(on.result(Wdl::BlessedLoss), TbWdl::Draw);
    assert_eq!(off.result(Wdl::BlessedLoss), TbWdl::Loss);
}

#[test]
fn root_keeps_the_fastest_win_and_the_only_save() {
    let t = tables();
    let root = pos("8/8/8/8/4k3/8/1Q6/K7 w - - 0 1");
    let moves: Vec<Move> = root.legal_moves().into_iter().collect();
    let mut probe = Probe::new(settings());
    let kept = probe.rank_root(&root, &moves);
    assert!(!kept.is_empty() && kept.len() < moves.len());
    assert_eq!(probe.root_hits, moves.len() as u64);
    assert_eq!(probe.root_result(), Some(TbWdl::Win));
    // Every move kept leaves Black the longest-lasting loss there is…
    let after = |m: Move| {
        let mut child = root.clone();
        child.play_unchecked(m);
        t.probe_dtz(&child).unwrap()
    };
    let best = moves.iter().map(|&m| after(m)).filter(|&d| d < 0).max().unwrap();
    assert!(kept.iter().all(|&m| after(m) == best), "{kept:?}");
    // …and the one drawing move of a hanging rook is kept alone.
    let hanging = pos("8/8/8/8/8/8/3k4/K3R3 b - - 0 1");
    let moves: Vec<Move> = hanging.legal_moves().into_iter().collect();
    let mut probe = Probe::new(settings());
    let kept = probe.rank_root(&hanging, &moves);
    assert_eq!(kept.len(), 1);
    assert!(kept[0].is_capture());
    assert_eq!(probe.root_result(), Some(TbWdl::Draw));
}

#[test]
fn the_fifty_move_rule_turns_a_late_win_into_a_draw() {
    // The longest KBNvK win needs 66 plies; with 60 halfmoves gone the
    // defender is saved by the rule, unless the rule is off.
    let late = pos("8/8/8/6B1/8/8/4k3/1K5N b - - 60 1");
    let moves: Vec<Move> = late.legal_moves().into_iter().collect();
    let mut on = Probe::new(settings());
    assert!(!on.rank_root(&late, &moves).is_empty());
    assert_eq!(on.root_result(), Some(TbWdl::Draw));
    let mut off = Probe::new(TbSettings { rule50: false, ..settings() });
    assert!(!off.rank_root(&late, &moves).is_empty());
    assert_eq!(off.root_result(), Some(TbWdl::Loss));
    let early = pos("8/8/8/6B1/8/8/4k3/1K5N b - - 0 1");
    let mut on = Probe::new(settings());
    on.rank_root(&early, &moves);
    assert_eq!(on.root_result(), Some(TbWdl::Loss));
}

fn run(settings: TbSettings, fen: &str, depth: u32) -> crate::SearchOutcome {
    let mut searcher = crate::Searcher::new(1, 1).unwrap();
    searcher.set_tablebases(settings);
    searcher.run(crate::SearchRequest {
        root: pos(fen),
        history: Vec::new(),
        limits: crate::Limits { depth: Some(depth), ..crate::Limits::default() },
        multipv: 1,
        move_overhead_ms: 0,
        start: std::time::Instant::now(),
    })
}

#[test]
fn search_probes_after_captures_and_answers_the_roots_result() {
    // 4 pieces without a KRvKP table: the root is not ranked, but
    // taking the pawn reaches KRvK, which the search reads.
    let fen = "8/8/8/4k3/8/8/3p4/4K2R w - - 0 1";
    let with = run(settings(), fen, 6);
    assert!(with.tbhits > 0);
    assert_eq!(with.tb_result, None);
    assert!(with.score >= crate::TB_WIN_BOUND, "{}", with.score);
    let without = run(TbSettings::default(), fen, 6);
    assert_eq!((without.tbhits, without.tb_result), (0, None));
    assert!(without.score < crate::TB_WIN_BOUND);
    let root = run(settings(), "8/8/8/4k3/8/8/8/4K2R w - - 0 1", 4);
    assert_eq!(root.tb_result, Some(TbWdl::Win));
}

#[test]
fn positions_outside_the_tables_search_as_without_them() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let with = run(settings(), fen, 7);
    let without = run(TbSettings::default(), fen, 7);
    assert_eq!((with.nodes, with.best, with.score), (without.nodes, without.best, without.score));
    assert_eq!(with.tbhits, 0);
}

#[test]
fn describe_shows_wdl_and_dtz() {
    let t = tables();
    assert_eq!(t.describe(&pos("8/8/7k/8/7K/1P6/8/8 b - - 0 1")), Some((Wdl::Loss, Some(-20))));
    assert_eq!(t.describe(&pos("8/8/8/8/8/8/3k4/K3R3 b - - 0 1")), Some((Wdl::Draw, Some(0))));
}
