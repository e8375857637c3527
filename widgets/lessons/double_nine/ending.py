"""Chapters 7-8 of the Double Nine tutorial: game end and victory, and the selection rules; each a
function listing its steps in the notebook's order."""

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
    game_over,
    game_results,
    hand_gone,
    judgment,
    miss_after,
    number,
    number_is,
    prefer_reply,
    starts_next_game,
    step,
    table,
    wins,
    wins_match,
    wins_with,
)

# --- 7. Game end and victory ------------------------------------------------------------------------------


def game_end_steps() -> list[Step]:
    return [
        step("last-turn", "No extra turn on the last turn",
             position(2, boards=[(["Medusa"], ["Luna"]), (["Elf"], ["Sister"])], hands=[["Medusa", "Elf"],
                      ["Clown"]], pile=[], results=[TIED]),
             goal="The pile is empty: win this last game.",
             check=wins(P1),
             solution=["Play Elf", "your Site ×10"],
             hint="The game ends after this turn, so your other card will not count, and Medusa cannot give "
                  "you another turn.",
             success="The game ends at the end of the turn in which the pile became empty: with the pile "
                     "empty, Medusa gives no extra turn.",
             miss=lambda s: f"{judgment(s)}: the game ended after your turn (with the pile empty, Medusa gives no "
                            "extra turn), and the card left in your hand does not count",
             wrong=(["Play Medusa", "your Site ×1"], "no extra turn"),
             teaches=("medusa-empty",), uses=BASICS + LAST_GAME + ("medusa",)),
        step("tie", "A tie",
             table(2, "Play Elf", boards=[(["Luna"], ["Aiko"]), (["Luna"], ["Elf"])], hands=[["Elf", "Sister"],
                   ["Clown"]], pile=[], results=[TIED]),
             goal="Take a victory token in this last game.",
             check=wins(P1),
             solution=["your Site ×1"],
             hint="You cannot beat 98. What happens on a tie?",
             success="Everyone tied for the highest number wins and takes a victory token; if several players "
                     "reach two tokens at once, they all win the match.",
             miss=lambda s: f"{judgment(s)}: a tie at 98 would have given you a victory token too",
             wrong=("your Site ×10", "tie"),
             teaches=("tie", "tie-match"), uses=BASICS + LAST_GAME),
        step("next-start-tie", "Who starts after a tie",
             position(3, boards=[(["Luna"], []), (["Aiko"], ["Elf"]), (["Luna"], ["Sister"])],
                      hands=[["Sister", "Elf"], ["Clown"], ["Hacker"]], pile=[], start=P2),
             goal="Player 2 started this game: take a victory token and start the next game yourself.",
             check=starts_next_game,
             solution=["Play Sister", "your Site ×1"],
             hint="With several winners, look for the first winner clockwise from this game's start player, "
                  "Player 2. The player to that winner's left starts.",
             success="With several winners the next game starts left of the first winner found clockwise from "
                     "the last start player: Player 2, then Player 3, a winner, so you start.",
             miss=lambda s: f"{judgment(s)}: " + (
                 "you won alone, so Player 2, to your left, starts the next game; a tie with Player 3 at 95 "
                 "would have let you start" if P1 in game_results(s)[-1]["winners"] else
                 "Player 3 won alone: you start, but without a victory token"),
             wrong=(["Play Elf", "your Site ×1"], "you won alone"),
             teaches=("next-start-tie",), uses=BASICS + LAST_GAME + ("next-start", "tie"),
             until=game_over()),
        step("sniper-last-card", "Sniper empties the pile",
             table(2, "Play Sniper", "your Site ×1", "Look at Player 2's hand", boards=[(["Luna"], []),
                   (["Elf"], ["Luna"])], hands=[["Sniper", "Clown"], ["Sol"]], pile=["Medusa"], deck="full",
                   results=[TIED]),
             goal="Win the game before Player 2 can use that Sol.",
             check=wins(P1),
             solution=["Remove the card"],
             hint="Count the pile. If you remove the Sol, Player 2 draws a card from it.",
             success="Any effect that empties the pile ends the game at the end of that turn: here Player 2 "
                     "draws the last card as Sniper's replacement and never plays it.",
             miss=lambda s: f"Player 2 drew the last card on their turn and removed your Luna with Sol "
                            f"({judgment(s)})",
             wrong=("Leave the card", "removed your Luna"),
             teaches=("emptied-by-effect",), uses=BASICS + LAST_GAME + ("sniper", "sniper-replace", "sol"),
             opponent=prefer_reply("Play Sol")),
        step("sniper-empty", "Sniper on an empty pile",
             table(2, "Play Sniper", "your Site ×1", "Look at Player 2's hand", boards=[(["Luna"], []),
                   (["Elf"], ["Luna"])], hands=[["Sniper", "Elf"], ["Clown"]], pile=[], deck="full"),
             goal="The pile is empty: take Player 2's card out of the game for good.",
             check=hand_gone(P2),
             solution=["Remove the card"],
             hint="With the pile empty, a card Sniper removes cannot be replaced.",
             success="With the pile empty, the card Sniper removes is not replaced: Player 2 ends the game with "
                     "no card in hand.",
             miss="Player 2 kept their Clown to the end of the game",
             wrong=("Leave the card", "kept their Clown"),
             teaches=("sniper-empty",), uses=BASICS + LAST_GAME[:4] + ("sniper", "sniper-replace"),
             until=game_over()),
        step("fortune-teller-last", "Fortune Teller draws the last card",
             position(2, boards=[(["Luna"], ["Aiko"]), (["Luna"], ["Fallen Angel"])],
                      hands=[["Fortune Teller", "Elf"], ["Elf"]], pile=["Sol"], pile_face_up=True, deck="full",
                      results=[TIED]),
             goal="Win the game before Player 2 can draw the Sol.",
             check=wins(P1),
             solution=["Play Fortune Teller", "your Site ×1", "Put Sol back"],
             hint="Fortune Teller draws a card: if it draws the last one, the pile became empty this turn.",
             success="Fortune Teller drawing the last card ends the game at the end of that turn (a ruling); "
                     "the card put back stays on the pile and nobody draws it.",
             miss=lambda s: (f"{judgment(s)}: Fortune Teller ended the game, but on Site ×10 it left you behind"
                             if "Fortune Teller" in boards_of(s)[P1]["x10"] + boards_of(s)[P1]["x1"] else
                             f"{judgment(s)}: the game went on, so Player 2 drew the Sol and played the last "
                             "turn; Fortune Teller on Site ×1 would have drawn the last card and ended the game "
                             "with you ahead"),
             wrong=(["Play Elf", "your Site ×1"], "drew the Sol"),
             teaches=("fortune-teller-last",), uses=BASICS + LAST_GAME + ("fortune-teller", "emptied-by-effect"),
             opponent=prefer_reply("Play Sol")),
        step("fortune-teller-empty", "Fortune Teller on an empty pile",
             position(2, boards=[(["Luna"], ["Aiko"]), (["Luna"], ["Clown"])], hands=[["Elf", "Fortune Teller"],
                      ["Hacker"]], pile=[], deck="full", results=[TIED]),
             goal="The pile is empty: win this last game with Fortune Teller.",
             check=wins_with("Fortune Teller"),
             solution=["Play Fortune Teller", "your Site ×1"],
             hint="With nothing left to draw, Fortune Teller is simply a 7.",
             success="With the pile empty Fortune Teller draws nothing and puts nothing back: it is just a 7.",
             miss=lambda s: f"{judgment(s)}: with the pile empty Fortune Teller drew nothing and is just a 7; on "
                            "Site ×1 it makes 97",
             wrong=(["Play Fortune Teller", "your Site ×10"], "just a 7"),
             teaches=("fortune-teller-empty",), uses=BASICS + LAST_GAME + ("fortune-teller",)),
    ]


# --- 8. The selection rules -------------------------------------------------------------------------------


def selection_rules_steps() -> list[Step]:
    return [
        step("teams", "Team Rule",
             table(4, "Play Aiko", boards=[(["Elf"], []), (["Luna"], ["Reaper"]), (["Hacker"], []),
                   (["Clown"], ["Reaper"])], hands=[["Aiko", "Elf"], ["Medusa"], ["Medusa"], ["Sister"]], pile=[],
                   teams=True, results=[[10, 10, 10, 10]]),
             goal="Make your team (you and Player 3) win this last game.",
             check=wins(P1, P3),
             solution=["Player 2's Site ×10"],
             hint="Players 1 and 3 add their numbers, and so do Players 2 and 4. Which single site lowers the "
                  "other team's sum below yours?",
             success="Team Rule: partners sit opposite each other and add their numbers; both players of the "
                     "team with the highest sum win.",
             miss=lambda s: f"{judgment(s)}: your team had 90, so Player 2's Luna (90 of their team's 120) had "
                            "to go",
             wrong=("Player 3's Site ×10", "team"),
             teaches=("teams", "teams-tokens"), uses=BASICS + LAST_GAME + ("aiko",)),
        step("target-draw", "A target is drawn",
             dealt(3, target=True),
             goal="The target drawn at set-up is 32: make your number as close to it as you can.",
             check=number_is(30),
             solution=["Play Clown", "your Site ×10"],
             hint="With a target, the number closest to it wins, above or below. Which card on which site "
                  "comes nearest to 32?",
             success="Random Number Rule: at set-up a two-digit target is drawn (10 to 99), and it stays for the "
                     "whole match.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}, {abs(number(s, P1) - 32)} away from 32: "
                                       "Clown on Site ×10 makes 30"),
             wrong=(["Play Elf", "your Site ×10"], "away from 32"),
             teaches=("target-draw",), uses=BASICS + ("clown",)),
        step("target", "Random Number Rule",
             table(2, "Play Sister", boards=[(["Elf"], ["Aiko"]), (["Sister"], ["Elf"])],
                   hands=[["Sister", "Clown"], ["Medusa"]], pile=[], target=50, results=[[40, 60]]),
             goal="The target is 50: win this last game.",
             check=wins(P1),
             solution=["your Site ×10"],
             hint="With a target, the number closest to it wins, above or below.",
             success="Random Number Rule: the number closest to the target wins, not the highest.",
             miss=lambda s: f"{judgment(s)}: 85 is 35 away from 50, Player 2's 58 only 8",
             wrong=("your Site ×1", "away from 50"),
             teaches=("target",), uses=BASICS + LAST_GAME + ("target-draw",)),
        step("teams-target", "Teams and a target",
             table(4, "Play Sister", boards=[(["Elf"], ["Clown"]), (["Medusa"], ["Luna"]), (["Clown"], []),
                                             (["Aiko"], ["Hacker"])],
                   hands=[["Sister", "Reaper"], ["Elf"], ["Luna"], ["Necromancer"]], pile=[], teams=True,
                   target=90, results=[[45, 45, 45, 45]]),
             goal="The target is 90: make your team (you and Player 3) win this last game.",
             check=wins(P1, P3),
             solution=["your Site ×10"],
             hint="Each team's sum is compared with the target. Your team has 113 now; the other team 100.",
             success="With the Team Rule and a target, each team's sum is compared with the target: the sum "
                     "closest to it wins.",
             miss=lambda s: f"{judgment(s)}: your team's sum was {number(s, P1) + number(s, P3)}, further from "
                            "90 than the other team's 100",
             wrong=("your Site ×1", "further from 90"),
             teaches=("teams-target",), uses=("teams", "target")),
        step("deck-mixed", "One basic set and one expansion set",
             dealt(3, deck="mixed"),
             goal="This game uses each of the 20 different cards once: make your number 60.",
             check=number_is(60),
             solution=["Play Fallen Angel", "your Site ×10"],
             hint="You hold two 6s: Dark Elf and Fallen Angel. A 6 on Site ×10 makes 60.",
             success="The Expansion Rule's second choice: one basic set 0–9 and one expansion set 0–9, so each "
                     "card is in the game once.",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: a 6 on Site ×10 makes 60"),
             wrong=(["Play Fallen Angel", "your Site ×1"], "makes 60"),
             teaches=("deck-mixed",), uses=BASICS + ("fallen-angel", "dark-elf", "deck-expansion")),
        step("deck-full", "All 40 cards",
             dealt(9, deck="full"),
             goal="This game uses all 40 cards, and 10 more were removed at set-up: make your number 80.",
             check=number_is(80),
             solution=["Play Elf", "your Site ×10"],
             hint="Look at the removed count: 10 cards plus the usual one. Elf (8) belongs on Site ×10.",
             success="The Expansion Rule's third choice: all 40 cards, 10 of them removed face down at set-up, "
                     "so 30 are played with (the rulebook's text is garbled here; a ruling reconstructs it).",
             miss=miss_after(lambda s: f"your number is {number(s, P1):02d}: Elf (8) on Site ×10 makes 80"),
             wrong=(["Play Elf", "your Site ×1"], "makes 80"),
             teaches=("deck-full",), uses=BASICS + ("deck-expansion",)),
        step("competition", "Competition Rule",
             table(2, "Play Aiko", boards=[(["Luna"], []), (["Elf"], ["Medusa"])], hands=[["Aiko", "Elf"],
                   ["Clown"]], pile=[], competition=True, results=[[90, 50], [30, 95]]),
             goal="Win the match: the totals of the three games decide.",
             check=wins_match(),
             solution=["Player 2's Site ×10"],
             hint="You have 120 from two games, Player 2 has 145. Winning this game is not enough.",
             success="Competition Rule: three games are played and each player's numbers are added; the highest "
                     "total wins the match.",
             miss=lambda s: f"the totals were {s.view(None)['totals'][P1]} for you and "
                            f"{s.view(None)['totals'][P2]} for Player 2",
             wrong=("Player 2's Site ×1", "totals"),
             teaches=("competition",), uses=BASICS + LAST_GAME + ("aiko",)),
        step("competition-tokens", "Tokens do not decide",
             position(2, boards=[(["Luna"], []), (["Luna"], ["Nine-tailed Fox"])], hands=[["Sister", "Elf"],
                      ["Clown"]], pile=[], deck="full", competition=True, results=[[41, 40], [42, 40]]),
             goal="You won both games so far, yet the match goes on: win it on the totals.",
             check=wins_match(),
             solution=["Play Elf", "your Site ×1"],
             hint="Two victory tokens do not end a Competition match. You have 83 so far, Player 2 80 and 99 "
                  "on the table now.",
             success="Under the Competition Rule victory tokens are still handed out, but only the totals of "
                     "the three games decide.",
             miss=lambda s: f"the totals were {s.view(None)['totals'][P1]} for you and "
                            f"{s.view(None)['totals'][P2]} for Player 2: your two victory tokens do not count",
             wrong=(["Play Sister", "your Site ×1"], "do not count"),
             teaches=("competition-tokens",), uses=("competition", "fox")),
        step("competition-target", "Competition Rule with a target",
             table(2, "Play Sister", boards=[(["Elf"], ["Aiko"]), (["Sister"], ["Elf"])],
                   hands=[["Sister", "Clown"], ["Medusa"]], pile=[], competition=True, target=50,
                   results=[[40, 60], [55, 45]]),
             goal="The target is 50: win the match after this third game.",
             check=wins_match(),
             solution=["your Site ×10"],
             hint="With a target, the Competition Rule compares each total of three games with 3 × 50 = 150. "
                  "You have 95 so far, Player 2 has 105 and 58 now.",
             success="Competition Rule with a target: the total of three games closest to three times the "
                     "target wins.",
             miss=lambda s: f"the totals were {s.view(None)['totals'][P1]} for you and "
                            f"{s.view(None)['totals'][P2]} for Player 2: yours is further from 150",
             wrong=("your Site ×1", "further from 150"),
             teaches=("competition-target",), uses=("competition", "target")),
    ]
