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
