//! The engine's UCI options: one row per option in [`OPTIONS`], holding its
//! declaration and the function that applies a checked value. A new option
//! is one row plus its apply function (and a [`Settings`] field when it is a
//! plain setting): `uci` lists the rows, `setoption` finds its row by name,
//! checks the value against the declaration and calls the function.
//!
//! An apply function changes [`Settings`] and returns an [`Effect`] for what
//! the session must do beyond that (resize or clear the table, which waits
//! for a running search to end).

use rockad_search::{
    DEFAULT_PROBE_DEPTH, DEFAULT_PROBE_LIMIT, MAX_PROBE_DEPTH, MAX_STRENGTH_ELO, MAX_TB_PIECES,
    MIN_STRENGTH_ELO, Strength,
};
use rockad_uci::{OptionKind, OptionSpec, OptionValue};

use crate::evaluation;
use crate::syzygy_options::{SYZYGY_50_MOVE_RULE, SYZYGY_PATH, SYZYGY_PROBE_DEPTH, SYZYGY_PROBE_LIMIT};

pub const DEFAULT_HASH_MB: i64 = 16;
pub const DEFAULT_MOVE_OVERHEAD_MS: i64 = 10;
/// Most search threads (the declared maximum; the session also caps at the
/// machine's hardware threads).
pub const MAX_THREADS: i64 = 512;
pub const MAX_MULTIPV: i64 = 256;
pub const MAX_MOVE_OVERHEAD_MS: i64 = 5000;
pub const DEFAULT_ELO: i64 = 1500;

/// Current values of the options that are plain settings (Hash and Threads
/// live in the searcher itself).
#[derive(Debug, Clone)]
pub struct Settings {
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub ponder: bool,
    pub chess960: bool,
    pub show_wdl: bool,
    /// `UCI_LimitStrength` and `UCI_Elo`.
    pub limit_strength: bool,
    pub elo: u32,
}

impl Settings {
    /// The strength every search plays at.
    pub fn strength(&self) -> Option<Strength> {
        self.limit_strength.then(|| Strength::new(self.elo))
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            multipv: 1,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS as u64,
            ponder: false,
            chess960: false,
            show_wdl: false,
            limit_strength: false,
            elo: DEFAULT_ELO as u32,
        }
    }
}

/// A change to the searcher's table or threads; it waits for a running
/// search to end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableChange {
    Hash(usize),
    Threads(usize),
    Clear,
}

/// What applying an option asks of the session beyond [`Settings`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    None,
    Table(TableChange),
    /// Evaluate with what this `EvalFile` value names.
    Evaluation(String),
    /// A Syzygy option's new value (see [`crate::syzygy_options::apply`]).
    Syzygy(&'static str, OptionValue),
}

/// Applies a value `check_value` has checked against the row's declaration,
/// which it is given so that one function can serve many rows by name.
pub type Apply = fn(&mut Settings, &OptionSpec, &OptionValue) -> Effect;

/// One option: how UCI declares it and how a checked value is applied.
pub struct OptionRow {
    pub spec: OptionSpec,
    pub apply: Apply,
}

/// Every option, in the order `uci` lists them.
#[cfg(not(feature = "spsa"))]
pub const OPTIONS: &[OptionRow] = ROWS;
/// Every option, in the order `uci` lists them: the tuning build adds one
/// per search tunable (`rockad spsa` prints them for OpenBench).
#[cfg(feature = "spsa")]
pub static OPTIONS: std::sync::LazyLock<Vec<OptionRow>> =
    std::sync::LazyLock::new(|| tuning::with_tunables(ROWS));

const ROWS: &[OptionRow] = &[
    OptionRow {
        spec: OptionSpec {
            name: "Hash",
            kind: OptionKind::Spin {
                default: DEFAULT_HASH_MB,
                min: 1,
                max: rockad_search::MAX_HASH_MB as i64,
            },
        },
        apply: |_, _, v| Effect::Table(TableChange::Hash(count(v))),
    },
    OptionRow {
        spec: OptionSpec { name: "Threads", kind: OptionKind::Spin { default: 1, min: 1, max: MAX_THREADS } },
        apply: |_, _, v| Effect::Table(TableChange::Threads(count(v))),
    },
    OptionRow {
        spec: OptionSpec { name: "Clear Hash", kind: OptionKind::Button },
        apply: |_, _, _| Effect::Table(TableChange::Clear),
    },
    OptionRow {
        spec: OptionSpec { name: "MultiPV", kind: OptionKind::Spin { default: 1, min: 1, max: MAX_MULTIPV } },
        apply: |s, _, v| {
            s.multipv = count(v);
            Effect::None
        },
    },
    OptionRow {
        spec: OptionSpec {
            name: "Move Overhead",
            kind: OptionKind::Spin { default: DEFAULT_MOVE_OVERHEAD_MS, min: 0, max: MAX_MOVE_OVERHEAD_MS },
        },
        apply: |s, _, v| {
            s.move_overhead_ms = count(v) as u64;
            Effect::None
        },
    },
    OptionRow {
        spec: OptionSpec { name: "Ponder", kind: OptionKind::Check { default: false } },
        apply: |s, _, v| {
            s.ponder = flag(v);
            Effect::None
        },
    },
    OptionRow {
        spec: OptionSpec { name: "UCI_Chess960", kind: OptionKind::Check { default: false } },
        apply: |s, _, v| {
            s.chess960 = flag(v);
            Effect::None
        },
    },
    OptionRow {
        spec: OptionSpec { name: "UCI_ShowWDL", kind: OptionKind::Check { default: false } },
        apply: |s, _, v| {
            s.show_wdl = flag(v);
            Effect::None
        },
    },
    OptionRow {
        spec: OptionSpec { name: "UCI_LimitStrength", kind: OptionKind::Check { default: false } },
        apply: |s, _, v| {
            s.limit_strength = flag(v);
            Effect::None
        },
    },
    OptionRow {
        spec: OptionSpec {
            name: "UCI_Elo",
            kind: OptionKind::Spin {
                default: DEFAULT_ELO,
                min: MIN_STRENGTH_ELO as i64,
                max: MAX_STRENGTH_ELO as i64,
            },
        },
        apply: |s, _, v| {
            s.elo = count(v) as u32;
            Effect::None
        },
    },
    OptionRow {
        spec: OptionSpec { name: SYZYGY_PATH, kind: OptionKind::String { default: "" } },
        apply: |_, spec, v| Effect::Syzygy(spec.name, v.clone()),
    },
    OptionRow {
        spec: OptionSpec {
            name: SYZYGY_PROBE_DEPTH,
            kind: OptionKind::Spin {
                default: DEFAULT_PROBE_DEPTH as i64,
                min: 1,
                max: MAX_PROBE_DEPTH as i64,
            },
        },
        apply: |_, spec, v| Effect::Syzygy(spec.name, v.clone()),
    },
    OptionRow {
        spec: OptionSpec {
            name: SYZYGY_PROBE_LIMIT,
            kind: OptionKind::Spin { default: DEFAULT_PROBE_LIMIT as i64, min: 0, max: MAX_TB_PIECES as i64 },
        },
        apply: |_, spec, v| Effect::Syzygy(spec.name, v.clone()),
    },
    OptionRow {
        spec: OptionSpec { name: SYZYGY_50_MOVE_RULE, kind: OptionKind::Check { default: true } },
        apply: |_, spec, v| Effect::Syzygy(spec.name, v.clone()),
    },
    OptionRow {
        spec: OptionSpec { name: "EvalFile", kind: OptionKind::String { default: evaluation::DEFAULT } },
        apply: |_, _, v| match v {
            OptionValue::Text(path) => Effect::Evaluation(path.clone()),
            _ => Effect::None,
        },
    },
];

/// The row whose name `name` is (UCI option names ignore case).
pub fn find(name: &str) -> Option<&'static OptionRow> {
    OPTIONS.iter().find(|row| row.spec.name.eq_ignore_ascii_case(name))
}

/// A spin value; `check_value` has put it in the declared range, which
/// starts at 0 or more for every spin here.
fn count(v: &OptionValue) -> usize {
    match v {
        OptionValue::Int(n) => usize::try_from(*n).unwrap_or(0),
        _ => 0,
    }
}

fn flag(v: &OptionValue) -> bool {
    matches!(v, OptionValue::Bool(true))
}

/// The tuning build's spin option for each search tunable.
#[cfg(feature = "spsa")]
mod tuning {
    use rockad_search::TUNABLES;
    use rockad_uci::{OptionKind, OptionSpec, OptionValue};

    use super::{Effect, OptionRow, Settings};

    /// Sets the tunable the option is named after to a value `check_value`
    /// has put in its range.
    fn set(_: &mut Settings, spec: &OptionSpec, v: &OptionValue) -> Effect {
        let set = match (rockad_search::tunable(spec.name), v) {
            (Some(t), OptionValue::Int(n)) => {
                rockad_search::set_tunable(t, i32::try_from(*n).unwrap_or(i32::MAX))
            }
            _ => Err(format!("{} is no tunable spin option: unchanged", spec.name)),
        };
        if let Err(e) = set {
            log::warn!("{e}");
        }
        Effect::None
    }

    /// `rows` followed by one spin option per tunable.
    pub fn with_tunables(rows: &[OptionRow]) -> Vec<OptionRow> {
        let tunables = TUNABLES.iter().map(|t| OptionRow {
            spec: OptionSpec {
                name: t.name,
                kind: OptionKind::Spin { default: t.default.into(), min: t.min.into(), max: t.max.into() },
            },
            apply: set,
        });
        rows.iter().map(|r| OptionRow { spec: r.spec.clone(), apply: r.apply }).chain(tunables).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rockad_uci::check_value;

    fn set(settings: &mut Settings, name: &str, value: Option<&str>) -> Effect {
        let row = find(name).expect("known option");
        let v = check_value(&row.spec, value).expect("valid value");
        (row.apply)(settings, &row.spec, &v)
    }

    #[test]
    fn each_row_applies_its_own_value() {
        let mut s = Settings::default();
        assert_eq!(set(&mut s, "hash", Some("64")), Effect::Table(TableChange::Hash(64)));
        assert_eq!(set(&mut s, "Threads", Some("3")), Effect::Table(TableChange::Threads(3)));
        assert_eq!(set(&mut s, "Clear Hash", None), Effect::Table(TableChange::Clear));
        assert_eq!(set(&mut s, "MultiPV", Some("4")), Effect::None);
        assert_eq!(set(&mut s, "move overhead", Some("70")), Effect::None);
        assert_eq!(set(&mut s, "Ponder", Some("true")), Effect::None);
        assert_eq!(set(&mut s, "UCI_Chess960", Some("true")), Effect::None);
        assert_eq!(set(&mut s, "UCI_ShowWDL", Some("true")), Effect::None);
        assert_eq!(
            (s.multipv, s.move_overhead_ms, s.ponder, s.chess960, s.show_wdl),
            (4, 70, true, true, true)
        );
        assert!(find("NoSuchOption").is_none());
    }

    #[test]
    fn names_are_unique_regardless_of_case() {
        for (i, a) in OPTIONS.iter().enumerate() {
            for b in &OPTIONS[i + 1..] {
                assert!(!a.spec.name.eq_ignore_ascii_case(b.spec.name), "{}", a.spec.name);
            }
        }
    }
}
