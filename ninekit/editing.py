"""Editing a position part by part, every edit checked by the game's own ``position()`` rules.

A :class:`Draft` is a position being set up: the game and the keywords of its rules' ``position()`` (the one
function that builds a position by hand, and checks it). :func:`draft` takes them from a state, :func:`new_set_up`
from a new deal, or :func:`empty_table` gives a game's emptiest table; ``draft.parts()`` lists what can be changed,
in the game's words (a square, a hand, the pile's order, a Hidden Token, who moves); ``draft.set(key, value)``
changes one part and gives a new draft. A change the rules refuse still gives a draft, with ``problem`` saying what
is wrong (``"impossible position: …"``) and no ``state``: it cannot be played from until another change puts it
right. A key or value that is not part of the game at all is refused at once (``ValueError``), nothing changed.

Each game says what its parts are in ``ninekit/<game>/editing.py``: ``args_of(state)`` (the keywords that
rebuild ``state``, or ``ValueError`` where ``position()`` cannot build it, e.g. in the middle of a turn),
``empty(game)``, ``parts(args, game)`` and ``set_part(args, key, value, game)``.  Where a part is drawn on the
board, its ``board`` is the id of the element drawn for it (what the board reports when it is clicked).

>>> import ninekit
>>> d = empty_table(ninekit.make("nine_knights"))
>>> for n in range(2, 10):
...     d = d.set(f"place N{n}", "set aside")
>>> d.problem is None, d.state.prompt
(True, 'South: choose a Knight to move')
>>> d.set("e5", "N1").state.position.board[ninekit.nine_knights.data.INDEX["e5"]]
'N1'
>>> d.set("place N1", "fallen").problem  # North's only Knight on the board, and none waiting
'impossible position: North has no Knights left: the game is already over'
>>> d.set("e5", "X9")
Traceback (most recent call last):
...
ValueError: 'X9' cannot go on e5; it takes one of: empty, S1, S2, S3, S4, S5, S6, S7, S8, S9, N1, …
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import re
import sys
from collections.abc import Mapping

from .core import Game, State, brief

__all__ = ["Draft", "Part", "draft", "empty_table", "can_edit", "copied", "new_set_up", "whole_number"]

MAX_VALUE = 2_000  # characters: the longest value a part takes (a whole pile written out is under 400)


@dataclasses.dataclass(frozen=True)
class Part:
    """One thing of a position that can be changed.

    ``key`` names it for :meth:`Draft.set`; ``group`` is the heading it is listed under and ``label`` its name
    (both in the game's words, e.g. group "Board", label "e5"); ``value`` is what it is now, written as one of
    ``choices`` (the values it may take), or, where there are too many to list, as ``syntax`` says (e.g.
    "card names, top card first, separated by commas"); ``offers`` are ready-made values of such a part, each with
    the words of its button (e.g. ("Put Luna on top", "Elf, Luna")), so that it too is changed by clicking.
    ``board`` is the id of the element the board draws for it, where it is drawn on the board ('' where it is
    not).
    """

    key: str
    group: str
    label: str
    value: str
    choices: tuple[str, ...] = ()
    syntax: str = ""
    board: str = ""
    offers: tuple[tuple[str, str], ...] = ()


def copied(args: Mapping) -> dict:
    """A fresh copy of ``position()`` keywords (plain JSON values), for a game's ``set_part`` to change.

    >>> a = {"hands": [["Elf"]]}
    >>> b = copied(a); b["hands"][0].append("Luna"); a
    {'hands': [['Elf']]}
    """
    return json.loads(json.dumps(args))


def whole_number(value: str, what: str, low: int, high: int | None = None) -> int:
    """The whole number written in ``value``, from ``low`` to ``high`` (None: no limit); ``ValueError`` quoting the
    value and saying what it should be (``what``: "a number of Will").

    >>> whole_number(" 3 ", "a round", 1, 5)
    3
    >>> whole_number("lots", "a number of Will", 0)
    Traceback (most recent call last):
    ...
    ValueError: 'lots' is not a number of Will (a whole number from 0)
    """
    text = value.strip()
    if not re.fullmatch(r"-?\d{1,21}", text) or int(text) < low or (high is not None and int(text) > high):
        span = f"a whole number from {low}" + (f" to {high}" if high is not None else "")
        raise ValueError(f"{brief(value)} is not {what} ({span})")
    return int(text)


def _editing(game: Game):
    """The game's editing module, ``ninekit.<game>.editing``."""
    return importlib.import_module(f"ninekit.{game.name}.editing")


def _position_function(game: Game):
    """The game's ``position()``: the rules' one way to build a position by hand, with its checks."""
    return sys.modules[type(game.rules).__module__].position


@dataclasses.dataclass(frozen=True)
class Draft:
    """A position being set up: ``args`` are the keywords of the game's ``position()``; ``state`` the position
    they build (None when the rules refuse it), ``problem`` why they refuse it (None when they do not)."""

    game: Game
    args: str  # the keywords as JSON text (sorted keys), so a draft is a value that cannot change
    state: State | None
    problem: str | None

    @property
    def keywords(self) -> dict:
        """The keywords of ``position()`` for this draft (a new dict each time)."""
        return json.loads(self.args)

    def parts(self) -> list[Part]:
        """Everything that can be changed here, in the order it is listed."""
        return _editing(self.game).parts(self.keywords, self.game)

    def part(self, key: str) -> Part:
        """The part called ``key``; ``ValueError`` if there is none."""
        for part in self.parts():
            if part.key == key:
                return part
        raise ValueError(f"{self.game.title} has no part {brief(key)} to change here")

    def set(self, key: str, value: str) -> Draft:
        """A new draft with part ``key`` set to ``value`` (the rules' objection, if any, in its ``problem``).

        A ``key`` that names no part, or a ``value`` the part cannot take, raises ``ValueError`` naming it."""
        if not isinstance(value, str) or len(value) > MAX_VALUE:
            raise ValueError(f"a part's value is a text of at most {MAX_VALUE:,} characters (got {brief(value)})")
        part = self.part(key)
        value = value.strip()
        if part.choices and value not in part.choices:
            shown = ", ".join(part.choices[:11]) + (", …" if len(part.choices) > 11 else "")
            raise ValueError(f"{brief(value)} cannot go on {part.label}; it takes one of: {shown}")
        return _built(self.game, _editing(self.game).set_part(self.keywords, key, value, self.game))


def _built(game: Game, args: Mapping) -> Draft:
    """The draft of ``args``: the position the rules build from them, or their objection."""
    text = json.dumps(args, sort_keys=True)
    try:
        state = _position_function(game)(**json.loads(text))
    except ValueError as exc:
        return Draft(game, text, None, str(exc))
    return Draft(state.game, text, state, None)


def can_edit(state: State) -> str | None:
    """Why ``state`` cannot be edited as it is (a sentence), or None if it can."""
    try:
        _editing(state.game).args_of(state)
    except ValueError as exc:
        return str(exc)
    return None


def draft(state: State) -> Draft:
    """The draft of ``state``'s position; ``ValueError`` (saying why) where the game builds no such position by
    hand, e.g. in the middle of a turn."""
    return _built(state.game, _editing(state.game).args_of(state))


def new_set_up(game: Game, seed: int, most_moves: int = 400) -> Draft:
    """The draft of a new game's set-up (deal ``seed``); where the rules build no position by hand at the start (Nine
    Knights' Placement Phase, Code of Nine's redraws, Count of Nine's choice of the target), the ``normal``
    computer players make the opening decisions, up to the first moment that can be edited.

    >>> import ninekit
    >>> d = new_set_up(ninekit.make("nine_knights"), 3)
    >>> d.state.position.phase, d.state.prompt
    ('movement', 'South: choose a Knight to move')
    """
    from .bots import bot_for

    state = game.new(seed)
    players = [bot_for(game.name, seed * 10 + seat) for seat in range(game.players)]
    for _ in range(most_moves):
        if can_edit(state) is None or state.is_over:
            break
        state = state.play(players[state.to_move].choose(state))
    return draft(state)


def empty_table(game: Game) -> Draft:
    """The draft of ``game``'s emptiest table: as little on it as its rules allow."""
    return _built(game, _editing(game).empty(game))
