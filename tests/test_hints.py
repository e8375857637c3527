"""Issue 13: ``ninekit.hints.hint(state, seat)`` -> a legal move and one sentence of reason in the game's words.

Random states of every game (seeded random playouts over the player counts and options that matter), built
positions where a specific reason must be given, the errors, and view-equivalence (a hint uses only what the
seat may know: the same Hint on a state and on ``state.determinize(seat, rng)``).
"""

import random

import pytest

import ninekit
from ninekit.codinca.bots import disc_distance
from ninekit.hints import GENERIC, HINT_LEVELS, ONLY, Hint, hint

# (game, players, options): every player count, and the options that change what a hint can say
CONFIGS = [
    ("nine_knights", 2, {}),
    ("nine_knights", 2, {"defection": True}),
    ("double_nine", 2, {}),
    ("double_nine", 3, {"deck": "expansion"}),
    ("double_nine", 4, {"deck": "full", "teams": True}),
    ("double_nine", 2, {"deck": "mixed", "target": True, "competition": True}),
    ("codinca", 2, {}),
    ("codinca", 3, {"beginner": True}),
    ("codinca", 4, {}),
    ("count_of_nine", 1, {}),
    ("count_of_nine", 1, {"games": 1}),
    ("code_of_nine", 3, {}),
    ("code_of_nine", 4, {"expert": True}),
]
SLOW = {"code_of_nine", "count_of_nine", "codinca"}  # searching bots: fewer positions at level "normal"


def _ids(config):
    game, players, options = config
    return f"{game}-{players}-" + "-".join(f"{k}={v}" for k, v in options.items())


def _positions(config, count, seed=0, gap=4):
    """``count`` positions of a seeded random playout (a new deal when a game ends), about ``gap`` plies apart,
    so that a few positions still reach past the set-up."""
    game, players, options = config
    rng = random.Random(seed)
    out, game_seed = [], seed
    state = ninekit.make(game, players, **options).new(game_seed)
    wait = rng.randint(1, 2 * gap - 1)
    while len(out) < count:
        if state.is_over:
            game_seed += 1
            state = ninekit.make(game, players, **options).new(game_seed)
        wait -= 1
        if wait == 0:
            out.append(state)
            wait = rng.randint(1, 2 * gap - 1)
        state = state.play(rng.choice(state.legal_moves()))
    return out


def _specific(h: Hint) -> bool:
    return h.reason != ONLY and not h.reason.startswith(GENERIC.split("{")[0])


def _check(state, h: Hint):
    assert isinstance(h, Hint)
    assert h.move in state.legal_moves()
    assert isinstance(h.reason, str) and h.reason.strip() and "\n" not in h.reason
    assert h.text == f"{h.words or h.move}: {h.reason}"


@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_hint_is_a_legal_move_with_a_reason_on_random_states(config):
    """Issue 13: for random states of every game, hint returns a legal move and a non-empty reason (every
    level's move is explained; "easy" keeps the many positions quick)."""
    few = config[0] in SLOW
    for i, state in enumerate(_positions(config, 10 if few else 25, gap=8 if few else 4)):
        _check(state, hint(state, state.to_move, level="easy", seed=i))


@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_normal_hints_give_specific_reasons_on_random_states(config):
    """Issue 13: the "normal" hint's reason is specific to the move (what it achieves by the rules) for most
    positions of every game; the generic fallback only where nothing specific applies."""
    few = config[0] in SLOW
    hints = []
    for state in _positions(config, 4 if few else 20, seed=7, gap=12 if few else 4):
        h = hint(state, state.to_move, "normal")
        _check(state, h)
        if len(state.legal_moves()) > 1:
            hints.append(h)
    specific = [h for h in hints if _specific(h)]
    assert specific, [h.text for h in hints]
    assert len(specific) * 2 >= len(hints), [h.text for h in hints]


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("game", ["nine_knights", "double_nine", "codinca", "count_of_nine"])
def test_hint_move_is_the_computer_players_move_of_that_level(game, level):
    """Issue 13: the move comes from ``ninekit.bots.bot_for(game, seed, level)``, and the same arguments
    give the same Hint."""
    from ninekit.bots import bot_for

    players = ninekit.make(game).min_players
    for i, state in enumerate(_positions((game, players, {}), 4 if game in SLOW else 6, seed=3)):
        h = hint(state, state.to_move, level=level, seed=i)
        assert h.move == bot_for(game, i, level).choose(state)
        assert hint(state, state.to_move, level=level, seed=i) == h


# --- Nine Knights: built positions --------------------------------------------------------------------------

GOALS = [range(1, 10), range(1, 10)]  # Goal Token n on column n of both home ranks


def _nk(knights, goals=GOALS, **kw):
    from ninekit.nine_knights import position

    return position(knights, goals=goals, **kw)


def test_nine_knights_hint_takes_the_goal_token_and_says_so():
    """Rulebook, Game End: a Knight one step from the Goal Token of its Duty number -> the hint moves it
    there and says it wins (for the choice of the Knight and for its destination)."""
    state = _nk({"c9": "S3", "a5": "N1", "g4": "S7"})
    h = hint(state, 0, "normal")
    assert h.move.kind == "select" and h.move.args == ("c9",)
    assert h.text == "Move Knight 3 from c9 to c10: it reaches North's Goal Token 3 and wins the game"
    after = state.play(h.move)
    h = hint(after, 0, "normal")
    assert h.move.args == ("c10",)
    assert h.text == "Move Knight 3 to c10: it reaches North's Goal Token 3 and wins the game"


def test_nine_knights_hint_blocks_a_known_threat_to_our_goal_and_says_so():
    """Issue 13 (the heuristic must defend): North's revealed Knight 7 stands one step from South's Goal
    Token 7; South's Knight 9 next to it wins that fight -> the hint attacks and names the threat."""
    state = _nk({"f3": "S9", "g2": "N7", "a9": "N1", "e5": "S4"}, revealed=["N7"])
    h = hint(state, 0, "normal")
    assert h.words == "Move Knight 9 from f3 to g2"
    assert h.reason == ("it attacks North's Knight 7 on g2 and wins the fight (the higher number wins), taking "
                        "out a Knight that could reach South's Goal Token 7 next turn")


def test_nine_knights_hint_names_a_two_move_threat():
    """A threat two moves from our Goal Token is named too."""
    state = _nk({"f4": "S9", "g3": "N7", "a9": "N1", "c5": "S4"}, revealed=["N7"])
    reason = hint(state, 0, "normal").reason
    assert reason.endswith("taking out a Knight that could reach South's Goal Token 7 in two moves")


def test_nine_knights_hint_guards_our_goal_against_a_two_move_threat():
    """Issue 13 (block a two-move threat): North's revealed Knight 7 on a3 is two moves from South's Goal
    Token 7 on a1 through a2, which no South Knight answers; South's Knight 9 steps next to both a2 and b2,
    and the hint says it guards the Goal Token (measured by the bots' own ``threat``)."""
    state = _nk({"a3": "N7", "c3": "S9", "i9": "N1", "e6": "S1"}, goals=[[7, 1, 2, 3, 4, 5, 6, 8, 9], range(1, 10)],
                revealed=["N7"])
    text = hint(state, 0, "normal").text
    assert text == ("Move Knight 9 from c3 to b3: it guards South's Goal Token 7 against North's "
                                   "Knight 7 on a3")


def test_nine_knights_hint_names_a_threat_whose_number_is_secret():
    """An enemy Knight of unknown number one step from our Goal rank may carry any of the numbers there: the
    attack on it says so (here the Knight on a2 has no other field to go to)."""
    state = _nk({"a2": "S9", "a3": "S1", "b3": "S2", "b2": "N7", "i9": "N1"})
    state = state.play(state.game.parse_move({"kind": "select", "args": ["a2"]}))
    text = hint(state, 0, "normal").text
    assert text == ("Move Knight 9 to b2: it attacks North's Archer on b2, whose number is still "
                                   "secret, taking out a Knight that may reach one of South's Goal Tokens next turn")


def test_nine_knights_hint_wins_a_fight_whose_numbers_are_known():
    """Rulebook, Fight: 5 attacking a revealed 6 wins (a difference of 1: the lower number wins)."""
    state = _nk({"d4": "S5", "e5": "N6", "a9": "N1"}, revealed=["N6"])
    text = hint(state, 0, "normal").text
    assert text == ("Move Knight 5 from d4 to e5: it attacks North's Knight 6 on e5 and wins the "
                                   "fight (a difference of 1: the lower number wins)")


def test_nine_knights_hint_advances_toward_the_goal_of_its_duty_number():
    """With nothing to fight, the Knight walks toward the enemy Goal Token of its own Duty number."""
    state = _nk({"e5": "S7", "a9": "N1"})
    h = hint(state, 0, "normal")
    assert "toward North's Goal Token 7 on g10" in h.reason or "next turn it can reach" in h.reason


def test_nine_knights_hint_reveals_the_matching_hidden_token():
    """Rulebook, Fight: a Knight whose number equals its owner's Hidden Token beats an 8 when revealed."""
    state = _nk({"d4": "S3", "e5": "N8", "a9": "N1"}, hidden=(3, 1), revealed=["N8"])
    state = state.play(state.game.parse_move({"kind": "select", "args": ["d4"]}))
    state = state.play(state.game.parse_move({"kind": "to", "args": ["e5"]}))
    h = hint(state, 0, "normal")
    assert h.move.kind == "reveal"
    assert h.reason == "your Hidden Token 3 matches Knight 3, so it beats the 8"


# --- the card and tile games: built positions ---------------------------------------------------------------

def test_double_nine_hint_says_what_the_card_does_and_the_number_it_makes():
    """Double Nine rulebook: the card's printed effect, and the two-digit number the turn leaves."""
    from ninekit.double_nine import position

    state = position(2, boards=[([], ["Elf"]), (["Clown"], ["Reaper"])], hands=[["Luna", "Elf"], ["Medusa"]],
                     pile=["Clown", "Sister"])
    h = hint(state, 0, "normal")
    assert h.move.kind == "card"
    name = h.move.args[0]
    assert h.reason.startswith(f"{name}'s ")
    assert "your number becomes" in h.reason
    site = state.play(h.move)
    h2 = hint(site, 0, "normal")
    assert h2.move.kind == "site" and h2.reason.startswith("your number becomes")


def test_codinca_hint_claims_a_key_disc_one_turn_away():
    """Codinca rulebook, Claims: when a Switch and a Flip complete one of your Key Discs, the hint's turn
    completes it and says you claim it."""
    rng = random.Random(3)
    state = ninekit.make("codinca", 2).new(3)
    found = 0
    while not state.is_over and found < 2:
        view = state.view(state.to_move)
        seat = state.to_move
        if view["step"] == "before" and view["stage"] == "before" and not view["locked"]:
            near = [d["id"] for d in view["discs"][seat]
                    if not d["claimed"] and disc_distance(view["tiles"], view["elements"][seat], d["id"]) == 1]
            if near:
                h = hint(state, seat, "normal")
                assert "you claim it" in h.reason and "Key Disc" in h.reason, h.text
                found += 1
        state = state.play(rng.choice(state.legal_moves()))
    assert found


def test_count_of_nine_hint_gives_the_analysts_reason():
    """Count of Nine: the reason comes from the best line in sampled deals (the analyst's words)."""
    from ninekit.count_of_nine import position

    state = position(target="Harbour", deck=["9"], city=["Tavern@3", "Quarry@8"], round=2)
    h = hint(state, 0, "normal")
    assert str(h.move) == "Build Mine from the centre card"
    assert h.reason == "it scores 1 point and nothing better needs these cards this round"


def test_code_of_nine_hint_names_the_known_memory_card():
    """Code of Nine: the location's printed effect, and a Memory card the seat knows that speaks of it (Red's
    own cards 14 and 11 both speak of the White Legacy)."""
    from ninekit.code_of_nine import position

    state = position(memories=[14, 11, 2, 3, 4, 5, 6, 7], will=[7, 0, 0, 0], round=2)
    h = hint(state, 0, "normal")
    assert h.move.args[0] in ("garden", "well")
    assert h.reason.startswith("you release the")
    assert "Code 14 (The small wisdom that filled the hearts), which you know, says: both players who released" \
        in h.reason or "Code 11 (White stone of connecting hearts), which you know, says" in h.reason


# --- errors ---------------------------------------------------------------------------------------------------

def test_hint_refuses_a_finished_game():
    """Error: the game is over -> ValueError naming it."""
    state = _nk({"c9": "S3", "a5": "N1"})
    state = state.play(state.legal_moves()[0])
    state = state.play(state.game.parse_move({"kind": "to", "args": ["c10"]}))
    with pytest.raises(ValueError, match=r"^the game is over \(South's Knight 3 reached"):
        hint(state, 0)


@pytest.mark.parametrize("seat", [None, -1, 2, "0", True, 0.0])
def test_hint_refuses_what_is_not_a_seat(seat):
    """Error: ``seat`` is not a seat of the game -> ValueError naming the seats."""
    state = ninekit.make("nine_knights").new(1)
    with pytest.raises(ValueError, match=r"^seat must be a whole number from 0 to 1 \(got "):
        hint(state, seat)


def test_hint_refuses_a_seat_that_is_not_to_move():
    """Error: it is not ``seat``'s decision -> ValueError naming whose it is."""
    state = ninekit.make("double_nine", 3).new(2)
    other = (state.to_move + 1) % 3
    with pytest.raises(ValueError, match=rf"^it is Player {state.to_move + 1}'s decision now, not "
                                         rf"Player {other + 1}'s"):
        hint(state, other)


def test_hint_refuses_an_unknown_level():
    """Error: a level not in ``ninekit.bots.LEVELS`` -> ValueError listing them."""
    state = ninekit.make("nine_knights").new(1)
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        hint(state, 0, level="expert")


# --- hidden information -----------------------------------------------------------------------------------

HIDDEN = [c for c in CONFIGS if ninekit.make(c[0], c[1], **c[2]).hidden_information]


# Every configuration with hidden information at level "normal", and the games whose hint searches ("hard",
# HINT_LEVELS) at that level on fewer positions.
EQUIVALENT = [(config, "normal") for config in HIDDEN] + [
    (config, level) for config in HIDDEN[:1] + [c for c in HIDDEN if c[0] == "codinca"][:1]
    for level in [HINT_LEVELS[config[0]]] if level != "normal"]


@pytest.mark.parametrize(("config", "level"), EQUIVALENT, ids=[f"{_ids(c)}{lv}" for c, lv in EQUIVALENT])
def test_hint_is_the_same_on_view_equivalent_states(config, level):
    """Hidden information never leaks: hint() gives the same Hint (its plan included) on a state and on worlds
    that share its ``view(seat)``, so it cannot depend on a secret.  A hint reads the seat's own decisions of
    this turn (a kept plan), so each world is the turn's first state determinized (``state.determinize(seat,
    rng)``) with the seat's moves of the turn played again."""
    from ninekit.hints import _turn_so_far

    few = config[0] in SLOW or level != "normal"
    searching = level != "normal"  # (a searching hint costs up to a few seconds: one position and one world)
    for i, state in enumerate(_positions(config, 1 if searching else 3 if few else 12, seed=11,
                                         gap=12 if few else 4)):
        seat = state.to_move
        expected = hint(state, seat, level, seed=i)
        turn = _turn_so_far(state, seat)
        for k in range(1 if few else 2):
            world = turn[0].determinize(seat, random.Random(k))
            for step in turn[1:]:
                world = world.play(step.history[-1][1])
            assert world.view(seat) == state.view(seat)
            assert hint(world, seat, level, seed=i) == expected, (state.prompt, expected.text)


# One configuration per game at level "normal", and Codinca at "hard" (its searching player plans a whole turn
# at its first decision): following hints through whole turns is slow for the searching players.
FOLLOWED = [(("nine_knights", 2, {}), "normal", 120), (("double_nine", 3, {}), "normal", 120),
            (("codinca", 2, {}), "normal", 60), (("count_of_nine", 1, {}), "normal", 60),
            (("code_of_nine", 3, {}), "normal", 40), (("codinca", 2, {}), "hard", 16)]


@pytest.mark.parametrize(("config", "level", "plies"), FOLLOWED, ids=[f"{_ids(c)}{lv}" for c, lv, _p in FOLLOWED])
def test_a_followed_hint_keeps_its_plan_within_the_turn(config, level, plies):
    """Issue 27 item 5: a hint's plan stays the same within a turn unless something new was revealed.  A player
    who plays every hint, at a decision of the same turn that showed it nothing new, is hinted the next step of
    the plan it was hinted before (``Hint.plan``), not a plan made afresh (in Codinca the hinted plan used to
    change in the middle of a turn)."""
    from ninekit.hints import _turn_starts
    from ninekit.session import shown_to

    game, players, options = config
    kept = 0
    for deal in range(1):
        state, rng, follower = ninekit.make(game, players, **options).new(deal), random.Random(deal), 0
        for _ply in range(plies):
            if state.is_over:
                break
            if state.to_move != follower:
                state = state.play(rng.choice(state.legal_moves()))
                continue
            given = hint(state, follower, level)
            assert given.plan and given.plan[0] == given.move, given
            after = state.play(given.move)
            if (len(given.plan) > 1 and not after.is_over and after.to_move == follower
                    and not _turn_starts(after, follower) and not shown_to(state, after, follower)):
                following = hint(after, follower, level)
                assert following.plan == given.plan[1:], (
                    f"{game}, deal {deal}: after {given.move} the plan {[str(m) for m in given.plan]} became "
                    f"{[str(m) for m in following.plan]}")
                kept += 1
            state = after
    print(f"{game}: {kept} decisions kept to a plan")
    assert kept > 0, f"{game}: no turn of two or more decisions was followed"


# Count of Nine, deal 1, after its first 48 decisions as the `hard` hints said, the round-3 decision where the circle
# began (as a position text: a hint at a turn's start reads no history).
CIRCLE_START = (
    "ninekit:count_of_nine:1:eNpVkDFrwzAQhf_LzW_IKbJleyudM5QOHYwIItitQZaMLBNCyH_v2aHUAQ169-6evtOd-phGl6lh"
    "0LcbO2roEpeQz7E_hyF0BIpTHmKYqblvHXJRD9Dk3a1L8zY4xXlYe6hpFRTalt7dnL0Mt20NOm05bCEufbrrOHhPUKKPoLc0xiXd"
    "nrrc6aNo_Te8igr0sbi0elpkscvS1kKjRMsGBViBK1RglhIXVsx_ID6uRY1aIuTsU1fCF1x54svly0-O1y49CV83sDhAdshLCoSw"
    "eI_e-blDTksHrTS4VBUbVlwbY6r6UBe1Xn9I0ITSCLQQCywXqKx9_ALyfnKX"
)


def test_following_every_count_of_nine_hint_never_goes_round_in_a_circle():
    """Issue 27 item 5: advice worth following never leads back to a decision already met.  In Count of Nine a
    hint to build a structure was followed, at the payment, by "Choose a different structure" (the searching
    Builder weighed the structures again on newly sampled deck orders), then by the same build again, for ever
    (deal 1, from its 49th decision, where this position stands): now a Builder pays for the structure it chose."""
    state, seen = ninekit.from_position_text(CIRCLE_START), set()
    for _decision in range(8):
        if state.is_over:
            break
        view = repr(state.view(0))
        assert view not in seen, f"back at a decision already met: {state.prompt}"
        seen.add(view)
        state = state.play(hint(state, 0, "hard").move)
