//! `rockad datagen`: self-play training data for the Texel tuner.
//!
//! Rockad plays itself from random Chess960 and Double Fischer Random
//! starts (each followed by a few random legal plies, and drawn again when
//! a short search finds it unbalanced) at a fixed node count per move. Each
//! thread plays whole games with its own single-thread [`Searcher`], which
//! is cleared before every game; game `i` depends only on the seed, `i`
//! and the settings, so a `--games` file is the same whatever the thread
//! count (with `--positions`, the games still running when the target is
//! reached are finished and kept, so how many games end up past it depends
//! on the threads; each game is still the same).
//!
//! Kept positions: not in check, best move neither a capture nor a
//! promotion, score not a mate score. Games end by mate, stalemate,
//! repetition, the fifty-move rule or insufficient material, or by
//! adjudication (see [`game::Rules`]).
//!
//! Output: the binary format of `rockad_eval::data`, documented in
//! `eval/src/data/file.rs` (header and game blocks) and
//! `eval/src/data/compact.rs` (each game as its start and moves, 4 bytes a
//! ply; readers replay them into 32-byte position records). The header keeps
//! the seed, the node count and a fingerprint of the other settings; a run
//! on an existing file continues it from its last complete game.
//!
//! Files: `args` (command line), `game` (one game), `output` (the file),
//! `text` (`FEN | score | result` export); progress is shown with
//! [`crate::tools::progress::Progress`].

pub mod args;
pub mod game;
pub mod output;
pub mod text;

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::time::Duration;

use rockad_eval::Rng;
use rockad_eval::data::PlayedGame;
use rockad_search::SEARCH_STACK_BYTES;

use crate::tools::common::{self, Exit, Outcome};
use crate::tools::out;
use crate::tools::plural::plural;
use crate::tools::progress::{Display, Progress};
use args::{Config, DatagenArgs, Parsed, Target};
use game::{Rules, Stats};
use output::Output;

/// Runs `rockad datagen`.
pub fn main(a: DatagenArgs) -> Outcome {
    match a.parsed() {
        Parsed::Dump { bin, text } => dump(&bin, text.as_deref()),
        Parsed::Generate(config) => {
            generate(&config).map(|s| note(&s.line())).map_err(|e| common::failed("datagen", e))
        }
    }
}

fn note(msg: &str) {
    eprintln!("rockad datagen: {msg}");
}

/// `--dump BIN`: the text form to stdout or to a file.
fn dump(bin: &str, text: Option<&str>) -> Outcome {
    let done = match text {
        Some(t) => text::export_to_file(Path::new(bin), Path::new(t)),
        None => {
            let mut out = out::Stdout::new();
            let done = text::export(Path::new(bin), &mut out);
            if out.closed() {
                // stdout closed (`| head`): what was wanted has been read.
                return Err(Exit::Output(std::io::ErrorKind::BrokenPipe.into()));
            }
            done
        }
    }
    .map_err(|e| common::failed("datagen", e))?;
    if let Some(why) = done.damaged {
        note(&format!("{bin}: stopped at a cut-off last game ({why})"));
    }
    note(&format!("{}, {}", plural(done.games.into(), "game"), plural(done.positions, "position")));
    Ok(())
}

/// What a run did.
#[derive(Debug, Clone)]
pub struct Summary {
    pub seed: u64,
    pub games: u32,
    pub positions: u64,
    pub new_games: u32,
    pub new_positions: u64,
    pub nodes: u64,
    pub adjudicated: u32,
    pub rejected_starts: u64,
    pub elapsed: Duration,
}

impl Summary {
    pub fn line(&self) -> String {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        format!(
            "{} ({} adjudicated, {} redrawn), {} in {:.1}s: \
             {:.0} positions/s, {:.0} nodes/s; the file holds {}, {} (seed {})",
            plural(self.new_games.into(), "new game"),
            self.adjudicated,
            plural(self.rejected_starts, "start"),
            plural(self.new_positions, "new position"),
            secs,
            self.new_positions as f64 / secs,
            self.nodes as f64 / secs,
            plural(self.games.into(), "game"),
            plural(self.positions, "position"),
            self.seed
        )
    }
}

/// What a worker sends the writer.
enum Msg {
    Played(PlayedGame, Stats),
    Failed(String),
}

/// One generating thread: plays the next game index not yet taken until
/// the target is reached or `stop` is set, sending each game (or the first
/// failure) to the writer. Searches run on this thread, which needs a
/// search-sized stack.
fn play_games(
    seed: u64,
    rules: &Rules,
    target: Target,
    next: &AtomicU32,
    stop: &AtomicBool,
    tx: &Sender<Msg>,
) {
    let mut searcher = match crate::evaluation::searcher(rules.hash_mb, 1) {
        Ok(searcher) => searcher,
        Err(e) => {
            let _ = tx.send(Msg::Failed(format!("a {} MiB hash table: {e}", rules.hash_mb)));
            return;
        }
    };
    while !stop.load(Relaxed) {
        let index = next.fetch_add(1, Relaxed);
        if index == u32::MAX || matches!(target, Target::Games(n) if index >= n) {
            break;
        }
        let played = catch_unwind(AssertUnwindSafe(|| game::play(seed, index, rules, &mut searcher)));
        let msg = match played {
            Ok((g, stats)) => Msg::Played(g, stats),
            Err(_) => Msg::Failed(format!("game {index} panicked")),
        };
        let failed = matches!(msg, Msg::Failed(_));
        if tx.send(msg).is_err() || failed {
            stop.store(true, Relaxed);
            break;
        }
    }
}

/// Whether the file already holds what `target` asks for.
fn reached(target: Target, games: u32, positions: u64) -> bool {
    match target {
        Target::Games(n) => games >= n,
        Target::Positions(n) => positions >= n,
    }
}

/// Plays and writes games until the file holds the target.
pub fn generate(c: &Config) -> Result<Summary, String> {
    let fresh_seed = Rng::from_entropy().next_u64();
    let mut out = Output::open(Path::new(&c.out), c.seed, fresh_seed, &c.rules)?;
    out.notes.iter().for_each(|n| note(n));
    let seed = out.header.seed;
    if c.seed.is_none() && !out.resumed {
        note(&format!("seed {seed} drawn (give --seed {seed} to continue this file on its own terms)"));
    }
    if out.resumed {
        note(&format!(
            "continuing {}: {}, {} there",
            c.out,
            plural(out.games.into(), "game"),
            plural(out.positions, "position")
        ));
    }
    let (games_before, positions_before) = (out.games, out.positions);
    let threads = match c.target {
        Target::Games(n) => c.threads.min(n.saturating_sub(out.games) as usize),
        Target::Positions(_) => c.threads,
    };
    let display = Display::from_flags(c.progress == Some(true), c.progress == Some(false));
    let mut progress = match c.target {
        Target::Games(n) => Progress::new("datagen", "games", n.into(), display),
        Target::Positions(n) => Progress::new("datagen", "positions", n, display),
    };
    let counted = |games: u32, positions: u64| match c.target {
        Target::Games(_) => games.into(),
        Target::Positions(_) => positions,
    };
    progress.start_at(counted(out.games, out.positions));
    let mut summary = Summary {
        seed,
        games: out.games,
        positions: out.positions,
        new_games: 0,
        new_positions: 0,
        nodes: 0,
        adjudicated: 0,
        rejected_starts: 0,
        elapsed: Duration::ZERO,
    };
    let mut failure: Option<String> = None;
    if !reached(c.target, out.games, out.positions) && threads > 0 {
        let next = AtomicU32::new(out.games);
        let stop = AtomicBool::new(false);
        let (tx, rx) = channel::<Msg>();
        std::thread::scope(|s| {
            for _ in 0..threads {
                let tx = tx.clone();
                let (next, stop, rules, target) = (&next, &stop, c.rules, c.target);
                let spawned = std::thread::Builder::new()
                    .stack_size(SEARCH_STACK_BYTES)
                    .spawn_scoped(s, move || play_games(seed, &rules, target, next, stop, &tx));
                // The games need this thread's share: stop, naming why.
                if let Err(e) = spawned {
                    failure.get_or_insert(format!("cannot start a datagen thread: {e}"));
                    stop.store(true, Relaxed);
                }
            }
            drop(tx);
            // Games finish out of order; they are written in index order.
            let mut waiting: BTreeMap<u32, (PlayedGame, Stats)> = BTreeMap::new();
            loop {
                match rx.recv_timeout(Duration::from_millis(200)) {
                    Ok(Msg::Played(g, stats)) => {
                        waiting.insert(g.index, (g, stats));
                    }
                    Ok(Msg::Failed(e)) => {
                        failure.get_or_insert(e);
                        stop.store(true, Relaxed);
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => break,
                }
                while failure.is_none()
                    && let Some((g, stats)) = waiting.remove(&out.games)
                {
                    if let Err(e) = out.append(&g) {
                        failure = Some(e);
                        stop.store(true, Relaxed);
                        break;
                    }
                    summary.nodes += stats.nodes;
                    summary.adjudicated += u32::from(stats.adjudicated);
                    summary.rejected_starts += u64::from(stats.rejected_starts);
                    if reached(c.target, out.games, out.positions) {
                        stop.store(true, Relaxed);
                    }
                }
                progress.set_message(&match c.target {
                    Target::Games(_) => plural(out.positions, "position"),
                    Target::Positions(_) => plural(out.games.into(), "game"),
                });
                progress.set_position(counted(out.games, out.positions));
            }
        });
    }
    progress.finish();
    summary.games = out.games;
    summary.positions = out.positions;
    summary.new_games = out.games - games_before;
    summary.new_positions = out.positions - positions_before;
    summary.elapsed = progress.elapsed();
    if let Some(e) = failure {
        note(&summary.line());
        return Err(format!("{e}; the file holds every game before it: rerun to continue"));
    }
    drop(out);
    if let Some(t) = &c.text {
        let done = text::export_to_file(Path::new(&c.out), Path::new(t))?;
        note(&format!("wrote {} to {t}", plural(done.positions, "position")));
    }
    Ok(summary)
}

#[cfg(test)]
pub(crate) mod tests;
