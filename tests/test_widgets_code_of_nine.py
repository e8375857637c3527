"""Code of Nine in the widget shell: the table drawing, clicks, the end breakdown, and no leaks.

No browser: the drawing is a pure function of ``state.view(seat)`` (and the targets and hints the shell passes), and
``GameApp.click`` / ``GameApp.choose`` do what a click on the board or on a button does.
"""

from __future__ import annotations

import html
import json
import random
import re

import ipywidgets
import pytest
from shell_driver import board_targets, click_once, play_by_clicks

import ninekit
from ninekit import Move
from ninekit.bots import RandomBot
from ninekit.code_of_nine import LOCATIONS, MEMORIES, RECONSTRUCTED_NOTE, player_sheet, position, score_table
from widgets import GameApp, adapter_for

ADAPTER = adapter_for("code_of_nine")
NARROW = {"layout": "narrow"}
LEGAL = re.compile(r'<g data-id="([^"]+)" class="[^"]*\blegal\b[^"]*" tabindex="0" role="button" aria-label="[^"]+"')
BUTTON_KINDS = {"redraw", "player", "item", "take", "give", "return", "gain", "exchange", "stop"}
CONFIGS = [(3, False), (3, True), (4, False), (4, True)]
CONFIG_IDS = [f"{p}p-{'expert' if e else 'normal'}" for p, e in CONFIGS]
MEMS4 = [1, 5, 9, 13, 2, 6, 10, 18]


def random_bots(game_name, seat, seed):
    """Computer seats that play at random: these tests are about the screen, not the computer's play."""
    return RandomBot(seed)


def parse(state, kind, *args):
    return state.game.parse_move({"kind": kind, "args": list(args)})


def random_states(players: int, expert: bool, seed: int):
    """Every state along a random game, to the end."""
    state = ninekit.make("code_of_nine", players, expert=expert).new(seed)
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        yield state


def group_of(svg: str, data_id: str) -> str:
    """The markup of the element ``data_id`` (a <g>, up to its closing tag; groups inside it are balanced)."""
    start = svg.index(f'<g data-id="{data_id}"')
    depth, i = 0, start
    for m in re.finditer(r"<g[ >]|</g>", svg[start:]):
        depth += 1 if m.group(0) != "</g>" else -1
        if depth == 0:
            i = start + m.end()
            break
    return svg[start:i]


def unseen_codes(state, seat) -> set:
    """The Memories ``seat`` does not know: slots its view shows face down, and the box (never the Ninth)."""
    view = state.view(seat)
    pos = state.position
    out = {pos.mem[s] for s, slot in enumerate(view["slots"]) if slot["code"] is None} | set(pos.deck)
    return out - {pos.ninth, *[c for c in (view["hand"] or [])]}


def shown_text(app) -> str:
    """Every string field of every widget model the app sends to the browser, with the Memory list aid (which lists
    every code of the deck by design) taken out of the pictures."""
    seen, stack, chunks = set(), [app], []
    while stack:
        widget = stack.pop()
        if widget.model_id in seen:
            continue
        seen.add(widget.model_id)
        for name in widget.keys:
            value = getattr(widget, name, None)
            for item in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(item, ipywidgets.Widget):
                    stack.append(item)
                elif isinstance(item, str):
                    chunks.append(item)
    text = "\n".join(chunks)
    return re.sub(r'<g class="c9n-aid".*?</g>', "", text)


def assert_no_unseen(text: str, unseen: set, where: str) -> None:
    for code in unseen:
        name = MEMORIES[code].name
        assert f"Code {code:02d} (" not in text, f"{where}: Code {code:02d} shown"  # the rules' words (log, buttons)
        assert f"Code {code:02d} {html.escape(name, quote=True)}" not in text, f"{where}: Code {code:02d} shown"
        assert f'class="c9n-code">{code:02d}<' not in text, f"{where}: card {code:02d} face up"
        assert f"{code:02d} {html.escape(name, quote=True)}" not in text, f"{where}: {code:02d} {name} named"


# --- drawing ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,expert", CONFIGS, ids=CONFIG_IDS)
def test_every_phase_draws_exactly_the_legal_targets(players, expert):
    """Requirement: at every decision (redraw, Shoal/Abyss, placement, each resolve step, the end) each legal move is a
    unique board target drawn as legal (focusable, labelled) in both layouts, or a button; the picture is a pure
    function of the view; the same view without targets has nothing clickable."""
    phases, steps, kinds = set(), set(), set()
    drawn = set()
    for seed in (1, 2):
        for i, state in enumerate(random_states(players, expert, seed)):
            view = state.view(state.to_move)
            phases.add(view["phase"])
            if view["pending"]:
                steps.add(view["pending"]["step"])
            legal = state.legal_moves()
            ids = [ADAPTER.target_of(m) for m in legal]
            on_board = [t for t in ids if t is not None]
            assert len(on_board) == len(set(on_board)), state.prompt
            for move, target in zip(legal, ids):
                kinds.add(move.kind)
                assert (target is None) == (move.kind in BUTTON_KINDS), move
            sig = (view["phase"], (view["pending"] or {}).get("step"))
            if sig in drawn and i % 7:
                continue
            drawn.add(sig)
            targets = board_targets(state)
            for layout in ({}, NARROW):
                svg = ADAPTER.draw(view, targets, layout)
                assert sorted(LEGAL.findall(svg)) == sorted(targets), state.prompt
                assert svg == ADAPTER.draw(json.loads(json.dumps(view)), dict(targets), dict(layout))
                plain = ADAPTER.draw(view, {}, layout)
                assert not re.search(r'class="[^"]*\blegal\b', plain)
            spectator = ADAPTER.draw(state.view(None), {}, {})
            assert 'data-game="code_of_nine"' in spectator
    assert phases == {"redraw", "arrange", "place", "resolve", "over"}, phases
    assert {"look_shoal"} <= steps and {"place", "look", "redraw", "shoal"} <= kinds


def test_target_of_kinds():
    """Requirement: a location places a pawn, a Memory slot is looked at, a dealt card goes in the Shoal; the other
    decisions are buttons."""
    t = ADAPTER.target_of
    assert t(Move("place", ("quarry",))) == "loc:quarry"
    assert t(Move("look", (3,))) == "look:3"
    assert t(Move("shoal", (1,))) == "hand:1"
    for kind, args in (("redraw", ("keep",)), ("player", (1,)), ("item", ("coin",)), ("take", ("medal",)),
                       ("give", ("white",)), ("return", ("book",)), ("gain", ("will",)),
                       ("exchange", ("shoal",)), ("stop", ())):
        assert t(Move(kind, args)) is None


def test_look_targets_sit_on_the_slot_the_location_looks_at():
    """Rule: Allure Show looks at a Shoal card, The Place Where They Looked at the Old World at an Abyss card: the
    clickable slot is that one, of each other owner who is not veiled (Blue here is)."""
    state = position(memories=MEMS4, round=2, will=[3, 0, 0, 0], veiled=[1])
    for key, slot in (("allure", "Shoal"), ("the_place", "Abyss")):
        s = state.play(parse(state, "place", key))
        svg = ADAPTER.draw(s.view(0), board_targets(s), {})
        assert sorted(LEGAL.findall(svg)) == ["look:2", "look:3"]
        for owner in (2, 3):
            assert f"{ninekit.code_of_nine.SEATS[owner]}&#x27;s {slot}: face down" in group_of(svg, f"look:{owner}")


def test_clicks_play_the_move_they_show():
    """Requirement: clicking a highlighted location, slot or dealt card in the app plays exactly that legal move."""
    app = GameApp("code_of_nine", players=4, seats=["human"] * 4)
    rng = random.Random(4)
    clicked = 0
    while not app.state.is_over and clicked < 40:
        if app.privacy_pending is not None:
            app.reveal()
            continue
        targets = app.targets
        if targets:
            data_id = rng.choice(sorted(targets))
            expected = targets[data_id]
            assert app.click(data_id), app.message
            assert app.state.history[-1][1] == expected
            clicked += 1
        else:
            assert app.choose(rng.choice(app.choices)), app.message
    assert clicked >= 20


def test_locations_by_section_future_greyed_closed_marked():
    """Requirement: the locations are grouped by their round sections; in round 1 the sections of later rounds are
    greyed, in round 2 "Round 1 only" is closed."""
    svg1 = ADAPTER.draw(position(memories=MEMS4, round=1).view(0), {}, {})
    svg2 = ADAPTER.draw(position(memories=MEMS4, round=2).view(0), {}, {})
    for title in ("Round 1 only", "Rounds 1-5", "Rounds 2-5", "Rounds 3-5", "Rounds 4-5", "Round 5 only"):
        assert f'aria-label="{title}: ' in svg1
    assert 'class="c9n-section c9n-future" aria-label="Rounds 3-5: from round 3"' in svg1
    assert 'class="c9n-section c9n-closed" aria-label="Round 1 only: closed"' in svg2
    for loc in LOCATIONS:
        if not loc.expert:
            assert f'data-id="loc:{loc.key}"' in svg1
    assert 'data-id="loc:cult"' not in svg1  # expert only


def test_location_effect_on_hover_and_focus_and_reconstructed_marks():
    """Requirement: every location says its effect in a <title> (hover) and an aria-label on a focusable element; the
    reconstructed ones carry an "R" and the legend cites the reconstruction note."""
    view = position(memories=MEMS4, round=3).view(0)
    svg = ADAPTER.draw(view, {}, {})
    for loc in LOCATIONS:
        if loc.expert:
            continue
        g = group_of(svg, f"loc:{loc.key}")
        assert 'tabindex="0"' in g and html.escape(loc.effect, quote=True) in g
        assert ('class="c9n-rbox"' in g) == loc.reconstructed, loc.key
        assert ("reconstructed location" in g) == loc.reconstructed
    words = re.findall(r'class="c9n-s c9n-t c9n-muted" font-style="italic">([^<]*)<', svg)
    assert html.unescape(" ".join(words)) == RECONSTRUCTED_NOTE == view["reconstructed"]


def test_pawns_legacies_medal_and_sheets_where_they_lie():
    """Requirement: pawns in player colours with initials (Quarry shows all of them), the Legacies and the Medal on
    their locations while on the board and on the holder's sheet otherwise, the sheet's Will, items, release marks,
    pawns left, Start player and veil."""
    state = position(players=4, expert=True, memories=[1, 5, 9, 13, 2, 6, 10, 19], ninth=20, round=3, start=2,
                     will=[4, 1, 0, 9], items=[{"coins": 2}, {"statues": 1}, {}, {"books": 1}], white=1, black=-1,
                     medal=3, placed={"quarry": [0, 1, 2, 0], "cross": 3}, pawns=[1, 2, 2, 2], veiled=[3])
    svg = ADAPTER.draw(state.view(0), {}, {})
    quarry = group_of(svg, "loc:quarry")
    assert quarry.count('class="c9n-pawn"') == 4 and "pawns: Red, Blue, Green, Red" in quarry
    assert 'fill="#d62828"' in quarry and ">R</text>" in quarry
    assert 'class="c9n-black"' in group_of(svg, "loc:well")
    assert 'class="c9n-white"' not in group_of(svg, "loc:garden")
    assert 'class="c9n-medal"' not in group_of(svg, "loc:cult")
    labels = re.findall(r'<g class="c9n-sheetg[^"]*" aria-label="([^"]+)"', svg)
    red, blue, green, yellow = (next(a for a in labels if a.startswith(n)) for n in ("Red", "Blue", "Green", "Yellow"))
    assert "Will 4, 2 Coins, 0 Statues, 0 Books" in red and "1 Action pawn left" in red
    assert "holds White Legacy" in blue and "released the White Legacy" in blue
    assert "holds the Start player marker" in green and ">★ Start<" in svg
    assert "holds Medal" in yellow and "veiled" in yellow
    assert ">Ninth<" in svg and ">20<" in svg  # the Ninth Memory, face up


def test_own_cards_seen_cards_and_who_looked():
    """Requirement: the seat sees its own two cards and every card it looked at face up (code and name), other slots
    face down with the seats that looked at them; the ghost's sheet shows only its slots."""
    state = position(players=3, memories=MEMS4, round=2, seen={0: [(1, "Shoal"), (3, "Abyss")], 2: [(1, "Shoal")]})
    view = state.view(0)
    svg = ADAPTER.draw(view, {}, {})
    faces = set(re.findall(r'class="c9n-code">(\d\d)<', svg))
    assert faces == {"01", "05", "09", "18"}
    assert "Blue&#x27;s Shoal: Code 09 ...and a curse" in svg
    assert "looked at by Red, Green" in svg
    assert "the Ghost&#x27;s Abyss: Code 18 Follow me!" in svg
    assert ">The ghost<" in svg
    words = " ".join(re.findall(r">([^<>]+)</text>", svg))
    assert "You have seen: Blue&#x27;s Shoal is 09 ...and a curse" in words
    # the Memory list aid: in for the four known, ? for the rest
    aid = dict(re.findall(r"Code (\d\d) [^(]+\(order \d\): (in the game \(you know it\)|cannot tell)", svg))
    assert {k for k, v in aid.items() if v.startswith("in")} == {"01", "05", "09", "18"}
    spectator = ADAPTER.draw(state.view(None), {}, {})
    assert not re.findall(r'class="c9n-code">(\d\d)<', spectator)


def test_irreversible_moves_are_those_that_show_a_secret():
    """Rule: Undo never takes back a look (the card was seen), a Ninth exchange (shown to all) or a redraw decision."""
    assert ADAPTER.irreversible(Move("look", (1,)))
    assert ADAPTER.irreversible(Move("exchange", ("abyss",)))
    assert ADAPTER.irreversible(Move("redraw", ("keep",)))
    for move in (Move("place", ("tunnel",)), Move("shoal", (0,)), Move("player", (2,)), Move("stop", ())):
        assert not ADAPTER.irreversible(move)
    app = GameApp(position(memories=MEMS4, round=2), seats=["human"] + ["computer"] * 3, bot_factory=random_bots)
    assert app.click("loc:watchtower")
    assert app._undo_target() is not None  # a placement may be taken back
    assert app.click("look:1")
    assert app._undo_target() is None, "Undo could take back a look"


# --- no leaks ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,expert", [(3, True), (4, False)], ids=["3p-expert", "4p-normal"])
def test_no_unseen_memory_reaches_the_screen_hot_seat(players, expert):
    """Rule: over a hot-seat game played by clicks, what the app sends to the browser (every widget model: pictures,
    prompt, buttons, log) never holds a Memory the seat at the screen has not seen, nor before a hand-over (nobody at
    the screen: a spectator's knowledge) any but the public ones."""
    app = GameApp("code_of_nine", players=players, expert=expert, seats=["human"] * players)
    rng = random.Random(players * 10 + expert)
    checked = 0

    def check(app):
        nonlocal checked
        s = app.state
        if s.is_over:
            return
        viewer = app.viewer
        assert_no_unseen(shown_text(app), unseen_codes(s, viewer), f"seat {viewer}")
        checked += 1

    check(app)
    play_by_clicks(app, rng, check=check, limit=3000)
    assert checked > 50


@pytest.mark.parametrize("players,expert", CONFIGS, ids=CONFIG_IDS)
def test_no_unseen_memory_in_the_picture_for_any_seat_or_spectator(players, expert):
    """Rule: over random games, the picture drawn for each seat and for a spectator (both layouts) shows no Memory that
    viewer has not seen."""
    for i, state in enumerate(random_states(players, expert, 7)):
        if state.is_over or i % 3:
            continue
        for seat in [None, *range(players)]:
            unseen = unseen_codes(state, seat)
            for layout in ({}, NARROW):
                svg = ADAPTER.draw(state.view(seat), {}, layout)
                svg = re.sub(r'<g class="c9n-aid".*?</g>', "", svg)
                assert_no_unseen(svg, unseen, f"seat {seat} at move {i}")


def test_a_computer_game_against_one_human_keeps_the_others_cards_hidden():
    """Rule: playing against the computer, the human seat's screen never shows the computers' unseen Memories."""
    app = GameApp("code_of_nine", players=3, expert=True, seats=["human", "computer", "computer"],
                  bot_factory=random_bots)
    rng = random.Random(5)
    while not app.state.is_over:
        assert_no_unseen(shown_text(app), unseen_codes(app.state, 0), "Red")
        click_once(app, rng)


# --- the end -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,expert", CONFIGS, ids=CONFIG_IDS)
def test_end_reveals_every_memory_and_the_breakdown_matches_score_table(players, expert):
    """Requirement: at the end every Memory is face up and the outcome panel gives score_table's steps in the rulings'
    order (order, label, cards, each player's change), the totals, the winners and any "cannot win"."""
    for seed in (3, 4):
        state = list(random_states(players, expert, seed))[-1]
        pos = state.position
        table = score_table([player_sheet(pos, s) for s in range(players)], list(pos.mem))
        view = state.view(None)
        svg = ADAPTER.draw(view, {}, {})
        faces = re.findall(r'class="c9n-code">(\d\d)<', svg)
        assert {int(c) for c in faces} >= set(pos.mem)
        panel = ADAPTER.outcome_panel(view)
        text = panel["html"]
        for code in pos.mem:
            assert f"<b>{code:02d}</b> {html.escape(MEMORIES[code].name, quote=True)}" in text
        rows = re.findall(r"<tr><th scope='row'>(\d)\. ([^<]+)<div class='c9n-what'[^>]*><small>([^<]*)</small>"
                          r"</div></th>((?:<td>[^<]*</td>)+)</tr>", text)
        assert [int(r[0]) for r in rows] == list(range(9))
        for row, step in zip(rows, table.steps):
            assert html.unescape(row[1]) == step["label"]
            for code in step["cards"]:
                assert f"{code:02d} " in html.unescape(row[2])
            cells = [c.replace("−", "-").replace("+", "") for c in re.findall(r"<td>([^<]*)</td>", row[3])]
            assert [int(c) for c in cells] == step["changes"]
        totals = re.search(r"<tr class='c9n-total'><th scope='row'>Total</th>((?:<td><b>-?\d+</b></td>)+)</tr>", text)
        assert [int(t) for t in re.findall(r"<b>(-?\d+)</b>", totals.group(1))] == table.totals
        assert ("<td>cannot win</td>" in text) == any(table.cannot_win)
        who = panel["who"]
        if table.winners:
            assert all(ninekit.code_of_nine.SEATS[w] in who for w in table.winners)
        else:
            assert who.startswith("Nobody wins")


def test_the_app_shows_the_breakdown_and_the_that_note():
    """Requirement: the app's end panel shows the breakdown, the winners, "cannot win" and, with THAT and Code 26 in
    the game, that the lowest score wins."""
    state = position(players=4, expert=True, memories=[26, 27, 3, 5, 9, 13, 2, 6], ninth=20, round=5,
                     pawns=[1, 0, 0, 0], items=[{"coins": 2}, {"coins": 1}, {"coins": 3}, {"coins": 4}])
    app = GameApp(state, seats=["human"] * 4)
    app.reveal()
    app.click("loc:tunnel")
    assert app.state.is_over
    out = app._outcome.value
    assert "every player cannot win" not in out or "Nobody wins" in out
    assert "THAT (Code 27)" in out and "the player with the least VP wins" in out
    assert "The score, step by step in the rulings&#x27; order" in out or "The score, step by step" in out
    assert "Cannot win" in out  # Code 03: the one player with the least Coins (Blue) cannot win
    assert out.count("<tr><th scope='row'>") >= 9 + 4


def test_nobody_wins_is_not_called_a_draw():
    """Rule: when every player cannot win (Code 22 for both releasers, Code 03 for the one with the least Coins),
    nobody wins: the end panel says so (the shell would otherwise say "A draw") and marks each "cannot win"."""
    state = position(players=3, expert=True, memories=[22, 3, 1, 2, 5, 6, 8, 9], ninth=20, round=5, pawns=[1, 0, 0],
                     white=0, black=1, items=[{"coins": 3}, {"coins": 2}, {"coins": 1}])
    app = GameApp(state, seats=["human", "computer", "computer"], bot_factory=random_bots)
    assert app.click("loc:tunnel")
    assert app.state.is_over and not app.state.outcome.winners
    out = app._outcome.value
    assert "<b>Nobody wins: every player cannot win</b>" in out and "draw" not in out
    assert "<h3>Game over: nobody wins</h3>" in out
    assert out.count("<td>cannot win</td>") == 3


@pytest.mark.parametrize("players", [3, 4])
def test_redraw_decisions_stay_hidden_until_all_are_made(players):
    """Rule: each redraw decision is secret until the last is made: at the hot-seat screen, the next seat's screen is
    the same whether the seats before it kept or changed; once all have decided, every sheet says who changed."""
    def screen_after(decisions):
        app = GameApp("code_of_nine", players=players, seats=["human"] * players, seed=11)
        for choice in decisions:
            app.reveal()
            assert app.choose(next(c for c in app.choices if c.lower().startswith(choice)))
        app.reveal()
        return app, shown_text(app)

    _, keep = screen_after(["keep", "keep"])
    _, change = screen_after(["change", "change"])
    assert keep == change, "the third seat's screen shows an earlier seat's redraw decision"
    app, _ = screen_after(["change"] + ["keep"] * (players - 1))
    svg = app.board.svg
    assert "Redraw: changes" in svg and svg.count("Redraw: keeps") == players - 1


def test_a_click_on_what_is_not_a_choice_says_which_rule_forbids_it():
    """Requirement: clicking a location or slot that is not a choice changes nothing and names the rule: the cost
    must be payable, future rounds are closed to pawns, a veiled player cannot be looked at, a look is at another
    player's card."""
    state = position(memories=MEMS4, round=2, will=[0, 0, 0, 0], veiled=[1])
    app = GameApp(state, seats=["human"] + ["computer"] * 3, bot_factory=random_bots)
    before = app.state
    assert not app.click("loc:garden") and "costs 6 Will" in app.message
    assert not app.click("loc:hollow") and "never place on locations of future rounds" in app.message
    assert app.click("loc:watchtower")
    assert not app.click("look:1") and "veiled by the Sooty Watchtower" in app.message
    assert not app.click("look:0") and "never your own" in app.message
    assert app.state.parent is before


class ScriptedBot:
    """A computer seat that plays the given moves (as ``{"kind", "args"}``) in order."""

    def __init__(self, moves):
        self.moves = list(moves)

    def choose(self, state):
        return state.game.parse_move(self.moves.pop(0))


def test_undo_stops_after_a_computer_shows_every_seat_a_card():
    """Rule: a Ninth exchange shows both faces to all players: Undo never goes back past it, even when a computer seat
    made it (the human at the screen saw the card); before it, an ordinary placement may be undone."""
    state = position(players=3, expert=True, memories=[1, 5, 9, 13, 2, 6, 10, 18], ninth=20, round=3,
                     will=[0, 2, 0])
    scripts = {1: [{"kind": "place", "args": ["hall"]}, {"kind": "exchange", "args": ["shoal"]}],
               2: [{"kind": "place", "args": ["tunnel"]}]}
    app = GameApp(state, seats=["human", "computer", "computer"],
                  bot_factory=lambda name, seat, seed: ScriptedBot(scripts[seat]))
    assert app._undo_target() is None  # nothing played yet
    assert app.click("loc:quarry")
    assert app.state.to_move == 0 and app.state.view(0)["ninth"] == 9  # Blue's Shoal card went face up
    assert app._undo_target() is None and app.toolbar.undo_button.disabled
    plain = position(players=3, expert=True, memories=[1, 5, 9, 13, 2, 6, 10, 18], ninth=20, round=3)
    # Ordinary placements that show the human nothing (random computers may look at a card, which Undo then
    # may not take back either: tests/test_undo_secrecy.py).
    scripts = {1: [{"kind": "place", "args": ["cash_cow"]}], 2: [{"kind": "place", "args": ["clocktower"]}]}
    app = GameApp(plain, seats=["human", "computer", "computer"],
                  bot_factory=lambda name, seat, seed: ScriptedBot(scripts[seat]))
    assert app.click("loc:quarry")  # Blue and Green place their pawns: no exchange
    assert app.state.position.ninth == 20 and app._undo_target() is not None
