//! The tuning build (`--features spsa`): a tunable set as a UCI option
//! changes what the search does, derived tables included, and setting it
//! back restores the search exactly, and every tunable is an option that
//! sets it. Its own test binary, so that no other test searches while the
//! values change.
#![cfg(feature = "spsa")]

use rockad::options::{Settings, find};
use rockad::{bench, spsa};
use rockad_uci::check_value;
use std::sync::Mutex;

/// The tests share the tunables: one at a time.
static TUNABLES_IN_USE: Mutex<()> = Mutex::new(());

fn set(name: &str, value: &str) -> Result<(), String> {
    let row = find(name).ok_or_else(|| format!("no option {name}"))?;
    let v = check_value(&row.spec, Some(value)).map_err(|e| e.to_string())?;
    (row.apply)(&mut Settings::default(), &row.spec, &v);
    Ok(())
}

/// Sets a tunable back to its declared value.
fn reset(name: &str) {
    let t = rockad_search::tunable(name).expect("a tunable");
    set(name, &t.default.to_string()).expect("the declared value is in range");
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
    let _one_at_a_time = TUNABLES_IN_USE.lock().unwrap_or_else(|e| e.into_inner());
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

    reset("LMR_BASE");
    reset("TM_SCORE_MIN");
    assert_eq!(nodes(), before, "the defaults again search the same tree");
}

#[test]
fn every_tunable_is_an_option_that_sets_it() {
    let _one_at_a_time = TUNABLES_IN_USE.lock().unwrap_or_else(|e| e.into_inner());
    for t in rockad_search::TUNABLES {
        let changed = if t.default == t.max { t.min } else { t.max };
        set(t.name, &changed.to_string()).unwrap();
        assert_eq!(t.value(), changed, "{}", t.name);
        reset(t.name);
        assert_eq!(t.value(), t.default, "{}", t.name);
    }
}

#[test]
fn pawn_history_is_off_until_its_option_turns_it_on() {
    let _one_at_a_time = TUNABLES_IN_USE.lock().unwrap_or_else(|e| e.into_inner());
    let off = nodes();
    set("PAWN_HISTORY_PCT", "100").unwrap();
    let on = nodes();
    set("PAWN_HISTORY_PCT", "0").unwrap();
    assert_ne!(on, off, "pawn history at 100% searched the same tree");
    assert_eq!(nodes(), off, "off again, the same tree as before");
}
