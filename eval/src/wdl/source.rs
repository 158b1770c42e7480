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
/// long list of files is wrapped, not written as one line).
pub fn coefficients_rs(model: &Model, source: &str) -> String {
    let list = |c: &[f64; 4]| c.iter().map(|v| format!("{v:.6}")).collect::<Vec<_>>().join(", ");
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
         pub const B: [f64; 4] = [{}];\n",
        doc_lines(&format!("Fitted on {source}.")),
        list(&model.a),
        list(&model.b)
    )
}

/// The four numbers of the line `pub const NAME: [f64; 4] = [...];`.
fn constant(text: &str, name: &str) -> Result<[f64; 4], String> {
    let head = format!("pub const {name}: [f64; 4] = [");
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with(&head))
        .ok_or_else(|| format!("no line `{head}...];`"))?;
    let list =
        line[head.len()..].strip_suffix("];").ok_or_else(|| format!("`{name}` does not end in `];`"))?;
    let numbers: Vec<f64> = list
        .split(',')
        .map(|n| n.trim().parse::<f64>().ok().filter(|v| v.is_finite()))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("`{name}` holds something other than numbers"))?;
    numbers.try_into().map_err(|n: Vec<f64>| format!("`{name}` has {} numbers, not 4", n.len()))
}

/// The model in the text of a `coefficients.rs` (as [`coefficients_rs`]
/// writes it).
pub fn parse(text: &str) -> Result<Model, String> {
    Ok(Model { a: constant(text, "A")?, b: constant(text, "B")? })
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
        let model = Model { a: [-153.560887, 479.810488, -569.86382, 332.040804], b: [1.5, -2.0, 0.0, 7.25] };
        let text = coefficients_rs(&model, "a test");
        assert!(text.contains("pub const A: [f64; 4] = ["), "{text}");
        assert_eq!(parse(&text), Ok(model));
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
    }
}
