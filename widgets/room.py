"""The teacher's room: every table on the server, live; watch any of them, close one.

``notebooks/room.ipynb`` is one :class:`Room`.  It opens with the room key (:func:`ninekit.tables.room_key`:
``$NINEKIT_ROOM_KEY``, or the key ``make play`` prints), so that students cannot close each other's tables; a wrong
key waits a second before it is refused.  Then it lists the tables (``TableStore.tables()``: game, seats with the
players' names and whether they are connected, whose turn, moves played, finished or not; never a code, a token or
the seed), every ``REFRESH_SECONDS`` while the page is open.  "Watch" opens the table as a spectator (the spectator
view: no seat's secrets) and "Close" closes it for everyone, after a question.

    >>> import os, tempfile
    >>> from ninekit.tables import TableStore
    >>> store = TableStore("sqlite:///" + os.path.join(tempfile.mkdtemp(), "t.db"))
    >>> table = store.create("double_nine", {}, ["human", "normal"])
    >>> room = Room(store=store, key="secret-key", poll=False)
    >>> room.key_text.value = "secret-key"; room.enter()
    True
    >>> room.listed()[0]["game"], room.close_table(table.id), store.tables()
    ('double_nine', True, [])
"""

from __future__ import annotations

import hmac
import threading
import time

import ipywidgets as w

import ninekit
from ninekit.tables import HUMAN as TABLE_HUMAN
from ninekit.tables import TableError, TableStore, room_key

from .browser import IN_BROWSER, NO_TABLES
from .shared import plain
from .shell.common import dispose
from .svg import esc
from .table_page import TablesPage, store_for_kernel
from .table_screen import AWAY_SECONDS, TableLink, TableScreen, seat_words

__all__ = ["REFRESH_SECONDS", "Room"]

REFRESH_SECONDS = 2.0
WRONG_KEY_WAIT = 1.0  # seconds a wrong room key waits before it is refused (guessing is slowed)


class Room(TablesPage):
    """The teacher's room (see the module's docstring).  ``store``: the table store (default: the server's);
    ``key``: the room key (default: :func:`ninekit.tables.room_key`); ``poll``: refresh in the background."""

    def __init__(self, store: TableStore | None = None, *, key: str | None = None, home: str | None = None,
                 poll: bool = True):
        super().__init__()
        self.add_class("ninekit-room")
        self._poll, self._home = poll, home
        self._open = False
        self._rows: list[dict] = []
        self._stop = threading.Event()
        self._page_seen = time.monotonic()
        self.screen: TableScreen | None = None
        self.link = TableLink()
        self.link.on_beat(self._beat)
        home_link = f'<a class="ninekit-home" href="{esc(home)}">← All games</a><span> · </span>' if home else ""
        self.title = w.HTML(f"<h2>{home_link}<span>The teacher's room</span></h2>", **plain())
        if IN_BROWSER:
            self.message.value = f'<p class="nk-lobby-info">{esc(NO_TABLES)}</p>'
            self.children = [self.title, self.message]
            return
        self.store = store if store is not None else store_for_kernel()
        self._key = key if key is not None else room_key()
        self.key_text = w.Password(description="Room key", placeholder="set on the server").add_class(
            "ninekit-room-key")
        enter = w.Button(description="Open the room", button_style="primary", layout=w.Layout(width="auto"))
        enter.add_class("ninekit-room-enter")
        enter.on_click(lambda _b: self._guard(self.enter))
        self.door = w.VBox([w.HTML("<p>The room lists every table on this server. Its key is set where the server "
                                   "runs: <code>make play</code> prints it (or <code>NINEKIT_ROOM_KEY</code>).</p>",
                                   **plain()), self.key_text, enter]).add_class("nk-lobby-part")
        self.list = w.HTML(**plain()).add_class("ninekit-room-list")
        self.choice = w.Dropdown(description="Table", options=[]).add_class("ninekit-room-choice")
        watch = w.Button(description="Watch", tooltip="See the table as a spectator: nobody's secrets",
                         layout=w.Layout(width="auto")).add_class("ninekit-room-watch")
        watch.on_click(lambda _b: self._guard(self.watch_table, self.choice.value))
        close = w.Button(description="Close…", layout=w.Layout(width="auto")).add_class("ninekit-room-close")
        self.confirm = w.HBox(layout=w.Layout(display="none"))
        yes = w.Button(description="Yes, close it", button_style="danger", layout=w.Layout(width="auto"))
        no = w.Button(description="No", layout=w.Layout(width="auto"))
        self.confirm.children = [w.HTML("<b>Close this table for everyone at it?</b>", **plain()), yes, no]
        close.on_click(lambda _b: setattr(self.confirm.layout, "display", None))
        no.on_click(lambda _b: setattr(self.confirm.layout, "display", "none"))
        yes.on_click(lambda _b: self._guard(self.close_table, self.choice.value))
        self.actions = w.HBox([self.choice, watch, close], layout=w.Layout(flex_flow="row wrap"))
        self.inside = w.VBox([self.list, self.actions, self.confirm])
        self.children = [self.title, self.message, self.door, self.link]

    def _beat(self) -> None:
        self._page_seen = time.monotonic()
        if self.screen is not None:
            self.screen.page_here()

    def enter(self) -> bool:
        """Open the room with the key typed; a wrong key waits ``WRONG_KEY_WAIT`` and is refused."""
        typed = self.key_text.value
        self.key_text.value = ""
        if not hmac.compare_digest(typed.encode(), self._key.encode()):
            time.sleep(WRONG_KEY_WAIT)
            self._say("That is not the room key.")
            return False
        self._open = True
        self._say("")
        self.children = [self.title, self.message, self.inside, self.link]
        self.refresh()
        if self._poll:
            threading.Thread(target=self._loop, name="ninekit-room", daemon=True).start()
        return True

    def listed(self) -> list[dict]:
        """The tables as last listed."""
        return list(self._rows)

    def refresh(self) -> None:
        """List the tables again."""
        if not self._open:
            return
        rows = self.store.tables()
        self._rows = rows
        lines, options = [], []
        for number, row in enumerate(rows, 1):
            if "problem" in row:
                lines.append(f"<tr><td>{number}</td><td colspan='5'>{esc(row['problem'])}</td></tr>")
                options.append((f"{number}: (damaged)", row["id"]))
                continue
            game = ninekit.make(row["game"], row["players"])
            seats = []
            for i, kind in enumerate(row["seats"]):
                person = kind in ("taken", "free")
                who = seat_words(TABLE_HUMAN if person else kind, row["names"][i], kind == "taken")
                dot = (" ●" if row["connected"][i] else " ○") if kind == "taken" else ""
                seats.append(f"{game.seat_name(i)}: {who}{dot}")
            turn = ("finished" + (f" ({game.seat_name(row['resigned'])} resigned)"
                                  if row.get("resigned") is not None else "")
                    if row["over"] else game.seat_name(row["to_move"]))
            lines.append(f"<tr data-table='{esc(row['id'])}'><td>{number}</td><td>{esc(game.title or row['game'])}"
                         f"</td><td>{esc(' · '.join(seats))}</td><td>{esc(turn)}</td><td>{row['moves']}</td></tr>")
            options.append((f"{number}: {game.title or row['game']}", row["id"]))
        head = "<tr><th>#</th><th>Game</th><th>Seats (● connected)</th><th>To move</th><th>Moves</th></tr>"
        body = "".join(lines) or "<tr><td colspan='5'>No table is open on this server.</td></tr>"
        self.list.value = f"<table>{head}{body}</table>"
        if list(self.choice.options) != options:
            keep = self.choice.value
            self.choice.options = options
            values = [value for _label, value in options]
            if values:
                self.choice.value = keep if keep in values else values[0]
        self.actions.layout.display = None if options else "none"

    def _loop(self) -> None:
        while not self._stop.wait(REFRESH_SECONDS):
            if self.screen is not None or time.monotonic() - self._page_seen >= AWAY_SECONDS:
                continue
            self._guard(self.refresh)

    def watch_table(self, table_id: str | None) -> bool:
        """Open table ``table_id`` as a spectator, in the room; "Stop watching" comes back."""
        if not self._open or not table_id:
            return False
        try:
            token = self.store.spectate(table_id)
            self.screen = TableScreen(self.store, token, on_leave=self._back, poll=self._poll, link=self.link,
                                      remembered=False)
        except TableError as exc:
            self._say(str(exc))
            return False
        self.children = [self.title, self.message, self.screen, self.link]
        return True

    def _back(self) -> None:
        screen, self.screen = self.screen, None
        self.children = [self.title, self.message, self.inside, self.link]
        self.refresh()
        if screen is not None:
            dispose(screen)

    def close_table(self, table_id: str | None) -> bool:
        """Close table ``table_id`` for everyone at it."""
        self.confirm.layout.display = "none"
        if not self._open or not table_id:
            return False
        closed = self.store.close(table_id)
        self._say("The table is closed." if closed else "That table was already closed.", "info")
        self.refresh()
        return closed

