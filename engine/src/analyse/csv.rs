//! The CSV file: a header row, then one row per position (line 1 of a
//! MultiPV search, with the number of lines in `multipv`; the other lines
//! are in the JSON lines file). Fields are quoted per RFC 4180 when they
//! hold a comma, a quote or a line break. Reading accepts what we write and
//! tells a complete last row from one cut short by an interrupted run.

use super::record::{Line, Record, Score};

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

/// One field, quoted when it needs to be.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

/// The header row, with its line break.
pub fn header() -> String {
    format!("{}\n", HEADER.join(","))
}

/// A record's row, with its line break.
pub fn row(r: &Record) -> String {
    let line = &r.lines[0];
    let fields = [
        field(&r.id),
        field(&r.fen),
        field(&r.moves.join(" ")),
        opt(line.score.cp()),
        opt(line.score.mate()),
        opt(r.wdl.map(|w| w.0)),
        opt(r.wdl.map(|w| w.1)),
        opt(r.wdl.map(|w| w.2)),
        field(r.best_san()),
        field(r.best_uci()),
        field(&line.pv_uci.join(" ")),
        field(&line.pv_san.join(" ")),
        r.depth.to_string(),
        r.seldepth.to_string(),
        r.nodes.to_string(),
        r.time_ms.to_string(),
        r.multipv.to_string(),
    ];
    format!("{}\n", fields.join(","))
}

/// A row read from a file: its fields, the line it starts on, and whether
/// a line break ended it (a last row without one was cut short).
#[derive(Debug, PartialEq, Eq)]
pub struct RawRow {
    pub fields: Vec<String>,
    pub line: usize,
    pub complete: bool,
}

/// Splits CSV text into rows (quoted fields may hold line breaks).
pub fn rows(text: &str) -> Vec<RawRow> {
    let mut out = Vec::new();
    let (mut fields, mut cur) = (Vec::new(), String::new());
    let (mut quoted, mut line, mut start_line, mut started) = (false, 1, 1, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        started = true;
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    cur.push('"');
                }
                '"' => quoted = false,
                '\n' => {
                    line += 1;
                    cur.push(c);
                }
                _ => cur.push(c),
            }
            continue;
        }
        match c {
            '"' => quoted = true,
            ',' => fields.push(std::mem::take(&mut cur)),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                fields.push(std::mem::take(&mut cur));
                out.push(RawRow { fields: std::mem::take(&mut fields), line: start_line, complete: true });
                line += 1;
                start_line = line;
                started = false;
            }
            _ => cur.push(c),
        }
    }
    if started {
        fields.push(cur);
        out.push(RawRow { fields, line: start_line, complete: false });
    }
    out
}

fn num<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{name} '{text}' is not a number"))
}

fn opt_num<T: std::str::FromStr>(name: &str, text: &str) -> Result<Option<T>, String> {
    if text.is_empty() { Ok(None) } else { num(name, text).map(Some) }
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

/// A record from a row's fields (in [`HEADER`] order).
pub fn record(f: &[String]) -> Result<Record, String> {
    if f.len() != HEADER.len() {
        return Err(format!("{} fields instead of {}", f.len(), HEADER.len()));
    }
    let score = match (opt_num("score_cp", &f[3])?, opt_num("score_mate", &f[4])?) {
        (Some(cp), None) => Score::Cp(cp),
        (None, Some(m)) => Score::Mate(m),
        _ => return Err("needs exactly one of score_cp and score_mate".to_string()),
    };
    let wdl = match (opt_num("wdl_win", &f[5])?, opt_num("wdl_draw", &f[6])?, opt_num("wdl_loss", &f[7])?) {
        (Some(w), Some(d), Some(l)) => Some((w, d, l)),
        (None, None, None) => None,
        _ => return Err("wdl_win, wdl_draw and wdl_loss must be all set or all empty".to_string()),
    };
    let (pv_uci, pv_san) = (words(&f[10]), words(&f[11]));
    if pv_uci.is_empty() || pv_uci.len() != pv_san.len() {
        return Err("pv_uci and pv_san must be the same non-empty line".to_string());
    }
    Ok(Record {
        id: f[0].clone(),
        fen: f[1].clone(),
        moves: words(&f[2]),
        wdl,
        lines: vec![Line { score, pv_uci, pv_san }],
        depth: num("depth", &f[12])?,
        seldepth: num("seldepth", &f[13])?,
        nodes: num("nodes", &f[14])?,
        time_ms: num("time_ms", &f[15])?,
        multipv: num("multipv", &f[16])?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyse::record::tests::sample;

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
        let rows = rows(&text);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].fields, HEADER.to_vec());
        assert!(rows[1].complete);
        assert_eq!(record(&rows[1].fields).unwrap(), r);
        // A line break inside quotes stays in the field.
        let rows = super::rows("\"a\nb\",c\nd,e\n");
        assert_eq!(rows[0].fields, vec!["a\nb", "c"]);
        assert_eq!((rows[1].line, rows[1].complete), (3, true));
    }

    #[test]
    fn a_cut_row_is_incomplete_and_bad_rows_are_refused() {
        let text = format!("{}{}", header(), row(&sample("7", Score::Mate(2))));
        let cut = &text[..text.len() - 9];
        let rows = rows(cut);
        assert_eq!(rows.len(), 2);
        assert!(!rows[1].complete);
        assert!(record(&rows[1].fields).is_err());
        let mut f: Vec<String> = super::rows(&text)[1].fields.clone();
        f[3] = "12".into(); // both score_cp and score_mate
        assert!(record(&f).is_err());
        f[3] = "x".into();
        assert!(record(&f).is_err());
    }
}
