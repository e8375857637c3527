"""The Code of Nine tutorial's lesson steps: every rule is a decision the learner makes on the real board.

Lessons are data.  :data:`RULES` lists every rule a player must know, one atomic rule a row; :data:`CHAPTERS`
lists the chapters, each a function returning its steps as dicts made by one of four kinds of step
(:func:`_gain`, :func:`_find`, :func:`_final`, or :func:`_step` for any other goal), each naming the rules it
``teaches`` and ``uses``.  The first chapter, "Your first game", takes a newcomer from the deal to the end of a
game in ten steps.  ``tutorial()`` builds them; ``notebooks/tutorials/code_of_nine.ipynb`` shows one per cell
under the chapters' headings, and ``python -m widgets.lessons code_of_nine`` writes the rules table of
``docs/code_of_nine.md`` from this data.  Every
position is built with the rules engine (``ninekit.code_of_nine.position``, or a seeded game for the set-up).
The checks read the outcome (items, Will, who holds what, what the learner has seen, the final score),
never the exact clicks, so any legal way to the goal counts.  The other players reply by a fixed preference
(:func:`_replies`: the first listed decision that is legal), so a step plays the same after Reset.

The Memory card steps are the last turn of a game: the learner knows all eight Memories (its own two, and the
six others it has looked at), places its last Action pawn, and the game is scored at once by
``ninekit.code_of_nine.score_table``, so the answer names the card that decided it.  :func:`score_calculator`
is the live calculator of the scoring section, and :data:`EXAMPLES` the rulings' three worked examples.

Eleven locations, card 18, card 17's order number and the values of Statues, Legacies and the Medal are the
project's *reconstruction* (``ninekit.code_of_nine.RECONSTRUCTED_NOTE``).

    >>> lesson = tutorial()
    >>> lesson.steps["hearth"].goal
    'Gain 3 Will with one Action pawn.'
    >>> score_table(*EXAMPLES["A"][:2]).totals
    [9, 14, 12, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

import ninekit
from ninekit.code_of_nine import MEMORIES, RECONSTRUCTED_NOTE, SEATS, SLOTS, position, score_table
from ninekit.code_of_nine.scoring import PLAYER_KEYS

from ..lesson import Rule, Tutorial, resolve
from ..tables.code_of_nine import CodeOfNineTable

GAME = "code_of_nine"
RED, BLUE, GREEN, YELLOW = range(4)
GHOST = 3  # the ghost's Memory slots in a 3-player game (owner 3)
INERT = (9, 10, 11, 12, 13, 14)  # cards that do nothing while nobody has 2+ Books or a Legacy

# --- the rules ------------------------------------------------------------------------------------------------
# Every rule a player must know, one atomic rule a row (docs/code_of_nine.md's table is written from this list).
# Sources: the rulebook; the project's rulings (which also reconstruct the data the rulebook lost); "house rule"
# where the rules are silent and this app decides (docs/code_of_nine.md, "Decisions where the rules are silent").

RULES = [
    # set-up
    Rule("seats", "3 or 4 players; the seats are Red, Blue, Green, Yellow, and play goes clockwise in that order",
         "rulebook; house rule"),
    Rule("first-start", "Red is the first Start player", "house rule"),
    Rule("start-will", "Start Will: 0 for the Start player, 1 for the second and third player, 2 for the fourth",
         "rulebook"),
    Rule("ruins", "The items start in the Ruins: 16 Coins, 8 Statues, 4 Books", "rulebook"),
    Rule("legacies-start", "The two Legacies start on the Round 2 section of the board", "rulebook"),
    Rule("deal", "Each player is dealt two Memory cards face down", "rulebook"),
    Rule("redraw", "The redraw: once, before the game, each player may return both cards for two new ones",
         "rulebook"),
    Rule("redraw-cost", "A changer has one Action pawn fewer in round 1 (14 actions in the game)",
         "rulebook; ruling"),
    Rule("redraw-secret", "Redraw decisions stay secret until every player has decided (asked one seat at a time)",
         "ruling; house rule"),
    Rule("redraw-shuffle", "Changers get two cards from the undealt and returned cards, shuffled (possibly their "
         "old ones)", "ruling"),
    Rule("shoal-abyss", "Each player puts one card in the Shoal and the other in the Abyss, never to be swapped",
         "rulebook"),
    Rule("boxed", "The rest of the deck goes into the box unseen", "rulebook; ruling"),
    # a round
    Rule("rounds", "Five rounds; three Action pawns per player in each round", "rulebook"),
    Rule("turn", "A turn: place one Action pawn on a location and do its action; then the next player, clockwise",
         "rulebook"),
    Rule("start-leads", "The Start player places first in every round", "rulebook"),
    Rule("no-pass", "No passing while you have a pawn; a player without pawns is skipped", "rulebook"),
    Rule("sections", "Only locations of the current round's section and earlier ones, never a future round's",
         "rulebook"),
    Rule("one-only", "A \"1 only\" location closes after round 1", "house rule"),
    Rule("one-pawn", "One pawn a space: an occupied location is closed for the rest of the round", "rulebook"),
    Rule("quarry-any", "Quarry of Wills takes any number of pawns, your own too", "rulebook; ruling"),
    Rule("will-pays", "Will pays the costs printed on some locations", "rulebook"),
    Rule("cost-payable", "A cost must be fully payable before you place", "rulebook; ruling"),
    Rule("will-floor", "Will never drops below 0", "rulebook"),
    Rule("will-no-limit", "Will has no upper limit (the gauge stops at 15, the Will does not)", "rulebook"),
    Rule("round-end", "When all pawns are placed the round ends: the pawns come back, the board clears and the "
         "next round's section opens", "rulebook"),
    Rule("new-start", "A new Start player leads from the next round, never the current one", "rulebook; ruling"),
    Rule("if-any-left", "\"(If any left)\": a location stays usable when the Ruins run short; you get what remains",
         "ruling"),
    # the locations
    Rule("fortune", "Mechanism of Fortune (round 1 only): 3 Coins", "rulebook"),
    Rule("library", "Her Library (round 1 only): 1 Will, 1 Book", "rulebook"),
    Rule("cash-cow", "Cash Cow Shed: 2 Coins", "rulebook"),
    Rule("lights", "Where the Lights Sink: 1 Coin and 1 Will", "rulebook"),
    Rule("cross", "An Old Cross: 1 Statue", "rulebook"),
    Rule("will-locations", "Quarry of Wills, Beyond the Tunnel, Hearth of Thoughts: 1, 2 and 3 Will", "rulebook"),
    Rule("clocktower", "Clocktower: you take the Start player", "rulebook"),
    Rule("clocktower-return", "Clocktower: then you may return a Coin, Statue or Book to the Ruins",
         "rulebook; ruling"),
    Rule("allure", "Allure Show (attack): a Shoal look, then you may make another player gain a Coin, Statue or "
         "Book", "rulebook"),
    Rule("cathedral", "Venerable Cathedral (round 2-5): a Shoal look, then 1 Statue or 2 Will", "rulebook"),
    Rule("the-place", "The Place Where They Looked at the Old World (round 2-5): 2 Will, an Abyss look "
         "(reconstructed)", "ruling"),
    Rule("garden", "Garden of Connecting Hearts (round 2-5): 6 Will, release the White Legacy; another player "
         "gains 2 Will (reconstructed)", "ruling"),
    Rule("well", "Well of Closing Hearts (attack, round 2-5): 7 Will, release the Black Legacy; another player "
         "loses 2 Will (reconstructed)", "ruling"),
    Rule("legacy-on-board", "Garden and Well only while their Legacy is on the board", "ruling"),
    Rule("hollow", "Hollow of Envy (attack, round 3-5): 1 Will, take any one item from the Max player "
         "(reconstructed)", "ruling"),
    Rule("hollow-tie", "Hollow of Envy: among tied Max players you choose; Max counts you too", "ruling; house rule"),
    Rule("hollow-alone", "Hollow of Envy: if you alone are Max, nothing happens", "ruling"),
    Rule("archive", "Archive of Drowned Words (round 3-5): 2 Will, 1 Book (reconstructed)", "ruling"),
    Rule("procession", "Procession of Unwanted Gifts (attack, round 4-5): give another player 1 or 2 of your "
         "items, any kind (reconstructed)", "ruling; house rule"),
    Rule("shore", "Shore of Forgetting (round 4-5): return up to 2 Coins, Statues or Books, 1 Will each "
         "(reconstructed)", "ruling"),
    Rule("last-glimpse", "Last Glimpse of the Abyss (round 5 only): a free Abyss look (reconstructed)", "ruling"),
    Rule("bell", "Bell of the Last Dawn (round 5 only): the Start player, then a Shoal look (reconstructed)",
         "ruling"),
    # looks
    Rule("look-public", "A look is public as an action, private as a card, and remembered", "ruling"),
    Rule("look-other", "A look is at another player's card, never your own", "rulebook"),
    Rule("veil", "Sooty Watchtower: a Shoal look, and nobody may look at your cards until the round ends",
         "rulebook; ruling"),
    Rule("veiled", "A veiled player cannot be chosen for a look; if nobody can be, the look is skipped",
         "ruling; house rule"),
    Rule("abyss-costs", "An Abyss look needs 2 Will, the Medal or round 5", "ruling"),
    # the Legacies
    Rule("release-mark", "The releaser takes the Legacy and gets a permanent release mark", "ruling"),
    Rule("legacy-item", "A released Legacy is then an ordinary item: it can be stolen or given away", "ruling"),
    Rule("end-legacies", "The game ends at the end of the round in which the second Legacy is released (that round "
         "is always finished)", "rulebook; ruling"),
    # the end and the score
    Rule("end-5", "Otherwise the game ends after round 5", "rulebook"),
    Rule("reveal", "At the end all eight Memories are revealed; each counts for every player", "rulebook"),
    Rule("most-vp", "The player with the most VP wins", "rulebook"),
    Rule("item-values", "Item values: Coin 0, Statue 1, Book 1, Legacy 3, Medal 0 (Statue, Legacy and Medal "
         "reconstructed)", "rulebook; ruling"),
    Rule("holder-scores", "A Legacy scores for its holder; cards 14 and 21 pay its releaser, per Legacy", "ruling"),
    Rule("any-item", "\"Item\" means every token: Coins, Statues, Books, Legacies, the Medal", "ruling"),
    Rule("unique", "\"The one player with the most / least\": with a tie nobody is affected", "ruling"),
    Rule("cannot-win", "A player who cannot win still scores but is left out of the winners", "ruling"),
    Rule("share", "Players tied for the win share it", "ruling"),
    Rule("below-zero", "A score can go below 0", "rulebook"),
    Rule("card-order", "The cards are applied by their order number, lowest first; cards of one number together",
         "rulebook; ruling"),
    Rule("scoring-order", "The rulings' scoring order 0-8: void cards, cannot win, Coins, Statues, Books, Legacies, "
         "player state, Medal, card 20", "ruling"),
    Rule("code-01", "Code 01 All that glimmers: each Coin +1", "rulebook"),
    Rule("code-02", "Code 02 Divulged lies: each Coin -1", "rulebook"),
    Rule("code-03", "Code 03 The fate of those who do not own: the one player with the least Coins cannot win",
         "rulebook"),
    Rule("code-04", "Code 04 Beautiful numbers: the one player with the most Coins +4", "rulebook"),
    Rule("code-05", "Code 05 The small figure: each Statue +2", "rulebook"),
    Rule("code-06", "Code 06 Showed me a glimpse of: a lone Statue +3", "rulebook"),
    Rule("code-07", "Code 07 Despair: Statues count negative (after 05 and 06)", "rulebook; ruling"),
    Rule("code-08", "Code 08 Knowledge is power...: each Book +2", "rulebook"),
    Rule("code-09", "Code 09 ...and a curse: exactly 2 Books, -10", "rulebook"),
    Rule("code-10", "Code 10 Stacked knowledge: 2 or more Books, +1 per item", "rulebook"),
    Rule("code-11", "Code 11 White stone of connecting hearts: the White Legacy +3", "rulebook"),
    Rule("code-12", "Code 12 Black stone of closing hearts: the Black Legacy +3", "rulebook"),
    Rule("code-13", "Code 13 Gray stone of broken hearts: both Legacies -3", "rulebook"),
    Rule("code-14", "Code 14 The small wisdom that filled the hearts: +10 per Legacy released", "rulebook; ruling"),
    Rule("code-15", "Code 15 Collecting things: the one player with the most items +5", "rulebook"),
    Rule("code-16", "Code 16 Me: the one player with the most Will +5", "rulebook"),
    Rule("code-17", "Code 17 Get lost!: the one with the least items +8, the one with the most -8", "rulebook"),
    Rule("order-17", "Card 17's order number is 6 (reconstructed)", "ruling"),
    Rule("code-18", "Code 18 Follow me!: the Start player +5 (reconstructed)", "ruling"),
    Rule("example-a", "Worked example A (normal, 4 players)", "ruling"),
    # three players
    Rule("ghost", "With 3 players the fourth sheet is a ghost: no turns, no Will, no items", "rulebook; ruling"),
    Rule("ghost-deal", "The ghost is dealt two Memories at random into its Shoal and Abyss, never redrawn or "
         "exchanged; they are in the game", "rulebook; ruling"),
    Rule("ghost-look", "The ghost's cards can be looked at; it is never veiled", "ruling; house rule"),
    Rule("ghost-chosen", "The ghost is never chosen for a gift, Cult, Garden, Well, Hollow or Procession",
         "ruling"),
    Rule("ghost-compared", "The ghost is not compared for most, least, exactly or Max, and has no score", "ruling"),
    # the expert game
    Rule("expert-deck", "Expert game: the board's expert side, and cards 19-28 join the deck", "rulebook"),
    Rule("ninth", "Expert: after the redraw one card is turned face up as the Ninth Memory; it never scores",
         "rulebook; ruling"),
    Rule("medal-start", "Expert: the Medal starts under Cult of Honeybook", "rulebook"),
    Rule("cult", "Cult of Honeybook (attack, 1 Will): any player, you too, takes the Medal; +4 Will from the board",
         "rulebook"),
    Rule("cult-holder", "Cult of Honeybook: never the current holder; no Will when the Medal comes from a player",
         "ruling"),
    Rule("hall", "Hall of the Ninth (round 3-5): 2 Will, exchange your Shoal or Abyss card with the Ninth "
         "(reconstructed)", "ruling"),
    Rule("exchange", "An exchange: your card becomes the Ninth face up, the old Ninth takes the slot; both public",
         "ruling"),
    Rule("gallery", "Gallery of Honor (round 4-5): the Medal holder only; an Abyss look or a Ninth exchange "
         "(reconstructed)", "ruling"),
    Rule("code-26-shown", "Code 26, once looked at, is shown to all players", "rulebook"),
    Rule("in-game", "The cards in the game are the 8 in the slots at the end (not the Ninth, not the box)",
         "ruling; house rule"),
    Rule("code-19", "Code 19 High ambition: the one player with the most Coins +10, but cannot win with 15",
         "rulebook; ruling"),
    Rule("code-20", "Code 20 There were the words: each total times that player's Books, applied last",
         "rulebook; ruling"),
    Rule("code-21", "Code 21 The Last Tune of Dancing Hearts: +50 per Legacy released", "rulebook"),
    Rule("code-22", "Code 22 The Last XVII of Sunken Hearts: a releaser cannot win", "rulebook; ruling"),
    Rule("code-23", "Code 23 Lining up things: +2 per set of Coin, Statue and Book", "rulebook"),
    Rule("code-24", "Code 24 Things that make me sad: Will left, -3", "rulebook"),
    Rule("code-25", "Code 25 Throw it away!: +3 per kind of Coin, Statue, Book you lack", "rulebook; house rule"),
    Rule("code-26", "Code 26 A fearful truth: the Medal +5", "rulebook"),
    Rule("code-27", "Code 27 THAT: with 26 in the game the lowest score wins", "rulebook; ruling"),
    Rule("code-28", "Code 28 Forget all: the Medal -50", "rulebook"),
    Rule("void", "Void cards, decided before scoring: 20 with 27, 24 with 16, 07 and 28 together; a void card is "
         "still in the game", "rulebook; ruling"),
    Rule("medal-sum", "26 and 28 add up when both are valid: the Medal is worth -45", "ruling"),
    Rule("example-b", "Worked example B (expert, 4 players)", "ruling"),
    Rule("example-c", "Worked example C (expert, 3 players and the ghost)", "ruling"),
]


# --- decisions ---------------------------------------------------------------------------------------------


def place(key: str) -> dict:
    """Place an Action pawn: ``place("hearth")``."""
    return {"kind": "place", "args": [key]}


def _one(kind: str):
    return lambda arg: {"kind": kind, "args": [arg]}


look, player, item, take, give, ret, gain, exchange = map(
    _one, ("look", "player", "item", "take", "give", "return", "gain", "exchange"))
redraw, shoal = _one("redraw"), _one("shoal")
STOP = {"kind": "stop", "args": []}


# --- reading a state (what the learner's seat sees) ---------------------------------------------------------


def _sheet(state: ninekit.State, seat: int) -> dict:
    return state.view(seat)["sheets"][seat]


def _code(state: ninekit.State, viewer: int, owner: int, slot: str) -> int | None:
    """The code ``viewer`` knows in ``owner``'s ``slot`` (None: unknown)."""
    return state.view(viewer)["slots"][2 * owner + SLOTS.index(slot)]["code"]


def _wins(seat: int) -> Callable[[ninekit.State], bool]:
    """The game is over and ``seat`` is its only winner."""
    return lambda state: state.is_over and state.outcome.winners == (seat,)


def _last(state: ninekit.State, seat: int) -> ninekit.State:
    """The state right after ``seat``'s last decision (before the others replied)."""
    node = state
    while node is not None and node.history and node.history[-1][0] != seat:
        node = node.parent
    return node if node is not None and node.history else state


def _gained(start: ninekit.State, seat: int, key: str, n: int) -> Callable[[ninekit.State], bool]:
    """``seat``'s sheet value ``key`` rose by exactly ``n`` since ``start`` (read after its own decisions)."""
    base = _sheet(start, seat)[key]
    return lambda state: state is not start and _sheet(_last(state, seat), seat)[key] - base == n


def _ending(cards: Sequence[int]) -> Callable[[ninekit.State], str]:
    """The answer to a last turn that did not win: the outcome, what ``cards`` did and every card that named the
    learner (the engine's scoring notes)."""
    def miss(state: ninekit.State) -> str:
        if not state.is_over:
            return "the game is not over yet"
        score = state.view(None)["score"]
        me = SEATS[state.history[-1][0]]  # the learner made the game's last decision
        notes = [n for step in score["steps"] for n in step["notes"]
                 if set(step["cards"]) & set(cards) or f": {me} " in n]
        notes = list(dict.fromkeys(notes))
        totals = ", ".join(f"{SEATS[s]} {t}" for s, t in enumerate(score["totals"]))
        shared = ", and a shared win is not enough here" if state.history[-1][0] in state.outcome.winners else ""
        return f"{state.outcome.reason} ({totals}){shared}; " + "; ".join(notes)
    return miss


def _replies(items: Sequence) -> Callable[[ninekit.State], dict]:
    """The other players' replies: the first of ``items`` that is legal now (else their first legal decision).

    Stateless, so a step plays the same after Reset: ``[place("hearth"), place("tunnel")]`` puts the first
    reply on Hearth of Thoughts and the next on Beyond the Tunnel.
    """
    def choose(state: ninekit.State):
        for candidate in items:
            if resolve(state, candidate) is not None:
                return candidate
        return state.legal_moves()[0]
    return choose


def _all(*checks: Callable[[ninekit.State], bool]) -> Callable[[ninekit.State], bool]:
    return lambda state: all(check(state) for check in checks)


# --- positions ----------------------------------------------------------------------------------------------


def _all_seen(players: int, learner: int) -> dict:
    """``seen=`` for a learner who has looked at every other Memory (the ghost's too)."""
    return {learner: [(o, slot) for o in range(4) if o != learner for slot in SLOTS]}


def last_turn(memories: Sequence[int], items: Sequence[dict], *, learner: int = RED, players: int = 4,
              will: Sequence[int] | None = None, **kwargs) -> ninekit.State:
    """Round 5, the learner's last Action pawn (everyone else has placed theirs), every Memory known to it.

    >>> s = last_turn([1, 4, *INERT], [{"coins": 3}, {}, {}, {}])
    >>> s.view(0)["round"], s.to_move, all(slot["code"] for slot in s.view(0)["slots"])
    (5, 0, True)
    """
    pawns = [1 if s == learner else 0 for s in range(players)]
    return position(players=players, round=5, memories=list(memories), items=list(items),
                    will=list(will) if will is not None else [3] * players, pawns=pawns, turn=learner,
                    seen=_all_seen(players, learner), **kwargs)


def _pos(**kwargs) -> ninekit.State:
    """``position(...)`` with 8 Memories by default (the learner's own two: 01 and 02)."""
    kwargs.setdefault("memories", [1, 2, 3, 4, 5, 6, 7, 8])
    return position(**kwargs)


def _items(*rows: str) -> list[dict]:
    """``_items("3 0 1", "0 2 0")``: coins, statues, books per seat."""
    return [dict(zip(("coins", "statues", "books"), map(int, row.split()))) for row in rows]


# --- the score calculator and the worked examples ----------------------------------------------------------


def _p(coins, statues, books, will, *, white=False, black=False, medal=False, released_white=False,
       released_black=False, start=False) -> dict:
    return {"coins": coins, "statues": statues, "books": books, "white": white, "black": black, "medal": medal,
            "released_white": released_white, "released_black": released_black, "will": will, "start": start}


# The rulings' worked examples (§5): players, memories, and the totals and winners they must give.
EXAMPLES = {
    "A": ([_p(5, 3, 2, 2, white=True, released_white=True), _p(1, 2, 0, 6, black=True),
           _p(4, 2, 1, 0, released_black=True, start=True), _p(6, 0, 1, 3)],
          [3, 5, 9, 10, 13, 15, 17, 18], [9, 14, 12, 1], [2]),
    "B": ([_p(7, 1, 0, 0, medal=True), _p(3, 2, 2, 1, white=True, released_white=True),
           _p(2, 3, 1, 4, black=True, start=True), _p(4, 1, 1, 2, released_black=True)],
          [7, 14, 15, 19, 20, 26, 27, 28], [21, 17, 7, 12], [2]),
    "C": ([_p(6, 1, 2, 3, white=True, black=True, released_white=True, released_black=True),
           _p(5, 2, 1, 4, start=True), _p(0, 3, 1, 5)],
          [3, 6, 11, 16, 20, 21, 22, 24], [230, 3, 9], [1]),
}
EXAMPLE_NAMES = ("A", "B", "C", "D")
# The breakdown table: room between the columns, a rule under each order step, the numbers right-aligned; on a
# narrow screen the notes keep a readable width and the table scrolls sideways.
SCORE_CSS = (".c9-wrap{overflow-x:auto;max-width:100%}.c9-score{border-collapse:collapse;line-height:1.35}"
             ".c9-score th,.c9-score td{padding:3px 8px;vertical-align:top;text-align:left;"
             "border-bottom:1px solid #ddd}.c9-score :is(td,th):not(:first-child):not(:nth-child(2))"
             ":not(:last-child){text-align:right;white-space:nowrap}.c9-score td:last-child{min-width:14em}"
             "@media (max-width:600px){.c9-score th,.c9-score td{padding:2px 4px}}")


def breakdown_html(players: Sequence[dict], memories: Sequence[int], names: Sequence[str] | None = None) -> str:
    """The score in the rulings' order as a table: one row per order step, each player's change, the notes.

    >>> html = breakdown_html(*EXAMPLES["A"][:2], names="ABCD")
    >>> "<b>Total</b></td><td></td><td>9</td><td>14</td><td>12</td><td>1</td>" in html, "C wins" in html
    (True, True)
    """
    names = list(names or EXAMPLE_NAMES[:len(players)])
    table = score_table(players, memories, names=names)
    head = "".join(f"<th>{escape(n)}</th>" for n in names)
    rows = []
    for step in table.steps:
        cards = ", ".join(f"{c:02d}" for c in step["cards"]) or "–"
        changes = "".join(f"<td>{c:+d}</td>" if step["order"] else "<td></td>" for c in step["changes"])
        rows.append(f"<tr><td>{step['order']}. {escape(step['label'])}</td><td>{cards}</td>{changes}"
                    f"<td>{escape('; '.join(step['notes']))}</td></tr>")
    totals = "".join(f"<td>{t}</td>" for t in table.totals)
    rows.append(f"<tr><td><b>Total</b></td><td></td>{totals}<td></td></tr>")
    flags = "".join(f"<td>{'✗' if c else ''}</td>" for c in table.cannot_win)
    rows.append(f"<tr><td>Cannot win</td><td></td>{flags}<td></td></tr>")
    if table.winners:
        who = " and ".join(names[i] for i in table.winners)
        verdict = f"{who} win{'s' * (len(table.winners) == 1)} with {table.totals[table.winners[0]]}"
        if table.lowest_wins:
            verdict += " (THAT with 26 in the game: the lowest score wins)"
    else:
        verdict = "Nobody wins: every player cannot win"
    return (f'<style>{SCORE_CSS}</style><div class="c9-wrap">'
            f'<table class="c9-score"><tr><th>Order</th><th>Cards</th>{head}<th>What happens</th></tr>'
            f"{''.join(rows)}</table></div><p><b>{escape(verdict)}</b></p>")


def score_calculator(example: str | None = None) -> w.VBox:
    """A live score calculator: items, Will and tokens per player, the 8 Memories in the game (toggles), and
    the breakdown step by step from ``ninekit.code_of_nine.score_table``; ``example`` loads one of the
    rulings' worked examples (also a menu in the calculator).

    >>> box = score_calculator("A")
    >>> "C wins with 12" in box.children[-1].value
    True
    >>> box.children[1].value = "C"                     # the example menu
    >>> "B wins with 3" in box.children[-1].value
    True
    """
    narrow = {"description_width": "80px"}
    cells = []  # per player: {key: widget}
    for _seat in range(4):
        row = {}
        for key, kind in PLAYER_KEYS.items():
            label = key.replace("released_", "released ").replace("_", " ")
            if kind is int:
                row[key] = w.BoundedIntText(value=0, min=0, max=99, description=label, style=narrow,
                                            layout=w.Layout(width="150px"))
            else:
                row[key] = w.Checkbox(value=False, description=label, indent=False, layout=w.Layout(width="150px"))
        cells.append(row)
    count = w.ToggleButtons(options=[("3 players", 3), ("4 players", 4)], value=4)
    menu = w.Dropdown(options=[("(your own)", ""), ("Example A", "A"), ("Example B", "B"), ("Example C", "C")],
                      value="", description="Load")
    cards = {code: w.ToggleButton(value=False, description=f"{code:02d}", tooltip=f"{m.name}: {m.effect}"
                                  + (" (reconstructed)" if m.reconstructed or code == 17 else ""),
                                  layout=w.Layout(width="48px"))
             for code, m in MEMORIES.items()}
    out = w.HTML()
    busy = [False]

    def mark(change):  # a Memory switched on is blue, not only a shade darker
        change["owner"].button_style = "info" if change["new"] else ""

    def show(_change=None):
        if busy[0]:
            return
        n = count.value
        players = [{k: c.value for k, c in cells[p].items()} for p in range(n)]
        memories = [code for code, b in cards.items() if b.value]
        if len(memories) != 8:
            out.value = f"<p>Choose the 8 Memories in the game (now {len(memories)}).</p>"
            return
        try:
            out.value = breakdown_html(players, memories, EXAMPLE_NAMES[:n])
        except ValueError as error:
            out.value = f"<p>{escape(str(error))}</p>"

    def load(_change=None):
        if not menu.value:
            return
        players, memories, _totals, _winners = EXAMPLES[menu.value]
        busy[0] = True
        try:
            count.value = len(players)
            for p in range(4):
                for key, c in cells[p].items():
                    c.value = players[p][key] if p < len(players) else type(c.value)(0)
            for code, b in cards.items():
                b.value = code in memories
        finally:
            busy[0] = False
        show()

    for row in cells:
        for c in row.values():
            c.observe(show, names="value")
    for b in cards.values():
        b.observe(mark, names="value")
        b.observe(show, names="value")
    count.observe(show, names="value")

    def fourth(_change=None):
        columns[3].layout.display = "none" if count.value == 3 else None
    menu.observe(load, names="value")
    intro = w.HTML("<b>Score calculator</b>: each player's items, Will and tokens (white/black/medal: holds it; "
                   "released: has the release mark; start: holds the Start player), and the 8 Memories in the "
                   "game. The breakdown follows the rulings' order. Card 18, card 17's order and the values of "
                   "Statues (1), Legacies (3) and the Medal (0) are reconstructed.")
    columns = [w.VBox([w.HTML(f"<b>{EXAMPLE_NAMES[p]}</b>"), *cells[p].values()]) for p in range(4)]
    deck = w.HBox(list(cards.values()), layout=w.Layout(flex_flow="row wrap"))
    count.observe(fourth, names="value")
    box = w.VBox([intro, menu, count, w.HBox(columns), w.HTML("<b>Memories in the game</b>"), deck, out])
    if example:
        menu.value = example
    else:
        show()
    return box


def worked_example(name: str) -> w.VBox:
    """One of the rulings' worked examples as a question: the learner predicts the winner (a button per player,
    or nobody), is answered at once, and then gets the score calculator loaded with the example.

    >>> box = worked_example("A")
    >>> box.answer("B")
    'Not quite: B scores the most (14) but cannot win. C wins with 12.'
    >>> box.answer("C")
    'Right: C wins with 12 (B cannot win).'
    """
    players, memories, totals, winners = EXAMPLES[name]
    names = EXAMPLE_NAMES[:len(players)]
    table = score_table(players, memories, names=names)
    best = totals[winners[0]]
    right = f"{names[winners[0]]} wins with {best}"
    feedback = w.HTML()
    calculator = w.VBox()

    def answer(choice: str) -> str:
        if choice == names[winners[0]]:
            out = [names[i] for i, c in enumerate(table.cannot_win) if c]
            text = f"Right: {right}" + (f" ({' and '.join(out)} cannot win)." if out else ".")
        else:
            i = names.index(choice) if choice in names else None
            if i is None:
                why = "someone can win"
            elif table.cannot_win[i]:
                why = f"{choice} scores {totals[i]} but cannot win"
                if totals[i] == max(totals):
                    why = f"{choice} scores the most ({totals[i]}) but cannot win"
            elif table.lowest_wins:
                why = f"{choice} scores {totals[i]}, and with THAT (27) and 26 in the game the lowest score wins"
            else:
                why = f"{choice} scores {totals[i]}"
            text = f"Not quite: {why}. {right}."
        feedback.value = f'<div role="status"><b>{escape(text)}</b></div>'
        if not calculator.children:
            calculator.children = [score_calculator(name)]
        return text

    buttons = []
    for choice in [*names, "Nobody"]:
        button = w.Button(description=choice, layout=w.Layout(width="auto"))
        button.on_click(lambda _b, c=choice: answer(c))
        buttons.append(button)
    box = w.VBox([w.HTML(f"<b>Example {name}: who wins?</b> Predict it from the table above, then check."),
                  w.HBox(buttons), feedback, calculator])
    box.answer = answer
    return box



# --- the steps ----------------------------------------------------------------------------------------------
# Each step is data: a dict for Tutorial.step, made by one of four kinds of step below (a gain, a look, a last
# turn, or any other goal), listed chapter by chapter in CHAPTERS.

HEARTH = _replies([place("hearth")])  # the other players' usual reply: Hearth of Thoughts while it is free


def _step(key: str, title: str, start: ninekit.State, goal: str, check, solution: Sequence, hint, success: str,
          miss, wrong: tuple, teaches: Sequence[str], uses: Sequence[str] = (), **kwargs) -> dict:
    """One step as data (the arguments of ``Tutorial.step``); the others reply by Hearth of Thoughts unless told."""
    kwargs.setdefault("opponent", HEARTH)
    return dict(key=key, state=start, goal=goal, check=check, solution=solution, hint=hint, title=title,
                success=success, miss=miss, wrong=wrong, teaches=teaches, uses=uses, **kwargs)


def _gain(key: str, title: str, start: ninekit.State, goal: str, gains: dict, solution, hint, success, miss, wrong,
          teaches, uses=(), seat: int = RED, **kwargs) -> dict:
    """A step whose goal is to gain exactly ``gains`` (``{"coins": 3}``) on the learner's sheet."""
    check = _all(*(_gained(start, seat, what, n) for what, n in gains.items()))
    return _step(key, title, start, goal, check, solution, hint, success, miss, wrong, teaches, uses, **kwargs)


def _find(key: str, title: str, start: ninekit.State, goal: str, owner: int, slot: str, solution, hint, success,
          wrong, teaches, uses=(), **kwargs) -> dict:
    """A step whose goal is to know ``owner``'s ``slot`` card (a look)."""
    name = GHOST_NAME if owner == GHOST else SEATS[owner]
    kwargs.setdefault("miss", f"you do not know {name}'s {slot} card")
    return _step(key, title, start, goal, lambda s: _code(s, RED, owner, slot) is not None, solution, hint,
                 success, kwargs.pop("miss"), wrong, teaches, uses, **kwargs)


SHEETS_ONLY = CodeOfNineTable(board=False)  # the deal's steps: the players' sheets, no locations yet

LAST_TURN_USES = ("turn", "end-5", "reveal", "most-vp", "item-values")


def _final(key: str, title: str, cards: Sequence[int], memories: Sequence[int], items: Sequence[dict], goal: str,
           solution, wrong, hint, success, teaches, uses=LAST_TURN_USES, **kwargs) -> dict:
    """The last turn of a game in which the learner knows all 8 Memories: win it (the answer names ``cards``)."""
    start = last_turn(memories, items, **{k: kwargs.pop(k) for k in list(kwargs) if k in _LAST_TURN_ARGS})
    kwargs.setdefault("miss", _ending(cards))
    return _step(key, title, start, goal, _wins(start.to_move), solution, hint, success, kwargs.pop("miss"), wrong,
                 teaches, uses, **kwargs)


_LAST_TURN_ARGS = {"learner", "players", "will", "expert", "ninth", "white", "black", "released", "medal", "start",
                   "placed"}
GHOST_NAME = "the Ghost"


def _dealt(players: int = 4, seed: int = 5, expert: bool = False, arranged: bool = False) -> ninekit.State:
    """A real deal (a seeded new game); every player keeps both cards and, with ``arranged``, puts the first in
    the Shoal."""
    state = ninekit.make(GAME, players, expert=expert).new(seed=seed)
    for _ in range(players):
        state = state.play(state.game.parse_move(redraw("keep")))
    for _ in range(players if arranged else 0):
        state = state.play(state.game.parse_move(shoal(0)))
    return state


def _first_game() -> list[dict]:
    start = ninekit.make(GAME, 4).new(seed=5)
    arranged = _dealt()
    hand = arranged.view(RED)["hand"]
    fortune, lights_open = _pos(round=1), _pos(round=1)
    hearth = _pos(round=2, will=[0, 1, 1, 2])
    library = _pos(round=1, start=0, turn=BLUE, pawns=[2, 3, 3, 3], placed={"cash_cow": RED})
    occupied = _pos(round=2, will=[1, 1, 1, 2], start=1, turn=RED, pawns=[3, 2, 2, 2],
                    placed={"hearth": BLUE, "tunnel": GREEN, "lights": YELLOW})
    round_end = _pos(round=1, start=RED, turn=RED, pawns=[1, 0, 0, 0], items=_items("3 0 0", "2 0 0", "0 1 0", "1 0 0"))
    return [
        _step("redraw", "The deal and the redraw", start,
              "Change both of your Memory cards (and see what it costs).",
              lambda s: s.view(RED)["phase"] == "arrange" and _sheet(s, RED)["pawns"] == 2,
              [redraw("change")],
              "Each player decides once, in secret, to keep the two dealt cards or to change both.",
              "A changer returns both cards; the undealt and returned cards are shuffled and the changer gets two "
              "new ones. It costs one Action pawn in round 1 (you have 2, the others 3). The decisions stay secret "
              "until the last player has decided.",
              "you kept your two cards: you still have 3 Action pawns for round 1",
              (redraw("keep"), "you kept your two cards"),
              ["seats", "first-start", "deal", "redraw", "redraw-cost", "redraw-secret", "redraw-shuffle"],
              opponent=_replies([redraw("keep")]), turns=3, table=SHEETS_ONLY),
        _step("arrange", "Shoal and Abyss", arranged,
              f"Put Memory card {hand[0]:02d} ({MEMORIES[hand[0]].name}) in your Abyss, where it is harder to "
              f"look at: the card you click goes in your Shoal, the other in your Abyss.",
              lambda s: _code(s, RED, RED, "Abyss") == hand[0] and s.view(RED)["hand"] is None,
              [shoal(1)],
              "Each button names the card that goes in your Shoal and the one that goes in your Abyss.",
              "Your two Memories now lie in your Shoal and your Abyss for the whole game; you may never swap them. "
              "The rest of the deck goes into the box, unseen by anyone.",
              f"Memory card {hand[0]:02d} lies in your Shoal, the easier one to look at (the card you click goes "
              "in your Shoal)",
              (shoal(0), "lies in your Shoal"), ["shoal-abyss", "boxed"], ["deal"],
              opponent=_replies([shoal(0)]), table=SHEETS_ONLY),
        _gain("fortune", "Your first placement", fortune, "Take 3 Coins from the Ruins with one Action pawn.",
              {"coins": 3}, [place("fortune")],
              "Read the locations open in round 1: which one gives 3 Coins?",
              "Mechanism of Fortune (round 1 only, free) gives 3 Coins from the Ruins, which hold 16 Coins, 8 "
              "Statues and 4 Books at the start. Then the next player, clockwise, places a pawn.",
              lambda s: f"you took {_sheet(_last(s, RED), RED)['coins']} Coins",
              (place("cash_cow"), "you took 2 Coins"),
              ["rounds", "turn", "start-leads", "ruins", "fortune", "cash-cow"], ["seats"]),
        _gain("hearth", "Will", hearth, "Gain 3 Will with one Action pawn.", {"will": 3}, [place("hearth")],
              "Quarry of Wills gives 1, Beyond the Tunnel 2, Hearth of Thoughts 3.",
              "Hearth of Thoughts: +3 Will. Will pays the costs of the locations that have one; it has no upper "
              "limit (the gauge stops at 15, the Will does not) and never drops below 0.",
              lambda s: f"you gained {_sheet(_last(s, RED), RED)['will']} Will",
              (place("tunnel"), "you gained 2 Will"), ["will-locations", "will-no-limit"], ["turn"],
              opponent=_replies([place("cross")])),
        _gain("library", "A cost in Will", library, "Get a Book.", {"books": 1}, [place("library")],
              "You are Blue, second in round 1, so you started with 1 Will. Her Library costs 1 Will.",
              "The start Will is 0, 1, 1 and 2 from the Start player clockwise. Her Library (round 1 only) costs 1 "
              "Will and gives 1 Book.",
              "you have no Book", (place("cross"), "you have no Book"), ["start-will", "will-pays", "library"],
              ["turn"], seat=BLUE),
        _step("occupied", "One pawn a space", occupied, "Gain Will with this Action pawn.",
              lambda s: s is not occupied and _sheet(_last(s, RED), RED)["will"] > 1, [place("quarry")],
              "Hearth, Tunnel and Lights already hold a pawn. One location takes any number of pawns.",
              "One pawn a space: an occupied location is closed for the round, except Quarry of Wills, which takes "
              "any number of pawns (your own too).",
              "your Will did not rise", (place("hearth"), "one pawn a space"), ["one-pawn", "quarry-any"],
              ["turn", "will-locations"], opponent=_replies([place("quarry")])),
        _gain("future", "Only this round's sections", lights_open, "Get a Statue.", {"statues": 1}, [place("cross")],
              "Venerable Cathedral (round 2-5) is not open yet. Which round-1 location gives a Statue?",
              "You may place on the locations of the current round's section and the earlier ones, never on a "
              "future round's. An Old Cross gives 1 Statue.",
              "you have no Statue", (place("cathedral"), "never place on locations of future rounds"),
              ["sections", "cross"], ["turn"]),
        _find("look-shoal", "A look", _pos(round=1), "Find out Green's Shoal card.", GREEN, "Shoal",
              [place("watchtower"), look(GREEN)],
              "Sooty Watchtower, Allure Show and (from round 2) Venerable Cathedral look at a Shoal card.",
              "Everybody sees that you looked at Green's Shoal card; only you see the card, and you remember it for "
              "the rest of the game (only a Ninth exchange replaces it).",
              ([place("watchtower"), look(BLUE)], "you do not know Green"), ["look-public", "look-other"],
              ["turn", "shoal-abyss"]),
        _step("round-end", "The next round", round_end,
              "Place your last pawn of round 1, then a pawn on Venerable Cathedral, which opens in round 2.",
              lambda s: s.view(RED)["round"] == 2 and RED in _location(s, "cathedral")["pawns"],
              [place("cross"), place("cathedral")],
              "Everybody else has placed all three pawns. Venerable Cathedral belongs to the round 2 section.",
              "When every pawn is placed the round ends: all pawns come back, the board clears, and the next "
              "round's section opens. The Start player (you) leads again. Nobody may pass while holding a pawn.",
              "you did not place on Venerable Cathedral in round 2",
              (place("cathedral"), "never place on locations of future rounds"),
              ["round-end", "no-pass"], ["turn", "sections", "start-leads"]),
        _final("game-end", "The end of the game", [5, 1], [5, 1, *INERT], _items("2 0 0", "1 1 0", "0 0 1", "3 0 0"),
               "The last pawn of round 5, the last of the game. The Memories in the game are 05 (each Statue +2), "
               "01 (each Coin +1) and six that do nothing here. Win.",
               [place("cross")], (place("lights"), "Blue wins with 4 VP"),
               "A Statue is worth 1 VP, 3 with 05; a Coin 0, 1 with 01. Blue has 4 VP, you 2.",
               "After round 5 the game ends: the eight Memories are revealed, they set what each item is worth for "
               "everybody, and the most VP wins.",
               ["end-5", "reveal", "most-vp", "item-values"], ["turn", "cross"]),
    ]


def _more_places() -> list[dict]:
    lights = _pos(round=1)
    last_coin = _pos(round=1, items=_items("0 0 0", "9 0 0", "0 0 0", "6 0 0"))
    cathedral = _pos(round=2, will=[0, 1, 1, 2])
    allure = _pos(round=3, memories=[1, 5, 6, 7, 9, 8, 10, 12], seen={RED: [(GREEN, "Shoal")]},
                  items=_items("0 0 0", "1 0 0", "0 0 1", "1 1 0"))
    return [
        _gain("lights", "Coin and Will", lights, "Gain 1 Coin and 1 Will with one Action pawn.",
              {"coins": 1, "will": 1}, [place("lights")], "One location gives a Coin and a Will.",
              "Where the Lights Sink: 1 Coin (if any is left in the Ruins) and 1 Will.",
              lambda s: "you gained {} Coin(s) and {} Will".format(
                  _sheet(_last(s, RED), RED)["coins"], _sheet(_last(s, RED), RED)["will"]),
              (place("quarry"), "0 Coin(s) and 1 Will"), ["lights"], ["turn"], opponent=_replies([place("cross")])),
        _gain("empty-ruins", "When the Ruins run short", last_coin,
              "The Ruins hold a single Coin. Get it and 1 Will with one pawn.", {"coins": 1, "will": 1},
              [place("lights")],
              "Cash Cow Shed gives 2 Coins only while the Ruins have 2. Which location gives a Coin and a Will?",
              "\"If any left\": a location stays open when the Ruins run short, and you get what remains (here Cash "
              "Cow Shed would give the last Coin and no Will).",
              lambda s: "you gained {} Coin and {} Will: Cash Cow Shed gives what remains of the Ruins' Coins".format(
                  _sheet(_last(s, RED), RED)["coins"], _sheet(_last(s, RED), RED)["will"]),
              (place("cash_cow"), "gives what remains"), ["if-any-left"], ["turn", "lights", "cash-cow", "ruins"]),
        _step("cathedral", "Venerable Cathedral", cathedral, "With one pawn, look at a Shoal card and gain 2 Will.",
              _all(_gained(cathedral, RED, "will", 2), lambda s: bool(s.view(RED)["looks"])),
              [place("cathedral"), look(YELLOW), gain("will")],
              "Venerable Cathedral (round 2-5): first a Shoal look, then 1 Statue or 2 Will.",
              "Venerable Cathedral: look at another player's Shoal card, then gain 1 Statue or 2 Will (the Will if "
              "the Ruins have no Statue).",
              "you did not both look and gain 2 Will",
              ([place("cathedral"), look(YELLOW), gain("statue")], "you did not both look"), ["cathedral"],
              ["turn", "look-public"]),
        _step("allure", "Allure Show: a gift that hurts", allure,
              "You know Code 09 (...and a curse: exactly 2 Books, -10) is in the game. Make Green hold exactly 2 "
              "Books.", lambda s: _sheet(s, GREEN)["books"] == 2,
              [place("allure"), look(BLUE), player(GREEN), item("book")],
              "Allure Show: first look at another player's Shoal, then you may choose a player other than yourself "
              "who gains a Coin, Statue or Book from the Ruins.",
              "Allure Show (an attack): look at another player's Shoal card, then you may make another player gain a "
              "Coin, Statue or Book from the Ruins (or nobody).",
              "Green does not hold exactly 2 Books", ([place("allure"), look(BLUE), STOP], "Green does not hold"),
              ["allure"], ["turn", "look-public"]),
    ]


def _start_player() -> list[dict]:
    clocktower = _pos(round=1, start=BLUE, turn=RED, pawns=[1, 0, 0, 0])
    give_back = _pos(round=1, start=0, pawns=[1, 0, 0, 0], items=_items("0 2 0", "0 0 0", "0 0 0", "0 0 0"))
    return [
        _gain("closed", "\"1 only\" closes", _pos(round=2), "Take 2 Coins in round 2.", {"coins": 2},
              [place("cash_cow")], "Mechanism of Fortune was open in round 1 only.",
              "A \"1 only\" location closes after round 1 (how this app decides where the rules are silent, from "
              "the rulings' space counts); Cash Cow Shed gives 2 Coins in every round.",
              "you did not take 2 Coins", (place("fortune"), "closed from round 2"), ["one-only"],
              ["turn", "cash-cow", "fortune", "round-end"]),
        _step("clocktower", "The Start player", clocktower, "Lead round 2: you place your last pawn of round 1.",
              lambda s: s.view(RED)["round"] == 2 and s.view(RED)["first"] == RED, [place("clocktower")],
              "Clocktower gives you the Start player marker (and then lets you return an item, if you hold one).",
              "The Start player marker holder leads the next round (a new Start player never changes the current "
              "round). At the end of a round the pawns come back and the board clears.",
              lambda s: f"{SEATS[s.view(RED)['first']]} leads round 2 with the Start player marker",
              (place("cash_cow"), "Blue leads round 2"), ["clocktower", "new-start"],
              ["turn", "start-leads", "round-end"], until=lambda s: s.view(RED)["round"] == 2),
        _step("clocktower-return", "Clocktower: returning an item", give_back,
              "You hold the Start player. Return one of your Statues to the Ruins.",
              lambda s: _sheet(s, RED)["statues"] == 1, [place("clocktower"), ret("statue")],
              "Clocktower: first the Start player (you already have it), then you may return a Coin, Statue or "
              "Book.",
              "Clocktower returns one Coin, Statue or Book to the Ruins if you wish (never a Legacy or the Medal).",
              "you still hold 2 Statues", ([place("clocktower"), STOP], "you still hold 2 Statues"),
              ["clocktower-return"], ["turn", "clocktower"], until=lambda s: s.view(RED)["round"] == 2),
    ]


def _looks() -> list[dict]:
    veil = _pos(round=2, start=YELLOW, turn=RED, pawns=[3, 3, 3, 2], placed={"cash_cow": YELLOW})
    veiled = _pos(round=2, veiled=[BLUE], start=BLUE, turn=RED, pawns=[3, 2, 2, 2],
                  placed={"watchtower": BLUE, "hearth": GREEN, "tunnel": YELLOW})
    return [
        _step("veil", "The veil", veil, "Blue is about to look at a Shoal card: make sure it cannot be yours.",
              lambda s: any(look_["looker"] == BLUE for look_ in s.view(RED)["looks"])
              and not any(look_["owner"] == RED for look_ in s.view(RED)["looks"]),
              [place("watchtower"), look(GREEN)],
              "Sooty Watchtower veils you: for the rest of the round, looks targeted at you have no effect.",
              "Veiled by the Sooty Watchtower, nobody may choose you for a Shoal or Abyss look until the end of the "
              "round (a ruling). The veil stops looks only, never items, Will or the Medal.",
              "Blue looked at your Shoal card",
              ([place("cathedral"), look(GREEN), gain("will")], "Blue looked at your Shoal"), ["veil"],
              ["turn", "look-public", "cathedral"],
              opponent=_replies([place("allure"), look(RED), look(GREEN), STOP]), turns=3),
        _step("veiled", "Looking past the veil", veiled, "Look at a Shoal card this turn.",
              lambda s: any(look_["looker"] == RED for look_ in s.view(RED)["looks"]),
              [place("cathedral"), look(GREEN), gain("will")],
              "Blue placed on the Sooty Watchtower this round: Blue is veiled. The others are not.",
              "A veiled player cannot be chosen for a look. If every other player is veiled, the look is skipped "
              "and the rest of the action still happens.",
              "you looked at no card", ([place("cathedral"), look(BLUE)], "veiled by the Sooty Watchtower"),
              ["veiled"], ["veil", "cathedral"]),
        _find("the-place", "An Abyss look", _pos(round=2, will=[1, 0, 0, 0]),
              "Find out Blue's Abyss card (you may take two turns).", BLUE, "Abyss",
              [place("quarry"), place("the_place"), look(BLUE)],
              "The Place Where They Looked at the Old World (round 2-5, reconstructed) looks at an Abyss for 2 Will.",
              "An Abyss look needs 2 Will (The Place, round 2-5), the Medal (Gallery of Honor, round 4-5, expert) "
              "or round 5 (Last Glimpse of the Abyss, free).",
              (place("the_place"), "must be fully payable"), ["the-place", "abyss-costs", "cost-payable"],
              ["will-pays", "will-locations", "look-other"],
              opponent=_replies([place("hearth"), place("tunnel"), place("cross")]), turns=4),
        _find("last-glimpse", "Last Glimpse", _pos(round=5, will=[0, 0, 0, 0]),
              "Find out Blue's Abyss card with no Will.", BLUE, "Abyss", [place("last_glimpse"), look(BLUE)],
              "Round 5 opens two free locations; one looks at an Abyss.",
              "Last Glimpse of the Abyss (round 5 only, reconstructed): a free Abyss look.",
              (place("the_place"), "must be fully payable"), ["last-glimpse"], ["abyss-costs", "cost-payable"]),
    ]


def _legacies() -> list[dict]:
    early = _pos(round=3, memories=[14, 1, 2, 3, 4, 5, 6, 7], will=[7, 0, 3, 1], pawns=[1, 1, 1, 1], start=RED,
                 white=BLUE, items=_items("2 1 1", "3 1 0", "1 1 1", "2 2 0"),
                 placed={"hearth": BLUE, "tunnel": GREEN, "cross": YELLOW, "cash_cow": RED, "lights": BLUE,
                         "cathedral": RED, "quarry": [GREEN, YELLOW]})
    return [
        _step("garden", "Releasing the White Legacy", _pos(round=2, will=[6, 5, 3, 0]),
              "Release the White Legacy and give the 2 Will to the player with the least Will.",
              lambda s: s.view(RED)["white"] == RED and _sheet(s, YELLOW)["will"] == 2,
              [place("garden"), player(YELLOW)],
              "Garden of Connecting Hearts costs 6 Will; then you choose another player, who gains 2 Will.",
              "Garden of Connecting Hearts (round 2-5, 6 Will, reconstructed): take the White Legacy from the Round "
              "2 section and mark the release on your sheet (the mark is permanent); another player gains 2 Will.",
              "Yellow (0 Will) did not get the 2 Will", ([place("garden"), player(BLUE)], "Yellow (0 Will) did not"),
              ["legacies-start", "garden", "release-mark"], ["turn", "will-pays", "cost-payable"]),
        _step("well", "Releasing the Black Legacy", _pos(round=2, will=[7, 3, 1, 0]),
              "Release the Black Legacy and leave Green with no Will at all.",
              lambda s: s.view(RED)["black"] == RED and _sheet(s, GREEN)["will"] == 0,
              [place("well"), player(GREEN)],
              "Well of Closing Hearts costs 7 Will; then another player loses 2 Will (Will never drops below 0).",
              "Well of Closing Hearts (an attack, round 2-5, 7 Will, reconstructed): take the Black Legacy with its "
              "release mark; another player loses 2 Will, down to 0 at most.",
              "Green still has Will", ([place("well"), player(BLUE)], "Green still has Will"),
              ["well", "will-floor"], ["release-mark", "cost-payable"]),
        _step("early-end", "The early end", early, "End the game at the end of this round (round 3).",
              lambda s: s.is_over and s.view(RED)["round"] == 3, [place("well"), player(BLUE)],
              "The game ends at the end of the round in which the second Legacy is released. Blue released the "
              "White one.",
              "Both Legacies are off the board: the round is played to its end, then the game is over and scored "
              "(a ruling). Card 14 pays each releaser 10 VP.",
              lambda s: "the game goes on into round 4" if not s.is_over else "the game ended",
              (place("garden"), "no longer on the board"), ["legacy-on-board", "end-legacies"],
              ["well", "round-end", "end-5"], until=lambda s: s.is_over or s.view(RED)["round"] > 3,
              opponent=_replies([place("allure"), place("clocktower"), place("watchtower"), look(GREEN), look(RED),
                                 STOP]), turns=20),
    ]


def _later_rounds() -> list[dict]:
    cost = _pos(round=3, will=[1, 2, 2, 2])
    alone = _pos(round=3, will=[3, 0, 0, 0], items=_items("1 1 0", "0 0 0", "0 0 0", "0 0 0"))
    shore = _pos(round=4, will=[4, 5, 0, 0], items=_items("2 1 0", "0 0 0", "0 0 0", "0 0 0"), start=1, turn=RED,
                 pawns=[3, 2, 2, 2], placed={"hearth": BLUE, "tunnel": GREEN, "lights": YELLOW})
    return [
        _gain("cost", "Paying in full", cost, "Get a Book in round 3 (you have 1 Will; you may take two turns).",
              {"books": 1}, [place("quarry"), place("archive")],
              "Archive of Drowned Words costs 2 Will, and a cost must be paid in full before you place. Gain Will "
              "first.",
              "A cost must be fully payable before you place. Archive of Drowned Words (round 3-5, reconstructed) "
              "costs 2 Will and gives 1 Book.",
              "you have no Book yet", (place("archive"), "must be fully payable"), ["archive"],
              ["cost-payable", "will-locations"],
              opponent=_replies([place("hearth"), place("tunnel"), place("cross")]), turns=4),
        _step("hollow", "Hollow of Envy", _pos(round=3, will=[1, 0, 0, 0], white=BLUE,
                                               items=_items("2 0 0", "3 1 0", "1 3 1", "1 0 0")),
              "Take the White Legacy from Blue.", lambda s: s.view(RED)["white"] == RED,
              [place("hollow"), player(BLUE), take("white")],
              "Hollow of Envy takes 1 item of your choice from the Max player, the one with the most items (every "
              "token counts, Legacies too). Blue and Green tie: you choose one of them.",
              "Hollow of Envy (an attack, 1 Will, reconstructed): take any one item from the Max player; if several "
              "tie, you choose which. A released Legacy is an ordinary item: its holder scores it, the release mark "
              "stays with Blue.",
              lambda s: f"the White Legacy is held by {SEATS[s.view(RED)['white']]}",
              ([place("hollow"), player(BLUE), take("coin")], "held by Blue"),
              ["hollow", "hollow-tie", "legacy-item", "any-item"], ["release-mark", "cost-payable"]),
        _gain("hollow-alone", "Hollow of Envy: you alone are Max", alone, "Gain 3 Will with this pawn.", {"will": 3},
              [place("hearth")], "You alone hold items: Hollow of Envy would cost 1 Will and take nothing.",
              "If you alone are Max, Hollow of Envy does nothing (its Will is spent all the same).",
              lambda s: f"your Will changed by {_sheet(_last(s, RED), RED)['will'] - 3}" + (
                  ": Hollow of Envy cost 1 Will and took nothing, because you alone are Max"
                  if _sheet(_last(s, RED), RED)["will"] < 3 else ""),
              (place("hollow"), "changed by -1: Hollow of Envy cost 1 Will and took nothing"), ["hollow-alone"],
              ["hollow", "will-locations"], opponent=_replies([place("tunnel")])),
        _step("procession", "Procession of Unwanted Gifts",
              _pos(round=4, memories=[7, 16, 5, 6, 8, 9, 10, 11], items=_items("0 2 0", "1 0 0", "0 0 1", "2 0 0"),
                   seen={RED: [(BLUE, "Shoal")]}),
              "Code 07 (Despair: all VP from Statues are negative) is yours. Give both your Statues to Blue.",
              lambda s: _sheet(s, RED)["statues"] == 0 and _sheet(s, BLUE)["statues"] == 2,
              [place("procession"), player(BLUE), give("statue"), give("statue")],
              "Procession (round 4-5): choose another player, give 1 item, then 1 more if you wish.",
              "Procession of Unwanted Gifts (an attack, reconstructed): give another player 1 or 2 of your items, "
              "any kind (a Legacy or the Medal too).",
              "you still hold a Statue", ([place("procession"), player(BLUE), give("statue"), STOP],
                                          "you still hold a Statue"), ["procession"], ["turn", "any-item"]),
        _step("shore", "Shore of Forgetting", shore, "Have more Will than Blue (5) after this pawn.",
              lambda s: s is not shore and _sheet(_last(s, RED), RED)["will"] > 5,
              [place("shore"), ret("coin"), ret("coin")],
              "Hearth and Tunnel are taken. Shore of Forgetting (round 4-5): return up to 2 Coins, Statues or Books, "
              "+1 Will each.",
              "Shore of Forgetting (reconstructed): return up to 2 of your Coins, Statues or Books to the Ruins, 1 "
              "Will for each.",
              lambda s: f"you have {_sheet(_last(s, RED), RED)['will']} Will",
              ([place("shore"), ret("coin"), STOP], "you have 5 Will"), ["shore"], ["one-pawn", "will-locations"],
              opponent=_replies([place("quarry")])),
    ]


def _coins_statues_books() -> list[dict]:
    return [
        _final("coins", "Cards 01 and 04: Coins", [1, 4], [1, 4, *INERT], _items("3 1 0", "4 1 0", "2 2 1", "0 3 1"),
               "Memories 01 (All that glimmers: each Coin +1) and 04 (Beautiful numbers: the one player with the "
               "most Coins +4) are in the game. Win it with your last pawn.",
               [place("cash_cow")], (place("lights"), "the most Coins are tied"),
               "Blue has 4 Coins. A tie for the most gives nobody the 4.",
               "Coins are worth 0 VP; 01 adds 1 to each, 02 takes 1 away. 04 gives the one player with the most "
               "Coins +4; with a tie nobody gets it (a ruling).", ["code-01", "code-04", "unique", "card-order"]),
        _final("least-coins", "Card 03: cannot win", [3], [3, 15, *INERT], _items("0 3 1", "1 1 1", "2 2 0", "3 1 0"),
               "Memory 03 (The fate of those who do not own: the one player with the least Coins cannot win) is in "
               "the game. You have the most VP but no Coin. Win.",
               [place("lights")], (place("cross"), "Red has the unique least Coins and cannot win"),
               "Blue has 1 Coin. Tie for the least, or pass Blue.",
               "A player who cannot win still scores, but is left out of the winners (a ruling). With a tie for the "
               "least, nobody is affected.", ["code-03", "cannot-win"], [*LAST_TURN_USES, "unique"],
               will=[3, 3, 3, 3]),
        _final("lies", "Card 02: Divulged lies", [2], [2, 8, *INERT], _items("4 2 1", "1 0 0", "0 0 0", "3 2 1"),
               "Memories 02 (Divulged lies: each Coin -1 VP) and 08 (each Book +2) are in the game. Win.",
               [place("shore"), ret("coin"), ret("coin")], (place("cash_cow"), "each Coin is worth -1"),
               "Your 4 Coins cost you 4 VP. Yellow, with 3 Coins, 2 Statues and a Book, has 2 VP.",
               "Coins have no VP of their own (0); 01 makes each +1, 02 each -1, both together 0.", ["code-02"],
               [*LAST_TURN_USES, "shore"]),
        _final("statues", "Cards 05 and 06: Statues", [5, 6], [5, 6, *INERT],
               _items("4 0 1", "0 2 0", "3 0 1", "0 1 0"),
               "Memories 05 (The small figure: each Statue +2) and 06 (Showed me a glimpse of: a player with exactly "
               "1 Statue, +3 on it) are in the game. Win.",
               [place("cross")], (place("lights"), "each Statue is worth 3"),
               "A Statue is worth 1 VP (reconstructed), 3 with 05; a lone Statue 3 more with 06.",
               "05 and 06 adjust each Statue first (ruling 9): a lone Statue is worth 1 + 2 + 3 = 6.",
               ["code-05", "code-06"]),
        _final("despair", "Card 07: Despair", [7], [7, 8, *INERT], _items("0 2 1", "0 1 1", "0 1 1", "1 0 0"),
               "Memory 07 (Despair: all VP from Statues are negative) and 08 (each Book +2) are in the game. Win.",
               [place("shore"), ret("statue"), ret("statue")],
               (place("archive"), "each Statue is worth 1; all negative (07)"),
               "Your 2 Statues cost you 2 VP now (a Statue is worth 1, reconstructed). Shore of Forgetting returns up "
               "to 2 items.",
               "07 turns each player's Statue total negative, after 05 and 06 (ruling 9).",
               ["code-07", "code-08", "below-zero"], [*LAST_TURN_USES, "shore"], will=[3, 3, 3, 3]),
        _final("books", "Cards 08, 09 and 10: Books", [8, 9, 10], [8, 9, 10, 11, 12, 13, 14, 15],
               _items("1 0 2", "2 2 1", "0 3 0", "4 0 0"),
               "Memories 08 (each Book +2), 09 (exactly 2 Books: -10) and 10 (at least 2 Books: +1 per item) are in "
               "the game. Win.",
               [place("archive")], (place("cross"), "exactly 2 Books, -10"),
               "A Book is worth 1 VP, 3 with 08. Think of what a second Book does with 09 and 10.",
               "08 adds 2 to each Book; 09 takes 10 from a player with exactly 2; 10 gives a player with 2 or more "
               "one VP per item (every token).", ["code-09", "code-10"], [*LAST_TURN_USES, "archive", "code-08"]),
    ]


def _legacies_and_items() -> list[dict]:
    stones = last_turn([13, 11, 9, 10, 1, 2, 18, 4], _items("1 2 1", "0 0 0", "1 1 0", "4 0 0"), will=[7, 3, 3, 3],
                       start=BLUE)
    share = last_turn([1, 15, *INERT], _items("2 0 0", "3 0 0", "1 0 0", "0 1 0"), placed={"cash_cow": BLUE})
    bell = last_turn([18, 1, *INERT], _items("1 1 1", "1 1 1", "1 1 1", "1 1 1"), start=BLUE, will=[0, 0, 0, 0])
    return [
        _final("legacies", "Cards 12 and 14: the Legacies", [11, 12, 13, 14], [12, 14, 1, 2, 3, 4, 9, 10],
               _items("1 1 1", "1 1 1", "1 1 1", "1 1 1"),
               "Memories 12 (the Black Legacy +3) and 14 (each releaser +10) are yours; 11 and 13 are not in the "
               "game. You have 7 Will. Win.",
               [place("well"), player(BLUE)], (place("hearth"), "Green wins with 15 VP"),
               "A Legacy is worth 3 VP to its holder (reconstructed); 14 pays the releaser, per Legacy.",
               "At order 5 the holder scores each Legacy (3, +3 with 11 or 12, -3 with 13) and each releaser gets "
               "+10 per release with 14 (+50 with 21).", ["code-12", "code-14", "holder-scores"],
               [*LAST_TURN_USES, "well"], will=[7, 3, 3, 3], white=GREEN),
        _step("stones", "Cards 11 and 13: the stones", stones,
              "Memories 13 (both Legacies -3 VP) and 11 (the White Legacy +3) are in the game, and you have 7 Will. "
              "Release a Legacy and win.",
              _all(_wins(RED), lambda s: RED in s.view(RED)["released"].values()), [place("garden"), player(GREEN)],
              "With 13 and 11, the White Legacy is worth 3 + 3 - 3, the Black one 3 - 3.",
              "Order 5: each Legacy is worth 3 to its holder (reconstructed), +3 with 11 (White) or 12 (Black), -3 "
              "with 13 (both).", _ending([11, 13]), ([place("well"), player(GREEN)], "the Black Legacy 0"),
              ["code-11", "code-13"], [*LAST_TURN_USES, "garden", "well", "holder-scores"]),
        _final("collecting", "Cards 15 and 17: most and least items", [15, 17], [15, 17, *INERT],
               _items("4 1 0", "2 1 1", "2 1 1", "3 0 0"),
               "Memories 15 (the one player with the most items +5) and 17 (the one with the least +8, the one with "
               "the most -8) are in the game. Win.",
               [place("procession"), player(YELLOW), give("coin"), give("coin")],
               (place("cash_cow"), "has the unique most items, -8"),
               "You have the most items: 17 costs you 8. Procession gives up to 2 away.",
               "15 and 17 compare every item token (coins, statues, books, Legacies, the Medal); with a tie nobody "
               "gains or loses. Card 17's order number (6) is reconstructed.", ["code-15", "code-17", "order-17"],
               [*LAST_TURN_USES, "procession", "any-item", "unique"]),
        _final("me", "Card 16: Me", [16], [16, 1, *INERT], _items("2 0 0", "1 0 0", "1 0 0", "2 0 0"),
               "Memories 16 (Me: the one player with the most Will +5) and 01 (each Coin +1) are in the game. You "
               "have 3 Will, Yellow has 4. Win.",
               [place("hearth")], (place("cash_cow"), "the unique most Will"), "Will left at the end counts for 16.",
               "16 compares the Will left at the end; a tie gives nobody the 5.", ["code-16"],
               [*LAST_TURN_USES, "code-01", "unique"], will=[3, 0, 0, 4]),
        _step("share", "A shared victory", share,
              "Memories 01 (each Coin +1) and 15 (the one player with the most items +5) are in the game. Make sure "
              "you at least share the win.",
              lambda s: s.is_over and RED in s.outcome.winners, [place("lights")],
              "Blue has 3 items and 3 Coins: 8 VP with 15. A tie for the most items gives nobody the 5.",
              "Players tied for the most VP share the victory (a ruling).",
              _ending([1, 15]), (place("quarry"), "Blue wins with 8 VP"), ["share"],
              [*LAST_TURN_USES, "code-15", "code-01"]),
        _step("bell", "Bell of the Last Dawn", bell,
              "Code 18 (Follow me!: +5 VP for the Start player, reconstructed) is yours. Win the game.",
              _wins(RED), [place("bell"), look(BLUE)],
              "Bell of the Last Dawn (round 5 only): the Start player marker, then a Shoal look.",
              "Bell of the Last Dawn (reconstructed): take the Start player, then look at a Shoal. In round 5 the "
              "marker matters only for card 18.", _ending([18]), (place("cash_cow"), "holds the Start player"),
              ["bell", "code-18"], [*LAST_TURN_USES, "clocktower", "code-01"]),
    ]


def _three_players() -> list[dict]:
    dealt = _dealt(players=3, seed=4, arranged=True)
    return [
        _find("ghost-deal", "Three players: the ghost", dealt,
              "Three players: the ghost holds two Memories beside the board. Find out its Shoal card.", GHOST,
              "Shoal", [place("watchtower"), look(GHOST)],
              "The ghost sits where a fourth player would. Its cards can be looked at like anyone's.",
              "With 3 players a ghost takes the fourth sheet: it is dealt two Memories, placed at random in its "
              "Shoal and Abyss, and they count in the game. It gets no Will (the real players start with 0, 1, 1) "
              "and has no turns or items.",
              ([place("watchtower"), look(BLUE)], "the Ghost's Shoal"), ["ghost", "ghost-deal"],
              ["turn", "look-other", "veil"]),
        _find("ghost", "The ghost player", _pos(players=3, round=2, will=[2, 1, 1]),
              "Find out the Ghost's Abyss card.", GHOST, "Abyss", [place("the_place"), look(GHOST)],
              "With 3 players the ghost's two Memories lie beside the board; they can be looked at like anyone's.",
              "The ghost holds two Memories (dealt at random into its Shoal and Abyss, never redrawn) that count in "
              "the game. It is never veiled and can be looked at, but it has no turns, items or Will, can never be "
              "chosen for anything else, and is never compared for most, least or exactly (a ruling).",
              ([place("the_place"), look(BLUE)], "the Ghost's Abyss"), ["ghost-look"], ["ghost", "the-place"]),
        _step("ghost-gift", "The ghost takes nothing",
              _pos(players=3, round=4, items=_items("2 0 0", "0 0 0", "0 0 0")),
              "Give both your Coins away with one pawn.", lambda s: _sheet(s, RED)["coins"] == 0,
              [place("procession"), player(BLUE), give("coin"), give("coin")],
              "Procession gives 1 item, then 1 more if you wish, to another player; the ghost is not a player for it "
              "(there is no button for it).",
              "The ghost can never be chosen by Allure's gift, Cult, Garden, Well, Hollow or Procession.",
              "you still hold a Coin", ([place("procession"), player(BLUE), give("coin"), STOP],
                                        "you still hold a Coin"), ["ghost-chosen"], ["ghost", "procession"]),
    ]


def _expert_game() -> list[dict]:
    arranged = _dealt(seed=3, expert=True)
    hand, ninth = arranged.view(RED)["hand"], arranged.view(RED)["ninth"]
    return [
        _step("expert-setup", "The expert set-up", arranged,
              f"The Ninth Memory, Code {ninth:02d} ({MEMORIES[ninth].name}), lies face up. Put your Code "
              f"{hand[0]:02d} in your Abyss.",
              lambda s: _code(s, RED, RED, "Abyss") == hand[0] and s.view(RED)["hand"] is None, [shoal(1)],
              "As in the normal game: one card in the Shoal, the other in the Abyss.",
              "The expert game uses the board's expert side and adds cards 19-28 to the deck. After the redraw one "
              "card is turned face up as the Ninth Memory: it never scores, but some locations exchange it. The "
              "Medal starts under Cult of Honeybook.",
              f"Code {hand[0]:02d} lies in your Shoal", (shoal(0), "lies in your Shoal"),
              ["expert-deck", "ninth", "medal-start"], ["shoal-abyss"], opponent=_replies([shoal(0)])),
        _step("cult", "Cult of Honeybook: the Medal",
              _pos(expert=True, ninth=20, round=1, will=[1, 1, 1, 2], memories=[26, 1, 2, 3, 4, 5, 6, 7]),
              "Code 26 (A fearful truth: the Medal +5 VP) is yours. Take the Medal, and its 4 Will.",
              lambda s: s.view(RED)["medal"] == RED and _sheet(s, RED)["will"] == 4, [place("cult"), player(RED)],
              "Cult of Honeybook (expert, 1 Will): choose any player, yourself included, who takes the Medal.",
              "Cult of Honeybook (an attack, 1 Will): the chosen player takes the Medal; from the board it brings 4 "
              "Will. The Medal has no VP of its own (reconstructed); 26 and 28 give it its value.",
              "you do not hold the Medal with 4 Will", ([place("cult"), player(BLUE)], "you do not hold the Medal"),
              ["cult", "code-26"], ["turn", "medal-start"]),
        _step("cult-attack", "Cult of Honeybook: passing the Medal on",
              _pos(expert=True, ninth=20, round=2, will=[1, 0, 0, 0], medal=RED, memories=[28, 1, 2, 3, 4, 5, 6, 8]),
              "Code 28 (Forget all: the Medal -50 VP) is yours, and you hold the Medal. Make Yellow take it.",
              lambda s: s.view(RED)["medal"] == YELLOW, [place("cult"), player(YELLOW)],
              "Cult of Honeybook must choose a player who does not already hold the Medal (you are not offered).",
              "From another player the Medal comes without Will. Card 28 and 07 void each other when both are in "
              "the game (ruling 8).",
              "Yellow does not hold the Medal", (place("hearth"), "Yellow does not hold the Medal"),
              ["cult-holder", "code-28"], ["cult"]),
        _step("hall", "Hall of the Ninth",
              _pos(expert=True, ninth=23, round=3, will=[2, 0, 0, 0], memories=[7, 2, 1, 3, 4, 5, 6, 8],
                   items=_items("2 2 2", "0 0 0", "0 0 0", "0 0 0")),
              "The Ninth Memory is 23 (Lining up things: +2 VP per Coin-Statue-Book set). Put it in your Shoal in "
              "place of 07 (Despair).",
              lambda s: _code(s, RED, RED, "Shoal") == 23, [place("hall"), exchange("shoal")],
              "Hall of the Ninth (expert, round 3-5, 2 Will, reconstructed) exchanges your Shoal or Abyss card with "
              "the Ninth.",
              "Your card goes face up as the new Ninth Memory, the old Ninth takes its slot; both faces are public "
              "(ruling 12). The Ninth itself never scores.",
              "your Shoal card is not 23: an exchange gives your card to the Ninth and the Ninth to that slot",
              ([place("hall"), exchange("abyss")], "your Shoal card is not 23"), ["hall", "exchange"],
              ["ninth", "cost-payable"]),
        _find("gallery", "Gallery of Honor", _pos(expert=True, ninth=23, round=4, will=[0, 0, 0, 0], medal=RED),
              "Find out Blue's Abyss card, with no Will.", BLUE, "Abyss", [place("gallery"), look(BLUE)],
              "Gallery of Honor (expert, round 4-5): only the Medal holder may place there, and keeps it.",
              "Gallery of Honor (reconstructed): look at an Abyss, or exchange one of your Memories with the Ninth, "
              "in one decision.", (place("the_place"), "must be fully payable"), ["gallery"],
              ["abyss-costs", "cult", "exchange"]),
        _find("fearful-truth", "Code 26 is shown to all",
              _pos(expert=True, ninth=20, round=1, memories=[1, 2, 26, 3, 4, 5, 6, 7]), "Look at Blue's Shoal card.",
              BLUE, "Shoal", [place("watchtower"), look(BLUE)], "Any Shoal look does it.",
              "It is Code 26, A fearful truth: whoever looks at it shows it to all players (spectators too).",
              ([place("watchtower"), look(GREEN)], "you do not know Blue's Shoal"), ["code-26-shown"],
              ["look-public", "code-26"]),
    ]


EXPERT_USES = (*LAST_TURN_USES, "expert-deck", "ninth")


def _expert_cards() -> list[dict]:
    def final(key, title, cards, memories, ninth, items, goal, solution, wrong, hint, success, teaches, uses=(),
              **kwargs):
        return _final(key, title, cards, memories, items, goal, solution, wrong, hint, success, teaches,
                      [*EXPERT_USES, *uses], expert=True, ninth=ninth, **kwargs)

    return [
        final("ambition", "Card 19: High ambition", [15, 19], [19, 15, *INERT], 20,
              _items("6 2 0", "5 0 1", "0 1 1", "0 0 0"),
              "Memories 19 (the one player with the most Coins +10; cannot win if 15 is in the game) and 15 (the one "
              "player with the most items +5) are in the game. You have 6 Coins, Blue 5. Win.",
              [place("shore"), ret("coin"), STOP], (place("hearth"), "Code 15 is in the game, so Red cannot win"),
              "With 15 in the game, the most Coins brings 10 VP and the loss of the game.",
              "19 is applied at order 2; its second sentence makes the player unable to win (a ruling).",
              ["code-19"], ["code-15", "cannot-win", "shore"]),
        final("words", "Card 20: There were the words", [20], [20, 5, 9, 11, 12, 13, 14, 16], 27,
              _items("0 2 0", "0 1 1", "0 1 1", "0 0 1"),
              "Memory 20 (There were the words: every total is multiplied by its player's Books) is in the game. Win.",
              [place("archive")], (place("cross"), "each total is multiplied by that player's Books"),
              "You have 0 Books: 0 times anything is 0.",
              "20 is applied last (order 8), each total times that player's own Books; it is void if 27 is in the "
              "game (ruling 8).", ["code-20", "scoring-order"], ["archive", "card-order"]),
        final("tune", "Cards 21 and 22: the Last Tune and the Sunken Hearts", [21, 22], [21, 1, *INERT], 22,
              _items("0 0 0", "2 2 1", "1 1 1", "1 1 1"),
              "Memories 21 (+50 VP per Legacy you released) and 01 are in the game; 22 is the Ninth Memory, so it is "
              "not. You have 6 Will. Win.",
              [place("garden"), player(BLUE)], (place("hearth"), "Blue wins with 5 VP"),
              "The Ninth Memory never scores.",
              "21 pays each releaser 50 VP per Legacy; 22 (if in the game) makes every releaser unable to win.",
              ["code-21", "in-game"], ["garden", "holder-scores"], will=[6, 0, 0, 0]),
        final("sunken", "Card 22: The Last XVII of Sunken Hearts", [21, 22], [22, 21, 9, 10, 11, 12, 13, 1], 20,
              _items("4 2 1", "1 0 0", "0 0 0", "3 2 1"),
              "Memories 22 (every player who released a Legacy cannot win) and 21 (+50 VP per Legacy released) are "
              "in the game. You have 6 Will. Win.",
              [place("hearth")], ([place("garden"), player(BLUE)], "Red released a Legacy and cannot win"),
              "+50 VP are worth nothing to a player who cannot win.",
              "22 is applied at order 1: a releaser still scores (21's 50 too) but cannot win (a ruling).",
              ["code-22"], ["code-21", "cannot-win", "garden"], will=[6, 3, 3, 3]),
        final("sets", "Cards 23 and 25: sets and missing items", [23, 25], [23, 25, *INERT], 22,
              _items("2 1 1", "1 1 1", "3 2 0", "0 1 1"),
              "Memories 23 (+2 VP per set of Coin, Statue and Book) and 25 (+3 VP per kind of Coin, Statue, Book you "
              "do not have) are in the game. Win.",
              [place("shore"), ret("statue"), ret("book")], (place("cross"), "Green lacks 1 kind of item"),
              "Having none of a kind is worth 3 VP with 25; a set is worth only 2 with 23.",
              "23 counts complete sets; 25 pays 3 for each of the three kinds you have none of.",
              ["code-23", "code-25"], ["shore"]),
        final("sad", "Card 24: Things that make me sad", [24], [24, 5, *INERT], 22,
              _items("0 1 0", "0 2 0", "0 1 0", "0 0 0"),
              "Memories 24 (every player with at least 1 Will left loses 3 VP) and 05 (each Statue +2) are in the "
              "game, and 16 is not. You have 1 Will. Win.",
              [place("hollow"), take("statue")], (place("cross"), "Will left, -3"),
              "Spending your last Will is worth 3 VP here.",
              "24 takes 3 VP from every player with Will left; it is void if 16 (Me) is in the game (ruling 8).",
              ["code-24"], ["hollow", "code-05"], will=[1, 0, 0, 0]),
        final("that", "Card 27: THAT", [26, 27], [27, 26, *INERT], 20, _items("2 2 0", "0 0 1", "1 1 0", "0 2 0"),
              "Memories 27 (THAT: with 26 in the game the lowest score wins) and 26 are in the game. Win.",
              [place("shore"), ret("statue"), ret("statue")], (place("hearth"), "the lowest score wins"),
              "Lower is better here. Shore returns up to 2 items.",
              "With 27 and 26 both in the game the eligible player with the lowest VP wins (a ruling); 27 without 26 "
              "does nothing.", ["code-27"], ["code-26", "shore"], will=[0, 0, 0, 0]),
        final("forget", "Cards 26 and 28 with 07", [7, 26, 28], [28, 7, 26, *INERT[:5]], 20,
              _items("0 1 0", "0 2 0", "0 3 0", "0 0 0"),
              "Blue holds the Medal. Memories 28 (the Medal -50), 07 (Statues negative) and 26 (the Medal +5) are "
              "in the game. Win.",
              [place("cult"), player(RED)], (place("cross"), "the Medal is worth 5"),
              "07 and 28 void each other when both are in the game: the Medal is worth +5 here, and Statues count "
              "positive.",
              "Invalid cards are decided once, before order 1: 20 with 27, 24 with 16, 07 and 28 together (ruling "
              "8). A void card still counts as in the game.", ["void"], ["code-07", "code-26", "code-28", "cult"],
              medal=BLUE),
        final("medal-sum", "Cards 26 and 28 together", [26, 28], [26, 28, *INERT[:6]], 20,
              _items("0 1 0", "0 1 0", "0 0 0", "0 0 0"),
              "You hold the Medal. Memories 26 (the Medal +5) and 28 (the Medal -50) are in the game, and 07 is "
              "not. Win.",
              [place("procession"), player(BLUE), give("medal"), STOP], (place("hearth"), "the Medal is worth -45"),
              "Both cards count: the Medal is worth 5 - 50. Who should hold it at the end?",
              "Cards of the same order number apply together: 26 and 28 add up, so the Medal is worth -45 (a "
              "ruling), and a score can go below 0.", ["medal-sum"], ["code-26", "code-28", "procession", "void"],
              medal=RED),
    ]


def _examples() -> list[dict]:
    a = [_p(5, 3, 2, 2, white=True, released_white=True), _p(1, 2, 0, 6, black=True),
         _p(4, 2, 1, 0, released_black=True), _p(6, 0, 1, 3)]
    b = [_p(5, 1, 0, 0), _p(3, 2, 2, 1, white=True, released_white=True), _p(4, 3, 1, 4, black=True),
         _p(4, 1, 1, 2, released_black=True)]
    c = [_p(6, 1, 2, 3, white=True, black=True, released_white=True, released_black=True), _p(5, 2, 1, 4),
         _p(0, 3, 1, 5)]
    example_uses = (*LAST_TURN_USES, "scoring-order", "cannot-win", "holder-scores")
    return [
        _final("example-a", "Worked example A", [3, 18], [3, 5, 9, 10, 13, 15, 17, 18], _sheets_items(a),
               "You are C (Green) in the rulings' example A, with your last pawn (A is Red, B Blue, D Yellow). Win.",
               [place("bell"), look(RED)], (place("cash_cow"), "18: Red holds the Start player"),
               "Example A's table has C holding the Start player, and card 18 is in the game.",
               "With the Start player (Bell, or Clocktower returning nothing) it is example A exactly: A 9, B 14, C "
               "12, D 1. B has more points but cannot win (03), so C wins with 12.",
               ["example-a"], [*example_uses, "code-03", "code-18", "bell"], learner=GREEN,
               will=[p["will"] for p in a], white=RED, black=BLUE, released={"white": RED, "black": GREEN},
               start=RED),
        _final("example-b", "Worked example B", [15, 19, 27],
               [27, 26, 7, 14, 15, 19, 20, 28], _sheets_items(b),
               "You are C (Green) in the rulings' example B (expert), with your last pawn (A is Red, B Blue, D "
               "Yellow). Win.",
               [place("procession"), player(RED), give("coin"), give("coin")],
               (place("hearth"), "the lowest score wins"),
               "THAT (27) with 26 in the game: the lowest score wins. Who has the most Coins and the most items "
               "decides 19 and 15.",
               "With THAT and 26 the lowest eligible score wins, and many placements keep yours lowest. The rulings' "
               "example B is the one where you give A two Coins at Procession (Show me plays it): A 21 (cannot win: "
               "19 with 15), B 17, C 7, D 12. 20 is void (27), 07 and 28 void each other; the lowest eligible score, "
               "C's 7, wins.", ["example-b"], [*example_uses, "code-27", "code-19", "void", "procession"],
               learner=GREEN, will=[p["will"] for p in b], expert=True, ninth=21, white=BLUE, black=GREEN,
               released={"white": BLUE, "black": YELLOW}, medal=RED, start=GREEN),
        _final("example-c", "Worked example C", [3, 16, 20, 22], [21, 22, 3, 6, 16, 20, 11, 24], _sheets_items(c),
               "You are B (Blue) in the rulings' example C (expert, 3 players and the ghost), with your last pawn (A "
               "is Red, C Green). The Ninth Memory is 25 (Throw it away!). Win.",
               [place("clocktower"), STOP], ([place("hall"), exchange("shoal")], "03 went to the Ninth Memory"),
               "You are the only player who can win now: A released the Legacies (22) and C has the least Coins (03; "
               "the ghost is not compared). Keep it so: your Shoal card is 03.",
               "Any placement that leaves your 03 where it is wins. With Clocktower and nothing returned it is "
               "example C exactly (you hold the Start player, as in its table): A 230 and C 9 cannot win (22; 03, "
               "the ghost not compared), so B wins with 3.",
               ["example-c", "ghost-compared"], [*example_uses, "ghost", "code-22", "code-03", "hall", "exchange"],
               miss=_example_c_miss, learner=BLUE, players=3, will=[p["will"] for p in c], expert=True, ninth=25,
               white=RED, black=RED, start=GREEN),
    ]


CHAPTERS = (
    ("first-game", "Your first game", _first_game),
    ("more-places", "More places to go", _more_places),
    ("start-player", "Round by round: the Start player", _start_player),
    ("looks", "Looks and the veil", _looks),
    ("legacies", "The Legacies and the early end", _legacies),
    ("later-rounds", "Rounds 3 to 5", _later_rounds),
    ("coins-statues-books", "Memories: Coins, Statues and Books", _coins_statues_books),
    ("legacies-and-items", "Memories: Legacies, items, Will and the Start player", _legacies_and_items),
    ("three-players", "Three players: the ghost", _three_players),
    ("expert-game", "The expert game", _expert_game),
    ("expert-cards", "The expert Memory cards", _expert_cards),
    ("examples", "The worked examples", _examples),
)


def tutorial() -> Tutorial:
    """Every step of the Code of Nine tutorial, chapter by chapter, in the notebook's order."""
    t = Tutorial(GAME, "Learn Code of Nine", rules=RULES)
    for key, title, steps in CHAPTERS:
        t.chapter(key, title)
        for spec in steps():
            t.step(**spec)
    return t


def _location(state: ninekit.State, key: str) -> dict:
    return next(loc for loc in state.view(RED)["locations"] if loc["key"] == key)


def _example_c_miss(state: ninekit.State) -> str:
    """Example C lost: the only way is to give away your 03 (Hall of the Ninth), which says why."""
    text = _ending([3, 16, 20, 22])(state)
    if state.is_over and state.view(BLUE)["slots"][2 * BLUE]["code"] != 3:
        text = ("your 03 went to the Ninth Memory, so it is no longer in the game and nothing stops C (Green), who "
                "has the least Coins: " + text)
    return text


def _sheets_items(players: Sequence[dict]) -> list[dict]:
    return [{"coins": p["coins"], "statues": p["statues"], "books": p["books"]} for p in players]


__all__ = ["tutorial", "score_calculator", "worked_example", "breakdown_html", "EXAMPLES", "last_turn",
           "RECONSTRUCTED_NOTE", "RULES", "CHAPTERS"]
