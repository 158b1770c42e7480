//! The engine's UCI options: declarations and current values.

use rockad_uci::{OptionKind, OptionSpec};

pub const HASH: &str = "Hash";
pub const THREADS: &str = "Threads";
pub const CLEAR_HASH: &str = "Clear Hash";
pub const MULTIPV: &str = "MultiPV";
pub const MOVE_OVERHEAD: &str = "Move Overhead";
pub const PONDER: &str = "Ponder";
pub const CHESS960: &str = "UCI_Chess960";
pub const SHOW_WDL: &str = "UCI_ShowWDL";

pub const DEFAULT_HASH_MB: i64 = 16;
pub const DEFAULT_MOVE_OVERHEAD_MS: i64 = 10;

/// Every option, in the order `uci` lists them.
pub fn specs() -> Vec<OptionSpec> {
    let mut specs = vec![
        OptionSpec {
            name: HASH,
            kind: OptionKind::Spin {
                default: DEFAULT_HASH_MB,
                min: 1,
                max: rockad_search::MAX_HASH_MB as i64,
            },
        },
        OptionSpec { name: THREADS, kind: OptionKind::Spin { default: 1, min: 1, max: 512 } },
        OptionSpec { name: CLEAR_HASH, kind: OptionKind::Button },
        OptionSpec { name: MULTIPV, kind: OptionKind::Spin { default: 1, min: 1, max: 256 } },
        OptionSpec {
            name: MOVE_OVERHEAD,
            kind: OptionKind::Spin { default: DEFAULT_MOVE_OVERHEAD_MS, min: 0, max: 5000 },
        },
        OptionSpec { name: PONDER, kind: OptionKind::Check { default: false } },
        OptionSpec { name: CHESS960, kind: OptionKind::Check { default: false } },
        OptionSpec { name: SHOW_WDL, kind: OptionKind::Check { default: false } },
    ];
    specs.extend(crate::syzygy_options::specs());
    specs
}

/// Current values of the options that are plain settings (Hash and Threads
/// live in the searcher itself).
#[derive(Debug, Clone)]
pub struct Settings {
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub ponder: bool,
    pub chess960: bool,
    pub show_wdl: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            multipv: 1,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS as u64,
            ponder: false,
            chess960: false,
            show_wdl: false,
        }
    }
}
