"""Code of Nine's hint in words: what the suggested location, look or item brings, and a Memory card the seat knows
that speaks of it (else what it is worth by the rules), see :mod:`ninekit.hints`.
"""

from __future__ import annotations

from ..core import Move, State
from ..hints import lower
from .data import ITEM_VP, LOCATION, MEMORIES

# --- data tables -------------------------------------------------------------------------------------------

# what each location brings its placer (items by key, Will as "will"), for the Memory check
GAINS = {"library": ("book",), "archive": ("book",), "fortune": ("coin",), "cash_cow": ("coin",),
            "lights": ("coin", "will"), "cross": ("statue",), "cathedral": ("statue", "will"),
            "quarry": ("will",), "tunnel": ("will",), "hearth": ("will",), "garden": ("white",),
            "well": ("black",), "shore": ("will",), "cult": ("medal", "will"), "clocktower": ("start",),
            "bell": ("start",)}
CONDITIONS = ("Only ", "Available even")  # sentences of a location's text that a legal placement already met
# what a gain is worth by the rules alone (before the Memories apply; item VP from code_of_nine.data.ITEM_VP)
WORTH = {
    "statue": f"a Statue is worth {ITEM_VP['statue']} VP before the Memories apply",
    "book": f"a Book is worth {ITEM_VP['book']} VP before the Memories apply",
    "white": f"a Legacy is worth {ITEM_VP['white']} VP before the Memories apply",
    "black": f"a Legacy is worth {ITEM_VP['black']} VP before the Memories apply",
    "will": (f"Will pays for the costly locations, such as the Garden ({LOCATION['garden'].cost}) and the Well "
             f"({LOCATION['well'].cost}) that release the Legacies"),
    "start": "the Start player places the first Action pawn of the next round",
}
# which Memory cards speak of what (their effect texts name it)
TOPIC = {"coin": "Coin", "statue": "Statue", "book": "Book", "white": "White Legacy", "black": "Black Legacy",
            "medal": "Medal", "will": "Will", "start": "Start player", "item": "items"}


def _known(view: dict) -> list:
    """The Memory cards the seat knows (its own, those it looked at, public ones), by code."""
    codes = {row["code"] for row in view["slots"] if row["code"] is not None}
    codes.update(view.get("hand") or [])
    if view.get("ninth") and isinstance(view["ninth"], dict) and view["ninth"].get("code"):
        codes.add(view["ninth"]["code"])
    return sorted(c for c in codes if isinstance(c, int))


def _memory(view: dict, topics) -> str | None:
    """A clause naming a known Memory card that speaks of one of ``topics``."""
    for code in _known(view):
        card = MEMORIES[code]
        for topic in topics:
            if TOPIC[topic] in card.effect:
                return f"Code {code} ({card.name}), which you know, says: {lower(card.effect)}"
    return None


def _item(view: dict, topics) -> str | None:
    """Why what ``topics`` names matters: a known Memory card about it, else its worth by the rules."""
    return _memory(view, topics) or next((WORTH[t] for t in topics if t in WORTH), None)


def explain(state: State, seat: int, move: Move, bot, seed: int):
    """Why ``move`` (the computer player's suggestion for ``seat``) is good: what the location, look or item
    brings, and a Memory card the seat knows that speaks of it: ``(reason or None, "")``.

    >>> import ninekit
    >>> s = ninekit.make("code_of_nine").new(1)
    >>> keep = next(m for m in s.legal_moves() if m.kind == "redraw" and m.args[0] == "keep")
    >>> explain(s, s.to_move, keep, None, 1)
    ('changing both Memory cards costs an Action pawn in round 1', '')
    """
    view = state.view(seat)
    kind = move.kind
    if kind == "place":
        loc = LOCATION[move.args[0]]
        why = _item(view, GAINS.get(loc.key, ()))
        effect = ". ".join(part for part in loc.effect.split(". ") if not part.startswith(CONDITIONS))
        return lower(effect) + (f", and {why}" if why else ""), ""
    if kind == "look":
        slot = "Abyss" if (view["pending"] or {}).get("step") == "look_abyss" else "Shoal"
        known = {(row["owner"], row["slot"]) for row in view["slots"] if row["code"] is not None}
        if (move.args[0], slot) not in known:
            return (f"you have not seen that {slot} card yet, and each Memory you know tells you more of what "
                    f"the items are worth at the end"), ""
        return None, ""
    if kind in ("give", "return"):  # giving an item away: only a Memory about holding items speaks for it
        return _memory(view, ("item",)), ""
    if kind in ("item", "gain", "take"):
        return _item(view, (move.args[0],)), ""
    if kind == "player":
        text = str(move)
        topic = "will" if "Will" in text else "medal" if "Medal" in text else "item"
        return _memory(view, (topic,)), ""
    if kind == "shoal":
        hand = view.get("hand") or []
        if len(hand) == 2:
            abyss = hand[1] if move.args[0] == 0 else hand[0]
            return (f"the Shoal card is the one other players look at most (Allure Show, Sooty Watchtower, "
                    f"Venerable Cathedral, Bell of the Last Dawn), so Code {abyss} ({MEMORIES[abyss].name}) stays "
                    f"safer in the Abyss"), ""
        return None, ""
    if kind == "redraw":
        if move.args[0] == "keep":
            return "changing both Memory cards costs an Action pawn in round 1", ""
        return "new Memory cards are worth more to you than the Action pawn they cost in round 1", ""
    return None, ""
