//! Which evaluation the engine plays with: the `EvalFile` option's values
//! and the default. `<classical>` is the hand-crafted evaluation,
//! `<embedded>` the network compiled into the binary, anything else the
//! path of a network file.

use std::path::Path;
use std::sync::Arc;

use rockad_eval::nnue::Network;
use rockad_search::{HashError, Searcher};

/// `EvalFile` value for the hand-crafted evaluation.
pub const CLASSICAL: &str = "<classical>";
/// `EvalFile` value for the network compiled into the binary.
pub const EMBEDDED: &str = "<embedded>";
/// What `EvalFile` is until set: the evaluation `bench` and games use.
pub const DEFAULT: &str = EMBEDDED;

/// The network an `EvalFile` value names (`None`: the hand-crafted
/// evaluation), or why it cannot be used.
pub fn load(value: &str) -> Result<Option<Arc<Network>>, String> {
    let value = value.trim();
    if value.eq_ignore_ascii_case(CLASSICAL) {
        return Ok(None);
    }
    if value.eq_ignore_ascii_case(EMBEDDED) || value.is_empty() {
        return Ok(Some(Arc::new(Network::embedded().clone())));
    }
    Network::load(Path::new(value)).map(|n| Some(Arc::new(n))).map_err(|e| format!("EvalFile {value}: {e}"))
}

/// The default evaluation's network.
pub fn default_network() -> Option<Arc<Network>> {
    load(DEFAULT).unwrap_or(None)
}

/// A searcher with a `hash_mb` table and `threads` threads that evaluates
/// with the default evaluation: what `bench`, `analyse`, `datagen` and
/// `genfens` search with.
pub fn searcher(hash_mb: usize, threads: usize) -> Result<Searcher, HashError> {
    let mut s = Searcher::new(hash_mb, threads)?;
    s.set_network(default_network());
    Ok(s)
}

/// One line saying what evaluates now.
pub fn describe(value: &str, net: Option<&Arc<Network>>) -> String {
    match net {
        None => "evaluation: hand-crafted".to_string(),
        Some(n) => format!("evaluation: network {} ({} hidden)", value.trim(), n.hidden()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_name_an_evaluation_and_bad_files_are_refused() {
        assert!(load("<classical>").unwrap().is_none());
        assert!(load("<Embedded>").unwrap().is_some());
        let missing = load("/nonexistent/net.nnue").unwrap_err();
        assert!(missing.starts_with("EvalFile /nonexistent/net.nnue: "), "{missing}");
        let path = std::env::temp_dir().join(format!("rockad-evalfile-{}.nnue", std::process::id()));
        std::fs::write(&path, b"RKDNNUE1 but far too short").unwrap();
        let bad = load(&path.to_string_lossy()).unwrap_err();
        assert!(bad.contains("EvalFile"), "{bad}");
        let _ = std::fs::remove_file(&path);
    }
}
