//! The command-line subcommands of the real binary.

use rockad_tests::run_cli;

#[test]
fn frc_prints_all_960_distinct_epd_lines() {
    let (status, out, _) = run_cli(&["frc"]);
    assert!(status.success());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 960);
    let distinct: std::collections::HashSet<&str> = lines.iter().copied().collect();
    assert_eq!(distinct.len(), 960);
    assert_eq!(lines[0], "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf -");
    assert_eq!(lines[518], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -");
    assert_eq!(lines[959], "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca -");
}

#[test]
fn frc_by_number_random_and_back() {
    let (_, out, _) = run_cli(&["frc", "518"]);
    assert_eq!(out.trim(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    // `frc random`: '<N> <FEN>', the number as `frc FEN` gives it.
    let (status, out, _) = run_cli(&["frc", "random"]);
    assert!(status.success());
    let (n, fen) = out.trim().split_once(' ').unwrap();
    let (status, number, _) = run_cli(&["frc", fen]);
    assert!(status.success(), "{fen}");
    assert_eq!(number.trim(), n);
    assert!(n.parse::<u32>().unwrap() < 960);
    let (_, again, _) = run_cli(&["frc", n]);
    assert_eq!(again.trim(), fen);
    // Number -> position -> number for every start position.
    let (_, all, _) = run_cli(&["frc"]);
    for (i, epd) in all.lines().enumerate().step_by(37) {
        let (_, n, _) = run_cli(&["frc", epd]);
        assert_eq!(n.trim(), i.to_string());
    }
}

#[test]
fn dfrc_positions() {
    let (status, out, _) = run_cli(&["dfrc", "518", "959"]);
    assert!(status.success());
    assert_eq!(out.trim(), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAca - 0 1");
    let (_, n, _) = run_cli(&["frc", out.trim()]);
    assert!(n.starts_with("518 959"), "{n}");
    // `dfrc random`: '<W> <B> <FEN>'.
    let (status, out, _) = run_cli(&["dfrc", "random"]);
    assert!(status.success() && out.contains(" w "));
    let words: Vec<&str> = out.trim().splitn(3, ' ').collect();
    let (_, again, _) = run_cli(&["dfrc", words[0], words[1]]);
    assert_eq!(again.trim(), words[2]);
}

#[test]
fn perft_divides_and_totals() {
    let (status, out, _) = run_cli(&["perft", "3"]);
    assert!(status.success());
    assert!(out.contains("e2e4: 600\n"), "{out}");
    assert!(out.contains("Nodes searched: 8902\n"));
    let (_, out, _) = run_cli(&["perft", "2", "r3k2r/8/8/8/8/8/8/R3K2R", "w", "KQkq", "-", "0", "1"]);
    assert!(out.contains("e1h1: "), "castling written king-takes-rook: {out}");
}

#[test]
fn bench_ends_with_nodes_and_nps_and_is_deterministic() {
    let (status, a, _) = run_cli(&["bench", "5"]);
    assert!(status.success());
    let (_, b, _) = run_cli(&["bench", "5"]);
    let last = |s: &str| s.lines().last().unwrap().to_string();
    let words: Vec<String> = last(&a).split(' ').map(String::from).collect();
    assert_eq!(words.len(), 4, "{}", last(&a));
    assert_eq!((words[1].as_str(), words[3].as_str()), ("nodes", "nps"));
    assert!(words[0].parse::<u64>().unwrap() > 1000);
    assert_eq!(words[0], last(&b).split(' ').next().unwrap());
}

#[test]
fn bad_arguments_are_errors_naming_the_subcommand_and_the_argument() {
    for (args, named) in [
        (&["frc", "960"][..], "'960' for '[N|random|FEN]'"),
        (&["frc", "-1"], "a start position number is 0..959, got '-1'"),
        (&["dfrc"], "give --all, --sample <N>"),
        (&["dfrc", "12"], "'12' for '[W B|random]'"),
        (&["perft"], "<DEPTH>"),
        (&["perft", "x"], "'x' for '<DEPTH>'"),
        (&["bench", "x"], "'x' for '[DEPTH]'"),
        (&["bench", "3", "extra"], "unexpected argument 'extra'"),
    ] {
        let (status, out, err) = run_cli(args);
        assert_eq!(status.code(), Some(2), "{args:?}");
        assert!(out.is_empty());
        assert!(err.starts_with("error: ") && err.contains(named), "{args:?}: {err}");
        // One short message and the subcommand's usage line, not a page of text.
        assert!(err.lines().count() <= 7, "{args:?}: {err}");
        assert!(err.contains(&format!("Usage: rockad {}", args[0])), "{args:?}: {err}");
    }
}

#[test]
fn every_subcommand_has_its_help_and_there_is_a_version() {
    for sub in ["bench", "perft", "frc", "dfrc", "analyse", "datagen", "tune", "wdl", "completions"] {
        let (status, out, err) = run_cli(&[sub, "--help"]);
        assert!(status.success(), "{sub}: {err}");
        assert!(out.contains(&format!("Usage: rockad {sub}")), "{sub}: {out}");
    }
    let (status, out, _) = run_cli(&["--help"]);
    assert!(status.success() && out.contains("completions") && out.contains("UCI"), "{out}");
    let (status, out, _) = run_cli(&["--version"]);
    assert!(status.success());
    assert!(out.starts_with(&format!("rockad {} (", env!("CARGO_PKG_VERSION"))), "{out}");
}

/// `net 796c430e`: the first 8 hex digits of the SHA-256 of the network
/// file compiled in.
fn embedded_net_hash() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../eval/nets/default.nnue");
    rockad_eval::sha256::short_hash(&std::fs::read(path).unwrap())
}

#[test]
fn id_name_version_and_bench_name_the_commit_and_the_network() {
    let net = format!("net {})", embedded_net_hash());
    let (_, out, _) = run_cli(&["uci"]);
    let id = out.lines().find_map(|l| l.strip_prefix("id name ")).expect("id name").to_string();
    assert!(id.starts_with(&format!("Rockad {} (", env!("CARGO_PKG_VERSION"))), "{id}");
    assert!(id.ends_with(&net), "{id}");
    // Built from this repository: its commit comes first; without git, nothing.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().canonicalize().unwrap();
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git").args(args).current_dir(&root).output().ok()?;
        out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let ours =
        git(&["rev-parse", "--show-toplevel"]).and_then(|t| std::path::Path::new(&t).canonicalize().ok());
    match (ours == Some(root.clone()), git(&["rev-parse", "--short=7", "HEAD"])) {
        (true, Some(commit)) => assert!(id.contains(&format!(" ({commit}, net ")), "{id} at {commit}"),
        _ => assert!(id.contains(" (net "), "{id}"),
    }
    let (_, version, _) = run_cli(&["--version"]);
    assert_eq!(version.trim().strip_prefix("rockad "), id.strip_prefix("Rockad "), "{version}");
    let (_, bench, _) = run_cli(&["bench", "1"]);
    let mut lines = bench.lines();
    assert_eq!(lines.next(), Some(id.as_str()));
    assert_eq!(lines.next().unwrap_or_default(), format!("Evaluation: network <embedded> ({net}"));
    let (status, compiler, _) = run_cli(&["compiler"]);
    assert!(status.success());
    assert!(compiler.starts_with("Compiled by rustc ") && compiler.contains(" for "), "{compiler}");
    assert!(compiler.contains("features: ") && compiler.contains("kernels in use: "), "{compiler}");
}

#[test]
fn shell_completions() {
    for (shell, mark) in [("bash", "_rockad()"), ("zsh", "#compdef rockad"), ("fish", "complete -c rockad")] {
        let (status, out, err) = run_cli(&["completions", shell]);
        assert!(status.success(), "{shell}: {err}");
        assert!(out.contains(mark) && out.contains("analyse") && out.contains("dfrc-random"), "{shell}");
    }
}

/// Runs `rockad <args>` with a stdout pipe that is closed after `lines`
/// lines were read (at once for 0); returns (exit status, stderr).
fn run_into_closed_pipe(args: &[&str], lines: usize) -> (std::process::ExitStatus, String) {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    let mut child = Command::new(rockad_tests::rockad_path())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    for _ in 0..lines {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "{args:?} printed a line");
    }
    drop(out);
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    (child.wait().unwrap(), err)
}

#[test]
fn a_closed_pipe_ends_quietly_with_success() {
    for (args, lines) in [
        (&["perft", "4"][..], 1),
        (&["frc"], 2),
        (&["dfrc", "--all"], 1),
        (&["frc", "518"], 0),
        (&["dfrc", "random"], 0),
        (&["bench", "1"], 0),
        (&["completions", "bash"], 1),
        (&["--help"], 1),
        (&["frc", "--help"], 1),
    ] {
        let (status, err) = run_into_closed_pipe(args, lines);
        assert_eq!(status.code(), Some(0), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
    }
    // analyse writes its files first, then the summary to the closed pipe.
    let dir = std::env::temp_dir().join(format!("rockad-cli-pipe-{}", std::process::id()));
    let prefix = dir.join("a").to_string_lossy().into_owned();
    let (status, err) =
        run_into_closed_pipe(&["analyse", "--frc", "0-2", "--depth", "1", "--out", &prefix], 0);
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{err}");
    assert!(
        std::fs::read_to_string(format!("{prefix}.summary.txt"))
            .unwrap()
            .starts_with("Positions analysed: 3")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn datagen_and_tune_report_bad_command_lines_and_files_as_errors() {
    let dir = std::env::temp_dir().join(format!("rockad-cli-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = dir.join("d.bin");
    let bin = bin.to_str().unwrap();
    for (args, code) in [
        (&["datagen"][..], 2),
        (&["datagen", "--games", "1", "--positions", "5", "--out", bin], 2),
        (&["wdl", "--data", bin, "--scores", "x"], 2),
        (&["tune", "--data", bin, "--out", "/nonexistent/dir/params.rs"], 1),
        (&["datagen", "--out", bin], 2),
        (&["datagen", "--out", bin, "--games", "x"], 2),
        (&["datagen", "--out", bin, "--games", "1", "--random-plies", "5-2"], 2),
        (&["datagen", "--out", bin, "--games", "1", "--nodes"], 2),
        (&["datagen", "--dump", "/nonexistent/rockad.bin"], 1),
        (&["tune"], 2),
        (&["tune", "--data", bin, "--lambda", "2"], 2),
        (&["tune", "--data", "/nonexistent/rockad.bin", "--epochs", "1"], 1),
    ] {
        let (status, _, err) = run_cli(args);
        assert_eq!(status.code(), Some(code), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        // Usage errors show the subcommand's usage; failures name it first.
        let named =
            if code == 2 { format!("Usage: rockad {}", args[0]) } else { format!("rockad {}: ", args[0]) };
        assert!(err.contains(&named), "{args:?}: {err}");
    }
    // A setting out of range is named before any data is read.
    let (status, _, err) = run_cli(&["train", "--data", bin, "--out", bin, "--weight-decay", "20"]);
    assert_eq!(status.code(), Some(1), "{err}");
    assert_eq!(err.trim(), "rockad train: --weight-decay must be 0..10, got 20");
    // A file that is not data is refused, not overwritten.
    std::fs::write(bin, "not data, but long enough to hold a header").unwrap();
    let (status, _, err) = run_cli(&["datagen", "--out", bin, "--games", "1", "--nodes", "200"]);
    assert_eq!(status.code(), Some(1), "{err}");
    assert_eq!(std::fs::read_to_string(bin).unwrap(), "not data, but long enough to hold a header");

    // Two tiny games, then the text form of the file.
    std::fs::remove_file(bin).unwrap();
    let args = ["datagen", "--out", bin, "--games", "2", "--nodes", "200", "--seed", "3", "--threads", "2"];
    let (status, _, err) = run_cli(&args);
    assert!(status.success(), "{err}");
    assert!(err.contains("2 new games"), "{err}");
    let (status, text, err) = run_cli(&["datagen", "--dump", bin]);
    assert!(status.success(), "{err}");
    assert!(text.lines().count() > 10, "{text}");
    assert!(text.lines().all(|l| l.split(" | ").count() == 3), "{text}");
    // Their reports into a closed pipe: a quiet success. (Not `wdl`: on two
    // games its fit fails by design, exit 1, before or after the pipe
    // closes depending on the machine's load; it reports through the same
    // `out::say` as `tune`.)
    let params = dir.join("params.rs");
    for args in [
        &["tune", "--data", bin, "--epochs", "1", "--holdout", "0", "--out", params.to_str().unwrap()][..],
        &["datagen", "--dump", bin],
    ] {
        let (status, err) = run_into_closed_pipe(args, 0);
        assert_eq!(status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `rockad wdl --pgn` on twelve games of a real match (`tests/data/games.pgn`,
/// the first twelve of the 4+0.04 SPRT the model was fitted on): the fit
/// is written, the held-out games' tables are shown and written, and bad
/// input is a one-line error.
#[test]
fn wdl_fits_match_games_and_shows_the_held_out_calibration() {
    let dir = std::env::temp_dir().join(format!("rockad-cli-wdl-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = concat!(env!("CARGO_MANIFEST_DIR"), "/data/games.pgn");
    let compiled = concat!(env!("CARGO_MANIFEST_DIR"), "/../eval/src/wdl/coefficients.rs");
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let (out, report) = (path("c.rs"), path("r.md"));
    let (status, said, err) = run_cli(&["wdl", "--pgn", pgn, "--out", &out, "--report", &report]);
    assert!(status.success(), "{err}");
    assert!(said.contains("games.pgn: 12 games, "), "{said}");
    assert!(said.contains("fitting on 10 games") && said.contains("holding out 2 games"), "{said}");
    assert!(said.contains("held-out positions by score band (new model's centipawns):"), "{said}");
    assert!(said.contains("new model: no score band has 200+ positions"), "{said}");
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("of 10 match games (12 games at 4+0.04 (12) in 1 file"), "{written}");
    assert!(written.contains("pub const A: [f64; 4] = [") && written.contains("pub const B: [f64; 4] = ["));
    let tables = std::fs::read_to_string(&report).unwrap();
    assert!(tables.starts_with("Held-out games: 2 games, "), "{tables}");
    assert_eq!(tables.matches("| **all** |").count(), 3, "{tables}");
    // Naming the compiled-in model's file converts the same way: the same fit.
    let again = path("c2.rs");
    let (status, _, err) = run_cli(&["wdl", "--pgn", pgn, "--played-with", compiled, "--out", &again]);
    assert!(status.success(), "{err}");
    let constants =
        |text: &str| text.lines().filter(|l| l.starts_with("pub const")).collect::<Vec<_>>().join("\n");
    assert_eq!(constants(&std::fs::read_to_string(&again).unwrap()), constants(&written));
    // One engine's moves alone: qsb played all twelve games, half its
    // opponent's moves are left out, and the fit says whose scores it read.
    let qsb = path("c3.rs");
    let (status, said, err) = run_cli(&["wdl", "--pgn", pgn, "--engine", "qsb", "--out", &qsb]);
    assert!(status.success(), "{err}");
    assert!(
        said.contains("; 0 games without qsb and ") && said.contains(" moves of its opponents left out"),
        "{said}"
    );
    let fitted = std::fs::read_to_string(&qsb).unwrap();
    let header = fitted.replace("\n//! ", " ");
    assert!(header.contains("the score qsb reported for the position before each of its moves"), "{fitted}");
    assert_ne!(constants(&fitted), constants(&written));

    // --check fits and writes nothing: the fit just written, shown on all twelve games.
    let source_before = std::fs::read_to_string(compiled).unwrap();
    let checked = path("r2.md");
    let (status, said, err) = run_cli(&["wdl", "--pgn", pgn, "--check", &out, "--report", &checked]);
    assert!(status.success(), "{err}");
    assert!(said.contains("holding out 12 games"), "{said}");
    assert!(!said.lines().any(|l| l.starts_with("written to ")), "{said}");
    assert!(said.contains("log-likelihood per held-out position (higher is better): old "), "{said}");
    let tables = std::fs::read_to_string(&checked).unwrap();
    assert!(tables.starts_with("Held-out games: 12 games, "), "{tables}");
    assert!(tables.contains(&format!("new: the model in {out}, checked on every game.")), "{tables}");
    assert_eq!(std::fs::read_to_string(compiled).unwrap(), source_before, "--check wrote nothing");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), written);

    let garbage = path("g.pgn");
    std::fs::write(&garbage, "[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n").unwrap();
    for (args, code, says) in [
        (
            &["wdl", "--pgn", "/nonexistent/g.pgn", "--out", &out][..],
            1,
            "rockad wdl: cannot read /nonexistent/g.pgn",
        ),
        (&["wdl", "--pgn", &garbage, "--out", &out], 1, "rockad wdl: no game in "),
        (&["wdl", "--pgn", pgn, "--played-with", pgn, "--out", &out], 1, "is not a coefficients.rs"),
        (&["wdl", "--pgn", pgn, "--holdout", "1"], 2, "--holdout 1 would hold out every game"),
        (
            &["wdl", "--pgn", pgn, "--engine", "Qsb", "--out", &out],
            1,
            "no finished game of Qsb (a White or Black tag) in ",
        ),
        (&["wdl", "--pgn", pgn, "--data", pgn], 2, "cannot be used with"),
        (&["wdl", "--data", pgn, "--report", &report], 2, "cannot be used with"),
        (&["wdl", "--pgn", pgn, "--check", &out, "--holdout", "2"], 2, "cannot be used with"),
        (&["wdl", "--pgn", pgn, "--check", &out, "--out", &out], 2, "cannot be used with"),
        (&["wdl", "--data", pgn, "--check", &out], 2, "cannot be used with"),
        (
            &["wdl", "--pgn", pgn, "--check", "/nonexistent/c.rs"],
            1,
            "rockad wdl: cannot read /nonexistent/c.rs",
        ),
        (&["wdl", "--pgn", pgn, "--check", pgn], 1, "is not a coefficients.rs"),
    ] {
        let (status, _, err) = run_cli(args);
        assert_eq!(status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(says) && !err.contains("panicked"), "{args:?}: {err}");
    }
    assert!(std::fs::read_to_string(&out).unwrap() == written, "a failed run leaves --out as it was");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn train_reports_each_epoch_and_shows_the_shared_progress_bar() {
    let dir = std::env::temp_dir().join(format!("rockad-cli-train-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("d.bin");
    let net = dir.join("n.nnue");
    let (data, net) = (data.to_str().unwrap(), net.to_str().unwrap());
    let (status, _, err) =
        run_cli(&["datagen", "--out", data, "--games", "4", "--nodes", "200", "--seed", "5"]);
    assert!(status.success(), "{err}");
    let train = ["train", "--data", data, "--out", net, "--hidden", "16", "--epochs", "2", "--holdout", "0"];
    // On a pipe: the report lines, no bar.
    let (status, _, err) = run_cli(&train);
    assert!(status.success(), "{err}");
    assert!(err.contains("epoch 1/2: ") && err.contains("epoch 2/2: "), "{err}");
    assert!(!err.contains('\r'), "no bar on a pipe: {err:?}");
    // --progress draws the bar anyway, counting epochs.
    let mut with_bar = train.to_vec();
    with_bar.push("--progress");
    let (status, _, err) = run_cli(&with_bar);
    assert!(status.success(), "{err}");
    assert!(err.contains("/2 epochs") && err.contains('\r'), "{err:?}");
    assert!(std::fs::metadata(net).unwrap().len() > 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analyse_takes_an_out_ending_in_an_extension_as_the_stem() {
    let dir = std::env::temp_dir().join(format!("rockad-cli-stem-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("x.csv");
    let (status, _, err) =
        run_cli(&["analyse", "--frc", "0-1", "--depth", "1", "--quiet", "--out", out.to_str().unwrap()]);
    assert!(status.success(), "{err}");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["x.csv", "x.html", "x.jsonl", "x.summary.txt", "x.svg"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn uci_commands_run_as_arguments() {
    let (status, out, err) = run_cli(&["d"]);
    assert!(status.success(), "{err}");
    assert!(out.contains("| r | n | b | q | k | b | n | r | 8"), "{out}");
    assert!(!out.contains("by the Rockad developers"), "no banner when scripted: {out}");
    // A quoted argument is one line; the next command word starts another.
    let (status, out, err) = run_cli(&["position frc 0", "d"]);
    assert!(status.success(), "{err}");
    assert!(out.contains("| b | b | q | n | n | r | k | r | 8"), "{out}");
    let (status, out, _) = run_cli(&["position frc 123", "eval"]);
    assert!(status.success() && out.contains("Final evaluation: "), "{out}");
    // A search runs to its limit before Rockad exits.
    let (status, out, err) = run_cli(&["go", "depth", "5"]);
    assert!(status.success(), "{err}");
    assert!(out.lines().any(|l| l.starts_with("info depth 5 ")), "{out}");
    assert!(out.lines().last().unwrap().starts_with("bestmove "), "{out}");
    let (_, out, _) = run_cli(&["position", "startpos", "moves", "e2e4", "go", "perft", "1"]);
    assert!(out.contains("Nodes searched: 20"), "{out}");
    // OpenBench's form still reaches the genfens subcommand.
    let (status, out, err) = run_cli(&["genfens 2 seed 1 book None", "quit"]);
    assert!(status.success(), "{err}");
    assert_eq!(out.lines().filter(|l| l.starts_with("info string genfens ")).count(), 2, "{out}");
}

#[test]
fn unknown_words_and_bad_uci_arguments_are_one_line_errors() {
    for (args, named) in [
        (&["whatever"][..], "unknown command 'whatever'"),
        (&["eval", "bogus"], "eval: unexpected argument 'bogus'"),
        (&["position", "frc", "960"], "960"),
        (&["go", "infinite"], "needs a limit"),
    ] {
        let (status, out, err) = run_cli(args);
        assert_eq!(status.code(), Some(2), "{args:?}");
        assert!(out.is_empty(), "{args:?}: nothing runs: {out}");
        assert!(err.starts_with("error: ") && err.contains(named), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn the_uci_loop_opens_with_a_banner_before_the_protocol() {
    let mut e = rockad_tests::Engine::start();
    assert!(
        e.banner.starts_with("Rockad ") && e.banner.ends_with(" by the Rockad developers"),
        "{}",
        e.banner
    );
    e.send("uci");
    let lines = e.expect("uciok");
    assert!(lines[0].starts_with("id name Rockad "), "{lines:?}");
    e.quit();
}
