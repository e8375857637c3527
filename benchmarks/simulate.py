"""Simulation throughput: games per second of `python -m ninekit simulate` against --jobs.

    python benchmarks/simulate.py                                   # nine_knights normal,random; jobs 1 2 4
    python benchmarks/simulate.py --game double_nine --bots normal,random --games 400 --jobs 1 2 4
    python benchmarks/simulate.py --markdown                        # the table for benchmarks/README.md

Each row plays the same seeded plan (ninekit.simulate.game_plan) with ninekit.parallel:

- jobs 1: in this process, one game after another (no Dask);
- jobs J > 1: on a Dask LocalCluster of J worker processes with one thread each (the default of the
  command), in chunks of the command's default size.

Per row: games per second *once the cluster is up* (what a long run scales with); the wall time from the
command's point of view, cluster start-up and shutdown included (what a short run costs); games per CPU
second of the processes that played (the cost of a game in a worker against in-process, unaffected by
what else the machine is doing); and the machine's load average as the row started (on a shared machine
the wall-clock figures are only as good as the CPU the row could get).  Every row's rows are checked to
equal the first row's (the determinism guarantee).  On a machine with C cores, J > C oversubscribes:
expect no gain past C.  See benchmarks/README.md, "Simulation".
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # `python benchmarks/simulate.py` from a checkout without `pip install -e .`
    sys.path.insert(0, str(REPO))

from ninekit.simulate import game_plan  # noqa: E402


@dataclass
class Row:
    jobs: int
    games: int
    seconds: float        # playing only (cluster already up)
    wall: float           # cluster start + playing + shutdown
    load: float = 0.0     # the machine's 1-minute load average when the row started (others' work included)
    cpu: float = 0.0      # CPU seconds spent playing, summed over the processes that played (workers for J > 1)

    @property
    def per_cpu(self) -> float:
        """Games per CPU second: the cost of a game, whatever else the machine was doing."""
        return self.games / self.cpu if self.cpu else 0.0

    @property
    def rate(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


def measure(plan: list, jobs: int, chunk: int | None = None) -> tuple[Row, list]:
    """Play ``plan`` on ``jobs`` workers (in this process for 1); the timings and the rows."""
    from ninekit import parallel

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    start = time.perf_counter()
    if jobs == 1:
        played, cpu = time.perf_counter(), time.process_time()
        rows = parallel.run(plan, jobs=1, progress=False)
        done, cpu = time.perf_counter(), time.process_time() - cpu
        return Row(jobs, len(plan), done - played, done - start, load, cpu), rows
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None, silence_logs=40) as cluster, Client(cluster) as client:
        client.wait_for_workers(jobs)
        client.run(lambda: __import__("ninekit.parallel"))  # warm: every worker has imported the game code
        before = client.run(time.process_time)
        played = time.perf_counter()
        rows = parallel.play_on(client, plan, chunk)
        done = time.perf_counter()
        after = client.run(time.process_time)
        cpu = sum(after[worker] - before[worker] for worker in after)
    return Row(jobs, len(plan), done - played, time.perf_counter() - start, load, cpu), rows


def report(title: str, rows: list[Row], markdown: bool = False) -> str:
    """The table: jobs, games, seconds, games per second, speed-up over jobs 1, wall time with start-up."""
    base = rows[0].rate if rows and rows[0].jobs == 1 else None
    head = ["jobs", "games", "playing (s)", "games/s", "speed-up", "wall incl. start-up (s)", "games per CPU s",
            "load before"]
    lines = []
    for row in rows:
        speed = f"{row.rate / base:.2f}x" if base else "-"
        lines.append([str(row.jobs), str(row.games), f"{row.seconds:.1f}", f"{row.rate:.1f}", speed, f"{row.wall:.1f}",
                      f"{row.per_cpu:.1f}", f"{row.load:.1f}"])
    if markdown:
        out = [f"**{title}**", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        out += ["| " + " | ".join(line) + " |" for line in lines]
        return "\n".join(out)
    widths = [max(len(h), *(len(line[i]) for line in lines)) for i, h in enumerate(head)]
    out = [title, "  ".join(h.rjust(w) for h, w in zip(head, widths))]
    out += ["  ".join(cell.rjust(w) for cell, w in zip(line, widths)) for line in lines]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="nine_knights")
    parser.add_argument("--bots", default="normal,random")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--chunk", type=int, help="games per Dask task (default: the command's default)")
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    args = parser.parse_args(argv)
    plan = game_plan(args.game, args.games, args.bots.split(","), args.players, seed=args.seed)
    results, reference = [], None
    for jobs in sorted(set(args.jobs)):
        row, rows = measure(plan, jobs, args.chunk)
        if reference is None:
            reference = rows
        elif rows != reference:
            print(f"jobs {jobs}: rows differ from jobs {results[0].jobs}: determinism broken", file=sys.stderr)
            return 1
        results.append(row)
    title = (f"{args.game}, bots {args.bots}, {args.games} games, {plan[0]['players']} players "
             f"({os.cpu_count()} CPUs)")
    print(report(title, results, args.markdown))
    return 0


if __name__ == "__main__":
    sys.exit(main())
