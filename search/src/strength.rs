//! Limited strength (`UCI_LimitStrength`, `UCI_Elo`): a weaker player, not
//! a random blunderer. Two models, both calibrated by matches against
//! Stockfish 15.1's own `UCI_Elo` (docs/strength.md):
//!
//! - Up to [`LINES_TOP_ELO`] the search looks at a few lines (MultiPV) under
//!   a node budget that shrinks as the Elo falls, and the answer is drawn
//!   among those lines with a probability that falls off with each line's
//!   loss against the best, at a temperature that grows as the Elo falls. A
//!   move that loses far more than the temperature allows, or walks into a
//!   mate the best line avoids, is never chosen. The Elo is turned into the
//!   model's internal level by a line through calibration points: level
//!   1500 played like Stockfish 1590, level 2000 like 1883.
//! - Above it the engine plays its best line under a node budget only: the
//!   few lines alone cost more strength than the gap between the top of the
//!   first model (about Stockfish 2030) and full strength leaves, so that gap
//!   is filled by searching less: [`BUDGET_CAL_NODES`] at
//!   [`BUDGET_CAL_ELO`], one doubling per [`ELO_PER_DOUBLING`].
//! - [`MAX_ELO`] is full strength: at 10+0.1 in Chess960 it scored 70%
//!   against Stockfish 2200 and 30% against Stockfish 2400, so it sits near
//!   2300 on Stockfish's scale.

use shakmaty::Move;

use crate::score::MATE_BOUND;

/// The weakest setting.
pub const MIN_ELO: u32 = 800;
/// The strongest setting: full strength.
pub const MAX_ELO: u32 = 2300;
/// The highest setting played by the several-lines model.
const LINES_TOP_ELO: u32 = 2000;
/// The internal levels the several-lines model runs on: nodes and
/// temperature follow the level; at [`TOP_LEVEL`] the temperature is 0.
const BOTTOM_LEVEL: f64 = 0.0;
const TOP_LEVEL: f64 = 2400.0;
/// The calibration line: level [`CAL_LEVEL`] played like [`CAL_ELO`], and
/// each level above it like [`CAL_SLOPE`] Elo more.
const CAL_LEVEL: f64 = 1500.0;
const CAL_ELO: f64 = 1590.0;
const CAL_SLOPE: f64 = 0.586;
/// The smallest node budget.
const MIN_NODES: f64 = 64.0;
/// Lines searched to choose from (at least) in the several-lines model.
const LINES: usize = 4;
/// Node budget at level 800; it doubles every [`LEVELS_PER_DOUBLING`].
const NODES_AT_800: f64 = 200.0;
const LEVELS_PER_DOUBLING: f64 = 110.0;
/// Temperature in centipawns (search units) at level 800, falling linearly
/// to 0 at [`TOP_LEVEL`].
const TEMPERATURE_AT_800: f64 = 220.0;
/// A line losing more than this many temperatures against the best is never
/// played.
const MAX_LOSS_TEMPERATURES: f64 = 3.0;
/// The budget model's calibration point: [`BUDGET_CAL_NODES`] a move played
/// like Stockfish [`BUDGET_CAL_ELO`] (51% in 40 games at 10+0.1, Chess960);
/// each [`ELO_PER_DOUBLING`] more doubles the budget.
const BUDGET_CAL_ELO: f64 = 2200.0;
const BUDGET_CAL_NODES: f64 = 206_000.0;
const ELO_PER_DOUBLING: f64 = 85.0;

/// How a weakened search plays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Strength {
    elo: u32,
    model: Model,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Model {
    /// Several lines, a temperature and a node budget, all following `level`.
    Lines { level: f64 },
    /// The best line under a node budget.
    Budget { nodes: u64 },
    /// Nothing weakened.
    Full,
}

impl Strength {
    /// The setting for `elo`, clamped to [`MIN_ELO`]..=[`MAX_ELO`].
    pub fn new(elo: u32) -> Strength {
        let elo = elo.clamp(MIN_ELO, MAX_ELO);
        let model = if elo <= LINES_TOP_ELO {
            let level = (CAL_LEVEL + (f64::from(elo) - CAL_ELO) / CAL_SLOPE).clamp(BOTTOM_LEVEL, TOP_LEVEL);
            Model::Lines { level }
        } else if elo < MAX_ELO {
            let nodes = BUDGET_CAL_NODES * 2f64.powf((f64::from(elo) - BUDGET_CAL_ELO) / ELO_PER_DOUBLING);
            Model::Budget { nodes: nodes as u64 }
        } else {
            Model::Full
        };
        Strength { elo, model }
    }

    pub fn elo(self) -> u32 {
        self.elo
    }

    /// Whether this setting weakens at all.
    pub fn weakens(self) -> bool {
        self.model != Model::Full
    }

    /// The node budget of one search, or `None` at full strength.
    pub fn nodes(self) -> Option<u64> {
        match self.model {
            Model::Lines { level } => {
                Some((NODES_AT_800 * 2f64.powf((level - 800.0) / LEVELS_PER_DOUBLING)).max(MIN_NODES) as u64)
            }
            Model::Budget { nodes } => Some(nodes),
            Model::Full => None,
        }
    }

    /// How many lines the search looks at to choose from.
    pub fn lines(self) -> usize {
        match self.model {
            Model::Lines { .. } => LINES,
            Model::Budget { .. } | Model::Full => 1,
        }
    }

    /// The choice's temperature in search units.
    pub fn temperature(self) -> f64 {
        match self.model {
            Model::Lines { level } => TEMPERATURE_AT_800 * (TOP_LEVEL - level) / (TOP_LEVEL - 800.0),
            Model::Budget { .. } | Model::Full => 0.0,
        }
    }

    /// Picks one of `lines` (move and score, best first, at least one),
    /// with `uniform` a number in [0, 1): the index of the chosen line.
    pub fn choose(self, lines: &[(Move, i32)], uniform: f64) -> usize {
        let t = self.temperature();
        let Some(&(_, best)) = lines.first() else { return 0 };
        if t <= 0.0 || best <= -MATE_BOUND {
            return 0;
        }
        let weights: Vec<f64> = lines
            .iter()
            .map(|&(_, score)| {
                let loss = f64::from(best) - f64::from(score);
                // Into a mate the best line avoids, or far worse: never.
                if (score <= -MATE_BOUND && best > -MATE_BOUND) || loss > MAX_LOSS_TEMPERATURES * t {
                    0.0
                } else {
                    (-loss / t).exp()
                }
            })
            .collect();
        let total: f64 = weights.iter().sum();
        let mut target = uniform.clamp(0.0, 1.0) * total;
        for (i, w) in weights.iter().enumerate() {
            if target < *w {
                return i;
            }
            target -= w;
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;
    use rockad_eval::Rng;
    use shakmaty::{Chess, Position};

    fn moves(n: usize) -> Vec<Move> {
        Chess::default().legal_moves().into_iter().take(n).collect()
    }

    fn level(s: Strength) -> f64 {
        match s.model {
            Model::Lines { level } => level,
            other => panic!("not the several-lines model: {other:?}"),
        }
    }

    #[test]
    fn budgets_and_temperatures_fall_with_the_elo() {
        assert_eq!(Strength::new(100).elo(), MIN_ELO);
        assert_eq!(Strength::new(9999).elo(), MAX_ELO);
        assert_eq!(Strength::new(MAX_ELO).nodes(), None);
        assert!(!Strength::new(MAX_ELO).weakens());
        assert_eq!(Strength::new(MAX_ELO).temperature(), 0.0);
        // The calibration point: Elo 1590 is level 1500.
        assert!((level(Strength::new(1590)) - 1500.0).abs() < 1e-9);
        let mut last = 0;
        for elo in (1000..=LINES_TOP_ELO).step_by(100) {
            let s = Strength::new(elo);
            let n = s.nodes().expect("weakened");
            assert!(n > last, "{elo}: {n}");
            assert_eq!(s.lines(), LINES);
            assert!(s.temperature() > 0.0, "{elo}");
            last = n;
        }
        assert_eq!(Strength::new(MIN_ELO).nodes(), Some(MIN_NODES as u64));
        assert!(Strength::new(MIN_ELO).temperature() > Strength::new(1600).temperature());
    }

    #[test]
    fn the_top_of_the_scale_plays_one_line_under_a_growing_budget() {
        let mut last = 0;
        for elo in (LINES_TOP_ELO + 1..MAX_ELO).step_by(50) {
            let s = Strength::new(elo);
            assert!(s.weakens(), "{elo}");
            assert_eq!((s.lines(), s.temperature()), (1, 0.0), "{elo}");
            let n = s.nodes().expect("weakened");
            assert!(n > last, "{elo}: {n}");
            last = n;
        }
        // The calibration point, and one doubling per ELO_PER_DOUBLING.
        let at = Strength::new(BUDGET_CAL_ELO as u32).nodes().expect("weakened");
        assert!(at.abs_diff(BUDGET_CAL_NODES as u64) <= 1, "{at}");
        let lower = Strength::new((BUDGET_CAL_ELO - ELO_PER_DOUBLING) as u32).nodes().expect("weakened");
        assert!(lower.abs_diff(BUDGET_CAL_NODES as u64 / 2) <= 1, "{lower}");
        let m = moves(2);
        assert_eq!(Strength::new(2200).choose(&[(m[0], 10), (m[1], 9)], 0.99), 0);
    }

    #[test]
    fn full_strength_plays_the_best_line() {
        let m = moves(4);
        let lines: Vec<_> = m.iter().zip([50, 40, 30, 20]).map(|(&m, s)| (m, s)).collect();
        for u in [0.0, 0.3, 0.99] {
            assert_eq!(Strength::new(MAX_ELO).choose(&lines, u), 0);
        }
    }

    #[test]
    fn weak_play_varies_but_never_blunders_into_mate_or_far_below() {
        let m = moves(5);
        // Second line close, third far worse, fourth walks into mate.
        let lines = vec![(m[0], 30), (m[1], 10), (m[2], -2000), (m[3], -MATE + 4)];
        let s = Strength::new(MIN_ELO);
        let mut seen = [0; 4];
        let mut rng = Rng::new(0x1234_5678);
        for _ in 0..2000 {
            seen[s.choose(&lines, rng.uniform())] += 1;
        }
        assert!(seen[0] > seen[1] && seen[1] > 300, "{seen:?}");
        assert_eq!((seen[2], seen[3]), (0, 0), "{seen:?}");
        // Every line mated: play the best (longest) one.
        let lost = vec![(m[0], -MATE + 9), (m[1], -MATE + 3)];
        assert_eq!(s.choose(&lost, 0.9), 0);
    }
}
