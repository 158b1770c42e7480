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
mod tests;
