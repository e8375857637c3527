"""The Double Nine tutorial's lesson steps: each rule is a decision the learner makes at the card table.

``tutorial()`` builds every step; ``notebooks/tutorials/double_nine.ipynb`` shows one per cell between
the texts that teach the rules, and ``docs/double_nine.md`` lists which rule each step practises.
Every position is built with the rules engine (``position(...)``, sometimes followed by the decisions
that lead to the one the step is about: a card already chosen, an effect already under way).  The
checks read the outcome (numbers, hands, the judgment), never the exact clicks, so any legal way to
the goal counts.  The other players reply with :func:`reply` (or a short preference list of their
own), a fixed, readable policy, so every step plays the same way each time.

    >>> lesson = tutorial()
    >>> lesson.steps["reaper"].goal
    'Put Reaper where the card it takes makes your number 90.'
    >>> lesson.steps["clown-left"].start.prompt
    'Player 1: choose left or right; Clown passes every hand that way'
"""

from __future__ import annotations

import ninekit
from ninekit.double_nine import position

from ..lesson import Tutorial, resolve

P1, P2, P3, P4 = range(4)
TIED = [50, 50]  # a tied first game: each player holds a victory token, so the step's game decides the match


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


# --- the steps ---------------------------------------------------------------------------------


def tutorial() -> Tutorial:
    """Every step of the Double Nine tutorial, in the order of the notebook."""
    t = Tutorial("double_nine", "Learn Double Nine")
    _table_and_turn(t)
    _basic_cards(t)
    _sister(t)
    _more_basic_cards(t)
    _expansion_cards(t)
    _copies(t)
    _game_end(t)
    _selection_rules(t)
    return t


def _table_and_turn(t: Tutorial) -> None:
    start = position(2, boards=[([], []), (["Medusa"], ["Clown"])], hands=[["Sister", "Elf"], ["Luna"]],
                     pile=["Hacker", "Reaper", "Necromancer"])
    t.step("first-card", start,
           goal="Make your number 80.",
           check=_mine(lambda s: number(s, P1) == 80),
           solution=["Play Elf", "your Site ×10"],
           hint="Click a card in your hand first, then one of your two sites. Site ×10 gives the tens.",
           success="You play one of your two cards onto one of your own sites: the top card of Site ×10 "
                   "gives the tens, the top card of Site ×1 the ones, and an empty site counts 0.",
           miss=_now(lambda s: f"your number is {number(s, P1):02d}: a card on Site ×1 counts its own value, on "
                               "Site ×10 ten times its value, and an empty site counts 0"),
           wrong=(["Play Elf", "your Site ×1"], "ten times"),
           opponent=reply)

    start = _play(position(2, boards=[(["Medusa"], ["Aiko"]), (["Luna"], ["Clown"])],
                           hands=[["Elf", "Sister"], ["Luna"]], pile=["Hacker", "Reaper", "Necromancer"]),
                  "Play Elf")
    t.step("cover-a-card", start,
           goal="Put Elf where it makes your number as high as it can be.",
           check=_mine(lambda s: number(s, P1) == 82),
           solution=["your Site ×10"],
           hint="Only the top card of a site counts. Which card would you rather cover, the 7 or the 2?",
           success="A card played on a site covers the card beneath it: only the top card counts. "
                   "(Elf's effect: nothing happens.)",
           miss=_now(lambda s: f"your number is {number(s, P1):02d}: Elf covered Aiko (2), but covering Medusa "
                               "(7) on Site ×10 with an 8 gives more"),
           wrong=("your Site ×1", "covered Aiko"),
           opponent=reply)


def _basic_cards(t: Tutorial) -> None:
    start = _play(position(2, boards=[(["Medusa"], ["Elf"]), (["Luna"], ["Aiko"])],
                           hands=[["Reaper", "Sister"], ["Clown"]], pile=["Hacker", "Necromancer", "Hacker"]),
                  "Play Reaper")
    t.step("reaper", start,
           goal="Put Reaper where the card it takes makes your number 90.",
           check=_mine(lambda s: number(s, P1) == 90),
           solution=["your Site ×1", "Take Luna"],
           hint="The card Reaper takes goes on top of the site beside Reaper, the other site of your board.",
           success="The card you play uses its effect at once: Reaper takes a top card of another player and "
                   "puts it on your other site, beside Reaper.",
           miss=_now(lambda s: f"your number is {number(s, P1):02d}: the card Reaper takes lands beside Reaper, "
                               "so put Reaper on Site ×1 and take a 9 for Site ×10"),
           wrong=(["your Site ×10", "Take Luna"], "lands beside Reaper"),
           opponent=reply)

    start = _play(position(2, boards=[(["Luna"], []), ([], [])], hands=[["Reaper", "Clown"], ["Elf"]],
                           pile=["Hacker", "Necromancer", "Hacker"]),
                  "Play Reaper")
    t.step("nothing-to-take", start,
           goal="Play Reaper and keep your number at 90.",
           check=_numbers_check(start, lambda n: n[P1] >= 90),
           solution=["your Site ×1"],
           hint="Player 2's board is empty: what can Reaper take there? Then where does a 0 hurt least?",
           success="An effect must be used if it can; with no legal target nothing happens, and Reaper is "
                   "just a 0.",
           miss=_now(lambda s: f"your number is {number(s, P1):02d}: Reaper had nothing to take, so nothing "
                               "happened; it only covered your Luna with a 0"),
           wrong=("your Site ×10", "nothing to take"),
           opponent=reply)

    start = _play(position(2, boards=[(["Reaper"], ["Elf"]), (["Luna"], ["Aiko"])],
                           hands=[["Hacker", "Clown"], ["Medusa"]], pile=["Necromancer", "Sister", "Clown"]),
                  "Play Hacker")
    t.step("hacker", start,
           goal="Make your number 91.",
           check=_mine(lambda s: number(s, P1) == 91),
           solution=["your Site ×1", "Take Luna"],
           hint="Hacker uses the effect of the card beside it, as if that card had just been played where "
                "Hacker lies.",
           success="Hacker uses the effect of the card beside it, as if you had just played that card onto "
                   "Hacker's site: here Reaper's, so the stolen card lands beside Hacker.",
           miss=_now(lambda s: f"your number is {number(s, P1):02d}: " + (
               "the copied Reaper puts the card it takes beside Hacker, on your Site ×10, so take a 9"
               if _top(s, P1, "x1") == "Hacker" else "beside Hacker lay Elf, whose effect is that nothing happens")),
           wrong=("your Site ×10", "nothing happens"),
           opponent=reply)

    start = _play(position(2, boards=[(["Medusa"], ["Elf"]), (["Elf"], ["Luna"])],
                           hands=[["Aiko", "Sister"], ["Clown"]], pile=["Hacker", "Reaper", "Necromancer"]),
                  "Play Aiko")
    t.step("aiko", start,
           goal="Bring Player 2's number below yours (78).",
           check=_numbers_check(start, lambda n: n[P2] < n[P1]),
           solution=["Player 2's Site ×10"],
           hint="Aiko goes onto another player's board, and her 2 counts for them. Which site hurts more?",
           success="Aiko is placed on another player's site, never on your own; her 2 counts for that player.",
           miss=_now(lambda s: f"Player 2 still has {number(s, P2):02d}: a 2 on their Site ×1 costs them little"),
           wrong=({"kind": "site", "args": [P1, "x10"]}, "Aiko must be placed on another player's board"),
           opponent=reply)

    # 3 players: "left" is the next player clockwise (Player 2), "right" the one before (Player 3).
    clown = _play(position(3, boards=[([], []), (["Elf"], []), (["Medusa"], [])],
                           hands=[["Clown", "Aiko"], ["Elf"], ["Luna"]],
                           pile=["Sister", "Hacker", "Necromancer", "Hacker"]),
                  "Play Clown", "your Site ×10")
    t.step("clown-left", clown,
           goal="Get the card that Player 3 holds.",
           check=_mine(lambda s: "Luna" in _hand(s, P1)),
           solution=["left"],
           hint="Left means towards the next player clockwise: you pass to Player 2, Player 2 to Player 3, "
                "and Player 3 to ...?",
           success="Clown: every player passes their hand card the chosen way at the same time. Left is the "
                   "next player clockwise, the way the turns go: Player 3's card comes to you.",
           miss="you passed right: everyone gave their card to the player before them, so Player 2's card came "
                "to you, not Player 3's",
           wrong=("right", "passed right"),
           opponent=reply)
    t.step("clown-right", clown,
           goal="Get the card that Player 2 holds.",
           check=_mine(lambda s: _hand(s, P1) == ["Elf"]),
           solution=["right"],
           hint="Left means towards the next player clockwise (Player 2 after you). Which way must Player 2 pass?",
           success="Passing right gives each card to the previous player: Player 2 passes to you, you pass to "
                   "Player 3, and Player 3 to Player 2.",
           miss="you passed left: everyone gave their card to the next player clockwise, so Player 3's card "
                "came to you",
           wrong=("left", "passed left"),
           opponent=reply)

    start = _play(position(2, boards=[(["Luna", "Aiko"], ["Medusa"]), (["Elf"], ["Clown"])],
                           hands=[["Necromancer", "Sister"], ["Elf"]], pile=["Hacker", "Reaper", "Hacker"]),
                  "Play Necromancer", "your Site ×10")
    t.step("necromancer", start,
           goal="Make your number as high as you can.",
           check=_mine(lambda s: number(s, P1) == 49),
           solution=["Revive Luna"],
           hint="The cards beneath Necromancer are the strips above it; the one you choose moves to your "
                "other site.",
           success="Necromancer revives a card from beneath it in its own site onto the site beside it; the "
                   "revived card's effect is not used.",
           miss=_now(lambda s: f"your number is {number(s, P1):02d}: Luna, the bottom card of Site ×10, would "
                               "have counted 9 on Site ×1"),
           wrong=("Revive Aiko", "Luna"),
           opponent=reply)


def _sister(t: Tutorial) -> None:
    start = _play(position(2, boards=[(["Luna"], ["Aiko"]), (["Elf"], ["Medusa"])],
                           hands=[["Sister", "Elf"], ["Clown"]],
                           pile=["Fallen Angel", "Hacker", "Reaper", "Necromancer"], pile_face_up=True),
                  "Play Sister")
    after = _after_reply(start)
    t.step("sister-shield", start,
           goal="Still have 90 or more after Player 2 plays the Fallen Angel on top of the pile.",
           check=lambda s: after(s) and number(s, P1) >= 90,
           solution=["your Site ×1"],
           hint="Fallen Angel does not swap a board with a site Sister protects, and Sister protects the site "
                "beside her.",
           success="While Sister is a top card, the site beside her is protected from other players' effects, "
                   "and Fallen Angel leaves a protected board alone.",
           miss=lambda s: f"your number is {number(s, P1):02d}: Sister on Site ×10 covered your Luna herself; "
                          "beside the Luna she would have protected it",
           wrong=("your Site ×10", "covered your Luna"),
           opponent=_prefer("Play Fallen Angel"))

    start = _play(position(3, boards=[(["Medusa"], []), (["Luna"], ["Sister"]), (["Elf"], ["Clown"])],
                           hands=[["Reaper", "Elf"], ["Hacker"], ["Necromancer"]],
                           pile=["Hacker", "Reaper", "Necromancer", "Medusa"]),
                  "Play Reaper", "your Site ×1")
    t.step("sister-not-herself", start,
           goal="End the protection of Player 2's Luna.",
           check=_mine(lambda s: _top(s, P2, "x1") != "Sister"),
           solution=["Take Sister"],
           hint="Sister protects the site beside her, not her own site.",
           success="Sister protects the site beside her, never herself: take her, and the protection ends.",
           miss="Sister is still Player 2's top card, so the Luna beside her stays protected",
           wrong=({"kind": "take", "args": [P2, "x10"]}, "Sister protects that site"),
           opponent=reply)

    start = _play(position(3, boards=[(["Clown"], ["Elf"]), (["Luna"], ["Sister"]), (["Elf"], ["Medusa"])],
                           hands=[["Aiko", "Clown"], ["Hacker"], ["Necromancer"]],
                           pile=["Hacker", "Reaper", "Necromancer", "Reaper"]),
                  "Play Aiko")
    t.step("aiko-on-sister", start,
           goal="End the protection of Player 2's Luna.",
           check=_mine(lambda s: _top(s, P2, "x1") != "Sister"),
           solution=["Player 2's Site ×1"],
           hint="Aiko cannot go onto the protected site, but Sister's own site is not protected.",
           success="Aiko and Dark Aiko may not be placed on a site Sister protects, but on Sister herself: "
                   "covered, she is no longer a top card and her protection ends.",
           miss="Sister is still Player 2's top card, so the Luna beside her stays protected",
           wrong=({"kind": "site", "args": [P2, "x10"]}, "Sister protects that site"),
           opponent=reply)

    start = _play(position(2, boards=[(["Elf"], ["Medusa"]), (["Sister"], ["Sister"])],
                           hands=[["Aiko", "Aiko"], ["Clown"]], pile=["Hacker", "Reaper", "Necromancer"]),
                  "Play Aiko")
    t.step("aiko-fallback", start,
           goal="Bring Player 2's number below 30.",
           check=_numbers_check(start, lambda n: n[P2] < 30),
           solution=["Player 2's Site ×10"],
           hint="Both of Player 2's sites are protected, and you hold only Aikos: then an Aiko may go on any "
                "site of another player.",
           success="When every site you could give Aiko to is protected and you hold nothing else, Aiko may go "
                   "on a protected site so that the turn can go on.",
           miss=_now(lambda s: f"Player 2 has {number(s, P2):02d}: a 2 on Site ×1 costs them 3, on Site ×10 it "
                               "costs 30"),
           wrong=("Player 2's Site ×1", "Site ×10"),
           opponent=reply)


def _more_basic_cards(t: Tutorial) -> None:
    start = _play(position(4, boards=[(["Elf"], ["Medusa"]), (["Luna"], ["Aiko"]), (["Medusa"], []),
                                      (["Elf"], ["Sister"])],
                           hands=[["Fallen Angel", "Clown"], ["Luna"], ["Sister"], ["Necromancer"]],
                           pile=["Hacker", "Hacker", "Reaper", "Reaper", "Necromancer"]),
                  "Play Fallen Angel")
    t.step("fallen-angel", start,
           goal="Have the highest number at the table.",
           check=_numbers_check(start, lambda n: all(n[P1] > x for x in n[1:])),
           solution=["your Site ×1"],
           hint="Fallen Angel swaps the other boards, not yours. Which boards does it leave alone? Then place it "
                "where it costs you least.",
           success="Fallen Angel: every other player swaps the top cards of their two sites, except a board with "
                   "only one top card or with a site Sister protects; your own board is never swapped.",
           miss=_now(lambda s: f"your number is {number(s, P1):02d}: Player 3 (one site filled) and Player 4 "
                               "(Sister) were not swapped and keep 70 and 85, so a 6 on your Site ×10 is too "
                               "little"),
           wrong=("your Site ×10", "not swapped"),
           opponent=reply)

    start = _play(position(2, boards=[(["Luna"], ["Aiko"]), (["Elf"], ["Clown"])],
                           hands=[["Medusa", "Elf"], ["Sister"]], pile=["Medusa", "Luna", "Hacker", "Reaper"],
                           pile_face_up=True),
                  "Play Medusa")
    t.step("medusa", start,
           goal="Make your number 99 before Player 2 plays again.",
           check=_mine(lambda s: number(s, P1) == 99),
           solution=["your Site ×1", "Play Medusa", "your Site ×1", "Play Luna", "your Site ×1"],
           hint="The pile lies face up: you can see what you will draw. Each Medusa gives you one more turn.",
           success="Medusa: you take another whole turn at once (draw, play, effect), and a Medusa played in "
                   "that turn gives yet another one.",
           miss=_now(lambda s: f"Player 2 played again while your number was {number(s, P1):02d}: play the Medusa "
                               "you draw too, and the Luna comes next"),
           wrong=(["your Site ×1", "Play Elf", "your Site ×1"], "play the Medusa you draw"),
           opponent=reply)

    start = _play(position(2, boards=[(["Elf"], ["Aiko"]), (["Medusa"], ["Clown"])],
                           hands=[["Luna", "Sister"], ["Elf"]], pile=["Hacker", "Reaper", "Necromancer"]),
                  "Play Luna")
    t.step("luna", start,
           goal="Play Luna onto your board.",
           check=_mine(lambda s: _top(s, P1, "x1") == "Luna"),
           solution=["your Site ×1"],
           hint="Luna's card text says where she goes.",
           success="Luna may only be played onto your own Site ×1, so on her own she counts 9, never 90.",
           miss="Luna is not on your Site ×1",
           wrong=({"kind": "site", "args": [P1, "x10"]}, "Luna may only be played onto your own Site ×1"),
           opponent=reply)


def _expansion_cards(t: Tutorial) -> None:
    start = _play(position(2, boards=[([], ["Luna"]), (["Elf"], ["Clown"])],
                           hands=[["Nine-tailed Fox", "Elf"], ["Medusa"]], pile=["Hacker", "Reaper", "Sol"],
                           deck="full"),
                  "Play Nine-tailed Fox")
    t.step("fox", start,
           goal="Make your number 99.",
           check=_mine(lambda s: number(s, P1) == 99),
           solution=["your Site ×10"],
           hint="At the end of the game a Nine-tailed Fox counts the number of the card beside it.",
           success="Nine-tailed Fox takes the number of the card beside it at the end of the game (the number "
                   "shown counts it as if the game ended now).",
           miss="your Fox covered Luna, and beside an empty site a Fox counts 0",
           wrong=("your Site ×1", "counts 0"),
           opponent=reply)

    start = _play(position(3, boards=[(["Aiko"], ["Luna"]), (["Luna"], []), (["Elf"], ["Medusa"])],
                           hands=[["Magician", "Clown"], ["Hacker"], ["Necromancer"]],
                           pile=["Hacker", "Reaper", "Necromancer", "Reaper"], deck="full"),
                  "Play Magician", "your Site ×10")
    t.step("magician", start,
           goal="Have the highest number at the table.",
           check=_numbers_check(start, lambda n: all(n[P1] > x for x in n[1:])),
           solution=["Swap your own"],
           hint="Magician may swap your own board too. Which boards can it swap at all?",
           success="Magician swaps the two top cards of one board, yours included, if both its sites have a "
                   "top card.",
           miss=_now(lambda s: f"your number is {number(s, P1):02d}: your own board swapped would read 91"),
           wrong=({"kind": "swap", "args": [P2]}, "both sites have a top card"),
           opponent=reply)

    start = _play(position(2, boards=[(["Aiko"], ["Sister"]), (["Elf"], ["Luna"])],
                           hands=[["Magician", "Elf"], ["Clown"]], pile=["Hacker", "Reaper", "Medusa"],
                           deck="full"),
                  "Play Magician", "your Site ×10")
    t.step("sister-own", start,
           goal="Make your number higher than 50.",
           check=_numbers_check(start, lambda n: n[P1] > 50),
           solution=["Swap your own"],
           hint="Your Sister protects your Magician from the other players. Does she stop you?",
           success="Sister only stops effects of other players' cards: your own cards may still swap, take or "
                   "remove what she protects.",
           miss=_now(lambda s: f"your number is {number(s, P1):02d}: swapping your own board (Magician and "
                               "Sister) gives 51; your Sister does not block your own Magician"),
           wrong=("Swap Player 2's two top cards", "your own Magician"),
           opponent=reply)

    start = _play(position(3, boards=[(["Medusa"], []), (["Luna"], ["Reaper"]), (["Elf"], ["Sister"])],
                           hands=[["Shaman", "Clown"], ["Hacker"], ["Necromancer"]],
                           pile=["Hacker", "Reaper", "Necromancer", "Clown"], deck="full"),
                  "Play Shaman", "your Site ×1")
    t.step("shaman", start,
           goal="Make your number 92.",
           check=_mine(lambda s: number(s, P1) == 92),
           solution=["Player 2's Site ×1", "Take Luna"],
           hint="Shaman borrows the effect of another player's Site ×1 card, as if you had just played that "
                "card where Shaman lies.",
           success="Shaman uses the effect of another player's Site ×1 top card as if you had played it onto "
                   "Shaman's site; a [Constant] effect cannot be used.",
           miss=_now(lambda s: f"your number is {number(s, P1):02d}: Player 2's Reaper, used from Shaman's "
                               "Site ×1, puts the card it takes on your Site ×10"),
           wrong=({"kind": "possess", "args": [P3]}, "[Constant]"),
           opponent=reply)

    start = _play(position(2, boards=[(["Medusa"], []), (["Aiko", "Luna"], ["Elf", "Luna"])],
                           hands=[["Sol", "Clown"], ["Hacker"]], pile=["Hacker", "Reaper", "Necromancer"],
                           deck="full"),
                  "Play Sol", "your Site ×1")
    t.step("sol", start,
           goal="Bring Player 2 below 50.",
           check=_numbers_check(start, lambda n: n[P2] < 50),
           solution=["Player 2's Site ×10"],
           hint="Sol removes a top card from the game; the card beneath it counts again.",
           success="Sol removes any top card from the game, face down; the card beneath it counts again.",
           miss=_now(lambda s: f"Player 2 has {number(s, P2):02d}: once a top card is gone, the card beneath it "
                               "counts"),
           wrong=("Player 2's Site ×1", "beneath"),
           opponent=reply)

    start = _play(position(2, boards=[(["Luna", "Aiko"], []), (["Elf", "Medusa"], ["Luna", "Elf"])],
                           hands=[["Sol", "Clown"], ["Hacker"]], pile=["Hacker", "Reaper", "Necromancer"],
                           deck="full"),
                  "Play Sol", "your Site ×1")
    t.step("sol-own", start,
           goal="Have a higher number than Player 2.",
           check=_numbers_check(start, lambda n: n[P1] > n[P2]),
           solution=["Remove Aiko"],
           hint="Sol may remove any top card, your own too. What lies beneath your Aiko?",
           success="Sol may remove your own top card too: the card beneath it counts again.",
           miss=_now(lambda s: f"you have {number(s, P1):02d} and Player 2 {number(s, P2):02d}: removing your own "
                               "Aiko would show the Luna beneath it"),
           wrong=("Remove Medusa", "your own"),
           opponent=reply)

    start = _play(position(2, boards=[(["Elf"], []), (["Medusa"], ["Clown"])],
                           hands=[["Sniper", "Clown"], ["Luna"]], pile=["Hacker", "Reaper", "Necromancer"],
                           deck="full"),
                  "Play Sniper", "your Site ×10")
    t.step("sniper-remove", start,
           goal="Look at Player 2's hand; if they hold a 9, take it out of the game.",
           check=_removed_more(start),
           solution=["Look at Player 2's hand", "Remove the card"],
           hint="First choose whose hand Sniper looks at; what it shows you appears under your hand. Then decide.",
           success="Sniper looks at another player's hand card and may remove it from the game; that player "
                   "then draws a new card. Only you saw the card.",
           miss="Player 2 kept the Luna",
           wrong=({"kind": "aim", "args": [P1]}, "another player's hand"),
           opponent=reply)

    start = _play(position(2, boards=[(["Luna"], ["Medusa"]), (["Archangel"], ["Aiko"])],
                           hands=[["Sniper", "Clown"], ["Sister"]], pile=["Elf", "Luna"], pile_face_up=True,
                           deck="full", results=[TIED]),
                  "Play Sniper", "your Site ×1", "Look at Player 2's hand")
    t.step("sniper-keep", start,
           goal="Win this last game: the pile holds two cards, face up.",
           check=_won(start, P1),
           solution=["Leave the card", "Play Luna", "your Site ×1"],
           hint="A removed card is replaced from the pile at once. Who would draw the Luna then?",
           success="Sniper's player may leave the card where it is: a removed card is replaced from the pile, "
                   "which changes who draws which card, and who plays the last turn.",
           miss=lambda s: ("removing Sister made Player 2 draw the Elf at once, so Player 2 drew the last card, the "
                           f"Luna, and played the last turn ({_judged(s)})"
                           if _did(s, "decide", "remove") else
                           f"{_judged(s)}: the Luna you drew belongs on your Site ×1"),
           wrong=("Remove the card", "drew the last card"),
           turns=3,
           opponent=reply)

    start = _play(position(2, boards=[(["Medusa"], ["Elf"]), (["Luna"], ["Elf"])],
                           hands=[["Dark Aiko", "Clown"], ["Hacker"]], pile=["Reaper", "Necromancer", "Hacker"],
                           deck="full"),
                  "Play Dark Aiko")
    t.step("dark-aiko-place", start,
           goal="Curse Player 2 with Dark Aiko and bring their number below yours (78).",
           check=_numbers_check(start, lambda n: n[P2] < n[P1]),
           solution=["Player 2's Site ×10"],
           hint="Like Aiko, Dark Aiko goes on another player's site and counts for them.",
           success="Dark Aiko is placed on another player's site like Aiko; while she is a top card there, "
                   "that player must play every card they draw.",
           miss=_now(lambda s: f"Player 2 has {number(s, P2):02d}: a 5 on Site ×1 costs them little"),
           wrong=("Player 2's Site ×1", "Site ×1"),
           opponent=reply)

    start = position(2, boards=[(["Luna", "Dark Aiko"], ["Medusa"]), (["Luna"], ["Elf"])],
                     hands=[["Elf", "Reaper"], ["Hacker"]], pile=["Clown", "Necromancer", "Hacker"], deck="full")
    t.step("dark-aiko-forced", start,
           goal="Get rid of the Dark Aiko on your board and make your number 90.",
           check=_mine(lambda s: number(s, P1) == 90),
           solution=["Play Reaper", "your Site ×1", "Take Luna"],
           hint="You must play the card you drew this turn (the second card in your hand). Where it goes is "
                "still up to you.",
           success="While a Dark Aiko is a top card on your board, you must play the card you drew, if it can "
                   "be played; covering her lifts the curse.",
           miss=_now(lambda s: f"your number is {number(s, P1):02d}: with Reaper on Site ×1, the Luna it takes "
                               "covers the Dark Aiko on Site ×10"),
           wrong=({"kind": "card", "args": ["Elf"]}, "you must play the card you drew"),
           opponent=reply)

    start = position(2, boards=[(["Dark Aiko"], ["Medusa"]), (["Sister"], ["Sister"])],
                     hands=[["Elf", "Aiko"], ["Hacker"]], pile=["Clown", "Necromancer", "Hacker"], deck="full")
    t.step("dark-aiko-cannot", start,
           goal="Make your number 87.",
           check=_mine(lambda s: number(s, P1) == 87),
           solution=["Play Elf", "your Site ×10"],
           hint="You drew Aiko, but can Aiko be placed anywhere? Then the curse lets you play the other card.",
           success="The curse forces the drawn card only if it can be played; an Aiko with nowhere to go leaves "
                   "you free to play your other card.",
           miss=_now(lambda s: f"your number is {number(s, P1):02d}: Elf on Site ×10 covers the Dark Aiko"),
           wrong=({"kind": "card", "args": ["Aiko"]}, "Sister protects every such site"),
           opponent=reply)

    start = _play(position(2, boards=[(["Elf"], ["Medusa", "Reaper"]), (["Luna"], ["Elf"])],
                           hands=[["Dark Elf", "Clown"], ["Hacker"]], pile=["Sol", "Necromancer", "Hacker"],
                           deck="full"),
                  "Play Dark Elf", "your Site ×10")
    t.step("dark-elf", start,
           goal="Have a higher number than Player 2.",
           check=_numbers_check(start, lambda n: n[P1] > n[P2]),
           solution=["Player 2's Site ×10"],
           hint="Dark Elf gives away the card beside it, your Reaper (0), onto the site of your choice.",
           success="Dark Elf gives the card beside it to another player, onto the site you choose.",
           miss=_now(lambda s: f"Player 2 has {number(s, P2):02d}: a 0 on their Site ×1 still leaves their Luna "
                               "on Site ×10"),
           wrong=("Player 2's Site ×1", "Site ×1"),
           opponent=reply)

    start = _play(position(2, boards=[([], ["Medusa"]), (["Elf"], ["Clown"])],
                           hands=[["Fortune Teller", "Elf"], ["Hacker"]], pile=["Aiko", "Necromancer", "Reaper"],
                           deck="full"),
                  "Play Fortune Teller", "your Site ×10")
    t.step("fortune-teller", start,
           goal="Put back the card that cannot hurt you: Player 2 draws it next.",
           check=_mine(lambda s: s.view(None)["phase"] != "return" and "Aiko" in _hand(s, P1)),
           solution=["Put Elf back"],
           hint="Aiko is placed on another player's board. Whose board would it be if Player 2 got it?",
           success="Fortune Teller: draw a card, then put one of your two hand cards back on top of the pile, "
                   "where the next player draws it.",
           miss="Player 2 drew the Aiko you put back and placed it on your board",
           wrong=("Put Aiko back", "drew the Aiko"),
           opponent=_prefer("Play Aiko"))

    start = position(2, boards=[(["Luna"], ["Clown"]), (["Elf"], ["Clown"])], hands=[["Thera", "Sister"], ["Hacker"]],
                     pile=["Luna", "Reaper", "Aiko", "Necromancer"], pile_face_up=True, deck="full")
    t.step("thera", start,
           goal="Keep the Luna on top of the pile away from Player 2.",
           check=lambda s: s.to_move == P2 and s.view(None)["phase"] == "card" and "Luna" not in _hand(s, P2),
           solution=["Play Thera", "your Site ×1"],
           hint="Player 2 draws the top card of the pile. Thera turns the whole pile over.",
           success="Thera reverses the pile: the bottom card comes on top. A face-down pile turns face up for "
                   "everyone to see; a second Thera turns it face down again.",
           miss="Player 2 drew the Luna from the top of the pile",
           wrong=(["Play Sister", "your Site ×1"], "drew the Luna"),
           opponent=reply)

    start = _play(position(2, boards=[(["Luna", "Sol"], ["Medusa"]), (["Luna"], ["Elf"])],
                           hands=[["Archangel", "Clown"], ["Hacker"]], pile=["Reaper", "Necromancer", "Hacker"],
                           deck="full"),
                  "Play Archangel", "your Site ×10")
    t.step("archangel", start,
           goal="Have a higher number than Player 2.",
           check=_numbers_check(start, lambda n: n[P1] > n[P2]),
           solution=["Bring Sol", "Player 2's Site ×10"],
           hint="Archangel brings a card from beneath it to the top and uses that card's effect.",
           success="Archangel brings a card from beneath it to the top of its site and uses that card's "
                   "effect; a placement rule (Luna) or a [Constant] card has none to use.",
           miss=_now(lambda s: f"you have {number(s, P1):02d} and Player 2 {number(s, P2):02d}: " + (
               "Luna's only rule is where she may be played, so bringing her up used no effect"
               if _top(s, P1, "x10") == "Luna" else "Sol, brought up, removes one top card: remove the one "
               "that costs Player 2 most")),
           wrong=("Bring Luna", "no effect"),
           opponent=reply)


def _copies(t: Tutorial) -> None:
    start = _play(position(2, boards=[(["Nine-tailed Fox"], ["Sol"]), (["Luna"], ["Elf"])],
                           hands=[["Hacker", "Clown"], ["Elf"]], pile=["Reaper", "Necromancer", "Medusa"],
                           deck="full"),
                  "Play Hacker")
    t.step("hacker-constant", start,
           goal="Remove Player 2's Luna.",
           check=_mine(lambda s: "Luna" not in _boards(s)[P2]["x10"]),
           solution=["your Site ×10", "Player 2's Site ×10"],
           hint="Hacker copies the card beside it, but a [Constant] effect cannot be used.",
           success="Hacker cannot use a [Constant] effect (Sister, Nine-tailed Fox): beside one it only counts "
                   "as a 1.",
           miss=_now(lambda s: "beside Hacker lay the Nine-tailed Fox, whose effect is [Constant], so nothing "
                               "happened" if _top(s, P1, "x1") == "Hacker" else
                               "the copied Sol removed another card, and the Luna is still there"),
           wrong=("your Site ×1", "[Constant]"),
           opponent=reply)

    start = _play(position(2, boards=[(["Elf", "Hacker"], ["Sol"]), (["Luna"], ["Elf"])],
                           hands=[["Archangel", "Clown"], ["Medusa"]], pile=["Reaper", "Necromancer", "Hacker"],
                           deck="full"),
                  "Play Archangel", "your Site ×10")
    t.step("archangel-hacker", start,
           goal="Have a higher number than Player 2.",
           check=_numbers_check(start, lambda n: n[P1] > n[P2]),
           solution=["Bring Hacker", "Player 2's Site ×10"],
           hint="A Hacker brought to the top uses the effect of the card beside it.",
           success="A Hacker brought up by Archangel copies the card beside it, as if just played.",
           miss=_now(lambda s: f"you have {number(s, P1):02d} and Player 2 {number(s, P2):02d}: " + (
               "Elf does nothing, but a Hacker brought up copies the Sol beside it"
               if _top(s, P1, "x10") == "Elf" else "the copied Sol removes one top card: remove the one that "
               "costs Player 2 most")),
           wrong=("Bring Elf", "Sol beside it"),
           opponent=reply)

    start = _play(position(2, boards=[(["Sol", "Archangel"], ["Medusa"]), (["Luna"], ["Elf"])],
                           hands=[["Archangel", "Clown"], ["Hacker"]], pile=["Reaper", "Necromancer", "Hacker"],
                           deck="full"),
                  "Play Archangel", "your Site ×10", "Bring Archangel")
    t.step("loop-guard", start,
           goal="Remove Player 2's Luna.",
           check=_mine(lambda s: "Luna" not in _boards(s)[P2]["x10"]),
           solution=["Bring Sol", "Player 2's Site ×10"],
           hint="An Archangel brought up through another Archangel uses no effect: no chains of copies.",
           success="A copy of a copy does nothing: an Archangel, Hacker or Shaman brought up through another "
                   "copy uses no effect, but an ordinary card (Sol) does.",
           miss=_now(lambda s: "an Archangel brought up through another Archangel uses no effect (no chains of "
                               "copies)" if "no chains" in str(s.history[-1][1]) else
                               "Sol removed another card, and the Luna is still there"),
           wrong=("Bring Archangel", "no chains"),
           opponent=reply)


def _game_end(t: Tutorial) -> None:
    start = position(2, boards=[(["Medusa"], ["Luna"]), (["Elf"], ["Sister"])], hands=[["Medusa", "Elf"], ["Clown"]],
                     pile=[], results=[TIED])
    t.step("last-turn", start,
           goal="The pile is empty: win this last game.",
           check=_won(start, P1),
           solution=["Play Elf", "your Site ×10"],
           hint="The game ends after this turn, so your other card will not count, and Medusa cannot give "
                "you another turn.",
           success="The game ends at the end of the turn in which the pile became empty: the highest number "
                   "wins, and the card left in your hand does not count.",
           miss=lambda s: f"{_judged(s)}: the game ended after your turn (with the pile empty, Medusa gives no "
                          "extra turn), and the card left in your hand does not count",
           wrong=(["Play Medusa", "your Site ×1"], "no extra turn"),
           opponent=reply)

    start = _play(position(2, boards=[(["Luna"], ["Aiko"]), (["Luna"], ["Elf"])], hands=[["Elf", "Sister"], ["Clown"]],
                           pile=[], results=[TIED]),
                  "Play Elf")
    t.step("tie", start,
           goal="Take a victory token in this last game.",
           check=_won(start, P1),
           solution=["your Site ×1"],
           hint="You cannot beat 98. What happens on a tie?",
           success="Everyone tied for the highest number wins and takes a victory token; if several players "
                   "reach two tokens at once, they all win the match.",
           miss=lambda s: f"{_judged(s)}: a tie at 98 would have given you a victory token too",
           wrong=("your Site ×10", "tie"),
           opponent=reply)

    start = _play(position(2, boards=[(["Luna"], []), (["Elf"], ["Luna"])], hands=[["Sniper", "Clown"], ["Sol"]],
                           pile=["Medusa"], deck="full", results=[TIED]),
                  "Play Sniper", "your Site ×1", "Look at Player 2's hand")
    t.step("sniper-last-card", start,
           goal="Win the game before Player 2 can use that Sol.",
           check=_won(start, P1),
           solution=["Remove the card"],
           hint="Count the pile. If you remove the Sol, Player 2 draws a card from it.",
           success="Any effect that empties the pile ends the game at the end of that turn: here Player 2 "
                   "draws the last card as Sniper's replacement and never plays it.",
           miss=lambda s: f"Player 2 drew the last card on their turn and removed your Luna with Sol ({_judged(s)})",
           wrong=("Leave the card", "removed your Luna"),
           opponent=_prefer("Play Sol"))

    start = position(2, boards=[(["Luna"], ["Aiko"]), (["Luna"], ["Fallen Angel"])],
                     hands=[["Fortune Teller", "Elf"], ["Elf"]], pile=["Sol"], pile_face_up=True, deck="full",
                     results=[TIED])
    t.step("fortune-teller-last", start,
           goal="Win the game before Player 2 can draw the Sol.",
           check=_won(start, P1),
           solution=["Play Fortune Teller", "your Site ×1", "Put Sol back"],
           hint="Fortune Teller draws a card: if it draws the last one, the pile became empty this turn.",
           success="Fortune Teller drawing the last card ends the game at the end of that turn (a ruling); the "
                   "card put back stays on the pile and nobody draws it.",
           miss=lambda s: (f"{_judged(s)}: Fortune Teller ended the game, but on Site ×10 it left you behind"
                           if "Fortune Teller" in _boards(s)[P1]["x10"] + _boards(s)[P1]["x1"] else
                           f"{_judged(s)}: the game went on, so Player 2 drew the Sol and played the last turn; "
                           "Fortune Teller on Site ×1 would have drawn the last card and ended the game with you "
                           "ahead"),
           wrong=(["Play Elf", "your Site ×1"], "drew the Sol"),
           opponent=_prefer("Play Sol"))


def _selection_rules(t: Tutorial) -> None:
    start = _play(position(4, boards=[(["Elf"], []), (["Luna"], ["Reaper"]), (["Hacker"], []), (["Clown"], ["Reaper"])],
                           hands=[["Aiko", "Elf"], ["Medusa"], ["Medusa"], ["Sister"]], pile=[], teams=True,
                           results=[[10, 10, 10, 10]]),
                  "Play Aiko")
    t.step("teams", start,
           goal="Make your team (you and Player 3) win this last game.",
           check=_won(start, P1, P3),
           solution=["Player 2's Site ×10"],
           hint="Players 1 and 3 add their numbers, and so do Players 2 and 4. Which single site lowers the "
                "other team's sum below yours?",
           success="Team Rule: partners sit opposite each other and add their numbers; both players of the team "
                   "with the highest sum win.",
           miss=lambda s: f"{_judged(s)}: your team had 90, so Player 2's Luna (90 of their team's 120) had to go",
           wrong=("Player 3's Site ×10", "team"),
           opponent=reply)

    start = _play(position(2, boards=[(["Elf"], ["Aiko"]), (["Sister"], ["Elf"])],
                           hands=[["Sister", "Clown"], ["Medusa"]],
                           pile=[], target=50, results=[[40, 60]]),
                  "Play Sister")
    t.step("target", start,
           goal="The target is 50: win this last game.",
           check=_won(start, P1),
           solution=["your Site ×10"],
           hint="With a target, the number closest to it wins, above or below.",
           success="Random Number Rule: the number closest to the target wins, not the highest.",
           miss=lambda s: f"{_judged(s)}: 85 is 35 away from 50, Player 2's 58 only 8",
           wrong=("your Site ×1", "away from 50"),
           opponent=reply)

    start = _play(position(4, boards=[(["Elf"], ["Clown"]), (["Medusa"], ["Luna"]), (["Clown"], []),
                                      (["Aiko"], ["Hacker"])],
                           hands=[["Sister", "Reaper"], ["Elf"], ["Luna"], ["Necromancer"]], pile=[], teams=True,
                           target=90, results=[[45, 45, 45, 45]]),
                  "Play Sister")
    t.step("teams-target", start,
           goal="The target is 90: make your team (you and Player 3) win this last game.",
           check=_won(start, P1, P3),
           solution=["your Site ×10"],
           hint="Each team's sum is compared with the target. Your team has 113 now; the other team 100.",
           success="With the Team Rule and a target, each team's sum is compared with the target: the sum "
                   "closest to it wins.",
           miss=lambda s: f"{_judged(s)}: your team's sum was {number(s, P1) + number(s, P3)}, further from 90 "
                          "than the other team's 100",
           wrong=("your Site ×1", "further from 90"),
           opponent=reply)

    start = _play(position(2, boards=[(["Luna"], []), (["Elf"], ["Medusa"])], hands=[["Aiko", "Elf"], ["Clown"]],
                           pile=[], competition=True, results=[[90, 50], [30, 95]]),
                  "Play Aiko")
    t.step("competition", start,
           goal="Win the match: the totals of the three games decide.",
           check=lambda s: s.is_over and P1 in s.outcome.winners,
           solution=["Player 2's Site ×10"],
           hint="You have 120 from two games, Player 2 has 145. Winning this game is not enough.",
           success="Competition Rule: three games are played and each player's numbers are added; the highest "
                   "total wins the match.",
           miss=lambda s: f"the totals were {s.view(None)['totals'][P1]} for you and {s.view(None)['totals'][P2]} "
                          "for Player 2",
           wrong=("Player 2's Site ×1", "totals"),
           opponent=reply)

    start = _play(position(2, boards=[(["Elf"], ["Aiko"]), (["Sister"], ["Elf"])],
                           hands=[["Sister", "Clown"], ["Medusa"]],
                           pile=[], competition=True, target=50, results=[[40, 60], [55, 45]]),
                  "Play Sister")
    t.step("competition-target", start,
           goal="The target is 50: win the match after this third game.",
           check=lambda s: s.is_over and P1 in s.outcome.winners,
           solution=["your Site ×10"],
           hint="With a target, the Competition Rule compares each total of three games with 3 × 50 = 150. You "
                "have 95 so far, Player 2 has 105 and 58 now.",
           success="Competition Rule with a target: the total of three games closest to three times the target "
                   "wins.",
           miss=lambda s: f"the totals were {s.view(None)['totals'][P1]} for you and {s.view(None)['totals'][P2]} "
                          "for Player 2: yours is further from 150",
           wrong=("your Site ×1", "further from 150"),
           opponent=reply)
