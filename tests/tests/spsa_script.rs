//! `scripts/spsa.py`, the local SPSA tuner: its own tests of the SPSA
//! arithmetic, parsing and resuming (Python's unittest, well under a
//! second), and what it reads from the engine: `rockad spsa`'s lines.

use std::path::PathBuf;
use std::process::Command;

fn scripts() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts")
}

#[test]
fn the_tuner_passes_its_tests() {
    let Ok(out) = Command::new("python3")
        .args(["-m", "unittest", "discover", "-s"])
        .arg(scripts())
        .args(["-p", "test_spsa.py"])
        .output()
    else {
        eprintln!("python3 not found: scripts/test_spsa.py not run");
        return;
    };
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("OK"), "{err}");
}

#[test]
fn rockad_spsa_prints_one_openbench_line_per_tunable() {
    let out = Command::new(rockad_tests::rockad_path()).arg("spsa").output().expect("running rockad spsa");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 40, "{text}");
    for line in lines {
        let f: Vec<&str> = line.split(", ").collect();
        assert_eq!(f.len(), 7, "{line}");
        assert_eq!((f[1], f[6]), ("int", "0.002"), "{line}");
        let n: Vec<i64> = f[2..6].iter().map(|x| x.parse().unwrap()).collect();
        assert!(n[1] <= n[0] && n[0] <= n[2] && n[3] >= 1, "{line}");
    }
}
