"""Engine errors arrive as the package's exception classes, with the CLI's messages."""

from __future__ import annotations

import re

import pytest
import sudoku_lab
from conftest import FIXTURES
from sudoku_lab import ParseError, SolveError, SudokuLabError


def cli_remarks(cli, *args: str, stdin: str) -> list[str]:
    """The CLI's remarks on standard error, without their `line N: ` prefix."""
    done = cli.run(*args, stdin=stdin, check=False)
    return [line.split(": ", 1)[1] for line in done.stderr.splitlines() if line.startswith("line ")]


def test_parse_errors_carry_the_cli_messages(cli):
    lines = [
        line
        for line in (FIXTURES / "mixed.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    bad = []
    for line in lines:
        try:
            sudoku_lab.parse(line)
        except ParseError as e:
            bad.append((line, str(e)))
    assert len(bad) >= 3
    for line, message in bad:
        assert cli_remarks(cli, "solve", stdin=line) == [message], line


def test_parse_error_is_a_value_error_and_a_sudoku_lab_error():
    with pytest.raises(ParseError) as caught:
        sudoku_lab.parse("1234x")
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, SudokuLabError)


def test_read_names_the_line_of_the_first_bad_puzzle(cli):
    text = (FIXTURES / "mixed.txt").read_text()
    done = cli.run("solve", stdin=text, check=False)
    first = next(line for line in done.stderr.splitlines() if line.startswith("line "))
    with pytest.raises(ParseError, match="^" + re.escape(first) + "$"):
        sudoku_lab.read(text)


def test_clashing_rows_are_refused_as_clashing_text_is():
    rows = [[1, 1, 0, 0], [0] * 4, [0] * 4, [0] * 4]
    with pytest.raises(ParseError) as from_rows:
        sudoku_lab.Grid(rows)
    with pytest.raises(ParseError) as from_text:
        sudoku_lab.parse("11..............")
    assert str(from_rows.value) == str(from_text.value)
    with pytest.raises(ParseError, match="column 1"):
        sudoku_lab.Grid([[10, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    with pytest.raises(ValueError, match="row 2 has 3 cells"):
        sudoku_lab.Grid([[0] * 4, [0] * 3, [0] * 4, [0] * 4])


def test_solve_errors_are_sudoku_lab_errors():
    # Every formulation now takes every size, so no puzzle makes the engine refuse a solve;
    # what it could still raise (a solver's own failure) is caught as the package's error.
    assert issubclass(SolveError, SudokuLabError)


def test_unknown_option_names_list_the_known_ones():
    with pytest.raises(ValueError, match="unknown formulation 'simplex'; one of: propagation"):
        sudoku_lab.solve("1" + "." * 15, formulation="simplex")
    with pytest.raises(ValueError, match="unknown symmetry"):
        sudoku_lab.generate(2, seed=0, symmetry="spiral")
    with pytest.raises(ValueError, match="unknown difficulty"):
        sudoku_lab.generate(2, seed=0, difficulty="trivial")
    with pytest.raises(ValueError, match="unknown technique"):
        sudoku_lab.hint("1" + "." * 15, technique="guess")
    with pytest.raises(TypeError, match="a puzzle is text"):
        sudoku_lab.solve(42)


P9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def test_numbers_are_checked_as_the_cli_checks_them():
    with pytest.raises(ValueError, match="limit must be at least 1, not 0"):
        sudoku_lab.count(P9, limit=0)
    with pytest.raises(ValueError, match="limit must be at least 1, not -1"):
        sudoku_lab.count(P9, limit=-1)
    with pytest.raises(ValueError, match="seed must be 0 or more, not -1"):
        sudoku_lab.generate(2, seed=-1)
    with pytest.raises(ValueError, match=f"seed must be at most {2**64 - 1}, not {2**70}$"):
        sudoku_lab.generate(2, seed=2**70)
    with pytest.raises(ValueError, match="max_clues must be 0 or more, not -3"):
        sudoku_lab.generate(2, seed=1, max_clues=-3)
    for box in (0, 8, -1, 2**70):
        with pytest.raises(ValueError, match=rf"box_size goes from 1 to 7 .*, not {box}$"):
            sudoku_lab.generate(box, seed=1)
        with pytest.raises(ValueError, match=rf"box_size goes from 1 to 7 .*, not {box}$"):
            sudoku_lab.generate_lines(box, 0, 1)
    with pytest.raises(ValueError, match="count must be 0 or more, not -1"):
        sudoku_lab.generate_lines(2, 0, -1)
    with pytest.raises(TypeError, match="a whole number is needed, not str"):
        sudoku_lab.generate("3")
    assert sudoku_lab.generate(1, seed=0).side == 1


def test_rows_with_numbers_no_grid_has_name_the_cell():
    for bad in (-1, 2**70, 5):
        rows = [[0] * 4, [0, 0, bad, 0], [0] * 4, [0] * 4]
        with pytest.raises(ParseError, match=rf"^row 2, column 3: '{bad}' is out of range"):
            sudoku_lab.solve(rows)
    with pytest.raises(TypeError, match="row 1, column 2: a cell is a number or None, not str"):
        sudoku_lab.solve([[0, "1", 0, 0], [0] * 4, [0] * 4, [0] * 4])
    # True is an int to Python, but no digit.
    with pytest.raises(TypeError, match="row 1, column 1: a cell is a number or None, not bool"):
        sudoku_lab.solve([[True, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4])
    with pytest.raises(ParseError, match="2 rows, but row 2 has 1 cells"):
        sudoku_lab.solve([[1, 2], [3]])


def test_hint_all_needs_a_technique():
    with pytest.raises(ValueError, match="all=True needs a technique"):
        sudoku_lab.hint(P9, all=True)
    assert sudoku_lab.hint(P9, technique="full-house", all=True)["status"] in ("step", "none")


def test_a_text_of_several_puzzles_is_said_to_be_several():
    for call in (sudoku_lab.solve, sudoku_lab.count, sudoku_lab.check, sudoku_lab.parse):
        with pytest.raises(ParseError, match="the text holds 2 puzzles; one is taken here"):
            call(P9 + "\n" + P9)
    # A text that is one puzzle with a mistake keeps the reader's message.
    with pytest.raises(ParseError, match="found 80 cells"):
        sudoku_lab.solve(P9[:-1])
