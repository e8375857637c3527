"""Codinca's printed components, as *reconstructed* by the project's rulings.

The printed board and cards are lost.  Everything in this file -- the
starting layout, the 24 Key Discs, the 24 Trap Cards, the crystal spots and
the Luck token counts -- comes from ``shared/rules/codinca.rulings.md``
(sections 1-5), not from the printed game.  Anything that shows these to a
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
