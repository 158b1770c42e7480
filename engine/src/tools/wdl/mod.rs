//! `rockad wdl`: fits the win/draw/loss model of `rockad_eval::wdl` and
//! writes `eval/src/wdl/coefficients.rs` (rebuild to use it), from either
//!
//! - `--pgn`: match games (fastchess or cutechess PGN with each engine's
//!   score in its move comments), so the chances are those of the games
//!   the matches play ([`games`]); every K-th game is held out and the old
//!   and new models' predictions for it are shown ([`report`]); with
//!   `--check FILE` nothing is fitted: the model in FILE is shown on every
//!   game, games it was not fitted on being the honest test of a model; or
//! - `--data`: `rockad datagen` files, each position scored by the default
//!   evaluation (the embedded network) or, with `--scores search`, by the
//!   score stored with it ([`data`]).
//!
//! With `--engine NAME` only the moves of the engine named so in the
//! games' `White` / `Black` tags count: in a match against another
//! engine, or another network, the opponent's scores follow its own model.
//!
//! The scores in a PGN are the centipawns the playing binary reported,
//! normalised with the model it was built with. They are turned back into
//! internal scores with this binary's model, or with `--played-with` a
//! `coefficients.rs` of the binaries that played, when that differs.

mod calibration;
mod comment;
mod data;
mod games;
mod names;
mod pgn;
mod report;

use std::path::Path;

use rockad_eval::wdl::fit::{Fit, fit};
use rockad_eval::wdl::joint::fit_joint;
use rockad_eval::wdl::source::{coefficients_rs, parse};
use rockad_eval::wdl::{MATERIAL_REFERENCE, Model};

use crate::tools::common::{self, Outcome};
use crate::tools::out;
use crate::tools::tune::write_atomically;

const AFTER_HELP: &str = "\
Fits the win/draw/loss model (chances from score and material) to games and
writes its coefficients as Rust source; rebuild Rockad to use them. --out (and
--report) are checked for writing before anything is read.

With --pgn, the scores are those the engines reported in the games: centipawns
normalised with the model of the binaries that played. They are turned back
with this binary's own model unless --played-with names the coefficients.rs
those binaries were built with (after a refit, the games played before it need
the old file: git show COMMIT:eval/src/wdl/coefficients.rs). In games against
another engine (or Rockad with another network), --engine NAME keeps the moves
of the side named NAME in the White / Black tags and leaves the rest out.";

/// One game in this many is held out of a fit on match games.
const DEFAULT_HOLDOUT: u32 = 5;

/// What scores the positions of --data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Scores {
    /// The default evaluation (the embedded network)
    Eval,
    /// The search score stored in the data
    Search,
}

#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
#[command(group(clap::ArgGroup::new("games").required(true).args(["data", "pgn"])))]
pub struct WdlArgs {
    /// Self-play data files (rockad datagen), comma-separated (or --data given again)
    #[arg(long, value_name = "FILES", value_delimiter = ',')]
    data: Vec<String>,
    /// Match games: PGN files with each engine's score in its move comments ({+0.12/13 0.1s}, as
    /// fastchess and cutechess write them), comma-separated (or --pgn given again)
    #[arg(long, value_name = "FILES", value_delimiter = ',')]
    pgn: Vec<String>,
    /// What scores each position of --data
    #[arg(long, value_enum, default_value_t = Scores::Eval, conflicts_with = "pgn")]
    scores: Scores,
    /// With --pgn: hold every K-th game out of the fit and show how the old and the new model
    /// predict its results (0: fit on every game) [default: 5]
    #[arg(long, value_name = "K", conflicts_with = "data")]
    holdout: Option<u32>,
    /// With --pgn: the coefficients.rs the binaries that played were built with (default: this
    /// binary's own model)
    #[arg(long, value_name = "FILE", conflicts_with = "data", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    played_with: Option<String>,
    /// With --pgn: only the moves of the engine named NAME in the games' White / Black tags
    /// (default: both sides')
    #[arg(long, value_name = "NAME", conflicts_with = "data", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    engine: Option<String>,
    /// With --pgn: fit nothing and write nothing, but show how the model in FILE (a
    /// coefficients.rs) predicts every game's results, beside the model that played them
    #[arg(long, value_name = "FILE", conflicts_with_all = ["data", "holdout", "out"],
          value_parser = clap::builder::NonEmptyStringValueParser::new())]
    check: Option<String>,
    /// With --pgn: also write the held-out calibration tables to FILE, in Markdown
    #[arg(long, value_name = "FILE", conflicts_with = "data", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    report: Option<String>,
    /// Where to write (by default into the source tree Rockad was built from)
    #[arg(long, value_name = "FILE", default_value_t = common::source_path("eval/src/wdl/coefficients.rs"),
          value_parser = clap::builder::NonEmptyStringValueParser::new())]
    out: String,
}

/// What the model is fitted to.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    Data {
        files: Vec<String>,
        search_scores: bool,
    },
    Pgn {
        files: Vec<String>,
        holdout: u32,
        engine: Option<String>,
        played_with: Option<String>,
        report: Option<String>,
        /// A `coefficients.rs` to check on every game instead of fitting.
        check: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub input: Input,
    pub out: String,
}

impl WdlArgs {
    pub fn config(self) -> Result<Config, String> {
        let input = if self.pgn.is_empty() {
            Input::Data {
                files: common::file_list("--data", self.data)?,
                search_scores: self.scores == Scores::Search,
            }
        } else {
            let holdout = self.holdout.unwrap_or(DEFAULT_HOLDOUT);
            if holdout == 1 {
                return Err("--holdout 1 would hold out every game (0 holds out none)".to_string());
            }
            Input::Pgn {
                files: common::file_list("--pgn", self.pgn)?,
                holdout,
                engine: self.engine,
                played_with: self.played_with,
                report: self.report,
                check: self.check,
            }
        };
        Ok(Config { input, out: self.out })
    }
}

/// The model in `path`, a `coefficients.rs`, or this binary's own without
/// one, and its name for the header of the new `coefficients.rs`.
fn played_model(path: Option<&str>) -> Result<(Model, String), String> {
    let Some(path) = path else {
        let commit = env!("ROCKAD_COMMIT");
        let name = if commit.is_empty() { String::new() } else { format!(" (commit {commit})") };
        return Ok((Model::COMPILED, format!("the model built into the fitting binary{name}")));
    };
    Ok((read_model(path)?, format!("the model in {path}")))
}

/// The model in `path`, a `coefficients.rs`.
fn read_model(path: &str) -> Result<Model, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    parse(&text).map_err(|e| format!("{path} is not a coefficients.rs: {e}"))
}

/// The per-material fits beside the fitted cubics.
fn show_fit(model: &Fit, say: &mut dyn FnMut(&str)) {
    say("material  samples        a        b   model a  model b");
    for p in &model.per_material {
        let (ma, mb) =
            rockad_eval::wdl::fit::evaluate_polynomials(model, f64::from(p.material) / MATERIAL_REFERENCE);
        say(&format!("{:>8} {:>8} {:>8.1} {:>8.1} {:>9.1} {:>8.1}", p.material, p.samples, p.a, p.b, ma, mb));
    }
    say(&format!("upsets: a share of {:.4} on a curve {:.4} times as steep", model.upset, model.upset_slope));
    say(&format!("above the midpoint the curves are {:.3} times as wide as below", model.upper));
    let m = model.model();
    match m.zero {
        Some(z) => say(&format!(
            "draw chance at exactly 0.00: sigma({:.4} + {:.4} x): {:.1}% with 17 material, {:.1}% with 78",
            z[0],
            z[1],
            100.0 * m.zero_draw(17).unwrap_or(0.0),
            100.0 * m.zero_draw(78).unwrap_or(0.0)
        )),
        None => say("draw chance at exactly 0.00: too few such positions for a class of its own"),
    }
}

/// Shows how the model in `path` predicts every game of `files`, beside
/// `played` (the model the games were played with): nothing is fitted.
fn check_model(
    files: &[String],
    engine: Option<&str>,
    (played, name): (&Model, &str),
    path: &str,
    report: Option<&str>,
    say: &mut dyn FnMut(&str),
) -> Result<(), String> {
    let checked = read_model(path)?;
    // Every game "held out": none is fitted on.
    let split = games::split(files, 1, engine, played, name, say)?;
    let md = report::calibrate(
        &split.held_out,
        split.held_out_games,
        played,
        &checked,
        &format!("the model in {path}, checked on every game"),
        say,
    );
    if let Some(r) = report {
        write_atomically(Path::new(r), &md)?;
        say(&format!("calibration tables written to {r}"));
    }
    Ok(())
}

/// Fits and writes the model (`None` with `--check`, which fits nothing);
/// `say` gets the report lines.
pub fn run(c: &Config, say: &mut dyn FnMut(&str)) -> Result<Option<Fit>, String> {
    if let Input::Pgn { files, engine, played_with, report, check: Some(path), .. } = &c.input {
        if let Some(r) = report {
            common::check_writable(r)?;
        }
        let (played, name) = played_model(played_with.as_deref())?;
        check_model(files, engine.as_deref(), (&played, &name), path, report.as_deref(), say)?;
        return Ok(None);
    }
    common::check_writable(&c.out)?;
    let (model, what) = match &c.input {
        Input::Data { files, search_scores } => {
            let (counts, what) = data::counts(files, *search_scores, say)?;
            let model = fit(&counts)?;
            show_fit(&model, say);
            (model, what)
        }
        Input::Pgn { files, holdout, engine, played_with, report, .. } => {
            if let Some(r) = report {
                common::check_writable(r)?;
            }
            let (played, name) = played_model(played_with.as_deref())?;
            let split = games::split(files, *holdout, engine.as_deref(), &played, &name, say)?;
            let model = fit_joint(&split.counts)?;
            show_fit(&model, say);
            if !split.held_out.is_empty() {
                let md = report::calibrate(
                    &split.held_out,
                    split.held_out_games,
                    &played,
                    &model.model(),
                    "the fit",
                    say,
                );
                if let Some(r) = report {
                    write_atomically(Path::new(r), &md)?;
                    say(&format!("calibration tables written to {r}"));
                }
            }
            (model, split.what)
        }
    };
    write_atomically(Path::new(&c.out), &coefficients_rs(&model.model(), &what))?;
    say(&format!("written to {}", c.out));
    Ok(Some(model))
}

/// Runs `rockad wdl`.
pub fn main(a: WdlArgs) -> Outcome {
    let c = a.config().map_err(|m| common::usage_error("wdl", m))?;
    run(&c, &mut |line| out::say(line)).map(drop).map_err(|e| common::failed("wdl", e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_args(args: &[&str]) -> Result<Config, String> {
        let (a, _) = common::parse_args::<WdlArgs>("wdl", args).map_err(|e| e.to_string())?;
        a.config()
    }

    fn temp(name: &str) -> String {
        crate::tools::datagen::tests::temp(&format!("wdl-{name}")).to_string_lossy().into_owned()
    }

    #[test]
    fn command_lines() {
        let c = parse_args(&["--data", "a.bin,b.bin", "--scores=search", "--out", "x.rs"]).unwrap();
        let files = vec!["a.bin".to_string(), "b.bin".to_string()];
        assert_eq!(
            c,
            Config { input: Input::Data { files: files.clone(), search_scores: true }, out: "x.rs".into() }
        );
        let c = parse_args(&["--data", "a"]).unwrap();
        assert!(matches!(c.input, Input::Data { search_scores: false, .. }));
        assert!(c.out.ends_with("eval/src/wdl/coefficients.rs") && Path::new(&c.out).is_absolute());
        let c = parse_args(&["--pgn", "a.bin", "--pgn", "b.bin", "--report", "r.md"]).unwrap();
        let want = Input::Pgn {
            files,
            holdout: 5,
            engine: None,
            played_with: None,
            report: Some("r.md".into()),
            check: None,
        };
        assert_eq!(c.input, want);
        let c =
            parse_args(&["--pgn", "g.pgn", "--holdout", "0", "--played-with", "old.rs", "--engine", "net16"])
                .unwrap();
        let want = Input::Pgn {
            files: vec!["g.pgn".into()],
            holdout: 0,
            engine: Some("net16".into()),
            played_with: Some("old.rs".into()),
            report: None,
            check: None,
        };
        assert_eq!(c.input, want);
        for args in [
            &[][..],
            &["--data", ","],
            &["--pgn", ","],
            &["--data", "a", "--scores", "x"],
            &["--data", "a", "--out", ""],
            &["--data"],
            &["--help"],
            &["--data", "a", "--pgn", "b"],
            &["--pgn", "b", "--scores", "search"],
            &["--data", "a", "--holdout", "3"],
            &["--data", "a", "--report", "r.md"],
            &["--data", "a", "--played-with", "old.rs"],
            &["--pgn", "b", "--holdout", "1"],
            &["--pgn", "b", "--holdout", "-2"],
            &["--pgn", "b", "--played-with", ""],
            &["--pgn", "b", "--engine", ""],
            &["--data", "a", "--engine", "x"],
        ] {
            assert!(parse_args(args).is_err(), "{args:?}");
        }
        assert_eq!(parse_args(&["--pgn", ","]).unwrap_err(), "--pgn needs at least one file name");
    }

    #[test]
    fn a_missing_file_is_an_error() {
        let c = Config {
            input: Input::Data { files: vec!["/nonexistent/rockad.bin".into()], search_scores: false },
            out: temp("x.rs"),
        };
        assert!(run(&c, &mut |_| {}).unwrap_err().contains("/nonexistent/rockad.bin"));
        let c = Config { out: "/nonexistent/x.rs".into(), ..c };
        assert!(run(&c, &mut |_| {}).unwrap_err().starts_with("cannot write /nonexistent/x.rs"));
        let pgn = |played_with: Option<&str>, report: Option<&str>| Config {
            input: Input::Pgn {
                files: vec!["/nonexistent/g.pgn".into()],
                holdout: 5,
                engine: None,
                played_with: played_with.map(String::from),
                report: report.map(String::from),
                check: None,
            },
            out: temp("y.rs"),
        };
        assert!(
            run(&pgn(None, None), &mut |_| {}).unwrap_err().starts_with("cannot read /nonexistent/g.pgn")
        );
        let e = run(&pgn(None, Some("/nonexistent/r.md")), &mut |_| {}).unwrap_err();
        assert!(e.starts_with("cannot write /nonexistent/r.md"), "{e}");
        let e = run(&pgn(Some("/nonexistent/old.rs"), None), &mut |_| {}).unwrap_err();
        assert!(e.starts_with("cannot read /nonexistent/old.rs"), "{e}");
        let not_rs = temp("not.rs");
        std::fs::write(&not_rs, "fn main() {}").unwrap();
        let e = run(&pgn(Some(&not_rs), None), &mut |_| {}).unwrap_err();
        assert_eq!(e, format!("{not_rs} is not a coefficients.rs: no line `pub const A: [f64; 4] = [...];`"));
        let _ = std::fs::remove_file(&not_rs);
    }
}
