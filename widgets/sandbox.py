"""The sandbox: explore a position of any game on its board, with a move tree of variations, any seat's view,
comments, and the position and the whole exploration to share.

``Sandbox("nine_knights")`` starts from a new game's set-up (a secret random deal, but the sandbox shows every
seat's view, so nothing stays secret here); ``Sandbox(state)`` from any position.  Every seat is played from
the screen; a move after going back makes a variation, and every branch stays (the tree is a
:class:`ninekit.session.Session`'s, see :mod:`ninekit.exploration`).  The board shows the view of the seat to
move (so it can play), or one chosen seat's view, or a spectator's, exactly as the app would.  A position is a
short text (:func:`ninekit.position_text`) that can be copied out or pasted in; the whole exploration (tree and
comments) saves to a file and loads back.  Both show every hidden card, and the sandbox says so.

Not yet here (issue 27): editing a position by clicking, "everything" as a view, the computer's opinion.

    >>> box = Sandbox("nine_knights", seed=3)
    >>> first = box.area.state.legal_moves()[0]
    >>> box.area.try_move(first) and box.area.back() and box.area.state is box.area.session.root.state
    True
"""

from __future__ import annotations

import ipywidgets as w

import ninekit
from ninekit import IllegalMove, exploration
from ninekit.core import random_seed

from .movetree import MoveTree
from .save import SaveButton
from .shell.area import PlayArea
from .shell.common import HUMAN
from .svg import esc
from .upload import LoadButton

TO_MOVE, SPECTATOR = "to move", "spectator"
OPEN_NOTE = ("Everything here is open: the sandbox shows any seat's view, and a position text or an exploration "
             "file holds every hidden card.")
KEY_STEPS = {"ArrowLeft": ("back", ()), "ArrowRight": ("forward", ()), "ArrowUp": ("variation", (-1,)),
             "ArrowDown": ("variation", (1,))}


class SandboxArea(PlayArea):
    """The sandbox's board: a play area over an open table (:func:`ninekit.exploration.explore`) whose screen
    shows the view chosen with :meth:`look_as`; every change of the tree is said to ``on_change`` handlers."""

    def __init__(self, state: ninekit.State):
        self.looking = TO_MOVE  # whose view is on screen: TO_MOVE, a seat, or SPECTATOR
        super().__init__(exploration.fresh_start(state), seats=[HUMAN] * state.game.players)

    def _begin(self, state: ninekit.State, teacher: bool) -> None:
        self._session = exploration.explore(state)
        self._events.clear()
        self._last_viewer = None

    @property
    def _viewer(self) -> int | None:
        if self._session is None or self.looking == SPECTATOR:
            return None
        if self.looking == TO_MOVE:
            s = self._session.state
            return None if s.is_over else s.to_move
        return self.looking

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
        """Show the view of the seat to move (``TO_MOVE``), of seat ``looking``, or a spectator's (``SPECTATOR``)."""
        if looking not in (TO_MOVE, SPECTATOR, *range(self.game.players)):
            self._set_message(f"There is no view called {looking!r}")
            return False
        self.looking = looking
        self._set_message("")
        self._shown()
        return True

    def _move_about(self, action, *args) -> bool:
        try:
            action(*args)
        except (IllegalMove, ValueError) as exc:
            self._set_message(str(exc).capitalize(), "info")
            return False
        self._set_message("")
        self._shown()
        return True

    def _change_tree(self, action, *args) -> bool:
        try:
            action(*args)
        except ValueError as exc:
            self._set_message(str(exc).capitalize())
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

    # --- what is shared -------------------------------------------------------------------------------------------
    @property
    def position_text(self) -> str:
        """The position on screen as a short text (every hidden part included)."""
        return ninekit.position_text(self._state)

    def open_text(self, text: str) -> bool:
        """Explore the position a position text describes instead (the tree starts again); a bad text is said
        in the message, and nothing changes."""
        try:
            state = ninekit.from_position_text(text)
        except ValueError as exc:
            self._set_message(f"That is not a position this sandbox can open: {exc}")
            return False
        return self._start_over(state, f"Opened a position of {state.game.title}")

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
        self._session = table
        self._set_message(f"Loaded an exploration of {table.game.title}", "info")
        self._shown()
        return True

    def new_setup(self) -> bool:
        """Start again from a new game's set-up (a new deal, the same game and options)."""
        return self._start_over(self.game.new(random_seed()), "A new set-up")

    def _start_over(self, state: ninekit.State, said: str) -> bool:
        self._switch_game(state.game, [HUMAN] * state.game.players)
        self._begin(exploration.fresh_start(state), teacher=True)
        self.looking = TO_MOVE
        self._set_message(said, "info")
        self._shown()
        return True


class Sandbox(w.VBox):
    """Explore a position: ``Sandbox("codinca", players=3)`` (a new set-up; ``seed`` for a chosen deal, other
    keywords are the game's options) or ``Sandbox(state)``.  ``area`` is the board (:class:`SandboxArea`);
    ``home`` is the URL of the "← All games" link."""

    def __init__(self, game_or_state="nine_knights", players: int | None = None, seed: int | None = None,
                 home: str | None = None, **options):
        if isinstance(game_or_state, ninekit.State):
            state = game_or_state
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
                                  ("New set-up", "Start again from a new deal of this game", self.area.new_setup)):
            button = w.Button(description=text, tooltip=tip, layout=w.Layout(width="auto"))
            button.on_click(lambda _b, action=action: guard(action))
            steps.append(button)
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
        save = SaveButton(note="The file holds the whole exploration, every hidden card included.")
        save.on_save(self.area.exploration_file)
        load = LoadButton(tooltip="Load an exploration (.json) saved here")
        load.on_load(lambda _name, data: guard(self.area.load_exploration, data))
        side = w.VBox([
            w.HTML("<b>Moves explored</b> <small>(click one to go there; arrow keys in the list)</small>"), self.tree,
            self.comment_box, save_comment,
            w.HTML("<b>Position text</b> <small>(copy it to share this position, or paste one)</small>"),
            self.text_box, w.HBox([open_text, load, save], layout=w.Layout(flex_flow="row wrap")),
        ]).add_class("ninekit-sandbox-side")
        # The board's column is wide enough for each game's wide picture (a narrower one draws the phone's).
        self.area.layout = w.Layout(flex="1 1 740px", min_width="0", max_width="100%")
        side.layout = w.Layout(flex="0 1 360px", min_width="0", max_width="100%")
        self._nodes: list = []
        super().__init__([self._title, w.HBox([self.view_choice, *steps], layout=w.Layout(flex_flow="row wrap")),
                          w.HBox([self.area, side], layout=w.Layout(flex_flow="row wrap", grid_gap="12px"))])
        self.add_class("ninekit-sandbox")
        self.area.on_change(lambda _state: self._show())
        self._show()

    def _show(self) -> None:
        """Everything around the board for the tree and position on screen."""
        area, game = self.area, self.area.game
        home = (f'<a class="ninekit-home" href="{esc(self._home)}">← All games</a><span> · </span>'
                if self._home else "")
        self._title.value = (f"<h2>{home}<span>Sandbox · {esc(game.title)}</span></h2>"
                             f'<p class="nk-sandbox-note" role="note">{esc(OPEN_NOTE)}</p>')
        options = [("the seat to move", TO_MOVE)] + [(f"{game.seat_name(i)}'s view", i)
                                                      for i in range(game.players)] + [("a spectator's", SPECTATOR)]
        if self.view_choice.options != tuple(options):
            self.view_choice.options = options
        if self.view_choice.value != area.looking:
            self.view_choice.value = area.looking
        self._nodes, rows = tree_rows(area.session, game)
        self.tree.show(rows)
        self.comment_box.value = area.session.node.comment
        self.text_box.value = area.position_text


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
