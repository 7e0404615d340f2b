//! Option values and messages that name what is wrong plainly.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/cli.rs"]
mod common;

use common::run_text as run;

#[test]
fn a_negative_number_is_refused_as_a_value_not_taken_for_an_option() {
    for (args, want) in [
        (
            &["solve", "--jobs", "-1", "-"][..],
            "'-1' for '--jobs <N>': it must be at least 1",
        ),
        (
            &["count", "--limit", "-3", "-"],
            "'-3' for '--limit <K>': it must be at least 1",
        ),
        (
            &["generate", "--box", "3", "--seed", "-1"],
            "'-1' for '--seed <S>': a whole number of 0 or more",
        ),
    ] {
        let (out, err, code) = run(args, "");
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("use '--"), "{args:?}: {err}");
    }
}

#[test]
fn seeds_never_wrap_past_the_largest() {
    let last = u64::MAX.to_string();
    let (out, err, code) = run(
        &["generate", "--box", "2", "--seed", &last, "--count", "2"],
        "",
    );
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.contains("the seeds would run past"), "{err}");
    let (out, _, code) = run(&["generate", "--box", "2", "--seed", &last], "");
    assert_eq!((out.lines().count(), code), (1, 0));
}

#[test]
fn control_characters_in_the_input_are_escaped_in_messages() {
    let (_, err, code) = run(&["solve", "-"], "1\u{1b}[31m..............\n");
    assert_eq!(code, 1);
    assert!(err.contains(r"'\u{1b}' is not a digit"), "{err}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
}

#[test]
fn a_json_box_size_names_the_sizes_that_exist() {
    let (_, err, _) = run(&["solve", "-"], "{\"dim\":9}\n");
    assert!(err.contains("an integer from 1 to 7"), "{err}");
}

#[test]
fn an_input_of_only_a_byte_order_mark_is_said_to_be_empty() {
    let dir = std::env::temp_dir().join(format!("sudoku-lab-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("marked.txt");
    for (text, empty) in [
        ("\u{feff}", true),
        ("\u{feff}\u{feff}", true),
        // After the mark, blank lines are what they are without it.
        ("\u{feff}\n\n", false),
    ] {
        std::fs::write(&file, text).expect("a file");
        let path = file.to_str().expect("a UTF-8 path");
        for command in [&["solve"][..], &["hint"], &["export", "--format", "lp"]] {
            for (source, name) in [("-", "standard input"), (path, path)] {
                let (out, err, code) = run(&[command, &[source]].concat(), text);
                assert_eq!((out.as_str(), code), ("", 1), "{text:?} {command:?}: {err}");
                let said = format!("error: no puzzle in the input: {name} is empty");
                assert_eq!(err.contains(&said), empty, "{text:?} {command:?}: {err}");
                assert!(err.contains("no puzzle in the input"), "{err}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
