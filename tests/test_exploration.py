"""Exploring a position (issue 27, items 3 and 7, without widgets): a move tree where every branch stays, moving
about it, promoting, deleting and commenting variations, and the file that keeps a whole exploration.

Run against :class:`ninekit.session.Session` and ninekit/exploration.py alone, for every game.
"""

from __future__ import annotations

import json
import random

import pytest

import ninekit
from ninekit import IllegalMove
from ninekit.exploration import (
    MAX_COMMENT,
    MAX_NODES,
    comment,
    delete,
    exploration_text,
    explore,
    load_exploration,
    promote,
)


def _random_tree(table, rng: random.Random, moves: int) -> None:
    """Play ``moves`` random moves, going back now and then, so that the tree branches."""
    for _ in range(moves):
        if table.node.parent is not None and rng.random() < 0.3:
            for _ in range(rng.randint(1, 3)):
                if table.node.parent is not None:
                    table.back()
        if table.state.is_over:
            table.back()
        table.play(rng.choice(table.state.legal_moves()))
        if rng.random() < 0.2:
            comment(table.node, f"note {rng.randint(1, 99)}")


def _shape(node) -> list:
    return [(str(child.move), child.comment, _shape(child)) for child in node.children]


@pytest.mark.parametrize("name", ninekit.games())
def test_every_seat_plays_from_the_screen_and_every_branch_stays(name):
    """Issue 27 item 3: play from the position for any seat; a move after going back makes a variation, and
    every branch stays.  An open table never waits for a hand-over, nor between the games of a match."""
    game = ninekit.make(name)
    table = explore(game.new(seed=3))
    seats = set()
    for _ in range(300):
        if table.state.is_over or len(seats) > 1:
            break
        seats.add(table.state.to_move)
        assert table.pending["kind"] == "decision"
        table.play(table.state.legal_moves()[-1])
    assert game.players == 1 or len(seats) > 1, "only one seat played"
    table.go(table.root)
    first, second = table.state.legal_moves()[:2]
    main = table.root.children[0]
    table.play(second)
    assert [n.move for n in table.root.children] == [main.move, second] or main.move == second
    assert table.root.children[0] is main and _shape(main), "the first line was lost"


def test_arrows_move_along_lines_and_between_variations():
    """Issue 27 item 3: keyboard ←/→ (back/forward along the line last followed) and ↑/↓ (between the variations
    from the position before); at either end a clear refusal, the table unchanged."""
    table = explore(ninekit.make("nine_knights").new(seed=1))
    a, b, c = table.state.legal_moves()[:3]
    for move in (a, b, c):
        table.go(table.root)
        table.play(move)
    assert table.node.move == c
    assert table.sibling(-1) is table.root.children[1].state and table.node.move == b
    assert table.back() is table.root.state
    assert table.forward() is table.root.children[1].state, "→ follows the line last followed (b)"
    table.sibling(-1)
    with pytest.raises(IllegalMove, match="no other variation that way"):
        table.sibling(-1)
    assert table.node.move == a
    table.back()
    with pytest.raises(IllegalMove, match="first position"):
        table.back()
    table.go(table.root.children[2])
    with pytest.raises(IllegalMove, match="end of the line"):
        table.forward()
    other = explore(ninekit.make("nine_knights").new(seed=1))
    with pytest.raises(ValueError, match="not in this session's tree"):
        table.go(other.root)
    assert table.node is table.root.children[2]
    table.go(table.root.children[1])  # a click on a move: → after ← comes back to it
    table.back()
    assert table.forward() is table.root.children[1].state, "→ went along another line than the one clicked"


def test_promote_delete_and_comment_change_the_tree_as_asked():
    """Issue 27 item 3: promote or delete a variation; a comment on any position (bounded: a long one is refused
    with its length, the old comment kept)."""
    table = explore(ninekit.make("codinca", 3).new(seed=2))
    a, b = table.state.legal_moves()[:2]
    table.play(a)
    table.play(table.state.legal_moves()[0])
    table.go(table.root)
    table.play(b)
    promote(table.node)
    assert [n.move for n in table.root.children] == [b, a]
    with pytest.raises(ValueError, match="nothing to promote"):
        promote(table.root)
    comment(table.node, "  try this  ")
    assert table.node.comment == "try this"
    with pytest.raises(ValueError, match=f"at most {MAX_COMMENT:,} characters"):
        comment(table.node, "x" * (MAX_COMMENT + 1))
    assert table.node.comment == "try this"
    deep = table.root.children[1].children[0]
    table.go(deep)
    delete(table, table.root.children[1])  # the table was in it: it goes to the position before
    assert table.node is table.root and [n.move for n in table.root.children] == [b]
    with pytest.raises(ValueError, match="cannot be deleted"):
        delete(table, table.root)


@pytest.mark.parametrize("name", ninekit.games())
def test_a_whole_exploration_comes_back_from_its_file(name):
    """Issue 27 item 7: a whole exploration (tree, comments, where the table is) saves to a file and loads back,
    every move replayed through the rules; the start may be any position (here: one reached after some moves)."""
    rng = random.Random(name)
    state = ninekit.make(name).new(seed=5)
    for _ in range(6):
        if not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
    table = explore(state)
    assert table.root.state.history == () and table.root.state.view(0) == state.view(0)
    _random_tree(table, rng, 40)
    comment(table.root, "the puzzle")
    text = exploration_text(table)
    again = load_exploration(text.encode())
    assert _shape(again.root) == _shape(table.root) and again.root.comment == "the puzzle"
    assert again.state.view(0) == table.state.view(0)
    assert [len(n.state.history) for n in again.line()] == [len(n.state.history) for n in table.line()]
    assert exploration_text(again) == text
    if again.node.parent is not None:
        again.back()
        assert again.forward().view(0) == table.state.view(0), "→ goes back along the line the file was at"


def _file(**changes) -> str:
    table = explore(ninekit.make("nine_knights").new(seed=4))
    table.play(table.state.legal_moves()[0])
    table.back()
    table.play(table.state.legal_moves()[1])
    data = json.loads(exploration_text(table))
    for key, value in changes.items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value(data[key]) if callable(value) else value
    return json.dumps(data)


@pytest.mark.parametrize(("text", "message"), [
    ("not json", "not the JSON an exploration file holds"),
    ("[1, 2]", "not the JSON an exploration file holds"),
    ('{"kind": "ninekit exploration", "format": NaN}', "NaN, which is not a number"),
    (_file(kind="a save"), "not a ninekit exploration"),
    (_file(format=2), "of format 2"),
    (_file(nodes=None), "lacks nodes"),
    (_file(start=lambda s: s[:-4]), "position text is damaged"),
    (_file(nodes=lambda n: [{**n[0], "from": 5}] + n[1:]), "position 1: 'from' names no earlier position"),
    (_file(nodes=lambda n: n + [n[0]]), "position 3: the same move is in the tree twice"),
    (_file(nodes=lambda n: [n[0], {**n[1], "move": {"kind": "fly"}}]), "position 2: the move is not legal there"),
    (_file(nodes=lambda n: [{**n[0], "extra": 1}] + n[1:]), "expected 'from', 'move' and 'comment'"),
    (_file(nodes=lambda n: [{**n[0], "comment": "x" * (MAX_COMMENT + 1)}] + n[1:]), "at most 2,000 characters"),
    (_file(nodes=lambda n: [{"from": 0, "move": 0, "comment": ""}] * MAX_NODES), "at most 19,999 positions"),
    (_file(at=9), "'at' names no position"),
    (b"\xff\xfe", "not UTF-8"),
    (42, "must be JSON text"),
])
def test_a_damaged_or_tampered_exploration_file_is_refused_with_what_is_wrong(text, message):
    """Issue 27 item 7 and the standards: any damaged or tampered file gets a clear message naming the problem,
    and nothing is loaded (a ValueError before a session exists)."""
    with pytest.raises(ValueError, match=message):
        load_exploration(text)
