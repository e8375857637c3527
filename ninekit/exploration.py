"""An exploration: a session's move tree with its variations and comments, edited and kept in a file.

The sandbox explores a position as an analysis board does: every move played after going back is a variation,
and every branch stays (:class:`ninekit.session.Session` keeps the tree; ``go``, ``back``, ``forward`` and
``sibling`` move about it).  Here is what changes the tree itself - promote or delete a variation, comment on a
position - and the file that keeps a whole exploration: the start as a position text
(:func:`ninekit.position_text`, so it shows every hidden part), each move of the tree, each comment, and the
position on the table.  Loading a file replays every move through the rules; a damaged or tampered file is
refused with what is wrong, and nothing is loaded.

>>> import ninekit
>>> table = explore(ninekit.make("nine_knights").new(seed=2))
>>> a, b = table.state.legal_moves()[:2]
>>> _ = table.play(a); _ = table.back(); _ = table.play(b)    # two variations from the start
>>> comment(table.node, "the other way")
>>> promote(table.node)                                     # b becomes the main line
>>> again = load_exploration(exploration_text(table))
>>> [n.move for n in again.root.children] == [b, a], again.node.comment
(True, 'the other way')
"""

from __future__ import annotations

import json

from .core import IllegalMove, State, brief, file_text
from .session import HUMAN, Node, Session
from .sharing import from_position_text, position_text

__all__ = ["comment", "delete", "explore", "exploration_text", "fresh_start", "load_exploration", "promote",
           "MAX_COMMENT", "MAX_NODES"]

FORMAT = 1
KIND = "ninekit exploration"
MAX_COMMENT = 2_000  # characters in one comment
MAX_NODES = 20_000  # positions in one exploration's tree
FIELDS = ("format", "kind", "start", "nodes", "at")


def explore(state: State) -> Session:
    """A session to explore ``state`` in: it starts there (what led to it is not part of the exploration), every
    seat is played from the screen, no one waits for a hand-over and play never pauses between games.

    >>> import ninekit
    >>> table = explore(ninekit.make("double_nine", 3).new(seed=1))
    >>> table.pending["kind"], table.root.state.history
    ('decision', ())
    """
    return Session(fresh_start(state), [HUMAN] * state.game.players, teacher=True, pauses=None, hand_overs=False)


def fresh_start(state: State) -> State:
    """The state an exploration of ``state`` starts from: the same position, with no moves before it.

    >>> import ninekit
    >>> s = ninekit.make("nine_knights").new(seed=1)
    >>> later = s.play(s.legal_moves()[0])
    >>> fresh_start(later).history, fresh_start(later).view(0) == later.view(0), fresh_start(s) is s
    ((), True, True)
    """
    return from_position_text(position_text(state)) if state.history else state


# --- changing the tree -------------------------------------------------------------------------------------------
def promote(node: Node) -> None:
    """Make ``node``'s move the main line from the position before it (the first of its variations)."""
    parent = node.parent
    if parent is None:
        raise ValueError("the first position is not a variation: there is nothing to promote")
    parent.children.remove(node)
    parent.children.insert(0, node)


def delete(table: Session, node: Node) -> None:
    """Delete the variation that starts with ``node``'s move, with everything played after it; if the table was
    in it, it goes to the position before it.

    >>> import ninekit
    >>> table = explore(ninekit.make("nine_knights").new(seed=2))
    >>> _ = table.play(table.state.legal_moves()[0])
    >>> delete(table, table.node); table.node is table.root, table.root.children
    (True, [])
    """
    parent = node.parent
    if parent is None:
        raise ValueError("the first position cannot be deleted (start a new exploration instead)")
    if node not in parent.children:
        raise ValueError("that variation is not in the tree any more")
    at = table.node
    while at is not None and at is not node:
        at = at.parent
    parent.children.remove(node)
    if parent.last is node:
        parent.last = None
    if at is node:
        table.go(parent)


def comment(node: Node, text: str) -> None:
    """Write ``text`` as the comment on ``node``'s position ('' removes it)."""
    if not isinstance(text, str):
        raise ValueError(f"a comment is text (got {type(text).__name__})")
    if len(text) > MAX_COMMENT:
        raise ValueError(f"a comment is at most {MAX_COMMENT:,} characters (this one has {len(text):,})")
    node.comment = text.strip()


# --- the file ------------------------------------------------------------------------------------------------------
def exploration_text(table: Session) -> str:
    """The whole exploration as the text of a file: its start (a position text), every position of the tree
    (the move that leads there, from which position, its comment) and where the table is."""
    nodes, index, order = [], {}, [table.root]
    while order:
        node = order.pop()
        index[id(node)] = len(index)
        if node.parent is not None:
            nodes.append({"from": index[id(node.parent)], "move": node.move.to_json(), "comment": node.comment})
        order.extend(reversed(node.children))
    if len(index) > MAX_NODES:
        raise ValueError(f"an exploration keeps at most {MAX_NODES:,} positions (this one has {len(index):,})")
    data = {"format": FORMAT, "kind": KIND, "start": position_text(table.root.state), "comment": table.root.comment,
            "nodes": nodes, "at": index[id(table.node)]}
    return json.dumps(data, separators=(",", ":"))


def load_exploration(text: str | bytes) -> Session:
    """The exploration a file made by :func:`exploration_text` holds, every move replayed through the rules; a
    damaged or tampered file is a ``ValueError`` that says what is wrong.

    >>> load_exploration('{"format": 1, "kind": "a game"}')
    Traceback (most recent call last):
    ...
    ValueError: not a ninekit exploration: its kind is 'a game'
    """
    text = file_text(text, "exploration file", "an exploration file")
    try:
        data = json.loads(text, parse_constant=_refused_number)
    except (json.JSONDecodeError, RecursionError):
        raise ValueError("exploration file is not the JSON an exploration file holds") from None
    if not isinstance(data, dict):
        raise ValueError("exploration file is not the JSON an exploration file holds")
    if data.get("kind") != KIND:
        raise ValueError(f"not a ninekit exploration: its kind is {brief(data.get('kind'))}")
    if data.get("format") != FORMAT or type(data.get("format")) is not int:
        raise ValueError(f"exploration file is of format {brief(data.get('format'))}; this ninekit reads format "
                         f"{FORMAT}")
    missing = [f for f in FIELDS if f not in data]
    if missing:
        raise ValueError(f"exploration file lacks {', '.join(missing)}")
    table = explore(from_position_text(data["start"]))
    _comment(table.root, data.get("comment", ""), "the first position")
    nodes = data["nodes"]
    if not isinstance(nodes, list) or len(nodes) >= MAX_NODES:
        raise ValueError(f"exploration file: 'nodes' is a list of at most {MAX_NODES - 1:,} positions")
    made = [table.root]
    for number, raw in enumerate(nodes, start=1):
        where = f"exploration file, position {number}"
        if not isinstance(raw, dict) or set(raw) != {"from", "move", "comment"}:
            raise ValueError(f"{where}: expected 'from', 'move' and 'comment'")
        parent = raw["from"]
        if type(parent) is not int or not 0 <= parent < len(made):
            raise ValueError(f"{where}: 'from' names no earlier position ({brief(parent)})")
        before = made[parent].state
        try:
            move = table.game.parse_move(raw["move"])
            after = before.play(move)
        except (ValueError, IllegalMove) as exc:
            raise ValueError(f"{where}: the move is not legal there: {exc}") from None
        if any(child.state.history[-1] == after.history[-1] for child in made[parent].children):
            raise ValueError(f"{where}: the same move is in the tree twice")
        node = Node(after, made[parent])
        made[parent].children.append(node)
        _comment(node, raw["comment"], where)
        made.append(node)
    at = data["at"]
    if type(at) is not int or not 0 <= at < len(made):
        raise ValueError(f"exploration file: 'at' names no position of the tree ({brief(at)})")
    line = made[at]
    while line.parent is not None:  # the line to the position on the table is the one last followed
        line.parent.last = line
        line = line.parent
    table.go(made[at])
    return table


def _comment(node: Node, text, where: str) -> None:
    try:
        comment(node, text)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None


def _refused_number(text: str):
    raise ValueError(f"exploration file holds {text}, which is not a number")
