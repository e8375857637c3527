"""Codinca's hint in words: the Key Disc a claim or the whole turn brings nearer (in own turns, from the
seat's own view), a Trap Card's or a Lock's effect (see :mod:`ninekit.hints`).
"""

from __future__ import annotations

from ..core import Move, State
from ..hints import plan
from .bots import disc_distance


def _distances(view: dict, seat: int) -> dict:
    element = view["elements"][seat]
    return {d["id"]: disc_distance(view["tiles"], element, d["id"]) for d in view["discs"][seat]
            if not d["claimed"] and d["id"] is not None}


def explain(state: State, seat: int, move: Move, bot, seed: int):
    """Why ``move`` (the computer player's suggestion for ``seat``) is good: the Key Disc that it, with the rest
    of the turn played by ``bot``, brings nearer (or claims), a Trap Card's or a Lock's effect:
    ``(reason or None, "")``.

    >>> import ninekit
    >>> from ninekit.bots import bot_for
    >>> s = ninekit.make("codinca").new(1)
    >>> bot = bot_for("codinca", 1)
    >>> reason = explain(s, s.to_move, bot.choose(s), bot, 1)[0]
    >>> reason.endswith("it brings your tiles to 2 turns from Key Disc B2 (Block of four), 1 nearer")
    True
    """
    view = state.view(seat)
    names = {d["id"]: d["group_name"] for d in view["discs"][seat] if d["id"] is not None}
    if move.kind == "claim":
        disc = move.args[0]
        return f"your tiles match Key Disc {disc} ({names.get(disc, 'a key pattern')}), and a match must be " \
               f"claimed", ""
    if move.kind == "trap":
        return "the Trap Card flips tiles to match its pattern, turned to face you, and makes any Lock in play " \
               "fail", ""
    turn = (view["round"], view["turn"])

    def same_turn(v):
        return (v["round"], v["turn"]) == turn and v["step"] != "claim"

    steps, world = plan(state, seat, move, bot, seed, same_turn)
    after = world.view(seat)
    d0, d1 = _distances(view, seat), _distances(after, seat)
    rest = "; ".join(str(m) for m in steps[1:] if m.kind not in ("end", "claim"))
    lead = f"with the rest of the turn ({rest}) " if rest else ""
    done = [d for d in after["claimed"][seat] if d not in view["claimed"][seat]] + [d for d, n in d1.items() if n == 0]
    if done:
        return f"{lead}your tiles match Key Disc {done[0]} ({names[done[0]]}): you claim it", ""
    if move.kind == "crystal":
        return "a Lock freezes those tiles for everyone until the start of your next turn, so nobody can " \
               "undo your pattern", ""
    if d0 and d1:
        best0, best1 = min(d0.values()), min(d1.values())
        disc = min(d1, key=lambda d: (d1[d], d))
        if best1 < best0:
            return (f"{lead}it brings your tiles to {best1} turn{'s' * (best1 != 1)} from Key Disc {disc} "
                    f"({names[disc]}), {best0 - best1} nearer", "")
        gained = [d for d in d1 if d1[d] < d0[d]]
        if gained:
            disc = min(gained, key=lambda d: (d1[d], d))
            return f"{lead}it brings Key Disc {disc} ({names[disc]}) nearer: {d1[disc]} turns away now", ""
        if best1 == best0:
            return f"{lead}it keeps your tiles {best1} turn{'s' * (best1 != 1)} from Key Disc {disc} " \
                   f"({names[disc]})", ""
    return None, ""
