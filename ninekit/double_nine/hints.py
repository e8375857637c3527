"""Double Nine's hint in words: what the suggested card or choice does by its printed effect, and what the whole
turn does to the numbers on the table (see :mod:`ninekit.hints`).

    >>> import ninekit
    >>> from ninekit.hints import hint
    >>> s = ninekit.make("double_nine").new(3)
    >>> hint(s, s.to_move).reason != ""
    True
"""

from __future__ import annotations

from ..core import Move, State
from ..hints import lower, plan
from .data import CARDS
from .rules import judge

# --- data tables -------------------------------------------------------------------------------------------

# Double Nine: card name -> (effect name, effect text as printed)
EFFECT = {c[0]: (c[3], c[4].replace("[Constant] ", "")) for c in CARDS}


def _dn_numbers(view: dict) -> list:
    return [b["number"] for b in view["boards"]]


def _dn_result(view: dict, after: dict, seat: int) -> str | None:
    """What the turn did to the numbers on the table (public), and who would win if the pile ran out."""
    before_n, after_n = _dn_numbers(view), _dn_numbers(after)
    if before_n == after_n:
        return None
    parts = []
    if after_n[seat] != before_n[seat]:
        parts.append(f"your number becomes {after_n[seat]} (now {before_n[seat]})")
    rivals = [p for p in range(len(before_n)) if p != seat and after_n[p] != before_n[p]]
    if rivals:
        p = max(rivals, key=lambda p: (before_n[p] - after_n[p], -p))
        parts.append(f"Player {p + 1}'s becomes {after_n[p]} (now {before_n[p]})")
    text = " and ".join(parts)
    leaders = judge(after_n, target=view["target"], teams=bool(view["teams"]))
    if seat in leaders:
        text += ", which would win if the pile ran out now" if len(leaders) == 1 else \
            ", which would tie for the win if the pile ran out now"
    return text


def explain(state: State, seat: int, move: Move, bot, seed: int):
    """Why ``move`` (the computer player's suggestion for ``seat``) is good: the card's printed effect and what
    the rest of the turn, played by ``bot``, does to the numbers: ``(reason or None, "")``.

    >>> import ninekit
    >>> from ninekit.bots import bot_for
    >>> s = ninekit.make("double_nine").new(1)
    >>> bot = bot_for("double_nine", 1)
    >>> explain(s, s.to_move, bot.choose(s), bot, 1)[0].split(":")[0]
    "Sister's God's Blessing"
    """
    view = state.view(seat)
    game = view["game_number"]

    def same_turn(v):
        return v["game_number"] == game and v["turn"] == seat and v["phase"] != "card"

    _steps, world = plan(state, seat, move, bot, seed, same_turn)
    after = world.view(seat)
    if after["game_number"] != game or world.is_over:
        result = after["results"][game - 1] if len(after["results"]) >= game else None
        if result is not None:
            return ("the draw pile has run out, and " + ("you win the game" if seat in result["winners"]
                                                         else "the game ends"), "")
    effect = _dn_result(view, after, seat)
    if move.kind == "card":
        name, text = EFFECT[move.args[0]]
        tail = f"; with the rest of the turn {effect}" if effect else ""
        return f"{move.args[0]}'s {name}: {lower(text)}{tail}", ""
    if effect:
        return effect, ""
    card = (view["resolving"] or "").split(" (through")[0]
    if card in EFFECT:
        name, text = EFFECT[card]
        return f"it carries out {card}'s {name}: {lower(text)}", ""
    return None, ""
