//! SPSA tuning of the search (docs/tuning.md). `rockad spsa` prints the
//! parameter lines OpenBench's SPSA form takes, one per tunable in
//! `search/src/params.rs`: `NAME, int, value, min, max, step, rate`. In the
//! tuning build (`--features spsa`) each tunable is also a UCI spin option
//! ([`with_tunables`]), which is how OpenBench and fastchess set them.

use clap::Args;

use rockad_search::{TUNABLES, Tunable};

use crate::cli::{Outcome, out};

/// OpenBench's default final learning rate (`R_end`).
pub const DEFAULT_RATE: f64 = 0.002;

/// Whether this build offers the tunables as UCI options.
pub const TUNING_BUILD: bool = cfg!(feature = "spsa");

/// `rockad spsa`.
#[derive(Debug, Args)]
pub struct SpsaArgs {
    /// The rate column (OpenBench's R_end)
    #[arg(long, default_value_t = DEFAULT_RATE, value_parser = crate::cli::real(0.0, 1.0))]
    pub rate: f64,
}

/// A tunable's line for OpenBench, at its current value.
pub fn openbench_line(t: &Tunable, rate: f64) -> String {
    format!("{}, int, {}, {}, {}, {}, {rate}", t.name, t.value(), t.min, t.max, t.step)
}

/// Every tunable's line.
pub fn openbench_lines(rate: f64) -> Vec<String> {
    TUNABLES.iter().map(|t| openbench_line(t, rate)).collect()
}

pub fn main(a: &SpsaArgs) -> Outcome {
    if !TUNING_BUILD {
        eprintln!("note: this build reads these as constants; tune a build made with '--features spsa'");
    }
    Ok(out::lines(openbench_lines(a.rate))?)
}

#[cfg(feature = "spsa")]
pub use tuning::with_tunables;

#[cfg(feature = "spsa")]
mod tuning {
    use rockad_search::TUNABLES;
    use rockad_uci::{OptionKind, OptionSpec, OptionValue};

    use crate::options::{Effect, OptionRow, Settings};

    type Apply = fn(&mut Settings, &OptionValue) -> Effect;

    /// Sets tunable number `I` to a value `check_value` has put in its range.
    fn set<const I: usize>(_: &mut Settings, v: &OptionValue) -> Effect {
        if let OptionValue::Int(n) = v
            && let Err(e) = TUNABLES[I].set(i32::try_from(*n).unwrap_or(i32::MAX))
        {
            log::warn!("{e}");
        }
        Effect::None
    }

    macro_rules! setters {
        ($($i:literal)*) => { [$(set::<$i> as Apply),*] };
    }

    /// One apply function per tunable (an option row's function knows no name).
    const SETTERS: [Apply; 64] = setters!(
        0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
        32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
    );
    const _: () = assert!(TUNABLES.len() <= SETTERS.len(), "more tunables than SETTERS: add numbers");

    /// `rows` followed by one spin option per tunable.
    pub fn with_tunables(rows: &[OptionRow]) -> Vec<OptionRow> {
        let tunables = TUNABLES.iter().zip(SETTERS).map(|(t, apply)| OptionRow {
            spec: OptionSpec {
                name: t.name,
                kind: OptionKind::Spin { default: t.default.into(), min: t.min.into(), max: t.max.into() },
            },
            apply,
        });
        rows.iter().map(|r| OptionRow { spec: r.spec.clone(), apply: r.apply }).chain(tunables).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_line_is_name_int_value_min_max_step_rate() {
        let lines = openbench_lines(DEFAULT_RATE);
        assert_eq!(lines.len(), TUNABLES.len());
        for line in &lines {
            let f: Vec<&str> = line.split(", ").collect();
            assert_eq!(f.len(), 7, "{line}");
            assert!(rockad_search::tunable(f[0]).is_some(), "{line}");
            assert_eq!(f[1], "int", "{line}");
            let n: Vec<i64> = f[2..6].iter().map(|x| x.parse().expect("an integer")).collect();
            assert!(n[1] <= n[0] && n[0] <= n[2] && n[3] >= 1, "{line}");
            assert_eq!(f[6].parse::<f64>(), Ok(DEFAULT_RATE), "{line}");
        }
        assert!(lines.contains(&"LMR_BASE, int, 75, 25, 150, 6, 0.002".to_string()), "{lines:?}");
    }
}
