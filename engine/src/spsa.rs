//! SPSA tuning of the search (docs/tuning.md). `rockad spsa` prints the
//! parameter lines OpenBench's SPSA form takes, one per tunable in
//! `search/src/params.rs`: `NAME, int, value, min, max, step, rate`. In the
//! tuning build (`--features spsa`) each tunable is also a UCI spin option
//! (listed by `crate::options`), which is how OpenBench and fastchess set them.

use clap::Args;

use rockad_search::{TUNABLES, Tunable};

use crate::tools::common::Outcome;
use crate::tools::out;

/// OpenBench's default final learning rate (`R_end`).
pub const DEFAULT_RATE: f64 = 0.002;

/// Whether this build offers the tunables as UCI options.
pub const TUNING_BUILD: bool = cfg!(feature = "spsa");

/// `rockad spsa`.
#[derive(Debug, Args)]
pub struct SpsaArgs {
    /// The rate column (OpenBench's R_end)
    #[arg(long, default_value_t = DEFAULT_RATE, value_parser = crate::tools::common::real(0.0, 1.0))]
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
        assert!(lines.contains(&"LMR_BASE, int, 68, 25, 150, 6, 0.002".to_string()), "{lines:?}");
    }
}
