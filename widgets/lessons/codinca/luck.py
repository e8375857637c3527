"""Chapters 5-7 of the Codinca tutorial: the Luck actions (moving tiles, turning tiles over, extra moves)
and Rewind; each a generator of its steps in the notebook's order."""

from __future__ import annotations

from collections.abc import Iterator

from .. import Step, played
from .play import (
    EARTH,
    END,
    FIRE,
    RANK1,
    TURN,
    board_tiles,
    choose,
    claim,
    claim_step,
    faces,
    faces_miss,
    flip,
    luck,
    miss_after,
    squares_of,
    step,
    switch,
    tile,
    two_player,
    where_tiles_stand,
)

# --- 5-7. Luck actions -----------------------------------------------------------------------------

LUCK = TURN + ("luck-token", "luck-when")


def luck_moving_steps() -> Iterator[Step]:
    yield claim_step(
        "line-push", "Line Push", "AG FS WS FG / FS WG AG WS / AS FG AG WS / EG EG ES ES", "L5",
        [luck("line_push"), choose("line", "1"), choose("push", "east"), tile("b1"), switch("c1"), flip("a4"),
         claim("L5")],
        hint="Line Push shifts a whole rank one square; the tile pushed off one end comes back in at the "
             "other. Which way gives stone, gold, gold, stone? Then your Switch may exchange two of your tiles "
             "that look the same, and your Flip may turn a tile outside rank 1.",
        success="Line Push (a Luck action): shift a rank or file one square; the end tile re-enters at the "
                "other end. The token is spent as soon as you choose the action. Luck actions come before your "
                "Switch or after your Flip.",
        miss=faces_miss("your rank 1", RANK1), wrong=([tile("a1"), luck("line_push")], "not between them"),
        teaches=("luck-token", "luck-when", "luck-spent", "line-push"), uses=TURN + ("line-ends",))

    yield claim_step(
        "switch-pair", "Switch Pair", "AG FS WS FG / EG EG AG WS / FS FG AG WS / EG EG AS WG", "B2",
        [luck("switch_pair"), choose("pair", "a3-b3"), choose("pair_with", "a2-b2"), tile("a1"), switch("b1"),
         flip("d1"), claim("B2")],
        goal="Claim your Block disc B2 (four gold) in the corner a2-b2-b1-a1.",
        hint="Switch Pair exchanges two pairs of tiles side by side: your pair a3-b3 with the pair below it.",
        success="Switch Pair (a Luck action): exchange two touching pairs of tiles, side by side or end to "
                "end in one line; never diagonally.",
        miss=where_tiles_stand(), wrong=(luck("extra_move"), "after your Flip"),
        teaches=("switch-pair",), uses=LUCK + ("block",))

    yield claim_step(
        "rotate-block", "Rotate Block", "AG FS WS FG / FS WG AG WS / EG ES AG EG / AS FG ES WS", "L4",
        [tile("d2"), switch("d1"), flip("a4"), luck("rotate_block"), choose("block", "V31"), choose("turn", "180"),
         claim("L4")],
        goal="Claim your Line disc L4 (stone, gold, stone, gold) on rank 1.",
        hint="Rotate Block turns a 2×2 block 90° either way or 180°. Turning a2-b2-b1-a1 half round brings "
             "your a2 and b2 tiles down, crossed over.",
        success="Rotate Block (a Luck action): turn any 2×2 block 90° clockwise, anticlockwise or 180°.",
        miss=miss_after(EARTH, lambda s: f"your tiles stand on {', '.join(squares_of(s, 'Earth'))}: L4 needs all "
                        "four on rank 1" if squares_of(s, "Earth") != RANK1 else
                        f"your rank 1 reads {faces(s, RANK1)}"),
        wrong=([tile("d2"), switch("d1"), luck("rotate_block")], "not between them"),
        teaches=("rotate-block",), uses=LUCK + ("line-ends",))


def luck_turning_steps() -> Iterator[Step]:
    yield claim_step(
        "block-flip", "Block Flip", "AG FS WS FG / FS WG AG WS / AS FG ES ES / AG WS ES ES", "B2",
        [tile("c2"), switch("d2"), flip("a4"), luck("block_flip"), choose("block", "V33"), claim("B2")],
        hint="Block Flip turns over all four tiles of a 2×2 block at once.",
        success="Block Flip (a Luck action): turn over the four tiles of any 2×2 block.",
        miss=faces_miss("your block", ["c2", "d2", "d1", "c1"]), wrong=(luck("extra_move"), "after your Flip"),
        teaches=("block-flip",), uses=LUCK + ("block",))

    yield claim_step(
        "line-flip", "Line Flip", "AG FS WS EG / FS WG AG ES / AS FG WG ES / WG AS FS EG", "L5",
        [tile("d3"), switch("d2"), flip("a4"), luck("line_flip"), choose("line", "d"), claim("L5")],
        hint="Line Flip turns over all four tiles of a rank or file at once.",
        success="Line Flip (a Luck action): turn over the four tiles of any rank or file. Luck actions after "
                "your Flip come before your claim.",
        miss=miss_after(EARTH, lambda s: f"your file d reads {faces(s, ['d4', 'd3', 'd2', 'd1'])}: turning the whole "
                                         "file over with Line Flip makes it stone, gold, gold, stone"),
        wrong=([tile("d3"), switch("d2"), flip("a4"), END], "Line Flip"),
        teaches=("line-flip", "luck-before-claim"), uses=LUCK + ("line-ends",))


def extra_moves_steps() -> Iterator[Step]:
    rows = [  # key, title, tiles, solution, hint, success, miss, wrong, teaches, position
        ("extra-move", "Extra Move: a Switch", "AG FS WS FG / FS WG AG WS / AS FG EG EG / EG EG AS WS",
         [tile("c2"), switch("c1"), flip("a4"), luck("extra_move"), choose("extra", "switch"), tile("d2"),
          switch("d1"), claim("L2")],
         "Two of your tiles are off rank 1, and a turn has one Switch. Extra Move buys another, after your Flip.",
         "Extra Move (a Luck action), after your Flip: one more Switch.",
         where_tiles_stand(), (luck("extra_move"), "after your Flip"), ("extra-switch",), {}),
        ("extra-flip", "Extra Move: a Flip", "AG FS WS FG / FS WG AG WS / AS FG AG WS / EG ES ES EG",
         [tile("b1"), switch("c1"), flip("b1"), luck("extra_move"), choose("extra", "flip"), flip("c1"),
          claim("L2")],
         "Two of your tiles show stone, and a turn has one Flip. Extra Move can be a second Flip.",
         "Extra Move may also be one more Flip, of any tile that is not locked.",
         faces_miss("your rank 1", RANK1),
         ([tile("b1"), switch("c1"), flip("b1"), luck("extra_move"), choose("extra", "flip"), flip("a4"), END],
          "rank 1 reads"), ("extra-flip",), {}),
        ("extra-twice", "The same action twice", "AG FS WS FG / FS WG AG WS / AS FG AG WS / ES ES ES EG",
         [tile("a1"), switch("b1"), flip("a1"), luck("extra_move"), choose("extra", "flip"), flip("b1"),
          luck("extra_move"), choose("extra", "flip"), flip("c1"), claim("L2")],
         "Three of your tiles show stone. Your Switch can exchange two of your tiles that look the same (it "
         "changes nothing); then one Flip, and buy Extra Move twice.",
         "You may buy the same Luck action again, in the same turn too (only Rewind is once per game). "
         "Switching two of your tiles that look the same is allowed; it changes nothing.",
         faces_miss("your rank 1", RANK1),
         ([tile("a1"), switch("b1"), flip("a1"), END], "rank 1 reads"), ("luck-again", "switch-same"), {}),
        ("extra-no-rewind", "An extra Switch obeys No Rewind", "AG FS WS FG / FS WG AG WS / AS FG EG EG / EG EG AS WS",
         [tile("d2"), switch("c1"), flip("a4"), luck("extra_move"), choose("extra", "switch"), tile("c2"),
          switch("d1"), claim("L2")],
         "Fire just switched d1 and d2, so neither your Switch nor an extra one may switch them back. Bring "
         "your two tiles down diagonally instead.",
         "An extra Switch obeys every Switch rule, No Rewind included.",
         where_tiles_stand(), ([tile("c2"), switch("c1"), flip("a4"), luck("extra_move"), choose("extra", "switch"),
                                tile("d2"), switch("d1")], "No Rewind"), ("extra-no-rewind",),
         {"last_switch": ("d1", "d2")}),
    ]
    for key, title, tiles, solution, hint, success, miss, wrong, teaches, kw in rows:
        yield claim_step(
            key, title, tiles, "L2", solution, goal="Claim your Line disc L2 (four gold) on rank 1.",
            hint=hint, success=success, miss=miss, wrong=wrong, teaches=teaches, position_kw=kw,
            uses=LUCK + ("extra-switch",) * (key != "extra-move") + ("no-rewind",) * (key == "extra-no-rewind"))

    yield claim_step(
        "several-actions", "Several Luck actions in one turn",
        "AG AS WS FG / FS WG AG WS / ES ES AG WS / FG FG ES ES", "L2",
        [luck("switch_pair"), choose("pair", "a2-b2"), choose("pair_with", "a1-b1"), tile("a1"), switch("b1"),
         flip("a4"), luck("line_flip"), choose("line", "1"), claim("L2")],
        goal="Claim your Line disc L2 (four gold) on rank 1.",
        hint="One token buys one action, and you may spend several in a turn: one to bring a2 and b2 down "
             "together, one to turn all of rank 1 over.",
        success="You may spend several Luck tokens in one turn, one per action, before your Switch and after "
                "your Flip.",
        miss=miss_after(EARTH, lambda s: f"your tiles stand on {', '.join(squares_of(s, 'Earth'))}"
                        if squares_of(s, "Earth") != RANK1 else f"your rank 1 reads {faces(s, RANK1)}"),
        wrong=([tile("a2"), switch("a1"), luck("line_flip")], "not between them"),
        teaches=("luck-several",), uses=LUCK + ("switch-pair", "line-flip"))


def rewind_steps() -> Iterator[Step]:
    yield claim_step(
        "rewind", "Rewind", "AG FS WS FG / FS WG AG WS / AS EG AG WS / EG FS EG EG", "L2",
        [luck("rewind"), tile("a1"), switch("b1"), flip("a4"), claim("L2")],
        position_kw={"last_switch": ("b1", "b2")},
        goal="Claim your Line disc L2 (four gold) on rank 1 this turn.",
        hint="Only the Rewind Luck action may switch back the previous player's Switch, and only before "
             "your own Switch.",
        success="Rewind (a Luck action, once per game, before your Switch): switch back the previous "
                "player's Switch, then take your turn.",
        miss=where_tiles_stand(), wrong=([tile("b2"), switch("b1")], "only the Rewind luck action may"),
        teaches=("rewind",), uses=LUCK + ("no-rewind", "line-ends"))

    start = two_player("AG FS WS FG / FS WG AG WS / EG AG EG WS / EG FS AS ES", last_switch=("a2", "b1"),
                       rewind_used=[EARTH])
    yield step(
        "rewind-once", start, "Rewind is once per game",
        "Fire just took your b1 square: put an Earth tile back on b1 (you used your Rewind earlier this game).",
        lambda s: board_tiles(s)["b1"][0] == "Earth", [tile("c2"), switch("b1"), flip("d1")],
        hint="Your Rewind is spent, and No Rewind forbids switching a2 and b1 back. Another of your tiles "
             "touches b1.",
        success="Rewind may be used only once per game; every other Luck action may be bought again.",
        miss="b1 does not hold an Earth tile", wrong=(luck("rewind"), "only once per game"),
        teaches=("rewind-once",), uses=LUCK + ("no-rewind", "rewind"))

    before = two_player("AG FS WS FG / FS WG AG AS / EG FG EG WS / WS EG ES AS", to_move=FIRE)
    pushed = played(before, tile("b2"), switch("b1"), flip("a4"), luck("line_push"), choose("line", "1"),
                     choose("push", "east"), END)  # Fire's Switch, then its Line Push moves a tile onto b1
    yield step(
        "rewind-stands", pushed, "Rewind needs the Switch to still stand",
        "Fire switched your b1 tile away, then pushed rank 1: put an Earth tile on b1 again.",
        lambda s: board_tiles(s)["b1"][0] == "Earth", [tile("a2"), switch("b1"), flip("a4")],
        hint="Rewind only undoes a Switch whose two tiles still stand where it put them; Fire's Line Push moved "
             "them. A plain Switch does it.",
        success="Rewind, and No Rewind, only concern a Switch that still stands: once another action moves a "
                "tile onto either of its squares, it can no longer be rewound, and you may switch those squares.",
        miss="b1 does not hold an Earth tile", wrong=(luck("rewind"), "no Switch by the previous player"),
        teaches=("rewind-stands",), uses=LUCK + ("rewind", "line-push"))
