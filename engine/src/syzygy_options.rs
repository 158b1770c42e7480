//! The Syzygy tablebase options, named as Stockfish names them
//! (`SyzygyPath`, `SyzygyProbeDepth`, `SyzygyProbeLimit`,
//! `Syzygy50MoveRule`), and the tablebase line of `d` and `eval`. The
//! values live in the searcher's [`TbSettings`]; a search already running
//! keeps the settings it started with.

use std::sync::Arc;

use shakmaty::{Chess, Position};

use rockad_search::{Searcher, Tablebase, TbSettings};
use rockad_uci::OptionValue;

pub const SYZYGY_PATH: &str = "SyzygyPath";
pub const SYZYGY_PROBE_DEPTH: &str = "SyzygyProbeDepth";
pub const SYZYGY_PROBE_LIMIT: &str = "SyzygyProbeLimit";
pub const SYZYGY_50_MOVE_RULE: &str = "Syzygy50MoveRule";

/// Applies `value` (already checked against its spec) to the option `name`
/// if it is a Syzygy option: `None` when it is not one, else the text of
/// the `info string` to print, if any.
pub fn apply(name: &str, value: &OptionValue, searcher: &mut Searcher) -> Option<Option<String>> {
    let mut tb = searcher.tablebases().clone();
    let message = match (name, value) {
        (SYZYGY_PATH, OptionValue::Text(path)) => {
            let (tables, message) = load_path(path);
            tb.tables = tables;
            message
        }
        (SYZYGY_PROBE_DEPTH, OptionValue::Int(d)) => {
            tb.probe_depth = *d as i32;
            None
        }
        (SYZYGY_PROBE_LIMIT, OptionValue::Int(n)) => {
            tb.probe_limit = *n as usize;
            None
        }
        (SYZYGY_50_MOVE_RULE, OptionValue::Bool(b)) => {
            tb.rule50 = *b;
            None
        }
        _ => return None,
    };
    searcher.set_tablebases(tb);
    Some(message)
}

/// The tables of `path` (empty or `<empty>`: none, silently) and the one
/// line that says what was found or what went wrong. Also for subcommands
/// that take a tablebase path.
pub fn load_path(path: &str) -> (Option<Arc<Tablebase>>, Option<String>) {
    let path = path.trim();
    if path.is_empty() || path == "<empty>" {
        return (None, None);
    }
    let loaded = Tablebase::load(path);
    let problems = loaded.problems.join("; ");
    let files = loaded.tables.files();
    if files == 0 {
        let why = if problems.is_empty() { format!("no tables in '{path}'") } else { problems };
        return (None, Some(format!("SyzygyPath: {why}; playing on without tablebases")));
    }
    let mut message =
        format!("SyzygyPath: found {files} tablebase files (up to {} pieces)", loaded.tables.max_pieces());
    if !problems.is_empty() {
        message.push_str(&format!("; {problems}"));
    }
    (Some(Arc::new(loaded.tables)), Some(message))
}

/// The line `d` and `eval` add when `pos` is in the tables: its result for
/// the side to move and, when the DTZ table is there, its distance to the
/// next capture or pawn move.
pub fn describe(pos: &Chess, tb: &TbSettings) -> Option<String> {
    use shakmaty_syzygy::Wdl;
    let tables = tb.tables.as_ref()?;
    let (wdl, dtz) = tables.describe(pos)?;
    let result = match wdl {
        Wdl::Win => "win",
        Wdl::CursedWin => "cursed win (a draw by the fifty-move rule)",
        Wdl::Draw => "draw",
        Wdl::BlessedLoss => "blessed loss (a draw by the fifty-move rule)",
        Wdl::Loss => "loss",
    };
    let side = if pos.turn().is_white() { "White" } else { "Black" };
    Some(match dtz {
        Some(d) => format!("Tablebase: {result} for {side} to move, DTZ {d}"),
        None => format!("Tablebase: {result} for {side} to move"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_syzygy_options_are_taken_and_settings_reach_the_searcher() {
        let mut searcher = Searcher::new(1, 1).unwrap();
        assert_eq!(apply("Hash", &OptionValue::Int(4), &mut searcher), None);
        assert_eq!(apply(SYZYGY_PROBE_DEPTH, &OptionValue::Int(9), &mut searcher), Some(None));
        assert_eq!(apply(SYZYGY_PROBE_LIMIT, &OptionValue::Int(5), &mut searcher), Some(None));
        assert_eq!(apply(SYZYGY_50_MOVE_RULE, &OptionValue::Bool(false), &mut searcher), Some(None));
        let tb = searcher.tablebases();
        assert_eq!((tb.probe_depth, tb.probe_limit, tb.rule50), (9, 5, false));
        let bad = apply(SYZYGY_PATH, &OptionValue::Text("/no/such/dir".into()), &mut searcher);
        assert_eq!(
            bad,
            Some(Some("SyzygyPath: '/no/such/dir' is not a directory; playing on without tablebases".into()))
        );
        assert!(searcher.tablebases().tables.is_none());
        assert_eq!(apply(SYZYGY_PATH, &OptionValue::Text("<empty>".into()), &mut searcher), Some(None));
    }
}
