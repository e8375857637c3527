"""Double Nine positions edited part by part: ``ninekit/double_nine/editing.py`` with ``ninekit.editing``.

Each test names the rule it checks: a position rebuilt from its parts is the same position (every view, the
legal moves, the prompt); every part and choice either builds a position or gets the rules' "impossible
position: ..."; one card of each moves rather than appears twice; every part drawn on the table carries its id.
"""

from __future__ import annotations

import random
import re

import pytest

import ninekit
from ninekit import Move
from ninekit.double_nine import position
from ninekit.double_nine.editing import args_of, empty, parts, set_part
from ninekit.editing import Draft, draft, empty_table
from widgets import adapter_for

ADAPTER = adapter_for("double_nine")
OPTIONS = [
    (2, {}), (3, {}), (4, {}),
    (2, {"deck": "expansion"}), (3, {"deck": "mixed"}), (4, {"deck": "full"}),
    (3, {"target": True}), (2, {"competition": True}), (4, {"teams": True}),
]


def _random_states(n: int, options: dict, seeds=range(2)):
    """Every state of random matches from seeded new games (seed i plays with random.Random(i))."""
    game = ninekit.make("double_nine", n, **options)
    for seed in seeds:
        state, rng = game.new(seed), random.Random(seed)
        yield state
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
            yield state


def _same(a, b) -> None:
    for seat in [*range(a.game.players), None]:
        assert a.view(seat) == b.view(seat), seat
    assert a.legal_moves() == b.legal_moves()
    assert [str(m) for m in a.legal_moves()] == [str(m) for m in b.legal_moves()]
    assert a.prompt == b.prompt
    assert a.game == b.game


def _play_out(state, seed: int = 0) -> None:
    """Random play to the end of the match: a built position never crashes later."""
    rng = random.Random(seed)
    for _ in range(2000):
        if state.is_over:
            return
        state = state.play(rng.choice(state.legal_moves()))
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("n", "options"), OPTIONS)
def test_round_trip_rebuilds_every_position_where_a_card_is_chosen(n, options):
    """Rule: position() builds the moment a player chooses a card to play; args_of gives the keywords that
    rebuild such a state with the same view for every seat and the spectator, the same legal moves in the same
    order and the same prompt (later games of the match and Sniper's looks included), and refuses every other
    state (mid-turn, the match over) with one sentence saying when a position can be edited."""
    built = refused = 0
    for state in _random_states(n, options):
        try:
            args = args_of(state)
        except ValueError as exc:
            refused += 1
            text = str(exc)
            assert text.startswith("A Double Nine position can be edited") and text.count(".") == 0
            assert state.position.phase != "card"
            continue
        assert state.position.phase == "card"
        built += 1
        _same(position(**args), state)
        assert draft(state).state is not None
    assert built > 20 and refused > 20


def test_round_trip_keeps_finished_games_and_sniper_looks():
    """Rule: the finished games' final records (boards, hands, removed cards, pile) and what Sniper showed this
    game are part of every view, so the keywords carry them and position() rebuilds them."""
    records = looks = 0
    for state in _random_states(3, {"deck": "expansion"}, seeds=range(4)):
        if state.position.phase != "card":
            continue
        args = args_of(state)
        records += any(isinstance(r, dict) for r in args["results"])
        looks += bool(args["sniper"])
        _same(position(**args), state)
    assert records and looks


def test_args_of_refuses_mid_turn_and_game_over():
    """Rule: a position can be edited only when a player is about to choose a card to play: the middle of a
    turn and a finished match get a plain sentence, not a crash."""
    state = ninekit.make("double_nine", 2).new(3)
    chosen = state.play(state.legal_moves()[0])
    with pytest.raises(ValueError, match="about to choose a card to play"):
        args_of(chosen)
    end = state
    rng = random.Random(1)
    while not end.is_over:
        end = end.play(rng.choice(end.legal_moves()))
    with pytest.raises(ValueError, match="not once it is over"):
        args_of(end)
    assert ninekit.editing.can_edit(end) and ninekit.editing.can_edit(state) is None


def _positions() -> list[Draft]:
    """A few drafts: empty tables, a game in progress, a later game of a match with a face-up pile."""
    out = [empty_table(ninekit.make("double_nine", 2)), empty_table(ninekit.make("double_nine", 4, teams=True,
                                                                                     target=True))]
    for n, options, seed, skip in ((3, {"deck": "full"}, 5, 9), (2, {"deck": "expansion"}, 2, 40)):
        states = [s for s in _random_states(n, options, seeds=[seed]) if s.position.phase == "card"]
        out.append(draft(states[min(skip, len(states) - 1)]))
    face_up = position(3, boards=[(["Elf"], ["Sister"]), ([], ["Luna"]), (["Aiko"], [])],
                       hands=[["Thera", "Sol"], ["Sniper"], ["Medusa"]], pile=["Archangel", "Magician", "Reaper"],
                       deck="mixed", pile_face_up=True, results=[[45, 80, 12]], start=2,
                       sniper=[[0, 1, "Sniper"]])
    out.append(draft(face_up))
    return out


def _shuffled(value: str, sep: str) -> str:
    items = [x.strip() for x in value.split(sep)]
    random.Random(len(value)).shuffle(items)
    return f"{sep} ".join(items)


GARBAGE = {"site": "Elf, Elff", "pile": "Luna, ??", "removed": "Dragon", "result": "12, x7", "sniper": "nonsense",
           "target": "high", "seed": "-5"}


@pytest.mark.parametrize("index", range(5))
def test_every_part_and_choice_builds_or_says_impossible_position(index):
    """Rule: every part and every value it may take gives a draft with a position or with the rules' objection
    ("impossible position: ..."), never another error; a value that cannot be read is refused naming it; and
    a position that builds plays on to the end of the match without a crash."""
    d = _positions()[index]
    assert d.state is not None, d.problem
    keys = [p.key for p in d.parts()]
    assert len(keys) == len(set(keys))
    built = 0
    for part in d.parts():
        values = list(part.choices) if part.choices else [part.value]
        if part.syntax and part.value:
            sep = ";" if part.key.startswith("sniper") else ","
            values.append(_shuffled(part.value, sep))
        for value in values:
            new = d.set(part.key, value)
            assert (new.state is None) != (new.problem is None)
            if new.problem is not None:
                assert new.problem.startswith("impossible position:"), (part.key, value, new.problem)
            elif built < 12:
                built += 1
                _play_out(new.state, built)
        if part.syntax:
            garbage = GARBAGE[part.key.split(".")[0]]
            with pytest.raises(ValueError) as exc:
                d.set(part.key, garbage)
            assert any(bit in str(exc.value) for bit in ("Elff", "??", "Dragon", "x7", "nonsense", "high", "-5"))
    assert built


def test_a_card_put_in_a_hand_comes_from_where_it_was():
    """Rule: there is one of each card: a card put in a hand leaves the pile, and the card it replaces takes
    its place there, so the position stays playable and the new card can be played."""
    d = empty_table(ninekit.make("double_nine", 2))
    before = d.keywords
    new = d.set("hand.0.1", "Luna")
    assert new.state is not None
    args = new.keywords
    assert args["hands"][0] == ["Reaper", "Luna"]
    assert sorted(args["pile"]) == sorted(before["pile"][:before["pile"].index("Luna")]
                                          + ["Reaper"] + before["pile"][before["pile"].index("Luna") + 1:])
    assert "card" in {m.kind for m in new.state.legal_moves()}
    assert ["Luna"] in [list(m.args) for m in new.state.legal_moves()]
    assert d.keywords == before  # the draft it came from is unchanged


def test_a_site_set_takes_its_cards_from_the_pile_and_scores():
    """Rule: a Site's top card counts (×10 or ×1): Luna and Elf put on Player 2's Sites give 98, and the cards
    leave the pile (the deck has two of each)."""
    d = empty_table(ninekit.make("double_nine", 2))
    d = d.set("site.1.x10", "Reaper, Luna").set("site.1.x1", "Elf")
    assert d.state is not None, d.problem
    assert d.state.view(None)["boards"][1]["number"] == 98
    args = d.keywords
    everything = [c for b in args["boards"] for s in b for c in s] + [c for h in args["hands"] for c in h] \
        + args["pile"] + args["removed"]
    assert sorted(everything) == sorted(n for n in ninekit.double_nine.NAMES[:10] for _ in range(2))
    cleared = d.set("site.1.x10", "")
    assert cleared.state is not None and sorted(cleared.keywords["removed"]) == ["Luna", "Reaper"]


def test_a_site_the_pile_and_the_removed_cards_are_set_by_clicking_their_offers():
    """Issue 27 item 2, by clicking: a stack written as text also offers its changes as buttons, each card put on
    top (taken from where it was) and the top card taken off; every offer gives a position or the rules'
    objection."""
    d = empty_table(ninekit.make("double_nine", 2))
    site = d.part("site.1.x10")
    put = dict(site.offers)
    d = d.set("site.1.x10", put["Put Luna on top"])
    d = d.set("site.1.x10", dict(d.part("site.1.x10").offers)["Put Elf on top"])
    assert d.part("site.1.x10").value == "Luna, Elf" and d.state.view(None)["boards"][1]["number"] == 80
    d = d.set("site.1.x10", dict(d.part("site.1.x10").offers)["Take the top card (Elf) off"])
    assert d.part("site.1.x10").value == "Luna" and d.problem is None
    for key in ("site.0.x1", "pile", "removed"):
        for _words, value in d.part(key).offers:
            new = d.set(key, value)
            assert new.problem is None or new.problem.startswith("impossible position: "), new.problem


def test_who_moves_changed_passes_the_drawn_card():
    """Rule: the player to play holds two cards (the second drawn this turn), the others one: changing who
    moves hands the drawn card to the new player to play."""
    d = empty_table(ninekit.make("double_nine", 3))
    new = d.set("turn", "Player 3")
    assert new.state is not None, new.problem
    assert new.state.to_move == 2 and new.state.prompt.startswith("Player 3:")
    assert [len(h) for h in new.keywords["hands"]] == [1, 1, 2]
    assert "hand.2.1" in {p.key for p in new.parts()} and "hand.0.1" not in {p.key for p in new.parts()}


def test_pile_order_decides_the_next_draw_and_thera_shows_it():
    """Rule: the pile's top card is drawn next; face up (Thera) every player sees its order."""
    d = empty_table(ninekit.make("double_nine", 2))
    pile = d.keywords["pile"]
    new = d.set("pile", ", ".join(reversed(pile))).set("pile_face_up", "face up (Thera)")
    assert new.state is not None
    assert new.state.view(1)["pile"] == list(reversed(pile))
    state = new.state.play(new.state.legal_moves()[0])
    state = state.play(state.legal_moves()[0])
    if state.to_move == 1:
        assert pile[-1] in state.view(1)["hand"]


def test_victory_tokens_come_from_finished_games():
    """Rule: a finished game's winner takes a victory token; two tokens end the match, which cannot be edited
    (the rules say so in their words)."""
    d = empty_table(ninekit.make("double_nine", 2)).set("games", "2")
    assert d.state is not None and d.state.view(0)["victory_tokens"] == [1, 1]
    assert d.state.view(0)["game_number"] == 3
    over = d.set("result.1", "99, 10")
    assert over.state is None
    assert over.problem == "impossible position: a player already has two victory tokens; the match would be over"


def test_clearly_impossible_edits_get_the_rules_words():
    """Rule: the basic deck has two of each basic card and no expansion card: a third Luna or a Thera is
    refused by position() in the game's words."""
    d = empty_table(ninekit.make("double_nine", 2))
    three = d.set("site.0.x1", "Luna, Luna, Luna")
    assert three.problem == "impossible position: Luna appears 3 times, but the basic deck has 2"
    thera = d.set("site.0.x1", "Thera")
    assert thera.problem == "impossible position: Thera is not in the basic deck"
    assert d.set("deck", "expansion").set("site.0.x1", "Thera").state is not None


def test_deck_changed_keeps_the_cards_the_new_deck_has():
    """Rule: the Expansion Rule's decks: a new deck keeps every card it has where it was and deals the rest."""
    d = empty_table(ninekit.make("double_nine", 2)).set("site.0.x10", "Luna")
    mixed = d.set("deck", "mixed")
    assert mixed.state is not None, mixed.problem
    assert mixed.keywords["boards"][0][0] == ["Luna"] and mixed.state.game.options["deck"] == "mixed"
    assert all(mixed.set("deck", deck).state is not None for deck in ("basic", "expansion", "full"))


def test_sniper_looks_and_target_are_shown():
    """Rule: only the Sniper's player learns the card; the target value is shown to all."""
    d = empty_table(ninekit.make("double_nine", 2, deck="expansion")).set("sniper.0", "Player 2: Sol")
    d = d.set("target", "57")
    assert d.state is not None, d.problem
    assert d.state.view(0)["sniper"] == [{"seat": 1, "card": "Sol"}] and d.state.view(1)["sniper"] == []
    assert d.state.view(1)["target"] == 57
    assert d.set("sniper.0", "Player 1: Sol").problem.startswith("impossible position: Sniper looks at another")


def test_unknown_part_and_unreadable_values_are_refused():
    """Rule: a key that is no part of the game, or a value that cannot be read, is refused naming it."""
    game = ninekit.make("double_nine", 2)
    args = empty(game)
    with pytest.raises(ValueError, match="'site.5.x10'"):
        set_part(args, "site.5.x10", "Elf", game)
    with pytest.raises(ValueError, match="'Player 9'"):
        set_part(args, "turn", "Player 9", game)
    with pytest.raises(ValueError, match="'Lunar'"):
        set_part(args, "pile", "Elf, Lunar", game)
    assert args == empty(game)


def test_keys_are_stable_across_edits():
    """Rule: the same thing keeps its key: a Site, a hand card, the pile keep theirs when something is set."""
    d = empty_table(ninekit.make("double_nine", 3))
    keys = [p.key for p in d.parts()]
    for key, value in (("site.1.x1", "Elf"), ("pile_face_up", "face up (Thera)"), ("hand.1.0", "Luna")):
        d = d.set(key, value)
        assert [p.key for p in d.parts()] == keys


@pytest.mark.parametrize("index", range(5))
def test_every_board_id_is_drawn_in_the_revealed_view(index):
    """Rule: a part with a board id is drawn with that id in the sandbox's picture (the revealed view of the
    player to move, every part a target), so a click on the table picks that part."""
    d = _positions()[index]
    state = d.state
    view = state.view(state.to_move, reveal=True)
    targets = {p.board: Move("edit", (p.key,)) for p in d.parts() if p.board}
    for narrow in ({}, {"layout": "narrow"}):
        svg = ADAPTER.draw(view, targets, narrow)
        drawn = set(re.findall(r'data-id="([^"]+)"', svg))
        assert set(targets) <= drawn, set(targets) - drawn
    plain = ADAPTER.draw(state.view(state.to_move), {}, {})
    assert 'data-id="hand:' not in plain and 'data-id="pile"' not in plain  # the game's own table is unchanged


def test_parts_use_the_games_words():
    """Rule: the parts are named as in the rulebook: the Sites, the hands, the draw pile, who is to play."""
    game = ninekit.make("double_nine", 2)
    labels = {p.key: (p.group, p.label) for p in parts(empty(game), game)}
    assert labels["site.0.x10"] == ("Boards", "Player 1's Site ×10")
    assert labels["hand.0.1"] == ("Hands", "Player 1's hand: card drawn this turn")
    assert labels["hand.1.0"] == ("Hands", "Player 2's hand")
    assert labels["pile"] == ("Draw pile", "Draw pile, top card first")
    assert labels["turn"] == ("Who moves", "Player to play")
    assert labels["deck"] == ("Selection rules", "Deck (Expansion Rule)")
