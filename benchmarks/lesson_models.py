"""Widget models a tutorial page costs: at page load, and per lesson step once it is built.

``python benchmarks/lesson_models.py`` builds each game's tutorial in this process (widgets talk to no
browser), counts the live ipywidgets models (``ipywidgets.Widget.widgets``) and prints, per game:

- at load: the models that exist once the notebook has run, before the learner scrolls (the progress bar,
  each step's placeholder, the first step's board) — what Voila sends to a new page;
- all built: after every step has built its board (what a page sent at load before steps were lazy);
- per built step: mean and largest number of models one step adds when built, and the most common kinds.

No time is measured; counts are exact and the same on every run.
"""

from __future__ import annotations

import argparse
import collections
import statistics

import ipywidgets

from widgets.lessons import tutorial_for

GAMES = ["nine_knights", "double_nine", "codinca", "count_of_nine", "code_of_nine"]


def live() -> int:
    return len(ipywidgets.Widget.widgets)


def kinds() -> collections.Counter:
    return collections.Counter(type(w).__name__ for w in list(ipywidgets.Widget.widgets.values()))


def measure(game: str) -> dict:
    """Counts for one game's tutorial (see the module docstring)."""
    before = live()
    lesson = tutorial_for(game)
    _ = lesson.progress  # the notebook's second cell shows it
    for key in lesson.steps:
        lesson.steps[key]._repr_mimebundle_()  # what a step cell shows: the placeholder (the first: its board)
    at_load = live() - before
    per_step, added = [], collections.Counter()
    for key in lesson.steps:
        start, start_kinds = live(), kinds()
        lesson.steps[key].build()
        per_step.append(live() - start)
        added.update(kinds() - start_kinds)
    return {"game": game, "steps": len(lesson.steps), "at_load": at_load, "all_built": live() - before,
            "mean": statistics.mean(per_step), "max": max(per_step), "kinds": added.most_common(4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    args = parser.parse_args()
    print(f"{'game':14} {'steps':>5} {'at load':>8} {'all built':>9} {'per step':>8} {'max':>4}  most added")
    for game in args.games:
        m = measure(game)
        top = ", ".join(f"{name} {n}" for name, n in m["kinds"])
        print(f"{m['game']:14} {m['steps']:5} {m['at_load']:8} {m['all_built']:9} {m['mean']:8.1f} {m['max']:4}  {top}")


if __name__ == "__main__":
    main()
