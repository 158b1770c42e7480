//! Scheduling the searches. Several positions: min(threads, positions)
//! workers, each with its own single-thread [`Searcher`], take positions
//! from a shared counter; for many short searches that beats one
//! multithreaded search after another (no thread start-up and SMP overhead
//! per position). One position: one search with every thread.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use shakmaty::Move;

use rockad_search::{Bound, IterationReport, Limits, Listener, SearchRequest, Searcher, TbSettings};

use super::args::Budget;
use super::record::{self, Record};
use super::select::Task;
use crate::tools::plural::plural;

/// How every search runs.
#[derive(Debug, Clone)]
pub struct Settings {
    pub budget: Budget,
    pub multipv: usize,
    pub threads: usize,
    pub hash_mb: usize,
    /// Tablebases every search probes.
    pub tablebases: TbSettings,
    /// Depths whose line-1 scores are averaged into the score (1: the last alone).
    pub average: usize,
}

/// What the caller hears while the searches run.
pub enum Event {
    /// A position is done: its record, or why it has none.
    Done(Result<Record, String>),
    /// Nothing finished for a while (to redraw a progress bar).
    Tick,
}

/// (parallel searches, threads per search) for `positions` positions.
pub fn plan(positions: usize, threads: usize) -> (usize, usize) {
    if positions <= 1 { (1, threads) } else { (threads.min(positions), 1) }
}

/// The one stderr line saying how the searches are scheduled.
pub fn mode_line(positions: usize, s: &Settings) -> String {
    match plan(positions, s.threads) {
        _ if positions == 0 => "nothing to search".to_string(),
        (1, t) if positions == 1 => {
            format!("1 position: one search with {}, hash {} MB", plural(t as u64, "thread"), s.hash_mb)
        }
        (1, _) => format!("{positions} positions: one single-thread search at a time, hash {} MB", s.hash_mb),
        (w, _) => format!(
            "{positions} positions: {w} single-thread searches in parallel, hash {} MB each",
            s.hash_mb
        ),
    }
}

/// Keeps the last report of each MultiPV line, and line 1's exact score at
/// each depth (an aspiration window's fail is no score of its depth).
struct Collector {
    lines: Mutex<Vec<Option<IterationReport>>>,
    by_depth: Mutex<Vec<(u32, i32)>>,
}

impl Listener for Collector {
    fn iteration(&self, r: &IterationReport) {
        let i = r.multipv.max(1) as usize - 1;
        if r.depth == 0 {
            return;
        }
        if let Ok(mut lines) = self.lines.lock()
            && i < lines.len()
        {
            lines[i] = Some(r.clone());
        }
        if i == 0
            && r.bound == Bound::Exact
            && let Ok(mut by_depth) = self.by_depth.lock()
        {
            match by_depth.last_mut() {
                Some(last) if last.0 == r.depth => last.1 = r.score,
                Some(last) if last.0 > r.depth => {}
                _ => by_depth.push((r.depth, r.score)),
            }
        }
    }
    fn currmove(&self, _: u32, _: Move, _: u32) {}
    fn bestmove(&self, _: Option<Move>, _: Option<Move>) {}
}

fn limits(b: &Budget) -> Limits {
    Limits {
        depth: b.depth,
        nodes: b.nodes,
        movetime: b.movetime.map(|ms| ms.min(i64::MAX as u64) as i64),
        ..Limits::default()
    }
}

/// Searches one position from a clean table, so results do not depend on
/// which positions a worker searched before.
pub fn search(searcher: &mut Searcher, task: &Task, s: &Settings) -> Result<Record, String> {
    searcher.clear();
    let collector =
        Arc::new(Collector { lines: Mutex::new(vec![None; s.multipv]), by_depth: Mutex::default() });
    let start = Instant::now();
    searcher.start(
        SearchRequest {
            root: task.root.clone(),
            history: task.history.clone(),
            limits: limits(&s.budget),
            multipv: s.multipv,
            move_overhead_ms: 0,
            start,
        },
        collector.clone(),
    );
    let outcome = searcher.wait().ok_or_else(|| format!("position {}: the search failed", task.id))?;
    let time_ms = start.elapsed().as_millis() as u64;
    let reports = collector.lines.lock().map(|l| l.clone()).unwrap_or_default();
    let by_depth = collector.by_depth.lock().map(|l| l.clone()).unwrap_or_default();
    record::from_search(task, &outcome, &reports, &by_depth, s.average, time_ms)
        .ok_or_else(|| format!("position {}: the search found no move", task.id))
}

/// Runs every task, reporting to `on` on the calling thread (which also
/// writes the records, so files have a single writer). Stops handing out
/// positions when `on` returns an error, and returns that error.
pub fn run_all(
    tasks: &[Task],
    s: &Settings,
    on: &mut dyn FnMut(Event) -> Result<(), String>,
) -> Result<(), String> {
    if tasks.is_empty() {
        return Ok(());
    }
    let (workers, threads) = plan(tasks.len(), s.threads);
    // Tables are allocated up front, so a size the machine cannot give is
    // one clear error before any search starts.
    let searchers = (0..workers)
        .map(|_| {
            crate::evaluation::searcher(s.hash_mb, threads).map(|mut searcher| {
                searcher.set_tablebases(s.tablebases.clone());
                searcher
            })
        })
        .collect::<Result<Vec<Searcher>, _>>()
        .map_err(|e| format!("--hash {}: {e}", s.hash_mb))?;
    let next = AtomicUsize::new(0);
    let cancelled = AtomicBool::new(false);
    let (tx, rx) = channel();
    std::thread::scope(|scope| {
        for mut searcher in searchers {
            let (tx, next, cancelled) = (tx.clone(), &next, &cancelled);
            scope.spawn(move || {
                while !cancelled.load(Relaxed) {
                    let i = next.fetch_add(1, Relaxed);
                    let Some(task) = tasks.get(i) else { break };
                    if tx.send(search(&mut searcher, task, s)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut result = Ok(());
        loop {
            let event = match rx.recv_timeout(Duration::from_millis(500)) {
                Ok(done) => Event::Done(done),
                Err(RecvTimeoutError::Timeout) => Event::Tick,
                Err(RecvTimeoutError::Disconnected) => break,
            };
            if result.is_ok()
                && let Err(e) = on(event)
            {
                cancelled.store(true, Relaxed);
                result = Err(e);
            }
        }
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::analyse::args::{Config, Selector};
    use crate::tools::analyse::record::Score;

    fn tasks(ns: &[u32], moves: &[&str]) -> Vec<Task> {
        let config = Config::for_tests(vec![Selector::Frc(ns.to_vec())], Some(1), moves);
        crate::tools::analyse::select::tasks(&config).unwrap().0
    }

    fn settings(depth: u32, multipv: usize, threads: usize) -> Settings {
        Settings {
            budget: Budget { depth: Some(depth), nodes: None, movetime: None },
            multipv,
            threads,
            hash_mb: 1,
            tablebases: TbSettings::default(),
            average: 1,
        }
    }

    #[test]
    fn scores_by_depth_and_their_mean() {
        let t = tasks(&[518], &[]);
        let mut searcher = Searcher::new(1, 1).unwrap();
        let last = search(&mut searcher, &t[0], &settings(6, 1, 1)).unwrap();
        assert_eq!(last.depth_scores.len(), 6, "{:?}", last.depth_scores);
        let cps: Vec<i32> = last.depth_scores.iter().map(|s| s.unwrap()).collect();
        assert_eq!(last.score().cp(), Some(cps[5]), "without --average the last depth's score");
        // The same search (a cleared table: deterministic) averaged over its last three depths.
        let avg = search(&mut searcher, &t[0], &Settings { average: 3, ..settings(6, 1, 1) }).unwrap();
        assert_eq!(avg.depth_scores, last.depth_scores);
        assert_eq!(avg.best_uci(), last.best_uci(), "the line stays the last depth's");
        let mean = cps[3..].iter().sum::<i32>() as f64 / 3.0;
        let got = avg.score().cp().unwrap();
        // Averaged before normalising to centipawns: within rounding of the mean of the shown scores.
        assert!((f64::from(got) - mean).abs() <= 1.5, "{got} against {mean} from {cps:?}");
        // More depths than searched: the last depth's score.
        let few = search(&mut searcher, &t[0], &Settings { average: 9, ..settings(6, 1, 1) }).unwrap();
        assert_eq!(few.score(), last.score());
    }

    #[test]
    fn scheduling_modes() {
        assert_eq!(plan(1, 4), (1, 4));
        assert_eq!(plan(10, 4), (4, 1));
        assert_eq!(plan(3, 8), (3, 1));
        assert!(mode_line(1, &settings(1, 1, 4)).contains("one search with 4 thread"));
        assert!(mode_line(9, &settings(1, 1, 2)).contains("2 single-thread search"));
    }

    #[test]
    fn every_position_is_searched_once_in_parallel() {
        let t = tasks(&[0, 1, 2, 518], &[]);
        let mut ids = Vec::new();
        run_all(&t, &settings(2, 1, 2), &mut |e| {
            if let Event::Done(r) = e {
                let r = r?;
                assert_eq!(r.depth, 2);
                assert!(r.nodes > 0 && !r.best_uci().is_empty());
                ids.push(r.id);
            }
            Ok(())
        })
        .unwrap();
        ids.sort();
        assert_eq!(ids, vec!["0", "1", "2", "518"]);
    }

    #[test]
    fn multipv_lines_and_black_to_move_scores() {
        let t = tasks(&[518], &["e2e4"]);
        let mut searcher = Searcher::new(1, 1).unwrap();
        let r = search(&mut searcher, &t[0], &settings(3, 3, 1)).unwrap();
        assert_eq!(r.lines.len(), 3);
        assert_eq!(r.multipv, 3);
        let firsts: std::collections::HashSet<&str> = r.lines.iter().map(|l| l.pv_uci[0].as_str()).collect();
        assert_eq!(firsts.len(), 3, "three different first moves");
        // Scores are White's: the same search seen from Black's side has
        // line 1 best for Black, i.e. lowest for White.
        let scores: Vec<i32> = r.lines.iter().filter_map(|l| l.score.cp()).collect();
        assert!(scores.windows(2).all(|w| w[0] <= w[1]), "{scores:?}");
        // A forced mate is reported as a mate for White.
        let (pos, _) = rockad_uci::parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let task = Task { id: "m".into(), fen: String::new(), moves: vec![], root: pos, history: vec![] };
        let r = search(&mut searcher, &task, &settings(3, 1, 1)).unwrap();
        assert_eq!((r.score(), r.best_san()), (Score::Mate(1), "Ra8#"));
    }

    #[test]
    fn a_failing_writer_stops_the_run() {
        let t = tasks(&[0, 1, 2, 3, 4, 5], &[]);
        let mut seen = 0;
        let err = run_all(&t, &settings(1, 1, 1), &mut |e| {
            if let Event::Done(_) = e {
                seen += 1;
                return Err("disk full".to_string());
            }
            Ok(())
        });
        assert_eq!(err, Err("disk full".to_string()));
        assert!(seen == 1);
    }
}
