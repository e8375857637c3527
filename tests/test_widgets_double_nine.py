"""Double Nine in the widget shell: the card table drawing, clicks, full matches, and no leaks.

No browser: the drawing is a pure function of ``state.view(seat)``, and ``GameApp.click`` /
``GameApp.choose`` do what a click on the board or on a button does.
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
from ninekit.core import random_playout
from ninekit.double_nine import CARDS, NAMES, position
from widgets import GameApp, adapter_for
from widgets.shell.panels import log_html

ADAPTER = adapter_for("double_nine")
LEGAL = re.compile(r'<g data-id="([^"]+)" class="dn-target legal(?: nk-switch)?" tabindex="0" role="button" '
                   r'aria-label="[^"]+"')
SWITCH = re.compile(r'<g data-id="([^"]+)" class="dn-target legal nk-switch"')
NARROW = {"layout": "narrow"}


def parse(state, kind, *args):
    return state.game.parse_move({"kind": kind, "args": list(args)})




def name_pattern(name: str) -> re.Pattern:
    """The card name as a whole word ("Elf" does not match inside "Dark Elf")."""
    return re.compile(r"(?<![\w-])(?<!Dark )" + re.escape(name) + r"(?![\w-])")


def reaper_position():
    return position(3, boards=[(["Elf", "Luna"], ["Sister"]), (["Medusa"], ["Nine-tailed Fox"]), ([], ["Luna"])],
                    hands=[["Reaper", "Clown"], ["Aiko"], ["Hacker"]], pile=["Sol", "Clown"], deck="full",
                    target=57)


def test_draw_is_pure_and_marks_targets():
    """Requirement: the picture is a pure function of the view; every legal target (and only those) carries
    class ``legal`` with its data-id, is focusable and has an aria-label."""
    state = reaper_position()
    view = state.view(0)
    targets = board_targets(state)
    svg = ADAPTER.draw(view, targets, {})
    assert svg == ADAPTER.draw(json.loads(json.dumps(view)), dict(targets), {})
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 772 ')
    assert 'data-game="double_nine"' in svg
    assert sorted(LEGAL.findall(svg)) == sorted(targets) == ["card:Clown", "card:Reaper"]
    plain = ADAPTER.draw(view, {}, {})
    assert not LEGAL.findall(plain) and not re.search(r'class="[^"]*\blegal\b', plain)


def test_target_of_kinds():
    """Requirement: card and Fortune Teller's return are clicks on a hand card, placement / Reaper / Sol / Dark
    Elf on a site, Magician / Shaman / Sniper on a board, Necromancer / Archangel on a card beneath; Clown's
    direction and Sniper's decision are buttons."""
    t = ADAPTER.target_of
    assert t(Move("card", ("Reaper",))) == "card:Reaper"
    assert t(Move("return", ("Luna",))) == "card:Luna"
    for kind in ("site", "take", "remove", "give"):
        assert t(Move(kind, (2, "x1"))) == "site:2:x1"
    for kind in ("swap", "possess", "aim"):
        assert t(Move(kind, (3,))) == "board:3"
    assert t(Move("beneath", (1,), "Revive Elf (8) (card 2 from the bottom of your Site ×1) onto your Site ×10")) \
        == "beneath:1"  # drawn on the stack the view names as effect_site
    assert t(Move("direction", ("left",))) is None and t(Move("decide", ("keep",))) is None


def test_every_card_shows_number_name_and_effect_text():
    """Requirement: each card shows its number and name, with its effect text as a <title> tooltip and
    aria-label (hover and focus)."""
    state = reaper_position()
    svg = ADAPTER.draw(state.view(0), board_targets(state), {})
    for name in ("Reaper", "Clown", "Elf", "Luna", "Sister", "Medusa", "Nine-tailed Fox"):
        card = next(c for c in CARDS if c[0] == name)
        assert f"{name} ({card[1]})" in svg
        assert html.escape(card[4], quote=True) in svg, name
    assert re.search(r'<title>Play Reaper \(0\) from your hand — In your hand: Reaper \(0\), Soul Hunt: Take a top '
                     r'card of another player', svg)
    assert "Target 57" in svg and "Draw pile: 2 cards, face down" in svg
    assert ">77</text>" in svg  # Player 2's number: the Fox takes the 7 of Medusa beside it


def test_spectator_sees_no_hand_and_pile_only_when_face_up():
    """Rule: hands are secret and the pile is face down, until Thera turns it face up (then its order is
    public, top card first)."""
    hidden = position(2, boards=[([], []), ([], [])], hands=[["Elf", "Luna"], ["Aiko"]],
                      pile=["Sister", "Clown", "Medusa"])
    svg = ADAPTER.draw(hidden.view(None), {}, {})
    assert "Hands are hidden" in svg
    for name in ("Elf", "Luna", "Aiko", "Sister", "Clown", "Medusa"):
        assert not name_pattern(name).search(svg), name
    shown = position(2, boards=[([], []), ([], [])], hands=[["Elf", "Luna"], ["Aiko"]],
                     pile=["Sister", "Clown", "Medusa"], pile_face_up=True)
    svg = ADAPTER.draw(shown.view(1), {}, {})
    assert "Order from the top: Sister, Clown, Medusa" in svg
    assert svg.index("1. 5 Sister") < svg.index("2. 3 Clown") < svg.index("3. 7 Medusa")
    assert "Elf (8)" not in svg and "Luna (9)" not in svg  # seat 1 sees its own Aiko only


def test_card_then_site_then_top_card_by_clicks():
    """Rule: a turn is choose a card, choose a site, resolve the effect (Reaper takes a top card of another
    player onto the site beside it); Sister protects the site beside her from other players' effects."""
    app = GameApp(reaper_position(), seats=["human", "human", "human"])
    assert app.reveal()
    assert app.click("card:Reaper"), app.message
    assert sorted(app.targets) == ["site:0:x1", "site:0:x10"]
    assert app.click("site:0:x10"), app.message
    assert sorted(app.targets) == ["site:1:x1", "site:1:x10", "site:2:x1"]
    assert app.click("site:1:x10"), app.message
    assert app.state.view(None)["boards"][0]["x1"][-1] == "Medusa"


def test_illegal_clicks_explain_the_rule():
    """Rule: Luna may only be played onto your own Site ×1; Sister protects the site beside her - a click
    that breaks a rule shows the rule's reason."""
    state = position(2, boards=[([], []), (["Elf"], ["Sister"])], hands=[["Luna", "Sol"], ["Aiko"]], pile=["Medusa"],
                     deck="mixed")
    app = GameApp(state, seats=["human", "computer"])
    assert not app.click("site:0:x10") and "First choose a card" in app.message
    assert app.click("card:Luna")
    assert list(app.targets) == ["site:0:x1"]
    assert not app.click("site:0:x10") and "Luna may only be played onto your own Site ×1" in app.message
    app.undo()
    assert app.click("card:Sol") and app.click("site:0:x10")
    assert "site:1:x10" not in app.targets  # Sister protects Player 2's Site ×10
    assert not app.click("site:1:x10") and "Sister protects" in app.message


def test_beneath_and_board_targets():
    """Rule: Necromancer revives a card beneath it onto the site beside it (a click on the card beneath);
    Magician swaps the two top cards of a chosen board (a click on the board)."""
    state = position(2, boards=[(["Elf", "Medusa"], ["Luna"]), (["Clown"], ["Aiko"])],
                     hands=[["Necromancer", "Magician"], ["Reaper"]], pile=["Elf", "Hacker"], deck="full")
    app = GameApp(state, seats=["human", "computer"])
    assert app.click("card:Necromancer") and app.click("site:0:x10")
    assert app.state.view(0)["effect_site"] == "x10"
    assert sorted(app.targets) == ["beneath:0", "beneath:1"]
    svg = app.board.svg
    assert 'data-id="beneath:1" class="dn-target legal"' in svg
    assert app.click("beneath:1")
    assert app.state.view(0)["boards"][0]["x1"] == ["Luna", "Medusa"]
    state = position(2, boards=[(["Elf"], ["Luna"]), (["Clown"], ["Aiko"])],
                     hands=[["Magician", "Elf"], ["Reaper"]], pile=["Sol", "Thera"], deck="full")
    app = GameApp(state, seats=["human", "human"])
    assert app.reveal()
    assert app.click("card:Magician") and app.click("site:0:x1")
    assert sorted(app.targets) == ["board:0", "board:1"]
    assert 'data-id="site:' not in app.board.svg  # the whole board is the target, not its sites
    assert app.click("board:1")
    assert app.state.view(0)["boards"][1] == {"x10": ["Aiko"], "x1": ["Clown"], "number": 23}


def test_buttons_for_clown():
    """Rule: Clown - choose left or right, every hand passes that way (no natural board target: buttons)."""
    state = position(2, boards=[([], []), ([], [])], hands=[["Clown", "Elf"], ["Luna"]], pile=["Elf"])
    app = GameApp(state, seats=["human", "computer"])
    assert app.click("card:Clown") and app.click("site:0:x1")
    assert app.targets == {} and app.choices == ["Pass every hand to the left", "Pass every hand to the right"]
    assert app.choose("Pass every hand to the left")


@pytest.mark.parametrize("players,options", [(2, {}), (4, {"teams": True, "deck": "mixed", "target": True})])
def test_full_match_by_clicks(players, options):
    """Rule: the match goes on, game after game, until a player (or team) holds two victory tokens; every
    decision on the way is a board click or a button."""
    app = GameApp("double_nine", seats=["human"] + ["computer"] * (players - 1), seed=11, players=players,
                  **options)
    play_by_clicks(app, random.Random(players))
    assert app.state.is_over and app.errors == []
    outcome = app._outcome.value
    assert "Game over" in outcome and "two victory tokens" in outcome
    assert app._outcome.layout.display is None
    svg = app.board.svg
    assert "Game 1: numbers" in svg


def test_competition_hot_seat_match():
    """Rule: the Competition Rule plays exactly three games; hot-seat play hands the screen over between
    seats."""
    app = GameApp("double_nine", seats=["human", "human", "human"], seed=3, players=3, competition=True,
                  deck="expansion")
    play_by_clicks(app, random.Random(5))
    assert len(app.state.view(None)["results"]) == 3
    assert "after three games" in app._outcome.value


def secrets(app) -> set:
    """Card names the viewer may not see now: other hands, a face-down pile, removed cards - minus every
    name the viewer legitimately knows (its view, its log, its buttons)."""
    state, viewer = app.state, app.viewer
    pos = state.position
    hidden = []
    for p, hand in enumerate(pos.hands):
        if p != viewer:
            hidden += [NAMES[i % 20] for i in hand]
    if not pos.face_up:
        hidden += [NAMES[i % 20] for i in pos.pile]
    hidden += [NAMES[i % 20] for i in pos.removed]
    known = json.dumps(state.view(viewer)) + " ".join(state.log(viewer)) + " ".join(app.choices)
    return {name for name in hidden if not name_pattern(name).search(known)}


def check_private(app, rules_html) -> None:
    state, viewer = app.state, app.viewer
    pause = getattr(app, "pause", None)
    if pause is not None:  # between two games: the finished game's record, public
        assert app.board.svg == pause["svg"] and app.board.svg_narrow == pause["svg_narrow"]
        assert app.move_log.text.value == log_html(app._log_lines(state, None))
    elif app.privacy_pending is not None:
        assert viewer is None and app.board.svg == "" and app.move_log.text.value == ""
    else:
        selection = getattr(app, "selection", None)
        pending = {} if selection is None else {"selected": selection[0], "switch": list(selection[1])}
        assert app.board.svg == app.adapter.draw(state.view(viewer), app.targets, pending)
        assert app.board.svg_narrow == app.adapter.draw(state.view(viewer), app.targets, {**pending, **NARROW})
        assert app.move_log.text.value == log_html(app._log_lines(state, viewer))
        assert [t for t, event in app._log_lines(state, viewer) if not event] == state.log(viewer)
    # The Rules panel (a static legend of all cards) is the same whatever the deal.
    assert app.rules_panel.text.value == rules_html
    texts = []
    for widget in all_widgets(app):
        if widget is app.rules_panel.text:
            continue
        texts.append(json.dumps(widget.get_state(), default=repr, ensure_ascii=False))
    screen = "\n".join(texts)
    assert "data:application/json" not in screen
    for name in secrets(app):
        assert not name_pattern(name).search(screen), f"{name} (hidden from seat {viewer}) is on screen"
    pos = state.position
    if not pos.face_up and len(pos.pile) >= 2:
        order = ", ".join(NAMES[i % 20] for i in reversed(pos.pile))
        assert order not in screen


@pytest.mark.parametrize("seats,players,seed,deck", [
    (["human", "human"], 2, 1, "basic"),
    (["human", "human", "human", "human"], 4, 2, "expansion"),
    (["human", "computer", "computer"], 3, 3, "full"),
    (["human", "computer"], 2, 4, "mixed"),
])
def test_no_leak_of_hidden_cards(seats, players, seed, deck):
    """Requirement (hidden hands): neither the picture nor any widget's state ever holds another seat's hand
    card, a face-down pile's cards or their order, or a removed card - hot-seat and against the computer."""
    checked = []

    def check(app):
        check_private(app, rules_html)
        checked.append(len(secrets(app)))

    for game_seed in range(seed, seed + 30, 10):  # three matches each
        app = GameApp("double_nine", seats=seats, seed=game_seed, players=players, deck=deck)
        rules_html = app.rules_panel.text.value
        assert play_by_clicks(app, random.Random(game_seed), check=check) > 20
    # The check had something to catch: on a good share of screens some card name was hidden from
    # the viewer and seen nowhere else on the table (a name on a board may also be in a hand).
    assert sum(1 for n in checked if n) >= len(checked) // 5


def test_leak_check_catches_a_leak():
    """Requirement: the leak check itself works - a hand card drawn into the picture is caught."""
    app = GameApp("double_nine", seats=["human", "computer"], seed=8)
    rules_html = app.rules_panel.text.value
    hidden = secrets(app)
    if not hidden:
        pytest.skip("nothing secret in this deal")
    app.board.svg += f"<text>{sorted(hidden)[0]}</text>"
    with pytest.raises(AssertionError):
        check_private(app, rules_html)


def test_rules_panel_lists_every_card():
    """Requirement: every card's number, name and effect are explained in the Rules panel."""
    panel = ADAPTER.describe_for_rules_panel(ninekit.make("double_nine"))
    for name, _number, _set, effect, _text, _constant in CARDS:
        assert html.escape(name) in panel and html.escape(effect) in panel


# --- between games, the end of the match, the chosen card, the screen --------------------------------------

def _moves_of_a_match(players=2, seed=4, **options):
    """(before, after) spectator views around every move of a random match."""
    state = ninekit.make("double_nine", players, **options).new(seed)
    rng = random.Random(seed)
    while not state.is_over:
        before = state.view(None)
        state = state.play(rng.choice(state.legal_moves()))
        yield before, state.view(None), state


@pytest.mark.parametrize("players,options", [(2, {}), (4, {"teams": True, "target": True}),
                                             (3, {"competition": True, "deck": "full"})])
def test_interlude_exactly_when_a_game_but_not_the_match_ends(players, options):
    """Match: between two games the players see the finished game - each number, who takes the victory token and
    why, the standing, who starts the next game - with its final boards and every hand revealed, until they
    press "Next game"; when the match itself ends there is no interlude (the outcome panel shows)."""
    games = 0
    for before, after, _state in _moves_of_a_match(players, **options):
        pause = ADAPTER.interlude(before, after)
        ended = len(after["results"]) == len(before["results"]) + 1
        if not ended or after["phase"] == "over":
            assert pause is None
            continue
        games += 1
        record = after["results"][-1]
        assert set(pause) == {"title", "html", "svg", "svg_narrow", "button"}
        assert pause["title"] == f"Game {games} is over" and pause["button"] == "Next game"
        html_text = pause["html"]
        for number in record["numbers"]:
            assert f"<b>{number:02d}</b>" in html_text
        assert html.escape(record["reason"], quote=True) in html_text
        assert f"starts game {games + 1}" in html_text and "Player" in html_text
        if options.get("competition"):
            assert "Totals so far" in html_text and "decide the match after three games" in html_text
        else:
            assert "Victory tokens: Player 1 " in html_text and "first to two victory tokens" in html_text
        for svg in (pause["svg"], pause["svg_narrow"]):  # the same final boards, wide and for phones
            assert svg.startswith("<svg") and not LEGAL.findall(svg) and f"Game {games} is over" in svg
            for p, board in enumerate(record["boards"]):
                for name in board["x10"] + board["x1"] + record["hands"][p]:
                    assert name_pattern(name).search(svg), name
            for name in record["removed"]:
                assert name_pattern(name).search(svg), name
        assert _size(pause["svg_narrow"])[0] <= 420 < _size(pause["svg"])[0]
    assert games >= 1


def test_interlude_html_is_escaped():
    """Requirement: the result panel is HTML built from names: they are escaped."""
    for before, after, _state in _moves_of_a_match(2, seed=4):
        if len(after["results"]) > len(before["results"]) and after["phase"] != "over":
            after = dict(after, seats=["<i>Ann</i>", "Bo & Cy"])
            pause = ADAPTER.interlude(before, after)
            assert "&lt;i&gt;Ann&lt;/i&gt;" in pause["html"] and "Bo &amp; Cy" in pause["html"]
            assert "<i>Ann" not in pause["html"] + pause["svg"] + pause["svg_narrow"]
            return
    pytest.fail("no game ended before the match")


def test_match_over_table_shows_every_card():
    """End of the match: the table shows the final boards with every hand and the removed cards, to every seat and
    spectators."""
    end = random_playout(ninekit.make("double_nine", 4, deck="full").new(6), random.Random(6))
    pos = end.position
    for viewer in (None, 0, 2):
        svg = ADAPTER.draw(end.view(viewer), {}, {})
        assert "the match is over: every card is shown" in svg and not LEGAL.findall(svg)
        for hand in pos.hands:
            for inst in hand:
                assert name_pattern(NAMES[inst % 20]).search(svg)
        assert svg.count("Removed from the game: ") >= len(pos.removed)  # one tooltip a removed card
        for inst in pos.removed:
            assert name_pattern(NAMES[inst % 20]).search(svg)


def _chosen_reaper():
    state = reaper_position()
    return state, parse(state, "card", "Reaper")


def test_chosen_card_and_switch_cards_are_drawn_clickable():
    """Requirement (put back / switch): while the chosen card waits for its site, it keeps the data-id it had in
    the hand, is drawn as legal with the words "chosen — click to put back", and the other choosable hand card
    keeps its data-id as legal; neither collides with the site targets."""
    state, move = _chosen_reaper()
    after = state.play(move)
    targets = board_targets(after)
    assert sorted(targets) == ["site:0:x1", "site:0:x10"]
    svg = ADAPTER.draw(after.view(0), targets, {"selected": "card:Reaper", "switch": ["card:Clown"]})
    assert sorted(LEGAL.findall(svg)) == ["card:Clown", "card:Reaper", "site:0:x1", "site:0:x10"]
    assert "chosen — click to put back" in svg and "click to play this instead" in svg
    assert 'aria-label="Put Reaper back in your hand. Chosen to play: Reaper (0)' in svg
    assert sorted(SWITCH.findall(svg)) == ["card:Clown", "card:Reaper"]  # put back / switch: nk-switch too
    plain = ADAPTER.draw(after.view(0), targets, {})
    assert sorted(LEGAL.findall(plain)) == ["site:0:x1", "site:0:x10"] and 'data-id="card:Reaper"' not in plain
    for viewer in (None, 1):  # the others see the chosen card being played, never as a target
        other = ADAPTER.draw(after.view(viewer), {}, {"selected": "card:Reaper", "switch": ["card:Clown"]})
        assert "is playing Reaper" in other and not LEGAL.findall(other)


def test_put_back_and_switch_by_clicks():
    """Requirement: in the app, clicking the chosen card puts it back; clicking the other card plays that one
    instead."""
    app = GameApp(reaper_position(), seats=["human", "human", "human"])
    assert app.reveal()
    assert app.click("card:Reaper"), app.message
    selection = getattr(app, "selection", None)
    if selection is None:
        pytest.skip("the shell offers no selection here")
    assert selection == ("card:Reaper", ["card:Clown"])
    assert sorted(LEGAL.findall(app.board.svg)) == ["card:Clown", "card:Reaper", "site:0:x1", "site:0:x10"]
    assert app.click("card:Clown") and app.state.view(0)["playing"] == "Clown"
    app.click("card:Clown")
    assert app.state.view(0)["phase"] == "card" and sorted(app.state.view(0)["hand"]) == ["Clown", "Reaper"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_is_landscape_and_fits_a_laptop_screen(players):
    """Requirement (fit the screen): the table is wider than high for 2 players and, mid-game, no more than
    about 680 units high (the height beside the side panel on a 1280x800 screen) for 2-4 players; the hand
    cards keep their full size."""
    state = ninekit.make("double_nine", players, deck="full").new(3)
    rng = random.Random(3)
    for _ in range(8 * players):
        state = state.play(rng.choice(state.legal_moves()))
    svg = ADAPTER.draw(state.view(state.to_move), board_targets(state), {})
    width, height = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    assert width == 772 and height <= 680
    if players == 2:
        assert height < 0.75 * width
    assert 'width="182"' in svg  # a hand card


# --- the phone layout (pending["layout"] == "narrow") ----------------------------------------------------------

def _size(svg: str) -> tuple[float, float]:
    width, height = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    return width, height


def _mid_game(players: int, seed: int, moves: int, **options):
    state = ninekit.make("double_nine", players, **options).new(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def _necromancer():
    state = position(2, boards=[(["Elf", "Medusa"], ["Luna"]), (["Clown"], ["Aiko"])],
                     hands=[["Necromancer", "Magician"], ["Reaper"]], pile=["Elf", "Hacker"], deck="full")
    return state.play(parse(state, "card", "Necromancer")).play(parse(state, "site", 0, "x10"))


def _magician():
    state = position(2, boards=[(["Elf"], ["Luna"]), (["Clown"], ["Aiko"])],
                     hands=[["Magician", "Elf"], ["Reaper"]], pile=["Sol", "Thera"], deck="full")
    return state.play(parse(state, "card", "Magician")).play(parse(state, "site", 0, "x1"))


def _positions():
    """(name, view, targets, pending) for the positions the narrow layout is checked on."""
    out = []
    for players in (2, 3, 4):
        state = _mid_game(players, 3, 4 * players, deck="full", teams=players == 4, target=players == 4)
        while state.view(state.to_move)["phase"] != "card":
            state = state.play(random.Random(1).choice(state.legal_moves()))
        out.append((f"{players} players, card phase", state.view(state.to_move), board_targets(state), {}))
    state, move = _chosen_reaper()
    after = state.play(move)
    out.append(("site phase with a selection", after.view(0), board_targets(after),
                {"selected": "card:Reaper", "switch": ["card:Clown"]}))
    out.append(("site phase, seen by another seat", after.view(1), {}, {}))
    for name, state in (("Necromancer: a card beneath", _necromancer()), ("Magician: a board", _magician())):
        out.append((name, state.view(state.to_move), board_targets(state), {}))
    end = random_playout(ninekit.make("double_nine", 4, deck="full").new(6), random.Random(6))
    out.append(("match over", end.view(0), {}, {}))
    out.append(("match over, spectator", end.view(None), {}, {}))
    return out


@pytest.mark.parametrize("name,view,targets,pending", _positions(), ids=lambda v: v if isinstance(v, str) else "")
def test_narrow_picture_fits_a_phone_and_keeps_the_targets(name, view, targets, pending):
    """Requirement (phones): the narrow picture is about a phone's width (at most 420 units, so it is drawn near 1:1
    on a 390 px screen), portrait, and carries exactly the same data-ids - the legal ones included - as the wide
    picture, so a click means the same in both; it is a pure function of its arguments too."""
    wide = ADAPTER.draw(view, targets, pending)
    narrow = ADAPTER.draw(view, targets, {**pending, **NARROW})
    assert narrow == ADAPTER.draw(json.loads(json.dumps(view)), dict(targets), {**pending, **NARROW})
    width, height = _size(narrow)
    assert 360 <= width <= 420 and height > width and _size(wide)[0] > 700, name
    assert sorted(LEGAL.findall(narrow)) == sorted(LEGAL.findall(wide)), name
    assert sorted(SWITCH.findall(narrow)) == sorted(SWITCH.findall(wide)), name
    ids = re.compile(r'data-id="([^"]+)"')
    assert sorted(ids.findall(narrow)) == sorted(ids.findall(wide)), name
    chosen = {pending["selected"], *pending["switch"]} if pending else set()
    assert set(LEGAL.findall(narrow)) == set(targets) | chosen


@pytest.mark.parametrize("name,view,targets,pending", _positions(), ids=lambda v: v if isinstance(v, str) else "")
def test_narrow_picture_is_readable_and_easy_to_tap(name, view, targets, pending):
    """Requirement (phones): in the narrow picture no text is smaller than 11 units, and every part of the current
    decision (hand cards, sites, boards, cards beneath) is at least 40 units high to tap; the board order is the
    other players clockwise, then your own board, then your hand."""
    narrow = ADAPTER.draw(view, targets, {**pending, **NARROW})
    sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', narrow)]
    sizes += [float(x) for x in re.findall(r"font-size:([\d.]+)px", narrow)]
    assert min(sizes) >= 11, name
    for group_text in re.findall(r'<g data-id="[^"]+" class="dn-target legal[^"]*".*?class="dn-hit"/>', narrow):
        hit = re.findall(r'<rect [^>]*height="([\d.]+)"[^>]*class="dn-hit"/>', group_text)[-1]
        assert float(hit) - 4 >= 40, (name, group_text[:80])
    seat = view.get("seat")
    if seat is not None:
        n = view["players"]
        heads = [narrow.index(f'>{html.escape(_who(view, p))}') for p in [(seat + 1 + k) % n for k in range(n)]]
        assert heads == sorted(heads), name
        if view.get("hand") is not None:
            assert narrow.index(">Your hand") > heads[-1]


def _who(view, p):
    name = view["seats"][p] if view.get("seats") else f"Player {p + 1}"
    return f"{name} (you)" if p == view.get("seat") else name


def test_narrow_pictures_of_whole_matches():
    """Requirement (phones): through whole matches of 2, 3 and 4 players, every position's narrow picture keeps the
    phone width and the wide picture's legal data-ids; every interlude has its narrow picture."""
    for players in (2, 3, 4):
        state = ninekit.make("double_nine", players, deck="full").new(players)
        rng = random.Random(players)
        pauses = 0
        while not state.is_over:
            view, targets = state.view(state.to_move), board_targets(state)
            narrow = ADAPTER.draw(view, targets, NARROW)
            assert _size(narrow)[0] <= 420
            assert sorted(LEGAL.findall(narrow)) == sorted(LEGAL.findall(ADAPTER.draw(view, targets, {})))
            before = state.view(None)
            state = state.play(rng.choice(state.legal_moves()))
            pause = ADAPTER.interlude(before, state.view(None))
            if pause is not None:
                pauses += 1
                assert _size(pause["svg_narrow"])[0] <= 420 and "Game" in pause["svg_narrow"]
        assert pauses >= 1


def test_switch_and_selected_carry_nk_switch_in_both_layouts():
    """Requirement (browser driver): the chosen card (pending["selected"]) and the cards to switch to
    (pending["switch"]) carry class nk-switch besides legal, wide and narrow; the targets that move the game on
    (the sites) do not."""
    state, move = _chosen_reaper()
    after = state.play(move)
    targets = board_targets(after)
    pending = {"selected": "card:Reaper", "switch": ["card:Clown"]}
    for layout in ({}, NARROW):
        svg = ADAPTER.draw(after.view(0), targets, {**pending, **layout})
        assert sorted(SWITCH.findall(svg)) == ["card:Clown", "card:Reaper"]
        assert sorted(set(LEGAL.findall(svg)) - set(SWITCH.findall(svg))) == ["site:0:x1", "site:0:x10"]
    for layout in ({}, NARROW):  # no selection: a hand card moves the game on, no nk-switch anywhere
        svg = ADAPTER.draw(state.view(0), board_targets(state), layout)
        assert LEGAL.findall(svg) and "nk-switch" not in svg


def test_narrow_layout_is_offered_to_the_shell():
    """Requirement: the table says it draws a phone layout, and the app stores it beside the wide picture."""
    assert ADAPTER.narrow_layout is True
    app = GameApp(reaper_position(), seats=["human", "human", "human"])
    assert app.reveal()
    assert _size(app.board.svg_narrow)[0] <= 420 and 'data-id="card:Reaper"' in app.board.svg_narrow


def test_a_sites_top_card_shows_its_whole_text():
    """Requirement (issue 26, what a newcomer tripped over): a card on a site shows its whole text where the page
    has room (up to ``SITE_TEXT_MOST`` lines), not one line cut with "…"; in the wide and the phone picture."""
    from widgets.svg import esc, wrap_lines
    from widgets.tables.double_nine.pieces import SITE_CHARS, SITE_TEXT_MOST

    state = position(2, boards=[(["Hacker"], ["Sister"]), ([], [])], hands=[["Luna", "Elf"], ["Medusa"]])
    for options in ({}, NARROW):
        svg = ADAPTER.draw(state.view(0), board_targets(state), options)
        for name in ("Hacker", "Sister"):
            lines = wrap_lines(next(c for c in CARDS if c[0] == name)[4], SITE_CHARS)
            assert 1 < len(lines) <= SITE_TEXT_MOST, name
            for line in lines:
                assert f">{esc(line)}</text>" in svg, (name, line, options)


def test_a_chosen_card_of_a_game_given_up_names_no_player_to_move():
    """Requirement (a table's game given up by a resignation, widgets/table_screen.py): with nobody to move, the card
    chosen before the resignation is not said to be played by "the player to move"."""
    state = ninekit.make("double_nine", 2).new(seed=4)
    state = state.play(next(m for m in state.legal_moves() if m.kind == "card"))
    view = state.view(1 - state.to_move)  # the other player sees the card being played
    assert view.get("playing") and "is playing" in ADAPTER.draw(view, {}, {})
    svg = ADAPTER.draw({**view, "turn": None}, {}, {})
    assert "no site was chosen for it" in svg and "The player to move" not in svg
