//! The subcommands' command-line words: `--flag value` and `--flag=value`,
//! and number checks whose messages name the flag. One walker for
//! `analyse`, `datagen`, `tune` and `wdl`, so they read words alike.

/// Walks the words after a subcommand's name.
pub struct Flags<'a> {
    args: &'a [&'a str],
    next: usize,
    /// The value written after `=` in the flag just read.
    inline: Option<&'a str>,
}

impl<'a> Flags<'a> {
    pub fn new(args: &'a [&'a str]) -> Flags<'a> {
        Flags { args, next: 0, inline: None }
    }

    /// The next flag (`--flag` also when written `--flag=value`), or `None`
    /// after the last word.
    pub fn next_flag(&mut self) -> Option<&'a str> {
        let word = *self.args.get(self.next)?;
        self.next += 1;
        match word.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                self.inline = Some(value);
                Some(flag)
            }
            _ => {
                self.inline = None;
                Some(word)
            }
        }
    }

    /// The value of the flag just read: after its `=`, else the next word.
    pub fn value(&mut self, flag: &str) -> Result<&'a str, String> {
        if let Some(v) = self.inline.take() {
            return Ok(v);
        }
        let v = *self.args.get(self.next).ok_or_else(|| format!("{flag} needs a value"))?;
        self.next += 1;
        Ok(v)
    }
}

/// `--help`, `-h` or `help`.
pub fn is_help(flag: &str) -> bool {
    matches!(flag, "--help" | "-h" | "help")
}

/// An integer in `min..=max`.
pub fn integer(flag: &str, text: &str, min: u64, max: u64) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(format!("{flag} must be an integer in {min}..={max}, got '{text}'")),
    }
}

/// A finite number in `min..=max`.
pub fn real(flag: &str, text: &str, min: f64, max: f64) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && (min..=max).contains(&v) => Ok(v),
        _ => Err(format!("{flag} must be a number in {min}..={max}, got '{text}'")),
    }
}

/// Comma-separated file names, at least one.
pub fn files(flag: &str, text: &str) -> Result<Vec<String>, String> {
    let files: Vec<String> = text.split(',').filter(|f| !f.is_empty()).map(String::from).collect();
    if files.is_empty() {
        return Err(format!("{flag} needs at least one file name"));
    }
    Ok(files)
}

/// Runs a subcommand that prints its progress on stdout: `parsed` is its
/// command line (`None` for help); returns the exit code (0 done or help
/// shown, 2 a bad command line, 1 a failed run), messages on stderr.
pub fn run_subcommand<C, R>(
    name: &str,
    help: &str,
    parsed: Result<Option<C>, String>,
    run: impl FnOnce(&C, &mut dyn FnMut(&str)) -> Result<R, String>,
) -> i32 {
    let c = match parsed {
        Ok(Some(c)) => c,
        Ok(None) => {
            println!("{help}");
            return 0;
        }
        Err(msg) => {
            eprintln!("rockad {name}: {msg}");
            eprintln!("run 'rockad {name} --help' for the options");
            return 2;
        }
    };
    match run(&c, &mut |line| println!("{line}")) {
        Ok(_) => 0,
        Err(msg) => {
            eprintln!("rockad {name}: {msg}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_value_forms_and_a_missing_value() {
        let words = ["--a", "1", "--b=2", "--c=", "plain", "--d"];
        let mut f = Flags::new(&words);
        assert_eq!(f.next_flag(), Some("--a"));
        assert_eq!(f.value("--a"), Ok("1"));
        assert_eq!(f.next_flag(), Some("--b"));
        assert_eq!(f.value("--b"), Ok("2"));
        assert_eq!(f.next_flag(), Some("--c"));
        assert_eq!(f.value("--c"), Ok(""));
        assert_eq!(f.next_flag(), Some("plain"));
        assert_eq!(f.next_flag(), Some("--d"));
        assert_eq!(f.value("--d"), Err("--d needs a value".to_string()));
        assert_eq!(f.next_flag(), None);
    }

    #[test]
    fn numbers_and_files() {
        assert_eq!(integer("--n", "7", 1, 9), Ok(7));
        assert!(integer("--n", "0", 1, 9).unwrap_err().contains("--n must be an integer in 1..=9"));
        assert!(integer("--n", "-1", 0, 9).is_err());
        assert_eq!(real("--x", "0.5", 0.0, 1.0), Ok(0.5));
        assert!(real("--x", "NaN", 0.0, 1.0).is_err());
        assert_eq!(files("--data", "a,,b"), Ok(vec!["a".to_string(), "b".to_string()]));
        assert!(files("--data", ",").is_err());
        assert!(is_help("-h") && !is_help("--hash"));
    }
}
