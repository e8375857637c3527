"""A seat at a table shared across screens: :class:`TableScreen`, one player's (or a spectator's) screen.

Each screen is its own page and kernel; what they share is a :class:`ninekit.tables.TableStore`.  The screen is a
:class:`~widgets.shell.area.PlayArea` over the table's state as the store replays it, drawn from the view of the
screen's own seat only (a spectator's: the spectator view).  A move clicked here goes to the store, which checks it
by the rules and stores it; the others' moves arrive by polling the store a few times a second (``POLL_SECONDS``),
so a move reaches every screen within a second.  Computer seats are played by the store, in the background of the
screen that played the move before them (and by any screen that sees a computer's turn stand still for
``RESCUE_SECONDS``: the player before may have closed the page).

Around the board, the table's line (``TableBar``): the join code and link to share, each seat with who sits there
and whether their screen is connected, whose turn it is, and Leave and Resign.  The end of the game, by the rules
or by a resignation, shows every secret to every screen.

The browser half is :class:`TableLink`: it keeps only the seat's token in the browser (``localStorage``), so a
reload or a lost connection puts the player back in the seat, reads a join code from the address
(``tables.ipynb#join=CODE``), and says "here" every ``BEAT_SECONDS``.  The token never reaches another browser, and
no screen is sent anything but its own view: the state stays in the kernel.

    >>> import os, tempfile
    >>> from ninekit.tables import TableStore
    >>> store = TableStore("sqlite:///" + os.path.join(tempfile.mkdtemp(), "t.db"))
    >>> table = store.create("nine_knights", {}, ["human", "human"])
    >>> south = TableScreen(store, store.join(table.code, name="Ada"), poll=False)
    >>> south.viewer, south.bar.seat_states()[0]
    (0, 'Ada (you)')
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import anywidget
import ipywidgets as w
import traitlets

import ninekit
from ninekit.tables import HUMAN as TABLE_HUMAN
from ninekit.tables import TableError, TableStore

from .front import front_path, front_text
from .resume_store import valid_token
from .shared import plain
from .shell.area import PlayArea
from .shell.common import COMPUTER, HUMAN, log
from .shell.header import Header
from .svg import esc

__all__ = ["BEAT_SECONDS", "POLL_SECONDS", "TableLink", "TableScreen", "join_link", "seat_words"]

POLL_SECONDS = 0.25  # how often a screen asks the store whether anything changed
BEAT_SECONDS = 3  # how often the page says "here"
AWAY_SECONDS = 30  # no "here" from the page for this long: the page is gone, the screen stops asking the store
STORE_BEAT_SECONDS = 4  # how often a screen tells the store it is connected (at most)
RESCUE_SECONDS = 10.0  # a computer's turn standing still this long: this screen lets the computers play
TOKEN_KEY = "ninekit-table-seat"  # where the browser keeps the seat's token (one table per browser at a time)


def join_link(page: str, code: str) -> str:
    """The address others open to join: the table page's with ``#join=CODE`` (never sent to a server).

    >>> join_link("tables.ipynb", "ABCDEFGH")
    'tables.ipynb#join=ABCDEFGH'
    """
    return f"{page}#join={code}"


def seat_words(kind: str, name: str | None, taken: bool) -> str:
    """Who sits in a seat of a table, in the words every tables screen uses: the player's name ("a player" if they
    gave none), "free", or the computer and its level.

    >>> seat_words("human", "Ada", True), seat_words("human", None, True), seat_words("human", None, False)
    ('Ada', 'a player', 'free')
    >>> seat_words("normal", None, False)
    'computer (normal)'
    """
    if kind != TABLE_HUMAN:
        return f"computer ({kind})"
    return (name or "a player") if taken else "free"


def spaced(code: str) -> str:
    """A join code as shown, in two halves.

    >>> spaced("ABCDEFGH")
    'ABCD-EFGH'
    """
    return f"{code[:4]}-{code[4:]}"


class TableLink(anywidget.AnyWidget):
    """The browser half of a seat (see the module's docstring).  When the page opens it sends ``hello`` with the
    token it keeps (or None) and the join code in its address (or None): the ``on_hello(token, code)`` handlers
    get them, checked.  ``remember(token)`` and ``forget()`` reach the page once it has said hello.  Every
    ``beat_seconds`` the page says "here" (``on_beat`` handlers).

    >>> link, seen = TableLink(), []
    >>> link.on_hello(lambda token, code: seen.append((token, code)))
    >>> link.receive({"event": "hello", "token": "../etc", "code": "abcd-efgh"}); seen
    [(None, 'abcd-efgh')]
    """

    _esm = front_text("tablelink.js", KEY=TOKEN_KEY)
    _css = front_path("table_screen.css")
    beat_seconds = traitlets.Int(BEAT_SECONDS).tag(sync=True)

    def __init__(self, **kwargs):
        kwargs.setdefault("layout", w.Layout(display="none"))
        super().__init__(**kwargs)
        self._hello: list[Callable] = []
        self._beat: list[Callable] = []
        self._said_hello = False
        self._waiting: list[dict] = []
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def on_hello(self, handler: Callable[[str | None, str | None], object]) -> None:
        """Call ``handler(token, code)`` when the page opens."""
        self._hello.append(handler)

    def on_beat(self, handler: Callable[[], object]) -> None:
        """Call ``handler()`` each time the page says it is still here."""
        self._beat.append(handler)

    def remember(self, token: str) -> None:
        """Keep ``token`` in the browser (a reload finds the seat again)."""
        if valid_token(token) is None:
            raise ValueError("not a seat's token")
        self._tell({"event": "remember", "token": token})

    def forget(self) -> None:
        """Drop the token the browser keeps."""
        self._tell({"event": "forget"})

    def receive(self, content) -> None:
        """Handle a message from the page; anything malformed is ignored."""
        if not isinstance(content, dict):
            return
        if content.get("event") == "hello":
            code = content.get("code")
            code = code if isinstance(code, str) and len(code) <= 40 else None
            self._said_hello = True
            for message in self._waiting:
                self._tell(message)
            self._waiting.clear()
            for handler in list(self._hello):
                handler(valid_token(content.get("token")), code)
        elif content.get("event") == "beat":
            for handler in list(self._beat):
                handler()

    def _tell(self, message: dict) -> None:
        if not self._said_hello:
            self._waiting[:] = [m for m in self._waiting if m["event"] != message["event"]
                                and {m["event"], message["event"]} != {"remember", "forget"}] + [message]
            return
        try:
            self.send(message)
        except Exception:  # noqa: BLE001 - a closed comm must not raise into the page
            log.warning("TableLink could not reach the page", exc_info=True)


class TableBar(w.VBox):
    """The table's line above the board: the code and link to share, the seats (who, connected), whose turn, and
    the Leave and Resign buttons."""

    def __init__(self, on_leave: Callable[[], object], on_resign: Callable[[], object]):
        self.share = w.HTML(**plain()).add_class("ninekit-table-share")
        self.seats = w.HTML(**plain()).add_class("ninekit-table-seats")
        self.leave_button = w.Button(description="Leave the table", tooltip="Give up your seat (someone else may "
                                     "take it) and go back to the table page", layout=w.Layout(width="auto"))
        self.leave_button.add_class("ninekit-table-leave")
        self.resign_button = w.Button(description="Resign…", tooltip="Give up the game: it ends for everyone, and "
                                      "every secret is shown", layout=w.Layout(width="auto"))
        self.resign_button.add_class("ninekit-table-resign")
        self.confirm = w.HBox([], layout=w.Layout(display="none")).add_class("ninekit-table-confirm")
        self.yes = w.Button(description="Yes, resign", button_style="danger", layout=w.Layout(width="auto"))
        self.no = w.Button(description="No, play on", layout=w.Layout(width="auto"))
        self.confirm.children = [w.HTML("<b>Resign? The game ends for everyone.</b>", **plain()), self.yes, self.no]
        self.resign_button.on_click(lambda _b: self.ask(True))
        self.no.on_click(lambda _b: self.ask(False))
        self.yes.on_click(lambda _b: (self.ask(False), on_resign()))
        self.leave_button.on_click(lambda _b: on_leave())
        self.buttons = w.HBox([self.leave_button, self.resign_button], layout=w.Layout(flex_flow="row wrap"))
        self._states: list[str] = []
        super().__init__([self.share, self.seats, self.confirm, self.buttons])
        self.add_class("ninekit-table-bar")

    def ask(self, asking: bool) -> None:
        """Show or hide the question "Resign?"."""
        self.confirm.layout.display = None if asking else "none"

    def seat_states(self) -> list[str]:
        """Each seat as the line shows it: "Ada (you)", "Ben (not connected)", "free", "computer (normal)"."""
        return list(self._states)

    def show(self, game: ninekit.Game, info: dict, to_move: int | None, over: bool, link: str) -> None:
        """Draw the line for the table ``info`` (:meth:`ninekit.tables.TableStore.info`)."""
        mine = info["seat"]
        code = info["code"]
        self.share.value = (f'<div class="nk-table-share">Join code <b class="nk-table-code">{esc(spaced(code))}'
                            f'</b> · link for the others: <a class="nk-table-join-link" href="{esc(link)}" '
                            f'target="_blank" rel="noopener">{esc(link.rsplit("/", 1)[-1])}</a></div>')
        self._states, items = [], []
        for i, seat in enumerate(info["seats"]):
            who = seat_words(seat["kind"], seat["name"], seat["taken"])
            if seat["kind"] != TABLE_HUMAN:
                state = "computer"
            elif not seat["taken"]:
                who, state = f"{who}: waiting for a player", "free"
            else:
                if i == mine:
                    who += " (you)"
                state = "connected" if seat["connected"] else "away"
                if not seat["connected"]:
                    who += " (not connected)"
            self._states.append(who)
            turn = (not over and i == to_move)
            marker = "▶ " if turn else ""
            items.append(f'<li class="nk-table-seat nk-seat-{state}{" nk-seat-turn" if turn else ""}'
                         f'{" nk-seat-mine" if i == mine else ""}" data-seat="{i}">{marker}<b>{esc(game.seat_name(i))}'
                         f'</b>: {esc(who)}</li>')
        watching = info.get("watching", 0)
        watchers = f'<li class="nk-table-watching">{watching} watching</li>' if watching else ""
        self.seats.value = f'<ul class="nk-table-seat-list">{"".join(items)}{watchers}</ul>'
        self.resign_button.layout.display = "none" if mine is None or over else None
        self.leave_button.description = "Leave the table" if mine is not None else "Stop watching"
        if over:
            self.ask(False)


class TableScreen(PlayArea):
    """One screen at a shared table: ``TableScreen(store, token)`` (see the module's docstring).

    ``page`` is the address of the table page, for the join link; ``on_leave()`` is called after the player left
    (or the table closed); ``poll`` (default True) starts the background polling: tests call :meth:`poll` themselves.
    ``link``: the page's :class:`TableLink` if the page has one (it then tells :meth:`page_here`); else the screen
    has its own.  ``remembered``: whether the browser keeps the token (Leave makes it forget it; the teacher's room
    watches without keeping one).
    """

    def __init__(self, store: TableStore, token: str, *, page: str = "tables.ipynb",
                 on_leave: Callable[[], object] | None = None, poll: bool = True, home: str | None = None,
                 link: TableLink | None = None, remembered: bool = True):
        self.store, self.token, self._page = store, token, page
        self._own_link, self._remembered = link is None, remembered
        self.link = TableLink() if link is None else link
        self._on_leave = on_leave
        self.info = store.info(token)  # a TableError here: no such seat (the page says so)
        start = store.state(token)
        self._moves = len(start.history)
        self._resigned = self.info["resigned"]
        self._closed: str | None = None
        self._changed_at = time.monotonic()  # when the table last changed (the rescue of a standing computer turn)
        self._page_seen = time.monotonic()  # when the page last said "here"
        self._told_store = 0.0
        self._stop = threading.Event()
        self._home = home
        seat = self.info["seat"]
        seats = [HUMAN if i == seat else COMPUTER for i in range(self.info["players"])]
        super().__init__(start, seats=seats, interludes=False)
        if self._resigned is not None:
            self._show(start)
        if not self._over and self.info["seats"][start.to_move]["kind"] != TABLE_HUMAN:
            self._let_computers_play()  # a computer opens the game (or the page before closed on its turn)
        if poll:
            threading.Thread(target=self._poll_loop, name="ninekit-table-poll", daemon=True).start()

    # --- what is on screen ----------------------------------------------------------------------------------------
    def _build(self) -> None:
        self._build_play()
        self.header = Header(home=self._home)
        self.bar = TableBar(on_leave=lambda: self._guard(self.leave), on_resign=lambda: self._guard(self.resign))
        if self._own_link:
            self.link.on_beat(self.page_here)
        prompt = w.VBox([self.bar, self._status, self._msg]).add_class("ninekit-prompt")
        board = w.VBox([self.board]).add_class("ninekit-board-area")
        decide = w.VBox([self._choices, self._outcome]).add_class("ninekit-decide")
        extras = w.VBox([self.move_log]).add_class("ninekit-extras")
        main = w.Box([board, prompt, decide, extras]).add_class("ninekit-main")
        self.children = [self.header, main, self.header.page_title] + ([self.link] if self._own_link else [])
        self.add_class("ninekit-table-screen")

    def _lay_out(self) -> None:
        """The screen's parts stay where :meth:`_build` put them (it never hands over, pauses or replays)."""

    @property
    def _reveal(self) -> bool:  # the end, by the rules or a resignation: every secret to every screen
        return self._over

    @property
    def _over(self) -> bool:
        return self._state.is_over or self._resigned is not None

    @property
    def _given_up(self) -> str | None:
        """What the screen says after a resignation ("The game is over: Blue resigned"), else None."""
        return None if self._resigned is None else f"The game is over: {self.game.seat_name(self._resigned)} resigned"

    def _board_view(self, s: ninekit.State, viewer: int | None) -> dict:
        """After a resignation nobody is to move: the board marks no seat's turn, and its title says who resigned."""
        view = super()._board_view(s, viewer)
        return view if self._given_up is None else {**view, "turn": None, "to_move": None, "prompt": self._given_up}

    @property
    def over(self) -> bool:
        """Whether the game at the table has ended (by the rules, a resignation, or the table closing)."""
        return self._over or self._closed is not None

    def _run_computers(self) -> None:
        """The store plays the computer seats, not the screen (see :meth:`_let_computers_play`)."""

    def _may_act(self) -> bool:
        if self._closed is not None:
            self._set_message(self._closed)
            return False
        if self._given_up is not None:
            self._set_message(self._given_up)
            return False
        return super()._may_act()

    def _show_around(self, s: ninekit.State, interactive: bool, numbered) -> None:
        info, game = self.info, self.game
        title = game.title or game.name
        seat = info["seat"]
        you = f"You play {game.seat_name(seat)}" if seat is not None else "You are watching"
        self.header.title.value = (f"<h2>{esc(title)} <small class='nk-table-kind'>· a table across screens"
                                   f"</small></h2>")
        self.header.intro.value = (f'<p class="nk-intro"><b>{esc(you)}.</b> Each screen shows only what its own '
                                   f'seat may see.</p>')
        self.header.page_title.text = f"{title} – {you.lower()} · ninekit table"
        link = join_link(self._page, info["code"])
        to_move = None if self._over else s.to_move
        self.bar.show(game, info, to_move, self._over or self._closed is not None, link)
        if self._resigned is not None:
            name = game.seat_name(self._resigned)
            self._status.value = esc(f"{self._given_up}. Every secret is shown.")
            self._outcome.value = (f"<h3>Game over</h3><p>{esc(name)} resigned.</p><p>Every card, number and "
                                   "token hidden during the game is shown on the board now.</p>")
            self._outcome.layout.display = None
        elif s.is_over:
            self._status.value += '<div class="nk-prompt-note">Every secret is shown now.</div>'
        elif not interactive and self._closed is None and to_move is not None:
            waiting = info["seats"][to_move]
            who = game.seat_name(to_move)
            if waiting["kind"] != TABLE_HUMAN:
                line = f"{who} (the computer) is playing…"
            elif not waiting["taken"]:
                line = f"Waiting for someone to take the seat of {who}"
            elif not waiting["connected"]:
                line = f"{who}'s turn ({waiting['name'] or 'a player'} is not connected)"
            else:
                line = f"{who}'s turn: waiting for {waiting['name'] or 'the player'}"
            self._status.value = esc(line) + f'<div class="nk-prompt-note">{self._status.value}</div>'
        if self._closed is not None:
            self._status.value = esc(self._closed)

    # --- moves ----------------------------------------------------------------------------------------------------
    def _play_human(self, move) -> bool:
        try:
            after = self.store.play(self.token, move, computers=False)
        except TableError as exc:
            self._set_message(str(exc))
            self._sync(force=True)
            return False
        self._set_message("")
        self._moves = len(after.history)
        self.info = {**self.info, "moves": self._moves}
        self._changed_at = time.monotonic()
        self._show(after)
        if not after.is_over and self.info["seats"][after.to_move]["kind"] != TABLE_HUMAN:
            self._let_computers_play()
        return True

    def _let_computers_play(self) -> None:
        """Let the store play the computer seats, in the background (the next poll shows their moves)."""
        table_id = self.info["id"]

        def work():
            try:
                self.store.advance_computers(table_id)
            except TableError:
                pass  # closed or gone meanwhile: the next poll says so
            except Exception:  # noqa: BLE001 - never raise in a thread
                log.exception("ninekit table: the computer players failed")

        threading.Thread(target=work, name="ninekit-table-computers", daemon=True).start()

    def _show(self, state: ninekit.State) -> None:
        """Show ``state``, the table's state now: a new session on it (the screen keeps no tree of its own); after a
        resignation the board offers nothing."""
        events = list(self._events)  # who sat down, left or resigned: kept across the table's states
        self._begin(state, teacher=False)
        self._events[:] = events
        if self._given_up is not None:
            self._locked = self._given_up
        self._set_state(state, run=False)

    # --- keeping up with the table --------------------------------------------------------------------------------
    def page_here(self) -> None:
        """The page said it is still here (its :class:`TableLink`)."""
        self._page_seen = time.monotonic()

    def poll(self) -> bool:
        """Ask the store once whether anything changed, and show it; True if the screen changed."""
        with self._lock:
            return self._sync()

    def _sync(self, force: bool = False) -> bool:
        if self._closed is not None:
            return False
        now = time.monotonic()
        try:
            if now - self._page_seen < AWAY_SECONDS and now - self._told_store >= STORE_BEAT_SECONDS:
                self.store.beat(self.token)
                self._told_store = now
            info = self.store.info(self.token)
            changed = force or info["moves"] != self._moves or info["resigned"] != self._resigned
            state = self.store.state(self.token) if changed else self._state
        except TableError as exc:
            self._closed = f"This table is over: {exc}. Leave it to open or join another."
            self._locked = self._closed
            self._stop.set()
            self._refresh()
            return True
        self._note_seats(self.info, info, len(state.history))
        if info["resigned"] is not None and self._resigned is None:
            self._note(f"{self.game.seat_name(info['resigned'])} resigned", len(state.history))
        if changed:
            self.info, self._moves, self._resigned = info, len(state.history), info["resigned"]
            self._changed_at = now
            self._show(state)
            return True
        if info != self.info:
            self.info = info
            self._refresh()
            return True
        s = self._state
        if (not self._over and info["seats"][s.to_move]["kind"] != TABLE_HUMAN
                and now - self._changed_at >= RESCUE_SECONDS):
            self._changed_at = now
            self._let_computers_play()
        return False

    def _note_seats(self, before: dict, after: dict, plies: int) -> None:
        """Write into the log who sat down at the table and who left it since ``before``."""
        for i, (old, new) in enumerate(zip(before["seats"], after["seats"])):
            if old["kind"] != TABLE_HUMAN or (old["taken"], old["name"]) == (new["taken"], new["name"]):
                continue
            seat = self.game.seat_name(i)
            if old["taken"]:
                self._note(f"{old['name'] or 'The player'} left the seat of {seat}", plies)
            if new["taken"]:
                self._note(f"{new['name'] or 'A player'} sat down as {seat}", plies)

    def _poll_loop(self) -> None:
        while not self._stop.wait(POLL_SECONDS):
            if time.monotonic() - self._page_seen >= AWAY_SECONDS:
                continue  # the page is gone (or asleep): ask nothing until it says "here" again
            try:
                self.poll()
            except Exception:  # noqa: BLE001 - the next poll tries again
                log.exception("ninekit table: a poll failed")

    # --- leaving --------------------------------------------------------------------------------------------------
    def resign(self) -> bool:
        """Resign this seat's game: it ends for everyone."""
        try:
            self.store.resign(self.token)
        except TableError as exc:
            self._set_message(str(exc))
            return False
        self._sync(force=True)
        return True

    def leave(self) -> None:
        """Give up the seat (or stop watching): the browser forgets the token, and the page goes back to its start."""
        self._stop.set()
        try:
            if self._closed is None:
                self.store.leave(self.token)
        except TableError:
            pass  # the table closed meanwhile: there is nothing left to give up
        if self._remembered:
            self.link.forget()
        if self._on_leave is not None:
            self._on_leave()

    def stop(self) -> None:
        """Stop asking the store (the screen is closed)."""
        self._stop.set()
