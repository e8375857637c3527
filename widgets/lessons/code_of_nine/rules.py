"""Every rule of Code of Nine a player must know, one atomic rule a row: each a key the steps'
``teaches``/``uses`` name, the rule in words, and where it comes from."""

from __future__ import annotations

from ...lesson import Rule

# --- the rules ------------------------------------------------------------------------------------------------
# Every rule a player must know, one atomic rule a row (docs/code_of_nine.md's table is written from this list).
# Sources: the rulebook; the project's rulings (which also reconstruct the data the rulebook lost); "house rule"
# where the rules are silent and this app decides (docs/code_of_nine.md, "Decisions where the rules are silent").

RULES = [
    # set-up
    Rule("seats", "3 or 4 players; the seats are Red, Blue, Green, Yellow, and play goes clockwise in that order",
         "rulebook; house rule"),
    Rule("first-start", "Red is the first Start player", "house rule"),
    Rule("start-will", "Start Will: 0 for the Start player, 1 for the second and third player, 2 for the fourth",
         "rulebook"),
    Rule("ruins", "The items start in the Ruins: 16 Coins, 8 Statues, 4 Books", "rulebook"),
    Rule("legacies-start", "The two Legacies start on the Round 2 section of the board", "rulebook"),
    Rule("deal", "Each player is dealt two Memory cards face down", "rulebook"),
    Rule("redraw", "The redraw: once, before the game, each player may return both cards for two new ones",
         "rulebook"),
    Rule("redraw-cost", "A changer has one Action pawn fewer in round 1 (14 actions in the game)",
         "rulebook; ruling"),
    Rule("redraw-secret", "Redraw decisions stay secret until every player has decided (asked one seat at a time)",
         "ruling; house rule"),
    Rule("redraw-shuffle", "Changers get two cards from the undealt and returned cards, shuffled (possibly their "
         "old ones)", "ruling"),
    Rule("shoal-abyss", "Each player puts one card in the Shoal and the other in the Abyss, never to be swapped",
         "rulebook"),
    Rule("boxed", "The rest of the deck goes into the box unseen", "rulebook; ruling"),
    # a round
    Rule("rounds", "Five rounds; three Action pawns per player in each round", "rulebook"),
    Rule("turn", "A turn: place one Action pawn on a location and do its action; then the next player, clockwise",
         "rulebook"),
    Rule("start-leads", "The Start player places first in every round", "rulebook"),
    Rule("no-pass", "No passing while you have a pawn; a player without pawns is skipped", "rulebook"),
    Rule("sections", "Only locations of the current round's section and earlier ones, never a future round's",
         "rulebook"),
    Rule("one-only", "A \"1 only\" location closes after round 1", "house rule"),
    Rule("one-pawn", "One pawn a space: an occupied location is closed for the rest of the round", "rulebook"),
    Rule("quarry-any", "Quarry of Wills takes any number of pawns, your own too", "rulebook; ruling"),
    Rule("will-pays", "Will pays the costs printed on some locations", "rulebook"),
    Rule("cost-payable", "A cost must be fully payable before you place", "rulebook; ruling"),
    Rule("will-floor", "Will never drops below 0", "rulebook"),
    Rule("will-no-limit", "Will has no upper limit (the gauge stops at 15, the Will does not)", "rulebook"),
    Rule("round-end", "When all pawns are placed the round ends: the pawns come back, the board clears and the "
         "next round's section opens", "rulebook"),
    Rule("new-start", "A new Start player leads from the next round, never the current one", "rulebook; ruling"),
    Rule("if-any-left", "\"(If any left)\": a location stays usable when the Ruins run short; you get what remains",
         "ruling"),
    # the locations
    Rule("fortune", "Mechanism of Fortune (round 1 only): 3 Coins", "rulebook"),
    Rule("library", "Her Library (round 1 only): 1 Will, 1 Book", "rulebook"),
    Rule("cash-cow", "Cash Cow Shed: 2 Coins", "rulebook"),
    Rule("lights", "Where the Lights Sink: 1 Coin and 1 Will", "rulebook"),
    Rule("cross", "An Old Cross: 1 Statue", "rulebook"),
    Rule("will-locations", "Quarry of Wills, Beyond the Tunnel, Hearth of Thoughts: 1, 2 and 3 Will", "rulebook"),
    Rule("clocktower", "Clocktower: you take the Start player", "rulebook"),
    Rule("clocktower-return", "Clocktower: then you may return a Coin, Statue or Book to the Ruins",
         "rulebook; ruling"),
    Rule("allure", "Allure Show (attack): a Shoal look, then you may make another player gain a Coin, Statue or "
         "Book", "rulebook"),
    Rule("cathedral", "Venerable Cathedral (round 2-5): a Shoal look, then 1 Statue or 2 Will", "rulebook"),
    Rule("the-place", "The Place Where They Looked at the Old World (round 2-5): 2 Will, an Abyss look "
         "(reconstructed)", "ruling"),
    Rule("garden", "Garden of Connecting Hearts (round 2-5): 6 Will, release the White Legacy; another player "
         "gains 2 Will (reconstructed)", "ruling"),
    Rule("well", "Well of Closing Hearts (attack, round 2-5): 7 Will, release the Black Legacy; another player "
         "loses 2 Will (reconstructed)", "ruling"),
    Rule("legacy-on-board", "Garden and Well only while their Legacy is on the board", "ruling"),
    Rule("hollow", "Hollow of Envy (attack, round 3-5): 1 Will, take any one item from the Max player "
         "(reconstructed)", "ruling"),
    Rule("hollow-tie", "Hollow of Envy: among tied Max players you choose; Max counts you too", "ruling; house rule"),
    Rule("hollow-alone", "Hollow of Envy: if you alone are Max, nothing happens", "ruling"),
    Rule("archive", "Archive of Drowned Words (round 3-5): 2 Will, 1 Book (reconstructed)", "ruling"),
    Rule("procession", "Procession of Unwanted Gifts (attack, round 4-5): give another player 1 or 2 of your "
         "items, any kind (reconstructed)", "ruling; house rule"),
    Rule("shore", "Shore of Forgetting (round 4-5): return up to 2 Coins, Statues or Books, 1 Will each "
         "(reconstructed)", "ruling"),
    Rule("last-glimpse", "Last Glimpse of the Abyss (round 5 only): a free Abyss look (reconstructed)", "ruling"),
    Rule("bell", "Bell of the Last Dawn (round 5 only): the Start player, then a Shoal look (reconstructed)",
         "ruling"),
    # looks
    Rule("look-public", "A look is public as an action, private as a card, and remembered", "ruling"),
    Rule("look-other", "A look is at another player's card, never your own", "rulebook"),
    Rule("veil", "Sooty Watchtower: a Shoal look, and nobody may look at your cards until the round ends",
         "rulebook; ruling"),
    Rule("veiled", "A veiled player cannot be chosen for a look; if nobody can be, the look is skipped",
         "ruling; house rule"),
    Rule("abyss-costs", "An Abyss look needs 2 Will, the Medal or round 5", "ruling"),
    # the Legacies
    Rule("release-mark", "The releaser takes the Legacy and gets a permanent release mark", "ruling"),
    Rule("legacy-item", "A released Legacy is then an ordinary item: it can be stolen or given away", "ruling"),
    Rule("end-legacies", "The game ends at the end of the round in which the second Legacy is released (that round "
         "is always finished)", "rulebook; ruling"),
    # the end and the score
    Rule("end-5", "Otherwise the game ends after round 5", "rulebook"),
    Rule("reveal", "At the end all eight Memories are revealed; each counts for every player", "rulebook"),
    Rule("most-vp", "The player with the most VP wins", "rulebook"),
    Rule("item-values", "Item values: Coin 0, Statue 1, Book 1, Legacy 3, Medal 0 (Statue, Legacy and Medal "
         "reconstructed)", "rulebook; ruling"),
    Rule("holder-scores", "A Legacy scores for its holder; cards 14 and 21 pay its releaser, per Legacy", "ruling"),
    Rule("any-item", "\"Item\" means every token: Coins, Statues, Books, Legacies, the Medal", "ruling"),
    Rule("unique", "\"The one player with the most / least\": with a tie nobody is affected", "ruling"),
    Rule("cannot-win", "A player who cannot win still scores but is left out of the winners", "ruling"),
    Rule("share", "Players tied for the win share it", "ruling"),
    Rule("below-zero", "A score can go below 0", "rulebook"),
    Rule("card-order", "The cards are applied by their order number, lowest first; cards of one number together",
         "rulebook; ruling"),
    Rule("scoring-order", "The rulings' scoring order 0-8: void cards, cannot win, Coins, Statues, Books, Legacies, "
         "player state, Medal, card 20", "ruling"),
    Rule("code-01", "Code 01 All that glimmers: each Coin +1", "rulebook"),
    Rule("code-02", "Code 02 Divulged lies: each Coin -1", "rulebook"),
    Rule("code-03", "Code 03 The fate of those who do not own: the one player with the least Coins cannot win",
         "rulebook"),
    Rule("code-04", "Code 04 Beautiful numbers: the one player with the most Coins +4", "rulebook"),
    Rule("code-05", "Code 05 The small figure: each Statue +2", "rulebook"),
    Rule("code-06", "Code 06 Showed me a glimpse of: a lone Statue +3", "rulebook"),
    Rule("code-07", "Code 07 Despair: Statues count negative (after 05 and 06)", "rulebook; ruling"),
    Rule("code-08", "Code 08 Knowledge is power...: each Book +2", "rulebook"),
    Rule("code-09", "Code 09 ...and a curse: exactly 2 Books, -10", "rulebook"),
    Rule("code-10", "Code 10 Stacked knowledge: 2 or more Books, +1 per item", "rulebook"),
    Rule("code-11", "Code 11 White stone of connecting hearts: the White Legacy +3", "rulebook"),
    Rule("code-12", "Code 12 Black stone of closing hearts: the Black Legacy +3", "rulebook"),
    Rule("code-13", "Code 13 Gray stone of broken hearts: both Legacies -3", "rulebook"),
    Rule("code-14", "Code 14 The small wisdom that filled the hearts: +10 per Legacy released", "rulebook; ruling"),
    Rule("code-15", "Code 15 Collecting things: the one player with the most items +5", "rulebook"),
    Rule("code-16", "Code 16 Me: the one player with the most Will +5", "rulebook"),
    Rule("code-17", "Code 17 Get lost!: the one with the least items +8, the one with the most -8", "rulebook"),
    Rule("order-17", "Card 17's order number is 6 (reconstructed)", "ruling"),
    Rule("code-18", "Code 18 Follow me!: the Start player +5 (reconstructed)", "ruling"),
    Rule("example-a", "Worked example A (normal, 4 players)", "ruling"),
    # three players
    Rule("ghost", "With 3 players the fourth sheet is a ghost: no turns, no Will, no items", "rulebook; ruling"),
    Rule("ghost-deal", "The ghost is dealt two Memories at random into its Shoal and Abyss, never redrawn or "
         "exchanged; they are in the game", "rulebook; ruling"),
    Rule("ghost-look", "The ghost's cards can be looked at; it is never veiled", "ruling; house rule"),
    Rule("ghost-chosen", "The ghost is never chosen for a gift, Cult, Garden, Well, Hollow or Procession",
         "ruling"),
    Rule("ghost-compared", "The ghost is not compared for most, least, exactly or Max, and has no score", "ruling"),
    # the expert game
    Rule("expert-deck", "Expert game: the board's expert side, and cards 19-28 join the deck", "rulebook"),
    Rule("ninth", "Expert: after the redraw one card is turned face up as the Ninth Memory; it never scores",
         "rulebook; ruling"),
    Rule("medal-start", "Expert: the Medal starts under Cult of Honeybook", "rulebook"),
    Rule("cult", "Cult of Honeybook (attack, 1 Will): any player, you too, takes the Medal; +4 Will from the board",
         "rulebook"),
    Rule("cult-holder", "Cult of Honeybook: never the current holder; no Will when the Medal comes from a player",
         "ruling"),
    Rule("hall", "Hall of the Ninth (round 3-5): 2 Will, exchange your Shoal or Abyss card with the Ninth "
         "(reconstructed)", "ruling"),
    Rule("exchange", "An exchange: your card becomes the Ninth face up, the old Ninth takes the slot; both public",
         "ruling"),
    Rule("gallery", "Gallery of Honor (round 4-5): the Medal holder only; an Abyss look or a Ninth exchange "
         "(reconstructed)", "ruling"),
    Rule("code-26-shown", "Code 26, once looked at, is shown to all players", "rulebook"),
    Rule("in-game", "The cards in the game are the 8 in the slots at the end (not the Ninth, not the box)",
         "ruling; house rule"),
    Rule("code-19", "Code 19 High ambition: the one player with the most Coins +10, but cannot win with 15",
         "rulebook; ruling"),
    Rule("code-20", "Code 20 There were the words: each total times that player's Books, applied last",
         "rulebook; ruling"),
    Rule("code-21", "Code 21 The Last Tune of Dancing Hearts: +50 per Legacy released", "rulebook"),
    Rule("code-22", "Code 22 The Last XVII of Sunken Hearts: a releaser cannot win", "rulebook; ruling"),
    Rule("code-23", "Code 23 Lining up things: +2 per set of Coin, Statue and Book", "rulebook"),
    Rule("code-24", "Code 24 Things that make me sad: Will left, -3", "rulebook"),
    Rule("code-25", "Code 25 Throw it away!: +3 per kind of Coin, Statue, Book you lack", "rulebook; house rule"),
    Rule("code-26", "Code 26 A fearful truth: the Medal +5", "rulebook"),
    Rule("code-27", "Code 27 THAT: with 26 in the game the lowest score wins", "rulebook; ruling"),
    Rule("code-28", "Code 28 Forget all: the Medal -50", "rulebook"),
    Rule("void", "Void cards, decided before scoring: 20 with 27, 24 with 16, 07 and 28 together; a void card is "
         "still in the game", "rulebook; ruling"),
    Rule("medal-sum", "26 and 28 add up when both are valid: the Medal is worth -45", "ruling"),
    Rule("example-b", "Worked example B (expert, 4 players)", "ruling"),
    Rule("example-c", "Worked example C (expert, 3 players and the ghost)", "ruling"),
]
