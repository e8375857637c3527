"""The sandbox's widget (widgets/sandbox.py, issue 27 items 1, 3, 6 and 7): play any seat, variations in a tree
you can click and walk with the arrow keys, any seat's view exactly as the app shows it, comments, and the
position and the whole exploration shared as text - driven as its buttons and the browser's messages drive it.
"""

from __future__ import annotations

import random

import ipywidgets
import pytest

import ninekit
from widgets import GameApp, Sandbox
from widgets.lessons import tutorial_for
from widgets.sandbox import EVERYTHING, SPECTATOR, TO_MOVE


def _press(box: Sandbox, text: str) -> None:
    """Press the sandbox's button called ``text``."""
    for child in box.children[1].children:
        if isinstance(child, ipywidgets.Button) and child.description == text:
            child.click()
            return
    raise AssertionError(f"no button {text!r}")


def _play_first(box: Sandbox) -> ninekit.Move:
    move = box.area.state.legal_moves()[0]
    assert box.area.try_move(move), box.area.message
    return move


@pytest.mark.parametrize("name", ninekit.games())
def test_every_seat_plays_on_the_board_and_no_one_waits_for_the_screen(name):
    """Issue 27 items 1 and 3: ``Sandbox(name)`` opens on a new set-up; the board offers the decision of whichever
    seat is to move (its view on screen), with no hand-over between people, and each move joins the tree."""
    box = Sandbox(name, seed=2)
    seats = set()
    for _ in range(200):
        s = box.area.state
        if s.is_over or len(seats) > 1:
            break
        assert box.area.viewer == s.to_move and box.area.privacy_pending is None
        assert box.area.targets or box.area.choices, "the seat to move is offered its decision"
        seats.add(s.to_move)
        _play_first(box)
    assert ninekit.make(name).players == 1 or len(seats) > 1
    rows = box.tree.rows
    assert rows[0]["label"] == "Start" and rows[-1]["current"] and len(rows) == len(box.area.state.history) + 1


def test_going_back_and_playing_another_move_keeps_both_lines_in_the_tree():
    """Issue 27 item 3: a move after going back makes a variation and every branch stays; a click on a row goes
    there; the arrow keys in the tree go back, forward and between variations; the main line can change and a
    variation can be deleted."""
    box = Sandbox("double_nine", players=3, seed=5)
    first = _play_first(box)
    _play_first(box)
    _press(box, "←")
    _press(box, "←")
    assert box.area.state is box.area.session.root.state
    other = box.area.state.legal_moves()[1]
    assert box.area.try_move(other)
    labels = [(row["label"], row["depth"]) for row in box.tree.rows]
    assert [depth for _label, depth in labels] == [0, 0, 0, 1], labels
    assert str(other) in labels[3][0] and str(first) in labels[1][0]
    box.tree.receive({"event": "go", "index": 2, "generation": box.tree.generation})
    assert box.area.session.node is box.area.session.root.children[0].children[0]
    box.tree.receive({"event": "key", "key": "ArrowLeft"})
    box.tree.receive({"event": "key", "key": "ArrowDown"})
    assert box.area.session.node.move == other
    box.tree.receive({"event": "key", "key": "ArrowDown"})
    assert "no other variation" in box.area.message.lower()
    _press(box, "Make main line")
    assert box.area.session.root.children[0].move == other and box.tree.rows[1]["current"]
    _press(box, "Delete variation")
    assert box.area.state is box.area.session.root.state and len(box.area.session.root.children) == 1
    stale = box.tree.generation - 1
    box.tree.receive({"event": "go", "index": 1, "generation": stale})  # a click on rows already replaced
    assert box.area.state is box.area.session.root.state


def test_the_board_shows_the_chosen_seats_view_exactly_as_the_app_does():
    """Issue 27 item 6: the board switches between the seat to move, any one seat's view and a spectator's, each
    with the rest hidden exactly as in the app (the picture of ``state.view(seat)``, drawn by the app's own play
    area); a seat not on move is shown, not played for."""
    box = Sandbox("double_nine", players=3, seed=8)
    state, adapter = box.area.state, box.area.adapter
    watcher = (state.to_move + 1) % 3
    box.view_choice.value = watcher
    assert box.area.viewer == watcher and not box.area.targets and not box.area.choices
    assert box.area.board.svg == adapter.draw(state.view(watcher), {}, {})
    box.view_choice.value = SPECTATOR
    assert box.area.viewer is None and box.area.board.svg == adapter.draw(state.view(None), {}, {})
    box.view_choice.value = TO_MOVE
    assert box.area.viewer == state.to_move and box.area.targets
    assert "hand" in box.area.board.svg and box.area.board.svg != adapter.draw(state.view(watcher), {}, {})


@pytest.mark.parametrize("name", ninekit.games())
def test_everything_shows_every_secret_on_the_board_and_still_plays(name):
    """Issue 27 item 6: "everything" draws the seat to move's view with every secret shown
    (``state.view(seat, reveal=True)``, as at the game's end) and says so in the board's label; the seat to
    move still plays from it, and the seat's own view comes back unchanged."""
    box = Sandbox(name, seed=5)
    rng = random.Random(5)
    for _ in range(6):  # a few moves in: hidden parts on the table
        box.area.try_move(rng.choice(box.area.state.legal_moves()))
    state = box.area.state
    own = box.area.board.svg
    box.view_choice.value = EVERYTHING
    assert box.area.viewer == state.to_move and box.area._reveal
    shown = box.area.board.svg
    assert shown != own, "everything drew no secret"
    assert ("with every secret shown" in shown) or ("whole deck is shown in order" in shown)
    assert box.area.targets or box.area.choices, "the seat to move cannot play from everything"
    box.view_choice.value = TO_MOVE
    assert box.area.board.svg == own
    box.view_choice.value = EVERYTHING
    _play_first(box)
    assert box.area.viewer == box.area.state.to_move and "every secret" in box.view_choice.label


def test_everything_shows_the_other_hands_in_double_nine():
    """Every card of every hand is drawn in "everything"; in the seat to move's own view only its own."""
    box = Sandbox("double_nine", players=3, seed=8)
    state = box.area.state
    others = [card for seat, hand in enumerate(state.view(None, reveal=True)["hands"]) if seat != state.to_move
              for card in hand]
    own = state.view(state.to_move)["hand"]
    hidden = [card for card in others if card not in own]
    assert hidden and not all(card in box.area.board.svg for card in hidden)
    box.view_choice.value = EVERYTHING
    assert all(card in box.area.board.svg for card in hidden)


def test_comments_and_the_position_text_and_the_exploration_file():
    """Issue 27 items 3 and 7: a comment on any position (too long: refused, with why); the position on screen as
    a text, which opens in another sandbox as the same position; a pasted text that is damaged is refused with
    what is wrong and nothing changes; the whole exploration saves to a file and comes back in a new sandbox."""
    box = Sandbox("codinca", players=2, seed=4)
    _play_first(box)
    box.comment_box.value = "a fine start"
    _press_side(box, "Save comment")
    assert box.area.session.node.comment == "a fine start" and "a fine start" == box.tree.rows[-1]["comment"]
    box.comment_box.value = "x" * 3000
    _press_side(box, "Save comment")
    assert "at most 2,000 characters" in box.area.message and box.area.session.node.comment == "a fine start"
    text = box.text_box.value
    assert text == ninekit.position_text(box.area.state) and "every hidden card" in box.children[0].value
    other = Sandbox("nine_knights")
    other.text_box.value = text
    _press_side(other, "Open this position")
    assert other.area.game == box.area.game and other.area.state.view(1) == box.area.state.view(1)
    before = other.area.state
    other.text_box.value = text[:-3]
    _press_side(other, "Open this position")
    assert "damaged" in other.area.message and other.area.state is before
    name, saved = box.area.exploration_file()
    assert name == "codinca-exploration.json"
    again = Sandbox("nine_knights")
    assert again.area.load_exploration(saved.encode())
    assert again.tree.rows == box.tree.rows and again.area.game == box.area.game
    assert not again.area.load_exploration(b"{}") and "not an exploration" in again.area.message
    assert again.tree.rows == box.tree.rows


def _press_side(box: Sandbox, text: str) -> None:
    for widget in _all(box._side):
        if isinstance(widget, ipywidgets.Button) and widget.description == text:
            widget.click()
            return
    raise AssertionError(f"no button {text!r}")


def _all(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all(child)


def test_a_long_exploration_holds_a_fixed_set_of_widget_models():
    """Standards: a kernel's memory stays bounded: however many moves are explored, the sandbox adds no widget
    models (the tree is one model; its rows are data)."""
    box = Sandbox("nine_knights", seed=1)
    for _ in range(3):
        _play_first(box)
    count = len(ipywidgets.widgets.widget._instances)
    for _ in range(40):
        if box.area.state.is_over:
            break
        _play_first(box)
    _press(box, "←")
    box.area.try_move(box.area.state.legal_moves()[-1])
    assert len(ipywidgets.widgets.widget._instances) <= count


def _press_computer(box: Sandbox, text: str) -> None:
    for widget in _all(box.computer):
        if isinstance(widget, ipywidgets.Button) and widget.description == text:
            widget.click()
            return
    raise AssertionError(f"no button {text!r}")


def test_asking_the_computer_who_is_ahead_each_move_and_the_hint():
    """Issue 27 item 4: "Who is ahead here?" gives each seat's chance of winning with its uncertainty, from
    playouts by the computer players in the background (a progress bar meanwhile); "Each move" gives the same
    for every legal move; the hint in words; an answer about a position no longer on screen is not shown."""
    box = Sandbox("double_nine", players=3, seed=6)
    box.computer.level.value, box.computer.playouts.value = "easy", 10
    _press_computer(box, "Who is ahead here?")
    assert box.area.wait_background(30)
    result = box.computer.result.value
    assert all(box.area.game.seat_name(i) in result for i in range(3)) and "From 10 games" in result and "±" in result
    assert box.computer.progress.layout.visibility == "hidden" and box.computer.stop.disabled
    _press_computer(box, "Each move")
    assert box.area.wait_background(30)
    assert box.computer.result.value.count("<tr>") == len(box.area.state.legal_moves()) + 1
    _press_computer(box, "Hint in words")
    assert box.area.wait_background(30)
    assert box.computer.result.value.startswith("<p><b>Hint</b> for Player")
    _press_computer(box, "Who is ahead here?")
    _play_first(box)  # the position changes before the answer comes
    assert box.area.wait_background(30)
    assert box.computer.result.value == ""


def test_stop_ends_the_playouts_and_shows_what_they_found():
    """Issue 27 item 4: Stop ends a long run of playouts; the figures so far are shown, marked as stopped."""
    box = Sandbox("codinca", players=2, seed=3)
    box.computer.level.value, box.computer.playouts.value = "easy", 400
    started = []
    box.area.ask(False, 400, "easy", show=box.computer.show,
                 progress=lambda done, total: started.append(done) or (done == 5 and box.area.stop_asking()))
    assert box.area.wait_background(60)
    assert "(stopped)" in box.computer.result.value and max(started) < 400


def test_a_link_opens_the_sandbox_at_its_position():
    """Issue 27 item 7: a link can open the sandbox at a position (the page's address ends with
    ``#position=<position text>``); a page opened with a damaged one says what is wrong and keeps its own."""
    box = Sandbox("codinca", players=3, seed=2)
    _play_first(box)
    assert box.link.text == box.area.position_text and box.link.arrive
    other = Sandbox("nine_knights")
    other.link.receive({"event": "arrive", "text": box.link.text})
    assert other.area.game == box.area.game and other.area.state.view(2) == box.area.state.view(2)
    other.link.receive({"event": "arrive", "text": "ninekit:codinca:3:broken"})
    assert "damaged" in other.area.message and other.area.game == box.area.game


@pytest.mark.parametrize("name", ninekit.games())
def test_open_in_sandbox_holds_no_secret_of_a_game_in_progress(name):
    """Standards (hidden information never leaks, not even through what can be derived) and issue 27 item 1: the
    app's "Open in sandbox" link holds only what the seat on screen knows while the game goes on - two games that
    look the same to that seat give the same link - and the true position once the game is over."""
    game = ninekit.make(name)
    state, rng = game.new(seed=9), random.Random(9)
    for _ in range(4):
        state = state.play(rng.choice(state.legal_moves()))
    seat = state.to_move
    twin = state.determinize(seat, random.Random(1))  # the same to ``seat``; the hidden parts drawn again
    assert twin.view(seat) == state.view(seat) and twin.position != state.position
    seats = ["human" if i == seat else "computer" for i in range(game.players)]
    links = [GameApp(s, seats=seats, sandbox=f"../sandboxes/{name}.ipynb").sandbox_link for s in (state, twin)]
    assert links[0].text == links[1].text and "guessed" in links[0].note and links[0].guessed
    assert ninekit.position_text(state) != links[0].text
    # The sandbox the link opens says that the hidden parts are guessed, until another position is opened.
    box = Sandbox(name)
    box.link.receive({"event": "arrive", "text": links[0].text, "guessed": True})
    assert box.area.state.view(seat) == state.view(seat) and "guessed here" in box._title.value
    assert box.link.guessed, "a link from the sandbox to this position does not say it is guessed"
    assert box.area.new_setup() and "guessed" not in box._title.value and not box.link.guessed
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    over = GameApp(state, seats=seats, sandbox=f"../sandboxes/{name}.ipynb").sandbox_link
    assert over.text == ninekit.position_text(state) and over.note == "" and not over.guessed


def test_explore_this_position_from_a_lesson_step_keeps_what_the_learner_cannot_see():
    """Issue 27 item 1 ("Explore this position" on each lesson step) and the secrecy standard: the step's link
    holds the position on its board as the learner knows it, the rest guessed; it follows the board's moves."""
    tutorial = tutorial_for("double_nine")
    step = tutorial.steps[list(tutorial.steps)[3]]
    step.build()
    panel = step._panel  # noqa: SLF001 - the step's own panel widget, as the browser receives it
    board = step.app.state
    assert panel.explore_target == "../sandboxes/double_nine.ipynb"
    shown = ninekit.from_position_text(panel.explore)
    assert shown.view(step.learner) == board.view(step.learner) and panel.explore != ninekit.position_text(board)
    assert panel.explore_guessed  # the link says so, and the sandbox then does
    step.app.try_move(board.legal_moves()[0])
    assert ninekit.from_position_text(panel.explore).view(step.learner) == step.app.state.view(step.learner)


def test_every_legal_move_is_listed_and_an_illegal_click_says_which_rule_forbids_it():
    """Issue 27 item 3: every legal move is listed (a click plays it); clicking an illegal target on the board
    shows the rule that forbids it, as in the apps."""
    box = Sandbox(ninekit.nine_knights.position({"e5": "S7", "a5": "N1"}, to_move=0))
    state = box.area.state
    assert box.legal.choices == [str(m) for m in state.legal_moves()]
    assert f"({len(state.legal_moves())})" in box._legal_panel.get_title(0)  # noqa: SLF001 - its own title
    box.area.click("a5")  # North's Knight, with South to move
    assert box.area.message == "The Knight on a5 is North's; choose one of South's Knights"
    assert box.area.state is state
    box.legal.choose(0)
    assert box.area.state.history[-1][1] == state.legal_moves()[0] and box.tree.rows[-1]["current"]


def _edit_button(box: Sandbox, text: str) -> None:
    """Press the edit panel's button called ``text``."""
    for row in box.editor.children:
        for child in getattr(row, "children", ()):
            if isinstance(child, ipywidgets.Button) and child.description == text:
                child.click()
                return
    raise AssertionError(f"no edit button {text!r}")


@pytest.mark.parametrize("name", ninekit.games())
def test_a_position_is_set_up_by_clicking_the_board_and_played_from(name):
    """Issue 27 item 2: "Edit position" draws every secret; a click on a part of the board chooses it and its
    values are offered beside the board; a value chosen changes the position (checked by the game's position()),
    Undo takes it back, and "Play from here" explores the position set up (a new tree)."""
    box = Sandbox(name, seed=4)
    area = box.area
    _press(box, "Edit position")
    assert area.editing is not None and box.editor.layout.display is None and box._side.layout.display == "none"
    changed = 0
    for key in [p.key for p in area.editing.parts() if p.board]:
        part = next((p for p in area.editing.parts() if p.key == key and p.board), None)
        if part is None:  # (an edit before took it off the board)
            continue
        area.board.activate(part.board)
        assert area.edit_part == part.key, part.key
        others = [i for i, value in enumerate(box.editor.values.choices) if value != part.value]
        before = area.editing
        for index in others:
            box.editor.values.choose(index)
            if area.editing is not before and area.editing.state is not None:
                break
            if area.editing is not before:
                _edit_button(box, "Undo edit")
                assert area.editing is before
        else:
            continue
        changed += 1
        if changed == 3:
            break
    assert changed == 3, "three parts on the board took a new value"
    assert f'data-id="{part.board}"' in area.board.svg
    set_up = area.editing.state
    _edit_button(box, "Undo edit")
    undone = area.editing.state
    assert undone is not set_up and undone.view(None, reveal=True) != set_up.view(None, reveal=True)
    _edit_button(box, "Play from here")
    assert area.editing is None and area.session.root.state is undone and area.state is undone
    assert box._side.layout.display is None and area.errors == []


def test_an_impossible_position_says_why_and_cannot_be_played_from_until_it_is_put_right():
    """Issue 27 item 2: an edit the rules refuse names what is wrong (in the game's words); the board keeps the
    last playable position, "Play from here" is refused, and the tree cannot be walked until editing ends."""
    box = Sandbox("nine_knights", seed=4)
    area = box.area
    _press(box, "Edit position")  # in the Placement Phase, which position() does not build: the emptiest table
    assert "Here you start from the emptiest table" in area.message and len(area.editing.keywords["knights"]) == 2
    _edit_button(box, "New set-up")  # a new deal, its Knights placed by the computer players
    assert area.editing.state.position.phase == "movement" and len(area.editing.keywords["knights"]) >= 12
    _edit_button(box, "Emptiest table")
    for n in range(2, 10):
        area.edit(f"place N{n}", "set aside")
    shown = area.board.svg
    assert area.editing.state is not None and area.edit("place N1", "set aside") and area.editing.state is None
    assert "Not playable: impossible position: North has no Knights left" in area.message and area.board.svg == shown
    _edit_button(box, "Play from here")
    assert "cannot be played from" in area.message and area.editing is not None
    assert not area.back() and "editing" in area.message
    _edit_button(box, "Undo edit")
    _edit_button(box, "Play from here")
    assert area.editing is None and area.state.to_move == 0 and area.session.root.state is area.state
    assert box.editor.layout.display == "none" and box._steps.layout.display is None


def test_what_else_an_edit_changed_is_said():
    """Issue 27 item 2: a thing put somewhere leaves its old place; the sandbox says which other parts changed
    (a Goal Token put on a field swaps with the one there)."""
    box = Sandbox("nine_knights", seed=4)
    _press(box, "Edit position")
    assert box.area.edit("c10", "1")
    assert box.area.message == "Also changed: a10: 3"
    assert box.area.edit("e5", "S3") and box.area.message == "Also changed: South's Ranger 3 (S3): on e5"


def test_cancel_brings_back_the_tree_and_a_bad_value_changes_nothing():
    """Editing leaves the tree alone until "Play from here": Cancel goes back to it; a value the part cannot
    take is refused with a message naming it, the draft unchanged."""
    box = Sandbox("double_nine", seed=1)
    area = box.area
    _play_first(box)
    at = area.state
    _press(box, "Edit position")
    draft = area.editing
    key = draft.parts()[0].key
    assert not area.edit(key, "no such thing") and "no such thing" in area.message.lower()
    assert area.editing is draft
    _edit_button(box, "Cancel")
    assert area.editing is None and area.state is at and len(area.session.root.children) == 1
