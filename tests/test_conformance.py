"""The contract every ninekit game keeps, checked by random games of each.

Parametrised over ``ninekit.games()`` and every player count, so a new game
gets all of it for free (as OpenSpiel's random-simulation test does).
"""

from __future__ import annotations

import json
import random

import pytest

import ninekit
from ninekit import IllegalMove, Move
from ninekit.core import MAX_SAVE_BYTES, random_playout


def _cases():
    """Every game at every player count with default options, plus each other choice of each option."""
    for name in ninekit.games():
        rules = ninekit.make(name).rules
        for players in range(rules.min_players, rules.max_players + 1):
            yield name, players, {}
            for option in rules.options:
                for value in option.choices or ():
                    if value == option.default:
                        continue
                    try:
                        ninekit.make(name, players, **{option.name: value})
                    except ValueError:
                        continue  # the option does not apply at this player count
                    yield name, players, {option.name: value}


CASES = list(_cases())
IDS = [f"{n}-{p}p" + "".join(f"-{k}={v}" for k, v in o.items()) for n, p, o in CASES]
SEEDS = range(4)


def _walk(name, players, options, seed, every=1):
    """Yield every ``every``-th state of a random game, and the move played from it."""
    state = ninekit.make(name, players, **options).new(seed)
    rng = random.Random(seed)
    ply = 0
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        if ply % every == 0:
            yield state, move
        state = state.play(move)
        ply += 1
    yield state, None


@pytest.mark.parametrize("name,players,options", CASES, ids=IDS)
def test_random_games_end_with_a_well_formed_outcome(name, players, options):
    """Termination: random games end; the outcome has a score and details per seat."""
    game = ninekit.make(name, players, **options)
    for seed in SEEDS:
        end = random_playout(game.new(seed), random.Random(seed))
        out = end.outcome
        assert end.is_over and end.to_move is None and end.legal_moves() == ()
        assert len(out.scores) == players and len(out.details) == players
        assert all(0 <= w < players for w in out.winners)
        assert out.reason
        json.dumps(out.to_json())


@pytest.mark.parametrize("name,players,options", CASES, ids=IDS)
def test_same_seed_same_game(name, players, options):
    """Determinism: same game, options, seed and moves give the same states."""
    a = [(s.view(None), m) for s, m in _walk(name, players, options, 3)]
    b = [(s.view(None), m) for s, m in _walk(name, players, options, 3)]
    assert a == b


@pytest.mark.parametrize("name,players,options", CASES, ids=IDS)
def test_legal_moves_are_stable_and_play_never_mutates(name, players, options):
    """legal_moves() is a non-empty tuple in a stable order; play() returns a new State."""
    for state, move in _walk(name, players, options, 1, every=3):
        if move is None:
            continue
        before_view = [state.view(s) for s in range(players)]
        before_hist = state.history
        legal = state.legal_moves()
        assert isinstance(legal, tuple) and legal
        assert len(set(legal)) == len(legal), "duplicate legal moves"
        assert legal == state.legal_moves()
        assert state.to_move is not None and state.prompt
        after = state.play(move)
        assert after is not state
        assert [state.view(s) for s in range(players)] == before_view
        assert state.history == before_hist
        assert after.history == before_hist + ((state.to_move, move),)


@pytest.mark.parametrize("name,players,options", CASES, ids=IDS)
def test_moves_round_trip_through_json(name, players, options):
    """Every legal Move survives to_json / parse_move, and str() is a sentence."""
    game = ninekit.make(name, players, **options)
    for state, _ in _walk(name, players, options, 2, every=2):
        for move in state.legal_moves():
            text = json.dumps(move.to_json())
            back = game.parse_move(json.loads(text))
            assert back == move and hash(back) == hash(move)
            assert str(move) and str(move)[0].isupper()


@pytest.mark.parametrize("name,players,options", CASES, ids=IDS)
def test_illegal_input_is_rejected_and_state_unchanged(name, players, options):
    """Garbage, moves of another state and moves after the end raise IllegalMove naming the rule."""
    game = ninekit.make(name, players, **options)
    seen: set[Move] = set()
    for state, _ in _walk(name, players, options, 4, every=2):
        seen.update(state.legal_moves())
    for state, move in _walk(name, players, options, 4, every=5):
        view = state.view(None)
        for junk in ["e4", None, 42, {"kind": "to"}, Move("no-such-kind"), Move("to", ("zz99",))]:
            with pytest.raises(IllegalMove) as err:
                state.play(junk)
            assert str(err.value)
            assert state.why_illegal(junk) == str(err.value)
        legal = set(state.legal_moves())
        for other in list(seen - legal)[:25]:
            with pytest.raises(IllegalMove) as err:
                state.play(other)
            assert str(err.value) and "Traceback" not in str(err.value)
        assert state.view(None) == view
        if move is None:
            assert state.is_over
            for other in list(seen)[:5]:
                with pytest.raises(IllegalMove, match="over"):
                    state.play(other)
    with pytest.raises(ValueError):
        game.parse_move({"kind": "no-such-kind", "args": []})
    with pytest.raises(ValueError):
        game.parse_move("not json")


@pytest.mark.parametrize("name,players,options", CASES, ids=IDS)
def test_save_round_trip_and_tampered_saves(name, players, options):
    """Saves replay through the rules; malformed or tampered saves name the problem."""
    states = [s for s, _ in _walk(name, players, options, 5)]
    end = states[-1]
    mid = states[len(states) // 2]
    for state in (states[0], mid, end):
        back = ninekit.load(state.to_json())
        assert back.history == state.history
        assert [back.view(s) for s in range(players)] == [state.view(s) for s in range(players)]
        assert back.outcome == state.outcome
    save = json.loads(end.to_json())
    tampered = [
        ("not json at all", "not valid JSON"),
        (json.dumps([1, 2]), "JSON object"),
        (json.dumps({**save, "format": 99}), "format"),
        (json.dumps({**save, "game": "chess"}), "game"),
        (json.dumps({**save, "players": 99}), "players"),
        (json.dumps({**save, "options": {"bogus": 1}}), "bogus"),
        (json.dumps({**save, "seed": "x"}), "seed"),
        (json.dumps({**save, "extra": 1}), "extra"),
        (json.dumps({k: v for k, v in save.items() if k != "moves"}), "moves"),
        (json.dumps({**save, "moves": save["moves"] + [save["moves"][0]]}), f"move {len(save['moves']) + 1}"),
        (json.dumps({**save, "moves": [{"kind": "?"}] + save["moves"]}), "move 1"),
        # Bounded input: the validator's own words, never Python's limits.
        (json.dumps({**save, "seed": -1}), "seed"),
        (json.dumps({**save, "seed": 2**64}), "seed"),
        (json.dumps(save)[:-1] + ', "x": ' + "[" * 50_000 + "]" * 50_000 + "}", "nested too deeply"),
        (json.dumps({**save, "seed": "SEED"}).replace('"SEED"', "9" * 5000), "5,000 digits"),
        (json.dumps({**save, "seed": "SEED"}).replace('"SEED"', "NaN"), "NaN"),
        (json.dumps(save) + " " * MAX_SAVE_BYTES, "at most 1,000,000 bytes"),
        ((json.dumps(save) + " " * MAX_SAVE_BYTES).encode(), "at most 1,000,000 bytes"),
    ]
    # Two moves of different kinds swapped (two players' secret yes/no decisions swap into another
    # legal game, which no check can tell from a real one).
    kinds = [m["kind"] for m in save["moves"]]
    swap = next((i for i in range(1, len(kinds) - 1) if kinds[i] != kinds[i + 1]), None)
    if swap is not None:
        swapped = save["moves"][:]
        swapped[swap], swapped[swap + 1] = swapped[swap + 1], swapped[swap]
        tampered.append((json.dumps({**save, "moves": swapped}), "move"))
    for text, needle in tampered:
        with pytest.raises(ValueError) as err:
            ninekit.load(text)
        assert needle in str(err.value), (needle, str(err.value)[:200])
        assert len(str(err.value)) < 400, "an error quotes the input, but never all of it"


def _known(state, seat):
    """All that ``seat`` may know of ``state``, in a canonical form.

    Its whole view (which carries the prompt, whose turn it is and the outcome), and, when the seat is
    on move, its legal moves as JSON with their sentences.  A spectator (``None``) has only the view.
    """
    known = {"view": state.view(seat)}  # plain JSON-ready data: == compares all of it, deeply
    if seat is not None and seat == state.to_move:
        known["legal_moves"] = [[m.to_json(), m.text] for m in state.legal_moves()]
    return known


def _differences(before, after) -> str:
    """What differs between two ``_known`` results, in short (the view's keys, then the legal moves)."""
    parts = [f"{key}: {before['view'].get(key)!r:.150} -> {after['view'].get(key)!r:.150}"
             for key in sorted(before["view"].keys() | after["view"].keys())
             if before["view"].get(key) != after["view"].get(key)]
    if before.get("legal_moves") != after.get("legal_moves"):
        parts.append(f"legal_moves: {before.get('legal_moves')!r:.150} -> {after.get('legal_moves')!r:.150}")
    return "; ".join(parts)


DETERMINIZE_SEEDS = range(2)
DETERMINIZE_WORLDS = 1  # determinized worlds per seat and ply


@pytest.mark.parametrize("name,players,options", CASES, ids=IDS)
def test_determinize_keeps_all_that_the_seat_knows(name, players, options):
    """determinize(seat) resamples hidden parts only: at every ply of random games the seat (or the
    spectator) sees exactly what it saw - the whole view, prompt included, and its own legal moves
    with their texts when it is on move - and the world stays playable."""
    for seed in DETERMINIZE_SEEDS:
        rng = random.Random(100 + seed)
        for ply, (state, _) in enumerate(_walk(name, players, options, seed)):
            for seat in [None, *range(players)]:
                known = _known(state, seat)
                for world in range(DETERMINIZE_WORLDS):
                    det = state.determinize(seat, rng)
                    got = _known(det, seat)
                    assert got == known, f"seed {seed}, ply {ply}, seat {seat}, world {world}: " + \
                        _differences(known, got)
                    assert det.to_move == state.to_move and det.is_over == state.is_over
            if not det.is_over:
                det.play(det.legal_moves()[0])


@pytest.mark.parametrize("name,players,options", CASES, ids=IDS)
def test_reveal_shows_every_secret_that_any_seat_may_know(name, players, options):
    """``view(seat, reveal=True)`` (the sandbox's "everything") holds the whole truth: at every third ply of random
    games, a world the seat cannot tell from the truth (``determinize``) that looks the same revealed looks the
    same to every seat and the spectator too, and some worlds do look different revealed (it shows secrets).
    Once the game is over it is the plain view: everything is shown then anyway."""
    told_apart = 0
    for seed in DETERMINIZE_SEEDS:
        rng = random.Random(200 + seed)
        for ply, (state, _) in enumerate(_walk(name, players, options, seed, every=3)):
            for seat in [None, *range(players)] if not state.is_over else []:
                world = state.determinize(seat, rng)
                if world.view(seat, reveal=True) != state.view(seat, reveal=True):
                    told_apart += 1
                    continue
                for other in [None, *range(players)]:
                    assert world.view(other) == state.view(other), (
                        f"seed {seed}, ply {ply}: the revealed view of seat {seat} hides something seat {other} "
                        f"may know: " + _differences(_known(state, other), _known(world, other)))
        end = state
        for seat in [None, *range(players)]:
            revealed, plain = end.view(seat, reveal=True), end.view(seat)
            json.dumps(revealed)
            assert revealed.pop("reveal") is True and "reveal" not in plain and revealed == plain
    assert told_apart > 0, "no revealed view ever showed a secret the seat did not know"
    for bad in (1, "yes", None):
        with pytest.raises(ValueError, match="reveal must be True or False"):
            end.view(0, reveal=bad)


@pytest.mark.parametrize("name,players,options", CASES, ids=IDS)
def test_views_are_json_and_seats_are_checked(name, players, options):
    """view(seat) is JSON-ready for every seat and the spectator; a bad seat is refused."""
    state = ninekit.make(name, players, **options).new(0)
    for seat in [None, *range(players)]:
        json.dumps(state.view(seat))
    for bad in (players, -1, "South", 1.5):
        with pytest.raises(ValueError):
            state.view(bad)


@pytest.mark.parametrize("name", ninekit.games())
def test_make_refuses_bad_games_counts_and_options(name):
    """make() lists what is valid when the game, player count or an option is wrong."""
    with pytest.raises(ValueError, match="games are"):
        ninekit.make("no_such_game")
    rules = ninekit.make(name).rules
    with pytest.raises(ValueError, match="players"):
        ninekit.make(name, rules.max_players + 1)
    with pytest.raises(ValueError, match="options are"):
        ninekit.make(name, bogus_option=1)
    for option in rules.options:
        with pytest.raises(ValueError, match=option.name):
            ninekit.make(name, **{option.name: object()})


def test_games_are_registered_and_sorted():
    """ninekit.games() lists the registered games in sorted order."""
    assert ninekit.games() == sorted(ninekit.games())
    assert "nine_knights" in ninekit.games()


_TRACE = """
import json, random, sys, ninekit
name, players, options = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
state = ninekit.make(name, players, **options).new(3)
rng = random.Random(3)
out = []
while not state.is_over and len(out) < 400:
    legal = state.legal_moves()
    out.append([m.to_json() for m in legal])
    state = state.play(rng.choice(legal))
print(json.dumps([out, state.view(None)]))
"""


@pytest.mark.parametrize("name", ninekit.games())
def test_same_game_in_another_process_with_another_hash_seed(name):
    """Determinism across processes: legal moves come in the same order whatever PYTHONHASHSEED is.

    Set and frozenset order of strings changes from process to process; a game that builds a move
    list from one would pass every in-process test and still replay differently elsewhere.
    """
    import os
    import subprocess
    import sys

    rules = ninekit.make(name).rules
    players = rules.max_players
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", _TRACE, name, str(players), "{}"], env=env,
                              capture_output=True, text=True, check=True)
        runs.append(done.stdout)
    assert runs[0] == runs[1]
