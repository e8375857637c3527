"""Code of Nine's end-of-game scoring, exactly in the rulings' order, as one pure function.

``score_table(players, memories)`` takes one dict per real player (never the
ghost) and the 8 Memory codes in the game, and returns a :class:`ScoreTable`:
``totals``, ``cannot_win``, ``winners`` and the ``steps`` of the breakdown.

    >>> a = dict(coins=5, statues=3, books=2, white=True, black=False, medal=False,
    ...          released_white=True, released_black=False, will=2, start=False)
    >>> b = dict(a, coins=1, statues=2, books=0, white=False, black=True, released_white=False, will=6)
    >>> c = dict(a, coins=4, statues=2, books=1, white=False, released_white=False, released_black=True,
    ...          will=0, start=True)
    >>> d = dict(a, coins=6, statues=0, books=1, white=False, released_white=False, will=3)
    >>> table = score_table([a, b, c, d], [3, 5, 9, 10, 13, 15, 17, 18])
    >>> table.totals, table.cannot_win, table.winners
    ([9, 14, 12, 1], [False, True, False, False], [2])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .data import ITEM_VP, MEMORIES

PLAYER_KEYS = {"coins": int, "statues": int, "books": int, "white": bool, "black": bool, "medal": bool,
               "released_white": bool, "released_black": bool, "will": int, "start": bool}
STEP_LABELS = {0: "Invalid cards", 1: "Cannot win", 2: "Coins", 3: "Statues", 4: "Books", 5: "Legacies",
               6: "Player state", 7: "Medal", 8: "Card 20 and the winners"}


VOID_BECAUSE = {20: "Code 27 is in the game", 24: "Code 16 is in the game", 7: "Code 28 is in the game",
                28: "Code 07 is in the game"}


class ScoreTable(NamedTuple):
    """The result of :func:`score_table`; ``steps`` is one dict per order step (see there)."""

    totals: list
    cannot_win: list
    winners: list
    steps: list
    void: list
    lowest_wins: bool


def void_cards(memories: Sequence[int]) -> list:
    """The cards that do nothing in this game (ruling 8), decided once before order 1.

    >>> void_cards([7, 14, 15, 19, 20, 26, 27, 28])
    [7, 20, 28]
    """
    present = set(memories)
    void = set()
    if 20 in present and 27 in present:
        void.add(20)
    if 24 in present and 16 in present:
        void.add(24)
    if 7 in present and 28 in present:
        void.update((7, 28))
    return sorted(void)


def _unique(values: Sequence[int], most: bool) -> int | None:
    """The index of the one player with the most (or least) value, or None on a tie (ruling 4)."""
    best = max(values) if most else min(values)
    found = [i for i, v in enumerate(values) if v == best]
    return found[0] if len(found) == 1 else None


def _check(players: Sequence[Mapping], memories: Sequence[int]) -> None:
    if not isinstance(players, Sequence) or not 1 <= len(players) <= 4:
        raise ValueError("players must be a list of one dict per real player (1 to 4; never the ghost)")
    for i, p in enumerate(players):
        if not isinstance(p, Mapping):
            raise ValueError(f"player {i} must be a dict with keys {', '.join(PLAYER_KEYS)}")
        missing = [k for k in PLAYER_KEYS if k not in p]
        extra = sorted(str(k) for k in p if k not in PLAYER_KEYS)
        if missing or extra:
            raise ValueError(f"player {i}: " + "; ".join(
                [f"missing {', '.join(missing)}"] * bool(missing) + [f"unknown {', '.join(extra)}"] * bool(extra)))
        for key, kind in PLAYER_KEYS.items():
            value = p[key]
            if type(value) is not kind or (kind is int and value < 0):
                what = "a whole number from 0" if kind is int else "True or False"
                raise ValueError(f"player {i}: {key} must be {what} (got {value!r})")
    if not isinstance(memories, Sequence) or len(memories) != 8 or len(set(memories)) != 8 or any(
            type(c) is not int or c not in MEMORIES for c in memories):
        raise ValueError(f"memories must be the 8 different Memory codes in the game, 1-28 (got {memories!r})")
    for key in ("white", "black", "medal", "start"):
        if sum(p[key] for p in players) > 1:
            raise ValueError(f"only one player can hold {'the Start player' if key == 'start' else key}")
    for key in ("released_white", "released_black"):
        if sum(p[key] for p in players) > 1:
            raise ValueError(f"only one player can have {key.replace('_', ' the ')}")


def items_of(p: Mapping) -> int:
    """Every item token a player holds ("[any item]": coins, statues, books, Legacies, the Medal).

    >>> items_of(dict(coins=2, statues=1, books=0, white=True, black=False, medal=True))
    5
    """
    return p["coins"] + p["statues"] + p["books"] + p["white"] + p["black"] + p["medal"]


def score_table(players: Sequence[Mapping], memories: Sequence[int], names: Sequence[str] | None = None) -> ScoreTable:
    """Score the end of a game in the rulings' order (0 void cards, 1 cannot win, 2 coins, 3 statues,
    4 books, 5 Legacies, 6 player state, 7 Medal, 8 card 20 and the winners).

    Each step is a dict: ``order``, ``label``, ``cards`` (the codes applied), ``changes`` (each player's
    VP change), ``notes`` (what happened, in words, naming players by ``names``, else ``P1``, ``P2``...).
    See the module docstring for an example.
    """
    _check(players, memories)
    return score_checked(players, memories, names)


def score_checked(players: Sequence[Mapping], memories: Sequence[int], names: Sequence[str] | None = None
                  ) -> ScoreTable:
    """:func:`score_table` of sheets known to be well formed (made from a game's position by the rules, which
    keep them so): the same table without checking them again.

    >>> p = dict(coins=2, statues=0, books=1, white=False, black=False, medal=False,
    ...          released_white=False, released_black=False, will=1, start=True)
    >>> sheets, memories = [p, dict(p, coins=1, start=False)], [1, 2, 3, 4, 5, 6, 8, 9]
    >>> score_checked(sheets, memories) == score_table(sheets, memories)
    True
    """
    n = len(players)
    present = set(memories)
    void = void_cards(memories)
    valid = present - set(void)
    totals = [0] * n
    cannot = [False] * n
    steps = []

    def step(order, cards, changes, notes):
        for i, c in enumerate(changes):
            totals[i] += c
        steps.append({"order": order, "label": STEP_LABELS[order], "cards": sorted(cards),
                      "changes": list(changes), "notes": notes})

    name = list(names) if names is not None else [f"P{i + 1}" for i in range(n)]
    if len(name) != n:
        raise ValueError(f"names must name each of the {n} players")
    steps.append({"order": 0, "label": STEP_LABELS[0], "cards": list(void), "changes": [0] * n,
                  "notes": ([f"Code {c:02d} is invalid ({VOID_BECAUSE[c]})" for c in void] or ["No card is invalid"])})

    # 1. Cannot-win flags.
    notes, used = [], []
    if 3 in valid:
        used.append(3)
        least = _unique([p["coins"] for p in players], most=False)
        if least is not None:
            cannot[least] = True
            notes.append(f"03: {name[least]} has the unique least Coins and cannot win")
        else:
            notes.append("03: the least Coins are tied, so nobody is affected")
    if 22 in valid:
        used.append(22)
        for i, p in enumerate(players):
            if p["released_white"] or p["released_black"]:
                cannot[i] = True
                notes.append(f"22: {name[i]} released a Legacy and cannot win")
    step(1, used, [0] * n, notes)

    # 2. Coins.
    per_coin = ITEM_VP["coin"] + (1 in valid) - (2 in valid)
    changes = [p["coins"] * per_coin for p in players]
    notes = [f"each Coin is worth {per_coin}"]
    used = [c for c in (1, 2) if c in valid]
    most = _unique([p["coins"] for p in players], most=True)
    for code, bonus in ((4, 4), (19, 10)):
        if code in valid:
            used.append(code)
            if most is None:
                notes.append(f"{code:02d}: the most Coins are tied, so nobody gains")
                continue
            changes[most] += bonus
            notes.append(f"{code:02d}: {name[most]} has the unique most Coins, +{bonus}")
            if code == 19 and 15 in present:
                cannot[most] = True
                notes.append(f"19: Code 15 is in the game, so {name[most]} cannot win")
    step(2, used, changes, notes)

    # 3. Statues: 05 and 06 adjust each statue first, then 07 makes the total negative (ruling 9).
    used = [c for c in (5, 6, 7) if c in valid]
    changes, notes = [], []
    for p in players:
        each = ITEM_VP["statue"] + 2 * (5 in valid) + 3 * (6 in valid and p["statues"] == 1)
        value = p["statues"] * each
        changes.append(-abs(value) if 7 in valid else value)
    notes.append(f"each Statue is worth {ITEM_VP['statue'] + 2 * (5 in valid)}"
                 + ("; a lone Statue +3 (06)" if 6 in valid else "") + ("; all negative (07)" if 7 in valid else ""))
    step(3, used, changes, notes)

    # 4. Books.
    per_book = ITEM_VP["book"] + 2 * (8 in valid)
    changes = [p["books"] * per_book for p in players]
    notes = [f"each Book is worth {per_book}"]
    used = [c for c in (8, 9, 10) if c in valid]
    for i, p in enumerate(players):
        if 9 in valid and p["books"] == 2:
            changes[i] -= 10
            notes.append(f"09: {name[i]} has exactly 2 Books, -10")
        if 10 in valid and p["books"] >= 2:
            changes[i] += items_of(p)
            notes.append(f"10: {name[i]} has at least 2 Books, +{items_of(p)} (one per item)")
    step(4, used, changes, notes)

    # 5. Legacies: the holder scores the token; the releaser scores 14 and 21 per Legacy (ruling 10).
    broken = -3 * (13 in valid)
    white = ITEM_VP["white"] + 3 * (11 in valid) + broken
    black = ITEM_VP["black"] + 3 * (12 in valid) + broken
    used = [c for c in (11, 12, 13, 14, 21) if c in valid]
    changes = [p["white"] * white + p["black"] * black for p in players]
    notes = [f"the White Legacy is worth {white}, the Black Legacy {black}"]
    for code, bonus in ((14, 10), (21, 50)):
        if code in valid:
            for i, p in enumerate(players):
                released = p["released_white"] + p["released_black"]
                if released:
                    changes[i] += bonus * released
                    notes.append(f"{code}: {name[i]} released {released} "
                                 f"{'Legacies' if released > 1 else 'Legacy'}, +{bonus * released}")
    step(5, used, changes, notes)

    # 6. Player state: 15-18 and 23-25.
    items = [items_of(p) for p in players]
    changes = [0] * n
    notes, used = [], []
    most_items = _unique(items, most=True)
    least_items = _unique(items, most=False)
    if 15 in valid:
        used.append(15)
        if most_items is not None:
            changes[most_items] += 5
            notes.append(f"15: {name[most_items]} has the unique most items, +5")
    if 16 in valid:
        used.append(16)
        most_will = _unique([p["will"] for p in players], most=True)
        if most_will is not None:
            changes[most_will] += 5
            notes.append(f"16: {name[most_will]} has the unique most Will, +5")
    if 17 in valid:
        used.append(17)
        if least_items is not None:
            changes[least_items] += 8
            notes.append(f"17: {name[least_items]} has the unique least items, +8")
        if most_items is not None:
            changes[most_items] -= 8
            notes.append(f"17: {name[most_items]} has the unique most items, -8")
    if 18 in valid:
        used.append(18)
        for i, p in enumerate(players):
            if p["start"]:
                changes[i] += 5
                notes.append(f"18: {name[i]} holds the Start player, +5")
    for i, p in enumerate(players):
        if 23 in valid:
            sets = min(p["coins"], p["statues"], p["books"])
            if sets:
                changes[i] += 2 * sets
                notes.append(f"23: {name[i]} has {sets} set{'s' * (sets > 1)}, +{2 * sets}")
        if 24 in valid and p["will"] >= 1:
            changes[i] -= 3
            notes.append(f"24: {name[i]} has Will left, -3")
        if 25 in valid:
            missing = sum(p[k] == 0 for k in ("coins", "statues", "books"))
            if missing:
                changes[i] += 3 * missing
                notes.append(f"25: {name[i]} lacks {missing} kind{'s' * (missing > 1)} of item, +{3 * missing}")
    used += [c for c in (23, 24, 25) if c in valid]
    step(6, used, changes, notes)

    # 7. Medal: 26 and 28 add up (ruling 9).
    medal = ITEM_VP["medal"] + 5 * (26 in valid) - 50 * (28 in valid)
    used = [c for c in (26, 28) if c in valid]
    step(7, used, [p["medal"] * medal for p in players], [f"the Medal is worth {medal}"])

    # 8. Card 20 multiplies each running total by that player's books (ruling 7); then the winners.
    used, notes = [], []
    if 20 in valid:
        used.append(20)
        changes = [totals[i] * p["books"] - totals[i] for i, p in enumerate(players)]
        notes.append("20: each total is multiplied by that player's Books")
    else:
        changes = [0] * n
    lowest = 27 in valid and 26 in present
    if lowest:
        used.append(27)
        notes.append("27 with 26 in the game: the lowest score wins")
    step(8, used, changes, notes)

    eligible = [i for i in range(n) if not cannot[i]]
    winners = []
    if eligible:
        best = (min if lowest else max)(totals[i] for i in eligible)
        winners = [i for i in eligible if totals[i] == best]
    return ScoreTable(totals, cannot, winners, steps, void, lowest)
