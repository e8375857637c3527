"""Every rule of Double Nine a player must know, in the order the tutorial meets them: each a key the
steps' ``teaches``/``uses`` name, the rule in words, and where it comes from."""

from __future__ import annotations

from ...lesson import Rule

RB, RU, HR, BOTH = "rulebook", "ruling", "house rule", "rulebook; ruling"

# Every rule a player must know, in the order the tutorial meets them.  "house rule": how this app decides
# where the rulebook and the rulings are silent (docs/double_nine.md, "Decisions taken here").
RULES = [
    # the table, the set-up and a first game
    Rule("sites", "A board has two sites, Site ×10 and Site ×1; the cards played on a site are stacked", RB),
    Rule("number", "Your number: the top card of Site ×10 gives the tens, the top card of Site ×1 the ones", RB),
    Rule("empty-site", "An empty site counts 0", RU),
    Rule("play-own-site", "You play one of your two cards onto one of your own sites", RB),
    Rule("top-card", "Only the top card of a site counts: a card played covers the card beneath it", RB),
    Rule("beneath-visible", "The cards beneath stay in view (\"so that the numbers beneath can be seen\")", RB),
    Rule("elf", "Elf: nothing happens", RB),
    Rule("deck-basic", "The deck is the 20 basic cards, 0–9 twice (the usual game)", RB),
    Rule("setup-remove", "At set-up one card is removed face down, unseen by anybody", RB),
    Rule("setup-deal", "Each player is dealt one card, which only they may see", RB),
    Rule("start-player", "The start player is chosen by any suitable method; this app draws one at random", HR),
    Rule("draw", "At the start of your turn you draw the top card of the pile: you hold two cards", RB),
    Rule("clockwise", "Players take turns clockwise, starting with the start player", RB),
    Rule("effect-played", "The card you play uses its effect at once; an effect must be used where it can", RU),
    Rule("reaper", "Reaper takes a top card of another player and puts it on the site beside Reaper", RB),
    Rule("no-target", "An effect with no legal target does nothing", RU),
    Rule("game-end", "The game ends at the end of the turn in which the pile became empty", BOTH),
    Rule("hand-left", "Each player then holds one card, which does not count", RB),
    Rule("highest-wins", "The highest number wins the game", RB),
    Rule("victory-token", "The winner takes a victory token (its \"1st Victory\" side; a second win shows "
         "\"2nd Victory\")", RB),
    Rule("between-games", "Between games the set-up is repeated from step 3: the same cards shuffled, one "
         "removed, one dealt to each player; the victory tokens stay", RB),
    Rule("next-start", "The next game starts with the player to the left of the winner", RB),
    Rule("two-tokens", "The first player with two victory tokens wins the match", RB),
    # the basic cards
    Rule("hacker", "Hacker uses the effect of the card beside it, as if that card had just been played onto "
         "Hacker's site", BOTH),
    Rule("hacker-nothing", "Hacker does nothing beside Elf or a card that is only a placement rule (Aiko, "
         "Dark Aiko, Luna)", RU),
    Rule("aiko", "Aiko is placed on another player's site, never your own; her 2 counts for them", RB),
    Rule("left-clockwise", "Clown's \"left\" is the next player clockwise, the way the turns go", RU),
    Rule("right-before", "Clown's \"right\" is the player before you: each card goes to the previous player", RU),
    Rule("clown", "Clown: choose left or right; every player passes their hand card that way, all at the same "
         "time", BOTH),
    Rule("necromancer", "Necromancer moves a card from beneath it, in its own site, to the top of the site "
         "beside it", BOTH),
    Rule("necromancer-no-effect", "The card Necromancer revives does not use its effect", RB),
    Rule("fallen-angel", "Fallen Angel: every other player swaps the top cards of their two sites; your board "
         "is not swapped", RB),
    Rule("fallen-angel-one-site", "A board with a top card on only one site is not swapped", RU),
    Rule("medusa", "Medusa: after your turn you take another whole turn (draw, play, effect)", BOTH),
    Rule("medusa-chain", "A Medusa played in the extra turn gives another one (chains)", RU),
    Rule("luna", "Luna may only be played onto your own Site ×1", RB),
    # Sister
    Rule("sister", "Sister: while she is a top card, the site beside her is protected from other players' "
         "effects", BOTH),
    Rule("swap-protected", "Fallen Angel and Magician do not swap a board with a site protected against them",
         RU),
    Rule("sister-not-herself", "Sister does not protect herself", RB),
    Rule("sister-covered", "The protection ends when Sister is covered or taken away", RB),
    Rule("aiko-protected", "Aiko and Dark Aiko may not be placed on a protected site, but may go on Sister "
         "herself", HR),
    Rule("aiko-fallback", "With every such site protected and only Aiko or Dark Aiko in hand, they may go on "
         "any site of another player", HR),
    # the expansion cards
    Rule("deck-expansion", "Expansion Rule: a game with the 20 expansion cards only, 0–9 twice", RB),
    Rule("fox", "Nine-tailed Fox: at the end of the game its number is that of the card beside it", RB),
    Rule("fox-zero", "A Fox beside an empty site or beside another Fox counts 0", RU),
    Rule("fox-now", "A board's number shown during play counts the Fox as if the game ended now", HR),
    Rule("magician", "Magician swaps the two top cards of one board, yours included", RB),
    Rule("magician-both", "Magician swaps only a board whose two sites both have a top card", RB),
    Rule("sister-own", "The board owner's own effects are not blocked by their Sister", RU),
    Rule("shaman", "Shaman uses the effect of another player's Site ×1 top card, as if played onto Shaman's "
         "site", BOTH),
    Rule("shaman-constant", "Shaman cannot use a [Constant] effect (Dark Aiko's curse counts as [Constant])",
         RB),
    Rule("copy-site", "An effect used through Hacker, Shaman or Archangel acts from that card's site", HR),
    Rule("sol", "Sol removes a top card from the game face down; the card beneath counts again", RB),
    Rule("sol-own", "Sol may remove one of your own top cards", RB),
    Rule("sniper", "Sniper looks at another player's hand card and may remove it from the game", RB),
    Rule("sniper-secret", "Only the Sniper's player learns the card", RU),
    Rule("sniper-replace", "A removed card is replaced at once by a card from the pile", RB),
    Rule("sniper-keep", "Sniper's player may leave the card in that hand", RB),
    Rule("dark-aiko", "Dark Aiko is placed on another player's site, like Aiko", RB),
    Rule("dark-aiko-curse", "Dark Aiko's curse: while she is a top card, that player must play the card they "
         "draw, if it can be played", RB),
    Rule("dark-aiko-drawn", "The forced card is the one drawn at the start of the turn", HR),
    Rule("dark-aiko-cannot", "A drawn card that cannot be played at all (no legal site) leaves the player free "
         "to play the other card", HR),
    Rule("dark-elf", "Dark Elf gives the card beside it to another player, onto the site you choose", RB),
    Rule("fortune-teller", "Fortune Teller draws a card, then puts one of your two hand cards back on top of "
         "the pile", BOTH),
    Rule("thera", "Thera reverses the pile and turns it face up for everyone", RB),
    Rule("thera-twice", "A second Thera turns the pile face down again (reversed again)", RU),
    Rule("archangel", "Archangel brings a card from beneath it to the top of its site and uses that card's "
         "effect", RB),
    Rule("archangel-no-effect", "A card brought up whose effect is [Constant] or only a placement rule does "
         "nothing", RU),
    # copies
    Rule("hacker-constant", "Hacker cannot use a [Constant] effect (Sister, Nine-tailed Fox)", RB),
    Rule("hacker-no-chain", "Hacker does nothing beside another Hacker or a Shaman: no chains of copies", RU),
    Rule("hacker-archangel", "Hacker may copy an Archangel: it brings up a card beneath Hacker", RU),
    Rule("archangel-hacker", "A Hacker brought up copies the card beside it (a Shaman brought up chooses as "
         "usual)", RU),
    Rule("shaman-nothing", "Shaman choosing Elf, Aiko, Luna, a Hacker or a Shaman: nothing happens", HR),
    Rule("loop-guard", "An Archangel, Hacker or Shaman brought up through another copy uses no effect", HR),
    # game end and victory
    Rule("medusa-empty", "With the pile empty, Medusa gives no extra turn", RU),
    Rule("tie", "Everyone tied for the highest number wins and takes a victory token", RB),
    Rule("tie-match", "Several players reaching two victory tokens at once all win the match", RU),
    Rule("next-start-tie", "With several winners, the next game starts left of the first winner clockwise "
         "from the last start player", HR),
    Rule("emptied-by-effect", "Any effect that empties the pile ends the game at the end of that turn "
         "(Sniper's replacement draw)", RU),
    Rule("sniper-empty", "Sniper with the pile empty: the removed card is not replaced", RU),
    Rule("fortune-teller-last", "Fortune Teller drawing the last card ends the game at the end of that turn; "
         "the card put back stays on the pile", RU),
    Rule("fortune-teller-empty", "Fortune Teller with the pile empty draws nothing and puts nothing back", HR),
    # the selection rules
    Rule("teams", "Team Rule (4 players only): opposite players form a team; a team's number is the sum of "
         "both", RB),
    Rule("teams-tokens", "Both players of the winning team take a victory token", RU),
    Rule("target", "Random Number Rule: the number closest to the target wins", RB),
    Rule("target-draw", "The target is a two-digit number from 10 to 99, drawn at set-up once for the whole "
         "match", HR),
    Rule("teams-target", "With the Team Rule and a target, each team's sum is compared with the target", RU),
    Rule("deck-mixed", "Expansion Rule: one basic set and one expansion set, 20 cards, each card once", RB),
    Rule("deck-full", "Expansion Rule: all 40 cards, 10 removed face down at set-up (reconstructed by a "
         "ruling)", RU),
    Rule("competition", "Competition Rule: exactly three games; the highest total of the three numbers wins",
         RB),
    Rule("competition-tokens", "Competition Rule: victory tokens are still given, but only the totals decide",
         HR),
    Rule("competition-target", "Competition Rule with a target: the total closest to 3 × the target wins", RU),
]
