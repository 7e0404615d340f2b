"""Puzzle generation spread over a Dask cluster, one file per shard of seeds.

A shard is a run of consecutive seeds; its file holds one puzzle line per seed, in seed
order, exactly the lines ``sudoku-lab generate --box B --seed FIRST --count N`` prints with the same
options, so the shard files read in order are the CLI's output for all the seeds.

Each shard is one Dask task. A worker that dies mid-run loses no shard: the scheduler gives
its tasks to another worker (and ``retries`` covers a task that raises). None is written
twice or half-written: a task writes to a temporary name in ``out_dir`` and renames it into
place atomically, so a shard file is whole or absent, and a task that runs twice (its first
worker died after writing) replaces the file with the same lines.

Example, against a running scheduler (``dask scheduler`` and ``dask worker ADDRESS`` on each
machine, with ``sudoku-lab`` installed there too)::

    from dask.distributed import Client
    from sudoku_lab.dask import generate_shards

    with Client("tcp://scheduler:8786") as client:
        files = generate_shards(client, range(0, 1_000_000), 10_000, "puzzles/")
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ._core import generate_lines

__all__ = ["generate_shards", "shard_name", "write_shard"]

# The options of :func:`sudoku_lab.generate_lines` and their defaults.
DEFAULTS: dict[str, Any] = {
    "symmetry": "none",
    "difficulty": None,
    "no_guess": False,
    "max_clues": None,
    "formulation": "propagation",
    "method": "removal",
}

# The options that shape the puzzles, in the order shard names carry them. The formulation
# changes the time only, never the puzzle, so shards made with any formulation are the same.
SHAPING = ("symmetry", "difficulty", "no_guess", "max_clues", "method")


def shard_name(first: int, count: int, box_size: int = 3, **options: Any) -> str:
    """The file name of the shard of ``count`` seeds from ``first`` with these options.

    The box size and every option that shapes the puzzles and is not its default are in the
    name (``box2-symmetry=rot180-seeds-00000000000000000005-2.txt``), so a run with other
    options never takes another run's files for its own.
    """
    parts = [f"box{box_size}"]
    for key in SHAPING:
        value = options.get(key, DEFAULTS[key])
        if value != DEFAULTS[key]:
            parts.append(f"{key}={value}")
    parts.append(f"seeds-{first:020d}-{count}")
    return "-".join(parts) + ".txt"


def write_shard(
    out_dir: str, first: int, count: int, box_size: int, options: dict[str, Any]
) -> str:
    """Generates one shard and writes it atomically; returns the file's path.

    Runs on a worker: the engine releases the GIL, so a worker's threads generate in parallel.
    """
    lines = generate_lines(box_size, first, count, **options)
    final = Path(out_dir) / shard_name(first, count, box_size, **options)
    fd, temp = tempfile.mkstemp(dir=out_dir, prefix=f".{final.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines))
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, final)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return str(final)


def _shards(seeds: Iterable[int], shard_size: int) -> list[tuple[int, int]]:
    """Consecutive seeds grouped into runs of at most ``shard_size``: (first, count) pairs."""
    shards: list[tuple[int, int]] = []
    for seed in seeds:
        if shards and seed == sum(shards[-1]) and shards[-1][1] < shard_size:
            shards[-1] = (shards[-1][0], shards[-1][1] + 1)
        else:
            shards.append((seed, 1))
    return shards


def generate_shards(
    client: Any,
    seeds: Iterable[int],
    shard_size: int,
    out_dir: str | os.PathLike[str],
    *,
    box_size: int = 3,
    retries: int = 2,
    **options: Any,
) -> list[str]:
    """Generates a puzzle for every seed on the cluster of ``client``; returns the shard files.

    ``seeds`` (a ``range``, or any ints) are cut into runs of consecutive seeds of at most
    ``shard_size``; each run is a task that writes one file to ``out_dir`` (a directory every
    worker can write, such as a shared file system), named by :func:`shard_name`. ``options``
    are those of :func:`sudoku_lab.generate` (``symmetry``, ``difficulty``, ``no_guess``,
    ``max_clues``, ``formulation``, ``method``). The paths come back in seed order; read in
    that order, the files are ``sudoku-lab generate --box B --seed S --count C`` for
    ``seeds = range(S, S + C)``. Shards whose file is already there are kept, so a run that
    was stopped can be started again with the same arguments to finish; the box size and
    options are in the file names, so runs with other options can share ``out_dir``.

    The arguments are checked here, before any task is submitted: an unknown option is a
    ``TypeError``, a value out of range (``box_size``, a negative seed, an unknown symmetry)
    a ``ValueError`` naming it.
    """
    seeds = _checked(seeds, shard_size, box_size, options)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    shards = _shards(seeds, shard_size)

    def name(first: int, n: int) -> str:
        return shard_name(first, n, box_size, **options)

    todo = [(first, n) for first, n in shards if not (out / name(first, n)).exists()]
    futures = [
        client.submit(
            write_shard,
            str(out),
            first,
            n,
            box_size,
            options,
            key=f"sudoku-lab-shard-{box_size}-{first}-{n}-{_options_key(options)}",
            retries=retries,
            pure=False,
        )
        for first, n in todo
    ]
    client.gather(futures)
    # What a worker killed while writing left behind; its shard was written again.
    for first, n in todo:
        for stale in out.glob(f".{name(first, n)}.*.tmp"):
            stale.unlink(missing_ok=True)
    return [str(out / name(first, n)) for first, n in shards]


def _checked(
    seeds: Iterable[int], shard_size: int, box_size: int, options: dict[str, Any]
) -> list[int]:
    """The seeds as a list, once every argument is known good; raises naming the first bad one."""
    unknown = sorted(set(options) - set(DEFAULTS))
    if unknown:
        raise TypeError(
            f"generate_shards() got an unknown option {unknown[0]!r}; "
            f"the options are: {', '.join(DEFAULTS)}"
        )
    if not isinstance(shard_size, int) or shard_size < 1:
        raise ValueError(f"shard_size must be at least 1, not {shard_size!r}")
    # No puzzle is made: the engine checks the box size and every option's value, with the
    # messages it gives on a worker.
    generate_lines(box_size, 0, 0, **options)
    checked = list(seeds)
    for seed in checked:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"a seed is a whole number, not {seed!r}")
        if not 0 <= seed < 2**64:
            raise ValueError(f"seeds go from 0 to {2**64 - 1}, not {seed}")
    return checked


def _options_key(options: dict[str, Any]) -> str:
    """A stable token of the options, so that tasks of different runs never share a key."""
    return "-".join(f"{k}={options[k]}" for k in sorted(options)) or "defaults"
