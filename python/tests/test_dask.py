"""Generation on a local Dask cluster equals the CLI's, with a worker killed mid-run."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from sudoku_lab.dask import generate_shards, shard_name  # noqa: E402

# 16x16 puzzles, a tenth of a second or more a shard: the run lasts long enough that a worker
# is still busy once the first shard is written.
SEEDS = range(1000, 1240)
SHARD = 10


def kill_a_busy_worker(client, out: Path, pids: dict[str, int], killed: list[int]) -> None:
    """Once the first shard is written, kills (SIGKILL) a worker that is running a shard."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not any(out.glob("box*-seeds-*.txt")):
        time.sleep(0.01)
    while time.monotonic() < deadline:
        busy = [w for w, keys in client.processing().items() if keys and w in pids]
        if busy:
            killed.append(pids[busy[0]])
            os.kill(pids[busy[0]], signal.SIGKILL)
            return
        time.sleep(0.01)


def replaced(client, pid: int) -> bool:
    """Whether two workers run within a minute, none of them the process `pid`."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            client.wait_for_workers(2, timeout=10)
            pids = client.run(os.getpid)
            if len(pids) == 2 and pid not in pids.values():
                return True
        except (OSError, TimeoutError, distributed.comm.CommClosedError):
            pass
        time.sleep(0.1)
    return False


def test_shards_equal_the_cli_with_a_worker_killed_mid_run(cli, tmp_path):
    out = tmp_path / "shards"
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        scheduler_port=0,
        dashboard_address=None,
        silence_logs=50,
    )
    try:
        with distributed.Client(cluster) as client:
            pids = client.run(os.getpid)
            assert len(pids) == 2
            killed: list[int] = []
            killer = threading.Thread(
                target=kill_a_busy_worker, args=(client, out, pids, killed), daemon=True
            )
            killer.start()
            files = generate_shards(client, SEEDS, SHARD, out, box_size=4)
            killer.join()
            assert len(killed) == 1, "no worker was running a shard to kill"
            # The killed worker was replaced (its nanny starts a new process).
            assert replaced(client, killed[0]), "the killed worker is still listed"
    finally:
        cluster.close()
    shards = [(first, SHARD) for first in range(SEEDS.start, SEEDS.stop, SHARD)]
    assert files == [str(out / shard_name(first, n, box_size=4)) for first, n in shards]
    # One file per shard, each whole, and no temporary file left.
    names = sorted(shard_name(f, n, box_size=4) for f, n in shards)
    assert sorted(p.name for p in out.iterdir()) == names
    written = "".join(Path(f).read_text() for f in files)
    expected = cli.run(
        "generate", "--box", "4", "--seed", str(SEEDS.start), "--count", str(len(SEEDS))
    ).stdout
    assert written == expected


def test_a_finished_shard_is_kept_and_options_reach_the_workers(cli, tmp_path):
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=False,
        dashboard_address=None,
        silence_logs=50,
    ) as cluster, distributed.Client(cluster) as client:
        seeds = [5, 6, 7, 20, 21]
        first = generate_shards(client, seeds, 2, tmp_path, box_size=2, symmetry="rot180")
        assert [Path(f).name for f in first] == [
            shard_name(5, 2, 2, symmetry="rot180"),
            shard_name(7, 1, 2, symmetry="rot180"),
            shard_name(20, 2, 2, symmetry="rot180"),
        ]
        mark = Path(first[0]).stat().st_mtime_ns
        again = generate_shards(client, seeds, 2, tmp_path, box_size=2, symmetry="rot180")
        assert again == first and Path(first[0]).stat().st_mtime_ns == mark
    for path, (seed, n) in zip(first, [(5, 2), (7, 1), (20, 2)]):
        expected = cli.run(
            "generate", "--box", "2", "--seed", str(seed), "--count", str(n), "--symmetry", "rot180"
        ).stdout
        assert Path(path).read_text() == expected


def test_a_run_with_other_options_never_takes_another_runs_files(cli, tmp_path):
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        dashboard_address=None,
        silence_logs=50,
    ) as cluster, distributed.Client(cluster) as client:
        runs = [
            ({"box_size": 2}, []),
            ({"box_size": 2, "symmetry": "rot180"}, ["--symmetry", "rot180"]),
            ({"box_size": 3}, []),
            ({"box_size": 3, "max_clues": 30}, ["--max-clues", "30"]),
            ({"box_size": 3, "max_clues": 30, "formulation": "sat"}, ["--max-clues", "30"]),
        ]
        for options, args in runs:
            files = generate_shards(client, range(3, 7), 2, tmp_path, **options)
            box = str(options["box_size"])
            expected = cli.run(
                "generate", "--box", box, "--seed", "3", "--count", "4", *args
            ).stdout
            assert "".join(Path(f).read_text() for f in files) == expected, options
        # The formulation changes no puzzle: its run took the files of the run before it.
        assert len(list(tmp_path.iterdir())) == 4 * 2


class NoCluster:
    """A client that fails the test if anything is submitted."""

    def submit(self, *args, **kwargs):
        raise AssertionError("submitted before the arguments were checked")

    gather = submit


@pytest.mark.parametrize(
    "seeds, kwargs, error, message",
    [
        (range(3), {"symetry": "rot180"}, TypeError, "unknown option 'symetry'"),
        (range(3), {"box_size": 8}, ValueError, "box_size goes from 1 to 7 .*, not 8"),
        (range(3), {"box_size": 0}, ValueError, "box_size goes from 1 to 7 .*, not 0"),
        ([4, -1], {}, ValueError, "seeds go from 0 to .*, not -1"),
        ([2**64], {}, ValueError, f"not {2**64}"),
        (range(3), {"symmetry": "spiral"}, ValueError, "unknown symmetry 'spiral'"),
        (range(3), {"max_clues": -1}, ValueError, "max_clues must be 0 or more, not -1"),
    ],
)
def test_arguments_are_checked_before_anything_is_submitted(
    tmp_path, seeds, kwargs, error, message
):
    with pytest.raises(error, match=message):
        generate_shards(NoCluster(), seeds, 2, tmp_path, **kwargs)
    with pytest.raises(ValueError, match="shard_size must be at least 1, not 0"):
        generate_shards(NoCluster(), range(3), 0, tmp_path)
