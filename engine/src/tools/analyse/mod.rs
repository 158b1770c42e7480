//! `rockad analyse`: searches chosen start positions (Chess960 numbers,
//! random samples, Double Fischer Random pairs, FEN/EPD files) and writes
//! one record per position to `PREFIX.csv` and `PREFIX.jsonl` as each search
//! ends, then a picture (`PREFIX.svg`), a page (`PREFIX.html`) and a summary (`PREFIX.summary.txt`,
//! also on stdout) of every record. A rerun with the same prefix resumes.
//!
//! Files, one job each: `args` (command line), `select` (positions), `run`
//! (scheduling searches), `record` (the result type), `csv` / `jsonl`
//! (formats), `resume` (reading an earlier run), `writer` (files),
//! `summary`, `svg`, `html` (a page with the chart inline and a sortable,
//! searchable table; both escape through `escape`), `compare` (another
//! engine's scores for the page), `wdl`
//! (win/draw/loss chances); `row` is the one serialised form of a record,
//! `complete` tells whole lines from a cut one.

pub mod args;
mod compare;
mod complete;
mod csv;
mod escape;
mod html;
mod jsonl;
mod numbers;
mod record;
mod resume;
mod row;
mod run;
mod select;
mod summary;
mod svg;
pub mod wdl;
mod writer;

use std::collections::{HashMap, HashSet};

use clap::ArgMatches;

use rockad_search::TbSettings;

use args::AnalyseArgs;
use record::Record;
use run::{Event, Settings};
use select::Key;
use writer::{Writer, write_whole};

use crate::tools::common::{self, Outcome};
use crate::tools::out;
use crate::tools::plural::plural;
use crate::tools::progress::{Display, Progress, duration};

/// Why `rockad analyse` stopped.
#[derive(Debug)]
pub enum Error {
    /// Bad command line or input file (exit code 2).
    Usage(String),
    /// Something failed while running, such as writing a file (exit code 1).
    Failed(String),
    /// Writing stdout failed.
    Output(std::io::Error),
}

/// Runs `rockad analyse`; `matches` are its arguments as clap read them.
pub fn main(a: AnalyseArgs, matches: &ArgMatches) -> Outcome {
    let config = a.config(matches).map_err(|m| common::usage_error("analyse", m))?;
    analyse(&config).map_err(|e| match e {
        Error::Usage(m) => common::usage_error("analyse", m),
        Error::Failed(m) => common::failed("analyse", m),
        Error::Output(e) => common::Exit::Output(e),
    })
}

fn note(msg: &str) {
    eprintln!("rockad analyse: {msg}");
}

fn analyse(config: &args::Config) -> Result<(), Error> {
    let (tasks, notes) = select::tasks(config)?;
    notes.iter().for_each(|n| note(n));
    // Read before any search, so that a bad file costs nothing.
    let comparison = config.compare.as_deref().map(compare::load).transpose().map_err(Error::Usage)?;

    let previous = resume::load(&config.out).map_err(Error::Failed)?;
    previous.notes.iter().for_each(|n| note(&format!("{n}; it will be searched again")));
    let done: HashSet<Key> = previous.records.iter().map(Record::key).collect();
    let todo: Vec<select::Task> = tasks.iter().filter(|t| !done.contains(&t.key())).cloned().collect();
    if previous.found {
        note(&format!(
            "resuming {}.csv: {} of {} already done, {} to search",
            config.out,
            tasks.len() - todo.len(),
            plural(tasks.len() as u64, "position"),
            todo.len()
        ));
    }
    let mut writer = Writer::create(&config.out, &previous.records).map_err(Error::Failed)?;
    let mut tablebases = TbSettings::default();
    if let Some(dirs) = &config.syzygy_path {
        let (tables, message) = crate::syzygy_options::load_path(dirs);
        if let Some(m) = message {
            note(&m);
        }
        tablebases.tables = tables;
    }
    let settings = Settings {
        budget: config.budget,
        multipv: config.multipv,
        threads: config.threads,
        hash_mb: config.hash_mb,
        tablebases,
        average: config.average,
    };
    note(&run::mode_line(todo.len(), &settings));

    let mut all = previous.records;
    let display =
        if todo.is_empty() { Display::Hidden } else { Display::from_flags(config.progress, config.quiet) };
    let progress = Progress::new("analyse", "positions", todo.len() as u64, display);
    let (mut searched, mut failed) = (0u64, 0u64);
    let result = run::run_all(&todo, &settings, &mut |event| {
        match event {
            Event::Tick => progress.tick(),
            Event::Done(Ok(r)) => {
                writer.append(&r)?;
                all.push(r);
                searched += 1;
                progress.inc(1);
            }
            Event::Done(Err(e)) => {
                progress.println(&format!("rockad analyse: {e}; rerun to retry it"));
                failed += 1;
                progress.inc(1);
            }
        }
        Ok(())
    });
    progress.finish();
    result.map_err(Error::Failed)?;

    // The picture lays non-numbered ids out in this run's order; records
    // only from earlier runs follow in file order (the sort is stable).
    let order: HashMap<Key, usize> = tasks.iter().enumerate().map(|(i, t)| (t.key(), i)).collect();
    all.sort_by_key(|r| order.get(&r.key()).copied().unwrap_or(usize::MAX));
    let svg_path = format!("{}.svg", config.out);
    write_whole(&svg_path, &svg::render(&all)).map_err(Error::Failed)?;
    let html_path = format!("{}.html", config.out);
    write_whole(&html_path, &html::render(&all, comparison.as_ref())).map_err(Error::Failed)?;
    let text = summary::summary(&all);
    let summary_path = format!("{}.summary.txt", config.out);
    write_whole(&summary_path, &text).map_err(Error::Failed)?;

    note(&format!(
        "searched {} in {}{}; {} in {p}.csv, {p}.jsonl, {svg_path}, {html_path}, {summary_path}",
        plural(searched, "position"),
        duration(progress.elapsed()),
        if failed > 0 { format!(", {failed} failed") } else { String::new() },
        plural(all.len() as u64, "record"),
        p = config.out
    ));
    // Every file is written before the summary goes to stdout, which may
    // be a pipe closed early.
    let mut stdout = out::Stdout::new();
    stdout.text(&text).and_then(|()| stdout.finish()).map_err(Error::Output)?;
    if failed > 0 {
        return Err(Error::Failed(format!(
            "{} failed; rerun with the same --out to retry",
            plural(failed, "search")
        )));
    }
    Ok(())
}
