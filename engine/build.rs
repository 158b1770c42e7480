//! What the binary says about its build: the git commit it was built from
//! (`ROCKAD_COMMIT`, empty when there is no git or no repository, as in a
//! source archive) and the compiler and target (`ROCKAD_COMPILER`). The
//! network's hash comes from `eval/build.rs`.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rustc-env=ROCKAD_COMMIT={}", commit().unwrap_or_default());
    println!("cargo:rustc-env=ROCKAD_COMPILER={}", compiler());
}

/// Runs git in the package's directory; `None` when git is missing, the
/// directory is no repository, or git fails.
fn git(args: &[&str]) -> Option<String> {
    let dir = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    let out = Command::new("git").args(args).current_dir(dir).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}

/// The short commit, and the files whose change means a new one: HEAD,
/// the branch it names and the packed refs (in a worktree these live in
/// two different directories, which `git rev-parse --git-path` knows).
fn commit() -> Option<String> {
    // Only Rockad's own repository: a source archive unpacked inside some
    // other repository must not take that one's commit.
    let top = PathBuf::from(git(&["rev-parse", "--show-toplevel"])?).canonicalize().ok()?;
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").ok()?).canonicalize().ok()?;
    if manifest.parent() != Some(top.as_path()) {
        return None;
    }
    let hash = git(&["rev-parse", "--short=7", "HEAD"])?;
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    watched.extend(git(&["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        // Only existing files: a missing one would rerun this on every build.
        if let Some(path) = git(&["rev-parse", "--path-format=absolute", "--git-path", &name])
            .map(PathBuf::from)
            .filter(|p| p.exists())
        {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    Some(hash)
}

/// `rustc 1.95.0 (... ) for x86_64-unknown-linux-gnu, features: avx2, ...`
/// (the notable target features enabled at compile time; `portable` when
/// none is).
fn compiler() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let version = Command::new(rustc)
        .arg("-V")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "an unknown rustc".to_string());
    let target = std::env::var("TARGET").unwrap_or_default();
    let enabled = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let notable = ["avx512f", "avx2", "bmi2", "fma", "popcnt", "sse4.1", "neon"];
    let features: Vec<&str> = notable.into_iter().filter(|f| enabled.split(',').any(|e| e == *f)).collect();
    let features = if features.is_empty() { "portable".to_string() } else { features.join(", ") };
    format!("{version} for {target}, features: {features}")
}
