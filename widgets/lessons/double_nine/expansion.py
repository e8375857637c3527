"""Chapters 4-6 of the Double Nine tutorial: the expansion cards 0-4 and 5-9, and the copies
(Hacker, Shaman, Archangel); each a function listing its steps in the notebook's order."""

from __future__ import annotations

from ninekit.double_nine import position

from .. import Step
from .basics import BASICS, LAST_GAME
from .play import (
    P1,
    P2,
    P3,
    TIED,
    boards_of,
    dealt,
    decided,
    hand_of,
    judgment,
    mine,
    miss_after,
    number,
    number_is,
    numbers,
    prefer_reply,
    removed_more,
    state_check,
    step,
    table,
    top_card,
    wins,
)

# --- 4. The expansion cards 0-4 ---------------------------------------------------------------------------


def expansion_low_steps() -> list[Step]:
    return [
        step("expansion-deck", "A game with the expansion cards",
             dealt(3, deck="expansion"),
             goal="This game uses only the 20 expansion cards: make your number 80.",
             check=number_is(80),
             solution=["Play Thera", "your Site ×10"],
             hint="Thera is an 8. Its effect only turns the pile over.",
             success="The Expansion Rule's first choice: the 20 expansion cards alone, 0–9 twice, set up and "
                     "dealt like the basic cards.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: Thera (8) on Site ×10 makes 80"),
             wrong=(["Play Thera", "your Site ×1"], "makes 80"),
             teaches=("deck-expansion",), uses=BASICS + ("setup-remove", "setup-deal")),
        step("fox", "Nine-tailed Fox takes a number",
             table(2, "Play Nine-tailed Fox", boards=[([], ["Luna"]), (["Elf"], ["Clown"])],
                   hands=[["Nine-tailed Fox", "Elf"], ["Medusa"]], pile=["Hacker", "Reaper", "Sol"], deck="full"),
             goal="Make your number 99.",
             check=number_is(99),
             solution=["your Site ×10"],
             hint="At the end of the game a Nine-tailed Fox counts the number of the card beside it.",
             success="Nine-tailed Fox takes the number of the card beside it at the end of the game (the number "
                     "shown counts it as if the game ended now).",
             miss="your Fox covered Luna, and beside an empty site a Fox counts 0",
             wrong=("your Site ×1", "counts 0"),
             teaches=("fox", "fox-zero", "fox-now"), uses=BASICS),
        step("magician", "Magician swaps one board",
             table(3, "Play Magician", "your Site ×10", boards=[(["Aiko"], ["Luna"]), (["Luna"], []),
                   (["Elf"], ["Medusa"])], hands=[["Magician", "Clown"], ["Hacker"], ["Necromancer"]],
                   pile=["Hacker", "Reaper", "Necromancer", "Reaper"], deck="full"),
             goal="Have the highest number at the table.",
             check=numbers(lambda n: all(n[P1] > x for x in n[1:])),
             solution=["Swap your own"],
             hint="Magician may swap your own board too. Which boards can it swap at all?",
             success="Magician swaps the two top cards of one board, yours included, if both its sites have a "
                     "top card.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: your own board swapped would read 91"),
             wrong=({"kind": "swap", "args": [P2]}, "both sites have a top card"),
             teaches=("magician", "magician-both"), uses=BASICS),
        step("sister-own", "Your own Sister does not stop you",
             table(2, "Play Magician", "your Site ×10", boards=[(["Aiko"], ["Sister"]), (["Elf"], ["Luna"])],
                   hands=[["Magician", "Elf"], ["Clown"]], pile=["Hacker", "Reaper", "Medusa"], deck="full"),
             goal="Make your number higher than 50.",
             check=numbers(lambda n: n[P1] > 50),
             solution=["Swap your own"],
             hint="Your Sister protects your Magician from the other players. Does she stop you?",
             success="Sister only stops effects of other players' cards: your own cards may still swap, take or "
                     "remove what she protects.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: swapping your own board (Magician and "
                                       "Sister) gives 51; your Sister does not block your own Magician"),
             wrong=("Swap Player 2's two top cards", "your own Magician"),
             teaches=("sister-own",), uses=("sister", "magician")),
        step("shaman", "Shaman borrows an effect",
             table(3, "Play Shaman", "your Site ×1", boards=[(["Medusa"], []), (["Luna"], ["Reaper"]),
                   (["Elf"], ["Sister"])], hands=[["Shaman", "Clown"], ["Hacker"], ["Necromancer"]],
                   pile=["Hacker", "Reaper", "Necromancer", "Clown"], deck="full"),
             goal="Make your number 92.",
             check=number_is(92),
             solution=["Player 2's Site ×1", "Take Luna"],
             hint="Shaman borrows the effect of another player's Site ×1 card, as if you had just played that "
                  "card where Shaman lies.",
             success="Shaman uses the effect of another player's Site ×1 top card as if you had played it onto "
                     "Shaman's site; a [Constant] effect cannot be used.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: Player 2's Reaper, used from Shaman's "
                                       "Site ×1, puts the card it takes on your Site ×10"),
             wrong=({"kind": "possess", "args": [P3]}, "[Constant]"),
             teaches=("shaman", "shaman-constant", "copy-site"), uses=BASICS + ("reaper", "sister")),
        step("sol", "Sol burns a card",
             table(2, "Play Sol", "your Site ×1", boards=[(["Medusa"], []), (["Aiko", "Luna"], ["Elf", "Luna"])],
                   hands=[["Sol", "Clown"], ["Hacker"]], pile=["Hacker", "Reaper", "Necromancer"], deck="full"),
             goal="Bring Player 2 below 50.",
             check=numbers(lambda n: n[P2] < 50),
             solution=["Player 2's Site ×10"],
             hint="Sol removes a top card from the game; the card beneath it counts again.",
             success="Sol removes any top card from the game, face down; the card beneath it counts again.",
             miss=miss_after(lambda s: f"Player 2 has {number(s, P2):02d}: once a top card is gone, the card beneath "
                                       "it counts"),
             wrong=("Player 2's Site ×1", "beneath"),
             teaches=("sol",), uses=BASICS),
        step("sol-own", "Sol on your own card",
             table(2, "Play Sol", "your Site ×1", boards=[(["Luna", "Aiko"], []), (["Elf", "Medusa"],
                   ["Luna", "Elf"])], hands=[["Sol", "Clown"], ["Hacker"]], pile=["Hacker", "Reaper", "Necromancer"],
                   deck="full"),
             goal="Have a higher number than Player 2.",
             check=numbers(lambda n: n[P1] > n[P2]),
             solution=["Remove Aiko"],
             hint="Sol may remove any top card, your own too. What lies beneath your Aiko?",
             success="Sol may remove your own top card too: the card beneath it counts again.",
             miss=miss_after(lambda s: f"you have {number(s, P1):02d} and Player 2 {number(s, P2):02d}: removing your "
                                       "own Aiko would show the Luna beneath it"),
             wrong=("Remove Medusa", "your own"),
             teaches=("sol-own",), uses=("sol",)),
        step("sniper-remove", "Sniper looks at a hand",
             table(2, "Play Sniper", "your Site ×10", boards=[(["Elf"], []), (["Medusa"], ["Clown"])],
                   hands=[["Sniper", "Clown"], ["Luna"]], pile=["Hacker", "Reaper", "Necromancer"], deck="full"),
             goal="Look at Player 2's hand; if they hold a 9, take it out of the game.",
             check=removed_more(),
             solution=["Look at Player 2's hand", "Remove the card"],
             hint="First choose whose hand Sniper looks at; what it shows you appears under your hand. Then "
                  "decide.",
             success="Sniper looks at another player's hand card and may remove it from the game; that player "
                     "then draws a new card. Only you saw the card.",
             miss="Player 2 kept the Luna",
             wrong=({"kind": "aim", "args": [P1]}, "another player's hand"),
             teaches=("sniper", "sniper-secret", "sniper-replace"), uses=BASICS),
        step("sniper-keep", "Sniper may leave the card",
             table(2, "Play Sniper", "your Site ×1", "Look at Player 2's hand",
                   boards=[(["Luna"], ["Medusa"]), (["Archangel"], ["Aiko"])], hands=[["Sniper", "Clown"], ["Sister"]],
                   pile=["Elf", "Luna"], pile_face_up=True, deck="full", results=[TIED]),
             goal="Win this last game: the pile holds two cards, face up.",
             check=wins(P1),
             solution=["Leave the card", "Play Luna", "your Site ×1"],
             hint="A removed card is replaced from the pile at once. Who would draw the Luna then?",
             success="Sniper's player may leave the card where it is: a removed card is replaced from the pile, "
                     "which changes who draws which card, and who plays the last turn.",
             miss=lambda s: ("removing Sister made Player 2 draw the Elf at once, so Player 2 drew the last "
                             f"card, the Luna, and played the last turn ({judgment(s)})"
                             if decided(s, "decide", "remove") else
                             f"{judgment(s)}: the Luna you drew belongs on your Site ×1"),
             wrong=("Remove the card", "drew the last card"),
             teaches=("sniper-keep", "sniper-replace"), uses=BASICS + LAST_GAME + ("sniper", "luna"),
             turns=3),
    ]


# --- 5. The expansion cards 5-9 ---------------------------------------------------------------------------


def expansion_high_steps() -> list[Step]:
    return [
        step("dark-aiko-place", "Dark Aiko curses a board",
             table(2, "Play Dark Aiko", boards=[(["Medusa"], ["Elf"]), (["Luna"], ["Elf"])],
                   hands=[["Dark Aiko", "Clown"], ["Hacker"]], pile=["Reaper", "Necromancer", "Hacker"], deck="full"),
             goal="Curse Player 2 with Dark Aiko and bring their number below yours (78).",
             check=numbers(lambda n: n[P2] < n[P1]),
             solution=["Player 2's Site ×10"],
             hint="Like Aiko, Dark Aiko goes on another player's site and counts for them.",
             success="Dark Aiko is placed on another player's site like Aiko; while she is a top card there, "
                     "that player must play every card they draw.",
             miss=miss_after(lambda s: f"Player 2 has {number(s, P2):02d}: a 5 on Site ×1 costs them little"),
             wrong=("Player 2's Site ×1", "Site ×1"),
             teaches=("dark-aiko",), uses=BASICS + ("aiko",)),
        step("dark-aiko-forced", "Cursed: play the card you drew",
             position(2, boards=[(["Luna", "Dark Aiko"], ["Medusa"]), (["Luna"], ["Elf"])],
                      hands=[["Elf", "Reaper"], ["Hacker"]], pile=["Clown", "Necromancer", "Hacker"], deck="full"),
             goal="Get rid of the Dark Aiko on your board and make your number 90.",
             check=number_is(90),
             solution=["Play Reaper", "your Site ×1", "Take Luna"],
             hint="You must play the card you drew this turn (the second card in your hand). Where it goes is "
                  "still up to you.",
             success="While a Dark Aiko is a top card on your board, you must play the card you drew, if it "
                     "can be played; covering her lifts the curse.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: with Reaper on Site ×1, the Luna it "
                                       "takes covers the Dark Aiko on Site ×10"),
             wrong=({"kind": "card", "args": ["Elf"]}, "you must play the card you drew"),
             teaches=("dark-aiko-curse", "dark-aiko-drawn"), uses=("dark-aiko", "reaper")),
        step("dark-aiko-cannot", "When the drawn card cannot be played",
             position(2, boards=[(["Dark Aiko"], ["Medusa"]), (["Sister"], ["Sister"])],
                      hands=[["Elf", "Aiko"], ["Hacker"]], pile=["Clown", "Necromancer", "Hacker"], deck="full"),
             goal="Make your number 87.",
             check=number_is(87),
             solution=["Play Elf", "your Site ×10"],
             hint="You drew Aiko, but can Aiko be placed anywhere? Then the curse lets you play the other card.",
             success="The curse forces the drawn card only if it can be played; an Aiko with nowhere to go "
                     "leaves you free to play your other card.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: Elf on Site ×10 covers the Dark Aiko"),
             wrong=({"kind": "card", "args": ["Aiko"]}, "Sister protects every such site"),
             teaches=("dark-aiko-cannot",), uses=("dark-aiko-curse", "aiko-protected")),
        step("dark-elf", "Dark Elf gives a card away",
             table(2, "Play Dark Elf", "your Site ×10", boards=[(["Elf"], ["Medusa", "Reaper"]), (["Luna"], ["Elf"])],
                   hands=[["Dark Elf", "Clown"], ["Hacker"]], pile=["Sol", "Necromancer", "Hacker"], deck="full"),
             goal="Have a higher number than Player 2.",
             check=numbers(lambda n: n[P1] > n[P2]),
             solution=["Player 2's Site ×10"],
             hint="Dark Elf gives away the card beside it, your Reaper (0), onto the site of your choice.",
             success="Dark Elf gives the card beside it to another player, onto the site you choose.",
             miss=miss_after(lambda s: f"Player 2 has {number(s, P2):02d}: a 0 on their Site ×1 still leaves their "
                                       "Luna on Site ×10"),
             wrong=("Player 2's Site ×1", "Site ×1"),
             teaches=("dark-elf",), uses=BASICS),
        step("fortune-teller", "Fortune Teller puts a card back",
             table(2, "Play Fortune Teller", "your Site ×10", boards=[([], ["Medusa"]), (["Elf"], ["Clown"])],
                   hands=[["Fortune Teller", "Elf"], ["Hacker"]], pile=["Aiko", "Necromancer", "Reaper"],
                   deck="full"),
             goal="Put back the card that cannot hurt you: Player 2 draws it next.",
             check=mine(lambda s: s.view(None)["phase"] != "return" and "Aiko" in hand_of(s, P1)),
             solution=["Put Elf back"],
             hint="Aiko is placed on another player's board. Whose board would it be if Player 2 got it?",
             success="Fortune Teller: draw a card, then put one of your two hand cards back on top of the pile, "
                     "where the next player draws it.",
             miss="Player 2 drew the Aiko you put back and placed it on your board",
             wrong=("Put Aiko back", "drew the Aiko"),
             teaches=("fortune-teller",), uses=BASICS + ("aiko",),
             opponent=prefer_reply("Play Aiko")),
        step("thera", "Thera turns the pile over",
             position(2, boards=[(["Luna"], ["Clown"]), (["Elf"], ["Clown"])], hands=[["Thera", "Sister"],
                      ["Hacker"]], pile=["Luna", "Reaper", "Aiko", "Necromancer"], pile_face_up=True, deck="full"),
             goal="Keep the Luna on top of the pile away from Player 2.",
             check=state_check(lambda s: s.to_move == P2 and s.view(None)["phase"] == "card"
                               and "Luna" not in hand_of(s, P2)),
             solution=["Play Thera", "your Site ×1"],
             hint="Player 2 draws the top card of the pile. Thera turns the whole pile over.",
             success="Thera reverses the pile: the bottom card comes on top. A face-down pile turns face up for "
                     "everyone to see; a second Thera turns it face down again.",
             miss="Player 2 drew the Luna from the top of the pile",
             wrong=(["Play Sister", "your Site ×1"], "drew the Luna"),
             teaches=("thera", "thera-twice"), uses=BASICS),
        step("archangel", "Archangel brings a card up",
             table(2, "Play Archangel", "your Site ×10", boards=[(["Luna", "Sol"], ["Medusa"]), (["Luna"], ["Elf"])],
                   hands=[["Archangel", "Clown"], ["Hacker"]], pile=["Reaper", "Necromancer", "Hacker"], deck="full"),
             goal="Have a higher number than Player 2.",
             check=numbers(lambda n: n[P1] > n[P2]),
             solution=["Bring Sol", "Player 2's Site ×10"],
             hint="Archangel brings a card from beneath it to the top and uses that card's effect.",
             success="Archangel brings a card from beneath it to the top of its site and uses that card's "
                     "effect; a placement rule (Luna) or a [Constant] card has none to use.",
             miss=miss_after(lambda s: f"you have {number(s, P1):02d} and Player 2 {number(s, P2):02d}: " + (
                 "Luna's only rule is where she may be played, so bringing her up used no effect"
                 if top_card(s, P1, "x10") == "Luna" else "Sol, brought up, removes one top card: remove the one "
                 "that costs Player 2 most")),
             wrong=("Bring Luna", "no effect"),
             teaches=("archangel", "archangel-no-effect"), uses=BASICS + ("sol", "luna", "beneath-visible")),
    ]


# --- 6. Copies: Hacker, Shaman, Archangel -----------------------------------------------------------------


def copies_steps() -> list[Step]:
    remove_luna = mine(lambda s: "Luna" not in boards_of(s)[P2]["x10"])
    return [
        step("hacker-constant", "Hacker and a [Constant] card",
             table(2, "Play Hacker", boards=[(["Nine-tailed Fox"], ["Sol"]), (["Luna"], ["Elf"])],
                   hands=[["Hacker", "Clown"], ["Elf"]], pile=["Reaper", "Necromancer", "Medusa"], deck="full"),
             goal="Remove Player 2's Luna.",
             check=remove_luna,
             solution=["your Site ×10", "Player 2's Site ×10"],
             hint="Hacker copies the card beside it, but a [Constant] effect cannot be used.",
             success="Hacker cannot use a [Constant] effect (Sister, Nine-tailed Fox): beside one it only "
                     "counts as a 1.",
             miss=miss_after(lambda s: "beside Hacker lay the Nine-tailed Fox, whose effect is [Constant], so nothing "
                                       "happened" if top_card(s, P1, "x1") == "Hacker" else
                                       "the copied Sol removed another card, and the Luna is still there"),
             wrong=("your Site ×1", "[Constant]"),
             teaches=("hacker-constant",), uses=("hacker", "fox", "sol")),
        step("hacker-no-chain", "No copy of a copy",
             table(2, "Play Hacker", boards=[(["Shaman"], ["Sol"]), (["Luna"], ["Elf"])],
                   hands=[["Hacker", "Clown"], ["Elf"]], pile=["Reaper", "Necromancer", "Medusa"], deck="full"),
             goal="Remove Player 2's Luna.",
             check=remove_luna,
             solution=["your Site ×10", "Player 2's Site ×10"],
             hint="Beside which card does Hacker copy something? A Shaman beside it is a copier itself.",
             success="Hacker does nothing beside another Hacker or a Shaman: no chains of copies. Beside the "
                     "Sol it used Sol's effect.",
             miss=miss_after(lambda s: "beside Hacker lay the Shaman, a copier itself: no chains of copies, so nothing "
                                       "happened" if top_card(s, P1, "x1") == "Hacker" else
                                       "the copied Sol removed another card, and the Luna is still there"),
             wrong=("your Site ×1", "no chains of copies"),
             teaches=("hacker-no-chain",), uses=("hacker", "shaman", "sol")),
        step("hacker-archangel", "Hacker copies an Archangel",
             table(2, "Play Hacker", boards=[(["Archangel"], ["Sol", "Elf"]), (["Luna"], ["Elf"])],
                   hands=[["Hacker", "Clown"], ["Reaper"]], pile=["Reaper", "Necromancer", "Hacker"], deck="full"),
             goal="Remove Player 2's Luna.",
             check=remove_luna,
             solution=["your Site ×1", "Bring Sol", "Player 2's Site ×10"],
             hint="Hacker on Site ×1 copies the Archangel beside it: it brings up a card from beneath Hacker.",
             success="Hacker may copy an Archangel: the copied Archangel brings up a card from beneath the "
                     "Hacker, in Hacker's own site, and uses its effect.",
             miss=miss_after(lambda s: "the Luna is still there: Hacker on Site ×1 copies the Archangel, which can "
                                       "bring up the Sol beneath Hacker"),
             wrong=(["your Site ×1", "Bring Elf"], "bring up the Sol"),
             teaches=("hacker-archangel",), uses=("hacker", "archangel", "copy-site", "sol", "elf")),
        step("archangel-hacker", "Archangel brings up a Hacker",
             table(2, "Play Archangel", "your Site ×10", boards=[(["Elf", "Hacker"], ["Sol"]), (["Luna"], ["Elf"])],
                   hands=[["Archangel", "Clown"], ["Medusa"]], pile=["Reaper", "Necromancer", "Hacker"], deck="full"),
             goal="Have a higher number than Player 2.",
             check=numbers(lambda n: n[P1] > n[P2]),
             solution=["Bring Hacker", "Player 2's Site ×10"],
             hint="A Hacker brought to the top uses the effect of the card beside it.",
             success="A Hacker brought up by Archangel copies the card beside it, as if just played.",
             miss=miss_after(lambda s: f"you have {number(s, P1):02d} and Player 2 {number(s, P2):02d}: " + (
                 "Elf does nothing, but a Hacker brought up copies the Sol beside it"
                 if top_card(s, P1, "x10") == "Elf" else "the copied Sol removes one top card: remove the one that "
                 "costs Player 2 most")),
             wrong=("Bring Elf", "Sol beside it"),
             teaches=("archangel-hacker",), uses=("archangel", "hacker", "sol")),
        step("shaman-nothing", "Shaman's empty choices",
             table(3, "Play Shaman", "your Site ×1", boards=[(["Luna"], []), (["Elf"], ["Hacker"]),
                   (["Elf"], ["Medusa"])], hands=[["Shaman", "Clown"], ["Aiko"], ["Aiko"]],
                   pile=["Luna", "Reaper", "Necromancer", "Clown"], pile_face_up=True, deck="full"),
             goal="Draw the Luna on top of the pile before Player 2 can.",
             check=mine(lambda s: "Luna" in hand_of(s, P1)),
             solution=["Player 3's Site ×1"],
             hint="Shaman may choose a Hacker, but a copier used through a copier does nothing. Which card "
                  "gives you another turn?",
             success="Shaman may choose Elf, Aiko, Luna, a Hacker or a Shaman, but then nothing happens; "
                     "Player 3's Medusa, used through Shaman, gave you another turn.",
             miss="Shaman used Player 2's Hacker: a copier through a copier does nothing, so Player 2 drew the "
                  "Luna",
             wrong=("Player 2's Site ×1", "nothing"),
             teaches=("shaman-nothing",), uses=("shaman", "medusa", "hacker-no-chain")),
        step("loop-guard", "A copy of a copy",
             table(2, "Play Archangel", "your Site ×10", "Bring Archangel",
                   boards=[(["Sol", "Archangel"], ["Medusa"]), (["Luna"], ["Elf"])],
                   hands=[["Archangel", "Clown"], ["Hacker"]], pile=["Reaper", "Necromancer", "Hacker"], deck="full"),
             goal="Remove Player 2's Luna.",
             check=remove_luna,
             solution=["Bring Sol", "Player 2's Site ×10"],
             hint="An Archangel brought up through another Archangel uses no effect: no chains of copies.",
             success="A copy of a copy does nothing: an Archangel, Hacker or Shaman brought up through another "
                     "copy uses no effect, but an ordinary card (Sol) does.",
             miss=miss_after(lambda s: "an Archangel brought up through another Archangel uses no effect (no chains "
                                       "of copies)" if "no chains" in str(s.history[-1][1]) else
                                       "Sol removed another card, and the Luna is still there"),
             wrong=("Bring Archangel", "no chains"),
             teaches=("loop-guard",), uses=("archangel", "sol", "hacker-no-chain")),
    ]
