"""A position as a short text (ninekit/sharing.py): read back, it is the same position for every seat, now and
after any moves; a damaged or hand-made text is refused with a clear ValueError and nothing else.

The round trips run over random positions of every game and player count, as OpenSpiel's generic random
simulation test does: the text names its game, and every seat's view, the legal moves in their order, the
prompt and the outcome agree, and keep agreeing along the same random moves to the end (where a shuffle or a
draw to come depends on the hidden order of a deck or on the position's luck).
"""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

import ninekit
from ninekit import from_position_text, position_text
from ninekit.sharing import MAX_POSITION_TEXT

TABLES = [(name, players) for name in ninekit.games()
          for players in range(ninekit.make(name).rules.min_players, ninekit.make(name).rules.max_players + 1)]
GAMES_PER_TABLE = 3
TEXTS_PER_GAME = 4  # positions turned into text along each game, each followed to the end
OPTIONS = {"nine_knights": {"defection": True}, "code_of_nine": {"expert": True}, "double_nine": {"deck": "full"}}


def _same_for_every_seat(a: ninekit.State, b: ninekit.State) -> None:
    assert a.is_over == b.is_over and a.to_move == b.to_move and a.prompt == b.prompt
    assert a.legal_moves() == b.legal_moves()
    assert [str(m) for m in a.legal_moves()] == [str(m) for m in b.legal_moves()]
    for seat in [None, *range(a.game.players)]:
        assert a.view(seat) == b.view(seat), f"the view of seat {seat} differs"
    if a.is_over:
        assert a.outcome == b.outcome


def _positions(name: str, players: int, seed: int):
    """A random game of ``name``, and a few positions along it (its start included)."""
    options = OPTIONS.get(name, {}) if seed % 2 else {}
    state = ninekit.make(name, players, **options).new(seed=seed)
    rng = random.Random(seed)
    line = [state]
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        line.append(state)
    picks = {0, *rng.sample(range(len(line)), min(len(line), TEXTS_PER_GAME - 1))}
    return [line[i] for i in sorted(picks)]


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_a_position_read_back_is_the_same_for_every_seat_now_and_after_any_moves(name, players):
    """Issue "The sandbox", item 7: for every seat, from_position_text(position_text(s)) shows the same view,
    offers the same legal moves in the same order, and stays the same after any sequence of moves."""
    for seed in range(GAMES_PER_TABLE):
        for state in _positions(name, players, seed):
            text = position_text(state)
            assert text.startswith(f"ninekit:{name}:{players}:")
            again = from_position_text(text)
            assert again.game == state.game and position_text(again) == text
            rng = random.Random(seed * 1000 + len(state.history))
            a, b = state, again
            while True:
                _same_for_every_seat(a, b)
                if a.is_over:
                    break
                index = rng.randrange(len(a.legal_moves()))
                a, b = a.play(a.legal_moves()[index]), b.play(b.legal_moves()[index])


def test_a_position_text_is_short_and_fits_in_a_link():
    """Issue "The sandbox", item 7: a position is a short text; a link can carry it (URL-safe characters)."""
    for name, players in TABLES:
        for state in _positions(name, players, 7):
            text = position_text(state)
            assert len(text) < 600, (name, players, len(text))
            assert all(c.isascii() and (c.isalnum() or c in ":_-") for c in text), text


def test_a_position_built_by_hand_reads_back_and_cannot_be_saved_as_a_game():
    """A position from a game's ``position()`` helper (no seed) is shared the same way; the state read back
    has no history and no seed, so its save is refused with why (a save replays a game's moves)."""
    state = ninekit.nine_knights.position({"e9": "S7", "a5": "N1"})
    again = from_position_text(position_text(state))
    _same_for_every_seat(state, again)
    assert again.history == () and again.seed is None
    with pytest.raises(ValueError, match="only seeded games can be saved"):
        again.to_json()


# --- damaged and hand-made texts -------------------------------------------------------------------------------
def _pack(data) -> str:
    raw = json.dumps(data).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def _data(state: ninekit.State) -> dict:
    packed = position_text(state).split(":")[3]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))))


@pytest.mark.parametrize("name", ninekit.games())
def test_every_cut_or_changed_character_is_refused_or_reads_as_written(name):
    """Standards: a damaged text gets a clear error naming the problem (a ValueError, nothing else). A character
    whose change alters no bit of the data (base64's spare bits at the end) reads as the same position."""
    state = _positions(name, ninekit.make(name).players, 3)[1]
    text = position_text(state)
    head = text.rindex(":") + 1
    for cut in range(len(text)):
        with pytest.raises(ValueError):
            from_position_text(text[:cut])
    rng = random.Random(name)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_:!"
    for at in range(head, len(text)):
        changed = text[:at] + rng.choice(alphabet.replace(text[at], "")) + text[at + 1:]
        try:
            again = from_position_text(changed)
        except ValueError as exc:
            assert str(exc).startswith(("position text", "not a position text")), exc
            continue
        assert position_text(again) == text, f"a change at {at} read as another position"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(game="codinca"), "another game or number of players"),
    (lambda d: d.update(players=3), "another game or number of players"),
    (lambda d: d.update(format=2), "of format 2"),
    (lambda d: d.update(options={"gravity": True}), "gravity"),
    (lambda d: d.update(options={"quiet_limit": -1}), "quiet"),
    (lambda d: d["position"].pop(), "has 21 parts, this text 20"),
    (lambda d: d["position"].__setitem__(0, {"dict": 1}), "not part of any position"),
    (lambda d: d["position"].__setitem__(4, [[1]] * 90), "cannot play"),
    (lambda d: d["position"].__setitem__(11, ["fly", 3]), "cannot play"),
    (lambda d: d.pop("position"), "lacks the options or the position"),
])
def test_a_hand_made_text_that_the_rules_cannot_play_is_refused_with_why(change, message):
    """Standards: a tampered text (well-formed, checksum right) is checked before it is trusted: its game,
    options and shape, and then whether the rules can play it (every view, every legal move) - a clear
    ValueError, never a crash inside the rules."""
    data = _data(ninekit.make("nine_knights").new(seed=5))
    change(data)
    with pytest.raises(ValueError, match=message):
        from_position_text("ninekit:nine_knights:2:" + _pack(data))


@pytest.mark.parametrize(("text", "message"), [
    ("", "not a position text"),
    ("hello", "not a position text"),
    ("ninekit:chess:2:eJwDAAAAAAE", "unknown game 'chess'"),
    ("ninekit:nine_knights:two:eJwDAAAAAAE", "whole number"),
    ("ninekit:nine_knights:2:***", "not URL-safe base64"),
    ("ninekit:nine_knights:2:" + _pack([1, 2]), "not the JSON a position text holds"),
    ("ninekit:nine_knights:2:" + _pack({"format": 1.5}), "no fractions"),
    ("ninekit:nine_knights:2:" + "A" * MAX_POSITION_TEXT, "at most 20,000"),
    ("ninekit:nine_knights:2:" + base64.urlsafe_b64encode(zlib.compress(b" " * 300_000)).decode(),
     "more than 200,000 bytes"),
])
def test_malformed_texts_are_refused_with_what_is_wrong(text, message):
    """Standards: every malformed input gets a clear error naming the problem, and its size is bounded (a
    small text that inflates to megabytes is refused before it is read)."""
    with pytest.raises(ValueError, match=message):
        from_position_text(text)


def test_only_states_and_text_are_taken():
    """A position text is made from a State and read from a str; anything else is a clear ValueError."""
    with pytest.raises(ValueError, match="needs a ninekit State"):
        position_text("ninekit:nine_knights:2:abc")
    with pytest.raises(ValueError, match="is text"):
        from_position_text(b"ninekit:nine_knights:2:abc")
