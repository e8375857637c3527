"""The table page: open a table across screens, join one with its code, or watch; then play at it.

``notebooks/tables.ipynb`` is one :class:`TablePage`.  Its parts:

* **Join a table**: the join code (filled in from the address ``tables.ipynb#join=CODE``), a name, then a button
  per free seat for a person, and "Watch".
* **Open a table**: the New game form as a table's (game, players, options, who plays each seat: a person or the
  computer at a level; never a seed: a table's deal is always secret).  Whoever opens it takes the first seat for
  a person.
* Once seated (or watching), the page is that seat's :class:`~widgets.table_screen.TableScreen`; "Leave" brings
  the page back here.  The seat's token is kept in the browser, so a reload or a lost connection goes straight
  back to the seat.

An app's "Play at separate screens" opens the table in the app's kernel with :func:`open_table`, keeps the token in
the browser, and links here.  The tables live in ``TableStore(default_url())`` (``$NINEKIT_TABLES``; a SQLite file
by default; docs/deploying.md).  The static site has no server, so the page only says how to run one.

    >>> import os, tempfile
    >>> from ninekit.tables import TableStore
    >>> store = TableStore("sqlite:///" + os.path.join(tempfile.mkdtemp(), "t.db"))
    >>> page = TablePage(store=store, poll=False)
    >>> page.link.receive({"event": "hello", "token": None, "code": None})
    >>> page.open_form.press_separate(), page.screen.viewer
    (True, 0)
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

import ipywidgets as w

import ninekit
from ninekit.tables import HUMAN as TABLE_HUMAN
from ninekit.tables import TableError, TableStore, default_url

from .browser import IN_BROWSER, NO_TABLES
from .shared import plain
from .shell.common import HUMAN, dispose, log
from .shell.form import NewGameForm
from .svg import esc
from .table_screen import TableLink, TableScreen, seat_words, spaced

__all__ = ["TablePage", "TablesPage", "open_table", "store_for_kernel"]


_STORE: TableStore | None = None


def store_for_kernel() -> TableStore:
    """The kernel's one connection to the server's table store (``ninekit.tables.default_url()``); opening it
    deletes the tables that have expired or were closed (``TableStore.expire``)."""
    global _STORE
    if _STORE is None:
        _STORE = TableStore(default_url())
        try:
            _STORE.expire()
        except Exception:  # noqa: BLE001 - another server deleting the same rows at once: the next kernel will
            log.warning("ninekit tables: could not delete the expired tables", exc_info=True)
    return _STORE


def open_table(store: TableStore, game: str, players: int | None, options: dict, seats: Iterable[str],
               levels: Iterable[str], name: str = "") -> tuple[str, str]:
    """Open a table as a New game form says (each seat "human" or "computer" at its level) and sit its opener at
    the first seat for a person; ``(join code, the opener's token)``.

    >>> import os, tempfile
    >>> store = TableStore("sqlite:///" + os.path.join(tempfile.mkdtemp(), "t.db"))
    >>> code, token = open_table(store, "nine_knights", None, {}, ["computer", "human"], ["easy", "normal"])
    >>> store.info(token)["seat"], store.info(token)["seats"][0]["kind"]
    (1, 'easy')
    """
    kinds = [TABLE_HUMAN if kind == HUMAN else level for kind, level in zip(seats, levels)]
    if players is not None and len(kinds) != players:
        raise TableError(f"the form lists {len(kinds)} seats for {players} players")
    table = store.create(game, options, kinds)
    return table.code, store.join(table.code, name=name)


class TablesPage(w.VBox):
    """What the table page and the teacher's room share: the ninekit look, a message line (``_say``) and callbacks
    that never raise into the page (``_guard``: one at a time, an unexpected error said plainly)."""

    def __init__(self):
        super().__init__(layout=w.Layout(width="100%"))
        self.add_class("ninekit-app")
        self._lock = threading.RLock()
        self.message = w.HTML(**plain()).add_class("nk-lobby-message")

    def _guard(self, fn, *args):
        try:
            with self._lock:
                return fn(*args)
        except Exception:  # noqa: BLE001 - never a traceback in the page
            log.exception("ninekit %s: an unexpected error", type(self).__name__)
            self._say("Something went wrong there; try again.")
            return None

    def _say(self, text: str, kind: str = "error") -> None:
        self.message.value = f'<p class="nk-lobby-{kind}" role="status">{esc(text)}</p>' if text else ""


class TablePage(TablesPage):
    """The table page (see the module's docstring).  ``store``: the table store (default: the server's);
    ``page``: this page's address (for join links); ``home``: the gallery's; ``poll``: whether a seat's screen
    polls the store in the background (tests poll by hand)."""

    def __init__(self, store: TableStore | None = None, *, page: str = "tables.ipynb", home: str | None = None,
                 poll: bool = True):
        super().__init__()
        self._page, self._home, self._poll = page, home, poll
        self.screen: TableScreen | None = None
        self.link = TableLink()
        self.link.on_hello(lambda token, code: self._guard(self._hello, token, code))
        self.link.on_beat(lambda: self.screen.page_here() if self.screen is not None else None)
        home_link = f'<a class="ninekit-home" href="{esc(home)}">← All games</a><span> · </span>' if home else ""
        self.title = w.HTML(f"<h2>{home_link}<span>Play at separate screens</span></h2>"
                            "<p class='nk-intro'>Two to four players, each at their own device: open a table, share "
                            "its code, and every screen shows only its own seat's cards.</p>", **plain())
        if IN_BROWSER:
            self.store = None
            self.message.value = f'<p class="nk-lobby-info">{esc(NO_TABLES)}</p>'
            self.children = [self.title, self.message]
            return
        self.store = store if store is not None else store_for_kernel()
        self.code_text = w.Text(placeholder="e.g. ABCD-EFGH", description="Join code",
                                layout=w.Layout(width="20em")).add_class("ninekit-join-code")
        self.name_text = w.Text(placeholder="how the others see you", description="Your name",
                                layout=w.Layout(width="20em")).add_class("ninekit-join-name")
        find = w.Button(description="Find the table", button_style="primary", layout=w.Layout(width="12em"))
        find.add_class("ninekit-find-table")
        find.on_click(lambda _b: self._guard(self.find))
        self.seat_buttons = w.HBox(layout=w.Layout(flex_flow="row wrap")).add_class("ninekit-join-seats")
        self.found = w.HTML(**plain())
        join = w.VBox([w.HTML("<h3>Join a table</h3>", **plain()), self.code_text, self.name_text, find, self.found,
                       self.seat_buttons]).add_class("nk-lobby-part")
        self.open_form = NewGameForm(on_start=None, on_problem=self._say, guard=self._guard,
                                     on_separate=self.start_table, for_table=True)
        self.open_form.build("nine_knights", seats=[HUMAN, HUMAN])
        self.lobby = w.VBox([join, self.open_form]).add_class("ninekit-lobby")
        self.children = [self.title, self.message, self.link]

    # --- the page's moments -------------------------------------------------------------------------------------
    def _hello(self, token: str | None, code: str | None) -> None:
        """The page opened: back to the seat its browser keeps, else the lobby (with the code of its address)."""
        if self.screen is not None:
            return  # a second view of the same page: the screen is on already
        if token is not None and self._sit(token, back=True):
            return
        self._show_lobby()
        if code:
            self.code_text.value = code
            self.find()

    def _show_lobby(self) -> None:
        self.children = [self.title, self.message, self.lobby, self.link]

    def _sit(self, token: str, back: bool = False, opened: str | None = None) -> bool:
        """Show the screen of the seat ``token`` (``back``: the token the browser kept; ``opened``: the join code
        of the table just opened here, said above the screen)."""
        try:
            self.screen = TableScreen(self.store, token, page=self._page, on_leave=self._left, poll=self._poll,
                                      home=self._home, link=self.link)
        except TableError as exc:
            self.link.forget()
            if back:
                self._say(f"Your last table is over ({exc}).", "info")
            else:
                self._say(str(exc))
            return False
        self.link.remember(token)
        if opened is not None:
            self._say(f"Your table is open: give the others the code {spaced(opened)} or the link.", "info")
            self.children = [self.message, self.screen, self.link]
        else:
            self._say("")
            self.children = [self.screen, self.link]
        return True

    def _left(self) -> None:
        screen, self.screen = self.screen, None
        self._show_lobby()
        self._say("You left the table.", "info")
        if screen is not None:
            dispose(screen)

    # --- joining --------------------------------------------------------------------------------------------------
    def find(self) -> bool:
        """Look up the table of the code typed: its game and a button per free seat, and Watch."""
        old = list(self.seat_buttons.children)
        self.seat_buttons.children = []
        for widget in old:
            dispose(widget)
        try:
            table = self.store.lobby(self.code_text.value)
        except TableError as exc:
            self.found.value = f'<p class="nk-lobby-error" role="status">{esc(str(exc))}</p>'
            return False
        game = ninekit.make(table["game"], table["players"], **table["options"])
        seats = []
        for i, seat in enumerate(table["seats"]):
            seats.append(f"{game.seat_name(i)}: {seat_words(seat['kind'], seat['name'], seat['taken'])}")
        self.found.value = (f"<p><b>{esc(game.title or game.name)}</b>, {table['players']} players, "
                            f"{table['moves']} moves played. {esc(' · '.join(seats))}</p>")
        buttons = []
        for i, seat in enumerate(table["seats"]):
            if seat["kind"] == TABLE_HUMAN and not seat["taken"]:
                button = w.Button(description=f"Sit as {game.seat_name(i)}", button_style="primary",
                                  layout=w.Layout(width="auto")).add_class("ninekit-sit")
                button.on_click(lambda _b, i=i: self._guard(self.join, i))
                buttons.append(button)
        watch = w.Button(description="Watch", tooltip="See the table as a spectator: nobody's secrets",
                         layout=w.Layout(width="auto")).add_class("ninekit-watch-table")
        watch.on_click(lambda _b: self._guard(self.join, None, True))
        self.seat_buttons.children = buttons + [watch]
        return True

    def join(self, seat: int | None, watch: bool = False) -> bool:
        """Sit at ``seat`` of the table whose code is typed (or watch it)."""
        try:
            code, name = self.code_text.value, self.name_text.value
            token = self.store.watch(code, name) if watch else self.store.join(code, seat, name)
        except TableError as exc:
            self._say(str(exc))
            self.find()
            return False
        return self._sit(token)

    # --- opening --------------------------------------------------------------------------------------------------
    def start_table(self, game: str, players: int | None, options: dict, seats: list[str], levels: list[str]) -> bool:
        """Open a table as the form says, and sit at its first seat for a person."""
        if HUMAN not in seats:
            self._say("A table needs at least one seat for a person (choose 'human' for yours)")
            return False
        try:
            code, token = open_table(self.store, game, players, options, seats, levels, self.name_text.value)
        except TableError as exc:
            self._say(str(exc))
            return False
        return self._sit(token, opened=code)

