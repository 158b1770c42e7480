//! Resuming: reads the records an earlier run with the same `--out` left
//! in `PREFIX.csv` and `PREFIX.jsonl`. A record cut short by an interrupted
//! run, or present in only one of the two files, is dropped (and searched
//! again); the rest are kept.

use std::collections::HashSet;
use std::path::Path;

use super::record::Record;
use super::select::Key;
use super::{csv, jsonl};
use crate::tools::plural::plural;

/// What an earlier run left.
#[derive(Debug, Default)]
pub struct Previous {
    /// Records in both files (or in the one that exists), first seen first.
    pub records: Vec<Record>,
    /// Messages about dropped records, for stderr.
    pub notes: Vec<String>,
    /// Whether either file existed.
    pub found: bool,
}

fn read(path: &str) -> Result<Option<String>, String> {
    if !Path::new(path).exists() {
        return Ok(None);
    }
    std::fs::read_to_string(path).map(Some).map_err(|e| format!("cannot read {path}: {e}"))
}

/// Records of an existing CSV file (`None` if there is none).
fn from_csv(path: &str, notes: &mut Vec<String>) -> Result<Option<Vec<Record>>, String> {
    let Some(text) = read(path)? else { return Ok(None) };
    let (records, more) = csv::read(path, &text)?;
    notes.extend(more);
    Ok(Some(records))
}

/// Records of an existing JSON lines file (`None` if there is none).
fn from_jsonl(path: &str, notes: &mut Vec<String>) -> Result<Option<Vec<Record>>, String> {
    let Some(text) = read(path)? else { return Ok(None) };
    let (records, more) = jsonl::read(path, &text);
    notes.extend(more);
    Ok(Some(records))
}

/// Reads `PREFIX.csv` and `PREFIX.jsonl`. With both, a record counts only if
/// it is in both (the JSON one is kept: it has every MultiPV line).
pub fn load(prefix: &str) -> Result<Previous, String> {
    let (csv_path, jsonl_path) = (format!("{prefix}.csv"), format!("{prefix}.jsonl"));
    let mut notes = Vec::new();
    let from_csv = from_csv(&csv_path, &mut notes)?;
    let from_jsonl = from_jsonl(&jsonl_path, &mut notes)?;
    let found = from_csv.is_some() || from_jsonl.is_some();
    let records = match (from_csv, from_jsonl) {
        (Some(c), Some(j)) => {
            let in_csv: HashSet<Key> = c.iter().map(Record::key).collect();
            let in_jsonl: HashSet<Key> = j.iter().map(Record::key).collect();
            let only = c.iter().filter(|r| !in_jsonl.contains(&r.key())).count()
                + j.iter().filter(|r| !in_csv.contains(&r.key())).count();
            if only > 0 {
                notes.push(format!(
                    "{} found in only one of {csv_path} and {jsonl_path}",
                    plural(only as u64, "record")
                ));
            }
            j.into_iter().filter(|r| in_csv.contains(&r.key())).collect()
        }
        (Some(only), None) | (None, Some(only)) => only,
        (None, None) => Vec::new(),
    };
    let mut seen = HashSet::new();
    let records = records.into_iter().filter(|r| seen.insert(r.key())).collect();
    Ok(Previous { records, notes, found })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::analyse::record::Score;
    use crate::tools::analyse::record::tests::sample;

    fn prefix(name: &str) -> String {
        let dir = std::env::temp_dir().join(format!("rockad-resume-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("a").to_string_lossy().into_owned()
    }

    fn cleanup(prefix: &str) {
        if let Some(dir) = Path::new(prefix).parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }

    fn write(prefix: &str, records: &[Record]) -> (String, String) {
        let csv_text: String = std::iter::once(csv::header()).chain(records.iter().map(csv::row)).collect();
        let jsonl_text: String = records.iter().map(jsonl::line).collect();
        std::fs::write(format!("{prefix}.csv"), &csv_text).unwrap();
        std::fs::write(format!("{prefix}.jsonl"), &jsonl_text).unwrap();
        (csv_text, jsonl_text)
    }

    #[test]
    fn nothing_there_is_a_fresh_start() {
        let p = prefix("none");
        let prev = load(&p).unwrap();
        assert!(!prev.found && prev.records.is_empty());
        cleanup(&p);
    }

    #[test]
    fn cut_and_one_sided_records_are_dropped() {
        let p = prefix("cut");
        let recs = [sample("1", Score::Cp(4)), sample("2", Score::Mate(-2)), sample("3", Score::Cp(-9))];
        let (csv_text, jsonl_text) = write(&p, &recs);
        assert_eq!(load(&p).unwrap().records, recs);
        // The CSV's last row cut in half: record 3 is in the JSON file only.
        std::fs::write(format!("{p}.csv"), &csv_text[..csv_text.len() - 20]).unwrap();
        let prev = load(&p).unwrap();
        assert_eq!(prev.records, recs[..2]);
        assert!(prev.notes.iter().any(|n| n.contains("incomplete last record (line 4)")), "{:?}", prev.notes);
        // Only the JSON file, its last line cut.
        std::fs::remove_file(format!("{p}.csv")).unwrap();
        std::fs::write(format!("{p}.jsonl"), &jsonl_text[..jsonl_text.len() - 3]).unwrap();
        let prev = load(&p).unwrap();
        assert!(prev.found);
        assert_eq!(prev.records, recs[..2]);
        cleanup(&p);
    }

    #[test]
    fn a_foreign_csv_is_refused() {
        let p = prefix("foreign");
        std::fs::write(format!("{p}.csv"), "name,score\nx,1\n").unwrap();
        assert!(load(&p).unwrap_err().contains("columns"));
        cleanup(&p);
    }
}
