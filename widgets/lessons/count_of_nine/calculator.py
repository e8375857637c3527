"""The score calculator shown beside the Count of Nine tutorial's scoring chapter."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ninekit.count_of_nine import score_breakdown, score_game, title

from .play import CITY_STRUCTURES, PRINTED

# --- the score calculator --------------------------------------------------------------------------------


def breakdown_html(city: list[str], rounds: int, other: int | None = None) -> str:
    """The rulebook's score for ``city`` after ``rounds`` rounds as a small table (ninekit's
    ``score_breakdown`` and ``score_game`` decide); with ``other`` (the other game's score) also the match
    total and its title.

    >>> "<b>Game score</b></td><td>3" in breakdown_html(["Tavern", "Tavern", "Chapel"], 2)
    True
    >>> "The King is impressed" in breakdown_html(["Castle", "Armoury", "Stonemason", "Goldsmith"], 3, 10)
    True
    """
    rows = "".join(f"<tr><td>{escape(label)}</td><td>{value:+d}</td></tr>"
                   for label, value in score_breakdown(city, rounds))
    game = score_game(city, rounds)
    rows += f"<tr><td><b>Game score</b></td><td>{game}</td></tr>"
    if other is not None:
        total = game + other
        rows += (f"<tr><td>Match total (with the other game's {other})</td><td>{total}</td></tr>"
                 f"<tr><td>Title</td><td><b>{escape(title(total))}</b></td></tr>")
    return f'<table class="c9-score"><tr><th>Line</th><th>Points</th></tr>{rows}</table>'


def score_calculator() -> w.VBox:
    """A live score calculator: how many of each structure, the rounds played, the other game's score.

    Each change recomputes the breakdown with ``ninekit.count_of_nine.score_breakdown``.  A count goes up to
    the number of card faces that print the structure (each high structure once); Demolition Team is not
    offered, as it never stays in a city.

    >>> box = score_calculator()
    >>> counts = box.children[1].children
    >>> counts[0].value = 2                    # two Taverns
    >>> box.children[2].value = 1              # after one round
    >>> "<b>Game score</b></td><td>2" in box.children[-1].value
    True
    """
    counts = [w.BoundedIntText(value=0, min=0, max=PRINTED[name], description=name, layout=w.Layout(width="210px"),
                               style={"description_width": "120px"}) for name in CITY_STRUCTURES]
    rounds = w.IntSlider(value=3, min=0, max=20, description="Rounds played", style={"description_width": "120px"})
    other = w.IntText(value=0, description="Other game", style={"description_width": "120px"},
                      layout=w.Layout(width="210px"))
    out = w.HTML()

    def show(_change=None):
        city = [name for box, name in zip(counts, CITY_STRUCTURES) for _ in range(box.value)]
        out.value = breakdown_html(city, rounds.value, other.value)

    for control in (*counts, rounds, other):
        control.observe(show, names="value")
    show()
    intro = w.HTML("<b>Score calculator</b> (reconstructed structures): how many of each structure your city "
                   "holds (at most as many as the cards print: each high structure once), the rounds played, and "
                   "the other game's score for the match total.")
    grid = w.GridBox(counts, layout=w.Layout(grid_template_columns="repeat(auto-fill, 215px)"))
    return w.VBox([intro, grid, rounds, other, out])
