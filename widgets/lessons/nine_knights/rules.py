"""The Nine Knights tutorial's atomic rules, in the order a rulebook tells them: each a key the steps'
``teaches``/``uses`` name, the rule in words, and where it comes from (the rulebook, the project's rulings,
or a house rule of this app)."""

from ...lesson import Rule

RULES = [
    # Components and set-up
    Rule("knights", "Each player has nine Knights of one colour: three Archers, three Warriors and three Rangers"),
    Rule("board", "The board has 9 columns a–i and 10 rows; South's home rank is row 1, North's row 10",
         "ruling"),
    Rule("goal-tokens", "Each player's Goal Tokens 1–9 lie on that player's home rank, in a random order",
         "rulebook; ruling"),
    Rule("hidden-deal", "Each player secretly draws one Hidden Token and keeps it face down; the other three go "
         "back to the box unseen"),
    Rule("hidden-numbers", "The five Hidden Tokens are numbered 1–5", "ruling"),
    Rule("duty-one-each", "Every Knight carries exactly one Duty Token; its owner sees it, the opponent does not"),
    Rule("duty-groups", "Duty Tokens 1–3, 4–6 and 7–9 form the Small, Medium and High Number Groups, each with one "
         "Archer, one Warrior and one Ranger"),
    Rule("duty-one-group-at-a-time", "The player chooses, one group at a time, which type gets which number",
         "ruling"),
    Rule("first-player", "The first player is chosen at random (in a new game, from its seed); in these lessons "
         "you play South, who was drawn to start"),
    Rule("placement-rows", "Knights are placed on empty fields of the owner's two rows next to home (South rows "
         "2–3, North rows 8–9)", "ruling"),
    Rule("one-per-field", "A field holds one Knight"),
    Rule("placement-choice", "Which six Knights to place, and so which three wait, is the player's choice"),
    Rule("placement-order", "Placement order as printed: first player 1 Knight, second 2, first 2, second 2, "
         "first 2"),
    Rule("placement-order-completed", "The order goes on with second player 2, first player 1, so that each "
         "places six", "ruling"),
    Rule("waiting-area", "The three Knights not placed form the player's Waiting Area", "rulebook; ruling"),
    Rule("first-move", "After the Placement Phase the first player makes the first move; then turns alternate"),
    # Moving
    Rule("move-own-knight", "On your turn you move one of your own Knights"),
    Rule("move-one-field", "A Knight moves one field in any of the 8 directions (front, behind, left, right, "
         "diagonals)"),
    Rule("same-moves", "Archers, Warriors and Rangers all move the same way"),
    Rule("move-backwards", "Moving backwards and sideways is allowed"),
    Rule("change-knight", "Until its field is chosen, the move can switch to another Knight (how this app splits "
         "a move into two clicks)", "house rule"),
    Rule("no-own-knight", "A Knight may not move onto a field occupied by another Knight of its owner"),
    Rule("no-own-goal", "A Knight may not move onto its own side's Goal Token fields"),
    Rule("enemy-goal-match", "A Knight may enter an opponent's Goal Token field only if the numbers match"),
    Rule("no-pass", "You cannot pass your turn"),
    # Fights
    Rule("fight-starts", "Moving onto an enemy Knight starts a fight"),
    Rule("numbers-revealed", "Both Duty numbers are revealed in a fight"),
    Rule("numbers-stay-public", "A number revealed in a fight stays known for the rest of the game", "ruling"),
    Rule("higher-wins", "Without a special situation the higher number wins"),
    Rule("attacker-moves-in", "An attacker that wins moves onto the contested field", "ruling"),
    Rule("defender-stays", "A defender that wins stays on its field", "ruling"),
    Rule("loser-face-up", "The loser leaves the board and lies face up beside it"),
    Rule("equal-attacker", "Equal numbers: the attacking Knight wins"),
    Rule("diff-one-attacker", "A difference of 1: the lower number wins when it attacks"),
    Rule("diff-one-defender", "A difference of 1: the lower number wins also when it is attacked"),
    Rule("one-beats-nine", "1 against 9: the 1 wins, whoever attacks"),
    Rule("hidden-beats-eight", "A Knight whose number equals its owner's Hidden Token beats an 8 if the owner "
         "reveals the token"),
    Rule("hidden-own-number-only", "The Hidden Token helps only the Knight whose number it shows"),
    Rule("fight-check-order", "Order of the fight checks: Hidden Token against 8, 1 against 9, difference of 1, "
         "equal numbers, higher number", "ruling"),
    Rule("reveal-choice-defender", "Revealing is the owner's choice, asked also of a defender on the opponent's "
         "turn", "rulebook; ruling"),
    Rule("reveal-question-when", "The question comes whenever a Knight 1–5 fights an 8 while its owner's token is "
         "secret; Reveal is offered only if the token matches (how this app decides where the rules are silent)",
         "house rule"),
    Rule("reveal-stays", "A revealed Hidden Token stays public and beats an 8 again without a question", "ruling"),
    # Summoning
    Rule("summon-after-loss", "After losing a Knight its owner summons one Knight from the Waiting Area"),
    Rule("summon-choice", "Which waiting Knight to summon is the owner's choice"),
    Rule("beaten-out", "A beaten Knight is out for good: only waiting Knights can be summoned"),
    Rule("summon-fields", "A summoned Knight goes onto an empty field of its owner that has the summoning icon"),
    Rule("summon-fields-where", "The summoning fields are b2, e2, h2 for South and b9, e9, h9 for North; no other "
         "field takes a summoned Knight", "ruling"),
    Rule("summon-skip-none-waiting", "With no Knight waiting, the summon is skipped and play goes on"),
    Rule("summon-skip-fields-full", "With all the owner's summoning fields occupied, the summon is skipped",
         "ruling"),
    # The end
    Rule("goal-win", "A Knight reaching the opponent's Goal Token of its own number wins the game at once"),
    Rule("no-knights-lose", "A player with no Knights left, neither on the board nor waiting, loses",
         "rulebook; ruling"),
    Rule("no-legal-move-loses", "A player who must move but has no legal move loses", "ruling"),
    Rule("secrets-shown-at-end", "When the game ends, every Duty number and both Hidden Tokens are shown "
         "(how this app decides where the rules are silent)", "house rule"),
    Rule("quiet-draw", "60 turns in a row without a fight end the game in a draw (the number can be chosen when "
         "a game starts)", "house rule"),
    Rule("quiet-reset", "A fight sets the count of quiet turns back to 0", "house rule"),
    # The Defection variant
    Rule("defection-optional", "Defection is an optional rule, left out of a first game"),
    Rule("defect-same-type", "In a fight between Knights of the same type the loser defects, with its Duty Token, "
         "to the winner's Waiting Area"),
    Rule("defect-other-type", "Knights of different types do not defect: the loser is simply beaten"),
    Rule("defect-summon-now", "A winner with fewer than 5 Knights on the board must summon the Knight won over at "
         "once"),
    Rule("defect-summon-order", "The beaten player summons first, then the winner's forced summon", "ruling"),
    Rule("defect-waits", "A winner with 5 or more Knights on the board keeps the Knight won over waiting"),
    Rule("defect-summoned-later", "A Knight won over is summoned when one of its new owner's Knights is beaten"),
    Rule("defect-own-number", "A Knight won over fights for its new owner with its own number"),
    Rule("defect-hidden", "A Knight won over uses its new owner's Hidden Token"),
    Rule("defect-won-back", "A Knight won over can be won back"),
    Rule("defect-goal", "A Knight won over wins on its new opponent's Goal Token of its number", "rulebook; ruling"),
]

