//! The match-game path of `rockad wdl --pgn`: every scored move of the
//! games' PGN files, its reported centipawns turned back into the internal
//! score with the model the playing binaries were built with, split by
//! game into the samples of the fit (each game weighing the same) and the
//! held-out positions that show how well a model predicts.

use std::collections::BTreeMap;

use rockad_eval::wdl::Model;
use rockad_eval::wdl::fit::Counts;

use super::calibration::Position;
use super::names::file_list;
use super::pgn::read_file;
use crate::tools::plural::plural;

/// The games, split.
#[derive(Debug, Default)]
pub struct Split {
    /// The samples of the fit (games not held out).
    pub counts: Counts,
    /// The positions of the held-out games.
    pub held_out: Vec<Position>,
    /// Games read, and of them held out.
    pub games: u64,
    pub held_out_games: u64,
    /// What was read, for the header of `coefficients.rs`.
    pub what: String,
}

/// Whether game `number` (from 1, over all files in order) is held out.
pub fn held_out(number: u64, every: u32) -> bool {
    every > 0 && number.is_multiple_of(u64::from(every))
}

/// Time controls and their game counts, most played first: `4+0.04 (1041), 10+0.1 (24)`.
fn time_controls(tally: &BTreeMap<String, u64>) -> String {
    let mut list: Vec<(&String, &u64)> = tally.iter().collect();
    list.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let name = |tc: &str| if tc.is_empty() { "no TimeControl tag".to_string() } else { tc.to_string() };
    list.iter().map(|(tc, n)| format!("{} ({n})", name(tc))).collect::<Vec<_>>().join(", ")
}

/// Reads `files`, holding out every `every`-th game (0: none), keeping
/// only the moves of `engine` when it names one; `played` is the model the
/// games' scores were normalised with, `played_name` says which it is.
pub fn split(
    files: &[String],
    every: u32,
    engine: Option<&str>,
    played: &Model,
    played_name: &str,
    say: &mut dyn FnMut(&str),
) -> Result<Split, String> {
    let mut out = Split::default();
    let mut tally: BTreeMap<String, u64> = BTreeMap::new();
    let mut fitted_positions = 0u64;
    for f in files {
        let read = read_file(f, engine)?;
        let positions: usize = read.games.iter().map(|g| g.samples.len()).sum();
        let others = match engine {
            Some(e) => format!(
                "; {} without {e} and {} of its opponents left out",
                plural(read.other_games, "game"),
                plural(read.other_moves, "move")
            ),
            None => String::new(),
        };
        say(&format!(
            "{f}: {}, {} with a score ({} and {} without one left out); {} unreadable, {} unfinished{others}",
            plural(read.games.len() as u64, "game"),
            plural(positions as u64, "move"),
            plural(read.mates, "mate score"),
            plural(read.unscored, "move"),
            read.unreadable,
            read.unfinished
        ));
        if let Some(first) = &read.first_problem {
            say(&format!("{f}: first unreadable: {first}"));
        }
        for game in read.games {
            out.games += 1;
            *tally.entry(game.time_control).or_default() += 1;
            let kept = held_out(out.games, every);
            out.held_out_games += u64::from(kept);
            // Each game weighs the same, however many scored moves it
            // has: its positions share one result, and long endgames
            // would otherwise outweigh the rest.
            let weight = 1.0 / game.samples.len().max(1) as f64;
            for s in game.samples {
                let v = played.internal(s.cp, s.material);
                if kept {
                    let game = out.games as u32;
                    out.held_out.push(Position { v, material: s.material, result: s.result, game });
                } else {
                    out.counts.add_weighted(v, s.material, s.result, weight);
                    fitted_positions += 1;
                }
            }
        }
    }
    if out.games == 0 {
        return Err(match engine {
            Some(e) => format!("no finished game of {e} (a White or Black tag) in {}", files.join(", ")),
            None => format!("no finished game in {}", files.join(", ")),
        });
    }
    let fit_games = out.games - out.held_out_games;
    say(&format!(
        "{} at {}; fitting on {} ({}, {} within ±1500), holding out {} ({})",
        plural(out.games, "game"),
        time_controls(&tally),
        plural(fit_games, "game"),
        plural(fitted_positions, "position"),
        plural(out.counts.samples, "position"),
        plural(out.held_out_games, "game"),
        plural(out.held_out.len() as u64, "position")
    ));
    let holding = if every > 0 { format!(", one in {every} held out") } else { String::new() };
    let who = match engine {
        Some(e) => format!("{e} reported for the position before each of its moves"),
        None => "each engine reported for the position before its move".to_string(),
    };
    out.what = format!(
        "{} of {} ({} at {} in {}{holding}), each game weighing the same: the score {who}, turned \
         back from centipawns with {played_name}, and the game's result",
        plural(out.counts.samples, "position"),
        plural(fit_games, "match game"),
        plural(out.games, "game"),
        time_controls(&tally),
        file_list(files)
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kth_game_is_held_out() {
        let kept: Vec<u64> = (1..=12).filter(|&n| held_out(n, 5)).collect();
        assert_eq!(kept, [5, 10]);
        assert!(!(1..=12).any(|n| held_out(n, 0)));
    }

    #[test]
    fn time_controls_most_played_first() {
        let tally: BTreeMap<String, u64> =
            [("10+0.1".to_string(), 24), ("4+0.04".to_string(), 1041), (String::new(), 1)]
                .into_iter()
                .collect();
        assert_eq!(time_controls(&tally), "4+0.04 (1041), 10+0.1 (24), no TimeControl tag (1)");
    }
}
