"""Chapters 1-6 of the Code of Nine tutorial: a first game, more places, the Start player, looks,
the Legacies and rounds 3 to 5; each a function listing its steps in the notebook's order."""

from __future__ import annotations

import ninekit
from ninekit.code_of_nine import MEMORIES, SEATS

from .. import Step
from .play import (
    BLUE,
    GAME,
    GREEN,
    INERT,
    RED,
    SHEETS_ONLY,
    STOP,
    YELLOW,
    after_last,
    all_of,
    dealt_game,
    final_step,
    find_step,
    gain,
    gain_step,
    gained_exactly,
    game_at,
    give,
    item,
    known_code,
    location_view,
    look,
    place,
    player,
    prefer_reply,
    redraw,
    ret,
    seat_items,
    sheet_of,
    shoal,
    step,
    take,
)


def first_game_steps() -> list[Step]:
    start = ninekit.make(GAME, 4).new(seed=5)
    arranged = dealt_game()
    hand = arranged.view(RED)["hand"]
    fortune, lights_open = game_at(round=1), game_at(round=1)
    hearth = game_at(round=2, will=[0, 1, 1, 2])
    library = game_at(round=1, start=0, turn=BLUE, pawns=[2, 3, 3, 3], placed={"cash_cow": RED})
    occupied = game_at(round=2, will=[1, 1, 1, 2], start=1, turn=RED, pawns=[3, 2, 2, 2],
                       placed={"hearth": BLUE, "tunnel": GREEN, "lights": YELLOW})
    round_end = game_at(round=1, start=RED, turn=RED, pawns=[1, 0, 0, 0],
                        items=seat_items("3 0 0", "2 0 0", "0 1 0", "1 0 0"))
    return [
        step("redraw", "The deal and the redraw", start,
             "Change both of your Memory cards (and see what it costs).",
             lambda s: s.view(RED)["phase"] == "arrange" and sheet_of(s, RED)["pawns"] == 2,
             [redraw("change")],
             "Each player decides once, in secret, to keep the two dealt cards or to change both.",
             "A changer returns both cards; the undealt and returned cards are shuffled and the changer gets two "
             "new ones. It costs one Action pawn in round 1 (you have 2, the others 3). The decisions stay secret "
             "until the last player has decided.",
             "you kept your two cards: you still have 3 Action pawns for round 1",
             (redraw("keep"), "you kept your two cards"),
             ["seats", "first-start", "deal", "redraw", "redraw-cost", "redraw-secret", "redraw-shuffle"],
             opponent=prefer_reply([redraw("keep")]), turns=3, table=SHEETS_ONLY),
        step("arrange", "Shoal and Abyss", arranged,
             f"Put Memory card {hand[0]:02d} ({MEMORIES[hand[0]].name}) in your Abyss, where it is harder to "
             f"look at: the card you click goes in your Shoal, the other in your Abyss.",
             lambda s: known_code(s, RED, RED, "Abyss") == hand[0] and s.view(RED)["hand"] is None,
             [shoal(1)],
             "Each button names the card that goes in your Shoal and the one that goes in your Abyss.",
             "Your two Memories now lie in your Shoal and your Abyss for the whole game; you may never swap them. "
             "The rest of the deck goes into the box, unseen by anyone.",
             f"Memory card {hand[0]:02d} lies in your Shoal, the easier one to look at (the card you click goes "
             "in your Shoal)",
             (shoal(0), "lies in your Shoal"), ["shoal-abyss", "boxed"], ["deal"],
             opponent=prefer_reply([shoal(0)]), table=SHEETS_ONLY),
        gain_step("fortune", "Your first placement", fortune, "Take 3 Coins from the Ruins with one Action pawn.",
                  {"coins": 3}, [place("fortune")],
                  "Read the locations open in round 1: which one gives 3 Coins?",
                  "Mechanism of Fortune (round 1 only, free) gives 3 Coins from the Ruins, which hold 16 Coins, 8 "
                  "Statues and 4 Books at the start. Then the next player, clockwise, places a pawn.",
                  lambda s: f"you took {sheet_of(after_last(s, RED), RED)['coins']} Coins",
                  (place("cash_cow"), "you took 2 Coins"),
                  ["rounds", "turn", "start-leads", "ruins", "fortune", "cash-cow"], ["seats"]),
        gain_step("hearth", "Will", hearth, "Gain 3 Will with one Action pawn.", {"will": 3}, [place("hearth")],
                  "Quarry of Wills gives 1, Beyond the Tunnel 2, Hearth of Thoughts 3.",
                  "Hearth of Thoughts: +3 Will. Will pays the costs of the locations that have one; it has no upper "
                  "limit (the gauge stops at 15, the Will does not) and never drops below 0.",
                  lambda s: f"you gained {sheet_of(after_last(s, RED), RED)['will']} Will",
                  (place("tunnel"), "you gained 2 Will"), ["will-locations", "will-no-limit"], ["turn"],
                  opponent=prefer_reply([place("cross")])),
        gain_step("library", "A cost in Will", library, "Get a Book.", {"books": 1}, [place("library")],
                  "You are Blue, second in round 1, so you started with 1 Will. Her Library costs 1 Will.",
                  "The start Will is 0, 1, 1 and 2 from the Start player clockwise. Her Library (round 1 only) costs 1 "
                  "Will and gives 1 Book.",
                  "you have no Book", (place("cross"), "you have no Book"), ["start-will", "will-pays", "library"],
                  ["turn"], seat=BLUE),
        step("occupied", "One pawn a space", occupied, "Gain Will with this Action pawn.",
             lambda s: s is not occupied and sheet_of(after_last(s, RED), RED)["will"] > 1, [place("quarry")],
             "Hearth, Tunnel and Lights already hold a pawn. One location takes any number of pawns.",
             "One pawn a space: an occupied location is closed for the round, except Quarry of Wills, which takes "
             "any number of pawns (your own too).",
             "your Will did not rise", (place("hearth"), "one pawn a space"), ["one-pawn", "quarry-any"],
             ["turn", "will-locations"], opponent=prefer_reply([place("quarry")])),
        gain_step("future", "Only this round's sections", lights_open, "Get a Statue.", {"statues": 1},
                  [place("cross")],
                  "Venerable Cathedral (round 2-5) is not open yet. Which round-1 location gives a Statue?",
                  "You may place on the locations of the current round's section and the earlier ones, never on a "
                  "future round's. An Old Cross gives 1 Statue.",
                  "you have no Statue", (place("cathedral"), "never place on locations of future rounds"),
                  ["sections", "cross"], ["turn"]),
        find_step("look-shoal", "A look", game_at(round=1), "Find out Green's Shoal card.", GREEN, "Shoal",
                  [place("watchtower"), look(GREEN)],
                  "Sooty Watchtower, Allure Show and (from round 2) Venerable Cathedral look at a Shoal card.",
                  "Everybody sees that you looked at Green's Shoal card; only you see the card, and you remember it "
                  "for the rest of the game (only a Ninth exchange replaces it).",
                  ([place("watchtower"), look(BLUE)], "you do not know Green"), ["look-public", "look-other"],
                  ["turn", "shoal-abyss"]),
        step("round-end", "The next round", round_end,
             "Place your last pawn of round 1, then a pawn on Venerable Cathedral, which opens in round 2.",
             lambda s: s.view(RED)["round"] == 2 and RED in location_view(s, "cathedral")["pawns"],
             [place("cross"), place("cathedral")],
             "Everybody else has placed all three pawns. Venerable Cathedral belongs to the round 2 section.",
             "When every pawn is placed the round ends: all pawns come back, the board clears, and the next "
             "round's section opens. The Start player (you) leads again. Nobody may pass while holding a pawn.",
             "you did not place on Venerable Cathedral in round 2",
             (place("cathedral"), "never place on locations of future rounds"),
             ["round-end", "no-pass"], ["turn", "sections", "start-leads"]),
        final_step("game-end", "The end of the game", [5, 1], [5, 1, *INERT],
                   seat_items("2 0 0", "1 1 0", "0 0 1", "3 0 0"),
                   "The last pawn of round 5, the last of the game. The Memories in the game are 05 (each Statue +2), "
                   "01 (each Coin +1) and six that do nothing here. Win.",
                   [place("cross")], (place("lights"), "Blue wins with 4 VP"),
                   "A Statue is worth 1 VP, 3 with 05; a Coin 0, 1 with 01. Blue has 4 VP, you 2.",
                   "After round 5 the game ends: the eight Memories are revealed, they set what each item is worth for "
                   "everybody, and the most VP wins.",
                   ["end-5", "reveal", "most-vp", "item-values"], ["turn", "cross"]),
    ]


def more_places_steps() -> list[Step]:
    lights = game_at(round=1)
    last_coin = game_at(round=1, items=seat_items("0 0 0", "9 0 0", "0 0 0", "6 0 0"))
    cathedral = game_at(round=2, will=[0, 1, 1, 2])
    allure = game_at(round=3, memories=[1, 5, 6, 7, 9, 8, 10, 12], seen={RED: [(GREEN, "Shoal")]},
                     items=seat_items("0 0 0", "1 0 0", "0 0 1", "1 1 0"))
    return [
        gain_step("lights", "Coin and Will", lights, "Gain 1 Coin and 1 Will with one Action pawn.",
                  {"coins": 1, "will": 1}, [place("lights")], "One location gives a Coin and a Will.",
                  "Where the Lights Sink: 1 Coin (if any is left in the Ruins) and 1 Will.",
                  lambda s: "you gained {} Coin(s) and {} Will".format(
                  sheet_of(after_last(s, RED), RED)["coins"], sheet_of(after_last(s, RED), RED)["will"]),
                  (place("quarry"), "0 Coin(s) and 1 Will"), ["lights"], ["turn"],
                  opponent=prefer_reply([place("cross")])),
        gain_step("empty-ruins", "When the Ruins run short", last_coin,
                  "The Ruins hold a single Coin. Get it and 1 Will with one pawn.", {"coins": 1, "will": 1},
                  [place("lights")],
                  "Cash Cow Shed gives 2 Coins only while the Ruins have 2. Which location gives a Coin and a Will?",
                  "\"If any left\": a location stays open when the Ruins run short, and you get what remains (here "
                  "Cash Cow Shed would give the last Coin and no Will).",
                  lambda s: ("you gained {} Coin and {} Will: Cash Cow Shed gives what remains of the Ruins' "
                             "Coins").format(sheet_of(after_last(s, RED), RED)["coins"],
                                             sheet_of(after_last(s, RED), RED)["will"]),
                  (place("cash_cow"), "gives what remains"), ["if-any-left"], ["turn", "lights", "cash-cow", "ruins"]),
        step("cathedral", "Venerable Cathedral", cathedral, "With one pawn, look at a Shoal card and gain 2 Will.",
             all_of(gained_exactly(cathedral, RED, "will", 2), lambda s: bool(s.view(RED)["looks"])),
             [place("cathedral"), look(YELLOW), gain("will")],
             "Venerable Cathedral (round 2-5): first a Shoal look, then 1 Statue or 2 Will.",
             "Venerable Cathedral: look at another player's Shoal card, then gain 1 Statue or 2 Will (the Will if "
             "the Ruins have no Statue).",
             "you did not both look and gain 2 Will",
             ([place("cathedral"), look(YELLOW), gain("statue")], "you did not both look"), ["cathedral"],
             ["turn", "look-public"]),
        step("allure", "Allure Show: a gift that hurts", allure,
             "You know Code 09 (...and a curse: exactly 2 Books, -10) is in the game. Make Green hold exactly 2 "
             "Books.", lambda s: sheet_of(s, GREEN)["books"] == 2,
             [place("allure"), look(BLUE), player(GREEN), item("book")],
             "Allure Show: first look at another player's Shoal, then you may choose a player other than yourself "
             "who gains a Coin, Statue or Book from the Ruins.",
             "Allure Show (an attack): look at another player's Shoal card, then you may make another player gain a "
             "Coin, Statue or Book from the Ruins (or nobody).",
             "Green does not hold exactly 2 Books", ([place("allure"), look(BLUE), STOP], "Green does not hold"),
             ["allure"], ["turn", "look-public"]),
    ]


def start_player_steps() -> list[Step]:
    clocktower = game_at(round=1, start=BLUE, turn=RED, pawns=[1, 0, 0, 0])
    give_back = game_at(round=1, start=0, pawns=[1, 0, 0, 0], items=seat_items("0 2 0", "0 0 0", "0 0 0", "0 0 0"))
    return [
        gain_step("closed", "\"1 only\" closes", game_at(round=2), "Take 2 Coins in round 2.", {"coins": 2},
                  [place("cash_cow")], "Mechanism of Fortune was open in round 1 only.",
                  "A \"1 only\" location closes after round 1 (how this app decides where the rules are silent, from "
                  "the rulings' space counts); Cash Cow Shed gives 2 Coins in every round.",
                  "you did not take 2 Coins", (place("fortune"), "closed from round 2"), ["one-only"],
                  ["turn", "cash-cow", "fortune", "round-end"]),
        step("clocktower", "The Start player", clocktower, "Lead round 2: you place your last pawn of round 1.",
             lambda s: s.view(RED)["round"] == 2 and s.view(RED)["first"] == RED, [place("clocktower")],
             "Clocktower gives you the Start player marker (and then lets you return an item, if you hold one).",
             "The Start player marker holder leads the next round (a new Start player never changes the current "
             "round). At the end of a round the pawns come back and the board clears.",
             lambda s: f"{SEATS[s.view(RED)['first']]} leads round 2 with the Start player marker",
             (place("cash_cow"), "Blue leads round 2"), ["clocktower", "new-start"],
             ["turn", "start-leads", "round-end"], until=lambda s: s.view(RED)["round"] == 2),
        step("clocktower-return", "Clocktower: returning an item", give_back,
             "You hold the Start player. Return one of your Statues to the Ruins.",
             lambda s: sheet_of(s, RED)["statues"] == 1, [place("clocktower"), ret("statue")],
             "Clocktower: first the Start player (you already have it), then you may return a Coin, Statue or "
             "Book.",
             "Clocktower returns one Coin, Statue or Book to the Ruins if you wish (never a Legacy or the Medal).",
             "you still hold 2 Statues", ([place("clocktower"), STOP], "you still hold 2 Statues"),
             ["clocktower-return"], ["turn", "clocktower"], until=lambda s: s.view(RED)["round"] == 2),
    ]


def looks_steps() -> list[Step]:
    veil = game_at(round=2, start=YELLOW, turn=RED, pawns=[3, 3, 3, 2], placed={"cash_cow": YELLOW})
    veiled = game_at(round=2, veiled=[BLUE], start=BLUE, turn=RED, pawns=[3, 2, 2, 2],
                     placed={"watchtower": BLUE, "hearth": GREEN, "tunnel": YELLOW})
    return [
        step("veil", "The veil", veil, "Blue is about to look at a Shoal card: make sure it cannot be yours.",
             lambda s: any(look_["looker"] == BLUE for look_ in s.view(RED)["looks"])
             and not any(look_["owner"] == RED for look_ in s.view(RED)["looks"]),
             [place("watchtower"), look(GREEN)],
             "Sooty Watchtower veils you: for the rest of the round, looks targeted at you have no effect.",
             "Veiled by the Sooty Watchtower, nobody may choose you for a Shoal or Abyss look until the end of the "
             "round (a ruling). The veil stops looks only, never items, Will or the Medal.",
             "Blue looked at your Shoal card",
             ([place("cathedral"), look(GREEN), gain("will")], "Blue looked at your Shoal"), ["veil"],
             ["turn", "look-public", "cathedral"],
             opponent=prefer_reply([place("allure"), look(RED), look(GREEN), STOP]), turns=3),
        step("veiled", "Looking past the veil", veiled, "Look at a Shoal card this turn.",
             lambda s: any(look_["looker"] == RED for look_ in s.view(RED)["looks"]),
             [place("cathedral"), look(GREEN), gain("will")],
             "Blue placed on the Sooty Watchtower this round: Blue is veiled. The others are not.",
             "A veiled player cannot be chosen for a look. If every other player is veiled, the look is skipped "
             "and the rest of the action still happens.",
             "you looked at no card", ([place("cathedral"), look(BLUE)], "veiled by the Sooty Watchtower"),
             ["veiled"], ["veil", "cathedral"]),
        find_step("the-place", "An Abyss look", game_at(round=2, will=[1, 0, 0, 0]),
                  "Find out Blue's Abyss card (you may take two turns).", BLUE, "Abyss",
                  [place("quarry"), place("the_place"), look(BLUE)],
                  "The Place Where They Looked at the Old World (round 2-5, reconstructed) looks at an Abyss for 2 "
                  "Will.",
                  "An Abyss look needs 2 Will (The Place, round 2-5), the Medal (Gallery of Honor, round 4-5, expert) "
                  "or round 5 (Last Glimpse of the Abyss, free).",
                  (place("the_place"), "must be fully payable"), ["the-place", "abyss-costs", "cost-payable"],
                  ["will-pays", "will-locations", "look-other"],
                  opponent=prefer_reply([place("hearth"), place("tunnel"), place("cross")]), turns=4),
        find_step("last-glimpse", "Last Glimpse", game_at(round=5, will=[0, 0, 0, 0]),
                  "Find out Blue's Abyss card with no Will.", BLUE, "Abyss", [place("last_glimpse"), look(BLUE)],
                  "Round 5 opens two free locations; one looks at an Abyss.",
                  "Last Glimpse of the Abyss (round 5 only, reconstructed): a free Abyss look.",
                  (place("the_place"), "must be fully payable"), ["last-glimpse"], ["abyss-costs", "cost-payable"]),
    ]


def legacies_steps() -> list[Step]:
    early = game_at(round=3, memories=[14, 1, 2, 3, 4, 5, 6, 7], will=[7, 0, 3, 1], pawns=[1, 1, 1, 1], start=RED,
                    white=BLUE, items=seat_items("2 1 1", "3 1 0", "1 1 1", "2 2 0"),
                    placed={"hearth": BLUE, "tunnel": GREEN, "cross": YELLOW, "cash_cow": RED, "lights": BLUE,
                            "cathedral": RED, "quarry": [GREEN, YELLOW]})
    return [
        step("garden", "Releasing the White Legacy", game_at(round=2, will=[6, 5, 3, 0]),
             "Release the White Legacy and give the 2 Will to the player with the least Will.",
             lambda s: s.view(RED)["white"] == RED and sheet_of(s, YELLOW)["will"] == 2,
             [place("garden"), player(YELLOW)],
             "Garden of Connecting Hearts costs 6 Will; then you choose another player, who gains 2 Will.",
             "Garden of Connecting Hearts (round 2-5, 6 Will, reconstructed): take the White Legacy from the Round "
             "2 section and mark the release on your sheet (the mark is permanent); another player gains 2 Will.",
             "Yellow (0 Will) did not get the 2 Will", ([place("garden"), player(BLUE)], "Yellow (0 Will) did not"),
             ["legacies-start", "garden", "release-mark"], ["turn", "will-pays", "cost-payable"]),
        step("well", "Releasing the Black Legacy", game_at(round=2, will=[7, 3, 1, 0]),
             "Release the Black Legacy and leave Green with no Will at all.",
             lambda s: s.view(RED)["black"] == RED and sheet_of(s, GREEN)["will"] == 0,
             [place("well"), player(GREEN)],
             "Well of Closing Hearts costs 7 Will; then another player loses 2 Will (Will never drops below 0).",
             "Well of Closing Hearts (an attack, round 2-5, 7 Will, reconstructed): take the Black Legacy with its "
             "release mark; another player loses 2 Will, down to 0 at most.",
             "Green still has Will", ([place("well"), player(BLUE)], "Green still has Will"),
             ["well", "will-floor"], ["release-mark", "cost-payable"]),
        step("early-end", "The early end", early, "End the game at the end of this round (round 3).",
             lambda s: s.is_over and s.view(RED)["round"] == 3, [place("well"), player(BLUE)],
             "The game ends at the end of the round in which the second Legacy is released. Blue released the "
             "White one.",
             "Both Legacies are off the board: the round is played to its end, then the game is over and scored "
             "(a ruling). Card 14 pays each releaser 10 VP.",
             lambda s: "the game goes on into round 4" if not s.is_over else "the game ended",
             (place("garden"), "no longer on the board"), ["legacy-on-board", "end-legacies"],
             ["well", "round-end", "end-5"], until=lambda s: s.is_over or s.view(RED)["round"] > 3,
             opponent=prefer_reply([place("allure"), place("clocktower"), place("watchtower"), look(GREEN), look(RED),
                                    STOP]), turns=20),
    ]


def later_rounds_steps() -> list[Step]:
    cost = game_at(round=3, will=[1, 2, 2, 2])
    alone = game_at(round=3, will=[3, 0, 0, 0], items=seat_items("1 1 0", "0 0 0", "0 0 0", "0 0 0"))
    shore = game_at(round=4, will=[4, 5, 0, 0], items=seat_items("2 1 0", "0 0 0", "0 0 0", "0 0 0"), start=1, turn=RED,
                    pawns=[3, 2, 2, 2], placed={"hearth": BLUE, "tunnel": GREEN, "lights": YELLOW})
    return [
        gain_step("cost", "Paying in full", cost, "Get a Book in round 3 (you have 1 Will; you may take two turns).",
                  {"books": 1}, [place("quarry"), place("archive")],
                  "Archive of Drowned Words costs 2 Will, and a cost must be paid in full before you place. Gain Will "
                  "first.",
                  "A cost must be fully payable before you place. Archive of Drowned Words (round 3-5, reconstructed) "
                  "costs 2 Will and gives 1 Book.",
                  "you have no Book yet", (place("archive"), "must be fully payable"), ["archive"],
                  ["cost-payable", "will-locations"],
                  opponent=prefer_reply([place("hearth"), place("tunnel"), place("cross")]), turns=4),
        step("hollow", "Hollow of Envy", game_at(round=3, will=[1, 0, 0, 0], white=BLUE,
                                                 items=seat_items("2 0 0", "3 1 0", "1 3 1", "1 0 0")),
             "Take the White Legacy from Blue.", lambda s: s.view(RED)["white"] == RED,
             [place("hollow"), player(BLUE), take("white")],
             "Hollow of Envy takes 1 item of your choice from the Max player, the one with the most items (every "
             "token counts, Legacies too). Blue and Green tie: you choose one of them.",
             "Hollow of Envy (an attack, 1 Will, reconstructed): take any one item from the Max player; if several "
             "tie, you choose which. A released Legacy is an ordinary item: its holder scores it, the release mark "
             "stays with Blue.",
             lambda s: f"the White Legacy is held by {SEATS[s.view(RED)['white']]}",
             ([place("hollow"), player(BLUE), take("coin")], "held by Blue"),
             ["hollow", "hollow-tie", "legacy-item", "any-item"], ["release-mark", "cost-payable"]),
        gain_step("hollow-alone", "Hollow of Envy: you alone are Max", alone, "Gain 3 Will with this pawn.",
                  {"will": 3},
                  [place("hearth")], "You alone hold items: Hollow of Envy would cost 1 Will and take nothing.",
                  "If you alone are Max, Hollow of Envy does nothing (its Will is spent all the same).",
                  lambda s: f"your Will changed by {sheet_of(after_last(s, RED), RED)['will'] - 3}" + (
                  ": Hollow of Envy cost 1 Will and took nothing, because you alone are Max"
                  if sheet_of(after_last(s, RED), RED)["will"] < 3 else ""),
                  (place("hollow"), "changed by -1: Hollow of Envy cost 1 Will and took nothing"), ["hollow-alone"],
                  ["hollow", "will-locations"], opponent=prefer_reply([place("tunnel")])),
        step("procession", "Procession of Unwanted Gifts",
             game_at(round=4, memories=[7, 16, 5, 6, 8, 9, 10, 11],
                     items=seat_items("0 2 0", "1 0 0", "0 0 1", "2 0 0"), seen={RED: [(BLUE, "Shoal")]}),
             "Code 07 (Despair: all VP from Statues are negative) is yours. Give both your Statues to Blue.",
             lambda s: sheet_of(s, RED)["statues"] == 0 and sheet_of(s, BLUE)["statues"] == 2,
             [place("procession"), player(BLUE), give("statue"), give("statue")],
             "Procession (round 4-5): choose another player, give 1 item, then 1 more if you wish.",
             "Procession of Unwanted Gifts (an attack, reconstructed): give another player 1 or 2 of your items, "
             "any kind (a Legacy or the Medal too).",
             "you still hold a Statue", ([place("procession"), player(BLUE), give("statue"), STOP],
                                         "you still hold a Statue"), ["procession"], ["turn", "any-item"]),
        step("shore", "Shore of Forgetting", shore, "Have more Will than Blue (5) after this pawn.",
             lambda s: s is not shore and sheet_of(after_last(s, RED), RED)["will"] > 5,
             [place("shore"), ret("coin"), ret("coin")],
             "Hearth and Tunnel are taken. Shore of Forgetting (round 4-5): return up to 2 Coins, Statues or Books, "
             "+1 Will each.",
             "Shore of Forgetting (reconstructed): return up to 2 of your Coins, Statues or Books to the Ruins, 1 "
             "Will for each.",
             lambda s: f"you have {sheet_of(after_last(s, RED), RED)['will']} Will",
             ([place("shore"), ret("coin"), STOP], "you have 5 Will"), ["shore"], ["one-pawn", "will-locations"],
             opponent=prefer_reply([place("quarry")])),
    ]
