"""The notebook drawing of a board."""

from __future__ import annotations

import re

import sudoku_lab
from conftest import puzzles

PUZZLE = puzzles("ratings-9x9.txt")[0]


def cells(html: str) -> list[str]:
    return re.findall(r"<td style=\"([^\"]*)\">([^<]*)</td>", html)


def test_a_puzzle_draws_its_givens_bold_in_boxes():
    grid = sudoku_lab.parse(PUZZLE)
    html = grid._repr_html_()
    assert html.startswith("<table") and html.endswith("</table>")
    assert html.count("<tr>") == 9
    drawn = cells(html)
    assert len(drawn) == 81
    assert "".join(text or "." for _, text in drawn) == grid.to_text("line")
    bold = [text for style, text in drawn if "font-weight:bold" in style]
    assert len(bold) == grid.clues and all(bold)
    # Box edges are thicker: columns 1, 4 and 7 of each row, rows 1, 4 and 7.
    for i, (style, _) in enumerate(drawn):
        row, col = divmod(i, 9)
        assert ("border-left-width:2px" in style) == (col % 3 == 0)
        assert ("border-top-width:2px" in style) == (row % 3 == 0)


def test_a_solution_draws_the_solver_digits_in_italics():
    solution = sudoku_lab.solve(PUZZLE)["solution"]
    drawn = cells(solution._repr_html_())
    italic = [text for style, text in drawn if "font-style:italic" in style]
    assert len(italic) == 81 - solution.clues
    assert all(text.isdigit() for _, text in drawn)


def test_big_boards_draw_letters_then_numbers():
    sixteen = sudoku_lab.solve(sudoku_lab.generate(4, seed=3))["solution"]
    assert {"A", "G"} <= {text for _, text in cells(sixteen._repr_html_())}
    big = sudoku_lab.Grid([[36] + [0] * 35] + [[0] * 36 for _ in range(35)])
    assert "36" in {text for _, text in cells(big._repr_html_())}


def test_repr_and_str():
    grid = sudoku_lab.parse(PUZZLE)
    assert repr(grid) == f"Grid('{PUZZLE}')"
    assert str(grid) == PUZZLE
