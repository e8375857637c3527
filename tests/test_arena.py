"""The bot arena (ninekit.arena, issue 13): a round-robin tournament between learners' ``choose(view,
legal_moves)`` functions and the built-in levels.

What is checked: the round robin seats every group in every rotation on the same deals; an entry sees only a
copy of its seat's view; an entry that raises, returns an illegal move or something that is not a move, runs
past its time limit (even in a loop that never yields) or dies loses that game with the reason, everybody else
at the table wins it, and the tournament always completes; a runaway entry's process is killed; the same seed
gives the same rows; the progress callback; bad arguments are refused with a message naming the problem.
"""

from __future__ import annotations

import os
import time

import pytest

import ninekit
from ninekit import arena
from ninekit.arena import entry, leaderboard, tournament

GAME = "double_nine"  # quick games (about 80 decisions), 2-4 players, hidden hands


def first(view, legal_moves):
    return legal_moves[0]


def last(view, legal_moves):
    return legal_moves[-1]


def test_round_robin_plays_every_group_in_every_seating_on_the_same_deals():
    """Every pair plays each deal once from each seat; each row names the entries by seat and its winners."""
    rows = tournament(GAME, [entry("first", first), entry("easy"), entry("last", last)], games=2, seed=5)
    assert len(rows) == 3 * 2 * 2  # 3 pairs x 2 deals x 2 seatings
    assert [r["number"] for r in rows] == list(range(1, 13))
    seatings = {tuple(r["entries"]) for r in rows}
    assert seatings == {("first", "easy"), ("easy", "first"), ("first", "last"), ("last", "first"),
                        ("easy", "last"), ("last", "easy")}
    assert len({r["seed"] for r in rows}) == 2, "all groups play the same two deals"
    for r in rows:
        assert list(r) == list(arena.ROW_COLUMNS)
        assert set(r["winners"]) <= set(r["entries"]) and r["forfeit"] == "" and r["length"] > 0
        assert len(r["scores"]) == 2 and r["reason"]


def test_solo_game_every_entry_plays_the_same_deals_ranked_by_score():
    """Count of Nine is solo: every entry plays each deal; the leaderboard ranks by mean score."""
    rows = tournament("count_of_nine", [entry("first", first), entry("easy")], games=2, seed=1)
    assert [r["entries"] for r in rows] == [["first"], ["first"], ["easy"], ["easy"]]
    assert [r["seed"] for r in rows[:2]] == [r["seed"] for r in rows[2:]]
    board = leaderboard(rows)
    assert board[0]["mean_score"] >= board[1]["mean_score"]


def test_entry_sees_only_its_own_view_and_cannot_change_the_game():
    """The view is the seat's JSON view (no other hand) and a copy: scribbling on it changes nothing."""
    seen = []

    def scribbler(view, legal_moves):
        assert view["seat"] == view["to_move"]
        assert view["hands"] is None, "another player's hand reached the entry"
        view["boards"].clear()
        view["hand"].append("Luna")
        legal_moves.reverse()
        seen.append(1)
        return legal_moves[-1]  # the first move, as given

    rows = tournament(GAME, [entry("scribbler", scribbler), entry("first", first)], games=1, seed=2)
    again = tournament(GAME, [entry("scribbler", first), entry("first", first)], games=1, seed=2)
    assert [r["forfeit"] for r in rows] == ["", ""]
    # Playing the first move after scribbling gives exactly the game of the plain first-move entry.
    assert [(r["winners"], r["scores"], r["length"]) for r in rows] == \
           [(r["winners"], r["scores"], r["length"]) for r in again]
    assert not seen, "the entry ran in a child process, not in the tournament's"


def boom(view, legal_moves):
    return {}["no such key"]


def not_legal(view, legal_moves):
    return ninekit.Move("card", ("Nobody's card",))


def an_index(view, legal_moves):
    return 0


def test_raising_entry_loses_that_game_with_the_exception_named():
    """An entry that raises forfeits: it loses, the opponent wins, the reason names the exception and line."""
    rows = tournament(GAME, [entry("boom", boom), entry("easy")], games=1, seed=3)
    assert len(rows) == 2
    for r in rows:
        assert r["forfeit"] == "boom" and r["winners"] == ["easy"] and r["scores"] == []
        assert r["forfeit_reason"].startswith("raised KeyError: 'no such key' (line ")
        assert r["forfeit_reason"].endswith(" of boom)")
        assert r["reason"] == "boom forfeits: " + r["forfeit_reason"]


def test_illegal_move_loses_that_game_naming_the_move_and_the_rule():
    rows = tournament(GAME, [entry("easy"), entry("cheat", not_legal)], games=1, seed=3)
    for r in rows:
        assert r["forfeit"] == "cheat" and r["winners"] == ["easy"]
        assert r["forfeit_reason"].startswith("returned an illegal move, card Nobody's card: ")
        assert len(r["forfeit_reason"]) > len("returned an illegal move, card Nobody's card: ")


def test_returning_something_that_is_not_a_move_loses():
    rows = tournament(GAME, [entry("index", an_index), entry("easy")], games=1, seed=3)
    assert {r["forfeit_reason"] for r in rows} == {"returned 0, which is not a move (return one of legal_moves)"}


def test_slow_entry_loses_at_its_time_limit_and_its_process_is_killed(tmp_path):
    """An entry past its time limit forfeits ("took more than T s"); a loop that never ends is stopped: its
    process is gone when the tournament returns, so it burns no CPU."""
    pids = tmp_path / "pids"

    def spinner(view, legal_moves):
        with open(pids, "a") as f:
            f.write(f"{os.getpid()}\n")
        while True:
            pass

    started = time.monotonic()
    rows = tournament(GAME, [entry("spinner", spinner), entry("easy")], games=1, seed=4, time_limit=0.3)
    assert time.monotonic() - started < 10
    assert [r["forfeit_reason"] for r in rows] == ["took more than 0.3 s to decide"] * 2
    assert [r["winners"] for r in rows] == [["easy"], ["easy"]]
    for pid in map(int, pids.read_text().split()):
        assert pid != os.getpid()
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_entry_in_a_long_c_call_is_stopped_too():
    """A computation that never returns to Python (a huge power) cannot be interrupted by a signal or a
    thread; the child process is killed at the limit all the same."""

    def huge(view, legal_moves):
        return 10 ** 10 ** 9

    started = time.monotonic()
    rows = tournament(GAME, [entry("easy"), entry("huge", huge)], games=1, seed=4, time_limit=0.3)
    assert time.monotonic() - started < 10
    assert {r["forfeit_reason"] for r in rows} == {"took more than 0.3 s to decide"}


def test_entry_that_dies_loses():
    def quit_hard(view, legal_moves):
        os._exit(3)

    rows = tournament(GAME, [entry("quitter", quit_hard), entry("easy")], games=1, seed=4)
    assert {r["forfeit_reason"] for r in rows} == {"stopped running (exit code 3)"}


def test_entry_that_behaves_then_misbehaves_loses_only_the_games_it_breaks():
    """Forfeiting is per game: an entry that raises only on some deals wins or loses the others normally;
    the tournament always completes, and the leaderboard lists the reasons."""

    def moody(view, legal_moves):
        if view["seat"] == 1:
            raise RuntimeError("I only play first")
        return legal_moves[0]

    rows = tournament(GAME, [entry("moody", moody), entry("easy"), entry("normal")], games=2, seed=6)
    assert len(rows) == 12
    broken = [r for r in rows if r["forfeit"]]
    assert broken and all(r["entries"][1] == "moody" for r in broken)
    assert all(r["forfeit"] == "" for r in rows if r["entries"][0] == "moody")
    board = {r["name"]: r for r in leaderboard(rows)}
    assert board["moody"]["forfeits"] == len(broken) == 4
    assert board["moody"]["reasons"] == [broken[0]["forfeit_reason"]]
    assert "RuntimeError: I only play first" in broken[0]["forfeit_reason"]
    assert sum(r["played"] for r in board.values()) == 2 * len(rows)


def test_same_seed_same_results_even_for_an_entry_using_random():
    """Determinism: the child's random module is seeded from the deal."""
    import random

    def lucky(view, legal_moves):
        return random.choice(legal_moves)

    run = lambda seed: tournament(GAME, [entry("lucky", lucky), entry("easy")], games=2, seed=seed)  # noqa: E731
    assert run(8) == run(8)
    assert run(8) != run(9)


def test_progress_is_reported_after_each_game():
    calls = []
    rows = tournament(GAME, [entry("easy"), entry("first", first)], games=2, seed=0,
                      progress=lambda done, total: calls.append((done, total)))
    assert calls == [(i, len(rows)) for i in range(1, len(rows) + 1)]


def test_leaderboard_counts_and_ranks():
    rows = tournament("nine_knights", [entry("easy"), entry("normal")], games=3, seed=2)
    board = leaderboard(rows)
    assert [list(r) for r in board] == [list(arena.BOARD_COLUMNS)] * 2
    for r in board:
        assert r["played"] == 6 == r["won"] + r["drawn"] + r["lost"]
        assert r["low"] <= r["win_share"] <= r["high"]
    assert board[0]["win_share"] >= board[1]["win_share"]
    assert [r["rank"] for r in board] == [1, 2]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"games": 0}, "games must be a whole number from 1 (got 0)"),
    ({"time_limit": 0}, "time_limit must be a number of seconds above 0, at most 10 (got 0)"),
    ({"time_limit": 60}, "time_limit must be a number of seconds above 0, at most 10 (got 60)"),
    ({"seed": -1}, "seed must be a whole number from 0 (got -1)"),
    ({"games": 200}, "that tournament would play 400 games; the most is 300"),
    ({"players": 5}, "Double Nine is for 2 to 4 players (got 5)"),
    ({"players": 3}, "a 3-player tournament needs at least 3 entries (got 2)"),
])
def test_bad_arguments_are_refused_with_the_problem_named(kwargs, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        tournament(GAME, [entry("easy"), entry("normal")], **kwargs)


def test_bad_entries_are_refused():
    with pytest.raises(ValueError, match="every entry needs its own name"):
        tournament(GAME, [entry("easy"), entry("easy")])
    with pytest.raises(ValueError, match="entries must be made with arena.entry"):
        tournament(GAME, [first, entry("easy")])
    with pytest.raises(ValueError, match="needs a function"):
        entry("mine", "legal_moves[0]")
    with pytest.raises(ValueError, match="an entry needs a name"):
        entry("  ", first)


def test_forfeit_at_a_bigger_table_gives_the_win_to_everybody_else():
    """In a 3-player game the forfeiting entry loses and the other two share the win (1/2 point each)."""
    rows = tournament(GAME, [entry("boom", boom), entry("easy"), entry("first", first)], games=1, players=3, seed=1)
    assert len(rows) == 3
    for r in rows:
        assert r["forfeit"] == "boom" and sorted(r["winners"]) == ["easy", "first"]
    board = {r["name"]: r for r in leaderboard(rows)}
    assert board["easy"]["points"] == board["first"]["points"] == 1.5
    assert board["boom"]["points"] == 0 and board["boom"]["rank"] == 3


def test_gallery_offers_the_server_only_notebooks_but_the_static_site_does_not_link_them():
    """The analysis notebook and the arena need a Python server: the Voila gallery links them and says so, and
    the static site's gallery (built from the same notebook by serving/static_site/build.py) leaves that cell out."""
    import json
    import re
    from pathlib import Path

    from notebook_text import static_site_build

    repo = Path(__file__).resolve().parents[1]
    build = static_site_build()
    gallery = json.loads((repo / "notebooks" / "index.ipynb").read_text())
    voila = "\n".join("".join(c["source"]) for c in gallery["cells"] if c["cell_type"] == "markdown")
    static = "\n".join(build.gallery_cells(gallery))
    for name in ("analysis.ipynb", "arena.ipynb"):
        assert f'href="{name}"' in voila and (repo / "notebooks" / name).is_file()
        assert name not in static
    assert "need a Python server" in voila
    for link in re.findall(r'href="([^"#]+\.ipynb)"', static):
        assert link.split("/")[0] in build.PAGE_DIRS, f"the static gallery links {link}, which the site does not ship"


def test_the_reason_points_at_the_learners_line_not_inside_a_library():
    """An error raised inside a library the entry called names the entry's own line that called it."""
    import json

    def parse(view, legal_moves):
        json.loads("not json")  # the line the reason should name
        return legal_moves[0]

    line = parse.__code__.co_firstlineno + 1
    rows = tournament(GAME, [entry("parser", parse), entry("easy")], games=1, seed=3)
    assert rows[0]["forfeit_reason"].startswith("raised JSONDecodeError: Expecting value")
    assert rows[0]["forfeit_reason"].endswith(f"(line {line} of parse)")
