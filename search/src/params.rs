//! Tunable search constants, all in one place, each declared once with the
//! range a tuner may move it in and its SPSA step ([`TUNABLES`] lists them).
//! The fixed constants after the list are not for tuning: protocol
//! behaviour, or tables whose shape is the idea itself.
//!
//! Code reads a tunable by calling it: `RFP_MARGIN()`. In a normal build
//! that is a `const fn` returning the declared value, folded away by the
//! compiler. With the `spsa` feature (the tuning build, docs/tuning.md) it
//! reads an atomic that [`Tunable::set`] changes at run time, so that every
//! tunable can be a UCI option; tables derived from tunables (the LMR table)
//! are rebuilt by the setter.
//!
//! A tuner sees integers: a float tunable is scaled by [`FLOAT_SCALE`]
//! (`LMR_BASE` 0.68 is 68), so its declared value, range and step must be
//! whole multiples of 1 / [`FLOAT_SCALE`].

/// A float tunable as a tuner sees it is this many times its value.
pub const FLOAT_SCALE: i32 = 100;

/// A tunable as a tuner sees it: value, range and step in integer units
/// (floats times [`FLOAT_SCALE`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tunable {
    pub name: &'static str,
    /// The declared value.
    pub default: i32,
    pub min: i32,
    pub max: i32,
    /// SPSA's final perturbation size (OpenBench's `C_end`).
    pub step: i32,
    /// 1 for integers, [`FLOAT_SCALE`] for floats.
    pub scale: i32,
    index: usize,
}

/// The type of a tunable: how its declared value maps to an integer.
pub(crate) trait Scaled: Copy {
    /// Integer units per 1 of the value.
    const SCALE: i32;
    /// The value `raw` integer units stand for (read by the tuning build).
    #[cfg_attr(not(feature = "spsa"), allow(dead_code))]
    fn from_raw(raw: i32) -> Self;
}

macro_rules! scaled_int {
    ($($t:ty),*) => {$(
        impl Scaled for $t {
            const SCALE: i32 = 1;
            #[inline(always)]
            fn from_raw(raw: i32) -> $t {
                raw as $t
            }
        }
    )*};
}
scaled_int!(i32, i64, u32, usize);

impl Scaled for f64 {
    const SCALE: i32 = FLOAT_SCALE;
    #[inline(always)]
    fn from_raw(raw: i32) -> f64 {
        f64::from(raw) / f64::from(FLOAT_SCALE)
    }
}

/// `value` in integer units of `scale`, rounded to the nearest.
const fn to_raw(value: f64, scale: i32) -> i32 {
    let x = value * scale as f64;
    (if x < 0.0 { x - 0.5 } else { x + 0.5 }) as i32
}

#[cfg(feature = "spsa")]
mod store {
    use std::sync::atomic::AtomicI32;
    /// The current values, in [`super::TUNABLES`]' order.
    pub(super) static VALUES: [AtomicI32; super::TUNABLES.len()] = {
        let mut v = [const { AtomicI32::new(0) }; super::TUNABLES.len()];
        let mut i = 0;
        while i < v.len() {
            v[i] = AtomicI32::new(super::TUNABLES[i].default);
            i += 1;
        }
        v
    };
}

impl Tunable {
    /// The current value in integer units: the declared one, unless the
    /// tuning build has set another.
    pub fn value(&self) -> i32 {
        #[cfg(feature = "spsa")]
        return store::VALUES[self.index].load(std::sync::atomic::Ordering::Relaxed);
        #[cfg(not(feature = "spsa"))]
        self.default
    }

    /// Sets the value (in integer units; the tuning build only), nothing
    /// derived from it: [`crate::set_tunable`] rebuilds those tables too. A
    /// value outside the range is refused.
    #[cfg(feature = "spsa")]
    pub(crate) fn store(&self, raw: i32) -> Result<(), String> {
        if !(self.min..=self.max).contains(&raw) {
            return Err(format!("{} must be in {}..{}, got {raw}; unchanged", self.name, self.min, self.max));
        }
        store::VALUES[self.index].store(raw, std::sync::atomic::Ordering::Relaxed);
        Ok(())
    }
}

/// The tunable called `name` (ignoring case, as UCI option names do).
pub fn tunable(name: &str) -> Option<&'static Tunable> {
    TUNABLES.iter().find(|t| t.name.eq_ignore_ascii_case(name))
}

/// Declares each tunable as a function returning its value and lists them
/// all in [`TUNABLES`]: `NAME: type = value, min..=max, step;`.
macro_rules! tunables {
    ($($(#[doc = $doc:literal])* $name:ident: $ty:ty = $value:expr, $min:literal ..= $max:literal, $step:literal;)*) => {
        /// Each tunable's place in [`TUNABLES`].
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        enum Index { $($name,)* }

        $(
            $(#[doc = $doc])*
            #[cfg(not(feature = "spsa"))]
            #[allow(non_snake_case)]
            #[inline(always)]
            pub const fn $name() -> $ty {
                $value
            }

            $(#[doc = $doc])*
            #[cfg(feature = "spsa")]
            #[allow(non_snake_case)]
            #[inline(always)]
            pub fn $name() -> $ty {
                let raw = store::VALUES[Index::$name as usize].load(std::sync::atomic::Ordering::Relaxed);
                <$ty as Scaled>::from_raw(raw)
            }
        )*

        /// Every tunable with its value, range and step.
        pub const TUNABLES: &[Tunable] = &[
            $(Tunable {
                name: stringify!($name),
                default: to_raw($value as f64, <$ty as Scaled>::SCALE),
                min: to_raw($min as f64, <$ty as Scaled>::SCALE),
                max: to_raw($max as f64, <$ty as Scaled>::SCALE),
                step: to_raw($step as f64, <$ty as Scaled>::SCALE),
                scale: <$ty as Scaled>::SCALE,
                index: Index::$name as usize,
            },)*
        ];

        /// Each tunable's declared value and what reading it gives now, as
        /// floats (for the tests: the two agree at the defaults).
        #[cfg(test)]
        fn declared_and_read() -> Vec<(&'static str, f64, f64)> {
            vec![$((stringify!($name), $value as f64, $name() as f64),)*]
        }
    };
}

tunables! {
    /// Under `movestogo`, the share of the increment added to each move's
    /// base time, in percent.
    INCREMENT_SHARE_PCT: i64 = 75, 50..=100, 3;
    /// The hard limit may reach this many times the soft limit...
    HARD_OVER_SOFT: i64 = 4, 2..=8, 1;
    /// ...but never more than this share of the time left, in percent.
    HARD_MAX_SHARE_PCT: i64 = 50, 30..=70, 2;
    /// With one move to the time control, the share of the time left the hard
    /// limit may use, in percent.
    LAST_MOVE_SHARE_PCT: i64 = 80, 60..=95, 2;
    /// Sudden death (time.rs's `growing_soft`): moves of increment counted
    /// into the time the game can still spend.
    TM_HORIZON: i64 = 50, 30..=70, 2;
    /// The soft limit's share of that time, in units of 1/10,000:
    /// base + growth * (ply + 3)^0.45 ...
    TM_SOFT_BASE_PMY: i64 = 120, 60..=200, 6;
    TM_SOFT_GROWTH_PMY: i64 = 39, 20..=70, 3;
    /// ...but never more than this share of the clock, in percent.
    TM_SOFT_MAX_PCT: i64 = 20, 10..=30, 1;

    /// Half-width of the first aspiration window, in centipawns.
    ASPIRATION_DELTA: i32 = 18, 8..=50, 2;
    /// Aspiration windows start at this depth (shallower: full window).
    ASPIRATION_MIN_DEPTH: i32 = 4, 2..=8, 1;
    /// After a fail high the root is searched again up to this many plies
    /// shallower (one per fail high): the move is good, and sooner known.
    ASPIRATION_FAIL_HIGH_MAX_CUT: i32 = 3, 0..=5, 1;

    /// History entries saturate here.
    HISTORY_MAX: i32 = 16_384, 8192..=32000, 1200;
    /// History reward per ply of depth for a cutoff...
    HISTORY_BONUS_PER_DEPTH: i32 = 177, 32..=400, 18;
    /// ...up to this much.
    HISTORY_BONUS_MAX: i32 = 1_336, 512..=4096, 180;
    /// Pawn history's weight in a quiet move's score, in per cent. Off (0)
    /// until its SPRT (docs/strength.md, `phist`) passes: at 0 the normal
    /// build neither reads nor writes the table; the tuning build turns it
    /// on with this option.
    PAWN_HISTORY_PCT: i32 = 0, 0..=200, 10;
    /// Butterfly history split by whether the opponent attacks the move's
    /// origin and destination (1), or not (0). Off until its SPRT
    /// (docs/strength.md, `threats`) passes.
    THREAT_HISTORY: i32 = 0, 0..=1, 1;
    /// Quiet-move ordering bonus for a piece leaving the reach of a cheaper
    /// attacker (a queen from a rook's, a rook from a minor's, a minor from
    /// a pawn's), and penalty for one entering it. Off (0) until its SPRT.
    THREAT_ESCAPE: i32 = 0, 0..=32768, 1024;

    /// Table cutoffs stop at this halfmove clock: near the fifty-move rule a
    /// stored score may be from a line the rule has since drawn.
    TT_CUTOFF_MAX_HALFMOVES: u32 = 90, 80..=99, 1;

    /// Reverse futility pruning: depths it applies to, margin per ply.
    RFP_MAX_DEPTH: i32 = 8, 4..=12, 1;
    RFP_MARGIN: i32 = 70, 40..=160, 6;
    /// Razoring: depths it applies to, margin per ply.
    RAZOR_MAX_DEPTH: i32 = 3, 1..=6, 1;
    RAZOR_MARGIN: i32 = 250, 100..=500, 20;
    /// Null move pruning (null_move.rs), at expected cut nodes: minimum depth;
    /// reduction = base + depth / divisor + min((eval - beta) / eval divisor,
    /// eval max); verified from this depth.
    NMP_MIN_DEPTH: i32 = 3, 2..=5, 1;
    NMP_BASE: i32 = 3, 2..=5, 1;
    NMP_DEPTH_DIVISOR: i32 = 3, 2..=6, 1;
    NMP_EVAL_DIVISOR: i32 = 207, 100..=400, 15;
    NMP_EVAL_MAX: i32 = 3, 1..=6, 1;
    NMP_VERIFY_DEPTH: i32 = 12, 8..=20, 1;
    /// Plies more when the table move captures: the pass ignores that threat.
    NMP_TT_NOISY_REDUCTION: i32 = 1, 0..=2, 1;
    /// The verification search may not pass again for this share (in
    /// quarters) of its depth, in plies.
    NMP_VERIFY_PLY_QUARTERS: i32 = 3, 1..=4, 1;

    /// Late move reductions: reduction = base + ln(depth) * ln(move number) / divisor,
    /// from this depth, less one per this much quiet history.
    LMR_BASE: f64 = 0.68, 0.25..=1.5, 0.06;
    LMR_DIVISOR: f64 = 2.17, 1.5..=4.0, 0.12;
    LMR_MIN_DEPTH: i32 = 3, 2..=5, 1;
    LMR_HISTORY_DIVISOR: i32 = 7957, 2048..=16384, 700;
    /// Plies less for a late quiet move at a node on a principal variation
    /// now or when last stored (the table-PV flag)...
    LMR_TT_PV: i32 = 1, 0..=3, 1;
    /// ...at a PV node now, on top of that (0: `lmr3`, this at 1 with
    /// `LMR_TT_PV` 2 as in Stockfish 15, lost its SPRT, docs/strength.md);
    LMR_PV_NODE: i32 = 0, 0..=2, 1;
    /// plies more at an expected cut node (2 as in Stockfish 15; 1 before
    /// `lmr2` won its SPRT, docs/strength.md)...
    LMR_CUT_NODE: i32 = 2, 0..=3, 1;
    /// ...and when the table move captures or promotes: the quiet moves after
    /// it rarely beat it (`lmr2`; 0 before).
    LMR_TT_NOISY: i32 = 1, 0..=2, 1;
    /// After a reduced look beats alpha, the full search goes a ply deeper
    /// when it beat the best score by this plus 2 per ply, a ply shallower
    /// when by less than the second margin.
    LMR_DEEPER_MARGIN: i32 = 49, 10..=100, 5;
    LMR_SHALLOWER_MARGIN: i32 = 9, 0..=30, 2;
    /// Once a move has raised alpha at a PV node (depth 3 to 13), the rest
    /// are searched this many plies shallower: they need only show they are
    /// no better (0: not at all, as before; Stockfish takes 2, the most
    /// that leaves a depth-3 node a ply to search).
    ALPHA_RAISE_REDUCTION: i32 = 0, 0..=2, 1;
    /// A late move reduces a ply more once the earlier moves' replies cut
    /// more than this many times: the node looks like it fails low.
    LMR_CHILD_CUTOFFS: u32 = 3, 1..=8, 1;
    /// Hindsight: a node reached by a reduction of at least this many plies
    /// is searched a ply deeper when the evaluations say the reduction was
    /// wrong (the side that moved into it did not worsen its position)...
    HINDSIGHT_DEEPER_MIN: i32 = 3, 2..=5, 1;
    /// ...and one reduced by at least this many a ply shallower when both
    /// sides' evaluations, summed, exceed the margin (a quiet position).
    HINDSIGHT_SHALLOWER_MIN: i32 = 2, 1..=4, 1;
    HINDSIGHT_SHALLOWER_MARGIN: i32 = 177, 60..=300, 12;
    /// Late move pruning: quiet moves tried before the rest are skipped,
    /// (base + depth²) / (2 - improving), up to this depth.
    LMP_MAX_DEPTH: i32 = 8, 4..=12, 1;
    LMP_BASE: i32 = 3, 1..=8, 1;
    /// History pruning: up to this depth, a quiet move whose history is below
    /// -margin * depth is skipped (it keeps failing wherever it is tried).
    HISTORY_PRUNE_MAX_DEPTH: i32 = 4, 2..=6, 1;
    HISTORY_PRUNE_MARGIN: i32 = 4096, 1024..=8192, 300;
    /// Futility and exchange pruning of quiet moves judge by the depth after
    /// late move reduction, one ply less reduced per this much history.
    PRUNE_HISTORY_DIVISOR: i32 = 4096, 1024..=16384, 350;
    /// Futility pruning of quiet moves: eval + base + per_depth * depth <= alpha.
    FUTILITY_MAX_DEPTH: i32 = 8, 4..=12, 1;
    FUTILITY_BASE: i32 = 102, 40..=200, 8;
    FUTILITY_PER_DEPTH: i32 = 108, 40..=200, 8;

    /// Exchange pruning in the main search, up to this depth: captures losing
    /// more than margin * depth, quiet moves losing more than margin * depth².
    SEE_PRUNE_MAX_DEPTH: i32 = 8, 4..=12, 1;
    SEE_NOISY_MARGIN: i32 = 90, 30..=150, 6;
    SEE_QUIET_MARGIN: i32 = 24, 10..=60, 3;
    /// Quiescence delta pruning: captures that cannot lift the score to within
    /// this margin of alpha are skipped.
    DELTA_MARGIN: i32 = 200, 100..=400, 15;

    /// Evaluation correction (correction.rs): each feature's weight; an
    /// entry at its limit (1024) with weight 8192 corrects by 64 cp.
    CORR_W_PAWN: i32 = 6552, 0..=16384, 500;
    CORR_W_MINOR: i32 = 6500, 0..=16384, 500;
    /// For each colour's pieces other than pawns (two entries a position).
    CORR_W_NON_PAWN: i32 = 7500, 0..=16384, 500;
    CORR_W_CONT: i32 = 6000, 0..=16384, 500;
    /// An update moves entries by the error times depth / 8, at most this.
    CORR_BONUS_MAX: i32 = 256, 64..=512, 24;

    /// Quiescence bounds: out of check, captures beyond this many are
    /// searched only if they recapture or promote (the best few come first);
    QS_MAX_MOVES: i32 = 3, 2..=6, 1;
    /// in check, once a move has shown it is not mate, at most this many
    /// quiet evasions;
    QS_QUIET_EVASIONS: i32 = 2, 1..=4, 1;
    /// past this many plies one move a node: a recapture, or an evasion.
    QS_RECAPTURE_DEPTH: i32 = 5, 3..=8, 1;

    /// Capture ordering: victim value times this, plus capture history.
    CAPTURE_VALUE_WEIGHT: i32 = 16, 4..=32, 1;

    /// Extensions (check and singular) stop this many times the iteration's
    /// depth from the root, so that checks cannot run away.
    EXTENSION_MAX_PLY_FACTOR: usize = 2, 1..=4, 1;
    /// Singular extensions: from this depth, with a table entry at most this
    /// much shallower; margin per depth below the table score; double extension
    /// when the other moves fail by this much more.
    SE_MIN_DEPTH: i32 = 8, 6..=12, 1;
    SE_TT_DEPTH_SLACK: i32 = 3, 1..=5, 1;
    SE_MARGIN_PER_DEPTH: i32 = 2, 1..=4, 1;
    SE_DOUBLE_MARGIN: i32 = 20, 5..=50, 2;
    /// Triple extension for a quiet table move when they fail by this much.
    SE_TRIPLE_MARGIN: i32 = 120, 40..=250, 10;
    /// At most this many double or triple extensions on a line.
    SE_DOUBLE_MAX: i32 = 12, 4..=20, 1;
    /// Plies less for the table move when it is not singular but its table
    /// score beats beta (one less at PV nodes), or at an expected cut node:
    /// another move likely cuts as well.
    SE_NEGATIVE_EXTENSION: i32 = 3, 1..=4, 1;
    SE_CUT_NODE_EXTENSION: i32 = 2, 0..=3, 1;
    /// The singular test searches the other moves at (depth - 1) / this.
    SE_DEPTH_DIVISOR: i32 = 2, 2..=3, 1;
    /// ProbCut (probcut.rs): from this depth, a capture that beats beta plus
    /// the margin in a search this many plies shallower cuts the node (a
    /// wide margin keeps the shallow search's verdict safe for the deep one).
    PROBCUT_MIN_DEPTH: i32 = 5, 3..=8, 1;
    PROBCUT_MARGIN: i32 = 199, 100..=350, 12;
    PROBCUT_DEPTH_CUT: i32 = 4, 3..=5, 1;
    /// The evaluation shrinks toward a draw by this many per cent at a
    /// hundred halfmoves without a capture or pawn move (worker.rs). Off (0)
    /// until its SPRT (docs/strength.md, `fifty`).
    FIFTY_MOVE_SHRINK_PCT: i32 = 0, 0..=80, 5;
    /// Internal iterative reduction: nodes without a table move lose a ply
    /// from this depth.
    IIR_MIN_DEPTH: i32 = 4, 3..=8, 1;

    /// Time management: the soft limit is scaled by the product of
    /// best-move stability ([`TM_STABILITY`]); a falling score:
    /// 1 + clamp(drop / scale, min, max);
    TM_SCORE_DROP_SCALE: f64 = 200.0, 100.0..=400.0, 15.0;
    TM_SCORE_MIN: f64 = -0.2, -0.5..=0.0, 0.03;
    TM_SCORE_MAX: f64 = 0.6, 0.2..=1.0, 0.04;
    /// effort: (base - share of nodes spent on the best move) * scale;
    TM_NODES_BASE: f64 = 1.5, 1.2..=2.0, 0.04;
    TM_NODES_SCALE: f64 = 1.35, 1.0..=2.0, 0.05;
    /// the product kept within these bounds (the hard limit still applies).
    TM_SCALE_MIN: f64 = 0.4, 0.2..=0.8, 0.03;
    TM_SCALE_MAX: f64 = 2.5, 1.5..=4.0, 0.12;
}

/// Nodes between two looks at the clock in the main thread.
pub const TIME_CHECK_NODES: u64 = 1024;
/// Most nodes the depth-1 search run after a `stop` that came before any
/// depth was complete may take: a few milliseconds, so `stop` and `quit`
/// are answered at once whatever the position.
pub const FALLBACK_NODES: u64 = 2_048;
/// After this long, the main thread reports `currmove` at the root.
pub const CURRMOVE_AFTER_MS: u64 = 3000;

/// Depth added to a tablebase result stored in the table: it is exact, so
/// it should outlive the searched entries around it.
pub const TB_DEPTH_BONUS: i32 = 6;

/// Piece values in centipawns (pawn .. king): static exchange evaluation,
/// the capture value both move pickers order noisy moves by, delta pruning.
pub const PIECE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];

/// Soft-limit scale by the number of iterations the best move has stayed
/// the same (the last entry for any more).
pub const TM_STABILITY: [f64; 6] = [1.8, 1.4, 1.1, 0.95, 0.85, 0.75];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_lies_in_its_range_with_a_step() {
        assert!(TUNABLES.len() >= 40, "{} tunables", TUNABLES.len());
        for t in TUNABLES {
            assert!(t.min < t.max, "{}: empty range", t.name);
            assert!(t.min <= t.default && t.default <= t.max, "{t:?}: default outside the range");
            assert!(1 <= t.step && t.step <= t.max - t.min, "{t:?}: step");
            assert_eq!(tunable(&t.name.to_lowercase()), Some(t));
        }
        let mut names: Vec<_> = TUNABLES.iter().map(|t| t.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TUNABLES.len(), "a tunable declared twice");
        assert!(tunable("NO_SUCH_TUNABLE").is_none());
    }

    /// A float tunable scaled to an integer and back is the declared value
    /// exactly, so that the tuning build searches as the normal one does.
    #[test]
    fn reading_a_tunable_gives_its_declared_value() {
        let read = declared_and_read();
        assert_eq!(read.len(), TUNABLES.len());
        for ((name, declared, now), t) in read.into_iter().zip(TUNABLES) {
            assert_eq!(name, t.name);
            assert_eq!(declared, now, "{name}");
            assert_eq!(f64::from(t.default) / f64::from(t.scale), declared, "{name}");
            assert_eq!(t.value(), t.default, "{name}");
        }
    }
}
