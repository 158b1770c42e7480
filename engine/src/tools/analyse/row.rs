//! The one serialised form of a [`Record`], written with `serde` to both
//! files: the CSV row holds the flat columns (line 1 of a MultiPV search),
//! the JSON line the same columns plus `lines`, every MultiPV line. Reading
//! back goes through the same type, then [`Row::record`] checks it.

use serde::{Deserialize, Serialize};

use super::record::{Line, Record, Score};

/// The CSV header, in column order (the order of [`Row`]'s fields).
pub const HEADER: [&str; 17] = [
    "id",
    "fen",
    "moves",
    "score_cp",
    "score_mate",
    "wdl_win",
    "wdl_draw",
    "wdl_loss",
    "best_san",
    "best_uci",
    "pv_uci",
    "pv_san",
    "depth",
    "seldepth",
    "nodes",
    "time_ms",
    "multipv",
];

/// One position as written. Moves and PVs are space-separated words;
/// `None` is an empty CSV field and a JSON `null`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    pub id: String,
    pub fen: String,
    pub moves: String,
    pub score_cp: Option<i32>,
    pub score_mate: Option<i32>,
    pub wdl_win: Option<u32>,
    pub wdl_draw: Option<u32>,
    pub wdl_loss: Option<u32>,
    pub best_san: String,
    pub best_uci: String,
    pub pv_uci: String,
    pub pv_san: String,
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    pub multipv: u32,
    /// Every MultiPV line: in the JSON lines file only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<Vec<LineRow>>,
    /// Line 1's centipawns at each depth from 1 (`null` for a mate): in the
    /// JSON lines file only, when the search recorded them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth_scores_cp: Option<Vec<Option<i32>>>,
}

/// One MultiPV line in the JSON lines file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineRow {
    pub multipv: u32,
    pub score_cp: Option<i32>,
    pub score_mate: Option<i32>,
    pub pv_uci: String,
    pub pv_san: String,
}

fn score(cp: Option<i32>, mate: Option<i32>) -> Result<Score, String> {
    match (cp, mate) {
        (Some(cp), None) => Ok(Score::Cp(cp)),
        (None, Some(m)) => Ok(Score::Mate(m)),
        _ => Err("needs exactly one of score_cp and score_mate".to_string()),
    }
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

fn line(score_cp: Option<i32>, score_mate: Option<i32>, pv_uci: &str, pv_san: &str) -> Result<Line, String> {
    let (pv_uci, pv_san) = (words(pv_uci), words(pv_san));
    if pv_uci.is_empty() || pv_uci.len() != pv_san.len() {
        return Err("pv_uci and pv_san must be the same non-empty line".to_string());
    }
    Ok(Line { score: score(score_cp, score_mate)?, pv_uci, pv_san })
}

impl Row {
    /// The row of `r`; `all_lines` adds every MultiPV line (JSON).
    pub fn new(r: &Record, all_lines: bool) -> Row {
        let first = &r.lines[0];
        let lines = all_lines.then(|| {
            r.lines
                .iter()
                .enumerate()
                .map(|(i, l)| LineRow {
                    multipv: i as u32 + 1,
                    score_cp: l.score.cp(),
                    score_mate: l.score.mate(),
                    pv_uci: l.pv_uci.join(" "),
                    pv_san: l.pv_san.join(" "),
                })
                .collect()
        });
        Row {
            id: r.id.clone(),
            fen: r.fen.clone(),
            moves: r.moves.join(" "),
            score_cp: first.score.cp(),
            score_mate: first.score.mate(),
            wdl_win: r.wdl.map(|w| w.0),
            wdl_draw: r.wdl.map(|w| w.1),
            wdl_loss: r.wdl.map(|w| w.2),
            best_san: r.best_san().to_string(),
            best_uci: r.best_uci().to_string(),
            pv_uci: first.pv_uci.join(" "),
            pv_san: first.pv_san.join(" "),
            depth: r.depth,
            seldepth: r.seldepth,
            nodes: r.nodes,
            time_ms: r.time_ms,
            multipv: r.multipv,
            lines,
            depth_scores_cp: (all_lines && !r.depth_scores.is_empty()).then(|| r.depth_scores.clone()),
        }
    }

    /// The record this row stands for, checked: one score per line, PVs in
    /// both notations, chances all given or none.
    pub fn record(self) -> Result<Record, String> {
        let wdl = match (self.wdl_win, self.wdl_draw, self.wdl_loss) {
            (Some(w), Some(d), Some(l)) => Some((w, d, l)),
            (None, None, None) => None,
            _ => return Err("wdl_win, wdl_draw and wdl_loss must be all set or all empty".to_string()),
        };
        let lines = match &self.lines {
            None => vec![line(self.score_cp, self.score_mate, &self.pv_uci, &self.pv_san)?],
            Some(ls) if ls.is_empty() => return Err("'lines' is empty".to_string()),
            Some(ls) => ls
                .iter()
                .map(|l| line(l.score_cp, l.score_mate, &l.pv_uci, &l.pv_san))
                .collect::<Result<_, _>>()?,
        };
        Ok(Record {
            id: self.id,
            fen: self.fen,
            moves: words(&self.moves),
            wdl,
            lines,
            multipv: self.multipv,
            depth: self.depth,
            seldepth: self.seldepth,
            nodes: self.nodes,
            time_ms: self.time_ms,
            depth_scores: self.depth_scores_cp.unwrap_or_default(),
        })
    }
}
