"""A game in progress, the same for every game, without widgets: :class:`Session`, and its rule for Undo.

A :class:`Session` holds what a table of people and computer players is: the game and its options, the seats
(``"human"`` or a computer level), the history as a tree of moves (undo and redo move along it; a move played
after an undo starts a variation and the old line is kept), what is pending (a person's decision, a computer's
turn, a pause between the games of a match, a hand-over of the screen, the end), and saves through
:func:`ninekit.load`.  The app, the lesson steps and the sandbox are views over one.

    >>> import ninekit
    >>> table = Session("nine_knights", seats=["human", "normal"], seed=4)
    >>> table.pending["kind"], table.pending["seat"]
    ('decision', 0)
    >>> while table.pending["kind"] == "decision":    # South sets up: several decisions in a row
    ...     _ = table.play(table.state.legal_moves()[0])
    >>> table.pending["kind"], table.run_computers() > 0, table.pending["kind"]
    ('computer', True, 'decision')

**Undo never shows a seat what it did not know.**  Undo goes back to an earlier decision of a person at this
screen, but never past a move after which something hidden was shown to one of them: their own draw, a hand
passed to them, a card turned up, a computer's claim.  Such a move is found without knowing the game: in worlds
that look the same to the seat before the move (:meth:`ninekit.State.determinize`), the same move leaves the
seat seeing different things (or is not even legal in some): so what the seat saw told it something.  A seat
that could undo it would play the move again and again and learn the pile, the hand, the disc.

In teacher mode every secret is on the screen anyway, so nothing is refused there.

    >>> import ninekit
    >>> state = ninekit.make("count_of_nine").new(seed=1)
    >>> chosen = state.play(state.legal_moves()[0])   # the target is chosen: the deal is turned up
    >>> shown_to(state, chosen, 0)
    True
    >>> undo_target(chosen, humans={0}) is None, undo_target(chosen, humans={0}, teacher=True) is state
    (True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection

from .core import Game, IllegalMove, Move, State, load, make, random_seed

WORLDS = 48  # worlds sampled per seat and move (against 200 in 6,700 moves of random games, none was missed)


def shown_to(before: State, after: State, seat: int, worlds: int = WORLDS) -> bool:
    """True when the move from ``before`` to its child ``after`` showed ``seat`` something it did not know.

    The move is played in ``worlds`` worlds that ``seat`` cannot tell from ``before`` (the same every time: the
    sample's seed is the ply and the seat); if the seat's views after it differ, or the move is illegal in one,
    what the seat saw depends on what was hidden from it.

        >>> import ninekit
        >>> state = ninekit.make("nine_knights").new(seed=1)
        >>> shown_to(state, state.play(state.legal_moves()[0]), 1)   # placing a Knight hides nothing
        False
    """
    if after.parent is not before:
        raise ValueError("shown_to compares a state with its child (one move later)")
    _mover, move = after.history[-1]
    rng = random.Random(len(before.history) * 1_000_003 + seat)
    first = None
    for _ in range(worlds):
        world = before.determinize(seat, rng)
        try:
            seen = world.play(move).view(seat)
        except IllegalMove:
            return True
        if first is None:
            first = seen
        elif seen != first:
            return True
    return False


def undo_target(state: State, humans: Collection[int], teacher: bool = False,
                stops: Callable[[State, State], bool] | None = None) -> State | None:
    """The state Undo goes back to from ``state``: the last decision of a seat in ``humans`` (computer moves are
    taken back with it), or None when there is none or when going back would pass a move that showed one of
    ``humans`` a secret (:func:`shown_to`; not in ``teacher`` mode).  ``stops(before, after)`` may name more
    moves never taken back (a game's own, e.g. a look at a card).

        >>> import ninekit
        >>> state = ninekit.make("nine_knights").new(seed=1)
        >>> placed = state.play(state.legal_moves()[0])
        >>> undo_target(placed, humans={0, 1}) is state
        True
    """
    child, node = state, state.parent
    while node is not None:
        if stops is not None and stops(node, child):
            return None
        if not teacher and any(shown_to(node, child, seat) for seat in humans):
            return None
        if not node.is_over and node.to_move in humans:
            return node
        child, node = node, node.parent
    return None


UNDO_REFUSED = ("Undo cannot go back: since that decision something hidden was shown at this screen, and it "
                "cannot be unseen")


# --- the session ------------------------------------------------------------------------------------------------

def _root_of(node):
    while node.parent is not None:
        node = node.parent
    return node


HUMAN = "human"
STEP_CAP = 10_000  # computer moves run_computers plays at most in one go (a game of bots that never ends)


class Node:
    """A position in a session's move tree: its ``state``, the ``parent`` node, the ``children`` (one per move
    played from here, in the order first played; the first is the main line) and ``last`` (the child the line
    went on to last: redo follows it).  ``move`` and ``seat`` are the move that led here and who made it (None at
    the root); ``comment`` is a note on the position, '' when none (the sandbox's)."""

    __slots__ = ("state", "parent", "children", "last", "comment")

    def __init__(self, state: State, parent: Node | None = None):
        self.state, self.parent, self.children, self.last, self.comment = state, parent, [], None, ""

    @property
    def move(self) -> Move | None:
        return self.state.history[-1][1] if self.parent is not None else None

    @property
    def seat(self) -> int | None:
        return self.state.history[-1][0] if self.parent is not None else None

    def __repr__(self) -> str:
        return f"Node(ply {len(self.state.history)}, {len(self.children)} continuation(s))"


def ends_a_game(before: State, after: State) -> bool:
    """Whether the move from ``before`` to ``after`` ended one game of a match that goes on (a pause between
    games): the spectator view's ``results`` grew and the match is not over.

        >>> import ninekit
        >>> s = ninekit.make("nine_knights").new(seed=1)
        >>> ends_a_game(s, s.play(s.legal_moves()[0]))
        False
    """
    if after.is_over:
        return False
    done_before = before.view(None).get("results") or []
    done_after = after.view(None).get("results") or []
    return isinstance(done_after, list) and len(done_after) > len(done_before)


class Session:
    """A game in progress at one screen: seats, computer players, a move tree, undo/redo, pauses, hand-overs.

    ``game`` is a :class:`~ninekit.Game`, a :class:`~ninekit.State` to start from, or a game's name (with
    ``players`` and ``options`` as for :func:`ninekit.make`).  ``seats`` has one entry per seat: ``"human"`` or a
    computer level of :data:`ninekit.bots.LEVELS` (default: seat 0 a person, the others ``"normal"``).
    ``seed`` deals the game (None: a fresh random seed; a given seed is the teacher's: every secret can be
    worked out from it, so the session is in ``teacher`` mode when the game hides anything).  ``bots`` may map
    a seat to its own player (anything with ``choose(state)``).  ``pauses(before, after)`` says whether a move
    stops play until :meth:`go_on` (default :func:`ends_a_game`); ``stops(before, after)`` names more moves
    Undo never takes back (the game's own, e.g. a card looked at).  ``hand_overs=False`` is an open table (the
    sandbox's): several people at the screen never wait for it, and :attr:`viewer` is whatever the view sets.

        >>> table = Session("count_of_nine", seed=2)
        >>> table.teacher, table.seats
        (True, ['human'])
        >>> table.play(table.state.legal_moves()[0]) is table.state
        True
        >>> table.undo() is table.root.state      # in teacher mode the deal shown may be taken back
        True
        >>> table.redo() is table.node.state, len(table.root.children)
        (True, 1)
    """

    def __init__(self, game: Game | State | str, seats: list[str] | None = None, seed: int | None = None, *,
                 players: int | None = None, options: dict | None = None, teacher: bool | None = None,
                 bots: dict | None = None, pauses: Callable[[State, State], bool] | None = ends_a_game,
                 stops: Callable[[State, State], bool] | None = None, hand_overs: bool = True):
        if isinstance(game, State):
            start = game
        else:
            if isinstance(game, str):
                game = make(game, players, **dict(options or {}))
            elif not isinstance(game, Game):
                raise TypeError(f"Session needs a game's name, a Game or a State (got {type(game).__name__})")
            elif players is not None or options:
                raise ValueError("players and options go with a game's name, not with a Game already made")
            start = game.new(random_seed() if seed is None else seed)
        self.game = start.game
        self.seats = self._checked_seats(seats)
        hidden = bool(getattr(self.game, "hidden_information", True))
        self.teacher = bool(teacher) if teacher is not None else (seed is not None and hidden)
        self.bots = dict(bots or {})
        self.pauses, self.stops, self.hand_overs = pauses, stops, bool(hand_overs)
        chain = [start]  # a state reached by moves brings its line: the tree starts where its game started
        while chain[-1].parent is not None:
            chain.append(chain[-1].parent)
        self.root = self.node = Node(chain[-1])
        self._undo_cache: tuple | None = None
        self.paused = False
        self.viewer: int | None = None  # the seat whose view the screen shows (None: hidden, or everything)
        self._handover: int | None = None  # a person waiting for the screen
        for state in reversed(chain[:-1]):
            self._step(state)
        self.paused = False
        self._update_viewer()

    # --- what the table is ----------------------------------------------------------------------------------
    def _checked_seats(self, seats) -> list[str]:
        from .bots import LEVELS

        n = self.game.players
        seats = [HUMAN] + ["normal"] * (n - 1) if seats is None else list(seats)
        if len(seats) != n:
            raise ValueError(f"{self.game.name} with {n} players needs {n} seats (got {len(seats)}: {seats!r})")
        for i, kind in enumerate(seats):
            if kind != HUMAN and kind not in LEVELS:
                raise ValueError(f"seat {i} ({self.game.seat_name(i)}) is {kind!r}: a seat is 'human' or a "
                                 f"computer level ({', '.join(LEVELS)})")
        return seats

    @property
    def state(self) -> State:
        """The position on the table now."""
        return self.node.state

    @property
    def humans(self) -> set[int]:
        """The seats people play."""
        return {i for i, kind in enumerate(self.seats) if kind == HUMAN}

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat] == HUMAN

    @property
    def pending(self) -> dict:
        """What the table waits for: ``{"kind": k, "seat": s}`` with ``k`` one of ``"over"`` (seat None),
        ``"pause"`` (between games: :meth:`go_on`), ``"handover"`` (the screen goes to ``s`` first:
        :meth:`hand_over`), ``"computer"`` (:meth:`computer_move`) or ``"decision"`` (a person's :meth:`play`)."""
        s = self.state
        if s.is_over:
            return {"kind": "over", "seat": None}
        if self.paused:
            return {"kind": "pause", "seat": s.to_move}
        if self._handover is not None:
            return {"kind": "handover", "seat": self._handover}
        return {"kind": "decision" if self.is_human(s.to_move) else "computer", "seat": s.to_move}

    # --- playing --------------------------------------------------------------------------------------------
    def play(self, move: Move, seat: int | None = None) -> State:
        """A person's move (for ``seat``, if given: it must be the seat to move); returns the new state.

        Refused with :class:`~ninekit.IllegalMove` naming the problem, the session unchanged: the game is over,
        play is paused, the screen waits for a hand-over, it is a computer's turn or another seat's, or the move
        is not legal (the rule that forbids it).  Played again from a position, the same move follows the line
        already there; a new one starts a variation (the old line is kept).
        """
        self._refuse_unless("decision", seat)
        return self._advance(move)

    def computer_move(self) -> State:
        """The computer seat to move decides and plays; returns the new state (refused as :meth:`play`)."""
        self._refuse_unless("computer", None)
        return self._advance(self.decide())

    def decide(self, state: State | None = None) -> Move:
        """The move the computer seat to move in ``state`` (default: the position on the table) chooses; the table
        is unchanged.  For a view that lets a computer think away from the screen (a thread, a timer) and then
        puts the table at the result (:meth:`arrive`); a person's turn or a finished game is an ``IllegalMove``.

            >>> table = Session("nine_knights", seats=["normal", "easy"], seed=3)
            >>> table.decide() in table.state.legal_moves(), table.state is table.root.state
            (True, True)
        """
        s = self.state if state is None else state
        if s.is_over or self.is_human(s.to_move):
            raise IllegalMove("no computer seat is to move there" if not s.is_over else "the game is over")
        return self._bot(s.to_move).choose(s)

    def run_computers(self, limit: int = STEP_CAP) -> int:
        """Play the computer seats up to a person's decision, a pause or the end (at most ``limit`` moves);
        returns how many were played."""
        played = 0
        while played < limit and self.pending["kind"] == "computer":
            self.computer_move()
            played += 1
        return played

    def go_on(self) -> None:
        """End the pause between two games (the "Next game" button)."""
        if not self.paused:
            raise IllegalMove("there is no pause to end: play is going on")
        self.paused = False
        self._update_viewer()

    @property
    def waiting(self) -> int | None:
        """The seat waiting for the screen (hot-seat hand-over), or None."""
        return self._handover

    def hand_over(self) -> int:
        """The seat waiting for the screen takes it (hot-seat: its view is shown now); returns that seat."""
        if self._handover is None:
            raise IllegalMove("nobody is waiting for the screen")
        self.viewer, self._handover = self._handover, None
        return self.viewer

    def _refuse_unless(self, kind: str, seat: int | None) -> None:
        pending = self.pending
        s = self.state
        if seat is not None:
            self.game.check_seat(seat)
        if pending["kind"] == "over":
            raise IllegalMove(f"the game is over ({s.outcome.reason}): no more moves")
        if pending["kind"] == "pause":
            raise IllegalMove("play is paused between games: go on first")
        if pending["kind"] == "handover":
            raise IllegalMove(f"the screen goes to {self.game.seat_name(pending['seat'])} first")
        if seat is not None and seat != s.to_move:
            raise IllegalMove(f"it is {self.game.seat_name(s.to_move)}'s turn, not {self.game.seat_name(seat)}'s")
        if pending["kind"] != kind:
            who = self.game.seat_name(s.to_move)
            raise IllegalMove(f"it is {who}'s turn, a computer player's" if kind == "decision"
                              else f"it is {who}'s turn, a person's: the computer does not play for them")

    def _advance(self, move: Move) -> State:
        before = self.state
        if not isinstance(move, Move):
            raise IllegalMove(f"not a move: {move!r}")
        problem = before.why_illegal(move)
        if problem is not None:
            raise IllegalMove(problem)
        return self._step(before.play(move))

    def _step(self, after: State) -> State:
        """Go on from the position now to its child ``after``: along the branch already there for the same move
        (which then holds ``after``), else a new branch."""
        before = self.state
        for child in self.node.children:
            if child.state.history[-1] == after.history[-1]:
                child.state = after
                break
        else:
            child = Node(after, self.node)
            self.node.children.append(child)
        self.node.last = child
        self.node = child
        self.paused = bool(self.pauses is not None and self.pauses(before, after))
        self._update_viewer()
        return after

    def arrive(self, state: State) -> State:
        """Put the table at ``state``, a position of this game reached some other way (a view that played the
        moves itself, e.g. a computer thinking in the background): one on the line now (going back), or one
        reached from a position of that line (its moves join the tree as if played, a variation where they
        leave the line).  Anything else (another game, another deal) is a ValueError.

            >>> table = Session("nine_knights", seats=["human", "human"], seed=1, teacher=True)
            >>> later = table.state.play(table.state.legal_moves()[0])
            >>> table.arrive(later) is table.state, table.arrive(table.root.state) is table.state
            (True, True)
        """
        line = self.line()
        first = len(line[0].state.history)
        path, s = [], state
        while s is not None:  # back from ``state`` to where it leaves the line now (the same position there)
            depth = len(s.history) - first
            if 0 <= depth < len(line) and (line[depth].state is s or (line[depth].state.history == s.history
                                                                 and line[depth].state.position == s.position)):
                break
            path.append(s)
            s = s.parent
        if s is None:
            raise ValueError("that position is not reached from the table's line (start a new session for it)")
        self._go(line[depth])
        for step in reversed(path):
            self._step(step)
        return state

    def follow(self, after: State) -> State:
        """Go on to ``after``, a child of the position now that a view played itself (e.g. a computer's move
        chosen with :meth:`decide`), as if its move were played here: the same tree, pause and hand-over.

            >>> table = Session("nine_knights", seats=["easy", "easy"], seed=2)
            >>> after = table.state.play(table.decide())
            >>> table.follow(after) is table.state, table.pending["kind"]
            (True, 'computer')
        """
        if after.parent is not self.state:
            raise ValueError("follow goes on to a child of the position on the table (else use arrive)")
        return self._step(after)

    def _bot(self, seat: int):
        if seat not in self.bots:
            from .bots import bot_for

            # Never derived from the game's seed: a seat could not work the deal out from the bot.
            self.bots[seat] = bot_for(self.game.name, random_seed(), self.seats[seat])
        return self.bots[seat]

    # --- going back and forth -------------------------------------------------------------------------------
    def undo_target(self) -> Node | None:
        """The node Undo goes back to: the last decision of a person (computer moves go with it), never past a
        move that showed a person here something hidden (:func:`undo_target`; not in teacher mode)."""
        key = (self.node, self.node.state, self.teacher)
        if self._undo_cache is not None and self._undo_cache[0] == key:
            return self._undo_cache[1]
        target = undo_target(self.state, self.humans, teacher=self.teacher, stops=self.stops)
        node = self.node
        if target is not None:  # the node as deep as the target, on the line now
            while node is not None and len(node.state.history) > len(target.history):
                node = node.parent
        else:
            node = None
        self._undo_cache = (key, node)
        return node

    def undo_refused(self) -> bool:
        """Whether Undo is refused now although there is a decision to go back to (a secret was shown since)."""
        return self.undo_target() is None and undo_target(self.state, self.humans, teacher=True) is not None

    def undo(self) -> State:
        """Back to the last decision of a person; refused (``IllegalMove``, with the reason) when there is none
        or when going back would unsee a secret."""
        node = self.undo_target()
        if node is None:
            raise IllegalMove(UNDO_REFUSED if self.undo_refused() else "there is nothing to undo")
        self._go(node)
        return self.state

    def redo(self) -> State:
        """Forward again along the line last played (the variation undo came back from), to the next decision
        of a person or the line's end."""
        node = self.node.last
        if node is None:
            raise IllegalMove("there is nothing to redo")
        while node.last is not None and not self.is_human(node.state.to_move) and not node.state.is_over:
            node = node.last
        self._go(node)
        return self.state

    def _go(self, node: Node) -> None:
        self.node = node
        self.paused = False
        self._update_viewer()

    # --- moving about the tree (the sandbox's ←, →, ↑, ↓ and a click on a move) -------------------------------
    def go(self, node: Node) -> State:
        """Put the table at ``node``, a position anywhere in this session's tree (a click on a move); the line to
        it becomes the line last followed, so → after ← comes back to it.

            >>> table = Session("nine_knights", seats=["human", "human"], seed=1, hand_overs=False)
            >>> first = table.play(table.state.legal_moves()[0])
            >>> table.go(table.root) is table.root.state, table.forward() is first
            (True, True)
        """
        if not isinstance(node, Node) or self.root is not _root_of(node):
            raise ValueError("that position is not in this session's tree")
        child = node
        while child.parent is not None:  # the line to it is now the line last followed: → retraces it
            child.parent.last = child
            child = child.parent
        self._go(node)
        return self.state

    def back(self) -> State:
        """One move back (←): the position before the one on the table."""
        if self.node.parent is None:
            raise IllegalMove("this is the first position: there is no move to go back over")
        return self.go(self.node.parent)

    def forward(self) -> State:
        """One move forward (→) along the line last followed from here, else the main line."""
        node = self.node.last or (self.node.children[0] if self.node.children else None)
        if node is None:
            raise IllegalMove("this is the end of the line: no move was played from here")
        return self.go(node)

    def sibling(self, step: int) -> State:
        """To the previous (``step=-1``, ↑) or next (``step=1``, ↓) variation: the other moves played from the
        position before this one."""
        parent = self.node.parent
        siblings = parent.children if parent is not None else [self.node]
        at = siblings.index(self.node) + step
        if not 0 <= at < len(siblings):
            raise IllegalMove("there is no other variation that way" if len(siblings) > 1 else
                              "no other move was played from the position before this one")
        return self.go(siblings[at])

    def line(self) -> list[Node]:
        """The nodes from the root to the position now."""
        out, node = [], self.node
        while node is not None:
            out.append(node)
            node = node.parent
        return out[::-1]

    # --- the screen -----------------------------------------------------------------------------------------
    def _update_viewer(self) -> None:
        """Whose view the screen shows: the one person; with several in a game that hides things, a new seat
        to move first waits for the screen (a hand-over); everything is shown at the end."""
        s, humans = self.state, sorted(self.humans)
        if not self.hand_overs:
            self._handover = None
        elif not humans:
            self.viewer, self._handover = None, None
        elif len(humans) == 1:
            self.viewer, self._handover = humans[0], None
        elif not getattr(self.game, "hidden_information", True):
            self._handover = None
            if s.to_move in humans:
                self.viewer = s.to_move
            elif self.viewer not in humans:
                self.viewer = humans[0]
        elif s.is_over:
            self.viewer, self._handover = None, None
        elif s.to_move in humans and s.to_move != self.viewer:
            self.viewer, self._handover = None, s.to_move
        elif s.to_move == self.viewer:
            self._handover = None

    # --- saves ----------------------------------------------------------------------------------------------
    def save_text(self) -> str:
        """The game so far as a save (:meth:`ninekit.State.to_json`): the line on the table, not its variations."""
        return self.state.to_json()

    @classmethod
    def load(cls, text: str | bytes, seats: list[str] | None = None, **kwargs) -> Session:
        """A session on a save, replayed through the rules (:func:`ninekit.load`; a bad save raises
        ``ValueError`` in its own words); the tree is the save's line, from its deal.

            >>> table = Session("nine_knights", seats=["human", "human"], seed=3)
            >>> table.pending, table.hand_over()       # hot-seat: the screen goes to South first
            ({'kind': 'handover', 'seat': 0}, 0)
            >>> _ = table.play(table.state.legal_moves()[0])
            >>> again = Session.load(table.save_text(), seats=["human", "human"])
            >>> again.state.history == table.state.history, len(again.line())
            (True, 2)
        """
        return cls(load(text), seats, **kwargs)
