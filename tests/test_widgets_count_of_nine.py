"""Count of Nine in the widget shell: the table drawing, clicks, the payment, the panel after each game, the
replay of the best line, the one-player shell, and nothing hidden on screen.

No browser: the drawing is a pure function of ``state.view(0)`` (and the targets and hints the shell passes), and
``GameApp.click`` / ``GameApp.choose`` do what a click on the board or on a button does.  The browser half is
tests/browser/test_count_of_nine_app.py.
"""

from __future__ import annotations

import html
import json
import random
import re

import pytest
from shell_driver import all_widgets, board_targets, click_once, no_search_left, play_by_clicks  # noqa: F401 (no_search_left: a fixture)

import ninekit
from ninekit import Move
from ninekit.count_of_nine import RECONSTRUCTED_NOTE, best, position
from widgets import GameApp, adapter_for

pytestmark = pytest.mark.usefixtures("no_search_left")

ADAPTER = adapter_for("count_of_nine")
NARROW = {"layout": "narrow"}
LEGAL = re.compile(r'<g data-id="([^"]+)" class="legal[^"]*" tabindex="0" role="button" aria-label="[^"]+"')
SWITCH = re.compile(r'<g data-id="([^"]+)" class="legal nk-switch"')
IDS = re.compile(r'data-id="([^"]+)"')


@pytest.fixture
def quick_search(monkeypatch):
    """A 2-round cap for the best-line search on whole deals (a 5-round search can take minutes on a deal; the
    panel's words follow the cap, checked with the real cap on small deals below)."""
    monkeypatch.setattr(best, "BEST_LINE_ROUNDS", 2)


def parse(state, kind, *args):
    return state.game.parse_move({"kind": kind, "args": list(args)})


def _size(svg: str) -> tuple[float, float]:
    w, h = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups()
    return float(w), float(h)


def buttons(state) -> list:
    """The legal moves the shell offers as buttons (no board target)."""
    return [m for m in state.legal_moves() if ADAPTER.target_of(m) is None]


def _demolition():
    """A round-2 position where Demolition Team (card 6 face B, the top discard) can be built."""
    return position(target="Harbour", deck=["3", "5", "2r", "7"], discard=["6"],
                    city=["Tavern@1", "Mine@9", "Quarry@8!"], round=2)


def phase_states():
    """One state of every phase: target, set-up decision, turn, pay, demolish, return, later round, over."""
    game = ninekit.make("count_of_nine")
    s = game.new(5)
    out = {"target": s}
    s = s.play(parse(s, "target", "Castle"))
    out["setup"] = s
    s = s.play(parse(s, "round", "keep"))
    out["turn1"] = s
    d = _demolition()
    out["turn2"] = d
    out["pay"] = d.play(parse(d, "build", "discard", "Demolition Team"))
    out["demolish"] = out["pay"].play(out["pay"].legal_moves()[0])
    out["return"] = out["demolish"].play(parse(out["demolish"], "demolish", 1))
    r = position(target="Castle", deck=["3", "5"], city=["Tavern@6"], round=3, could_build=True)
    while r.position.phase != "round":
        r = r.play(r.legal_moves()[-1])  # pass to the round end
    out["round"] = r
    over = game.new(6)
    rng = random.Random(6)
    while not over.is_over:
        over = over.play(rng.choice(over.legal_moves()))
    out["over"] = over
    return out


PHASES = phase_states()


# --- drawing -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(PHASES))
def test_every_phase_draws_pure_with_its_targets_in_both_layouts(name):
    """Requirement: every phase is drawn from the view alone (a pure function: the same picture from a JSON copy),
    every board target (and only those) carries class ``legal`` with its data-id, focusable with an aria-label, in the
    wide and the phone picture alike; the phone picture is at most 420 units wide with no text under 11 units; the
    reconstructed cards are named on the picture."""
    state = PHASES[name]
    view = state.view(0)
    targets = board_targets(state)
    pending = {"choices": buttons(state)}
    for layout in ({}, NARROW):
        svg = ADAPTER.draw(view, targets, {**pending, **layout})
        assert svg == ADAPTER.draw(json.loads(json.dumps(view)), dict(targets), {**pending, **layout})
        assert 'data-game="count_of_nine"' in svg
        assert sorted(LEGAL.findall(svg)) == sorted(targets), name
        plain = ADAPTER.draw(view, {}, layout)
        assert not re.search(r'class="legal', plain)
        assert "Reconstructed cards" in svg
    wide, narrow = ADAPTER.draw(view, targets, pending), ADAPTER.draw(view, targets, {**pending, **NARROW})
    assert sorted(IDS.findall(wide)) == sorted(IDS.findall(narrow))
    assert _size(narrow)[0] <= 420 < _size(wide)[0]
    w, h = _size(wide)
    assert h <= 0.9 * w, "the wide picture is landscape, to sit beside the side panel on a laptop"
    sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', narrow)]
    assert sizes and min(sizes) >= 11
    assert html.escape(RECONSTRUCTED_NOTE, quote=True) in wide  # the tooltip of "Reconstructed cards"


def test_target_of_boards_and_buttons():
    """Requirement: structures (build), the five high structures (target) and city cards (demolish) are chosen on the
    board; pass, the decision before a round, the payments, "Choose a different structure" and the way a demolished
    card comes back are buttons."""
    t = ADAPTER.target_of
    assert t(Move("build", ("centre", "Market"))) == "build:centre:Market"
    assert t(Move("build", ("target", "Castle"))) == "build:target:Castle"
    assert t(Move("target", ("Town Square",))) == "target:Town Square"
    assert t(Move("demolish", (7,))) == "city:7"
    for move in (Move("pass"), Move("round", ("keep",)), Move("pay", ("centre", "discard")), Move("cancel"),
                 Move("return", ("Crew",))):
        assert t(move) is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_legal_move_is_a_board_target_or_a_button(seed):
    """Requirement: at every decision of a random match each legal move is reachable: a unique board target drawn as
    legal, or a button."""
    state = ninekit.make("count_of_nine").new(seed)
    rng = random.Random(seed)
    kinds = set()
    while not state.is_over:
        legal = state.legal_moves()
        ids = [ADAPTER.target_of(m) for m in legal]
        on_board = [i for i in ids if i is not None]
        assert len(on_board) == len(set(on_board)), state.prompt
        if state.position.phase in ("turn", "demolish", "target"):
            svg = ADAPTER.draw(state.view(0), board_targets(state), {})
            assert sorted(LEGAL.findall(svg)) == sorted(on_board), state.prompt
        kinds.update(m.kind for m in legal)
        builds = [m for m in legal if m.kind == "build"]
        state = state.play(builds[0] if builds and rng.random() < 0.7 else rng.choice(legal))
    assert {"target", "round", "build", "pay", "pass"} <= kinds


def test_cards_as_they_lie_faces_rotation_tilt_and_colour_letters():
    """Requirement (the look of the cards): face A squared off, face B rounded; a rotated card's corner index upside
    down; the used top discard tilted; each resource a letter on its colour; the city one column per round."""
    state = position(target="Castle", deck=["3", "5r"], discard=["7", "8"], city=["Tavern@6", "Mine@9!"],
                     used=["discard", "Tavern@6"], round=2)
    svg = ADAPTER.draw(state.view(0), board_targets(state), {})
    assert re.search(r'<rect x="[\d.]+" y="[\d.]+" width="196" height="134" rx="3" class="c9-faceA"', svg)
    assert re.search(r'<rect x="[\d.]+" y="[\d.]+" width="196" height="134" rx="14" class="c9-faceB"', svg)
    assert re.search(r'>5A</text>', svg) and re.search(r'transform="rotate\(180 [\d. ]+\)"[^>]*>5A<|5A</text>', svg)
    rotated_index = re.search(r'<text [^>]*transform="rotate\(180[^"]*"[^>]*>5A</text>', svg)
    upright_index = re.search(r'<text (?:(?!transform)[^>])*>3A</text>', svg)
    assert rotated_index and upright_index
    assert re.search(r'<g transform="rotate\(-6 ', svg), "the used top discard is tilted"
    assert "rotate(7 " in svg, "the used Tavern is tilted"
    for letter, colour in (("C", "#D55E00"), ("L", "#009E73"), ("S", "#A3A3A3")):
        assert re.search(rf'fill="{colour}"/><text [^>]*>{letter}</text>', svg), letter
    assert ">Round 1</text>" in svg and ">Round 2</text>" in svg
    assert "built this round: it gives its resource from the next round on" in svg  # the fresh Mine


def test_round_one_shows_no_unseen_order_or_rotation():
    """Rule (hidden information): in round 1 the cards below the two in play are card backs, and nothing on screen
    tells their order or rotation - the picture and every widget are the same for any deck that looks the same."""
    game = ninekit.make("count_of_nine")
    s = game.new(12)
    s = s.play(parse(s, "target", "Monument"))
    s = s.play(parse(s, "round", "keep"))
    twin = s.determinize(0, 99)
    assert twin.position.deck[2:] != s.position.deck[2:] and twin.position.luck != s.position.luck
    view = s.view(0)
    assert view == twin.view(0)
    svg = ADAPTER.draw(view, board_targets(s), {})
    assert svg.count('class="c9-back"') == len(view["unseen"]) == 6
    assert "rotations unknown" in svg
    apps = [GameApp(x, seats=["human"]) for x in (s, twin)]
    screens = [_screen(a) for a in apps]
    assert screens[0] == screens[1]
    for a in apps:  # and after choosing a structure to build (the pay phase), if one can be
        build = next((t for t in a.targets if t.startswith("build:")), None)
        if build:
            assert a.click(build)
    screens = [_screen(a) for a in apps]
    assert screens[0] == screens[1]
    assert str(s.position.luck) not in "".join(screens[0])


def test_no_seed_or_hidden_card_in_a_played_match(quick_search):
    """Requirement: along a whole match played by clicks, the game's seed never shows, and whenever the order of
    the deck is unknown its hidden part (the order of the unseen cards) never reaches a widget."""
    seed = 987654321987
    app = GameApp("count_of_nine", seed=seed, seats=["human"])
    checked = []

    def check(app):
        if app.pause is not None or app.state.is_over:
            return
        screen = "\n".join(json.dumps(wd.get_state(), default=repr) for wd in all_widgets(app))
        assert str(seed) not in screen and str(app.state.position.luck) not in screen
        view = app.state.view(0)
        if view["unseen"]:
            twin = app.state.determinize(0, len(checked))
            assert twin.view(0) == view
            assert app.board.svg == ADAPTER.draw(twin.view(0), app.targets, _pending(app))
            checked.append(1)

    play_by_clicks(app, random.Random(3), check=check)
    assert checked and app.errors == []


def _screen(app) -> list[str]:
    """Every widget's state as the browser gets it, model ids left out (they differ from app to app), and the log
    and the Undo button (a determinized twin has no history: the log is the state's ``log(0)``, checked by the
    engine's tests; Undo's tooltip says why the history cannot be undone, tests/test_undo_secrecy.py)."""
    return [re.sub(r"IPY_MODEL_\w+", "", json.dumps(wd.get_state(), default=repr, sort_keys=True))
            for wd in all_widgets(app) if wd is not app.move_log.text and wd is not app.toolbar.undo_button]


def _pending(app) -> dict:
    pending = {}
    if app.selection is not None:
        pending = {"selected": app.selection[0], "switch": list(app.selection[1])}
    if app._buttons:
        pending["choices"] = list(app._buttons)
    return pending


# --- clicks ----------------------------------------------------------------------------------------------

def test_build_by_click_then_pay_with_the_default_or_another_payment():
    """Rule (paying): clicking a structure chooses it; the payments are then the buttons, the sensible default first,
    and the sources the default spends are marked PAYS on the picture; the chosen structure can be put back by
    clicking it again or with "Choose a different structure"; clicking another structure switches."""
    state = _demolition()
    app = GameApp(state, seats=["human"])
    assert sorted(app.targets) == ["build:centre:Armoury", "build:deck:Watchtower", "build:discard:Demolition Team"]
    assert app.choices == ["Pass: flip the centre card onto the discard pile"]
    assert app.click("build:discard:Demolition Team"), app.message
    pays = [m for m in app.state.legal_moves() if m.kind == "pay"]
    assert app.choices == [str(m) for m in app.state.legal_moves()]
    assert app.choices[0] == "Pay with Crew from your Tavern, Iron from your Mine"
    assert app.choices[-1] == "Choose a different structure"
    assert pays[0].args == ("city1", "city9")
    svg = app.board.svg
    marked = re.findall(r'<g data-id="city:(\d)"[^>]*>(?:(?!</g>).)*class="c9-pays"', svg)
    assert sorted(marked) == ["1", "9"]
    assert svg.count('class="c9-pays"') == 2  # no play-area card pays in the default
    assert "the first button pays with the sources" in svg and "marked PAYS" in svg
    selected, switch = app.selection
    assert selected == "build:discard:Demolition Team"
    assert switch == ["build:centre:Armoury", "build:deck:Watchtower"]
    assert set(SWITCH.findall(svg)) == {selected, *switch}
    assert app.click(selected) and app.state is state  # put back
    assert app.click("build:centre:Armoury") and app.click("build:deck:Watchtower")  # switched
    assert app.state.parent is state and app.state.position.chosen == ("deck", "Watchtower")
    assert app.choose("Choose a different structure") and app.state.position.phase == "turn"
    assert app.click("build:discard:Demolition Team")
    assert app.choose(app.choices[1])  # the other payment: Crew from the top card of the deck
    assert app.state.position.phase == "demolish"
    assert sorted(app.targets) == ["city:1", "city:8", "city:9"]
    assert app.click("city:8")
    assert app.choices == ["Put card 8 under the discard pile with Gold on top next round",
                           "Put card 8 under the discard pile rotated, Crew on top next round"]
    assert app.choose(app.choices[1])
    names = [c["name"] for c in app.state.view(0)["city"]]
    assert names == ["Tavern", "Mine"] and app.errors == []


def test_default_payment_from_the_play_area_is_marked_on_its_card():
    """Requirement: a default payment that spends play-area cards marks those cards' top resources PAYS."""
    state = position(target="Harbour", deck=["8", "2"], discard=["7"], city=["Tavern@6"], round=3)
    app = GameApp(state, seats=["human"])
    assert app.click("build:centre:Quarry"), app.message
    first = next(m for m in app.state.legal_moves() if m.kind == "pay")
    svg = app.board.svg
    assert svg.count('class="c9-pays"') == len(first.args)
    assert ">PAYS</text>" in svg


def test_target_choice_and_illegal_clicks_say_why():
    """Requirement: the target is chosen by clicking one of the five high structures; a click on a structure that
    cannot be built says which rule forbids it."""
    app = GameApp("count_of_nine", seed=4, seats=["human"])
    assert sorted(app.targets) == sorted(f"target:{n}" for n in ("Castle", "Cathedral", "Monument", "Harbour",
                                                                  "Town Square"))
    assert app.click("target:Castle") and app.state.view(0)["target"]["name"] == "Castle"
    state = position(target="Castle", deck=["3", "5"], round=2)
    app = GameApp(state, seats=["human"])
    assert not app.click("build:target:Castle")
    assert "Castle requires Armoury, Stonemason and Goldsmith in your city" in app.message
    state = position(target="Harbour", deck=["9", "5"], round=2)
    app = GameApp(state, seats=["human"])
    assert not app.click("build:deck:Goldsmith") and "costs Crew + Gold + Stone" in app.message
    state = position(target="Harbour", deck=["5", "2"], discard=["3"], round=2)
    app = GameApp(state, seats=["human"])
    assert not app.click("build:discard:Monument")
    assert app.message == "Monument requires Quarry and Goldsmith in your city (missing: Quarry and Goldsmith)"


def test_undo_stops_after_a_card_is_turned_up():
    """Requirement (hidden information): a pass, a payment, a round begun or the deal may turn up a card not seen
    before, which cannot be unseen: Undo stops after it.  Choosing a structure is taken back by clicking it."""
    app = GameApp("count_of_nine", seed=8, seats=["human"])
    assert app.click("target:Harbour")
    assert not app.undo()
    assert app.choose(app.choices[0])  # round 1 begins
    assert not app.undo() and app.toolbar.undo_button.disabled
    for kind in ("target", "round", "pass", "pay", "return"):
        assert ADAPTER.irreversible(Move(kind, ()))
    for kind in ("build", "cancel", "demolish"):
        assert not ADAPTER.irreversible(Move(kind, ()))


# --- after each game, and the match end ---------------------------------------------------------------------

def _to_first_pause(app, rng):
    steps = 0
    while app.pause is None and not app.state.is_over:
        click_once(app, rng)
        steps += 1
        assert steps < 3000
    return app


SMALL_DEAL = ("7", "3", "6r", "9r", "4r")  # game 1 of a match on five cards: the 5-round search takes a moment


def test_panel_after_game_one_gives_breakdown_best_score_and_replay():
    """Requirement: after game 1 the shell stops on a panel with the score breakdown and the game's city and revealed
    deal at once; the best-line search runs meanwhile (off the app's thread) and fills in "the best possible score on
    this deal was N" (worded with the 5-round cap) and a button that replays the best line step by step on a picture
    of that deal, from its opening to its final score."""
    opening = position(target="Town Square", deck=list(SMALL_DEAL), round=0, games=2)
    app = GameApp(opening, seats=["human"])
    assert app.choose("Keep Crew on top and begin round 1")
    _to_first_pause(app, random.Random(2))
    pause = app.pause
    result = app.state.view(0)["results"][0]
    assert result["deal"] == list(SMALL_DEAL)
    assert pause["title"].startswith("Game 1 is over: ")
    assert "The deal, now revealed" in pause["svg"] and "Game 1 is over" in pause["svg"]
    for label, value in result["breakdown"]:
        assert f"<th scope='row'>{label}</th><td>{value}</td>" in pause["html"]
    first = html.unescape(pause["html"])
    assert "Working out the best possible score on this deal" in first or "The best possible score" in first
    assert app.wait_background(120)
    score, moves = best.best_on_deal(result["target"], result["deal"])
    text = html.unescape(app.pause["html"])
    assert f"The best possible score on this deal was {score} (within 5 rounds" in text
    assert html.unescape(app.pause_panel.text.value) == text
    assert app.replays == ["Replay the best line"] and app.choices == [] and app.targets == {}
    assert app._replay_bar.choices == ["Replay the best line"]
    assert app.replay("Replay the best line")
    at, last, caption = app.replaying
    assert (at, last) == (0, len(moves)) and "the deal" in caption
    assert "Best line · the deal" in app.board.svg and app.board.svg_narrow
    assert app._replay_bar.choices == list(GameApp.REPLAY_BUTTONS)
    assert app.pause_panel.layout.display == "none"
    assert not app.replay_step(-1) and "first step" in app.message
    assert app.replay_step(1) and app.replaying[2] == "Keep Crew on top and begin round 1"
    while app.replay_step(1):
        pass
    at, last, caption = app.replaying
    assert at == last
    final = app._replaying["steps"][-1][1]
    assert final["results"][-1]["score"] == score
    assert app.end_replay() and app.replaying is None and app.pause["html"] == app.pause_panel.text.value
    assert app._replay_bar.choices == ["Replay the best line"]
    held = app.state
    assert app.go_on() and app.state is held and app.pause is None
    assert app.state.view(0)["game_no"] == 2 and app.replays == []


def test_best_line_search_runs_in_a_child_process_once_per_deal():
    """Requirement (one place, app stays responsive): the search for a deal runs once, in a child process, and its
    line replays from the deal's opening to the score it reports."""
    search = best.best_search("Town Square", SMALL_DEAL)
    assert best.best_search("Town Square", list(SMALL_DEAL)) is search
    score, moves = search.result(120)
    assert search.done() and all(isinstance(m, Move) for m in moves)
    state = search.opening()
    for move in moves:
        state = state.play(move)
    assert state.position.results[-1][3] == score
    steps = best.best_line_steps("Town Square", SMALL_DEAL)
    assert len(steps) == len(moves) + 1 and steps[-1][1]["results"][-1]["score"] == score


def test_a_full_match_by_clicks_ends_with_total_title_and_best_scores(quick_search):
    """Requirement: a whole match (two games) played through GameApp by clicks and buttons ends with the outcome
    panel: the match total and its title, each game's breakdown and best possible score, replays of both best lines,
    and no "winner" wording (a game for one)."""
    app = GameApp("count_of_nine", seed=31, seats=["human"])
    steps = play_by_clicks(app, random.Random(31))
    assert steps > 5 and app.errors == []
    assert app.wait_background(120)
    view = app.state.view(0)
    out = html.unescape(app._outcome.value)
    assert "The match is over" in out and f"Match total {view['total']}: {view['title']}" in out
    assert out.count("The best possible score on this deal was") == 2 and "within 2 rounds" in out
    assert "Winner" not in out and "you win" not in out and "you lose" not in out
    assert app.replays == ["Replay game 1's best line", "Replay game 2's best line"]
    assert app.replay(1) and app.replay_step(1)
    assert app._outcome.layout.display == "none"
    assert app.end_replay() and app._outcome.layout.display is None
    assert "Match over" in app.board.svg and f"Match total: {view['total']}" in app.board.svg


def test_practice_game_has_no_title():
    """Rule (decision 10): a practice game (games=1) ends with its score, the best possible score, and no title."""
    app = GameApp(position(target="Town Square", deck=list(SMALL_DEAL), round=0), seats=["human"])
    play_by_clicks(app, random.Random(5))
    assert app.wait_background(120)
    out = html.unescape(app._outcome.value)
    assert "The practice game is over" in out and "Practice game over" in out and "King" not in out
    assert "The best possible score on this deal was" in out and app.replays == ["Replay the best line"]


# --- the one-player shell -----------------------------------------------------------------------------------

def test_one_seat_shell_wording_and_form(quick_search):
    """Requirement (a game for one): the intro says who plays without "against"; the New game form offers the one
    seat (human or computer) and no "seat at random"; a computer Builder plays the match (bot_for) and stops after
    game 1 until Next game; no hand-over ever."""
    app = GameApp("count_of_nine", seats=["human"], seed=2)
    intro = html.unescape(app.header.intro.value)
    assert "You play Builder: a game for one player." in intro and "against" not in intro
    assert app.header.page_title.text == "Count of Nine – you play Builder · ninekit"
    assert [d.description for d in app.new_game_form.seat_choices.children] == ["Builder"]
    assert app.new_game_form.random_seat_box.layout.display == "none"
    assert app.privacy_pending is None
    robot = GameApp("count_of_nine", seats=["computer"], seed=3)
    assert "The computer plays Builder: watch it play." in html.unescape(robot.header.intro.value)
    assert robot.pause is not None and robot.privacy_pending is None
    assert robot.go_on() and robot.state.is_over and robot.errors == []
    assert "Winner" not in robot._outcome.value
    other = GameApp("nine_knights", seats=["human", "computer"], seed=1)
    assert other.new_game_form.random_seat_box.layout.display is None  # two seats: the choice stays


def test_rules_panel_legend_and_reconstructed_cards():
    """Requirement: the Rules panel explains the picture and gives the reconstructed cards and structures."""
    app = GameApp("count_of_nine", seats=["human"])
    panel = app.rules_panel.text.value
    assert html.escape(RECONSTRUCTED_NOTE, quote=True) in panel
    assert "The nine cards (reconstructed)" in panel and "The twenty structures (reconstructed)" in panel
    assert "<b>C</b> Crew" in panel


def test_best_words_are_honest_about_the_cap():
    """Requirement: "the best possible score on this deal" says it was searched within 5 rounds, and says so when
    the player beat that by playing longer."""
    assert best.best_words(12) == ("The best possible score on this deal was 12 (within 5 rounds, had the order of "
                                    "the cards been known; shuffles left out).")
    assert "You scored 14, more than that, by playing more rounds" in best.best_words(12, 14)
    assert best.BEST_LINE_ROUNDS == 5
