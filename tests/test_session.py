"""Game flow through ``ninekit.session.Session`` alone, no widgets: seats and computer players, the move tree
(undo, redo, variations), pauses between games, hand-overs at a shared screen, saves, and every refusal.

The Undo secrecy rule itself (which moves show a seat a secret) is checked in tests/test_undo_secrecy.py.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

import ninekit
from ninekit import IllegalMove
from ninekit.session import UNDO_REFUSED, Session

REPO = Path(__file__).resolve().parents[1]


def _play_out(table: Session, rng: random.Random, limit: int = 5000) -> int:
    """Play every pending thing (people choose at random) to the end; returns how many moves were made."""
    moves = 0
    while table.pending["kind"] != "over" and moves < limit:
        kind = table.pending["kind"]
        if kind == "pause":
            table.go_on()
        elif kind == "handover":
            table.hand_over()
        elif kind == "computer":
            table.computer_move()
            moves += 1
        else:
            table.play(rng.choice(table.state.legal_moves()))
            moves += 1
    return moves


def test_a_session_needs_no_widgets_and_plays_every_game_to_its_end():
    """The session core is standard library only: with ipywidgets unimportable, each game is played to its
    end through Session alone, computer seats included."""
    code = (
        "import sys, random\n"
        "sys.modules['ipywidgets'] = None; sys.modules['anywidget'] = None\n"
        "import ninekit\n"
        "from ninekit.session import Session\n"
        "for name in ninekit.games():\n"
        "    game = ninekit.make(name)\n"
        "    seats = ['human'] + ['easy'] * (game.players - 1)\n"
        "    table = Session(game, seats, seed=7)\n"
        "    rng = random.Random(7)\n"
        "    for _ in range(20000):\n"
        "        kind = table.pending['kind']\n"
        "        if kind == 'over': break\n"
        "        if kind == 'pause': table.go_on()\n"
        "        elif kind == 'handover': table.hand_over()\n"
        "        elif kind == 'computer': table.computer_move()\n"
        "        else: table.play(rng.choice(table.state.legal_moves()))\n"
        "    assert table.state.is_over, name\n"
        "    print(name, 'over')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=300,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split().count("over") == len(ninekit.games())


@pytest.mark.parametrize("name", ninekit.games())
def test_computers_alone_finish_a_game_and_the_same_seed_and_moves_give_the_same_states(name):
    """Determinism: two sessions on one seed, fed the same moves, pass through the same states; a table of
    computers (random level) runs to the end by itself."""
    game = ninekit.make(name)
    first = Session(game, ["human"] * game.players, seed=11, teacher=True)
    _play_out(first, random.Random(3))
    second = Session(game, ["human"] * game.players, seed=11, teacher=True)
    for node in first.line()[1:]:
        if second.pending["kind"] == "pause":
            second.go_on()
        if second.pending["kind"] == "handover":
            second.hand_over()
        second.play(node.move)
        assert second.state.position == node.state.position
    bots = Session(game, ["easy"] * game.players, seed=5)
    while bots.pending["kind"] != "over":
        if bots.pending["kind"] == "pause":
            bots.go_on()
        bots.run_computers()
    assert bots.state.is_over and bots.state.outcome is not None


def test_a_move_after_undo_starts_a_variation_and_the_old_line_is_kept():
    """The history is a tree: Undo then another move makes a second branch; the same move again follows the
    branch already there; Redo follows the line last played."""
    table = Session("count_of_nine", seed=3)  # teacher mode (the seed is given): Undo may go anywhere
    first, second = table.state.legal_moves()[:2]
    after_first = table.play(first)
    table.undo()
    table.play(second)
    assert [n.move for n in table.root.children] == [first, second]
    table.undo()
    again = table.play(first)
    assert again.position == after_first.position and len(table.root.children) == 2  # no duplicate branch
    table.undo()
    assert table.redo() is again  # the line last played
    with pytest.raises(IllegalMove, match="nothing to redo"):
        table.redo()


def test_undo_goes_back_to_the_other_persons_decision_and_hands_the_screen_over():
    """Hot-seat Nine Knights: Undo takes back the last decision of a person at this screen, whoever made it;
    the screen then waits for that person (their view was hidden from the other)."""
    table = Session("nine_knights", ["human", "human"], seed=2, teacher=False)
    rng = random.Random(1)
    while table.state.to_move != 1:
        if table.pending["kind"] == "handover":
            table.hand_over()
        table.play(rng.choice(table.state.legal_moves()))
    assert table.pending == {"kind": "handover", "seat": 1}
    table.hand_over()
    while table.state.to_move == 1:
        before = table.state
        table.play(rng.choice(table.state.legal_moves()))
    assert table.pending == {"kind": "handover", "seat": 0}  # South's turn: the screen goes to South
    back = table.undo()  # South, or anyone at the screen, takes back North's last decision
    assert back is before and table.state.to_move == 1
    assert table.pending == {"kind": "handover", "seat": 1} and table.viewer is None  # North's view, not South's
    with pytest.raises(IllegalMove, match="screen goes to North"):
        table.play(table.state.legal_moves()[0])


def test_undo_is_refused_with_the_reason_after_a_secret_was_shown():
    """Undo never shows a seat what it did not know: after Count of Nine's deal is turned up it is refused,
    in words, outside teacher mode; in teacher mode (seed on the screen) it is allowed."""
    table = Session("count_of_nine")  # a random seed: a student's game
    before = table.state
    table.play(table.state.legal_moves()[0])
    with pytest.raises(IllegalMove) as refused:
        table.undo()
    assert str(refused.value) == UNDO_REFUSED and table.state.parent is before
    teacher = Session("count_of_nine", seed=1)
    teacher.play(teacher.state.legal_moves()[0])
    assert teacher.undo() is teacher.root.state


def test_a_match_pauses_between_games_until_go_on():
    """Between the games of a Count of Nine match, play stops (no move, no computer) until go_on."""
    table = Session("count_of_nine", seed=4, options={"games": 2})
    rng = random.Random(4)
    while table.pending["kind"] == "decision":
        table.play(rng.choice(table.state.legal_moves()))
    assert table.pending["kind"] == "pause" and len(table.state.view(None)["results"]) == 1
    state = table.state
    with pytest.raises(IllegalMove, match="paused between games"):
        table.play(table.state.legal_moves()[0])
    assert table.state is state
    table.go_on()
    assert table.pending["kind"] == "decision"
    with pytest.raises(IllegalMove, match="no pause"):
        table.go_on()


def test_every_wrong_input_is_refused_in_words_and_changes_nothing():
    """Wrong seat, a computer's turn, an illegal move, not a move, a move after the end, an unknown level,
    a bad save: each a clear error; the session is as it was."""
    table = Session("nine_knights", ["human", "normal"], seed=6)
    state = table.state
    with pytest.raises(IllegalMove, match="North"):
        table.play(state.legal_moves()[0], seat=1)
    with pytest.raises(IllegalMove):
        table.play(ninekit.Move("to", ("z99",)))
    with pytest.raises(IllegalMove, match="not a move"):
        table.play("a1")
    with pytest.raises(IllegalMove, match="a person's"):
        table.computer_move()
    with pytest.raises(IllegalMove, match="nothing to undo"):
        table.undo()
    assert table.state is state and not table.root.children
    while table.pending["kind"] == "decision":
        table.play(table.state.legal_moves()[0])
    computer_turn = table.state
    with pytest.raises(IllegalMove, match="computer player"):
        table.play(table.state.legal_moves()[0])
    assert table.state is computer_turn
    with pytest.raises(ValueError, match="seat 1 .* 'expert'"):
        Session("nine_knights", ["human", "expert"])
    with pytest.raises(ValueError, match="needs 2 seats"):
        Session("nine_knights", ["human"])
    with pytest.raises(ValueError):
        Session.load('{"format": 1, "game": "nine_knights", "moves": "tampered"}')
    done = Session("count_of_nine", ["easy"], seed=2)
    _play_out(done, random.Random(2))
    with pytest.raises(IllegalMove, match="game is over"):
        done.computer_move()


def test_a_save_resumes_as_the_same_game():
    """save_text and Session.load: the same moves, the same position, the line as the tree."""
    table = Session("double_nine", ["human", "normal"], seed=8)
    rng = random.Random(8)
    for _ in range(6):
        if table.pending["kind"] == "computer":
            table.run_computers()
        elif table.pending["kind"] == "decision":
            table.play(rng.choice(table.state.legal_moves()))
    again = Session.load(table.save_text(), ["human", "normal"])
    assert again.state.history == table.state.history and again.state.position == table.state.position
    assert [n.move for n in again.line()] == [n.move for n in table.line()]


def test_a_computer_decides_without_changing_the_table_and_never_for_a_person():
    """A view that thinks in the background asks the session for the computer's move (``decide``), then puts the
    table at the result (``arrive``); the session's own computer players choose it, never for a person's turn."""
    table = Session("nine_knights", seats=["human", "easy"], seed=6)
    with pytest.raises(IllegalMove, match="no computer seat"):
        table.decide()
    while table.pending["kind"] == "decision":
        table.play(table.state.legal_moves()[0])
    before = table.state
    move = table.decide()
    assert table.state is before and move in before.legal_moves() and table.pending["kind"] == "computer"
    table.arrive(before.play(move))
    assert table.state.history[-1] == (1, move) and table.node.parent.state is before
    later = table.state
    while not later.is_over and not table.is_human(later.to_move):
        later = later.play(table.decide(later))  # ahead of the table, which stays where it is
    assert table.state.history[-1] == (1, move)
