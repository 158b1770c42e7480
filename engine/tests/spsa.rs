//! The tuning build (`--features spsa`): a tunable set as a UCI option
//! changes what the search does, derived tables included, and setting it
//! back restores the search exactly. Its own test binary, so that no other
//! test searches while the values change.
#![cfg(feature = "spsa")]

use rockad::options::{Settings, find};
use rockad::{bench, spsa};
use rockad_uci::check_value;

fn set(name: &str, value: &str) -> Result<(), String> {
    let row = find(name).ok_or_else(|| format!("no option {name}"))?;
    let v = check_value(&row.spec, Some(value)).map_err(|e| e.to_string())?;
    (row.apply)(&mut Settings::default(), &v);
    Ok(())
}

/// The node count of a shallow bench.
fn nodes() -> u64 {
    let lines = bench::run(5);
    let last = lines.last().expect("bench output");
    last.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{last}"))
}

fn line(name: &str) -> String {
    let t = rockad_search::tunable(name).expect("a tunable");
    spsa::openbench_line(t, spsa::DEFAULT_RATE)
}

#[test]
fn options_set_tunables_and_rebuild_the_reduction_table() {
    let before = nodes();

    // LMR_BASE is read only through the reduction table: a changed count
    // means the table was rebuilt.
    set("lmr_base", "150").unwrap();
    assert_eq!(line("LMR_BASE"), "LMR_BASE, int, 150, 25, 150, 6, 0.002");
    assert_ne!(nodes(), before, "LMR_BASE 150 searched the same tree");

    let refused = set("LMR_BASE", "151").unwrap_err();
    assert!(refused.contains("25..150") && refused.contains("unchanged"), "{refused}");
    assert_eq!(line("LMR_BASE"), "LMR_BASE, int, 150, 25, 150, 6, 0.002");

    set("TM_SCORE_MIN", "-50").unwrap();
    assert_eq!(line("TM_SCORE_MIN"), "TM_SCORE_MIN, int, -50, -50, 0, 3, 0.002");

    set("LMR_BASE", "75").unwrap();
    set("TM_SCORE_MIN", "-20").unwrap();
    assert_eq!(nodes(), before, "the defaults again search the same tree");
}
