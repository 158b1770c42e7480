//! What the threads of one search share: the [`Context`] each thread
//! searches with and the [`Signals`] they all watch.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use parking_lot::Mutex;

use crate::limits::Limits;
use crate::report::Listener;
use crate::tablebase::Probe;
use crate::time::TimeManager;
use crate::tt::Tt;

/// Flags and counters shared by the threads of one search.
pub(crate) struct Signals {
    /// Every thread stops searching (the GUI's `stop`, or a limit reached).
    pub stop: AtomicBool,
    /// The GUI said `stop` (or `quit`): a `go infinite` or `go ponder` search
    /// may answer now. A limit reached sets only [`Signals::stop`].
    pub released: AtomicBool,
    pub pondering: AtomicBool,
    pub ponderhit_at: Mutex<Option<Instant>>,
    /// Nodes per thread, published every few hundred nodes.
    pub nodes: Vec<AtomicU64>,
    /// Tablebase hits per thread, published with the nodes.
    pub tbhits: Vec<AtomicU64>,
    /// Set once `bestmove` has been sent: the search is over for the GUI
    /// even if its thread is still winding down.
    pub answered: AtomicBool,
}

impl Signals {
    pub fn new(threads: usize, pondering: bool) -> Signals {
        Signals {
            stop: AtomicBool::new(false),
            released: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            ponderhit_at: Mutex::new(None),
            nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
            tbhits: (0..threads).map(|_| AtomicU64::new(0)).collect(),
            answered: AtomicBool::new(false),
        }
    }

    /// All threads' nodes, counting `own` (exact) for thread `id`.
    pub fn total_nodes(&self, id: usize, own: u64) -> u64 {
        self.nodes.iter().enumerate().map(|(i, n)| if i == id { own } else { n.load(Relaxed) }).sum()
    }

    /// All threads' tablebase hits, counting `own` (exact) for thread `id`.
    pub fn total_tbhits(&self, id: usize, own: u64) -> u64 {
        self.tbhits.iter().enumerate().map(|(i, n)| if i == id { own } else { n.load(Relaxed) }).sum()
    }
}

/// Everything a search thread needs for one search.
pub(crate) struct Context {
    pub tt: Arc<Tt>,
    pub signals: Arc<Signals>,
    pub limits: Limits,
    /// Lines searched (MultiPV, or more to choose from at limited strength)...
    pub multipv: usize,
    /// ...and how many of them are reported.
    pub report_lines: usize,
    /// Main thread only: the clock and where reports go.
    pub tm: Option<TimeManager>,
    pub listener: Option<Arc<dyn Listener>>,
    pub threads: usize,
    /// The tables and how to probe them.
    pub tb: Probe,
}
