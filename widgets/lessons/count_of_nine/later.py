"""Chapters 5-9 of the Count of Nine tutorial: the target and more high structures, scoring and the end
of a game, Demolition Team, the match, and a game with hints; each a function listing its steps in
the notebook's order."""

from __future__ import annotations

import ninekit
from ninekit.count_of_nine import position

from .. import played
from .play import (
    GAME,
    PASS,
    before_round,
    begin,
    build,
    build_step,
    comes_back,
    demolish,
    demolition_miss,
    end_step,
    ends_with_score,
    first_turn_of,
    lesson,
    names,
    pay,
    phase_of,
    round_of,
    score_step,
    turn_done,
    view_of,
)

# --- chapter 5: the target and more high structures -----------------------------------------------------------



def high_steps() -> list:
    return [
        build_step(
            "target-card", "The target card is set aside",
            position(target="Castle", deck=["2", "3", "6"], discard=["4"], round=2),
            "Tavern", goal="Build a Tavern this round.",
            solution=[PASS, build("centre", "Tavern"), pay("deck", "discard")],
            hint="The target card (card 1) shows Crew and a Tavern, but only the Castle can be built from it, and "
                 "it gives no resource. Where will a Crew come from after a pass?",
            success="Only the target can be built from the target card; its other structure never, and the target "
                    "card gives no resource.",
            miss="the Tavern can no longer be built this round",
            wrong=(build("deck", "Tavern"), "the target card gives no resource"),
            teaches=("target-card-other", "target-card-no-resource"), uses=("target-build", "pass", "flip")),
        score_step(
            "second-high", "More than one high structure",
            position(target="Castle", deck=["4", "7", "9"], discard=["3"],
                     city=["Castle@1", "Armoury@6", "Stonemason@2", "Goldsmith@5", "Quarry@8"], round=4), 9,
            goal="Raise your score as much as you can with one build.",
            solution=[build("discard", "Monument"), pay("centre", "deck", "city2", "city5", "city8")],
            hint="Your target, the Castle, is built. The top discard shows the Monument, a high structure: it "
                 "requires a Quarry and a Goldsmith.",
            success="You may build more than one high structure in a game; only one is your target. Each one "
                    "beyond the first scores +3 on top of its shield: the Monument gives 6 + 3 = 9.",
            miss="your score rose by {gain}; one build can raise it by 9",
            wrong=([build("centre", "Mine"), pay("deck", "city2")], "one build can raise it by 9"),
            teaches=("high-more", "score-high"), uses=("requires", "high", "score-shields")),
    ]


# --- chapter 6: scoring and the end of a game ------------------------------------------------------------------



def scoring_steps() -> list:
    city = ["Castle@1", "Armoury@3", "Stonemason@2", "Goldsmith@4", "Tavern@6", "Chapel@7", "Market@8",
            "Watchtower@9"]
    return [
        score_step(
            "duplicate", "Scoring: duplicates",
            position(target="Harbour", deck=["6", "2r", "9"], discard=["5r"], city=["Tavern@3"], round=3), 2,
            solution=[build("centre", "Tavern"), pay("discard", "city3")],
            hint="Each basic structure scores +1, and each copy beyond the first of a structure +1 more.",
            success="A second Tavern scores +1 as a basic structure and +1 as a duplicate.",
            miss="your score rose by {gain}: a new structure scores +1 as a basic one, a second copy of one you have "
                 "+1 more",
            wrong=([build("centre", "Armoury"), pay("discard", "city3")], "rose by 1"),
            teaches=("score-duplicate",), uses=("score-basic", "city-gives")),
        end_step(
            "last-card", "The last card", position(target="Castle", deck=["5"], city=city, round=5), 14,
            solution=[build("centre", "Watchtower"), pay("city2", "city3", "city6")],
            hint="Eight cards are in your city; card 5 is the last one. A second Watchtower scores its shield, +1 "
                 "as a basic structure and +1 as a duplicate. What happens when every card is in your city?",
            success="When every card is in your city the game ends at once: no further round costs a point. The "
                    "second Watchtower scored 1 + 1 + 1.",
            miss=lambda s: (f"the game ended with {s.outcome.scores[0]} points" if s.is_over else
                            "passing ended round 5 without the last build: another round costs a point, and 14 can "
                            "no longer be reached"),
            wrong=(PASS, "another round costs a point"),
            teaches=("all-in-city",), uses=("score-duplicate", "score-shields", "rounds-begun", "city-gives")),
        end_step(
            "stop-at-once", "Stopping before round 1",
            position(target="Castle", deck=["4", "9"], round=0), 0,
            solution=[begin("stop")],
            hint="Two cards and an empty city: every structure costs at least two units, each from a different "
                 "source, and a card never pays for itself.",
            success="Stopping before round 1 ends the game with 0: no round was played. With two cards and an "
                    "empty city no structure can ever be paid.",
            miss=lambda s: (f"the game ended with {s.outcome.scores[0]}: round 1 cost a point, and no build was "
                            "possible in it" if s.is_over else "round 1 costs a point, and no turn of it can pay for "
                            "a structure"),
            wrong=(begin("keep"), "round 1 costs a point"),
            teaches=("stop-round1",), uses=("stop", "active-resource", "own-card", "different-sources",
                                              "dead-round")),
    ]


# --- chapter 7: Demolition Team --------------------------------------------------------------------------------



def demolition_steps() -> list:
    city = ["Monument@3", "Quarry@8", "Goldsmith@4", "Goldsmith@5", "Chapel@1", "Chapel@7"]
    start = position(target="Monument", deck=["9r", "2"], discard=["6"], city=city, round=4)
    kept = {n: names(start).count(n) for n in set(names(start))}
    before = position(target="Castle", deck=["7", "2"], discard=["3", "6"],
                      city=["Quarry@8", "Sawmill@5", "Goldsmith@4"], round=2)
    return [
        lesson(
            "demolition", "Demolition Team", start,
            goal="Use the Demolition Team on the structure whose loss costs you the fewest points.",
            check=lambda s: (phase_of(s) not in ("demolish", "return") and "Quarry" not in names(s)
                             and all(names(s).count(n) == c for n, c in kept.items() if n != "Quarry")),
            horizon=turn_done,
            solution=[build("discard", "Demolition Team"), pay("centre", "city4"), demolish(8), comes_back("Gold")],
            hint="A taken-down structure no longer scores. A Chapel gives its shield, +1 as a basic structure, "
                 "and +1 as a duplicate; a Goldsmith +1 and +1 as a duplicate; the Quarry only +1. The target "
                 "cannot be taken down.",
            success="Demolition Team takes a structure from your city (never the target) and puts its card, turned "
                    "as you choose, under the discard pile, with the Demolition Team card above it: neither stays "
                    "in your city. The structure no longer scores; the Monument stays, as requirements count only "
                    "when building.",
            miss=demolition_miss(start),
            wrong=([build("discard", "Demolition Team"), pay("centre", "city4"), demolish(3)],
                   "never takes down the target"),
            teaches=("demolish", "demolish-not-target", "demolish-no-score", "requirements-at-build",
                     "demolish-order"),
            uses=("score-duplicate", "score-shields", "either-or", "requires")),
        build_step(
            "demolition-back", "Demolition Team: the card comes back",
            played(before, build("discard", "Demolition Team"), pay("centre", "city4"), demolish(8)),
            "Tavern", within=first_turn_of(3),
            goal="Send card 8 back so that you can build a Tavern in the first turn of round 3.",
            solution=[comes_back("Crew"), PASS, begin("keep"), build("deck", "Tavern"), pay("centre", "city5")],
            hint="Both cards come back first next round: card 8 as the centre card, the Demolition Team card "
                 "(card 6, face A: Tavern) as the top card of the deck. The Tavern needs Lumber (your Sawmill) and "
                 "Crew: which way round should card 8 come back?",
            success="The demolished card and the Demolition Team card lie under the discard pile, so they are the "
                    "first two cards of the next round, face A up, the demolished one turned as you chose.",
            miss=lambda s: ("no Tavern was built in the first turn of round 3" + (
                f": card 8 came back with {view_of(s)['centre']['top']} on top, and the Tavern on card 6 needs its "
                "Crew from another source" if round_of(s) == 3 and (view_of(s)["centre"] or {}).get("card") == 8
                else "")),
            wrong=([comes_back("Gold"), PASS, begin("keep")], "card 8 came back with Gold on top"),
            teaches=("demolish-under-pile", "demolish-back-first", "dt-not-city"),
            uses=("demolish", "pile-flips", "pile-face-a", "keep-deck", "city-gives")),
        build_step(
            "demolition-none", "Demolition Team needs something to take down",
            position(target="Castle", deck=["4r", "7"], discard=["6"], round=2),
            "Mine", within="turn", goal="Your city is empty: build the one structure you can this turn.",
            solution=[build("centre", "Mine"), pay("deck", "discard")],
            hint="Click the Demolition Team on the top discard: what would it take down? The Mine on the centre "
                 "card costs Crew + Stone.",
            success="Demolition Team can be built only when your city holds a structure other than the target to "
                    "take down.",
            miss="the Mine is not in your city",
            wrong=(build("discard", "Demolition Team"), "needs a structure in your city to take down"),
            teaches=("dt-needs-structure",), uses=("demolish", "demolish-not-target", "either-or")),
    ]


# --- chapter 8: the match ------------------------------------------------------------------------------------



def match_steps() -> list:
    game = ninekit.make(GAME, games=2).new(seed=3)
    after_game_one = played(game, {"kind": "target", "args": ["Castle"]}, begin("stop"))
    return [
        lesson(
            "second-target", "Game 2: a fresh deck and a new target", after_game_one,
            goal="Game 1 is over (you stopped at once: 0 points). Choose the Castle again as game 2's target.",
            check=lambda s: view_of(s)["game_no"] == 2 and (view_of(s)["target"] or {}).get("name") == "Castle",
            horizon=turn_done,
            solution=[{"kind": "target", "args": ["Castle"]}],
            hint="Game 2 begins like game 1: a target, then a fresh deal of the other eight cards.",
            success="A match is two games, each with a fresh deck and its own target: any of the five, the same as "
                    "in game 1 too.",
            miss=lambda s: f"you chose the {(view_of(s)['target'] or {}).get('name')}; the goal was the Castle again",
            wrong=({"kind": "target", "args": ["Harbour"]}, "the goal was the Castle again"),
            teaches=("match", "second-target"), uses=("target-choose", "stop-round1")),
        lesson(
            "match", "The match and the King's verdict",
            before_round(["5", "2", "4", "9"], round=3, target="Castle", games=2, results=[14],
                         city=["Tavern@3", "Quarry@8", "Armoury@6", "Chapel@7"]),
            goal="Finish the match with the title 'The King is impressed' (a total of 17 to 20).",
            check=lambda s: s.is_over and view_of(s)["title"] == "The King is impressed",
            horizon=lambda s: s.is_over or round_of(s) > 5,
            solution=[begin("keep"), build("centre", "Watchtower"), pay("city3", "city6", "city8"), PASS, PASS,
                      PASS, begin("stop")],
            hint="Game 1 scored 14, and this game stands at 2 after three rounds: 16, 'The King shrugs'. Round 4 "
                 "costs a point. What can it add?",
            success="A match is two games, each with a fresh deck and its own target; their scores are added, and "
                    "the total gives the title: 25+ Our next King!, 21-24 worried, 17-20 impressed, 13-16 shrugs, "
                    "0-12 displeased.",
            miss=lambda s: (f"the match total is {view_of(s)['total']}: {view_of(s)['title']}" if s.is_over
                            else "that total can no longer be reached"),
            wrong=(begin("stop"), "The King shrugs"),
            teaches=("match-total", "titles"), uses=("match", "stop", "score-shields", "score-basic",
                                                     "dead-round")),
    ]


HINT_GAME = {"target": "Castle", "deck": ["7", "3r", "6", "4", "8r"], "discard": ["9"], "city": ["Stonemason@2"],
             "round": 2}
HINT_GAME_BEST = 10  # best_line(position(**HINT_GAME), 5)[0]: the best score on this deal (checked by the tests)
# One line that reaches it (Show me plays it; the tests check that it scores HINT_GAME_BEST).
HINT_GAME_LINE = [build("deck", "Armoury"), pay("centre", "discard"), build("discard", "Stonemason"),
                  pay("centre", "deck", "city2"), PASS, begin("keep"), PASS, build("discard", "Watchtower"),
                  pay("deck", "city2", "city3"), build("centre", "Tavern"), pay("deck", "discard"), begin("rotate"),
                  build("centre", "Goldsmith"), pay("deck", "city2", "city6"), begin("rotate"),
                  build("target", "Castle"), pay("centre", "city6"), begin("stop")]


def analyst_hint(state: ninekit.State) -> str:
    """The analyst's suggestion for ``state`` in words: the move and its reason (``ninekit.count_of_nine.hint``)."""
    from ninekit.count_of_nine import hint

    move, reason = hint(state, samples=4, seed=0)
    return f"{move}. {reason}" if reason else str(move)



def hints_steps() -> list:
    return [
        lesson(
            "hint-game", "A game with hints", position(**HINT_GAME),
            goal=f"Finish this game with at least {HINT_GAME_BEST} points, the best possible on this deal.",
            check=ends_with_score(HINT_GAME_BEST), solution=HINT_GAME_LINE, hint=analyst_hint,
            success="That is the best this deal allows. After each game of a match the app shows the best score "
                    "that was possible on the deal and can replay its line. A practice game like this one gets no "
                    "title.",
            miss=lambda s: (f"the game ended with {s.outcome.scores[0]} points" if s.is_over
                            else "the game goes on"),
            teaches=("practice",), uses=("object", "stop", "rotate-deck", "target-build")),
    ]
