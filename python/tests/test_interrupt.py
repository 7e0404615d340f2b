"""Ctrl-C stops long calls, and generation stops at a deadline with the puzzle reached."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest
import sudoku_lab

# A 36x36 grid with half its cells given at random: deciding whether it has one solution, a
# check's first question, runs for minutes.
PEAK_36 = (
    "(lambda rng: ' '.join(str(((i // 36 % 6) * 6 + i // 216 + i % 36) % 36 + 1)"
    " if rng.random() < 0.5 else '0' for i in range(1296)))(__import__('random').Random(5))"
)

# Calls that run for minutes or longer: counting the solutions of empty grids, a minimal 36x36
# puzzle alone and as a line of generate_lines, many 9x9 puzzles (these on the calling
# thread, where small work stays), and checking a 36x36 grid inside its first question.
LONG_CALLS = [
    f"sudoku_lab.check({PEAK_36})",
    "sudoku_lab.count('.' * 81)",
    "sudoku_lab.count('.' * 256, limit=10**15)",
    "sudoku_lab.count('.' * 81, formulation='mip')",
    "sudoku_lab.generate(6, seed=1)",
    "sudoku_lab.generate_lines(6, 1, 1)",
    "sudoku_lab.generate_lines(3, 0, 10**8)",
]


@pytest.mark.parametrize("call", LONG_CALLS)
def test_ctrl_c_stops_a_long_call(call):
    # The child says when the call starts, so the signal cannot land in the import instead.
    code = f"import sudoku_lab\nprint('started', flush=True)\nprint({call})"
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline() == "started\n"
        time.sleep(0.5)
        assert child.poll() is None, "the call ended before the signal"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        try:
            _, stderr = child.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{call} went on 20 s after SIGINT")
        assert "KeyboardInterrupt" in stderr
        assert child.returncode != 0
        assert time.monotonic() - sent < 20
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


# A deadline of 0 passes before the removal's first report: the puzzle is taken at the next.
@pytest.mark.parametrize("seconds", [0, 1])
def test_stop_after_gives_the_unique_puzzle_reached_and_says_so(seconds):
    started = time.monotonic()
    with pytest.warns(UserWarning, match="not proved minimal"):
        puzzle = sudoku_lab.generate(6, seed=1, stop_after=seconds)
    assert time.monotonic() - started < 120
    assert puzzle.side == 36 and 0 < puzzle.clues < 36 * 36
    assert sudoku_lab.solve(puzzle)["verdict"] == "unique"


def test_stop_after_changes_nothing_when_the_puzzle_is_made_in_time(recwarn):
    assert sudoku_lab.generate(3, seed=5, stop_after=600) == sudoku_lab.generate(3, seed=5)
    assert not [w for w in recwarn if issubclass(w.category, UserWarning)]


def test_stop_after_is_a_number_of_seconds():
    with pytest.raises(ValueError, match="stop_after .* not -1"):
        sudoku_lab.generate(3, seed=1, stop_after=-1)


def test_generate_lines_never_wrap_past_the_largest_seed():
    with pytest.raises(ValueError, match="the seeds would run past"):
        sudoku_lab.generate_lines(2, 2**64 - 1, 2)
    assert len(sudoku_lab.generate_lines(2, 2**64 - 1, 1)) == 1
