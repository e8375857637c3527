"""Chapters 1-3 of the Double Nine tutorial: set-up and your first game, the basic cards, Sister's
protection; each a function listing its steps in the notebook's order."""

from __future__ import annotations

from ninekit.double_nine import position

from .. import Step
from .play import (
    P1,
    P2,
    after_replies,
    dealt,
    game_over,
    hand_of,
    judgment,
    lost_game,
    mine,
    miss_after,
    number,
    number_is,
    numbers,
    played_into_next_game,
    prefer_reply,
    state_check,
    step,
    table,
    top_card,
    wins,
    wins_match,
)

BASICS = ("sites", "number", "empty-site", "play-own-site", "top-card", "draw", "clockwise", "effect-played")
LAST_GAME = ("game-end", "hand-left", "highest-wins", "victory-token", "two-tokens")


# --- 1. Set-up and your first game ------------------------------------------------------------------------


def first_game_steps() -> list[Step]:
    return [
        step("first-card", "Your number",
             position(2, boards=[([], []), (["Medusa"], ["Clown"])], hands=[["Sister", "Elf"], ["Luna"]],
                      pile=["Hacker", "Reaper", "Necromancer"]),
             goal="Make your number 80.",
             check=number_is(80),
             solution=["Play Elf", "your Site ×10"],
             hint="Click a card in your hand first, then one of your two sites. Site ×10 gives the tens.",
             success="You play one of your two cards onto one of your own sites: the top card of Site ×10 "
                     "gives the tens, the top card of Site ×1 the ones, and an empty site counts 0.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: a card on Site ×1 counts its own value, "
                                       "on Site ×10 ten times its value, and an empty site counts 0"),
             wrong=(["Play Elf", "your Site ×1"], "ten times"),
             teaches=("sites", "number", "empty-site", "play-own-site")),
        step("cover-a-card", "Only the top card counts",
             table(2, "Play Elf", boards=[(["Medusa"], ["Aiko"]), (["Luna"], ["Clown"])],
                   hands=[["Elf", "Sister"], ["Luna"]], pile=["Hacker", "Reaper", "Necromancer"]),
             goal="Put Elf where it makes your number as high as it can be.",
             check=number_is(82),
             solution=["your Site ×10"],
             hint="Only the top card of a site counts. Which card would you rather cover, the 7 or the 2?",
             success="A card played on a site covers the card beneath it: only the top card counts. "
                     "(Elf's effect: nothing happens.)",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: Elf covered Aiko (2), but covering "
                                       "Medusa (7) on Site ×10 with an 8 gives more"),
             wrong=("your Site ×1", "covered Aiko"),
             teaches=("top-card", "beneath-visible", "elf"), uses=("number",)),
        step("deal", "The deal and your first turn",
             dealt(3),
             goal="A new game was just dealt, and you start: make your number 80.",
             check=number_is(80),
             solution=["Play Elf", "your Site ×10"],
             hint="You hold the card dealt to you and the card you drew at the start of your turn. The 8 "
                  "belongs on Site ×10.",
             success="At set-up one card was removed face down and each player was dealt one; the start player "
                     "(you, drawn at random) drew a second card. Now the turn passes clockwise.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: Elf (8) on Site ×10 makes 80"),
             wrong=(["Play Elf", "your Site ×1"], "makes 80"),
             teaches=("deck-basic", "setup-remove", "setup-deal", "start-player", "draw", "clockwise"),
             uses=("number", "play-own-site")),
        step("reaper", "Every card does something",
             table(2, "Play Reaper", boards=[(["Medusa"], ["Elf"]), (["Luna"], ["Aiko"])],
                   hands=[["Reaper", "Sister"], ["Clown"]], pile=["Hacker", "Necromancer", "Hacker"]),
             goal="Put Reaper where the card it takes makes your number 90.",
             check=number_is(90),
             solution=["your Site ×1", "Take Luna"],
             hint="The card Reaper takes goes on top of the site beside Reaper, the other site of your board.",
             success="The card you play uses its effect at once: Reaper takes a top card of another player and "
                     "puts it on your other site, beside Reaper.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: the card Reaper takes lands beside "
                                       "Reaper, so put Reaper on Site ×1 and take a 9 for Site ×10"),
             wrong=(["your Site ×10", "Take Luna"], "lands beside Reaper"),
             teaches=("effect-played", "reaper"), uses=("number", "top-card")),
        step("nothing-to-take", "No target, no effect",
             table(2, "Play Reaper", boards=[(["Luna"], []), ([], [])], hands=[["Reaper", "Clown"], ["Elf"]],
                   pile=["Hacker", "Necromancer", "Hacker"]),
             goal="Play Reaper and keep your number at 90.",
             check=numbers(lambda n: n[P1] >= 90),
             solution=["your Site ×1"],
             hint="Player 2's board is empty: what can Reaper take there? Then where does a 0 hurt least?",
             success="An effect must be used if it can; with no legal target nothing happens, and Reaper is "
                     "just a 0.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: Reaper had nothing to take, so nothing "
                                       "happened; it only covered your Luna with a 0"),
             wrong=("your Site ×10", "nothing to take"),
             teaches=("no-target",), uses=("reaper", "top-card")),
        step("game-over", "The last turn",
             position(2, boards=[(["Medusa"], ["Luna"]), (["Elf"], ["Clown"])], hands=[["Elf", "Reaper"],
                      ["Hacker"]], pile=[]),
             goal="The pile is empty, so this is the last turn: win this game.",
             check=wins(P1),
             solution=["Play Elf", "your Site ×10"],
             hint="The game ends after this turn, and the card left in your hand does not count. Beat 83.",
             success="The game ends at the end of the turn in which the pile became empty: the highest number "
                     "wins and takes a victory token; the card left in each hand does not count.",
             miss=lambda s: f"{judgment(s)}: the game ended after your turn, and the card left in your hand "
                            "does not count",
             wrong=(["Play Elf", "your Site ×1"], "does not count"),
             teaches=("game-end", "hand-left", "highest-wins", "victory-token"), uses=BASICS + ("reaper",),
             until=game_over()),
        step("next-game", "The next game",
             position(3, boards=[(["Medusa"], ["Luna"]), (["Elf"], ["Clown"]), (["Aiko"], ["Necromancer"])],
                      hands=[["Elf", "Reaper"], ["Hacker"], ["Sister"]], pile=[]),
             goal="Win this game, then play your first card of the next one.",
             check=played_into_next_game,
             solution=["Play Elf", "your Site ×10", "Play Medusa", "your Site ×10"],
             hint="Win with the Elf. Then watch: the cards are dealt again, and Player 2, to the left of the "
                  "winner, starts.",
             success="After a game the winner keeps the victory token, the cards are shuffled and dealt again "
                     "(one removed, one each), and the player to the left of the winner starts.",
             miss=lambda s: f"{judgment(s)}: win the first game with Elf on Site ×10, then play a card in the "
                            "next one",
             wrong=(["Play Elf", "your Site ×1"], "win the first game"),
             teaches=("between-games", "next-start"), uses=BASICS + LAST_GAME[:4],
             turns=8, until=lost_game()),
        step("match-point", "Two victory tokens win",
             position(2, boards=[(["Luna"], []), (["Luna"], ["Elf"])], hands=[["Reaper", "Elf"], ["Clown"]],
                      pile=[], results=[[90, 50]]),
             goal="You won the first game: win this one too, and with it the match.",
             check=wins_match(),
             solution=["Play Reaper", "your Site ×1", "Take Luna"],
             hint="Player 2 has 98. Reaper on Site ×1 takes a card onto your Site ×10.",
             success="The first player with two victory tokens wins the match.",
             miss=lambda s: f"{judgment(s)}: Reaper on Site ×1 would have taken Player 2's Luna",
             wrong=(["Play Elf", "your Site ×10"], "would have taken"),
             teaches=("two-tokens",), uses=BASICS + LAST_GAME[:4] + ("reaper",), until=game_over()),
    ]


# --- 2. The basic cards ---------------------------------------------------------------------------------


def basic_cards_steps() -> list[Step]:
    clown = table(3, "Play Clown", "your Site ×10", boards=[([], []), (["Elf"], []), (["Medusa"], [])],
                  hands=[["Clown", "Aiko"], ["Elf"], ["Luna"]], pile=["Sister", "Hacker", "Necromancer", "Hacker"])
    return [
        step("hacker", "Hacker copies",
             table(2, "Play Hacker", boards=[(["Reaper"], ["Elf"]), (["Luna"], ["Aiko"])],
                   hands=[["Hacker", "Clown"], ["Medusa"]], pile=["Necromancer", "Sister", "Clown"]),
             goal="Make your number 91.",
             check=number_is(91),
             solution=["your Site ×1", "Take Luna"],
             hint="Hacker uses the effect of the card beside it, as if that card had just been played where "
                  "Hacker lies.",
             success="Hacker uses the effect of the card beside it, as if you had just played that card onto "
                     "Hacker's site: here Reaper's, so the stolen card lands beside Hacker.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: " + (
                 "the copied Reaper puts the card it takes beside Hacker, on your Site ×10, so take a 9"
                 if top_card(s, P1, "x1") == "Hacker" else "beside Hacker lay Elf, whose effect is that nothing "
                 "happens")),
             wrong=("your Site ×10", "nothing happens"),
             teaches=("hacker", "hacker-nothing"), uses=BASICS + ("reaper", "elf")),
        step("aiko", "A card for another board",
             table(2, "Play Aiko", boards=[(["Medusa"], ["Elf"]), (["Elf"], ["Luna"])],
                   hands=[["Aiko", "Sister"], ["Clown"]], pile=["Hacker", "Reaper", "Necromancer"]),
             goal="Bring Player 2's number below yours (78).",
             check=numbers(lambda n: n[P2] < n[P1]),
             solution=["Player 2's Site ×10"],
             hint="Aiko goes onto another player's board, and her 2 counts for them. Which site hurts more?",
             success="Aiko is placed on another player's site, never on your own; her 2 counts for that player.",
             miss=miss_after(lambda s: f"Player 2 still has {number(s, P2):02d}: a 2 on their Site ×1 costs them "
                                       "little"),
             wrong=({"kind": "site", "args": [P1, "x10"]}, "Aiko must be placed on another player's board"),
             teaches=("aiko",), uses=BASICS),
        # 3 players: "left" is the next player clockwise (Player 2), "right" the one before (Player 3).
        step("clown-left", "Clown passes left",
             clown,
             goal="Get the card that Player 3 holds.",
             check=mine(lambda s: "Luna" in hand_of(s, P1)),
             solution=["left"],
             hint="Left means towards the next player clockwise: you pass to Player 2, Player 2 to Player 3, "
                  "and Player 3 to ...?",
             success="Clown: every player passes their hand card the chosen way at the same time. Left is the "
                     "next player clockwise, the way the turns go: Player 3's card comes to you.",
             miss="you passed right: everyone gave their card to the player before them, so Player 2's card "
                  "came to you, not Player 3's",
             wrong=("right", "passed right"),
             teaches=("left-clockwise", "clown"), uses=BASICS),
        step("clown-right", "Clown passes right",
             clown,
             goal="Get the card that Player 2 holds.",
             check=mine(lambda s: hand_of(s, P1) == ["Elf"]),
             solution=["right"],
             hint="Left means towards the next player clockwise (Player 2 after you). Which way must Player 2 "
                  "pass?",
             success="Passing right gives each card to the previous player: Player 2 passes to you, you pass "
                     "to Player 3, and Player 3 to Player 2.",
             miss="you passed left: everyone gave their card to the next player clockwise, so Player 3's card "
                  "came to you",
             wrong=("left", "passed left"),
             teaches=("right-before",), uses=("left-clockwise", "clown")),
        step("necromancer", "Necromancer revives",
             table(2, "Play Necromancer", "your Site ×10", boards=[(["Luna", "Aiko"], ["Medusa"]),
                   (["Elf"], ["Clown"])], hands=[["Necromancer", "Sister"], ["Elf"]],
                   pile=["Hacker", "Reaper", "Hacker"]),
             goal="Make your number as high as you can.",
             check=number_is(49),
             solution=["Revive Luna"],
             hint="The cards beneath Necromancer are the strips above it; the one you choose moves to your "
                  "other site.",
             success="Necromancer revives a card from beneath it in its own site onto the site beside it; the "
                     "revived card's effect is not used.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: Luna, the bottom card of Site ×10, "
                                       "would have counted 9 on Site ×1"),
             wrong=("Revive Aiko", "Luna"),
             teaches=("necromancer", "necromancer-no-effect"), uses=BASICS + ("beneath-visible",)),
        step("fallen-angel", "Fallen Angel swaps the others",
             table(4, "Play Fallen Angel", boards=[(["Elf"], ["Medusa"]), (["Luna"], ["Aiko"]), (["Medusa"], []),
                                                  (["Elf"], ["Sister"])],
                   hands=[["Fallen Angel", "Clown"], ["Luna"], ["Sister"], ["Necromancer"]],
                   pile=["Hacker", "Hacker", "Reaper", "Reaper", "Necromancer"]),
             goal="Have the highest number at the table.",
             check=numbers(lambda n: all(n[P1] > x for x in n[1:])),
             solution=["your Site ×1"],
             hint="Fallen Angel swaps the other boards, not yours. Which boards does it leave alone? Then place "
                  "it where it costs you least.",
             success="Fallen Angel: every other player swaps the top cards of their two sites, except a board "
                     "with only one top card or with a site Sister protects; your own board is never swapped.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: Player 3 (one site filled) and Player 4 "
                                       "(Sister) were not swapped and keep 70 and 85, so a 6 on your Site ×10 is too "
                                       "little"),
             wrong=("your Site ×10", "not swapped"),
             teaches=("fallen-angel", "fallen-angel-one-site"), uses=BASICS),
        step("medusa", "Medusa: another turn",
             table(2, "Play Medusa", boards=[(["Luna"], ["Aiko"]), (["Elf"], ["Clown"])],
                   hands=[["Medusa", "Elf"], ["Sister"]], pile=["Medusa", "Luna", "Hacker", "Reaper"],
                   pile_face_up=True),
             goal="Make your number 99 before Player 2 plays again.",
             check=number_is(99),
             solution=["your Site ×1", "Play Medusa", "your Site ×1", "Play Luna", "your Site ×1"],
             hint="The pile lies face up: you can see what you will draw. Each Medusa gives you one more turn.",
             success="Medusa: you take another whole turn at once (draw, play, effect), and a Medusa played in "
                     "that turn gives yet another one.",
             miss=miss_after(lambda s: f"Player 2 played again while your number was {number(s, P1):02d}: play the "
                                       "Medusa you draw too, and the Luna comes next"),
             wrong=(["your Site ×1", "Play Elf", "your Site ×1"], "play the Medusa you draw"),
             teaches=("medusa", "medusa-chain"), uses=BASICS),
        step("luna", "Luna's own place",
             table(2, "Play Luna", boards=[(["Elf"], ["Aiko"]), (["Medusa"], ["Clown"])],
                   hands=[["Luna", "Sister"], ["Elf"]], pile=["Hacker", "Reaper", "Necromancer"]),
             goal="Play Luna onto your board.",
             check=mine(lambda s: top_card(s, P1, "x1") == "Luna"),
             solution=["your Site ×1"],
             hint="Luna's card text says where she goes.",
             success="Luna may only be played onto your own Site ×1, so on her own she counts 9, never 90.",
             miss="Luna is not on your Site ×1",
             wrong=({"kind": "site", "args": [P1, "x10"]}, "Luna may only be played onto your own Site ×1"),
             teaches=("luna",), uses=BASICS),
    ]


# --- 3. Sister's protection -------------------------------------------------------------------------------


def sister_steps() -> list[Step]:
    shield = table(2, "Play Sister", boards=[(["Luna"], ["Aiko"]), (["Elf"], ["Medusa"])],
                   hands=[["Sister", "Elf"], ["Clown"]], pile=["Fallen Angel", "Hacker", "Reaper", "Necromancer"],
                   pile_face_up=True)
    after = after_replies(shield)
    return [
        step("sister-shield", "Sister protects the site beside her",
             shield,
             goal="Still have 90 or more after Player 2 plays the Fallen Angel on top of the pile.",
             check=state_check(lambda s: after(s) and number(s, P1) >= 90),
             solution=["your Site ×1"],
             hint="Fallen Angel does not swap a board with a site Sister protects, and Sister protects the "
                  "site beside her.",
             success="While Sister is a top card, the site beside her is protected from other players' "
                     "effects, and Fallen Angel leaves a protected board alone.",
             miss=lambda s: f"your number is {number(s, P1):02d}: Sister on Site ×10 covered your Luna "
                            "herself; beside the Luna she would have protected it",
             wrong=("your Site ×10", "covered your Luna"),
             teaches=("sister", "swap-protected"), uses=BASICS + ("fallen-angel",),
             opponent=prefer_reply("Play Fallen Angel")),
        step("sister-not-herself", "Sister does not protect herself",
             table(3, "Play Reaper", "your Site ×1", boards=[(["Medusa"], []), (["Luna"], ["Sister"]),
                   (["Elf"], ["Clown"])], hands=[["Reaper", "Elf"], ["Hacker"], ["Necromancer"]],
                   pile=["Hacker", "Reaper", "Necromancer", "Medusa"]),
             goal="End the protection of Player 2's Luna.",
             check=mine(lambda s: top_card(s, P2, "x1") != "Sister"),
             solution=["Take Sister"],
             hint="Sister protects the site beside her, not her own site.",
             success="Sister protects the site beside her, never herself: take her, and the protection ends.",
             miss="Sister is still Player 2's top card, so the Luna beside her stays protected",
             wrong=({"kind": "take", "args": [P2, "x10"]}, "Sister protects that site"),
             teaches=("sister-not-herself", "sister-covered"), uses=("sister", "reaper")),
        step("aiko-on-sister", "Aiko on top of Sister",
             table(3, "Play Aiko", boards=[(["Clown"], ["Elf"]), (["Luna"], ["Sister"]), (["Elf"], ["Medusa"])],
                   hands=[["Aiko", "Clown"], ["Hacker"], ["Necromancer"]],
                   pile=["Hacker", "Reaper", "Necromancer", "Reaper"]),
             goal="End the protection of Player 2's Luna.",
             check=mine(lambda s: top_card(s, P2, "x1") != "Sister"),
             solution=["Player 2's Site ×1"],
             hint="Aiko cannot go onto the protected site, but Sister's own site is not protected.",
             success="Aiko and Dark Aiko may not be placed on a site Sister protects, but on Sister herself: "
                     "covered, she is no longer a top card and her protection ends.",
             miss="Sister is still Player 2's top card, so the Luna beside her stays protected",
             wrong=({"kind": "site", "args": [P2, "x10"]}, "Sister protects that site"),
             teaches=("aiko-protected", "sister-covered"), uses=("sister", "sister-not-herself", "aiko")),
        step("aiko-fallback", "When nothing else can be played",
             table(2, "Play Aiko", boards=[(["Elf"], ["Medusa"]), (["Sister"], ["Sister"])],
                   hands=[["Aiko", "Aiko"], ["Clown"]], pile=["Hacker", "Reaper", "Necromancer"]),
             goal="Bring Player 2's number below 30.",
             check=numbers(lambda n: n[P2] < 30),
             solution=["Player 2's Site ×10"],
             hint="Both of Player 2's sites are protected, and you hold only Aikos: then an Aiko may go on any "
                  "site of another player.",
             success="When every site you could give Aiko to is protected and you hold nothing else, Aiko may "
                     "go on a protected site so that the turn can go on.",
             miss=miss_after(lambda s: f"Player 2 has {number(s, P2):02d}: a 2 on Site ×1 costs them 3, on Site ×10 "
                                       "it costs 30"),
             wrong=("Player 2's Site ×1", "Site ×10"),
             teaches=("aiko-fallback",), uses=("aiko-protected",)),
    ]
