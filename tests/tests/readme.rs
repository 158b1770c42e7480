//! The README works as written: its cheap `rockad` commands run and exit 0,
//! it stays short, its set-up commands are the ones CI runs, and every
//! relative link in it (and in `docs/*.md`) points at a file or heading
//! that exists.
//!
//! Which README commands run: every line of a ```` ```sh ```` block whose
//! first word is `target/release/rockad` or `rockad` (backslash
//! continuations joined), in a fresh temporary directory, through
//! `bash -o pipefail` so redirections and pipes work, with the binary under
//! test in place of the path and stdin empty. Everything else is skipped on
//! purpose:
//! - lines starting with any other program (`cargo`, `fastchess`,
//!   `cutechess-cli`, `scripts/...`): they build, need tools not installed
//!   here or play whole matches;
//! - `rockad` lines whose comment starts with `# slow` (the full atlas run):
//!   minutes of search, too long for the test suite;
//! - ```` ```text ```` blocks: UCI sessions typed by hand, not shell commands.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// README.md must stay under this many bytes (issue 54: a README for people,
/// the reference lives in docs/).
const README_LIMIT: usize = 10_240;

/// The slowest command (`rockad bench`) takes seconds; this only catches a hang.
const COMMAND_LIMIT: Duration = Duration::from_secs(120);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).expect("README.md")
}

/// The command lines of a Markdown text that this test runs, by the rule in
/// the module comment.
fn runnable_commands(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    for block in fenced_shell_blocks(markdown) {
        for line in block {
            let line = line.trim();
            let first = line.split_whitespace().next().unwrap_or("");
            if first != "target/release/rockad" && first != "rockad" {
                continue;
            }
            if let Some(i) = line.find(" #")
                && line[i + 2..].trim_start().starts_with("slow")
            {
                continue;
            }
            out.push(line.to_string());
        }
    }
    out
}

/// The shell code blocks of a Markdown text (```` ```sh ````, `bash` or
/// `shell`), each as its lines with backslash continuations joined; blocks of
/// any other language are skipped whole.
fn fenced_shell_blocks(markdown: &str) -> Vec<Vec<String>> {
    let mut blocks = Vec::new();
    let mut open: Option<bool> = None; // Some(is_shell) inside a fence
    let mut block = Vec::new();
    let mut pending = String::new();
    for line in markdown.lines() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            match open {
                None => {
                    open = Some(matches!(info.trim(), "sh" | "bash" | "shell"));
                    block = Vec::new();
                }
                Some(is_shell) => {
                    if is_shell {
                        blocks.push(std::mem::take(&mut block));
                    }
                    open = None;
                }
            }
            continue;
        }
        if open == Some(true) {
            if let Some(head) = line.strip_suffix('\\') {
                pending.push_str(head);
                pending.push(' ');
            } else {
                pending.push_str(line);
                block.push(std::mem::take(&mut pending));
            }
        }
    }
    blocks
}

#[test]
fn readme_commands_run() {
    let commands = runnable_commands(&readme());
    // The README's quick tour: these must stay runnable (and be found).
    for wanted in ["--help", "frc 518", "perft", "bench", "analyse"] {
        assert!(
            commands.iter().any(|c| c.contains(wanted)),
            "no runnable README command with {wanted:?}: {commands:?}"
        );
    }
    let bin = rockad_tests::rockad_path().to_str().expect("utf-8 path").to_string();
    let quoted = format!("'{}'", bin.replace('\'', r"'\''"));
    let dir = std::env::temp_dir().join(format!("rockad-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();

    // Side by side: the test takes as long as its slowest command.
    let runs: Vec<_> = commands
        .iter()
        .map(|command| {
            let script = if let Some(rest) = command.strip_prefix("target/release/rockad") {
                format!("{quoted}{}", rest.replace("target/release/rockad", &quoted))
            } else {
                format!("{quoted}{}", &command["rockad".len()..])
            };
            let child = Command::new("bash")
                .args(["-o", "pipefail", "-c", &script])
                .current_dir(&dir)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap_or_else(|e| panic!("bash for {command}: {e}"));
            (command.clone(), child)
        })
        .collect();

    let start = Instant::now();
    let mut failures = Vec::new();
    for (command, mut child) in runs {
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                let out = child.wait_with_output().unwrap();
                if !status.success() {
                    failures.push(format!("{command}: {status}\n{}", String::from_utf8_lossy(&out.stderr)));
                }
                break;
            }
            if start.elapsed() > COMMAND_LIMIT {
                let _ = child.kill();
                let _ = child.wait();
                failures.push(format!("{command}: still running after {COMMAND_LIMIT:?}"));
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "README commands failed:\n{}", failures.join("\n"));
}

#[test]
fn readme_is_short() {
    let size = readme().len();
    assert!(size < README_LIMIT, "README.md is {size} bytes, the limit {README_LIMIT}: move detail to docs/");
}

#[test]
fn readme_keeps_the_set_up_commands_ci_runs() {
    let readme = readme();
    let blocks = fenced_shell_blocks(&readme);
    let lines: HashSet<&str> = blocks.iter().flatten().map(|l| l.trim()).collect();
    assert!(lines.contains("cargo run --release"), "README: the build-and-run command");
    // .ci/run ends with the README's test command, word for word.
    let ci = std::fs::read_to_string(root().join(".ci/run")).expect(".ci/run");
    let test_command = ci.lines().rev().find(|l| !l.trim().is_empty()).unwrap().trim();
    assert_eq!(test_command, "cargo test --workspace --profile ci");
    assert!(lines.contains(test_command), "README lacks {test_command:?} in a shell block");
}

/// GitHub's anchor for a heading: lower case, punctuation dropped (letters,
/// digits, `-` and `_` kept), each space a `-`; repeats get `-1`, `-2`, ...
fn anchors(markdown: &str) -> HashSet<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = HashSet::new();
    let mut in_fence = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence || !line.starts_with('#') {
            continue;
        }
        let text = line.trim_start_matches('#');
        if !text.starts_with(' ') {
            continue;
        }
        let slug: String = text
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let n = seen.entry(slug.clone()).or_insert(0);
        out.insert(if *n == 0 { slug.clone() } else { format!("{slug}-{n}") });
        *n += 1;
    }
    out
}

/// The targets of the inline links and images of a Markdown text, outside
/// code blocks and code spans.
fn link_targets(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_fence = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        // Drop code spans.
        let mut text = String::new();
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 0 {
                text.push_str(part);
            }
        }
        let mut rest = text.as_str();
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(end) = after.find(')') else { break };
            out.push(after[..end].trim().to_string());
            rest = &after[end..];
        }
    }
    out
}

fn check_links(file: &Path, failures: &mut Vec<String>) {
    let text = std::fs::read_to_string(file).unwrap();
    let dir = file.parent().unwrap();
    for target in link_targets(&text) {
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (path, fragment) = match target.split_once('#') {
            Some((p, f)) => (p, Some(f)),
            None => (target.as_str(), None),
        };
        let linked = if path.is_empty() { file.to_path_buf() } else { dir.join(path) };
        if !linked.exists() {
            failures.push(format!("{}: {target}: no such file", file.display()));
            continue;
        }
        if let Some(fragment) = fragment
            && linked.extension().is_some_and(|e| e == "md")
        {
            let headings = anchors(&std::fs::read_to_string(&linked).unwrap());
            if !headings.contains(fragment) {
                failures.push(format!("{}: {target}: no such heading", file.display()));
            }
        }
    }
}

#[test]
fn readme_and_docs_links_resolve() {
    let root = root();
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    let mut failures = Vec::new();
    for file in &files {
        check_links(file, &mut failures);
    }
    assert!(failures.is_empty(), "broken links:\n{}", failures.join("\n"));
    // The README links what moved out of it.
    let targets = link_targets(&readme());
    for doc in ["docs/uci.md", "docs/tools.md", "docs/training.md", "docs/nnue.md", "docs/strength.md"] {
        assert!(targets.iter().any(|t| t.starts_with(doc)), "README does not link {doc}");
    }
}

#[test]
fn the_rules_pick_the_right_lines() {
    let md = "```sh\ncargo run --release\ntarget/release/rockad frc 518\nrockad bench   # quick\n\
              target/release/rockad analyse --frc 0-959 \\\n    --depth 12   # slow: all\n```\n\
              ```text\nrockad perft 9\n```\nrockad --help\n";
    assert_eq!(runnable_commands(md), ["target/release/rockad frc 518", "rockad bench   # quick"]);
    assert_eq!(link_targets("[a](x.md#b) `[c](d)` ![e](f.svg)"), ["x.md#b", "f.svg"]);
    let a = anchors("# Rockad's strength\n## Net #14 (issue 26): A, 10+0.1 — met\n## X\n## X\n");
    for want in ["rockads-strength", "net-14-issue-26-a-1001--met", "x", "x-1"] {
        assert!(a.contains(want), "{want}: {a:?}");
    }
}
