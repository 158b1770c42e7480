//! The CSV file, on the `csv` crate: a header row, then one [`Row`] per
//! position (line 1 of a MultiPV search, with the number of lines in
//! `multipv`; the other lines are in the JSON lines file). Fields are
//! quoted when they hold a comma, a quote or a line break.

use super::complete::{Text, complete_lines};
use super::record::Record;
use super::row::{HEADER, Row};

/// The header row, with its line break.
pub fn header() -> String {
    format!("{}\n", HEADER.join(","))
}

fn writer() -> csv::Writer<Vec<u8>> {
    csv::WriterBuilder::new()
        .has_headers(false)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new())
}

/// A record's row, with its line break.
pub fn row(r: &Record) -> String {
    let mut w = writer();
    // Serialising plain strings and numbers into memory cannot fail.
    w.serialize(Row::new(r, false)).expect("a row serialises");
    String::from_utf8(w.into_inner().expect("in memory")).expect("rows are UTF-8")
}

/// The records of a CSV file's text (`path` names it in messages), with
/// notes about the rows dropped: a last row cut short by an interrupted run,
/// or one that does not read back.
pub fn read(path: &str, text: &str) -> Result<(Vec<Record>, Vec<String>), String> {
    let Text { whole, cut_line } = complete_lines(text);
    let mut notes = Vec::new();
    if let Some(line) = cut_line {
        notes.push(format!("{path}: dropped an incomplete last record (line {line})"));
    }
    let mut records = Vec::new();
    if whole.is_empty() {
        return Ok((records, notes));
    }
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(whole.as_bytes());
    let header = reader.headers().map_err(|e| format!("{path}: {e}"))?;
    if header.iter().ne(HEADER) {
        return Err(format!(
            "{path} does not have the columns this version of rockad writes; choose another --out"
        ));
    }
    for row in reader.deserialize::<Row>() {
        let line = |e: &csv::Error| e.position().map_or(0, csv::Position::line);
        match row.map_err(|e| (line(&e), e.to_string())).and_then(|r| r.record().map_err(|e| (0, e))) {
            Ok(r) => records.push(r),
            Err((0, e)) => notes.push(format!("{path}: dropped a record: {e}")),
            Err((n, e)) => notes.push(format!("{path}: dropped the record on line {n}: {e}")),
        }
    }
    Ok((records, notes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::analyse::record::Score;
    use crate::tools::analyse::record::tests::sample;

    #[test]
    fn header_and_columns() {
        assert_eq!(
            header(),
            "id,fen,moves,score_cp,score_mate,wdl_win,wdl_draw,wdl_loss,best_san,best_uci,pv_uci,pv_san,\
             depth,seldepth,nodes,time_ms,multipv\n"
        );
        let r = sample("518", Score::Cp(-31));
        assert_eq!(
            row(&r),
            "518,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1,,-31,,,,,e4,e2e4,e2e4 e7e5 g1f3,\
             e4 e5 Nf3,7,11,12345,67,1\n"
        );
        let m = row(&sample("1", Score::Mate(-3)));
        let cells: Vec<&str> = m.trim_end().split(',').collect();
        assert_eq!((cells[3], cells[4]), ("", "-3"));
    }

    #[test]
    fn quoting_round_trips() {
        let mut r = sample("my \"odd\", file.epd:3", Score::Cp(5));
        r.wdl = Some((300, 500, 200));
        r.moves = vec!["e2e4".into()];
        let text = format!("{}{}", header(), row(&r));
        assert!(text.contains("\"my \"\"odd\"\", file.epd:3\""), "{text}");
        let (records, notes) = read("f.csv", &text).unwrap();
        assert_eq!((records, notes), (vec![r], vec![]));
    }

    #[test]
    fn a_cut_row_is_dropped_and_bad_rows_are_refused() {
        let text =
            format!("{}{}{}", header(), row(&sample("7", Score::Mate(2))), row(&sample("8", Score::Cp(1))));
        let (records, notes) = read("f.csv", &text[..text.len() - 9]).unwrap();
        assert_eq!(records, vec![sample("7", Score::Mate(2))]);
        assert_eq!(notes, vec!["f.csv: dropped an incomplete last record (line 3)"]);
        // Both scores set, then a number that is not one.
        let both = text.replacen("0 1,,,2,", "0 1,,12,2,", 1);
        let (records, notes) = read("f.csv", &both).unwrap();
        assert_eq!(records.len(), 1, "{notes:?}");
        assert!(notes[0].contains("exactly one of score_cp and score_mate"), "{notes:?}");
        let (records, notes) = read("f.csv", &text.replace(",12345,", ",x,")).unwrap();
        assert!(records.is_empty() && notes.len() == 2 && notes[0].contains("line 2"), "{notes:?}");
        assert!(read("f.csv", "name,score\nx,1\n").unwrap_err().contains("columns"));
    }
}
