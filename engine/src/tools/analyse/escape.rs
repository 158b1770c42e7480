//! The one escaper of the page and the picture: HTML and SVG (XML) share
//! the same rules for text and quoted attribute values.

/// Text safe inside HTML or XML content and double-quoted attribute values.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_characters_are_escaped_ampersand_first() {
        assert_eq!(escape(r#"a<&>"b"#), "a&lt;&amp;&gt;&quot;b");
        assert_eq!(escape("&lt;"), "&amp;lt;");
        assert_eq!(escape("518 RNBQKBNR"), "518 RNBQKBNR");
    }
}
