"""Chapters 7-12 of the Code of Nine tutorial: the Memories and scoring, three players, the expert
game and its cards, and the worked examples; each a function listing its steps in the notebook's
order."""

from __future__ import annotations

from ninekit.code_of_nine import MEMORIES

from .. import Step
from .examples import example_player
from .play import (
    BLUE,
    GHOST,
    GREEN,
    INERT,
    LAST_TURN_USES,
    RED,
    STOP,
    YELLOW,
    all_of,
    dealt_game,
    ending_miss,
    example_c_miss,
    exchange,
    final_step,
    find_step,
    game_at,
    give,
    known_code,
    last_turn,
    look,
    only_winner,
    place,
    player,
    prefer_reply,
    ret,
    seat_items,
    sheet_of,
    sheets_items,
    shoal,
    step,
    take,
)


def coins_statues_books_steps() -> list[Step]:
    return [
        final_step("coins", "Cards 01 and 04: Coins", [1, 4], [1, 4, *INERT],
                   seat_items("3 1 0", "4 1 0", "2 2 1", "0 3 1"),
                   "Memories 01 (All that glimmers: each Coin +1) and 04 (Beautiful numbers: the one player with the "
                   "most Coins +4) are in the game. Win it with your last pawn.",
                   [place("cash_cow")], (place("lights"), "the most Coins are tied"),
                   "Blue has 4 Coins. A tie for the most gives nobody the 4.",
                   "Coins are worth 0 VP; 01 adds 1 to each, 02 takes 1 away. 04 gives the one player with the most "
                   "Coins +4; with a tie nobody gets it (a ruling).", ["code-01", "code-04", "unique", "card-order"]),
        final_step("least-coins", "Card 03: cannot win", [3], [3, 15, *INERT],
                   seat_items("0 3 1", "1 1 1", "2 2 0", "3 1 0"),
                   "Memory 03 (The fate of those who do not own: the one player with the least Coins cannot win) is in "
                   "the game. You have the most VP but no Coin. Win.",
                   [place("lights")], (place("cross"), "Red has the unique least Coins and cannot win"),
                   "Blue has 1 Coin. Tie for the least, or pass Blue.",
                   "A player who cannot win still scores, but is left out of the winners (a ruling). With a tie for "
                   "the least, nobody is affected.", ["code-03", "cannot-win"], [*LAST_TURN_USES, "unique"],
                   will=[3, 3, 3, 3]),
        final_step("lies", "Card 02: Divulged lies", [2], [2, 8, *INERT],
                   seat_items("4 2 1", "1 0 0", "0 0 0", "3 2 1"),
                   "Memories 02 (Divulged lies: each Coin -1 VP) and 08 (each Book +2) are in the game. Win.",
                   [place("shore"), ret("coin"), ret("coin")], (place("cash_cow"), "each Coin is worth -1"),
                   "Your 4 Coins cost you 4 VP. Yellow, with 3 Coins, 2 Statues and a Book, has 2 VP.",
                   "Coins have no VP of their own (0); 01 makes each +1, 02 each -1, both together 0.", ["code-02"],
                   [*LAST_TURN_USES, "shore"]),
        final_step("statues", "Cards 05 and 06: Statues", [5, 6], [5, 6, *INERT],
                   seat_items("4 0 1", "0 2 0", "3 0 1", "0 1 0"),
                   "Memories 05 (The small figure: each Statue +2) and 06 (Showed me a glimpse of: a player with "
                   "exactly 1 Statue, +3 on it) are in the game. Win.",
                   [place("cross")], (place("lights"), "each Statue is worth 3"),
                   "A Statue is worth 1 VP (reconstructed), 3 with 05; a lone Statue 3 more with 06.",
                   "05 and 06 adjust each Statue first (ruling 9): a lone Statue is worth 1 + 2 + 3 = 6.",
                   ["code-05", "code-06"]),
        final_step("despair", "Card 07: Despair", [7], [7, 8, *INERT], seat_items("0 2 1", "0 1 1", "0 1 1", "1 0 0"),
                   "Memory 07 (Despair: all VP from Statues are negative) and 08 (each Book +2) are in the game. Win.",
                   [place("shore"), ret("statue"), ret("statue")],
                   (place("archive"), "each Statue is worth 1; all negative (07)"),
                   "Your 2 Statues cost you 2 VP now (a Statue is worth 1, reconstructed). Shore of Forgetting returns "
                   "up to 2 items.",
                   "07 turns each player's Statue total negative, after 05 and 06 (ruling 9).",
                   ["code-07", "code-08", "below-zero"], [*LAST_TURN_USES, "shore"], will=[3, 3, 3, 3]),
        final_step("books", "Cards 08, 09 and 10: Books", [8, 9, 10], [8, 9, 10, 11, 12, 13, 14, 15],
                   seat_items("1 0 2", "2 2 1", "0 3 0", "4 0 0"),
                   "Memories 08 (each Book +2), 09 (exactly 2 Books: -10) and 10 (at least 2 Books: +1 per item) are "
                   "in the game. Win.",
                   [place("archive")], (place("cross"), "exactly 2 Books, -10"),
                   "A Book is worth 1 VP, 3 with 08. Think of what a second Book does with 09 and 10.",
                   "08 adds 2 to each Book; 09 takes 10 from a player with exactly 2; 10 gives a player with 2 or more "
                   "one VP per item (every token).", ["code-09", "code-10"], [*LAST_TURN_USES, "archive", "code-08"]),
    ]


def legacies_and_items_steps() -> list[Step]:
    stones = last_turn([13, 11, 9, 10, 1, 2, 18, 4], seat_items("1 2 1", "0 0 0", "1 1 0", "4 0 0"), will=[7, 3, 3, 3],
                       start=BLUE)
    share = last_turn([1, 15, *INERT], seat_items("2 0 0", "3 0 0", "1 0 0", "0 1 0"), placed={"cash_cow": BLUE})
    bell = last_turn([18, 1, *INERT], seat_items("1 1 1", "1 1 1", "1 1 1", "1 1 1"), start=BLUE, will=[0, 0, 0, 0])
    return [
        final_step("legacies", "Cards 12 and 14: the Legacies", [11, 12, 13, 14], [12, 14, 1, 2, 3, 4, 9, 10],
                   seat_items("1 1 1", "1 1 1", "1 1 1", "1 1 1"),
                   "Memories 12 (the Black Legacy +3) and 14 (each releaser +10) are yours; 11 and 13 are not in the "
                   "game. You have 7 Will. Win.",
                   [place("well"), player(BLUE)], (place("hearth"), "Green wins with 15 VP"),
                   "A Legacy is worth 3 VP to its holder (reconstructed); 14 pays the releaser, per Legacy.",
                   "At order 5 the holder scores each Legacy (3, +3 with 11 or 12, -3 with 13) and each releaser gets "
                   "+10 per release with 14 (+50 with 21).", ["code-12", "code-14", "holder-scores"],
                   [*LAST_TURN_USES, "well"], will=[7, 3, 3, 3], white=GREEN),
        step("stones", "Cards 11 and 13: the stones", stones,
             "Memories 13 (both Legacies -3 VP) and 11 (the White Legacy +3) are in the game, and you have 7 Will. "
             "Release a Legacy and win.",
             all_of(only_winner(RED), lambda s: RED in s.view(RED)["released"].values()),
             [place("garden"), player(GREEN)],
             "With 13 and 11, the White Legacy is worth 3 + 3 - 3, the Black one 3 - 3.",
             "Order 5: each Legacy is worth 3 to its holder (reconstructed), +3 with 11 (White) or 12 (Black), -3 "
             "with 13 (both).", ending_miss([11, 13]), ([place("well"), player(GREEN)], "the Black Legacy 0"),
             ["code-11", "code-13"], [*LAST_TURN_USES, "garden", "well", "holder-scores"]),
        final_step("collecting", "Cards 15 and 17: most and least items", [15, 17], [15, 17, *INERT],
                   seat_items("4 1 0", "2 1 1", "2 1 1", "3 0 0"),
                   "Memories 15 (the one player with the most items +5) and 17 (the one with the least +8, the one "
                   "with the most -8) are in the game. Win.",
                   [place("procession"), player(YELLOW), give("coin"), give("coin")],
                   (place("cash_cow"), "has the unique most items, -8"),
                   "You have the most items: 17 costs you 8. Procession gives up to 2 away.",
                   "15 and 17 compare every item token (coins, statues, books, Legacies, the Medal); with a tie nobody "
                   "gains or loses. Card 17's order number (6) is reconstructed.", ["code-15", "code-17", "order-17"],
                   [*LAST_TURN_USES, "procession", "any-item", "unique"]),
        final_step("me", "Card 16: Me", [16], [16, 1, *INERT], seat_items("2 0 0", "1 0 0", "1 0 0", "2 0 0"),
                   "Memories 16 (Me: the one player with the most Will +5) and 01 (each Coin +1) are in the game. You "
                   "have 3 Will, Yellow has 4. Win.",
                   [place("hearth")], (place("cash_cow"), "the unique most Will"),
                   "Will left at the end counts for 16.",
                   "16 compares the Will left at the end; a tie gives nobody the 5.", ["code-16"],
                   [*LAST_TURN_USES, "code-01", "unique"], will=[3, 0, 0, 4]),
        step("share", "A shared victory", share,
             "Memories 01 (each Coin +1) and 15 (the one player with the most items +5) are in the game. Make sure "
             "you at least share the win.",
             lambda s: s.is_over and RED in s.outcome.winners, [place("lights")],
             "Blue has 3 items and 3 Coins: 8 VP with 15. A tie for the most items gives nobody the 5.",
             "Players tied for the most VP share the victory (a ruling).",
             ending_miss([1, 15]), (place("quarry"), "Blue wins with 8 VP"), ["share"],
             [*LAST_TURN_USES, "code-15", "code-01"]),
        step("bell", "Bell of the Last Dawn", bell,
             "Code 18 (Follow me!: +5 VP for the Start player, reconstructed) is yours. Win the game.",
             only_winner(RED), [place("bell"), look(BLUE)],
             "Bell of the Last Dawn (round 5 only): the Start player marker, then a Shoal look.",
             "Bell of the Last Dawn (reconstructed): take the Start player, then look at a Shoal. In round 5 the "
             "marker matters only for card 18.", ending_miss([18]), (place("cash_cow"), "holds the Start player"),
             ["bell", "code-18"], [*LAST_TURN_USES, "clocktower", "code-01"]),
    ]


def three_players_steps() -> list[Step]:
    dealt = dealt_game(players=3, seed=4, arranged=True)
    return [
        find_step("ghost-deal", "Three players: the ghost", dealt,
                  "Three players: the ghost holds two Memories beside the board. Find out its Shoal card.", GHOST,
                  "Shoal", [place("watchtower"), look(GHOST)],
                  "The ghost sits where a fourth player would. Its cards can be looked at like anyone's.",
                  "With 3 players a ghost takes the fourth sheet: it is dealt two Memories, placed at random in its "
                  "Shoal and Abyss, and they count in the game. It gets no Will (the real players start with 0, 1, 1) "
                  "and has no turns or items.",
                  ([place("watchtower"), look(BLUE)], "the Ghost's Shoal"), ["ghost", "ghost-deal"],
                  ["turn", "look-other", "veil"]),
        find_step("ghost", "The ghost player", game_at(players=3, round=2, will=[2, 1, 1]),
                  "Find out the Ghost's Abyss card.", GHOST, "Abyss", [place("the_place"), look(GHOST)],
                  "With 3 players the ghost's two Memories lie beside the board; they can be looked at like anyone's.",
                  "The ghost holds two Memories (dealt at random into its Shoal and Abyss, never redrawn) that count "
                  "in the game. It is never veiled and can be looked at, but it has no turns, items or Will, can never "
                  "be chosen for anything else, and is never compared for most, least or exactly (a ruling).",
                  ([place("the_place"), look(BLUE)], "the Ghost's Abyss"), ["ghost-look"], ["ghost", "the-place"]),
        step("ghost-gift", "The ghost takes nothing",
             game_at(players=3, round=4, items=seat_items("2 0 0", "0 0 0", "0 0 0")),
             "Give both your Coins away with one pawn.", lambda s: sheet_of(s, RED)["coins"] == 0,
             [place("procession"), player(BLUE), give("coin"), give("coin")],
             "Procession gives 1 item, then 1 more if you wish, to another player; the ghost is not a player for it "
             "(there is no button for it).",
             "The ghost can never be chosen by Allure's gift, Cult, Garden, Well, Hollow or Procession.",
             "you still hold a Coin", ([place("procession"), player(BLUE), give("coin"), STOP],
                                       "you still hold a Coin"), ["ghost-chosen"], ["ghost", "procession"]),
    ]


def expert_game_steps() -> list[Step]:
    arranged = dealt_game(seed=3, expert=True)
    hand, ninth = arranged.view(RED)["hand"], arranged.view(RED)["ninth"]
    return [
        step("expert-setup", "The expert set-up", arranged,
             f"The Ninth Memory, Code {ninth:02d} ({MEMORIES[ninth].name}), lies face up. Put your Code "
             f"{hand[0]:02d} in your Abyss.",
             lambda s: known_code(s, RED, RED, "Abyss") == hand[0] and s.view(RED)["hand"] is None, [shoal(1)],
             "As in the normal game: one card in the Shoal, the other in the Abyss.",
             "The expert game uses the board's expert side and adds cards 19-28 to the deck. After the redraw one "
             "card is turned face up as the Ninth Memory: it never scores, but some locations exchange it. The "
             "Medal starts under Cult of Honeybook.",
             f"Code {hand[0]:02d} lies in your Shoal", (shoal(0), "lies in your Shoal"),
             ["expert-deck", "ninth", "medal-start"], ["shoal-abyss"], opponent=prefer_reply([shoal(0)])),
        step("cult", "Cult of Honeybook: the Medal",
             game_at(expert=True, ninth=20, round=1, will=[1, 1, 1, 2], memories=[26, 1, 2, 3, 4, 5, 6, 7]),
             "Code 26 (A fearful truth: the Medal +5 VP) is yours. Take the Medal, and its 4 Will.",
             lambda s: s.view(RED)["medal"] == RED and sheet_of(s, RED)["will"] == 4, [place("cult"), player(RED)],
             "Cult of Honeybook (expert, 1 Will): choose any player, yourself included, who takes the Medal.",
             "Cult of Honeybook (an attack, 1 Will): the chosen player takes the Medal; from the board it brings 4 "
             "Will. The Medal has no VP of its own (reconstructed); 26 and 28 give it its value.",
             "you do not hold the Medal with 4 Will", ([place("cult"), player(BLUE)], "you do not hold the Medal"),
             ["cult", "code-26"], ["turn", "medal-start"]),
        step("cult-attack", "Cult of Honeybook: passing the Medal on",
             game_at(expert=True, ninth=20, round=2, will=[1, 0, 0, 0], medal=RED, memories=[28, 1, 2, 3, 4, 5, 6, 8]),
             "Code 28 (Forget all: the Medal -50 VP) is yours, and you hold the Medal. Make Yellow take it.",
             lambda s: s.view(RED)["medal"] == YELLOW, [place("cult"), player(YELLOW)],
             "Cult of Honeybook must choose a player who does not already hold the Medal (you are not offered).",
             "From another player the Medal comes without Will. Card 28 and 07 void each other when both are in "
             "the game (ruling 8).",
             "Yellow does not hold the Medal", (place("hearth"), "Yellow does not hold the Medal"),
             ["cult-holder", "code-28"], ["cult"]),
        step("hall", "Hall of the Ninth",
             game_at(expert=True, ninth=23, round=3, will=[2, 0, 0, 0], memories=[7, 2, 1, 3, 4, 5, 6, 8],
                     items=seat_items("2 2 2", "0 0 0", "0 0 0", "0 0 0")),
             "The Ninth Memory is 23 (Lining up things: +2 VP per Coin-Statue-Book set). Put it in your Shoal in "
             "place of 07 (Despair).",
             lambda s: known_code(s, RED, RED, "Shoal") == 23, [place("hall"), exchange("shoal")],
             "Hall of the Ninth (expert, round 3-5, 2 Will, reconstructed) exchanges your Shoal or Abyss card with "
             "the Ninth.",
             "Your card goes face up as the new Ninth Memory, the old Ninth takes its slot; both faces are public "
             "(ruling 12). The Ninth itself never scores.",
             "your Shoal card is not 23: an exchange gives your card to the Ninth and the Ninth to that slot",
             ([place("hall"), exchange("abyss")], "your Shoal card is not 23"), ["hall", "exchange"],
             ["ninth", "cost-payable"]),
        find_step("gallery", "Gallery of Honor", game_at(expert=True, ninth=23, round=4, will=[0, 0, 0, 0], medal=RED),
                  "Find out Blue's Abyss card, with no Will.", BLUE, "Abyss", [place("gallery"), look(BLUE)],
                  "Gallery of Honor (expert, round 4-5): only the Medal holder may place there, and keeps it.",
                  "Gallery of Honor (reconstructed): look at an Abyss, or exchange one of your Memories with the "
                  "Ninth, in one decision.", (place("the_place"), "must be fully payable"), ["gallery"],
                  ["abyss-costs", "cult", "exchange"]),
        find_step("fearful-truth", "Code 26 is shown to all",
                  game_at(expert=True, ninth=20, round=1, memories=[1, 2, 26, 3, 4, 5, 6, 7]),
                  "Look at Blue's Shoal card.",
                  BLUE, "Shoal", [place("watchtower"), look(BLUE)], "Any Shoal look does it.",
                  "It is Code 26, A fearful truth: whoever looks at it shows it to all players (spectators too).",
                  ([place("watchtower"), look(GREEN)], "you do not know Blue's Shoal"), ["code-26-shown"],
                  ["look-public", "code-26"]),
    ]


EXPERT_USES = (*LAST_TURN_USES, "expert-deck", "ninth")


def expert_cards_steps() -> list[Step]:
    def final(key, title, cards, memories, ninth, items, goal, solution, wrong, hint, success, teaches, uses=(),
              **kwargs):
        return final_step(key, title, cards, memories, items, goal, solution, wrong, hint, success, teaches,
                          [*EXPERT_USES, *uses], expert=True, ninth=ninth, **kwargs)

    return [
        final("ambition", "Card 19: High ambition", [15, 19], [19, 15, *INERT], 20,
              seat_items("6 2 0", "5 0 1", "0 1 1", "0 0 0"),
              "Memories 19 (the one player with the most Coins +10; cannot win if 15 is in the game) and 15 (the one "
              "player with the most items +5) are in the game. You have 6 Coins, Blue 5. Win.",
              [place("shore"), ret("coin"), STOP], (place("hearth"), "Code 15 is in the game, so Red cannot win"),
              "With 15 in the game, the most Coins brings 10 VP and the loss of the game.",
              "19 is applied at order 2; its second sentence makes the player unable to win (a ruling).",
              ["code-19"], ["code-15", "cannot-win", "shore"]),
        final("words", "Card 20: There were the words", [20], [20, 5, 9, 11, 12, 13, 14, 16], 27,
              seat_items("0 2 0", "0 1 1", "0 1 1", "0 0 1"),
              "Memory 20 (There were the words: every total is multiplied by its player's Books) is in the game. Win.",
              [place("archive")], (place("cross"), "each total is multiplied by that player's Books"),
              "You have 0 Books: 0 times anything is 0.",
              "20 is applied last (order 8), each total times that player's own Books; it is void if 27 is in the "
              "game (ruling 8).", ["code-20", "scoring-order"], ["archive", "card-order"]),
        final("tune", "Cards 21 and 22: the Last Tune and the Sunken Hearts", [21, 22], [21, 1, *INERT], 22,
              seat_items("0 0 0", "2 2 1", "1 1 1", "1 1 1"),
              "Memories 21 (+50 VP per Legacy you released) and 01 are in the game; 22 is the Ninth Memory, so it is "
              "not. You have 6 Will. Win.",
              [place("garden"), player(BLUE)], (place("hearth"), "Blue wins with 5 VP"),
              "The Ninth Memory never scores.",
              "21 pays each releaser 50 VP per Legacy; 22 (if in the game) makes every releaser unable to win.",
              ["code-21", "in-game"], ["garden", "holder-scores"], will=[6, 0, 0, 0]),
        final("sunken", "Card 22: The Last XVII of Sunken Hearts", [21, 22], [22, 21, 9, 10, 11, 12, 13, 1], 20,
              seat_items("4 2 1", "1 0 0", "0 0 0", "3 2 1"),
              "Memories 22 (every player who released a Legacy cannot win) and 21 (+50 VP per Legacy released) are "
              "in the game. You have 6 Will. Win.",
              [place("hearth")], ([place("garden"), player(BLUE)], "Red released a Legacy and cannot win"),
              "+50 VP are worth nothing to a player who cannot win.",
              "22 is applied at order 1: a releaser still scores (21's 50 too) but cannot win (a ruling).",
              ["code-22"], ["code-21", "cannot-win", "garden"], will=[6, 3, 3, 3]),
        final("sets", "Cards 23 and 25: sets and missing items", [23, 25], [23, 25, *INERT], 22,
              seat_items("2 1 1", "1 1 1", "3 2 0", "0 1 1"),
              "Memories 23 (+2 VP per set of Coin, Statue and Book) and 25 (+3 VP per kind of Coin, Statue, Book you "
              "do not have) are in the game. Win.",
              [place("shore"), ret("statue"), ret("book")], (place("cross"), "Green lacks 1 kind of item"),
              "Having none of a kind is worth 3 VP with 25; a set is worth only 2 with 23.",
              "23 counts complete sets; 25 pays 3 for each of the three kinds you have none of.",
              ["code-23", "code-25"], ["shore"]),
        final("sad", "Card 24: Things that make me sad", [24], [24, 5, *INERT], 22,
              seat_items("0 1 0", "0 2 0", "0 1 0", "0 0 0"),
              "Memories 24 (every player with at least 1 Will left loses 3 VP) and 05 (each Statue +2) are in the "
              "game, and 16 is not. You have 1 Will. Win.",
              [place("hollow"), take("statue")], (place("cross"), "Will left, -3"),
              "Spending your last Will is worth 3 VP here.",
              "24 takes 3 VP from every player with Will left; it is void if 16 (Me) is in the game (ruling 8).",
              ["code-24"], ["hollow", "code-05"], will=[1, 0, 0, 0]),
        final("that", "Card 27: THAT", [26, 27], [27, 26, *INERT], 20, seat_items("2 2 0", "0 0 1", "1 1 0", "0 2 0"),
              "Memories 27 (THAT: with 26 in the game the lowest score wins) and 26 are in the game. Win.",
              [place("shore"), ret("statue"), ret("statue")], (place("hearth"), "the lowest score wins"),
              "Lower is better here. Shore returns up to 2 items.",
              "With 27 and 26 both in the game the eligible player with the lowest VP wins (a ruling); 27 without 26 "
              "does nothing.", ["code-27"], ["code-26", "shore"], will=[0, 0, 0, 0]),
        final("forget", "Cards 26 and 28 with 07", [7, 26, 28], [28, 7, 26, *INERT[:5]], 20,
              seat_items("0 1 0", "0 2 0", "0 3 0", "0 0 0"),
              "Blue holds the Medal. Memories 28 (the Medal -50), 07 (Statues negative) and 26 (the Medal +5) are "
              "in the game. Win.",
              [place("cult"), player(RED)], (place("cross"), "the Medal is worth 5"),
              "07 and 28 void each other when both are in the game: the Medal is worth +5 here, and Statues count "
              "positive.",
              "Invalid cards are decided once, before order 1: 20 with 27, 24 with 16, 07 and 28 together (ruling "
              "8). A void card still counts as in the game.", ["void"], ["code-07", "code-26", "code-28", "cult"],
              medal=BLUE),
        final("medal-sum", "Cards 26 and 28 together", [26, 28], [26, 28, *INERT[:6]], 20,
              seat_items("0 1 0", "0 1 0", "0 0 0", "0 0 0"),
              "You hold the Medal. Memories 26 (the Medal +5) and 28 (the Medal -50) are in the game, and 07 is "
              "not. Win.",
              [place("procession"), player(BLUE), give("medal"), STOP], (place("hearth"), "the Medal is worth -45"),
              "Both cards count: the Medal is worth 5 - 50. Who should hold it at the end?",
              "Cards of the same order number apply together: 26 and 28 add up, so the Medal is worth -45 (a "
              "ruling), and a score can go below 0.", ["medal-sum"], ["code-26", "code-28", "procession", "void"],
              medal=RED),
    ]


def examples_steps() -> list[Step]:
    a = [example_player(5, 3, 2, 2, white=True, released_white=True), example_player(1, 2, 0, 6, black=True),
         example_player(4, 2, 1, 0, released_black=True), example_player(6, 0, 1, 3)]
    b = [example_player(5, 1, 0, 0), example_player(3, 2, 2, 1, white=True, released_white=True),
         example_player(4, 3, 1, 4, black=True), example_player(4, 1, 1, 2, released_black=True)]
    c = [example_player(6, 1, 2, 3, white=True, black=True, released_white=True, released_black=True),
         example_player(5, 2, 1, 4), example_player(0, 3, 1, 5)]
    example_uses = (*LAST_TURN_USES, "scoring-order", "cannot-win", "holder-scores")
    return [
        final_step("example-a", "Worked example A", [3, 18], [3, 5, 9, 10, 13, 15, 17, 18], sheets_items(a),
                   "You are C (Green) in the rulings' example A, with your last pawn (A is Red, B Blue, D Yellow). "
                   "Win.",
                   [place("bell"), look(RED)], (place("cash_cow"), "18: Red holds the Start player"),
                   "Example A's table has C holding the Start player, and card 18 is in the game.",
                   "With the Start player (Bell, or Clocktower returning nothing) it is example A exactly: A 9, B 14, "
                   "C 12, D 1. B has more points but cannot win (03), so C wins with 12.",
                   ["example-a"], [*example_uses, "code-03", "code-18", "bell"], learner=GREEN,
                   will=[p["will"] for p in a], white=RED, black=BLUE, released={"white": RED, "black": GREEN},
                   start=RED),
        final_step("example-b", "Worked example B", [15, 19, 27],
                   [27, 26, 7, 14, 15, 19, 20, 28], sheets_items(b),
                   "You are C (Green) in the rulings' example B (expert), with your last pawn (A is Red, B Blue, D "
                   "Yellow). Win.",
                   [place("procession"), player(RED), give("coin"), give("coin")],
                   (place("hearth"), "the lowest score wins"),
                   "THAT (27) with 26 in the game: the lowest score wins. Who has the most Coins and the most items "
                   "decides 19 and 15.",
                   "With THAT and 26 the lowest eligible score wins, and many placements keep yours lowest. The "
                   "rulings' example B is the one where you give A two Coins at Procession (Show me plays it): A 21 "
                   "(cannot win: 19 with 15), B 17, C 7, D 12. 20 is void (27), 07 and 28 void each other; the lowest "
                   "eligible score, C's 7, wins.", ["example-b"],
                   [*example_uses, "code-27", "code-19", "void", "procession"],
                   learner=GREEN, will=[p["will"] for p in b], expert=True, ninth=21, white=BLUE, black=GREEN,
                   released={"white": BLUE, "black": YELLOW}, medal=RED, start=GREEN),
        final_step("example-c", "Worked example C", [3, 16, 20, 22], [21, 22, 3, 6, 16, 20, 11, 24], sheets_items(c),
                   "You are B (Blue) in the rulings' example C (expert, 3 players and the ghost), with your last pawn "
                   "(A is Red, C Green). The Ninth Memory is 25 (Throw it away!). Win.",
                   [place("clocktower"), STOP], ([place("hall"), exchange("shoal")], "03 went to the Ninth Memory"),
                   "You are the only player who can win now: A released the Legacies (22) and C has the least Coins "
                   "(03; the ghost is not compared). Keep it so: your Shoal card is 03.",
                   "Any placement that leaves your 03 where it is wins. With Clocktower and nothing returned it is "
                   "example C exactly (you hold the Start player, as in its table): A 230 and C 9 cannot win (22; 03, "
                   "the ghost not compared), so B wins with 3.",
                   ["example-c", "ghost-compared"], [*example_uses, "ghost", "code-22", "code-03", "hall", "exchange"],
                   miss=example_c_miss, learner=BLUE, players=3, will=[p["will"] for p in c], expert=True, ninth=25,
                   white=RED, black=RED, start=GREEN),
    ]
