"""Drive a ``widgets.GameApp`` like a person, without a browser (shared by the widget tests)."""

from __future__ import annotations

import pytest


@pytest.fixture
def no_search_left():
    """After the test, cancel the Count of Nine best-line searches it left running (a finished game's panel asks for
    one; at the 5-round cap it can take minutes of a core, and later tests' own searches would queue behind it).
    A module uses it with ``pytestmark = pytest.mark.usefixtures("no_search_left")`` after importing it."""
    yield
    from ninekit.count_of_nine.best import cancel_searches

    cancel_searches()


def play_by_clicks(app, rng, *, check=None, limit: int = 5000, board_share: float = 0.8) -> int:
    """Play ``app`` to the end: hand-over when asked, else a legal board click or a button.

    ``check(app)`` runs after every step; returns the number of steps.  Every
    click offered as legal must be accepted (the app's message says why not).
    """
    steps = 0
    while not app.state.is_over:
        steps += 1
        assert steps < limit, f"no end after {limit} steps; prompt: {app.state.prompt}"
        click_once(app, rng, board_share)
        if check is not None:
            check(app)
    return steps


def click_once(app, rng, board_share: float = 0.8) -> None:
    """One decision the way a person makes it: "Next game" in a pause between games, the hand-over when asked,
    else a legal board click or a button."""
    if app.pause is not None:
        assert app.go_on()
    elif app.privacy_pending is not None:
        assert app.reveal()
    elif app.targets and (not app.choices or rng.random() < board_share):
        assert app.click(rng.choice(sorted(app.targets))), app.message
    else:
        assert app.choose(rng.choice(app.choices)), app.message


def all_widgets(widget) -> list:
    """The widget and all its descendants (children of boxes, accordions): what the browser receives."""
    out = [widget]
    for child in getattr(widget, "children", ()) or ():
        out.extend(all_widgets(child))
    return out


def board_targets(state) -> dict:
    """``data-id -> Move`` for the legal moves chosen on the board now, as the game's table adapter maps them."""
    from widgets import adapter_for

    adapter = adapter_for(state.game.name)
    out = {}
    for move in state.legal_moves():
        target = adapter.target_of(move)
        if target is not None:
            out[target] = move
    return out
