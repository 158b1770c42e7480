//! Position selectors: Chess960 numbers and ranges, random samples, Double
//! Fischer Random pairs and FEN/EPD files, each position optionally followed
//! by moves. Turns a [`Config`] into the list of [`Task`]s to analyse.

use std::collections::HashSet;

use shakmaty::{Chess, Position};

use rockad_eval::Rng;
use rockad_uci::{format_move, parse_fen, parse_move, shredder_fen};

use super::Error;
use super::args::{Config, Selector};
use crate::frc;

/// One position to analyse.
#[derive(Debug, Clone)]
pub struct Task {
    /// `518`, `12:845` (DFRC) or `FILE:LINE`.
    pub id: String,
    /// Shredder-FEN of the position before `moves`.
    pub fen: String,
    /// Moves played from `fen`, in UCI with castling king-takes-rook.
    pub moves: Vec<String>,
    /// The position analysed (after `moves`).
    pub root: Chess,
    /// Keys of the positions before `root`, for repetition detection.
    pub history: Vec<u64>,
}

/// What identifies a position across runs: id, FEN and moves.
pub type Key = (String, String, String);

impl Task {
    pub fn key(&self) -> Key {
        (self.id.clone(), self.fen.clone(), self.moves.join(" "))
    }
}

/// Plays `moves` from `pos`. Returns the position reached, the keys before
/// it and the moves in canonical UCI form.
fn play(mut pos: Chess, moves: &[String]) -> Result<(Chess, Vec<u64>, Vec<String>), String> {
    let mut history = Vec::with_capacity(moves.len());
    let mut played = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let m = parse_move(&pos, text).map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        history.push(rockad_search::position_key(&pos));
        played.push(format_move(m, true));
        pos.play_unchecked(m);
    }
    if pos.legal_moves().is_empty() {
        return Err("no legal move to analyse (checkmate or stalemate)".to_string());
    }
    Ok((pos, history, played))
}

fn task(id: String, base: Chess, moves: &[String]) -> Result<Task, String> {
    let fen = shredder_fen(&base);
    let (root, history, moves) = play(base, moves)?;
    Ok(Task { id, fen, moves, root, history })
}

/// A numbered position with the `--moves`; errors name the position.
fn numbered_task(id: String, base: Chess, moves: &[String]) -> Result<Task, Error> {
    task(id.clone(), base, moves).map_err(|e| Error::Usage(format!("position {id}: {e}")))
}

/// Reads a file of FEN or EPD lines. `name` labels the ids (`name:LINE`).
/// Every bad line is reported, one per line of the error; warnings about
/// repaired FENs come back with the tasks.
pub fn file_tasks(name: &str, text: &str) -> Result<(Vec<Task>, Vec<String>), String> {
    let (mut tasks, mut notes, mut bad) = (Vec::new(), Vec::new(), Vec::new());
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let id = format!("{name}:{}", i + 1);
        match file_line(line) {
            Ok((fen, moves)) => match parse_fen(&fen) {
                Ok((pos, warnings)) => {
                    notes.extend(warnings.into_iter().map(|w| format!("{id}: {w}")));
                    match task(id.clone(), pos, &moves) {
                        Ok(t) => tasks.push(t),
                        Err(e) => bad.push(format!("{id}: {e}")),
                    }
                }
                Err(e) => bad.push(format!("{id}: {e}")),
            },
            Err(e) => bad.push(format!("{id}: {e}")),
        }
    }
    if !bad.is_empty() {
        return Err(bad.join("\n"));
    }
    if tasks.is_empty() {
        return Err(format!("{name}: no positions in the file"));
    }
    Ok((tasks, notes))
}

/// Splits `<FEN or EPD> [moves m1 m2 ...]` into a six-field FEN and moves.
/// EPD operations after the four fields (`bm e4; id "x";`) are ignored.
fn file_line(line: &str) -> Result<(String, Vec<String>), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let (fields, moves) = match words.iter().position(|w| *w == "moves") {
        Some(at) => (&words[..at], words[at + 1..].iter().map(|m| m.to_string()).collect()),
        None => (&words[..], Vec::new()),
    };
    let is_number = |w: &str| w.parse::<u32>().is_ok();
    let fen = match fields.len() {
        4 => format!("{} 0 1", fields.join(" ")),
        6 if is_number(fields[4]) && is_number(fields[5]) => fields.join(" "),
        n if n > 4 && !is_number(fields[4]) => format!("{} 0 1", fields[..4].join(" ")),
        n => return Err(format!("expected a FEN (6 fields) or an EPD (4 fields), found {n} fields")),
    };
    Ok((fen, moves))
}

/// All positions `config` selects, in order, without repeats. The second
/// value holds notes for the user (a drawn seed, repaired FENs).
pub fn tasks(config: &Config) -> Result<(Vec<Task>, Vec<String>), Error> {
    let mut notes = Vec::new();
    let needs_seed =
        config.selectors.iter().any(|s| matches!(s, Selector::Random(_) | Selector::DfrcRandom(_)));
    let seed = match config.seed {
        Some(s) => s,
        None => {
            let s = Rng::from_entropy().next_u64();
            if needs_seed {
                notes.push(format!("random positions drawn with --seed {s}"));
            }
            s
        }
    };
    let mut rng = Rng::new(seed);
    let total_pairs = u64::from(frc::COUNT) * u64::from(frc::COUNT);
    let numbered = |n: u32| -> Result<Task, Error> {
        let pos = frc::position(n).ok_or_else(|| Error::Usage(format!("no start position {n}")))?;
        numbered_task(n.to_string(), pos, &config.moves)
    };
    let mut out = Vec::new();
    for selector in &config.selectors {
        match selector {
            Selector::Frc(ns) => {
                for &n in ns {
                    out.push(numbered(n)?);
                }
            }
            Selector::Random(k) => {
                let picks = frc::sample_distinct(&mut rng, u64::from(frc::COUNT), *k).ok_or_else(|| {
                    Error::Usage(format!("--random {k}: there are only 960 start positions"))
                })?;
                for n in picks {
                    out.push(numbered(n as u32)?);
                }
            }
            Selector::Dfrc(pairs) => {
                for &(w, b) in pairs {
                    out.push(dfrc_task(w, b, &config.moves)?);
                }
            }
            Selector::DfrcRandom(k) => {
                let picks = frc::sample_distinct(&mut rng, total_pairs, *k).ok_or_else(|| {
                    Error::Usage(format!("--dfrc-random {k}: there are only {total_pairs} pairs"))
                })?;
                for v in picks {
                    let (w, b) = ((v / u64::from(frc::COUNT)) as u32, (v % u64::from(frc::COUNT)) as u32);
                    out.push(dfrc_task(w, b, &config.moves)?);
                }
            }
            Selector::File(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| Error::Usage(format!("cannot read --file '{path}': {e}")))?;
                let (tasks, file_notes) = file_tasks(path, &text).map_err(Error::Usage)?;
                out.extend(tasks);
                notes.extend(file_notes);
            }
        }
    }
    let mut seen = HashSet::new();
    out.retain(|t| seen.insert(t.key()));
    Ok((out, notes))
}

/// A DFRC pair always gets a `W:B` id, even when W = B, so it is told
/// apart from the `--frc` position of the same number in one output.
fn dfrc_task(w: u32, b: u32, moves: &[String]) -> Result<Task, Error> {
    let pos = frc::dfrc_position(w, b).ok_or_else(|| Error::Usage(format!("no start position {w}:{b}")))?;
    numbered_task(format!("{w}:{b}"), pos, moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::analyse::args::Config;

    fn config(selectors: Vec<Selector>, seed: Option<u64>, moves: &[&str]) -> Config {
        Config::for_tests(selectors, seed, moves)
    }

    #[test]
    fn numbered_positions_with_moves_and_no_repeats() {
        let c = config(
            vec![Selector::Frc(vec![518, 0, 518]), Selector::Dfrc(vec![(0, 959)])],
            None,
            &["e2e4", "e7e5"],
        );
        let (tasks, notes) = tasks(&c).unwrap();
        assert!(notes.is_empty(), "no seed note without random selectors: {notes:?}");
        let ids: Vec<&str> = tasks.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, vec!["518", "0", "0:959"]);
        assert_eq!(tasks[0].fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
        assert_eq!(tasks[0].moves, vec!["e2e4", "e7e5"]);
        assert_eq!(tasks[0].history.len(), 2);
        assert_eq!(tasks[0].root.turn(), shakmaty::Color::White);
        // A move that is illegal in a selected position names it.
        let c = config(vec![Selector::Frc(vec![518])], None, &["e2e5"]);
        match super::tasks(&c) {
            Err(Error::Usage(m)) => assert!(m.contains("518") && m.contains("e2e5"), "{m}"),
            _ => panic!("an illegal move must be refused"),
        }
    }

    #[test]
    fn random_samples_are_reproducible_and_distinct() {
        let c = config(vec![Selector::Random(50), Selector::DfrcRandom(20)], Some(42), &[]);
        let a: Vec<String> = tasks(&c).unwrap().0.into_iter().map(|t| t.id).collect();
        let b: Vec<String> = tasks(&c).unwrap().0.into_iter().map(|t| t.id).collect();
        assert_eq!(a, b);
        assert_eq!(a.len(), 70);
        assert_eq!(a.iter().collect::<HashSet<_>>().len(), 70);
        assert!(a[..50].iter().all(|id| id.parse::<u32>().is_ok_and(|n| n < 960)));
        assert!(a[50..].iter().all(|id| id.contains(':')));
        let other = config(vec![Selector::Random(50)], Some(43), &[]);
        let c: Vec<String> = tasks(&other).unwrap().0.into_iter().map(|t| t.id).collect();
        assert_ne!(a[..50], c[..]);
        let (_, notes) = tasks(&config(vec![Selector::Random(2)], None, &[])).unwrap();
        assert!(notes[0].contains("--seed"), "{notes:?}");
    }

    #[test]
    fn files_with_fen_epd_moves_comments_and_castling_forms() {
        let text = "\
# a comment

rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - moves g2g3 g7g6 e1f3
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O; id \"castles\";
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1
";
        let (tasks, _) = file_tasks("f.epd", text).unwrap();
        let ids: Vec<&str> = tasks.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, vec!["f.epd:3", "f.epd:4", "f.epd:5", "f.epd:6"]);
        assert_eq!(tasks[1].fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
        assert_eq!(tasks[1].moves, vec!["g2g3", "g7g6", "e1f3"]);
        // King-two-squares castling is read and stored king-takes-rook.
        assert_eq!(tasks[3].moves, vec!["e1h1"]);
        assert_eq!(tasks[3].root.turn(), shakmaty::Color::Black);
    }

    #[test]
    fn bad_file_lines_are_all_reported_with_line_numbers() {
        let text = "\
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq
not a fen at all
8/8/8/8/8/8/8/8 w - - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 e2e4
7k/5QQ1/8/8/8/8/8/K7 b - - 0 1
";
        let err = file_tasks("g.fen", text).unwrap_err();
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 5, "{err}");
        for (line, n) in lines.iter().zip([2, 3, 4, 5, 6]) {
            assert!(line.starts_with(&format!("g.fen:{n}: ")), "{line}");
        }
        assert!(lines[3].contains("move 2 (e2e4)"), "{}", lines[3]);
        assert!(lines[4].contains("checkmate or stalemate"), "{}", lines[4]);
        assert!(file_tasks("h", "# only a comment\n\n").is_err());
    }
}
