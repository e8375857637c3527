"""The app's toolbar: Undo, Redo, Load and Save.

A view part of :class:`widgets.app.GameApp` (see widgets/shell/__init__.py for the parts): it shows whether
Undo and Redo can be pressed now, and why not, and passes the presses on; what Undo and Redo do is the app's
(over its session).

>>> bar = Toolbar(on_undo=print, on_redo=print, on_load=print, on_save=lambda: ("a.json", "{}"), on_error=print)
>>> bar.show(can_undo=False, refused=True, can_redo=False)
>>> bar.undo_button.disabled, bar.undo_button.tooltip == session.UNDO_REFUSED
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from ninekit import session

from ..save import SaveButton
from ..upload import LoadButton
from .common import SAVE_NOTE, UNDO_TIP


class Toolbar(w.HBox):
    """Undo, Redo, Load (a saved .json game) and Save (a file of the game on screen, which ``on_save()``
    returns as ``(name, text)``).  ``on_undo()`` and ``on_redo()`` are called on a press, ``on_load(text)`` with
    the file's bytes, ``on_error(text)`` when the browser could not save."""

    def __init__(self, on_undo: Callable[[], object], on_redo: Callable[[], object],
                 on_load: Callable[[bytes], object], on_save: Callable[[], tuple[str, str]],
                 on_error: Callable[[str], object]):
        self.undo_button = w.Button(description="Undo", tooltip=UNDO_TIP, layout=w.Layout(width="auto"))
        self.redo_button = w.Button(description="Redo", tooltip="Play the undone decision again",
                                    layout=w.Layout(width="auto"))
        self.undo_button.on_click(lambda _b: on_undo())
        self.redo_button.on_click(lambda _b: on_redo())
        self.load_button = LoadButton(tooltip="Load a saved .json game")
        self.load_button.on_load(lambda _name, data: on_load(data))
        self.save_button = SaveButton(note=SAVE_NOTE)
        self.save_button.on_save(on_save)
        self.save_button.on_error(on_error)
        super().__init__([self.undo_button, self.redo_button, self.load_button, self.save_button],
                         layout=w.Layout(flex_flow="row wrap"))
        self.add_class("ninekit-toolbar")

    def show(self, can_undo: bool, refused: bool, can_redo: bool) -> None:
        """Undo pressable or not, its tip saying why not when a secret shown since stops it (``refused``);
        Redo pressable or not."""
        self.undo_button.disabled = not can_undo
        self.undo_button.tooltip = session.UNDO_REFUSED if refused else UNDO_TIP
        self.redo_button.disabled = not can_redo
