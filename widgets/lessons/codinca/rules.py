"""Every rule of Codinca a player must know, one a row (``docs/codinca.md``'s table is written from it):
each a key the steps' ``teaches``/``uses`` name, the rule in words, and where it comes from."""

from __future__ import annotations

from ...lesson import Rule

RULES = [
    # set-up and seats
    Rule("element", "Each player controls the four Symbol Tiles of their element"),
    Rule("layout", "The tiles start in the starting layout (reconstructed): each element has a corner, two edge "
                   "squares and a centre square; corners and centre gold, edges stone", "ruling"),
    Rule("seats", "The seats: Earth South, Air West, Fire North, Water East", "rulebook; ruling"),
    Rule("seats-two", "Two players are Fire and Earth, opposite each other", "ruling"),
    Rule("seats-three", "Three players are Fire, Water and Air; Earth's seat stays empty", "ruling"),
    Rule("empty-seat", "The tiles of an element nobody plays stay in play for anyone to switch or flip", "ruling"),
    Rule("deal-discs", "Each player draws one Key Disc from each of the four groups and keeps them hidden"),
    Rule("deal-trap", "Each player is dealt one Trap Card face down"),
    Rule("tokens-2-3", "Luck tokens: 4 each with two or three players"),
    Rule("tokens-4", "Luck tokens: 5 each with four players"),
    Rule("fire-starts", "Fire starts (Earth if nobody plays Fire)"),
    Rule("turn-order", "Play passes to the left: Fire, Water, Earth, Air", "rulebook; ruling"),
    # a turn
    Rule("turn", "A turn is a Switch and then a Flip; both are compulsory"),
    Rule("switch", "The Switch: one of your tiles changes places with a tile next to it (anyone's)"),
    Rule("switch-own-tile", "A Switch must include one of your own tiles"),
    Rule("switch-diagonal", "Diagonal neighbours count for the Switch"),
    Rule("switch-two-own", "You may switch two of your own tiles", "ruling"),
    Rule("switch-same", "Switching two of your tiles that look the same is allowed (it changes nothing)",
         "app decision 9"),
    Rule("flip", "The Flip turns one tile over, stone to gold or back, without moving it"),
    Rule("flip-any", "The Flip may turn any tile, another player's too"),
    Rule("no-switch", "With no legal Switch the Switch is skipped and the turn goes on with the Flip",
         "ruling; app decision 4"),
    # No Rewind
    Rule("no-rewind", "No Rewind: you may not switch back the two tiles the previous player just switched"),
    Rule("no-rewind-flip", "No Rewind does not stop you flipping back a tile the previous player flipped"),
    Rule("no-rewind-next", "No Rewind binds only the next player; later players may undo that Switch"),
    Rule("no-rewind-round", "No Rewind holds across the end of a round: Fire is bound by the last Switch of the "
                            "round before", "app decision 10"),
    # Key Discs
    Rule("disc-match", "A disc matches when its shape holds exactly your four tiles with the sides it shows",
         "rulebook; ruling"),
    Rule("line", "Line of four: any rank or file"),
    Rule("line-ends", "A line is read from either end", "ruling"),
    Rule("diagonal", "Diagonal four: either long diagonal, read from either end", "rulebook; ruling"),
    Rule("block", "Block of four: any 2×2 block, read clockwise from any corner", "rulebook; ruling"),
    Rule("corners", "Four corners: the board's four corners, read clockwise from any corner", "rulebook; ruling"),
    Rule("corners-3x3", "Four corners: also the corners of any 3×3 square"),
    Rule("claim-end", "A disc is claimed only at the end of your turn, after the Switch and the Flip"),
    Rule("claim-ends-turn", "A claim ends your turn (one claim a turn)", "rulebook; ruling"),
    Rule("claim-compulsory", "Claiming a matching disc is compulsory", "app decision 6"),
    Rule("claim-shown", "A claimed disc is shown to the other players"),
    Rule("claim-stays", "A claimed disc stays claimed even if the pattern breaks later", "ruling"),
    # Luck
    Rule("luck-token", "One Luck token buys one extra action; the token goes on the action's icon"),
    Rule("luck-when", "Luck actions are taken before your Switch or after your Flip, never between",
         "rulebook; ruling"),
    Rule("luck-spent", "A token is spent when the action is chosen; only an action that can be completed is "
                       "offered", "app decision 1"),
    Rule("luck-before-claim", "Luck actions after your Flip come before your claim"),
    Rule("luck-several", "Several Luck actions may be taken in one turn"),
    Rule("luck-again", "The same action may be bought again (except Rewind)"),
    Rule("line-push", "Line Push: shift a rank or file one square; the end tile re-enters at the other end",
         "rulebook; ruling"),
    Rule("switch-pair", "Switch Pair: exchange two touching parallel pairs (side by side or end to end), not "
                        "diagonally", "rulebook; ruling"),
    Rule("rotate-block", "Rotate Block: turn a 2×2 block 90° either way or 180°"),
    Rule("block-flip", "Block Flip: turn over the four tiles of a 2×2 block"),
    Rule("line-flip", "Line Flip: turn over the four tiles of a rank or file"),
    Rule("extra-switch", "Extra Move: one more Switch, after your Flip", "rulebook; ruling"),
    Rule("extra-flip", "Extra Move: or one more Flip"),
    Rule("extra-no-rewind", "An extra Switch obeys every Switch rule, No Rewind included", "ruling"),
    Rule("rewind", "Rewind: before your Switch, switch back the previous player's Switch", "rulebook; ruling"),
    Rule("rewind-once", "Rewind may be used once per game"),
    Rule("rewind-stands", "Rewind (and No Rewind) only while that Switch still stands: once another action moves a "
                          "tile onto either square it lapses", "ruling; app decisions 3 and 11"),
    # Trap Cards
    Rule("trap-hidden", "You may not look at your Trap Card unless you spend a Luck token on Reveal Trap"),
    Rule("reveal-trap", "Reveal Trap: look at your card, then play it now or keep it for a later turn"),
    Rule("reveal-public", "Others see that you used Reveal Trap, but not the card", "app decision 2"),
    Rule("trap-anytime", "The Trap Card may be played at any time in your turn, even between the Switch and the "
                         "Flip", "rulebook; ruling; app decision 5"),
    Rule("trap-flips", "A Trap flips the tiles it marks to the side shown; nothing moves"),
    Rule("trap-once", "Each player has one Trap Card for the whole game; once played it is used up", "ruling"),
    Rule("trap-earth", "The card is laid with its arrow towards the board: Earth reads it as printed", "ruling"),
    Rule("trap-air", "From Air's seat the card is turned a quarter turn clockwise", "ruling"),
    Rule("trap-fire", "From Fire's seat the card is turned a half turn", "ruling"),
    Rule("trap-water", "From Water's seat the card is turned a quarter turn anticlockwise", "ruling"),
    Rule("trap-blind", "You may play your Trap Card blind, without looking at it", "ruling"),
    # Locks
    Rule("line-lock", "Line Lock: the Totem goes onto a red crystal and locks that rank or file", "rulebook; ruling"),
    Rule("block-lock", "Block Lock: the Totem goes onto a blue crystal and locks the 2×2 around it; the centre "
                       "locks nothing", "rulebook; ruling"),
    Rule("lock-everyone", "Locked tiles may not be moved or flipped by anyone, the locker included",
         "rulebook; ruling"),
    Rule("lock-round", "A lock lasts one full round, until the start of the locker's next turn", "rulebook; ruling"),
    Rule("lock-all-squares", "An action needs all its squares unlocked; nothing resolves partially", "ruling"),
    Rule("lock-one-totem", "There is one Totem: locks never stack", "ruling"),
    Rule("trap-breaks-lock", "Any Trap makes the lock in play fail: the Totem goes home",
         "rulebook; ruling"),
    # the end
    Rule("win", "Full game: the first player to claim all four discs wins"),
    Rule("end-shown", "At the end every Key Disc and Trap Card is shown", "app decision 8"),
    Rule("beginner", "Beginner game (a variant): the first player to claim three discs wins"),
    Rule("round-limit", "Round limit: after the last seat's turn of the last round the most claims win",
         "house rule"),
    Rule("round-limit-tie", "At the round limit, players tied for the most claims share the win", "house rule"),
]
