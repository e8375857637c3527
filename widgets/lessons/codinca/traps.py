"""Chapters 8-10 of the Codinca tutorial: Trap Cards, Locks, and the other ways a game ends; each a
generator of its steps in the notebook's order."""

from __future__ import annotations

from collections.abc import Iterator

import ninekit
from ninekit.codinca import layout as board  # boards written as four ranks of tiles
from ninekit.codinca import position

from .. import Step
from .luck import LUCK
from .play import (
    EARTH,
    END,
    FIRE,
    RANK1,
    SEAT4,
    TRAP,
    TURN,
    board_tiles,
    breaker,
    choose,
    claim,
    claim_step,
    claimed_discs,
    element_of,
    faces,
    faces_miss,
    flip,
    has_claimed,
    has_won,
    luck,
    miss_after,
    quarter_turn,
    rotated,
    squares_of,
    starts_turn_again,
    step,
    switch,
    tile,
    two_player,
)

# --- 8. Trap Cards ----------------------------------------------------------------------------------


TRAP_BASE = "AG FS WS FG / FS WG AG WS / ES FG ES AS / ES EG AS WG"  # Earth's tiles around a1-b2
TRAP_RULES = {"Earth": ("trap-anytime", "trap-flips", "trap-earth", "trap-once"), "Air": ("trap-air",),
              "Fire": ("trap-fire",), "Water": ("trap-water",)}


def traps_steps() -> Iterator[Step]:
    yield claim_step(
        "reveal-trap", "Reveal Trap", "AG FS WS FG / FS WG AG WS / AS FG AG WS / EG ES ES EG", "L2",
        [luck("reveal_trap"), TRAP, tile("b1"), switch("c1"), flip("a4"), claim("L2")],
        position_kw={"traps": ["T01", "T02"]},
        goal="Look at your Trap Card, then use it to claim your Line disc L2 (four gold).",
        check=lambda s: "L2" in claimed_discs(s, EARTH) and any("after looking at it" in line for line in s.log(None)),
        hint="Spend a Luck token on Reveal Trap: the panel then shows your card as printed, its arrow at the top "
             "(Earth reads it that way round). Its marks show which tiles it turns gold.",
        success="Reveal Trap costs a Luck token: you look at your card, then play it now or keep it for later. "
                "Fire sees that you looked, not the card.",
        miss=miss_after(EARTH, lambda s: "you played the card without looking" if s.view(None)["traps"][EARTH]["state"]
                        == "played" and not any("after looking" in x for x in s.log(None))
                        else f"your rank 1 reads {faces(s, RANK1)}"),
        wrong=([tile("b1"), switch("c1"), luck("reveal_trap")], "not between them"),
        teaches=("trap-hidden", "reveal-trap", "reveal-public"), uses=LUCK)

    base = board(TRAP_BASE)
    for times, element in enumerate(("Earth", "Air", "Fire", "Water")):
        tiles = rotated(base, times)
        seat = SEAT4[element]
        block = [_turn_n(sq, times) for sq in ("a2", "b2", "b1", "a1")]
        outside, gap = _turn_n("c2", times), _turn_n("b2", times)
        traps = [f"T{n:02d}" for n in (1, 2, 3, 4)]
        traps[seat] = "T24"
        state = position(4, tiles=tiles, discs=_unique_discs(seat), traps=traps, revealed=[seat], to_move=seat)
        yield step(
            f"trap-{element.lower()}", state, f"A Trap from {element}'s seat",
            f"Use your Trap Card to claim your Block disc B2 (four gold) as {element}.", has_claimed(seat, "B2"),
            [tile(outside), switch(gap), TRAP, flip(_free_flip(state, block + [outside])), claim("B2")],
            hint="Near-Left Gold Block turns gold the 2×2 block nearest your left hand, seen from your seat. "
                 "Bring your fourth tile into that block first.",
            success=f"A Trap Card is laid with its arrow towards the board, so from {element}'s seat its near "
                    "row is your own edge. It flips the marked tiles to the side shown; nothing moves.",
            miss=miss_after(seat, lambda s, e=element, b=block:
                            "your tiles are not all in the block the card turns gold"
                            if sorted(squares_of(s, e)) != sorted(b) else
                            f"clockwise from {b[0]}, your block reads {faces(s, b)}; B2 needs four gold"),
            wrong=([tile(outside), switch(gap), TRAP, TRAP], "already played your Trap Card"),
            teaches=TRAP_RULES[element], uses=TURN + ("block", "seats", "reveal-trap") + TRAP_RULES["Earth"] * times)


def _turn_n(square: str, times: int) -> str:
    for _ in range(times):
        square = quarter_turn(square)
    return square


def _unique_discs(seat: int) -> list:
    """Four players' discs, ``seat`` holding L2 D2 B2 C2 and nobody holding a disc twice."""
    others = iter(["1", "3", "4"])
    return [[f"{g}2" for g in "LDBC"] if p == seat else [f"{g}{n}" for g in "LDBC"]
            for p, n in ((p, "2" if p == seat else next(others)) for p in range(4))]


def _free_flip(state: ninekit.State, avoid) -> str:
    """A square whose tile belongs to another player and is not in ``avoid`` (a harmless Flip)."""
    me = element_of(state, state.to_move)
    return next(sq for sq, (e, _s) in sorted(board_tiles(state).items()) if e != me and sq not in avoid)


# --- 9. Locks ---------------------------------------------------------------------------------------


def locks_steps() -> Iterator[Step]:
    start = two_player("AG FS WS FG / FS WG AG WS / AS FG AG WS / EG EG ES ES")
    before = {sq: board_tiles(start)[sq] for sq in RANK1}
    yield step(
        "line-lock", start, "Line Lock", "Keep Fire's hands off your rank 1 until your next turn.",
        lambda s: starts_turn_again(s, EARTH) and {sq: board_tiles(s)[sq] for sq in RANK1} == before,
        [tile("a1"), switch("b1"), flip("a4"), luck("line_lock"), choose("crystal", "R1"), END],
        hint="Line Lock moves the Lock Totem onto a red crystal at the end of a line: nobody may move or flip "
             "the tiles of that line until the start of your next turn.",
        success="Line Lock (a Luck action): the line of the red crystal is locked for everyone until the start "
                "of the locker's next turn; then the Totem goes home.",
        miss=lambda s: "your rank 1 changed before your next turn; it now holds " + ", ".join(
            f"{board_tiles(s)[sq][0]} {'gold' if board_tiles(s)[sq][1] == 'G' else 'stone'}" for sq in RANK1),
        wrong=([luck("line_lock"), choose("crystal", "V33")], "not one this Lock may use"),
        opponent=breaker(RANK1), turns=4, teaches=("line-lock",), uses=LUCK)

    block = ("c4", "d4", "d3", "c3")
    tiles = board("AG WS FG FG / WS WG FS FS / AS EG AG ES / EG AS ES WG")
    mine = {sq: tiles[sq] for sq in block}
    yield step(
        "block-lock", position(3, tiles=tiles, to_move=0), "Block Lock lasts a round",
        "Keep Water and Air off your block c4-d4-d3-c3 until your next turn.",
        lambda s: starts_turn_again(s, 0) and {sq: board_tiles(s)[sq] for sq in block} == mine,
        [tile("c4"), switch("d4"), flip("a4"), luck("block_lock"), choose("crystal", "V13"), END],
        hint="Block Lock moves the Lock Totem onto a blue crystal: the four tiles around it are locked until "
             "the start of your next turn, through every other player's turn.",
        success="Block Lock (a Luck action): the 2×2 around the blue crystal is locked for one full round, "
                "until the start of the locker's next turn; the centre is the Totem's home and locks nothing.",
        miss="another player reached your block: lock it before your turn ends",
        wrong=([luck("block_lock"), choose("crystal", "V13"), flip("c4")], "locked"),
        opponent=breaker(block), turns=8, teaches=("block-lock", "lock-everyone", "lock-round"),
        uses=LUCK + ("seats-three", "line-lock"))

    yield claim_step(
        "no-switch", "No legal Switch", "AG FS WS FG / FS WG AG WS / AS FG EG EG / AG WS ES ES", "B5",
        [flip("a4"), claim("B5")], position_kw={"totem": "V33", "locker": FIRE},
        goal="Fire has locked your four tiles, but they match your Block disc B5: claim it.",
        hint="Locked tiles cannot be moved or flipped, so you have no legal Switch: it is skipped. The Flip "
             "may turn any tile that is not locked.",
        success="With no legal Switch, you skip it and go straight to the Flip, which may turn anyone's tile.",
        miss="your turn ended without the claim",
        wrong=([luck("block_flip"), choose("block", "V33")], "needs all its squares unlocked"),
        teaches=("no-switch", "lock-all-squares"), uses=LUCK + ("block", "block-lock", "block-flip"))

    start = two_player("AG FS WS FG / FS WG AG WS / AS FG AG WS / EG EG ES ES", totem="R1", locker=FIRE,
                       traps=["T01", "T05"])
    yield step(
        "trap-breaks-lock", start, "A Trap breaks the lock", "Break Fire's lock on rank 1 this turn.",
        lambda s: s.to_move == EARTH and s.view(None)["totem"] == "V22", [TRAP],
        hint="You do not need to know your Trap Card: playing any Trap, even blind, makes the lock in play fail.",
        success="Any Trap makes the lock in play fail at once, whichever squares the lock covers: the Lock "
                "Totem goes home (the rulebook's words, and a ruling).",
        miss="the lock still stands", wrong=(luck("block_lock"), "locks never stack"),
        teaches=("trap-blind", "trap-breaks-lock", "lock-one-totem"), uses=LUCK + ("line-lock", "trap-flips"))


# --- 10. Other ways a game ends ----------------------------------------------------------------------


def endings_steps() -> Iterator[Step]:
    yield claim_step(
        "beginner", "The beginner game", "AG FS WS FG / FS WG AG WS / AS FG ES ES / AG ES WS EG", "B5",
        [tile("b1"), switch("c1"), flip("d2"), claim("B5")],
        position_kw={"claimed": [[], ["L2", "D2"]], "beginner": True}, check=has_won(EARTH),
        goal="This is a beginner game: win it now.",
        hint="In the beginner game three Key Discs win. You have two; your Block disc B5 is close.",
        success="Beginner game: the first player to claim three of their four discs wins.",
        miss=faces_miss("clockwise from c2, the block", ["c2", "d2", "d1", "c1"]),
        wrong=([tile("b1"), switch("c1"), flip("c2"), END], "clockwise"),
        teaches=("beginner",), uses=TURN + ("block", "win"))

    yield claim_step(
        "round-limit", "The round limit (a house rule)", "AG FS WS FG / FS WG AG EG / EG EG ES WS / AS FG AS WG",
        "L3", [tile("d3"), switch("d2"), flip("d2"), claim("L3")],
        position_kw={"claimed": [["L1"], ["D2"]], "round": 40}, check=has_won(EARTH),
        goal="This is the last turn of round 40, the round limit: win the game.",
        hint="When the limit is reached, the most claimed discs win; now you and Fire have one each. Your "
             "Line disc L3 can still be matched this turn.",
        success="The round limit (a house rule of this software, 40 rounds unless you choose otherwise): the "
                "game ends after the last seat's turn of the last round; most claims win, a tie shares the win.",
        miss=lambda s: (s.outcome.reason if s.is_over else "the game goes on") + ": a claim would have won it",
        wrong=([tile("d3"), switch("d2"), flip("a4"), END], "share the win"),
        teaches=("round-limit", "round-limit-tie"), uses=TURN + ("line-ends", "win"))
