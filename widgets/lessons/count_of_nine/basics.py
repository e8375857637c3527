"""Chapters 1-4 of the Count of Nine tutorial: your first game; flip, rotate, shuffle; paying in detail;
between rounds; each a function listing its steps in the notebook's order."""

from __future__ import annotations

import ninekit
from ninekit import Move
from ninekit.count_of_nine import STRUCTURES, position

from .play import (
    GAME,
    PASS,
    PLAY_AREA,
    before_round,
    begin,
    build,
    build_step,
    built_in_round,
    card_words,
    city_has,
    dead_round_miss,
    end_step,
    first_turn_of,
    flip_miss,
    lesson,
    names,
    pay,
    phase_of,
    round_done,
    round_of,
    score,
    top_discard,
    turn_done,
    view_of,
)

# --- chapter 1: your first game ----------------------------------------------------------------------------



def first_game_steps() -> list:
    nothing_left = before_round(["2r", "3", "4r", "6"], round=3, target="Castle",
                                city=["Chapel@7", "Well@8", "Goldsmith@5"])
    return [
        build_step(
            "first-build", "Reading a card: your first build",
            position(target="Castle", deck=["4", "6", "9"], discard=["8"], round=1, order_known=False),
            "Tavern", within="turn", goal="Build a Tavern.",
            solution=[build("deck", "Tavern"), pay("centre", "discard")],
            hint="The Tavern is the left structure of the top card of the deck; it costs Lumber + Crew. Which two "
                 "other cards show Lumber and Crew on top?",
            success="A card pays with its top resource. The card you build from goes to your city, turned so the "
                    "built structure shows; it leaves the deck for good. The cards in play that paid are flipped "
                    "onto the discard pile.",
            miss=lambda s: "the Tavern is not in your city" + (f": you built the {names(s)[-1]}" if names(s) else ""),
            wrong=(build("centre", "Mine"), "each unit from a different source"),
            teaches=("cards", "top-resource", "play-area", "different-sources", "choose-payment", "to-city",
                     "paid-flipped"), table=PLAY_AREA),
        build_step(
            "own-card", "A card never pays for itself",
            position(target="Castle", deck=["6r", "3", "9"], discard=["8"], round=2),
            "Tavern", within="turn", goal="Two Taverns are in play: build one.",
            solution=[build("deck", "Tavern"), pay("centre", "discard")],
            hint="Click the centre card's Tavern: why is it not highlighted?",
            success="Every cost unit comes from a source other than the card being built: the centre card's Crew "
                    "cannot pay for its own Tavern, but it can pay for the Tavern on the top card of the deck.",
            miss="the Tavern is not in your city",
            wrong=(build("centre", "Tavern"), "a card cannot pay for its own structure"),
            teaches=("own-card",), uses=("top-resource", "different-sources", "choose-payment"), table=PLAY_AREA),
        lesson(
            "which-build", "What can be built",
            position(target="Harbour", deck=["3r", "9", "2"], discard=["7"], city=["Tavern@6"], round=2),
            goal="Build a structure with a shield (a victory point).",
            check=lambda s: any(STRUCTURES[n].vp >= 1 for n in names(s)), horizon=turn_done,
            solution=[build("discard", "Garden"), pay("centre", "deck", "city6")],
            hint="Look at all three cards in play, the top discard too, as it lies face B up. Your Tavern gives "
                 "Crew.",
            success="You may build the left or right structure of any card in play — the centre card, the top card "
                    "of the deck, the top discard as it lies — or the target. Your Tavern paid a Crew like a card. "
                    "The Garden scores its shield and +1 as a basic structure.",
            miss=lambda s: f"the {names(s)[-1]} has no shield" if len(names(s)) > 1 else "no shield was built",
            wrong=(build("deck", "Garden"), "a card cannot pay for its own structure"),
            teaches=("build-from-play", "structure-card", "city-gives", "score-shields", "score-basic"),
            uses=("top-resource", "own-card", "different-sources", "play-area")),
        build_step(
            "pass", "Passing, and the slide",
            position(target="Monument", deck=["6", "9", "2"], discard=["7", "4r"], city=["Tavern@1"],
                     used=["discard"], round=2),
            "Mine", goal="Build a Mine this round.",
            solution=[PASS, build("centre", "Mine"), pay("discard", "city1")],
            hint="The Stone on top of the discard pile is tilted: it has paid this round. What does the centre "
                 "card show on its back, and where will the Mine be after a pass?",
            success="A pass flips the centre card onto the discard pile and slides the top card of the deck to the "
                    "centre. The newly flipped card is not tilted: its resource may pay, though the card under it "
                    "had paid already.",
            miss="the Mine can no longer be built this round: the Stone must come from a card not yet used "
                 "this round, and the Crew from your Tavern",
            wrong=([build("centre", "Tavern"), pay("deck", "city1")], "not yet used this round"),
            teaches=("turn", "pass", "slide", "discard-once", "discard-untilted"),
            uses=("city-gives", "build-from-play", "top-resource")),
        lesson(
            "round-end", "The round end: the pile flips over",
            position(target="Castle", deck=["7"], discard=["9", "2r", "8r"], city=["Tavern@6"], round=2,
                     could_build=True),
            goal="Pass the last card of round 2 (nothing can be built), then begin round 3 with Crew on top of the "
                 "centre card.",
            check=lambda s: round_of(s) == 3 and phase_of(s) == "turn" and view_of(s)["centre"]["top"] == "Crew",
            horizon=lambda s: s.is_over or round_of(s) >= 3,
            solution=[PASS, begin("rotate")],
            hint="Which card of the discard pile will be the top of the new deck? Rotating the deck brings each "
                 "card's bottom resource to the top.",
            success="At the end of a round the discard pile is flipped over into the new deck: its bottom card on "
                    "top, every card back on face A, each still rotated or not, and you know the whole order. "
                    "Then you may rotate the deck; the round begins with two cards in play.",
            miss=lambda s: ("round 3 begins with " + card_words(view_of(s)["centre"]) + ", showing "
                            + view_of(s)["centre"]["top"] + " on top" if round_of(s) == 3 and view_of(s)["centre"]
                            else "the game ended"),
            wrong=([PASS, begin("keep")], "round 3 begins with card 9"),
            teaches=("round-through", "pile-flips", "pile-face-a", "order-known", "rotate-deck", "round-start"),
            uses=("pass",)),
        build_step(
            "castle", "The target and its requirements",
            position(target="Castle", deck=["4", "8r", "9r"], discard=["5"],
                     city=["Armoury@6", "Stonemason@2", "Tavern@3"], round=3),
            "Castle", goal="Build the Castle, your target, this round.",
            solution=[build("centre", "Goldsmith"), pay("deck", "discard", "city2"), build("target", "Castle"),
                      pay("discard", "city3")],
            hint="The Castle costs only Crew + Crew, but requires an Armoury, a Stonemason and a Goldsmith in your "
                 "city. The Goldsmith is on the centre card.",
            success="A high structure requires other structures in your city first; the target is built from its "
                    "set-aside card like any card in play.",
            miss="the Castle can no longer be built this round",
            wrong=(build("target", "Castle"), "in your city (missing: Goldsmith)"),
            teaches=("high", "target-build", "requires"),
            uses=("build-from-play", "different-sources", "city-gives", "paid-flipped", "slide")),
        lesson(
            "target", "Set-up: the target and the deal",
            ninekit.make(GAME, games=1).new(seed=11),
            goal="Choose as your target the high structure that requires a Market and a Well.",
            check=lambda s: (view_of(s)["target"] or {}).get("name") == "Town Square", horizon=turn_done,
            solution=[{"kind": "target", "args": ["Town Square"]}],
            hint="Each high structure requires two or three other structures in your city first: the table of "
                 "structures above lists them.",
            success="The Town Square requires a Market and a Well. Its card is set aside, target face up; the "
                    "other eight cards go face A up, four of them rotated, and are shuffled into the deck.",
            miss=lambda s: (f"the {view_of(s)['target']['name']} requires "
                            + " and ".join(view_of(s)["target"]["requires"])),
            wrong=({"kind": "target", "args": ["Harbour"]}, "requires Sawmill and Market"),
            teaches=("target-choose", "deal-face-a", "deal-rotated", "deal-shuffled"), uses=("high", "requires")),
        lesson(
            "active-resource", "Set-up: the active resource",
            ninekit.make(GAME, games=1).new(seed=11).play(Move("target", ("Town Square",))),
            goal="Make Crew the active resource of the top card, and begin round 1.",
            check=lambda s: round_of(s) == 1 and view_of(s)["centre"]["top"] == "Crew", horizon=turn_done,
            solution=[begin("rotate")],
            hint="You see only the top card of the deck: Iron on top, Crew along the bottom edge.",
            success="Looking only at the top card, you choose which of its two resources is active, and turn the "
                    "whole deck so that it is on top. The deck was just shuffled: no shuffle now. You know which "
                    "cards are in the deck, not their order nor which are rotated.",
            miss=lambda s: ("Iron is still on top of the top card, and only the top resource is active: rotating "
                            "the deck brings Crew up" if round_of(s) == 1 else "you stopped before round 1: the game "
                            "scores 0"),
            wrong=(begin("keep"), "only the top resource is active"),
            teaches=("active-resource", "no-shuffle-round1", "round1-knowledge"),
            uses=("target-choose", "rotate-deck", "top-resource", "round-start")),
        end_step(
            "stop", "Stopping before a round", nothing_left, score(nothing_left),
            solution=[begin("stop")],
            hint="Each round begun costs a point. Can any turn of round 4 pay for a structure, whichever way the "
                 "deck lies? Your Goldsmith gives only Gold.",
            success="Before any round you may stop the game. Rounds played are the rounds begun, and each costs a "
                    "point: stopping saves one when nothing more can be built. The most points in the fewest "
                    "rounds wins the King's favour.",
            miss=lambda s: (f"the game ended with {s.outcome.scores[0]}: round 4 cost a point and no build was "
                            "possible in it" if s.is_over else "round 4 costs a point, and no turn of it can pay for "
                            "a structure: the game would end after it with a point less"),
            wrong=(begin("keep"), "round 4 costs a point"),
            teaches=("stop", "rounds-begun", "score-rounds", "object"),
            uses=("rotate-deck", "city-gives", "order-known", "score-shields")),
    ]


# --- chapter 2: flip, rotate, shuffle ----------------------------------------------------------------------



def cards_steps() -> list:
    round_over = dict(round=2, target="Castle", city=["Tavern@6"])
    return [
        lesson(
            "flip", "Flip: the back of a card",
            position(target="Castle", deck=["5r", "4r", "7"], discard=["3r"], round=2),
            goal="Build the Sawmill this round: it is on the back of the centre card.",
            check=city_has("Sawmill"), horizon=round_done,
            solution=[PASS, build("discard", "Sawmill"), pay("centre", "deck")],
            hint="Passing flips the centre card onto the discard pile: its back faces up, and the top discard's "
                 "structures can be built.",
            success="A flipped card shows its other face, with the edge that was on top still on top: card 5 was "
                    "rotated, so its back shows Lumber on top, and its Sawmill is now in play.",
            miss=flip_miss,
            wrong=([build("deck", "Mine"), pay("centre", "discard")], "no Iron is left"),
            teaches=("flip", "faces"), uses=("pass", "build-from-play", "different-sources")),
        lesson(
            "rotate", "Rotate: the other resource on top",
            before_round(["9", "8", "3r", "7"], **round_over),
            goal="Begin round 3 with Crew on top of both cards in play.",
            check=lambda s: (round_of(s) == 3 and view_of(s)["centre"]["top"] == "Crew"
                             and view_of(s)["deck_top"]["top"] == "Crew"),
            horizon=turn_done,
            solution=[begin("rotate")],
            hint="Cards 9 and 8 both show Crew along their bottom edge.",
            success="Rotating turns a card (here the whole deck) half round: the bottom resource comes to the top, "
                    "and the left and right structures change sides.",
            miss=lambda s: ("the centre card shows " + view_of(s)["centre"]["top"] + " on top, and only a card's top "
                            "resource counts: rotating brings the bottom one up" if round_of(s) == 3
                            else "the game ended"),
            wrong=(begin("keep"), "shows Lumber on top"),
            teaches=("rotate",), uses=("rotate-deck", "top-resource", "order-known")),
        lesson(
            "shuffle", "Shuffle: a new order",
            before_round(["9", "8", "3r", "7"], seed=5, **round_over),
            goal="Begin round 3 with the cards in a new order, each card still the same way up.",
            check=lambda s: any(m.kind == "round" and m.args == ("shuffle",) for _seat, m in s.history),
            horizon=turn_done,
            solution=[begin("shuffle")],
            hint="Which choice before a round changes the order of the cards and nothing else?",
            success="Shuffling mixes the order of the cards, never which side or which edge is up. You no longer "
                    "know the order of the deck: only the two cards in play show.",
            miss=lambda s: ("rotating turned every card half round: their other resources are on top now"
                            if any(m.args == ("rotate",) for _seat, m in s.history if m.kind == "round")
                            else "the cards are in the same order as before" if round_of(s) == 3
                            else "the game ended"),
            wrong=(begin("rotate"), "rotating turned every card"),
            teaches=("shuffle", "shuffle-deck", "shuffle-unknown"), uses=("rotate-deck", "order-known")),
    ]


# --- chapter 3: paying in detail -----------------------------------------------------------------------------



def paying_steps() -> list:
    return [
        build_step(
            "two-crew", "One source, one unit",
            position(target="Harbour", deck=["1", "3r", "2"], discard=["8"], city=["Tavern@6"], round=2),
            "Guildhall", goal="Build the Guildhall (Crew + Crew + Gold) this round.",
            solution=[build("discard", "Guildhall"), pay("centre", "deck", "city6")],
            hint="Two Crew need two different sources. Which two show Crew now? Keep them both.",
            success="Each cost unit is paid by a different source: two Crew need two sources that give Crew.",
            miss="the Guildhall can no longer be built this round: it needs two different sources of Crew, and "
                 "one of them has been used",
            wrong=([build("centre", "Tavern"), pay("discard", "city6")], "two different sources of Crew"),
            teaches=("two-of-a-kind",), uses=("different-sources", "city-gives", "own-card", "paid-flipped")),
        build_step(
            "either-or", "Either resource: Iron/Lumber",
            position(target="Castle", deck=["4r", "6", "7"], discard=["5r"], city=["Tavern@3"], round=2),
            "Armoury", "Sawmill",
            solution=[build("deck", "Armoury"), pay("discard", "city3"), build("discard", "Sawmill"),
                      pay("centre", "deck")],
            hint="The Armoury costs Crew + Iron/Lumber: Iron or Lumber pays the second unit. The Sawmill needs "
                 "the centre card's Iron. Which payment keeps it?",
            success="A cost unit printed A/B is paid by either resource. You choose the payment among the ways the "
                    "sources allow; the cards that paid are flipped onto the discard pile, so choose the one that "
                    "keeps what you need. The tilted top discard's Sawmill could still be built, and it stands "
                    "untilted in your city: the tilt stays behind.",
            miss="the Sawmill can no longer be built this round: its Iron (the centre card) went onto the "
                 "discard pile, or its Crew was spent",
            wrong=([build("deck", "Armoury"), pay("centre", "city3")], "its Iron (the centre card)"),
            teaches=("either-or", "tilted-buildable", "tilt-stays"),
            uses=("discard-once", "paid-flipped", "city-gives", "choose-payment")),
        build_step(
            "two-cards", "Two cards pay: the centre card goes first",
            position(target="Castle", deck=["5r", "6r", "4", "7r"], discard=["8"], city=["Tavern@3"], round=2),
            "Well", "Goldsmith", goal="Build the Well and then the Goldsmith this round.",
            solution=[build("discard", "Well"), pay("centre", "deck"), build("centre", "Goldsmith"),
                      pay("deck", "discard", "city3")],
            hint="The Goldsmith needs Gold, and no card shows Gold now. Card 6 (the top card of the deck) is "
                 "rotated: its back shows Gold on top. Which card ends on top of the pile when both cards pay?",
            success="When the centre card and the top card of the deck both pay, the centre card goes onto the "
                    "discard pile first: the other one lies on top, and its resource is in play.",
            miss=lambda s: ("the Goldsmith can no longer be built this round; the top discard shows "
                            + ((top_discard(s) or {}).get("top") or "nothing") + ", and the Goldsmith needs Gold"),
            wrong=([build("discard", "Well"), pay("centre", "city3")], "the Goldsmith needs Gold"),
            teaches=("centre-first",), uses=("paid-flipped", "flip", "slide")),
        build_step(
            "city-once", "A structure gives once per round",
            position(target="Castle", deck=["4r", "5", "7"], discard=["2"], city=["Tavern@3", "Quarry@8"], round=2),
            "Sawmill", "Chapel",
            solution=[build("discard", "Sawmill"), pay("centre", "deck"), build("centre", "Chapel"),
                      pay("discard", "city3", "city8")],
            hint="Your Tavern gives one Crew per round. The Chapel will need it: card 7's own Crew cannot pay for "
                 "its own Chapel.",
            success="A structure in your city gives its resource at most once per round: it is tilted when used "
                    "and comes back at the end of the round.",
            miss="the Chapel can no longer be built this round: your Tavern gave its Crew already, and a "
                 "structure gives its resource once per round",
            wrong=([build("discard", "Sawmill"), pay("centre", "city3")], "once per round"),
            teaches=("city-once",), uses=("city-gives", "own-card", "slide")),
        build_step(
            "fresh", "Built this round: no resource yet",
            position(target="Castle", deck=["2", "4r", "7r"], discard=["5"], city=["Tavern@3", "Quarry@8!"],
                     round=2),
            "Mine", goal="Build a Mine this round.",
            solution=[PASS, build("centre", "Mine"), pay("deck", "discard")],
            hint="You built the Quarry this round: it gives Stone only from the next round on. Which card will "
                 "show Stone on top after a pass?",
            success="A structure built this round gives its resource from the next round on.",
            miss="the Mine can no longer be built this round: the Quarry, built this round, gives no Stone yet, "
                 "and the card showing Stone was spent or passed",
            wrong=([build("discard", "Sawmill"), pay("deck", "city3")], "gives no Stone yet"),
            teaches=("fresh",), uses=("pass", "city-gives", "flip")),
    ]


# --- chapter 4: between rounds -------------------------------------------------------------------------------



def rounds_steps() -> list:
    return [
        lesson(
            "reset", "The round end: tilts reset",
            position(target="Castle", deck=["5"], discard=["9", "2r", "7"], city=["Tavern@3"], used=["Tavern@3"],
                     round=2, could_build=True),
            goal="Build a Mine in the first turn of round 3.",
            check=lambda s: built_in_round(s, "Mine", 3), horizon=first_turn_of(3),
            solution=[PASS, begin("keep"), build("centre", "Mine"), pay("deck", "city3")],
            hint="Your Tavern is tilted now, but the tilts are reset at the end of the round. Round 3 begins with "
                 "card 9 (its Mine) and card 2 rotated (Stone on top).",
            success="At the end of a round tilted structures are reset: your Tavern gives its Crew again. And you "
                    "may leave the deck as it lies: rotating or shuffling is your choice.",
            miss=lambda s: ("the Mine was not built in the first turn of round 3"
                            + (": rotating the deck turned card 2's Stone to the bottom"
                               if any(m.args == ("rotate",) for _seat, m in s.history if m.kind == "round") else
                               ": the tilts are reset at the round end, so your Tavern's Crew pays again")),
            wrong=([PASS, begin("rotate")], "turned card 2's Stone to the bottom"),
            teaches=("reset", "keep-deck"), uses=("city-once", "pile-flips", "rotate-deck", "order-known")),
        lesson(
            "dead-round", "A round in which no build is possible ends the game",
            before_round(["2", "3", "4", "6"], round=3, target="Castle", city=["Chapel@7", "Well@8"]),
            goal="Make a build possible in round 4, and make it.",
            check=lambda s: any(c["round"] == 4 for c in view_of(s)["city"]),
            horizon=lambda s: s.is_over or round_of(s) > 4 or (round_of(s) == 4 and phase_of(s) == "round"),
            solution=[begin("rotate"), PASS, PASS, build("deck", "Armoury"), pay("centre", "discard")],
            hint="Your city gives no resource, so every cost is paid by the cards in play. As the deck lies, no "
                 "turn of round 4 could pay for anything: look at the bottom edges of the cards.",
            success="When no build was possible at any turn of a whole round, the game ends, and that round still "
                    "counts. Rotating the deck brought other resources on top. A round in which you could build "
                    "but passed does not end the game.",
            miss=dead_round_miss,
            wrong=(begin("keep"), "no turn of round 4 can pay"),
            teaches=("dead-round", "passed-round"), uses=("rotate-deck", "pile-flips", "rounds-begun")),
        build_step(
            "one-card-deck", "A deck of one card",
            before_round(["4"], round=3, target="Castle", city=["Tavern@3", "Quarry@8"]),
            "Mine", within=first_turn_of(4), goal="Only card 4 is left in the deck: begin round 4 and build its Mine.",
            solution=[begin("keep"), build("centre", "Mine"), pay("city3", "city8")],
            hint="Count the buttons before the round: with one card there is nothing to mix. Your Tavern gives Crew "
                 "and your Quarry Stone.",
            success="A deck of one card is not shuffled: you may keep it, rotate it or stop. Its one card is alone "
                    "in play, so your city pays for it.",
            miss=lambda s: ("you stopped the game: the Mine was not built" if s.is_over
                            else "the Mine can no longer be built this turn"),
            wrong=(begin("stop"), "the Mine was not built"),
            teaches=("one-card-deck",), uses=("shuffle-deck", "city-gives", "stop", "round-through")),
        lesson(
            "round-limit", "Round 20: the last round this app plays",
            position(target="Castle", deck=["5", "2"], city=["Tavern@3", "Mine@9", "Quarry@8"], round=20),
            goal="This is round 20, the last one: finish the game with a Watchtower in your city.",
            check=lambda s: s.is_over and "Watchtower" in names(s), horizon=lambda s: s.is_over,
            solution=[build("centre", "Watchtower"), pay("city3", "city8", "city9"), PASS],
            hint="There is no round 21 here. The Watchtower (Crew + Iron + Stone) is on the centre card; your city "
                 "gives all three.",
            success="This app ends a game after round 20 (a house rule; sensible play never gets there, as each "
                    "round costs a point).",
            miss=lambda s: ("the game ended after round 20 without the Watchtower" if s.is_over else
                            "the Watchtower is no longer in play, and the game ends after round 20"),
            wrong=(PASS, "the game ends after round 20"),
            teaches=("round-limit",), uses=("city-gives", "score-rounds", "round-through")),
    ]
