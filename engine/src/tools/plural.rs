//! Counted nouns for messages: `1 position`, `3 positions`, `2 searches`.

/// `n` and `word` in the singular or the plural (English rules good enough
/// for the nouns Rockad prints: `-s`, `-es` after s/sh/ch/x, `-y` to `-ies`).
pub fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        return format!("1 {word}");
    }
    let many = if word.ends_with(['s', 'x']) || word.ends_with("sh") || word.ends_with("ch") {
        format!("{word}es")
    } else if let Some(stem) = word.strip_suffix('y').filter(|s| !s.ends_with(['a', 'e', 'o', 'u'])) {
        format!("{stem}ies")
    } else {
        format!("{word}s")
    };
    format!("{n} {many}")
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn counted_nouns() {
        assert_eq!(plural(1, "position"), "1 position");
        assert_eq!(plural(0, "position"), "0 positions");
        assert_eq!(plural(2, "search"), "2 searches");
        assert_eq!(plural(3, "entry"), "3 entries");
        assert_eq!(plural(4, "day"), "4 days");
        assert_eq!(plural(5, "pass"), "5 passes");
    }
}
