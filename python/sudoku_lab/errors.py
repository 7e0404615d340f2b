"""The exceptions the engine raises, each with the engine's own message."""


class SudokuLabError(Exception):
    """Base class of every error the engine reports."""


class ParseError(SudokuLabError, ValueError):
    """Text (or rows) that do not read as a puzzle; the message names where and why."""


class SolveError(SudokuLabError):
    """A formulation that could not answer: a grid too large for it, or a solver failure."""


class GenerateError(SudokuLabError):
    """Generation that gave no puzzle."""


class AnalyzeError(SudokuLabError):
    """A check or rating that could not decide."""
