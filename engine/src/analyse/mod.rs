//! `rockad analyse`: searches chosen start positions (Chess960 numbers,
//! random samples, Double Fischer Random pairs, FEN/EPD files) and writes
//! one record per position to `PREFIX.csv` and `PREFIX.jsonl` as each search
//! ends, then a picture (`PREFIX.svg`) and a summary (`PREFIX.summary.txt`,
//! also on stdout) of every record. A rerun with the same prefix resumes.
//!
//! Files, one job each: `args` (command line), `select` (positions), `run`
//! (scheduling searches), `record` (the result type), `csv` / `jsonl`
//! (formats), `resume` (reading an earlier run), `writer` (files),
//! `summary`, `svg`, `progress`, `wdl` (win/draw/loss chances).

mod args;
mod csv;
mod jsonl;
pub(crate) mod progress;
mod record;
mod resume;
mod run;
mod select;
mod summary;
mod svg;
pub mod wdl;
mod writer;

use std::collections::{HashMap, HashSet};
use std::io::IsTerminal;

use args::Parsed;
use progress::Progress;
use record::Record;
use run::{Event, Settings};
use select::Key;
use writer::{Writer, write_whole};

use crate::status_line::duration;

/// Why `rockad analyse` stopped.
#[derive(Debug)]
pub enum Error {
    /// Bad command line or input file (exit code 2).
    Usage(String),
    /// Something failed while running, such as writing a file (exit code 1).
    Failed(String),
}

/// Runs `rockad analyse <args>`; returns the process exit code.
pub fn main(args: &[&str]) -> i32 {
    match analyse(args) {
        Ok(()) => 0,
        Err(Error::Usage(msg)) => {
            eprintln!("rockad analyse: {msg}");
            eprintln!("run 'rockad analyse --help' for the options");
            2
        }
        Err(Error::Failed(msg)) => {
            eprintln!("rockad analyse: {msg}");
            1
        }
    }
}

fn note(msg: &str) {
    eprintln!("rockad analyse: {msg}");
}

fn analyse(args: &[&str]) -> Result<(), Error> {
    let config = match args::parse(args)? {
        Parsed::Help => {
            println!("{}", args::HELP);
            return Ok(());
        }
        Parsed::Run(c) => c,
    };
    let (tasks, notes) = select::tasks(&config)?;
    notes.iter().for_each(|n| note(n));

    let previous = resume::load(&config.out).map_err(Error::Failed)?;
    previous.notes.iter().for_each(|n| note(&format!("{n}; it will be searched again")));
    let done: HashSet<Key> = previous.records.iter().map(Record::key).collect();
    let todo: Vec<select::Task> = tasks.iter().filter(|t| !done.contains(&t.key())).cloned().collect();
    if previous.found {
        note(&format!(
            "resuming {}.csv: {} of {} position(s) already done, {} to search",
            config.out,
            tasks.len() - todo.len(),
            tasks.len(),
            todo.len()
        ));
    }
    let mut writer = Writer::create(&config.out, &previous.records).map_err(Error::Failed)?;
    let settings = Settings {
        budget: config.budget,
        multipv: config.multipv,
        threads: config.threads,
        hash_mb: config.hash_mb,
    };
    note(&run::mode_line(todo.len(), &settings));

    let mut all = previous.records;
    let mut progress = Progress::new(todo.len(), config.progress || std::io::stderr().is_terminal());
    let (mut searched, mut failed) = (0, 0);
    let result = run::run_all(&todo, &settings, &mut |event| {
        match event {
            Event::Tick => progress.tick(),
            Event::Done(Ok(r)) => {
                writer.append(&r)?;
                all.push(r);
                searched += 1;
                progress.step();
            }
            Event::Done(Err(e)) => {
                progress.interrupt();
                note(&format!("{e}; rerun to retry it"));
                failed += 1;
                progress.step();
            }
        }
        Ok(())
    });
    progress.interrupt();
    result.map_err(Error::Failed)?;

    // The picture lays non-numbered ids out in this run's order; records
    // only from earlier runs follow in file order (the sort is stable).
    let order: HashMap<Key, usize> = tasks.iter().enumerate().map(|(i, t)| (t.key(), i)).collect();
    all.sort_by_key(|r| order.get(&r.key()).copied().unwrap_or(usize::MAX));
    let svg_path = format!("{}.svg", config.out);
    write_whole(&svg_path, &svg::render(&all)).map_err(Error::Failed)?;
    let text = summary::summary(&all);
    print!("{text}");
    let summary_path = format!("{}.summary.txt", config.out);
    write_whole(&summary_path, &text).map_err(Error::Failed)?;

    note(&format!(
        "searched {searched} position(s) in {}{}; {} record(s) in {p}.csv, {p}.jsonl, {svg_path}, {summary_path}",
        duration(progress.elapsed()),
        if failed > 0 { format!(", {failed} failed") } else { String::new() },
        all.len(),
        p = config.out
    ));
    if failed > 0 {
        return Err(Error::Failed(format!("{failed} search(es) failed; rerun with the same --out to retry")));
    }
    Ok(())
}
