"""Nine Knights: one test per rule of the rulebook and the rulings."""

from __future__ import annotations

import json
import random

import pytest

import ninekit
from ninekit import IllegalMove
from ninekit.bots import NineKnightsBot, RandomBot
from ninekit.nine_knights import (
    HIDDEN_TOKENS,
    PLACEMENT_ORDER,
    RULES,
    SAVE_DEFAULTS,
    fight,
    fight_reason,
    knight_type,
    owner,
    position,
)

GAME = ninekit.make("nine_knights")
SOUTH_FIRST = ninekit.make("nine_knights", first="South")  # for tests that need to know who places first
COUNTDOWN = [9, 8, 7, 6, 5, 4, 3, 2, 1]


def mv(state, kind, *args):
    """The legal move ``kind args`` (parsed from JSON as a user's input would be)."""
    return state.game.parse_move({"kind": kind, "args": list(args)})


def go(state, frm, to):
    """Select the Knight on ``frm`` and move it to ``to``."""
    return state.play(mv(state, "select", frm)).play(mv(state, "to", to))


def knights(state, seat=None):
    return {k["square"]: k for k in state.view(seat)["knights"]}


def through_setup(seed=0, **options):
    """A seeded game played by random choices up to the first movement turn."""
    state = ninekit.make("nine_knights", **options).new(seed)
    rng = random.Random(seed)
    while state.position.phase != "movement":
        state = state.play(rng.choice([m for m in state.legal_moves() if m.kind != "cancel"]))
    return state


# --- the rulebook's fight examples, verbatim ---------------------------------------


def test_rulebook_example_3_beats_4():
    """Fight: a difference of 1 -- the lower number wins (3 beats 4), whoever attacks."""
    assert fight(3, 4) == "attacker"
    assert fight(4, 3) == "defender"


def test_rulebook_example_maria_6_against_james_7():
    """Fight example: Maria's 6 attacks James's 7; the lower number wins, James's Knight is removed."""
    assert fight(6, 7) == "attacker"
    assert fight(7, 6) == "defender"


def test_rulebook_example_1_beats_9():
    """Fight: if one Knight is a 1 and the other a 9, the 1 defeats the 9 (either side attacking)."""
    assert fight(1, 9) == "attacker"
    assert fight(9, 1) == "defender"


def test_rulebook_example_hidden_2_beats_8():
    """Fight: a Knight whose Duty equals its revealed Hidden Token beats an 8 (2 beats 8)."""
    assert fight(2, 8) == "defender"  # without the reveal the higher number wins
    assert fight(2, 8, attacker_hidden=2) == "attacker"
    assert fight(8, 2, defender_hidden=2) == "defender"
    assert fight(2, 8, attacker_hidden=3) == "defender"  # the token must show the Knight's own number


def test_fight_equal_numbers_attacker_wins():
    """Fight rule 1: if the numbers are the same, the attacking Knight wins (5 attacking 5)."""
    assert fight(5, 5) == "attacker"


def test_fight_otherwise_higher_number_wins():
    """Fight rule 2: otherwise the higher number wins (8 attacking 9 wins, 7 attacking 9 loses)."""
    assert fight(8, 9) == "attacker"  # difference 1
    assert fight(7, 9) == "defender"
    assert fight(9, 2) == "attacker"
    assert fight(8, 2) == "attacker"


def test_fight_table_is_complete_and_explained():
    """Every pair of Duty numbers has one winner and a reason in words."""
    for a in range(1, 10):
        for d in range(1, 10):
            winner, reason = fight_reason(a, d)
            assert winner in ("attacker", "defender") and reason


def test_fight_refuses_numbers_that_do_not_exist():
    """Duty Tokens are 1-9 and Hidden Tokens 1-5."""
    with pytest.raises(ValueError, match="Duty numbers are 1 to 9"):
        fight(0, 4)
    with pytest.raises(ValueError, match="Hidden Tokens are 1 to 5"):
        fight(6, 8, attacker_hidden=6)


# --- set-up --------------------------------------------------------------------------


def test_setup_goal_tokens_on_home_ranks_from_the_seed():
    """Set-up: each side's Goal Tokens 1-9 lie on its home rank in a seeded random order."""
    a, b = GAME.new(1).view(None)["goals"], GAME.new(2).view(None)["goals"]
    assert all(sorted(g) == list(range(1, 10)) for g in a)
    assert a != b and GAME.new(1).view(None)["goals"] == a


def test_setup_hidden_tokens_secret_and_different():
    """Set-up: each player draws one of the Hidden Tokens 1-5 secretly; the other cannot see it."""
    for seed in range(20):
        s = GAME.new(seed)
        mine = [s.view(seat)["hidden_tokens"][seat] for seat in (0, 1)]
        assert all(t in HIDDEN_TOKENS for t in mine) and mine[0] != mine[1]
        assert s.view(0)["hidden_tokens"][1] is None and s.view(None)["hidden_tokens"] == [None, None]


def test_duty_assignment_one_decision_per_group_with_one_of_each_type():
    """Set-up 5.3: each group (1-3, 4-6, 7-9) holds one Archer, one Warrior and one Ranger."""
    s = GAME.new(0)
    assert s.prompt == "South: assign Duty Tokens to the Small Number Group (1-3)"
    assert len(s.legal_moves()) == 6 and {m.kind for m in s.legal_moves()} == {"duty"}
    s = s.play(mv(s, "duty", 0, "WAR"))
    assert "Medium" in s.prompt
    with pytest.raises(IllegalMove, match="one group at a time"):
        s.play(mv(s, "duty", 0, "AWR"))
    s = s.play(mv(s, "duty", 1, "RAW")).play(mv(s, "duty", 2, "AWR"))
    assert s.to_move == 1 and "North" in s.prompt
    assert s.view(0)["duty_orders"] == ["WAR", "RAW", "AWR"]
    assert s.view(1)["duty_orders"] == [None, None, None]
    assert knight_type(s.position, "S1") == "Warrior" and knight_type(s.position, "S4") == "Ranger"


@pytest.mark.parametrize("first", ["South", "North"])
def test_placement_order_1_2_2_2_2_2_1_six_knights_each(first):
    """Set-up 6 and the placement ruling: 1, 2, 2, 2, 2, 2, 1 -- six Knights each, the first player first;
    then the first player makes the first move (Gameplay: "The first player begins")."""
    assert PLACEMENT_ORDER == (0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0)  # 0: the first player, 1: the second
    seat = ("South", "North").index(first)
    s = ninekit.make("nine_knights", first=first).new(3)
    rng = random.Random(3)
    placers = []
    while s.position.phase != "movement":
        m = rng.choice([m for m in s.legal_moves() if m.kind != "cancel"])
        if m.kind == "place":
            placers.append(s.to_move)
        s = s.play(m)
    assert tuple(placers) == tuple(p ^ seat for p in PLACEMENT_ORDER)
    v = s.view(None)
    assert [sum(k["owner"] == seat for k in v["knights"]) for seat in (0, 1)] == [6, 6]
    assert [len(w) for w in v["waiting"]] == [3, 3]
    assert s.prompt == f"{first}: choose a Knight to move"


def first_placer(state):
    """The seat that places the first Knight (Duty Tokens are given first, South then North)."""
    while state.position.phase == "duty":
        state = state.play(state.legal_moves()[0])
    return state.to_move, state


def test_the_first_player_is_chosen_at_random():
    """Set-up 6: "Randomly choose a first player and start the Placement Phase"; Gameplay: "The first player
    begins".  The draw comes from the seed: both seats start in some games, and a seed always gives the same
    first player (and the same deal as before the draw existed: it is drawn after the Goal and Hidden Tokens)."""
    firsts = {}
    for seed in range(24):
        seat, placing = first_placer(GAME.new(seed))
        assert first_placer(GAME.new(seed))[0] == seat  # the same seed, the same first player
        fixed = SOUTH_FIRST.new(seed)
        assert GAME.new(seed).position.goals == fixed.position.goals
        assert GAME.new(seed).position.hidden == fixed.position.hidden
        assert placing.prompt == f"{('South', 'North')[seat]}: choose a Knight from your Waiting Area to place " \
                                 "(your Knight 1 of 6)"
        s = placing
        while s.position.phase == "placement":
            s = s.play(s.legal_moves()[0])
        assert s.to_move == seat  # the first player also makes the first move
        firsts[seed] = seat
    assert set(firsts.values()) == {0, 1}
    assert 6 <= sum(firsts.values()) <= 18  # a fair draw, not one side in almost every game
    assert ninekit.make("nine_knights").options["first"] == "random"


def test_the_random_first_player_is_announced_when_placement_starts():
    """Set-up order: Duty Tokens (step 5) come before the first player is chosen (step 6), so while they are
    given nobody knows who plays first; the log and every view tell it when the Placement Phase starts."""
    s = GAME.new(0)
    while s.position.phase == "duty":
        assert all(s.view(v)["first"] is None for v in (0, 1, None))
        assert not any("to play first" in line for line in s.log(None))
        s = s.play(s.legal_moves()[0])
    seat = s.position.first
    assert all(s.view(v)["first"] == seat and s.view(v)["first_drawn"] for v in (0, 1, None))
    assert s.log(None)[-1] == ("North assigns the High Number Group (secret). "
                               f"{('South', 'North')[seat]} is chosen at random to play first")
    # A fixed first player is known from the start, and nothing is announced.
    fixed = ninekit.make("nine_knights", first="North").new(0)
    assert fixed.view(0)["first"] == 1 and not fixed.view(0)["first_drawn"]
    assert first_placer(fixed)[1].log(None)[-1] == "North assigns the High Number Group (secret)"


def test_determinize_redraws_the_first_player_only_while_it_is_unknown():
    """Information: during the Duty Tokens the drawn first player is nobody's knowledge yet, so determinized
    worlds draw it again; once announced (or when fixed by the option) it is kept."""
    s = GAME.new(0)
    assert {s.determinize(0, k).position.first for k in range(20)} == {0, 1}
    _seat, placing = first_placer(s)
    assert {placing.determinize(0, k).position.first for k in range(20)} == {placing.position.first}
    fixed = ninekit.make("nine_knights", first="North").new(0)
    assert {fixed.determinize(0, k).position.first for k in range(20)} == {1}


@pytest.mark.parametrize("value, seat", [("South", 0), ("North", 1), (0, 0), (1, 1)])
def test_option_first_fixes_the_first_player(value, seat):
    """Option ``first``: a teacher may fix the first player by side name or seat number (kept as the name)."""
    game = ninekit.make("nine_knights", first=value)
    assert game.options["first"] == ("South", "North")[seat]
    assert {first_placer(game.new(seed))[0] for seed in range(12)} == {seat}


@pytest.mark.parametrize("value", ["west", "south", "Random", 2, -1, True, None, 1.0])
def test_option_first_refuses_other_values_naming_the_option(value):
    with pytest.raises(ValueError, match=r"option 'first' must be 'random', 'South', 'North', 0 \(South\) or 1 "
                                         r"\(North\)"):
        ninekit.make("nine_knights", first=value)


def test_saves_store_the_first_option_and_replay():
    """Saves: the option is stored, so a save replays to the same first player."""
    for seed in range(6):
        for options in ({}, {"first": "North"}, {"first": 0}):
            s = first_placer(ninekit.make("nine_knights", **options).new(seed))[1]
            s = s.play(s.legal_moves()[0])
            s = s.play(s.legal_moves()[0])  # the first Knight placed
            save = json.loads(s.to_json())
            assert "first" in save["options"]
            back = ninekit.load(s.to_json())
            assert back.history == s.history and back.view(None) == s.view(None)


def test_saves_from_before_the_draw_load_with_south_first():
    """Saves: a save (the seed and every decision) replays the game it was made from.  Saves made before the
    first player was drawn have no "first" in their options, and South began every one of them, so the loader
    fills in the value the game had before the option existed (``SAVE_DEFAULTS``: "South"), not today's
    default: such a save replays as before whichever first player its seed draws today.  A new game made
    without the option still draws its first player, and a save that has the option keeps it."""
    assert SAVE_DEFAULTS == {"first": "South"} and RULES.save_defaults is SAVE_DEFAULTS
    for seed, drawn in ((3, 0), (0, 1)):
        s = SOUTH_FIRST.new(seed)  # what a game was before the draw
        rng = random.Random(seed)
        while len(s.history) < 12:
            s = s.play(rng.choice(s.legal_moves()))
        old = json.loads(s.to_json())
        del old["options"]["first"]
        assert GAME.new(seed).position.first == drawn  # today's draw for this seed
        back = ninekit.load(json.dumps(old))
        assert back.game.options["first"] == "South" and back.game == SOUTH_FIRST
        assert back.history == s.history and back.view(None) == s.view(None)
        assert json.loads(back.to_json())["options"]["first"] == "South"  # saved again, it says so
        # A new game without the option still draws; a save with the option keeps it.
        assert ninekit.make("nine_knights").options["first"] == "random"
        for value in ("random", "North"):
            new = ninekit.make("nine_knights", first=value).new(seed)
            assert ninekit.load(new.to_json()).game.options["first"] == value


def test_an_old_save_that_cannot_replay_says_which_option_was_filled_in():
    """Saves: a save whose moves are not legal is refused naming the move and the rule; when the save lacks
    an option, the message also says it was loaded as a save from before that option existed, with the
    value filled in (here a game where North began, its "first" removed by hand)."""
    s = ninekit.make("nine_knights", first="North").new(0)
    while len(s.history) < 7:
        s = s.play(s.legal_moves()[0])
    save = json.loads(s.to_json())
    del save["options"]["first"]
    with pytest.raises(ValueError, match=r"^save move 7 \(.*\) is not legal: Knight \d is not in South's Waiting "
                                         r"Area \(the save has no option 'first', so it was loaded as one made "
                                         r"before that option existed, with first='South'\)$"):
        ninekit.load(json.dumps(save))


@pytest.mark.parametrize("name", ["name", "players", "colour"])
def test_a_save_with_an_unknown_option_is_refused_naming_it(name):
    """Saves: a tampered save is refused in the save's own words, even when its option has the name of one of
    ``ninekit.make``'s own arguments."""
    save = json.loads(GAME.new(0).to_json())
    save["options"][name] = 2
    with pytest.raises(ValueError, match=rf"^save field 'players'/'options': unknown option '{name}' for "
                                         r"nine_knights; options are: defection, quiet_limit, first$"):
        ninekit.load(json.dumps(save))


def test_placement_only_on_the_two_ranks_next_to_home():
    """Placement ruling: South places on rows 2-3, North on rows 8-9, on empty fields."""
    s = SOUTH_FIRST.new(0)
    for _ in range(6):
        s = s.play(s.legal_moves()[0])
    assert s.position.phase == "placement"
    s = s.play(mv(s, "pick", "S1"))
    squares = {m.args[0] for m in s.legal_moves() if m.kind == "place"}
    assert squares == {f"{c}{r}" for c in "abcdefghi" for r in (2, 3)}
    with pytest.raises(IllegalMove, match="rows 2-3"):
        s.play(mv(s, "place", "c5"))
    s = s.play(mv(s, "place", "c2"))
    s = s.play(mv(s, "pick", "N1"))
    with pytest.raises(IllegalMove, match="already occupied"):
        s.play(mv(s, "place", "c2"))
    with pytest.raises(IllegalMove, match="rows 8-9"):
        s.play(mv(s, "place", "c3"))


def test_placement_pick_can_be_changed():
    """A chosen Knight may be exchanged for another before it is placed (Cancel)."""
    s = SOUTH_FIRST.new(0)
    for _ in range(6):
        s = s.play(s.legal_moves()[0])
    picked = s.play(mv(s, "pick", "S4"))
    back = picked.play(mv(picked, "cancel"))
    assert back.prompt == s.prompt and back.legal_moves() == s.legal_moves()


# --- movement --------------------------------------------------------------------


def test_move_one_field_in_eight_directions():
    """Gameplay: a Knight moves onto one of the 8 fields around it."""
    s = position({"e5": "S4", "a9": "N1"})
    s = s.play(mv(s, "select", "e5"))
    targets = {m.args[0] for m in s.legal_moves() if m.kind == "to"}
    assert targets == {"d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"}
    with pytest.raises(IllegalMove, match="one field in one of the 8 directions"):
        s.play(mv(s, "to", "e7"))


def test_cannot_move_onto_own_knight():
    """Gameplay 2: you cannot move a Knight onto a field occupied by another Knight of yours."""
    s = position({"e5": "S4", "e6": "S5", "a9": "N1"})
    s = s.play(mv(s, "select", "e5"))
    with pytest.raises(IllegalMove, match="occupied by another Knight of yours"):
        s.play(mv(s, "to", "e6"))


def test_cannot_enter_own_goal_fields():
    """Gameplay 3: you are not allowed to move a Knight onto your own Goal Token fields."""
    s = position({"e2": "S4", "a9": "N1"})
    s = s.play(mv(s, "select", "e2"))
    with pytest.raises(IllegalMove, match="may not enter its own side's Goal fields"):
        s.play(mv(s, "to", "e1"))
    assert not any(m.args and m.args[0].endswith("1") and len(m.args[0]) == 2 for m in s.legal_moves())


def test_enemy_goal_field_only_with_the_matching_duty_number():
    """Gameplay 4: a Knight may enter an opponent's Goal field only if its Duty number matches."""
    s = position({"e9": "S4", "a5": "N1"}, goals=[range(1, 10), COUNTDOWN])  # d10 holds 6, f10 holds 4
    s = s.play(mv(s, "select", "e9"))
    targets = {m.args[0] for m in s.legal_moves() if m.kind == "to"}
    assert "f10" in targets and "e10" not in targets and "d10" not in targets
    with pytest.raises(IllegalMove, match=r"only with the same Duty number \(d10 holds Goal Token 6\)"):
        s.play(mv(s, "to", "d10"))


def test_no_passing_a_knight_must_move():
    """Gameplay 1: you must move one of your Knights; there is no pass decision."""
    s = through_setup(4)
    assert all(m.kind == "select" for m in s.legal_moves())


def test_knight_without_a_legal_move_cannot_be_chosen():
    """A Knight boxed in by its own Knights and Goal fields has no move and cannot be chosen."""
    s = position({"a2": "S4", "b2": "S5", "a3": "S6", "b3": "S7", "i9": "N1"})
    with pytest.raises(IllegalMove, match="has no legal move"):
        s.play(mv(s, "select", "a2"))
    with pytest.raises(IllegalMove, match="is North's"):
        s.play(mv(s, "select", "i9"))
    with pytest.raises(IllegalMove, match="no Knight on"):
        s.play(mv(s, "select", "e5"))


def test_turns_alternate():
    """Gameplay: the players take turns moving one Knight each."""
    s = position({"e5": "S4", "a8": "N1"})
    s = go(s, "e5", "e6")
    assert s.to_move == 1 and s.prompt == "North: choose a Knight to move"


# --- fights on the board ---------------------------------------------------------------


def test_attacker_that_wins_moves_in_and_numbers_become_public():
    """Fight: the winner stands on the field; both Duty numbers stay public afterwards."""
    s = position({"c3": "S4", "d4": "N5", "a8": "N1"})
    assert knights(s, 1)["c3"]["duty"] is None and knights(s, 0)["d4"]["duty"] is None
    s = go(s, "c3", "d4")
    assert "c3" not in knights(s) and knights(s)["d4"]["owner"] == 0
    assert knights(s, 1)["d4"]["duty"] == 4 and knights(s, None)["d4"]["revealed"]
    assert s.view(None)["fallen"] == [{"type": "Warrior", "duty": 5, "colour": 1, "owner": 1, "revealed": True}]


def test_defender_that_wins_stays():
    """Fight: a defender that wins stays on its field; the attacker is laid beside the board."""
    s = position({"c3": "S6", "d4": "N9", "a8": "N1"})
    s = go(s, "c3", "d4")
    assert knights(s)["d4"]["owner"] == 1 and "c3" not in knights(s)
    assert s.view(None)["fallen"][0]["duty"] == 6


def test_reveal_decision_belongs_to_the_defender_on_the_attackers_turn():
    """Hidden Token: the owner decides to reveal, even on the opponent's turn; it then beats the 8."""
    s = position({"c3": "S8", "d4": "N2", "a8": "N1"}, hidden=(4, 2))
    s = go(s, "c3", "d4")
    assert s.to_move == 1
    assert s.prompt == "North: reveal your Hidden Token for the fight on d4, or fight without it"
    assert [m.kind for m in s.legal_moves()] == ["reveal", "keep"]
    won = s.play(mv(s, "reveal"))
    assert knights(won)["d4"]["owner"] == 1 and won.view(0)["hidden_tokens"][1] == 2
    assert won.view(0)["hidden_revealed"] == [False, True]
    lost = s.play(mv(s, "keep"))
    assert knights(lost)["d4"]["owner"] == 0 and lost.view(0)["hidden_tokens"][1] is None


def test_reveal_is_offered_without_leaking_whether_the_token_matches():
    """Information: the reveal question is asked whenever a 1-5 faces an 8, so asking leaks nothing."""
    s = position({"c3": "S8", "d4": "N2", "a8": "N1"}, hidden=(4, 3))
    s = go(s, "c3", "d4")
    assert s.to_move == 1 and [m.kind for m in s.legal_moves()] == ["keep"]
    with pytest.raises(IllegalMove, match="only helps the Knight whose Duty number it shows"):
        s.play(mv(s, "reveal"))
    assert knights(s.play(mv(s, "keep")))["d4"]["owner"] == 0


def test_no_reveal_question_where_a_token_cannot_matter():
    """Rulings: the engine asks only when revealing could change the outcome (no 8, or a 6-9 facing it)."""
    s = position({"c3": "S8", "d4": "N7", "a8": "N1"}, hidden=(4, 2))
    assert "reveal" not in go(s, "c3", "d4").prompt  # a 7 facing the 8: no token can help
    s = position({"c3": "S5", "d4": "N3", "a8": "N1"}, hidden=(4, 3))
    assert "reveal" not in go(s, "c3", "d4").prompt  # no 8 in the fight


def test_revealed_hidden_token_stays_public_and_keeps_working():
    """Rulings: a revealed Hidden Token stays public and keeps working without a new question."""
    s = position({"c3": "S8", "d4": "N2", "a8": "N1"}, hidden=(4, 2), hidden_revealed=(False, True),
                 waiting=[["S1"], []])
    s = go(s, "c3", "d4")
    assert knights(s)["d4"]["owner"] == 1 and "summon" in s.prompt  # no reveal question: it just works
    assert s.view(0)["hidden_tokens"][1] == 2


def test_attacker_may_reveal_against_a_defending_8():
    """Hidden Token: the attacking side may reveal too (2 with Hidden Token 2 attacking an 8)."""
    s = position({"c3": "S2", "d4": "N8", "a8": "N1"}, hidden=(2, 5))
    s = go(s, "c3", "d4")
    assert s.to_move == 0 and [m.kind for m in s.legal_moves()] == ["reveal", "keep"]
    s = s.play(mv(s, "reveal"))
    assert knights(s)["d4"]["owner"] == 0


# --- summoning --------------------------------------------------------------------------


def test_loser_summons_a_waiting_knight_onto_an_empty_summoning_field():
    """Summoning: the defeated player places a waiting Knight of their choice on an empty summoning field."""
    s = position({"c3": "S4", "d4": "N5", "b9": "N9"}, waiting=[[], ["N1", "N2", "N3", "N4", "N6", "N7", "N8"]])
    s = go(s, "c3", "d4")
    assert s.to_move == 1 and s.prompt == "North: choose a Knight from your Waiting Area to summon"
    picks = [m for m in s.legal_moves()]
    assert all(m.kind == "summon" for m in picks) and len(picks) == 7
    s = s.play(mv(s, "summon", "N3"))
    fields = {m.args[0] for m in s.legal_moves() if m.kind == "summon_to"}
    assert fields == {"e9", "h9"}  # b9 is occupied
    with pytest.raises(IllegalMove, match="occupied"):
        s.play(mv(s, "summon_to", "b9"))
    with pytest.raises(IllegalMove, match=r"summoning fields \(b9, e9, h9\)"):
        s.play(mv(s, "summon_to", "c9"))
    s = s.play(mv(s, "summon_to", "e9"))
    assert knights(s, 1)["e9"]["duty"] == 3 and knights(s, 0)["e9"]["duty"] is None
    assert s.to_move == 1 and s.prompt == "North: choose a Knight to move"


def test_summoning_skipped_with_no_knight_waiting_or_no_free_field():
    """Summoning: with no Knight waiting, or all summoning fields occupied, the summon is skipped."""
    full = position({"c3": "S4", "d4": "N5", "b9": "N1", "e9": "N2", "h9": "N3"})
    assert go(full, "c3", "d4").prompt == "North: choose a Knight to move"
    rest = [k for k in (f"N{d}" for d in range(1, 10)) if k not in ("N5", "N9")]
    empty = position({"c3": "S4", "d4": "N5", "a8": "N9"}, fallen=rest)
    assert go(empty, "c3", "d4").prompt == "North: choose a Knight to move"


# --- defection ---------------------------------------------------------------------------


def test_defection_off_by_default():
    """Defection is an optional rule: without it, a Knight beaten by its own type is laid aside."""
    s = position({"c3": "S7", "d4": "N7", "a8": "N1"}, orders=[("AWR",) * 3, ("AWR",) * 3])
    s = go(s, "c3", "d4")
    assert s.view(None)["fallen"][0]["duty"] == 7


def test_defection_same_type_loser_joins_the_winner_and_is_summoned_under_five():
    """Defection: the loser defects to the winner; with fewer than 5 Knights on the board it is summoned at once."""
    # James (North) attacks Maria's Warrior 7 with his Warrior 7: equal numbers, the attacker wins.
    s = position({"c8": "N8", "d7": "S8", "a2": "S1"}, to_move=1, defection=True,
                 orders=[("AWR", "AWR", "AWR"), ("AWR", "AWR", "AWR")], waiting=[["S2", "S3"], ["N1"]])
    assert knight_type(s.position, "N8") == knight_type(s.position, "S8") == "Warrior"
    s = go(s, "c8", "d7")
    # Maria (South) summons first, then James must summon the defected Knight.
    assert s.to_move == 0 and "summon" in s.prompt
    s = s.play(mv(s, "summon", "S2")).play(mv(s, "summon_to", "e2"))
    assert s.to_move == 1 and [m.kind for m in s.legal_moves()] == ["summon_to"] * 3
    s = s.play(mv(s, "summon_to", "e9"))
    assert owner(s.position, "S8") == 1 and knights(s, 0)["e9"] == {
        "type": "Warrior", "duty": 8, "colour": 0, "owner": 1, "revealed": True, "square": "e9"}
    assert s.prompt == "South: choose a Knight to move"


def test_defection_no_forced_summon_with_five_or_more_on_the_board():
    """Defection: a winner with 5 or more Knights on the board keeps the defected Knight waiting."""
    s = position({"c8": "N8", "d7": "S8", "a8": "N1", "b8": "N2", "e8": "N3", "f8": "N4", "a2": "S1"},
                 to_move=1, defection=True, waiting=[["S2"], []])
    s = go(s, "c8", "d7")
    s = s.play(mv(s, "summon", "S2")).play(mv(s, "summon_to", "e2"))
    assert s.prompt == "South: choose a Knight to move"
    assert {"type": "Warrior", "duty": 8, "colour": 0, "owner": 1, "revealed": True} in s.view(0)["waiting"][1]


def test_defected_knight_wins_at_the_new_opponents_goal():
    """Defection: a defected Knight wins by reaching the *new* opponent's Goal field of its number."""
    with pytest.raises(ValueError, match="enemy Goal field"):
        position({"c10": "N3"}, defected=["N3"], defection=True)
    s = position({"c9": "N3", "a2": "S1", "i5": "N9"}, defected=["N3"], goals=[range(1, 10), range(1, 10)],
                 defection=True)
    s = go(s, "c9", "c10")
    assert s.outcome.winners == (0,)


def test_defected_knight_can_be_won_back():
    """Defection (rulebook): "In fights, it can win over even more enemy Knights, or can be won back by your
    opponent."  North's Archer 7 beats North's own Archer 4, which had defected to South: it goes back into North's
    Waiting Area (North's again) and, North having fewer than five Knights on the board, is summoned at once."""
    s = position({"e5": "N4", "e6": "N7", "a8": "N1", "a2": "S1"}, defected=["N4"], defection=True, to_move=1)
    assert owner(s.position, "N4") == 0 and knight_type(s.position, "N4") == knight_type(s.position, "N7") == "Archer"
    s = go(s, "e6", "e5")
    assert s.log(None)[-1].endswith("7 beats 4 (the higher number wins); the beaten Archer defects to North")
    assert owner(s.position, "N4") == 1 and "N4" not in s.position.defected
    assert s.to_move == 1 and s.prompt == "North: choose an empty summoning field for the Knight"
    s = s.play(mv(s, "summon_to", "e9"))
    assert knights(s, 0)["e9"] == {"type": "Archer", "duty": 4, "colour": 1, "owner": 1, "revealed": True,
                                   "square": "e9"}
    assert s.prompt == "South: choose a Knight to move"
    assert knights(s, 1)["e5"]["duty"] == 7 and s.view(None)["waiting"] == [[], []]


def test_defected_knight_uses_its_new_owners_hidden_token():
    """Defection (rulebook): the defected Knight "follows the same rules as your original Knights. ... They can
    also be used together with your Hidden Token (see Fight)"; rulings: it "may use the new owner's Hidden Token".
    South's Ranger 3, now North's, fights South's 8 with North's Hidden Token 3."""
    s = position({"e5": "S3", "e4": "S8", "a8": "N1", "a2": "S1"}, defected=["S3"], defection=True, to_move=1,
                 hidden=(1, 3))
    s = go(s, "e5", "e4")
    assert s.to_move == 1 and [m.kind for m in s.legal_moves()] == ["reveal", "keep"]  # North decides
    s = s.play(mv(s, "reveal"))
    assert knights(s)["e4"]["owner"] == 1 and s.view(None)["hidden_tokens"] == [None, 3]
    assert s.log(None)[-1] == ("North reveals Hidden Token 3: 3 beats 8 "
                               "(a revealed Hidden Token 3 on Knight 3 beats an 8)")
    # Once revealed, the new owner's token keeps working for it without a question.
    s = position({"e5": "S3", "e4": "S8", "a8": "N1", "a2": "S1"}, defected=["S3"], defection=True, to_move=1,
                 hidden=(1, 3), hidden_revealed=(False, True))
    assert knights(go(s, "e5", "e4"))["e4"]["owner"] == 1


def test_defected_knight_does_not_use_its_old_owners_hidden_token():
    """Rulings: "A defected Knight is the new owner's in every respect" -- South's Hidden Token 3 no longer helps
    South's Knight 3 once it fights for North: North (the new owner, token 1) is asked, may only fight without
    revealing, and the 8 wins; South is never asked."""
    s = position({"e5": "S3", "e4": "S8", "a8": "N1", "a2": "S1"}, defected=["S3"], defection=True, to_move=1,
                 hidden=(3, 1))
    s = go(s, "e5", "e4")
    assert s.to_move == 1 and [m.kind for m in s.legal_moves()] == ["keep"]
    with pytest.raises(IllegalMove, match="only helps the Knight whose Duty number it shows"):
        s.play(mv(s, "reveal"))
    s = s.play(mv(s, "keep"))
    assert knights(s)["e4"]["owner"] == 0 and knights(s)["e4"]["duty"] == 8
    assert s.view(None)["hidden_tokens"] == [None, None]


# --- the end ----------------------------------------------------------------------------


def test_win_by_reaching_the_matching_goal_field():
    """Game End: a Knight arriving on the Goal field of its own number wins for the player who moved it."""
    s = position({"e9": "S4", "a5": "N1"}, goals=[range(1, 10), COUNTDOWN])
    s = go(s, "e9", "f10")
    assert s.is_over and s.outcome.winners == (0,) and s.outcome.scores == (1, 0)
    assert s.outcome.reason == "South's Knight 4 reached North's Goal Token 4 on f10"
    assert knights(s, 1)["f10"]["duty"] == 4  # the winning number is shown to the table
    assert s.to_move is None and s.legal_moves() == ()
    with pytest.raises(IllegalMove, match="The game is over"):
        s.play(mv(s, "select", "a5"))


def test_win_when_the_opponent_has_no_knights_left():
    """Game End: if you have no Knights left (none on the board, none waiting), your opponent wins."""
    others = [f"N{d}" for d in range(1, 10) if d != 5]
    s = position({"c3": "S4", "d4": "N5"}, fallen=others)
    s = go(s, "c3", "d4")
    assert s.outcome.winners == (0,) and s.outcome.reason == "North has no Knights left"
    assert dict(s.outcome.details[0])["Fights won"] == 1 and dict(s.outcome.details[1])["Fights lost"] == 1


def test_a_player_without_a_legal_move_loses():
    """Rulings: a player who must move but has no legal move loses (passing is never allowed)."""
    # South's last Knight on the board loses a fight; North's Knights hold all of South's summoning
    # fields, so South's waiting Knight cannot be summoned and South has nothing to move.
    s = position({"c3": "S6", "d4": "N9", "b2": "N1", "e2": "N2", "h2": "N3"},
                 waiting=[["S1"], []], fallen=[f"S{d}" for d in (2, 3, 4, 5, 7, 8, 9)] + ["N4", "N5", "N6", "N7", "N8"])
    s = go(s, "c3", "d4")
    assert s.to_move == 1 and not s.is_over  # South still has a Knight (waiting), so it is not annihilated
    s = go(s, "d4", "d5")
    assert s.is_over and s.outcome.winners == (1,)
    assert s.outcome.reason == "South has no legal move"


def test_quiet_limit_draw_is_a_house_rule_option():
    """Rulings (house rule): after quiet_limit turns in a row without a fight, the game is a draw."""
    s = position({"e5": "S4", "a8": "N1"}, quiet_limit=4)
    path = [("e5", "e6"), ("a8", "a7"), ("e6", "e5"), ("a7", "a8")]
    for frm, to in path[:3]:
        s = go(s, frm, to)
        assert not s.is_over
    s = go(s, *path[3])
    assert s.is_over and s.outcome.winners == () and s.outcome.scores == (0.5, 0.5)
    assert "quiet-limit house rule" in s.outcome.reason
    assert ninekit.make("nine_knights").options["quiet_limit"] == 60


def test_a_fight_resets_the_quiet_count():
    """House rule: only consecutive turns without a fight count toward the draw."""
    s = position({"e5": "S4", "a8": "N1", "f7": "N5"}, quiet_limit=3, waiting=[[], ["N2"]])
    s = go(s, "e5", "e6")
    s = go(s, "a8", "a7")
    assert s.view(None)["quiet"] == 2
    s = go(s, "e6", "f7")
    s = s.play(mv(s, "summon", "N2")).play(mv(s, "summon_to", "e9"))
    assert s.view(None)["quiet"] == 0 and not s.is_over


def test_options_are_validated():
    """Options: defection is true/false; quiet_limit is a whole number from 2 to 1000."""
    with pytest.raises(ValueError, match="option 'defection' must be one of false, true"):
        ninekit.make("nine_knights", defection="yes")
    with pytest.raises(ValueError, match="quiet_limit"):
        ninekit.make("nine_knights", quiet_limit=1)
    with pytest.raises(ValueError, match="Nine Knights is for 2 players"):
        ninekit.make("nine_knights", 3)


# --- information ---------------------------------------------------------------------------


def _unrevealed_enemy_numbers_hidden(state, seat):
    for k in state.view(seat)["knights"] + [k for w in state.view(seat)["waiting"] for k in w]:
        if k["owner"] != seat and not k["revealed"]:
            assert k["duty"] is None


def test_views_never_show_unrevealed_enemy_numbers_or_tokens():
    """Information: the opponent sees every Knight's type and position, never an unrevealed Duty or Hidden Token."""
    for seed in range(8):
        s = ninekit.make("nine_knights", defection=seed % 2 == 1).new(seed)
        rng = random.Random(seed)
        while not s.is_over:
            for seat in (0, 1, None):
                _unrevealed_enemy_numbers_hidden(s, seat)
                v = s.view(seat)
                for other in (0, 1):
                    if other != seat and not v["hidden_revealed"][other]:
                        assert v["hidden_tokens"][other] is None
            s = s.play(rng.choice(s.legal_moves()))


def test_log_hides_secret_choices_from_the_other_seat():
    """Information: the log tells each seat only what it may know (duty choices, placed numbers)."""
    s = through_setup(2)
    for seat, name in ((0, "South"), (1, "North")):
        theirs = [line for line in s.log(1 - seat) if line.startswith(name)]
        assert len(theirs) == 3 + 6  # three Duty groups, six placements
        # (the last Duty line may go on to announce the first player)
        assert all(line.split(". ")[0].endswith("(secret)") for line in theirs if "assigns" in line)
        assert all("(Knight" not in line for line in theirs)
        mine = [line for line in s.log(seat) if line.startswith(name)]
        assert sum("(Knight" in line for line in mine) == 6


def test_determinize_resamples_enemy_duties_but_keeps_what_was_seen():
    """determinize: the enemy's unrevealed Duty numbers and Hidden Token are resampled; revealed ones kept."""
    s = through_setup(5)
    rng = random.Random(1)
    differs = False
    for _ in range(10):
        d = s.determinize(0, rng)
        assert d.view(0) == s.view(0)
        differs |= d.position.orders[1] != s.position.orders[1] or d.position.hidden[1] != s.position.hidden[1]
        assert d.position.orders[0] == s.position.orders[0] and d.position.hidden[0] == s.position.hidden[0]
    assert differs
    with pytest.raises(ValueError, match="determinized"):
        s.determinize(0, rng).to_json()


def test_won_over_knight_beaten_by_another_type_just_falls():
    """Defection only between the same type: a won-over Knight beaten by another type falls, no defection."""
    s = position({"c3": "N5", "d4": "N7", "a8": "N1", "a5": "S1"}, defected=["N5"], defection=True,
                 to_move=1, waiting=[["S2"], ["N2"]])
    s = go(s, "d4", "c3")
    assert "defects" not in s.log(None)[-1]
    assert s.view(None)["fallen"][0]["duty"] == 5 and s.view(None)["fallen"][0]["colour"] == 1


def test_outcome_counts_fights_by_the_seat_that_fought():
    """Outcome details: fights won and lost per seat; a won-over Knight that fell is no longer counted."""
    s = position({"c3": "N5", "d4": "N7", "a8": "N1"}, defected=["N5"], defection=True, to_move=1,
                 fallen=["S1", "S2"])
    s = go(s, "d4", "c3")
    south, north = (dict(d) for d in s.outcome.details)
    assert (south["Fights lost"], south["Knights won over"]) == (1, 0)
    assert (north["Fights won"], north["Fights lost"]) == (1, 0)


def test_two_knights_5_are_told_apart_when_one_was_won_over():
    """Defection: a won-over Knight is named with its colour, so two 'Knight 5' choices differ."""
    s = position({"c3": "S7", "d4": "N6", "a8": "N1", "a5": "S1"}, defected=["N5"], defection=True,
                 to_move=1, waiting=[["S5", "N5"], []], revealed=["N5"])
    s = go(s, "d4", "c3")
    texts = [str(m) for m in s.legal_moves()]
    assert len(set(texts)) == len(texts) == 2 and any("North's Knight 5" in t and "won over" in t for t in texts)


def test_a_fight_shows_in_the_quiet_count_at_once():
    """House rule: the quiet count reads 0 as soon as a fight happens, even while summons are pending."""
    s = position({"c3": "S7", "d4": "N4", "a8": "N1", "a5": "S1"}, quiet_limit=3, quiet=2, waiting=[[], ["N2"]])
    s = go(s, "c3", "d4")
    assert "summon" in s.prompt and s.view(None)["quiet"] == 0


def test_determinize_keeps_the_order_of_the_movers_waiting_knights():
    """Information: determinize(seat) renumbers only the other side's unrevealed Knights, so the seat on move
    is offered its own choices as before, in the same order.  (Issue 24: North's Waiting Area was re-sorted
    by Knight id, putting a won-over South Knight ahead of North's own, so the summon buttons came in
    another order in determinized worlds.)"""
    s = position({"c3": "N7", "d4": "S6", "a2": "S1", "a8": "N1"}, defected=["S5"], defection=True,
                 waiting=[[], ["N2", "S5"]])
    s = go(s, "d4", "c3")  # South's Ranger 6 beats North's Archer 7 (a difference of 1): it falls, North summons
    assert s.view(None)["fallen"][-1]["duty"] == 7
    assert s.to_move == 1 and [m.args[0] for m in s.legal_moves()] == ["N2", "S5"]
    moves = [(m.to_json(), m.text) for m in s.legal_moves()]
    for k in range(20):
        d = s.determinize(1, k)
        assert [(m.to_json(), m.text) for m in d.legal_moves()] == moves and d.view(1) == s.view(1)


def test_determinized_state_has_no_history_to_leak():
    """Information: a determinized state carries no move history (the true moves would tell secrets)."""
    s = through_setup(3)
    d = s.determinize(0, 5)
    assert d.history == () and d.view(0) == s.view(0)


def test_position_builder_refuses_impossible_positions():
    """position(): impossible positions are refused with the reason."""
    cases = [
        (dict(knights={"z1": "S1"}), "not a square"),
        (dict(knights={"a5": "X1"}), "not a Knight id"),
        (dict(knights={"a5": "S1", "i9": "N1"}, hidden=(2, 2)), "two different Hidden Tokens"),
        (dict(knights={"a5": "S1", "i9": "N1"}, goals=[range(1, 10), [1] * 9]), "Goal Tokens 1-9"),
        (dict(knights={"a5": "S1", "i9": "N1"}, fallen=["S1"]), "cannot also stand"),
        (dict(knights={"a5": "S1", "i9": "N1"}, orders=[("AAA",) * 3, ("AWR",) * 3]), "orderings"),
        (dict(knights={"a5": "S1", "i9": "N1"}, waiting=[["N2"], []]), "cannot wait with South"),
        (dict(knights={"a5": "S1", "i9": "N1"}, waiting=[["S2"]]), "two Waiting Areas"),
        (dict(knights={"a5": "S1", "i9": "N1", "c5": "N3"}, defected=["N3"]), "Defection rule"),
        (dict(knights={"a5": "S1", "i9": "N1"}, hidden_revealed=("no", 0)), "two booleans"),
        (dict(knights={"a5": "S1"}, fallen=[f"N{d}" for d in range(1, 10)]), "no Knights left"),
    ]
    for kwargs, needle in cases:
        with pytest.raises(ValueError, match=needle):
            position(**kwargs)


def test_built_positions_cannot_be_saved():
    """Saves: a hand-built position has no seed, so saving it says so."""
    with pytest.raises(ValueError, match="built by hand"):
        position({"a5": "S1", "i9": "N1"}).to_json()


# --- bots --------------------------------------------------------------------------------


def test_heuristic_bot_takes_a_win_when_it_has_one():
    """Bot: the Nine Knights bot takes a win when it has one."""
    s = position({"e9": "S4", "c5": "S9", "a5": "N1"}, goals=[range(1, 10), COUNTDOWN])
    bot = NineKnightsBot(0)
    s = s.play(bot.choose(s))
    s = s.play(bot.choose(s))
    assert s.outcome and s.outcome.winners == (0,)


def test_heuristic_bot_prefers_fights_it_knows_it_wins():
    """Bot: with a revealed enemy Knight it can beat next to it, the bot attacks it."""
    s = position({"e5": "S7", "a2": "S1", "f6": "N5", "i9": "N9"}, revealed=["N5"])
    bot = NineKnightsBot(1)
    s = s.play(bot.choose(s))
    s = s.play(bot.choose(s))
    assert s.view(None)["fallen"][0]["duty"] == 5


def test_heuristic_bot_decides_only_from_what_its_seat_knows():
    """Bot fairness: the same seed gives the same decision in the real state and in any determinized one."""
    for seed in range(6):
        s = GAME.new(seed)
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_move
            fake = s.determinize(seat, rng)
            assert NineKnightsBot(seed).choose(s) == NineKnightsBot(seed).choose(fake)
            s = s.play(rng.choice(s.legal_moves()))


def test_heuristic_bot_beats_random_bot():
    """Bot: the heuristic bot clearly beats RandomBot (it wins at least 9 of 10 games)."""
    wins = 0
    for seed in range(10):
        seats = (NineKnightsBot(seed), RandomBot(seed)) if seed % 2 else (RandomBot(seed), NineKnightsBot(seed))
        s = GAME.new(seed)
        while not s.is_over:
            s = s.play(seats[s.to_move].choose(s))
        wins += s.outcome.winners == ((1,) if seed % 2 == 0 else (0,))
    assert wins >= 9


# --- properties of the fight table ---------------------------------------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

duty = st.integers(1, 9)


@given(duty, duty)
def test_fight_depends_on_numbers_not_on_who_attacks_except_ties(a, d):
    """Fight: who attacks matters only for equal numbers (the attacker wins ties)."""
    if a == d:
        assert fight(a, d) == "attacker"
    else:
        assert (fight(a, d) == "attacker") == (fight(d, a) == "defender")


@given(duty, duty, st.sampled_from([None, 1, 2, 3, 4, 5]), st.sampled_from([None, 1, 2, 3, 4, 5]))
def test_hidden_token_only_changes_fights_against_an_8(a, d, ah, dh):
    """Hidden Token: revealing changes a fight only when the token shows the Knight's number and it faces an 8."""
    plain = fight(a, d)
    with_tokens = fight(a, d, attacker_hidden=ah, defender_hidden=dh)
    if with_tokens != plain:
        assert (ah == a and d == 8) or (dh == d and a == 8)


# --- what the table shows after a fight, during the Hidden Token question, at the end -------------------


def test_fight_result_is_kept_for_the_banner_until_the_next_movement_move():
    """Fight: after a fight every seat's view says where, who beat whom, by which rule and the loser's fate."""
    s = position({"c3": "S4", "d4": "N5", "e8": "N9"}, waiting=[[], ["N1"]])
    assert s.view(None)["last_fight"] is None
    s = go(s, "c3", "d4")
    fight_view = s.view(None)["last_fight"]
    assert fight_view == {
        "square": "d4", "from": "c3",
        "attacker": {"type": "Archer", "duty": 4, "colour": 0, "owner": 0, "revealed": True, "square": "c3"},
        "defender": {"type": "Warrior", "duty": 5, "colour": 1, "owner": 1, "revealed": True, "square": "d4"},
        "winner": "attacker", "winner_seat": 0, "loser_seat": 1,
        "rule": "a difference of 1: the lower number wins", "loser_fate": "fell", "hidden_token": None,
        "text": "Fight on d4: South's Knight 4 beats North's Knight 5 — a difference of 1: the lower number wins. "
                "North's Warrior falls.",
    }
    assert s.view(0)["last_fight"] == s.view(1)["last_fight"] == fight_view  # public facts only
    assert s.log(None)[-1].endswith("4 beats 5 (a difference of 1: the lower number wins)")  # the log is unchanged
    s = s.play(mv(s, "summon", "N1")).play(mv(s, "summon_to", "e9"))  # the summons keep it
    s = s.play(mv(s, "select", "e8"))
    assert s.view(1)["last_fight"] == fight_view
    s = s.play(mv(s, "to", "e7"))  # the next movement move clears it
    assert s.view(None)["last_fight"] is None


def test_fight_result_names_defection_and_a_revealed_hidden_token():
    """Fight banner: a Knight won over 'defected'; a Hidden Token revealed in the fight is named."""
    s = position({"c8": "N8", "d7": "S8", "a2": "S1"}, to_move=1, defection=True, waiting=[["S2"], []])
    s = go(s, "c8", "d7")
    last = s.view(0)["last_fight"]
    assert (last["loser_fate"], last["winner_seat"]) == ("defected", 1)
    assert last["rule"] == "equal numbers: the attacker wins"
    assert last["text"].endswith("South's Warrior defects to North.")
    s = position({"c3": "S2", "d4": "N8", "a8": "N1"}, hidden=(2, 5))
    s = go(s, "c3", "d4")
    s = s.play(mv(s, "reveal"))
    last = s.view(1)["last_fight"]
    assert last["hidden_token"] == {"seat": 0, "value": 2, "now": True}
    assert last["text"].startswith("South reveals Hidden Token 2. Fight on d4: South's Knight 2 beats North's Knight 8")


def test_fight_result_holds_only_public_facts_in_every_seats_view():
    """Information: the fight banner's data is the same for every seat and names only revealed numbers."""
    fights = 0
    for seed in range(6):
        s = ninekit.make("nine_knights", defection=seed % 2 == 1).new(seed)
        rng = random.Random(seed)
        while not s.is_over:
            last = s.view(None)["last_fight"]
            if last is not None:
                fights += 1
                assert s.view(0)["last_fight"] == s.view(1)["last_fight"] == last
                revealed = {(k["colour"], k["duty"]) for k in s.view(None)["knights"] + s.view(None)["fallen"]
                            + [k for w in s.view(None)["waiting"] for k in w] if k["revealed"]}
                for side in ("attacker", "defender"):
                    assert (last[side]["colour"], last[side]["duty"]) in revealed
                if last["hidden_token"]:
                    assert s.view(None)["hidden_tokens"][last["hidden_token"]["seat"]] == last["hidden_token"]["value"]
            s = s.play(rng.choice(s.legal_moves()))
    assert fights > 20


def test_prompt_note_explains_a_lone_fight_on_answer_only_to_the_deciding_seat():
    """Hidden Token: when the token does not match, the asked seat is told why only 'fight on' is offered;
    no other seat (nor a spectator) learns the token."""
    s = position({"c3": "S8", "d4": "N2", "a8": "N1"}, hidden=(4, 3))
    s = go(s, "c3", "d4")
    assert [str(m) for m in s.legal_moves()] == ["Fight without revealing the Hidden Token"]
    note = s.view(1)["prompt_note"]
    assert note.startswith("Your Hidden Token is 3, not 2") and "cannot help" in note
    assert "every fight" in note
    assert s.view(0)["prompt_note"] is None and s.view(None)["prompt_note"] is None
    assert s.view(0)["hidden_tokens"][1] is None and s.view(None)["hidden_tokens"][1] is None
    # A matching token: the note says revealing wins; still only for its owner.
    s = go(position({"c3": "S8", "d4": "N2", "a8": "N1"}, hidden=(4, 2)), "c3", "d4")
    assert s.view(1)["prompt_note"].startswith("Your Hidden Token is 2, the number of your Knight 2")
    assert s.view(0)["prompt_note"] is None and s.view(None)["prompt_note"] is None
    s = s.play(mv(s, "keep"))
    assert s.view(1)["prompt_note"] is None


def test_prompt_note_is_only_in_the_deciding_seats_view_in_whole_games():
    """Information: ``prompt_note`` (shown by the shell under the prompt) names the asked seat's Hidden Token,
    so it is in that seat's view only, and only while the Hidden Token question is open."""
    asked = 0
    for seed in range(8, 16):  # seeds whose random games ask the question
        s = ninekit.make("nine_knights", defection=seed % 2 == 1).new(seed)
        rng = random.Random(seed)
        while True:
            question = not s.is_over and s.legal_moves()[0].kind in ("reveal", "keep")
            for seat in (None, 0, 1):
                note = s.view(seat)["prompt_note"]
                if question and seat == s.to_move:
                    asked += 1
                    assert note and f"Your Hidden Token is {s.position.hidden[seat]}" in note
                else:
                    assert note is None, (seat, s.prompt)
            if s.is_over:
                break
            s = s.play(rng.choice(s.legal_moves()))
    assert asked > 0


def test_game_end_shows_every_secret():
    """Game end: every Duty number (on the board, waiting, fallen), both Hidden Tokens and both sides'
    Duty orders are shown to every seat and to spectators."""
    s = position({"c3": "S4", "d4": "N5"}, waiting=[["S1", "S2"], []], fallen=["N9"], hidden=(3, 5))
    assert s.view(None)["all_duty_orders"] is None
    s = go(s, "c3", "d4")  # North's last Knight falls
    assert s.is_over
    for seat in (None, 0, 1):
        v = s.view(seat)
        knights_all = v["knights"] + v["fallen"] + [k for w in v["waiting"] for k in w]
        assert all(k["duty"] is not None and k["revealed"] for k in knights_all)
        assert sorted((k["colour"], k["duty"], k["shown_at_end"]) for k in v["waiting"][0]) == [
            (0, 1, True), (0, 2, True)]
        assert v["hidden_tokens"] == [3, 5] and v["hidden_revealed"] == [False, False]
        assert v["all_duty_orders"] == [["AWR", "AWR", "AWR"], ["AWR", "AWR", "AWR"]]
