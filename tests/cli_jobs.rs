//! `--jobs`: the same answers, remarks and exit status in the same order with one job or two,
//! for every command that takes it; and input answered as it arrives.

#![cfg(not(target_arch = "wasm32"))]

#[path = "common/cli.rs"]
mod common;

use common::run_text;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Runs `args` with `--jobs 1` and `--jobs 2` on `input` and checks the outcomes agree;
/// returns the standard output.
fn same_with_two_jobs(args: &[&str], input: &str) -> String {
    let with = |jobs: &str| {
        let mut all = args.to_vec();
        all.extend(["--jobs", jobs]);
        run_text(&all, input)
    };
    let one = with("1");
    let two = with("2");
    assert_eq!(one, two, "{args:?}");
    one.0
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture")
}

/// The puzzle column of `puzzle:count:solution` lines.
fn puzzles_of(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| format!("{}\n", l.split(':').next().unwrap_or_default()))
        .collect()
}

#[test]
fn every_command_answers_alike_with_one_job_and_two() {
    let conformance = puzzles_of(&fixture("conformance.txt"));
    let mixed = fixture("mixed.txt");
    let ratings: String = fixture("ratings-9x9.txt")
        .lines()
        .take(60)
        .map(|l| format!("{l}\n"))
        .collect();
    // Good and bad lines, layouts and comments between plain lines, many times over, so that
    // chunks of several sizes meet each kind.
    let mut long = String::new();
    for _ in 0..30 {
        long.push_str(&conformance);
        long.push_str(&mixed);
        long.push('\n');
    }
    let solved = same_with_two_jobs(&["solve"], &long);
    assert!(solved.lines().count() > 300, "{solved}");
    assert!(solved.contains("invalid") && solved.contains("multiple solutions"));
    same_with_two_jobs(&["solve", "--json"], &conformance);
    same_with_two_jobs(&["count", "--limit", "5"], &long);
    same_with_two_jobs(&["check"], &mixed);
    same_with_two_jobs(
        &["check", "--difficulty"],
        &conformance
            .lines()
            .take(12)
            .map(|l| format!("{l}\n"))
            .collect::<String>(),
    );
    same_with_two_jobs(&["rate"], &ratings);
    same_with_two_jobs(&["rate", "--json"], &mixed);
}

#[test]
fn generation_is_the_same_whatever_the_jobs() {
    let made = same_with_two_jobs(
        &["generate", "--box", "3", "--count", "8", "--seed", "77"],
        "",
    );
    assert_eq!(made.lines().count(), 8);
    // Puzzle i of a run is the puzzle of seed S+i alone.
    let fourth = run_text(
        &["generate", "--box", "3", "--seed", "80", "--jobs", "2"],
        "",
    )
    .0;
    assert_eq!(made.lines().nth(3), fourth.lines().next());
    same_with_two_jobs(
        &[
            "generate",
            "--box",
            "2",
            "--count",
            "40",
            "--seed",
            "1",
            "--symmetry",
            "central",
        ],
        "",
    );
    same_with_two_jobs(
        &[
            "generate",
            "--box",
            "3",
            "--count",
            "4",
            "--seed",
            "9",
            "--no-guess",
        ],
        "",
    );
}

#[test]
fn an_answer_comes_before_the_input_ends() {
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    for jobs in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-lab"))
            .args(["solve", "--jobs", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("binary runs");
        let mut input = child.stdin.take().expect("stdin");
        let mut output = BufReader::new(child.stdout.take().expect("stdout"));
        // More lines than a text that might be one grid, then one at a time.
        for _ in 0..120 {
            writeln!(input, "{puzzle}").expect("written");
        }
        input.flush().expect("flushed");
        let mut first = String::new();
        output.read_line(&mut first).expect("an answer");
        assert_eq!(first.trim().len(), 81, "{first}");
        drop(input);
        let rest: Vec<String> = output.lines().map(|l| l.expect("a line")).collect();
        assert_eq!(rest.len(), 119);
        assert!(child.wait().expect("ends").success());
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn the_shared_sets_answer_alike_with_one_job_and_two() {
    let dir = format!("{}/../shared/data", env!("CARGO_MANIFEST_DIR"));
    let sets = [
        "magictour_top1465.txt",
        "forum_hardest_1106.txt",
        "tdoku_test_puzzles.txt",
        "gecode_9x9.txt",
        "gecode_16x16.txt",
    ];
    for set in sets {
        let text = std::fs::read_to_string(format!("{dir}/{set}")).expect("a shared set");
        let solved = same_with_two_jobs(&["solve"], &text);
        assert!(!solved.is_empty(), "{set}");
        same_with_two_jobs(&["count", "--limit", "2"], &text);
    }
}
