"""Nine Knights' data tables: the board (9 columns by 10 rows, *reconstructed* from a public description), the
Knights and their tokens, the placement order and the rules summary.

    >>> len(SQUARES), SQUARES[0], KNIGHT_IDS[:3]
    (90, 'a1', ('S1', 'S2', 'S3'))
"""

from __future__ import annotations

from itertools import permutations

# --- data tables ---------------------------------------------------------------

SIDES = ("South", "North")
COLUMNS = "abcdefghi"
ROWS = 10
SQUARES = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)  # index = (row-1)*9 + column
INDEX = {name: i for i, name in enumerate(SQUARES)}
HOME_ROW = (1, 10)  # each side's home rank: its Goal Token fields
PLACEMENT_ROWS = ((2, 3), (8, 9))
SUMMONING_FIELDS = (("b2", "e2", "h2"), ("b9", "e9", "h9"))
# Who places each Knight: 0 the first player, 1 the second (1-2-2-2-2-2-1: six Knights each).
PLACEMENT_ORDER = (0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0)
FIRST_CHOICES = ("random", "South", "North")  # the values of option ``first`` (seat numbers 0 and 1 too)
# Saves made before an option existed are loaded with the value the game had then (see Rules.save_defaults):
# before option ``first``, South began every game.
SAVE_DEFAULTS = {"first": "South"}
KNIGHT_TYPES = {"A": "Archer", "W": "Warrior", "R": "Ranger"}
GROUPS = ("Small Number Group (1-3)", "Medium Number Group (4-6)", "High Number Group (7-9)")
HIDDEN_TOKENS = (1, 2, 3, 4, 5)
KNIGHT_IDS = tuple(f"{'SN'[side]}{duty}" for side in (0, 1) for duty in range(1, 10))
COLOUR = {k: "SN".index(k[0]) for k in KNIGHT_IDS}
DUTY = {k: int(k[1:]) for k in KNIGHT_IDS}
ORDERS = tuple("".join(p) for p in permutations("AWR"))  # the 6 ways to give a group's numbers to the types


def row_of(i: int) -> int:
    return i // 9 + 1


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, 9)
    return tuple(
        (r + dr) * 9 + (c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < ROWS and 0 <= c + dc < 9
    )


NEIGHBOURS = tuple(_neighbours(i) for i in range(len(SQUARES)))
# Per side: the neighbours a Knight may step to apart from Goal rows, and those on the enemy Goal row.
STEPS = tuple(tuple(tuple(t for t in n if row_of(t) not in HOME_ROW) for n in NEIGHBOURS) for _ in (0, 1))
GOAL_STEPS = tuple(tuple(tuple(t for t in n if row_of(t) == HOME_ROW[1 - side]) for n in NEIGHBOURS)
                    for side in (0, 1))

RULES_SUMMARY = """\
**Goal.** Move a Knight onto the opponent's Goal Token that shows the Knight's own Duty number,
or leave the opponent with no Knights at all.

**Set-up.** Each side's Goal Tokens 1-9 lie on its home rank in a random order (South: row 1,
North: row 10). Each player secretly draws a Hidden Token (1-5) and secretly gives Duty Tokens
1-9 to their nine Knights: each group (1-3, 4-6, 7-9) gets one Archer, one Warrior and one Ranger.
Then a first player is chosen at random, and the players place six Knights each on their two ranks
next to home (South rows 2-3, North rows 8-9), in the order 1-2-2-2-2-2-1, the first player first.
The other three wait beside the board. The first player makes the first move.

**A turn.** Move one Knight one field in any of the 8 directions. You may not pass, enter a field
holding your own Knight, enter your own Goal fields, or enter an opponent's Goal field unless the
Knight's Duty number matches it (which wins at once).

**Fights.** Moving onto an enemy Knight starts a fight; both Duty numbers are revealed for good.
1 beats 9; a difference of exactly 1 is won by the lower number; equal numbers: the attacker wins;
otherwise the higher number wins. A Knight whose Duty number equals its owner's Hidden Token beats
an 8 if the owner reveals the token. The winner stands on the field; the loser is laid face up
beside the board and its owner summons a waiting Knight onto an empty summoning field (b2/e2/h2,
b9/e9/h9).

**Defection (optional).** When two Knights of the same type fight, the loser joins the winner's
Waiting Area; a winner with fewer than five Knights on the board must summon it at once.

**End.** Reaching a matching Goal field wins; a player with no Knights left, or with no legal move,
loses. House rule: after `quiet_limit` turns in a row without a fight (default 60) the game is a draw.

*Reconstructed:* the board layout (9x10, Goal rows, placement rows, summoning fields), the
placement order's last step and the Hidden Token range come from the project's rulings, not the
printed rulebook.
"""
