//! The logic commands (`hint`, `steps`, `rate`, `techniques`) run as a user would, checked
//! against the puzzles' solutions and the engine's own answers.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/cli.rs"]
mod common;

use common::run_text as run;
use serde_json::Value;
use sudoku_lab::engine::format::parse;
use sudoku_lab::engine::logic::{self, Marks};
use sudoku_lab::engine::{Digit, Formulation, Grid, Pos, Size, SolveOptions, Verdict, solve};

/// Standard output of a run that must succeed.
fn ok(args: &[&str], stdin: &str) -> String {
    let (out, err, code) = run(args, stdin);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// Solved by singles (tdoku's first test puzzle).
const EASY: &str =
    ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4";
/// One solution, but the techniques get stuck after one step (first of the forum's hardest).
const STUCK: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
/// Its rating uses a unique rectangle (magictour top1465, puzzle 16).
const UR: &str =
    "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........";
/// Several solutions, and no single to start with.
const OPEN_4X4: &str = "1...............";
const NO_SOLUTION_4X4: &str = "123....4........";

/// The generated 9x9 and 16x16 puzzles of the shared fixture.
fn generated() -> Vec<String> {
    include_str!("fixtures/generated.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0] == "3" || f[0] == "4").then(|| f[2].to_string())
        })
        .collect()
}

fn solution(puzzle: &Grid) -> Grid {
    let r = solve(puzzle, Formulation::Propagation, &SolveOptions::default()).unwrap();
    assert_eq!(r.verdict(), Verdict::Unique);
    r.solutions[0].clone()
}

/// A digit in a cell.
type Cand = (Pos, Digit);

/// `r13c5` and a digit, from `r13c5=7` or `r13c5<>7`.
fn cand(item: &str, sep: &str) -> Cand {
    let (cell, digit) = item.split_once(sep).unwrap_or_else(|| panic!("{item}"));
    let (r, c) = cell[1..].split_once('c').unwrap();
    let pos = Pos::new(
        r.parse::<usize>().unwrap() - 1,
        c.parse::<usize>().unwrap() - 1,
    );
    (pos, Digit::new(digit.parse().unwrap(), 49).unwrap())
}

/// Checks a JSON step's shape and that it agrees with `solution`; returns its placements and
/// eliminations.
fn checked_step(step: &Value, solution: &Grid) -> (Vec<Cand>, Vec<Cand>) {
    let id = step["technique"].as_str().unwrap();
    let t = logic::Technique::from_id(id).unwrap_or_else(|| panic!("{step}"));
    assert_eq!(step["name"], t.name());
    assert_eq!(step["code"].as_str(), t.hodoku_code());
    let explanation = step["explanation"].as_str().unwrap();
    assert!(explanation.starts_with(t.name()), "{step}");
    let items = |key: &str, sep: &str| -> Vec<Cand> {
        let list = step[key].as_array().unwrap_or_else(|| panic!("{step}"));
        list.iter()
            .map(|v| cand(v.as_str().unwrap(), sep))
            .collect()
    };
    let placed = items("placements", "=");
    let removed = items("eliminations", "<>");
    assert!(!placed.is_empty() || !removed.is_empty(), "{step}");
    for &(p, d) in &placed {
        assert_eq!(solution.digit(p), Some(d), "wrong digit: {explanation}");
    }
    for &(p, d) in &removed {
        assert_ne!(
            solution.digit(p),
            Some(d),
            "solution removed: {explanation}"
        );
    }
    (placed, removed)
}

fn json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn steps_and_hints_agree_with_the_solution_at_9x9_and_16x16() {
    let puzzles = generated();
    assert!(puzzles.iter().any(|p| p.len() == 256), "a 16x16 puzzle");
    let input = puzzles.join("\n");
    let logs = json_lines(&ok(&["steps", "--json"], &input));
    let hints = json_lines(&ok(&["hint", "--json"], &input));
    assert_eq!((logs.len(), hints.len()), (puzzles.len(), puzzles.len()));
    for ((puzzle, log), hint) in puzzles.iter().zip(&logs).zip(&hints) {
        let solution = solution(&parse(puzzle).unwrap().puzzle);
        let steps = log["steps"].as_array().unwrap();
        for step in steps {
            checked_step(step, &solution);
        }
        // Generated puzzles may need guessing; either way the log says how it ended.
        match log["status"].as_str().unwrap() {
            "solved" => assert!(log.get("remaining").is_none(), "{log}"),
            "stuck" => assert!(!log["remaining"].as_array().unwrap().is_empty()),
            other => panic!("{other}: {log}"),
        }
        // The hint is the log's first step.
        assert_eq!(hint["status"], "step", "{hint}");
        assert_eq!(hint["steps"].as_array().unwrap().len(), 1);
        assert_eq!(hint["steps"][0], steps[0]);
    }
    // In words: a numbered block per puzzle, ending as the JSON says, then a blank line.
    let text = ok(&["steps"], &input);
    let blocks: Vec<&str> = text.split_terminator("\n\n").collect();
    assert_eq!(blocks.len(), puzzles.len(), "{text}");
    for (block, log) in blocks.iter().zip(&logs) {
        let lines: Vec<&str> = block.lines().collect();
        let steps = log["steps"].as_array().unwrap();
        assert_eq!(lines.len(), steps.len() + 1, "{block}");
        for (i, (line, step)) in lines.iter().zip(steps).enumerate() {
            let want = format!("{}. {}", i + 1, step["explanation"].as_str().unwrap());
            assert_eq!(*line, want);
        }
        let end = lines.last().unwrap();
        match log["status"].as_str().unwrap() {
            "solved" => assert_eq!(*end, "solved"),
            _ => assert!(end.starts_with("stuck: needs guessing; left: r"), "{end}"),
        }
        // Words write a digit as the grid does: one character each up to 25x25.
        for listed in end.split('(').skip(1) {
            let inside = listed.split(')').next().unwrap();
            assert!(inside.split(',').all(|d| d.len() == 1), "{end}");
        }
    }
    // At 16x16 a placed 10 to 16 is said as the letter the grid shows, A to G.
    let mut lettered = 0;
    for log in &logs {
        for step in log["steps"].as_array().unwrap() {
            let said = step["explanation"].as_str().unwrap();
            for placed in step["placements"].as_array().unwrap() {
                let (cell, value) = placed.as_str().unwrap().split_once('=').unwrap();
                let value: u8 = value.parse().unwrap();
                if value < 10 {
                    continue;
                }
                lettered += 1;
                let letter = char::from(b'A' + value - 10).to_string();
                let words: Vec<&str> = said.split(|c: char| !c.is_alphanumeric()).collect();
                assert!(words.contains(&letter.as_str()), "{cell}={value}: {said}");
            }
        }
    }
    assert!(lettered > 0, "a 16x16 step places 10 to 16");
}

/// The state after a JSON step's placements and eliminations.
fn apply(marks: &mut Marks, step: &Value, solution: &Grid) {
    let (placed, removed) = checked_step(step, solution);
    let size = marks.size();
    for (p, d) in placed {
        marks.place(p.index(size), d);
    }
    for (p, d) in removed {
        marks.eliminate(p.index(size), d.index());
    }
}

#[test]
fn hints_taken_one_at_a_time_from_saved_marks_retrace_the_whole_solution() {
    // Each state is written out, alternately as marks text and as a HoDoKu line, and read
    // back by `hint`: the hints are the steps of `steps`, and each agrees with the solution.
    let puzzle = parse(UR).unwrap().puzzle;
    let solution = solution(&puzzle);
    let log = json_lines(&ok(&["steps", "--json"], UR)).remove(0);
    assert_eq!(log["status"], "solved");
    let mut marks = Marks::from_grid(&puzzle);
    for (i, step) in log["steps"].as_array().unwrap().iter().enumerate() {
        let state = if i % 2 == 0 {
            marks.to_text()
        } else {
            marks.to_library().unwrap()
        };
        let hint = json_lines(&ok(&["hint", "--json"], &state)).remove(0);
        assert_eq!(hint["steps"][0], *step, "step {}: {state}", i + 1);
        apply(&mut marks, step, &solution);
    }
    assert!(marks.is_solved());
    assert_eq!(ok(&["hint"], &marks.to_text()), "solved\n");
}

/// The pencil-mark state and solution of one technique fixture.
fn fixture(size: &str, technique: &str) -> (String, Grid) {
    let path = format!("tests/fixtures/logic/{size}/{technique}.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let state: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != "state:")
        .skip(1)
        .take_while(|l| !l.starts_with("expect:"))
        .collect();
    let values: Vec<u8> = text
        .lines()
        .find_map(|l| l.strip_prefix("solution: "))
        .unwrap()
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    let size = Size::from_cells(values.len()).unwrap();
    (state.join("\n"), Grid::from_values(size, &values).unwrap())
}

#[test]
fn technique_all_lists_every_instance_and_each_agrees_with_the_solution() {
    for size in ["9x9", "16x16"] {
        let dir = format!("tests/fixtures/logic/{size}");
        let mut seen = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            let id = name.strip_suffix(".txt").unwrap();
            let (state, solution) = fixture(size, id);
            let args = ["hint", "--technique", id, "--all", "--json"];
            let found = json_lines(&ok(&args, &state)).remove(0);
            assert_eq!(found["status"], "step", "{size} {id}: {found}");
            let steps = found["steps"].as_array().unwrap();
            for step in steps {
                assert_eq!(step["technique"], id);
                checked_step(step, &solution);
            }
            // In words: one line per instance, then the blank line that ends the state.
            let text = ok(&["hint", "--technique", id, "--all"], &state);
            assert_eq!(text.lines().count(), steps.len() + 1, "{text}");
            assert!(text.ends_with("\n\n"), "{text}");
            // Without --all, the first of them.
            let first = json_lines(&ok(&["hint", "--technique", id, "--json"], &state)).remove(0);
            assert_eq!(first["steps"].as_array().unwrap().len(), 1);
            checked_step(&first["steps"][0], &solution);
            // The easiest step there is agrees with the solution too.
            let next = json_lines(&ok(&["hint", "--json"], &state)).remove(0);
            checked_step(&next["steps"][0], &solution);
            seen += 1;
        }
        assert!(seen >= 30, "{size}: {seen} fixtures");
    }
}

#[test]
fn technique_names_and_instances_in_words() {
    let (state, _) = fixture("9x9", "x-wing");
    let want =
        "X-Wing on 9 in rows 1 and 4, columns 6 and 8: 9 removed from r2c6, r2c8, r3c6, r3c8";
    // By id, by name in any case.
    for name in ["x-wing", "X-Wing", "X-WING"] {
        let out = ok(&["hint", "--technique", name, "--all"], &state);
        assert_eq!(out, format!("{want}\n\n"), "{name}");
    }
    // Nothing found is said, in the block's place.
    let out = ok(&["hint", "--technique", "jellyfish", "--all"], &state);
    assert_eq!(out, "none: no Jellyfish here\n\n");
    let none = json_lines(&ok(&["hint", "--technique", "jellyfish", "--json"], &state));
    assert_eq!(none[0]["status"], "none");
    assert_eq!(none[0]["steps"], serde_json::json!([]));
    // Uniqueness techniques need givens proven to have one solution.
    let out = ok(&["hint", "--technique", "ur-1"], OPEN_4X4);
    assert_eq!(
        out,
        "none: Unique rectangle type 1 needs givens proven to have one solution\n"
    );
}

/// The X-Wing fixture's state as HoDoKu's library line: placed digits after '+', candidates
/// no filled peer rules out listed as deleted (digit, row, column).
const HODOKU_X_WING: &str = ":0300:9:+16+7+85.4.3.2+41........+4..7.+14+53+7+1.6.+27.+25.......\
+62.........8..5.6...4.+2.........1.:521 821 629 838 956 857 957 858 958 459 966 867 967 868 968 \
469 869 969 172 372 972 376 676 976 779 979 182 782 883 983 386 786 986 888 988 392 892 992 395 \
695 995 396 696 996 799 899 999::";

#[test]
fn a_hodoku_line_with_a_code_hodoku_does_not_have_is_refused() {
    let known = run(&["hint", "--technique", "x-wing"], HODOKU_X_WING);
    assert_eq!(known.2, 0, "{}", known.1);
    // A code HoDoKu has, of a technique the engine lacks (a Franken X-Wing), reads too: the
    // line is read for its state.
    let franken = HODOKU_X_WING.replacen(":0300:", ":0330:", 1);
    assert_eq!(run(&["hint", "--technique", "x-wing"], &franken), known);
    let input = format!(
        "{OPEN_4X4}\n{}\n",
        HODOKU_X_WING.replacen(":0300:", ":9999:", 1)
    );
    for args in [&["hint"][..], &["steps"], &["hint", "--json"]] {
        let (out, err, code) = run(args, &input);
        let last = out.lines().rfind(|l| !l.is_empty()).unwrap_or("");
        assert!(last.contains("invalid") && code == 1, "{args:?}: {out}");
        assert!(
            err.contains("line 2: HoDoKu code `9999` is not one of HoDoKu's technique codes"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_title_over_marks_text_is_passed_over() {
    let (state, _) = fixture("9x9", "x-wing");
    let plain = run(&["hint"], &state);
    assert_eq!(plain.2, 0, "{}", plain.1);
    for args in [&["hint"][..], &["steps", "--json"]] {
        let alone = run(args, &state);
        let (out, err, code) = run(args, &format!("Position 1\n{state}\nafter X-Wing\n"));
        assert_eq!((out, code), (alone.0, 0), "{args:?}: {err}");
        assert!(
            err.contains("line 1: skipped \"Position 1\": a title or a note"),
            "{err}"
        );
    }
}

#[test]
fn hint_reads_hodoku_lines_and_marks_text_beside_puzzles() {
    let (x_wing_9, _) = fixture("9x9", "x-wing");
    let (x_wing_16, _) = fixture("16x16", "x-wing");
    let input = format!(
        "# a puzzle, a HoDoKu line, two marks states and a puzzle\n{OPEN_4X4}\n{HODOKU_X_WING}\n\n\
         {x_wing_9}\n\n# the 16x16 one\n{x_wing_16}\n\n{OPEN_4X4}\n"
    );
    let (out, err, code) = run(&["hint", "--technique", "x-wing"], &input);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0], "none: no X-Wing here");
    assert!(lines[1].starts_with("X-Wing on 9 in rows 1 and 4"), "{out}");
    assert_eq!(lines[1], lines[2], "the HoDoKu line is the marks state");
    assert!(
        lines[3].starts_with("X-Wing on A in rows 4 and 11"),
        "{out}"
    );
    assert_eq!(lines[4], "none: no X-Wing here");
    // Marks states one per line, a block of them.
    let (state, _) = fixture("9x9", "naked-single");
    let one_line = state.split_whitespace().collect::<Vec<_>>().join(" ");
    let out = ok(&["hint"], &format!("{one_line}\n{one_line}\n"));
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.starts_with("Naked single: "), "{out}");
    // A JSON board's solved digits count as placed.
    let board = r#"{"dim":2,"fixed":{"1":{"1":1}},"solved":{"1":{"2":2,"3":3}}}"#;
    let out = ok(&["hint"], board);
    assert!(
        out.starts_with("Full house: r1c4 is the last empty cell"),
        "{out}"
    );
}

#[test]
fn stuck_no_solution_and_off_track_are_said_with_what_is_left() {
    // One solution, stuck after a hidden single: what is left holds the solution.
    let solution = solution(&parse(STUCK).unwrap().puzzle);
    let out = ok(&["steps"], STUCK);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "1. Hidden single: 2 fits only r2c9 in box 3");
    let left = lines[1]
        .strip_prefix("stuck: needs guessing; left: ")
        .unwrap();
    let empty = STUCK.matches('.').count() - 1;
    assert_eq!(left.split(' ').count(), empty, "{left}");
    for item in left.split(' ') {
        let (cell, cands) = item.split_once('(').unwrap();
        let (p, _) = cand(&format!("{cell}=1"), "=");
        let d = solution.digit(p).unwrap().to_string();
        assert!(
            cands.trim_end_matches(')').split(',').any(|c| c == d),
            "{item}"
        );
    }
    let log = json_lines(&ok(&["steps", "--json"], STUCK)).remove(0);
    assert_eq!(log["status"], "stuck");
    assert_eq!(log["remaining"].as_array().unwrap().len(), empty);
    assert_eq!(log["remaining"][0]["cell"], "r1c1");
    assert!(log["remaining"][0]["candidates"].as_array().unwrap().len() > 1);
    // Several solutions: stuck at once, and the reason is given.
    let out = ok(&["hint"], OPEN_4X4);
    assert!(
        out.starts_with(
            "stuck: needs guessing (the givens have several solutions); left: r1c2(2,3,4) "
        ),
        "{out}"
    );
    assert_eq!(ok(&["hint"], NO_SOLUTION_4X4), "no solution\n");
    assert_eq!(ok(&["steps"], NO_SOLUTION_4X4), "no solution\n\n");
    // A digit placed against the one solution.
    let mut wrong = Marks::from_grid(&parse(EASY).unwrap().puzzle);
    let p = Pos::new(0, 0);
    let other = (1..=9)
        .map(|d| Digit::new(d, 9).unwrap())
        .find(|&d| d != solution_of(EASY).digit(p).unwrap() && wrong.has(0, d.index()))
        .unwrap();
    wrong.place(0, other);
    let out = ok(&["hint"], &wrong.to_text());
    assert_eq!(
        out,
        format!("off track: r1c1 holds {other}, not the solution's digit\n")
    );
    // A placed digit that clashes with a clue is off track too, not "no solution": the clues
    // still have theirs. Placed digits that clash where there are several solutions are not.
    let mut clashing = Marks::from_grid(&parse(EASY).unwrap().puzzle);
    clashing.place(0, clashing.value(1).expect("r1c2 is a clue of EASY"));
    let out = ok(&["hint"], &clashing.to_text());
    assert!(out.starts_with("off track: r1c1 holds "), "{out}");
    let open = r#"{"dim":2,"fixed":{"1":{"1":1}},"solved":{"1":{"2":1}}}"#;
    let out = ok(&["hint"], open);
    assert!(
        out.starts_with("no solution: digit 1 appears twice"),
        "{out}"
    );
}

fn solution_of(puzzle: &str) -> Grid {
    solution(&parse(puzzle).unwrap().puzzle)
}

#[test]
fn rate_gives_level_score_hardest_and_steps_as_the_engine_does() {
    let sixteen = generated().into_iter().find(|p| p.len() == 256).unwrap();
    let puzzles = [EASY, UR, STUCK, &sixteen];
    let out = ok(&["rate"], &puzzles.join("\n"));
    let json = json_lines(&ok(&["rate", "--json"], &puzzles.join("\n")));
    for ((puzzle, line), j) in puzzles.iter().zip(out.lines()).zip(&json) {
        let r = logic::rate(&parse(puzzle).unwrap().puzzle, true);
        assert_eq!(j["score"], r.score, "{line}");
        assert_eq!(j["steps"], r.steps as u64, "{line}");
        assert_eq!(j["solutions"], "one");
        match r.level {
            Some(level) => {
                let hardest = r.hardest.unwrap();
                assert_eq!(j["level"], level.id());
                assert_eq!(j["hardest"], hardest.id());
                assert_eq!(j["outcome"], "solved");
                let head = format!("{level}, score ");
                assert!(line.starts_with(&head), "{line}");
                let tail = format!(", hardest {}, {} steps; one solution: ", hardest, r.steps);
                assert!(line.contains(&tail), "{line}");
            }
            None => {
                assert_eq!((j["level"].is_null(), j["hardest"].is_null()), (true, true));
                assert_eq!(j["outcome"], "stuck");
                let head = format!("needs guessing, stuck after {} step", r.steps);
                assert!(line.starts_with(&head), "{line}");
            }
        }
    }
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("Easy, "), "{out}");
    assert!(lines[0].ends_with("; one solution: uniqueness techniques allowed, none used"));
    assert!(
        lines[1].ends_with(", used Unique rectangle type 4"),
        "{out}"
    );
    assert_eq!(json[1]["uniqueness_used"], serde_json::json!(["ur-4"]));
    assert!(
        lines[2].starts_with("needs guessing, stuck after 1 step;"),
        "{out}"
    );
    // Several solutions: no uniqueness techniques; none: no rating.
    let out = ok(&["rate"], &format!("{OPEN_4X4}\n{NO_SOLUTION_4X4}\n"));
    assert_eq!(
        out,
        "needs guessing, stuck after 0 steps; several solutions: no uniqueness techniques\n\
         no solution\n"
    );
    let json = json_lines(&ok(&["rate", "--json"], NO_SOLUTION_4X4));
    assert_eq!(json[0]["solutions"], "none");
    assert_eq!(json[0]["outcome"], "no solution");
}

#[test]
fn techniques_lists_the_registry() {
    let out = ok(&["techniques"], "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), logic::Technique::ALL.len());
    let json = json_lines(&ok(&["techniques", "--json"], ""));
    for ((t, line), j) in logic::Technique::ALL.iter().zip(&lines).zip(&json) {
        let cols: Vec<&str> = line
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        let code = t.hodoku_code().unwrap_or("-");
        let score = t.score().to_string();
        assert_eq!(cols, [t.id(), t.name(), t.level().name(), &score, code]);
        assert_eq!(j["technique"], t.id());
        assert_eq!(j["name"], t.name());
        assert_eq!(j["level"], t.level().id());
        assert_eq!(j["score"], t.score());
        assert_eq!(j["code"].as_str(), t.hodoku_code());
        assert_eq!(j["needs_uniqueness"], t.needs_uniqueness());
        // Each name is one --technique takes.
        let (_, err, code) = run(&["hint", "--technique", t.id()], OPEN_4X4);
        assert_eq!(code, 0, "{err}");
    }
}

#[test]
fn bad_input_gets_precise_errors_and_exit_codes() {
    let (state, _) = fixture("9x9", "x-wing");
    let bad_token = state.replacen("(3,9)", "(3,x)", 1);
    let clash = state.replacen("4 +5 3", "4 +5 4", 1);
    let input = format!(
        "{EASY}\n..*.............\n\n{bad_token}\n\n:0000:x:123\n:0000:x:{}x:\n\n{clash}\n",
        &EASY[..80]
    );
    let (out, err, code) = run(&["hint"], &input);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert!(lines[0].starts_with("Naked single"), "{out}");
    assert_eq!(&lines[1..], ["invalid"; 5]);
    for said in [
        "line 2: row 1, column 3: '*' is not a digit or blank",
        "line 4: row 2, column 1: `(3,x)` is not a digit, +digit or candidate list like (1-3,7)",
        "line 14: a HoDoKu line has at least 4 fields",
        "line 15: HoDoKu cell field: `x` at character 81",
        "line 17: contradictory givens: digit 4 appears twice in a row: r4c1 and r4c3",
    ] {
        assert!(err.contains(said), "{said}: {err}");
    }
    // Every puzzle answered, stuck or not: 0.
    let (_, _, code) = run(&["steps"], &format!("{STUCK}\n{NO_SOLUTION_4X4}\n"));
    assert_eq!(code, 0);
    for command in ["hint", "steps", "rate"] {
        let (out, err, code) = run(&[command], "# nothing\n\n");
        assert_eq!((out.as_str(), code), ("", 1));
        assert!(err.contains("no puzzle in the input"), "{err}");
        let (out, err, code) = run(&[command, "no/such/file.txt"], "");
        assert_eq!((out.as_str(), code), ("", 2));
        assert!(
            err.starts_with("error: cannot read no/such/file.txt"),
            "{err}"
        );
    }
    for (args, said) in [
        (vec!["hint", "--all"], "--technique <NAME>"),
        (
            vec!["hint", "--technique", "x-wings"],
            "invalid value 'x-wings'",
        ),
        (vec!["techniques", "-"], "unexpected argument '-'"),
        (
            vec!["rate", "--technique", "x-wing"],
            "--technique is an option of hint",
        ),
    ] {
        let (out, err, code) = run(&args, EASY);
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
}
