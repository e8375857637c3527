"""Codinca in the widget shell: the table drawing, clicks, selections, and no leaks.

No browser: the drawing is a pure function of ``state.view(seat)`` (and the targets and hints the shell
passes), and ``GameApp.click`` / ``GameApp.choose`` do what a click on the board or on a button does.
"""

from __future__ import annotations

import html
import json
import random
import re

import pytest
from shell_driver import all_widgets, board_targets, play_by_clicks

import ninekit
from ninekit import Move
from ninekit.codinca import RECONSTRUCTED_NOTE, position, touched
from ninekit.codinca.data import TRAPS
from widgets import GameApp, adapter_for
from widgets.shell.panels import log_html

ADAPTER = adapter_for("codinca")
NARROW = {"layout": "narrow"}
LEGAL = re.compile(r'<g data-id="([^"]+)" class="[^"]*\blegal\b[^"]*" tabindex="0" role="button" aria-label="[^"]+"')
SWITCH = re.compile(r'<g data-id="([^"]+)" class="[^"]*\blegal nk-switch"')
IDS = re.compile(r'data-id="([^"]+)"')
TOUCH = re.compile(r'<g data-id="([^"]+)" class="[^"]*" tabindex="0" role="button" aria-label="[^"]*" '
                   r'data-touch="([^"]+)"')
BUTTON_KINDS = {"push", "turn", "extra", "trap", "claim", "end"}
TRAP_NAMES = {t: name for t, name, _grid in TRAPS}


def parse(state, kind, *args):
    return state.game.parse_move({"kind": kind, "args": list(args)})


def _size(svg: str) -> tuple[float, float]:
    w, h = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups()
    return float(w), float(h)


def expand_uses(svg: str) -> str:
    """The picture with each ``<use href="#id">`` replaced by what it shows (the drawing ``id`` in its <defs>)."""
    defs = dict(re.findall(r'<g id="([^"]+)">(.*?)</g>', svg))
    for _ in range(3):  # a face's drawing uses its side's background
        svg = re.sub(r'<use href="#([^"]+)"[^>]*/>', lambda m: defs[m.group(1)], svg)
    return svg


def random_states(players: int, seed: int, moves: int = 160, **options):
    """States along a random game (random play rarely claims: the bots of ninekit.bots do)."""
    state = ninekit.make("codinca", players, **options).new(seed)
    rng = random.Random(seed)
    yield state
    for _ in range(moves):
        if state.is_over:
            return
        state = state.play(rng.choice(state.legal_moves()))
        yield state


# --- drawing -------------------------------------------------------------------------------------------------

def test_draw_is_pure_and_marks_targets():
    """Requirement: the picture is a pure function of the view; every legal target (and only those) carries class
    ``legal`` with its data-id, is focusable and has an aria-label, in the wide and the phone picture."""
    state = position(2)
    view = state.view(0)
    targets = board_targets(state)
    for pending in ({}, NARROW):
        svg = ADAPTER.draw(view, targets, pending)
        assert svg == ADAPTER.draw(json.loads(json.dumps(view)), dict(targets), dict(pending))
        assert 'data-game="codinca"' in svg
        assert sorted(LEGAL.findall(svg)) == sorted(targets)
        plain = ADAPTER.draw(view, {}, pending)
        assert not LEGAL.findall(plain) and not re.search(r'class="[^"]*\blegal\b', plain)
    assert sorted(targets) == sorted(["a3", "b2", "b4", "d4"] + [f"luck:{a}" for a in (
        "reveal_trap", "line_push", "switch_pair", "rotate_block", "line_lock", "block_lock", "block_flip",
        "line_flip")])


def test_target_of_kinds():
    """Requirement: squares choose tile / switch / flip, rank and file labels a line, grid points a block,
    crystals a Lock, pills a pair, the Luck Action Card an action; the rest are buttons."""
    t = ADAPTER.target_of
    for kind in ("tile", "switch", "flip"):
        assert t(Move(kind, ("c3",))) == "c3"
    assert t(Move("line", ("4",))) == "line:4" and t(Move("line", ("a",))) == "line:a"
    assert t(Move("block", ("V22",))) == "block:V22"
    assert t(Move("crystal", ("R4",))) == "crystal:R4" and t(Move("crystal", ("V11",))) == "crystal:V11"
    assert t(Move("pair", ("a1-b1",))) == "dom:a1-b1" == t(Move("pair_with", ("a1-b1",)))
    assert t(Move("luck", ("rewind",))) == "luck:rewind"
    for kind, args in (("push", ("east",)), ("turn", ("cw",)), ("extra", ("flip",)), ("trap", ()),
                       ("claim", ("L1",)), ("end", ())):
        assert t(Move(kind, args)) is None


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_every_legal_move_is_a_board_target_or_a_button(players, seed):
    """Requirement: at every decision each legal move is reachable: a unique board target drawn as legal in both
    layouts, or (push direction, turn, extra move, trap, claim, end) a button."""
    kinds = set()
    drawn = set()
    for i, state in enumerate(random_states(players, seed, 150)):
        if state.is_over:
            continue
        legal = state.legal_moves()
        ids = [ADAPTER.target_of(m) for m in legal]
        on_board = [i for i in ids if i is not None]
        assert len(on_board) == len(set(on_board)), state.prompt  # no two moves share an element
        targets = board_targets(state)
        # drawn (both layouts): every decision of a kind not drawn yet, and every third one (drawing is the slow part)
        decision = frozenset(m.kind for m in legal), tuple(sorted(t.partition(":")[0] for t in targets))
        if decision not in drawn or i % 3 == 0:
            drawn.add(decision)
            view = state.view(state.to_move)
            for layout in ({}, NARROW):
                svg = ADAPTER.draw(view, targets, layout)
                assert sorted(LEGAL.findall(svg)) == sorted(targets), state.prompt
        for move, target in zip(legal, ids):
            kinds.add(move.kind)
            if target is None:
                assert move.kind in BUTTON_KINDS, move
    assert {"tile", "switch", "flip", "luck", "end"} <= kinds


def test_touched_squares_are_on_every_target():
    """Requirement: choosing an action highlights every square it would change before it is committed: each
    target carries the squares ``touched(view, move)`` gives, and the picture's style highlights them on hover and
    focus; the squares of the action under way stay highlighted."""
    state = position(2)
    for kind, arg in (("luck", "line_push"),):
        state = state.play(parse(state, kind, arg))
    view = state.view(0)
    targets = board_targets(state)
    svg = ADAPTER.draw(view, targets, {})
    touch = dict(TOUCH.findall(svg))
    assert set(touch) == set(targets)
    for tid, move in targets.items():
        assert touch[tid].split() == touched(view, move)
    assert touch["line:4"] == "a4 b4 c4 d4" and touch["line:c"] == "c4 c3 c2 c1"
    assert ".cx:has(:is(.legal:hover,.legal:focus-visible,.cx-trap:hover)[data-touch~=a4]) .cx-at-a4 .cx-prev" in svg
    # the line chosen: its four squares stay outlined while the direction is chosen (buttons)
    state = state.play(parse(state, "line", "b"))
    svg = ADAPTER.draw(state.view(0), board_targets(state), {})
    pend = re.findall(r'<g data-id="(\w\d)" class="cx-sq cx-at-\w\d[^"]*"[^>]*>(?:(?!</g>).)*class="cx-pend"', svg)
    assert sorted(pend) == ["b1", "b2", "b3", "b4"]
    assert 'data-id="line:b" class="cx-chosen' in svg


def test_tiles_differ_by_shape_and_pattern_not_colour_alone():
    """Requirement: a stone face is hatched in a square frame, a gold one ringed with rays; each element has its own
    alchemical triangle (Air and Earth with a bar) and its initial; the seats are named on their edges, an empty
    seat greyed."""
    state = position(3)  # Fire, Water, Air: Earth's seat is empty
    svg = ADAPTER.draw(state.view(0), {}, {})
    squares = dict(re.findall(r'<g data-id="(\w\d)" class="cx-sq[^"]*"[^>]*>(.*?)<title>', expand_uses(svg)))
    assert len(squares) == 16
    for sq, body in squares.items():
        element, side = state.view(0)["tiles"][sq]
        if side == "S":
            assert "cx-hatch" in body and "cx-frame" in body and "cx-ray" not in body, sq
        else:
            assert "cx-ring" in body and "cx-ray" in body and "cx-hatch" not in body, sq
        assert f">{element[0]}</text>" in body
        assert body.count('class="cx-bar"') == (1 if element in ("Air", "Earth") else 0), sq
    assert "Earth: empty seat" in svg and 'class="cx-seat cx-empty"' in svg
    assert "FIRE (you)" in svg and ">WATER<" in svg and ">AIR<" in svg
    assert "Air tile, gold face up" in svg


def test_crystals_totem_and_locks_are_drawn():
    """Requirement: 8 red crystals at line ends and 9 blue crystals (the centre is the Lock Totem's home); the
    totem stands where it is; locked squares are marked; a crystal is clickable where a Lock is legal."""
    state = position(2)
    svg = ADAPTER.draw(state.view(0), {}, {})
    assert svg.count('class="cx-red"') == 8 and svg.count('class="cx-blue"') == 8 and 'class="cx-home"' in svg
    assert svg.count('class="cx-totem"') == 1
    state = state.play(parse(state, "luck", "line_lock"))
    targets = board_targets(state)
    assert sorted(targets) == ["crystal:R1", "crystal:R2", "crystal:R3", "crystal:R4", "crystal:Ra", "crystal:Rb",
                               "crystal:Rc", "crystal:Rd"]
    svg = ADAPTER.draw(state.view(0), targets, {})
    assert dict(TOUCH.findall(svg))["crystal:R4"] == "a4 b4 c4 d4"
    state = state.play(parse(state, "crystal", "R4"))
    svg = ADAPTER.draw(state.view(1), {}, {})
    assert 'data-id="crystal:R4"' in svg and "the Lock Totem stands here: that line is locked" in svg
    locked = re.findall(r'<g data-id="(\w\d)" class="cx-sq[^"]*"[^>]*>(?:(?!</g>).)*class="cx-lockx"', svg)
    assert sorted(locked) == ["a4", "b4", "c4", "d4"]
    state = position(2).play(parse(position(2), "luck", "block_lock"))
    targets = board_targets(state)
    assert len(targets) == 8 and "crystal:V22" not in targets and "crystal:V11" in targets


def test_discs_trap_tokens_and_luck_card():
    """Requirement: your four Key Discs as diagrams (a match ringed, a claim ticked), your face-down Trap Card (its
    grid once looked at), your Luck tokens and the Luck Action Card with ten icons; the others' public state."""
    tiles = {"a4": ("Fire", "S"), "b4": ("Fire", "S"), "c4": ("Fire", "S"), "d4": ("Fire", "S"),
             "a3": ("Air", "G"), "b3": ("Water", "G"), "c3": ("Earth", "G"), "d3": ("Water", "S"),
             "a2": ("Air", "S"), "b2": ("Water", "S"), "c2": ("Air", "G"), "d2": ("Earth", "S"),
             "a1": ("Earth", "G"), "b1": ("Air", "S"), "c1": ("Earth", "S"), "d1": ("Water", "G")}
    state = position(2, tiles=tiles, claimed=[["B1"], []], tokens=[3, 4], rewind_used=[0])
    view = state.view(0)
    assert view["matched"] == ["L1"]
    svg = ADAPTER.draw(view, board_targets(state), {})
    assert svg.count('class="cx-disc cx-match"') == 1 and "matches now!" in svg
    assert 'class="cx-disc cx-claimed"' in svg and "claimed ✓" in svg
    assert "Your Trap Card: face down" in svg and "Luck tokens: 3 of 4" in svg
    assert svg.count('class="cx-token"') >= 3 + 4
    for name in ("Reveal Trap", "Line Push", "Switch Pair", "Rotate Block", "Line Lock", "Block Lock", "Block Flip",
                 "Line Flip", "Extra Move", "Rewind"):
        assert f">{name}</text>" in svg
    assert "used: once per game" in svg  # seat 0 used Rewind
    assert "Earth (South)" in svg and "Trap Card face down" in svg and "Rewind still open" in svg
    svg1 = ADAPTER.draw(state.view(1), {}, {})
    assert "Rewind used" in svg1
    seen = state.play(parse(state, "luck", "reveal_trap"))
    svg = ADAPTER.draw(seen.view(0), board_targets(seen), {})
    assert "Trap Card T01 Far Row Stone" in svg and "T02" not in svg
    # pointing at the card looked at outlines the squares it sets (Fire plays it turned: its far row on rank 1)
    assert re.search(r'<g class="cx-trap" aria-label="[^"]*" data-touch="a1 b1 c1 d1"', svg)


def test_reconstructed_is_said_on_the_board_and_in_the_rules_panel():
    """Requirement: the reconstructed components are named as such on the board and in the Rules panel."""
    state = position(2)
    for layout in ({}, NARROW):
        assert "Reconstructed" in ADAPTER.draw(state.view(0), {}, layout)
    panel = ADAPTER.describe_for_rules_panel(ninekit.make("codinca"))
    assert html.escape(RECONSTRUCTED_NOTE, quote=True) in panel
    app = GameApp("codinca", seats=["human", "computer"])
    assert html.escape(RECONSTRUCTED_NOTE, quote=True) in app.rules_panel.text.value


def test_layouts_fit_a_laptop_and_a_phone():
    """Requirement: the wide picture is landscape (beside the side panel on a 1280 x 800 screen); the phone picture
    is at most 420 units wide with no text under 11 units and squares at least 64 units; both carry the same ids."""
    for players in (2, 3, 4):
        for state in list(random_states(players, players, 40))[::13]:
            view = state.view(state.to_move)
            targets = board_targets(state)
            wide = ADAPTER.draw(view, targets, {})
            narrow = ADAPTER.draw(view, targets, NARROW)
            w, h = _size(wide)
            assert w > h and h <= 700, (w, h)
            assert _size(narrow)[0] <= 420
            assert sorted(IDS.findall(narrow)) == sorted(IDS.findall(wide))
            sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', narrow)]
            sizes += [float(x) for x in re.findall(r"font-size:([\d.]+)px", narrow)]
            assert min(sizes) >= 11
            cell = r'<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="([\d.]+)" class="cx-cell"'
            cells = re.findall(cell, narrow)
            assert len(cells) == 16 and all(float(a) >= 64 for a, _ in cells)


# --- the shell: clicks, selections ----------------------------------------------------------------------------

def test_a_turn_by_clicks():
    """Rule: a turn is Switch (choose your tile, then an adjacent tile), Flip, then end (or claim)."""
    app = GameApp(position(2), seats=["human", "computer"])
    assert app.click("b2"), app.message
    assert "a1" in app.targets and "d4" not in app.targets
    assert app.click("c3"), app.message
    before = app.state.view(0)["tiles"]["a4"][1]
    assert app.click("a4"), app.message
    assert app.state.view(0)["tiles"]["a4"][1] != before
    assert app.choices == ["Play your Trap Card blind (you have not looked at it)", "End your turn"]
    assert "luck:extra_move" in app.targets  # after the Flip: Luck actions on the card, the Extra Move too
    assert app.choose("End your turn"), app.message


def test_illegal_clicks_explain_the_rule():
    """Requirement: a refused click says which rule forbids it, in the game's words."""
    app = GameApp(position(2), seats=["human", "computer"])
    assert not app.click("a1") and "Earth's: a Switch must include one of your own" in app.message
    assert app.click("b2")
    assert not app.click("d1") and "is not next to b2" in app.message
    assert app.click("c3")  # switched: now the Flip
    assert not app.click("luck:line_push") and "not between them" in app.message
    # a rank, block, crystal or pair is chosen by a Luck action: when none may be taken, the rules say why
    for tid in ("line:2", "block:V11", "crystal:R4", "dom:a1-b1"):
        assert not app.click(tid) and "not between them" in app.message, tid
    app = GameApp(position(2, tokens=[0, 4]), seats=["human", "computer"])
    assert not app.click("line:a") and app.message == "You have no Luck tokens left"


def test_put_back_and_switch_a_tile_a_pair_and_a_luck_action():
    """Requirement: a chosen tile, pair or Luck action that asks a further choice can be clicked again to put it
    back, or another one clicked instead; Reveal Trap and Rewind can never be taken back that way."""
    app = GameApp(position(2), seats=["human", "computer"])
    start = app.state
    assert app.click("b2")
    selected, switch = app.selection
    assert selected == "b2" and {"b4", "d4", "luck:line_push"} <= set(switch)
    assert "luck:reveal_trap" not in switch
    svg = app.board.svg
    assert set(SWITCH.findall(svg)) == {selected, *switch}
    assert app.click("d4") and app.selection[0] == "d4"  # switched to another tile
    assert app.click("d4") and app.state.history == start.history  # put back
    assert app.click("luck:line_push") and app.selection[0] == "luck:line_push"
    assert app.state.view(0)["tokens"][0] == 3
    assert app.click("luck:line_push") and app.state.view(0)["tokens"][0] == 4  # token back
    assert app.click("luck:switch_pair") and app.click("dom:a1-b1")
    assert app.selection[0] == "dom:a1-b1" and sorted(app.targets) == ["dom:a2-b2", "dom:c1-d1"]
    assert app.click("dom:a1-b1") and app.state.view(0)["step"] == "pair"
    assert app.click("dom:a1-b1") and app.click("dom:c1-d1")
    assert app.state.view(0)["tiles"]["c1"] == ["Earth", "G"]  # a1-b1 and c1-d1 exchanged
    assert app.click("luck:reveal_trap")
    assert app.selection is None
    assert not app.click("luck:reveal_trap")  # no longer offered, and nothing to put back
    state = position(2, last_switch=("b4", "c3"), to_move=1)
    app = GameApp(state, seats=["computer", "human"])
    assert app.click("luck:rewind"), app.message
    assert app.selection is None and not app.click("luck:rewind")
    assert ADAPTER.selects(Move("luck", ("line_lock",))) and not ADAPTER.selects(Move("luck", ("rewind",)))


def test_undo_never_takes_back_a_look_at_the_trap_card():
    """Requirement: a Trap Card looked at (Reveal Trap) or played cannot be unseen: Undo stops after it."""
    app = GameApp(position(2), seats=["human", "computer"])
    assert app.click("b2") and app.undo()  # an ordinary choice: undone
    assert app.click("luck:reveal_trap")
    assert not app.undo() and app.state.view(0)["traps"][0]["state"] == "looked at"
    assert app.toolbar.undo_button.disabled
    assert app.click("b2") and app.undo()  # back to just after the look, not before it
    assert app.state.view(0)["traps"][0]["state"] == "looked at" and not app.undo()
    app = GameApp(position(2), seats=["human", "computer"])
    assert app.choose("Play your Trap Card blind (you have not looked at it)")
    assert not app.undo() and app.state.view(0)["traps"][0]["state"] == "played"
    assert ADAPTER.irreversible(Move("luck", ("reveal_trap",))) and not ADAPTER.irreversible(Move("luck", ("rewind",)))


def test_buttons_for_push_turn_extra_trap_claim_end():
    """Requirement: push directions, turns, the extra move, the Trap Card and the end are buttons."""
    app = GameApp(position(2), seats=["human", "computer"])
    assert app.click("luck:line_push") and app.click("line:2")
    assert app.targets == {} and app.choices == ["Push east", "Push west"]
    assert app.choose("Push east")
    assert app.click("luck:rotate_block") and app.click("block:V22")
    assert app.choices == ["Turn it 90° clockwise", "Turn it 90° anticlockwise", "Turn it 180°"]
    assert app.choose("Turn it 180°")
    assert "Play your Trap Card blind (you have not looked at it)" in app.choices


@pytest.mark.parametrize("players", [2, 4])
def test_hot_seat_game_to_the_end(players):
    """Rule: a hot-seat game (round limit 3, a house rule) played to the end by clicks, every decision a board
    click or a button, with the hand-over between seats."""
    app = GameApp("codinca", players=players, seats=["human"] * players, seed=players, round_limit=3)
    assert play_by_clicks(app, random.Random(players)) > 20
    assert app.state.is_over and app.errors == []
    assert "round limit" in app._outcome.value
    svg = app.board.svg
    assert "Game over" in svg and 'class="legal' not in svg


# --- privacy ----------------------------------------------------------------------------------------------

def _id(text: str) -> re.Pattern:
    return re.compile(r"(?<![\w#-])" + re.escape(text) + r"(?![\w-])")


def _any_id(texts) -> re.Pattern:
    """One pattern for several ids (one pass over the screen instead of one a secret)."""
    return re.compile(r"(?<![\w#-])(?:" + "|".join(re.escape(t) for t in sorted(texts, key=len, reverse=True)) +
                      r")(?![\w-])")


def secrets(app) -> set:
    """What the viewer may not know now: the others' unclaimed Key Discs and every Trap Card not shown to it."""
    state, viewer = app.state, app.viewer
    if state.is_over:
        return set()
    pos = state.position
    hidden = set()
    for p in range(len(pos.seats)):
        if p != viewer:
            hidden.update(d for d in pos.discs[p] if d not in pos.claimed[p])
        shown = pos.trap_state[p] == "played" or (p == viewer and pos.trap_state[p] == "seen")
        if not shown:
            hidden.update({pos.traps[p], TRAP_NAMES[pos.traps[p]]})
    known = json.dumps(state.view(viewer), ensure_ascii=False) + " ".join(state.log(viewer)) + " ".join(app.choices)
    return {h for h in hidden if not _id(h).search(known)}


def check_private(app, rules_html, *, redraw: bool = True) -> None:
    """No secret in any widget; with ``redraw``, also that the pictures are the drawing of the viewer's view."""
    state, viewer = app.state, app.viewer
    if app.privacy_pending is not None:
        assert viewer is None and app.board.svg == "" and app.move_log.text.value == ""
    elif redraw:
        selection = app.selection
        pending = {} if selection is None else {"selected": selection[0], "switch": list(selection[1])}
        assert app.board.svg == ADAPTER.draw(state.view(viewer), app.targets, pending)
        assert app.board.svg_narrow == ADAPTER.draw(state.view(viewer), app.targets, {**pending, **NARROW})
        assert app.move_log.text.value == log_html(app._log_lines(state, viewer))
    assert app.rules_panel.text.value == rules_html  # a static legend and the reconstructed decks
    texts = []
    for widget in all_widgets(app):
        if widget is app.rules_panel.text:
            continue
        texts.append(json.dumps(widget.get_state(), default=repr, ensure_ascii=False))
    screen = "\n".join(texts)
    hidden = [h for h in secrets(app) if h in screen]  # a plain search first: the pattern only where it may match
    if hidden:
        found = _any_id(hidden).search(screen)
        assert not found, f"{found and found.group(0)} (hidden from seat {viewer}) is on screen"


@pytest.mark.parametrize("seats,seed", [
    (["human", "human"], 1),
    (["human", "human", "human", "human"], 2),
    (["human", "computer", "computer"], 3),
    (["computer", "human"], 4),
])
def test_no_leak_of_discs_or_traps(seats, seed):
    """Requirement (secret Key Discs and Trap Cards): neither the picture nor any widget's state ever holds another
    seat's unclaimed Key Disc or a Trap Card its seat has not been shown - hot-seat and against the computer."""
    checked = []

    def check(app):
        check_private(app, rules_html, redraw=len(checked) % 2 == 0)  # the widgets at every step, redrawn at half
        checked.append(len(secrets(app)))

    for game_seed in (seed,):  # one game a seating (tests/test_codinca.py plays many more at the rules level)
        app = GameApp("codinca", players=len(seats), seats=seats, seed=game_seed,
                      round_limit=3 if len(seats) < 4 else 2)
        rules_html = app.rules_panel.text.value
        assert play_by_clicks(app, random.Random(game_seed), check=check) > 10
        # at the end every disc and trap is shown
        svg = ADAPTER.draw(app.state.view(None), {}, {})
        for discs in app.state.position.discs:
            for d in discs:
                assert _id(d).search(svg)
    assert sum(1 for n in checked if n) >= len(checked) // 2


def test_leak_check_catches_a_leak():
    """Requirement: the leak check itself works - another seat's disc drawn into the picture is caught."""
    app = GameApp("codinca", seats=["human", "computer"], seed=8)
    rules_html = app.rules_panel.text.value
    other = app.state.position.discs[1][2]
    app.board.svg += f"<text>{other}</text>"
    with pytest.raises(AssertionError):
        check_private(app, rules_html)


def test_spectator_and_end_views():
    """Rule: a spectator sees every seat's public state only; once the game is over every disc and trap shows."""
    state = position(4)
    svg = ADAPTER.draw(state.view(None), {}, {})
    assert "The players" in svg and "You:" not in svg and "Luck Action Card" not in svg
    assert not re.search(r">(?:Line|Diagonal|Block|Corners) [LDBC]\d<", svg)
