"""A position as a short text, to share it: ``position_text(state)`` and ``from_position_text(text)``.

The text names its game and holds the whole position, every hidden part included (the order of a shuffled
deck, a seat's secret tokens, the luck that decides later shuffles): whoever reads it knows everything, so it is
for a teacher's puzzle or a position to study, never for a game in progress between people.  Read back, it
gives the same views to every seat, the same legal moves in the same order, and the same future after any
moves.  It does not hold the moves that led there (the state it gives has no history, no seed, and cannot be
saved as a game; ``State.to_json`` is the save of a game).

The text is ``ninekit:<game>:<players>:<data>``: ``<data>`` is the options and the position's fields as JSON,
compressed with zlib (whose checksum catches a damaged text) and written in URL-safe base64, so the text fits
in a link.  A text that is cut, changed, or made by hand to describe something the rules cannot play is
refused with a ``ValueError`` that says what is wrong; nothing else is ever raised.

>>> import ninekit
>>> state = ninekit.make("double_nine", 3).new(seed=4)
>>> text = position_text(state)
>>> text.startswith("ninekit:double_nine:3:")
True
>>> again = from_position_text(text)
>>> again.view(1) == state.view(1) and again.legal_moves() == state.legal_moves()
True
>>> from_position_text(text[:-5])
Traceback (most recent call last):
...
ValueError: position text is damaged (its data does not decompress: it may have been cut or changed)
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import json
import random
import sys
import zlib

from .core import State, brief, games, make

__all__ = ["from_position_text", "position_text", "shared_position", "MAX_POSITION_TEXT"]

PREFIX = "ninekit"
FORMAT = 1  # the data's own format number, inside the compressed data
MAX_POSITION_TEXT = 20_000  # characters: the longest text read (real ones are under 500)
MAX_DATA_BYTES = 200_000  # the decompressed data, at most
SET = "set"  # a frozenset is written as {"set": [its items, sorted]}


# --- writing --------------------------------------------------------------------------------------------------
def position_text(state: State) -> str:
    """The position of ``state`` as a short text that names its game (it shows every hidden part).

    >>> import ninekit
    >>> position_text(ninekit.make("nine_knights").new(seed=1))[:24]
    'ninekit:nine_knights:2:e'
    """
    if not isinstance(state, State):
        raise ValueError(f"position_text needs a ninekit State (got {type(state).__name__})")
    game, pos = state.game, state.position
    data = {"format": FORMAT, "game": game.name, "players": game.players, "options": game.options,
            "position": [_encode(value) for value in _field_values(pos)]}
    raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    return f"{PREFIX}:{game.name}:{game.players}:{packed}"


def shared_position(state: State, seat: int | None, secret: bool = True) -> tuple[str, bool]:
    """The position text a link from ``seat``'s screen may hold, and whether part of it is guessed: the true
    position when nothing in it is secret any more (``secret`` False, e.g. teacher mode; the game over; a game that
    hides nothing), else what ``seat`` knows with the rest drawn at random consistently with it (from a fixed
    draw that depends on nothing hidden, never from the game's seed).

        >>> from ninekit import make
        >>> s = make("double_nine").new(seed=3)
        >>> text, guessed = shared_position(s, 0)
        >>> guessed, from_position_text(text).view(0) == s.view(0), text != position_text(s)
        (True, True, True)
    """
    if not secret or state.is_over or not state.game.hidden_information:
        return position_text(state), False
    return position_text(state.determinize(seat, random.Random(0))), True


def _field_values(pos) -> list:
    if dataclasses.is_dataclass(pos):
        return [getattr(pos, f.name) for f in dataclasses.fields(pos)]
    return list(pos)  # a NamedTuple


def _encode(value):
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if isinstance(value, frozenset):
        items = [_encode(v) for v in value]
        return {SET: sorted(items, key=lambda v: json.dumps(v, sort_keys=True))}
    raise ValueError(f"a position holding {type(value).__name__} cannot be written as text")


# --- reading --------------------------------------------------------------------------------------------------
def from_position_text(text: str) -> State:
    """The state a :func:`position_text` describes, checked before it is trusted (see the module's docstring).

    >>> from_position_text("ninekit:chess:2:abc")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: position text names an unknown game 'chess'; games are: code_of_nine, codinca, ...
    """
    if not isinstance(text, str):
        raise ValueError(f"a position text is text (got {type(text).__name__})")
    text = text.strip()
    if len(text) > MAX_POSITION_TEXT:
        raise ValueError(f"position text is {len(text):,} characters; a position text is at most "
                         f"{MAX_POSITION_TEXT:,}")
    parts = text.split(":")
    if len(parts) != 4 or parts[0] != PREFIX:
        raise ValueError("not a position text: it starts with 'ninekit:<game>:<players>:' (got "
                         f"{brief(text, 40)})")
    _, name, players_text, packed = parts
    if name not in games():
        raise ValueError(f"position text names an unknown game {brief(name)}; games are: {', '.join(games())}")
    if not (players_text.isascii() and players_text.isdigit() and len(players_text) <= 2):
        raise ValueError(f"position text: the number of players must be a whole number (got {brief(players_text)})")
    data = _unpack(packed)
    if data.get("format") != FORMAT or type(data.get("format")) is not int:
        raise ValueError(f"position text is of format {brief(data.get('format'))}; this ninekit reads format "
                         f"{FORMAT}")
    if data.get("game") != name or data.get("players") != int(players_text):
        raise ValueError("position text is damaged: its data is for another game or number of players than its "
                         "start says")
    if not isinstance(data.get("options"), dict) or not isinstance(data.get("position"), list):
        raise ValueError("position text is damaged: its data lacks the options or the position")
    try:
        game = make(name, int(players_text), **data["options"])
    except (TypeError, ValueError) as exc:
        raise ValueError(f"position text: {exc}") from None
    cls = _position_class(game)
    names = _field_names(cls)
    values = data["position"]
    if len(values) != len(names):
        raise ValueError(f"position text is damaged: a {game.title} position has {len(names)} parts, "
                         f"this text {len(values)}")
    try:
        decoded = [_decode(v) for v in values]
    except ValueError as exc:
        raise ValueError(f"position text is damaged: {exc}") from None
    pos = cls(*decoded) if dataclasses.is_dataclass(cls) else cls._make(decoded)
    state = game.state_at(pos)
    problem = _unplayable(state)
    if problem is not None:
        raise ValueError(f"position text describes a position the rules of {game.title} cannot play: {problem}")
    return state


def _unpack(packed: str) -> dict:
    try:
        compressed = base64.b64decode(packed + "=" * (-len(packed) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("position text is damaged (its data is not URL-safe base64)") from None
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(compressed, MAX_DATA_BYTES)
        if inflate.unconsumed_tail:
            raise ValueError(f"position text holds more than {MAX_DATA_BYTES:,} bytes of data")
        raw += inflate.flush()
        if not inflate.eof:
            raise zlib.error("incomplete")
    except zlib.error:
        raise ValueError("position text is damaged (its data does not decompress: it may have been cut or "
                         "changed)") from None
    try:
        data = json.loads(raw.decode("utf-8"), parse_float=_no_fractions, parse_constant=_no_fractions)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise ValueError("position text is damaged (its data is not the JSON a position text holds)") from None
    if not isinstance(data, dict):
        raise ValueError("position text is damaged (its data is not the JSON a position text holds)")
    return data


def _no_fractions(text: str):
    raise ValueError(f"a position holds no fractions or special numbers (got {brief(text)})")


def _decode(value):
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    if isinstance(value, dict) and list(value) == [SET] and isinstance(value[SET], list):
        items = [_decode(v) for v in value[SET]]
        try:
            return frozenset(items)
        except TypeError:
            raise ValueError("a set in it holds something that cannot be in a set") from None
    raise ValueError(f"it holds {brief(value)}, which is not part of any position")


def _position_class(game):
    """The class of ``game``'s positions: ``Position`` of its rules module."""
    cls = getattr(sys.modules[type(game.rules).__module__], "Position", None)
    if cls is None:
        raise ValueError(f"{game.title} positions cannot be read from text")
    return cls


def _field_names(cls) -> list[str]:
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls)]
    return list(cls._fields)


def _unplayable(state: State) -> str | None:
    """Why the rules cannot play ``state`` (every seat's view, its legal moves and each of them played), or
    None.  A text made by hand can describe what no game reaches; this finds what would break the rules."""
    try:
        over, moves = state.is_over, state.legal_moves()
        if over != (not moves):
            return "it is over but offers moves" if over else "it is not over, yet nobody has a move"
        if not over and state.to_move not in range(state.game.players):
            return f"the seat to move is {brief(state.to_move)}"
        state.prompt  # noqa: B018 - asked for what it raises
        for seat in [None, *range(state.game.players)]:
            state.view(seat)
        for move in moves:
            state.play(move)
    except Exception as exc:  # noqa: BLE001 - any failure of the rules on this position is the answer
        return f"{type(exc).__name__}: {brief(str(exc), 120)}"
    return None
