//! A game over time: the play clock and the solved moment, a new visitor's first seed, share
//! links that carry a game and do not silently replace one, and undo history across reloads.

#[path = "common/app.rs"]
mod app;

use app::*;
use sudoku_lab::app::history::{HISTORY_BYTES, History};
use sudoku_lab::app::protocol::{Request, Response};
use sudoku_lab::app::saved::FIRST_SEEDS;
use sudoku_lab::app::state::{Action, AppState, JobKind, Message, Mode, SHARE_PREFIX};
use sudoku_lab::engine::{Entry, Grid, Pos, Size};
use sudoku_lab::words::PlayMessage;

/// Runs `actions` one second apart on the page's clock, starting at `t0` seconds.
fn timed(state: AppState, t0: f64, actions: impl IntoIterator<Item = Action>) -> AppState {
    actions
        .into_iter()
        .enumerate()
        .fold(state, |s, (i, a)| s.reduce_at(a, (t0 + i as f64) * 1000.0))
}

/// The puzzle's one solution.
fn solution() -> Grid {
    report(&puzzle(), 2).solutions[0].clone()
}

/// The moves that fill every empty cell of the puzzle with the solution's digit but `last`.
fn moves_but(last: Pos) -> Vec<Action> {
    let solution = solution();
    let mut out = Vec::new();
    for i in 0..81 {
        let at = Pos::from_index(i, Size::NINE);
        if puzzle().digit(at).is_none() && at != last {
            out.push(Action::Select(at));
            out.push(Action::Input(solution.digit(at).expect("full")));
        }
    }
    out
}

/// What a browser's `decodeURIComponent` gives for an ASCII link.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).expect("ascii");
            out.push(u8::from_str_radix(hex, 16).expect("hex"));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("utf-8")
}

#[test]
fn the_clock_runs_in_play_stands_while_hidden_and_stops_at_the_solve() {
    let s = timed(AppState::default(), 0.0, [Action::Select(p(0, 1))]);
    assert!(!s.timer.running(), "no puzzle, no clock");
    let s = timed(s, 10.0, [Action::Import(PUZZLE.into())]);
    assert!(s.timer.running());
    assert_eq!(s.timer.elapsed_at(15_000.0), 5000.0);
    // Hidden from 20 s to 50 s: those 30 s do not count.
    let s = s.reduce_at(Action::PageShown(false), 20_000.0);
    assert_eq!(s.timer.elapsed_at(50_000.0), 10_000.0);
    let s = s.reduce_at(Action::PageShown(true), 50_000.0);
    assert_eq!(s.timer.elapsed_at(52_000.0), 12_000.0);
    // Nor does the page's coming and going end a number being typed.
    let typing = timed(
        s.clone(),
        51.0,
        [Action::Select(p(0, 1)), Action::Input(d(4))],
    );
    let at = typing.typing_at();
    assert!(at.is_some());
    let typing = typing.reduce_at(Action::PageShown(false), 53_000.0);
    assert_eq!(
        typing
            .reduce_at(Action::PageShown(true), 54_000.0)
            .typing_at(),
        at
    );
    // Entering givens does not count either.
    let s = timed(
        s,
        60.0,
        [Action::SetMode(sudoku_lab::app::state::Mode::Givens)],
    );
    assert_eq!(s.timer.elapsed_at(90_000.0), 20_000.0);
    let s = timed(
        s,
        100.0,
        [Action::SetMode(sudoku_lab::app::state::Mode::Play)],
    );

    let last = p(0, 1);
    let moves = moves_but(last);
    let n = moves.len() as f64;
    let s = timed(s, 100.0, moves);
    assert!(!matches!(
        s.status,
        Message::Play(PlayMessage::Solved { .. })
    ));
    let at = 100.0 + n;
    let s = timed(
        s,
        at,
        [
            Action::Select(last),
            Action::Input(solution().digit(last).expect("full")),
        ],
    );
    let played = 20_000.0 + (at + 1.0 - 100.0) * 1000.0;
    assert_eq!(
        s.status,
        Message::Play(PlayMessage::Solved {
            size: Size::NINE,
            millis: played
        })
    );
    assert_eq!(
        s.status.to_string(),
        format!(
            "Solved! You completed this 9x9 puzzle in {}.",
            PlayMessage::clock(played)
        )
    );
    assert!(!s.timer.running(), "the clock stops at the solve");
    assert_eq!(s.timer.elapsed_at(at * 1000.0 + 600_000.0), played);
    // Undone, the game goes on from that time; redone, it is solved again.
    let s = s.reduce_at(Action::Undo, 2_000_000.0);
    assert!(s.timer.running());
    let s = s.reduce_at(Action::Redo, 2_003_000.0);
    assert_eq!(s.timer.elapsed_at(3_000_000.0), played + 3000.0);
    assert!(matches!(
        s.status,
        Message::Play(PlayMessage::Solved { .. })
    ));
}

#[test]
fn a_grid_the_solver_completed_is_not_the_players_solve() {
    let s = timed(AppState::default(), 0.0, [Action::Import(PUZZLE.into())]);
    let id = s.next_job_id();
    let s = timed(
        s,
        1.0,
        [
            Action::Started {
                id,
                kind: JobKind::Solve,
            },
            Action::Answered {
                id,
                response: sudoku_lab::app::protocol::Response::Solved {
                    report: report(&puzzle(), 2),
                    millis: 1.0,
                },
            },
        ],
    );
    assert!(s.board.grid.is_complete());
    assert!(!s.timer.running(), "a complete grid stops the clock");
    assert!(!matches!(
        s.status,
        Message::Play(PlayMessage::Solved { .. })
    ));
}

#[test]
fn the_clock_is_kept_with_the_board_and_a_new_puzzle_starts_from_zero() {
    let s = timed(AppState::default(), 0.0, [Action::Import(PUZZLE.into())]);
    let s = timed(s, 42.0, [Action::Select(p(0, 1)), Action::Input(d(1))]);
    assert_eq!(s.timer.elapsed_ms, 43_000.0);
    let text = serde_json::to_string(&s.saved()).expect("saves");
    let clock = serde_json::to_string(&s.timer).expect("saves");
    // The next page load's clock starts again from zero.
    let back = AppState::opened(Some(&text), None, Some(&clock), 7);
    assert_eq!(back.timer.elapsed_ms, 43_000.0);
    assert!(
        !back.timer.running(),
        "it runs once the page says it is in view"
    );
    let back = back.reduce_at(Action::PageShown(true), 500.0);
    assert_eq!(back.timer.elapsed_at(2500.0), 45_000.0);
    // Another puzzle, another clock; the same puzzle reset to its givens keeps its time.
    let reset = back.clone().reduce_at(Action::ResetToGivens, 3000.0);
    assert_eq!(reset.timer.elapsed_ms, 45_500.0);
    let other = back.reduce_at(Action::Import(PUZZLE.replace('4', ".")), 3000.0);
    assert_eq!(other.timer.elapsed_at(3000.0), 0.0);
    assert!(other.timer.running());
    // A clock stored for another board (the board's own store cleared, say) starts again.
    let fresh = AppState::opened(None, None, Some(&clock), 7);
    assert_eq!(fresh.timer.elapsed_ms, 0.0);
    let again = fresh.reduce_at(Action::Import(PUZZLE.into()), 0.0);
    assert_eq!(
        again.timer.elapsed_at(1000.0),
        1000.0,
        "not the old game's time"
    );
}

#[test]
fn a_new_visitor_gets_a_random_seed_and_a_returning_one_keeps_theirs() {
    let s = AppState::opened(None, None, None, 123_456_789_012);
    let seed = 123_456_789_012 % FIRST_SEEDS;
    assert_eq!(s.generation.seed, seed);
    assert_ne!(
        AppState::opened(None, None, None, 5).generation.seed,
        AppState::opened(None, None, None, 6).generation.seed
    );
    let Request::Generate { seed: asked, .. } = s.request(JobKind::Generate) else {
        panic!("a generation")
    };
    assert_eq!(asked, seed, "the seed shown is the seed used");
    let stored = serde_json::to_string(&s.reduce(Action::SetSeed(42)).saved()).expect("saves");
    assert_eq!(
        AppState::opened(Some(&stored), None, None, 99)
            .generation
            .seed,
        42
    );
    // A store that does not read is a fresh start.
    let lost = AppState::opened(Some("{"), None, None, 99);
    assert_eq!(lost.generation.seed, 99);
    assert_eq!(lost.status, Message::StoredUnreadable);
}

/// Saves `state` as the page does and opens it again, as a reload would.
fn reloaded(state: &AppState) -> AppState {
    let stored = serde_json::to_string(&state.saved()).expect("saves");
    AppState::opened(Some(&stored), None, None, 99)
}

#[test]
fn a_reload_keeps_what_was_said_of_the_puzzle_while_its_clues_are_on_the_board() {
    let s = AppState::default();
    let id = s.next_job_id();
    let generated = run(
        s,
        [
            Action::Started {
                id,
                kind: JobKind::Generate,
            },
            Action::Answered {
                id,
                response: Response::Generated {
                    puzzle: puzzle(),
                    seed: 41,
                    millis: 12.0,
                    rating: None,
                },
            },
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
        ],
    );
    let said = generated.status.to_string();
    assert!(said.contains("seed 41"), "{said}");
    // The reload says it after what it restored, and a move in play says it again.
    let again = reloaded(&generated);
    assert_eq!(
        again.status.to_string(),
        format!("Restored (1 digit filled in). {said}")
    );
    let moved = run(again, [Action::Select(p(0, 2)), Action::Input(d(2))]);
    assert_eq!(moved.status.to_string(), said);
    // Kept over a second reload, and an import's line as well.
    let twice = run(reloaded(&moved), [Action::Select(p(0, 2)), Action::Erase]);
    assert_eq!(twice.status.to_string(), said);
    let imported = AppState::default().reduce(Action::Import(PUZZLE.into()));
    let played = run(
        imported.clone(),
        [Action::Select(p(0, 1)), Action::Input(d(1))],
    );
    let moved = run(reloaded(&played), [Action::Select(p(0, 1)), Action::Erase]);
    assert_eq!(moved.status.to_string(), imported.status.to_string());
    // Other clues make another puzzle: neither this visit nor the next says the old line.
    let edited = run(
        moved,
        [
            Action::SetMode(Mode::Givens),
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
            Action::SetMode(Mode::Play),
        ],
    );
    assert_eq!(edited.saved().said, None);
    let again = reloaded(&edited);
    assert!(
        !again.status.to_string().contains("Imported"),
        "{}",
        again.status
    );
    let moved = run(again, [Action::Select(p(0, 2)), Action::Input(d(2))]);
    assert_eq!(moved.status, Message::Playing);
}

#[test]
fn a_link_waits_for_the_players_word_before_replacing_a_game() {
    let game = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
        ],
    );
    let other = PUZZLE.replace('4', ".");
    let offered = game.clone().reduce(Action::OpenLink(other.clone()));
    assert_eq!(
        offered.board, game.board,
        "the game stays until the player says"
    );
    let offer = offered.files.offered_link.as_ref().map(|o| o.text.as_str());
    assert_eq!(offer, Some(other.as_str()));
    assert_eq!(
        offered.status,
        Message::Play(PlayMessage::LinkOffered {
            size: Size::NINE,
            clues: 14,
            played: 0,
            notes: false
        })
    );
    let kept = offered.clone().reduce(Action::KeepGame);
    assert_eq!(kept.board, game.board);
    assert_eq!(kept.files.offered_link, None);
    assert_eq!(kept.status, Message::Play(PlayMessage::LinkDeclined));
    let opened = offered.reduce(Action::OpenOfferedLink);
    assert_eq!(opened.board.grid, parse_grid(&other));
    assert_eq!(opened.files.offered_link, None);
    assert!(matches!(opened.status, Message::Imported(_)));
    assert_eq!(
        opened.reduce(Action::Undo).board.grid,
        game.board.grid,
        "Undo brings the game back"
    );
    // A board with nothing of the player's is replaced at once.
    let fresh = run(AppState::default(), [Action::Import(PUZZLE.into())]);
    let s = fresh.reduce(Action::OpenLink(other.clone()));
    assert_eq!(s.board.grid, parse_grid(&other));
    assert_eq!(s.files.offered_link, None);
    // A bad link says so and changes nothing, an offer on show included.
    for bad in ["12x", "{\"dim\":3,\"fixed\":{\"1\":{\"1\":\"x\"}}}", ""] {
        let offered = game.clone().reduce(Action::OpenLink(other.clone()));
        let s = offered.clone().reduce(Action::OpenLink(bad.into()));
        assert!(s.status.is_error(), "{bad:?}: {}", s.status);
        assert!(s.status.to_string().contains("share link"), "{}", s.status);
        assert_eq!(s.board, offered.board);
        assert_eq!(s.files.offered_link, offered.files.offered_link);
    }
}

#[test]
fn a_link_waiting_for_the_players_word_is_asked_again_after_a_reload() {
    let game = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 1)),
            Action::Input(d(1)),
            Action::Select(p(8, 8)),
            Action::Input(d(3)),
        ],
    );
    let other = PUZZLE.replace('4', ".");
    let offered = game.reduce(Action::OpenLink(other.clone()));
    let reload = |s: &AppState| {
        let saved = serde_json::to_string(&s.saved()).expect("saves");
        let history = History::stored(&s.board, HISTORY_BYTES);
        AppState::opened(Some(&saved), Some(&history), None, 1)
    };
    let back = reload(&offered);
    assert_eq!(back.files.offered_link, offered.files.offered_link);
    assert_eq!(back.status, offered.status, "the question is asked again");
    assert_same_history(&back, &offered);
    // Reloaded twice, it still waits; the player's word then acts as before the reload.
    let back = reload(&back);
    assert_eq!(back.files.offered_link, offered.files.offered_link);
    let opened = back.clone().reduce(Action::OpenOfferedLink);
    assert_eq!(opened.board.grid, parse_grid(&other));
    assert_eq!(
        opened.reduce(Action::Undo).board.grid,
        offered.board.grid,
        "Undo brings the game back"
    );
    let kept = back.reduce(Action::KeepGame);
    assert_eq!(kept.status, Message::Play(PlayMessage::LinkDeclined));
    let after = reload(&kept);
    assert_eq!(
        after.files.offered_link, None,
        "answered, it is not asked again"
    );
    assert_eq!(after.board.grid, offered.board.grid);
    // A state stored before links were kept reads as it did.
    let mut old: serde_json::Value =
        serde_json::from_str(&serde_json::to_string(&offered.saved()).expect("saves"))
            .expect("parses");
    assert!(old["offered_link"].is_string());
    old.as_object_mut()
        .expect("an object")
        .remove("offered_link");
    let back = AppState::opened(Some(&old.to_string()), None, None, 1);
    assert_eq!(back.files.offered_link, None);
    assert_eq!(back.board.grid, offered.board.grid);
}

fn undos(n: usize) -> impl Iterator<Item = Action> {
    std::iter::repeat_n(Action::Undo, n)
}

/// The same board with the same undo and redo stacks.
fn assert_same_history(a: &AppState, b: &AppState) {
    let (a, b) = (&a.board, &b.board);
    assert_eq!(
        (&a.grid, &a.solver_grid, &a.notes, a.auto),
        (&b.grid, &b.solver_grid, &b.notes, b.auto)
    );
    assert_eq!(a.undo, b.undo);
    assert_eq!(a.redo, b.redo);
}

fn parse_grid(text: &str) -> Grid {
    sudoku_lab::engine::format::parse(text).expect("valid").grid
}

#[test]
fn a_link_to_the_game_carries_digits_and_notes_exactly() {
    let s = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 1)),
            Action::Input(d(6)),
            Action::ToggleNotes,
            Action::Select(p(2, 4)),
            Action::Input(d(3)),
            Action::Input(d(7)),
            Action::Share {
                page: "http://x/".into(),
                board: true,
            },
        ],
    );
    assert_eq!(
        s.status,
        Message::Play(PlayMessage::SharedGame {
            copy: sudoku_lab::words::Clipboard::Pending
        })
    );
    let copied = s.clone().reduce(Action::Copied);
    assert!(
        copied
            .status
            .to_string()
            .starts_with("Share link made and copied: it opens this board")
    );
    let link = s.files.share_link.clone().expect("a link");
    let text = decode(
        link.strip_prefix("http://x/")
            .and_then(|l| l.strip_prefix(SHARE_PREFIX))
            .expect("a fragment"),
    );
    let other = AppState::default().reduce(Action::OpenLink(text.clone()));
    assert_eq!(other.board.grid, s.board.grid);
    assert_eq!(other.board.notes, s.board.notes);
    assert_eq!(
        other.board.grid.entry(p(0, 1)),
        Entry::Filled(d(6)),
        "a digit of the player's"
    );
    // Offered to a player in a game, it says what it carries.
    let game = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::Select(p(0, 2)),
            Action::Input(d(2)),
        ],
    );
    let offered = game.reduce(Action::OpenLink(text));
    assert_eq!(
        offered.status.to_string(),
        "A share link brings a 9x9 puzzle, 17 clues, 1 digit played and notes. Open it in place \
         of your game (Undo brings your game back), or keep your game?"
    );
}

#[test]
fn undo_history_survives_a_reload_within_its_byte_budget() {
    let mut s = run(AppState::default(), [Action::Import(PUZZLE.into())]);
    let moves = moves_but(p(0, 1));
    s = run(s, moves.iter().take(40).cloned());
    s = run(
        s,
        [
            Action::ToggleNotes,
            Action::Select(p(0, 1)),
            Action::Input(d(3)),
        ],
    );
    s = run(s, [Action::Undo, Action::Undo]);
    let saved = serde_json::to_string(&s.saved()).expect("saves");
    let history = History::stored(&s.board, HISTORY_BYTES);
    let back = AppState::opened(Some(&saved), Some(&history), None, 1);
    assert_same_history(&back, &s);
    let (a, b) = (
        back.clone().reduce(Action::Redo),
        s.clone().reduce(Action::Redo),
    );
    assert_same_history(&a, &b);
    let (a, b) = (run(back, undos(30)), run(s.clone(), undos(30)));
    assert_eq!(a.board.grid, b.board.grid);

    // Each step is stored as the cells it changes, not as a whole board.
    assert!(history.len() < 40 * 60, "{} bytes", history.len());
    // A small budget keeps the latest steps.
    let small = History::stored(&s.board, 400);
    assert!(small.len() <= 400, "{}", small.len());
    let back = AppState::opened(Some(&saved), Some(&small), None, 1);
    let kept = back.board.undo.len();
    assert!(kept > 0 && kept < s.board.undo.len(), "{kept}");
    assert_eq!(
        back.board.undo[..],
        s.board.undo[s.board.undo.len() - kept..]
    );
    // A history stored with another board is left out; so is one that does not read.
    let other = run(s.clone(), [Action::Select(p(8, 8)), Action::Input(d(5))]);
    let stale = History::stored(&other.board, HISTORY_BYTES);
    assert!(
        AppState::opened(Some(&saved), Some(&stale), None, 1)
            .board
            .undo
            .is_empty()
    );
    assert!(
        AppState::opened(Some(&saved), Some("[1"), None, 1)
            .board
            .undo
            .is_empty()
    );
}

#[test]
fn a_history_across_sizes_and_solver_marks_comes_back_whole() {
    let s = run(
        AppState::default(),
        [
            Action::Import(PUZZLE.into()),
            Action::SetSize(Size::new(2).expect("4x4")),
        ],
    );
    let id = s.next_job_id();
    let four = "1.3.....2.......";
    let s = run(
        s,
        [
            Action::Import(four.into()),
            Action::Started {
                id,
                kind: JobKind::Solve,
            },
        ],
    );
    let puzzle4 = parse_grid(four);
    let s = s.reduce(Action::Answered {
        id,
        response: sudoku_lab::app::protocol::Response::Solved {
            report: report(&puzzle4, 2),
            millis: 1.0,
        },
    });
    let s = run(
        s,
        [
            Action::Select(p(3, 3)),
            Action::Erase,
            Action::SetAutoCandidates(true),
        ],
    );
    assert!(s.board.solver_grid.is_some());
    let saved = serde_json::to_string(&s.saved()).expect("saves");
    let history = History::stored(&s.board, HISTORY_BYTES);
    let back = AppState::opened(Some(&saved), Some(&history), None, 1);
    assert_same_history(&back, &s);
    let (a, b) = (run(back, undos(6)), run(s, undos(6)));
    assert_eq!(
        (a.board.grid.size(), &a.board.grid),
        (Size::NINE, &b.board.grid)
    );
}
