//! The scripts in `scripts/`: each explains every option it takes in its
//! `--help`, and fails with a non-zero exit when it cannot run.

use std::path::PathBuf;
use std::process::{Command, Output};

fn script(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts").join(name)
}

fn run(program: &str, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(program);
    cmd.args(args).env_remove("FASTCHESS").env_remove("CUTECHESS");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap_or_else(|e| panic!("{program}: {e}"))
}

/// Whether `python3` runs here; the Python scripts' tests need it.
fn have_python() -> bool {
    Command::new("python3").arg("--version").output().is_ok()
}

/// The `--flag` words a shell script's argument loop accepts.
fn flags_of(source: &str) -> Vec<String> {
    source
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("--") && l.contains(')'))
        .flat_map(|l| l[..l.find(')').unwrap()].split('|').map(|f| f.trim().to_string()).collect::<Vec<_>>())
        .filter(|f| f.len() > 2 && !f.contains('*'))
        .collect()
}

#[test]
fn shell_scripts_describe_every_option() {
    for name in ["match960.sh", "gauntlet960.sh"] {
        let path = script(name);
        let source = std::fs::read_to_string(&path).unwrap();
        let flags = flags_of(&source);
        assert!(flags.len() >= 8, "{name}: {flags:?}");
        let out = run("bash", &[path.to_str().unwrap(), "--help"], &[]);
        assert!(out.status.success(), "{name}");
        let help = String::from_utf8_lossy(&out.stdout);
        for flag in flags {
            assert!(help.contains(&format!("  {flag}")), "{name} --help does not describe {flag}:\n{help}");
        }
        assert!(help.contains("Exit status"), "{name}");
    }
}

#[test]
fn without_a_match_runner_the_gauntlet_fails_once_before_any_match() {
    // PATH without fastchess or cutechess-cli (they are never in /bin).
    let path = script("gauntlet960.sh");
    let rockad = rockad_tests::rockad_path().to_str().unwrap().to_string();
    let out = run("bash", &[path.to_str().unwrap(), &rockad], &[("PATH", "/bin:/usr/games")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("Rockad vs"), "no match is started: {err}");
    let no_runner = err.matches("neither fastchess nor cutechess-cli").count();
    assert!(no_runner == 1 || err.contains("no opponent found"), "said once: {err}");

    let out = run("bash", &[script("match960.sh").to_str().unwrap(), "--check"], &[("PATH", "/bin")]);
    assert_eq!(out.status.code(), Some(2));
    let out = run("bash", &[script("match960.sh").to_str().unwrap(), "--check"], &[("FASTCHESS", "/bin/sh")]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn python_scripts_explain_their_options_and_refuse_what_they_cannot_run() {
    if !have_python() {
        return; // No Python here: nothing to check.
    }
    for name in ["gen-chess960-perft.py", "sprt-combine.py", "endgame-starts.py"] {
        let out = run("python3", &[script(name).to_str().unwrap(), "--help"], &[]);
        assert!(out.status.success(), "{name}");
        let help = String::from_utf8_lossy(&out.stdout);
        // Every option has a description after its name.
        for line in help.lines().filter(|l| l.trim_start().starts_with("--")) {
            let described = line.trim().split_once("  ").is_some_and(|(_, d)| !d.trim().is_empty());
            assert!(described, "{name}: '{line}' has no description:\n{help}");
        }
    }
    let perft = script("gen-chess960-perft.py");
    let out = run("python3", &[perft.to_str().unwrap(), "--rockad", "/nonexistent/rockad"], &[]);
    assert_eq!(out.status.code(), Some(2));
    let out = run("python3", &[script("sprt-combine.py").to_str().unwrap(), "1,2,3"], &[]);
    assert_eq!(out.status.code(), Some(2));
    // A missing game file (or, on a machine without it, python-chess) is one line and exit 2.
    let out = run(
        "python3",
        &[script("endgame-starts.py").to_str().unwrap(), "/tmp/x.epd", "/nonexistent.pgn"],
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}

/// Seven men; each capture is scored near equal except the one into five
/// men, so the kept five-man position is the first near-equal one after it.
const ENDGAME_GAME: &str = r#"[Event "t"]
[Result "*"]
[SetUp "1"]
[FEN "r5k1/7p/n7/8/8/8/7P/R5K1 w - - 0 1"]

1. Rxa6 {+0.40/12 0.100s} Rxa6 {+5.00/12 0.100s} 2. Kf2 {-4.80/12 0.100s}
Kf7 {+0.10/12 0.100s} 3. Ke3 {book} Ke6 {-0.05/12 0.100s} *
"#;

#[test]
fn endgame_starts_keeps_the_first_near_equal_six_and_five_man_positions() {
    let has_chess =
        Command::new("python3").args(["-c", "import chess"]).output().is_ok_and(|o| o.status.success());
    if !has_chess {
        return; // python-chess is not installed here: the script cannot run.
    }
    let dir = std::env::temp_dir().join(format!("rockad-endgames-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (pgn, epd) = (dir.join("games.pgn"), dir.join("out.epd"));
    // The same game twice: its positions are written once.
    std::fs::write(&pgn, format!("{ENDGAME_GAME}\n{ENDGAME_GAME}")).unwrap();
    let args = [script("endgame-starts.py"), epd.clone(), pgn].map(|p| p.to_str().unwrap().to_string());
    let out = run("python3", &args.iter().map(String::as_str).collect::<Vec<_>>(), &[]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        std::fs::read_to_string(&epd).unwrap(),
        "r5k1/7p/R7/8/8/8/7P/6K1 b - -\n8/5k1p/r7/8/8/8/5K1P/8 w - -\n"
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr).trim(), "2 games, 2 positions");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Three rounds as fastchess writes them with `-repeat`: a won pair (win and
/// draw), a level pair (loss and win), and a round cut off after one game.
const SPRT_GAMES: &str = r#"[Event "t"]
[Round "1"]
[White "new"]
[Black "old"]
[Result "1-0"]

1. e4 1-0

[Event "t"]
[Round "1"]
[White "old"]
[Black "new"]
[Result "1/2-1/2"]

1. e4 1/2-1/2

[Event "t"]
[Round "2"]
[White "new"]
[Black "old"]
[Result "0-1"]

1. e4 0-1

[Event "t"]
[Round "2"]
[White "old"]
[Black "new"]
[Result "0-1"]

1. e4 0-1

[Event "t"]
[Round "3"]
[White "new"]
[Black "old"]
[Result "1-0"]

1. e4 1-0
"#;

#[test]
fn sprt_combine_counts_the_complete_pairs_of_a_pgn_for_the_named_engine() {
    if !have_python() {
        return; // No Python here: nothing to check.
    }
    let dir = std::env::temp_dir().join(format!("rockad-sprt-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, SPRT_GAMES).unwrap();
    let combine = script("sprt-combine.py");
    let (combine, pgn) = (combine.to_str().unwrap(), pgn.to_str().unwrap());

    let out = run("python3", &[combine, "--pgn", pgn, "--engine", "new"], &[]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(": pentanomial 0, 0, 1, 1, 0, W / L / D 2 / 1 / 1\n"), "{text}");
    assert!(text.contains("\npentanomial 0, 0, 1, 1, 0 (2 pairs, 4 games)\n"), "{text}");
    assert!(text.contains("\nW / L / D 2 / 1 / 1 (new)\n"), "{text}");
    // The same games scored for the other side, plus a run given as counts.
    let out = run("python3", &[combine, "--pgn", pgn, "--engine", "old", "1,0,0,0,0"], &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\npentanomial 1, 1, 1, 0, 0 (3 pairs, 6 games)\n"), "{text}");

    // A name not in the games, or no file: one line naming it, exit 2.
    for args in
        [vec!["--pgn", pgn, "--engine", "nobody"], vec!["--pgn", "/nonexistent.pgn", "--engine", "new"]]
    {
        let out = run("python3", &[&[combine][..], &args].concat(), &[]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("nobody") || err.contains("/nonexistent.pgn"), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
