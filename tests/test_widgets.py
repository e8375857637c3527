"""The generic widget shell, driven without a browser through a fake game.

The fake game ("test_secret_cells", registered only here) has hidden
information with unmistakable secret strings, board moves and button
moves, so the leak test can search every widget trait for the other seat's
secrets.  Nine Knights specifics live in test_widgets_nine_knights.py.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace

import pytest
from shell_driver import all_widgets, click_once

import ninekit
from ninekit import Move, Option, Outcome, Rules
from ninekit.bots import RandomBot
from ninekit.core import MAX_SAVE_BYTES
from widgets import GameApp, GenericAdapter, TableAdapter, adapter_for, register, state_svg
from widgets.svg import el, group, svg_root

CELLS = tuple(f"c{i}" for i in range(1, 7))


@dataclass(frozen=True)
class Pos:
    cells: tuple  # owner per cell or None
    secrets: tuple  # per seat: a unique secret word
    turn: int
    passes: int
    shown: tuple  # per seat: secret revealed?


class SecretCells(Rules):
    """Secret Cells (a test game): claim cells; a pass may reveal your word."""

    name = "test_secret_cells"
    title = "Secret Cells"
    min_players = 2
    max_players = 3
    hidden_information = True
    options = (Option("bonus", False, (False, True), "Add one point for the last claim"),
               Option("size", 6, (4, 6), "How many cells to play"))
    summary = "# Secret Cells\nClaim **cells** in turn.\n\n- Pass to skip\n- Two passes end it"

    def seat_names(self, players, options):
        return ("East", "West", "Centre")[:players]

    def setup(self, players, options, rng):
        secrets = tuple(f"SECRET{seat}Q{rng.randrange(10**6):06d}" for seat in range(players))
        return Pos((None,) * options["size"], secrets, 0, 0, (False,) * players)

    def to_move(self, pos):
        return pos.turn

    def prompt(self, pos, seat_names):
        return f"{seat_names[pos.turn]}: claim a cell or pass"

    def legal_moves(self, pos):
        moves = [Move("claim", (CELLS[i],), f"Claim {CELLS[i]}") for i, o in enumerate(pos.cells) if o is None]
        moves.append(Move("pass", (), "Pass"))
        if not pos.shown[pos.turn]:
            moves.append(Move("show", (), "Show my secret"))
        return tuple(moves)

    def apply(self, pos, move):
        nxt = (pos.turn + 1) % len(pos.secrets)
        if move.kind == "claim":
            cells = list(pos.cells)
            cells[CELLS.index(move.args[0])] = pos.turn
            return replace(pos, cells=tuple(cells), turn=nxt, passes=0)
        if move.kind == "show":
            shown = list(pos.shown)
            shown[pos.turn] = True
            return replace(pos, shown=tuple(shown))
        return replace(pos, turn=nxt, passes=pos.passes + 1)

    def why_illegal(self, pos, move):
        if move.kind == "claim" and move.args and move.args[0] in CELLS[: len(pos.cells)]:
            return f"Cell {move.args[0]} is already claimed"
        return "That is not one of the decisions open now"

    def outcome(self, pos):
        if all(o is not None for o in pos.cells) or pos.passes >= 2 * len(pos.secrets):
            counts = [sum(1 for o in pos.cells if o == s) for s in range(len(pos.secrets))]
            best = max(counts)
            winners = tuple(s for s, c in enumerate(counts) if c == best and best > 0)
            return Outcome(tuple(counts), winners, "The cells are all claimed",
                           tuple((("Cells", c), ("Secret shown", int(pos.shown[s]))) for s, c in enumerate(counts)))
        return None

    def view(self, pos, seat):
        return {"cells": list(pos.cells),
                "secrets": [w if (s == seat or pos.shown[s]) else None for s, w in enumerate(pos.secrets)]}

    def log_line(self, before, after, seat, move, viewer):
        if move.kind == "pass" and viewer == seat:
            return f"Seat {seat} passes, keeping {before.secrets[seat]}"
        if move.kind == "show":
            return f"Seat {seat} shows {before.secrets[seat]}"
        return f"Seat {seat}: {move}"

    def move_from_json(self, obj):
        for move in (Move("pass", (), "Pass"), Move("show", (), "Show my secret")):
            if obj["kind"] == move.kind and not obj["args"]:
                return move
        if obj["kind"] == "claim" and obj["args"] and obj["args"][0] in CELLS:
            return Move("claim", (obj["args"][0],), f"Claim {obj['args'][0]}")
        raise ValueError(f"unknown kind {obj['kind']!r}")


@pytest.fixture(autouse=True, scope="module")
def _secret_cells_registered():
    """Register the fake game for this module only, so other tests see the real registry."""
    ninekit.register(SecretCells())
    yield
    ninekit.core._REGISTRY.pop("test_secret_cells", None)


class SecretCellsTable(TableAdapter):
    def target_of(self, move):
        return move.args[0] if move.kind == "claim" else None

    def draw(self, view, targets, pending):
        parts = []
        for i, owner in enumerate(view["cells"]):
            cid = CELLS[i]
            cls = "cell legal" if cid in targets else "cell"
            extra = {"tabindex": 0, "role": "button", "aria_label": str(targets[cid])} if cid in targets else {}
            parts.append(group(el("rect", x=i * 40, y=0, width=40, height=40, class_="nk-sq"),
                               el("text", "-" if owner is None else owner, x=i * 40 + 20, y=20),
                               data_id=cid, class_=cls, **extra))
        for s, word in enumerate(view["secrets"]):
            parts.append(el("text", word or "?", x=10, y=60 + 16 * s, class_="nk-left"))
        return svg_root(240, 110, "".join(parts), label=view["prompt"], game=view["game"])


register("test_secret_cells", SecretCellsTable())
FAKE = "test_secret_cells"


# --------------------------------------------------------------- helpers


def trait_text(app) -> str:
    """Every synced trait value in the app's widget tree, as one string."""
    chunks = []
    for widget in all_widgets(app):
        chunks.append(json.dumps(widget.get_state(), default=repr, sort_keys=True))
    return "\n".join(chunks)


def check_no_leak(app) -> None:
    state, viewer = app.state, app.viewer
    text = trait_text(app)
    secrets = state.position.secrets
    for seat, word in enumerate(secrets):
        if seat != viewer and not state.position.shown[seat]:
            assert word not in text, f"seat {seat}'s secret leaked to viewer {viewer}"
    if app.privacy_pending is None:
        assert app.board.svg == app.adapter.draw(state.view(viewer), app.targets, {})
    else:
        assert app.board.svg == ""


# ----------------------------------------------------------------- tests
def test_svg_is_pure_function_and_marks_legal_targets():
    app = GameApp(FAKE, seed=5)
    view = app.state.view(0)
    targets = app.targets
    assert sorted(targets) == list(CELLS)
    one = app.adapter.draw(view, targets, {})
    assert one == app.adapter.draw(json.loads(json.dumps(view)), dict(targets), {})
    assert one.count('class="cell legal"') == 6
    assert 'data-game="test_secret_cells"' in one
    assert app.choices == ["Pass", "Show my secret"]


def test_app_tree_classes_and_panels():
    app = GameApp(FAKE, seed=1)
    assert "ninekit-app" in app._dom_classes
    assert "ninekit-game-test_secret_cells" in app._dom_classes
    classes = {c for widget in all_widgets(app) for c in widget._dom_classes}
    for cls in ("ninekit-status", "ninekit-choices", "ninekit-outcome", "ninekit-privacy", "ninekit-message",
                "ninekit-log", "ninekit-rules"):
        assert cls in classes
    assert app._status.value == "East: claim a cell or pass"
    assert "<h3>Secret Cells</h3>" in app.rules_panel.text.value and "<b>cells</b>" in app.rules_panel.text.value
    assert app._outcome.layout.display == "none"
    assert app.hand_over.layout.display == "none"


def test_human_vs_computer_full_game_reaches_outcome_panel():
    rng = random.Random(2)
    app = GameApp(FAKE, seats=["human", "computer"], seed=3)
    while not app.state.is_over:
        assert app.state.to_move == 0
        click_once(app, rng, 0.7)
        check_no_leak(app)
    assert app._outcome.layout.display is None
    assert "The cells are all claimed" in app._outcome.value
    assert "<th scope='row'>Cells</th>" in app._outcome.value
    assert app.errors == []
    assert not app.click("c1") and "over" in app.message


def test_computer_only_game_plays_to_the_end_as_spectator():
    app = GameApp(FAKE, seats=["computer", "computer"], seed=4)
    assert app.state.is_over and app.viewer is None
    check_no_leak(app)
    assert app.toolbar.undo_button.disabled


def test_hot_seat_hands_over_and_never_leaks():
    rng = random.Random(7)
    app = GameApp(FAKE, seats=["human", "human", "human"], players=3, seed=9)
    assert app.privacy_pending == 0 and app.viewer is None
    assert app.hand_over.button.description == "I am East — show my view"
    assert "Pass the screen to East" in app.hand_over.text.value
    assert app.board.layout.display == "none" and app._choices.choices == []
    check_no_leak(app)
    assert not app.click("c1") and "Pass the screen to East first" == app.message
    handovers = 0
    while not app.state.is_over:
        if app.privacy_pending is not None:
            handovers += 1
        click_once(app, rng, 0.7)
        check_no_leak(app)
    assert handovers >= 3
    assert app.viewer is None  # spectator view once the game is over


def test_undo_skips_computer_moves_and_redo_restores():
    # The computer's randomness is secret in the app; a fixed bot makes this test repeatable.
    app = GameApp(FAKE, seats=["human", "computer"], seed=3, bot_factory=lambda _name, _seat, _seed: RandomBot(95))
    start = app.state
    assert app.toolbar.undo_button.disabled
    assert app.click("c1")
    after = app.state
    assert len(after.history) == 3 and after.to_move == 0  # the computer showed, then claimed
    assert app.undo() and app.state is start
    assert app.redo() and app.state is after
    assert not app.redo() and app.message == "There is nothing to redo"
    assert app.undo() and app.choose("Pass")
    assert app.toolbar.redo_button.disabled  # a new move clears the redo list


def test_undo_never_goes_before_the_first_human_decision():
    app = GameApp(FAKE, seats=["computer", "human"], seed=3, bot_factory=lambda _name, _seat, _seed: RandomBot(94))
    assert len(app.state.history) == 1 and app.state.to_move == 1
    assert not app.undo()
    assert app.click("c2") and app.undo() and len(app.state.history) == 1


def test_illegal_click_and_try_move_show_the_rule():
    app = GameApp(FAKE, seats=["human", "human"], seed=3)
    app.reveal()
    assert app.click("c1")
    app.reveal()
    before = app.state
    assert not app.click("c1")
    assert app.message == "Cell c1 is already claimed"
    assert app.state is before and "Cell c1 is already claimed" in app._msg.value
    assert not app.try_move(Move("claim", ("c1",)))
    assert app.message == "Cell c1 is already claimed"
    assert not app.choose("Fly away") and "no choice called" in app.message


def test_generic_adapter_makes_everything_a_button():
    rng = random.Random(1)
    app = GameApp(FAKE, seed=2, adapter=GenericAdapter())
    assert app.targets == {} and "Claim c1" in app.choices
    assert "East: claim a cell or pass" in app.board.svg
    assert adapter_for("no_such_game").__class__ is GenericAdapter
    while not app.state.is_over:
        click_once(app, rng, 0.7)
    assert not app.click("c1")


def test_save_and_load_round_trip_and_corrupt_file():
    app = GameApp(FAKE, seats=["human", "computer"], seed=3)
    app.click("c3")
    app.choose("Show my secret")
    text = app.save_text()
    other = GameApp(FAKE, seats=["human", "computer"], seed=99)
    assert other.load_text(text)
    assert other.state.history == app.state.history and other.state.seed == 3
    assert "Loaded a saved game" in other.message
    before = other.state
    assert not other.load_text("{not json")
    # Players read what went wrong in their words; the detail is kept for developers.
    # ... and what Load expects: a file Save made, named as Save names it.
    name = other._save_file()[0].split("-")[0]
    assert other.message.startswith("That file is not a saved game (nothing was loaded). Load takes a file that "
                                    "Save made, named like ") and name in other.message, other.message
    assert other.toolbar.load_button.message == other.message, "a load error shows next to the Load button"
    assert other.problems[-1].startswith("ValueError: save is not valid JSON")
    assert other.state is before
    assert not other.load_text(b"\xff\xfe")
    assert other.state is before
    # The Load button takes the same path; the real size counts, never a declared one.
    other.toolbar.load_button.load("bad.json", b"[1]")
    assert "not a saved game" in other.message and other.state is before
    other.toolbar.load_button.load("huge.json", b" " * (MAX_SAVE_BYTES + 1))
    assert "at most 1,000,000 bytes" in other.toolbar.load_button.message and other.state is before
    other.toolbar.load_button.load("ok.json", text.encode())
    assert other.state.history == app.state.history
    assert other.errors == []


def test_save_is_one_click_with_the_secrets_note_beside_it_and_counts_moves_as_the_log_does():
    app = GameApp(FAKE, seed=3)
    assert "every seat's secrets" in app.toolbar.save_button.note
    sent = app.toolbar.save_button.save()
    assert sent is not None
    name, text = sent
    assert name == "test-secret-cells-0-moves.json" and ninekit.load(text).history == app.state.history
    app.click("c3")
    name, _text = app.toolbar.save_button.save()
    moves = len(app.state.log(None))
    assert name == f"test-secret-cells-{moves}-move{'s' if moves != 1 else ''}.json"
    other = GameApp(FAKE, seed=9)
    assert other.load_text(_text) and f"({moves} move" in other.message
    assert app.toolbar.save_button.message == "" and "data:" not in app.toolbar.save_button.note


def test_new_game_options_seats_and_form():
    app = GameApp(FAKE, seed=3)
    assert app.new_game(seed=8, bonus=True)
    assert app.state.game.options == {"bonus": True, "size": 6} and app.state.seed == 8
    assert not app.new_game(size=5) and "Cannot start that game" in app.message
    assert not app.new_game(seats=["human"]) and "Seats must be" in app.message
    # The form: players, options, seats, seed.
    app.new_game_form.players_choice.value = 3
    assert [d.description for d in app.new_game_form.seat_choices.children] == ["East", "West", "Centre"]
    app.new_game_form.option_controls["size"].value = 4
    app.new_game_form.seat_choices.children[1].value = "human"
    app.new_game_form.seed_text.value = "12"
    assert app.new_game_form.press_start()
    assert app.state.game.players == 3 and app.state.seed == 12 and len(app.state.position.cells) == 4
    assert app.seats == ["human", "human", "computer"]
    app.new_game_form.seed_text.value = "twelve"
    assert not app.new_game_form.press_start() and "whole number" in app.message


def test_bots_from_factory_and_broken_bot_falls_back():
    calls = []

    class Broken:
        def choose(self, state):
            calls.append(state.to_move)
            raise RuntimeError("boom")

    app = GameApp(FAKE, seats=["human", "computer"], seed=3, bot_factory=lambda name, seat, seed: Broken())
    assert app.click("c1")
    assert calls == [1] and app.state.to_move == 0
    assert app.errors and "boom" in app.errors[0]


def test_bare_state_displays_as_spectator_svg():
    from IPython.core.interactiveshell import InteractiveShell

    import widgets

    shell = InteractiveShell.instance()
    widgets._register_formatters()
    state = ninekit.make(FAKE).new(4)
    data, _meta = shell.display_formatter.format(state)
    assert data["image/svg+xml"] == state_svg(state)
    assert "ninekit-svg" in data["text/html"]
    for word in state.position.secrets:
        assert word not in data["image/svg+xml"]


def test_board_widget_messages_reach_the_app():
    app = GameApp(FAKE, seats=["human", "computer"], seed=3)
    board = app.board
    stale = board.generation
    board.receive({"event": "activate", "id": "c2", "generation": board.generation})
    assert app.state.history[0][1] == Move("claim", ("c2",))
    before = app.state
    # A click made on a picture Python has since replaced (a double click) is ignored.
    board.receive({"event": "activate", "id": "c3", "generation": stale})
    for junk in ({"event": "other"}, "junk", {"event": "activate", "id": 5, "generation": board.generation},
                 {"event": "activate", "id": "c3"}, {"event": "activate", "id": "x" * 10_000,
                                                     "generation": board.generation}):
        board.receive(junk)
    assert app.state is before
    assert app.errors == []


def test_a_move_redraws_the_board_in_one_update():
    """A move sends the board's new picture, its narrow layout and its generation to the browser together, in
    one update (one message, so the browser parses the pictures once; board.js draws once per update too)."""
    app = GameApp("nine_knights", seats=["human", "human"], seed=3)
    updates = []
    app.board._send = lambda message, buffers=None: updates.append(set(message.get("state", ())))
    click_once(app, random.Random(1))
    assert updates == [{"svg", "svg_narrow", "generation"}]


def test_start_from_a_state_and_game_object():
    state = ninekit.make(FAKE).new(6)
    app = GameApp(state, seats=["human", "human"])
    assert app.state is state
    app2 = GameApp(ninekit.make(FAKE, 3), seed=1)
    assert app2.game.players == 3 and app2.seats == ["human", "computer", "computer"]


@pytest.mark.parametrize("bad", [["human", "robot"], ["human"]])
def test_bad_seats_raise_at_construction(bad):
    with pytest.raises(ValueError):
        GameApp(FAKE, seats=bad)




def test_an_adapter_that_is_not_a_table_is_refused_in_words():
    """The table contract is one Protocol (widgets.tables.Table): every shipped table meets it, and an object
    lacking its hooks is refused when the app is made, naming the contract."""
    from widgets.tables import Table, adapter_for

    assert all(isinstance(adapter_for(name), Table) for name in ninekit.games())

    class Sketch:  # draws, but declares no hooks
        def draw(self, view, targets, pending):
            return ""

    with pytest.raises(TypeError, match="widgets.tables.Table"):
        GameApp(FAKE, seed=1, adapter=Sketch())
