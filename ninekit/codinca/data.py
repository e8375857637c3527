"""Codinca's printed components, as *reconstructed* by the project's rulings.

The printed board and cards are lost.  The components at the top of this file
-- the starting layout, the 24 Key Discs, the 24 Trap Cards, the crystal spots
and the Luck token counts -- come from ``shared/rules/codinca.rulings.md``
(sections 1-5), not from the printed game; the tables after them (squares,
lines, blocks, the Luck actions, the rules summary) are derived from them.  Anything that shows these to a
user says "reconstructed" (see :data:`RECONSTRUCTED_NOTE`).

    >>> START_GRID[0], len(DISCS), len(TRAPS)
    ('AG FS WS FG', 24, 24)
"""

RECONSTRUCTED_NOTE = (
    "Reconstructed: the printed Codinca board and cards are lost, so the starting layout, the 24 Key "
    "Discs, the 24 Trap Cards and the crystal spots are the project's reconstruction (balanced by script: "
    "every disc starts exactly 3 turns away for every seat), not the printed components."
)

# The four elements: letter used in positions, name, the seat's compass edge.
ELEMENTS = (("E", "Earth", "South"), ("A", "Air", "West"), ("F", "Fire", "North"), ("W", "Water", "East"))

# Turn order (play passes to the left): Fire -> Water -> Earth -> Air; seats by player count.
SEATING = {2: ("F", "E"), 3: ("F", "W", "A"), 4: ("F", "W", "E", "A")}

# Starting layout, rank 4 (north) first, files a-d west to east; each cell is element letter + side.
START_GRID = (
    "AG FS WS FG",  # rank 4
    "FS WG EG WS",  # rank 3
    "AS FG AG ES",  # rank 2
    "EG AS ES WG",  # rank 1
)

LUCK_TOKENS = {2: 4, 3: 4, 4: 5}

# Key Discs: id -> the printed face (S stone, G gold); the letter is the group.
DISC_GROUPS = (("L", "Line of four"), ("D", "Diagonal four"), ("B", "Block of four"), ("C", "Four corners"))
DISCS = {
    "L1": "SSSS", "L2": "GGGG", "L3": "SSGG", "L4": "SGSG", "L5": "SGGS", "L6": "GSSG",
    "D1": "SSSS", "D2": "GGGG", "D3": "SSSG", "D4": "GGGS", "D5": "SGSS", "D6": "GSGG",
    "B1": "SSSS", "B2": "GGGG", "B3": "GSSS", "B4": "SGGG", "B5": "GGSS", "B6": "GSGS",
    "C1": "SSSS", "C2": "GGGG", "C3": "GSSS", "C4": "SGGG", "C5": "GGSS", "C6": "GSGS",
}

# Trap Cards: id, name, grid (far row / ... / near row, seen from the player's seat; "." = no change).
TRAPS = (
    ("T01", "Far Row Stone", "SSSS/..../..../...."),
    ("T02", "Near Row Gold", "..../..../..../GGGG"),
    ("T03", "Second Row Chequer", "..../SGSG/..../...."),
    ("T04", "Third Row Split", "..../..../GGSS/...."),
    ("T05", "Left Column Ends", "G.../S.../S.../G..."),
    ("T06", "Right Column Split", "...S/...S/...G/...G"),
    ("T07", "Twin Inner Columns", ".GS./.GS./.GS./.GS."),
    ("T08", "Falling Diagonal", "S.../.S../..S./...S"),
    ("T09", "Rising Diagonal", "...G/..G./.G../G..."),
    ("T10", "Crossed Diagonals", "S..G/.SG./.GS./G..S"),
    ("T11", "Golden Heart", "..../.GG./.GG./...."),
    ("T12", "Chequered Heart", "..../.SG./.GS./...."),
    ("T13", "Stone Wall", "SSSS/S..S/S..S/SSSS"),
    ("T14", "Full Chequer", "SGSG/GSGS/SGSG/GSGS"),
    ("T15", "Far Chequer", "GSGS/SGSG/..../...."),
    ("T16", "Golden Corners", "G..G/..../..../G..G"),
    ("T17", "Crossed Corners", "S..G/..../..../G..S"),
    ("T18", "Near-Left 3x3 Corners", "..../G.G./..../G.G."),
    ("T19", "Far-Right 3x3 Corners", ".S.S/..../.S.S/...."),
    ("T20", "Far Half Gold", "GGGG/GGGG/..../...."),
    ("T21", "Left Half Stone", "SS../SS../SS../SS.."),
    ("T22", "Near Half Bands", "..../..../SSSS/GGGG"),
    ("T23", "Far-Right Stone Block", "..SS/..SS/..../...."),
    ("T24", "Near-Left Gold Block", "..../..../GG../GG.."),
)

# Quarter turns clockwise of a Trap Card from each seat (Earth reads it as printed).
TRAP_TURNS = {"E": 0, "A": 1, "F": 2, "W": 3}

# Red crystals: one per line, at the end on the left half of a seat's edge (id -> line, the edge it sits on).
RED_CRYSTALS = {
    "R4": ("4", "West"), "R3": ("3", "West"), "Rc": ("c", "North"), "Rd": ("d", "North"),
    "R2": ("2", "East"), "R1": ("1", "East"), "Ra": ("a", "South"), "Rb": ("b", "South"),
}
# Blue crystals on the interior grid points: id -> the 2x2 around it (NW NE SE SW).  V22 is the Lock
# Totem's home and locks nothing.
BLUE_CRYSTALS = {
    "V11": ("a4", "b4", "b3", "a3"), "V12": ("b4", "c4", "c3", "b3"), "V13": ("c4", "d4", "d3", "c3"),
    "V21": ("a3", "b3", "b2", "a2"), "V22": ("b3", "c3", "c2", "b2"), "V23": ("c3", "d3", "d2", "c2"),
    "V31": ("a2", "b2", "b1", "a1"), "V32": ("b2", "c2", "c1", "b1"), "V33": ("c2", "d2", "d1", "c1"),
}
TOTEM_HOME = "V22"


# --- data tables derived from the reconstructed components above --------------------------------

FILES = "abcd"
SQUARES = tuple(f"{f}{r}" for r in range(1, 5) for f in FILES)  # index = (rank - 1) * 4 + file
INDEX = {sq: i for i, sq in enumerate(SQUARES)}
LETTER = {name: letter for letter, name, _edge in ELEMENTS}
ELEMENT_NAME = {letter: name for letter, name, _edge in ELEMENTS}
EDGE = {letter: edge for letter, _name, edge in ELEMENTS}
SIDE_WORD = {"S": "stone", "G": "gold"}
FLIPPED = {e + s: e + ("G" if s == "S" else "S") for e in ELEMENT_NAME for s in "SG"}



def layout(text: str) -> dict:
    """Tiles from four ranks of four, rank 4 (north) first, files a-d: ``"EG"`` is an Earth tile showing gold.

    The way :data:`START_LAYOUT` is written above, and tutorials write their boards.

    >>> layout("AG FS WS FG / FS WG EG WS / AS FG AG ES / EG AS ES WG")["c3"]
    ('Earth', 'G')
    """
    ranks = [rank.split() for rank in text.split("/")]
    if len(ranks) != 4 or any(len(rank) != 4 for rank in ranks) or \
            any(cell[:1] not in ELEMENT_NAME or cell[1:] not in ("S", "G") for rank in ranks for cell in rank):
        raise ValueError(f"a board is four ranks of four tiles like 'EG' (Earth, gold), '/' between ranks: {text!r}")
    return {f"{FILES[f]}{4 - r}": (ELEMENT_NAME[cell[0]], cell[1])
            for r, rank in enumerate(ranks) for f, cell in enumerate(rank)}


START_LAYOUT = layout(" / ".join(START_GRID))
START_TILES = tuple(START_LAYOUT[sq][0][0] + START_LAYOUT[sq][1] for sq in SQUARES)


def square_at(file: int, rank: int) -> int:
    return (rank - 1) * 4 + file


# Lines: id -> squares in board reading order (rank west->east, file north->south).
LINES = {
    **{str(r): tuple(square_at(f, r) for f in range(4)) for r in range(1, 5)},
    **{FILES[f]: tuple(square_at(f, r) for r in range(4, 0, -1)) for f in range(4)},
}
LINE_WORDS = {k: (f"rank {k}" if k.isdigit() else f"file {k}") for k in LINES}
# Blocks (2x2), named by the grid point at their centre: squares NW NE SE SW.
BLOCKS = {v: tuple(INDEX[s] for s in squares) for v, squares in BLUE_CRYSTALS.items()}
BLOCK_WORDS = {v: "block " + " ".join(squares) for v, squares in BLUE_CRYSTALS.items()}
# The Lock Totem's spots: red crystals lock a line, blue ones (not the home) the 2x2 around them.
LOCKS = {**{c: frozenset(LINES[line]) for c, (line, _edge) in RED_CRYSTALS.items()},
         **{v: frozenset(sq) for v, sq in BLOCKS.items() if v != TOTEM_HOME}}
CRYSTAL_WORDS = {**{c: f"{LINE_WORDS[line]} (red crystal, {edge} edge)" for c, (line, edge) in RED_CRYSTALS.items()},
                 **{v: f"{BLOCK_WORDS[v]} (blue crystal)" for v in BLOCKS if v != TOTEM_HOME}}
NEIGHBOURS = tuple(
    tuple(square_at(f + df, r + dr) for dr in (-1, 0, 1) for df in (-1, 0, 1)
          if (df or dr) and 0 <= f + df < 4 and 1 <= r + dr <= 4)
    for r in range(1, 5) for f in range(4)
)
PUSH_DIRECTIONS = {"rank": ("east", "west"), "file": ("north", "south")}
TURNS = {"cw": "90° clockwise", "ccw": "90° anticlockwise", "180": "180°"}

# Dominoes (two orthogonally adjacent squares) and the 26 Switch Pair exchanges (tile pairs swapped).
def _domino(a: int, b: int) -> str:
    a, b = sorted((a, b))
    return f"{SQUARES[a]}-{SQUARES[b]}"


def _exchanges() -> dict:
    out = {}
    for nw, ne, se, sw in BLOCKS.values():  # side by side: top/bottom halves, left/right halves
        out[frozenset({_domino(nw, ne), _domino(sw, se)})] = ((nw, sw), (ne, se))
        out[frozenset({_domino(nw, sw), _domino(ne, se)})] = ((nw, ne), (sw, se))
    for line in LINES.values():  # end to end: the two halves of a rank or file
        a, b, c, d = line
        out[frozenset({_domino(a, b), _domino(c, d)})] = ((a, c), (b, d))
    return out


EXCHANGES = _exchanges()
# Every domino that takes part in an exchange, in board order (never in set order: that varies per process).
DOMINO_SQUARES = {d: tuple(INDEX[s] for s in d.split("-"))
                  for d in sorted({d for pair in EXCHANGES for d in pair},
                                  key=lambda d: tuple(INDEX[s] for s in d.split("-")))}
PARTNERS = {d: tuple(sorted(next(iter(p - {d})) for p in EXCHANGES if d in p)) for d in DOMINO_SQUARES}

# Key Disc instances: group -> list of square orders (board reading order); allowed re-readings.
_CORNER_INSTANCES = (("a4", "d4", "d1", "a1"), ("a4", "c4", "c2", "a2"), ("b4", "d4", "d2", "b2"),
                     ("a3", "c3", "c1", "a1"), ("b3", "d3", "d1", "b1"))
INSTANCES = {
    "L": tuple(LINES.values()),
    "D": ((INDEX["a4"], INDEX["b3"], INDEX["c2"], INDEX["d1"]), (INDEX["d4"], INDEX["c3"], INDEX["b2"], INDEX["a1"])),
    "B": tuple(BLOCKS.values()),
    "C": tuple(tuple(INDEX[s] for s in inst) for inst in _CORNER_INSTANCES),
}


def disc_readings(group: str, face: str) -> set:
    """Every board reading a disc's face allows (lines and diagonals: reversed too; squares: any turn)."""
    if group in "LD":
        return {face, face[::-1]}
    return {face[i:] + face[:i] for i in range(4)}


# (frozenset of squares) -> ((group, order), ...) and (group, reading) -> disc id.
SHAPES: dict = {}
for _g, _insts in INSTANCES.items():
    for _inst in _insts:
        SHAPES.setdefault(frozenset(_inst), []).append((_g, _inst))
READING = {(d[0], reading): d for d, face in DISCS.items() for reading in disc_readings(d[0], face)}
GROUP_WORDS = dict(DISC_GROUPS)
GROUP_ORDER = tuple(g for g, _ in DISC_GROUPS)

# Luck actions: id, name on the Luck Action Card, what it does (rulings §5).
LUCK_ACTIONS = (
    ("reveal_trap", "Reveal Trap", "Look at your own face-down Trap Card; play it now or keep it for a later turn."),
    ("line_push", "Line Push", "Shift the four tiles of an unlocked rank or file one square; the end tile "
     "re-enters at the other end."),
    ("switch_pair", "Switch Pair", "Exchange two touching parallel pairs of tiles (side by side, or end to end "
     "in one line)."),
    ("rotate_block", "Rotate Block", "Turn an unlocked 2×2 block 90° either way or 180°."),
    ("line_lock", "Line Lock", "Move the Lock Totem to a red crystal: that line is locked until the start of "
     "your next turn."),
    ("block_lock", "Block Lock", "Move the Lock Totem to a blue crystal: the 2×2 around it is locked until the "
     "start of your next turn."),
    ("block_flip", "Block Flip", "Turn over all four tiles of an unlocked 2×2 block."),
    ("line_flip", "Line Flip", "Turn over all four tiles of an unlocked rank or file."),
    ("extra_move", "Extra Move", "After your Flip: one more Switch (No Rewind applies) or one more Flip."),
    ("rewind", "Rewind", "Once per game, before your Switch: swap back the previous player's Switch."),
)
ACTION_IDS = tuple(a for a, _, _ in LUCK_ACTIONS)
ACTION_NAME = {a: n for a, n, _ in LUCK_ACTIONS}
ACTION_INDEX = {a: i for i, a in enumerate(ACTION_IDS)}
TRAP_IDS = tuple(t for t, _, _ in TRAPS)
TRAP_NAME = {t: n for t, n, _ in TRAPS}
TRAP_GRID = {t: g for t, _, g in TRAPS}
TRAP_WORDS = {"down": "face down", "seen": "looked at", "played": "played"}

RULES_SUMMARY = """\
**Goal.** Move your four Symbol Tiles into the four secret key patterns on your Key Discs (a line, a
diagonal, a 2×2 block, four corners) with the right stone and gold faces, and claim all four first.

**Seats.** Earth sits south, Air west, Fire north, Water east; you control the four tiles of your
element. Fire starts and play passes to the left: Fire, Water, Earth, Air. Two players are Fire and
Earth; three leave Earth's seat empty.

**A turn.** *Switch* one of your tiles with any adjacent tile, diagonals too (No Rewind: not the two
tiles the previous player just switched). Then *Flip* any tile, stone ↔ gold (compulsory). If you
have no legal Switch, skip it.

**Luck tokens** (4 each; 5 with four players) buy extra actions before your Switch or after your
Flip: Reveal Trap, Line Push, Switch Pair, Rotate Block, Line Lock, Block Lock, Block Flip, Line Flip,
Extra Move, Rewind (once per game). A Lock freezes its tiles for everyone until the start of the
locker's next turn.

**Trap Card.** Dealt face down; you may not look unless you spend a token on Reveal Trap. Play it on
your turn (blind, or after looking): it flips tiles to match its pattern, turned to face your seat, and
makes any Lock in play fail.

**Claims.** At the end of your turn, if your tiles match one of your discs (lines and diagonals may be
read reversed, squares turned), you must claim it; one claim per turn. Four claims win (three in the
beginner game). House rule: after `round_limit` rounds (default 40) most claims win; ties share.

*Reconstructed:* the starting layout, the 24 Key Discs, the 24 Trap Cards and the crystal spots are
the project's reconstruction (the printed board and cards are lost), balanced by script.
"""
