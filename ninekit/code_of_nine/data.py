"""Code of Nine's printed data, with what the project's rulings *reconstruct* marked as such.

The available rulebook lost the end of its Locations List and Memory card 18;
``shared/rules/code_of_nine.rulings.md`` reconstructs them (and card 17's
order number, and the inherent value of statues, Legacies and the Medal).
Everything reconstructed carries ``reconstructed=True`` here, and anything that
shows it to a user says so (see :data:`RECONSTRUCTED_NOTE`).

    >>> MEMORIES[18].name, MEMORIES[18].reconstructed
    ('Follow me!', True)
    >>> [loc.name for loc in LOCATIONS if loc.first == 5]
    ['Last Glimpse of the Abyss', 'Bell of the Last Dawn']
    >>> ITEM_VP["statue"]
    1
"""

from typing import NamedTuple

RECONSTRUCTED_NOTE = (
    "Reconstructed: the available rulebook lost the end of its Locations List and Memory card 18. The "
    "eleven locations from The Place Where They Looked at the Old World on, card 18 (Follow me!), card 17's "
    "order number and the values of Statues (1), Legacies (3) and the Medal (0) are the project's "
    "reconstruction (its rulings), not the printed game."
)

ROUNDS = 5
PAWNS = 3  # Action pawns per player per round
START_WILL = (0, 1, 1, 2)  # by seat order from the Start player; the ghost gets none
RUINS_STOCK = {"coin": 16, "statue": 8, "book": 4}
BASIC_ITEMS = ("coin", "statue", "book")  # what the Ruins hold, and what Clocktower and Shore return
ITEMS = ("coin", "statue", "book", "white", "black", "medal")  # every item token ("[any item]")
ITEM_NAMES = {"coin": "Coin", "statue": "Statue", "book": "Book", "white": "White Legacy",
              "black": "Black Legacy", "medal": "Medal"}


class ItemValue(NamedTuple):
    vp: int
    reconstructed: bool
    why: str


ITEM_VALUES = {
    "coin": ItemValue(0, False, "Given (public description of the game)."),
    "statue": ItemValue(1, True, "The rulebook gives statues inherent VP; 1 keeps Cathedral's "
                                 "'1 statue or 2 Will' balanced."),
    "book": ItemValue(1, False, "Given (public description of the game)."),
    "white": ItemValue(3, True, "Card 13 'both lose 3' breaks a Legacy to exactly 0."),
    "black": ItemValue(3, True, "Same as the White Legacy."),
    "medal": ItemValue(0, True, "Only Statues, Books and Legacies have inherent VP; the Medal's value "
                                "comes from cards 26 and 28."),
}
ITEM_VP = {item: value.vp for item, value in ITEM_VALUES.items()}


class Memory(NamedTuple):
    """One Memory card: its ``order`` is when it applies at the end (lowest first)."""

    code: int
    name: str
    effect: str
    order: int
    expert: bool
    reconstructed: bool = False


def _m(code, name, effect, order, expert=False, reconstructed=False):
    return code, Memory(code, name, effect, order, expert, reconstructed)


MEMORIES = dict((
    _m(1, "All that glimmers", "All Coins gain +1 VP.", 2),
    _m(2, "Divulged lies", "All Coins lose 1 VP.", 2),
    _m(3, "The fate of those who do not own", "If there is one player with the least Coins, that player "
       "cannot win the game.", 1),
    _m(4, "Beautiful numbers", "If there is one player with the most Coins, he gains 4 VP.", 2),
    _m(5, "The small figure", "All Statues gain 2 VP.", 3),
    _m(6, "Showed me a glimpse of", "The Statue of players with exactly 1 Statue gains 3 VP.", 3),
    _m(7, "Despair", "All VP from Statues are negative.", 3),
    _m(8, "Knowledge is power...", "All Books gain 2 VP.", 4),
    _m(9, "...and a curse", "All players with exactly 2 Books lose 10 VP.", 4),
    _m(10, "Stacked knowledge", "All players with at least 2 Books gain 1 VP per item they have.", 4),
    _m(11, "White stone of connecting hearts", "The White Legacy gains 3 VP.", 5),
    _m(12, "Black stone of closing hearts", "The Black Legacy gains 3 VP.", 5),
    _m(13, "Gray stone of broken hearts", "Both the White Legacy and the Black Legacy lose 3 VP.", 5),
    _m(14, "The small wisdom that filled the hearts", "Both players who released the White Legacy and the "
       "Black Legacy gain 10 VP.", 5),
    _m(15, "Collecting things", "If there is one player with the most items, he gains 5 VP.", 6),
    _m(16, "Me", "If there is one player with the most Will, he gains 5 VP.", 6),
    _m(17, "I don't want any of that. Get lost!", "If there is one player with the least items, he gains "
       "8 VP. If there is one player with the most items, he loses 8 VP.", 6),  # order reconstructed (as 15)
    _m(18, "Follow me!", "The player with the Start player marker gains 5 VP.", 6, reconstructed=True),
    _m(19, "High ambition", "If there is one player with the most Coins, he gains 10 VP. However, if Code 15 "
       "is in the game, that player cannot win the game.", 2, expert=True),
    _m(20, "There were the words", "All players' VP are multiplied by their number of Books (which may be "
       "zero). This card is invalid if Code 27 is in the game.", 8, expert=True),
    _m(21, "The Last Tune of Dancing Hearts", "Both players who released the White Legacy and the Black "
       "Legacy gain 50 VP.", 5, expert=True),
    _m(22, "The Last XVII of Sunken Hearts", "Both players who released the White Legacy and the Black "
       "Legacy cannot win the game.", 1, expert=True),
    _m(23, "Lining up things", "All players gain 2 VP per set of 1 Coin, 1 Statue and 1 Book they have.", 6,
       expert=True),
    _m(24, "Things that make me sad", "All players with at least 1 Will lose 3 VP. This card is invalid if "
       "Code 16 is in the game.", 6, expert=True),
    _m(25, "Throw it away!", "All players gain 3 VP for each item (Coin, Statue or Book) that they do not "
       "have.", 6, expert=True),
    _m(26, "A fearful truth", "The Medal gains 5 VP. During the game, should anyone look at this card, show "
       "it to all players.", 7, expert=True),
    _m(27, "THAT", "If Code 26 is in the game, the winner of this game is the player with the least VP.", 8,
       expert=True),
    _m(28, "Forget all", "The Medal loses 50 VP. If Code 07 is in the game, both this card and Code 07 are "
       "invalid.", 7, expert=True),
))
ORDER_17_RECONSTRUCTED = True  # the rulebook's list lost card 17's order number; the rulings give 6
NORMAL_CODES = tuple(c for c, m in MEMORIES.items() if not m.expert)
EXPERT_CODES = tuple(MEMORIES)


class Location(NamedTuple):
    """One location: usable in rounds ``first``..``last``; ``cost`` in Will; ``needs`` a placement
    condition (``"white"``/``"black"``: that Legacy on the board, ``"medal"``: you hold the Medal)."""

    key: str
    name: str
    first: int
    last: int
    cost: int
    effect: str
    expert: bool = False
    attack: bool = False
    needs: str = ""
    reconstructed: bool = False


LOCATIONS = (
    Location("library", "Her Library", 1, 1, 1, "You get 1 Book from the Ruins (if any left)."),
    Location("fortune", "Mechanism of Fortune", 1, 1, 0, "You get 3 Coins from the Ruins (or whatever "
             "remains)."),
    Location("cash_cow", "Cash Cow Shed", 1, 5, 0, "You get 2 Coins from the Ruins (or whatever remains)."),
    Location("lights", "Where the Lights Sink", 1, 5, 0, "You get 1 Coin (if any left) from the Ruins and "
             "1 Will."),
    Location("cross", "An Old Cross", 1, 5, 0, "You get 1 Statue from the Ruins (if any left)."),
    Location("clocktower", "Clocktower", 1, 5, 0, "First, you get the Start player (unless you already have "
             "it). Then you may return a Coin, Statue or Book to the Ruins."),
    Location("allure", "Allure Show", 1, 5, 0, "First you look at another player's Shoal card. Then you may "
             "choose a player other than yourself who gains a Coin, Statue or Book from the Ruins.",
             attack=True),
    Location("quarry", "Quarry of Wills", 1, 5, 0, "You gain 1 Will. Available even if there already are "
             "Action pawns here."),
    Location("tunnel", "Beyond the Tunnel", 1, 5, 0, "You gain 2 Will."),
    Location("hearth", "Hearth of Thoughts", 1, 5, 0, "You gain 3 Will."),
    Location("watchtower", "Sooty Watchtower", 1, 5, 0, "Look at another player's Shoal card. For the "
             "remainder of the round, all Memory card-looking effects targeted at you have no effect."),
    Location("cult", "Cult of Honeybook", 1, 5, 1, "Choose any player (including yourself) who must take the "
             "Medal, from the board or from its holder. If it comes from the board, that player also gains "
             "4 Will.", expert=True, attack=True),
    Location("cathedral", "Venerable Cathedral", 2, 5, 0, "First, look at another player's Shoal card. Then "
             "you must gain either 1 Statue or 2 Will (the Will if there are no Statues)."),
    Location("the_place", "The Place Where They Looked at the Old World", 2, 5, 2, "Look at another player's "
             "Abyss card.", reconstructed=True),
    Location("garden", "Garden of Connecting Hearts", 2, 5, 6, "Only while the White Legacy is on the board. "
             "You release the White Legacy: take it and mark it released. Then choose another player, who "
             "gains 2 Will.", needs="white", reconstructed=True),
    Location("well", "Well of Closing Hearts", 2, 5, 7, "Only while the Black Legacy is on the board. You "
             "release the Black Legacy: take it and mark it released. Then choose another player, who loses "
             "2 Will.", attack=True, needs="black", reconstructed=True),
    Location("hollow", "Hollow of Envy", 3, 5, 1, "Take 1 item of your choice from the Max player (the "
             "player with the most items). If several tie for Max, choose one of them other than yourself. "
             "If you alone are Max, nothing happens.", attack=True, reconstructed=True),
    Location("archive", "Archive of Drowned Words", 3, 5, 2, "You get 1 Book from the Ruins (if any left).",
             reconstructed=True),
    Location("hall", "Hall of the Ninth", 3, 5, 2, "Exchange your Shoal or Abyss card with the Ninth "
             "Memory.", expert=True, reconstructed=True),
    Location("procession", "Procession of Unwanted Gifts", 4, 5, 0, "Choose another player and give him 1 "
             "or 2 of your items.", attack=True, reconstructed=True),
    Location("shore", "Shore of Forgetting", 4, 5, 0, "Return up to 2 of your Coins, Statues or Books to the "
             "Ruins. Gain 1 Will for each one returned.", reconstructed=True),
    Location("gallery", "Gallery of Honor", 4, 5, 0, "Only the Medal holder may place here, and he keeps the "
             "Medal. Either look at another player's Abyss card, or exchange one of your Memory cards with "
             "the Ninth Memory.", expert=True, needs="medal", reconstructed=True),
    Location("last_glimpse", "Last Glimpse of the Abyss", 5, 5, 0, "Look at another player's Abyss card.",
             reconstructed=True),
    Location("bell", "Bell of the Last Dawn", 5, 5, 0, "First you get the Start player (unless you already "
             "have it). Then look at another player's Shoal card.", reconstructed=True),
)
LOCATION = {loc.key: loc for loc in LOCATIONS}


def cost_words(loc: Location) -> str:
    """A location's placement cost in words.

    >>> cost_words(LOCATION["garden"]), cost_words(LOCATION["cross"]), cost_words(LOCATION["gallery"])
    ('6 Will', 'Free', 'Hold the Medal')
    """
    if loc.needs == "medal":
        return "Hold the Medal"
    return f"{loc.cost} Will" if loc.cost else "Free"


def rounds_words(loc: Location) -> str:
    """The round section a location sits in, as the board prints it.

    >>> rounds_words(LOCATION["library"]), rounds_words(LOCATION["hollow"])
    ('1 only', '3-5')
    """
    return f"{loc.first} only" if loc.first == loc.last else f"{loc.first}-{loc.last}"


# --- the table and the turn ---------------------------------------------------------------------------

SEATS = ("Red", "Blue", "Green", "Yellow")
GHOST = "the Ghost"  # the fourth sheet in a 3-player game (owner 3)
SLOTS = ("Shoal", "Abyss")
LOC_INDEX = {loc.key: i for i, loc in enumerate(LOCATIONS)}
QUARRY = LOC_INDEX["quarry"]
NO_ONE = -1  # on the board (Legacies, Medal) / nobody (releasers, places)
BOXED = -2   # the Medal in a normal game

RULES_SUMMARY = """\
**Goal.** The eight Memory cards in the game (two per player; a ghost's two with 3 players) decide what
every item is worth, and they stay hidden until the end. Most VP wins; Memories can also say a player
*cannot win*, or that the lowest score wins.

**Set-up.** Start Will 0/1/1/2 from the Start player. Deal two Memories to each player. Each decides in
secret whether to change both (a changer has one Action pawn fewer in round 1). Expert: the Ninth Memory
is turned face up. Each player puts one Memory in the Shoal and the other in the Abyss.

**A round.** From the Start player, clockwise, each player places one Action pawn per turn until all
are placed (no passing). Only locations of this round's section and earlier ones that are still open;
one pawn a space (Quarry of Wills takes any number); a Will cost must be fully payable. Looks are public,
what you see is yours alone (Code 26 is shown to all). The Sooty Watchtower veils you from looks for the
rest of the round. A new Start player leads from the next round.

**The end.** After round 5, or at the end of the round in which the second Legacy is released. All
Memories are revealed and applied in their order: cannot-win, Coins, Statues, Books, Legacies, player
state, the Medal, then card 20 and the winners.
"""

STEPS = {  # what a placement asks after its immediate effect, one atomic decision per step
    "clocktower": ("return",),
    "allure": ("look_shoal", "gift", "gift_item"),
    "watchtower": ("look_shoal",),
    "cult": ("medal_to",),
    "cathedral": ("look_shoal", "gain"),
    "the_place": ("look_abyss",),
    "last_glimpse": ("look_abyss",),
    "garden": ("white_gift",),
    "well": ("black_loss",),
    "hollow": ("victim", "steal"),
    "hall": ("exchange",),
    "procession": ("recipient", "give", "give_more"),
    "shore": ("shore", "shore_more"),
    "gallery": ("gallery",),
    "bell": ("look_shoal",),
}
STEP_PROMPTS = {
    "return": "may return a Coin, Statue or Book to the Ruins (Clocktower)",
    "look_shoal": "choose whose Shoal card to look at",
    "look_abyss": "choose whose Abyss card to look at",
    "gift": "may choose a player other than yourself who gains an item from the Ruins (Allure Show)",
    "gift_item": "choose the item the chosen player gains from the Ruins",
    "medal_to": "choose the player who must take the Medal (Cult of Honeybook)",
    "gain": "gain either 1 Statue or 2 Will (Venerable Cathedral)",
    "white_gift": "choose another player, who gains 2 Will (Garden of Connecting Hearts)",
    "black_loss": "choose another player, who loses 2 Will (Well of Closing Hearts)",
    "victim": "several players tie for the most items: choose whom to take an item from (Hollow of Envy)",
    "steal": "choose the item to take (Hollow of Envy)",
    "exchange": "choose which of your Memory cards to exchange with the Ninth Memory (Hall of the Ninth)",
    "recipient": "choose another player to give 1 or 2 of your items to (Procession of Unwanted Gifts)",
    "give": "choose an item to give",
    "give_more": "may give one more item",
    "shore": "may return up to 2 Coins, Statues or Books, 1 Will each (Shore of Forgetting)",
    "shore_more": "may return one more Coin, Statue or Book (Shore of Forgetting)",
    "gallery": "look at another player's Abyss card, or exchange one of your Memories with the Ninth "
               "(Gallery of Honor)",
}
