"""Rule of the session layer (ninekit/session.py): Undo never takes a seat back to a decision made before something
hidden was shown to it, in every game, hot-seat and against the computer.

The probe replays every stretch Undo would take back, in random games of all five games, and checks each move in
it in as many worlds as the rule itself samples, but other ones (other seeds): a move after which a person at this
screen saw different things in worlds that looked the same to them before it had shown them a secret, and Undo
must not take it back.
"""

from __future__ import annotations

import random

import pytest
from shell_driver import no_search_left  # noqa: F401 (a fixture)

import ninekit
from ninekit import IllegalMove
from ninekit.session import UNDO_REFUSED, shown_to, undo_target

pytestmark = pytest.mark.usefixtures("no_search_left")

GAMES = [("nine_knights", 2), ("double_nine", 2), ("double_nine", 4), ("codinca", 2), ("count_of_nine", 1),
         ("code_of_nine", 3), ("code_of_nine", 4)]


def _showed_secret(before, after, seat, worlds=48, salt=7) -> bool:
    """The probe's own check, in other worlds than the rule's (seeded by ``salt``): a move that shows a secret
    gives views that differ between worlds, which a few dozen worlds find."""
    move = after.history[-1][1]
    rng = random.Random(salt * 1_000_003 + len(before.history) * 31 + seat)
    seen = set()
    for _ in range(worlds):
        try:
            seen.add(repr(before.determinize(seat, rng).play(move).view(seat)))
        except IllegalMove:
            return True
        if len(seen) > 1:
            return True
    return False


@pytest.mark.parametrize(("name", "players"), GAMES, ids=[f"{n}-{p}" for n, p in GAMES])
def test_no_undo_crosses_a_move_that_showed_a_person_a_secret(name, players):
    game = ninekit.make(name, players)
    undos = refused = 0
    probed: set[tuple[int, int, int]] = set()  # (seed, ply, seat) of a move of the line already found to show nothing
    for seed in range(2):
        state, rng = game.new(seed), random.Random(seed)
        while not state.is_over and len(state.history) < 90:
            state = state.play(rng.choice(state.legal_moves()))
            if len(state.history) % 3:  # every third ply (the suite's time)
                continue
            for humans in ({*range(players)}, {0}):  # hot-seat, and one person against the computer
                target = undo_target(state, humans)
                if target is None:
                    refused += undo_target(state, humans, teacher=True) is not None
                    continue
                undos += 1
                child = state
                while child is not target:
                    node = child.parent
                    for seat in humans:
                        if (seed, len(child.history), seat) in probed:  # later stretches overlap: once
                            continue
                        assert not _showed_secret(node, child, seat), (
                            f"{name} seed {seed}: Undo from ply {len(state.history)} to {len(target.history)} takes "
                            f"back {child.history[-1][1]}, which showed {game.seat_name(seat)} a secret")
                        probed.add((seed, len(child.history), seat))
                    child = node
    assert undos > 10, f"{name}: the probe met too few undos ({undos}) to say anything"
    if name in ("double_nine", "count_of_nine"):  # draws and turned-up cards: some undos must be refused
        assert refused > 0


def test_teacher_mode_undoes_anything_as_every_secret_is_on_screen():
    """In teacher mode the screen shows every hand anyway: Undo goes back past a card turned up."""
    state = ninekit.make("count_of_nine").new(seed=1)
    chosen = state.play(state.legal_moves()[0])
    assert shown_to(state, chosen, 0)
    assert undo_target(chosen, {0}) is None and undo_target(chosen, {0}, teacher=True) is state


def test_the_app_says_why_undo_is_refused_and_logs_nothing(monkeypatch):
    """Where Undo is refused, the button's tooltip and the message say why (a secret was shown), the state is
    unchanged, and the log gets no line."""
    from widgets import GameApp

    app = GameApp("count_of_nine", seats=["human"], seed=3)
    app.choose(app.choices[0]) if app.choices else app.click(next(iter(app.targets)))
    before, log = app.state, app.state.log(0)
    assert app.toolbar.undo_button.disabled and app.toolbar.undo_button.tooltip == UNDO_REFUSED
    assert not app.undo()
    assert app.message == UNDO_REFUSED and app.state is before and app.state.log(0) == log
    assert "undid" not in app.move_log.text.value
