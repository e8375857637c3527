"""benchmarks/run.py still runs: its measuring functions on a tiny budget (no speed is asserted here)."""

import importlib.util
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
