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
