"""Determinism safety net for the speed work (issue 13): seeded random playouts of every game, digested.

Rule checked: same game, options, seed and moves -> same results, always (the project's determinism
requirement), and the speed-ups of the rules keep behaviour unchanged.  Each digest below was recorded on
the rules *before* they were optimised; it covers, at every ply, whose turn it is, the prompt, the legal
moves in order with their texts, every seat's and the spectator's view, and every tenth ply a determinized
state (its spectator view and legal moves); at the end the outcome, every seat's log and a save/load round
trip.  Odd plies play a move rebuilt from JSON (not the object from ``legal_moves()``), so a hand-built legal
move must still be accepted and recorded as the game's own move.
"""

import hashlib
import json
import random

import pytest

import ninekit

# (game, players, options, seeds); DIGESTS: the first 32 hex digits of each sha256, recorded before the speed work.
CASES = [
    ("nine_knights", 2, {}, (0, 1)),
    ("nine_knights", 2, {"defection": True, "quiet_limit": 20}, (3, 4)),
    ("double_nine", 2, {}, (0, 1, 2)),
    ("double_nine", 3, {"deck": "mixed", "target": True}, (3,)),
    ("double_nine", 4, {"teams": True, "competition": True}, (4,)),
    ("double_nine", 4, {"deck": "expansion"}, (5,)),
    ("codinca", 2, {}, (0,)),
    ("codinca", 3, {"beginner": True}, (2,)),
    ("codinca", 4, {"round_limit": 10}, (3,)),
    ("code_of_nine", 3, {}, (0,)),
    ("code_of_nine", 4, {"expert": True}, (2,)),
    ("count_of_nine", 1, {}, (0, 1, 2)),
    ("count_of_nine", 1, {"games": 1}, (3,)),
]

DIGESTS = {
    'nine_knights/2/{}/0': "57e22e693fc33f0608061298ae50ad6b",
    'nine_knights/2/{}/1': "a1b6a109e2a4e128af1b7e2b1c673428",
    'nine_knights/2/{"defection":true,"quiet_limit":20}/3': "7738227c1c421c6e7dbdec810c9f1fc0",
    'nine_knights/2/{"defection":true,"quiet_limit":20}/4': "4a4ebd57963efdf9e1a3128bff5e8257",
    'double_nine/2/{}/0': "60ce381cbdc8c6e3235fdb24762bd86e",
    'double_nine/2/{}/1': "7295e99454ab85e23daf80d3b7955529",
    'double_nine/2/{}/2': "ec21c54d7eec4671c1541e752c65ab16",
    'double_nine/3/{"deck":"mixed","target":true}/3': "7fcc6ed7519440970abb21e85df47c83",
    'double_nine/4/{"competition":true,"teams":true}/4': "7942ecc3ec09c83bdf77f3156e33d79f",
    'double_nine/4/{"deck":"expansion"}/5': "eb6dcb8916fd31bf1d0259af6dc9d8d8",
    'codinca/2/{}/0': "2165246a62dc20e61d86db7c5c028e5b",
    'codinca/3/{"beginner":true}/2': "b0a4cfca94cc8b5242c35fa879c02bbd",
    'codinca/4/{"round_limit":10}/3': "f54ac57fe4005f32d899cb7a120e1033",
    'code_of_nine/3/{}/0': "11c42c006d21a68cf75a62168edd5343",
    'code_of_nine/4/{"expert":true}/2': "5732fd24a0f731d229e86ed6c6eac5a8",
    'count_of_nine/1/{}/0': "e2b13de9540df5f4302e0cc9b16d04be",
    'count_of_nine/1/{}/1': "398c036aed2acaaee82ad3faf96fe300",
    'count_of_nine/1/{}/2': "ce933e8820d70075d857533f3372c606",
    'count_of_nine/1/{"games":1}/3': "b676eaf9bf0f9be6f376b3db11fc5273",
}


def _dump(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def playout_digest(name: str, players: int, options: dict, seed: int) -> str:
    """sha256 (first 32 hex digits) of all that one seeded random playout shows (see the module docstring)."""
    game = ninekit.make(name, players, **options)
    rng = random.Random(seed)
    state = game.new(seed)
    seats = [*range(game.players), None]
    h = hashlib.sha256()
    ply = 0
    while not state.is_over:
        moves = state.legal_moves()
        h.update(_dump([state.to_move, state.prompt, [[m.kind, list(m.args), m.text] for m in moves]]).encode())
        for seat in seats:
            h.update(_dump(state.view(seat)).encode())
        if ply % 10 == 0:
            world = state.determinize(state.to_move, random.Random(ply))
            h.update(_dump([world.view(None), [str(m) for m in world.legal_moves()]]).encode())
        chosen = rng.choice(moves)
        move = game.parse_move(chosen.to_json()) if ply % 2 else chosen  # odd plies: a move built by hand
        state = state.play(move)
        assert state.history[-1][1] is chosen  # the history keeps the game's own Move, with its text
        ply += 1
    h.update(_dump(state.outcome.to_json()).encode())
    for seat in seats:
        h.update(_dump(state.log(seat)).encode())
        h.update(_dump(state.numbered_log(seat)).encode())
    again = ninekit.load(state.to_json())
    assert again.history == state.history and again.view(None) == state.view(None)
    h.update(f"plies={ply}".encode())
    return h.hexdigest()[:32]


def _cases():
    for name, players, options, seeds in CASES:
        for seed in seeds:
            key = f"{name}/{players}/{_dump(options)}/{seed}"
            yield pytest.param(name, players, options, seed, key, id=key)


@pytest.mark.parametrize("name, players, options, seed, key", list(_cases()))
def test_seeded_random_playout_is_unchanged(name, players, options, seed, key):
    """Determinism: a seeded random playout shows exactly what it showed before the speed work."""
    assert playout_digest(name, players, options, seed) == DIGESTS[key]
