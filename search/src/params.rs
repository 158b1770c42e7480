//! Tunable search constants, all in one place.

/// Moves assumed left in the game when the clock gives no `movestogo`.
pub const DEFAULT_MOVES_TO_GO: i64 = 40;
/// Share of the increment added to each move's base time, in percent.
pub const INCREMENT_SHARE_PCT: i64 = 75;
/// The hard limit may reach this many times the soft limit...
pub const HARD_OVER_SOFT: i64 = 4;
/// ...but never more than this share of the time left, in percent.
pub const HARD_MAX_SHARE_PCT: i64 = 50;
/// With one move to the time control, the share of the time left the hard
/// limit may use, in percent.
pub const LAST_MOVE_SHARE_PCT: i64 = 80;

/// Nodes between two looks at the clock in the main thread.
pub const TIME_CHECK_NODES: u64 = 1024;
/// After this long, the main thread reports `currmove` at the root.
pub const CURRMOVE_AFTER_MS: u64 = 3000;

/// Half-width of the first aspiration window, in centipawns.
pub const ASPIRATION_DELTA: i32 = 20;
/// Aspiration windows start at this depth (shallower: full window).
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// History entries saturate here.
pub const HISTORY_MAX: i32 = 16_384;
/// History reward per ply of depth for a cutoff...
pub const HISTORY_BONUS_PER_DEPTH: i32 = 128;
/// ...up to this much.
pub const HISTORY_BONUS_MAX: i32 = 1_536;

/// Reverse futility pruning: depths it applies to, margin per ply.
pub const RFP_MAX_DEPTH: i32 = 8;
pub const RFP_MARGIN: i32 = 80;
/// Razoring: depths it applies to, margin per ply.
pub const RAZOR_MAX_DEPTH: i32 = 3;
pub const RAZOR_MARGIN: i32 = 250;
/// Null move pruning: minimum depth; reduction = base + depth / divisor +
/// min((eval - beta) / eval divisor, eval max); verified from this depth.
pub const NMP_MIN_DEPTH: i32 = 3;
pub const NMP_BASE: i32 = 3;
pub const NMP_DEPTH_DIVISOR: i32 = 3;
pub const NMP_EVAL_DIVISOR: i32 = 200;
pub const NMP_EVAL_MAX: i32 = 3;
pub const NMP_VERIFY_DEPTH: i32 = 12;

/// Late move reductions: reduction = base + ln(depth) * ln(move number) / divisor,
/// from this depth, less one per this much quiet history.
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIVISOR: f64 = 2.25;
pub const LMR_MIN_DEPTH: i32 = 3;
pub const LMR_HISTORY_DIVISOR: i32 = 8192;
/// Late move pruning: quiet moves tried before the rest are skipped,
/// (base + depth²) / (2 - improving), up to this depth.
pub const LMP_MAX_DEPTH: i32 = 8;
pub const LMP_BASE: i32 = 3;
/// Futility pruning of quiet moves: eval + base + per_depth * depth <= alpha.
pub const FUTILITY_MAX_DEPTH: i32 = 8;
pub const FUTILITY_BASE: i32 = 100;
pub const FUTILITY_PER_DEPTH: i32 = 100;

/// Piece values for static exchange evaluation (pawn .. king).
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];

/// Exchange pruning in the main search, up to this depth: captures losing
/// more than margin * depth, quiet moves losing more than margin * depth².
pub const SEE_PRUNE_MAX_DEPTH: i32 = 8;
pub const SEE_NOISY_MARGIN: i32 = 90;
pub const SEE_QUIET_MARGIN: i32 = 25;
/// Quiescence delta pruning: captures that cannot lift the score to within
/// this margin of alpha are skipped.
pub const DELTA_MARGIN: i32 = 200;

/// Capture ordering: victim value times this, plus capture history.
pub const CAPTURE_VALUE_WEIGHT: i32 = 16;
/// Singular extensions: from this depth, with a table entry at most this
/// much shallower; margin per depth below the table score; double extension
/// when the other moves fail by this much more.
pub const SE_MIN_DEPTH: i32 = 8;
pub const SE_TT_DEPTH_SLACK: i32 = 3;
pub const SE_MARGIN_PER_DEPTH: i32 = 2;
pub const SE_DOUBLE_MARGIN: i32 = 20;
/// Internal iterative reduction: nodes without a table move lose a ply
/// from this depth.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Time management: the soft limit is scaled by the product of
/// - best-move stability, by iterations the best move has stayed the same;
pub const TM_STABILITY: [f64; 6] = [1.8, 1.4, 1.1, 0.95, 0.85, 0.75];
/// - a falling score: 1 + clamp(drop / scale, min, max);
pub const TM_SCORE_DROP_SCALE: f64 = 200.0;
pub const TM_SCORE_MIN: f64 = -0.2;
pub const TM_SCORE_MAX: f64 = 0.6;
/// - effort: (base - share of nodes spent on the best move) * scale;
pub const TM_NODES_BASE: f64 = 1.5;
pub const TM_NODES_SCALE: f64 = 1.35;
/// the product kept within these bounds (the hard limit still applies).
pub const TM_SCALE_MIN: f64 = 0.4;
pub const TM_SCALE_MAX: f64 = 2.5;
