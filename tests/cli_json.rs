//! `--json` answers: every line of the output is a JSON value, whatever became of its puzzle,
//! and a model written to a file never holds a placeholder.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/cli.rs"]
mod common;

use common::run_text as run;
use serde_json::Value;

const FIXTURE: &str = "tests/fixtures/mixed.txt";

/// The fixture's answers as JSON values, one per puzzle, with the exit status.
fn answers(args: &[&str]) -> (Vec<Value>, i32) {
    let (out, err, code) = run(args, "");
    let values = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {l:?}: {e}")))
        .collect();
    assert!(err.contains("line 5: row 1, column 3"), "{args:?}: {err}");
    (values, code)
}

fn status(v: &Value) -> Option<&str> {
    v.get("status").and_then(Value::as_str)
}

#[test]
fn solve_answers_every_puzzle_with_a_json_line() {
    let (values, code) = answers(&["solve", "--json", FIXTURE]);
    assert_eq!(code, 1);
    let statuses: Vec<Option<&str>> = values.iter().map(status).collect();
    for word in ["multiple solutions", "no solution", "invalid"] {
        assert!(statuses.contains(&Some(word)), "{word}: {statuses:?}");
    }
    let invalid = values.iter().find(|v| status(v) == Some("invalid"));
    let error = invalid.and_then(|v| v["error"].as_str()).unwrap_or("");
    assert!(error.contains("is not a digit or blank"), "{error}");
    // A unique solution is the grid itself, as `--json` always gave it.
    assert!(values.iter().any(|v| v.get("dim").is_some()));
    let (plain, _, _) = run(&["solve", FIXTURE], "");
    assert_eq!(plain.lines().count(), values.len());
}

#[test]
fn the_logic_commands_answer_a_bad_puzzle_with_a_json_line() {
    for command in ["rate", "hint", "steps"] {
        let (values, code) = answers(&[command, "--json", FIXTURE]);
        assert_eq!(code, 1, "{command}");
        assert!(
            values.iter().any(|v| status(v) == Some("invalid")),
            "{command}: {values:?}"
        );
    }
}

#[test]
fn export_of_a_puzzle_that_does_not_read_writes_no_model() {
    let (out, err, code) = run(&["export", "--format", "lp", "-"], "11..............\n");
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(err.contains("digit 1 appears twice"), "{err}");
}

#[test]
fn a_json_puzzle_cut_short_is_named_where_it_ends() {
    // One line on standard input, its line break after it: the end is on line 1, after the
    // last character, not at the start of a line 2 the text does not have.
    let cut = "{\"dim\":2,\"fixed\":{\"1\":{\"1\":1}}";
    for input in [format!("{cut}\n"), format!("{cut}\r\n\n"), cut.to_string()] {
        let (out, err, code) = run(&["solve", "-"], &input);
        assert_eq!((out.as_str(), code), ("invalid\n", 1), "{input:?}");
        assert!(
            err.contains("line 1: invalid JSON at line 1, column 31: EOF while parsing"),
            "{input:?}: {err}"
        );
    }
    // Across lines, the end is on the last line that has text.
    let (_, err, _) = run(&["count", "-"], "{\"dim\":2,\n \"fixed\":{\n\n");
    assert!(err.contains("at line 2, column 11: EOF"), "{err}");
    // Any other error is where the reader found it.
    let (_, err, _) = run(&["solve", "-"], "{\"dim\":2,}\n");
    assert!(
        err.contains("at line 1, column 10: trailing comma"),
        "{err}"
    );
}

#[test]
fn json_positions_count_characters_on_a_line_with_non_ascii_text() {
    // "Größe" is five characters and seven bytes: every column is in characters.
    let title = "{\"title\":\"Größe\",";
    let cut = format!("{title}\"dim\":2,\"fixed\":{{\"1\":{{\"1\":1}}}}");
    let (_, err, _) = run(&["solve", "-"], &format!("{cut}\n"));
    let end = cut.chars().count() + 1;
    assert!(
        err.contains(&format!("at line 1, column {end}: EOF while parsing")),
        "{err}"
    );
    // The trailing comma's brace is the 26th character (the 28th byte).
    let (_, err, _) = run(&["solve", "-"], &format!("{title}\"dim\":2,}}\n"));
    assert!(
        err.contains("at line 1, column 26: trailing comma"),
        "{err}"
    );
    // On a later line of a document, the column is counted on that line.
    let (_, err, _) = run(&["count", "-"], "{\"dim\":2,\n \"ü\":1, x}\n");
    assert!(
        err.contains("at line 2, column 9: key must be a string"),
        "{err}"
    );
}

#[test]
fn documents_over_several_lines_between_blank_lines_are_each_a_puzzle() {
    let pretty = "{\n  \"dim\": 2,\n  \"fixed\": {\n    \"1\": {\"1\": 1}\n  }\n}\n";
    let (one, _, _) = run(&["count", "-"], pretty);
    assert_eq!(one, "72\n");
    // Two documents, as a pretty-printer writes them, and one before a puzzle line.
    let (out, err, code) = run(&["count", "-"], &format!("{pretty}\n{pretty}"));
    assert_eq!((out.as_str(), code), ("72\n72\n", 0), "{err}");
    let (out, err, code) = run(&["count", "-"], &format!("{pretty}\n1...............\n"));
    assert_eq!((out.as_str(), code), ("72\n72\n", 0), "{err}");
    // One document with an error is still one error, named in the document, also before
    // others: its lines are not puzzles each.
    let broken = pretty.replace("\"dim\": 2,", "\"dim\": 2");
    for text in [broken.clone(), format!("{broken}\n{pretty}")] {
        let (out, err, code) = run(&["count", "-"], &text);
        assert_eq!((out.as_str(), code), ("invalid\n", 1), "{err}");
        assert!(
            err.contains("line 1: invalid JSON at line 3, column 3"),
            "{err}"
        );
    }
}

#[test]
fn a_torn_document_after_a_good_one_is_never_passed_over() {
    let pretty = "{\n  \"dim\": 2,\n  \"fixed\": {\n    \"1\": {\"1\": 1}\n  }\n}\n";
    // The second document lost its opening brace: its key lines are no titles to skip.
    for torn in [
        "  \"dim\": 2,\n  \"fixed\": {\"1\": {\"2\": 1}}\n",
        "  \"dim\": 2, \"fixed\": {\"1\": {\"2\": 1}}}\n",
        "  \"dim\": 2,\n  \"fixed\": {\"1\": {\"2\": 1}}\n}\n",
    ] {
        let (out, err, code) = run(&["count", "-"], &format!("{pretty}\n{torn}"));
        assert_eq!(code, 1, "{torn:?}: {out} {err}");
        assert!(out.contains("invalid"), "{torn:?}: {out}");
        assert!(!err.contains("skipped"), "{torn:?}: {err}");
    }
}

#[test]
fn a_document_that_reads_with_a_mistake_is_answered_on_its_own() {
    let pretty = "{\n  \"dim\": 2,\n  \"fixed\": {\n    \"1\": {\"1\": 1}\n  }\n}\n";
    // An unknown key and a clash: the good document keeps its answer.
    for (bad, why) in [
        ("{\n  \"dim\": 2,\n  \"note\": \"x\"\n}\n", "note"),
        (
            "{\n  \"dim\": 2,\n  \"fixed\": {\"1\": {\"1\": 1, \"2\": 1}}\n}\n",
            "1",
        ),
    ] {
        let (out, err, code) = run(&["count", "-"], &format!("{pretty}\n{bad}"));
        assert_eq!((out.as_str(), code), ("72\ninvalid\n", 1), "{bad:?}: {err}");
        assert!(
            err.contains("line 8:") && err.contains(why),
            "{bad:?}: {err}"
        );
        assert!(!err.contains("trailing characters"), "{bad:?}: {err}");
    }
}

#[test]
fn documents_back_to_back_are_each_a_puzzle() {
    let pretty = "{\n  \"dim\": 2,\n  \"fixed\": {\n    \"1\": {\"1\": 1}\n  }\n}\n";
    let clash = pretty.replace("{\"1\": 1}", "{\"1\": 1, \"2\": 1}");
    let (out, err, code) = run(&["count", "-"], &format!("{pretty}{pretty}{clash}"));
    assert_eq!((out.as_str(), code), ("72\n72\ninvalid\n", 1), "{err}");
    assert!(err.contains("line 13:"), "{err}");
    // One broken among them is still one error for the whole text.
    let broken = pretty.replace("\"dim\": 2,", "\"dim\": 2");
    let (out, _, code) = run(&["count", "-"], &format!("{pretty}{broken}"));
    assert_eq!((out.as_str(), code), ("invalid\n", 1));
}

#[test]
fn a_pretty_document_among_one_line_documents_is_one_puzzle() {
    let pretty = "{\n  \"dim\": 2,\n  \"fixed\": {\n    \"1\": {\"2\": 3}\n  }\n}\n";
    let line = "{\"dim\":2,\"fixed\":{\"1\":{\"1\":1}}}\n";
    // Either order, with or without a blank line between them.
    for text in [
        format!("{line}\n{pretty}"),
        format!("{pretty}\n{line}"),
        format!("{pretty}{line}"),
        format!("{line}{line}\n{pretty}\n{line}"),
    ] {
        let (out, err, code) = run(&["count", "-"], &text);
        let n = text.matches("\"dim\"").count();
        assert_eq!((out, code), ("72\n".repeat(n), 0), "{text:?}: {err}");
    }
    // Among comments, placeholders and lines of other puzzles, each still gets its answer.
    let nine = "1".to_string() + &".".repeat(80);
    let (l, p) = ("1...............", ".3..............");
    for (text, lines) in [
        (format!("# my puzzles\n{line}{pretty}"), vec![l, p]),
        (format!("{line}invalid\n{pretty}"), vec![l, "invalid", p]),
        (format!("{line}{nine}\n{pretty}"), vec![l, &nine, p]),
        (format!("{pretty}\u{feff}{line}# c\n{line}"), vec![p, l, l]),
    ] {
        let (out, err, _) = run(&["convert", "--to", "line", "-"], &text);
        assert_eq!(out.lines().collect::<Vec<_>>(), lines, "{text:?}: {err}");
    }
    // Documents that share a line (`cat` of files without a final line break), a line of
    // keys cut short among them, and text after a one-line document: each line its answer.
    let cut = "{\"dim\":2,\"fixed\":{\"1\n";
    let pretty_end = pretty.trim_end();
    for (text, lines) in [
        (format!("{}{line}", line.trim_end()), vec![l, l]),
        (format!("{pretty_end}{line}"), vec![p, l]),
        (format!("{pretty}{}{line}", line.trim_end()), vec![p, l, l]),
        (
            format!("{line}{cut}{line}{pretty}"),
            vec![l, "invalid", l, p],
        ),
        (
            format!("{line}{pretty}{} x\n", line.trim_end()),
            vec![l, p, "invalid"],
        ),
        (
            format!("{line}{{\"di\n{line}{pretty}"),
            vec![l, "invalid", l, p],
        ),
        // A layout over several lines after a document is one puzzle.
        (
            format!("{pretty}\n1 . | . .\n. . | . .\n----+----\n. . | . .\n. . | . .\n"),
            vec![p, l],
        ),
    ] {
        let (out, err, _) = run(&["convert", "--to", "line", "-"], &text);
        assert_eq!(out.lines().collect::<Vec<_>>(), lines, "{text:?}: {err}");
    }
    // A broken one after a one-line document is one error, named where it breaks.
    let broken = pretty.replace("  }\n}\n", "  }\n");
    let (out, err, code) = run(&["count", "-"], &format!("{line}\n{broken}"));
    assert_eq!((out.as_str(), code), ("invalid\n", 1), "{err}");
    assert!(err.contains("line 3: invalid JSON at line 5"), "{err}");
    let (out, err, code) = run(&["count", "-"], &format!("{line}{pretty}{broken}"));
    assert_eq!((out.as_str(), code), ("invalid\n", 1), "{err}");
    assert!(err.contains("line 8: invalid JSON at line 5"), "{err}");
    // One-line documents with a line cut short among them are still answered line by line.
    let cut = "{\"dim\":2,\"fixed\":{\"1\":\n";
    let (out, _, code) = run(&["count", "-"], &format!("{line}{cut}{line}"));
    assert_eq!((out.as_str(), code), ("72\ninvalid\n72\n", 1));
}

#[test]
fn a_pretty_document_after_lines_that_are_no_json_is_one_puzzle() {
    let pretty = "{\n  \"dim\": 2,\n  \"fixed\": {\n    \"1\": {\"2\": 3}\n  }\n}\n";
    let line = "{\"dim\":2,\"fixed\":{\"1\":{\"1\":1}}}\n";
    let nine = "1".to_string() + &".".repeat(80);
    let (l, p) = ("1...............", ".3..............");
    // A 9x9 line, a placeholder or a comment first: the document is still one puzzle, also
    // with no blank line around it, and the lines after it keep theirs.
    let many = format!("{nine}\n").repeat(120);
    let mut long = vec![nine.as_str(); 120];
    long.push(p);
    for (text, lines) in [
        (format!("{nine}\n{pretty}"), vec![&*nine, p]),
        (format!("invalid\n{pretty}"), vec!["invalid", p]),
        (format!("# c\n{nine}\n{pretty}"), vec![&*nine, p]),
        (format!("{nine}\n{pretty}{nine}\n"), vec![&*nine, p, &*nine]),
        (
            format!("{nine}\n{pretty}{line}{line}"),
            vec![&*nine, p, l, l],
        ),
        // Past the lines that might be one grid, the text is read as it comes.
        (format!("{many}{pretty}"), long),
    ] {
        let (out, err, _) = run(&["convert", "--to", "line", "-"], &text);
        assert_eq!(out.lines().collect::<Vec<_>>(), lines, "{text:?}: {err}");
    }
    let (out, err, code) = run(&["count", "-"], &format!("{l}\n{pretty}"));
    assert_eq!((out.as_str(), code), ("72\n72\n", 0), "{err}");
}

#[test]
fn a_lone_brace_cut_short_is_a_line_of_its_own_wherever_the_documents_are() {
    let pretty = "{\n  \"dim\": 2,\n  \"fixed\": {\n    \"1\": {\"2\": 3}\n  }\n}\n";
    let line = "{\"dim\":2,\"fixed\":{\"1\":{\"1\":1}}}\n";
    let (l, p) = ("1...............", ".3..............");
    // As among one-line documents alone: a pretty document elsewhere changes nothing.
    for (text, lines, at) in [
        (format!("{line}{{\n{line}"), vec![l, "invalid", l], 2),
        (
            format!("{line}{{\n{line}{pretty}"),
            vec![l, "invalid", l, p],
            2,
        ),
        (format!("{line}{{\n\n{pretty}"), vec![l, "invalid", p], 2),
        (format!("{pretty}{line}{{\n"), vec![p, l, "invalid"], 8),
    ] {
        let (out, err, code) = run(&["convert", "--to", "line", "-"], &text);
        assert_eq!(out.lines().collect::<Vec<_>>(), lines, "{text:?}: {err}");
        assert_eq!(code, 1);
        let said = format!("line {at}: invalid JSON at line 1, column 2: EOF while parsing");
        assert!(err.contains(&said), "{text:?}: {err}");
    }
}

#[test]
fn a_torn_document_is_named_inside_it_not_where_the_next_begins() {
    let pretty = "{\n  \"dim\": 2,\n  \"fixed\": {\n    \"1\": {\"2\": 3}\n  }\n}\n";
    let line = "{\"dim\":2,\"fixed\":{\"1\":{\"1\":1}}}\n";
    let torn = "{\n  \"dim\": 2,\n";
    // Still one error for the whole text, at the end of the torn document's last line.
    for (text, at) in [
        (format!("{torn}{line}{line}"), 1),
        (format!("{line}{torn}{line}{pretty}"), 2),
        (format!("{torn}\n{pretty}"), 1),
        (format!("{pretty}{torn}{pretty}"), 7),
    ] {
        let (out, err, code) = run(&["count", "-"], &text);
        assert_eq!((out.as_str(), code), ("invalid\n", 1), "{text:?}: {err}");
        let said = format!("line {at}: invalid JSON at line 2, column 12: EOF while parsing");
        assert!(err.contains(&said), "{text:?}: {err}");
    }
    // A break inside the torn one is named where it is, as before.
    let broken = pretty.replace("\"dim\": 2,", "\"dim\": 2");
    let (_, err, _) = run(&["count", "-"], &format!("{broken}{line}"));
    assert!(
        err.contains("line 1: invalid JSON at line 3, column 3"),
        "{err}"
    );
}

#[test]
fn a_broken_document_after_lines_that_are_no_json_keeps_the_puzzles_after_it() {
    let nine = "1".to_string() + &".".repeat(80);
    let csv = format!(",1{}", ",0".repeat(80));
    let torn = "{\n  \"dim\": 2,\n";
    let typo = "{\n  \"dim\": 2\n  \"fixed\": {}\n}\n";
    // A number array's lines (the page's notes) go on with the document.
    let notes = "{\n  \"dim\": 3\n  \"notes\": {\"1\": {\"2\": [\n    1,\n    4\n  ]}}\n}\n";
    // The broken document is one invalid puzzle; the lines under it, even with no blank line
    // or a comment between, are puzzles as before.
    for (text, lines, said) in [
        (
            format!("{nine}\n{torn}{nine}\n{nine}\n"),
            vec![&*nine, "invalid", &*nine, &*nine],
            "line 2: invalid JSON at line 2, column 10: EOF while parsing",
        ),
        (
            format!("invalid\n{typo}{nine}\n# c\n{nine}\n{nine}\n"),
            vec!["invalid", "invalid", &*nine, &*nine, &*nine],
            "line 2: invalid JSON at line 3, column 1: expected `,` or `}`",
        ),
        (
            format!("{nine}\n{torn}{csv}\n{nine}\n"),
            vec![&*nine, "invalid", &*nine, &*nine],
            "line 2: invalid JSON at line 2, column 10: EOF while parsing",
        ),
        (
            format!("{nine}\n{notes}{nine}\n"),
            vec![&*nine, "invalid", &*nine],
            "line 2: invalid JSON at line 3, column 1: expected `,` or `}`",
        ),
    ] {
        let (out, err, code) = run(&["convert", "--to", "line", "-"], &text);
        let out: Vec<&str> = out.lines().collect();
        assert_eq!(out.len(), lines.len(), "{text:?}: {out:?} {err}");
        for (o, l) in out.iter().zip(&lines) {
            assert!(o.starts_with(l), "{text:?}: {out:?} {err}");
        }
        assert_eq!(code, 1);
        assert!(err.contains(said), "{text:?}: {err}");
    }
    // A document alone that breaks inside a number array is named where it breaks.
    let array = "{\n  \"dim\": 3,\n  \"fixed\": {},\n  \"notes\": {\"1\": {\"2\": [\n    1\n    4\n  ]}}\n}\n";
    let (_, err, _) = run(&["convert", "--to", "line", "-"], array);
    assert!(
        err.contains("line 1: invalid JSON at line 6, column 5: expected `,` or `]`"),
        "{err}"
    );
}
