"""The Nine Knights tutorial's chapters: each a function listing its steps (:class:`widgets.lessons.Step`)
in the notebook's order."""

from __future__ import annotations

from ninekit.nine_knights import DUTY, owner, position

from ...tables.nine_knights import NineKnightsTable
from .. import Step, played
from .play import (
    NORTH,
    SOUTH,
    beat_step,
    goal_race_puzzle,
    has_fallen,
    last_knight_puzzle,
    lost_fight_on_e3,
    north_won_or,
    orders_text,
    reach_step,
    reveal_puzzle,
    select_north,
    set_up_game,
    square_distance,
    square_of,
    to_square,
    win_fight_step,
    win_game_step,
)

FIGHTS = ("fight-starts", "higher-wins")
DIFF_ONE = ("diff-one-attacker", "diff-one-defender")


def first_game_steps() -> list[Step]:
    """What a first game needs, nothing more: move, reach the Goal, fight, summon, set up."""
    shuffled = [range(1, 10), [3, 8, 1, 5, 9, 6, 2, 7, 4]]
    placing = ["Knight 5", "e3", "Knight 1", "b3", "Knight 2", "c3", "Knight 3", "d3", "Knight 4", "f3",
               "Knight 6", "g3"]
    return [
        reach_step(
            "S3", ["e5"], lambda at: f"your Ranger is on {at}: only the diagonal way, d4 then e5, takes two turns",
            key="move-one-field", title="Moving one field", table=NineKnightsTable(details=False),
            start=played(position({"c3": "S3", "h8": "N6"}), "c3"),
            goal="Bring your Ranger from c3 to e5 in two turns.",
            solution=["d4", "d4", "e5"], turns=3,
            hint="A Knight moves one field per turn, diagonals included. Which field lies between c3 and e5?",
            success="A Knight moves one field in any of the 8 directions: front, behind, left, right and the 4 "
                    "diagonals. Archers, Warriors and Rangers all move the same way.",
            wrong=(to_square("e5"), "one field in one of the 8 directions"),
            teaches=("board", "move-own-knight", "move-one-field", "same-moves")),
        win_game_step(
            "your Knight 6 did not reach North's Goal Token 6",
            key="ban-enemy-goal", title="Reaching the Goal",
            start=played(position({"e9": "S6", "a5": "N2"}, goals=shuffled), "e9"),
            goal="Win the game with your Knight 6 this turn.",
            solution=["f10"],
            hint="Read the numbers on row 10 next to your Knight: they are shuffled.",
            success="A Knight may enter the opponent's Goal field only if the Goal Token shows its own Duty "
                    "number, and arriving there wins at once.",
            wrong=(to_square("e10"), "only with the same Duty number"),
            teaches=("goal-tokens", "enemy-goal-match", "goal-win"), uses=("move-one-field",)),
        win_fight_step(
            "S6", ["N4"], "North's secret Knight was an 8, and the higher number wins",
            key="fight-higher", title="A fight: the higher number",
            start=played(position({"e5": "S6", "b3": "S2", "d6": "N4", "f6": "N8", "a9": "N1"}, revealed=["N4"]),
                        "e5"),
            goal="Win a fight with your Knight 6. North's Knight on d6 showed its number, 4, in an earlier "
                 "fight; the one on f6 is still secret.",
            solution=["d6"],
            hint="Attack only where you know the number.",
            success="Moving onto an enemy Knight starts a fight; both numbers are revealed for good, and the "
                    "higher number wins. The winner stands on the field; the loser leaves the board.",
            wrong=(to_square("f6"), "the higher number wins"),
            teaches=("fight-starts", "numbers-revealed", "numbers-stay-public", "higher-wins", "attacker-moves-in",
                     "loser-face-up"), uses=("move-one-field",)),
        beat_step(
            "N5", "S5", "North attacked first: with equal numbers the attacking Knight wins",
            key="fight-equal", title="Equal numbers",
            start=played(position({"d4": "S5", "b3": "S2", "e5": "N5", "a9": "N1"}, revealed=["N5"]), "d4"),
            goal="North's Knight 5 stands next to your Knight 5: beat it.",
            solution=["e5"],
            hint="With equal numbers, who wins depends on who attacks.",
            success="If the numbers are the same, the attacking Knight wins.",
            wrong=(to_square("d5"), "the attacking Knight wins"),
            teaches=("equal-attacker",), uses=("fight-starts", "numbers-stay-public")),
        win_fight_step(
            "S6", ["N5", "N7"], "6 against 5 differ by 1, so the lower number, North's 5, wins",
            key="fight-difference-one", title="A difference of 1",
            start=played(position({"e5": "S6", "b3": "S2", "d6": "N5", "f6": "N7", "a9": "N1"},
                                 revealed=["N5", "N7"]), "e5"),
            goal="Win a fight with your Knight 6.",
            solution=["f6"],
            hint="Both North Knights differ from your 6 by exactly 1. Which is the lower number then?",
            success="If the numbers differ by only 1, the lower number wins, whoever attacks: 6 beats 7, 5 beats "
                    "6.",
            wrong=(to_square("d6"), "the lower number"),
            teaches=DIFF_ONE, uses=FIGHTS),
        win_fight_step(
            "S1", ["N9", "N3"], "3 against 1: no special case, so the higher number wins",
            key="fight-one-beats-nine", title="1 beats 9",
            start=played(position({"e5": "S1", "b3": "S2", "d6": "N9", "f6": "N3", "a9": "N1"},
                                 revealed=["N9", "N3"]), "e5"),
            goal="Win a fight with your Knight 1.",
            solution=["d6"],
            hint="One special case of the rulebook is made for your 1.",
            success="If one Knight is a 1 and the other a 9, the Knight with the 1 defeats the 9, whoever "
                    "attacks.",
            wrong=(to_square("f6"), "the higher number wins"),
            teaches=("one-beats-nine",), uses=FIGHTS),
        beat_step(
            "N7", key="summon-knight", title="Summoning",
            start=lost_fight_on_e3(),
            goal="North's 7 has just beaten your Knight 5 on e3. Summon the Knight that beats the 7, then beat it.",
            solution=["Summon Knight 6", "e2", "e2", "e3"],
            hint="7 beats 3 (higher) and also 8 (a difference of 1).",
            success="The defeated player summons one Knight of their choice from the Waiting Area onto an empty "
                    "summoning field (the dashed rings); the beaten Knight itself is out, laid face up beside "
                    "the board.",
            wrong=({"kind": "summon", "args": ["S5"]}, "not in South's Waiting Area"),
            teaches=("summon-after-loss", "summon-choice", "beaten-out", "summon-fields"), uses=FIGHTS + DIFF_ONE),
        Step(
            key="duty-groups", title="Duty Tokens",
            start=set_up_game("duty"),
            goal="Give your three Warriors the Duty Tokens 1, 5 and 7, as in the rulebook's example.",
            check=lambda s: [o and o.index("W") for o in s.position.orders[SOUTH]] == [0, 1, 0],
            solution=[{"kind": "duty", "args": [0, "WAR"]}, {"kind": "duty", "args": [1, "AWR"]},
                      {"kind": "duty", "args": [2, "WAR"]}],
            hint="Each button gives one group's three numbers to the three types, smallest number first. In the "
                 "Small Number Group the Warrior must get the 1, so pick a button that starts with Warrior.",
            miss=lambda s: f"your Warriors carry {orders_text(s, SOUTH, 'W')}, not 1, 5 and 7",
            success="Duty Tokens 1-3, 4-6 and 7-9 form three groups, and each group holds one Archer, one "
                    "Warrior and one Ranger: you only choose which type gets which number.",
            wrong=({"kind": "duty", "args": [2, "WAR"]}, "one group at a time"),
            teaches=("duty-one-each", "duty-groups", "duty-one-group-at-a-time")),
        Step(
            key="placement-rows", title="Placing: your two rows",
            start=played(set_up_game("placement"), "Knight 5"),
            goal="You have taken your Knight 5 (a Warrior) from the Waiting Area: place it as far forward as "
                 "the rules allow.",
            check=lambda s: (square_of(s, "S5") or "x0")[1:] == "3",
            solution=["e3"],
            hint="The tinted rows are where you may place. Which of them is nearer to North?",
            miss=lambda s: f"{square_of(s, 'S5')} is allowed, but row 3 is your front placing row",
            success="During the Placement Phase South places on rows 2-3 and North on rows 8-9, the two rows in "
                    "front of each player's Goal Tokens (a ruling: the board is reconstructed).",
            wrong=({"kind": "place", "args": ["e4"]}, "rows 2-3"),
            teaches=("placement-rows",)),
        Step(
            key="placement-first", title="Setting up and the first move",
            start=set_up_game("placement"),
            goal="The draw made you the first player (South); your Hidden Token, beside the board, is 3. Place "
                 "six of your nine Knights on your two tinted rows, taking turns with North, then make the "
                 "first move of the game.",
            check=lambda s: any(seat == SOUTH and m.kind == "to" for seat, m in s.history),
            solution=[*placing, "e3", "e4"], turns=13,
            hint="Click a Knight in your Waiting Area, then a tinted field; North places in between. When all "
                 "are placed, move one of your Knights.",
            miss=lambda s: ("you placed your Knights but made no move yet" if s.position.phase == "movement"
                            else "your Knights are not all placed yet"),
            success="The first player, drawn at random, places 1 Knight, then the players take turns placing 2 "
                    "(a ruling ends the rulebook's list with a last 1) until each has six on the board; three "
                    "wait beside it. Then the first player makes the first move.",
            wrong=(["Knight 5", "e3", {"kind": "select", "args": ["e3"]}], "to place"),
            teaches=("knights", "hidden-deal", "hidden-numbers", "first-player", "placement-order",
                     "placement-order-completed", "waiting-area", "first-move"),
            uses=("duty-groups", "placement-rows", "move-one-field")),
    ]


def moving_steps() -> list[Step]:
    """Moving: the finer points (the board refuses the rest in any game)."""
    return [
        Step(
            key="move-any-direction", title="Backwards and sideways",
            start=played(position({"e5": "S5", "b3": "S7", "e6": "N9", "a9": "N1"}, revealed=["N9"]), "e5"),
            goal="North's 9 (its number is known from an earlier fight) would beat your Warrior 5: step out of "
                 "its reach.",
            check=lambda s: square_of(s, "S5") is not None and square_of(s, "N9") is not None
            and square_distance(square_of(s, "S5"), square_of(s, "N9")) > 1,
            solution=["e4"],
            hint="The 9 can reach every field next to it. Backwards is a direction too.",
            miss=lambda s: ("North's 9 beat your 5: the higher number wins" if square_of(s, "S5") is None
                            else "your Warrior is still next to the 9"),
            success="Knights may step backwards and sideways as well as forwards.",
            wrong=(to_square("d5"), "North's 9 beat your 5"),
            teaches=("move-backwards",), uses=("higher-wins", "numbers-stay-public")),
        reach_step(
            "S7", ["g4"], lambda at: "the Knight on g3 did not move to g4",
            key="change-knight", title="Choosing a different Knight",
            start=played(position({"c3": "S4", "g3": "S7", "f8": "N5"}), "c3"),
            goal="The Knight on c3 is chosen, but you want to move the one on g3 to g4.",
            solution=["Choose a different Knight", "g3", "g4"],
            hint="Look at the buttons below the board.",
            success="Until you choose the field, 'Choose a different Knight' takes your choice back (this app "
                    "splits a move into two clicks).",
            wrong=(to_square("g4"), "g4 is not next to c3"),
            teaches=("change-knight",), uses=("move-one-field",)),
        reach_step(
            "S4", ["c5", "d5", "e5"], lambda at: f"your Archer went to {at}, not to row 5",
            key="ban-own-knight", title="Not onto your own Knight",
            start=played(position({"d4": "S4", "d5": "S5", "c5": "S6", "h8": "N7"}), "d4"),
            goal="Bring your Archer 4 onto row 5 this turn.",
            solution=["e5"],
            hint="Two of the three fields of row 5 next to your Archer are taken by your own Knights.",
            success="You cannot move a Knight onto a field that is already occupied by another Knight of yours.",
            wrong=(to_square("d5"), "occupied by another Knight of yours"),
            teaches=("no-own-knight",), uses=("move-one-field",)),
        reach_step(
            "S4", ["b3", "d3"], lambda at: f"{at} is not diagonal from c2",
            key="ban-own-goal", title="Not onto your own Goal fields",
            start=played(position({"c2": "S4", "g7": "N7"}), "c2"),
            goal="Move your Archer 4 diagonally: to one of the four fields touching c2 at a corner.",
            solution=["d3"],
            hint="b1 and d1 touch c2 at a corner, but row 1 holds your own Goal Tokens.",
            success="You are not allowed to move a Knight onto your own Goal Token fields: row 1 is closed to "
                    "South's Knights for the whole game.",
            wrong=(to_square("b1"), "its own side's Goal fields"),
            teaches=("no-own-goal",), uses=("goal-tokens", "move-one-field")),
    ]


def placing_steps() -> list[Step]:
    """The Placement Phase in detail: one Knight per field, the order seen from North."""
    start = set_up_game("placement")
    return [
        reach_step(
            "S1", ["e2", "e3"], lambda at: f"Knight 1 stands on {at}, not in column e",
            key="placement-one-per-field", title="Placing: one Knight per field",
            start=played(start, "Knight 5", "e3", "Knight 5", "e8", "Knight 2", "b8", "Knight 2", "h3", "Knight 1"),
            goal="Place your Knight 1 in column e, like your Knight 5.",
            solution=["e2"],
            hint="Column e has two fields in your rows, and one of them is taken.",
            success="A field holds one Knight: e3 was taken, so e2 was the place in column e.",
            wrong=({"kind": "place", "args": ["e3"]}, "already occupied"),
            teaches=("one-per-field",), uses=("placement-rows",)),
        Step(
            key="placement-two", title="Placing: the order, and who waits",
            start=played(start, "Knight 5", "e3", "Knight 5", "e8", "Knight 2", "b8", "Knight 1", "b3", "Knight 2",
                        "h3", "Knight 3", "h8", "Knight 6", "d9", "Knight 4", "d3", "Knight 6", "f3"),
            goal="You are North now: place your last two Knights so that Knights 7, 8 and 9 are the three left "
                 "in your Waiting Area.",
            check=lambda s: sorted(DUTY[k] for k in s.position.waiting[NORTH]) == [7, 8, 9]
            and sum(1 for k in s.position.board if k and owner(s.position, k) == NORTH) == 6,
            solution=["Knight 1", "c8", "Knight 4", "g8"],
            hint="Click a Knight in your Waiting Area (beside the board), then a field in your two rows; twice.",
            miss=lambda s: "your Waiting Area holds Knights "
                           + ", ".join(str(DUTY[k]) for k in s.position.waiting[NORTH]) + ", not 7, 8 and 9",
            success="Each player places six Knights, in the order 1-2-2-2-2-2-1 (a ruling completes the "
                    "rulebook's list); the three not placed wait beside the board to be summoned later.",
            wrong=({"kind": "place", "args": ["c8"]}, "choose a Knight from your Waiting Area"),
            teaches=("placement-choice", "placement-order-completed", "waiting-area"),
            uses=("placement-rows", "placement-order")),
    ]


def hidden_token_steps() -> list[Step]:
    """The Hidden Token against an 8: attacking, defending, and once it is revealed."""
    return [
        win_game_step(
            north_won_or("8 reached your Goal Token 8"),
            key="reveal-attack", title="The Hidden Token",
            start=reveal_puzzle(),
            goal="North's last Knight, an 8, stands next to your Goal Token 8 on h1 and wins next turn. Beat it "
                 "now: your Hidden Token is 2.",
            solution=["h3", "g2", "Reveal the Hidden Token"],
            hint="9 against 8 is a difference of 1, and a 3 loses to an 8. What beats an 8?",
            success="If your Knight's number equals your Hidden Token and it fights an 8, you may reveal the "
                    "token, and your Knight wins.",
            wrong=select_north("g2"),
            teaches=("hidden-beats-eight", "hidden-own-number-only", "fight-check-order"),
            uses=("hidden-deal", "higher-wins", "goal-win", "no-knights-lose") + DIFF_ONE),
        beat_step(
            "N8", "S2", "without the Hidden Token the higher number, 8, wins, and that was your last Knight",
            key="reveal-defend", title="Revealing when attacked",
            start=played(position({"e5": "S2", "e6": "N8", "a9": "N1"}, hidden=(2, 4), revealed=["N8"],
                                 to_move=NORTH), "e6", "e5"),
            goal="North's 8 attacks your last Knight, a 2, on North's turn. Your Hidden Token is 2: win the "
                 "fight.",
            solution=["Reveal the Hidden Token"],
            hint="The question is yours although it is North's turn.",
            success="Revealing is the owner's choice, also when defending: the game asks you whenever your Knight "
                    "1-5 fights an 8 while your token is secret. Your 2 stays on its field.",
            wrong=("Fight without revealing the Hidden Token", "without the Hidden Token"),
            teaches=("reveal-choice-defender", "reveal-question-when", "defender-stays"),
            uses=("hidden-beats-eight", "no-knights-lose")),
        win_fight_step(
            "S2", ["N8", "N1"], "2 against 1 differ by 1, so the lower number, North's 1, wins",
            key="reveal-again", title="A revealed token keeps working",
            start=played(position({"e5": "S2", "b3": "S6", "d6": "N8", "f6": "N1", "a9": "N3"}, hidden=(2, 4),
                                 hidden_revealed=(True, False), revealed=["N8", "N1", "S2"]), "e5"),
            goal="Win a fight with your Knight 2. Your Hidden Token 2 was revealed in an earlier fight.",
            solution=["d6"],
            hint="2 against 1 is a difference of 1.",
            success="A revealed Hidden Token stays public and keeps working: your 2 beats every 8 from now on, "
                    "without a question (a ruling).",
            wrong=(to_square("f6"), "the lower number"),
            teaches=("reveal-stays",), uses=("hidden-beats-eight",) + DIFF_ONE),
    ]


def summoning_steps() -> list[Step]:
    """Summoning: onto which field, and when there is nobody to summon."""
    attacked = played(position({"d4": "S8", "b4": "S2", "e3": "N7", "a9": "N1"}, waiting=[["S3", "S6"], []],
                              revealed=["N7"]), "d4", "e3")
    return [
        reach_step(
            "S6", ["e2"], lambda at: f"{at} is not next to e3; e2 is the summoning field that is",
            key="summon-field", title="Summoning fields",
            start=played(attacked, "Summon Knight 6"),
            goal="Your 8 attacked North's 7 on e3 and lost. Summon your Knight 6 next to the 7.",
            solution=["e2"],
            hint="The dashed rings are your summoning fields. Which of them touches e3?",
            success="A summoned Knight goes onto an empty field with the summoning icon: b2, e2, h2 for South, "
                    "b9, e9, h9 for North (reconstructed board).",
            wrong=({"kind": "summon_to", "args": ["d2"]}, "summoning fields"),
            teaches=("summon-fields-where", "summon-fields"), uses=("summon-after-loss",) + DIFF_ONE),
        beat_step(
            "N7", "S8", "8 against 7 differ by 1, so the lower number, North's 7, wins",
            key="summon-none-waiting", title="Nobody waiting",
            start=lost_fight_on_e3(knights={"d3": "S6", "f2": "S8"}, waiting=[[], []]),
            goal="North's 7 has just beaten your Knight 5 on e3. Your Waiting Area is empty, so there is no "
                 "summon: it is your move at once. Beat the 7.",
            solution=["d3", "e3"],
            hint="Your 6 and your 8 can both reach e3. Which of them beats a 7?",
            success="If you have no Knights left in your Waiting Area, skip summoning: the game goes on at once.",
            wrong=(["f2", to_square("e3")], "differ by 1"),
            teaches=("summon-skip-none-waiting",), uses=("summon-after-loss",) + DIFF_ONE),
    ]


def game_end_steps() -> list[Step]:
    """How a game ends: the Goal race, no legal move, and the house rule's draw."""
    knights = {"b9": "S5", "e9": "S6", "h9": "S8", "c8": "S7", "d9": "N4"}
    goals = [range(1, 10), [8, 1, 2, 5, 3, 4, 9, 6, 7]]  # no Knight on row 9 touches its own number
    return [
        win_game_step(
            "North still has its 7",
            key="win-no-knights", title="No Knights left",
            start=last_knight_puzzle(),
            goal="North's last Knight is a 7 (revealed earlier), and none is waiting. Win the game.",
            solution=["e7", "d6"],
            hint="Three of your Knights can attack the 7. Check each against the fight rules.",
            success="If you do not have any more Knights left (on the board or waiting), your opponent wins.",
            wrong=select_north("d6"),
            teaches=("no-knights-lose",), uses=FIGHTS + DIFF_ONE + ("equal-attacker",)),
        win_game_step(
            north_won_or("7 reached your Goal Token 7"),
            key="goal-race", title="The race to the Goal",
            start=goal_race_puzzle(),
            goal="North's 7 stands next to your Goal Token 7 on g1 and wins next turn. Win first.",
            solution=["i9", "i10"],
            hint="Each of your Knights on row 9 touches three of North's Goal Tokens. Compare their numbers with "
                 "your Knights' numbers.",
            success="If a player arrives at a Goal Token field with a Knight of the same number, the game ends and "
                    "that player wins. Now every secret number is shown.",
            wrong=select_north("g2"),
            teaches=("goal-win", "secrets-shown-at-end"), uses=("goal-tokens", "enemy-goal-match")),
        win_game_step(
            lambda s: ("your Knight left e9, so North summoned its 9 there" if square_of(s, "N9")
                       else "North still has a Knight on the board"),
            key="no-legal-move", title="No legal move",
            start=position(knights, waiting=[[], ["N9"]], revealed=["N4"], goals=goals),
            goal="North's last Knight on the board is a 4, and its 9 is waiting. Win the game this turn.",
            solution=["c8", "d9"],
            hint="After losing its 4, North summons its 9 onto an empty summoning field, if there is one.",
            success="A summon is skipped when all summoning fields are occupied (a ruling); North then has no "
                    "Knight to move, and a player who cannot move loses, since passing is not allowed (a "
                    "ruling).",
            wrong=select_north("d9"),
            teaches=("summon-skip-fields-full", "no-pass", "no-legal-move-loses"),
            uses=("summon-fields", "summon-fields-where", "higher-wins", "no-knights-lose")),
        Step(
            key="quiet-draw", title="The quiet-move draw (house rule)",
            start=played(position({"e5": "S6", "b3": "S2", "d6": "N4", "a9": "N1"}, revealed=["N4"], quiet=59),
                        "e5"),
            goal="59 turns in a row passed without a fight: one more quiet turn is a draw. Keep the game going.",
            check=lambda s: has_fallen(s, "N4") and not s.is_over,
            solution=["d6"],
            hint="Only a fight resets the count.",
            miss=lambda s: ("60 turns in a row without a fight: a draw (a house rule of this app)"
                            if s.is_over else "no fight happened"),
            success="A house rule of this app, not in the rulebook: after 60 turns in a row without a fight (or "
                    "the number chosen for the game) the game is a draw; a fight sets the count back to 0.",
            wrong=(to_square("e4"), "a house rule of this app"),
            teaches=("quiet-draw", "quiet-reset"), uses=("higher-wins",)),
    ]


def defection_steps() -> list[Step]:
    """The optional Defection rule, each step with it switched on."""
    many = {"b3": "S1", "c3": "S2", "g3": "S4", "h3": "S5"}  # South keeps five Knights on the board
    orders = [("AWR",) * 3, ("AWR", "AWR", "WAR")]  # North's 8 is an Archer here, so no defection in the fight
    goals = [range(1, 10), [3, 8, 1, 4, 5, 9, 6, 2, 7]]
    return [
        Step(
            key="defect-won-over", title="Defection: winning a Knight over",
            start=played(position({"e5": "S6", "d6": "N3", "f6": "N4", "a9": "N1", **many}, revealed=["N3", "N4"],
                                 defection=True), "e5"),
            goal="With the Defection rule on: win one of North's Knights over to your side with your Ranger 6.",
            check=lambda s: "N3" in s.position.defected,
            solution=["d6"],
            hint="Only a Knight of the same type as the winner changes sides. Look at the shapes.",
            miss=lambda s: ("the 4 is an Archer and your 6 a Ranger: it was simply beaten" if has_fallen(s, "N4")
                            else "you won no Knight over"),
            success="In fights between Knights of the same type, the defeated Knight defects with its Duty Token "
                    "to the winner's Waiting Area. With five or more Knights on the board you keep it waiting.",
            wrong=(to_square("f6"), "simply beaten"),
            teaches=("defection-optional", "defect-same-type", "defect-other-type", "defect-waits"),
            uses=("higher-wins",) + DIFF_ONE),
        Step(
            key="defect-summon-at-once", title="Defection: summoned at once",
            start=played(position({"e5": "S6", "b3": "S1", "d6": "N3", "f6": "N4", "a9": "N1"},
                                 waiting=[[], ["N5"]], revealed=["N3", "N4"], defection=True), "e5"),
            goal="You have only two Knights on the board. Win North's Ranger 3 over and bring it into play on e2.",
            check=lambda s: square_of(s, "N3") == "e2" and owner(s.position, "N3") == SOUTH,
            miss=lambda s: ("the 4 is an Archer: it was simply beaten, not won over" if has_fallen(s, "N4")
                            else "North's Ranger 3 is not on e2 for you"),
            solution=["d6", "e2"], turns=3,
            hint="Beat the Ranger with your Ranger; after North's summon the game asks you where it goes.",
            success="If the winner has fewer than 5 Knights on the board, the Knight won over must be summoned "
                    "immediately; the beaten player summons first (a ruling).",
            wrong=(to_square("f6"), "not won over"),
            teaches=("defect-summon-now", "defect-summon-order"), uses=("defect-same-type", "summon-fields")),
        beat_step(
            "N7", key="defect-summon-later", title="Defection: summoning a Knight you won over",
            start=lost_fight_on_e3(waiting=[["S8", "N6"], []], defected=["N6"], defection=True),
            goal="North's 7 has just beaten your Knight 5 on e3. Summon the Ranger you once won over from North, "
                 "and beat the 7 with it.",
            solution=["Summon North's Knight 6", "e2", "e2", "e3"],
            hint="North's former Knight 6 fights for you with its number: 6 against 7 is a difference of 1.",
            success="A Knight won over waits in its new owner's Waiting Area and is summoned when one of that "
                    "player's Knights is beaten; it fights for its new owner with its own number.",
            wrong=({"kind": "summon", "args": ["S5"]}, "not in South's Waiting Area"),
            teaches=("defect-summoned-later", "defect-own-number"), uses=("summon-after-loss", "defect-waits")),
        beat_step(
            "N8", "N2", "without your Hidden Token the 8 wins",
            key="defect-hidden-token", title="Defection: whose Hidden Token",
            start=played(position({"e5": "N2", "b3": "S4", "e6": "N8", "a9": "N1"}, hidden=(2, 4), defected=["N2"],
                                 revealed=["N8"], orders=orders, defection=True), "e5"),
            goal="You won North's Warrior 2 over earlier. Your Hidden Token is 2, North's is 4: beat North's 8 "
                 "with it.",
            solution=["e6", "Reveal the Hidden Token"],
            hint="A Knight won over uses its new owner's Hidden Token.",
            success="A Knight won over follows the same rules as your own Knights, and it can be used together "
                    "with your Hidden Token.",
            wrong=(to_square("e4"), "North's 8 is still on the board"),
            teaches=("defect-hidden",), uses=("hidden-beats-eight", "defect-own-number")),
        Step(
            key="defect-won-back", title="Defection: winning a Knight back",
            start=played(position({"e5": "S8", "d6": "S5", "f6": "N2", "a9": "N1", "b3": "S1", "c3": "S2", "g3": "S4",
                                  "h3": "S3"}, defected=["S5"], revealed=["N2"], hidden=(1, 3), defection=True),
                        "e5"),
            goal="North won your Warrior 5 over earlier (on d6, now North's). Win it back with your Warrior 8.",
            check=lambda s: "S5" not in s.position.defected,
            solution=["d6"],
            hint="Your Knight 5 now plays for North. Beat it with a Knight of its type.",
            miss=lambda s: ("you won North's 2 over instead; your 5 still plays for North"
                            if "N2" in s.position.defected else "your Knight 5 still plays for North"),
            success="A Knight won over can be won back by its first owner, in a fight between Knights of the "
                    "same type.",
            wrong=(to_square("f6"), "your 5 still plays for North"),
            teaches=("defect-won-back",), uses=("defect-same-type", "higher-wins")),
        win_game_step(
            "the Knight you won over did not reach North's Goal Token 4",
            key="defect-goal", title="Defection: the new owner's Goal",
            start=played(position({"e9": "N4", "b3": "S2", "a5": "N1"}, defected=["N4"], goals=goals,
                                 defection=True), "e9"),
            goal="Win the game this turn with North's former Knight 4, which plays for you now.",
            solution=["d10"],
            hint="It plays for South now, so it wins on North's Goal Token with its own number.",
            success="A Knight won over can win you the game by arriving on the Goal Token field of its number, "
                    "on its new opponent's side.",
            wrong=(to_square("e10"), "only with the same Duty number"),
            teaches=("defect-goal",), uses=("goal-win", "enemy-goal-match")),
    ]
