//! The JSON lines file, on `serde_json`: one [`Row`] per line, the CSV's
//! columns (same names, `null` for empty) plus `lines`, every MultiPV line.

use super::complete::{Text, complete_lines};
use super::record::Record;
use super::row::Row;

/// A record's line, with its line break.
pub fn line(r: &Record) -> String {
    // Strings and integers always serialise.
    let mut text = serde_json::to_string(&Row::new(r, true)).expect("a row serialises");
    text.push('\n');
    text
}

/// A record from one line of the file.
pub fn record(line: &str) -> Result<Record, String> {
    serde_json::from_str::<Row>(line).map_err(|e| e.to_string())?.record()
}

/// The records of a JSON lines file's text, with notes about the lines
/// dropped: a last line cut short by an interrupted run, or one that does
/// not read back.
pub fn read(path: &str, text: &str) -> (Vec<Record>, Vec<String>) {
    let Text { whole, cut_line } = complete_lines(text);
    let mut notes = Vec::new();
    let mut records = Vec::new();
    for (i, l) in whole.lines().enumerate() {
        if l.trim().is_empty() {
            continue;
        }
        match record(l) {
            Ok(r) => records.push(r),
            Err(e) => notes.push(format!("{path}: dropped the record on line {}: {e}", i + 1)),
        }
    }
    if let Some(line) = cut_line {
        notes.push(format!("{path}: dropped an incomplete last record (line {line})"));
    }
    (records, notes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::analyse::record::tests::sample;
    use crate::tools::analyse::record::{Line, Score};

    #[test]
    fn columns_lines_and_round_trip() {
        let mut r = sample("12:845", Score::Cp(-31));
        r.wdl = Some((100, 600, 300));
        r.lines.push(Line { score: Score::Mate(-4), pv_uci: vec!["d2d4".into()], pv_san: vec!["d4".into()] });
        r.multipv = 2;
        let l = line(&r);
        assert!(l.ends_with("}\n") && !l[..l.len() - 1].contains('\n'));
        let v: serde_json::Value = serde_json::from_str(&l).unwrap();
        assert_eq!(v["id"], "12:845");
        assert_eq!(v["score_cp"], -31);
        assert_eq!(v["score_mate"], serde_json::Value::Null);
        assert_eq!(v["wdl_draw"], 600);
        assert_eq!(v["best_san"], "e4");
        assert_eq!(v["lines"][1]["multipv"], 2);
        assert_eq!(v["lines"][1]["score_mate"], -4);
        assert_eq!(record(&l).unwrap(), r);
        let m = sample("5", Score::Mate(3));
        assert_eq!(record(&line(&m)).unwrap(), m);
        assert!(!line(&m).contains("depth_scores_cp"), "none recorded, none written");
        // The scores by depth, a mate among them, come back as written.
        let mut d = sample("6", Score::Cp(12));
        d.depth_scores = vec![Some(30), None, Some(-4), Some(12)];
        let l = line(&d);
        let v: serde_json::Value = serde_json::from_str(&l).unwrap();
        assert_eq!(v["depth_scores_cp"], serde_json::json!([30, null, -4, 12]));
        assert_eq!(record(&l).unwrap(), d);
    }

    #[test]
    fn broken_text_is_refused_and_a_cut_line_dropped() {
        let l = line(&sample("1", Score::Cp(3)));
        for cut in [1, 10, l.len() / 2, l.len() - 2] {
            assert!(record(&l[..cut]).is_err(), "{}", &l[..cut]);
        }
        let text = format!("{l}{}", line(&sample("2", Score::Cp(4))));
        let (records, notes) = read("f.jsonl", &text[..text.len() - 5]);
        assert_eq!(records, vec![sample("1", Score::Cp(3))]);
        assert_eq!(notes, vec!["f.jsonl: dropped an incomplete last record (line 2)"]);
        let (records, notes) = read("f.jsonl", &format!("{{}}\n{l}"));
        assert_eq!(records.len(), 1);
        assert!(notes[0].contains("line 1"), "{notes:?}");
    }
}
