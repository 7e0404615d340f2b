"""Rates puzzles with hodoku-py, HoDoKu's solver ported to Python.

Usage: hodoku-rate.py FILE [SECONDS]. One line per puzzle of FILE: the level id (easy ..
extreme, or needs-guessing when HoDoKu's own solve takes brute force or ends unsolved), the
score, the seconds taken and how often each technique was used; "skipped 0 SECONDS -" for a
puzzle not rated within SECONDS (10 by default).
"""
import signal
import sys
import time
from collections import Counter

from hodoku import Solver
from hodoku.core.types import SolutionType


class Late(Exception):
    pass


def late(signum, frame):
    raise Late()


def main():
    signal.signal(signal.SIGALRM, late)
    solver = Solver()
    limit = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
    for line in open(sys.argv[1]):
        puzzle = line.strip()
        began = time.time()
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            result = solver.solve(puzzle)
            signal.setitimer(signal.ITIMER_REAL, 0)
        except Late:
            print("skipped 0 %.3f -" % (time.time() - began), flush=True)
            continue
        used = Counter(step.type.name.lower() for step in result.steps)
        # Brute force is HoDoKu's guess: the puzzle needs guessing.
        if not result.solved or SolutionType.BRUTE_FORCE in (s.type for s in result.steps):
            level = "needs-guessing"
        else:
            level = result.level.name.lower()
        techniques = ",".join("%s=%d" % kv for kv in used.items())
        print("%s %d %.3f %s" % (level, result.score, time.time() - began, techniques), flush=True)


main()
