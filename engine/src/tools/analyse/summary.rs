//! The text summary of all records: the most and least balanced positions,
//! the score distribution in 25 cp buckets, mean, median and standard
//! deviation, and where the standard position (518) ranks.

use std::fmt::Write;

use super::record::Record;
use crate::frc;

/// How many positions each of the two lists shows.
const LIST: usize = 10;
/// Width of a histogram bucket in centipawns.
const BUCKET: i32 = 25;
/// Characters of the longest histogram bar.
const BAR: usize = 50;

/// `518 RNBQKBNR`, `12:845 BQNBRKRN/RNBQKBNR`, or the id alone.
pub fn label(id: &str) -> String {
    let name = |n: &str| n.parse::<u32>().ok().and_then(frc::back_rank_name);
    if let Some(rank) = name(id) {
        return format!("{id} {rank}");
    }
    if let Some((w, b)) = id.split_once(':')
        && let (Some(w), Some(b)) = (name(w), name(b))
    {
        return format!("{id} {w}/{b}");
    }
    id.to_string()
}

fn describe(r: &Record) -> String {
    let moves = if r.moves.is_empty() { String::new() } else { format!(" after {}", r.moves.join(" ")) };
    format!("{:>8}  {}{moves}  best {}", r.score().text(), label(&r.id), r.best_san())
}

/// The summary text, ending with a line break.
pub fn summary(records: &[Record]) -> String {
    let mut out = String::new();
    let n = records.len();
    let _ = writeln!(
        out,
        "Positions analysed: {n} (scores in centipawns from White's side; #N = mate in N moves)"
    );
    if n == 0 {
        return out;
    }
    let mut by_balance: Vec<&Record> = records.iter().collect();
    // Stable sort: ties keep the records' order.
    by_balance.sort_by_key(|r| r.score().imbalance());
    let shown = LIST.min(n);
    let _ = writeln!(out, "\nMost balanced (smallest |score|):");
    for r in &by_balance[..shown] {
        let _ = writeln!(out, "  {}", describe(r));
    }
    let _ = writeln!(out, "\nLeast balanced (largest |score|):");
    for r in by_balance.iter().rev().take(shown) {
        let _ = writeln!(out, "  {}", describe(r));
    }

    let mut cps: Vec<i32> = records.iter().filter_map(|r| r.score().cp()).collect();
    let mates: Vec<i32> = records.iter().filter_map(|r| r.score().mate()).collect();
    cps.sort_unstable();
    if !cps.is_empty() {
        let len = cps.len() as f64;
        let mean = cps.iter().map(|&v| f64::from(v)).sum::<f64>() / len;
        let var = cps.iter().map(|&v| (f64::from(v) - mean).powi(2)).sum::<f64>() / len;
        let mid = cps.len() / 2;
        let median =
            if cps.len() % 2 == 1 { f64::from(cps[mid]) } else { f64::from(cps[mid - 1] + cps[mid]) / 2.0 };
        let _ = writeln!(
            out,
            "\nCentipawn scores: mean {mean:+.1}, median {median:+.1}, stdev {:.1}, min {:+}, max {:+}",
            var.sqrt(),
            cps[0],
            cps[cps.len() - 1]
        );
    }
    if !mates.is_empty() {
        let white = mates.iter().filter(|&&m| m > 0).count();
        let _ = writeln!(
            out,
            "Mate scores (left out of the figures above): {white} for White, {} for Black",
            mates.len() - white
        );
    }
    if !cps.is_empty() {
        histogram(&mut out, &cps);
    }

    if let Some(std) = records.iter().find(|r| r.id == frc::STANDARD.to_string() && r.moves.is_empty()) {
        let own = std.score().imbalance();
        let rank = 1 + records.iter().filter(|r| r.score().imbalance() < own).count();
        let ties = records.iter().filter(|r| r.score().imbalance() == own).count() - 1;
        let tied = if ties > 0 { format!(" ({ties} others equally balanced)") } else { String::new() };
        let _ = writeln!(
            out,
            "\nStandard chess (518 RNBQKBNR): {}, rank {rank} of {n} by |score| (1 = most balanced){tied}",
            std.score().text()
        );
    }
    out
}

/// Buckets of 25 cp from the lowest score to the highest, text bars.
fn histogram(out: &mut String, sorted: &[i32]) {
    let bucket = |v: i32| v.div_euclid(BUCKET);
    let (lo, hi) = (bucket(sorted[0]), bucket(sorted[sorted.len() - 1]));
    let counts: Vec<usize> = (lo..=hi).map(|b| sorted.iter().filter(|&&v| bucket(v) == b).count()).collect();
    let most = counts.iter().copied().max().unwrap_or(1).max(1);
    let _ = writeln!(out, "\nDistribution (25 cp buckets, White's side):");
    for (b, count) in (lo..=hi).zip(counts) {
        let len = (count * BAR).div_ceil(most);
        let _ = writeln!(
            out,
            "  {:>+5} .. {:>+5}  {:>5}  {}",
            b * BUCKET,
            b * BUCKET + BUCKET - 1,
            count,
            "#".repeat(len)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::analyse::record::Score;
    use crate::tools::analyse::record::tests::sample;

    #[test]
    fn lists_statistics_histogram_and_the_standard_rank() {
        let mut records: Vec<Record> =
            (0..30).map(|i| sample(&i.to_string(), Score::Cp(i * 10 - 100))).collect();
        records.push(sample("518", Score::Cp(35)));
        records.push(sample("600", Score::Mate(-4)));
        let s = summary(&records);
        assert!(s.starts_with("Positions analysed: 32 (scores in centipawns"), "{s}");
        let most = s.split("Most balanced").nth(1).unwrap();
        assert!(most.lines().nth(1).unwrap().contains("   +0 cp  10 "), "{s}");
        let least = s.split("Least balanced").nth(1).unwrap();
        assert!(least.lines().nth(1).unwrap().contains(&format!("#-4  {}", label("600"))), "{s}");
        assert!(least.lines().nth(2).unwrap().contains(" +190 cp  29 "), "{s}");
        assert_eq!(
            most.lines().take_while(|l| !l.starts_with("Least")).filter(|l| l.starts_with("  ")).count(),
            10
        );
        // 31 centipawn scores: -100..=190 step 10, plus 35.
        assert!(s.contains("Mate scores (left out of the figures above): 0 for White, 1 for Black"), "{s}");
        assert!(s.contains("median +40.0"), "{s}");
        assert!(s.contains("min -100, max +190"), "{s}");
        assert!(s.contains("   -100 ..   -76      3  "), "{s}");
        assert!(s.contains("    +25 ..   +49      3  "), "{s}");
        // |35| is beaten by 0, ±10, ±20, ±30: rank 8.
        assert!(s.contains("Standard chess (518 RNBQKBNR): +35 cp, rank 8 of 32"), "{s}");
    }

    #[test]
    fn labels_and_empty_input() {
        assert_eq!(label("518"), "518 RNBQKBNR");
        assert_eq!(label("0:959"), "0:959 BBQNNRKR/RKRNNQBB");
        assert_eq!(label("f.epd:3"), "f.epd:3");
        assert!(summary(&[]).starts_with("Positions analysed: 0 (scores"));
        assert_eq!(summary(&[]).lines().count(), 1);
        assert!(!summary(&[sample("3", Score::Cp(1))]).contains("Standard chess"));
    }
}
