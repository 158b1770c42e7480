//! `rockad wdl`: fits the win/draw/loss model of `rockad_eval::wdl` to
//! `rockad datagen` files and writes `eval/src/wdl/coefficients.rs`
//! (rebuild to use it).
//!
//! By default each position is scored by the default evaluation (the
//! embedded network), so the model matches the evaluation the engine will
//! report with (run it after a new network or `rockad tune` and a
//! rebuild); `--scores search` uses the scores the data was generated with
//! instead.

use std::path::Path;

use shakmaty::{Color, Position};

use rockad_eval::data::decode;
use rockad_eval::wdl::fit::{Counts, fit};
use rockad_eval::wdl::source::coefficients_rs;
use rockad_eval::wdl::{self, MATERIAL_REFERENCE};

use crate::evaluation;
use crate::tools::common::{self, Outcome};
use crate::tools::out;
use crate::tools::plural::plural;
use crate::tools::tune::{load, write_atomically};

const AFTER_HELP: &str = "\
Fits the win/draw/loss model (chances from score and material) to self-play
data (rockad datagen files) and writes its coefficients as Rust source;
rebuild Rockad to use them. --out is checked for writing before the data is read.";

/// What scores the positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Scores {
    /// The default evaluation (the embedded network)
    Eval,
    /// The search score stored in the data
    Search,
}

#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct WdlArgs {
    /// Data files, comma-separated (or --data given again)
    #[arg(long, value_name = "FILES", value_delimiter = ',', required = true)]
    data: Vec<String>,
    /// What scores each position
    #[arg(long, value_enum, default_value_t = Scores::Eval)]
    scores: Scores,
    /// Where to write (by default into the source tree Rockad was built from)
    #[arg(long, value_name = "FILE", default_value_t = common::source_path("eval/src/wdl/coefficients.rs"),
          value_parser = clap::builder::NonEmptyStringValueParser::new())]
    out: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub data: Vec<String>,
    pub search_scores: bool,
    pub out: String,
}

impl WdlArgs {
    pub fn config(self) -> Result<Config, String> {
        Ok(Config {
            data: common::file_list(self.data)?,
            search_scores: self.scores == Scores::Search,
            out: self.out,
        })
    }
}

/// Fits and writes the model; `say` gets the report lines.
pub fn run(c: &Config, say: &mut dyn FnMut(&str)) -> Result<wdl::fit::Fit, String> {
    common::check_writable(&c.out)?;
    let records = load(&c.data, say)?;
    let net = evaluation::default_network();
    let mut counts = Counts::default();
    for bytes in &records {
        let Ok(r) = decode(bytes) else { continue };
        let score = if c.search_scores {
            i32::from(r.score)
        } else {
            let v = match &net {
                Some(n) => rockad_eval::nnue::evaluate(n, &r.pos),
                None => rockad_eval::evaluate(&r.pos),
            };
            if r.pos.turn() == Color::White { v } else { -v }
        };
        counts.add(score, wdl::material(&r.pos), r.result);
    }
    let source = match (c.search_scores, &net) {
        (true, _) => "search scores",
        (false, Some(_)) => "the embedded network",
        (false, None) => "the hand-crafted evaluation",
    };
    say(&format!("{} scored by {source}", plural(counts.samples, "position")));
    let model = fit(&counts)?;
    say("material  samples        a        b   model a  model b");
    for p in &model.per_material {
        let (ma, mb) = wdl::fit::evaluate_polynomials(&model, f64::from(p.material) / MATERIAL_REFERENCE);
        say(&format!("{:>8} {:>8} {:>8.1} {:>8.1} {:>9.1} {:>8.1}", p.material, p.samples, p.a, p.b, ma, mb));
    }
    let files = file_list(&c.data);
    let text = coefficients_rs(
        &model.model(),
        &format!("{} of {files}, scored by {source}", plural(counts.samples, "position")),
    );
    write_atomically(Path::new(&c.out), &text)?;
    say(&format!("written to {}", c.out));
    Ok(model)
}

/// Runs `rockad wdl`.
pub fn main(a: WdlArgs) -> Outcome {
    let c = a.config().map_err(|m| common::usage_error("wdl", m))?;
    run(&c, &mut |line| out::say(line)).map(drop).map_err(|e| common::failed("wdl", e))
}

/// A path as (text before its last digits, their number, their width, the
/// text after), or `None` without digits.
fn split_number(f: &str) -> Option<(&str, u64, usize, &str)> {
    let end = f.rfind(|c: char| c.is_ascii_digit())? + 1;
    let start = f[..end].rfind(|c: char| !c.is_ascii_digit()).map_or(0, |i| i + 1);
    Some((&f[..start], f[start..end].parse::<u64>().ok()?, end - start, &f[end..]))
}

/// The data files as a list to read: runs of three or more that differ only
/// in a consecutive number (seeds) are written `first ... last-number-on`.
fn file_list(files: &[String]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < files.len() {
        let mut j = i + 1;
        if let Some((pre, n, w, post)) = split_number(&files[i]) {
            while j < files.len() && split_number(&files[j]) == Some((pre, n + (j - i) as u64, w, post)) {
                j += 1;
            }
        }
        if j - i >= 3 {
            let (_, last, _, post) = split_number(&files[j - 1]).unwrap_or_default();
            out.push(format!("{} ... {last}{post}", files[i]));
        } else {
            j = i + 1;
            out.push(files[i].clone());
        }
        i = j;
    }
    format!("{} ({})", plural(files.len() as u64, "file"), out.join(", "))
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs_of_seed_files_are_named_by_their_ends() {
        let mut files = vec!["/d/a-s28001.bin".to_string()];
        files.extend((28101..=28116).map(|s| format!("/d/device/a-s{s}.bin")));
        files.extend(["/d/b-s1.bin".to_string(), "/d/b-s2.bin".to_string(), "/d/x.bin".to_string()]);
        assert_eq!(
            super::file_list(&files),
            "20 files (/d/a-s28001.bin, /d/device/a-s28101.bin ... 28116.bin, /d/b-s1.bin, /d/b-s2.bin, /d/x.bin)"
        );
    }

    use super::*;

    fn parse(args: &[&str]) -> Result<Config, String> {
        let (a, _) = common::parse_args::<WdlArgs>("wdl", args).map_err(|e| e.to_string())?;
        a.config()
    }

    #[test]
    fn command_lines() {
        let c = parse(&["--data", "a.bin,b.bin", "--scores=search", "--out", "x.rs"]).unwrap();
        assert_eq!(
            c,
            Config { data: vec!["a.bin".into(), "b.bin".into()], search_scores: true, out: "x.rs".into() }
        );
        let c = parse(&["--data", "a"]).unwrap();
        assert!(!c.search_scores && c.out.ends_with("eval/src/wdl/coefficients.rs"));
        assert!(Path::new(&c.out).is_absolute());
        for args in [
            &[][..],
            &["--data", ","],
            &["--data", "a", "--scores", "x"],
            &["--data", "a", "--out", ""],
            &["--data"],
            &["--help"],
        ] {
            assert!(parse(args).is_err(), "{args:?}");
        }
    }

    #[test]
    fn a_missing_file_is_an_error() {
        let c = Config {
            data: vec!["/nonexistent/rockad.bin".into()],
            search_scores: false,
            out: std::env::temp_dir().join("rockad-wdl-x.rs").to_string_lossy().into_owned(),
        };
        assert!(run(&c, &mut |_| {}).unwrap_err().contains("/nonexistent/rockad.bin"));
        let c = Config { out: "/nonexistent/x.rs".into(), ..c };
        assert!(run(&c, &mut |_| {}).unwrap_err().starts_with("cannot write /nonexistent/x.rs"));
    }
}
