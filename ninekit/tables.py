"""Tables across screens: a store of games that players at separate screens share.

``TableStore("sqlite:///PATH")`` (the standard library's SQLite, in WAL mode) or
``TableStore("postgresql://...")`` (psycopg 3, the optional extra ``ninekit[postgres]``, for several servers)
keeps each table's game, options, seats and moves, with the same schema and behaviour.  A table is opened with
:meth:`TableStore.create` and gets a short join code; a player joins with the code and gets a *token*, their seat's
key, which the kernel serving that player keeps; every later call names the token.

Every move is checked by the rules before it is stored, and every read replays the stored moves through the rules
again from the table's set-up: a row changed behind the store's back is refused with a :class:`TableError` that
says which move, never played.  Two seats or two processes racing for the same turn: the move's number is the
row's key, so exactly one is stored and the other gets "the turn has moved on".  A wrong seat, a stale turn, an
unknown code or token, a full table: a :class:`TableError` naming the problem, nothing stored.  What a screen may
be shown is :meth:`TableStore.view` (that seat's view); :meth:`TableStore.state` is the whole truth, for the
kernel that serves the seat, never for a browser.  The set-up's seed never leaves the store (it gives away the
deal).

    >>> import tempfile, os
    >>> store = TableStore("sqlite:///" + os.path.join(tempfile.mkdtemp(), "tables.db"))
    >>> table = store.create("nine_knights", {"first": "South"}, ["human", "human"])
    >>> south, north = store.join(table.code), store.join(table.code)
    >>> move = store.state(south).legal_moves()[0]
    >>> store.play(north, move)
    Traceback (most recent call last):
    ...
    ninekit.tables.TableError: it is South's turn, not North's
    >>> len(store.play(south, move).history), store.view(north)["to_move"]
    (1, 0)
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import secrets
import threading
import time
from collections.abc import Mapping, Sequence
from urllib.parse import urlparse

from .bots import LEVELS, bot_for
from .core import IllegalMove, Move, State, brief, games, make

__all__ = ["TableError", "Table", "TableStore", "HUMAN", "CODE_LENGTH", "CONNECTED_SECONDS", "MAX_MOVES",
           "QUIET_SECONDS", "default_url", "room_key"]

HUMAN = "human"
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # 32 symbols, none mistaken for another (no I, O, 0, 1)
CODE_LENGTH = 8  # 40 bits: a guess in a trillion, and wrong codes are slowed (WRONG_CODE_DELAY)
TOKEN_BYTES = 24
MAX_NAME = 40  # characters of a player's name
MAX_MOVES = 4_000  # moves a table keeps (a long match of Double Nine is about 400)
MAX_MOVE_BYTES = 2_000  # a move's JSON
QUIET_SECONDS = 6 * 3600  # a table nobody played at for this long has expired
WRONG_CODE_WINDOW = 60.0  # seconds over which wrong codes are counted
WRONG_CODE_DELAY = 0.05  # seconds of wait per wrong code in that window (at most MAX_WRONG_CODE_DELAY)
MAX_WRONG_CODE_DELAY = 2.0
CONNECTED_SECONDS = 12.0  # a seat whose screen said "here" (beat) this recently is connected
STORE_ENV = "NINEKIT_TABLES"  # the store's address for the apps (make play sets it; default_url)
ROOM_KEY_ENV = "NINEKIT_ROOM_KEY"  # the teacher's room key (room_key)

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS ninekit_tables (id TEXT PRIMARY KEY, code_hash TEXT UNIQUE NOT NULL, "
    "code TEXT NOT NULL, game TEXT NOT NULL, players INTEGER NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL, "
    "seed TEXT NOT NULL, created DOUBLE PRECISION NOT NULL, touched DOUBLE PRECISION NOT NULL, "
    "closed INTEGER NOT NULL, resigned INTEGER)",
    "CREATE TABLE IF NOT EXISTS ninekit_seats (token_hash TEXT PRIMARY KEY, table_id TEXT NOT NULL, seat INTEGER, "
    "name TEXT NOT NULL, joined DOUBLE PRECISION NOT NULL, seen DOUBLE PRECISION NOT NULL, UNIQUE (table_id, seat))",
    "CREATE TABLE IF NOT EXISTS ninekit_moves (table_id TEXT NOT NULL, ply INTEGER NOT NULL, seat INTEGER NOT NULL, "
    "move TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, ply))",
    "CREATE TABLE IF NOT EXISTS ninekit_wrong_codes (at DOUBLE PRECISION NOT NULL)",
)


class TableError(ValueError):
    """A request the table store refuses; the message names the problem and nothing was stored."""


@dataclasses.dataclass(frozen=True)
class Table:
    """An open table: ``id`` (for the teacher's room), ``code`` (what players type to join; shown once, at
    creation: the store keeps only its hash), the game, its options and its seats (``"human"`` or a computer
    level)."""

    id: str
    code: str
    game: str
    players: int
    options: dict
    seats: tuple[str, ...]


def _data_folder() -> str:
    import os

    folder = os.path.join(os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share"), "ninekit")
    os.makedirs(folder, mode=0o700, exist_ok=True)
    return folder


def room_key() -> str:
    """The key that opens the teacher's room (the list of tables, watching any, closing one): ``$NINEKIT_ROOM_KEY``
    if set (several servers must share one), else a random key made once and kept in the user's data folder
    (``room-key``, readable by its owner only); ``make play`` prints it.

    >>> len(room_key()) >= 8
    True
    """
    import os

    key = os.environ.get(ROOM_KEY_ENV, "").strip()
    if key:
        return key
    path = os.path.join(_data_folder(), "room-key")
    try:
        with open(path, encoding="utf-8") as file:
            key = file.read().strip()
    except FileNotFoundError:
        key = ""
    if len(key) < 8:
        key = "".join(secrets.choice(CODE_ALPHABET) for _ in range(12))
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(key + "\n")
    return key


def default_url() -> str:
    """The table store of ``make play``: ``$NINEKIT_TABLES`` if set (e.g. ``postgresql://...`` for several servers),
    else a SQLite file in the user's data folder (``~/.local/share/ninekit/tables.db``).

    >>> default_url().startswith(("sqlite:///", "postgres"))
    True
    """
    import os

    url = os.environ.get(STORE_ENV, "").strip()
    return url or "sqlite:///" + os.path.join(_data_folder(), "tables.db")


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _checked_name(name: object) -> str:
    """A player's name as typed: at most ``MAX_NAME`` characters, control characters refused, spaces trimmed.

    >>> _checked_name("  Ada "), _checked_name("")
    ('Ada', '')
    """
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise TableError(f"a name is at most {MAX_NAME} characters")
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise TableError("a name is one line of plain characters")
    return " ".join(name.split())


def normal_code(code: object) -> str | None:
    """A join code as typed, made standard (upper case, no spaces or dashes), or None if it cannot be one.

    >>> normal_code(" abcd-efgh "), normal_code("ABC"), normal_code(7)
    ('ABCDEFGH', None, None)
    """
    if not isinstance(code, str) or len(code) > 40:
        return None
    code = code.replace("-", "").replace(" ", "").upper()
    return code if len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code) else None


class TableStore:
    """The tables of one server (SQLite) or of several servers sharing one PostgreSQL database (see the module's
    docstring).  ``now`` is the clock (seconds), for tests of expiry."""

    def __init__(self, url: str, now=time.time):
        if not isinstance(url, str):
            raise TableError(f"a table store's address is text, e.g. sqlite:///tables.db (got {brief(url)})")
        parsed = urlparse(url)
        self._now = now
        self._lock = threading.Lock()  # one connection per store; a kernel's threads take turns
        if parsed.scheme == "sqlite":
            import sqlite3  # here, not at the top: the static site's Python (Pyodide) has no sqlite3, and no tables

            path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else ""
            if not path:
                raise TableError(f"a SQLite table store's address is sqlite:///PATH (got {brief(url)})")
            self._db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")  # a stored move survives the server being killed
            self._pg = False
        elif parsed.scheme in ("postgresql", "postgres"):
            try:
                import psycopg
            except ImportError:
                raise TableError("a PostgreSQL table store needs psycopg 3: pip install 'ninekit[postgres]'") from None
            self._db = psycopg.connect(url, autocommit=True)
            self._pg = True
        else:
            raise TableError(f"a table store is sqlite:///PATH or postgresql://... (got {brief(url)})")
        with self._transaction() as run:
            for statement in SCHEMA:
                run(statement)

    def close_store(self) -> None:
        """Close the store's connection."""
        self._db.close()

    # --- the database ---------------------------------------------------------------------------------------------
    @contextlib.contextmanager
    def _transaction(self, write: bool = True):
        """A context giving ``run(sql, *args) -> rows``, in one transaction (SQLite: a writing one takes the write
        lock at once, so two processes do not both read the same turn and then both write; a reading one,
        ``write=False``, takes no lock: in WAL mode readers never wait)."""
        with self._lock:
            self._db.execute("BEGIN" if self._pg or not write else "BEGIN IMMEDIATE")
            try:
                yield self._run
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _run(self, sql: str, *args) -> list:
        cursor = self._db.execute(sql.replace("?", "%s") if self._pg else sql, args)
        return cursor.fetchall() if cursor.description else []

    def _duplicate(self, exc: Exception) -> bool:
        """Whether ``exc`` is the database refusing a second row with the same key."""
        if self._pg:
            return type(exc).__name__ == "UniqueViolation"
        import sqlite3

        return isinstance(exc, sqlite3.IntegrityError)

    # --- opening and joining ------------------------------------------------------------------------------------
    def create(self, game: str, options: Mapping | None = None, seats: Sequence[str] = (HUMAN, HUMAN)) -> Table:
        """Open a table of ``game`` with ``options`` (as for :func:`ninekit.make`) and one entry per seat in
        ``seats``: ``"human"`` or a computer level (``"easy"``, ``"normal"``, ``"hard"``).

        >>> import tempfile, os
        >>> store = TableStore("sqlite:///" + os.path.join(tempfile.mkdtemp(), "t.db"))
        >>> store.create("chess", {}, ["human"])
        Traceback (most recent call last):
        ...
        ninekit.tables.TableError: there is no game 'chess'; games are: code_of_nine, codinca, ...
        """
        if game not in games():
            raise TableError(f"there is no game {brief(game)}; games are: {', '.join(games())}")
        if not isinstance(seats, (list, tuple)) or not all(isinstance(s, str) for s in seats):
            raise TableError(f"seats lists 'human' or a computer level for each seat (got {brief(seats)})")
        if any(s != HUMAN and s not in LEVELS for s in seats):
            raise TableError(f"a seat is 'human' or one of the levels {', '.join(LEVELS)} (got {brief(list(seats))})")
        if HUMAN not in seats:
            raise TableError("a table needs at least one seat for a person")
        options = dict(options or {})
        try:
            played = make(game, len(seats), **options)
        except (TypeError, ValueError) as exc:
            raise TableError(f"{game} cannot be played so: {exc}") from None
        seed = secrets.randbits(63)
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        table = Table(secrets.token_hex(8), code, game, len(seats), played.options, tuple(seats))
        now = self._now()
        with self._transaction() as run:
            run("INSERT INTO ninekit_tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, NULL)", table.id, _hash(code),
                code, game, table.players, json.dumps(played.options, sort_keys=True), json.dumps(list(seats)),
                str(seed), now, now)
        return table

    def join(self, code: str, seat: int | None = None, name: str = "") -> str:
        """A token for a seat at the table with join ``code``: seat ``seat``, or the first free seat for a person
        (``seat=None``); ``name`` is how the others see the player.  Keep the token: it is the seat's key."""
        table = self._by_code(code)
        name = _checked_name(name)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        for _ in range(3):  # two players taking the same free seat at once: the second takes the next one
            with self._transaction() as run:
                taken = {row[0] for row in run("SELECT seat FROM ninekit_seats WHERE table_id = ? AND seat IS NOT "
                                               "NULL", table["id"])}
                humans = [i for i, s in enumerate(table["seats"]) if s == HUMAN]
                if seat is None:
                    free = [i for i in humans if i not in taken]
                    if not free:
                        raise TableError("the table is full: every seat for a person is taken (you may watch)")
                    chosen = free[0]
                else:
                    if type(seat) is not int or seat not in range(table["players"]):
                        raise TableError(f"there is no seat {brief(seat)} at this table of {table['players']}")
                    if table["seats"][seat] != HUMAN:
                        raise TableError(f"seat {seat} is the computer's")
                    if seat in taken:
                        raise TableError(f"seat {seat} is taken")
                    chosen = seat
                try:
                    run("INSERT INTO ninekit_seats VALUES (?, ?, ?, ?, ?, ?)", _hash(token), table["id"], chosen,
                        name, self._now(), self._now())
                except Exception as exc:  # noqa: BLE001 - another player took it between the read and the write
                    if not self._duplicate(exc):
                        raise
                    if seat is not None:
                        raise TableError(f"seat {seat} is taken") from None
                    continue
            return token
        raise TableError("the table's seats are being taken right now: try again")

    def watch(self, code: str, name: str = "") -> str:
        """A token to watch the table with join ``code`` (the spectator's view)."""
        return self._spectator(self._by_code(code)["id"], _checked_name(name))

    def spectate(self, table_id: str) -> str:
        """A spectator's token for table ``table_id``, without its code: for the teacher's room only."""
        return self._spectator(self._table(str(table_id))["id"], "")

    def _spectator(self, table_id: str, name: str) -> str:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self._transaction() as run:
            run("INSERT INTO ninekit_seats VALUES (?, ?, NULL, ?, ?, ?)", _hash(token), table_id, name, self._now(),
                self._now())
        return token

    def beat(self, token: str) -> None:
        """The screen of ``token`` is here now (it is shown as connected for ``CONNECTED_SECONDS``)."""
        self._seat(token)
        with self._transaction() as run:
            run("UPDATE ninekit_seats SET seen = ? WHERE token_hash = ?", self._now(), _hash(token))

    def leave(self, token: str) -> None:
        """Give up the seat of ``token``: the token opens nothing any more, and the seat is free for someone else
        to take (the game waits for them)."""
        self._seat(token)
        with self._transaction() as run:
            run("DELETE FROM ninekit_seats WHERE token_hash = ?", _hash(token))

    def resign(self, token: str) -> None:
        """The seat of ``token`` resigns: the game is over for everyone (:meth:`info` says who resigned)."""
        table, seat = self._seat(token)
        if seat is None:
            raise TableError("a spectator cannot resign")
        if table["resigned"] is not None or self._replayed(table).is_over:
            raise TableError("the game is already over")
        with self._transaction() as run:
            run("UPDATE ninekit_tables SET resigned = ?, touched = ? WHERE id = ? AND resigned IS NULL", seat,
                self._now(), table["id"])

    def info(self, token: str) -> dict:
        """What every screen at the table of ``token`` may know of it, without replaying the game: ``seat`` (this
        token's; None for a spectator), ``code`` (to invite others), ``game``, ``players``, ``options``, ``moves``
        stored, ``resigned`` (a seat or None) and ``seats``: per seat its ``kind`` ("human" or a computer level),
        ``name``, whether it is ``taken`` and whether its screen is ``connected``; ``watching``: how many
        spectators' screens are connected."""
        table, seat = self._seat(token)
        return {"seat": seat, "code": table["code"], **self._summary(table)}

    def lobby(self, code: str) -> dict:
        """The table with join ``code`` as the join page shows it before anyone sits down: as :meth:`info`, without
        ``seat`` and ``code``."""
        return self._summary(self._by_code(code))

    def _summary(self, table: dict) -> dict:
        now = self._now()
        with self._transaction(write=False) as run:
            people = run("SELECT seat, name, seen FROM ninekit_seats WHERE table_id = ?", table["id"])
            moves = run("SELECT COUNT(*) FROM ninekit_moves WHERE table_id = ?", table["id"])[0][0]
        by_seat = {row[0]: row for row in people if row[0] is not None}
        seats = []
        for i, kind in enumerate(table["seats"]):
            row = by_seat.get(i)
            seats.append({"kind": kind, "name": row[1] if row else "", "taken": row is not None or kind != HUMAN,
                          "connected": kind != HUMAN or (row is not None and now - row[2] <= CONNECTED_SECONDS)})
        watching = sum(1 for row in people if row[0] is None and now - row[2] <= CONNECTED_SECONDS)
        return {"id": table["id"], "game": table["game"], "players": table["players"], "options": table["options"],
                "moves": moves, "resigned": table["resigned"], "seats": seats, "watching": watching}

    def _by_code(self, code: str) -> dict:
        normal = normal_code(code)
        rows = []
        if normal is not None:
            with self._transaction(write=False) as run:
                rows = run("SELECT id FROM ninekit_tables WHERE code_hash = ? AND closed = 0", _hash(normal))
        if not rows:
            self._wrong_code()
            raise TableError(f"no open table has the code {brief(code)}")
        return self._table(rows[0][0])

    def _wrong_code(self) -> None:
        """Note a wrong code, and wait longer the more there were in the last minute (guessing is slowed)."""
        now = self._now()
        with self._transaction() as run:
            run("DELETE FROM ninekit_wrong_codes WHERE at < ?", now - WRONG_CODE_WINDOW)
            run("INSERT INTO ninekit_wrong_codes VALUES (?)", now)
            count = run("SELECT COUNT(*) FROM ninekit_wrong_codes")[0][0]
        time.sleep(min(MAX_WRONG_CODE_DELAY, WRONG_CODE_DELAY * count))

    def _table(self, table_id: str) -> dict:
        with self._transaction(write=False) as run:
            rows = run("SELECT id, game, players, options, seats, seed, touched, closed, code, resigned "
                       "FROM ninekit_tables WHERE id = ?", table_id)
        if not rows:
            raise TableError("this table is gone (closed or expired)")
        tid, game, players, options, seats, seed, touched, closed, code, resigned = rows[0]
        if closed or self._now() - touched > QUIET_SECONDS:
            raise TableError("this table is closed" if closed else "this table has expired (nobody played for "
                             f"{QUIET_SECONDS // 3600} hours)")
        return {"id": tid, "game": game, "players": players, "options": json.loads(options),
                "seats": json.loads(seats), "seed": int(seed), "code": code, "resigned": resigned}

    def _seat(self, token: str) -> tuple[dict, int | None]:
        if not isinstance(token, str) or not 16 <= len(token) <= 64:
            raise TableError("that is not a seat's token")
        with self._transaction(write=False) as run:
            rows = run("SELECT table_id, seat FROM ninekit_seats WHERE token_hash = ?", _hash(token))
        if not rows:
            raise TableError("no seat has that token (the table may have expired)")
        return self._table(rows[0][0]), rows[0][1]

    # --- playing ------------------------------------------------------------------------------------------------
    def state(self, token: str) -> State:
        """The table's current state, replayed through the rules from its set-up (for the kernel serving the seat:
        the whole truth, never to be sent to a browser as it is)."""
        table, _seat = self._seat(token)
        return self._replayed(table)

    def seat(self, token: str) -> int | None:
        """The seat of ``token`` (None: a spectator)."""
        return self._seat(token)[1]

    def view(self, token: str) -> dict:
        """What the seat of ``token`` may see now (a spectator's view for a spectator)."""
        table, seat = self._seat(token)
        return self._replayed(table).view(seat)

    def _replayed(self, table: dict) -> State:
        with self._transaction(write=False) as run:
            rows = run("SELECT ply, seat, move FROM ninekit_moves WHERE table_id = ? ORDER BY ply", table["id"])
        return self._replay(table, rows)

    @staticmethod
    def _replay(table: dict, rows: list) -> State:
        game = make(table["game"], table["players"], **table["options"])
        state = game.new(table["seed"])
        for expected, (ply, seat, text) in enumerate(rows):
            try:
                if ply != expected:
                    raise ValueError(f"move {expected} is missing")
                move = game.parse_move(json.loads(text))
                if seat != state.to_move:
                    raise ValueError(f"it was stored for seat {seat}, but seat {state.to_move} was to move")
                state = state.play(move)
            except (ValueError, IllegalMove, TypeError) as exc:
                raise TableError(f"table {table['id']}: stored move {ply} is refused ({exc}); the table's record "
                                 "was changed outside the store") from None
        return state

    def play(self, token: str, move: Move, computers: bool = True) -> State:
        """Play ``move`` for the seat of ``token`` and store it; the new state.  A move not legal now, from a
        seat not on move, or racing another for the same turn is refused (:class:`TableError`), nothing stored.
        Computer seats then play until a person is to move (``computers=False``: not now; the caller lets them
        with :meth:`advance_computers`, e.g. in the background)."""
        table, seat = self._seat(token)
        if seat is None:
            raise TableError("a spectator cannot play")
        state = self._replayed(table)
        if state.is_over:
            raise TableError(f"the game is over ({state.outcome.reason})")
        if table["resigned"] is not None:
            raise TableError(f"the game is over: {state.game.seat_name(table['resigned'])} resigned")
        if seat != state.to_move:
            names = state.game.seat_names
            raise TableError(f"it is {names[state.to_move]}'s turn, not {names[seat]}'s")
        if not isinstance(move, Move):
            raise TableError(f"{brief(move)} is not a move")
        why = state.why_illegal(move)
        if why is not None:
            raise TableError(why)
        state = self._store(table, state, state.play(move), seat)
        return self.advance_computers(table["id"], state) if computers else state

    def _store(self, table: dict, before: State, after: State, seat: int) -> State:
        """Store the move from ``before`` to ``after`` as move number ``len(before.history)``."""
        ply = len(before.history)
        if ply >= MAX_MOVES:
            raise TableError(f"a table keeps at most {MAX_MOVES:,} moves")
        text = json.dumps(after.history[-1][1].to_json(), sort_keys=True)
        if len(text) > MAX_MOVE_BYTES:
            raise TableError("that move is too long to store")
        now = self._now()
        try:
            with self._transaction() as run:
                run("INSERT INTO ninekit_moves VALUES (?, ?, ?, ?, ?)", table["id"], ply, seat, text, now)
                run("UPDATE ninekit_tables SET touched = ? WHERE id = ?", now, table["id"])
        except Exception as exc:  # noqa: BLE001 - the same move number stored by another screen first
            if self._duplicate(exc):
                raise TableError("the turn has moved on: another move was stored first") from None
            raise
        return after

    def advance_computers(self, table_id: str, state: State | None = None) -> State:
        """Let the computer seats play while one of them is to move (any server may: a move raced by another
        server's is simply not stored twice); the state after."""
        table = self._table(table_id)
        state = self._replayed(table) if state is None else state
        while not state.is_over and table["resigned"] is None and table["seats"][state.to_move] != HUMAN:
            seat = state.to_move
            bot = bot_for(table["game"], secrets.randbits(48), table["seats"][seat])  # never from the deal's seed
            try:
                state = self._store(table, state, state.play(bot.choose(state)), seat)
            except TableError:
                state = self._replayed(table)
        return state

    # --- the teacher's room ------------------------------------------------------------------------------------------
    def tables(self) -> list[dict]:
        """Every open table: id, game, seats (each "human", taken or free, or a level), whose turn, moves played,
        whether it is over.  Nothing secret (no code, no token, no seed)."""
        with self._transaction(write=False) as run:
            ids = [row[0] for row in run("SELECT id FROM ninekit_tables WHERE closed = 0 AND touched >= ? "
                                         "ORDER BY created", self._now() - QUIET_SECONDS)]
        out = []
        for table_id in ids:
            try:
                table = self._table(table_id)
                state = self._replayed(table)
            except TableError as exc:
                out.append({"id": table_id, "problem": str(exc)})
                continue
            with self._transaction(write=False) as run:
                people = {row[0]: row for row in run("SELECT seat, name, seen FROM ninekit_seats WHERE table_id = ? "
                                                     "AND seat IS NOT NULL", table_id)}
            now = self._now()
            out.append({"id": table_id, "game": table["game"], "players": table["players"],
                        "seats": [s if s != HUMAN else ("taken" if i in people else "free")
                                  for i, s in enumerate(table["seats"])],
                        "names": [people[i][1] if i in people else "" for i in range(table["players"])],
                        "connected": [s != HUMAN or (i in people and now - people[i][2] <= CONNECTED_SECONDS)
                                      for i, s in enumerate(table["seats"])],
                        "to_move": None if state.is_over else state.to_move, "moves": len(state.history),
                        "over": state.is_over or table["resigned"] is not None, "resigned": table["resigned"]})
        return out

    def close(self, table_id: str) -> bool:
        """Close a table (its seats' tokens then open nothing); False if there was no open table ``table_id``."""
        with self._transaction() as run:
            found = run("SELECT id FROM ninekit_tables WHERE id = ? AND closed = 0", str(table_id))
            run("UPDATE ninekit_tables SET closed = 1 WHERE id = ?", str(table_id))
        return bool(found)

    def expire(self) -> int:
        """Delete the tables nobody played at for ``QUIET_SECONDS`` and closed ones, with their seats and moves;
        how many."""
        with self._transaction() as run:
            old = [row[0] for row in run("SELECT id FROM ninekit_tables WHERE closed = 1 OR touched < ?",
                                         self._now() - QUIET_SECONDS)]
            for table_id in old:
                for name in ("ninekit_moves", "ninekit_seats"):
                    run(f"DELETE FROM {name} WHERE table_id = ?", table_id)  # noqa: S608 - names are ours
                run("DELETE FROM ninekit_tables WHERE id = ?", table_id)
        return len(old)
