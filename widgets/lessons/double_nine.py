"""The Double Nine tutorial's lesson steps: each rule is a decision the learner makes at the card table.

Lessons are data.  :data:`RULES` lists every atomic rule of the game a player must know (the rulebook,
the project's rulings, and the house rules: how this app decides where both are silent); each chapter
below is a list of :class:`Step` records, and :func:`tutorial` feeds them to one builder.  A step names
the rules it ``teaches`` (shows happening, or asks the learner to decide) and the rules it ``uses``;
``Tutorial.order_problems`` checks that no step needs what a later step teaches, and
``python -m widgets.lessons double_nine`` writes the rules-to-steps table of ``docs/double_nine.md``.

Every position is built with the rules engine: ``position(...)``, sometimes followed by the decisions
that lead to the one the step is about (a card already chosen, an effect already under way), or a real
deal (``new(seed=...)``) for the set-up steps.  The checks read the outcome (numbers, hands, the
judgment), never the exact clicks, so any legal way to the goal counts.  The other players reply with
:func:`reply` (or a short preference list of their own), a fixed, readable policy, so every step plays
the same way each time.

    >>> lesson = tutorial()
    >>> lesson.steps["reaper"].goal
    'Put Reaper where the card it takes makes your number 90.'
    >>> lesson.steps["clown-left"].start.prompt
    'Player 1: choose left or right; Clown passes every hand that way'
    >>> [c.title for c in lesson.chapters][0], len(lesson.chapters[0].steps) <= 10
    ('Set-up and your first game', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ninekit
from ninekit.double_nine import position

from ..lesson import Rule, Tutorial, resolve

P1, P2, P3, P4 = range(4)
TIED = [50, 50]  # a tied first game: each player holds a victory token, so the step's game decides the match

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

# --- replies and building ----------------------------------------------------------------------


def _lead(state, seat: int) -> int:
    """How far ``seat``'s number is ahead of the best other number (negative: behind)."""
    numbers = [b["number"] for b in _boards(state)]
    return numbers[seat] - max(x for p, x in enumerate(numbers) if p != seat)


def reply(state: ninekit.State):
    """Another player's decision: the card they held before drawing, then, for every other decision,
    the choice that leaves their number furthest ahead of the best other number (the first on a tie).

    The positions give the other players harmless cards, so that their replies do not get in the way.
    """
    legal = state.legal_moves()
    if legal[0].kind == "card":
        return legal[0]
    seat = state.to_move
    return max(legal, key=lambda m: (_lead(state.play(m), seat), -legal.index(m)))


def _prefer(*items):
    """A reply that takes the first of ``items`` that is a legal decision now, else :func:`reply`."""

    def choose(state):
        for item in items:
            if resolve(state, item) is not None:
                return item
        return reply(state)

    return choose


def _play(state: ninekit.State, *items) -> ninekit.State:
    """``state`` after the decisions ``items`` (choice words, as a learner would click them)."""
    for item in items:
        move = resolve(state, item)
        if move is None:
            choices = [str(m) for m in state.legal_moves()]
            raise ValueError(f"{item!r} is not one decision now; the choices are {choices}")
        state = state.play(move)
    return state


# --- reading a state (public facts only, except the few hand checks, which name the seat) ---------


def _boards(state):
    return state.view(None)["boards"]


def number(state, seat: int) -> int:
    """The number of ``seat``'s board now."""
    return _boards(state)[seat]["number"]


def _top(state, seat: int, site: str):
    stack = _boards(state)[seat][site]
    return stack[-1] if stack else None


def _hand(state, seat: int) -> list:
    return state.view(seat)["hand"]


def _results(state) -> list:
    return state.view(None)["results"]


def _same_game(start):
    """A guard for checks on numbers: the game of ``start`` is still being played (no new deal yet)."""
    games = len(_results(start))
    return lambda state: len(_results(state)) == games


def _last_mine(state, seat: int = P1):
    """The state right after ``seat``'s last decision (before the other players replied)."""
    node = state
    while node is not None and node.history and node.history[-1][0] != seat:
        node = node.parent
    return node if node is not None and node.history else state


def _mine(check, seat: int = P1):
    """``check``, read only right after a decision of ``seat`` (the other players' replies never solve a step)."""
    return lambda state: bool(state.history) and state.history[-1][0] == seat and check(state)


def _numbers_check(start, test):
    """Check ``test(numbers)`` on the boards right after each of your decisions, while the step's game lasts."""
    same = _same_game(start)
    return _mine(lambda state: same(state) and test([b["number"] for b in _boards(state)]))


def _removed_more(start):
    """More cards have been removed from the game than at ``start``."""
    removed = start.view(None)["removed_count"]
    return _mine(lambda state: state.view(None)["removed_count"] > removed)


def _won(start, *seats):
    """The game of ``start`` is over and ``seats`` are among its winners."""
    games = len(_results(start))

    def check(state):
        results = _results(state)
        return len(results) > games and all(s in results[games]["winners"] for s in seats)

    return check


def _judged(state) -> str:
    """'the numbers were 92 and 97; Player 2 won' for the last finished game."""
    results = _results(state)
    if not results:
        return "the game is not over"
    last = results[-1]
    shown = [f"{x:02d}" for x in last["numbers"]]
    numbers = ", ".join(shown[:-1]) + " and " + shown[-1]
    winners = " and ".join(f"Player {w + 1}" for w in last["winners"])
    return f"the numbers were {numbers}; {winners} won"


def _after_reply(start, seat: int = P1):
    """The other players have played since ``start`` (a state where ``seat`` is to choose a card again)."""
    made = len(start.history)

    def test(state):
        return (len(state.history) > made and any(s != seat for s, _m in state.history[made:])
                and state.to_move == seat and state.view(None)["phase"] == "card")

    return test


def _did(state, kind: str, *args, seat: int = P1) -> bool:
    """``seat`` made the decision ``kind`` with ``args`` on the way to ``state`` (for feedback only)."""
    return any(s == seat and m.kind == kind and tuple(m.args) == args for s, m in state.history)


def _now(text):
    """A ``miss`` that reads the state right after the learner's last decision (before the replies)."""
    return lambda state: text(_last_mine(state))


# --- steps as data --------------------------------------------------------------------------------


Check = Callable[[ninekit.State], Callable[[ninekit.State], bool]]  # the step's start -> its check


@dataclass(frozen=True)
class Step:
    """One lesson step as data: fed to ``Tutorial.step`` by :func:`tutorial` (see ``LessonStep``).

    ``check`` is made from the step's start (:func:`number_is`, :func:`numbers`, :func:`wins`, ...);
    ``opponent`` defaults to :func:`reply`.
    """

    key: str
    title: str
    start: ninekit.State
    goal: str
    check: Check
    solution: Sequence
    hint: str
    success: str
    miss: object
    wrong: tuple | None
    teaches: Sequence[str]
    uses: Sequence[str] = ()
    opponent: object = None
    turns: int = 1
    until: Check | None = None


def table(players: int = 2, *decisions, **layout) -> ninekit.State:
    """A position (``position(players, **layout)``) after the learner's first ``decisions``."""
    return _play(position(players, **layout), *decisions)


def dealt(seed: int, players: int = 2, **options) -> ninekit.State:
    """A real deal: a new match with ``options`` (the seeds used give Player 1 the first turn)."""
    state = ninekit.make("double_nine", players, **options).new(seed=seed)
    assert state.to_move == P1, f"seed {seed} does not give Player 1 the first turn"
    return state


def number_is(value: int) -> Check:
    """Your number is ``value`` right after one of your decisions."""
    return lambda _start: _mine(lambda s: number(s, P1) == value)


def numbers(test: Callable[[list], bool]) -> Check:
    """``test(numbers)`` holds right after one of your decisions, while the step's game lasts."""
    return lambda start: _numbers_check(start, test)


def mine(test: Callable[[ninekit.State], bool]) -> Check:
    """``test(state)`` holds right after one of your decisions."""
    return lambda _start: _mine(test)


def wins(*seats: int) -> Check:
    """The step's game is over and ``seats`` are among its winners."""
    return lambda start: _won(start, *seats)


def wins_match() -> Check:
    """The match is over and Player 1 won it."""
    return lambda _start: lambda s: s.is_over and P1 in s.outcome.winners


def next_turn() -> Check:
    """Your turn is over, the others have played, and you choose a card again."""
    return _after_reply


def wins_with(card: str) -> Check:
    """Player 1 won the step's game with ``card`` on top of their Site ×1."""
    def make(start):
        won = _won(start, P1)
        return lambda s: won(s) and _results(s)[-1]["boards"][P1]["x1"][-1:] == [card]
    return make


def removed_more() -> Check:
    """A card was removed from the game since the start."""
    return _removed_more


def state_check(test: Callable[[ninekit.State], bool]) -> Check:
    """``test(state)``, read on every state the attempt passes through."""
    return lambda _start: test


def game_over() -> Check:
    """The step's game is over (for ``until``: judge the attempt then, even if the learner starts the next)."""
    return lambda start: lambda s: len(_results(s)) > len(_results(start))


def lost_game() -> Check:
    """The step's game is over and Player 1 is not among its winners (for ``until``)."""
    def make(start):
        games = len(_results(start))
        return lambda s: len(_results(s)) > games and P1 not in _results(s)[games]["winners"]
    return make


def _next_game_played(start) -> Callable[[ninekit.State], bool]:
    """You won the step's game and have played your first card of the next one."""
    games, made = len(_results(start)), len(start.history)

    def check(state):
        results = _results(state)
        played = sum(1 for seat, move in state.history[made:] if seat == P1 and move.kind == "site")
        return len(results) > games and P1 in results[games]["winners"] and played >= 2

    return _mine(check)


def _starts_next(start) -> Callable[[ninekit.State], bool]:
    """You took a victory token in the step's game and start the next one."""
    games = len(_results(start))

    def check(state):
        results = _results(state)
        return (len(results) > games and P1 in results[games]["winners"]
                and state.view(None)["start_player"] == P1 and not state.is_over)

    return check


def _hand_gone(seat: int) -> Check:
    """The step's game is over and ``seat`` ended it with no card in hand."""
    def make(start):
        games = len(_results(start))
        return lambda s: len(_results(s)) > games and not _results(s)[games]["hands"][seat]
    return make


def tutorial() -> Tutorial:
    """Every step of the Double Nine tutorial, chapter by chapter, in the order of the notebook."""
    t = Tutorial("double_nine", "Learn Double Nine", rules=RULES)
    for key, title, steps in CHAPTERS:
        t.chapter(key, title)
        for step in steps():
            t.step(step.key, step.start, goal=step.goal, check=step.check(step.start), solution=step.solution,
                   hint=step.hint, title=step.title, success=step.success, miss=step.miss, wrong=step.wrong,
                   teaches=step.teaches, uses=step.uses, opponent=step.opponent or reply, turns=step.turns,
                   until=step.until(step.start) if step.until else None)
    return t


# The rules every step after the first chapter relies on: the table, a turn, effects.
BASICS = ("sites", "number", "empty-site", "play-own-site", "top-card", "draw", "clockwise", "effect-played")
LAST_GAME = ("game-end", "hand-left", "highest-wins", "victory-token", "two-tokens")


# --- 1. Set-up and your first game ------------------------------------------------------------------------


def _first_game() -> list[Step]:
    return [
        Step("first-card", "Your number",
             position(2, boards=[([], []), (["Medusa"], ["Clown"])], hands=[["Sister", "Elf"], ["Luna"]],
                      pile=["Hacker", "Reaper", "Necromancer"]),
             goal="Make your number 80.",
             check=number_is(80),
             solution=["Play Elf", "your Site ×10"],
             hint="Click a card in your hand first, then one of your two sites. Site ×10 gives the tens.",
             success="You play one of your two cards onto one of your own sites: the top card of Site ×10 "
                     "gives the tens, the top card of Site ×1 the ones, and an empty site counts 0.",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: a card on Site ×1 counts its own value, "
                                 "on Site ×10 ten times its value, and an empty site counts 0"),
             wrong=(["Play Elf", "your Site ×1"], "ten times"),
             teaches=("sites", "number", "empty-site", "play-own-site")),
        Step("cover-a-card", "Only the top card counts",
             table(2, "Play Elf", boards=[(["Medusa"], ["Aiko"]), (["Luna"], ["Clown"])],
                   hands=[["Elf", "Sister"], ["Luna"]], pile=["Hacker", "Reaper", "Necromancer"]),
             goal="Put Elf where it makes your number as high as it can be.",
             check=number_is(82),
             solution=["your Site ×10"],
             hint="Only the top card of a site counts. Which card would you rather cover, the 7 or the 2?",
             success="A card played on a site covers the card beneath it: only the top card counts. "
                     "(Elf's effect: nothing happens.)",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: Elf covered Aiko (2), but covering "
                                 "Medusa (7) on Site ×10 with an 8 gives more"),
             wrong=("your Site ×1", "covered Aiko"),
             teaches=("top-card", "beneath-visible", "elf"), uses=("number",)),
        Step("deal", "The deal and your first turn",
             dealt(3),
             goal="A new game was just dealt, and you start: make your number 80.",
             check=number_is(80),
             solution=["Play Elf", "your Site ×10"],
             hint="You hold the card dealt to you and the card you drew at the start of your turn. The 8 "
                  "belongs on Site ×10.",
             success="At set-up one card was removed face down and each player was dealt one; the start player "
                     "(you, drawn at random) drew a second card. Now the turn passes clockwise.",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: Elf (8) on Site ×10 makes 80"),
             wrong=(["Play Elf", "your Site ×1"], "makes 80"),
             teaches=("deck-basic", "setup-remove", "setup-deal", "start-player", "draw", "clockwise"),
             uses=("number", "play-own-site")),
        Step("reaper", "Every card does something",
             table(2, "Play Reaper", boards=[(["Medusa"], ["Elf"]), (["Luna"], ["Aiko"])],
                   hands=[["Reaper", "Sister"], ["Clown"]], pile=["Hacker", "Necromancer", "Hacker"]),
             goal="Put Reaper where the card it takes makes your number 90.",
             check=number_is(90),
             solution=["your Site ×1", "Take Luna"],
             hint="The card Reaper takes goes on top of the site beside Reaper, the other site of your board.",
             success="The card you play uses its effect at once: Reaper takes a top card of another player and "
                     "puts it on your other site, beside Reaper.",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: the card Reaper takes lands beside "
                                 "Reaper, so put Reaper on Site ×1 and take a 9 for Site ×10"),
             wrong=(["your Site ×10", "Take Luna"], "lands beside Reaper"),
             teaches=("effect-played", "reaper"), uses=("number", "top-card")),
        Step("nothing-to-take", "No target, no effect",
             table(2, "Play Reaper", boards=[(["Luna"], []), ([], [])], hands=[["Reaper", "Clown"], ["Elf"]],
                   pile=["Hacker", "Necromancer", "Hacker"]),
             goal="Play Reaper and keep your number at 90.",
             check=numbers(lambda n: n[P1] >= 90),
             solution=["your Site ×1"],
             hint="Player 2's board is empty: what can Reaper take there? Then where does a 0 hurt least?",
             success="An effect must be used if it can; with no legal target nothing happens, and Reaper is "
                     "just a 0.",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: Reaper had nothing to take, so nothing "
                                 "happened; it only covered your Luna with a 0"),
             wrong=("your Site ×10", "nothing to take"),
             teaches=("no-target",), uses=("reaper", "top-card")),
        Step("game-over", "The last turn",
             position(2, boards=[(["Medusa"], ["Luna"]), (["Elf"], ["Clown"])], hands=[["Elf", "Reaper"],
                      ["Hacker"]], pile=[]),
             goal="The pile is empty, so this is the last turn: win this game.",
             check=wins(P1),
             solution=["Play Elf", "your Site ×10"],
             hint="The game ends after this turn, and the card left in your hand does not count. Beat 83.",
             success="The game ends at the end of the turn in which the pile became empty: the highest number "
                     "wins and takes a victory token; the card left in each hand does not count.",
             miss=lambda s: f"{_judged(s)}: the game ended after your turn, and the card left in your hand "
                            "does not count",
             wrong=(["Play Elf", "your Site ×1"], "does not count"),
             teaches=("game-end", "hand-left", "highest-wins", "victory-token"), uses=BASICS + ("reaper",),
             until=game_over()),
        Step("next-game", "The next game",
             position(3, boards=[(["Medusa"], ["Luna"]), (["Elf"], ["Clown"]), (["Aiko"], ["Necromancer"])],
                      hands=[["Elf", "Reaper"], ["Hacker"], ["Sister"]], pile=[]),
             goal="Win this game, then play your first card of the next one.",
             check=_next_game_played,
             solution=["Play Elf", "your Site ×10", "Play Medusa", "your Site ×10"],
             hint="Win with the Elf. Then watch: the cards are dealt again, and Player 2, to the left of the "
                  "winner, starts.",
             success="After a game the winner keeps the victory token, the cards are shuffled and dealt again "
                     "(one removed, one each), and the player to the left of the winner starts.",
             miss=lambda s: f"{_judged(s)}: win the first game with Elf on Site ×10, then play a card in the "
                            "next one",
             wrong=(["Play Elf", "your Site ×1"], "win the first game"),
             teaches=("between-games", "next-start"), uses=BASICS + LAST_GAME[:4],
             turns=8, until=lost_game()),
        Step("match-point", "Two victory tokens win",
             position(2, boards=[(["Luna"], []), (["Luna"], ["Elf"])], hands=[["Reaper", "Elf"], ["Clown"]],
                      pile=[], results=[[90, 50]]),
             goal="You won the first game: win this one too, and with it the match.",
             check=wins_match(),
             solution=["Play Reaper", "your Site ×1", "Take Luna"],
             hint="Player 2 has 98. Reaper on Site ×1 takes a card onto your Site ×10.",
             success="The first player with two victory tokens wins the match.",
             miss=lambda s: f"{_judged(s)}: Reaper on Site ×1 would have taken Player 2's Luna",
             wrong=(["Play Elf", "your Site ×10"], "would have taken"),
             teaches=("two-tokens",), uses=BASICS + LAST_GAME[:4] + ("reaper",), until=game_over()),
    ]


# --- 2. The basic cards ---------------------------------------------------------------------------------


def _basic_cards() -> list[Step]:
    clown = table(3, "Play Clown", "your Site ×10", boards=[([], []), (["Elf"], []), (["Medusa"], [])],
                  hands=[["Clown", "Aiko"], ["Elf"], ["Luna"]], pile=["Sister", "Hacker", "Necromancer", "Hacker"])
    return [
        Step("hacker", "Hacker copies",
             table(2, "Play Hacker", boards=[(["Reaper"], ["Elf"]), (["Luna"], ["Aiko"])],
                   hands=[["Hacker", "Clown"], ["Medusa"]], pile=["Necromancer", "Sister", "Clown"]),
             goal="Make your number 91.",
             check=number_is(91),
             solution=["your Site ×1", "Take Luna"],
             hint="Hacker uses the effect of the card beside it, as if that card had just been played where "
                  "Hacker lies.",
             success="Hacker uses the effect of the card beside it, as if you had just played that card onto "
                     "Hacker's site: here Reaper's, so the stolen card lands beside Hacker.",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: " + (
                 "the copied Reaper puts the card it takes beside Hacker, on your Site ×10, so take a 9"
                 if _top(s, P1, "x1") == "Hacker" else "beside Hacker lay Elf, whose effect is that nothing "
                 "happens")),
             wrong=("your Site ×10", "nothing happens"),
             teaches=("hacker", "hacker-nothing"), uses=BASICS + ("reaper", "elf")),
        Step("aiko", "A card for another board",
             table(2, "Play Aiko", boards=[(["Medusa"], ["Elf"]), (["Elf"], ["Luna"])],
                   hands=[["Aiko", "Sister"], ["Clown"]], pile=["Hacker", "Reaper", "Necromancer"]),
             goal="Bring Player 2's number below yours (78).",
             check=numbers(lambda n: n[P2] < n[P1]),
             solution=["Player 2's Site ×10"],
             hint="Aiko goes onto another player's board, and her 2 counts for them. Which site hurts more?",
             success="Aiko is placed on another player's site, never on your own; her 2 counts for that player.",
             miss=_now(lambda s: f"Player 2 still has {number(s, P2):02d}: a 2 on their Site ×1 costs them "
                                 "little"),
             wrong=({"kind": "site", "args": [P1, "x10"]}, "Aiko must be placed on another player's board"),
             teaches=("aiko",), uses=BASICS),
        # 3 players: "left" is the next player clockwise (Player 2), "right" the one before (Player 3).
        Step("clown-left", "Clown passes left",
             clown,
             goal="Get the card that Player 3 holds.",
             check=mine(lambda s: "Luna" in _hand(s, P1)),
             solution=["left"],
             hint="Left means towards the next player clockwise: you pass to Player 2, Player 2 to Player 3, "
                  "and Player 3 to ...?",
             success="Clown: every player passes their hand card the chosen way at the same time. Left is the "
                     "next player clockwise, the way the turns go: Player 3's card comes to you.",
             miss="you passed right: everyone gave their card to the player before them, so Player 2's card "
                  "came to you, not Player 3's",
             wrong=("right", "passed right"),
             teaches=("left-clockwise", "clown"), uses=BASICS),
        Step("clown-right", "Clown passes right",
             clown,
             goal="Get the card that Player 2 holds.",
             check=mine(lambda s: _hand(s, P1) == ["Elf"]),
             solution=["right"],
             hint="Left means towards the next player clockwise (Player 2 after you). Which way must Player 2 "
                  "pass?",
             success="Passing right gives each card to the previous player: Player 2 passes to you, you pass "
                     "to Player 3, and Player 3 to Player 2.",
             miss="you passed left: everyone gave their card to the next player clockwise, so Player 3's card "
                  "came to you",
             wrong=("left", "passed left"),
             teaches=("right-before",), uses=("left-clockwise", "clown")),
        Step("necromancer", "Necromancer revives",
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
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: Luna, the bottom card of Site ×10, "
                                 "would have counted 9 on Site ×1"),
             wrong=("Revive Aiko", "Luna"),
             teaches=("necromancer", "necromancer-no-effect"), uses=BASICS + ("beneath-visible",)),
        Step("fallen-angel", "Fallen Angel swaps the others",
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
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: Player 3 (one site filled) and Player 4 "
                                 "(Sister) were not swapped and keep 70 and 85, so a 6 on your Site ×10 is too "
                                 "little"),
             wrong=("your Site ×10", "not swapped"),
             teaches=("fallen-angel", "fallen-angel-one-site"), uses=BASICS),
        Step("medusa", "Medusa: another turn",
             table(2, "Play Medusa", boards=[(["Luna"], ["Aiko"]), (["Elf"], ["Clown"])],
                   hands=[["Medusa", "Elf"], ["Sister"]], pile=["Medusa", "Luna", "Hacker", "Reaper"],
                   pile_face_up=True),
             goal="Make your number 99 before Player 2 plays again.",
             check=number_is(99),
             solution=["your Site ×1", "Play Medusa", "your Site ×1", "Play Luna", "your Site ×1"],
             hint="The pile lies face up: you can see what you will draw. Each Medusa gives you one more turn.",
             success="Medusa: you take another whole turn at once (draw, play, effect), and a Medusa played in "
                     "that turn gives yet another one.",
             miss=_now(lambda s: f"Player 2 played again while your number was {number(s, P1):02d}: play the "
                                 "Medusa you draw too, and the Luna comes next"),
             wrong=(["your Site ×1", "Play Elf", "your Site ×1"], "play the Medusa you draw"),
             teaches=("medusa", "medusa-chain"), uses=BASICS),
        Step("luna", "Luna's own place",
             table(2, "Play Luna", boards=[(["Elf"], ["Aiko"]), (["Medusa"], ["Clown"])],
                   hands=[["Luna", "Sister"], ["Elf"]], pile=["Hacker", "Reaper", "Necromancer"]),
             goal="Play Luna onto your board.",
             check=mine(lambda s: _top(s, P1, "x1") == "Luna"),
             solution=["your Site ×1"],
             hint="Luna's card text says where she goes.",
             success="Luna may only be played onto your own Site ×1, so on her own she counts 9, never 90.",
             miss="Luna is not on your Site ×1",
             wrong=({"kind": "site", "args": [P1, "x10"]}, "Luna may only be played onto your own Site ×1"),
             teaches=("luna",), uses=BASICS),
    ]


# --- 3. Sister's protection -------------------------------------------------------------------------------


def _sister() -> list[Step]:
    shield = table(2, "Play Sister", boards=[(["Luna"], ["Aiko"]), (["Elf"], ["Medusa"])],
                   hands=[["Sister", "Elf"], ["Clown"]], pile=["Fallen Angel", "Hacker", "Reaper", "Necromancer"],
                   pile_face_up=True)
    after = _after_reply(shield)
    return [
        Step("sister-shield", "Sister protects the site beside her",
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
             opponent=_prefer("Play Fallen Angel")),
        Step("sister-not-herself", "Sister does not protect herself",
             table(3, "Play Reaper", "your Site ×1", boards=[(["Medusa"], []), (["Luna"], ["Sister"]),
                   (["Elf"], ["Clown"])], hands=[["Reaper", "Elf"], ["Hacker"], ["Necromancer"]],
                   pile=["Hacker", "Reaper", "Necromancer", "Medusa"]),
             goal="End the protection of Player 2's Luna.",
             check=mine(lambda s: _top(s, P2, "x1") != "Sister"),
             solution=["Take Sister"],
             hint="Sister protects the site beside her, not her own site.",
             success="Sister protects the site beside her, never herself: take her, and the protection ends.",
             miss="Sister is still Player 2's top card, so the Luna beside her stays protected",
             wrong=({"kind": "take", "args": [P2, "x10"]}, "Sister protects that site"),
             teaches=("sister-not-herself", "sister-covered"), uses=("sister", "reaper")),
        Step("aiko-on-sister", "Aiko on top of Sister",
             table(3, "Play Aiko", boards=[(["Clown"], ["Elf"]), (["Luna"], ["Sister"]), (["Elf"], ["Medusa"])],
                   hands=[["Aiko", "Clown"], ["Hacker"], ["Necromancer"]],
                   pile=["Hacker", "Reaper", "Necromancer", "Reaper"]),
             goal="End the protection of Player 2's Luna.",
             check=mine(lambda s: _top(s, P2, "x1") != "Sister"),
             solution=["Player 2's Site ×1"],
             hint="Aiko cannot go onto the protected site, but Sister's own site is not protected.",
             success="Aiko and Dark Aiko may not be placed on a site Sister protects, but on Sister herself: "
                     "covered, she is no longer a top card and her protection ends.",
             miss="Sister is still Player 2's top card, so the Luna beside her stays protected",
             wrong=({"kind": "site", "args": [P2, "x10"]}, "Sister protects that site"),
             teaches=("aiko-protected", "sister-covered"), uses=("sister", "sister-not-herself", "aiko")),
        Step("aiko-fallback", "When nothing else can be played",
             table(2, "Play Aiko", boards=[(["Elf"], ["Medusa"]), (["Sister"], ["Sister"])],
                   hands=[["Aiko", "Aiko"], ["Clown"]], pile=["Hacker", "Reaper", "Necromancer"]),
             goal="Bring Player 2's number below 30.",
             check=numbers(lambda n: n[P2] < 30),
             solution=["Player 2's Site ×10"],
             hint="Both of Player 2's sites are protected, and you hold only Aikos: then an Aiko may go on any "
                  "site of another player.",
             success="When every site you could give Aiko to is protected and you hold nothing else, Aiko may "
                     "go on a protected site so that the turn can go on.",
             miss=_now(lambda s: f"Player 2 has {number(s, P2):02d}: a 2 on Site ×1 costs them 3, on Site ×10 "
                                 "it costs 30"),
             wrong=("Player 2's Site ×1", "Site ×10"),
             teaches=("aiko-fallback",), uses=("aiko-protected",)),
    ]


# --- 4. The expansion cards 0-4 ---------------------------------------------------------------------------


def _expansion_low() -> list[Step]:
    return [
        Step("expansion-deck", "A game with the expansion cards",
             dealt(3, deck="expansion"),
             goal="This game uses only the 20 expansion cards: make your number 80.",
             check=number_is(80),
             solution=["Play Thera", "your Site ×10"],
             hint="Thera is an 8. Its effect only turns the pile over.",
             success="The Expansion Rule's first choice: the 20 expansion cards alone, 0–9 twice, set up and "
                     "dealt like the basic cards.",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: Thera (8) on Site ×10 makes 80"),
             wrong=(["Play Thera", "your Site ×1"], "makes 80"),
             teaches=("deck-expansion",), uses=BASICS + ("setup-remove", "setup-deal")),
        Step("fox", "Nine-tailed Fox takes a number",
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
        Step("magician", "Magician swaps one board",
             table(3, "Play Magician", "your Site ×10", boards=[(["Aiko"], ["Luna"]), (["Luna"], []),
                   (["Elf"], ["Medusa"])], hands=[["Magician", "Clown"], ["Hacker"], ["Necromancer"]],
                   pile=["Hacker", "Reaper", "Necromancer", "Reaper"], deck="full"),
             goal="Have the highest number at the table.",
             check=numbers(lambda n: all(n[P1] > x for x in n[1:])),
             solution=["Swap your own"],
             hint="Magician may swap your own board too. Which boards can it swap at all?",
             success="Magician swaps the two top cards of one board, yours included, if both its sites have a "
                     "top card.",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: your own board swapped would read 91"),
             wrong=({"kind": "swap", "args": [P2]}, "both sites have a top card"),
             teaches=("magician", "magician-both"), uses=BASICS),
        Step("sister-own", "Your own Sister does not stop you",
             table(2, "Play Magician", "your Site ×10", boards=[(["Aiko"], ["Sister"]), (["Elf"], ["Luna"])],
                   hands=[["Magician", "Elf"], ["Clown"]], pile=["Hacker", "Reaper", "Medusa"], deck="full"),
             goal="Make your number higher than 50.",
             check=numbers(lambda n: n[P1] > 50),
             solution=["Swap your own"],
             hint="Your Sister protects your Magician from the other players. Does she stop you?",
             success="Sister only stops effects of other players' cards: your own cards may still swap, take or "
                     "remove what she protects.",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: swapping your own board (Magician and "
                                 "Sister) gives 51; your Sister does not block your own Magician"),
             wrong=("Swap Player 2's two top cards", "your own Magician"),
             teaches=("sister-own",), uses=("sister", "magician")),
        Step("shaman", "Shaman borrows an effect",
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
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: Player 2's Reaper, used from Shaman's "
                                 "Site ×1, puts the card it takes on your Site ×10"),
             wrong=({"kind": "possess", "args": [P3]}, "[Constant]"),
             teaches=("shaman", "shaman-constant", "copy-site"), uses=BASICS + ("reaper", "sister")),
        Step("sol", "Sol burns a card",
             table(2, "Play Sol", "your Site ×1", boards=[(["Medusa"], []), (["Aiko", "Luna"], ["Elf", "Luna"])],
                   hands=[["Sol", "Clown"], ["Hacker"]], pile=["Hacker", "Reaper", "Necromancer"], deck="full"),
             goal="Bring Player 2 below 50.",
             check=numbers(lambda n: n[P2] < 50),
             solution=["Player 2's Site ×10"],
             hint="Sol removes a top card from the game; the card beneath it counts again.",
             success="Sol removes any top card from the game, face down; the card beneath it counts again.",
             miss=_now(lambda s: f"Player 2 has {number(s, P2):02d}: once a top card is gone, the card beneath "
                                 "it counts"),
             wrong=("Player 2's Site ×1", "beneath"),
             teaches=("sol",), uses=BASICS),
        Step("sol-own", "Sol on your own card",
             table(2, "Play Sol", "your Site ×1", boards=[(["Luna", "Aiko"], []), (["Elf", "Medusa"],
                   ["Luna", "Elf"])], hands=[["Sol", "Clown"], ["Hacker"]], pile=["Hacker", "Reaper", "Necromancer"],
                   deck="full"),
             goal="Have a higher number than Player 2.",
             check=numbers(lambda n: n[P1] > n[P2]),
             solution=["Remove Aiko"],
             hint="Sol may remove any top card, your own too. What lies beneath your Aiko?",
             success="Sol may remove your own top card too: the card beneath it counts again.",
             miss=_now(lambda s: f"you have {number(s, P1):02d} and Player 2 {number(s, P2):02d}: removing your "
                                 "own Aiko would show the Luna beneath it"),
             wrong=("Remove Medusa", "your own"),
             teaches=("sol-own",), uses=("sol",)),
        Step("sniper-remove", "Sniper looks at a hand",
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
        Step("sniper-keep", "Sniper may leave the card",
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
                             f"card, the Luna, and played the last turn ({_judged(s)})"
                             if _did(s, "decide", "remove") else
                             f"{_judged(s)}: the Luna you drew belongs on your Site ×1"),
             wrong=("Remove the card", "drew the last card"),
             teaches=("sniper-keep", "sniper-replace"), uses=BASICS + LAST_GAME + ("sniper", "luna"),
             turns=3),
    ]


# --- 5. The expansion cards 5-9 ---------------------------------------------------------------------------


def _expansion_high() -> list[Step]:
    return [
        Step("dark-aiko-place", "Dark Aiko curses a board",
             table(2, "Play Dark Aiko", boards=[(["Medusa"], ["Elf"]), (["Luna"], ["Elf"])],
                   hands=[["Dark Aiko", "Clown"], ["Hacker"]], pile=["Reaper", "Necromancer", "Hacker"], deck="full"),
             goal="Curse Player 2 with Dark Aiko and bring their number below yours (78).",
             check=numbers(lambda n: n[P2] < n[P1]),
             solution=["Player 2's Site ×10"],
             hint="Like Aiko, Dark Aiko goes on another player's site and counts for them.",
             success="Dark Aiko is placed on another player's site like Aiko; while she is a top card there, "
                     "that player must play every card they draw.",
             miss=_now(lambda s: f"Player 2 has {number(s, P2):02d}: a 5 on Site ×1 costs them little"),
             wrong=("Player 2's Site ×1", "Site ×1"),
             teaches=("dark-aiko",), uses=BASICS + ("aiko",)),
        Step("dark-aiko-forced", "Cursed: play the card you drew",
             position(2, boards=[(["Luna", "Dark Aiko"], ["Medusa"]), (["Luna"], ["Elf"])],
                      hands=[["Elf", "Reaper"], ["Hacker"]], pile=["Clown", "Necromancer", "Hacker"], deck="full"),
             goal="Get rid of the Dark Aiko on your board and make your number 90.",
             check=number_is(90),
             solution=["Play Reaper", "your Site ×1", "Take Luna"],
             hint="You must play the card you drew this turn (the second card in your hand). Where it goes is "
                  "still up to you.",
             success="While a Dark Aiko is a top card on your board, you must play the card you drew, if it "
                     "can be played; covering her lifts the curse.",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: with Reaper on Site ×1, the Luna it "
                                 "takes covers the Dark Aiko on Site ×10"),
             wrong=({"kind": "card", "args": ["Elf"]}, "you must play the card you drew"),
             teaches=("dark-aiko-curse", "dark-aiko-drawn"), uses=("dark-aiko", "reaper")),
        Step("dark-aiko-cannot", "When the drawn card cannot be played",
             position(2, boards=[(["Dark Aiko"], ["Medusa"]), (["Sister"], ["Sister"])],
                      hands=[["Elf", "Aiko"], ["Hacker"]], pile=["Clown", "Necromancer", "Hacker"], deck="full"),
             goal="Make your number 87.",
             check=number_is(87),
             solution=["Play Elf", "your Site ×10"],
             hint="You drew Aiko, but can Aiko be placed anywhere? Then the curse lets you play the other card.",
             success="The curse forces the drawn card only if it can be played; an Aiko with nowhere to go "
                     "leaves you free to play your other card.",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: Elf on Site ×10 covers the Dark Aiko"),
             wrong=({"kind": "card", "args": ["Aiko"]}, "Sister protects every such site"),
             teaches=("dark-aiko-cannot",), uses=("dark-aiko-curse", "aiko-protected")),
        Step("dark-elf", "Dark Elf gives a card away",
             table(2, "Play Dark Elf", "your Site ×10", boards=[(["Elf"], ["Medusa", "Reaper"]), (["Luna"], ["Elf"])],
                   hands=[["Dark Elf", "Clown"], ["Hacker"]], pile=["Sol", "Necromancer", "Hacker"], deck="full"),
             goal="Have a higher number than Player 2.",
             check=numbers(lambda n: n[P1] > n[P2]),
             solution=["Player 2's Site ×10"],
             hint="Dark Elf gives away the card beside it, your Reaper (0), onto the site of your choice.",
             success="Dark Elf gives the card beside it to another player, onto the site you choose.",
             miss=_now(lambda s: f"Player 2 has {number(s, P2):02d}: a 0 on their Site ×1 still leaves their "
                                 "Luna on Site ×10"),
             wrong=("Player 2's Site ×1", "Site ×1"),
             teaches=("dark-elf",), uses=BASICS),
        Step("fortune-teller", "Fortune Teller puts a card back",
             table(2, "Play Fortune Teller", "your Site ×10", boards=[([], ["Medusa"]), (["Elf"], ["Clown"])],
                   hands=[["Fortune Teller", "Elf"], ["Hacker"]], pile=["Aiko", "Necromancer", "Reaper"],
                   deck="full"),
             goal="Put back the card that cannot hurt you: Player 2 draws it next.",
             check=mine(lambda s: s.view(None)["phase"] != "return" and "Aiko" in _hand(s, P1)),
             solution=["Put Elf back"],
             hint="Aiko is placed on another player's board. Whose board would it be if Player 2 got it?",
             success="Fortune Teller: draw a card, then put one of your two hand cards back on top of the pile, "
                     "where the next player draws it.",
             miss="Player 2 drew the Aiko you put back and placed it on your board",
             wrong=("Put Aiko back", "drew the Aiko"),
             teaches=("fortune-teller",), uses=BASICS + ("aiko",),
             opponent=_prefer("Play Aiko")),
        Step("thera", "Thera turns the pile over",
             position(2, boards=[(["Luna"], ["Clown"]), (["Elf"], ["Clown"])], hands=[["Thera", "Sister"],
                      ["Hacker"]], pile=["Luna", "Reaper", "Aiko", "Necromancer"], pile_face_up=True, deck="full"),
             goal="Keep the Luna on top of the pile away from Player 2.",
             check=state_check(lambda s: s.to_move == P2 and s.view(None)["phase"] == "card"
                               and "Luna" not in _hand(s, P2)),
             solution=["Play Thera", "your Site ×1"],
             hint="Player 2 draws the top card of the pile. Thera turns the whole pile over.",
             success="Thera reverses the pile: the bottom card comes on top. A face-down pile turns face up for "
                     "everyone to see; a second Thera turns it face down again.",
             miss="Player 2 drew the Luna from the top of the pile",
             wrong=(["Play Sister", "your Site ×1"], "drew the Luna"),
             teaches=("thera", "thera-twice"), uses=BASICS),
        Step("archangel", "Archangel brings a card up",
             table(2, "Play Archangel", "your Site ×10", boards=[(["Luna", "Sol"], ["Medusa"]), (["Luna"], ["Elf"])],
                   hands=[["Archangel", "Clown"], ["Hacker"]], pile=["Reaper", "Necromancer", "Hacker"], deck="full"),
             goal="Have a higher number than Player 2.",
             check=numbers(lambda n: n[P1] > n[P2]),
             solution=["Bring Sol", "Player 2's Site ×10"],
             hint="Archangel brings a card from beneath it to the top and uses that card's effect.",
             success="Archangel brings a card from beneath it to the top of its site and uses that card's "
                     "effect; a placement rule (Luna) or a [Constant] card has none to use.",
             miss=_now(lambda s: f"you have {number(s, P1):02d} and Player 2 {number(s, P2):02d}: " + (
                 "Luna's only rule is where she may be played, so bringing her up used no effect"
                 if _top(s, P1, "x10") == "Luna" else "Sol, brought up, removes one top card: remove the one "
                 "that costs Player 2 most")),
             wrong=("Bring Luna", "no effect"),
             teaches=("archangel", "archangel-no-effect"), uses=BASICS + ("sol", "luna", "beneath-visible")),
    ]


# --- 6. Copies: Hacker, Shaman, Archangel -----------------------------------------------------------------


def _copies() -> list[Step]:
    remove_luna = mine(lambda s: "Luna" not in _boards(s)[P2]["x10"])
    return [
        Step("hacker-constant", "Hacker and a [Constant] card",
             table(2, "Play Hacker", boards=[(["Nine-tailed Fox"], ["Sol"]), (["Luna"], ["Elf"])],
                   hands=[["Hacker", "Clown"], ["Elf"]], pile=["Reaper", "Necromancer", "Medusa"], deck="full"),
             goal="Remove Player 2's Luna.",
             check=remove_luna,
             solution=["your Site ×10", "Player 2's Site ×10"],
             hint="Hacker copies the card beside it, but a [Constant] effect cannot be used.",
             success="Hacker cannot use a [Constant] effect (Sister, Nine-tailed Fox): beside one it only "
                     "counts as a 1.",
             miss=_now(lambda s: "beside Hacker lay the Nine-tailed Fox, whose effect is [Constant], so nothing "
                                 "happened" if _top(s, P1, "x1") == "Hacker" else
                                 "the copied Sol removed another card, and the Luna is still there"),
             wrong=("your Site ×1", "[Constant]"),
             teaches=("hacker-constant",), uses=("hacker", "fox", "sol")),
        Step("hacker-no-chain", "No copy of a copy",
             table(2, "Play Hacker", boards=[(["Shaman"], ["Sol"]), (["Luna"], ["Elf"])],
                   hands=[["Hacker", "Clown"], ["Elf"]], pile=["Reaper", "Necromancer", "Medusa"], deck="full"),
             goal="Remove Player 2's Luna.",
             check=remove_luna,
             solution=["your Site ×10", "Player 2's Site ×10"],
             hint="Beside which card does Hacker copy something? A Shaman beside it is a copier itself.",
             success="Hacker does nothing beside another Hacker or a Shaman: no chains of copies. Beside the "
                     "Sol it used Sol's effect.",
             miss=_now(lambda s: "beside Hacker lay the Shaman, a copier itself: no chains of copies, so nothing "
                                 "happened" if _top(s, P1, "x1") == "Hacker" else
                                 "the copied Sol removed another card, and the Luna is still there"),
             wrong=("your Site ×1", "no chains of copies"),
             teaches=("hacker-no-chain",), uses=("hacker", "shaman", "sol")),
        Step("hacker-archangel", "Hacker copies an Archangel",
             table(2, "Play Hacker", boards=[(["Archangel"], ["Sol", "Elf"]), (["Luna"], ["Elf"])],
                   hands=[["Hacker", "Clown"], ["Reaper"]], pile=["Reaper", "Necromancer", "Hacker"], deck="full"),
             goal="Remove Player 2's Luna.",
             check=remove_luna,
             solution=["your Site ×1", "Bring Sol", "Player 2's Site ×10"],
             hint="Hacker on Site ×1 copies the Archangel beside it: it brings up a card from beneath Hacker.",
             success="Hacker may copy an Archangel: the copied Archangel brings up a card from beneath the "
                     "Hacker, in Hacker's own site, and uses its effect.",
             miss=_now(lambda s: "the Luna is still there: Hacker on Site ×1 copies the Archangel, which can "
                                 "bring up the Sol beneath Hacker"),
             wrong=(["your Site ×1", "Bring Elf"], "bring up the Sol"),
             teaches=("hacker-archangel",), uses=("hacker", "archangel", "copy-site", "sol", "elf")),
        Step("archangel-hacker", "Archangel brings up a Hacker",
             table(2, "Play Archangel", "your Site ×10", boards=[(["Elf", "Hacker"], ["Sol"]), (["Luna"], ["Elf"])],
                   hands=[["Archangel", "Clown"], ["Medusa"]], pile=["Reaper", "Necromancer", "Hacker"], deck="full"),
             goal="Have a higher number than Player 2.",
             check=numbers(lambda n: n[P1] > n[P2]),
             solution=["Bring Hacker", "Player 2's Site ×10"],
             hint="A Hacker brought to the top uses the effect of the card beside it.",
             success="A Hacker brought up by Archangel copies the card beside it, as if just played.",
             miss=_now(lambda s: f"you have {number(s, P1):02d} and Player 2 {number(s, P2):02d}: " + (
                 "Elf does nothing, but a Hacker brought up copies the Sol beside it"
                 if _top(s, P1, "x10") == "Elf" else "the copied Sol removes one top card: remove the one that "
                 "costs Player 2 most")),
             wrong=("Bring Elf", "Sol beside it"),
             teaches=("archangel-hacker",), uses=("archangel", "hacker", "sol")),
        Step("shaman-nothing", "Shaman's empty choices",
             table(3, "Play Shaman", "your Site ×1", boards=[(["Luna"], []), (["Elf"], ["Hacker"]),
                   (["Elf"], ["Medusa"])], hands=[["Shaman", "Clown"], ["Aiko"], ["Aiko"]],
                   pile=["Luna", "Reaper", "Necromancer", "Clown"], pile_face_up=True, deck="full"),
             goal="Draw the Luna on top of the pile before Player 2 can.",
             check=mine(lambda s: "Luna" in _hand(s, P1)),
             solution=["Player 3's Site ×1"],
             hint="Shaman may choose a Hacker, but a copier used through a copier does nothing. Which card "
                  "gives you another turn?",
             success="Shaman may choose Elf, Aiko, Luna, a Hacker or a Shaman, but then nothing happens; "
                     "Player 3's Medusa, used through Shaman, gave you another turn.",
             miss="Shaman used Player 2's Hacker: a copier through a copier does nothing, so Player 2 drew the "
                  "Luna",
             wrong=("Player 2's Site ×1", "nothing"),
             teaches=("shaman-nothing",), uses=("shaman", "medusa", "hacker-no-chain")),
        Step("loop-guard", "A copy of a copy",
             table(2, "Play Archangel", "your Site ×10", "Bring Archangel",
                   boards=[(["Sol", "Archangel"], ["Medusa"]), (["Luna"], ["Elf"])],
                   hands=[["Archangel", "Clown"], ["Hacker"]], pile=["Reaper", "Necromancer", "Hacker"], deck="full"),
             goal="Remove Player 2's Luna.",
             check=remove_luna,
             solution=["Bring Sol", "Player 2's Site ×10"],
             hint="An Archangel brought up through another Archangel uses no effect: no chains of copies.",
             success="A copy of a copy does nothing: an Archangel, Hacker or Shaman brought up through another "
                     "copy uses no effect, but an ordinary card (Sol) does.",
             miss=_now(lambda s: "an Archangel brought up through another Archangel uses no effect (no chains "
                                 "of copies)" if "no chains" in str(s.history[-1][1]) else
                                 "Sol removed another card, and the Luna is still there"),
             wrong=("Bring Archangel", "no chains"),
             teaches=("loop-guard",), uses=("archangel", "sol", "hacker-no-chain")),
    ]


# --- 7. Game end and victory ------------------------------------------------------------------------------


def _game_end() -> list[Step]:
    return [
        Step("last-turn", "No extra turn on the last turn",
             position(2, boards=[(["Medusa"], ["Luna"]), (["Elf"], ["Sister"])], hands=[["Medusa", "Elf"],
                      ["Clown"]], pile=[], results=[TIED]),
             goal="The pile is empty: win this last game.",
             check=wins(P1),
             solution=["Play Elf", "your Site ×10"],
             hint="The game ends after this turn, so your other card will not count, and Medusa cannot give "
                  "you another turn.",
             success="The game ends at the end of the turn in which the pile became empty: with the pile "
                     "empty, Medusa gives no extra turn.",
             miss=lambda s: f"{_judged(s)}: the game ended after your turn (with the pile empty, Medusa gives no "
                            "extra turn), and the card left in your hand does not count",
             wrong=(["Play Medusa", "your Site ×1"], "no extra turn"),
             teaches=("medusa-empty",), uses=BASICS + LAST_GAME + ("medusa",)),
        Step("tie", "A tie",
             table(2, "Play Elf", boards=[(["Luna"], ["Aiko"]), (["Luna"], ["Elf"])], hands=[["Elf", "Sister"],
                   ["Clown"]], pile=[], results=[TIED]),
             goal="Take a victory token in this last game.",
             check=wins(P1),
             solution=["your Site ×1"],
             hint="You cannot beat 98. What happens on a tie?",
             success="Everyone tied for the highest number wins and takes a victory token; if several players "
                     "reach two tokens at once, they all win the match.",
             miss=lambda s: f"{_judged(s)}: a tie at 98 would have given you a victory token too",
             wrong=("your Site ×10", "tie"),
             teaches=("tie", "tie-match"), uses=BASICS + LAST_GAME),
        Step("next-start-tie", "Who starts after a tie",
             position(3, boards=[(["Luna"], []), (["Aiko"], ["Elf"]), (["Luna"], ["Sister"])],
                      hands=[["Sister", "Elf"], ["Clown"], ["Hacker"]], pile=[], start=P2),
             goal="Player 2 started this game: take a victory token and start the next game yourself.",
             check=_starts_next,
             solution=["Play Sister", "your Site ×1"],
             hint="With several winners, look for the first winner clockwise from this game's start player, "
                  "Player 2. The player to that winner's left starts.",
             success="With several winners the next game starts left of the first winner found clockwise from "
                     "the last start player: Player 2, then Player 3, a winner, so you start.",
             miss=lambda s: f"{_judged(s)}: " + (
                 "you won alone, so Player 2, to your left, starts the next game; a tie with Player 3 at 95 "
                 "would have let you start" if P1 in _results(s)[-1]["winners"] else
                 "Player 3 won alone: you start, but without a victory token"),
             wrong=(["Play Elf", "your Site ×1"], "you won alone"),
             teaches=("next-start-tie",), uses=BASICS + LAST_GAME + ("next-start", "tie"),
             until=game_over()),
        Step("sniper-last-card", "Sniper empties the pile",
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
                            f"({_judged(s)})",
             wrong=("Leave the card", "removed your Luna"),
             teaches=("emptied-by-effect",), uses=BASICS + LAST_GAME + ("sniper", "sniper-replace", "sol"),
             opponent=_prefer("Play Sol")),
        Step("sniper-empty", "Sniper on an empty pile",
             table(2, "Play Sniper", "your Site ×1", "Look at Player 2's hand", boards=[(["Luna"], []),
                   (["Elf"], ["Luna"])], hands=[["Sniper", "Elf"], ["Clown"]], pile=[], deck="full"),
             goal="The pile is empty: take Player 2's card out of the game for good.",
             check=_hand_gone(P2),
             solution=["Remove the card"],
             hint="With the pile empty, a card Sniper removes cannot be replaced.",
             success="With the pile empty, the card Sniper removes is not replaced: Player 2 ends the game with "
                     "no card in hand.",
             miss="Player 2 kept their Clown to the end of the game",
             wrong=("Leave the card", "kept their Clown"),
             teaches=("sniper-empty",), uses=BASICS + LAST_GAME[:4] + ("sniper", "sniper-replace"),
             until=game_over()),
        Step("fortune-teller-last", "Fortune Teller draws the last card",
             position(2, boards=[(["Luna"], ["Aiko"]), (["Luna"], ["Fallen Angel"])],
                      hands=[["Fortune Teller", "Elf"], ["Elf"]], pile=["Sol"], pile_face_up=True, deck="full",
                      results=[TIED]),
             goal="Win the game before Player 2 can draw the Sol.",
             check=wins(P1),
             solution=["Play Fortune Teller", "your Site ×1", "Put Sol back"],
             hint="Fortune Teller draws a card: if it draws the last one, the pile became empty this turn.",
             success="Fortune Teller drawing the last card ends the game at the end of that turn (a ruling); "
                     "the card put back stays on the pile and nobody draws it.",
             miss=lambda s: (f"{_judged(s)}: Fortune Teller ended the game, but on Site ×10 it left you behind"
                             if "Fortune Teller" in _boards(s)[P1]["x10"] + _boards(s)[P1]["x1"] else
                             f"{_judged(s)}: the game went on, so Player 2 drew the Sol and played the last "
                             "turn; Fortune Teller on Site ×1 would have drawn the last card and ended the game "
                             "with you ahead"),
             wrong=(["Play Elf", "your Site ×1"], "drew the Sol"),
             teaches=("fortune-teller-last",), uses=BASICS + LAST_GAME + ("fortune-teller", "emptied-by-effect"),
             opponent=_prefer("Play Sol")),
        Step("fortune-teller-empty", "Fortune Teller on an empty pile",
             position(2, boards=[(["Luna"], ["Aiko"]), (["Luna"], ["Clown"])], hands=[["Elf", "Fortune Teller"],
                      ["Hacker"]], pile=[], deck="full", results=[TIED]),
             goal="The pile is empty: win this last game with Fortune Teller.",
             check=wins_with("Fortune Teller"),
             solution=["Play Fortune Teller", "your Site ×1"],
             hint="With nothing left to draw, Fortune Teller is simply a 7.",
             success="With the pile empty Fortune Teller draws nothing and puts nothing back: it is just a 7.",
             miss=lambda s: f"{_judged(s)}: with the pile empty Fortune Teller drew nothing and is just a 7; on "
                            "Site ×1 it makes 97",
             wrong=(["Play Fortune Teller", "your Site ×10"], "just a 7"),
             teaches=("fortune-teller-empty",), uses=BASICS + LAST_GAME + ("fortune-teller",)),
    ]


# --- 8. The selection rules -------------------------------------------------------------------------------


def _selection_rules() -> list[Step]:
    return [
        Step("teams", "Team Rule",
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
             miss=lambda s: f"{_judged(s)}: your team had 90, so Player 2's Luna (90 of their team's 120) had "
                            "to go",
             wrong=("Player 3's Site ×10", "team"),
             teaches=("teams", "teams-tokens"), uses=BASICS + LAST_GAME + ("aiko",)),
        Step("target-draw", "A target is drawn",
             dealt(3, target=True),
             goal="The target drawn at set-up is 32: make your number as close to it as you can.",
             check=number_is(30),
             solution=["Play Clown", "your Site ×10"],
             hint="With a target, the number closest to it wins, above or below. Which card on which site "
                  "comes nearest to 32?",
             success="Random Number Rule: at set-up a two-digit target is drawn (10 to 99), and it stays for the "
                     "whole match.",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}, {abs(number(s, P1) - 32)} away from 32: "
                                 "Clown on Site ×10 makes 30"),
             wrong=(["Play Elf", "your Site ×10"], "away from 32"),
             teaches=("target-draw",), uses=BASICS + ("clown",)),
        Step("target", "Random Number Rule",
             table(2, "Play Sister", boards=[(["Elf"], ["Aiko"]), (["Sister"], ["Elf"])],
                   hands=[["Sister", "Clown"], ["Medusa"]], pile=[], target=50, results=[[40, 60]]),
             goal="The target is 50: win this last game.",
             check=wins(P1),
             solution=["your Site ×10"],
             hint="With a target, the number closest to it wins, above or below.",
             success="Random Number Rule: the number closest to the target wins, not the highest.",
             miss=lambda s: f"{_judged(s)}: 85 is 35 away from 50, Player 2's 58 only 8",
             wrong=("your Site ×1", "away from 50"),
             teaches=("target",), uses=BASICS + LAST_GAME + ("target-draw",)),
        Step("teams-target", "Teams and a target",
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
             miss=lambda s: f"{_judged(s)}: your team's sum was {number(s, P1) + number(s, P3)}, further from "
                            "90 than the other team's 100",
             wrong=("your Site ×1", "further from 90"),
             teaches=("teams-target",), uses=("teams", "target")),
        Step("deck-mixed", "One basic set and one expansion set",
             dealt(3, deck="mixed"),
             goal="This game uses each of the 20 different cards once: make your number 60.",
             check=number_is(60),
             solution=["Play Fallen Angel", "your Site ×10"],
             hint="You hold two 6s: Dark Elf and Fallen Angel. A 6 on Site ×10 makes 60.",
             success="The Expansion Rule's second choice: one basic set 0–9 and one expansion set 0–9, so each "
                     "card is in the game once.",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: a 6 on Site ×10 makes 60"),
             wrong=(["Play Fallen Angel", "your Site ×1"], "makes 60"),
             teaches=("deck-mixed",), uses=BASICS + ("fallen-angel", "dark-elf", "deck-expansion")),
        Step("deck-full", "All 40 cards",
             dealt(9, deck="full"),
             goal="This game uses all 40 cards, and 10 more were removed at set-up: make your number 80.",
             check=number_is(80),
             solution=["Play Elf", "your Site ×10"],
             hint="Look at the removed count: 10 cards plus the usual one. Elf (8) belongs on Site ×10.",
             success="The Expansion Rule's third choice: all 40 cards, 10 of them removed face down at set-up, "
                     "so 30 are played with (the rulebook's text is garbled here; a ruling reconstructs it).",
             miss=_now(lambda s: f"your number is {number(s, P1):02d}: Elf (8) on Site ×10 makes 80"),
             wrong=(["Play Elf", "your Site ×1"], "makes 80"),
             teaches=("deck-full",), uses=BASICS + ("deck-expansion",)),
        Step("competition", "Competition Rule",
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
        Step("competition-tokens", "Tokens do not decide",
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
        Step("competition-target", "Competition Rule with a target",
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


CHAPTERS = [
    ("first-game", "Set-up and your first game", _first_game),
    ("basic-cards", "The basic cards", _basic_cards),
    ("sister", "Sister's protection", _sister),
    ("expansion-low", "Expansion cards 0 to 4", _expansion_low),
    ("expansion-high", "Expansion cards 5 to 9", _expansion_high),
    ("copies", "Copies: Hacker, Shaman, Archangel", _copies),
    ("game-end", "Game end and victory", _game_end),
    ("selection", "The selection rules", _selection_rules),
]
