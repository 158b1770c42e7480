//! The score in a move comment as fastchess and cutechess write it: the
//! mover's score in pawns (`+0.12`, `-1.50`, `0.00`) or a mate (`+M5`,
//! `-M2`), a slash and the depth, then anything (`{+0.12/13 0.132s}`,
//! `{+M1/127 0.003s, Black mates}`). Anything else (`{book}`, a remark) has
//! no score.

/// What a comment says about the mover's score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Said {
    /// Centipawns as the engine reported them (`score cp`).
    Cp(i32),
    /// A mate score, either side.
    Mate,
    /// No score (a book move, a remark, an empty comment).
    Nothing,
}

/// Reads the score at the start of `comment` (the text between the braces).
pub fn score(comment: &[u8]) -> Said {
    let Ok(text) = std::str::from_utf8(comment) else { return Said::Nothing };
    let first = text.split_whitespace().next().unwrap_or("");
    let Some((value, depth)) = first.split_once('/') else { return Said::Nothing };
    // The depth after the slash tells a score from other text with a slash.
    let depth = depth.trim_end_matches(',');
    if depth.is_empty() || !depth.bytes().all(|b| b.is_ascii_digit()) {
        return Said::Nothing;
    }
    let unsigned = value.strip_prefix(['+', '-']).unwrap_or(value);
    if let Some(moves) = unsigned.strip_prefix('M') {
        return if !moves.is_empty() && moves.bytes().all(|b| b.is_ascii_digit()) {
            Said::Mate
        } else {
            Said::Nothing
        };
    }
    // Pawns with a decimal point: digits only, so `inf` or `1e3` are no score.
    if unsigned.is_empty() || !unsigned.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return Said::Nothing;
    }
    match value.parse::<f64>() {
        Ok(pawns) if pawns.is_finite() && pawns.abs() < 1e6 => Said::Cp((pawns * 100.0).round() as i32),
        _ => Said::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_mates_and_the_rest() {
        let said = |s: &str| score(s.as_bytes());
        assert_eq!(said("+0.12/13 0.132s"), Said::Cp(12));
        assert_eq!(said("-0.18/11 0.092s"), Said::Cp(-18));
        assert_eq!(said("0.00/12 0.231s"), Said::Cp(0));
        assert_eq!(said("-7.11/13 0.027s, White wins by adjudication"), Said::Cp(-711));
        assert_eq!(said("+1.5/9"), Said::Cp(150));
        assert_eq!(said("+M7/18 0.075s"), Said::Mate);
        assert_eq!(said("-M6/23 0.023s"), Said::Mate);
        assert_eq!(said("+M1/127 0.003s, Black mates"), Said::Mate);
        for nothing in
            ["book", "", "  ", "+0.12", "+0.12/x 1s", "a/b", "+M/3", "inf/3", "1e3/4", "+/5", "-/5"]
        {
            assert_eq!(said(nothing), Said::Nothing, "{nothing:?}");
        }
        assert_eq!(score(&[0xff, b'/', b'3']), Said::Nothing);
    }
}
