"""sudoku-lab: solve, count, check, rate, hint and generate Sudoku puzzles from 1x1 to 49x49.

Every function takes a puzzle as text in any format the ``sudoku-lab`` command line reads
(one line, numbers, a grid layout, JSON), as a :class:`Grid`, or as rows of numbers (``0`` or
``None`` for a blank). The engine runs with the GIL released, so threads run in parallel.

>>> import sudoku_lab
>>> answer = sudoku_lab.solve("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
>>> answer["verdict"]
'unique'
>>> str(answer["solution"])[:9]
'483921657'
"""

from ._core import (
    Grid,
    __version__,
    check,
    count,
    generate,
    generate_lines,
    hint,
    parse,
    rate,
    read,
    solve,
    techniques,
)
from .errors import AnalyzeError, GenerateError, ParseError, SolveError, SudokuLabError

__all__ = [
    "AnalyzeError",
    "GenerateError",
    "Grid",
    "ParseError",
    "SolveError",
    "SudokuLabError",
    "__version__",
    "check",
    "count",
    "generate",
    "generate_lines",
    "hint",
    "parse",
    "rate",
    "read",
    "solve",
    "techniques",
]
