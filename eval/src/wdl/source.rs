//! `coefficients.rs` as text: written by `rockad wdl` after a fit, and read
//! back from an older copy (`rockad wdl --played-with`) when games were
//! played by a binary built with other coefficients than this one.

use super::Model;

/// Longest line of the source comment, `//! ` included.
const COMMENT_WIDTH: usize = 100;

/// `text` as `//!` doc lines of at most [`COMMENT_WIDTH`] characters, broken
/// between words (a single word longer than that keeps a line to itself).
fn doc_lines(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::from("//!");
    for word in text.split_whitespace() {
        if line.len() > 3 && line.len() + 1 + word.len() > COMMENT_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = String::from("//!");
        }
        line.push(' ');
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// `coefficients.rs` for a model; `source` says what it was fitted on (a
/// long list of files is wrapped, not written as one line). A model with no
/// zero class of its own is written with one that gives the curves' value
/// at 0 for full material (no binary is built without one).
pub fn coefficients_rs(model: &Model, source: &str) -> String {
    let list = |c: &[f64]| c.iter().map(|v| format!("{v:.6}")).collect::<Vec<_>>().join(", ");
    let zero = model.zero.unwrap_or_else(|| {
        let d = model.chances(1e-9, super::MATERIAL_MAX)[1].clamp(1e-6, 1.0 - 1e-6);
        [(d / (1.0 - d)).ln(), 0.0]
    });
    format!(
        "//! Coefficients of the win/draw/loss model, highest power first. Written\n\
         //! by `rockad wdl` (eval/src/wdl/fit.rs) from games; rebuild to use new\n\
         //! ones.\n\
         //!\n\
         {}\
         \n\
         /// a(x), x = material / 58: the score at which a win is as likely as not.\n\
         pub const A: [f64; 4] = [{}];\n\
         /// b(x): how quickly the chances change around a(x).\n\
         pub const B: [f64; 4] = [{}];\n\
         /// The share of upsets: results that follow a flatter curve.\n\
         pub const UPSET: f64 = {:.6};\n\
         /// How steep the upsets' curve is beside the main one.\n\
         pub const UPSET_SLOPE: f64 = {:.6};\n\
         /// How many times wider the curves are above their midpoint than below.\n\
         pub const UPPER: f64 = {:.6};\n\
         /// The draw chance at a score of exactly 0: σ(Z[0] + Z[1]·x).\n\
         pub const ZERO: [f64; 2] = [{}];\n",
        doc_lines(&format!("Fitted on {source}.")),
        list(&model.a),
        list(&model.b),
        model.upset,
        model.upset_slope,
        model.upper,
        list(&zero)
    )
}

/// The line `pub const NAME: ...` if there is one.
fn line<'a>(text: &'a str, head: &str) -> Option<&'a str> {
    text.lines().map(str::trim).find(|l| l.starts_with(head))
}

/// The `N` numbers of the line `pub const NAME: [f64; N] = [...];`.
fn constant<const N: usize>(text: &str, name: &str) -> Result<[f64; N], String> {
    let head = format!("pub const {name}: [f64; {N}] = [");
    let line = line(text, &head).ok_or_else(|| format!("no line `{head}...];`"))?;
    let list =
        line[head.len()..].strip_suffix("];").ok_or_else(|| format!("`{name}` does not end in `];`"))?;
    let numbers: Vec<f64> = list
        .split(',')
        .map(|n| n.trim().parse::<f64>().ok().filter(|v| v.is_finite()))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("`{name}` holds something other than numbers"))?;
    numbers.try_into().map_err(|n: Vec<f64>| format!("`{name}` has {} numbers, not {N}", n.len()))
}

/// The number of the line `pub const NAME: f64 = ...;`, if there is one.
fn scalar(text: &str, name: &str) -> Result<Option<f64>, String> {
    let head = format!("pub const {name}: f64 = ");
    let Some(line) = line(text, &head) else { return Ok(None) };
    line[head.len()..]
        .strip_suffix(';')
        .and_then(|n| n.trim().parse::<f64>().ok())
        .filter(|v| v.is_finite())
        .map(Some)
        .ok_or_else(|| format!("`{name}` is not a number ending in `;`"))
}

/// The model in the text of a `coefficients.rs` (as [`coefficients_rs`]
/// writes it). Files written before the model had upsets, a zero class or
/// a wider upper half read as the simpler model they describe.
pub fn parse(text: &str) -> Result<Model, String> {
    let mut model = Model::logistic(constant(text, "A")?, constant(text, "B")?);
    if let Some(u) = scalar(text, "UPSET")? {
        model.upset = u;
    }
    if let Some(c) = scalar(text, "UPSET_SLOPE")? {
        model.upset_slope = c;
    }
    let slope_ok = model.upset_slope > 0.0 && model.upset_slope <= 1.0;
    if !((0.0..1.0).contains(&model.upset) && slope_ok) {
        return Err("`UPSET` must lie in 0..1 and `UPSET_SLOPE` in 0..=1 (above 0)".to_string());
    }
    if let Some(k) = scalar(text, "UPPER")? {
        if !(0.1..=10.0).contains(&k) {
            return Err("`UPPER` must lie in 0.1..=10".to_string());
        }
        model.upper = k;
    }
    if line(text, "pub const ZERO:").is_some() {
        model.zero = Some(constant(text, "ZERO")?);
    }
    Ok(model)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long list of sources is wrapped into doc lines that keep every
    /// word, in order, and stay within the width.
    #[test]
    fn a_long_source_is_wrapped() {
        let files: Vec<String> =
            (28101..28119).map(|s| format!("/work/data/device/frc-bb496c5-s{s}.bin")).collect();
        let source = format!("10125591 positions of {}, scored by the embedded network", files.join(", "));
        let whole = format!("Fitted on {source}.");
        let text = doc_lines(&whole);
        assert!(text.lines().count() > 5, "{text}");
        for line in text.lines() {
            assert!(line.starts_with("//! ") && line.len() <= COMMENT_WIDTH, "{line:?}");
        }
        let words: Vec<&str> = text.lines().flat_map(|l| l[3..].split_whitespace()).collect();
        let want: Vec<&str> = whole.split_whitespace().collect();
        assert_eq!(words, want);
        assert_eq!(doc_lines("short"), "//! short\n");
    }

    #[test]
    fn what_is_written_reads_back() {
        let model = Model {
            upset: 0.043,
            upset_slope: 0.125,
            upper: 1.75,
            zero: Some([1.5, -0.25]),
            ..Model::logistic([-153.560887, 479.810488, -569.86382, 332.040804], [1.5, -2.0, 0.0, 7.25])
        };
        let text = coefficients_rs(&model, "a test");
        assert!(text.contains("pub const A: [f64; 4] = ["), "{text}");
        assert_eq!(parse(&text), Ok(model));
        // A file from before upsets and the zero class reads as the plain model.
        let old: String =
            text.lines().take_while(|l| !l.contains("share of upsets")).collect::<Vec<_>>().join("\n");
        assert_eq!(parse(&old), Ok(Model { upset: 0.0, upset_slope: 1.0, upper: 1.0, zero: None, ..model }));
        // One from before the wider upper half reads as a symmetric model.
        let symmetric: String = text
            .lines()
            .filter(|l| !l.contains("UPPER") && !l.contains("wider the curves"))
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(parse(&symmetric), Ok(Model { upper: 1.0, ..model }));
        // A model without a zero class is written with the curves' value at 0.
        let plain = Model::logistic([0.0, 0.0, 0.0, 100.0], [0.0, 0.0, 0.0, 50.0]);
        let back = parse(&coefficients_rs(&plain, "a test")).unwrap();
        let at_zero = plain.chances(1e-9, 78)[1];
        assert!((back.zero_draw(78).unwrap() - at_zero).abs() < 1e-5, "{back:?}");
        // The compiled-in file is in this format.
        assert_eq!(parse(include_str!("coefficients.rs")), Ok(Model::COMPILED));
    }

    #[test]
    fn other_text_is_refused_with_a_reason() {
        assert_eq!(parse("fn main() {}"), Err("no line `pub const A: [f64; 4] = [...];`".to_string()));
        let three = "pub const A: [f64; 4] = [1.0, 2.0, 3.0];\npub const B: [f64; 4] = [1.0, 2.0, 3.0, 4.0];";
        assert_eq!(parse(three), Err("`A` has 3 numbers, not 4".to_string()));
        let word = "pub const A: [f64; 4] = [1.0, x, 3.0, 4.0];";
        assert_eq!(parse(word), Err("`A` holds something other than numbers".to_string()));
        let open = "pub const A: [f64; 4] = [1.0, 2.0, 3.0, 4.0]";
        assert_eq!(parse(open), Err("`A` does not end in `];`".to_string()));
        let ab =
            "pub const A: [f64; 4] = [1.0, 2.0, 3.0, 4.0];\npub const B: [f64; 4] = [1.0, 2.0, 3.0, 4.0];";
        let upset = format!("{ab}\npub const UPSET: f64 = x;");
        assert_eq!(parse(&upset), Err("`UPSET` is not a number ending in `;`".to_string()));
        let upper = format!("{ab}\npub const UPPER: f64 = 0.0;");
        assert_eq!(parse(&upper), Err("`UPPER` must lie in 0.1..=10".to_string()));
        let upset = format!("{ab}\npub const UPSET: f64 = 1.5;");
        assert!(parse(&upset).unwrap_err().starts_with("`UPSET` must lie in 0..1"));
        let zero = format!("{ab}\npub const ZERO: [f64; 2] = [1.0];");
        assert_eq!(parse(&zero), Err("`ZERO` has 1 numbers, not 2".to_string()));
    }
}
