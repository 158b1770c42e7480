//! Telling whole lines from a last line cut short: each record is appended
//! with its line break in one write, so text after the last line break is
//! what a run killed mid-write left.

/// The whole lines of a file's text.
#[derive(Debug, PartialEq, Eq)]
pub struct Text<'a> {
    /// Everything up to and with the last line break.
    pub whole: &'a str,
    /// The number of the cut line, if the text does not end with a break.
    pub cut_line: Option<usize>,
}

pub fn complete_lines(text: &str) -> Text<'_> {
    let end = text.rfind('\n').map_or(0, |at| at + 1);
    let (whole, rest) = text.split_at(end);
    let cut_line = (!rest.trim().is_empty()).then(|| whole.matches('\n').count() + 1);
    Text { whole, cut_line }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_lines() {
        assert_eq!(complete_lines("a\nb\n"), Text { whole: "a\nb\n", cut_line: None });
        assert_eq!(complete_lines("a\nb"), Text { whole: "a\n", cut_line: Some(2) });
        assert_eq!(complete_lines("ab"), Text { whole: "", cut_line: Some(1) });
        assert_eq!(complete_lines(""), Text { whole: "", cut_line: None });
    }
}
