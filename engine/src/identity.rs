//! Who this build is: `Rockad 0.1.0 (1a2b3c4, net 796c430e)`, the version,
//! the git commit it was built from (left out when built without git) and
//! the embedded network's short hash, so that two builds of different
//! commits or networks never answer `uci` alike. `id name`, `--version`,
//! the banner and `bench` all say it; `compiler` says how it was built.

use std::sync::OnceLock;

use rockad_eval::nnue::{EMBEDDED_HASH, kernels};

/// The version with its details: `0.1.0 (1a2b3c4, net 796c430e)`.
pub fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| details(env!("CARGO_PKG_VERSION"), env!("ROCKAD_COMMIT"), EMBEDDED_HASH))
}

fn details(version: &str, commit: &str, net: &str) -> String {
    if commit.is_empty() {
        format!("{version} (net {net})")
    } else {
        format!("{version} ({commit}, net {net})")
    }
}

/// `Rockad 0.1.0 (1a2b3c4, net 796c430e)`: the `id name`.
pub fn name() -> String {
    format!("Rockad {}", version())
}

/// The line the interactive UCI loop opens with.
pub fn banner() -> String {
    format!("{} by the Rockad developers", name())
}

/// The answer to `compiler`: the compiler, the target and its notable
/// compile-time features (from `build.rs`), and the kernels chosen at run
/// time.
pub fn compiler() -> String {
    format!("Compiled by {}; network kernels in use: {}", env!("ROCKAD_COMPILER"), kernels())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_carries_version_commit_and_network() {
        assert_eq!(details("0.1.0", "1a2b3c4", "796c430e"), "0.1.0 (1a2b3c4, net 796c430e)");
        assert_eq!(details("0.1.0", "", "796c430e"), "0.1.0 (net 796c430e)");
        assert!(name().starts_with(&format!("Rockad {} (", env!("CARGO_PKG_VERSION"))));
        assert!(name().ends_with(&format!("net {EMBEDDED_HASH})")));
        assert!(compiler().starts_with("Compiled by rustc "), "{}", compiler());
    }
}
