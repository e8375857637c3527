"""``python -m ninekit``: the command line.

``python -m ninekit simulate GAME --games N --bots hard,random`` plays seeded bot-against-bot games in
parallel and prints a summary (see docs/simulation.md).  Every argument is checked before any game is
played; a wrong one is named, with exit code 2 (as argparse does).  The games are played by the
``ninekit.parallel`` driver, whose libraries (Dask and tqdm, ``pip install 'ninekit[sim]'``) load only when
a simulation runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import games, parallel
from .simulate import BOT_LEVELS, format_summary, game_plan, parse_option, summarize

EXAMPLES = """examples:
  python -m ninekit simulate nine_knights --games 200 --bots normal,random
  python -m ninekit simulate double_nine --games 1000 --bots normal,easy --players 4 --option deck=mixed \\
      --jobs 2 --out results.csv
  python -m ninekit simulate codinca --games 500 --bots hard,normal --scheduler tcp://10.0.0.5:8786
"""


def _whole_number(low: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number (got {text!r})") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low} (got {value})")
        return value

    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m ninekit", description="ninekit on the command line.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sim = commands.add_parser(
        "simulate", help="play many seeded bot-against-bot games in parallel; rows and a summary",
        description="Play seeded games between computer players, in parallel (Dask), with a progress bar; "
                    "write one row per game and print win shares with 95% confidence intervals. "
                    "The same arguments give the same rows.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    sim.add_argument("game", metavar="GAME", help=f"one of: {', '.join(games())}")
    sim.add_argument("--games", type=_whole_number(1), required=True, metavar="N", help="how many games to play")
    sim.add_argument("--bots", required=True, metavar="LEVELS",
                     help=f"comma-separated bot levels ({', '.join(BOT_LEVELS)}), rotated over the seats "
                          "so that each plays each seat equally often")
    sim.add_argument("--players", type=int, metavar="K", help="number of seats (default: the number of bots, "
                                                              "or the game's least player count)")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a game option, e.g. deck=mixed or defection=true (repeat for more)")
    sim.add_argument("--seed", type=int, default=0, metavar="S", help="game i is dealt from seed S + i (default 0)")
    where = sim.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=_whole_number(1), metavar="J",
                       help="worker processes of a local Dask cluster (default: the number of CPUs; "
                            "1 plays in this process)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="play on the running Dask cluster at ADDRESS, e.g. tcp://10.0.0.5:8786")
    sim.add_argument("--chunk", type=_whole_number(1), metavar="C",
                     help="games per Dask task (default: about four tasks per worker, at most 50 games)")
    sim.add_argument("--out", metavar="FILE", help="write the rows to FILE (.csv or .parquet)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(run=simulate_command, command_parser=sim)  # errors name the command's own usage
    return parser


def _options(parser: argparse.ArgumentParser, game: str, texts: list[str]) -> dict:
    options = {}
    for text in texts:
        try:
            name, value = parse_option(game, text)
        except ValueError as exc:
            parser.error(f"--option: {exc}")
        if name in options:
            parser.error(f"--option: {name!r} is given twice")
        options[name] = value
    return options


def simulate_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.game not in games():
        parser.error(f"unknown game {args.game!r}; games are: {', '.join(games())}")
    bots = [level.strip() for level in args.bots.split(",")]
    if not all(bots):
        parser.error(f"--bots: an empty bot level in {args.bots!r}; list levels like hard,random")
    unknown = [level for level in bots if level not in BOT_LEVELS]
    if unknown:
        parser.error(f"--bots: unknown bot level {unknown[0]!r}; levels are: {', '.join(BOT_LEVELS)}")
    options = _options(parser, args.game, args.option)
    try:
        plan = game_plan(args.game, args.games, bots, args.players, options, args.seed)
    except ValueError as exc:
        parser.error(str(exc))
    out = Path(args.out) if args.out else None
    if out is not None:
        if out.suffix not in (".csv", ".parquet"):
            parser.error(f"--out: the file must end in .csv or .parquet (got {args.out!r})")
        if not out.parent.is_dir():
            parser.error(f"--out: no folder {str(out.parent)!r} to write {out.name!r} into")
    jobs = args.jobs if args.jobs is not None else parallel.default_jobs()
    try:
        # The driver's third-party libraries load only from here on: ninekit itself stays standard library.
        parallel.check_installed(jobs=jobs, scheduler=args.scheduler, out=out)
    except ImportError as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return 1
    try:
        rows = parallel.run(plan, jobs=jobs, scheduler=args.scheduler, chunk=args.chunk, progress=not args.quiet)
    except (OSError, TimeoutError, RuntimeError) as exc:
        where = f"the Dask scheduler at {args.scheduler}" if args.scheduler else "the simulation"
        print(f"{parser.prog}: error: {where} failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    if out is not None:
        parallel.write_rows(rows, out)
        print(f"wrote {len(rows)} rows to {out}", file=sys.stderr)
    first = plan[0]
    title = f"{args.game} (bots {','.join(bots)}, seeds {args.seed} to {args.seed + args.games - 1}"
    title += "".join(f", {name}={value}" for name, value in first["options"].items() if name in options) + ")"
    print(format_summary(summarize(rows), title))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args.command_parser, args)
    except KeyboardInterrupt:
        print(f"{parser.prog}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
