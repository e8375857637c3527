"""The Count of Nine tutorial's atomic rules (the docs' table is written from these): each a key the
steps' ``teaches``/``uses`` name, the rule in words, and where it comes from."""

from __future__ import annotations

from ...lesson import Rule

# --- the rules (the docs' table is written from these) ------------------------------------------------------

R = Rule  # the rule list reads as a table: key, the rule in words, its source
RULES = [
    # the cards
    R("cards", "Nine double-sided cards; each face has a resource on each long side and a structure on each short "
               "side"),
    R("faces", "Face A is the squared-off starting face, face B the rounded back", "ruling"),
    R("structure-card", "A structure shows its cost and what it gives: a resource once per round, or victory points "
                        "in a shield"),
    R("either-or", "A cost unit printed A/B may be paid with either resource"),
    R("top-resource", "A card in play gives only its top resource", "rulebook; ruling"),
    R("rotate", "Rotate: turn 180°; the bottom resource comes to the top, left and right structures change sides",
      "rulebook; ruling"),
    R("flip", "Flip: the other face turns up; the edge on top stays on top, a rotated card stays rotated",
      "rulebook; ruling"),
    R("shuffle", "Shuffle: a new order; no card is flipped or rotated"),
    R("high", "High structures are Castle, Cathedral, Monument, Harbour and Town Square; all others are basic"),
    # set-up
    R("target-choose", "Set-up: choose one high structure as the target; its card is set aside, target face up, out "
                       "of the deck", "rulebook; ruling"),
    R("deal-face-a", "Set-up: the other eight cards go face A up"),
    R("deal-rotated", "Set-up: about half of them are rotated — here exactly four (decision 1)", "house rule"),
    R("deal-shuffled", "Set-up: the deck is shuffled"),
    R("active-resource", "Set-up: looking only at the top card, choose which of its resources is active; rotate the "
                         "deck for the other (decision 2)"),
    R("round1-knowledge", "In round 1 you know which cards are in the deck, not their order or rotation (decision 9)",
      "house rule"),
    R("no-shuffle-round1", "No shuffle before round 1: the deck was just shuffled (decision 6)", "house rule"),
    R("round-start", "A round begins with two cards in play, the centre card and the top card of the deck; the "
                     "discard pile is empty"),
    # the target card
    R("target-card-other", "Only the target can be built from the target card; its other structure never",
      "rulebook; ruling"),
    R("target-card-no-resource", "The target card gives no resource", "ruling"),
    R("target-build", "The target is built from its set-aside card once it is paid and its requirements are met",
      "ruling"),
    # a turn
    R("play-area", "The play area: the centre card, the top card of the deck and the top discard"),
    R("turn", "A turn: build one structure, or pass"),
    R("build-from-play", "Build the left or right structure of any card in play (the top discard as it lies) or the "
                         "target", "ruling"),
    R("requires", "Required structures must already be in the city", "ruling"),
    R("different-sources", "Each cost unit is paid by a different source", "ruling"),
    R("two-of-a-kind", "A cost with two units of one resource needs two sources that give it", "ruling"),
    R("own-card", "A card never pays for its own structure", "ruling"),
    R("choose-payment", "First the structure, then the payment among the different sets of sources (the default "
                        "first; \"Choose a different structure\" goes back) (decision 3)", "house rule"),
    R("to-city", "The built structure goes to the city, in a column for its round", "rulebook; ruling"),
    R("paid-flipped", "Cards in play that paid are flipped onto the discard pile", "rulebook; ruling"),
    R("centre-first", "When two cards in play pay, the centre card goes onto the discard pile first", "ruling"),
    R("discard-once", "The top discard's resource pays once per round; the card is tilted when used",
      "rulebook; ruling"),
    R("discard-untilted", "A card newly flipped onto a tilted top discard is untilted and may pay (decision 4)",
      "house rule"),
    R("tilted-buildable", "A tilted top discard's structures may still be built (decision 12)", "house rule"),
    R("tilt-stays", "A card's tilt does not follow it between the discard pile and the city (decision 13)",
      "house rule"),
    R("city-gives", "A structure in the city that gives a resource pays like a card in play"),
    R("city-once", "A structure in the city gives its resource at most once per round; it is tilted when used"),
    R("fresh", "A structure built this round gives its resource from the next round on", "ruling"),
    R("pass", "Pass: the centre card is flipped onto the discard pile", "rulebook; ruling"),
    R("slide", "Then the top card of the deck slides to the centre, so two deck cards show again",
      "rulebook; ruling"),
    # the round end
    R("round-through", "A round goes on until the whole deck is played through; its last card is alone in the centre"),
    R("pile-flips", "Round end: the discard pile is flipped over into the new deck, its bottom card on top",
      "rulebook; ruling"),
    R("pile-face-a", "Round end: every card comes back face A up, still rotated or not", "rulebook; ruling"),
    R("order-known", "After the pile is flipped over you know the order of the whole deck (decision 9)",
      "house rule"),
    R("reset", "Round end: tilted structures are reset"),
    R("rotate-deck", "Before the next round you may rotate the whole deck 180°: each card's bottom resource comes to "
                     "the top", "rulebook; ruling"),
    R("shuffle-deck", "… or shuffle it (a random order, every card kept the way it lies)", "rulebook; ruling"),
    R("shuffle-unknown", "After a shuffle the order of the deck is unknown again (decision 9)", "house rule"),
    R("keep-deck", "… or leave it as it lies", "ruling"),
    R("one-card-deck", "A deck of one card is not shuffled (decision 6)", "house rule"),
    # more high structures, Demolition Team
    R("high-more", "More than one high structure may be built in a game; only the target is chosen in advance"),
    R("demolish", "Demolition Team takes a structure from the city"),
    R("demolish-not-target", "… never the target", "ruling"),
    R("demolish-no-score", "The taken-down structure no longer scores", "ruling"),
    R("requirements-at-build", "Requirements count only when building: a high structure stays when a structure it "
                               "required is taken down", "ruling"),
    R("demolish-order", "Pay first, then choose the structure, then which way round its card comes back (decision 7)",
      "house rule"),
    R("demolish-under-pile", "Its card goes under the discard pile, turned as you choose, the Demolition Team card "
                             "above it", "rulebook; ruling"),
    R("demolish-back-first", "Both come back first in the next round, face A up", "ruling"),
    R("dt-not-city", "The Demolition Team card does not stay in the city and scores nothing; it goes onto the "
                     "discard pile too", "rulebook; ruling"),
    R("dt-needs-structure", "Demolition Team can be built only with a structure other than the target in the city "
                            "(decision 7)", "house rule"),
    # the end of a game, scoring
    R("stop", "Before any round you may stop the game", "rulebook; ruling"),
    R("rounds-begun", "Rounds played are the rounds begun (decision 11)", "ruling"),
    R("stop-round1", "Stopping before round 1 scores 0 (decision 2)", "house rule"),
    R("dead-round", "The game ends when no build was possible at any turn of a whole round; that round counts "
                    "(decision 5)", "rulebook; ruling"),
    R("passed-round", "A round in which a build was possible but none was made does not end the game", "ruling"),
    R("all-in-city", "The game ends when every card is in the city (decision 5)", "house rule"),
    R("round-limit", "The game ends after round 20 (decision 5)", "house rule"),
    R("score-shields", "Score: the shields' victory points"),
    R("score-basic", "Score: +1 per basic structure"),
    R("score-duplicate", "Score: +1 per duplicate (each copy beyond the first of a structure)", "rulebook; ruling"),
    R("score-high", "Score: +3 per high structure beyond the first"),
    R("score-rounds", "Score: minus the rounds played"),
    R("object", "Object: the most points in the fewest rounds"),
    # the match
    R("match", "A match is two games, each with a fresh deck and its own target", "rulebook; ruling"),
    R("second-target", "Game 2's target may be any of the five, game 1's too (decision 8)", "house rule"),
    R("match-total", "The match total is the sum of both game scores"),
    R("titles", "Titles: 25+ Our next King!, 21–24 worried, 17–20 impressed, 13–16 shrugs, 0–12 displeased",
      "rulebook; ruling"),
    R("practice", "A practice game (one game) gets no title (decision 10)", "house rule"),
]
