"""Type stubs of the compiled engine module (``sudoku_lab._core``)."""

from collections.abc import Sequence
from typing import Literal, TypedDict, Union

from typing_extensions import NotRequired

Puzzle = Union[str, "Grid", Sequence[Sequence[Union[int, None]]]]
Formulation = Literal["propagation", "exact-cover", "sat", "mip"]
Symmetry = Literal[
    "none", "rot180", "rot90", "diagonal", "antidiagonal", "horizontal", "vertical"
]
Level = Literal["easy", "medium", "hard", "unfair", "extreme"]
TextFormat = Literal["line", "numeric", "grid", "json"]

__version__: str

class Grid:
    """A board: givens, and digits filled in (a solution's, or a JSON board's ``solved``)."""

    def __init__(self, board: Puzzle) -> None: ...
    @property
    def box_size(self) -> int: ...
    @property
    def side(self) -> int: ...
    @property
    def format(self) -> TextFormat: ...
    @property
    def clues(self) -> int: ...
    @property
    def is_complete(self) -> bool: ...
    def givens(self) -> Grid: ...
    def to_list(self) -> list[list[int]]: ...
    def to_text(self, format: TextFormat | None = None) -> str: ...
    def to_json(self) -> str: ...
    def _repr_html_(self) -> str: ...
    def __eq__(self, other: object) -> bool:
        """Equal cells (size, givens, digits filled in), whatever the format each was read in."""
    def __hash__(self) -> int: ...

class Solved(TypedDict):
    verdict: Literal["unique", "no solution", "multiple solutions", "unknown"]
    solution: Grid | None
    stats: dict[str, int]

class Checked(TypedDict):
    verdict: str
    solutions: Literal["none", "one", "several"]
    clues: int
    witnesses: list[Grid]
    redundant: list[str]
    guesses: NotRequired[int]
    effort: NotRequired[dict[str, dict[str, int] | str]]

class Rated(TypedDict):
    level: Level | None
    score: int
    hardest: str | None
    steps: int
    outcome: Literal["solved", "stuck", "no solution"]
    solutions: Literal["none", "one", "several"]
    uniqueness_used: list[str]

class Step(TypedDict):
    technique: str
    name: str
    code: str | None
    explanation: str
    placements: list[str]
    eliminations: list[str]

class Remaining(TypedDict):
    cell: str
    candidates: list[int]

class Hint(TypedDict):
    status: Literal["step", "none", "solved", "stuck", "no solution", "off track"]
    reason: NotRequired[str]
    steps: list[Step]
    remaining: NotRequired[list[Remaining]]

class TechniqueRow(TypedDict):
    technique: str
    name: str
    level: Level
    score: int
    code: str | None
    needs_uniqueness: bool

def parse(text: str) -> Grid: ...
def read(text: str) -> list[Grid]:
    """Every puzzle of a text, as the CLI reads a file; title lines (``Grid 01``) passed over."""
def solve(puzzle: Puzzle, *, formulation: Formulation = "propagation") -> Solved: ...
def count(
    puzzle: Puzzle, *, limit: int | None = None, formulation: Formulation = "propagation"
) -> int:
    """The number of solutions, at most ``limit`` (1 or more); Ctrl-C stops it."""
def check(
    puzzle: Puzzle, *, formulation: Formulation = "propagation", difficulty: bool = False
) -> Checked: ...
def rate(puzzle: Puzzle) -> Rated: ...
def hint(puzzle: Puzzle, *, technique: str | None = None, all: bool = False) -> Hint:
    """The next logical step; ``all=True`` needs a ``technique`` and lists every instance."""
def techniques() -> list[TechniqueRow]: ...
def generate(
    box_size: int = 3,
    *,
    seed: int | None = None,
    symmetry: Symmetry = "none",
    difficulty: Level | None = None,
    no_guess: bool = False,
    max_clues: int | None = None,
    formulation: Formulation = "propagation",
    method: Literal["removal", "additive"] = "removal",
    stop_after: float | None = None,
) -> Grid:
    """A minimal puzzle with one solution; Ctrl-C stops it.

    With ``stop_after`` (seconds), as ``sudoku-lab generate --stop-after``: once that time has
    passed, the puzzle the removal has reached, which has one solution but is not yet minimal
    (a ``UserWarning`` says so); at 36x36 and 49x49 a minimal puzzle is out of reach in
    practice, so that is the way to get one there.
    """
def generate_lines(
    box_size: int,
    seed: int,
    count: int,
    *,
    symmetry: Symmetry = "none",
    difficulty: Level | None = None,
    no_guess: bool = False,
    max_clues: int | None = None,
    formulation: Formulation = "propagation",
    method: Literal["removal", "additive"] = "removal",
) -> list[str]: ...
