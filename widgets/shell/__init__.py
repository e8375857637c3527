"""The parts of the play area (:class:`widgets.shell.area.PlayArea`) and of the app (:class:`widgets.app.GameApp`).

A :class:`~widgets.shell.area.PlayArea` is the board to play on, a view over one session (``area.session``):
a lesson step's board is one, and :class:`~widgets.app.GameApp` is one with the app's parts around it.  Each
module holds one part's data at its top and its methods below (mixins over the session and the view's widgets):

- ``area``: the play area itself (its widgets, the session, the public API: click, choose, lock, restart, …)
- ``choosing``: board clicks and choice buttons turned into moves; a piece or card chosen and put back
- ``computers``: when the computer seats decide (at once, in the background, at Watch's pace) and Watch
- ``moments``: a pause between games, the outcome panel, replays, and a moment's background work
- ``drawing``: the play area drawn from the session (status, board, choices, log, outcome)

The app's parts around it:

- ``parts``: building and laying out the app's widgets (header, Watch, Hint, toolbar, log, panels)
- ``header``: the title, who plays, the tab title
- ``form``: the New game form (game, players, options, seats and levels, seed)
- ``toolbar``: Undo and Redo, and the table events they write into the log
- ``hinting``: Hint (found in the background, shown in words and marked on the board)
- ``keeping``: Save, Load, and the game kept on the server and offered back after a reload
- ``common``: the seat kinds, the notes and tips, ``dispose``, ``moves_played`` (shared by every part)

The front-end files (CSS, JS) the widgets load are in ``widgets/front/``.
"""
