//! Syzygy endgame tablebases, read through `shakmaty-syzygy`: loading the
//! tables ([`Tablebase::load`]), what a search probes with ([`TbSettings`],
//! `Probe`), the WDL probe inside the search, and the root's ranking by DTZ.
//!
//! The tables hold no position with castling rights (a Chess960 position
//! with a castling right is never probed), and in the search a position is
//! probed only right after a capture or pawn move (halfmove clock 0), when
//! its WDL value does not depend on the fifty-move count so far.

use std::sync::Arc;

use shakmaty::{Chess, Move, Position};
use shakmaty_syzygy::{SyzygyError, Wdl};

use crate::score::{DRAW, TB_WIN};

/// The largest tables that exist (7 pieces).
pub const MAX_TB_PIECES: usize = 7;
/// `SyzygyProbeDepth`: the least remaining depth a probe needs (range 1..=100),
/// except for positions with fewer pieces than the probe limit.
pub const DEFAULT_PROBE_DEPTH: i32 = 1;
pub const MAX_PROBE_DEPTH: i32 = 100;
/// `SyzygyProbeLimit`: no probe with more pieces than this (0..=7; 0 = off).
pub const DEFAULT_PROBE_LIMIT: usize = MAX_TB_PIECES;

/// The result of a position in the tables, from the side to move's view,
/// with the fifty-move rule applied as the settings say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TbWdl {
    Win,
    Draw,
    Loss,
}

/// A set of loaded tables; shared read-only by all search threads.
pub struct Tablebase {
    tables: shakmaty_syzygy::Tablebase<Chess>,
    files: usize,
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tablebase({} files, {} pieces)", self.files, self.max_pieces())
    }
}

/// What [`Tablebase::load`] found: the tables, and one line per directory
/// that could not be used.
pub struct Loaded {
    pub tables: Tablebase,
    pub problems: Vec<String>,
}

impl Tablebase {
    /// Adds the tables of every directory in `paths`, separated as the
    /// platform separates `PATH` entries (`:` on Unix, `;` on Windows).
    /// Files are only listed here; they are opened on first probe.
    pub fn load(paths: &str) -> Loaded {
        let mut tables = shakmaty_syzygy::Tablebase::new();
        let mut files = 0;
        let mut problems = Vec::new();
        for dir in std::env::split_paths(paths) {
            if dir.as_os_str().is_empty() {
                continue;
            }
            let shown = dir.display();
            if !dir.is_dir() {
                problems.push(format!("'{shown}' is not a directory"));
                continue;
            }
            match tables.add_directory(&dir) {
                Ok(0) => problems.push(format!("no tables in '{shown}'")),
                Ok(n) => files += n,
                Err(e) => problems.push(format!("cannot read '{shown}': {e}")),
            }
        }
        Loaded { tables: Tablebase { tables, files }, problems }
    }

    /// Table files found (WDL and DTZ files each count).
    pub fn files(&self) -> usize {
        self.files
    }

    /// Pieces in the largest table found (0 without tables).
    pub fn max_pieces(&self) -> usize {
        self.tables.max_pieces()
    }

    /// Whether `pos` could be in these tables: few enough pieces and no
    /// castling rights.
    pub fn covers(&self, pos: &Chess) -> bool {
        !pos.castles().any() && pos.board().occupied().count() <= self.max_pieces()
    }

    /// WDL of `pos`, reached by a capture or pawn move (no fifty-move count
    /// behind it); `None` when it is not in the tables.
    pub fn probe_wdl(&self, pos: &Chess) -> Option<Wdl> {
        if !self.covers(pos) {
            return None;
        }
        self.tables.probe_wdl_after_zeroing(pos).ok()
    }

    /// DTZ of `pos` (plies to the next capture or pawn move with best play,
    /// positive when the side to move wins); `None` when it or its DTZ table
    /// is missing.
    pub fn probe_dtz(&self, pos: &Chess) -> Option<i32> {
        if !self.covers(pos) {
            return None;
        }
        self.tables.probe_dtz(pos).ok().map(|d| d.ignore_rounding().0)
    }

    /// The result of `pos` itself for `d` and `eval`: its WDL considering
    /// its halfmove clock when the DTZ table is there, and its DTZ.
    pub fn describe(&self, pos: &Chess) -> Option<(Wdl, Option<i32>)> {
        if !self.covers(pos) {
            return None;
        }
        match self.tables.probe_wdl(pos) {
            Ok(w) => {
                let dtz = self.tables.probe_dtz(pos).ok().map(|d| d.ignore_rounding().0);
                // A value DTZ rounding leaves unclear reads as after zeroing.
                Some((w.unambiguous().unwrap_or_else(|| w.after_zeroing()), dtz))
            }
            Err(SyzygyError::MissingTable { .. }) => self.probe_wdl(pos).map(|w| (w, None)),
            Err(_) => None,
        }
    }
}

/// The tablebase options of a [`crate::Searcher`]: the tables (if any) and
/// the UCI settings `SyzygyProbeDepth`, `SyzygyProbeLimit`, `Syzygy50MoveRule`.
#[derive(Debug, Clone)]
pub struct TbSettings {
    pub tables: Option<Arc<Tablebase>>,
    pub probe_depth: i32,
    pub probe_limit: usize,
    pub rule50: bool,
}

impl Default for TbSettings {
    fn default() -> TbSettings {
        TbSettings {
            tables: None,
            probe_depth: DEFAULT_PROBE_DEPTH,
            probe_limit: DEFAULT_PROBE_LIMIT,
            rule50: true,
        }
    }
}

impl TbSettings {
    /// Pieces up to which the search probes: 0 when it never does.
    pub fn cardinality(&self) -> usize {
        self.tables.as_ref().map_or(0, |t| t.max_pieces().min(self.probe_limit))
    }

    /// The score of `wdl` reached `ply` plies from the root: a tablebase
    /// win or loss, or a draw (a cursed win or blessed loss is a draw, by a
    /// hair, when the fifty-move rule counts).
    pub fn wdl_score(&self, wdl: Wdl, ply: usize) -> i32 {
        let win = TB_WIN - ply as i32;
        match wdl {
            Wdl::Win => win,
            Wdl::Loss => -win,
            Wdl::CursedWin if !self.rule50 => win,
            Wdl::BlessedLoss if !self.rule50 => -win,
            Wdl::CursedWin => DRAW + 1,
            Wdl::BlessedLoss => DRAW - 1,
            Wdl::Draw => DRAW,
        }
    }

    /// [`TbWdl`] of a [`Wdl`] under these settings.
    pub fn result(&self, wdl: Wdl) -> TbWdl {
        match self.wdl_score(wdl, 0) {
            s if s > DRAW + 1 => TbWdl::Win,
            s if s < DRAW - 1 => TbWdl::Loss,
            _ => TbWdl::Draw,
        }
    }
}

/// What one search thread probes with.
#[derive(Debug, Clone, Default)]
pub(crate) struct Probe {
    pub settings: TbSettings,
    /// Pieces up to which the search probes; 0 = never (no tables).
    pub cardinality: usize,
    /// The root moves the tables kept, each with its tablebase score;
    /// empty when the root is not in the tables.
    pub root: Vec<(Move, i32)>,
    /// Probes made to rank the root.
    pub root_hits: u64,
}

impl Probe {
    pub fn new(settings: TbSettings) -> Probe {
        let cardinality = settings.cardinality();
        Probe { settings, cardinality, root: Vec::new(), root_hits: 0 }
    }

    /// Whether the search probes `pos` (not the root) with `depth` left:
    /// just after a capture or pawn move, few enough pieces, enough depth
    /// unless fewer pieces than the limit, and no castling rights.
    #[inline(always)]
    pub fn wants(&self, pos: &Chess, depth: i32) -> bool {
        let pieces = pos.board().occupied().count();
        pos.halfmoves() == 0
            && pieces <= self.cardinality
            && (pieces < self.cardinality || depth >= self.settings.probe_depth)
            && !pos.castles().any()
    }

    /// The WDL score of `pos` at `ply`, if the tables hold it.
    pub fn probe(&self, pos: &Chess, ply: usize) -> Option<i32> {
        let wdl = self.settings.tables.as_ref()?.probe_wdl(pos)?;
        Some(self.settings.wdl_score(wdl, ply))
    }

    /// Ranks the root moves `moves` of `root` by the tables and keeps the
    /// best: with DTZ tables, a win goes the shortest way to the next
    /// capture, pawn move or mate that still wins within the fifty-move
    /// rule (so it is converted), a loss the longest way, a draw keeps every
    /// drawing move; with WDL tables only, every move that keeps the best
    /// result. Leaves `root` empty (search all moves) when the root is not
    /// in the tables or a table it needs is missing.
    pub fn rank_root(&mut self, root: &Chess, moves: &[Move]) -> Vec<Move> {
        let Some(tables) = self.settings.tables.clone() else { return moves.to_vec() };
        if self.settings.probe_limit == 0 || !tables.covers(root) || moves.is_empty() {
            return moves.to_vec();
        }
        let ranked =
            self.rank_by_dtz(&tables, root, moves).or_else(|| self.rank_by_wdl(&tables, root, moves));
        let Some(ranked) = ranked else { return moves.to_vec() };
        self.root_hits = moves.len() as u64;
        let best = ranked.iter().map(|r| r.1).max().unwrap_or(0);
        self.root = ranked.iter().filter(|r| r.1 == best).map(|r| (r.0, r.2)).collect();
        self.root.iter().map(|r| r.0).collect()
    }

    /// (move, rank, score) for each move from the DTZ tables.
    fn rank_by_dtz(&self, tables: &Tablebase, root: &Chess, moves: &[Move]) -> Option<Vec<(Move, i32, i32)>> {
        let mut out = Vec::with_capacity(moves.len());
        for &m in moves {
            let mut child = root.clone();
            child.play_unchecked(m);
            // Plies from the root to the next zeroing move, signed as our result.
            let ours = if child.is_checkmate() {
                1
            } else {
                let theirs = tables.probe_dtz(&child)?;
                match theirs.signum() {
                    0 => 0,
                    // A capture or pawn move that wins zeroes at once.
                    -1 if m.is_zeroing() && -theirs <= 100 => 1,
                    s => -(theirs + s),
                }
            };
            let clock = if m.is_zeroing() { 0 } else { root.halfmoves() as i32 + 1 };
            // Whether the fifty-move rule saves the losing side first.
            let in_time = ours.abs() - 1 + clock <= 100;
            let wdl = match ours.signum() {
                0 => Wdl::Draw,
                1 if in_time => Wdl::Win,
                1 => Wdl::CursedWin,
                _ if in_time => Wdl::Loss,
                _ => Wdl::BlessedLoss,
            };
            let score = self.settings.wdl_score(wdl, 1);
            // Wins (fastest first), cursed wins (fastest first: the
            // opponent may still err), draws, blessed losses and losses
            // (slowest first). DTZ stays far below 5000 plies.
            let rank = match (self.settings.result(wdl), wdl) {
                (TbWdl::Win, _) => 10_000 - ours.abs(),
                (TbWdl::Loss, _) => -10_000 + ours.abs(),
                (_, Wdl::CursedWin) => 5_000 - ours.abs(),
                (_, Wdl::BlessedLoss) => -5_000 + ours.abs(),
                _ => 0,
            };
            out.push((m, rank, score));
        }
        Some(out)
    }

    /// (move, rank, score) for each move from the WDL tables.
    fn rank_by_wdl(&self, tables: &Tablebase, root: &Chess, moves: &[Move]) -> Option<Vec<(Move, i32, i32)>> {
        let mut out = Vec::with_capacity(moves.len());
        for &m in moves {
            let mut child = root.clone();
            child.play_unchecked(m);
            let wdl = if child.is_checkmate() { Wdl::Win } else { -tables.probe_wdl(&child)? };
            let score = self.settings.wdl_score(wdl, 1);
            out.push((m, score, score));
        }
        Some(out)
    }

    /// The root's own result, from the ranking: `None` when it was not ranked.
    pub fn root_result(&self) -> Option<TbWdl> {
        let &(_, score) = self.root.first()?;
        Some(if score > DRAW + 1 {
            TbWdl::Win
        } else if score < DRAW - 1 {
            TbWdl::Loss
        } else {
            TbWdl::Draw
        })
    }
}

#[cfg(test)]
mod tests {
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
}
