//! `rockad wdl`: fits the win/draw/loss model of `rockad_eval::wdl` to
//! `rockad datagen` files and writes `eval/src/wdl/coefficients.rs`
//! (rebuild to use it).
//!
//! By default each position is scored by the compiled-in evaluation, so
//! the model matches the evaluation the engine will report with (run it
//! after `rockad tune` and a rebuild); `--scores search` uses the scores
//! the data was generated with instead.

use std::path::Path;

use shakmaty::{Color, Position};

use rockad_eval::data::decode;
use rockad_eval::wdl::fit::{Counts, coefficients_rs, fit};
use rockad_eval::wdl::{self, MATERIAL_REFERENCE};

use crate::flags::{Flags, files, is_help, run_subcommand};
use crate::tune::{load, write_atomically};

pub const HELP: &str = "\
usage: rockad wdl --data FILE[,FILE...] [options]

Fits the win/draw/loss model (chances from score and material) to self-play
data (rockad datagen files) and writes its coefficients as Rust source;
rebuild Rockad to use them.

options:
  --data FILES          data files, comma-separated (or --data given again)
  --scores eval|search  score each position with the compiled-in evaluation
                        (default) or use the search score stored in the data
  --out FILE            where to write (default eval/src/wdl/coefficients.rs)";

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub data: Vec<String>,
    pub search_scores: bool,
    pub out: String,
}

fn parse(args: &[&str]) -> Result<Option<Config>, String> {
    let mut c = Config { data: Vec::new(), search_scores: false, out: "eval/src/wdl/coefficients.rs".into() };
    let mut words = Flags::new(args);
    while let Some(flag) = words.next_flag() {
        if is_help(flag) {
            return Ok(None);
        }
        match (flag, words.value(flag)?) {
            ("--data", v) => c.data.extend(files(flag, v)?),
            ("--scores", "eval") => c.search_scores = false,
            ("--scores", "search") => c.search_scores = true,
            ("--scores", v) => return Err(format!("--scores is eval or search, got '{v}'")),
            ("--out", "") => return Err("--out needs a file name".into()),
            ("--out", v) => c.out = v.to_string(),
            (other, _) => return Err(format!("unknown option '{other}'")),
        }
    }
    if c.data.is_empty() {
        return Err("give the data files with --data FILE[,FILE...]".into());
    }
    Ok(Some(c))
}

/// Fits and writes the model; `say` gets the report lines.
pub fn run(c: &Config, say: &mut dyn FnMut(&str)) -> Result<wdl::fit::Fit, String> {
    let records = load(&c.data, say)?;
    let mut counts = Counts::default();
    for bytes in &records {
        let Ok(r) = decode(bytes) else { continue };
        let score = if c.search_scores {
            i32::from(r.score)
        } else {
            let v = rockad_eval::evaluate(&r.pos);
            if r.pos.turn() == Color::White { v } else { -v }
        };
        counts.add(score, wdl::material(&r.pos), r.result);
    }
    let source = if c.search_scores { "search scores" } else { "the compiled-in evaluation" };
    say(&format!("{} position(s) scored by {source}", counts.samples));
    let model = fit(&counts)?;
    say("material  samples        a        b   model a  model b");
    for p in &model.per_material {
        let (ma, mb) = wdl::fit::evaluate_polynomials(&model, f64::from(p.material) / MATERIAL_REFERENCE);
        say(&format!("{:>8} {:>8} {:>8.1} {:>8.1} {:>9.1} {:>8.1}", p.material, p.samples, p.a, p.b, ma, mb));
    }
    let files = c.data.join(", ");
    let text =
        coefficients_rs(&model, &format!("{} position(s) of {files}, scored by {source}", counts.samples));
    write_atomically(Path::new(&c.out), &text)?;
    say(&format!("written to {}", c.out));
    Ok(model)
}

/// Runs `rockad wdl <args>`; returns the process exit code.
pub fn main(args: &[&str]) -> i32 {
    run_subcommand("wdl", HELP, parse(args), run)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines() {
        let c = parse(&["--data", "a.bin,b.bin", "--scores=search", "--out", "x.rs"]).unwrap().unwrap();
        assert_eq!(
            c,
            Config { data: vec!["a.bin".into(), "b.bin".into()], search_scores: true, out: "x.rs".into() }
        );
        assert_eq!(parse(&["--help"]), Ok(None));
        for args in [
            &[][..],
            &["--data", ","],
            &["--data", "a", "--scores", "x"],
            &["--data", "a", "--out", ""],
            &["--data"],
        ] {
            assert!(parse(args).is_err(), "{args:?}");
        }
    }

    #[test]
    fn a_missing_file_is_an_error() {
        let c = Config {
            data: vec!["/nonexistent/rockad.bin".into()],
            search_scores: false,
            out: "/nonexistent/x.rs".into(),
        };
        assert!(run(&c, &mut |_| {}).is_err());
    }
}
