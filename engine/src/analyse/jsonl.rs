//! The JSON lines file: one object per position with the CSV's columns
//! (same names, `null` for empty) plus `lines`, every MultiPV line. Written
//! by hand; read back with a small JSON parser of our own, enough for
//! resuming and for checking that what we write is well-formed.

use super::record::{Line, Record, Score};

/// A JSON string literal.
pub fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "null".to_string(), |v| v.to_string())
}

/// A record's line, with its line break.
pub fn line(r: &Record) -> String {
    let first = &r.lines[0];
    let lines: Vec<String> = r
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            format!(
                "{{\"multipv\":{},\"score_cp\":{},\"score_mate\":{},\"pv_uci\":{},\"pv_san\":{}}}",
                i + 1,
                opt(l.score.cp()),
                opt(l.score.mate()),
                string(&l.pv_uci.join(" ")),
                string(&l.pv_san.join(" "))
            )
        })
        .collect();
    format!(
        "{{\"id\":{},\"fen\":{},\"moves\":{},\"score_cp\":{},\"score_mate\":{},\"wdl_win\":{},\
         \"wdl_draw\":{},\"wdl_loss\":{},\"best_san\":{},\"best_uci\":{},\"pv_uci\":{},\"pv_san\":{},\
         \"depth\":{},\"seldepth\":{},\"nodes\":{},\"time_ms\":{},\"multipv\":{},\"lines\":[{}]}}\n",
        string(&r.id),
        string(&r.fen),
        string(&r.moves.join(" ")),
        opt(first.score.cp()),
        opt(first.score.mate()),
        opt(r.wdl.map(|w| w.0)),
        opt(r.wdl.map(|w| w.1)),
        opt(r.wdl.map(|w| w.2)),
        string(r.best_san()),
        string(r.best_uci()),
        string(&first.pv_uci.join(" ")),
        string(&first.pv_san.join(" ")),
        r.depth,
        r.seldepth,
        r.nodes,
        r.time_ms,
        r.multipv,
        lines.join(",")
    )
}

/// A JSON value. Numbers keep their text so integers read back exactly.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// Parses one JSON text (nothing but whitespace may follow the value).
pub fn parse(text: &str) -> Result<Json, String> {
    let mut p = Parser { s: text.as_bytes(), i: 0 };
    let v = p.value(0)?;
    p.ws();
    if p.i != p.s.len() { Err(format!("unexpected text at byte {}", p.i)) } else { Ok(v) }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.s.get(self.i).is_some_and(|b| b" \t\r\n".contains(b)) {
            self.i += 1;
        }
    }

    fn err<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{what} at byte {}", self.i))
    }

    fn eat(&mut self, word: &str) -> bool {
        let ok = self.s[self.i..].starts_with(word.as_bytes());
        if ok {
            self.i += word.len();
        }
        ok
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > 64 {
            return self.err("nested too deeply");
        }
        self.ws();
        match self.s.get(self.i) {
            None => self.err("unexpected end"),
            Some(b'{') => {
                self.i += 1;
                let mut fields = Vec::new();
                self.ws();
                if self.eat("}") {
                    return Ok(Json::Obj(fields));
                }
                loop {
                    self.ws();
                    let key = self.string()?;
                    self.ws();
                    if !self.eat(":") {
                        return self.err("expected ':'");
                    }
                    fields.push((key, self.value(depth + 1)?));
                    self.ws();
                    if self.eat("}") {
                        return Ok(Json::Obj(fields));
                    }
                    if !self.eat(",") {
                        return self.err("expected ',' or '}'");
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.eat("]") {
                    return Ok(Json::Arr(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    if self.eat("]") {
                        return Ok(Json::Arr(items));
                    }
                    if !self.eat(",") {
                        return self.err("expected ',' or ']'");
                    }
                }
            }
            Some(b'"') => self.string().map(Json::Str),
            Some(_) if self.eat("null") => Ok(Json::Null),
            Some(_) if self.eat("true") => Ok(Json::Bool(true)),
            Some(_) if self.eat("false") => Ok(Json::Bool(false)),
            Some(_) => self.number(),
        }
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.i;
        while self.s.get(self.i).is_some_and(|b| b"+-0123456789.eE".contains(b)) {
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
        if text.parse::<f64>().is_err() {
            self.i = start;
            return self.err("expected a value");
        }
        Ok(Json::Num(text.to_string()))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self.s.get(self.i..self.i + 4).and_then(|d| std::str::from_utf8(d).ok());
        match digits.and_then(|d| u32::from_str_radix(d, 16).ok()) {
            Some(v) => {
                self.i += 4;
                Ok(v)
            }
            None => self.err("bad \\u escape"),
        }
    }

    fn string(&mut self) -> Result<String, String> {
        if !self.eat("\"") {
            return self.err("expected a string");
        }
        let mut out = Vec::new();
        loop {
            let Some(&b) = self.s.get(self.i) else { return self.err("unterminated string") };
            self.i += 1;
            match b {
                b'"' => return String::from_utf8(out).map_err(|_| "invalid UTF-8".to_string()),
                b'\\' => {
                    let Some(&e) = self.s.get(self.i) else { return self.err("unterminated escape") };
                    self.i += 1;
                    let c = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let mut v = self.hex4()?;
                            // A surrogate pair encodes one character.
                            if (0xd800..0xdc00).contains(&v) && self.eat("\\u") {
                                let low = self.hex4()?;
                                v = 0x10000 + ((v - 0xd800) << 10) + (low.wrapping_sub(0xdc00) & 0x3ff);
                            }
                            char::from_u32(v).unwrap_or('\u{fffd}')
                        }
                        _ => return self.err("bad escape"),
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                b if b < 0x20 => return self.err("control character in string"),
                b => out.push(b),
            }
        }
    }
}

fn text(v: &Json, key: &str) -> Result<String, String> {
    match v.get(key) {
        Some(Json::Str(s)) => Ok(s.clone()),
        _ => Err(format!("'{key}' is missing or not a string")),
    }
}

fn int<T: std::str::FromStr>(v: &Json, key: &str) -> Result<Option<T>, String> {
    match v.get(key) {
        Some(Json::Null) => Ok(None),
        Some(Json::Num(n)) => n.parse().map(Some).map_err(|_| format!("'{key}' is not an integer")),
        _ => Err(format!("'{key}' is missing or not a number")),
    }
}

fn required<T: std::str::FromStr>(v: &Json, key: &str) -> Result<T, String> {
    int(v, key)?.ok_or_else(|| format!("'{key}' is null"))
}

fn words(s: String) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

fn score(v: &Json) -> Result<Score, String> {
    match (int(v, "score_cp")?, int(v, "score_mate")?) {
        (Some(cp), None) => Ok(Score::Cp(cp)),
        (None, Some(m)) => Ok(Score::Mate(m)),
        _ => Err("needs exactly one of score_cp and score_mate".to_string()),
    }
}

/// A record from one line of the file.
pub fn record(line: &str) -> Result<Record, String> {
    let v = parse(line)?;
    let wdl = match (int(&v, "wdl_win")?, int(&v, "wdl_draw")?, int(&v, "wdl_loss")?) {
        (Some(w), Some(d), Some(l)) => Some((w, d, l)),
        (None, None, None) => None,
        _ => return Err("wdl_win, wdl_draw and wdl_loss must be all set or all null".to_string()),
    };
    let Some(Json::Arr(items)) = v.get("lines") else { return Err("'lines' is missing".to_string()) };
    let lines = items
        .iter()
        .map(|l| {
            let (pv_uci, pv_san) = (words(text(l, "pv_uci")?), words(text(l, "pv_san")?));
            if pv_uci.is_empty() || pv_uci.len() != pv_san.len() {
                return Err("pv_uci and pv_san must be the same non-empty line".to_string());
            }
            Ok(Line { score: score(l)?, pv_uci, pv_san })
        })
        .collect::<Result<Vec<Line>, String>>()?;
    if lines.is_empty() {
        return Err("'lines' is empty".to_string());
    }
    Ok(Record {
        id: text(&v, "id")?,
        fen: text(&v, "fen")?,
        moves: words(text(&v, "moves")?),
        wdl,
        lines,
        multipv: required(&v, "multipv")?,
        depth: required(&v, "depth")?,
        seldepth: required(&v, "seldepth")?,
        nodes: required(&v, "nodes")?,
        time_ms: required(&v, "time_ms")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyse::record::tests::sample;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(string("a\"b\\c\nd\u{1}é"), "\"a\\\"b\\\\c\\nd\\u0001é\"");
        assert_eq!(parse(&string("a\"b\\c\nd\u{1}é")).unwrap(), Json::Str("a\"b\\c\nd\u{1}é".into()));
        assert_eq!(parse("\"\\ud83d\\ude00\"").unwrap(), Json::Str("😀".into()));
    }

    #[test]
    fn records_are_well_formed_and_round_trip() {
        let mut r = sample("x\"y\\z:1", Score::Cp(-12));
        r.wdl = Some((250, 600, 150));
        r.lines.push(Line { score: Score::Mate(-4), pv_uci: vec!["d2d4".into()], pv_san: vec!["d4".into()] });
        r.multipv = 2;
        let l = line(&r);
        assert!(l.ends_with("}\n") && l.matches('\n').count() == 1, "{l}");
        let v = parse(&l).unwrap();
        assert_eq!(v.get("score_cp"), Some(&Json::Num("-12".into())));
        assert_eq!(v.get("score_mate"), Some(&Json::Null));
        assert_eq!(v.get("best_san"), Some(&Json::Str("e4".into())));
        let Some(Json::Arr(lines)) = v.get("lines") else { panic!("lines: {l}") };
        assert_eq!(lines[1].get("score_mate"), Some(&Json::Num("-4".into())));
        assert_eq!(lines[1].get("score_cp"), Some(&Json::Null));
        assert_eq!(record(&l).unwrap(), r);
        let m = sample("5", Score::Mate(3));
        assert_eq!(record(&line(&m)).unwrap(), m);
    }

    #[test]
    fn broken_text_is_refused() {
        let l = line(&sample("1", Score::Cp(3)));
        for cut in [1, 10, l.len() / 2, l.len() - 2] {
            assert!(record(&l[..cut]).is_err(), "{}", &l[..cut]);
        }
        for bad in ["{", "[1,]", "{\"a\" 1}", "\"abc", "nul", "{} x", "01x", "\"\\q\""] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(parse(" [1, -2.5e3, true, null, {}] ").unwrap().get("x"), None);
    }
}
