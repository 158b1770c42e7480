//! `--compare FILE.csv`: another engine's scores of the same positions, as
//! `scripts/atlas-compare.py --scores` writes them (columns `id` and
//! `score_cp`, White's side; an empty score is a mate). The page shows them
//! beside Rockad's with the agreement of the two, measured as that script
//! does: the Spearman rank correlation (average ranks for ties) and the
//! mean absolute difference over the positions both scored in centipawns.

use std::collections::HashMap;
use std::path::Path;

use super::record::Record;

/// The other engine's scores.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The file's name without its extension, as the column heading.
    pub name: String,
    /// Id → centipawns, `None` for a mate.
    pub scores: HashMap<String, Option<i32>>,
}

impl Comparison {
    /// The other score of record `r`: `None` if the file lacks it,
    /// `Some(None)` for a mate.
    pub fn score(&self, r: &Record) -> Option<Option<i32>> {
        self.scores.get(&r.id).copied()
    }
}

/// How closely two sets of scores agree.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Agreement {
    /// Positions scored in centipawns by both.
    pub positions: usize,
    pub spearman: f64,
    /// Mean absolute difference in centipawns.
    pub mean_difference: f64,
}

/// Reads the scores file at `path`.
pub fn load(path: &str) -> Result<Comparison, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("--compare: cannot read {path}: {e}"))?;
    let name = Path::new(path).file_stem().map_or(path.into(), |s| s.to_string_lossy()).into_owned();
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(text.as_bytes());
    let header = reader.headers().map_err(|e| format!("--compare: {path}: {e}"))?.clone();
    let column = |name: &str| {
        header.iter().position(|h| h.trim() == name).ok_or_else(|| {
            format!(
                "--compare: {path} has no '{name}' column (expected id,score_cp as atlas-compare.py writes)"
            )
        })
    };
    let (id_at, score_at) = (column("id")?, column("score_cp")?);
    let mut scores = HashMap::new();
    for (i, row) in reader.records().enumerate() {
        let line = i + 2;
        let row = row.map_err(|e| format!("--compare: {path} line {line}: {e}"))?;
        let (Some(id), Some(score)) = (row.get(id_at), row.get(score_at)) else {
            return Err(format!("--compare: {path} line {line}: too few fields"));
        };
        let score = match score.trim() {
            "" => None,
            v => Some(v.parse::<i32>().map_err(|_| {
                format!("--compare: {path} line {line}: score_cp '{v}' is not a whole number")
            })?),
        };
        scores.insert(id.trim().to_string(), score);
    }
    Ok(Comparison { name, scores })
}

/// The agreement of `records`' scores with the other engine's, mates on
/// either side left out; `None` when no position has both.
pub fn agreement(records: &[Record], other: &Comparison) -> Option<Agreement> {
    let pairs: Vec<(f64, f64)> = records
        .iter()
        .filter_map(|r| Some((f64::from(r.score().cp()?), f64::from(other.score(r)??))))
        .collect();
    if pairs.is_empty() {
        return None;
    }
    let (xs, ys): (Vec<f64>, Vec<f64>) = pairs.iter().copied().unzip();
    let mean_difference = pairs.iter().map(|(x, y)| (x - y).abs()).sum::<f64>() / pairs.len() as f64;
    Some(Agreement { positions: pairs.len(), spearman: spearman(&xs, &ys), mean_difference })
}

/// Ranks from 0, tied values sharing the average of their ranks.
fn ranks(v: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..v.len()).collect();
    order.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
    let mut r = vec![0.0; v.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && v[order[j + 1]] == v[order[i]] {
            j += 1;
        }
        for &k in &order[i..=j] {
            r[k] = (i + j) as f64 / 2.0;
        }
        i = j + 1;
    }
    r
}

/// The Spearman rank correlation: Pearson's over the ranks (0 when either
/// side is constant).
fn spearman(xs: &[f64], ys: &[f64]) -> f64 {
    let (rx, ry) = (ranks(xs), ranks(ys));
    let n = xs.len() as f64;
    let (mx, my) = (rx.iter().sum::<f64>() / n, ry.iter().sum::<f64>() / n);
    let cov: f64 = rx.iter().zip(&ry).map(|(a, b)| (a - mx) * (b - my)).sum();
    let vx: f64 = rx.iter().map(|a| (a - mx).powi(2)).sum();
    let vy: f64 = ry.iter().map(|b| (b - my).powi(2)).sum();
    if vx != 0.0 && vy != 0.0 { cov / (vx * vy).sqrt() } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::analyse::record::Score;
    use crate::tools::analyse::record::tests::sample;

    #[test]
    fn ranks_share_ties_and_spearman_matches_the_script() {
        assert_eq!(ranks(&[10.0, 30.0, 20.0, 20.0]), vec![0.0, 3.0, 1.5, 1.5]);
        assert!((spearman(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]) - 1.0).abs() < 1e-12);
        assert!((spearman(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]) + 1.0).abs() < 1e-12);
        assert_eq!(spearman(&[1.0, 1.0], &[1.0, 2.0]), 0.0);
        // scripts/atlas-compare.py's spearman([1, 2, 2, 5, 3], [2, 1, 4, 4, 9]) = 0.6052...
        let r = spearman(&[1.0, 2.0, 2.0, 5.0, 3.0], &[2.0, 1.0, 4.0, 4.0, 9.0]);
        assert!((r - 0.605_263_157_894_736_8).abs() < 1e-12, "{r}");
    }

    #[test]
    fn reads_the_scores_file_and_leaves_mates_out() {
        let path = std::env::temp_dir().join(format!("rockad-compare-{}.csv", std::process::id()));
        std::fs::write(&path, "id,score_cp\n1,30\n0,\n2,-10\n518,25\n").unwrap();
        let other = load(&path.to_string_lossy()).unwrap();
        let _ = std::fs::remove_file(&path);
        assert_eq!(other.name, format!("rockad-compare-{}", std::process::id()));
        assert_eq!(other.scores.get("0"), Some(&None));
        assert_eq!(other.scores.get("1"), Some(&Some(30)));
        let records = [
            sample("0", Score::Cp(40)),    // a mate there: left out
            sample("1", Score::Cp(20)),    // 10 apart
            sample("2", Score::Cp(0)),     // 10 apart
            sample("518", Score::Mate(3)), // a mate here: left out
            sample("7", Score::Cp(5)),     // not in the file
        ];
        assert_eq!(other.score(&records[4]), None);
        let a = agreement(&records, &other).unwrap();
        assert_eq!(a, Agreement { positions: 2, spearman: 1.0, mean_difference: 10.0 });
        assert_eq!(agreement(&records[3..], &other), None);
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let path = std::env::temp_dir().join(format!("rockad-compare-bad-{}.csv", std::process::id()));
        let p = path.to_string_lossy().into_owned();
        std::fs::write(&path, "id,cp\n1,30\n").unwrap();
        assert!(load(&p).unwrap_err().contains("no 'score_cp' column"));
        std::fs::write(&path, "id,score_cp\n1,3.5\n").unwrap();
        assert!(load(&p).unwrap_err().contains("line 2: score_cp '3.5'"));
        let _ = std::fs::remove_file(&path);
        assert!(load(&p).unwrap_err().contains("cannot read"));
    }
}
