"""Nine Knights: every level above ``easy`` sees and blocks a one- or two-move threat to its Goal Token.

Rules (rulebook, "Game End" and "Fight"; rulings, "Board"): a Knight wins on reaching the opponent's Goal
Token of its own Duty number; the Goal fields are always empty (nobody may stand on their own), so an enemy
Knight next to its Goal Token wins next turn unless it is beaten first.  A difference of 1: the lower number
wins; equal numbers: the attacker wins; otherwise the higher number wins.

The positions are built with ``nine_knights.position`` (default Goal Tokens 1-9 from column a to i on both
home ranks: North's Knight 8 wins on South's h1).  The enemy Knight's number is known (``revealed``), as in
the report of issue 13 (a revealed Knight 8 walked up unopposed).
"""

import pytest

from ninekit.bots import NineKnightsBot, bot_for, threat
from ninekit.nine_knights import position

LEVELS_THAT_DEFEND = ["normal", "hard"]


def _bot(level, seed=3):
    return bot_for("nine_knights", seed, level, iterations=120) if level == "hard" else bot_for("nine_knights",
                                                                                                seed, level)


def _turn(bot, state):
    """The select and the destination the bot chooses for one turn (two atomic decisions)."""
    select = bot.choose(state)
    after = state.play(select)
    to = bot.choose(after)
    return select.args[0], to.args[0]


@pytest.mark.parametrize("level", LEVELS_THAT_DEFEND)
def test_one_move_threat_is_beaten(level):
    """North's revealed Knight 8 on h2 reaches Goal Token 8 (h1) next move: South must beat it now.

    Only South's Knight 7 on g3 can (7 against 8: a difference of 1, the lower number wins); South's
    Knight 5 could walk towards its own goal instead.
    """
    state = position({"h2": "N8", "g3": "S7", "e6": "S5", "c8": "N2"}, revealed=["N8"])
    assert _turn(_bot(level), state) == ("g3", "h2")


@pytest.mark.parametrize("level", LEVELS_THAT_DEFEND)
def test_two_move_threat_is_beaten_before_it_arrives(level):
    """North's revealed Knight 8 on h3 is two moves from h1 through g2, h2 or i2, and South could answer
    none of those steps afterwards: South's Knight 7 on g4 must attack it now (7 beats 8)."""
    state = position({"h3": "N8", "g4": "S7", "d6": "S5", "c8": "N2"}, revealed=["N8"])
    assert _turn(_bot(level), state) == ("g4", "h3")


@pytest.mark.parametrize("level", LEVELS_THAT_DEFEND)
def test_a_win_of_its_own_comes_before_defence(level):
    """With its own Knight 3 next to North's Goal Token 3 (c10), South wins at once instead of defending."""
    state = position({"h2": "N8", "g3": "S7", "c9": "S3", "a5": "N1"}, revealed=["N8"])
    assert _turn(_bot(level), state) == ("c9", "c10")


def test_normal_does_not_attack_with_a_knight_that_loses():
    """Knight 9 attacking the 8 loses (a difference of 1: the lower number wins), so it is no defence;
    with Knight 7 also next to the 8, the 7 attacks."""
    state = position({"h2": "N8", "i3": "S9", "g3": "S7", "c8": "N2"}, revealed=["N8"])
    assert _turn(NineKnightsBot(1), state) == ("g3", "h2")


def test_threat_levels():
    """``threat`` says 2 for a Knight next to its Goal Token, 1 for two moves away and unanswered, 0 when
    a Knight of ours stands ready to beat it on every field it could step to."""
    def level(knights):
        view = position(knights, revealed=["N8"]).view(0)
        return threat({k["square"]: k for k in view["knights"]}, view, 0)

    assert level({"h2": "N8", "a5": "S1"}) == 2
    assert level({"h3": "N8", "a5": "S1"}) == 1
    assert level({"h4": "N8", "a5": "S1"}) == 0
    # Knight 7 on h3... is taken by the 8 itself; a 7 on g3 and one more beating it cover g2, h2 and i2.
    assert level({"h4": "N8", "g3": "S7", "a5": "S1"}) == 0
    assert level({"i3": "N8", "h3": "S7", "a5": "S1"}) == 0   # 7 on h3 can beat it on h2 or i2
