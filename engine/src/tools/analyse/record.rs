//! The result of analysing one position, as written to the CSV and JSON
//! lines files, and how it is built from a finished search.

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position};

use rockad_search::{IterationReport, ScoreBand, SearchOutcome, band};
use rockad_uci::format_move;

use super::select::{Key, Task};
use super::wdl;

/// A score from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves: positive when White mates.
    Mate(i32),
}

impl Score {
    pub fn cp(self) -> Option<i32> {
        match self {
            Score::Cp(v) => Some(v),
            Score::Mate(_) => None,
        }
    }

    pub fn mate(self) -> Option<i32> {
        match self {
            Score::Mate(v) => Some(v),
            Score::Cp(_) => None,
        }
    }

    /// How unbalanced the position is: |cp|, with any mate beyond every
    /// centipawn score and shorter mates further.
    pub fn imbalance(self) -> i64 {
        match self {
            Score::Cp(v) => i64::from(v).abs(),
            Score::Mate(n) => 1_000_000 - i64::from(n).abs(),
        }
    }

    /// `+25 cp`, `-110 cp`, `#3`, `#-2`: centipawns, as every figure of
    /// the summary and the chart.
    pub fn text(self) -> String {
        match self {
            Score::Cp(v) => format!("{v:+} cp"),
            Score::Mate(n) => format!("#{n}"),
        }
    }
}

/// One principal variation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub score: Score,
    pub pv_uci: Vec<String>,
    pub pv_san: Vec<String>,
}

/// One analysed position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub id: String,
    /// Shredder-FEN of the position before `moves`.
    pub fen: String,
    pub moves: Vec<String>,
    /// Win/draw/loss per mille from White's side, when a model exists.
    pub wdl: Option<(u32, u32, u32)>,
    /// Line 1 first. Records read back from the CSV keep only line 1.
    pub lines: Vec<Line>,
    /// How many lines the search reported (`lines.len()` when fresh).
    pub multipv: u32,
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    /// Line 1's score (White's side, centipawns) at each completed depth,
    /// depth 1 first; `None` at a depth that found a mate or a tablebase
    /// result. Kept in the JSON lines file; empty when read from the CSV.
    pub depth_scores: Vec<Option<i32>>,
}

impl Record {
    pub fn key(&self) -> Key {
        (self.id.clone(), self.fen.clone(), self.moves.join(" "))
    }

    pub fn score(&self) -> Score {
        self.lines.first().map_or(Score::Cp(0), |l| l.score)
    }

    pub fn best_uci(&self) -> &str {
        self.lines.first().and_then(|l| l.pv_uci.first()).map_or("", String::as_str)
    }

    pub fn best_san(&self) -> &str {
        self.lines.first().and_then(|l| l.pv_san.first()).map_or("", String::as_str)
    }
}

/// The internal score of the side to move in `root` as a White-side
/// [`Score`], centipawns normalised as in `info` lines.
fn white_score(internal: i32, root: &Chess) -> Score {
    match crate::scores::white_score(internal, root) {
        rockad_uci::Score::Mate(n) => Score::Mate(n),
        rockad_uci::Score::Cp(cp) => Score::Cp(cp),
    }
}

/// A PV as UCI and SAN text, stopping at the first move that is not legal.
fn pv_text(root: &Chess, pv: &[Move]) -> (Vec<String>, Vec<String>) {
    let mut pos = root.clone();
    let (mut uci, mut san) = (Vec::new(), Vec::new());
    for &m in pv {
        if !pos.is_legal(m) {
            break;
        }
        uci.push(format_move(m, true));
        san.push(SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
    }
    (uci, san)
}

/// The mean of the last `n` of line 1's scores by depth (internal, the side
/// to move's), rounded; `None` with fewer than `n` depths or where one of
/// them is a mate or a tablebase result (no centipawns to average).
pub fn averaged(by_depth: &[(u32, i32)], n: usize) -> Option<i32> {
    if n == 0 || by_depth.len() < n {
        return None;
    }
    let last = &by_depth[by_depth.len() - n..];
    if last.iter().any(|&(_, s)| !matches!(band(s), ScoreBand::Normal(_))) {
        return None;
    }
    let sum: i64 = last.iter().map(|&(_, s)| i64::from(s)).sum();
    Some((sum as f64 / n as f64).round() as i32)
}

/// Builds the record of a finished search. `reports[i]` is the last report
/// of line `i + 1`; `by_depth` line 1's exact score at each depth, in
/// order. Line 1 follows the outcome (the move the search chose, which may
/// come from a helper thread or an unfinished iteration); with `average`
/// above 1 its score (and the chances) is the mean of the last `average`
/// completed depths' scores, where they are all centipawns.
pub fn from_search(
    task: &Task,
    outcome: &SearchOutcome,
    reports: &[Option<IterationReport>],
    by_depth: &[(u32, i32)],
    average: usize,
    time_ms: u64,
) -> Option<Record> {
    let best = outcome.best?;
    let first = reports.first().and_then(Option::as_ref);
    let pv1 = match first {
        Some(r) if r.pv.first() == Some(&best) => r.pv.clone(),
        _ => vec![best],
    };
    let (pv_uci, pv_san) = pv_text(&task.root, &pv1);
    // An unfinished last iteration has no say in the scores by depth.
    let completed: Vec<(u32, i32)> = by_depth.iter().copied().filter(|&(d, _)| d <= outcome.depth).collect();
    let score =
        if average > 1 { averaged(&completed, average).unwrap_or(outcome.score) } else { outcome.score };
    let depth_scores = completed.iter().map(|&(_, s)| white_score(s, &task.root).cp()).collect();
    let mut lines = vec![Line { score: white_score(score, &task.root), pv_uci, pv_san }];
    for r in reports.iter().skip(1).flatten() {
        let (pv_uci, pv_san) = pv_text(&task.root, &r.pv);
        if !pv_uci.is_empty() {
            lines.push(Line { score: white_score(r.score, &task.root), pv_uci, pv_san });
        }
    }
    // A root in the tablebases has a certain result; otherwise the model's.
    let wdl = Some(match outcome.tb_result {
        Some(r) => crate::scores::white_tb_wdl(r, &task.root),
        None => wdl::estimate(score, &task.root),
    });
    Some(Record {
        id: task.id.clone(),
        fen: task.fen.clone(),
        moves: task.moves.clone(),
        wdl,
        multipv: lines.len() as u32,
        lines,
        depth: outcome.depth,
        seldepth: first.map_or(0, |r| r.seldepth),
        nodes: outcome.nodes,
        time_ms,
        depth_scores,
    })
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use rockad_search::{MATE, TB_WIN_BOUND};

    /// A record with made-up values for the writers' tests.
    pub fn sample(id: &str, score: Score) -> Record {
        Record {
            id: id.to_string(),
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1".to_string(),
            moves: vec![],
            wdl: None,
            lines: vec![Line {
                score,
                pv_uci: vec!["e2e4".into(), "e7e5".into(), "g1f3".into()],
                pv_san: vec!["e4".into(), "e5".into(), "Nf3".into()],
            }],
            multipv: 1,
            depth: 7,
            seldepth: 11,
            nodes: 12345,
            time_ms: 67,
            depth_scores: vec![],
        }
    }

    #[test]
    fn the_mean_of_the_last_depths() {
        let d = [(1, 40), (2, 10), (3, 31), (4, 20)];
        assert_eq!(averaged(&d, 1), Some(20));
        assert_eq!(averaged(&d, 2), Some(26)); // 25.5 rounds away from zero
        assert_eq!(averaged(&d, 3), Some(20)); // (10 + 31 + 20) / 3 = 20.33
        assert_eq!(averaged(&d, 4), Some(25)); // 25.25
        assert_eq!(averaged(&d, 5), None, "too few depths");
        assert_eq!(averaged(&[(1, -7), (2, -8)], 2), Some(-8)); // -7.5
        // A mate or a tablebase result among them: nothing to average.
        assert_eq!(averaged(&[(1, 30), (2, MATE - 5)], 2), None);
        assert_eq!(averaged(&[(1, 30), (2, MATE - 5)], 1), None);
        assert_eq!(averaged(&[(1, MATE - 5), (2, 30)], 1), Some(30));
        assert_eq!(averaged(&[(1, -TB_WIN_BOUND), (2, 30)], 2), None);
    }

    #[test]
    fn scores_from_whites_side() {
        let white = Chess::default();
        let black = white.clone().play(shakmaty::Move::Normal {
            role: shakmaty::Role::Pawn,
            from: shakmaty::Square::E2,
            capture: None,
            to: shakmaty::Square::E4,
            promotion: None,
        });
        let black = black.unwrap();
        // Centipawns are normalised (as in `info` lines) and turned to White's side.
        let cp = rockad_eval::wdl::normalise(300, 78);
        assert_eq!(white_score(300, &white), Score::Cp(cp));
        assert_eq!(white_score(300, &black), Score::Cp(-cp));
        // Side to move mates in 2 (3 plies).
        assert_eq!(white_score(MATE - 3, &white), Score::Mate(2));
        assert_eq!(white_score(MATE - 3, &black), Score::Mate(-2));
        // Side to move is mated in 1 (2 plies).
        assert_eq!(white_score(-(MATE - 2), &black), Score::Mate(1));
        // Chances from White's side too; a mate is certain.
        let (w, d, l) = wdl::estimate(300, &black);
        assert!(w + d + l == 1000 && l > w, "{w} {d} {l}");
        assert_eq!(wdl::estimate(MATE - 3, &black), (0, 0, 1000));
        assert_eq!(Score::Cp(-7).text(), "-7 cp");
        assert_eq!(Score::Cp(125).text(), "+125 cp");
        assert_eq!(Score::Cp(0).text(), "+0 cp");
        assert_eq!(Score::Mate(-3).text(), "#-3");
        assert!(Score::Mate(-9).imbalance() > Score::Cp(5000).imbalance());
        assert!(Score::Mate(2).imbalance() > Score::Mate(9).imbalance());
    }

    #[test]
    fn pv_in_san_with_chess960_castling() {
        let (pos, _) = rockad_uci::parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let castle = rockad_uci::parse_move(&pos, "e1h1").unwrap();
        let (uci, san) = pv_text(&pos, &[castle, castle]);
        // The second move is not legal after the first: the PV stops there.
        assert_eq!((uci, san), (vec!["e1h1".to_string()], vec!["O-O".to_string()]));
    }
}
