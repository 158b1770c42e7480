//! What `rockad wdl --pgn` shows about the held-out games: the calibration
//! tables of the old model (the one the games were played with) and the
//! new fit, as text lines and as Markdown for `--report`, and the check of
//! the target: predicted draw shares within 5 points of the observed ones
//! in every score band with at least 200 positions.

use rockad_eval::wdl::Model;

use super::calibration::{By, Position, Row, markdown, mean_log_likelihood, table, text, worst_draw_gap};
use crate::tools::plural::plural;

/// Bands smaller than this are shown but not held to the target.
pub const MIN_BAND: u64 = 200;
/// The largest gap allowed, percentage points of draw share.
pub const TARGET_PP: f64 = 5.0;

/// One sentence on model `index`'s worst draw gap against the target.
fn verdict(rows: &[Row], index: usize, name: &str) -> String {
    match worst_draw_gap(rows, index, MIN_BAND) {
        Some((band, gap)) => format!(
            "{name}: largest draw gap in a score band of {MIN_BAND}+ positions {gap:+.1} points ({band}): {}",
            if gap.abs() <= TARGET_PP { "within the target" } else { "outside the target" }
        ),
        None => format!("{name}: no score band has {MIN_BAND}+ positions"),
    }
}

/// Prints the tables through `say` and returns them as Markdown.
pub fn calibrate(
    held_out: &[Position],
    games: u64,
    old: &Model,
    new: &Model,
    new_is: &str,
    say: &mut dyn FnMut(&str),
) -> String {
    let both = [*old, *new];
    let names = ["old", "new"];
    let sections = [
        (
            "score band (new model's centipawns)",
            "score",
            table(held_out, &By::Score(*new), &both),
            &names[..],
        ),
        ("material", "material", table(held_out, &By::Material, &both), &names[..]),
        (
            "score band (old model's centipawns)",
            "score",
            table(held_out, &By::Score(*old), &both[..1]),
            &names[..1],
        ),
    ];
    let mut md = format!(
        "Held-out games: {}, {}. W / D / L: win, draw and loss shares in per cent, from the side \
         to move's view; `D ± (games)`: the standard error of the observed draw share counting \
         games, not positions; `D − obs.`: the predicted draw share less the observed one, in \
         points. Old: the model the games were played with; new: {new_is}.\n",
        plural(games, "game"),
        plural(held_out.len() as u64, "position")
    );
    for (title, first, rows, models) in &sections {
        say(&format!("held-out positions by {title}:"));
        for line in text(first, rows, models) {
            say(&format!("  {line}"));
        }
        md.push_str(&format!("\nBy {title}:\n\n{}", markdown(first, rows, models)));
    }
    let by_score = &sections[0].2;
    md.push('\n');
    for (i, name) in names.iter().enumerate() {
        let line = verdict(by_score, i, &format!("{name} model"));
        say(&line);
        md.push_str(&format!("- {line}\n"));
    }
    let line = format!(
        "log-likelihood per held-out position (higher is better): old {:.5}, new {:.5}",
        mean_log_likelihood(held_out, old),
        mean_log_likelihood(held_out, new)
    );
    say(&line);
    md.push_str(&format!("- {line}\n"));
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_and_verdicts() {
        let flat = Model::logistic([0.0, 0.0, 0.0, 100.0], [0.0, 0.0, 0.0, 50.0]);
        // 300 level positions, each a draw: the flat model predicts about
        // 57% draws there, far from the 100% observed.
        let held: Vec<Position> =
            (0..300).map(|i| Position { v: 0, material: 70, result: 1, game: i / 10 }).collect();
        let mut lines = Vec::new();
        let md = calibrate(&held, 30, &flat, &flat, "the fit", &mut |l| lines.push(l.to_string()));
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("old model: largest draw gap") && l.ends_with("outside the target"))
        );
        assert!(md.starts_with("Held-out games: 30 games, 300 positions."), "{md}");
        assert_eq!(md.matches("| **all** |").count(), 3, "{md}");
        // All draws: the model that expects more draws is the likelier one.
        let drawish = Model { zero: Some([3.0, 0.0]), ..flat };
        assert!(mean_log_likelihood(&held, &drawish) > mean_log_likelihood(&held, &flat));
        let mut lines = Vec::new();
        calibrate(&held, 30, &flat, &drawish, "the fit", &mut |l| lines.push(l.to_string()));
        let want = format!(
            "log-likelihood per held-out position (higher is better): old {:.5}, new {:.5}",
            flat.chances(0.0, 70)[1].ln(),
            drawish.chances(0.0, 70)[1].ln()
        );
        assert!(lines.contains(&want), "{lines:?}");
        let few = &held[..10];
        let mut lines = Vec::new();
        calibrate(few, 1, &flat, &flat, "the fit", &mut |l| lines.push(l.to_string()));
        assert!(lines.iter().any(|l| l == "new model: no score band has 200+ positions"), "{lines:?}");
    }
}
