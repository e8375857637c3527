"""Double Nine's data tables: the 20 cards as printed (name, number, set, effect), the decks of the Expansion
Rule, the Sites, which effects chain through which, and the numbers of the variants.

    >>> NAMES[0], NUMBER[0], len(CARDS)
    ('Reaper', 0, 20)
"""
# --- data tables ---------------------------------------------------------------
# name, number, set, effect name, effect text as printed, [Constant]
CARDS = (
    ("Reaper", 0, "basic", "Soul Hunt",
     "Take a top card of another player and place it beside this card.", False),
    ("Hacker", 1, "basic", "Duplicate",
     "Use the effect of the card beside this card. If the effect is [Constant], it cannot be used.", False),
    ("Aiko", 2, "basic", "Love Letter",
     "Place this card on another player's board, in \"Site ×10\" or \"Site ×1\".", False),
    ("Clown", 3, "basic", "Juggling",
     "Choose left or right. All players pass their hand in that direction.", False),
    ("Necromancer", 4, "basic", "Resurrection",
     "Take a card beneath this card and place it beside this card.", False),
    ("Sister", 5, "basic", "God's Blessing",
     "[Constant] While this card is the top card, the spot beside it cannot be harmed by any other effect.", True),
    ("Fallen Angel", 6, "basic", "Lost Paradise",
     "All other players must swap the top cards of their sides.", False),
    ("Medusa", 7, "basic", "Petrification", "All other players lose a turn.", False),
    ("Elf", 8, "basic", "Pacifism", "Nothing happens.", False),
    ("Luna", 9, "basic", "Enchanted Moon", "Place this card in your \"Site ×1\".", False),
    ("Nine-tailed Fox", 0, "expansion", "Transform",
     "[Constant] At the end of the game, this card's number will equal the number of the card beside it.", True),
    ("Magician", 1, "expansion", "Cheat & Swap",
     "Choose someone (you may choose yourself). Swap the top cards of each side. (Only if each side has one.)",
     False),
    ("Shaman", 2, "expansion", "Possession",
     "Use the effect of the top card in \"Site ×1\" of another player. If it is [Constant], it cannot be used.",
     False),
    ("Sol", 3, "expansion", "Blazing Sun",
     "Choose \"Site ×1\" or \"Site ×10\" of any player (you may choose yourself). Remove a top card.", False),
    ("Sniper", 4, "expansion", "Bull's Eye",
     "Look at another player's hand. Decide whether to remove their card; if you do, they draw a card.", False),
    ("Dark Aiko", 5, "expansion", "Cursed Letter",
     "♥ Place this card on another person in \"Site ×10\" or \"Site ×1\". ♥ [Constant] If this card is the top "
     "card, that player must always play the card they draw, if possible.", True),
    ("Dark Elf", 6, "expansion", "Naughty Joke",
     "Place the card beside this one in \"Site ×10\" or \"Site ×1\" of another player.", False),
    ("Fortune Teller", 7, "expansion", "Prophecy",
     "Draw a card from the deck, then return one of the cards you have in hand to the deck.", False),
    ("Thera", 8, "expansion", "Reverse World",
     "Flip the deck to reverse the order of the cards. The deck is now visible.", False),
    ("Archangel", 9, "expansion", "Angel's Cradle",
     "Take a card beneath this card, place that card on top, and use its effect.", False),
)
NAMES = tuple(c[0] for c in CARDS)
NUMBER = tuple(c[1] for c in CARDS)
CONSTANT = tuple(c[5] for c in CARDS)
TYPE = {name: t for t, name in enumerate(NAMES)}
(REAPER, HACKER, AIKO, CLOWN, NECROMANCER, SISTER, FALLEN_ANGEL, MEDUSA, ELF, LUNA,
 FOX, MAGICIAN, SHAMAN, SOL, SNIPER, DARK_AIKO, DARK_ELF, FORTUNE_TELLER, THERA, ARCHANGEL) = range(20)

# A physical card is an instance id 0-39: its type is id % 20, id // 20 tells the two copies apart.
DECKS = {
    "basic": tuple(t + 20 * c for t in range(10) for c in (0, 1)),
    "expansion": tuple(t + 20 * c for t in range(10, 20) for c in (0, 1)),
    "mixed": tuple(range(20)),
    "full": tuple(range(40)),
}
EXTRA_REMOVED = {"basic": 0, "expansion": 0, "mixed": 0, "full": 10}  # removed before set-up step 4
SITES = ("x10", "x1")  # site 0 is Site ×10, site 1 is Site ×1
SITE_INDEX = {"x10": 0, "x1": 1}
SITE_WORDS = ("Site ×10", "Site ×1")
DIRECTIONS = ("left", "right")  # left = next seat clockwise (seat + 1)
# Effects that do something when resolved: no [Constant], no placement-only card, no Elf (nothing),
# and none of the cards that resolve another card's effect (Hacker, Shaman, Archangel).
COPYABLE = frozenset({REAPER, CLOWN, NECROMANCER, FALLEN_ANGEL, MEDUSA, MAGICIAN, SOL, SNIPER, DARK_ELF,
                      FORTUNE_TELLER, THERA})
# Hacker copies these (rulings: not [Constant], placement-only, Elf, nor another Hacker / Shaman copy).
HACKER_COPIES = COPYABLE | {ARCHANGEL}
# A card Archangel brings up resolves its effect unless [Constant] or a placement rule only (rulings).
ARCHANGEL_RESOLVES = COPYABLE | {HACKER, SHAMAN, ARCHANGEL}
# Decision 5 (the loop guard): an Archangel effect reached through Archangel, Hacker or Shaman still resolves
# an ordinary card it brings up, but an Archangel, Hacker or Shaman brought up that way resolves nothing.
CHAIN_CARDS = frozenset({HACKER, SHAMAN, ARCHANGEL})
# Shaman possesses a card whose effect is not [Constant] (rulings); these of them do something
# (Hacker / Shaman: no chains of copies; Elf, Aiko, Luna: nothing to resolve).
SHAMAN_RESOLVES = COPYABLE | {ARCHANGEL}
PLACED_ON_OTHERS = frozenset({AIKO, DARK_AIKO})
TARGET_RANGE = (10, 99)
COMPETITION_GAMES = 3
VICTORIES_TO_WIN = 2

RULES_SUMMARY = """\
**Goal.** Have the highest two-digit number when the draw pile runs out: the top card of your
Site ×10 gives the tens, the top card of your Site ×1 the ones. Win two games to win the match.

**Turn.** Draw a card (two in hand), play one onto one of your Sites (Aiko and Dark Aiko go onto
another player's Site, Luna only onto your Site ×1) and resolve its effect. The game ends at the end
of the turn in which the draw pile became empty — by the draw or by an effect (Fortune Teller, Sniper),
even if Fortune Teller then puts a card back.

**Sister** protects the Site beside her from other players' effects while she is a top card.
"""
