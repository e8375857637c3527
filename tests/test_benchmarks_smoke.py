"""benchmarks/run.py still runs: its measuring functions on a tiny budget (no speed is asserted here)."""

import importlib.util
import json
import random
import sys
from pathlib import Path

import pytest

import ninekit

RUN_PY = Path(__file__).resolve().parents[1] / "benchmarks" / "run.py"


def _benchmark_module(path: Path, name: str):
    """Import a benchmark script by its path for the tests' duration (it is not a package)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)


@pytest.fixture(scope="module")
def bench():
    yield from _benchmark_module(RUN_PY, "ninekit_benchmarks_run")


@pytest.mark.parametrize("name", ninekit.games())
def test_ninekit_playouts_finish_games(bench, name):
    tally = bench.ninekit_playouts(name, 0.02)
    assert tally.games >= 1 and tally.plies >= tally.games and tally.seconds >= 0.02
    assert tally.rate > 0


def test_chess_playouts_finish_games(bench):
    pytest.importorskip("chess")
    tally = bench.chess_playouts(0.02)
    assert tally.games >= 1 and tally.plies > 0 and tally.rate > 0


def test_compare_and_report(bench):
    pytest.importorskip("chess")
    row = bench.compare(ninekit.games()[0], seconds=0.05, slice_seconds=0.025, warmup=0)
    assert row.slices == 2 and row.rate > 0 and row.chess_rate > 0 and row.ratio > 0
    assert isinstance(row.passed, bool)
    text = bench.playout_report([row])
    assert row.game in text and ("PASS" in text or "BELOW" in text)


def test_main_exits_zero_without_check(bench, capsys):
    pytest.importorskip("chess")
    assert bench.main(["--seconds", "0.03", "--slice", "0.03"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in ninekit.games())


def test_voila_report_formats(bench):
    assert "median 2.00 s over 3" in bench.voila_report([1.0, 2.0, 3.0])


ANALYST_PY = Path(__file__).resolve().parents[1] / "benchmarks" / "analyst.py"


@pytest.fixture(scope="module")
def analyst_bench():
    yield from _benchmark_module(ANALYST_PY, "ninekit_benchmarks_analyst")


def test_analyst_benchmark_runs(analyst_bench, capsys):
    """benchmarks/analyst.py: best_line timing, hint timing and the bot match on a tiny budget."""
    row = analyst_bench.time_best_line([0], cap=1)
    assert row.deals == [0] and row.seconds[0] >= 0 and isinstance(row.scores[0], int)
    assert "| 1 | 1 |" in analyst_bench.timing_report([row])
    times = analyst_bench.hint_times(0, samples=1, limit=3)
    assert len(times) == 3 and "| all | 3 |" in analyst_bench.hint_report(times)
    quick = analyst_bench.CountOfNineBot
    result = analyst_bench.bot_strength(1, best_cap=1, make_bot=lambda seed: quick(seed, samples=1, ahead=0))
    assert len(result["bot"]) == len(result["random"]) == 1 and len(result["best"]) == 2
    assert "CountOfNineBot" in analyst_bench.bot_report(result, 1)
    assert analyst_bench.main(["--deals", "1", "--caps", "1", "--skip-hints", "--games", "0"]) == 0
    assert "best_line from the opening" in capsys.readouterr().out


def test_site_benchmark_measures_a_folder(tmp_path):
    """benchmarks/site.py's size count (the browser part needs a built site and Chromium: not run here)."""
    module = next(_benchmark_module(RUN_PY.with_name("site.py"), "ninekit_benchmarks_site"))
    (tmp_path / "a").write_bytes(b"12345")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "c").write_bytes(b"678")
    assert module.site_size(tmp_path) == (8, 2)


def test_sandbox_benchmark_reports_median_and_p95():
    """benchmarks/sandbox.py's table row (the browser part needs Voila and Chromium: not run here)."""
    module = next(_benchmark_module(RUN_PY.with_name("sandbox.py"), "ninekit_benchmarks_sandbox"))
    assert module._row("nine_knights", "move", [0.05, 0.07, 0.06]) == "| nine_knights | move | 60 ms | 70 ms | 3 |"
    assert module._row("nine_knights", "tree", []).endswith("| n/a | n/a | 0 |")


IDEAS_PY = RUN_PY.with_name("code_of_nine_ideas.py")


def test_code_of_nine_ideas_variants_decide_legally(tmp_path, monkeypatch):
    """benchmarks/code_of_nine_ideas.py: every variant makes a legal decision (tiny budgets, made-up tables);
    the cheats see what they claim (all eight Memories; every Shoal card; the next seat's), the fair variants
    sample worlds."""
    ideas = next(_benchmark_module(IDEAS_PY, "ninekit_benchmarks_con_ideas"))
    rows = [(1, [7, 9], "cross", ["cross", "hearth"]), (1, [3, 5], "hearth", ["cross", "hearth"])]
    (tmp_path / "s.json").write_text(json.dumps(rows))
    (tmp_path / "f.json").write_text(json.dumps({"chosen": {"1:hearth": 3}, "available": {"1:hearth": 5}}))
    monkeypatch.setattr(ideas, "SIGNALS", str(tmp_path / "s.json"))
    monkeypatch.setattr(ideas, "FREQUENCIES", str(tmp_path / "f.json"))
    monkeypatch.setattr(ideas.Infer, "table", None)
    monkeypatch.setattr(ideas.Frequencies, "table", None)
    state = ninekit.make("code_of_nine", 3).new(4)
    while state.legal_moves()[0].kind != "place" or state.position.round < 2:
        state = state.play(state.legal_moves()[0])
    seat = state.to_move
    for cls in (ideas.Variant, ideas.Frequencies, ideas.Belief, ideas.Voi, ideas.Infer, ideas.Cheat,
                ideas.ShoalCheat, ideas.OneShoalCheat):
        assert cls(1, budget=300).choose(state) in state.legal_moves(), cls.__name__
    truth = state.position
    assert ideas.Cheat(1).world(state, seat, None) == truth
    shoal = ideas.ShoalCheat(1).world(state, seat, random.Random(2))
    assert all(shoal.mem[s] == truth.mem[s] for s in range(0, 8, 2))
    nxt = 2 * ((seat + 1) % 3)   # one_shoal_cheat: the next seat's Shoal card, and not always the others'
    ones = [ideas.OneShoalCheat(1).world(state, seat, random.Random(k)) for k in range(12)]
    assert all(w.mem[nxt] == truth.mem[nxt] for w in ones)
    assert any(w.mem[s] != truth.mem[s] for w in ones for s in range(0, 8, 2) if s not in (nxt, 2 * seat))
    fair = [ideas.Variant(1).world(state, seat, random.Random(k)) for k in range(12)]
    assert any(w.mem != truth.mem for w in fair)
    ratios = ideas.likelihood_ratios(rows)
    assert ratios[7, "cross"] > 1 > ratios[3, "cross"]


def test_tables_benchmark_pairs_each_move_with_the_other_screen():
    """benchmarks/tables.py: a move's latency runs from its storing to the first time the *other* screen showed a
    state with it, and a move the other screen never showed is counted as missing (the 30 screen processes are not
    started here)."""
    module = next(_benchmark_module(RUN_PY.with_name("tables.py"), "ninekit_benchmarks_tables"))
    mover = {"pair": 0, "seat": 0, "stored": [["t", 1, 9.9, 10.0], ["t", 3, 12.0, 12.1]], "shown": [["t", 1, 10.0]]}
    other = {"pair": 0, "seat": 1, "stored": [], "shown": [["t", 1, 10.3], ["t", 2, 10.6]]}
    stored, clicked, missing = module.latencies([mover, other])
    assert [round(x, 2) for x in stored] == [0.3] and [round(x, 2) for x in clicked] == [0.4] and missing == 1
    assert module.percentile([0.1, 0.2, 0.3, 0.4], 0.5) in (0.2, 0.25, 0.3)
