"""The package's answers equal the CLI's on the repository's fixtures."""

from __future__ import annotations

import json

import pytest
import sudoku_lab
from conftest import FIXTURES, puzzles

# The conformance fixtures: 0, 1 and many solutions, 1x1 to 25x25.
CONFORMANCE = puzzles("conformance.txt")
# A spread of 9x9 ratings: the first puzzles of each of HoDoKu's levels.
RATED = puzzles("ratings-9x9.txt")[::12]

SOLVE_WORDS = {
    "no solution": "no solution",
    "multiple solutions": "multiple solutions",
    "unknown": "unknown (stopped early)",
}


def answer_line(solved: sudoku_lab._core.Solved) -> str:
    """What ``sudoku-lab solve`` prints for this answer."""
    if solved["verdict"] == "unique":
        return str(solved["solution"])
    return SOLVE_WORDS[solved["verdict"]]


def test_solve_equals_the_cli_on_every_conformance_puzzle(cli):
    expected = cli.lines("solve", stdin="\n".join(CONFORMANCE))
    assert [answer_line(sudoku_lab.solve(p)) for p in CONFORMANCE] == expected


@pytest.mark.parametrize("formulation", ["exact-cover", "sat"])
def test_other_formulations_give_the_cli_answers(cli, formulation):
    small = [p for p in CONFORMANCE if len(p) <= 81]
    expected = cli.lines("solve", "--formulation", formulation, stdin="\n".join(small))
    got = [answer_line(sudoku_lab.solve(p, formulation=formulation)) for p in small]
    assert got == expected


def test_a_json_board_is_answered_in_json_as_the_cli_does(cli):
    board = sudoku_lab.parse(RATED[0]).to_json()
    expected = cli.lines("solve", stdin=board)
    solved = sudoku_lab.solve(board)
    assert solved["solution"].format == "json"
    assert [str(solved["solution"])] == expected
    assert json.loads(str(solved["solution"])) == json.loads(expected[0])


def test_count_equals_the_cli_with_and_without_a_limit(cli):
    text = "\n".join(CONFORMANCE)
    assert [str(sudoku_lab.count(p, limit=100)) for p in CONFORMANCE] == cli.lines(
        "count", "--limit", "100", stdin=text
    )
    small = [p for p in CONFORMANCE if len(p) <= 81]
    assert [str(sudoku_lab.count(p)) for p in small] == cli.lines(
        "count", stdin="\n".join(small)
    )


def test_check_verdicts_equal_the_cli(cli):
    cases = [p for p in CONFORMANCE if len(p) <= 256] + RATED[:5]
    expected = cli.lines("check", stdin="\n".join(cases))
    assert [sudoku_lab.check(p)["verdict"] for p in cases] == expected


def test_check_gives_witnesses_that_prove_its_verdict():
    several = sudoku_lab.check("1234............")
    assert several["solutions"] == "several"
    first, second = several["witnesses"]
    assert first != second and first.is_complete and second.is_complete
    for witness in (first, second):
        assert sudoku_lab.check(witness.to_list())["solutions"] == "one"
    one = sudoku_lab.check(RATED[0])
    assert one["solutions"] == "one"
    assert one["witnesses"] == [sudoku_lab.solve(RATED[0])["solution"]]
    # Each redundant clue can go with the puzzle still unique.
    redundant = sudoku_lab.check(".23..412.143.32.")
    assert redundant["verdict"].startswith("unique redundant: ")
    for cell in redundant["redundant"]:
        row, col = (int(x) - 1 for x in cell[1:].split("c"))
        rows = sudoku_lab.Grid(".23..412.143.32.").to_list()
        rows[row][col] = 0
        assert sudoku_lab.count(rows, limit=2) == 1
    assert sudoku_lab.check("12.....3..3.....")["witnesses"] == []


def test_check_difficulty_measures_every_formulation(cli):
    checked = sudoku_lab.check(RATED[0], difficulty=True)
    assert list(checked["effort"]) == ["propagation", "exact-cover", "sat", "mip"]
    line = cli.lines("check", "--difficulty", stdin=RATED[0])[0]
    nodes = checked["effort"]["propagation"]["nodes"]
    assert line.startswith(checked["verdict"] + "; propagation: ")
    assert f"propagation: {nodes:,} node" in line
    # The logic rating, as rate gives it and the CLI's line ends with.
    assert checked["logic"] == sudoku_lab.rate(RATED[0])
    assert f"; logic: {checked['logic']['level'].capitalize()}, score " in line


def test_rate_equals_the_cli_json(cli):
    expected = [json.loads(line) for line in cli.lines("rate", "--json", stdin="\n".join(RATED))]
    assert [sudoku_lab.rate(p) for p in RATED] == expected
    several = ["1234............", "12.....3..3....."]
    expected = [json.loads(line) for line in cli.lines("rate", "--json", stdin="\n".join(several))]
    assert [sudoku_lab.rate(p) for p in several] == expected


def test_hint_equals_the_cli_json(cli):
    cases = RATED + ["1234............", "12.....3..3.....", CONFORMANCE[6]]
    expected = [json.loads(line) for line in cli.lines("hint", "--json", stdin="\n".join(cases))]
    assert [sudoku_lab.hint(p) for p in cases] == expected


def test_hint_for_one_technique_equals_the_cli(cli):
    cases = RATED[10:]
    for technique, every in [("x-wing", True), ("naked-pair", False), ("bug-plus-one", False)]:
        args = ["hint", "--json", "--technique", technique] + (["--all"] if every else [])
        expected = [json.loads(line) for line in cli.lines(*args, stdin="\n".join(cases))]
        got = [sudoku_lab.hint(p, technique=technique, all=every) for p in cases]
        assert got == expected, technique


def test_hint_on_a_board_with_a_wrong_digit_is_off_track(cli):
    rows = sudoku_lab.parse(RATED[0]).to_list()
    solution = sudoku_lab.solve(RATED[0])["solution"].to_list()
    row, col = next((r, c) for r in range(9) for c in range(9) if rows[r][c] == 0)
    wrong = solution[row][col] % 9 + 1
    board = sudoku_lab.parse(RATED[0]).to_json()
    board = json.loads(board)
    board["solved"] = {str(row + 1): {str(col + 1): wrong}}
    text = json.dumps(board)
    expected = json.loads(cli.lines("hint", "--json", stdin=text)[0])
    got = sudoku_lab.hint(text)
    assert got == expected
    assert got["status"] in ("off track", "no solution")


def fixture_state(technique: str) -> str:
    """The pencil-mark state of a 9x9 logic fixture, as marks text."""
    lines = (FIXTURES / "logic" / "9x9" / f"{technique}.txt").read_text().splitlines()
    start = lines.index("state:") + 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("expect:"))
    return "\n".join(lines[start:end])


# The X-Wing fixture's state as a HoDoKu library line (as tests/cli_logic.rs has it).
HODOKU_X_WING = (
    ":0300:9:+16+7+85.4.3.2+41........+4..7.+14+53+7+1.6.+27.+25.......+62.........8..5.6...4.+2"
    ".........1.:521 821 629 838 956 857 957 858 958 459 966 867 967 868 968 469 869 969 172 372"
    " 972 376 676 976 779 979 182 782 883 983 386 786 986 888 988 392 892 992 395 695 995 396 696"
    " 996 799 899 999::"
)


def test_hint_reads_pencil_mark_states_as_the_cli(cli):
    states = [fixture_state(t) for t in ("x-wing", "naked-single", "claiming", "bug-plus-one")]
    states.append(HODOKU_X_WING)
    for state in states:
        for technique in (None, "x-wing"):
            args = ["hint", "--json"] + (["--technique", technique] if technique else [])
            expected = json.loads(cli.lines(*args, stdin=state)[0])
            assert sudoku_lab.hint(state, technique=technique) == expected, state
    # The marks state, not its givens alone: the X-Wing is found in both forms.
    found = sudoku_lab.hint(states[0], technique="x-wing")
    assert found["status"] == "step"
    assert sudoku_lab.hint(HODOKU_X_WING, technique="x-wing") == found


def test_hint_refuses_a_bad_state_or_several(cli):
    bad = fixture_state("x-wing").replace("(3,9)", "(3,x)", 1)
    with pytest.raises(sudoku_lab.ParseError, match=r"row 2, column 1: `\(3,x\)`"):
        sudoku_lab.hint(bad)
    with pytest.raises(sudoku_lab.ParseError, match="holds 2 states"):
        sudoku_lab.hint(RATED[0] + "\n" + RATED[1])


def test_techniques_equal_the_cli_json(cli):
    expected = [json.loads(line) for line in cli.lines("techniques", "--json")]
    assert sudoku_lab.techniques() == expected


def test_generate_reproduces_the_fixtures_and_the_cli():
    for line in (FIXTURES / "generated.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        box, seed, puzzle = line.split()
        if int(box) > 3:
            continue
        assert str(sudoku_lab.generate(int(box), seed=int(seed))) == puzzle, line
    for line in (FIXTURES / "generated-no-guess.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        box, seed, symmetry, level, puzzle = line.split()
        if int(box) > 3:
            continue
        made = sudoku_lab.generate(
            int(box),
            seed=int(seed),
            symmetry=symmetry,
            no_guess=True,
            difficulty=None if level == "-" else level,
        )
        assert str(made) == puzzle, line


def test_generate_lines_equal_the_cli(cli):
    assert sudoku_lab.generate_lines(3, 40, 6) == cli.lines(
        "generate", "--box", "3", "--seed", "40", "--count", "6"
    )
    options = ["--symmetry", "rot90", "--no-guess", "--max-clues", "30"]
    assert sudoku_lab.generate_lines(
        3, 7, 3, symmetry="rot90", no_guess=True, max_clues=30
    ) == cli.lines("generate", "--box", "3", "--seed", "7", "--count", "3", *options)


def test_read_takes_a_file_as_the_cli_does(cli):
    text = "\n".join(CONFORMANCE)
    grids = sudoku_lab.read(text)
    assert [g.to_text("line") for g in grids] == cli.lines("convert", "--to", "line", stdin=text)
    layouts = cli.run("convert", "--to", "grid", stdin=text).stdout
    assert sudoku_lab.read(layouts) == grids


@pytest.mark.parametrize("fmt", ["line", "numeric", "grid", "json"])
def test_grid_text_equals_convert(cli, fmt):
    cases = [p for p in CONFORMANCE if len(p) <= 256]
    expected = cli.run("convert", "--to", fmt, stdin="\n".join(cases)).stdout
    got = "".join(
        sudoku_lab.parse(p).to_text(fmt) + ("\n\n" if fmt == "grid" else "\n") for p in cases
    )
    assert got == expected


def test_rows_of_numbers_are_a_puzzle():
    grid = sudoku_lab.parse(RATED[3])
    rows = grid.to_list()
    assert len(rows) == 9 and all(len(r) == 9 for r in rows)
    assert sudoku_lab.Grid(rows) == grid
    with_none = [[v or None for v in row] for row in rows]
    assert sudoku_lab.solve(with_none)["solution"] == sudoku_lab.solve(grid)["solution"]
    assert sudoku_lab.Grid(grid) == grid
    assert grid.box_size == 3 and grid.side == 9 and grid.clues == sum(v > 0 for r in rows for v in r)


def test_threads_get_the_same_answers():
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        made = list(pool.map(lambda s: str(sudoku_lab.generate(3, seed=s)), range(8)))
    assert made == [str(sudoku_lab.generate(3, seed=s)) for s in range(8)]


def test_grids_are_equal_and_hash_by_their_cells_whatever_the_format():
    sixteen = sudoku_lab.generate(4, seed=3)
    numeric = sixteen.to_text("numeric")
    for text in (numeric, sixteen.to_text("grid"), sixteen.to_text("json"), str(sixteen)):
        same = sudoku_lab.Grid(text)
        assert same == sudoku_lab.Grid(numeric) and hash(same) == hash(sixteen), text
        assert not same != sixteen
    assert len({sudoku_lab.Grid(numeric), sixteen, sudoku_lab.Grid(sixteen.to_list())}) == 1
    # Other cells, or the same digits filled in rather than given, are another board.
    solved = sudoku_lab.solve(sixteen)["solution"]
    assert solved != sixteen and solved.givens() == sixteen
    assert sudoku_lab.Grid(solved.to_list()) != solved
    assert sixteen != str(sixteen)


def test_read_passes_over_title_lines_as_the_page_does():
    grids = [sudoku_lab.generate(3, seed=s) for s in (1, 2)]
    euler = "".join(
        f"Grid 0{i + 1}\n" + g.to_text("line").replace(".", "0") + "\n" for i, g in enumerate(grids)
    )
    layout = "".join(
        f"Grid 0{i + 1}\n"
        + "\n".join(g.to_text("line")[r * 9 : r * 9 + 9].replace(".", "0") for r in range(9))
        + "\n"
        for i, g in enumerate(grids)
    )
    assert sudoku_lab.read(layout) == grids
    assert sudoku_lab.read(euler) == grids
    # A line that is a puzzle with a mistake still raises, naming its line.
    with pytest.raises(sudoku_lab.ParseError, match="^line 4: "):
        sudoku_lab.read(euler.replace(grids[1].to_text("line").replace(".", "0"), "12x" * 27))


def test_counts_past_the_quick_budget_equal_the_cli(cli):
    # 3,000 solutions of an empty 9x9 grid take more search nodes than a call spends on the
    # calling thread before it starts again on its own (see `answers.rs`).
    empty = "." * 81
    for limit in (1, 3000):
        assert [str(sudoku_lab.count(empty, limit=limit))] == cli.lines(
            "count", "--limit", str(limit), stdin=empty
        )
