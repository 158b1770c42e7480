//! Which evaluation the engine plays with: the `EvalFile` option's values
//! and the default. `<classical>` is the hand-crafted evaluation,
//! `<embedded>` the network compiled into the binary, anything else the
//! path of a network file.

use std::path::Path;
use std::sync::Arc;

use rockad_eval::nnue::{EMBEDDED_HASH, Network, NetworkError};
use rockad_eval::sha256::short_hash;
use rockad_search::{HashError, Searcher};

/// `EvalFile` value for the hand-crafted evaluation.
pub const CLASSICAL: &str = "<classical>";
/// `EvalFile` value for the network compiled into the binary.
pub const EMBEDDED: &str = "<embedded>";
/// What `EvalFile` is until set: the evaluation `bench` and games use.
pub const DEFAULT: &str = EMBEDDED;

/// An evaluation as `EvalFile` chose it.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The network; `None`: the hand-crafted evaluation.
    pub net: Option<Arc<Network>>,
    /// What it is, for `info string evaluation: ...` and `bench`:
    /// `network <embedded> (net 796c430e)`, `hand-crafted`.
    pub label: String,
}

/// How the hand-crafted evaluation is named.
pub const HAND_CRAFTED: &str = "hand-crafted";

/// The evaluation an `EvalFile` value names, or why it cannot be used.
/// A network is named by its file and the first 8 hex digits of the
/// file's SHA-256 (what `sha256sum` shows).
pub fn load(value: &str) -> Result<Choice, String> {
    let value = value.trim();
    if value.eq_ignore_ascii_case(CLASSICAL) {
        return Ok(Choice { net: None, label: HAND_CRAFTED.to_string() });
    }
    if value.eq_ignore_ascii_case(EMBEDDED) || value.is_empty() {
        return Ok(Choice {
            net: Some(Arc::new(Network::embedded().clone())),
            label: format!("network {EMBEDDED} (net {EMBEDDED_HASH})"),
        });
    }
    let path = Path::new(value);
    // Read here rather than by `Network::load`, to hash the same bytes.
    let bytes = std::fs::read(path)
        .map_err(|e| NetworkError::Io(format!("{}: {e}", path.display())))
        .and_then(|b| Network::from_bytes(&b).map(|n| (n, short_hash(&b))));
    match bytes {
        Ok((net, hash)) => {
            Ok(Choice { net: Some(Arc::new(net)), label: format!("network {value} (net {hash})") })
        }
        Err(e) => Err(format!("EvalFile {value}: {e}")),
    }
}

/// The default evaluation.
pub fn default_choice() -> Choice {
    load(DEFAULT).unwrap_or(Choice { net: None, label: HAND_CRAFTED.to_string() })
}

/// The default evaluation's network.
pub fn default_network() -> Option<Arc<Network>> {
    default_choice().net
}

/// A searcher with a `hash_mb` table and `threads` threads that evaluates
/// with the default evaluation: what `bench`, `analyse`, `datagen` and
/// `genfens` search with.
pub fn searcher(hash_mb: usize, threads: usize) -> Result<Searcher, HashError> {
    let mut s = Searcher::new(hash_mb, threads)?;
    s.set_network(default_network());
    Ok(s)
}

/// One line saying what evaluates now: `evaluation: hand-crafted`, or
/// `evaluation: network <embedded> (net 796c430e), 1024 hidden`.
pub fn describe(choice: &Choice) -> String {
    match &choice.net {
        None => format!("evaluation: {}", choice.label),
        Some(n) => format!("evaluation: {}, {} hidden", choice.label, n.hidden()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_name_an_evaluation_and_bad_files_are_refused() {
        assert!(load("<classical>").unwrap().net.is_none());
        let embedded = load("<Embedded>").unwrap();
        assert!(embedded.net.is_some());
        assert_eq!(embedded.label, format!("network <embedded> (net {EMBEDDED_HASH})"));
        assert!(describe(&embedded).ends_with(" hidden"), "{}", describe(&embedded));
        assert_eq!(describe(&load("<classical>").unwrap()), "evaluation: hand-crafted");
        let missing = load("/nonexistent/net.nnue").unwrap_err();
        assert!(missing.starts_with("EvalFile /nonexistent/net.nnue: "), "{missing}");
        let path = std::env::temp_dir().join(format!("rockad-evalfile-{}.nnue", std::process::id()));
        std::fs::write(&path, b"RKDNNUE1 but far too short").unwrap();
        let bad = load(&path.to_string_lossy()).unwrap_err();
        assert!(bad.contains("EvalFile"), "{bad}");
        let _ = std::fs::remove_file(&path);
    }
}
