"""Nine Knights in the widget shell: drawing, full games, and no leaks."""

from __future__ import annotations

import json
import random
import re

import pytest
from shell_driver import all_widgets, board_targets, play_by_clicks

import ninekit
from ninekit import Move
from widgets import GameApp, adapter_for
from widgets.shell.panels import log_html

PIECE = re.compile(r'<g class="nk-piece" data-duty="([^"]*)" data-owner="(\d)" data-revealed="(\d)"')
LEGAL = re.compile(r'<g data-id="([\w-]+)" class="nk-(?:square|wait) legal[^"]*" tabindex="0" role="button" '
                   r'aria-label="[^"]+"')
SWITCH = re.compile(r'<g data-id="([\w-]+)" class="nk-(?:square|wait) legal nk-switch[^"]*"')
IDS = re.compile(r'data-id="([\w-]+)"')
ADAPTER = adapter_for("nine_knights")
NARROW = {"layout": "narrow"}


def check_private(app) -> None:
    """Everything on screen comes from view(viewer)/log(viewer) only."""
    state, viewer = app.state, app.viewer
    if app.privacy_pending is not None:
        assert viewer is None and app.board.svg == app.board.svg_narrow == "" and app.move_log.text.value == ""
        return
    pending = {}
    if app.selection is not None:
        pending = {"selected": app.selection[0], "switch": app.selection[1]}
    assert app.board.svg == app.adapter.draw(state.view(viewer), app.targets, pending)
    assert app.board.svg_narrow == app.adapter.draw(state.view(viewer), app.targets, {**pending, **NARROW})
    assert app.move_log.text.value == log_html(app._log_lines(state, viewer))
    assert [t for t, event in app._log_lines(state, viewer) if not event] == state.log(viewer)
    for duty, owner, revealed in PIECE.findall(app.board.svg):
        if viewer is None or int(owner) != viewer:
            assert duty == "?" or revealed == "1", "an unrevealed enemy Duty number is on screen"
    # No trait anywhere carries the opponent's secrets beyond the view: in
    # particular no widget holds a save (which records every secret).
    for widget in all_widgets(app):
        assert "data:application/json" not in json.dumps(widget.get_state(), default=repr)


def test_draw_is_pure_and_marks_targets():
    state = ninekit.make("nine_knights").new(3)
    adapter = adapter_for("nine_knights")
    while not any(adapter.target_of(m) for m in state.legal_moves()):  # duties, then a pick
        state = state.play(state.legal_moves()[0])
    view = state.view(state.to_move)
    targets = {adapter.target_of(m): m for m in state.legal_moves() if adapter.target_of(m)}
    svg = adapter.draw(view, targets, {})
    assert svg == adapter.draw(json.loads(json.dumps(view)), dict(targets), {})
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')
    assert 'data-game="nine_knights"' in svg
    assert sorted(LEGAL.findall(svg)) == sorted(targets) and targets
    assert len(re.findall(r'<g data-id="[a-i]\d+" class="nk-square', svg)) == 90


def test_target_of_kinds():
    adapter = adapter_for("nine_knights")
    for kind in ("place", "select", "to", "summon_to"):
        assert adapter.target_of(Move(kind, ("c3",))) == "c3"
    assert adapter.target_of(Move("pick", ("S1",))) == "wait-S1"
    assert adapter.target_of(Move("summon", ("N2",))) == "wait-N2"
    for move in (Move("duty", (0, "AWR")), Move("cancel"), Move("reveal"), Move("keep")):
        assert adapter.target_of(move) is None


def test_board_is_drawn_from_the_viewers_side():
    state = ninekit.make("nine_knights").new(1)
    adapter = adapter_for("nine_knights")
    south = re.findall(r'<g data-id="(\w+)"', adapter.draw(state.view(0), {}, {}))
    north = re.findall(r'<g data-id="(\w+)"', adapter.draw(state.view(1), {}, {}))
    assert south[0] == "a10" and south[-1] == "i1"
    assert north[0] == "i1" and north[-1] == "a10"


def test_human_vs_computer_full_game():
    app = GameApp("nine_knights", seats=["human", "computer"], seed=11)
    assert app.viewer == 0
    play_by_clicks(app, random.Random(11), check=check_private)
    assert app._outcome.layout.display is None
    assert app.state.outcome.reason in app._outcome.value.replace("&#x27;", "'")
    assert "Knights on the board" in app._outcome.value
    assert app.errors == []


def test_human_as_north_sees_north_side():
    app = GameApp("nine_knights", seats=["computer", "human"], seed=5)
    assert app.viewer == 1 and app.state.to_move == 1
    assert re.findall(r'<g data-id="(\w+)"', app.board.svg)[0] == "i1"
    play_by_clicks(app, random.Random(5), check=check_private, limit=3000)


def test_computer_vs_computer():
    app = GameApp("nine_knights", seats=["computer", "computer"], seed=2)
    assert app.state.is_over and app.viewer is None
    check_private(app)
    assert "Game over" in app._outcome.value


def test_hot_seat_with_hand_over():
    app = GameApp("nine_knights", seats=["human", "human"], seed=4)
    assert app.privacy_pending == 0
    assert app.hand_over.button.description == "I am South — show my view"
    check_private(app)
    app.reveal()
    app.choose(app.choices[0])  # South's first duty group
    assert app.privacy_pending is None  # still South's decision
    seen = set()
    rng = random.Random(4)
    while not app.state.is_over:
        if app.privacy_pending is not None:
            seen.add(app.privacy_pending)
            name = app.game.seat_name(app.privacy_pending)
            assert app.hand_over.text.value.endswith(f"Pass the screen to {name}</div>")
            app.reveal()
        elif app.targets and (not app.choices or rng.random() < 0.8):
            assert app.click(rng.choice(sorted(app.targets))), app.message
        else:
            assert app.choose(rng.choice(app.choices)), app.message
        check_private(app)
    assert seen == {0, 1}


def test_illegal_click_shows_the_rule_text():
    app = GameApp("nine_knights", seats=["human", "computer"], seed=3)
    assert not app.click("e5")
    assert app.message == "That is not a legal choice now: choose one of the buttons below the board"
    while app.state.legal_moves()[0].kind != "pick":
        app.choose(app.choices[0])
    assert not app.click("e5")  # a field, while a Knight is to be taken from the Waiting Area
    assert app.message.startswith("Not now: South: choose a Knight from your Waiting Area")
    assert app.click(sorted(app.targets)[0])  # a waiting Knight, taken on the board
    before = app.state
    assert before.legal_moves()[0].kind == "place"
    assert not app.click("e5")
    assert app.message == before.why_illegal(Move("place", ("e5",)))
    assert app.message and "not a legal choice" not in app.message
    assert app.state is before
    assert not app.try_move(Move("place", ("a1",)))
    assert app.message == before.why_illegal(Move("place", ("a1",)))


def test_undo_redo_save_load():
    app = GameApp("nine_knights", seats=["human", "computer"], seed=8)
    rng = random.Random(8)
    for _ in range(30):
        if app.targets and (not app.choices or rng.random() < 0.8):
            app.click(rng.choice(sorted(app.targets)))
        else:
            app.choose(rng.choice(app.choices))
    here = app.state
    assert app.undo() and app.state.to_move == 0 and len(app.state.history) < len(here.history)
    assert app.redo() and app.state is here
    text = app.save_text()
    other = GameApp("nine_knights", seed=1)
    assert other.load_text(text) and other.state.history == here.history
    assert not other.load_text(text.replace('"seed": 8', '"seed": "x"'))
    assert "seed" in other.problems[-1] and other.state.history == here.history
    assert "not a saved game" in other.message


@pytest.mark.parametrize("seed", [0, 1])
def test_defection_option_game(seed):
    app = GameApp("nine_knights", seats=["computer", "computer"], seed=seed, defection=True)
    assert app.state.game.options["defection"] is True and app.state.is_over


def test_random_seat_gives_the_human_either_side():
    """Rulebook: the first player is chosen at random; with random_seat the human sits South or North by chance."""
    seats = {GameApp("nine_knights", random_seat=True).seats.index("human") for _ in range(24)}
    assert seats == {0, 1}
    app = GameApp("nine_knights", random_seat=True)
    assert app.new_game_form.random_seat_box.value
    app.new_game_form.random_seat_box.value = False
    south, north = app.new_game_form.seat_choices.children
    south.value, north.value = "human", "computer"
    assert app.new_game_form.press_start() and app.seats == ["human", "computer"] and not app.random_seat


# --- the table: waiting Knights, selection, banner, end of game ------------------------------------


def _targets(state, seat):
    return board_targets(state) if state.to_move == seat else {}


def _random_states(seeds=range(6), every=1, **options):
    """The states of random games (every ``every``-th, and always the last)."""
    for seed in seeds:
        state = ninekit.make("nine_knights", defection=seed % 2 == 1, **options).new(seed)
        rng = random.Random(seed)
        ply = 0
        while True:
            if ply % every == 0 or state.is_over:
                yield state
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
            ply += 1


def test_waiting_knights_are_board_targets_and_no_two_moves_share_an_id():
    """Placement and Summoning: the waiting Knights are clicked on the board, each with its own data-id."""
    kinds_seen = set()
    for state in _random_states():
        legal = state.legal_moves()
        ids = [ADAPTER.target_of(m) for m in legal]
        on_board = [t for t in ids if t is not None]
        assert len(on_board) == len(set(on_board)), f"two choices share a data-id: {state.prompt}"
        for move, target in zip(legal, ids):
            if move.kind in ("pick", "summon"):
                kinds_seen.add(move.kind)
                assert target == f"wait-{move.args[0]}"
                seat = state.to_move
                svg = ADAPTER.draw(state.view(seat), _targets(state, seat), {})
                assert target in LEGAL.findall(svg)
    assert kinds_seen == {"pick", "summon"}


def test_opponents_waiting_knights_carry_no_id_and_no_number():
    """Information: a waiting Knight's data-id names its number, so only the viewer's own Knights get one."""
    for state in _random_states(range(4), every=5, quiet_limit=20):
        if state.position.phase == "duty":
            continue
        for seat in (None, 0, 1):
            view = state.view(seat)
            svg = ADAPTER.draw(view, _targets(state, seat) if seat is not None else {}, {})
            waiting_ids = [i for i in IDS.findall(svg) if i.startswith("wait-")]
            over = state.is_over
            if seat is None:
                assert waiting_ids == []
                continue
            own = {f"wait-{'SN'[k['colour']]}{k['duty']}" for k in view["waiting"][seat]}
            assert set(waiting_ids) == own, (over, waiting_ids, own)


def test_selected_and_switch_are_drawn_clickable():
    """Choosing a Knight: the chosen piece and the other choosable pieces stay clickable (class legal)."""
    from ninekit.nine_knights import position

    s = position({"c3": "S4", "f3": "S8", "d4": "N5", "e8": "N9"}, waiting=[["S2"], []])
    select = s.game.parse_move({"kind": "select", "args": ["c3"]})
    others = [ADAPTER.target_of(m) for m in s.legal_moves() if m != select]
    after = s.play(select)
    svg = ADAPTER.draw(after.view(0), _targets(after, 0), {"selected": "c3", "switch": others})
    legal = LEGAL.findall(svg)
    assert "c3" in legal and all(o in legal for o in others)
    assert '<g data-id="c3" class="nk-square legal nk-switch nk9-chosen"' in svg
    # Placement: the taken Knight is highlighted in the Waiting Area under the id of its pick.
    s = ninekit.make("nine_knights").new(3)
    while s.legal_moves()[0].kind != "pick":
        s = s.play(s.legal_moves()[0])
    pick = s.legal_moves()[0]
    rest = [ADAPTER.target_of(m) for m in s.legal_moves()[1:]]
    after = s.play(pick)
    svg = ADAPTER.draw(after.view(0), _targets(after, 0), {"selected": ADAPTER.target_of(pick), "switch": rest})
    legal = LEGAL.findall(svg)
    assert ADAPTER.target_of(pick) in legal and all(r in legal for r in rest)
    assert f'<g data-id="{ADAPTER.target_of(pick)}" class="nk-wait legal nk-switch nk9-chosen"' in svg


def test_fight_banner_is_drawn_for_every_seat():
    """Fight: after a fight every seat's board shows the banner with the numbers and the deciding rule."""
    from ninekit.nine_knights import position

    s = position({"c3": "S4", "d4": "N5", "e8": "N9"})
    s = s.play(s.game.parse_move({"kind": "select", "args": ["c3"]}))
    s = s.play(s.game.parse_move({"kind": "to", "args": ["d4"]}))
    for seat in (None, 0, 1):
        svg = ADAPTER.draw(s.view(seat), _targets(s, seat), {})
        assert "Fight on d4" in svg and "a difference of 1: the lower number wins." in svg
        assert "South&#x27;s Knight 4 beats North&#x27;s" in svg


def test_prompt_note_is_drawn_only_for_the_deciding_seat():
    """Hidden Token: the explanation naming the token reaches only its owner's screen."""
    from ninekit.nine_knights import position

    s = position({"e5": "S2", "e6": "N8", "a9": "N1"}, hidden=(3, 4), revealed=["N8"], to_move=1)
    s = s.play(s.game.parse_move({"kind": "select", "args": ["e6"]}))
    s = s.play(s.game.parse_move({"kind": "to", "args": ["e5"]}))
    assert s.to_move == 0
    for layout in ({}, NARROW):
        assert "Your Hidden Token is 3" in ADAPTER.draw(s.view(0), _targets(s, 0), layout)
        for seat in (None, 1):
            assert "Hidden Token is 3" not in ADAPTER.draw(s.view(seat), {}, layout)
    app = GameApp("nine_knights", seats=["human", "computer"], seed=1)
    app.restart(s)  # the shell shows the note under the prompt, to the deciding seat
    assert "Your Hidden Token is 3" in app._status.value and 'class="nk-prompt-note"' in app._status.value


def test_final_board_shows_every_number():
    """Game end: every Knight's Duty number is drawn on the final board, for every seat and spectators."""
    app = GameApp("nine_knights", seats=["computer", "computer"], seed=2)
    assert app.state.is_over
    for seat in (None, 0, 1):
        svg = ADAPTER.draw(app.state.view(seat), {}, {})
        duties = [d for d, _o, _r in PIECE.findall(svg)]
        assert duties and "?" not in duties
        assert "Game over" in svg and "Hidden Tokens" in svg


def test_clicks_never_show_developer_detail():
    """Messages in players' words: whatever a player clicks, the answer names no move dicts or Knight ids."""
    bad = re.compile(r"Malformed|\b[SN][1-9]\b|'|\{|\[|args|kind")
    checked = 0
    for state in _random_states(range(3), every=2, quiet_limit=20):
        if state.is_over:
            continue
        seat = state.to_move
        svg = ADAPTER.draw(state.view(seat), _targets(state, seat), {})
        legal = state.legal_moves()
        for data_id in set(IDS.findall(svg)):
            guess = ADAPTER.guess_move(data_id, legal)
            if guess is None:
                continue
            text = state.why_illegal(guess)
            if text:
                checked += 1
                assert not bad.search(re.sub(r"(\w)'s\b", r"\1s", text)), text
    assert checked > 100


# --- the phone layout (pending["layout"] == "narrow") ------------------------------------------------------


def _size(svg: str) -> tuple[float, float]:
    width, height = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    return width, height


def _chosen(state, move):
    """The state after ``move`` (a choice of a Knight) and the shell's hints: it is chosen, the others switch."""
    others = [ADAPTER.target_of(m) for m in state.legal_moves() if m != move and ADAPTER.target_of(m)]
    return state.play(move), {"selected": ADAPTER.target_of(move), "switch": others}


def _phase_positions():
    """(name, view, targets, pending) for a position of each phase, as the deciding seat and as others see it."""
    from ninekit.nine_knights import position

    out = []

    def add(name, state, pending=None, seats=(0, 1, None)):
        for seat in seats:
            mine = seat == state.to_move
            out.append((f"{name}, seen by {seat}", state.view(seat), _targets(state, seat),
                        (pending or {}) if mine else {}))

    duty = ninekit.make("nine_knights").new(3)
    add("duty", duty)
    pick = duty
    while pick.legal_moves()[0].kind != "pick":
        pick = pick.play(pick.legal_moves()[0])
    add("placement, a Knight to pick", pick)
    add("placement with a picked Knight", *_chosen(pick, pick.legal_moves()[1]))
    move = position({"c3": "S4", "f3": "S8", "d4": "N5", "e8": "N9"}, waiting=[["S2"], ["N3"]], fallen=["S9"])
    add("movement, a Knight to select", move)
    add("movement with a selected Knight", *_chosen(move, move.game.parse_move({"kind": "select", "args": ["c3"]})))
    reveal = position({"e5": "S2", "e6": "N8", "a9": "N1"}, hidden=(2, 4), revealed=["N8"], to_move=1)
    for kind, square in (("select", "e6"), ("to", "e5")):
        reveal = reveal.play(reveal.game.parse_move({"kind": kind, "args": [square]}))
    add("the Hidden Token question", reveal)
    lost = position({"e3": "S5", "b4": "S2", "e4": "N7", "a9": "N1"}, waiting=[["S3", "S6", "S8"], []],
                    revealed=["N7"], to_move=1, defection=True)
    for kind, square in (("select", "e4"), ("to", "e3")):
        lost = lost.play(lost.game.parse_move({"kind": kind, "args": [square]}))
    assert lost.legal_moves()[0].kind == "summon"
    add("summon, a Knight to choose", lost)
    add("summon with a chosen Knight", *_chosen(lost, lost.legal_moves()[0]))
    over = GameApp("nine_knights", seats=["computer", "computer"], seed=2).state
    add("game over", over)
    return out


PHASES = _phase_positions()


@pytest.mark.parametrize("name,view,targets,pending", PHASES, ids=[p[0] for p in PHASES])
def test_narrow_picture_fits_a_phone_and_keeps_every_data_id(name, view, targets, pending):
    """Requirement (phones): the narrow picture is portrait and at most 420 units wide (drawn near 1:1 on a 390 px
    screen), a pure function of its arguments, and carries exactly the same data-ids as the wide picture - the
    legal ones and the nk-switch ones included - so a click means the same in both."""
    wide = ADAPTER.draw(view, targets, pending)
    narrow = ADAPTER.draw(view, targets, {**pending, **NARROW})
    assert narrow == ADAPTER.draw(json.loads(json.dumps(view)), dict(targets), {**pending, **NARROW})
    width, height = _size(narrow)
    assert 380 <= width <= 420 < _size(wide)[0] and height > width, name
    assert sorted(LEGAL.findall(narrow)) == sorted(LEGAL.findall(wide)), name
    assert sorted(SWITCH.findall(narrow)) == sorted(SWITCH.findall(wide)), name
    assert sorted(IDS.findall(narrow)) == sorted(IDS.findall(wide)), name
    chosen = {pending["selected"], *pending["switch"]} if pending else set()
    assert set(LEGAL.findall(narrow)) == set(targets) | chosen, name


@pytest.mark.parametrize("name,view,targets,pending", PHASES, ids=[p[0] for p in PHASES])
def test_narrow_picture_is_readable_and_easy_to_tap(name, view, targets, pending):
    """Requirement (phones): no text of the narrow picture is under 11 units; squares are at least 40 units and
    every waiting Knight's box at least 38 x 40; the order from the top is the opponent's Waiting Area, the board,
    your Waiting Area, then the banner and the Hidden Tokens."""
    narrow = ADAPTER.draw(view, targets, {**pending, **NARROW})
    sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', narrow)]
    sizes += [float(x) for x in re.findall(r"font-size:([\d.]+)px", narrow)]
    assert min(sizes) >= 11, name
    squares = re.findall(r'<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="([\d.]+)" class="nk-sq', narrow)
    assert len(squares) == 90 and all(float(w) >= 40 and float(h) >= 40 for w, h in squares), name
    for box in re.findall(r'<g data-id="wait-\w+" class="nk-wait[^"]*"[^>]*><rect [^>]*class="nk-hl"/>', narrow):
        w, h = (float(v) for v in re.search(r'width="([\d.]+)" height="([\d.]+)"', box).groups())
        assert w >= 38 and h >= 40, (name, box)
    seat = view.get("seat")
    you = 1 if seat == 1 else 0
    other = _esc(f"{view['seats'][1 - you]}'s Waiting Area") if view.get("seats") else None
    mine = "Your Waiting Area" if seat is not None else _esc(f"{view['seats'][you]}'s Waiting Area")
    board = narrow.index('data-id="a1"')
    order = [narrow.index(other) if other else 0, board, narrow.index(mine), narrow.index("Hidden Tokens:")]
    assert order == sorted(order), name
    if "nk9-banner-box" in narrow:
        assert narrow.index(mine) < narrow.index("nk9-banner-box") < narrow.index("Hidden Tokens:"), name


def _esc(text: str) -> str:
    return text.replace("'", "&#x27;")


def test_switch_and_put_back_elements_carry_nk_switch_in_both_layouts():
    """The browser driver tells clicks that only change the selection from clicks that move the game on: the
    chosen Knight and those to switch to carry class nk-switch (and legal), the real choices do not."""
    checked = 0
    for name, view, targets, pending in PHASES:
        for layout in ({}, NARROW):
            svg = ADAPTER.draw(view, targets, {**pending, **layout})
            switch = set(SWITCH.findall(svg))
            if pending:
                checked += 1
                assert switch == {pending["selected"], *pending["switch"]} and switch, name
                chosen = pending["selected"]
                kind = "wait" if chosen.startswith("wait-") else "square"
                assert f'<g data-id="{chosen}" class="nk-{kind} legal nk-switch nk9-chosen"' in svg, name
            else:
                assert switch == set(), name
            assert not switch & set(targets), name
    assert checked == 6  # placement, movement and summon with a chosen Knight, in both layouts

