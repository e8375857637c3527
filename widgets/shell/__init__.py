"""The parts of the app shell (:class:`widgets.app.GameApp`), one module each.

:class:`~widgets.app.GameApp` is assembled from these parts (mixins over one session, ``app.session``, and
the app's widgets); each module holds one part's data at its top and its methods below:

- ``common``: the seat kinds, the notes and tips, ``dispose``, ``moves_played`` (shared by every part)
- ``parts``: building the widgets (header, prompt, board, choices, toolbar, log, panels; a compact shell's)
- ``form``: the New game form (game, players, options, seats and levels, seed)
- ``choosing``: board clicks and choice buttons turned into moves; a piece or card chosen and put back
- ``toolbar``: Undo, Redo, the hand-over, and the table events they write into the log
- ``hinting``: Hint (found in the background, shown in words and marked on the board)
- ``computers``: when the computer seats decide (at once, in the background, at Watch's pace) and Watch
- ``moments``: a pause between games, the outcome panel, replays, and a moment's background work
- ``drawing``: the screen drawn from the session (status, board, choices, log, outcome, header)
- ``keeping``: Save, Load, and the game kept on the server and offered back after a reload

The front-end files (CSS, JS) the widgets load are in ``widgets/front/``.
"""
