"""What the Count of Nine panels say after a game: each game's breakdown, the best possible score on its deal (from
:func:`ninekit.count_of_nine.best.best_search`, filled in when the search ends) and the replays of the best lines.
"""

from __future__ import annotations

from collections.abc import Mapping

from ninekit.count_of_nine.best import BestSearch, best_line_steps, best_search, best_words

from ...browser import IN_BROWSER
from ...svg import esc
from .pieces import plural


def best_parts(results: list, *, heading: bool) -> dict:
    """``html`` and ``replays`` for these finished games as far as their searches have finished, and
    ``later`` (to call off the main thread) giving them once every search has."""
    searches = [best_search(str(r["target"]), r["deal"]) if r.get("target") and r.get("deal") else None
                for r in results]
    parts = {"html": "".join(game_html(r, s, heading) for r, s in zip(results, searches)),
             "replays": replays(results, searches)}
    if any(s is not None and not s.done() for s in searches):
        def later():
            for s in searches:
                if s is not None:
                    try:
                        s.result()
                    except RuntimeError:
                        pass
            return best_parts(results, heading=heading)
        parts["later"] = later
    return parts


def replays(results: list, searches: list) -> list:
    """The replays of the best lines whose searches have finished: ``(button text, steps)`` each."""
    out = []
    for r, search in zip(results, searches):
        if search is None or not search.done():
            continue
        try:
            search.result()
        except RuntimeError:
            continue
        text = "Replay the best line" if len(results) == 1 else f"Replay game {r.get('game')}'s best line"
        out.append((text, lambda s=search: best_line_steps(s.target, s.deal, s.max_rounds)))
    return out


def game_html(r: Mapping, search: BestSearch | None, heading: bool = False) -> str:
    """One finished game's breakdown and its best possible score (or that it is being worked out), as HTML."""
    rows = "".join(f"<tr><th scope='row'>{esc(label)}</th><td>{esc(value)}</td></tr>"
                   for label, value in r.get("breakdown") or [])
    rows += f"<tr><th scope='row'>Game score</th><td><b>{esc(r.get('score'))}</b></td></tr>"
    head = (f"<h4>Game {esc(r.get('game'))}: target {esc(r.get('target'))}</h4>" if heading else
            f"<p>Target {esc(r.get('target'))}, {esc(plural(r.get('rounds'), 'round'))} played.</p>")
    best = ""
    if search is not None and not search.done():
        reach = (f"the lines within as many of {search.max_rounds} rounds as it can search in a moment"
                 if IN_BROWSER else f"every line within {search.max_rounds} rounds")
        best = (f"<p class='c9-best c9-working'><i>Working out the best possible score on this deal ({reach}, "
                f"the order of the cards known)…</i></p>")
    elif search is not None:
        try:
            score, _moves = search.result()
        except RuntimeError as exc:
            best = f"<p class='c9-best'>The best possible score could not be worked out: {esc(exc)}.</p>"
        else:
            best = f"<p class='c9-best'>{esc(best_words(score, r.get('score'), search.rounds))}</p>"
    return f"{head}<table><tbody>{rows}</tbody></table>{best}"
