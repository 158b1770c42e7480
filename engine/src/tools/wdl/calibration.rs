//! How well models predict results: positions grouped by score band or by
//! material, each group's observed win, draw and loss shares beside the
//! mean chances each model gives its positions. `rockad wdl --pgn` shows
//! it for the games it held out of the fit, for the model the games were
//! played with and the new one.

use rockad_eval::wdl::{MATERIAL_MIN, Model};

/// One position: internal score and result (0 loss, 1 draw, 2 win) from
/// the side to move's view, the material, and the game it is from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub v: i32,
    pub material: u32,
    pub result: u8,
    pub game: u32,
}

/// How positions are grouped.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum By {
    /// By the centipawns `model` reports for them (`normalise`).
    Score(Model),
    /// By the material on the board.
    Material,
}

/// Upper ends of the score bands, centipawns (the last band is open).
const SCORE_BANDS: [(i32, &str); 9] = [
    (-300, "≤ −300"),
    (-151, "−299..−151"),
    (-51, "−150..−51"),
    (-16, "−50..−16"),
    (15, "−15..15"),
    (50, "16..50"),
    (150, "51..150"),
    (299, "151..299"),
    (i32::MAX, "≥ 300"),
];

/// Upper ends of the material bands (below 17 counts as 17, as in the model).
const MATERIAL_BANDS: [(u32, &str); 4] = [(30, "17-30"), (45, "31-45"), (60, "46-60"), (u32::MAX, "61-78")];

/// One group: how many positions from how many games, what happened
/// (shares `[loss, draw, win]`), the standard error of the draw share
/// counting each game as one unit (positions of a game share its result),
/// and each model's mean predicted shares.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub label: String,
    pub positions: u64,
    pub games: u64,
    pub observed: [f64; 3],
    pub draw_se: f64,
    pub predicted: Vec<[f64; 3]>,
}

fn band(by: &By, p: &Position) -> usize {
    match by {
        By::Score(model) => {
            let cp = model.normalise(p.v, p.material);
            SCORE_BANDS.iter().position(|&(top, _)| cp <= top).unwrap_or(SCORE_BANDS.len() - 1)
        }
        By::Material => {
            let m = p.material.max(MATERIAL_MIN);
            MATERIAL_BANDS.iter().position(|&(top, _)| m <= top).unwrap_or(MATERIAL_BANDS.len() - 1)
        }
    }
}

fn labels(by: &By) -> Vec<&'static str> {
    match by {
        By::Score(_) => SCORE_BANDS.iter().map(|b| b.1).collect(),
        By::Material => MATERIAL_BANDS.iter().map(|b| b.1).collect(),
    }
}

/// The rows of one group of positions (empty groups give no row).
fn row(label: &str, group: &[&Position], models: &[Model]) -> Option<Row> {
    if group.is_empty() {
        return None;
    }
    let n = group.len() as f64;
    let mut observed = [0.0; 3];
    let mut predicted = vec![[0.0; 3]; models.len()];
    for p in group {
        observed[usize::from(p.result.min(2))] += 1.0 / n;
        for (sum, model) in predicted.iter_mut().zip(models) {
            for (s, c) in sum.iter_mut().zip(model.chances(f64::from(p.v), p.material)) {
                *s += c / n;
            }
        }
    }
    // Game-clustered standard error of the draw share.
    let mut by_game: std::collections::BTreeMap<u32, f64> = std::collections::BTreeMap::new();
    for p in group {
        *by_game.entry(p.game).or_default() += f64::from(u8::from(p.result == 1)) - observed[1];
    }
    let draw_se = by_game.values().map(|d| d * d).sum::<f64>().sqrt() / n;
    Some(Row {
        label: label.to_string(),
        positions: group.len() as u64,
        games: by_game.len() as u64,
        observed,
        draw_se,
        predicted,
    })
}

/// The table: one row per band with positions in it, then one for all.
pub fn table(positions: &[Position], by: &By, models: &[Model]) -> Vec<Row> {
    let names = labels(by);
    let mut groups: Vec<Vec<&Position>> = vec![Vec::new(); names.len()];
    for p in positions {
        groups[band(by, p)].push(p);
    }
    let mut rows: Vec<Row> = groups.iter().zip(&names).filter_map(|(g, l)| row(l, g, models)).collect();
    rows.extend(row("all", &positions.iter().collect::<Vec<_>>(), models));
    rows
}

/// The band rows (not "all") with at least `min_positions`, and the largest
/// gap there between model `index`'s predicted draw share and the observed
/// one: `(label, gap in percentage points)`.
pub fn worst_draw_gap(rows: &[Row], index: usize, min_positions: u64) -> Option<(String, f64)> {
    rows.iter()
        .filter(|r| r.label != "all" && r.positions >= min_positions)
        .map(|r| (r.label.clone(), 100.0 * (r.predicted[index][1] - r.observed[1])))
        .max_by(|a, b| a.1.abs().total_cmp(&b.1.abs()))
}

/// The mean log-likelihood per position of the results under `model`: one
/// number to rank models by, where the tables show where they miss.
pub fn mean_log_likelihood(positions: &[Position], model: &Model) -> f64 {
    let sum: f64 = positions
        .iter()
        .map(|p| model.chances(f64::from(p.v), p.material)[usize::from(p.result.min(2))].max(1e-12).ln())
        .sum();
    sum / positions.len().max(1) as f64
}

fn shares(s: &[f64; 3]) -> String {
    format!("{:.1} / {:.1} / {:.1}", 100.0 * s[2], 100.0 * s[1], 100.0 * s[0])
}

/// Each row's cells: label, positions, games, observed W / D / L, draw
/// standard error, then per model W / D / L and the draw gap.
fn cells(r: &Row) -> Vec<String> {
    let mut c = vec![
        r.label.clone(),
        r.positions.to_string(),
        r.games.to_string(),
        shares(&r.observed),
        format!("{:.1}", 100.0 * r.draw_se),
    ];
    for p in &r.predicted {
        c.push(shares(p));
        c.push(format!("{:+.1}", 100.0 * (p[1] - r.observed[1])));
    }
    c
}

fn header(first: &str, models: &[&str]) -> Vec<String> {
    let mut h: Vec<String> = [first, "positions", "games", "observed W / D / L %", "D ± (games)"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for m in models {
        h.push(format!("{m} W / D / L %"));
        h.push(format!("{m} D − obs."));
    }
    h
}

/// The table as aligned text lines (for the terminal).
pub fn text(first: &str, rows: &[Row], models: &[&str]) -> Vec<String> {
    let mut all = vec![header(first, models)];
    all.extend(rows.iter().map(cells));
    let width = |i: usize| all.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..all[0].len()).map(width).collect();
    all.iter()
        .map(|r| {
            let padded: Vec<String> = r
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(i, (c, w))| {
                    let pad = " ".repeat(w - c.chars().count());
                    if i == 0 { format!("{c}{pad}") } else { format!("{pad}{c}") }
                })
                .collect();
            padded.join("  ").trim_end().to_string()
        })
        .collect()
}

/// The table in Markdown.
pub fn markdown(first: &str, rows: &[Row], models: &[&str]) -> String {
    let line = |cells: Vec<String>| format!("| {} |\n", cells.join(" | "));
    let head = header(first, models);
    let mut out = line(head.clone());
    out.push_str(&line(
        head.iter().enumerate().map(|(i, _)| if i == 0 { "---" } else { "---:" }.into()).collect(),
    ));
    for r in rows {
        let mut c = cells(r);
        if r.label == "all" {
            c[0] = "**all**".into();
        }
        out.push_str(&line(c));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// a(m) = 100, b(m) = 50 everywhere: normalised centipawns are internal ones.
    const FLAT: Model = Model::logistic([0.0, 0.0, 0.0, 100.0], [0.0, 0.0, 0.0, 50.0]);

    fn at(v: i32, material: u32, result: u8, game: u32) -> Position {
        Position { v, material, result, game }
    }

    #[test]
    fn rows_count_observe_and_predict() {
        let positions = [
            at(0, 78, 1, 0),
            at(10, 78, 1, 0),
            at(-10, 40, 0, 1),
            at(-15, 40, 2, 2),
            at(16, 20, 2, 2),
            at(100, 10, 2, 3),
            at(400, 60, 2, 3),
            at(-300, 61, 0, 4),
        ];
        let rows = table(&positions, &By::Score(FLAT), &[FLAT]);
        let labels: Vec<&str> = rows.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels, ["≤ −300", "−15..15", "16..50", "51..150", "≥ 300", "all"]);
        let level = &rows[1];
        assert_eq!((level.positions, level.games), (4, 3));
        assert_eq!(level.observed, [0.25, 0.5, 0.25]);
        // Mean of the model's chances at 0, 10, −10, −15.
        let mean = [0.0, 10.0, -10.0, -15.0].map(|v| FLAT.chances(v, 40)[1]).iter().sum::<f64>() / 4.0;
        assert!((level.predicted[0][1] - mean).abs() < 1e-12);
        assert_eq!(rows.last().unwrap().positions, 8);
        // Two draws in game 0 against a share of 1/2: the clustered error
        // sees games, not positions: sqrt((2·0.5)² + 0.5² + 0.5²) / 4.
        assert!((level.draw_se - (1.5f64).sqrt() / 4.0).abs() < 1e-12, "{}", level.draw_se);

        let rows = table(&positions, &By::Material, &[FLAT, FLAT]);
        let counts: Vec<(&str, u64)> = rows.iter().map(|r| (r.label.as_str(), r.positions)).collect();
        assert_eq!(counts, [("17-30", 2), ("31-45", 2), ("46-60", 1), ("61-78", 3), ("all", 8)]);
        assert_eq!(rows[0].predicted.len(), 2);
    }

    #[test]
    fn the_worst_gap_looks_only_at_big_enough_bands() {
        let mut positions: Vec<Position> = (0..10).map(|i| at(0, 78, 1, i)).collect();
        positions.push(at(1000, 78, 1, 99));
        let rows = table(&positions, &By::Score(FLAT), &[FLAT]);
        let draw_at_0 = 100.0 * FLAT.chances(0.0, 78)[1];
        let (label, gap) = worst_draw_gap(&rows, 0, 5).unwrap();
        assert_eq!(label, "−15..15");
        assert!((gap - (draw_at_0 - 100.0)).abs() < 1e-9, "{gap}");
        assert_eq!(worst_draw_gap(&rows, 0, 11), None);
    }

    #[test]
    fn text_and_markdown_tables() {
        let rows = table(&[at(0, 78, 1, 0), at(500, 78, 2, 1)], &By::Score(FLAT), &[FLAT]);
        let lines = text("score", &rows, &["flat"]);
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with("score") && lines[0].contains("flat D − obs."), "{lines:?}");
        assert!(lines[3].starts_with("all     ") && lines[3].contains("50.0 / 50.0 / 0.0"), "{lines:?}");
        let md = markdown("score", &rows, &["flat"]);
        let md: Vec<&str> = md.lines().collect();
        assert_eq!(md.len(), 5);
        assert!(md[1].starts_with("| --- | ---: |"), "{md:?}");
        assert!(md[4].starts_with("| **all** | 2 | 2 | 50.0 / 50.0 / 0.0 |"), "{md:?}");
    }
}
