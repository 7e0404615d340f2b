"""Python and Dask benchmarks beside the CLI (figures in BENCHMARKS.md, "Python and Dask").

Run by scripts/bench-python, which builds the release wheel and CLI and passes the CLI's path:

    python bench.py CLI solve SET.txt ROUNDS
    python bench.py CLI dask SEEDS SHARD ROUNDS
    python bench.py CLI calls SET.txt ROUNDS

`solve`: each puzzle of SET solved (to a proven unique solution) by one `sudoku_lab.solve`
call, per puzzle, against the whole `sudoku-lab solve --jobs 1 SET` process divided by the
puzzles; the best of ROUNDS, the two alternating, in wall time and in CPU time. `dask`: SEEDS 9x9 puzzles generated on a LocalCluster of 2
worker processes (one thread each) by `sudoku_lab.dask.generate_shards`, against
`sudoku-lab generate` for the same seeds in one process and in two processes of half the seeds
each (or with `--jobs 2` where the CLI has it). `calls`: the CPU time per call of solve, count,
generate and check on small grids, the package alone (the CLI is not run).
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def best(rounds: int, run) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def cli_run(cli: str, *args: str) -> None:
    subprocess.run([cli, *args], check=True, stdout=subprocess.DEVNULL)


def cpu(run) -> float:
    """CPU seconds (user + system) of `run`, its child processes included: on a loaded
    machine a steadier figure than the wall time."""
    def now() -> float:
        own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime

    start = now()
    run()
    return now() - start


def bench_solve(cli: str, path: str, rounds: int) -> None:
    import sudoku_lab

    puzzles = [g.to_text("line") for g in sudoku_lab.read(Path(path).read_text())]
    n = len(puzzles)
    expected = subprocess.run([cli, "solve", path], check=True, capture_output=True, text=True)
    got = [str(sudoku_lab.solve(p)["solution"]) for p in puzzles]
    assert got == expected.stdout.splitlines(), "the package and the CLI disagree"
    grids = [sudoku_lab.parse(p) for p in puzzles]
    py_text, py_grid, cli_time, parse_time = [], [], [], []
    py_cpu, cli_cpu = [], []
    for _ in range(rounds):
        py_text.append(best(1, lambda: [sudoku_lab.solve(p) for p in puzzles]))
        py_grid.append(best(1, lambda: [sudoku_lab.solve(g) for g in grids]))
        parse_time.append(best(1, lambda: [sudoku_lab.parse(p) for p in puzzles]))
        cli_time.append(best(1, lambda: cli_run(cli, "solve", "--jobs", "1", path)))
        py_cpu.append(cpu(lambda: [sudoku_lab.solve(p) for p in puzzles]))
        cli_cpu.append(cpu(lambda: cli_run(cli, "solve", "--jobs", "1", path)))
    us = lambda t: f"{min(t) / n * 1e6:.1f} us"  # noqa: E731
    print(f"{Path(path).name}: {n} puzzles, best of {rounds}")
    print(f"  sudoku_lab.solve(text) per puzzle  {us(py_text)}")
    print(f"  sudoku_lab.solve(Grid) per puzzle  {us(py_grid)}")
    print(f"  sudoku_lab.parse(text) per puzzle  {us(parse_time)}")
    print(f"  sudoku-lab solve, whole process    {us(cli_time)}")
    print(f"  Python call overhead (text - CLI)  {(min(py_text) - min(cli_time)) / n * 1e6:+.1f} us")
    print(f"  CPU: solve(text) {us(py_cpu)}, CLI whole process {us(cli_cpu)}, "
          f"overhead {(min(py_cpu) - min(cli_cpu)) / n * 1e6:+.1f} us per puzzle")


def bench_calls(path: str, rounds: int) -> None:
    """CPU per call of the package's short calls, which stay on the calling thread (a thread
    of their own, there for Ctrl-C, would cost more than many of them)."""
    import sudoku_lab

    puzzles = [g.to_text("line") for g in sudoku_lab.read(Path(path).read_text())]
    grids = [sudoku_lab.parse(p) for p in puzzles]
    four = "1..." + "." * 12
    calls = [
        ("solve(text)", len(puzzles), lambda: [sudoku_lab.solve(p) for p in puzzles]),
        ("solve(Grid)", len(grids), lambda: [sudoku_lab.solve(g) for g in grids]),
        ("count(4x4, limit=1)", 20_000, lambda: [sudoku_lab.count(four, limit=1) for _ in range(20_000)]),
        ("generate(3, seed=s)", 300, lambda: [sudoku_lab.generate(3, seed=s) for s in range(300)]),
        ("check(text), first 200", 200, lambda: [sudoku_lab.check(p) for p in puzzles[:200]]),
    ]
    print(f"{Path(path).name}: CPU per call, best of {rounds}")
    for name, n, run in calls:
        print(f"  {name:24} {min(cpu(run) for _ in range(rounds)) / n * 1e6:.1f} us")


def bench_dask(cli: str, seeds: int, shard: int, rounds: int) -> None:
    from dask.distributed import Client, LocalCluster
    from sudoku_lab.dask import generate_shards

    help_text = subprocess.run([cli, "generate", "--help"], capture_output=True, text=True).stdout
    has_jobs = "--jobs" in help_text

    def cli_one() -> None:
        one = ["--jobs", "1"] if has_jobs else []
        cli_run(cli, "generate", "--box", "3", "--seed", "0", "--count", str(seeds), *one)

    def cli_two() -> None:
        if has_jobs:
            cli_run(cli, "generate", "--box", "3", "--seed", "0", "--count", str(seeds), "--jobs", "2")
            return
        half = seeds // 2
        procs = [
            subprocess.Popen(
                [cli, "generate", "--box", "3", "--seed", str(s), "--count", str(c)],
                stdout=subprocess.DEVNULL,
            )
            for s, c in [(0, half), (half, seeds - half)]
        ]
        assert all(p.wait() == 0 for p in procs)

    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        scheduler_port=0,
        dashboard_address=None,
        silence_logs=50,
    ) as cluster, Client(cluster) as client:
        client.run(lambda: __import__("sudoku_lab"))  # workers import the engine before timing

        def on_dask() -> None:
            with tempfile.TemporaryDirectory() as out:
                generate_shards(client, range(seeds), shard, out)

        times = {"dask": [], "one": [], "two": []}
        for _ in range(rounds):
            times["dask"].append(best(1, on_dask))
            times["one"].append(best(1, cli_one))
            times["two"].append(best(1, cli_two))
    rate = lambda t: f"{seeds / min(t):,.0f} puzzles/s"  # noqa: E731
    two = "--jobs 2" if has_jobs else "2 processes, half the seeds each"
    print(f"9x9 generation, {seeds} seeds, shards of {shard}, best of {rounds}")
    print(f"  Dask, 2 workers                    {rate(times['dask'])}")
    print(f"  sudoku-lab generate, one process   {rate(times['one'])}")
    print(f"  sudoku-lab generate, {two}  {rate(times['two'])}")
    print(f"  Dask / CLI one job: {min(times['one']) / min(times['dask']):.2f}x, "
          f"Dask / CLI two: {min(times['two']) / min(times['dask']):.2f}x")


if __name__ == "__main__":
    cli, what, *rest = sys.argv[1:]
    if what == "solve":
        bench_solve(cli, rest[0], int(rest[1]))
    elif what == "calls":
        bench_calls(rest[0], int(rest[1]))
    else:
        bench_dask(cli, int(rest[0]), int(rest[1]), int(rest[2]))
