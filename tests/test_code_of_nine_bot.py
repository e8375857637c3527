"""CodeOfNineBot: legal in every phase, deterministic, sees only what its seat knows, takes obvious good moves.

Strength against RandomBot is measured in benchmarks/bots.py (``--game code_of_nine``), not here.
"""

from __future__ import annotations

import pytest

import ninekit
from ninekit.bots import BOTS, RandomBot, bot_for
from ninekit.code_of_nine import STEPS, position
from ninekit.code_of_nine.bots import MAX_PLAYOUTS, MIN_PLAYOUTS, PLY_BUDGET, CodeOfNineBot, playout_budget
from ninekit.core import State

QUICK = 1500  # playout plies per decision in these tests (the app uses PLY_BUDGET)


@pytest.fixture
def real_position_forbidden(monkeypatch):
    """Reading ``state.position`` of a real (not determinized) state fails the test."""
    original = State.position

    def guarded(self):
        if not self._determinized:
            raise AssertionError("the bot read the position of the real game")
        return original.fget(self)

    monkeypatch.setattr(State, "position", property(guarded))


def play_game(players, expert, seed, kinds, budget=QUICK):
    """One game; ``kinds`` gives each seat "B" (CodeOfNineBot) or "R" (RandomBot).  Returns the end state and
    the phases/steps the bots decided in."""
    state = ninekit.make("code_of_nine", players, expert=expert).new(seed=seed)
    bots = [CodeOfNineBot(seed * 10 + p, budget) if k == "B" else RandomBot(seed * 10 + p)
            for p, k in enumerate(kinds)]
    asked = set()
    while not state.is_over:
        seat = state.to_move
        if kinds[seat] == "B":
            view = state.view(seat)
            asked.add(view["pending"]["step"] if view["pending"] else view["phase"])
        move = bots[seat].choose(state)
        assert move in state.legal_moves()
        state = state.play(move)
    return state, asked


def test_registered_as_the_code_of_nine_bot():
    assert BOTS["code_of_nine"] is CodeOfNineBot
    assert isinstance(bot_for("code_of_nine", 3), CodeOfNineBot)


@pytest.mark.parametrize("players,expert", [(3, False), (4, True)])
def test_only_legal_moves_and_never_the_real_position(real_position_forbidden, players, expert):
    """Whole games with two bots: every choice is legal, through redraw, arrange, place and resolve, and the
    bots look only at determinized worlds (``state.determinize``), never the real game's position."""
    kinds = "BB" + "R" * (players - 2)
    _state, asked = play_game(players, expert, 7, kinds, budget=600)
    assert {"redraw", "arrange", "place"} <= asked
    assert len(asked - {"redraw", "arrange", "place"}) >= 3  # some resolve steps


def _step_positions():
    """For every location with resolve steps, a round-5 expert position where Red places there next."""
    items = [{"coins": 2, "statues": 1, "books": 1}, {"coins": 3, "statues": 1}, {"coins": 1, "books": 1},
             {"coins": 3, "statues": 1}]
    for key in STEPS:
        state = position(players=4, expert=True, round=5, memories=[1, 2, 3, 4, 5, 6, 7, 8], ninth=9,
                         will=[9, 3, 2, 1], items=items, medal=-1 if key in ("cult", "hollow") else 0)
        yield key, state


@pytest.mark.parametrize("key", list(STEPS))
def test_every_resolve_step_gets_a_legal_decision(key):
    """Each location's steps (look, player, item, take, give, return, gain, exchange, stop) are decided legally."""
    state = dict(_step_positions())[key]
    state = state.play(next(m for m in state.legal_moves() if m.args == (key,)))
    bot = CodeOfNineBot(1, 600)
    steps = 0
    while state.to_move == 0 and state.view(0)["phase"] == "resolve":
        move = bot.choose(state)
        assert move in state.legal_moves()
        state = state.play(move)
        steps += 1
    assert steps >= 1


def test_set_up_decisions():
    """The redraw keeps (a changer loses a pawn); the Shoal choice is one of the two legal ones."""
    state = ninekit.make("code_of_nine", 3, expert=True).new(seed=4)
    bot = CodeOfNineBot(2)
    assert bot.choose(state).args == ("keep",)
    while state.view(None)["phase"] == "redraw":
        state = state.play(state.legal_moves()[0])
    assert state.view(None)["phase"] == "arrange"
    assert bot.choose(state) in state.legal_moves()


def test_same_seed_same_choices():
    """Determinism: the same bot seed and state give the same choice; whole games repeat exactly."""
    state = position(memories=[14, 11, 2, 3, 4, 5, 6, 7], will=[7, 0, 1, 2], round=2)
    assert CodeOfNineBot(4, QUICK).choose(state) == CodeOfNineBot(4, QUICK).choose(state)
    a, _ = play_game(3, False, 11, "BRB", budget=400)
    b, _ = play_game(3, False, 11, "BRB", budget=400)
    assert a.history == b.history


def test_choice_depends_only_on_what_the_seat_knows():
    """Two games that differ only in cards Red has not seen (Yellow's, the box) get the same choice."""
    a = position(memories=[14, 11, 2, 3, 4, 5, 6, 7], will=[7, 0, 1, 2], round=2)
    b = position(memories=[14, 11, 2, 3, 4, 5, 16, 7], will=[7, 0, 1, 2], round=2)
    assert a.view(0) == b.view(0)
    for seed in range(3):
        assert CodeOfNineBot(seed, QUICK).choose(a) == CodeOfNineBot(seed, QUICK).choose(b)


def test_randomness_is_the_bots_own_not_the_games():
    """Rule: a computer player's randomness cannot be reconstructed from the game's seed: the same game with
    two bot seeds can choose differently, and the bot never reads ``state.seed``."""
    state = ninekit.make("code_of_nine", 4).new(seed=3)
    while state.view(None)["phase"] != "place":
        state = state.play(state.legal_moves()[0])
    choices = {CodeOfNineBot(seed, 300).choose(state) for seed in range(8)}
    assert len(choices) > 1


def test_look_goes_to_a_card_not_yet_seen():
    """Shortcut: a look is never wasted on a card the seat already knows when an unseen one can be looked at."""
    state = position(memories=[1, 2, 3, 4, 5, 6, 7, 8], round=2,
                     seen={0: [(1, "Shoal"), (2, "Shoal")]})
    state = state.play(next(m for m in state.legal_moves() if m.args == ("watchtower",)))
    for seed in range(4):
        assert CodeOfNineBot(seed).choose(state).args == (3,)


def test_releases_a_legacy_when_card_14_is_its_own():
    """Card 14 (+10 per Legacy released) is Red's own Memory, Red has the Will and one pawn left in the last round:
    it releases a Legacy."""
    state = position(memories=[14, 11, 2, 3, 4, 5, 6, 7], will=[7, 0, 1, 2], round=5, pawns=[1, 1, 1, 1])
    for seed in range(3):
        assert CodeOfNineBot(seed).choose(state).args[0] in ("garden", "well")


def test_does_not_take_a_second_book_into_a_known_09():
    """Card 09 (exactly 2 Books: -10) is Red's own and Red holds 1 Book: its last pawn is not the Archive."""
    state = position(memories=[9, 5, 1, 2, 3, 4, 6, 7], will=[4, 0, 0, 0], round=5, pawns=[1, 1, 1, 1],
                     items=[{"books": 1, "statues": 3}, {"coins": 2}, {"coins": 1}, {"statues": 1}])
    assert any(m.args == ("archive",) for m in state.legal_moves())
    for seed in range(3):
        assert CodeOfNineBot(seed).choose(state).args != ("archive",)


def test_playout_budget_follows_the_pawns_left():
    """Early decisions get fewer (longer) playouts than late ones, within the documented bounds."""
    early = ninekit.make("code_of_nine", 4).new(seed=1).view(0)
    late = position(round=5, pawns=[1, 0, 0, 0], memories=[1, 2, 3, 4, 5, 6, 7, 8]).view(0)
    assert MIN_PLAYOUTS <= playout_budget(early) < playout_budget(late) <= MAX_PLAYOUTS
    assert playout_budget(late, PLY_BUDGET // 10) == MAX_PLAYOUTS // 10


def test_bot_is_standard_library_only():
    """ninekit is standard library only: the bot module imports only the standard library and ninekit."""
    import ninekit.code_of_nine.bots as module

    with open(module.__file__, encoding="utf-8") as f:
        text = f.read()
    imports = [line.split()[1] for line in text.splitlines() if line.startswith(("import ", "from "))]
    assert all(name in ("__future__", "math", "random") or name.startswith(".") for name in imports)
