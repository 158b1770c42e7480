//! Who this build is: the name in `id name`, `--version` and `bench`.

/// `Rockad 0.1.0`.
pub fn name() -> String {
    format!("Rockad {}", env!("CARGO_PKG_VERSION"))
}

/// The line the interactive UCI loop opens with.
pub fn banner() -> String {
    format!("{} by the Rockad developers", name())
}
