//! `rockad analyse` and the opening-file forms of `rockad frc` / `dfrc`,
//! driving the real binary. Searches are depth 1-3 so the file runs fast.

use std::collections::HashSet;
use std::path::PathBuf;

use rockad_tests::run_cli;

/// A fresh directory for one test, under the system's temp dir; removed
/// when the test passes, kept for a look when it fails.
struct Workdir(PathBuf);

impl std::ops::Deref for Workdir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Workdir {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn workdir(name: &str) -> Workdir {
    let dir = std::env::temp_dir().join(format!("rockad-analyse-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Workdir(dir)
}

fn prefix(dir: &std::path::Path) -> String {
    dir.join("out").to_string_lossy().into_owned()
}

fn read(path: String) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Runs `rockad analyse <args>` and checks it succeeded; returns (stdout, stderr).
fn analyse(args: &[&str]) -> (String, String) {
    let mut all = vec!["analyse"];
    all.extend_from_slice(args);
    let (status, out, err) = run_cli(&all);
    assert!(status.success(), "{args:?}: {status:?}\n{err}");
    (out, err)
}

/// Data rows of the CSV as field lists (our fields hold no commas here).
fn csv_rows(prefix: &str) -> Vec<Vec<String>> {
    let text = read(format!("{prefix}.csv"));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header[..5], ["id", "fen", "moves", "score_cp", "score_mate"]);
    assert_eq!(header.len(), 17);
    lines
        .map(|l| {
            let f: Vec<String> = l.split(',').map(String::from).collect();
            assert_eq!(f.len(), 17, "{l}");
            f
        })
        .collect()
}

/// The value of `"key":` in a JSON line we wrote (a string or a bare word).
fn json_field(line: &str, key: &str) -> String {
    let at = line.find(&format!("\"{key}\":")).unwrap_or_else(|| panic!("{key} in {line}")) + key.len() + 3;
    let rest = &line[at..];
    if let Some(s) = rest.strip_prefix('"') {
        s[..s.find('"').unwrap()].to_string()
    } else {
        rest[..rest.find([',', '}']).unwrap()].to_string()
    }
}

#[test]
fn writes_csv_json_lines_svg_and_summary() {
    let dir = workdir("basic");
    let p = prefix(&dir);
    let (out, err) = analyse(&["--frc", "0,518,959", "--depth", "2", "--threads", "2", "--out", &p]);
    assert!(err.contains("3 positions: 2 single-thread searches in parallel"), "{err}");
    assert!(err.lines().last().unwrap().contains("searched 3 positions in"), "{err}");
    assert!(!err.contains("(s)") && !err.contains("(es)"), "plurals are spelt out: {err}");
    assert!(!err.contains('\r') && !err.contains("positions  "), "no bar when stderr is a pipe: {err}");

    let rows = csv_rows(&p);
    let ids: HashSet<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(ids, HashSet::from(["0", "518", "959"]));
    for r in &rows {
        let (_, fen, _) = run_cli(&["frc", &r[0]]);
        assert_eq!(r[1], fen.trim(), "Shredder-FEN of the start");
        assert!(r[3].parse::<i32>().is_ok() && r[4].is_empty(), "score_cp set, score_mate empty: {r:?}");
        let wdl: Vec<u32> = r[5..8].iter().map(|v| v.parse().unwrap()).collect();
        assert_eq!(wdl.iter().sum::<u32>(), 1000, "win/draw/loss per mille: {r:?}");
        assert_eq!(r[12], "2", "depth");
        assert!(r[10].starts_with(&r[9]) && r[11].starts_with(&r[8]), "PV starts with the best move: {r:?}");
        assert!(r[14].parse::<u64>().unwrap() > 0);
    }

    let jsonl = read(format!("{p}.jsonl"));
    assert_eq!(jsonl.lines().count(), 3);
    for line in jsonl.lines() {
        assert!(line.starts_with("{\"id\":\"") && line.ends_with("]}"), "{line}");
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["score_mate"], serde_json::Value::Null);
        assert_eq!(v["depth"], 2);
        assert_eq!(v["lines"][0]["pv_san"], v["pv_san"]);
        // Line 1's score at depths 1 and 2, the last of them the row's.
        let by_depth = v["depth_scores_cp"].as_array().unwrap();
        assert_eq!(by_depth.len(), 2, "{line}");
        assert_eq!(by_depth[1], v["score_cp"], "{line}");
        assert_eq!(json_field(line, "depth"), "2");
    }

    let svg = read(format!("{p}.svg"));
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<g class=\"cell\">").count(), 3);
    assert!(svg.matches("<rect class=\"legend\"").count() >= 9);
    let standard = svg.lines().find(|l| l.contains("<title>518 RNBQKBNR")).unwrap();
    assert!(standard.contains("stroke=\"#000\""), "518 is outlined: {standard}");
    // Each tile names its position; the title is whole; the key explains 518.
    for id in ["0", "518", "959"] {
        assert!(svg.contains(&format!(">{id}</text>")), "{id} labelled: {svg}");
    }
    assert!(svg.contains(">Rockad analysis: 3 positions</text>") && svg.contains("518 = standard chess"));
    let html = read(format!("{p}.html"));
    assert_eq!(html.matches("<tr id=\"p").count(), 3);
    assert!(html.contains("<div id=\"chart\"><svg") && !html.contains("<img"), "the chart is inline: {html}");

    let summary = read(format!("{p}.summary.txt"));
    assert_eq!(out, summary);
    assert!(summary.starts_with("Positions analysed: 3 (scores in centipawns"));
    assert!(!summary.contains("+0.") && !summary.contains("-0."), "no pawn units: {summary}");
    assert!(summary.contains("Most balanced") && summary.contains("Least balanced"));
    assert!(summary.contains("Distribution (25 cp buckets"));
    assert!(summary.contains("Standard chess (518 RNBQKBNR): "), "{summary}");
    assert!(summary.contains(" of 3 by |score|"), "{summary}");
}

#[test]
fn resuming_searches_only_what_is_missing() {
    let dir = workdir("resume");
    let p = prefix(&dir);
    let args = ["--frc", "4-6", "--depth", "2", "--out", &p];
    analyse(&args);
    let csv = read(format!("{p}.csv"));
    let jsonl = read(format!("{p}.jsonl"));
    // An interrupted run: the last record cut mid-line in both files.
    std::fs::write(format!("{p}.csv"), &csv[..csv.len() - 15]).unwrap();
    std::fs::write(format!("{p}.jsonl"), &jsonl[..jsonl.len() - 40]).unwrap();
    let (_, err) = analyse(&args);
    assert!(err.contains("out.csv: dropped an incomplete last record (line 4)"), "{err}");
    assert!(err.contains("out.jsonl: dropped an incomplete last record (line 3)"), "{err}");
    assert!(err.contains("2 of 3 positions already done, 1 to search"), "{err}");
    assert!(err.contains("searched 1 position in"), "{err}");
    let again = read(format!("{p}.csv"));
    let lines: Vec<&str> = again.lines().collect();
    assert_eq!(lines.len(), 4);
    // The two kept records are untouched; the third was searched again.
    assert_eq!(lines[..3], csv.lines().take(3).collect::<Vec<_>>()[..]);
    let ids: HashSet<String> = csv_rows(&p).into_iter().map(|r| r[0].clone()).collect();
    assert_eq!(ids, HashSet::from(["4".to_string(), "5".to_string(), "6".to_string()]));
    // Neither file holds the cut record twice, and every line reads back.
    let jsonl = read(format!("{p}.jsonl"));
    let ids: Vec<String> = jsonl
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), 3);
    assert_eq!(ids.iter().collect::<HashSet<_>>().len(), 3, "{ids:?}");
    // A new position joins the same files; the rest are skipped.
    let (out, err) = analyse(&["--frc", "4-7", "--depth", "2", "--out", &p]);
    assert!(err.contains("3 of 4 positions already done, 1 to search"), "{err}");
    assert!(out.starts_with("Positions analysed: 4"));
    assert_eq!(csv_rows(&p).len(), 4);
}

#[test]
fn dfrc_pairs_files_moves_and_mates() {
    let dir = workdir("inputs");
    let p = prefix(&dir);
    let file = dir.join("positions.epd");
    std::fs::write(
        &file,
        "# openings and two mates in one\n\
         \n\
         bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - moves g2g3\n\
         6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n\
         r5k1/8/8/8/8/8/5PPP/6K1 b - -\n",
    )
    .unwrap();
    let f = file.to_string_lossy().into_owned();
    analyse(&["--file", &f, "--dfrc", "12:845", "--depth", "3", "--out", &p]);
    let rows = csv_rows(&p);
    let by_id = |id: &str| rows.iter().find(|r| r[0] == id).unwrap_or_else(|| panic!("{id}: {rows:?}"));
    let opening = by_id(&format!("{f}:3"));
    assert_eq!(opening[1], "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    assert_eq!(opening[2], "g2g3");
    let white_mates = by_id(&format!("{f}:4"));
    assert_eq!((&white_mates[3][..], &white_mates[4][..], &white_mates[8][..]), ("", "1", "Ra8#"));
    let black_mates = by_id(&format!("{f}:5"));
    assert_eq!((&black_mates[3][..], &black_mates[4][..], &black_mates[8][..]), ("", "-1", "Ra1#"));
    let pair = by_id("12:845");
    let (_, fen, _) = run_cli(&["dfrc", "12", "845"]);
    assert_eq!(pair[1], fen.trim());
    let jsonl = read(format!("{p}.jsonl"));
    let mate = jsonl.lines().find(|l| l.contains("Ra1#")).unwrap();
    assert_eq!((json_field(mate, "score_cp"), json_field(mate, "score_mate")), ("null".into(), "-1".into()));
    // Not numbered: the picture lays them out in input order.
    let svg = read(format!("{p}.svg"));
    assert_eq!(svg.matches("<g class=\"cell\">").count(), 4);
    assert!(svg.contains("in the order analysed") && svg.contains(">12:845</text>"));
    assert!(!svg.contains("standard chess"), "no 518 here, so no key for it");
    assert!(svg.contains("side that mates"), "mates are shown, so explained");
}

#[test]
fn multipv_lines_go_to_the_json_file() {
    let dir = workdir("multipv");
    let p = prefix(&dir);
    let (_, err) = analyse(&[
        "--frc",
        "518",
        "--depth",
        "3",
        "--multipv",
        "3",
        "--moves",
        "e2e4",
        "--out",
        &p,
        "--progress",
    ]);
    assert!(err.contains("/1 positions") && err.contains('\r'), "--progress draws the bar anyway: {err:?}");
    let rows = csv_rows(&p);
    assert_eq!((rows[0][2].as_str(), rows[0][16].as_str()), ("e2e4", "3"));
    let line = read(format!("{p}.jsonl"));
    assert_eq!(line.matches("{\"multipv\":").count(), 3, "{line}");
    assert!(line.contains("{\"multipv\":3,"), "{line}");
    // The page shows the moves played first, and the line goes on from them.
    let html = read(format!("{p}.html"));
    assert!(
        html.contains("<th>moves first</th>") && html.contains("<td class=\"line\">1. e4</td>"),
        "{html}"
    );
    assert!(html.contains("<td class=\"line\">1... "), "{html}");
}

/// The `<tr ...>` row of the page with id `anchor`, up to its end.
fn page_row<'a>(html: &'a str, anchor: &str) -> &'a str {
    let at = html.find(&format!("<tr id=\"{anchor}\"")).unwrap_or_else(|| panic!("row {anchor}"));
    &html[at..at + html[at..].find("</tr>").unwrap()]
}

/// The glyphs of a page row's board, rank 8 first ('.' for an empty square).
fn board_squares(row: &str) -> String {
    let board = &row[row.find("<div class=\"board\"").expect("a board")..];
    let board = &board[..board.find("</div>").unwrap()];
    let mut squares = String::new();
    for cell in board.split("<i").skip(1) {
        match cell.strip_prefix(" class=\"e") {
            Some(rest) => squares.push_str(&".".repeat(rest[..1].parse().unwrap())),
            None => squares.extend(cell[1..].chars().take_while(|&c| c != '<' && c != '\u{fe0e}')),
        }
    }
    squares
}

#[test]
fn the_page_links_chart_and_rows_with_boards_lines_and_a_compare_column() {
    let dir = workdir("page");
    let p = prefix(&dir);
    // 42 numbers: the 32-column grid by number.
    analyse(&["--frc", "0-40,518", "--depth", "2", "--threads", "2", "--out", &p]);
    let html = read(format!("{p}.html"));
    assert!(html.contains("<div id=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\""), "inline chart");
    assert!(html.contains("<input id=\"filter\"") && html.contains("<script>"));
    // Each square of the chart links to a row of the table, and every row is linked.
    let links: HashSet<&str> =
        html.split("<a href=\"#").skip(1).map(|s| &s[..s.find('"').unwrap()]).collect();
    let rows: HashSet<&str> = html.split("<tr id=\"").skip(1).map(|s| &s[..s.find('"').unwrap()]).collect();
    let expected: HashSet<String> = (0..=40).chain([518]).map(|n| format!("p{n}")).collect();
    assert_eq!(rows, expected.iter().map(String::as_str).collect::<HashSet<_>>());
    assert_eq!(links, rows);
    assert_eq!(html.matches("><g class=\"cell\">").count(), 42);
    assert_eq!(html.matches("<div class=\"board\"").count(), 42);
    // The boards: Chess960 back ranks, solid glyphs for Black, outlined for White.
    let std = page_row(&html, "p518");
    assert!(std.contains("data-order=\"RNBQKBNR\""));
    let pawns = ("\u{265f}".repeat(8), "\u{2659}".repeat(8));
    let middle = ".".repeat(32);
    assert_eq!(
        board_squares(std),
        format!(
            "\u{265c}\u{265e}\u{265d}\u{265b}\u{265a}\u{265d}\u{265e}\u{265c}{}{middle}{}\u{2656}\u{2658}\u{2657}\u{2655}\u{2654}\u{2657}\u{2658}\u{2656}",
            pawns.0, pawns.1
        )
    );
    let zero = page_row(&html, "p0");
    assert!(zero.contains("data-order=\"BBQNNRKR\""));
    assert!(
        board_squares(zero).ends_with("\u{2657}\u{2657}\u{2655}\u{2658}\u{2658}\u{2656}\u{2654}\u{2656}")
    );
    // Scores never wrap; the line has move numbers; the win/draw/loss bar has three parts.
    assert!(html.contains("white-space: nowrap"));
    let csv = csv_rows(&p);
    for r in &csv {
        let row = page_row(&html, &format!("p{}", r[0]));
        let score: i32 = r[3].parse().unwrap();
        assert!(row.contains(&format!("<td data-key=\"{score}\">{score:+} cp</td>")), "{row}");
        assert!(row.contains(&format!("<td class=\"line\">1. {}", r[8])), "{row}");
        assert!(
            row.contains(&format!("style=\"flex:{}\"", r[5])) && row.matches("<span class=").count() >= 4
        );
    }
    // The colour scale is fitted to the scores: full colour from the largest |score|, rounded up.
    let largest = csv.iter().map(|r| r[3].parse::<i32>().unwrap().unsigned_abs()).max().unwrap();
    let limit = (largest.div_ceil(20) * 20).max(20);
    let key = format!("full colour from \u{b1}{limit} cp (the largest |score| here: {largest} cp)");
    assert!(html.contains(&key) && read(format!("{p}.svg")).contains(&key), "{key}");
    assert!(html.contains(&format!(">+{limit}</text>")) && html.contains(&format!(">-{limit}</text>")));

    // The other engine's scores: ours + 10 (one a mate, one missing). Rebuilding the
    // page with them searches nothing and leaves the records as they were.
    let records = (read(format!("{p}.csv")), read(format!("{p}.jsonl")));
    let mut scores = "id,score_cp\n".to_string();
    for r in &csv {
        match r[0].as_str() {
            "5" => scores.push_str("5,\n"),
            "6" => {}
            id => scores.push_str(&format!("{id},{}\n", r[3].parse::<i32>().unwrap() + 10)),
        }
    }
    let sf = dir.join("sf-d9.csv");
    std::fs::write(&sf, scores).unwrap();
    let (_, err) =
        analyse(&["--frc", "0-40,518", "--depth", "2", "--out", &p, "--compare", &sf.to_string_lossy()]);
    assert!(
        err.contains("42 of 42 positions already done, 0 to search") && err.contains("searched 0 positions"),
        "{err}"
    );
    assert_eq!((read(format!("{p}.csv")), read(format!("{p}.jsonl"))), records);
    let html = read(format!("{p}.html"));
    assert!(html.contains("<th>score</th><th>sf-d9</th>"), "{html}");
    assert!(
        html.contains(
            "over 40 positions scored in centipawns by both (mates left out), Spearman rank \
                       correlation <b>+1.000</b>, mean absolute difference <b>10.0 cp</b>"
        ),
        "{html}"
    );
    let score: i32 = csv.iter().find(|r| r[0] == "518").unwrap()[3].parse().unwrap();
    assert!(page_row(&html, "p518").contains(&format!(
        "<td data-key=\"{}\">{:+} cp</td>",
        score + 10,
        score + 10
    )));
    assert!(page_row(&html, "p5").contains(">mate</td>") && page_row(&html, "p6").contains(">\u{2013}</td>"));
}

#[test]
fn bad_input_is_a_usage_error_naming_the_problem() {
    let dir = workdir("bad");
    let file = dir.join("bad.fen");
    std::fs::write(&file, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nnonsense here\n")
        .unwrap();
    let f = file.to_string_lossy().into_owned();
    let out = prefix(&dir);
    for (args, needle) in [
        (vec!["--depth", "2"], "choose positions"),
        (vec!["--frc", "960"], "'960'"),
        (vec!["--frc", "1", "--depth", "0"], "--depth"),
        (vec!["--random", "3", "--nodes", "x"], "--nodes"),
        (vec!["--dfrc", "12"], "12"),
        (vec!["--file", &f], ":2: "),
        (vec!["--file", "/no/such/file"], "cannot read"),
        (vec!["--frc", "1", "--moves", "e2e5"], "e2e5"),
        (vec!["--frc", "1", "--what"], "--what"),
        (vec!["--frc", "1", "--compare", "/no/such/scores.csv"], "--compare: cannot read"),
    ] {
        let mut all = vec!["analyse", "--out", &out];
        all.extend(args.iter().copied());
        let (status, stdout, err) = run_cli(&all);
        assert_eq!(status.code(), Some(2), "{args:?}: {err}");
        assert!(stdout.is_empty());
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    assert!(!dir.join("out.csv").exists(), "nothing is written on a usage error");
}

#[test]
fn opening_files_samples_notations_and_fen() {
    let (_, all, _) = run_cli(&["frc"]);
    let all: Vec<&str> = all.lines().collect();
    let (status, a, _) = run_cli(&["frc", "--sample", "12", "--seed", "3"]);
    assert!(status.success());
    let (_, b, _) = run_cli(&["frc", "--sample", "12", "--seed", "3"]);
    assert_eq!(a, b, "same seed, same sample");
    let lines: Vec<&str> = a.lines().collect();
    assert_eq!(lines.len(), 12);
    assert_eq!(lines.iter().collect::<HashSet<_>>().len(), 12);
    assert!(lines.iter().all(|l| all.contains(l)));

    let (_, x, _) = run_cli(&["frc", "--notation", "xfen", "--fen"]);
    let x: Vec<&str> = x.lines().collect();
    assert_eq!(x.len(), 960);
    assert_eq!(x[518], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(x[0], "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");

    let (status, d, _) = run_cli(&["dfrc", "--sample", "20", "--seed", "8"]);
    assert!(status.success());
    let d: Vec<&str> = d.lines().collect();
    assert_eq!(d.len(), 20);
    assert_eq!(d.iter().collect::<HashSet<_>>().len(), 20);
    for line in d.iter().take(5) {
        assert_eq!(line.split(' ').count(), 4, "EPD: {line}");
        let (status, numbers, _) = run_cli(&["frc", line]);
        assert!(status.success(), "{line} is a (D)FRC start");
        assert!(!numbers.trim().is_empty());
    }

    let (status, every, _) = run_cli(&["dfrc", "--all"]);
    assert!(status.success());
    assert_eq!(every.lines().count(), 921_600);
    assert_eq!(every.lines().next(), Some(all[0]));
    let (status, _, err) = run_cli(&["dfrc", "--sample", "921601"]);
    assert_eq!(status.code(), Some(2));
    assert!(err.contains("921600 pairs"), "{err}");
}

#[test]
fn tablebases_fill_the_scores_and_wdl_columns() {
    let dir = workdir("syzygy");
    let file = dir.join("endings.epd");
    std::fs::write(&file, "8/8/8/4k3/8/8/8/KQ6 w - - 0 1\n8/8/8/4k3/8/8/8/KN6 b - - 0 1\n").unwrap();
    let out = prefix(&dir);
    let tables = format!("{}/data/syzygy", env!("CARGO_MANIFEST_DIR"));
    let f = file.to_string_lossy().into_owned();
    let (_, err) = analyse(&["--file", &f, "--depth", "4", "--syzygy-path", &tables, "--out", &out]);
    assert!(err.contains("SyzygyPath: found "), "{err}");
    let rows = csv_rows(&out);
    // KQvK: a tablebase win for White, shown above any evaluation, certain.
    assert!(rows[0][3].parse::<i32>().unwrap() > 19_000, "{:?}", rows[0]);
    assert_eq!(rows[0][5..8], ["1000", "0", "0"], "{:?}", rows[0]);
    // KNvK: a dead draw.
    assert_eq!(rows[1][3], "0", "{:?}", rows[1]);
    assert_eq!(rows[1][5..8], ["0", "1000", "0"], "{:?}", rows[1]);
}
