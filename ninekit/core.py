"""The shared core: one uniform interface for every ninekit game.

A game is a :class:`Rules` subclass (plain data tables plus pure functions
over an immutable *position*).  :class:`Game` binds rules to a player count and
options; :class:`State` wraps a position with its history and gives the one
API every caller uses::

    >>> import ninekit
    >>> game = ninekit.make("nine_knights")
    >>> state = game.new(seed=7)
    >>> state.to_move, len(state.legal_moves()) > 0
    (0, True)
    >>> state = state.play(state.legal_moves()[0])
    >>> ninekit.load(state.to_json()).view(0) == state.view(0)
    True

Everything random at set-up comes from the seed; moves are atomic decisions
(choose a Knight, then a square); illegal input raises :class:`IllegalMove`
naming the rule, and the state is unchanged.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

SAVE_FORMAT = 1
_SAVE_FIELDS = ("format", "game", "players", "options", "seed", "moves")
SEED_LIMIT = 2**64  # seeds are whole numbers from 0 to SEED_LIMIT - 1
IN_BROWSER = sys.platform == "emscripten"  # Python in a web page (the static site): no processes, no threads
MAX_SAVE_BYTES = 1_000_000  # a save file is at most this long (a long match is about 60 kB)
_MAX_NUMBER_DIGITS = 30  # no number in a save is longer (seeds have at most 20 digits)
# The Rules methods a game may give as plain functions of its rules module, under the same names and with the
# same arguments less ``self`` (see ``Rules.__init_subclass__``).
RULE_FUNCTIONS = ("legal_moves", "apply", "why_illegal", "view", "determinize", "log_line")


class IllegalMove(ValueError):
    """A move that the rules forbid now; the message names the rule.

    >>> issubclass(IllegalMove, ValueError)
    True
    """


class Move:
    """One atomic decision: a ``kind`` and JSON-ready ``args``.

    Immutable and hashable.  Equality and hashing use ``kind`` and ``args``
    only; ``text`` is the sentence a learner reads (``str(move)``).

    >>> m = Move("to", ("d4",), "Move it to d4")
    >>> str(m), m.to_json()
    ('Move it to d4', {'kind': 'to', 'args': ['d4']})
    >>> m == Move("to", ("d4",))
    True
    """

    __slots__ = ("kind", "args", "text", "_hash")

    def __init__(self, kind: str, args: tuple = (), text: str = ""):
        if type(args) is not tuple:
            args = tuple(args)
        try:
            _set_move_hash(self, hash((kind, args)))
        except TypeError:
            raise ValueError(f"move arguments must be plain values (got {args!r})") from None
        _set_move_kind(self, kind)
        _set_move_args(self, args)
        _set_move_text(self, text)

    def __setattr__(self, name, value):
        raise AttributeError("Move is immutable")

    def __eq__(self, other) -> bool:
        return isinstance(other, Move) and self._hash == other._hash and self.kind == other.kind \
            and self.args == other.args

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Move(kind={self.kind!r}, args={self.args!r}, text={self.text!r})"

    def __str__(self) -> str:
        return self.text or " ".join([self.kind, *map(str, self.args)])

    def to_json(self) -> dict:
        """The move as a JSON-ready dict; ``game.parse_move`` reads it back.

        >>> Move("reveal").to_json()
        {'kind': 'reveal', 'args': []}
        """
        return {"kind": self.kind, "args": list(self.args)}


# Slot setters (they skip Move.__setattr__, which refuses): games build many Moves per ply.
_set_move_kind, _set_move_args, _set_move_text, _set_move_hash = (
    getattr(Move, name).__set__ for name in Move.__slots__
)


@dataclass(frozen=True)
class Option:
    """A game option: its default, the values it allows, and what it means.

    ``choices`` lists the allowed values, or ``check`` tests one and returns
    an error text (``None`` when fine).

    >>> Option("defection", False, (False, True), "Defection variant").validate(True)
    True
    """

    name: str
    default: Any
    choices: tuple | None = None
    help: str = ""
    check: Callable[[Any], str | None] | None = None

    def validate(self, value: Any) -> Any:
        """Return ``value`` if allowed, else raise ``ValueError`` listing what is.

        >>> Option("n", 1, (1, 2)).validate(3)
        Traceback (most recent call last):
        ...
        ValueError: option 'n' must be one of 1, 2 (got 3)
        """
        if self.choices is not None:
            # bool is an int in Python: keep True from matching 1 and back.
            if not any(value == c and type(value) is type(c) for c in self.choices):
                allowed = ", ".join(map(_fmt, self.choices))
                raise ValueError(f"option {self.name!r} must be one of {allowed} (got {_fmt(value)})")
        if self.check is not None:
            problem = self.check(value)
            if problem:
                raise ValueError(f"option {self.name!r} {problem} (got {_fmt(value)})")
        return value


def _fmt(value: Any) -> str:
    return json.dumps(value) if isinstance(value, (bool, type(None))) else repr(value)


def int_between(low: int, high: int) -> Callable[[Any], str | None]:
    """An ``Option.check`` for whole numbers from ``low`` to ``high``.

    >>> int_between(1, 3)(5)
    'must be a whole number from 1 to 3'
    """

    def check(value: Any) -> str | None:
        if type(value) is not int or not low <= value <= high:
            return f"must be a whole number from {low} to {high}"
        return None

    return check


def random_seed() -> int:
    """A fresh seed from the operating system's randomness, for a deal nobody can predict.

    ``random.SystemRandom`` draws from ``os.urandom``: unlike a seed typed by
    a person or taken from the clock, nobody can reconstruct it, and with 2**64
    possible seeds nobody can search for it from what their own seat sees.

    >>> 0 <= random_seed() < SEED_LIMIT
    True
    """
    return random.SystemRandom().randrange(SEED_LIMIT)


def brief(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages that quote input.

    >>> brief("x" * 100, 10)
    "'xxxxx...(102 characters)"
    """
    try:
        text = repr(value)
    except ValueError:  # an int too long for Python to print
        return "a number too long to print"
    return text if len(text) <= limit else f"{text[:limit - 4]}...({len(text)} characters)"


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``scores`` per seat, ``winners`` (empty for a draw), ``reason`` in words,
    ``details`` per seat as ``(label, number)`` pairs.

    >>> o = Outcome((1, 0), (0,), "South reached a Goal field", (((\"Knights\", 6),), ((\"Knights\", 5),)))
    >>> o.is_draw
    False
    """

    scores: tuple
    winners: tuple
    reason: str
    details: tuple = ()

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners

    def to_json(self) -> dict:
        """A JSON-ready dict of the outcome.

        >>> Outcome((0.5, 0.5), (), "draw").to_json()["winners"]
        []
        """
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": self.reason,
            "details": [[list(pair) for pair in seat] for seat in self.details],
        }


class Rules:
    """The interface every game implements (pure functions over a position).

    A *position* is any immutable value the game chooses.  Subclasses set the
    class attributes and override the methods; the base class supplies the
    defaults noted below.  Nothing here is called by users directly: they go
    through :class:`Game` and :class:`State`.
    """

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    # Options added after the game's saves existed: option name -> the value a save that lacks the
    # option is loaded with, i.e. what the game did before the option existed (``load`` fills these in
    # for missing options only; a new game made without the option gets the option's default).
    save_defaults: Mapping[str, Any] = {}
    hidden_information: bool = False
    summary: str = ""

    def __init_subclass__(cls, **kwargs):
        """A game's Rules class uses the functions its module defines under the names in ``RULE_FUNCTIONS``
        (``view(pos, seat)``, ...) as its methods, unless it defines the method itself: no game repeats a method
        that only hands its arguments on, and the hot paths of playouts call the functions with no extra frame.
        The class is therefore written after those functions.

        >>> class Tiny(Rules):
        ...     pass
        >>> Tiny.view is Rules.view
        True
        """
        super().__init_subclass__(**kwargs)
        functions = vars(sys.modules[cls.__module__])
        for name in RULE_FUNCTIONS:
            if name not in cls.__dict__ and callable(functions.get(name)):
                setattr(cls, name, staticmethod(functions[name]))

    # --- set-up and seats -------------------------------------------------
    def seat_names(self, players: int, options: Mapping) -> tuple[str, ...]:
        return tuple(f"Player {i + 1}" for i in range(players))

    def check_options(self, players: int, options: Mapping) -> None:
        """Raise ``ValueError`` for option combinations that do not apply."""

    def setup(self, players: int, options: Mapping, rng: random.Random):
        raise NotImplementedError

    # --- the turn ---------------------------------------------------------
    def to_move(self, pos) -> int | None:
        raise NotImplementedError

    def prompt(self, pos, seat_names: tuple[str, ...]) -> str:
        raise NotImplementedError

    def legal_moves(self, pos) -> tuple[Move, ...]:
        raise NotImplementedError

    def apply(self, pos, move: Move):
        """The position after ``move``, which is known to be legal."""
        raise NotImplementedError

    def why_illegal(self, pos, move: Move) -> str:
        """The rule that forbids ``move`` (known not to be legal) now."""
        return "That is not one of the decisions open now"

    def outcome(self, pos) -> Outcome | None:
        raise NotImplementedError

    # --- information ------------------------------------------------------
    def view(self, pos, seat: int | None, reveal: bool = False) -> dict:
        """All that ``seat`` may know of ``pos`` (``None``: a spectator); with ``reveal``, every secret too, drawn
        as at the game's end (the sandbox's "everything")."""
        raise NotImplementedError

    def determinize(self, pos, seat: int | None, rng: random.Random):
        return pos

    def log_line(self, before, after, seat: int, move: Move, viewer: int | None) -> str | None:
        """The log sentence for ``move`` as ``viewer`` may read it (None: no line)."""
        return str(move)

    # --- moves as data ----------------------------------------------------
    def move_from_json(self, obj: Mapping) -> Move:
        """Build the Move for a ``{"kind", "args"}`` dict, or raise ValueError."""
        raise NotImplementedError


_REGISTRY: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    """Add a game's rules to the registry that ``ninekit.make`` reads.

    >>> sorted(_REGISTRY) == games()
    True
    """
    known = {o.name: o for o in rules.options}
    for key, value in rules.save_defaults.items():
        if key not in known:
            raise ValueError(f"{rules.name}: save_defaults names {key!r}, which is not one of its options")
        known[key].validate(value)
    _REGISTRY[rules.name] = rules
    return rules


def games() -> list[str]:
    """The registered game names, sorted.

    >>> "nine_knights" in games()
    True
    """
    return sorted(_REGISTRY)


def make(name: str, players: int | None = None, **options) -> Game:
    """A :class:`Game` with ``players`` seats and validated options.

    >>> game = make("nine_knights", defection=True)
    >>> game.players, game.options["defection"], game.options["quiet_limit"]
    (2, True, 60)
    >>> make("nine_knights", colour="red")
    Traceback (most recent call last):
    ...
    ValueError: unknown option 'colour' for nine_knights; options are: defection, quiet_limit, first
    """
    if not isinstance(name, str) or name not in _REGISTRY:
        raise ValueError(f"unknown game {name!r}; games are: {', '.join(games())}")
    rules = _REGISTRY[name]
    if players is None:
        players = rules.min_players
    if type(players) is not int or not rules.min_players <= players <= rules.max_players:
        span = (
            str(rules.min_players)
            if rules.min_players == rules.max_players
            else f"{rules.min_players} to {rules.max_players}"
        )
        raise ValueError(f"{rules.title} is for {span} players (got {players!r})")
    _check_option_names(rules, options)
    filled = {o.name: o.validate(options.get(o.name, o.default)) for o in rules.options}
    rules.check_options(players, filled)
    return Game(rules, players, filled)


def _check_option_names(rules: Rules, names: Iterable[str]) -> None:
    """Refuse an option name that ``rules`` does not have, listing the ones it has."""
    known = [o.name for o in rules.options]
    for key in names:
        if key not in known:
            listed = ", ".join(known) or "none"
            raise ValueError(f"unknown option {brief(key)} for {rules.name}; options are: {listed}")


class Game:
    """A game with its player count and options fixed; makes new states.

    >>> game = make("nine_knights")
    >>> game.title, game.min_players, game.max_players, game.seat_names
    ('Nine Knights', 2, 2, ('South', 'North'))
    """

    def __init__(self, rules: Rules, players: int, options: Mapping):
        self.rules = rules
        self.players = players
        self._options = dict(options)
        self.seat_names = rules.seat_names(players, self._options)

    name = property(lambda self: self.rules.name)
    title = property(lambda self: self.rules.title)
    min_players = property(lambda self: self.rules.min_players)
    max_players = property(lambda self: self.rules.max_players)
    hidden_information = property(lambda self: self.rules.hidden_information)

    @property
    def options(self) -> dict:
        """The options with defaults filled in (a copy)."""
        return dict(self._options)

    def __repr__(self) -> str:
        return f"<Game {self.name} players={self.players} options={self._options}>"

    def __eq__(self, other) -> bool:
        return (
            isinstance(other, Game)
            and other.rules is self.rules
            and other.players == self.players
            and other._options == self._options
        )

    def __hash__(self) -> int:
        return hash((self.name, self.players, json.dumps(self._options, sort_keys=True)))

    def new(self, seed: int = 0) -> State:
        """A new game set up from ``seed`` (every random choice comes from it).

        >>> g = make("nine_knights")
        >>> g.new(3).view(0) == g.new(3).view(0)
        True
        """
        if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
            raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1 (got {brief(seed)})")
        rng = random.Random(f"{self.name}:{seed}")
        return State(self, self.rules.setup(self.players, self._options, rng), seed=seed)

    def state_at(self, position) -> State:
        """Wrap a position built by a game module's ``position()`` helper.

        Such a state has no seed, so it cannot be saved.
        """
        return State(self, position, seed=None)

    def seat_name(self, seat: int | None) -> str:
        """The seat's name in the game's words; ``None`` is the spectator.

        >>> make("nine_knights").seat_name(1)
        'North'
        """
        if seat is None:
            return "Spectator"
        return self.seat_names[seat]

    def check_seat(self, seat: int | None) -> None:
        """Raise ``ValueError`` unless ``seat`` is a seat of this game or ``None``."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise ValueError(f"seat must be None or a whole number from 0 to {self.players - 1} (got {seat!r})")

    def parse_move(self, obj) -> Move:
        """The Move for a JSON dict (or JSON text) made by ``Move.to_json``.

        >>> g = make("nine_knights")
        >>> g.parse_move({"kind": "to", "args": ["d4"]})
        Move(kind='to', args=('d4',), text='Move the chosen Knight to d4')
        >>> g.parse_move({"kind": "fly"})
        Traceback (most recent call last):
        ...
        ValueError: malformed move {'kind': 'fly'}: unknown kind 'fly'
        """
        if isinstance(obj, str):
            try:
                obj = json.loads(obj)
            except json.JSONDecodeError as exc:
                raise ValueError(f"malformed move {obj!r}: not JSON ({exc.msg})") from None
        if not isinstance(obj, Mapping) or not isinstance(obj.get("kind"), str):
            raise ValueError(f"malformed move {obj!r}: expected a dict with a string 'kind'")
        extra = set(obj) - {"kind", "args"}
        if extra:
            raise ValueError(f"malformed move {obj!r}: unknown field(s) {', '.join(sorted(map(str, extra)))}")
        args = obj.get("args", [])
        if not isinstance(args, list):
            raise ValueError(f"malformed move {obj!r}: 'args' must be a list")
        try:
            return self.rules.move_from_json({"kind": obj["kind"], "args": args})
        except ValueError as exc:
            raise ValueError(f"malformed move {dict(obj)!r}: {exc}") from None


class State:
    """An immutable game state: a position plus how it was reached.

    Its public attributes are read-only (``game``, ``seed`` and the rest are properties; a State takes no
    new attributes); ``play`` gives a new State.

    >>> s = make("nine_knights").new(seed=1)
    >>> s.prompt
    'South: assign Duty Tokens to the Small Number Group (1-3)'
    >>> s2 = s.play(s.legal_moves()[0])
    >>> s.history, len(s2.history)
    ((), 1)
    >>> s.seed = 2
    Traceback (most recent call last):
    ...
    AttributeError: property 'seed' of 'State' object has no setter
    """

    # Private slots, filled by plain assignment (no __setattr__ hook: one new State per ply of every playout);
    # _legal_map and _determinized stay unset until needed (read with a default).
    __slots__ = ("_game", "_seed", "_pos", "_parent", "_move", "_determinized", "_legal", "_legal_map", "_outcome",
                 "_rules")

    def __init__(self, game: Game, position, seed: int | None, parent: State | None = None,
                 move: Move | None = None, determinized: bool = False):
        self._game = game
        self._seed = seed
        self._pos = position
        self._parent = parent
        self._move = move  # the move that led here (its seat: the parent's to_move)
        if determinized:  # only then set: read by to_json alone
            self._determinized = True
        self._legal = None
        self._rules = rules = game.rules
        self._outcome = rules.outcome(position)  # asked of nearly every state: is_over, legal_moves

    @property
    def game(self) -> Game:
        """The :class:`Game` (rules, players, options) this state belongs to."""
        return self._game

    @property
    def seed(self) -> int | None:
        """The set-up seed (``None`` for a state built by hand or determinized)."""
        return self._seed

    def __repr__(self) -> str:
        return f"<State {self.game.name} ply={len(self.history)} to_move={self.to_move!r}>"

    @property
    def position(self):
        """The game's own position value (full truth: not for bots or display)."""
        return self._pos

    # --- whose decision ---------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is; ``None`` once the game is over."""
        if self._outcome is not None:
            return None
        return self._rules.to_move(self._pos)

    @property
    def prompt(self) -> str:
        """The pending decision in words, e.g. ``"North: choose a Knight to move"``."""
        if self.outcome is not None:
            return "Game over: " + self.outcome.reason
        return self.game.rules.prompt(self._pos, self.game.seat_names)

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        """``None`` until the end, then the :class:`Outcome`."""
        return self._outcome

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal decision now, in a stable order (empty once over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self._outcome is not None else self._rules.legal_moves(self._pos)
        return legal

    # --- playing ------------------------------------------------------------
    def why_illegal(self, move) -> str | None:
        """The rule forbidding ``move`` now, or ``None`` if it is legal.

        >>> s = make("nine_knights").new()
        >>> s.why_illegal("e4")
        "'e4' is not a Nine Knights move (build moves with legal_moves() or game.parse_move)"
        """
        if not isinstance(move, Move):
            return f"{move!r} is not a {self.game.title} move (build moves with legal_moves() or game.parse_move)"
        if self.outcome is not None:
            return f"The game is over ({self.outcome.reason}); no more moves may be played"
        if self._canonical(move) is not None:
            return None
        return self._rules.why_illegal(self._pos, move)

    def _canonical(self, move: Move) -> Move | None:
        """The legal Move equal to ``move`` (the game's own object), or None (also once the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        for candidate in legal:  # fast path: a move taken from legal_moves()
            if candidate is move:
                return move
        legal_map = getattr(self, "_legal_map", None)  # made on the first move built by hand
        if legal_map is None:
            legal_map = self._legal_map = {m: m for m in legal}
        return legal_map.get(move)

    def play(self, move: Move) -> State:
        """The new State after ``move``; raises :class:`IllegalMove` otherwise.

        The history keeps the game's own Move object (with its full sentence),
        even when ``move`` was parsed from JSON.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()  # empty once the game is over
        for canonical in legal:  # fast path: a move taken from legal_moves()
            if canonical is move:
                break
        else:
            canonical = self._canonical(move) if isinstance(move, Move) else None
            if canonical is None:
                raise IllegalMove(self.why_illegal(move))
        # State.__init__ inlined (one new State per ply of every playout).  The mover's seat is not stored:
        # ``history`` reads it from this state when asked.
        rules = self._rules
        position = rules.apply(self._pos, canonical)
        child = _new_state(State)
        child._game = self._game
        child._seed = self._seed
        child._pos = position
        child._parent = self
        child._move = canonical
        child._legal = None
        child._rules = rules
        child._outcome = rules.outcome(position)
        return child

    @property
    def history(self) -> tuple[tuple[int, Move], ...]:
        """The ``(seat, move)`` pairs played so far, oldest first."""
        steps = []
        node = self
        to_move = self._rules.to_move
        while node._move is not None:
            move = node._move
            node = node._parent
            steps.append((to_move(node._pos), move))  # the seat whose decision it was
        return tuple(reversed(steps))

    @property
    def parent(self) -> State | None:
        """The state before the last move (``None`` at the start)."""
        return self._parent

    # --- information ------------------------------------------------------
    def view(self, seat: int | None, reveal: bool = False) -> dict:
        """A JSON-ready dict of all that ``seat`` may know (``None``: spectator).

        ``reveal=True`` adds every secret (hands, hidden numbers, the deck's order), shown as at the game's end:
        the whole truth, for the sandbox's "everything", never for a seat's screen; such a view says so with
        ``"reveal": True`` (a plain view has no ``reveal`` key).

        >>> s = make("nine_knights").new(seed=1)
        >>> s.view(0)["hidden_tokens"][1] is None, s.view(0, reveal=True)["hidden_tokens"][1] is None
        (True, False)
        """
        self.game.check_seat(seat)
        if type(reveal) is not bool:
            raise ValueError(f"reveal must be True or False (got {reveal!r})")
        out = self.game.rules.view(self._pos, seat, reveal) if reveal else self.game.rules.view(self._pos, seat)
        out.update(
            game=self.game.name,
            seat=seat,
            seats=list(self.game.seat_names),
            to_move=self.to_move,
            prompt=self.prompt,
            outcome=None if self.outcome is None else self.outcome.to_json(),
        )
        if reveal:  # (a plain view has no such key: what a seat's screen receives is unchanged)
            out["reveal"] = True
        return out

    def log(self, seat: int | None) -> list[str]:
        """The move log in words, as ``seat`` may read it.

        >>> s = make("nine_knights").new()
        >>> s = s.play(s.legal_moves()[0])
        >>> s.log(1)
        ['South assigns the Small Number Group (secret)']
        """
        return [line for _ply, line in self.numbered_log(seat)]

    def numbered_log(self, seat: int | None) -> list[tuple[int, str]]:
        """``log(seat)`` with the number of moves played when each line was written.

        >>> s = make("nine_knights").new()
        >>> s = s.play(s.legal_moves()[0])
        >>> s.numbered_log(0)[0][0]
        1
        """
        self.game.check_seat(seat)
        lines = []
        node = self
        rules = self.game.rules
        ply = len(self.history)
        while node._move is not None:
            before = node._parent._pos
            line = rules.log_line(before, node._pos, rules.to_move(before), node._move, seat)
            if line:
                lines.append((ply, line))
            node = node._parent
            ply -= 1
        lines.reverse()
        return lines

    def determinize(self, seat: int | None, rng: random.Random | int | None = None) -> State:
        """A full State consistent with ``seat``'s view, hidden parts resampled.

        ``view(seat)`` of the result equals this state's.  The result has no
        history (the true moves would tell secrets; ``log(seat)`` of the
        original is what the seat knows of the past) and cannot be saved.
        """
        self.game.check_seat(seat)
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        position = self.game.rules.determinize(self._pos, seat, rng)
        return State(self.game, position, seed=None, determinized=True)

    # --- saves ------------------------------------------------------------
    def to_json(self) -> str:
        """The save: game, players, options, seed and moves, as JSON text."""
        if self.seed is None or getattr(self, "_determinized", False):
            raise ValueError("this state was built by hand or determinized; only seeded games can be saved")
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "game": self.game.name,
                "players": self.game.players,
                "options": self.game.options,
                "seed": self.seed,
                "moves": [move.to_json() for _, move in self.history],
            },
            sort_keys=False,
        )


_new_state = object.__new__  # State.play fills a new State's slots itself


def file_text(data: str | bytes, name: str, kind: str) -> str:
    """The text of a file a person hands in (a save, an exploration): bytes decoded as UTF-8, at most
    ``MAX_SAVE_BYTES``; anything else is a ``ValueError`` naming the file as ``name`` and what it may be as
    ``kind``.

    >>> file_text(b"{}", "save", "a ninekit save")
    '{}'
    >>> file_text(b"\\xff", "save", "a ninekit save")
    Traceback (most recent call last):
    ...
    ValueError: save is not UTF-8 text
    """
    if isinstance(data, (bytes, bytearray, memoryview)):
        if len(data) > MAX_SAVE_BYTES:
            raise ValueError(f"{name} is {len(data):,} bytes; {kind} is at most {MAX_SAVE_BYTES:,} bytes")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{name} is not UTF-8 text") from None
    if not isinstance(data, str):
        raise ValueError(f"{name} must be JSON text (got {type(data).__name__})")
    if len(data) > MAX_SAVE_BYTES:
        raise ValueError(f"{name} is {len(data):,} characters; {kind} is at most {MAX_SAVE_BYTES:,} bytes")
    return data


def load(text: str | bytes) -> State:
    """Replay a save made by ``State.to_json`` through the rules.

    Anything else is refused with a ``ValueError`` in the save's own words,
    before any of it is trusted: more than ``MAX_SAVE_BYTES``, not UTF-8, not
    JSON, nested too deeply, numbers too long, a field missing, unknown or of
    the wrong kind, a move that is malformed or not legal.  An option the save lacks (a save made before
    the option existed) gets the value the game had then, from its rules' ``save_defaults``, and otherwise
    the option's default.

    >>> s = make("nine_knights").new(5)
    >>> s = s.play(s.legal_moves()[-1])
    >>> load(s.to_json()).history == s.history
    True
    >>> load('{"format": 2, "game": "nine_knights"}')
    Traceback (most recent call last):
    ...
    ValueError: save field 'format': expected 1 (got 2)
    >>> load('[' * 100_000)
    Traceback (most recent call last):
    ...
    ValueError: save is nested too deeply to be a ninekit save
    """
    text = file_text(text, "save", "a ninekit save")
    try:
        data = json.loads(text, parse_int=_parse_save_int, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"save is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise ValueError("save is nested too deeply to be a ninekit save") from None
    if not isinstance(data, dict):
        raise ValueError("save must be a JSON object with fields " + ", ".join(_SAVE_FIELDS))
    if data.get("format") != SAVE_FORMAT or type(data.get("format")) is not int:
        raise ValueError(f"save field 'format': expected {SAVE_FORMAT} (got {brief(data.get('format'))})")
    if data.get("game") not in _REGISTRY:
        raise ValueError(f"save field 'game': unknown game {brief(data.get('game'))}; games are: {', '.join(games())}")
    missing = [f for f in _SAVE_FIELDS if f not in data]
    if missing:
        raise ValueError(f"save is missing field(s): {', '.join(missing)}")
    extra = sorted(set(data) - set(_SAVE_FIELDS))
    if extra:
        raise ValueError(f"save has unknown field(s): {', '.join(map(str, extra))}")
    if not isinstance(data["options"], dict):
        raise ValueError("save field 'options': expected an object")
    rules = _REGISTRY[data["game"]]
    # A save made before an option existed lacks it: it is loaded as the game was then (Rules.save_defaults).
    older = {k: v for k, v in rules.save_defaults.items() if k not in data["options"]}
    try:
        _check_option_names(rules, data["options"])  # before make(), whose own arguments an option could name
        game = make(data["game"], data["players"], **data["options"], **older)
    except ValueError as exc:
        raise ValueError(f"save field 'players'/'options': {exc}") from None
    if type(data["seed"]) is not int or not 0 <= data["seed"] < SEED_LIMIT:
        raise ValueError(f"save field 'seed': expected a whole number from 0 to 2**64 - 1 (got {brief(data['seed'])})")
    if not isinstance(data["moves"], list):
        raise ValueError("save field 'moves': expected a list")
    state = game.new(data["seed"])
    for number, raw in enumerate(data["moves"], start=1):
        try:
            move = game.parse_move(raw)
        except ValueError as exc:
            raise ValueError(f"save move {number}: {exc}") from None
        try:
            state = state.play(move)
        except IllegalMove as exc:
            raise ValueError(f"save move {number} ({move}) is not legal: {exc}{_older_note(older)}") from None
    return state


def _older_note(older: Mapping[str, Any]) -> str:
    """For a save that cannot be replayed: which missing options it was loaded with, as an older save."""
    if not older:
        return ""
    filled = ", ".join(f"{k}={_fmt(v)}" for k, v in older.items())
    return (f" (the save has no option {', '.join(map(repr, older))}, so it was loaded as one made before "
            f"{'that option' if len(older) == 1 else 'those options'} existed, with {filled})")


def _parse_save_int(digits: str) -> int:
    """``json.loads``' reader of whole numbers in a save: refuses absurdly long ones in the save's words."""
    if len(digits.lstrip("-")) > _MAX_NUMBER_DIGITS:
        raise ValueError(f"save holds a number with {len(digits):,} digits; no number in a ninekit save "
                         f"has more than {_MAX_NUMBER_DIGITS}")
    return int(digits)


def _refuse_constant(name: str):
    raise ValueError(f"save holds {name}, which is not a number a ninekit save can hold")


def fast_replace(cls):
    """A ``_replace`` for the NamedTuple position ``cls`` that skips its argument checks (the hot path of
    every move in random playouts): ``rep(pos, field=value, ...)``.

    >>> from typing import NamedTuple
    >>> class P(NamedTuple):
    ...     a: int
    ...     b: int
    >>> fast_replace(P)(P(1, 2), b=5)
    P(a=1, b=5)
    """
    field = {name: i for i, name in enumerate(cls._fields)}
    new = tuple.__new__

    def replace(pos, **changes):
        values = list(pos)
        for key, value in changes.items():
            values[field[key]] = value
        return new(cls, values)

    return replace


def tuple_with(values: tuple, index: int, value) -> tuple:
    """``values`` with the item at ``index`` replaced by ``value``.

    >>> tuple_with((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return values[:index] + (value,) + values[index + 1:]


def random_playout(state: State, rng: random.Random, max_plies: int = 100_000) -> State:
    """Play uniformly random legal moves to the end (used by tests and benchmarks).

    >>> end = random_playout(make("nine_knights").new(2), random.Random(2))
    >>> end.is_over
    True
    """
    for _ in range(max_plies):
        moves = state.legal_moves()
        if not moves:
            return state
        state = state.play(rng.choice(moves))
    raise RuntimeError(f"no end after {max_plies} plies")
