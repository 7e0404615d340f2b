//! Hints: the area first, then the step, applied as one undo step; wrong digits, clashes and
//! notes that leave out the solution said before any step; the candidates a step reads.

#[path = "common/app.rs"]
mod app;

use app::*;
use sudoku_lab::app::advice::{self, Hint};
use sudoku_lab::app::state::{Action, Detail, Message, Notes};
use sudoku_lab::engine::{Digit, Entry, Grid};
use sudoku_lab::words::{PlayMessage, Wrong};

#[test]
fn a_hint_shows_the_area_then_the_step_and_applies_as_one_undo_step() {
    let s = hinted(playing());
    let Some(Hint::Step { step, .. }) = s.hints.current(&s.board).map(|h| h.hint.clone()) else {
        panic!("a step: {:?}", s.status);
    };
    assert!(matches!(
        s.status,
        Message::Play(PlayMessage::HintArea { .. })
    ));
    assert!(s.hints.can_reveal(&s.board));
    let view = s.hints.view(&s.board);
    assert!(!view.area.is_empty() && view.struck.is_empty() && view.placed.is_empty());

    let s = s.reduce(Action::RevealHint);
    assert_eq!(
        s.hints.current(&s.board).map(|h| h.detail),
        Some(Detail::Exact)
    );
    assert!(matches!(
        s.status,
        Message::Play(PlayMessage::HintStep { .. })
    ));
    assert!(s.status.to_string().starts_with("Hint: "), "{}", s.status);
    let view = s.hints.view(&s.board);
    assert_eq!(view.placed, step.placements);
    assert_eq!(view.struck, step.eliminations);

    let before = s.board.grid.clone();
    let s = s.reduce(Action::ApplyHint);
    let solution = solution();
    let mut want = before.clone();
    for &(at, digit) in &step.placements {
        assert_eq!(
            solution.digit(at),
            Some(digit),
            "the step agrees with the solution"
        );
        want.set(at, Entry::Filled(digit));
    }
    assert_eq!(s.board.grid, want, "the board changed exactly by the step");
    for &(at, digit) in &step.eliminations {
        assert!(!s.board.notes.digits(at.index(s.size())).contains(&digit));
    }
    assert!(s.hints.current(&s.board).is_none(), "the hint is used up");
    let s = s.reduce(Action::Undo);
    assert_eq!(s.board.grid, before);
}

#[test]
fn a_hint_says_first_that_a_digit_is_wrong_then_where() {
    let solution = solution();
    let wrong = (1..=9)
        .map(d)
        .find(|&x| Some(x) != solution.digit(p(0, 1)))
        .expect("a wrong digit");
    let s = run(playing(), [Action::Select(p(0, 1)), Action::Input(wrong)]);
    let s = hinted(s);
    assert!(s.status.is_error());
    assert!(matches!(
        s.status,
        Message::Play(PlayMessage::HintWrong { shown: false, .. })
    ));
    assert!(s.hints.view(&s.board).cells.is_empty(), "not shown yet");
    let s = s.reduce(Action::RevealHint);
    assert_eq!(s.hints.view(&s.board).cells, [p(0, 1)]);
    assert!(s.status.to_string().contains("r1c2"), "{}", s.status);
    // With several solutions only a clash is wrong, whoever filled the digits.
    let mut open = Grid::empty(sudoku_lab::engine::Size::new(2).expect("4x4"));
    for col in [1, 2] {
        open.set(p(0, col), Entry::Filled(Digit::new(2, 4).expect("digit")));
    }
    let cells = vec![p(0, 1), p(0, 2)];
    assert_eq!(
        advice::hint(&open, &Notes::default()),
        Hint::Clash {
            cells: cells.clone()
        }
    );
    let said = |shown| PlayMessage::HintWrong {
        cells: cells.clone(),
        what: Wrong::Clash,
        shown,
    };
    assert_eq!(
        said(false).to_string(),
        "Hint: 2 digits on the board clash with each other. Press Hint again to see where."
    );
    assert_eq!(
        said(true).to_string(),
        "Hint: clashing digits in r1c2, r1c3 (marked on the board)."
    );
}

#[test]
fn notes_that_leave_out_the_solution_are_a_hint_and_agreeing_notes_narrow_it() {
    let solution = solution();
    let want = solution.digit(p(0, 1)).expect("solved");
    let other = (1..=9).map(d).find(|&x| x != want).expect("another digit");
    let s = run(
        playing(),
        [
            Action::ToggleNotes,
            Action::Select(p(0, 1)),
            Action::Input(other),
        ],
    );
    let s = hinted(s);
    assert!(matches!(
        s.status,
        Message::Play(PlayMessage::HintWrong {
            what: Wrong::Notes,
            ..
        })
    ));
    // A cell whose notes hold only the solution's digit is a naked single for the hint.
    let mut notes = Notes::default();
    notes.set(
        puzzle().size(),
        p(0, 1).index(puzzle().size()),
        1 << want.index(),
    );
    match advice::hint(&puzzle(), &notes) {
        Hint::Step { step, .. } => {
            assert!(!step.placements.is_empty() || !step.eliminations.is_empty())
        }
        other => panic!("a step, not {other:?}"),
    }
}

#[test]
fn an_exact_hint_shows_the_candidates_its_step_reads_in_cells_without_notes() {
    use sudoku_lab::app::notes::allowed;
    let area = hinted(playing());
    assert!(
        area.hints.view(&area.board).candidates.is_empty(),
        "not before the step"
    );
    let s = area.reduce(Action::RevealHint);
    let view = s.hints.view(&s.board);
    let size = s.size();
    assert!(!view.candidates.is_empty());
    for &(p, mask) in &view.candidates {
        assert_eq!(mask, allowed(&s.board.grid, p.index(size)), "{p}");
        assert!(view.cells.contains(&p) || view.struck.iter().any(|c| c.0 == p));
    }
    // Each digit the step places or removes is among the candidates shown there.
    for &(p, digit) in view.placed.iter().chain(&view.struck) {
        let (_, mask) = view.candidates.iter().find(|c| c.0 == p).expect("shown");
        assert_eq!(mask >> digit.index() & 1, 1, "{p}");
    }
    // A cell with notes of the player's shows those instead.
    let (noted, mask) = view.candidates[0];
    let mut s = playing();
    s.board.notes.set(size, noted.index(size), mask);
    let s = hinted(s).reduce(Action::RevealHint);
    let view = s.hints.view(&s.board);
    assert!(view.cells.contains(&noted), "the same step");
    assert!(view.candidates.iter().all(|c| c.0 != noted));
}
