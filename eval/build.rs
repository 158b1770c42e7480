//! Names the embedded network at build time: the first 8 hex digits of the
//! SHA-256 of `nets/default.nnue` (what `sha256sum` prints), as
//! `ROCKAD_NET_HASH`, with the same SHA-256 code the crate uses at run time.

#[path = "src/sha256.rs"]
#[allow(dead_code)]
mod sha256;

fn main() {
    let net = "nets/default.nnue";
    println!("cargo:rerun-if-changed={net}");
    println!("cargo:rerun-if-changed=src/sha256.rs");
    // The crate embeds this file (include_bytes!): without it nothing builds.
    let bytes = std::fs::read(net).unwrap_or_else(|e| panic!("{net}: {e}"));
    println!("cargo:rustc-env=ROCKAD_NET_HASH={}", sha256::short_hash(&bytes));
}
