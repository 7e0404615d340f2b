"""Shared fixtures: the CLI built from the same tree, and the repository's puzzle files."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"


class Cli:
    """The ``sudoku-lab`` binary: runs a command and returns its output lines."""

    def __init__(self, path: str) -> None:
        self.path = path

    def run(self, *args: str, stdin: str = "", check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run(
            [self.path, *args], input=stdin, capture_output=True, text=True, timeout=600
        )
        if check and done.returncode != 0:
            raise AssertionError(f"sudoku-lab {' '.join(args)}: {done.returncode}\n{done.stderr}")
        return done

    def lines(self, *args: str, stdin: str = "") -> list[str]:
        return self.run(*args, stdin=stdin).stdout.splitlines()


@pytest.fixture(scope="session")
def cli() -> Cli:
    path = os.environ.get("SUDOKU_LAB_CLI")
    if not path:
        pytest.fail("SUDOKU_LAB_CLI must name the sudoku-lab binary (scripts/test-python sets it)")
    return Cli(path)


def puzzles(name: str) -> list[str]:
    """The puzzle of each non-comment line of a fixture file (before any `:` field)."""
    text = (FIXTURES / name).read_text(encoding="utf-8")
    return [
        line.split(":")[0]
        for line in text.splitlines()
        if line.strip() and not line.startswith("#")
    ]
