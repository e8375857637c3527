"""What the Double Nine lesson steps are made of: the other players' :func:`reply`, reading a state
(public facts only), the checks (each made from the step's start: :func:`number_is`, :func:`wins`,
...) and :func:`step`, which makes a step's record from them.

    >>> start = position(2, boards=[([], []), (["Medusa"], ["Clown"])], hands=[["Sister", "Elf"], ["Luna"]],
    ...                  pile=["Hacker", "Reaper", "Necromancer"])
    >>> number(start, P2), number(played(start, "Play Elf", "your Site ×10"), P1)
    (73, 80)
"""

from __future__ import annotations

from collections.abc import Callable

import ninekit
from ninekit.double_nine import position

from ...lesson import resolve
from .. import Step, played

P1, P2, P3, P4 = range(4)
TIED = [50, 50]  # a tied first game: each player holds a victory token, so the step's game decides the match


# --- replies and building ----------------------------------------------------------------------


def _lead(state, seat: int) -> int:
    """How far ``seat``'s number is ahead of the best other number (negative: behind)."""
    numbers = [b["number"] for b in boards_of(state)]
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


def prefer_reply(*items):
    """A reply that takes the first of ``items`` that is a legal decision now, else :func:`reply`."""

    def choose(state):
        for item in items:
            if resolve(state, item) is not None:
                return item
        return reply(state)

    return choose




# --- reading a state (public facts only, except the few hand checks, which name the seat) ---------


def boards_of(state):
    """Every player's board (its number and its sites' stacks), public facts."""
    return state.view(None)["boards"]


def number(state, seat: int) -> int:
    """The number of ``seat``'s board now."""
    return boards_of(state)[seat]["number"]


def top_card(state, seat: int, site: str):
    """The card on top of ``seat``'s ``site`` stack, or None."""
    stack = boards_of(state)[seat][site]
    return stack[-1] if stack else None


def hand_of(state, seat: int) -> list:
    """The cards in ``seat``'s hand (as ``seat`` sees them)."""
    return state.view(seat)["hand"]


def game_results(state) -> list:
    """The results of the match's finished games, oldest first."""
    return state.view(None)["results"]


def _same_game(start):
    """A guard for checks on numbers: the game of ``start`` is still being played (no new deal yet)."""
    games = len(game_results(start))
    return lambda state: len(game_results(state)) == games


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
    return _mine(lambda state: same(state) and test([b["number"] for b in boards_of(state)]))


def _removed_more(start):
    """More cards have been removed from the game than at ``start``."""
    removed = start.view(None)["removed_count"]
    return _mine(lambda state: state.view(None)["removed_count"] > removed)


def _won(start, *seats):
    """The game of ``start`` is over and ``seats`` are among its winners."""
    games = len(game_results(start))

    def check(state):
        results = game_results(state)
        return len(results) > games and all(s in results[games]["winners"] for s in seats)

    return check


def judgment(state) -> str:
    """'the numbers were 92 and 97; Player 2 won' for the last finished game."""
    results = game_results(state)
    if not results:
        return "the game is not over"
    last = results[-1]
    shown = [f"{x:02d}" for x in last["numbers"]]
    numbers = ", ".join(shown[:-1]) + " and " + shown[-1]
    winners = " and ".join(f"Player {w + 1}" for w in last["winners"])
    return f"the numbers were {numbers}; {winners} won"


def after_replies(start, seat: int = P1):
    """The other players have played since ``start`` (a state where ``seat`` is to choose a card again)."""
    made = len(start.history)

    def test(state):
        return (len(state.history) > made and any(s != seat for s, _m in state.history[made:])
                and state.to_move == seat and state.view(None)["phase"] == "card")

    return test


def decided(state, kind: str, *args, seat: int = P1) -> bool:
    """``seat`` made the decision ``kind`` with ``args`` on the way to ``state`` (for feedback only)."""
    return any(s == seat and m.kind == kind and tuple(m.args) == args for s, m in state.history)


def miss_after(text):
    """A ``miss`` that reads the state right after the learner's last decision (before the replies)."""
    return lambda state: text(_last_mine(state))


# --- steps as data --------------------------------------------------------------------------------


Check = Callable[[ninekit.State], Callable[[ninekit.State], bool]]  # the step's start -> its check


def table(players: int = 2, *decisions, **layout) -> ninekit.State:
    """A position (``position(players, **layout)``) after the learner's first ``decisions``."""
    return played(position(players, **layout), *decisions)


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
    return after_replies


def wins_with(card: str) -> Check:
    """Player 1 won the step's game with ``card`` on top of their Site ×1."""
    def make(start):
        won = _won(start, P1)
        return lambda s: won(s) and game_results(s)[-1]["boards"][P1]["x1"][-1:] == [card]
    return make


def removed_more() -> Check:
    """A card was removed from the game since the start."""
    return _removed_more


def state_check(test: Callable[[ninekit.State], bool]) -> Check:
    """``test(state)``, read on every state the attempt passes through."""
    return lambda _start: test


def game_over() -> Check:
    """The step's game is over (for ``until``: judge the attempt then, even if the learner starts the next)."""
    return lambda start: lambda s: len(game_results(s)) > len(game_results(start))


def lost_game() -> Check:
    """The step's game is over and Player 1 is not among its winners (for ``until``)."""
    def make(start):
        games = len(game_results(start))
        return lambda s: len(game_results(s)) > games and P1 not in game_results(s)[games]["winners"]
    return make


def played_into_next_game(start) -> Callable[[ninekit.State], bool]:
    """You won the step's game and have played your first card of the next one."""
    games, made = len(game_results(start)), len(start.history)

    def check(state):
        results = game_results(state)
        played = sum(1 for seat, move in state.history[made:] if seat == P1 and move.kind == "site")
        return len(results) > games and P1 in results[games]["winners"] and played >= 2

    return _mine(check)


def starts_next_game(start) -> Callable[[ninekit.State], bool]:
    """You took a victory token in the step's game and start the next one."""
    games = len(game_results(start))

    def check(state):
        results = game_results(state)
        return (len(results) > games and P1 in results[games]["winners"]
                and state.view(None)["start_player"] == P1 and not state.is_over)

    return check


def hand_gone(seat: int) -> Check:
    """The step's game is over and ``seat`` ended it with no card in hand."""
    def make(start):
        games = len(game_results(start))
        return lambda s: len(game_results(s)) > games and not game_results(s)[games]["hands"][seat]
    return make


def step(key: str, title: str, start: ninekit.State, *, check: Check, until: Check | None = None, **data) -> Step:
    """A step's record (:class:`widgets.lessons.Step`) whose ``check`` and ``until`` are made from its start
    (:func:`number_is`, :func:`wins`, ...); the other players reply by :func:`reply` unless ``opponent`` says.

        >>> start = table(2, "Play Elf", boards=[(["Medusa"], ["Aiko"]), (["Luna"], ["Clown"])],
        ...               hands=[["Elf", "Sister"], ["Luna"]], pile=["Hacker", "Reaper", "Necromancer"])
        >>> record = step("cover", "Only the top card counts", start, goal="Make 82.", check=number_is(82),
        ...               solution=["your Site ×10"], hint="")
        >>> record.check(start.play(start.legal_moves()[0]))
        True
    """
    return Step(key, title, start, check=check(start), until=until(start) if until else None, **data)
