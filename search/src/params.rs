//! Tunable search constants, all in one place, each declared once with the
//! range a tuner may move it in ([`TUNABLES`] lists them for SPSA tuning).
//! The fixed constants after the list are not for tuning: protocol
//! behaviour, or tables whose shape is the idea itself.

/// A tunable constant as a tuner sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tunable {
    pub name: &'static str,
    pub value: f64,
    pub min: f64,
    pub max: f64,
}

/// Declares each tunable as a constant and lists them all in [`TUNABLES`]:
/// `NAME: type = value, min..=max;`.
macro_rules! tunables {
    ($($(#[doc = $doc:literal])* $name:ident: $ty:ty = $value:expr, $min:literal ..= $max:literal;)*) => {
        $($(#[doc = $doc])* pub const $name: $ty = $value;)*

        /// Every tunable with its value and range.
        pub const TUNABLES: &[Tunable] = &[
            $(Tunable { name: stringify!($name), value: $name as f64, min: $min as f64, max: $max as f64 },)*
        ];
    };
}

tunables! {
    /// Moves assumed left in the game when the clock gives no `movestogo`.
    DEFAULT_MOVES_TO_GO: i64 = 40, 20..=60;
    /// Share of the increment added to each move's base time, in percent.
    INCREMENT_SHARE_PCT: i64 = 75, 50..=100;
    /// The hard limit may reach this many times the soft limit...
    HARD_OVER_SOFT: i64 = 4, 2..=8;
    /// ...but never more than this share of the time left, in percent.
    HARD_MAX_SHARE_PCT: i64 = 50, 30..=70;
    /// With one move to the time control, the share of the time left the hard
    /// limit may use, in percent.
    LAST_MOVE_SHARE_PCT: i64 = 80, 60..=95;

    /// Half-width of the first aspiration window, in centipawns.
    ASPIRATION_DELTA: i32 = 20, 8..=50;
    /// Aspiration windows start at this depth (shallower: full window).
    ASPIRATION_MIN_DEPTH: i32 = 4, 2..=8;

    /// History entries saturate here.
    HISTORY_MAX: i32 = 16_384, 8192..=32000;
    /// History reward per ply of depth for a cutoff...
    HISTORY_BONUS_PER_DEPTH: i32 = 128, 32..=400;
    /// ...up to this much.
    HISTORY_BONUS_MAX: i32 = 1_536, 512..=4096;

    /// Table cutoffs stop at this halfmove clock: near the fifty-move rule a
    /// stored score may be from a line the rule has since drawn.
    TT_CUTOFF_MAX_HALFMOVES: u32 = 90, 80..=99;

    /// Reverse futility pruning: depths it applies to, margin per ply.
    RFP_MAX_DEPTH: i32 = 8, 4..=12;
    RFP_MARGIN: i32 = 80, 40..=160;
    /// Razoring: depths it applies to, margin per ply.
    RAZOR_MAX_DEPTH: i32 = 3, 1..=6;
    RAZOR_MARGIN: i32 = 250, 100..=500;
    /// Null move pruning: minimum depth; reduction = base + depth / divisor +
    /// min((eval - beta) / eval divisor, eval max); verified from this depth.
    NMP_MIN_DEPTH: i32 = 3, 2..=5;
    NMP_BASE: i32 = 3, 2..=5;
    NMP_DEPTH_DIVISOR: i32 = 3, 2..=6;
    NMP_EVAL_DIVISOR: i32 = 200, 100..=400;
    NMP_EVAL_MAX: i32 = 3, 1..=6;
    NMP_VERIFY_DEPTH: i32 = 12, 8..=20;
    /// The verification search may not pass again for this share (in
    /// quarters) of its depth, in plies.
    NMP_VERIFY_PLY_QUARTERS: i32 = 3, 1..=4;

    /// Late move reductions: reduction = base + ln(depth) * ln(move number) / divisor,
    /// from this depth, less one per this much quiet history.
    LMR_BASE: f64 = 0.75, 0.25..=1.5;
    LMR_DIVISOR: f64 = 2.25, 1.5..=4.0;
    LMR_MIN_DEPTH: i32 = 3, 2..=5;
    LMR_HISTORY_DIVISOR: i32 = 8192, 2048..=16384;
    /// Late move pruning: quiet moves tried before the rest are skipped,
    /// (base + depth²) / (2 - improving), up to this depth.
    LMP_MAX_DEPTH: i32 = 8, 4..=12;
    LMP_BASE: i32 = 3, 1..=8;
    /// Futility pruning of quiet moves: eval + base + per_depth * depth <= alpha.
    FUTILITY_MAX_DEPTH: i32 = 8, 4..=12;
    FUTILITY_BASE: i32 = 100, 40..=200;
    FUTILITY_PER_DEPTH: i32 = 100, 40..=200;

    /// Exchange pruning in the main search, up to this depth: captures losing
    /// more than margin * depth, quiet moves losing more than margin * depth².
    SEE_PRUNE_MAX_DEPTH: i32 = 8, 4..=12;
    SEE_NOISY_MARGIN: i32 = 90, 30..=150;
    SEE_QUIET_MARGIN: i32 = 25, 10..=60;
    /// Quiescence delta pruning: captures that cannot lift the score to within
    /// this margin of alpha are skipped.
    DELTA_MARGIN: i32 = 200, 100..=400;

    /// Evaluation correction by pawn structure: the largest correction, in
    /// centipawns; an update's weight in 256ths grows with depth up to this.
    CORR_MAX: i32 = 80, 32..=200;
    CORR_WEIGHT_MAX: i32 = 16, 4..=64;

    /// Quiescence: past this many plies only recaptures on the last move's
    /// square are searched...
    QS_RECAPTURE_DEPTH: i32 = 5, 3..=8;
    /// Out of check, captures beyond this many are searched only if they
    /// recapture or promote: the best few come first.
    QS_MAX_MOVES: i32 = 3, 2..=6;
    /// ...and in check, once a move has shown it is not mate, at most this
    /// many quiet evasions.
    QS_QUIET_EVASIONS: i32 = 2, 1..=4;

    /// Capture ordering: victim value times this, plus capture history.
    CAPTURE_VALUE_WEIGHT: i32 = 16, 4..=32;

    /// Extensions (check and singular) stop this many times the iteration's
    /// depth from the root, so that checks cannot run away.
    EXTENSION_MAX_PLY_FACTOR: usize = 2, 1..=4;
    /// Singular extensions: from this depth, with a table entry at most this
    /// much shallower; margin per depth below the table score; double extension
    /// when the other moves fail by this much more.
    SE_MIN_DEPTH: i32 = 8, 6..=12;
    SE_TT_DEPTH_SLACK: i32 = 3, 1..=5;
    SE_MARGIN_PER_DEPTH: i32 = 2, 1..=4;
    SE_DOUBLE_MARGIN: i32 = 20, 5..=50;
    /// The singular test searches the other moves at (depth - 1) / this.
    SE_DEPTH_DIVISOR: i32 = 2, 2..=3;
    /// Internal iterative reduction: nodes without a table move lose a ply
    /// from this depth.
    IIR_MIN_DEPTH: i32 = 4, 3..=8;

    /// Time management: the soft limit is scaled by the product of
    /// best-move stability ([`TM_STABILITY`]); a falling score:
    /// 1 + clamp(drop / scale, min, max);
    TM_SCORE_DROP_SCALE: f64 = 200.0, 100.0..=400.0;
    TM_SCORE_MIN: f64 = -0.2, -0.5..=0.0;
    TM_SCORE_MAX: f64 = 0.6, 0.2..=1.0;
    /// effort: (base - share of nodes spent on the best move) * scale;
    TM_NODES_BASE: f64 = 1.5, 1.2..=2.0;
    TM_NODES_SCALE: f64 = 1.35, 1.0..=2.0;
    /// the product kept within these bounds (the hard limit still applies).
    TM_SCALE_MIN: f64 = 0.4, 0.2..=0.8;
    TM_SCALE_MAX: f64 = 2.5, 1.5..=4.0;
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

/// Piece values for static exchange evaluation (pawn .. king).
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];
/// Piece values in pawns for most-valuable-victim, least-valuable-attacker
/// ordering (pawn .. king): the king is the costliest attacker, since a
/// capture by the king is the one least likely to be the best.
pub const MVV_LVA_VALUES: [i32; 6] = [1, 3, 3, 5, 9, 10];

/// Soft-limit scale by the number of iterations the best move has stayed
/// the same (the last entry for any more).
pub const TM_STABILITY: [f64; 6] = [1.8, 1.4, 1.1, 0.95, 0.85, 0.75];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_lies_in_its_range() {
        assert!(TUNABLES.len() >= 40, "{} tunables", TUNABLES.len());
        for t in TUNABLES {
            assert!(t.min < t.max, "{}: empty range", t.name);
            assert!(
                t.min <= t.value && t.value <= t.max,
                "{} = {} outside {}..={}",
                t.name,
                t.value,
                t.min,
                t.max
            );
        }
        let mut names: Vec<_> = TUNABLES.iter().map(|t| t.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TUNABLES.len(), "a tunable declared twice");
    }
}
