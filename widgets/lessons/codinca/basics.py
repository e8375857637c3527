"""Chapters 1-4 of the Codinca tutorial: your first game, claiming, seats and turn order, No Rewind;
each a generator of its steps in the notebook's order."""

from __future__ import annotations

from collections.abc import Iterator

import ninekit
from ninekit.codinca import layout as board  # boards written as four ranks of tiles
from ninekit.codinca import position

from ...tables.codinca import CodincaTable
from .. import Step, played
from .play import (
    EARTH,
    END,
    FIRE,
    RANK1,
    SEAT4,
    START,
    TURN,
    after_calm_turns,
    board_tiles,
    claim,
    claim_step,
    claimed_discs,
    faces,
    faces_miss,
    flip,
    has_won,
    miss_after,
    squares_of,
    step,
    switch,
    tile,
    two_player,
)

# --- 1. Your first game ----------------------------------------------------------------------------

FIRST = "FS FS WS WS / FS FS WS WS / AS ES AS AS / ES ES ES AS"  # a plain board: your four tiles, all stone
BOARD_ONLY = CodincaTable(panel=False)  # the first steps teach the Switch: no discs, Trap or Luck shown yet


def first_game_steps() -> Iterator[Step]:
    # No Luck tokens and the Trap Card already played: the decision asked is the Switch and nothing else yet.
    start = two_player(FIRST, tokens=[0, 0], played=[EARTH])
    yield step(
        "switch", start, "The Switch", "Put one of your Earth tiles on the corner square d1.",
        lambda s: board_tiles(s)["d1"][0] == "Earth", [tile("c1"), switch("d1")],
        hint="Click one of your own Earth tiles first, then the tile it changes places with. d1 holds an "
             "Air tile; which Earth tile stands next to it?",
        success="A Switch exchanges one of your own tiles with a tile next to it — anyone's tile, even one "
                "of an element nobody plays.",
        miss="no Earth tile reached d1", wrong=(tile("d1"), "must include one of your own"),
        teaches=("element", "switch", "switch-own-tile", "empty-seat"), table=BOARD_ONLY)

    yield step(
        "switch-diagonal", start, "Diagonal Switch", "Put one of your Earth tiles on d2, in one Switch.",
        lambda s: board_tiles(s)["d2"][0] == "Earth", [tile("c1"), switch("d2")],
        hint="Diagonal neighbours count as next to each other. Which Earth tile touches d2, even only at "
             "a corner?",
        success="Diagonal neighbours count: a Switch may go in any of the eight directions.",
        miss="no Earth tile reached d2", wrong=([tile("a1"), switch("d2")], "is not next to"),
        teaches=("switch-diagonal",), uses=("element", "switch"), table=BOARD_ONLY)

    yield claim_step(
        "flip", "The Flip", "AG FS WS FG / FS WG AG WS / AS FG AG EG / EG EG ES WS", "L2",
        [tile("d2"), switch("d1"), flip("c1"), claim("L2")],
        goal="Claim your Line disc L2: four gold Earth tiles in one line.",
        hint="First the Switch brings your fourth tile into rank 1; then the Flip turns one tile over.",
        success="Every turn is a Switch and then a Flip: the Flip turns any one tile over, stone to gold or "
                "gold to stone, without moving it. A claim ends your turn.",
        miss=faces_miss("your rank 1", RANK1),
        wrong=([tile("d2"), switch("d1"), END], "only after your Switch and Flip"),
        teaches=("turn", "flip", "disc-match", "line", "claim-end", "claim-ends-turn"), uses=("switch",))

    rows = [  # key, title, tiles, disc, solution, hint, success, miss, wrong, teaches
        ("line", "Line of four", "AG FS WS FG / FS WG AG EG / EG EG ES WS / AS FG AS WG", "L3",
         [tile("d3"), switch("d2"), flip("d2"), claim("L3")],
         "A line disc may be read from either end: gold, gold, stone, stone matches it too.",
         "A Line of four is any rank or file, read from either end.",
         miss_after(EARTH, lambda s: f"your rank 2 reads {faces(s, ['a2', 'b2', 'c2', 'd2'])}: from either end, that "
                                     "is not stone, stone, gold, gold"),
         ([tile("d3"), switch("d2"), flip("d2"), END], "claiming is compulsory"), ("line-ends", "claim-compulsory")),
        ("diagonal", "Diagonal four", "AG FS WS EG / FS WG ES WS / EG ES AG FS / FG AS AS WG", "D3",
         [tile("a2"), switch("a1"), flip("a1"), claim("D3")],
         "The diagonals run corner to corner: d4, c3, b2, a1 is one. Read it from either end.",
         "A Diagonal four is one of the two long diagonals, read from either end.",
         faces_miss("the diagonal d4-c3-b2-a1", ["d4", "c3", "b2", "a1"]),
         ([tile("a2"), switch("a1"), flip("b2"), END], "diagonal"), ("diagonal",)),
        ("block", "Block of four", "AG FS WS FG / FS WG AG WS / AS FG ES ES / AG ES WS EG", "B5",
         [tile("b1"), switch("c1"), flip("d2"), claim("B5")],
         "A block disc may be turned: read the 2×2 clockwise, starting from any corner.",
         "A Block of four is any 2×2 block, read clockwise from any corner (the disc may be turned).",
         faces_miss("clockwise from c2, the block", ["c2", "d2", "d1", "c1"]),
         ([tile("b1"), switch("c1"), flip("c2"), END], "clockwise"), ("block",)),
        ("corners", "Four corners", "EG FS WS EG / FS WG AG WS / EG FG AG WS / AS AS FS ES", "C5",
         [tile("a2"), switch("a1"), flip("a1"), claim("C5")],
         "The four corners of the board form a square too, read clockwise from any corner.",
         "Four corners: the board's four corners, read clockwise from any corner.",
         faces_miss("clockwise from a4, the corners", ["a4", "d4", "d1", "a1"]),
         ([tile("a2"), switch("a1"), flip("d1"), END], "clockwise"), ("corners",)),
    ]
    for key, title, tiles, disc, solution, hint, success, miss, wrong, teaches in rows:
        yield claim_step(
            key, title, tiles, disc, solution, hint=hint, success=success, miss=miss, wrong=wrong,
            teaches=teaches, uses=TURN)

    game = ninekit.make("codinca", 2)
    dealt = after_calm_turns(game.new(seed=3), EARTH)
    yield step(
        "deal", dealt, "A game from the deal",
        "The deal is done and Fire has taken the first turn: take your first turn, a Switch and a Flip.",
        lambda s: bool(s.history) and s.history[-1][0] == EARTH and s.history[-1][1].kind in ("end", "claim"),
        [tile("a1"), switch("b1"), flip("a4"), END],
        hint="Look at what you were dealt beside the board: four Key Discs, one of each group, a Trap Card face "
             "down and your Luck tokens. Then a Switch, a Flip, and End your turn.",
        success="The deal: one Key Disc from each group, a face-down Trap Card, Luck tokens (4 each with two or "
                "three players, 5 with four), the tiles in the starting layout; Fire starts.",
        miss="your turn did not end", wrong=(END, "only after your Switch and Flip"),
        teaches=("layout", "seats-two", "fire-starts", "deal-discs", "deal-trap", "tokens-2-3"), uses=TURN)

    start = two_player("EG FS WS EG / FS WG AG WS / EG FG AG WS / AS AS FS ES", ("L2", "D2", "B2", "C5"),
                       claimed=[[], ["L2", "D2", "B2"]])
    yield step(
        "win", start, "Winning the full game", "Claim your fourth Key Disc and win.", has_won(EARTH),
        [tile("a2"), switch("a1"), flip("a1"), claim("C5")],
        hint="You have claimed three discs; your Corners disc C5 is the last. The board's corners count.",
        success="The first player to claim all four Key Discs wins: the temple of Codinca is unlocked. At the "
                "end every Key Disc and Trap Card is shown.",
        miss=faces_miss("clockwise from a4, the corners", ["a4", "d4", "d1", "a1"]),
        wrong=([tile("a2"), switch("a1"), flip("d1"), END], "clockwise"),
        teaches=("win", "end-shown"), uses=TURN + ("corners",))


# --- 2. Claiming, the finer points -----------------------------------------------------------------


def claiming_steps() -> Iterator[Step]:
    yield claim_step(
        "switch-own", "Switching your own tiles", "AG FS WS FG / FS WG AG WS / AS FG AG WS / ES ES EG EG", "L4",
        [tile("b1"), switch("c1"), flip("a4"), claim("L4")],
        hint="Your four tiles already stand in rank 1; only the order of their faces is wrong. A Switch "
             "may exchange two of your own tiles. Then Flip a tile that is not in your line.",
        success="A Switch may exchange two of your own tiles: that rearranges your stone and gold faces. The "
                "Flip may turn anyone's tile.",
        miss=faces_miss("your rank 1", RANK1), wrong=(claim("L4"), "claimed only at the end of your turn"),
        teaches=("switch-two-own", "flip-any"), uses=TURN)

    yield claim_step(
        "corners-3x3", "Corners of a 3×3", "AG FS WS FG / FS ES AG ES / AS FG WG WS / WG AS EG EG", "C3",
        [tile("c1"), switch("b1"), flip("b1"), claim("C3")],
        hint="Corners count on any 3×3 square of the board too: b3, d3, d1, b1 is one.",
        success="Four corners may also be the corners of any 3×3 square on the board.",
        miss=miss_after(EARTH, lambda s: "your tiles are not on the corners of one square"
                        if squares_of(s, "Earth") != ["b1", "b3", "d1", "d3"] else
                        f"clockwise from b3, the corners read {faces(s, ['b3', 'd3', 'd1', 'b1'])}"),
        wrong=([tile("c1"), switch("b1"), flip("d3"), END], "clockwise"),
        teaches=("corners-3x3",), uses=TURN + ("corners",))

    block = ["c2", "d2", "d1", "c1"]
    yield claim_step(
        "claimed-stays", "A claimed disc stays claimed", "AG FS WS FG / FS WG AG WS / AS FG EG EG / AG WS ES EG",
        "B2", [tile("c1"), switch("d1"), flip("d1"), claim("B2")], position_kw={"claimed": [[], ["L2"]]},
        check=lambda s: "B2" in claimed_discs(s, EARTH) and s.view(FIRE)["discs"][EARTH][2]["id"] == "B2",
        hint="Your Line disc L2 was claimed earlier: it stays claimed although your tiles left that line. Now "
             "three of your block's tiles are gold; which one is not?",
        success="A claimed disc is shown to the others (Fire's side of the board now sees B2) and stays "
                "claimed even when your tiles later leave its pattern.",
        miss=faces_miss("clockwise from c2, your block", block),
        wrong=([tile("c1"), switch("d1"), flip("a4"), END], "your block reads"),
        teaches=("claim-shown", "claim-stays"), uses=TURN + ("block",))


# --- 3. Seats and turn order -----------------------------------------------------------------------


def seats_steps() -> Iterator[Step]:
    start = position(3, tiles=board(START), to_move=0)
    yield step(
        "seats-three", start, "Three players",
        "Three players: Earth's seat is empty. As Fire, put one of your tiles on c3, where an Earth tile stands.",
        lambda s: board_tiles(s)["c3"][0] == "Fire", [tile("b2"), switch("c3"), flip("a4"), END],
        hint="Nobody plays Earth, so its tiles are anyone's to switch with. Which of your Fire tiles touches c3?",
        success="Three players are Fire, Water and Air; Earth's seat stays empty and its tiles stay in play. "
                "After you, Water plays, then Air.",
        miss="no Fire tile reached c3", wrong=(tile("c3"), "must include one of your own"),
        teaches=("seats-three", "seats"), uses=TURN + ("empty-seat",))


# --- 4. No Rewind ----------------------------------------------------------------------------------


def no_rewind_steps() -> Iterator[Step]:
    start = two_player("AG FS WS FG / FS WG AG WS / EG AG EG WS / EG FS AS ES", last_switch=("a2", "b1"),
                       rewind_used=[EARTH])
    yield step(
        "no-rewind", start, "No Rewind",
        "Repair what Fire just did: an Earth tile back on b1 (keep the one on a1), and d1 gold again.",
        lambda s: (board_tiles(s)["a1"][0] == board_tiles(s)["b1"][0] == "Earth"
                   and board_tiles(s)["d1"] == ("Earth", "G")),
        [tile("c2"), switch("b1"), flip("d1")],
        hint="You may not switch a2 and b1 straight back. Another of your tiles touches b1.",
        success="No Rewind: you may not switch back the two tiles the previous player just switched, but "
                "any other Switch is fine, and you may flip back a tile they flipped.",
        miss=miss_after(EARTH, lambda s: "a1 and b1 do not both hold Earth tiles"
                        if not board_tiles(s)["a1"][0] == board_tiles(s)["b1"][0] == "Earth"
                        else "your d1 tile is still stone"),
        wrong=([tile("a2"), switch("b1")], "No Rewind"),
        teaches=("no-rewind", "no-rewind-flip"), uses=TURN)

    tiles = board(START)
    tiles["a4"], tiles["b3"] = tiles["b3"], tiles["a4"]  # Water switched two turns ago
    tiles["b1"], tiles["c1"] = tiles["c1"], tiles["b1"]  # then Earth, just now
    start = position(4, tiles=tiles, to_move=SEAT4["Air"], last_switch=("b1", "c1"))
    yield step(
        "no-rewind-others", start, "No Rewind is for the next player only", "Take your corner a4 back from Water.",
        lambda s: board_tiles(s)["a4"][0] == "Air", [tile("b3"), switch("a4")],
        hint="Water switched a4 and b3 two turns ago; Earth played after Water, and you play after Earth.",
        success="With four players play passes Fire, Water, Earth, Air. No Rewind binds only the next player: "
                "Water's Switch was two turns ago, so you may undo it; Earth's, just before you, you may not.",
        miss="a4 still holds Water's tile", wrong=([tile("c1"), switch("b1")], "No Rewind"),
        teaches=("turn-order", "tokens-4", "no-rewind-next"), uses=TURN + ("no-rewind", "seats"))

    last_round = two_player(START, to_move=EARTH)
    crossed = played(last_round, tile("c3"), switch("b4"), flip("d1"), END)  # Earth ends round 1; Fire starts round 2
    yield step(
        "no-rewind-round", crossed, "No Rewind across rounds",
        "A new round starts with you, Fire. Earth's Switch took your b4 square: put a Fire tile on b4 again.",
        lambda s: board_tiles(s)["b4"][0] == "Fire", [tile("a3"), switch("b4"), flip("d1")],
        hint="Earth played last in the round before, so Earth is the player before you: you may not switch "
             "c3 and b4 straight back. Another of your tiles touches b4.",
        success="No Rewind also holds across the end of a round: Fire, first in a round, may not switch back "
                "what the last player of the round before just switched.",
        miss="b4 does not hold a Fire tile", wrong=([tile("c3"), switch("b4")], "No Rewind"),
        teaches=("no-rewind-round",), uses=TURN + ("no-rewind",))
