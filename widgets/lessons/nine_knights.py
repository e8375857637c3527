"""The Nine Knights tutorial's lesson steps: every rule is a decision the learner makes on the board.

``tutorial()`` builds them all; ``notebooks/tutorials/nine_knights.ipynb`` shows one per cell between
the texts that teach the rules, and ``docs/nine_knights.md`` lists which rule each step practises.
Every position is built with the rules engine (``position(...)`` for the movement phase, a seeded new
game plus decisions for the set-up); the checks read the outcome, never the exact clicks, so any
legal way to the goal counts.  North replies with :func:`reply`, a fixed, readable policy (win at
once if it can, else win a fight, else step away from South's Knights), so every step plays the same
way each time.

    >>> lesson = tutorial()
    >>> lesson.steps["fight-difference-one"].goal
    'Win a fight with your Knight 6.'
    >>> sorted(puzzles())
    ['goal-race', 'reveal-attack', 'win-no-knights']
"""

from __future__ import annotations

import ninekit
from ninekit.nine_knights import DUTY, SQUARES, fight, owner, position

from ..lesson import Tutorial, resolve

SEED = 9  # the set-up steps' deal (only the Goal Tokens' order and the Hidden Tokens depend on it)
SOUTH, NORTH = 0, 1


# --- North's replies -------------------------------------------------------------------------------


def _row(square: str) -> int:
    return int(square[1:])


def _distance(a: str, b: str) -> int:
    return max(abs(ord(a[0]) - ord(b[0])), abs(_row(a) - _row(b)))


def _score(state: ninekit.State, frm: str, to: str) -> float:
    """How much the side to move likes moving its Knight from ``frm`` to ``to`` (full truth: a script)."""
    pos = state.position
    seat = state.to_move
    knight = pos.board[SQUARES.index(frm)]
    other = pos.board[SQUARES.index(to)]
    if _row(to) in (1, 10):
        return 100  # only a matching Goal field is ever legal: it wins at once
    if other is not None:
        a_seat, d_seat = owner(pos, knight), owner(pos, other)  # each side reveals its Hidden Token if it helps
        a_hidden = pos.hidden[a_seat] if pos.hidden[a_seat] == DUTY[knight] else None
        d_hidden = pos.hidden[d_seat] if pos.hidden[d_seat] == DUTY[other] else None
        won = fight(DUTY[knight], DUTY[other], attacker_hidden=a_hidden, defender_hidden=d_hidden) == "attacker"
        return 50 if won else -50
    enemies = [SQUARES[i] for i, k in enumerate(pos.board) if k is not None and owner(pos, k) != seat]
    return min((_distance(to, e) for e in enemies), default=0)


def reply(state: ninekit.State):
    """North's decision in a step: win at once, else win a fight, else keep away; reveal when it may."""
    legal = state.legal_moves()
    kinds = {m.kind for m in legal}
    if "reveal" in kinds:
        return next(m for m in legal if m.kind == "reveal")
    if "select" in kinds:  # the Knight with the best move (the first one on a tie)
        best = max(((_score(state, m.args[0], t.args[0]), -n) for n, m in enumerate(legal)
                    for t in state.play(m).legal_moves() if t.kind == "to"), default=(0, 0))
        return legal[-best[1]]
    if "to" in kinds:
        frm = state.view(state.to_move)["selected"]
        moves = [m for m in legal if m.kind == "to"]
        return max(moves, key=lambda m: (_score(state, frm, m.args[0]), -moves.index(m)))
    return legal[0]


# --- building and checking -------------------------------------------------------------------------


def _play(state: ninekit.State, *items) -> ninekit.State:
    """``state`` after the decisions ``items`` (choice words, as a learner would click them)."""
    for item in items:
        move = resolve(state, item)
        if move is None:
            raise ValueError(f"{item!r} is not a decision open now: {[str(m) for m in state.legal_moves()]}")
        state = state.play(move)
    return state


def _to(square: str) -> dict:
    return {"kind": "to", "args": [square]}


def _on(state: ninekit.State, knight: str):
    """The square ``knight`` stands on, or None."""
    board = state.position.board
    return SQUARES[board.index(knight)] if knight in board else None


def _won(seat: int):
    return lambda state: state.outcome is not None and state.outcome.winners == (seat,)


def _new_game(**options) -> ninekit.State:
    return ninekit.make("nine_knights", **options).new(SEED)


def _duties_given() -> ninekit.State:
    """A new game after both players gave their Duty Tokens as Archer, Warrior, Ranger in every group."""
    state = _new_game()
    for seat_group in range(6):
        state = _play(state, {"kind": "duty", "args": [seat_group % 3, "AWR"]})
    return state


def _orders_text(state: ninekit.State, seat: int, letter: str) -> str:
    orders = state.position.orders[seat]
    numbers = [g * 3 + o.index(letter) + 1 for g, o in enumerate(orders) if o is not None]
    return ", ".join(map(str, numbers)) or "none yet"


# --- the steps -------------------------------------------------------------------------------------


def tutorial() -> Tutorial:
    """Every step of the Nine Knights tutorial, in the notebook's order."""
    lesson = Tutorial("nine_knights", "Nine Knights")
    _setup_steps(lesson)
    _moving_steps(lesson)
    _fight_steps(lesson)
    _summoning_steps(lesson)
    _end_steps(lesson)
    _defection_steps(lesson)
    return lesson


def _setup_steps(lesson: Tutorial) -> None:
    lesson.step(
        "duty-groups", _new_game(), title="Duty Tokens",
        goal="Give your three Warriors the Duty Tokens 1, 5 and 7, as in the rulebook's example.",
        check=lambda s: [o and o.index("W") for o in s.position.orders[SOUTH]] == [0, 1, 0],
        solution=[{"kind": "duty", "args": [0, "WAR"]}, {"kind": "duty", "args": [1, "AWR"]},
                  {"kind": "duty", "args": [2, "WAR"]}],
        hint="Each button gives one group's three numbers to the three types, smallest number first. "
             "In the Small Number Group the Warrior must get the 1, so pick a button that starts with Warrior.",
        miss=lambda s: f"your Warriors carry {_orders_text(s, SOUTH, 'W')}, not 1, 5 and 7",
        success="Duty Tokens 1-3, 4-6 and 7-9 form three groups, and each group holds one Archer, one "
                "Warrior and one Ranger: you only choose which type gets which number.",
        wrong=({"kind": "duty", "args": [2, "WAR"]}, "one group at a time"),
        opponent=reply)

    start = _play(_duties_given(), "Knight 5")
    lesson.step(
        "placement-rows", start, title="Placing: your two rows",
        goal="You have taken your Knight 5 (a Warrior) from the Waiting Area: place it as far forward as the "
             "rules allow.",
        check=lambda s: (_on(s, "S5") or "x0")[1:] == "3",
        solution=["e3"],
        hint="The tinted rows are where you may place. Which of them is nearer to North?",
        miss=lambda s: f"{_on(s, 'S5')} is allowed, but row 3 is your front placing row",
        success="During the Placement Phase South places on rows 2-3 and North on rows 8-9, the two rows in "
                "front of each player's Goal Tokens (a ruling: the board is reconstructed).",
        wrong=({"kind": "place", "args": ["e4"]}, "rows 2-3"),
        opponent=reply)

    start = _play(_duties_given(), "Knight 5", "e3", "Knight 5", "e8", "Knight 2", "b8", "Knight 2", "h3",
                  "Knight 1")
    lesson.step(
        "placement-one-per-field", start, title="Placing: one Knight per field",
        goal="Place your Knight 1 in column e, like your Knight 5.",
        check=lambda s: _on(s, "S1") in ("e2", "e3"),
        solution=["e2"],
        hint="Column e has two fields in your rows, and one of them is taken.",
        miss=lambda s: f"Knight 1 stands on {_on(s, 'S1')}, not in column e",
        success="A field holds one Knight: e3 was taken, so e2 was the place in column e.",
        wrong=({"kind": "place", "args": ["e3"]}, "already occupied"),
        opponent=reply)

    start = _play(_duties_given(), "Knight 5", "e3", "Knight 5", "e8", "Knight 2", "b8", "Knight 1", "b3",
                  "Knight 2", "h3", "Knight 3", "h8", "Knight 6", "d9", "Knight 4", "d3", "Knight 6", "f3")
    lesson.step(
        "placement-two", start, title="Placing: the order, and who waits",
        goal="You are North now: place your last two Knights so that Knights 7, 8 and 9 are the three "
             "left in your Waiting Area.",
        check=lambda s: sorted(DUTY[k] for k in s.position.waiting[NORTH]) == [7, 8, 9]
        and sum(1 for k in s.position.board if k and owner(s.position, k) == NORTH) == 6,
        solution=["Knight 1", "c8", "Knight 4", "g8"],
        hint="Click a Knight in your Waiting Area (beside the board), then a field in your two rows; twice.",
        miss=lambda s: "your Waiting Area holds Knights "
                       + ", ".join(str(DUTY[k]) for k in s.position.waiting[NORTH]) + ", not 7, 8 and 9",
        success="Each player places six Knights, in the order 1-2-2-2-2-2-1 (a ruling completes the "
                "rulebook's list); the three not placed wait beside the board to be summoned later.",
        wrong=({"kind": "place", "args": ["c8"]}, "choose a Knight from your Waiting Area"),
        opponent=reply)


def _moving_steps(lesson: Tutorial) -> None:
    start = _play(position({"c3": "S3", "h8": "N6"}), "c3")
    lesson.step(
        "move-one-field", start, title="Moving one field",
        goal="Bring your Ranger from c3 to e5 in two turns.",
        check=lambda s: _on(s, "S3") == "e5",
        solution=["d4", "d4", "e5"], turns=3,
        hint="A Knight moves one field per turn, diagonals included. Which field lies between c3 and e5?",
        miss=lambda s: f"your Ranger is on {_on(s, 'S3')}: only the diagonal way, d4 then e5, takes two turns",
        success="A Knight moves one field in any of the 8 directions: front, behind, left, right and the 4 "
                "diagonals. Archers, Warriors and Rangers all move the same way.",
        wrong=(_to("e5"), "one field in one of the 8 directions"),
        opponent=reply)

    start = _play(position({"e5": "S5", "b3": "S7", "e6": "N9", "a9": "N1"}, revealed=["N9"]), "e5")
    lesson.step(
        "move-any-direction", start, title="Backwards and sideways",
        goal="North's 9 (its number is known from an earlier fight) would beat your Warrior 5: step out of its "
             "reach.",
        check=lambda s: _on(s, "S5") is not None and _on(s, "N9") is not None
        and _distance(_on(s, "S5"), _on(s, "N9")) > 1,
        solution=["e4"],
        hint="The 9 can reach every field next to it. Backwards is a direction too.",
        miss=lambda s: ("North's 9 beat your 5: the higher number wins" if _on(s, "S5") is None
                        else "your Warrior is still next to the 9"),
        success="Knights may step backwards and sideways as well as forwards.",
        wrong=(_to("d5"), "North's 9 beat your 5"),
        opponent=reply)

    start = _play(position({"c3": "S4", "g3": "S7", "f8": "N5"}), "c3")
    lesson.step(
        "change-knight", start, title="Choosing a different Knight",
        goal="The Knight on c3 is chosen, but you want to move the one on g3 to g4.",
        check=lambda s: _on(s, "S7") == "g4",
        solution=["Choose a different Knight", "g3", "g4"],
        hint="Look at the buttons below the board.",
        miss=lambda s: "the Knight on g3 did not move to g4",
        success="Until you choose the field, 'Choose a different Knight' takes your choice back (how "
                "ninekit splits a move into two clicks).",
        wrong=(_to("g4"), "g4 is not next to c3"),
        opponent=reply)

    start = _play(position({"d4": "S4", "d5": "S5", "c5": "S6", "h8": "N7"}), "d4")
    lesson.step(
        "ban-own-knight", start, title="Not onto your own Knight",
        goal="Bring your Archer 4 onto row 5 this turn.",
        check=lambda s: _on(s, "S4") in ("c5", "d5", "e5"),
        solution=["e5"],
        hint="Two of the three fields of row 5 next to your Archer are taken by your own Knights.",
        miss=lambda s: f"your Archer went to {_on(s, 'S4')}, not to row 5",
        success="You cannot move a Knight onto a field that is already occupied by another Knight of yours.",
        wrong=(_to("d5"), "occupied by another Knight of yours"),
        opponent=reply)

    start = _play(position({"c2": "S4", "g7": "N7"}), "c2")
    lesson.step(
        "ban-own-goal", start, title="Not onto your own Goal fields",
        goal="Move your Archer 4 diagonally: to one of the four fields touching c2 at a corner.",
        check=lambda s: _on(s, "S4") in ("b3", "d3"),
        solution=["d3"],
        hint="b1 and d1 touch c2 at a corner, but row 1 holds your own Goal Tokens.",
        miss=lambda s: f"{_on(s, 'S4')} is not diagonal from c2",
        success="You are not allowed to move a Knight onto your own Goal Token fields: row 1 is closed to "
                "South's Knights for the whole game.",
        wrong=(_to("b1"), "its own side's Goal fields"),
        opponent=reply)

    goals = [range(1, 10), [3, 8, 1, 5, 9, 6, 2, 7, 4]]
    start = _play(position({"e9": "S6", "a5": "N2"}, goals=goals), "e9")
    lesson.step(
        "ban-enemy-goal", start, title="The enemy Goal field of your number",
        goal="Win the game with your Knight 6 this turn.",
        check=_won(SOUTH),
        solution=["f10"],
        hint="Read the numbers on row 10 next to your Knight: they are shuffled.",
        miss=lambda s: "your Knight 6 did not reach North's Goal Token 6",
        success="A Knight may enter the opponent's Goal field only if the Goal Token shows its own Duty number, "
                "and arriving there wins at once.",
        wrong=(_to("e10"), "only with the same Duty number"),
        opponent=reply)


def _fight_steps(lesson: Tutorial) -> None:
    start = _play(position({"e5": "S6", "b3": "S2", "d6": "N4", "f6": "N8", "a9": "N1"}, revealed=["N4"]),
                  "e5")
    lesson.step(
        "fight-higher", start, title="A fight: the higher number",
        goal="Win a fight with your Knight 6. North's Knight on d6 showed its number, 4, in an earlier "
             "fight; the one on f6 is still secret.",
        check=lambda s: "N4" in s.position.fallen and _on(s, "S6") == "d6",
        solution=["d6"],
        hint="Attack only where you know the number.",
        miss=lambda s: ("North's secret Knight was an 8, and the higher number wins" if "S6" in s.position.fallen
                        else "you did not win a fight"),
        success="Moving onto an enemy Knight starts a fight; both numbers are revealed for good, and the higher "
                "number wins. The winner stands on the field; the loser leaves the board.",
        wrong=(_to("f6"), "the higher number wins"),
        opponent=reply)

    start = _play(position({"d4": "S5", "b3": "S2", "e5": "N5", "a9": "N1"}, revealed=["N5"]), "d4")
    lesson.step(
        "fight-equal", start, title="Equal numbers",
        goal="North's Knight 5 stands next to your Knight 5: beat it.",
        check=lambda s: "N5" in s.position.fallen,
        solution=["e5"],
        hint="With equal numbers, who wins depends on who attacks.",
        miss=lambda s: ("North attacked first: with equal numbers the attacking Knight wins"
                        if "S5" in s.position.fallen else "North's 5 is still on the board"),
        success="If the numbers are the same, the attacking Knight wins.",
        wrong=(_to("d5"), "the attacking Knight wins"),
        opponent=reply)

    start = _play(position({"e5": "S6", "b3": "S2", "d6": "N5", "f6": "N7", "a9": "N1"},
                           revealed=["N5", "N7"]), "e5")
    lesson.step(
        "fight-difference-one", start, title="A difference of 1",
        goal="Win a fight with your Knight 6.",
        check=lambda s: "S6" not in s.position.fallen and {"N5", "N7"} & set(s.position.fallen),
        solution=["f6"],
        hint="Both North Knights differ from your 6 by exactly 1. Which is the lower number then?",
        miss=lambda s: ("6 against 5 differ by 1, so the lower number, North's 5, wins"
                        if "S6" in s.position.fallen else "you did not win a fight"),
        success="If the numbers differ by only 1, the lower number wins, whoever attacks: 6 beats 7, 5 beats 6.",
        wrong=(_to("d6"), "the lower number"),
        opponent=reply)

    start = _play(position({"e5": "S1", "b3": "S2", "d6": "N9", "f6": "N3", "a9": "N1"},
                           revealed=["N9", "N3"]), "e5")
    lesson.step(
        "fight-one-beats-nine", start, title="1 beats 9",
        goal="Win a fight with your Knight 1.",
        check=lambda s: "S1" not in s.position.fallen and {"N9", "N3"} & set(s.position.fallen),
        solution=["d6"],
        hint="One special case of the rulebook is made for your 1.",
        miss=lambda s: ("3 against 1: no special case, so the higher number wins"
                        if "S1" in s.position.fallen else "you did not win a fight"),
        success="If one Knight is a 1 and the other a 9, the Knight with the 1 defeats the 9, whoever attacks.",
        wrong=(_to("f6"), "the higher number wins"),
        opponent=reply)

    lesson.step(
        "reveal-attack", _puzzle_reveal(), title="The Hidden Token",
        goal="North's last Knight, an 8, stands next to your Goal Token 8 on h1 and wins next turn. Beat it "
             "now: your Hidden Token is 2.",
        check=_won(SOUTH),
        solution=["h3", "g2", "Reveal the Hidden Token"],
        hint="9 against 8 is a difference of 1, and a 3 loses to an 8. What beats an 8?",
        miss=lambda s: ("North's 8 reached your Goal Token 8" if s.outcome and s.outcome.winners == (NORTH,)
                        else "North's 8 is still on the board"),
        success="If your Knight's number equals your Hidden Token and it fights an 8, you may reveal the token, "
                "and your Knight wins.",
        wrong=({"kind": "select", "args": ["g2"]}, "is North's"),
        opponent=reply)

    before = position({"e5": "S2", "e6": "N8", "a9": "N1"}, hidden=(2, 4), revealed=["N8"], to_move=NORTH)
    lesson.step(
        "reveal-defend", _play(before, "e6", "e5"), title="Revealing when attacked",
        goal="North's 8 attacks your last Knight, a 2, on North's turn. Your Hidden Token is 2: win the fight.",
        check=lambda s: "N8" in s.position.fallen,
        solution=["Reveal the Hidden Token"],
        hint="The question is yours although it is North's turn.",
        miss=lambda s: "without the Hidden Token the higher number, 8, wins, and that was your last Knight",
        success="Revealing is the owner's choice, also when defending: the game asks you whenever your Knight "
                "1-5 fights an 8 while your token is secret.",
        wrong=("Fight without revealing the Hidden Token", "without the Hidden Token"),
        opponent=reply)

    start = _play(position({"e5": "S2", "b3": "S6", "d6": "N8", "f6": "N1", "a9": "N3"}, hidden=(2, 4),
                           hidden_revealed=(True, False), revealed=["N8", "N1", "S2"]), "e5")
    lesson.step(
        "reveal-again", start, title="A revealed token keeps working",
        goal="Win a fight with your Knight 2. Your Hidden Token 2 was revealed in an earlier fight.",
        check=lambda s: "S2" not in s.position.fallen and {"N8", "N1"} & set(s.position.fallen),
        solution=["d6"],
        hint="2 against 1 is a difference of 1.",
        miss=lambda s: ("2 against 1 differ by 1, so the lower number, North's 1, wins"
                        if "S2" in s.position.fallen else "you did not win a fight"),
        success="A revealed Hidden Token stays public and keeps working: your 2 beats every 8 from now on, "
                "without a question (a ruling).",
        wrong=(_to("f6"), "the lower number"),
        opponent=reply)


def _lost_on_e3(**extra) -> ninekit.State:
    """North's 7 has just beaten South's 5 on e3; South is to summon from its Waiting Area."""
    knights = {"e3": "S5", "b4": "S2", "e4": "N7", "a9": "N1"}
    waiting = extra.pop("waiting", [["S3", "S6", "S8"], []])
    return _play(position(knights, waiting=waiting, revealed=["N7"], to_move=NORTH, **extra), "e4", "e3")


def _summoning_steps(lesson: Tutorial) -> None:
    attacked = _play(position({"d4": "S8", "b4": "S2", "e3": "N7", "a9": "N1"}, waiting=[["S3", "S6"], []],
                              revealed=["N7"]), "d4", "e3")
    lesson.step(
        "summon-field", _play(attacked, "Summon Knight 6"), title="Summoning fields",
        goal="Your 8 attacked North's 7 on e3 and lost. Summon your Knight 6 next to the 7.",
        check=lambda s: _on(s, "S6") == "e2",
        solution=["e2"],
        hint="The dashed rings are your summoning fields. Which of them touches e3?",
        miss=lambda s: f"{_on(s, 'S6')} is not next to e3; e2 is the summoning field that is",
        success="A summoned Knight goes onto an empty field with the summoning icon: b2, e2, h2 for South, "
                "b9, e9, h9 for North (reconstructed board).",
        wrong=({"kind": "summon_to", "args": ["d2"]}, "summoning fields"),
        opponent=reply)

    lesson.step(
        "summon-knight", _lost_on_e3(), title="Summoning",
        goal="North's 7 has just beaten your Knight 5 on e3. Summon the Knight that beats the 7, then beat it.",
        check=lambda s: "N7" in s.position.fallen,
        solution=["Summon Knight 6", "e2", "e2", "e3"],
        hint="7 beats 3 (higher) and also 8 (a difference of 1).",
        miss=lambda s: "North's 7 is still on the board",
        success="The defeated player summons one Knight of their choice from the Waiting Area; the beaten "
                "Knight itself is out, laid face up beside the board.",
        wrong=({"kind": "summon", "args": ["S5"]}, "not in South's Waiting Area"),
        opponent=reply)


def _puzzle_race() -> ninekit.State:
    return position({"c9": "S3", "f9": "S5", "i9": "S8", "d7": "S6", "g2": "N7", "c6": "N4", "f7": "N9",
                     "a8": "N2"}, goals=[range(1, 10), [5, 7, 1, 9, 2, 4, 6, 3, 8]], revealed=["N7"])


def _puzzle_last_knight() -> ninekit.State:
    return position({"c5": "S8", "e7": "S7", "d5": "S5", "g6": "S9", "d6": "N7"}, revealed=["N7"])


def _puzzle_reveal() -> ninekit.State:
    return position({"g3": "S9", "h3": "S2", "f2": "S3", "c5": "S7", "e4": "S6", "g2": "N8"},
                    hidden=(2, 4), revealed=["N8"])


def puzzles() -> dict[str, ninekit.State]:
    """The three steps that are puzzles (exactly one move wins at once), by step key: for the tests."""
    return {"goal-race": _puzzle_race(), "win-no-knights": _puzzle_last_knight(), "reveal-attack": _puzzle_reveal()}


def _end_steps(lesson: Tutorial) -> None:
    lesson.step(
        "goal-race", _puzzle_race(), title="The race to the Goal",
        goal="North's 7 stands next to your Goal Token 7 on g1 and wins next turn. Win first.",
        check=_won(SOUTH),
        solution=["i9", "i10"],
        hint="Each of your Knights on row 9 touches three of North's Goal Tokens. Compare their numbers with "
             "your Knights' numbers.",
        miss=lambda s: ("North's 7 reached your Goal Token 7" if s.outcome and s.outcome.winners == (NORTH,)
                        else "you did not win"),
        success="If a player arrives at a Goal Token field with a Knight of the same number, the game ends and "
                "that player wins.",
        wrong=({"kind": "select", "args": ["g2"]}, "is North's"),
        opponent=reply)

    lesson.step(
        "win-no-knights", _puzzle_last_knight(), title="No Knights left",
        goal="North's last Knight is a 7 (revealed earlier), and none is waiting. Win the game.",
        check=_won(SOUTH),
        solution=["e7", "d6"],
        hint="Three of your Knights can attack the 7. Check each against the fight rules.",
        miss=lambda s: "North still has its 7",
        success="If you do not have any more Knights left (on the board or waiting), your opponent wins.",
        wrong=({"kind": "select", "args": ["d6"]}, "is North's"),
        opponent=reply)

    knights = {"b9": "S5", "e9": "S6", "h9": "S8", "c8": "S7", "d9": "N4"}
    goals = [range(1, 10), [8, 1, 2, 5, 3, 4, 9, 6, 7]]  # no Knight on row 9 touches its own number
    lesson.step(
        "no-legal-move", position(knights, waiting=[[], ["N9"]], revealed=["N4"], goals=goals),
        title="No legal move",
        goal="North's last Knight on the board is a 4, and its 9 is waiting. Win the game this turn.",
        check=_won(SOUTH),
        solution=["c8", "d9"],
        hint="After losing its 4, North summons its 9 onto an empty summoning field, if there is one.",
        miss=lambda s: ("your Knight left e9, so North summoned its 9 there" if _on(s, "N9")
                        else "North still has a Knight on the board"),
        success="A summon is skipped when all summoning fields are occupied (a ruling); North then has no "
                "Knight to move, and a player who cannot move loses, since passing is not allowed (a ruling).",
        wrong=({"kind": "select", "args": ["d9"]}, "is North's"),
        opponent=reply)

    start = _play(position({"e5": "S6", "b3": "S2", "d6": "N4", "a9": "N1"}, revealed=["N4"], quiet=59), "e5")
    lesson.step(
        "quiet-draw", start, title="The quiet-move draw (house rule)",
        goal="59 turns in a row passed without a fight: one more quiet turn is a draw. Keep the game going.",
        check=lambda s: "N4" in s.position.fallen and not s.is_over,
        solution=["d6"],
        hint="Only a fight resets the count.",
        miss=lambda s: ("60 turns in a row without a fight: a draw (ninekit's quiet-limit house rule)"
                        if s.is_over else "no fight happened"),
        success="House rule of ninekit (not in the rulebook): after quiet_limit turns in a row without a fight "
                "(60 unless chosen otherwise) the game is a draw; a fight sets the count back to 0.",
        wrong=(_to("e4"), "quiet-limit house rule"),
        opponent=reply)


def _defection_steps(lesson: Tutorial) -> None:
    many = {"b3": "S1", "c3": "S2", "g3": "S4", "h3": "S5"}  # South keeps five Knights on the board
    start = _play(position({"e5": "S6", "d6": "N3", "f6": "N4", "a9": "N1", **many}, revealed=["N3", "N4"],
                           defection=True), "e5")
    lesson.step(
        "defect-won-over", start, title="Defection: winning a Knight over",
        goal="With the Defection rule on: win one of North's Knights over to your side with your Ranger 6.",
        check=lambda s: "N3" in s.position.defected,
        solution=["d6"],
        hint="Only a Knight of the same type as the winner changes sides. Look at the shapes.",
        miss=lambda s: ("the 4 is an Archer and your 6 a Ranger: it was simply beaten" if "N4" in s.position.fallen
                        else "you won no Knight over"),
        success="In fights between Knights of the same type, the defeated Knight defects with its Duty Token to "
                "the winner's Waiting Area. With five or more Knights on the board you keep it waiting.",
        wrong=(_to("f6"), "simply beaten"),
        opponent=reply)

    start = _play(position({"e5": "S6", "b3": "S1", "d6": "N3", "f6": "N4", "a9": "N1"}, waiting=[[], ["N5"]],
                           revealed=["N3", "N4"], defection=True), "e5")
    lesson.step(
        "defect-summon-at-once", start, title="Defection: summoned at once",
        goal="You have only two Knights on the board. Win North's Ranger 3 over and bring it into play on e2.",
        check=lambda s: _on(s, "N3") == "e2" and owner(s.position, "N3") == SOUTH,
        solution=["d6", "e2"], turns=3,
        hint="Beat the Ranger with your Ranger; after North's summon the game asks you where it goes.",
        miss=lambda s: ("the 4 is an Archer: it was simply beaten, not won over" if "N4" in s.position.fallen
                        else "North's Ranger 3 is not on e2 for you"),
        success="If the winner has fewer than 5 Knights on the board, the Knight won over must be summoned "
                "immediately; the beaten player summons first (a ruling).",
        wrong=(_to("f6"), "not won over"),
        opponent=reply)

    lesson.step(
        "defect-summon-later", _lost_on_e3(waiting=[["S8", "N6"], []], defected=["N6"], defection=True),
        title="Defection: summoning a Knight you won over",
        goal="North's 7 has just beaten your Knight 5 on e3. Summon the Ranger you once won over from North, "
             "and beat the 7 with it.",
        check=lambda s: "N7" in s.position.fallen,
        solution=["Summon North's Knight 6", "e2", "e2", "e3"],
        hint="North's former Knight 6 fights for you with its number: 6 against 7 is a difference of 1.",
        miss=lambda s: "North's 7 is still on the board",
        success="A Knight won over waits in its new owner's Waiting Area and is summoned when one of that "
                "player's Knights is beaten; it fights for its new owner with its own number.",
        wrong=({"kind": "summon", "args": ["S5"]}, "not in South's Waiting Area"),
        opponent=reply)

    orders = [("AWR",) * 3, ("AWR", "AWR", "WAR")]  # North's 8 is an Archer here, so no defection in the fight
    start = _play(position({"e5": "N2", "b3": "S4", "e6": "N8", "a9": "N1"}, hidden=(2, 4), defected=["N2"],
                           revealed=["N8"], orders=orders, defection=True), "e5")
    lesson.step(
        "defect-hidden-token", start, title="Defection: whose Hidden Token",
        goal="You won North's Warrior 2 over earlier. Your Hidden Token is 2, North's is 4: beat North's 8 "
             "with it.",
        check=lambda s: "N8" in s.position.fallen,
        solution=["e6", "Reveal the Hidden Token"],
        hint="A Knight won over uses its new owner's Hidden Token.",
        miss=lambda s: ("without your Hidden Token the 8 wins" if "N2" in s.position.fallen
                        else "North's 8 is still on the board"),
        success="A Knight won over follows the same rules as your own Knights, and it can be used together "
                "with your Hidden Token.",
        wrong=(_to("e4"), "North's 8 is still on the board"),
        opponent=reply)

    others = {"b3": "S1", "c3": "S2", "g3": "S4", "h3": "S3"}
    start = _play(position({"e5": "S8", "d6": "S5", "f6": "N2", "a9": "N1", **others}, defected=["S5"],
                           revealed=["N2"], hidden=(1, 3), defection=True), "e5")
    lesson.step(
        "defect-won-back", start, title="Defection: winning a Knight back",
        goal="North won your Warrior 5 over earlier (on d6, now North's). Win it back with your Warrior 8.",
        check=lambda s: "S5" not in s.position.defected,
        solution=["d6"],
        hint="Your Knight 5 now plays for North. Beat it with a Knight of its type.",
        miss=lambda s: ("you won North's 2 over instead; your 5 still plays for North" if "N2" in s.position.defected
                        else "your Knight 5 still plays for North"),
        success="A Knight won over can be won back by its first owner, in a fight between Knights of the same "
                "type.",
        wrong=(_to("f6"), "your 5 still plays for North"),
        opponent=reply)

    goals = [range(1, 10), [3, 8, 1, 4, 5, 9, 6, 2, 7]]
    start = _play(position({"e9": "N4", "b3": "S2", "a5": "N1"}, defected=["N4"], goals=goals, defection=True),
                  "e9")
    lesson.step(
        "defect-goal", start, title="Defection: the new owner's Goal",
        goal="Win the game this turn with North's former Knight 4, which plays for you now.",
        check=_won(SOUTH),
        solution=["d10"],
        hint="It plays for South now, so it wins on North's Goal Token with its own number.",
        miss=lambda s: "the Knight you won over did not reach North's Goal Token 4",
        success="A Knight won over can win you the game by arriving on the Goal Token field of its number, "
                "on its new opponent's side.",
        wrong=(_to("e10"), "only with the same Duty number"),
        opponent=reply)


__all__ = ["SEED", "puzzles", "reply", "tutorial"]
