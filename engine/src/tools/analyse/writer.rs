//! Output files. The CSV and JSON lines files are rewritten once at the
//! start (header plus the records kept from an earlier run), then each
//! record is appended and flushed as soon as its search ends, so an
//! interrupted run loses only the searches in flight.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

use super::record::Record;
use super::{csv, jsonl};

/// Writes a whole file through a temporary one and a rename, so a reader
/// (or a crash) never sees half of it.
pub fn write_whole(path: &str, content: &str) -> Result<(), String> {
    if let Some(dir) = Path::new(path).parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, content)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("cannot write {path}: {e}"))
}

/// The two record files, open for appending.
pub struct Writer {
    csv: (String, File),
    jsonl: (String, File),
}

fn append_to(path: &str) -> Result<File, String> {
    OpenOptions::new().append(true).open(path).map_err(|e| format!("cannot open {path}: {e}"))
}

impl Writer {
    /// Starts `PREFIX.csv` and `PREFIX.jsonl` holding `kept`.
    pub fn create(prefix: &str, kept: &[Record]) -> Result<Writer, String> {
        let (csv_path, jsonl_path) = (format!("{prefix}.csv"), format!("{prefix}.jsonl"));
        let csv_text: String = std::iter::once(csv::header()).chain(kept.iter().map(csv::row)).collect();
        write_whole(&csv_path, &csv_text)?;
        write_whole(&jsonl_path, &kept.iter().map(jsonl::line).collect::<String>())?;
        Ok(Writer {
            csv: (csv_path.clone(), append_to(&csv_path)?),
            jsonl: (jsonl_path.clone(), append_to(&jsonl_path)?),
        })
    }

    /// Appends one record to both files. Each is one write of whole lines.
    pub fn append(&mut self, r: &Record) -> Result<(), String> {
        for ((path, file), text) in [(&mut self.csv, csv::row(r)), (&mut self.jsonl, jsonl::line(r))] {
            file.write_all(text.as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| format!("cannot write {path}: {e}"))?;
        }
        Ok(())
    }
}
