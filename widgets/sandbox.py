"""The sandbox: explore a position of any game on its board, with a move tree of variations, any seat's view,
comments, and the position and the whole exploration to share.

``Sandbox("nine_knights")`` starts from a new game's set-up (a secret random deal, but the sandbox shows every
seat's view, so nothing stays secret here); ``Sandbox(state)`` from any position.  Every seat is played from
the screen; a move after going back makes a variation, and every branch stays (the tree is a
:class:`ninekit.session.Session`'s, see :mod:`ninekit.exploration`).  The board shows the view of the seat to
move (so it can play), or one chosen seat's view, or a spectator's, exactly as the app would, or everything (the
seat to move's view with every hand, hidden number and card order shown, as at the game's end), so a teacher can
show what each player knows.  A position is a
short text (:func:`ninekit.position_text`) that can be copied out or pasted in; the whole exploration (tree and
comments) saves to a file and loads back.  Both show every hidden card, and the sandbox says so.

Ask the computer: each seat's chance of winning (and mean score) from games the computer plays out from the
position on screen, with a progress bar and Stop, for the position or for each legal move, and the hint in
words (:mod:`ninekit.playouts`, :func:`ninekit.hints.hint`).  By default the computer knows only what the seat
to move sees; "everything" lets it use the true position.  In the static site there are no threads: the page
waits while the games are played out, so Stop cannot cut them short there (ask for fewer games).

Edit: "Edit position" sets up a position part by part (:mod:`ninekit.editing`): a click on a square, card or token
of the board (every secret shown) chooses that part, and its choices are offered beside the board; the parts
not drawn on the board (who moves, the round, a hidden order) are listed there too.  Every edit is checked by the
game's own ``position()``: a position the rules refuse says what is wrong and cannot be played from until
another edit puts it right (the board meanwhile shows the last playable one).  Undo takes edits back one by one;
"Play from here" explores the position set up (a new tree), "Cancel" goes back to the tree as it was.

    >>> box = Sandbox("nine_knights", seed=3)
    >>> first = box.area.state.legal_moves()[0]
    >>> box.area.try_move(first) and box.area.back() and box.area.state is box.area.session.root.state
    True
"""

from __future__ import annotations

import threading

import ipywidgets as w

import ninekit
from ninekit import IllegalMove, Move, editing, exploration, hints
from ninekit.bots import LEVELS
from ninekit.core import random_seed
from ninekit.playouts import EVERYTHING, chances, move_chances

from .choices import ChoiceBar
from .movetree import MoveTree
from .positionlink import PositionLink
from .save import SaveButton
from .shell.area import PlayArea
from .shell.common import HUMAN
from .svg import esc
from .upload import LoadButton

TO_MOVE, SPECTATOR = "to move", "spectator"
GUESSED_NOTE = ("This position was shared from a game in progress: what that player could not see is guessed here "
                "(drawn at random, consistent with what they saw), not that game's own hidden cards.")
OPEN_NOTE = ("Everything here is open: the sandbox shows any seat's view, and a position text or an exploration "
             "file holds every hidden card.")
MAX_EDITS = 500  # the edits Undo can take back (a kernel's memory stays bounded)
PLAYOUTS = (10, 40, 100, 400)  # the numbers of playouts offered (40 unless chosen)
KNOWS = (("what the seat to move sees", TO_MOVE), ("everything (the true position)", EVERYTHING))
KEY_STEPS = {"ArrowLeft": ("back", ()), "ArrowRight": ("forward", ()), "ArrowUp": ("variation", (-1,)),
             "ArrowDown": ("variation", (1,))}


class SandboxArea(PlayArea):
    """The sandbox's board: a play area over an open table (:func:`ninekit.exploration.explore`) whose screen
    shows the view chosen with :meth:`look_as`; every change of the tree is said to ``on_change`` handlers."""

    def __init__(self, state: ninekit.State):
        self.looking = TO_MOVE  # whose view is on screen: TO_MOVE, a seat, SPECTATOR, or EVERYTHING
        self.guessed_note = ""  # said while the position opened was shared with its hidden parts guessed
        self._asking: threading.Event | None = None  # set to stop the playouts under way
        self.editing: editing.Draft | None = None  # the position being set up, while editing
        self.edit_part: str | None = None  # the key of the part chosen to change
        self._edits: list[editing.Draft] = []  # every draft since editing began, for Undo
        super().__init__(exploration.fresh_start(state), seats=[HUMAN] * state.game.players)

    def _begin(self, state: ninekit.State, teacher: bool) -> None:
        self._session = exploration.explore(state)
        self._events.clear()
        self._last_viewer = None

    @property
    def _viewer(self) -> int | None:
        if self._session is None or self.looking == SPECTATOR:
            return None
        if self.looking in (TO_MOVE, EVERYTHING):
            s = self._session.state
            return None if s.is_over else s.to_move
        return self.looking

    @property
    def _reveal(self) -> bool:
        return self.looking == EVERYTHING

    # --- moving about the tree ------------------------------------------------------------------------------------
    def go(self, node) -> bool:
        """Show the position at ``node`` of the tree (a click on a move)."""
        return self._move_about(self._session.go, node)

    def back(self) -> bool:
        """One move back (←)."""
        return self._move_about(self._session.back)

    def forward(self) -> bool:
        """One move forward (→) along the line last followed."""
        return self._move_about(self._session.forward)

    def variation(self, step: int) -> bool:
        """The previous (-1, ↑) or next (1, ↓) variation."""
        return self._move_about(self._session.sibling, step)

    def promote(self) -> bool:
        """Make the move that led here the main line."""
        return self._change_tree(exploration.promote, self._session.node)

    def delete(self) -> bool:
        """Delete the variation that starts with the move that led here, and everything after it."""
        return self._change_tree(exploration.delete, self._session, self._session.node)

    def comment(self, text: str) -> bool:
        """Write ``text`` as the comment on the position on screen ('' removes it)."""
        return self._change_tree(exploration.comment, self._session.node, text)

    def look_as(self, looking) -> bool:
        """Show the view of the seat to move (``TO_MOVE``), of seat ``looking``, a spectator's (``SPECTATOR``), or
        everything (``EVERYTHING``: the seat to move's view with every secret shown, as at the game's end)."""
        if looking not in (TO_MOVE, SPECTATOR, EVERYTHING, *range(self.game.players)):
            self._set_message(f"There is no view called {looking!r}")
            return False
        self.looking = looking
        self._set_message("")
        self._shown()
        return True

    def _move_about(self, action, *args) -> bool:
        """Go somewhere in the tree; where there is nowhere to go, the message says so (not an error)."""
        return self._change_tree(action, *args, refused="info")

    def _change_tree(self, action, *args, refused: str = "error") -> bool:
        """Do ``action(*args)`` to the tree and show the result; a refusal is said in the message (as ``refused``),
        nothing changed."""
        if self.editing is not None:
            self._set_message("You are editing the position: press “Play from here” or “Cancel” first", "info")
            return False
        try:
            action(*args)
        except (IllegalMove, ValueError) as exc:
            self._set_message(str(exc).capitalize(), refused)
            return False
        self._set_message("")
        self._shown()
        return True

    def guarded(self, fn, *args):
        """Run a callback of the sandbox's controls: an unexpected error becomes a message, nothing changes."""
        return self._guard(fn, *args)

    def _shown(self) -> None:
        self._refresh()
        for handler in list(self._change_handlers):
            handler(self._state)

    # --- editing ---------------------------------------------------------------------------------------------------
    def start_editing(self, start: str = "here") -> bool:
        """Set up a position part by part, starting from the position on screen (``"here"``), a new game's set-up
        (``"setup"``: :func:`ninekit.editing.new_set_up`) or the game's emptiest table (``"empty"``);
        where the game builds no such position by hand (the middle of a turn, say), the message says when
        it can, and the emptiest table is set up instead."""
        try:
            if start == "empty":
                first = editing.empty_table(self.game)
            elif start == "setup":
                first = editing.new_set_up(self.game, random_seed())
            elif start == "here":
                first = editing.draft(self._state)
            else:
                raise ValueError(f"there is no start called {start!r} (here, setup or empty)")
        except ValueError as exc:  # (said, and the emptiest table offered instead)
            said = f"{str(exc).rstrip('.')}. Here you start from the emptiest table instead (or Cancel)."
            first = editing.empty_table(self.game)
        else:
            said = ""
        self.stop_asking()
        self.editing, self._edits, self.edit_part = first, [first], None
        self._set_message(said, "info")
        self._shown()
        return True

    def choose_part(self, key: str) -> bool:
        """Choose the part ``key`` to change (what a click on it on the board does)."""
        if self.editing is None:
            return False
        try:
            self.editing.part(key)
        except ValueError as exc:
            self._set_message(str(exc))
            return False
        self.edit_part = key
        self._shown()
        return True

    def edit(self, key: str, value: str) -> bool:
        """Set part ``key`` to ``value``; the rules' objection, if any, is said (the position cannot be played from
        until it is put right); a part or value the game does not have is refused, nothing changed."""
        if self.editing is None:
            self._set_message("Press “Edit position” first")
            return False
        try:
            new = self.editing.set(key, value)
        except ValueError as exc:
            self._set_message(str(exc).capitalize())
            return False
        before = {part.key: part.value for part in self.editing.parts()}
        self.editing, self.edit_part = new, key
        self._edits.append(new)
        del self._edits[:-MAX_EDITS]
        also = [f"{part.label}: {part.value or 'empty'}" for part in new.parts()
                if part.key != key and part.key in before and before[part.key] != part.value]
        self._say_problem(also)
        self._shown()
        return True

    def _say_problem(self, also: list[str] = ()) -> None:
        """The message: what the rules object to in the draft (the board keeps the last playable position), or
        the other parts the edit changed (a thing put somewhere leaves its old place), or nothing."""
        problem = self.editing.problem
        if problem:
            self._set_message(f"Not playable: {problem}. The board shows the last playable position; change it, or "
                              "Undo.")
        elif also:
            shown = "; ".join(brief_value(text) for text in also[:4])
            more = f"; and {len(also) - 4} more" if len(also) > 4 else ""
            self._set_message(f"Also changed: {shown}{more}", "info")
        else:
            self._set_message("")

    def undo_edit(self) -> bool:
        """Take the last edit back."""
        if len(self._edits) < 2:
            self._set_message("No edit to take back", "info")
            return False
        self._edits.pop()
        self.editing = self._edits[-1]
        self._say_problem()
        self._shown()
        return True

    def finish_editing(self) -> bool:
        """Explore the position set up (a new tree); refused while the rules refuse it."""
        if self.editing is None:
            return False
        if self.editing.state is None:
            self._set_message("This position cannot be played from: " + self.editing.problem)
            return False
        state, self.editing, self._edits = self.editing.state, None, []
        return self._start_over(state, "Playing from the position you set up")

    def cancel_editing(self) -> bool:
        """Stop editing: the tree and position from before come back."""
        if self.editing is None:
            return False
        self.editing, self._edits, self.edit_part = None, [], None
        self._set_message("")
        self._shown()
        return True

    @property
    def edit_board(self) -> ninekit.State | None:
        """The position the board shows while editing: the draft's, or, while the rules refuse the draft, the last
        playable one."""
        for d in reversed(self._edits):
            if d.state is not None:
                return d.state
        return None

    def click(self, data_id: str) -> bool:
        if self.editing is None:
            return super().click(data_id)
        for part in self.editing.parts():
            if part.board == data_id:
                self.choose_part(part.key)
                return False  # (no move was played)
        self._set_message("Nothing to change there", "info")
        return False

    def _refresh_now(self) -> None:
        if self.editing is None:
            return super()._refresh_now()
        shown = self.edit_board
        parts = self.editing.parts()
        status = "Editing: click a part of the board, or choose one in the list beside it (every secret is shown)"
        self._status.value = esc(status)
        if shown is not None:
            view = shown.view(None if shown.is_over else shown.to_move, reveal=True)
            targets = {p.board: Move("edit", (p.key,), f"Change {p.label}") for p in parts if p.board}
            narrow = self.adapter.draw(view, targets, {"layout": "narrow"}) if self.adapter.narrow_layout else ""
            self.board.show(self.adapter.draw(view, targets, {}), narrow)
        self._targets, self._buttons, self._selection = {}, [], None
        for widget, on in ((self.board, shown is not None), (self._choices, False), (self.move_log, False),
                           (self._outcome, False), (self.hand_over, False), (self.pause_panel, False),
                           (self._replay_bar, False)):
            if widget is not None:
                widget.layout.display = None if on else "none"

    # --- asking the computer ----------------------------------------------------------------------------------------
    def ask(self, each_move: bool = False, playouts: int = 40, level: str = "normal", knows=TO_MOVE,
            show=None, progress=None) -> bool:
        """Work out who is ahead here (``each_move``: after each legal move) in the background, the computer knowing
        what the seat to move sees (``knows=TO_MOVE``) or everything (``"all"``); ``progress(done, total)`` is told
        as playouts finish and ``show(html)`` gets the answer, if the position on screen is still the one asked
        about.  False (the message says why) when there is nothing to ask."""
        s = self._state
        knows = None if knows == TO_MOVE else knows
        if s.is_over:
            self._set_message("The game is over here: its result is on the board", "info")
            return False
        self.stop_asking()
        stop = threading.Event()
        self._asking = stop
        total = playouts * (len(s.legal_moves()) if each_move else 1)
        counted = (lambda done: progress(done, total)) if progress is not None else None
        if counted is not None:
            counted(0)

        def compute():
            if each_move:
                return move_chances(s, playouts, level, knows, progress=counted, stop=stop.is_set)
            return chances(s, playouts, level, knows, progress=counted, stop=stop.is_set)

        def apply(found) -> bool:
            if self._asking is stop:
                self._asking = None
            if self._state is not s or show is None:
                return False
            show(moves_html(found, s) if each_move else chances_html(found, s))
            return True

        self._in_background(compute, apply, lambda: self._set_message("The computer could not work that out"))
        return True

    def stop_asking(self) -> bool:
        """Stop the playouts under way (their figures so far are shown)."""
        asking, self._asking = self._asking, None
        if asking is None:
            return False
        asking.set()
        return True

    def hint_text(self) -> str:
        """The hint in words for the seat to move (what its computer player would do, and why), or ''."""
        s = self._state
        if s.is_over:
            return ""
        return f"{self.game.seat_name(s.to_move)}: {hints.hint(s, s.to_move).text}"

    def ask_hint(self, show) -> None:
        """Work out the hint in words (:meth:`hint_text`) in the background (a searching player's takes up to a
        second) and ``show`` it, if the position on screen is still the one asked about."""
        s = self._state

        def apply(text) -> bool:
            if self._state is s:
                show(text)
            return False  # (nothing on the board changes)

        self._in_background(self.hint_text, apply, lambda: self._set_message("The computer could not work that out"))

    # --- what is shared -------------------------------------------------------------------------------------------
    @property
    def position_text(self) -> str:
        """The position on screen as a short text (every hidden part included)."""
        return ninekit.position_text(self._state)

    def open_text(self, text: str, guessed: bool = False) -> bool:
        """Explore the position a position text describes instead (the tree starts again); a bad text is said
        in the message, and nothing changes.  ``guessed``: its hidden parts were guessed (a position shared from
        a game in progress), which the sandbox then says (``guessed_note``) until another position is opened."""
        try:
            state = ninekit.from_position_text(text)
        except ValueError as exc:
            self._set_message(f"That is not a position this sandbox can open: {exc}")
            return False
        return self._start_over(state, f"Opened a position of {state.game.title}", GUESSED_NOTE if guessed else "")

    def exploration_file(self) -> tuple[str, str]:
        """The Save button's file: (name, text) of the whole exploration."""
        return f"{self.game.name.replace('_', '-')}-exploration.json", exploration.exploration_text(self._session)

    def load_exploration(self, text) -> bool:
        """Take up an exploration from its file; a damaged one is said in the message, and nothing changes."""
        try:
            table = exploration.load_exploration(text)
        except ValueError as exc:
            self._set_message(f"That file is not an exploration this sandbox can open: {exc}")
            return False
        self._switch_game(table.game, [HUMAN] * table.game.players)
        self._session, self.guessed_note = table, ""
        self.editing, self._edits, self.edit_part = None, [], None
        self._set_message(f"Loaded an exploration of {table.game.title}", "info")
        self._shown()
        return True

    def new_setup(self) -> bool:
        """Start again from a new game's set-up (a new deal, the same game and options)."""
        return self._start_over(self.game.new(random_seed()), "A new set-up")

    def _start_over(self, state: ninekit.State, said: str, guessed_note: str = "") -> bool:
        self.guessed_note = guessed_note
        self.editing, self._edits, self.edit_part = None, [], None
        self._switch_game(state.game, [HUMAN] * state.game.players)
        self._begin(state, teacher=True)  # explore() starts it afresh
        self.looking = TO_MOVE
        self._set_message(said, "info")
        self._shown()
        return True


class Sandbox(w.VBox):
    """Explore a position: ``Sandbox("codinca", players=3)`` (a new set-up; ``seed`` for a chosen deal, other
    keywords are the game's options), ``Sandbox(state)``, or ``Sandbox("ninekit:…")`` (a position text).  ``area``
    is the board (:class:`SandboxArea`); ``home`` is the URL of the "← All games" link."""

    def __init__(self, game_or_state="nine_knights", players: int | None = None, seed: int | None = None,
                 home: str | None = None, **options):
        if isinstance(game_or_state, ninekit.State):
            state = game_or_state
        elif isinstance(game_or_state, str) and game_or_state.strip().startswith("ninekit:"):
            state = ninekit.from_position_text(game_or_state)  # a position text (or a link's, pasted)
        else:
            game = game_or_state if isinstance(game_or_state, ninekit.Game) else ninekit.make(game_or_state, players,
                                                                                              **options)
            state = game.new(random_seed() if seed is None else seed)
        self.area = SandboxArea(state)
        self._home = home
        guard = self.area.guarded
        self._title = w.HTML().add_class("ninekit-sandbox-title")
        self.view_choice = w.Dropdown(description="Board shows", style={"description_width": "auto"},
                                      layout=w.Layout(width="auto"))
        self.view_choice.observe(lambda ch: guard(self.area.look_as, ch["new"]), names="value")
        steps = []
        for text, tip, action in (("←", "Back one move (←)", self.area.back),
                                  ("→", "Forward one move (→)", self.area.forward),
                                  ("↑", "The previous variation (↑)", lambda: self.area.variation(-1)),
                                  ("↓", "The next variation (↓)", lambda: self.area.variation(1)),
                                  ("Make main line", "Make the move that led here the main line", self.area.promote),
                                  ("Delete variation", "Delete the move that led here and all after it",
                                   self.area.delete),
                                  ("New set-up", "Start again from a new deal of this game", self.area.new_setup),
                                  ("Edit position", "Change anything on the board, hidden parts included",
                                   self.area.start_editing)):
            button = w.Button(description=text, tooltip=tip, layout=w.Layout(width="auto"))
            button.on_click(lambda _b, action=action: guard(action))
            steps.append(button)
        self.legal = ChoiceBar().add_class("ninekit-sandbox-legal")
        self.legal.on_choose(lambda index: guard(self._play_listed, index))
        self._legal_panel = w.Accordion(children=[self.legal], titles=("Every legal move",), selected_index=None)
        self.tree = MoveTree()
        self.tree.on_go(lambda index: guard(self.area.go, self._nodes[index]))
        self.tree.on_key(lambda key: guard(getattr(self.area, KEY_STEPS[key][0]), *KEY_STEPS[key][1]))
        self.comment_box = w.Textarea(placeholder="A comment on this position", layout=w.Layout(width="100%"))
        save_comment = w.Button(description="Save comment", layout=w.Layout(width="auto"))
        save_comment.on_click(lambda _b: guard(self.area.comment, self.comment_box.value))
        self.text_box = w.Textarea(layout=w.Layout(width="100%", height="5em")).add_class("ninekit-position-text")
        open_text = w.Button(description="Open this position", tooltip="Paste a position text above, then press",
                             layout=w.Layout(width="auto"))
        open_text.on_click(lambda _b: guard(self.area.open_text, self.text_box.value))
        self.link = PositionLink(label="Link to this position", arrive=True,
                                 note="(whoever opens it sees every hidden card)")
        self.link.on_arrive(lambda text, guessed: guard(self.area.open_text, text, guessed))
        save = SaveButton(note="The file holds the whole exploration, every hidden card included.")
        save.on_save(self.area.exploration_file)
        load = LoadButton(tooltip="Load an exploration (.json) saved here")
        load.on_load(lambda _name, data: guard(self.area.load_exploration, data))
        self.computer = ComputerPanel(on_ask=lambda *asked: guard(self._ask, *asked),
                                      on_stop=lambda: guard(self.area.stop_asking),
                                      on_hint=lambda: guard(self._hint))
        self.editor = EditPanel(self.area)
        self._steps = w.HBox([self.view_choice, *steps], layout=w.Layout(flex_flow="row wrap"))
        side = w.VBox([
            self._legal_panel,
            w.HTML("<b>Moves explored</b> <small>(click one to go there; arrow keys in the list)</small>"), self.tree,
            self.comment_box, save_comment,
            w.HTML("<b>Position text</b> <small>(copy it to share this position, or paste one)</small>"),
            self.text_box, self.link, w.HBox([open_text, load, save], layout=w.Layout(flex_flow="row wrap")),
            self.computer,
        ]).add_class("ninekit-sandbox-side")
        # The board's column is wide enough for each game's wide picture (a narrower one draws the phone's).
        self.area.layout = w.Layout(flex="1 1 740px", min_width="0", max_width="100%")
        side.layout = w.Layout(flex="0 1 360px", min_width="0", max_width="100%")
        self.editor.layout = w.Layout(flex="0 1 360px", min_width="0", max_width="100%")
        self._side = side
        self._nodes: list = []
        self._listed: list = []  # the moves of the list of every legal move, in its order
        super().__init__([self._title, self._steps,
                          w.HBox([self.area, self.editor, side],
                                 layout=w.Layout(flex_flow="row wrap", grid_gap="12px"))])
        self.add_class("ninekit-sandbox")
        self.area.on_change(lambda _state: self._show())
        self._show()

    def _ask(self, each_move: bool, playouts: int, level: str, knows) -> bool:
        self.computer.result.value = "<i>The computer is playing the games out…</i>"
        asked = self.area.ask(each_move, playouts, level, knows, show=self.computer.show,
                              progress=self.computer.working)
        if not asked:
            self.computer.show("")
        return asked

    def _hint(self) -> None:
        self.computer.result.value = "<i>The computer is thinking…</i>"
        self.area.ask_hint(lambda text: self.computer.show(
            f"<p><b>Hint</b> for {esc(text)}</p>" if text else "<p>The game is over here.</p>"))

    def _show(self) -> None:
        """Everything around the board for the tree and position on screen (what the computer said was about
        another position: it goes)."""
        area, game = self.area, self.area.game
        if area.stop_asking() or self.computer.result.value:
            self.computer.show("")
        editing = area.editing is not None
        self.editor.show()
        for widget, shown in ((self.editor, editing), (self._side, not editing), (self._steps, not editing)):
            widget.layout.display = None if shown else "none"
        home = (f'<a class="ninekit-home" href="{esc(self._home)}">← All games</a><span> · </span>'
                if self._home else "")
        self._title.value = (f"<h2>{home}<span>Sandbox · {esc(game.title)}</span></h2>"
                             f'<p class="nk-sandbox-note" role="note">{esc(OPEN_NOTE)}</p>'
                             + (f'<p class="nk-sandbox-note nk-guessed" role="note">{esc(area.guessed_note)}</p>'
                                if area.guessed_note else ""))
        options = ([("the seat to move", TO_MOVE)] + [(f"{game.seat_name(i)}'s view", i) for i in range(game.players)]
                   + [("a spectator's", SPECTATOR), ("everything (every secret shown)", EVERYTHING)])
        if self.view_choice.options != tuple(options):
            self.view_choice.options = options
        if self.view_choice.value != area.looking:
            self.view_choice.value = area.looking
        self._nodes, rows = tree_rows(area.session, game)
        self.tree.show(rows)
        self.comment_box.value = area.session.node.comment
        self.text_box.value = self.link.text = area.position_text
        self.link.guessed = bool(area.guessed_note)  # passed on: a link from here says so too
        state = area.state
        self._listed = list(state.legal_moves())
        self.legal.show([str(move) for move in self._listed])
        who = "" if state.is_over else f" of {game.seat_name(state.to_move)}"
        self._legal_panel.set_title(0, f"Every legal move{who} ({len(self._listed)})")

    def _play_listed(self, index: int) -> bool:
        """Play the move at ``index`` of the list of every legal move (for the seat to move, whatever the board
        shows)."""
        return self.area.try_move(self._listed[index])


class EditPanel(w.VBox):
    """Beside the board while editing: the part chosen (a click on the board, or the list of every part) and the
    values it may take as buttons (or, for a part written as text, a box and Set), Undo, "Play from here",
    "Cancel", and where to start from."""

    def __init__(self, area: SandboxArea):
        self.area = area
        guard = area.guarded
        self.heading = w.HTML().add_class("ninekit-edit-heading")
        self.part_choice = w.Dropdown(description="Part", style={"description_width": "auto"},
                                      layout=w.Layout(width="calc(100% - 8px)"))
        self._drawing = False  # True while show() sets the list (its own changes are not a choice)
        self.part_choice.observe(lambda ch: not self._drawing and ch["new"] and ch["new"] != area.edit_part
                                 and guard(area.choose_part, ch["new"]), names="value")
        self.values = ChoiceBar().add_class("ninekit-edit-values")
        self.values.on_choose(lambda index: guard(self._choose_value, index))
        self.text = w.Text(layout=w.Layout(flex="1 1 auto", width="auto", min_width="0"))
        self.set_text = w.Button(description="Set", layout=w.Layout(width="auto"))
        self.set_text.on_click(lambda _b: guard(self._set_text))
        self.syntax = w.HTML()
        self._typed = w.VBox([self.syntax, w.HBox([self.text, self.set_text],
                                                  layout=w.Layout(width="calc(100% - 8px)"))])
        buttons = []
        for text, tip, action, style in (
                ("Play from here", "Explore the position set up", area.finish_editing, "primary"),
                ("Undo edit", "Take the last edit back", area.undo_edit, ""),
                ("Cancel", "Stop editing: back to the moves explored", area.cancel_editing, ""),
                ("Emptiest table", "Start setting up from as little as the rules allow (e.g. one Knight a side)",
                 lambda: area.start_editing("empty"), ""),
                ("New set-up", "Start setting up from a new game's set-up", lambda: area.start_editing("setup"),
                 "")):
            button = w.Button(description=text, tooltip=tip, button_style=style, layout=w.Layout(width="auto"))
            button.on_click(lambda _b, action=action: guard(action))
            buttons.append(button)
        self._choices: tuple[str, ...] = ()
        super().__init__([w.HTML("<b>Edit the position</b><br><small>Click a part of the board, or choose one in "
                                 "the list.</small>"), w.HBox(buttons[:3], layout=w.Layout(flex_flow="row wrap")),
                          self.part_choice, self.heading, self.values, self._typed,
                          w.HBox([w.HTML("<small>Start again from:</small>"), *buttons[3:]],
                                 layout=w.Layout(flex_flow="row wrap", align_items="center"))])
        self.add_class("ninekit-edit-panel")

    def show(self) -> None:
        """The panel for the draft and part chosen now."""
        draft = self.area.editing
        if draft is None:
            return
        parts = draft.parts()
        options = [(f"{p.group} · {p.label}: {p.value}", p.key) for p in parts]
        key = self.area.edit_part
        part = next((p for p in parts if p.key == key), None)
        self._drawing = True
        try:
            if self.part_choice.options != tuple(options):
                self.part_choice.options = options
            self.part_choice.value = None if part is None else key
        finally:
            self._drawing = False
        if part is None:
            self.heading.value = "<p>Choose a part to change.</p>"
            self.values.show([])
            self._typed.layout.display = "none"
            return
        self.heading.value = f"<p><b>{esc(part.label)}</b> ({esc(part.group)}) is <b>{esc(part.value)}</b></p>"
        if part.choices:
            self._choices = part.choices
            self.values.show(list(part.choices), marked=part.choices.index(part.value)
                             if part.value in part.choices else None)
        else:  # a part written as text: its ready-made values as buttons, and the box
            self._choices = tuple(value for _words, value in part.offers)
            self.values.show([words for words, _value in part.offers])
        self._typed.layout.display = "none" if part.choices else None
        if not part.choices:
            self.syntax.value = f"<small>Write it as {esc(part.syntax)}.</small>"
            self.text.value = part.value

    def _choose_value(self, index: int) -> bool:
        return self.area.edit(self.area.edit_part, self._choices[index])

    def _set_text(self) -> bool:
        return self.area.edit(self.area.edit_part, self.text.value)


def brief_value(text: str, most: int = 80) -> str:
    """``text`` cut to ``most`` characters (a pile written out is long).

    >>> brief_value("Draw pile: " + "Luna, " * 30)[-12:]
    'a, Luna, Lu…'
    """
    return text if len(text) <= most else text[:most - 1].rstrip(", ") + "…"


def chances_html(found, state: ninekit.State) -> str:
    """Who is ahead, as a table: each seat's chance of winning (or, alone at the table, its mean score) with a
    95 % margin (twice the standard error), and how many playouts it rests on.

    >>> from ninekit.playouts import Chances
    >>> s = ninekit.make("nine_knights").new(seed=1)
    >>> "South</th><td>60 % ± 10" in chances_html(Chances(((0.6, 0.05), (0.4, 0.05)), ((0, 0), (0, 0)), 40), s)
    True
    """
    game = state.game
    solo = game.players == 1
    rows = "".join(
        f"<tr><th scope='row'>{esc(game.seat_name(i))}</th><td>"
        + (f"{_figure(*score, solo)} points" if solo else _figure(*win, solo)) + "</td></tr>"
        for i, (win, score) in enumerate(zip(found.wins, found.scores)))
    head = "Mean score" if solo else "Chance of winning"
    note = " (stopped)" if found.stopped else ""
    return (f"<table class='nk-chances'><thead><tr><th></th><th>{head}</th></tr></thead><tbody>{rows}</tbody>"
            f"</table><small>From {found.played} games the computer played out{note}; ± is a 95 % margin.</small>")


def moves_html(found, state: ninekit.State) -> str:
    """What each legal move does to the chances of the seat to move (its mean score, alone at the table), best
    first.

    >>> moves_html([], ninekit.make("nine_knights").new(seed=1))
    '<p>Stopped before any move was worked out.</p>'
    """
    if not found:
        return "<p>Stopped before any move was worked out.</p>"
    seat, solo = state.to_move, state.game.players == 1
    figures = sorted(((c.scores[seat] if solo else c.wins[seat], move) for move, c in found),
                     key=lambda item: -item[0][0])
    rows = "".join(f"<tr><td>{esc(str(move))}</td><td>{_figure(*value, solo)}</td></tr>" for value, move in figures)
    head = "mean score" if solo else "chance of winning"
    played = sum(c.played for _m, c in found)
    more = len(state.legal_moves()) - len(found)
    note = f" Stopped: {more} move{'s' if more != 1 else ''} not worked out." if more else ""
    return (f"<table class='nk-chances'><thead><tr><th>{esc(state.game.seat_name(seat))}'s move</th>"
            f"<th>{head} after it</th></tr></thead><tbody>{rows}</tbody></table>"
            f"<small>From {played} games the computer played out; ± is a 95 % margin.{note}</small>")


def _figure(value: float, se: float, score: bool) -> str:
    """A mean and its 95 % margin (twice the standard error): a score, or a chance in per cent."""
    return f"{value:.1f} ± {2 * se:.1f}" if score else f"{100 * value:.0f} % ± {200 * se:.0f}"


class ComputerPanel(w.VBox):
    """Ask the computer: what it may know, its level and how many games it plays out; "Who is ahead here?",
    "Each move", the hint in words, a progress bar and Stop.  ``on_ask(each_move, playouts, level, knows)``,
    ``on_stop()`` and ``on_hint()`` are called on the presses."""

    def __init__(self, on_ask, on_stop, on_hint):
        self.knows = w.Dropdown(options=KNOWS, value=TO_MOVE, description="The computer knows",
                                style={"description_width": "auto"}, layout=w.Layout(width="auto"))
        self.level = w.Dropdown(options=[level for level in LEVELS if level != "hard"], value="normal",
                                description="playing at", style={"description_width": "auto"},
                                layout=w.Layout(width="auto"))
        self.playouts = w.Dropdown(options=PLAYOUTS, value=40, description="games",
                                   style={"description_width": "auto"}, layout=w.Layout(width="auto"))
        ahead = w.Button(description="Who is ahead here?", button_style="primary", layout=w.Layout(width="auto"))
        each = w.Button(description="Each move", tooltip="What each legal move does to the chances of the seat to "
                        "move", layout=w.Layout(width="auto"))
        hint = w.Button(description="Hint in words", layout=w.Layout(width="auto"))
        self.stop = w.Button(description="Stop", disabled=True, layout=w.Layout(width="auto"))
        for button, each_move in ((ahead, False), (each, True)):
            button.on_click(lambda _b, each_move=each_move: on_ask(each_move, self.playouts.value, self.level.value,
                                                                    self.knows.value))
        self.stop.on_click(lambda _b: on_stop())
        hint.on_click(lambda _b: on_hint())
        self.progress = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="100%", visibility="hidden"))
        self.result = w.HTML().add_class("ninekit-computer-result")
        super().__init__([w.HTML("<b>Ask the computer</b>"),
                          w.HBox([self.knows, self.level, self.playouts], layout=w.Layout(flex_flow="row wrap")),
                          w.HBox([ahead, each, hint, self.stop], layout=w.Layout(flex_flow="row wrap")),
                          self.progress, self.result])
        self.add_class("ninekit-computer")

    def working(self, done: int, total: int) -> None:
        """The progress bar at ``done`` of ``total`` playouts, with Stop pressable."""
        self.progress.max = max(1, total)
        self.progress.value = min(done, total)
        self.progress.layout.visibility = "visible"
        self.stop.disabled = False

    def show(self, html: str) -> None:
        """The answer (or a note): the progress bar goes."""
        self.result.value = html
        self.progress.layout.visibility = "hidden"
        self.stop.disabled = True


def tree_rows(table, game: ninekit.Game) -> tuple[list, list[dict]]:
    """The nodes of ``table``'s tree in the order drawn (each line, then the variations from it), and their rows:
    ``label``, ``depth`` (how many variations deep), ``current`` and ``comment``.

    >>> table = exploration.explore(ninekit.make("nine_knights").new(seed=1))
    >>> _ = table.play(table.state.legal_moves()[0])
    >>> [row["label"][:12] for row in tree_rows(table, table.game)[1]]
    ['Start', '1. South: Sm']
    """
    nodes, rows, todo = [], [], [(table.root, 0)]
    while todo:
        node, depth = todo.pop()
        nodes.append(node)
        if node.parent is None:
            label = "Start"
        else:
            label = f"{len(node.state.history)}. {game.seat_name(node.seat)}: {node.move}"
        rows.append({"label": label, "depth": depth, "current": node is table.node, "comment": node.comment})
        todo.extend((child, depth + (i > 0)) for i, child in reversed(list(enumerate(node.children))))
    return nodes, rows
