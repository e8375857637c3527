"""The parts of the play area (:class:`widgets.shell.area.PlayArea`) and of the app (:class:`widgets.app.GameApp`).

A :class:`~widgets.shell.area.PlayArea` is the board to play on, a view over one session (``area.session``):
a lesson step's board is one, and :class:`~widgets.app.GameApp` is one with the app's parts around it.

The view parts are widgets of their own, each drawing what it is given (``show(...)``) and passing presses on
to callbacks; none knows the session:

- ``header.Header``: the title, who plays, the tab title
- ``toolbar.Toolbar``: Undo, Redo, Load, Save
- ``watchbar.WatchBar``: Watch's line, Pause/Play, Step and the pace
- ``hinting.HintLine``: the Hint button and the hint in words
- ``form.NewGameForm``: the New game panel (game, players, options, seats and levels, seed)
- ``keeping.ResumeOffer``: "Resume your game?"
- ``panels.MoveLog`` (the log of moves) and ``panels.RulesPanel`` (Rules)
- and, from widgets/: ``board.Board`` (the picture, clicks) and ``choices.ChoiceBar`` (the choice buttons)

What the views do is done over the session by the play area's and the app's own code, one module per concern
(data at the top, methods below; mixins of PlayArea or GameApp):

- ``area``: the play area itself (its widgets, the session, the public API: click, choose, lock, restart, …)
- ``choosing``: board clicks and choice buttons turned into moves; a piece or card chosen and put back
- ``computers``: when the computer seats decide (at once, in the background, at Watch's pace) and Watch
- ``moments``: a pause between games, the outcome panel, replays, and a moment's background work
- ``drawing``: the play area drawn from the session (status, board, choices, log, outcome)
- ``hinting.Hints``: what Hint does (found in the background, shown in words and marked on the board)
- ``keeping.Keeping``: Save, Load, and the game kept on the server and offered back after a reload
- ``common``: the seat kinds, the notes and tips, ``dispose``, ``moves_played`` (shared by every part)

widgets/app.py builds the app's parts, lays them out, and holds Undo/Redo and New game's start.
The front-end files (CSS, JS) the widgets load are in ``widgets/front/``.
"""
