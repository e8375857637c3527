"""Hints: the move a computer player suggests for a seat, and one sentence of why, in the game's words.

``hint(state, seat)`` asks the computer player of a level (``ninekit.bots.bot_for``) for its move, then
says what that move achieves by the rules, computed from what the seat may know: its ``view(seat)``,
its legal moves, and worlds built by ``state.determinize(seat, ...)`` (never the true hidden cards).
Where the move is one step of a longer turn (choose a Knight, then its field; play a card, then its
Site), the rest of the turn is played out in such a world by the same computer player, and the reason speaks of
the whole turn.

A hint's plan (``Hint.plan``: the move, then the rest of the seat's decisions in a row as planned) is kept
within the turn: a player who follows it is hinted its next step, not a plan made afresh that may differ,
until the seat is shown something it did not know (a card drawn, a Trap Card turned) or plays another move.

    >>> from ninekit.nine_knights import position
    >>> s = position({"c9": "S3", "a5": "N1"}, goals=[range(1, 10), range(1, 10)])
    >>> hint(s, 0).text
    "Move Knight 3 from c9 to c10: it reaches North's Goal Token 3 and wins the game"

A generic reason (``GENERIC``) is given only where no rule-specific one applies.

This module holds what the five games share (the Hint, the dispatch, the turn played out, the printed sentence
as part of ours); each game's reason in its own words is its ``ninekit.<game>.hints.explain``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from importlib import import_module

from .bots import bot_for
from .core import Move, State
from .session import shown_to

# --- data tables ---------------------------------------------------------------------------------------

GENERIC = "of the {n} choices open now, the computer player rates it highest"  # the only generic reason
ONLY = "it is the only choice open now"
MAX_PLAN_STEPS = 12  # decisions of one turn played out in a world to explain its first step
DECIDES = ("count_of_nine",)  # games whose hints module's decide(state, bot) runs the bot's search and keeps its reason
# The level whose player a hint follows, unless one is asked for: the searching "hard" player where a player who
# plays every such hint beats the "normal" computer player clearly (benchmarks/README.md, "Advice worth
# following"), the heuristic "normal" one elsewhere.
HINT_LEVELS = {"nine_knights": "hard", "codinca": "hard", "count_of_nine": "hard", "double_nine": "hard"}
# The search budget of a hint's player at level "hard", where it differs from the computer player's: Count of
# Nine's hard Builder keeps its search from decision to decision, so a limit of turns searched per decision
# rarely bites; a hint's player starts afresh at every turn, and with that limit fell back to the shorter
# horizon too often to play better than "normal" (benchmarks/README.md, "Advice worth following").
HINT_BUDGETS = {"count_of_nine": {"nodes": None}}
# A turn ends where another seat is to move; in a game of one seat, at a view these say begins a new turn.
TURN_STARTS = {"count_of_nine": lambda view: view["phase"] in ("target", "round", "turn")}



@dataclass(frozen=True)
class Hint:
    """A suggested ``move`` (legal for the seat) and a one-sentence ``reason`` in the game's words.

    ``words`` is the move as the Hint button names it (default: the move's own sentence); for a step of
    a longer turn it names the whole turn ("Move Knight 3 from c9 to c10").

    >>> from ninekit.core import Move
    >>> Hint(Move("to", ("d4",), "Move the chosen Knight to d4"), "it attacks North's Knight 5").text
    "Move the chosen Knight to d4: it attacks North's Knight 5"
    """

    move: Move
    reason: str
    words: str = ""
    plan: tuple = ()  # ``move`` and the seat's next decisions in a row, as planned (see the module docstring)

    @property
    def text(self) -> str:
        """What the Hint button shows: the move in words, a colon, the reason."""
        return f"{self.words or self.move}: {self.reason}"


def hint(state: State, seat: int, level: str | None = None, seed: int = 0) -> Hint:
    """The move the computer player of ``level`` (default: the game's ``HINT_LEVELS``) suggests for ``seat`` now,
    and why.

    Uses only what ``seat`` may know.  Raises ``ValueError`` when the game is over, ``seat`` is not a
    seat of the game, or it is not ``seat``'s decision.  Same state, seat, level and seed: same Hint.

    >>> import ninekit
    >>> s = ninekit.make("double_nine").new(3)
    >>> h = hint(s, s.to_move)
    >>> h.move in s.legal_moves() and h.reason != ""
    True
    >>> hint(s, 1)
    Traceback (most recent call last):
    ...
    ValueError: it is Player 1's decision now, not Player 2's: a hint is for the seat to move
    """
    players = state.game.players
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"seat must be a whole number from 0 to {players - 1} (got {seat!r})")
    if state.is_over:
        raise ValueError(f"the game is over ({state.outcome.reason}): there is no move to hint")
    if seat != state.to_move:
        raise ValueError(f"it is {state.game.seat_name(state.to_move)}'s decision now, not "
                         f"{state.game.seat_name(seat)}'s: a hint is for the seat to move")
    if level is None:
        level = HINT_LEVELS.get(state.game.name, "normal")
    steps = _turn_so_far(state, seat)
    kept = None  # the plan being followed, from the first state of the turn on
    for before, after in zip(steps, steps[1:]):
        kept = kept or _plan_at(before, seat, level, seed)[0]
        played = after.history[-1][1]
        kept = kept[1:] if len(kept) > 1 and _same(kept[0], played) else None
    move, decided = next((m for m in state.legal_moves() if kept and _same(kept[0], m)), None), None
    if move is None:  # a fresh plan
        kept, decided = _plan_at(state, seat, level, seed)
        move = kept[0]
    if decided is not None:  # the bot's own decision, kept with the reasons it weighed
        _move, reason, words = decided
    else:  # the reason speaks of the turn as planned
        reason, words = game_hints(state.game.name).explain(
            state, seat, move, _Following(kept[1:], hint_player(state.game.name, seed, level)), seed)
    if not reason:
        count = len(state.legal_moves())
        reason = ONLY if count == 1 else GENERIC.format(n=count)
    return Hint(move, reason, words or "", tuple(kept))


def _plan_at(state: State, seat: int, level: str, seed: int) -> tuple[list, tuple | None]:
    """A fresh plan at ``state``: the level's move, then the seat's next decisions in a row, played by the same
    player (a player that plans a whole turn at its first decision, as the searching ones do, goes on with its own
    plan: a fresh player, or the heuristic one, would plan anew), to the end of the turn or up to the first step
    that shows the seat something (what comes after it depends on what is shown).  Also the decision with its
    reasons of a game in ``DECIDES`` (else None)."""
    bot = hint_player(state.game.name, seed, level)
    decided = game_hints(state.game.name).decide(state, bot) if state.game.name in DECIDES else None
    move = decided[0] if decided is not None else bot.choose(state)
    steps, _world = plan(state, seat, move, bot, seed, lambda view: True,
                         ends=lambda before, after: _turn_starts(after, seat) or shown_to(before, after, seat))
    return steps, decided


def hint_player(game: str, seed: int, level: str):
    """The computer player whose choices a hint of ``level`` follows (``HINT_BUDGETS`` at level "hard").

    >>> hint_player("count_of_nine", 0, "hard").nodes is None, hint_player("count_of_nine", 0, "normal").ahead
    (True, 1)
    """
    return bot_for(game, seed, level, **(HINT_BUDGETS.get(game, {}) if level == "hard" else {}))


def _turn_so_far(state: State, seat: int) -> list[State]:
    """The states of ``seat``'s decisions in this turn up to ``state`` (the first one first), back to the turn's
    start or the last move that showed the seat something it did not know (at most ``MAX_PLAN_STEPS``)."""
    steps = [state]
    while len(steps) < MAX_PLAN_STEPS and not _turn_starts(steps[-1], seat):
        before = steps[-1].parent
        if before is None or before.to_move != seat or shown_to(before, steps[-1], seat):
            break
        steps.append(before)
    return steps[::-1]


def _turn_starts(state: State, seat: int) -> bool:
    """Whether ``seat``'s decision at ``state`` begins a turn of a game of one seat (``TURN_STARTS``)."""
    starts = TURN_STARTS.get(state.game.name)
    return starts is not None and starts(state.view(seat))


def _same(planned: Move, move: Move) -> bool:
    """Whether ``move`` is the ``planned`` one (a plan is made in a world the seat cannot tell from the truth)."""
    return planned.kind == move.kind and planned.args == move.args


class _Following:
    """A computer player that plays the ``steps`` of a kept plan while they are legal, then ``bot``'s choices."""

    def __init__(self, steps, bot):
        self.steps, self.bot = list(steps), bot

    def choose(self, state: State) -> Move:
        while self.steps:
            planned = self.steps.pop(0)
            move = next((m for m in state.legal_moves() if _same(planned, m)), None)
            if move is not None:
                return move
            self.steps = []
        return self.bot.choose(state)


def game_hints(game: str):
    """The module of ``game``'s hint in words, ``ninekit.<game>.hints`` (imported when first asked for, as it
    imports this module): its ``explain(state, seat, move, bot, seed)`` gives ``(reason or None, words)``.

    >>> game_hints("double_nine").__name__
    'ninekit.double_nine.hints'
    """
    return import_module(f"{__package__}.{game}.hints")


def lower(text: str) -> str:
    """A printed sentence as part of ours: first letter small, no full stop.

    >>> lower("Choose left or right. All players pass their hand in that direction.")
    'choose left or right; all players pass their hand in that direction'
    """
    text = re.sub(r"\. (\w)", lambda m: "; " + m.group(1).lower(), text.rstrip("."))
    return text[:1].lower() + text[1:]


def plan(state: State, seat: int, move: Move, bot, seed: int, same_turn, ends=None) -> tuple[list, State]:
    """The rest of ``seat``'s turn after ``move``, played by ``bot`` in a world built from the seat's view.

    Returns the moves (``move`` first) and the world after them.  ``same_turn(view)`` says from the seat's
    view of the world whether the turn goes on; ``ends(before, after)``, if given, whether the plan ends after
    the step from world ``before`` to world ``after``.
    """
    before = state.determinize(seat, random.Random(seed))
    world, steps = before.play(move), [move]
    while (not world.is_over and world.to_move == seat and len(steps) < MAX_PLAN_STEPS
           and same_turn(world.view(seat)) and not (ends is not None and ends(before, world))):
        step = bot.choose(world)
        before, world = world, world.play(step)
        steps.append(step)
    return steps, world


__all__ = ["Hint", "hint", "hint_player", "GENERIC", "HINT_BUDGETS", "HINT_LEVELS", "ONLY", "game_hints", "lower",
           "plan"]
