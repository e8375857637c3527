"""Simulation at scale (issue 13): `python -m ninekit simulate`, its rows, its summary, and the Dask paths.

Same seed and arguments give the same rows (in this process, in other processes, on a local Dask cluster
and on a scheduler + two workers started as separate processes); one row per game with the documented
columns in CSV and parquet; win shares with Wilson 95% intervals; every wrong argument named, exit code 2.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ninekit
from ninekit.__main__ import main
from ninekit.simulate import (
    BOT_LEVELS,
    ROW_COLUMNS,
    bot_seed,
    format_summary,
    game_plan,
    make_bot,
    play_game,
    simulate,
    summarize,
    wilson,
)

REPO = Path(__file__).resolve().parents[1]
# Cheap bots on every game (the heuristic bots of Code of Nine, Codinca and Count of Nine take seconds a game).
CHEAP = {"code_of_nine": ["random", "easy"], "codinca": ["random", "easy"], "count_of_nine": ["easy"],
         "double_nine": ["normal", "random"], "nine_knights": ["normal", "random"]}
STARTUP_TIMEOUT = 180  # seconds: a Dask process imports for up to ~20 s on a busy 2-core machine


def _rows_in_subprocess(env_extra: dict) -> list:
    code = ("import json, sys; from ninekit.simulate import simulate; "
            f"print(json.dumps([simulate(g, 2, b, seed=11) for g, b in {CHEAP!r}.items()]))")
    env = {**os.environ, **env_extra}
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=300, check=True)
    return json.loads(done.stdout)


# --- determinism ---------------------------------------------------------------------------------
def test_same_seed_and_arguments_give_the_same_rows():
    """Determinism: same game, bots, options and seed -> the same rows; another seed -> other games."""
    for game, bots in CHEAP.items():
        first = simulate(game, 3, bots, seed=5)
        assert simulate(game, 3, bots, seed=5) == first, game
        assert [row["seed"] for row in first] == [5, 6, 7]
    assert simulate("nine_knights", 3, ["normal", "random"], seed=6) != simulate("nine_knights", 3,
                                                                                 ["normal", "random"], seed=5)


def test_rows_are_the_same_in_other_processes_whatever_the_hash_seed():
    """Determinism across processes (what a Dask worker is): string hashing must not steer any game or bot."""
    here = json.loads(json.dumps([simulate(g, 2, b, seed=11) for g, b in CHEAP.items()]))
    assert _rows_in_subprocess({"PYTHONHASHSEED": "1"}) == here
    assert _rows_in_subprocess({"PYTHONHASHSEED": "2"}) == here


def test_a_row_replays_from_its_seed_and_the_documented_bot_seeds():
    """A row is reproducible by hand: the game dealt from its seed, each bot seeded with bot_seed(game, seed, seat)."""
    row = play_game("double_nine", ["normal", "random", "easy"], seed=9, options={"deck": "mixed"}, index=4)
    state = ninekit.make("double_nine", 3, deck="mixed").new(9)
    bots = [make_bot("double_nine", level, bot_seed("double_nine", 9, seat)) for seat, level in enumerate(row["bots"])]
    moves = 0
    while not state.is_over:
        state = state.play(bots[state.to_move].choose(state))
        moves += 1
    assert row["index"] == 4 and row["length"] == moves
    assert row["winners"] == list(state.outcome.winners) and row["scores"] == list(state.outcome.scores)
    assert row["reason"] == state.outcome.reason
    assert row["options"] == {"deck": "mixed", "teams": False, "target": False, "competition": False}


# --- the plan --------------------------------------------------------------------------------------
@pytest.mark.parametrize("bots, players", [(["hard", "random"], 2), (["hard", "random"], 4), (["hard", "random"], 3),
                                           (["normal", "easy", "random"], 3), (["hard"], 4)])
def test_each_listed_bot_plays_each_seat_equally_often(bots, players):
    """The listed bots, repeated to fill the seats, rotate over the seats: in every `players` games each seat
    sees each bot as often as the lineup holds it; game i is dealt from seed + i."""
    plan = game_plan("double_nine", 3 * players, bots, players=players, seed=100)
    assert [item["seed"] for item in plan] == list(range(100, 100 + 3 * players))
    assert all(len(item["bots"]) == players for item in plan)
    for seat in range(players):
        seen = [item["bots"][seat] for item in plan]
        for level in bots:
            expected = 3 * sum(1 for s in range(players) if bots[s % len(bots)] == level)
            assert seen.count(level) == expected, (seat, level, seen)


def test_players_default_to_the_number_of_bots_or_the_least_player_count():
    """--players is optional: the number of listed bots, or the game's least player count if that is more."""
    assert game_plan("double_nine", 1, ["hard", "normal", "easy"])[0]["players"] == 3
    assert game_plan("code_of_nine", 1, ["hard"])[0]["players"] == 3
    assert game_plan("count_of_nine", 1, ["normal"])[0]["players"] == 1


@pytest.mark.parametrize("kwargs, problem", [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"games": 0}, "number of games must be a whole number of at least 1 (got 0)"),
    ({"bots": ["hard", "genius"]}, "unknown bot level 'genius'; levels are: random, easy, normal, hard"),
    ({"bots": []}, "bots must be a non-empty list"),
    ({"bots": ["hard", "easy", "random"]}, "3 bots for 2 seats"),
    ({"players": 3}, "Nine Knights is for 2 players (got 3)"),
    ({"options": {"colour": "red"}}, "unknown option 'colour' for nine_knights"),
    ({"options": {"quiet_limit": 0}}, "option 'quiet_limit' must be a whole number from 2 to 1000"),
    ({"seed": -1}, "seed must be a whole number"),
    ({"seed": 2**64 - 1}, "seed must be a whole number from 0 to 2**64 - 2 for 2 games"),
])
def test_the_plan_refuses_wrong_arguments_naming_the_problem(kwargs, problem):
    """Every malformed argument gets a clear error naming the problem, before any game is played."""
    args = {"game": "nine_knights", "games": 2, "bots": ["hard", "random"], **kwargs}
    with pytest.raises(ValueError) as err:
        game_plan(**args)
    assert problem in str(err.value)


# --- rows and files -------------------------------------------------------------------------------
def test_a_row_has_the_documented_columns_and_plain_json_values():
    """One row per game: index, game, seed, players, options, seats, bots, winners, scores, length, reason."""
    rows = simulate("nine_knights", 2, ["normal", "random"], seed=3)
    assert ROW_COLUMNS == ("index", "game", "seed", "players", "options", "seats", "bots", "winners", "scores",
                           "length", "reason")
    for index, row in enumerate(rows):
        assert tuple(row) == ROW_COLUMNS
        assert json.loads(json.dumps(row)) == row
        assert row["index"] == index and row["game"] == "nine_knights" and row["players"] == 2
        assert row["seats"] == ["South", "North"]
        assert set(row["winners"]) <= {0, 1} and len(row["scores"]) == 2 and row["length"] > 0
        assert row["reason"]


def test_csv_has_one_row_per_game_with_the_documented_columns(tmp_path):
    """CSV: header ROW_COLUMNS; lists joined with ';' (a draw's winners empty), options as JSON text; reads back."""
    from ninekit.parallel import read_rows, write_rows

    rows = simulate("nine_knights", 3, ["normal", "random"], seed=3, options={"quiet_limit": 4})
    path = write_rows(rows, tmp_path / "rows.csv")
    with path.open(newline="", encoding="utf-8") as file:
        reader = csv.DictReader(file)
        cells = list(reader)
    assert tuple(reader.fieldnames) == ROW_COLUMNS
    assert len(cells) == 3
    for row, cell in zip(rows, cells):
        assert cell["seed"] == str(row["seed"]) and cell["length"] == str(row["length"])
        assert cell["seats"] == "South;North"
        assert cell["bots"] == ";".join(row["bots"])
        assert cell["winners"] == ";".join(map(str, row["winners"]))
        assert cell["scores"] == ";".join(map(str, row["scores"]))
        assert json.loads(cell["options"]) == {"defection": False, "quiet_limit": 4, "first": "random"}
        assert cell["reason"] == row["reason"]
    assert any(cell["winners"] == "" for cell in cells), "quiet_limit=4 should end some game in a draw"
    assert read_rows(path) == rows


def test_parquet_round_trip(tmp_path):
    """Parquet: the same columns (lists as list columns, options as JSON text), and the rows read back equal."""
    pq = pytest.importorskip("pyarrow.parquet")
    from ninekit.parallel import read_rows, write_rows

    rows = simulate("double_nine", 4, ["normal", "random"], players=3, seed=2**64 - 4)
    path = write_rows(rows, tmp_path / "rows.parquet")
    table = pq.read_table(path)
    assert tuple(table.column_names) == ROW_COLUMNS and table.num_rows == 4
    assert table.column("seed").to_pylist() == [2**64 - 4, 2**64 - 3, 2**64 - 2, 2**64 - 1]
    assert read_rows(path) == rows


def test_writing_refuses_an_unknown_file_suffix(tmp_path):
    """Only .csv and .parquet are written; anything else is refused by name."""
    from ninekit.parallel import write_rows

    with pytest.raises(ValueError, match=r"must end in \.csv or \.parquet \(got '.*rows\.xlsx'\)"):
        write_rows([], tmp_path / "rows.xlsx")


# --- the summary ----------------------------------------------------------------------------------
@pytest.mark.parametrize("wins, trials, low, high", [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605),
                                                     (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)])
def test_wilson_interval_matches_published_values(wins, trials, low, high):
    """The 95% Wilson score interval, checked against Newcombe (1998), Stat. Med. 17:857, Table I, method 3."""
    got = wilson(wins, trials)
    assert got == pytest.approx((low, high), abs=1e-4)


def _row(bots, winners, scores, length, reason, seats=("A", "B")):
    return {"players": len(bots), "seats": list(seats), "bots": list(bots), "winners": winners, "scores": scores,
            "length": length, "reason": reason}


def test_summary_of_a_hand_made_example():
    """Win shares per bot and per seat count a shared win 1/k to each of k winners and a draw 0; Wilson
    intervals on those counts; length mean and median; endings of one kind counted together."""
    rows = [
        _row(["hard", "random"], [0], [1, 0], 10, "A won with 3 points"),
        _row(["random", "hard"], [1], [0, 1], 20, "B won with 5 points"),
        _row(["hard", "random"], [0, 1], [1, 1], 30, "A and B share the win"),
        _row(["random", "hard"], [], [0.5, 0.5], 100, "draw"),
    ]
    s = summarize(rows)
    assert s["games"] == 4 and s["players"] == 2 and s["fair_share"] == 0.5 and s["draws"] == 1
    hard, rand = s["bots"]["hard"], s["bots"]["random"]
    assert (hard["seats"], hard["wins"], hard["share"]) == (4, 2.5, 0.625)
    assert (rand["seats"], rand["wins"], rand["share"]) == (4, 0.5, 0.125)
    assert (hard["low"], hard["high"]) == pytest.approx(wilson(2.5, 4))
    assert hard["mean_score"] == pytest.approx((1 + 1 + 1 + 0.5) / 4)
    assert list(s["bots"]) == ["random", "hard"]  # weakest level first
    seat_a, seat_b = s["seats"]
    assert (seat_a["name"], seat_a["wins"], seat_b["name"], seat_b["wins"]) == ("A", 1.5, "B", 1.5)
    assert s["length"] == {"mean": 40, "median": 25, "min": 10, "max": 100}
    assert s["reasons"] == {"<seat> won with N points": 2, "<seat> and <seat> share the win": 1, "draw": 1}
    text = format_summary(s, "example")
    assert text.startswith("example: 4 games, 2 players, 1 draw\n")
    assert "hard          4     2.5   62.5%" in text
    assert "2  <seat> won with N points" in text


def test_summary_refuses_no_rows():
    """An empty run has nothing to summarize, and says so."""
    with pytest.raises(ValueError, match="no games to summarize"):
        summarize([])


def test_a_failing_game_is_named_by_its_number_and_seed():
    """The driver names the game that failed (number, seed, bots) instead of losing it in a worker traceback."""
    from ninekit.parallel import run

    bad = {"game": "nine_knights", "bots": ["random"], "seed": 5, "players": None, "options": None, "index": 7}
    with pytest.raises(RuntimeError, match=r"game 7 \(nine_knights, seed 5, bots \['random'\]\) failed: ValueError"):
        run([bad], jobs=1, progress=False)


def test_driver_progress_callback_counts_every_game():
    """run(progress=callable) reports (done, total) as games finish, like simulate(progress=...)."""
    from ninekit.parallel import run

    seen = []
    rows = run(game_plan("double_nine", 3, ["random"], seed=1), jobs=1, progress=lambda *p: seen.append(p))
    assert seen == [(1, 3), (2, 3), (3, 3)] and [row["seed"] for row in rows] == [1, 2, 3]


# --- the command line -------------------------------------------------------------------------------
@pytest.mark.parametrize("args, problem", [
    (["chess", "--games", "2", "--bots", "random"], "unknown game 'chess'; games are: code_of_nine"),
    (["nine_knights", "--games", "0", "--bots", "random"], "argument --games: must be at least 1 (got 0)"),
    (["nine_knights", "--games", "two", "--bots", "random"], "argument --games: must be a whole number"),
    (["nine_knights", "--games", "2", "--bots", "random,genius"], "--bots: unknown bot level 'genius'"),
    (["nine_knights", "--games", "2", "--bots", "random,"], "--bots: an empty bot level"),
    (["nine_knights", "--games", "2", "--bots", "random", "--players", "3"], "Nine Knights is for 2 players"),
    (["nine_knights", "--games", "2", "--bots", "random", "--option", "colour=red"], "unknown option 'colour'"),
    (["nine_knights", "--games", "2", "--bots", "random", "--option", "quiet_limit=soon"],
     "option 'quiet_limit' of nine_knights needs a whole number (got 'soon')"),
    (["nine_knights", "--games", "2", "--bots", "random", "--option", "defection=maybe"],
     "option 'defection' of nine_knights is a switch: true or false (got 'maybe')"),
    (["nine_knights", "--games", "2", "--bots", "random", "--option", "quiet_limit=5", "--option", "quiet_limit=6"],
     "'quiet_limit' is given twice"),
    (["nine_knights", "--games", "2", "--bots", "random", "--option", "defection"], "is written name=value"),
    (["nine_knights", "--games", "2", "--bots", "random", "--jobs", "0"], "argument --jobs: must be at least 1"),
    (["nine_knights", "--games", "2", "--bots", "random", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"],
     "not allowed with argument"),
    (["nine_knights", "--games", "2", "--bots", "random", "--out", "rows.xlsx"], "--out: the file must end in .csv"),
    (["nine_knights", "--games", "2", "--bots", "random", "--out", "/no/such/folder/rows.csv"],
     "--out: no folder '/no/such/folder'"),
    (["nine_knights", "--games", "2", "--bots", "random", "--seed", "-3"], "seed must be a whole number"),
])
def test_cli_names_every_wrong_argument_with_exit_code_2(args, problem, capsys):
    """Unknown game / bot level / option, bad --players, --games <= 0, bad --out: a clear error, exit code 2."""
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", *args])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "python -m ninekit simulate: error:" in err and problem in err, err


def test_cli_without_the_sim_extra_says_how_to_install_it(monkeypatch, capsys):
    """Without tqdm/Dask the command says "pip install 'ninekit[sim]'" (exit code 1) before playing a game."""
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm now raises ImportError
    assert main(["simulate", "nine_knights", "--games", "2", "--bots", "random", "--jobs", "1"]) == 1
    assert "pip install 'ninekit[sim]'" in capsys.readouterr().err


def test_cli_in_process_writes_the_rows_and_prints_the_summary(tmp_path, capsys):
    """--jobs 1 plays in this process; the file holds simulate()'s rows; the summary shows shares and intervals."""
    out = tmp_path / "rows.csv"
    assert main(["simulate", "nine_knights", "--games", "4", "--bots", "normal,random", "--seed", "3",
                 "--option", "defection=true", "--jobs", "1", "--out", str(out), "--quiet"]) == 0
    from ninekit.parallel import read_rows

    assert read_rows(out) == simulate("nine_knights", 4, ["normal", "random"], seed=3, options={"defection": True})
    printed = capsys.readouterr().out
    assert printed.startswith("nine_knights (bots normal,random, seeds 3 to 6, defection=True): 4 games")
    assert "Win share by bot (95% Wilson interval" in printed and "Win share by seat" in printed


def test_cli_help_lists_the_simulate_command(capsys):
    """`python -m ninekit --help` names the simulate command."""
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0 and "simulate" in capsys.readouterr().out


# --- Dask -------------------------------------------------------------------------------------------
def test_local_dask_cluster_gives_the_same_rows_as_the_serial_run(tmp_path):
    """The default parallel path, for real: a LocalCluster of 2 worker processes (small chunks, so that the
    games are spread and arrive out of order) gives exactly simulate()'s rows, written to parquet."""
    pytest.importorskip("distributed")
    pytest.importorskip("pyarrow")
    from ninekit.parallel import read_rows

    out = tmp_path / "rows.parquet"
    assert main(["simulate", "double_nine", "--games", "12", "--bots", "normal,random", "--players", "3",
                 "--seed", "40", "--jobs", "2", "--chunk", "2", "--out", str(out), "--quiet"]) == 0
    assert read_rows(out) == simulate("double_nine", 12, ["normal", "random"], players=3, seed=40)


def _dask_command(name: str) -> list[str]:
    """`dask scheduler` (distributed >= 2022.10) or the older `dask-scheduler`, next to this Python first."""
    here = Path(sys.executable).parent
    for candidate in (here / "dask", shutil.which("dask")):
        if candidate and Path(candidate).exists():
            return [str(candidate), name]
    for candidate in (here / f"dask-{name}", shutil.which(f"dask-{name}")):
        if candidate and Path(candidate).exists():
            return [str(candidate)]
    pytest.skip(f"neither `dask {name}` nor `dask-{name}` is installed")


def _wait_for(path: Path, procs: list, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not (path.exists() and path.stat().st_size > 0):
        for proc in procs:
            if proc.poll() is not None:
                raise AssertionError(f"{proc.args} exited with code {proc.returncode}")
        if time.monotonic() > deadline:
            raise AssertionError(f"{path.name} did not appear within {timeout} s")
        time.sleep(0.2)


def test_scheduler_and_two_workers_as_separate_processes(tmp_path, capsys):
    """--scheduler: a `dask scheduler` and two `dask worker` processes on 127.0.0.1 (free ports: --port 0 and a
    scheduler file) run the same simulation through the command's --scheduler, with the same rows as the
    serial run, and both workers play."""
    distributed = pytest.importorskip("distributed")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    scheduler_file = tmp_path / "scheduler.json"
    logs = []
    procs = []

    def start(command, name):
        log = (tmp_path / f"{name}.log").open("w")
        logs.append(log)
        procs.append(subprocess.Popen(command, cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT))

    try:
        start([*_dask_command("scheduler"), "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
               "--scheduler-file", str(scheduler_file)], "scheduler")
        _wait_for(scheduler_file, procs, STARTUP_TIMEOUT)
        address = json.loads(scheduler_file.read_text())["address"]
        assert address.startswith("tcp://127.0.0.1:")
        for number in (1, 2):
            start([*_dask_command("worker"), address, "--host", "127.0.0.1", "--nworkers", "1", "--nthreads", "1",
                   "--no-dashboard", "--name", f"worker-{number}"], f"worker-{number}")
        with distributed.Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=STARTUP_TIMEOUT)
            assert len(client.scheduler_info()["workers"]) == 2
        out = tmp_path / "rows.csv"
        assert main(["simulate", "nine_knights", "--games", "8", "--bots", "normal,random", "--seed", "21",
                     "--scheduler", address, "--chunk", "1", "--out", str(out), "--quiet"]) == 0
        assert "8 games, 2 players" in capsys.readouterr().out
        from ninekit.parallel import read_rows

        assert read_rows(out) == simulate("nine_knights", 8, ["normal", "random"], seed=21)
        with distributed.Client(address, timeout=60) as client:  # both workers played (8 tasks of one game)
            executed = client.run(lambda dask_worker: dask_worker.state.executed_count)
        assert sorted(executed.values())[0] > 0 and sum(executed.values()) == 8, executed
    except BaseException:
        for log in logs:  # shown by pytest with the failure
            log.flush()
            print(f"--- {log.name}\n{Path(log.name).read_text()}", file=sys.stderr)
        raise
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in reversed(procs):
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=20)
        for log in logs:
            log.close()


def test_an_unreachable_scheduler_is_a_clear_error(capsys, monkeypatch):
    """--scheduler at an address nobody listens on: an error naming the scheduler, exit code 1, no traceback."""
    pytest.importorskip("distributed")
    from ninekit import parallel

    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT", "0.5s")
    code = main(["simulate", "nine_knights", "--games", "2", "--bots", "random", "--scheduler", "tcp://127.0.0.1:9",
                 "--quiet"])
    assert code == 1
    assert "the Dask scheduler at tcp://127.0.0.1:9 failed" in capsys.readouterr().err


def test_bot_levels_are_random_and_the_levels_of_bot_for():
    """The levels a simulation seats: random, then ninekit.bots.LEVELS (easy, normal, hard)."""
    from ninekit.bots import LEVELS

    assert BOT_LEVELS == ("random", *LEVELS)


def test_benchmark_script_runs_on_a_tiny_budget(capsys):
    """benchmarks/simulate.py still runs (jobs 1, two games; no speed is asserted here)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("ninekit_benchmarks_simulate", REPO / "benchmarks" / "simulate.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    try:
        spec.loader.exec_module(module)
        assert module.main(["--game", "double_nine", "--bots", "random", "--games", "2", "--jobs", "1"]) == 0
    finally:
        sys.modules.pop(spec.name, None)
    out = capsys.readouterr().out
    assert "double_nine, bots random, 2 games" in out and "games/s" in out
