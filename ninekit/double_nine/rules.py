"""Double Nine: build the highest two-digit number on your board of two Sites.

2-4 players.  Each board has a Site ×10 and a Site ×1; cards are stacked on
them and only the top cards count (an empty Site counts 0).  On your turn you
draw (two cards in hand), play one of them onto a Site and its effect
resolves.  The game ends at the end of the turn in which the draw pile became
empty; the highest number wins a victory token, and the first to two victory
tokens wins the match (all of it is one State: new deals happen inside it).

Rules: the Double Nine rulebook and the project's rulings; where neither
decides, ``docs/double_nine.md`` records the decision taken here.

    >>> import ninekit
    >>> from ninekit.double_nine import board_number, judge, position
    >>> board_number(["Luna"], ["Nine-tailed Fox"]), judge((73, 81, 81))
    (99, (1, 2))
    >>> s = position(2, boards=[([], []), (["Elf"], ["Medusa"])], hands=[["Reaper", "Luna"], ["Aiko"]],
    ...              pile=["Sister", "Clown"])
    >>> s = s.play(s.game.parse_move({"kind": "card", "args": ["Reaper"]}))
    >>> s = s.play(s.game.parse_move({"kind": "site", "args": [0, "x10"]}))
    >>> s.prompt
    'Player 1: choose whose top card Reaper takes'
    >>> [str(m) for m in s.legal_moves()]
    ["Take Elf (8) from Player 2's Site ×10", "Take Medusa (7) from Player 2's Site ×1"]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..core import Move, Option, Outcome, Rules, State, fast_replace, make, register, tuple_with
from .data import (
    ARCHANGEL,
    ARCHANGEL_RESOLVES,
    CHAIN_CARDS,
    CLOWN,
    COMPETITION_GAMES,
    CONSTANT,
    COPYABLE,
    DARK_AIKO,
    DARK_ELF,
    DECKS,
    DIRECTIONS,
    EXTRA_REMOVED,
    FALLEN_ANGEL,
    FORTUNE_TELLER,
    FOX,
    HACKER,
    HACKER_COPIES,
    LUNA,
    MAGICIAN,
    MEDUSA,
    NAMES,
    NECROMANCER,
    NUMBER,
    PLACED_ON_OTHERS,
    REAPER,
    RULES_SUMMARY,
    SHAMAN,
    SHAMAN_RESOLVES,
    SISTER,
    SITE_INDEX,
    SITE_WORDS,
    SITES,
    SNIPER,
    SOL,
    TARGET_RANGE,
    THERA,
    TYPE,
    VICTORIES_TO_WIN,
)


def _name(inst: int) -> str:
    return NAMES[inst % 20]


def _label(inst: int) -> str:
    return f"{NAMES[inst % 20]} ({NUMBER[inst % 20]})"


def _who(p: int) -> str:
    return f"Player {p + 1}"


def _site_of(p: int, s: int, mover: int) -> str:
    return f"your {SITE_WORDS[s]}" if p == mover else f"{_who(p)}'s {SITE_WORDS[s]}"


# --- numbers and judgment ----------------------------------------------------------

def _site_value(top: int, beside: int) -> int:
    """Value of a site's top card type (-1: empty); a Fox takes the number beside it."""
    if top < 0:
        return 0
    if top == FOX:
        return 0 if beside < 0 or beside == FOX else NUMBER[beside]
    return NUMBER[top]


def board_value(board: tuple) -> int:
    tens = board[0][-1] % 20 if board[0] else -1
    ones = board[1][-1] % 20 if board[1] else -1
    return 10 * _site_value(tens, ones) + _site_value(ones, tens)


def board_number(tens: Sequence[str], ones: Sequence[str]) -> int:
    """The number of a board from its two stacks of card names, bottom to top.

    Only the top cards count; an empty Site counts 0; a Nine-tailed Fox on top
    takes the number of the card beside it (0 beside an empty Site or a Fox).

    >>> board_number(["Elf", "Luna"], ["Medusa"]), board_number([], ["Luna"])
    (97, 9)
    >>> board_number(["Nine-tailed Fox"], ["Luna"]), board_number(["Nine-tailed Fox"], [])
    (99, 0)
    """
    for name in (*tens, *ones):
        if name not in TYPE:
            raise ValueError(f"{name!r} is not a Double Nine card")
    board = (tuple(TYPE[n] for n in tens), tuple(TYPE[n] for n in ones))
    return board_value(board)


def judge(numbers: Sequence[int], *, target: int | None = None, teams: bool = False) -> tuple:
    """The winning seats for the players' numbers (ties: everyone tied wins).

    With ``target`` the number closest to it wins; with ``teams`` (4 players)
    seats 0+2 and 1+3 add their numbers and both members of the best team win.

    >>> judge((73, 91, 45)), judge((50, 50)), judge((73, 91, 45), target=50)
    ((1,), (0, 1), (2,))
    >>> judge((90, 10, 20, 30), teams=True)
    (0, 2)
    """
    numbers = tuple(numbers)
    if teams:
        if len(numbers) != 4:
            raise ValueError("the Team Rule needs exactly 4 numbers (seats 0+2 against 1+3)")
        team = (numbers[0] + numbers[2], numbers[1] + numbers[3])
        scores = [team[p % 2] for p in range(4)]
    else:
        scores = list(numbers)
    if target is not None:
        scores = [-abs(x - target) for x in scores]
    best = max(scores)
    return tuple(p for p, x in enumerate(scores) if x == best)


# --- the position --------------------------------------------------------------

class Position(NamedTuple):
    """The full truth of a Double Nine match (immutable).

    Cards are instance ids (``id % 20`` is the card type, index into CARDS).
    ``boards[p]`` is ``(Site ×10 stack, Site ×1 stack)``, bottom to top;
    ``pile`` has its top card last; ``known[p]`` holds the hidden cards whose
    place seat ``p`` knows (``known[n]``: everyone, i.e. spectators too).
    Every card movement is public except which card Fortune Teller puts back
    face down, so knowledge is kept per card instance: ``vague`` holds
    ``(seat, cards, seen)`` where the seat knows that the cards ``seen`` are
    among the places now holding ``cards`` (e.g. "in that hand or on top of
    the pile"), the other places holding cards it does not know.
    """

    n: int
    deck: str
    teams: bool
    target: int | None
    competition: bool
    key: int            # later deals come from (key, game number)
    game: int           # 0-based game number within the match
    start: int          # start player of this game
    tokens: tuple       # victory tokens per seat
    results: tuple      # per finished game: (numbers, winners, boards, hands, removed, pile) - its final record
                        # (the last four None for games given to position() by their numbers only)
    boards: tuple
    hands: tuple
    pile: tuple
    face_up: bool       # Thera: the pile is reversed and face up
    removed: tuple
    turn: int
    phase: str          # card, site, an effect's decision, or over
    playing: int        # the card chosen to play (-1: none)
    ctx: tuple          # effect decision: (card type, site it resolves at, via card types[, Sniper target])
    extra: bool         # Medusa: the same player takes another turn
    known: tuple
    shown: tuple        # Sniper: (viewer, seat, card) this game
    vague: tuple        # (seat, cards, seen): ``seen`` are somewhere among the places of ``cards``
    events: tuple       # what the last move's effects did at once (for the log)


_rep = fast_replace(Position)
_with = tuple_with


def _set_site(boards: tuple, p: int, s: int, stack: tuple) -> tuple:
    board = (stack, boards[p][1]) if s == 0 else (boards[p][0], stack)
    return boards[:p] + (board,) + boards[p + 1:]


def _top(boards: tuple, p: int, s: int) -> int:
    stack = boards[p][s]
    return stack[-1] % 20 if stack else -1


def _protected(boards: tuple, p: int, s: int, actor: int) -> bool:
    """Sister beside site ``s`` of player ``p`` shields it from ``actor``'s effects."""
    if p == actor:
        return False
    other = boards[p][1 - s]
    return bool(other) and other[-1] % 20 == SISTER


def _board_protected(boards: tuple, p: int, actor: int) -> bool:
    return _protected(boards, p, 0, actor) or _protected(boards, p, 1, actor)


# --- what each seat knows of the hidden cards ----------------------------------------

def _learn(known: tuple, vague: tuple, seats, insts) -> tuple:
    """``seats`` now know exactly where the cards ``insts`` are: the new ``(known, vague)``."""
    add: dict = {}
    if vague:
        kept = []
        for blk in vague:
            q, cards, seen = blk
            if q in seats and not cards.isdisjoint(insts):
                # A learnt card filled one of these places: the others hold the rest.
                hit = cards & insts
                for x in hit - seen:  # by its name it may be a copy seen here: take it to be that one
                    same = sorted(c for c in seen if c % 20 == x % 20)
                    if same:
                        seen = seen - {same[0]}
                cards, seen = cards - insts, seen - insts
                if not seen:
                    continue
                if len(cards) == 1:  # one place left, holding the one card seen
                    add[q] = seen
                    continue
                blk = (q, cards, seen)
            kept.append(blk)
        vague = tuple(kept)
    known = tuple((k | insts | add.get(q, frozenset())) if q in seats else (k | add[q]) if q in add else k
                  for q, k in enumerate(known))
    return known, vague


def _blur(known: tuple, vague: tuple, mover: int, hand) -> tuple:
    """Fortune Teller put one of ``hand`` back face down: the other seats cannot tell which.

    What a seat knew of these cards becomes "somewhere among their places" (the mover's hand and
    the top of the pile), joined with what it already knew only that vaguely.
    """
    hand = frozenset(hand)
    groups: dict = {}
    kept = []
    for blk in vague:
        q, cards, seen = blk
        if q != mover and not cards.isdisjoint(hand):
            c0, s0 = groups.get(q, (hand, frozenset()))
            groups[q] = (c0 | cards, s0 | seen)
        else:
            kept.append(blk)
    out = list(known)
    for q, k in enumerate(known):
        seen = k & hand
        if q != mover and seen:
            c0, s0 = groups.get(q, (hand, frozenset()))
            groups[q] = (c0, s0 | seen)
            out[q] = k - seen
    kept += [(q, cards, seen) for q, (cards, seen) in groups.items() if seen]
    return tuple(out), tuple(kept)


def _leaves(known: tuple, vague: tuple, owner: int, hand: tuple, moved: int) -> tuple:
    """``moved`` leaves ``owner``'s ``hand`` by name only: the new ``(known, vague)`` before it is learnt.

    The other seats see which card *name* left, never which copy or which of the hand's cards it was, so
    nothing they keep may depend on that.  A copy of the same name that a seat knew in the hand (but not
    ``moved`` itself) is taken to be the one that left: the seat forgets it.  A seat's vague records about
    this hand become one record pointing at the card that stays, less one card of that name it saw.
    """
    t = moved % 20
    twin = next((c for c in hand if c != moved and c % 20 == t), -1)
    if twin >= 0:  # a seat that knew only the other copy takes it to be the one that left
        known = tuple(k - {twin} if q != owner and twin in k and moved not in k else k
                      for q, k in enumerate(known))
    if vague:
        here = frozenset(hand)
        stays = here - {moved}
        merged: dict = {}
        kept = []
        for blk in vague:
            q, cards, seen = blk
            if q != owner and not cards.isdisjoint(here):
                c0, s0 = merged.get(q, (frozenset(), frozenset()))
                merged[q] = (c0 | cards, s0 | seen)
            else:
                kept.append(blk)
        for q, (cards, seen) in merged.items():
            same = sorted(c for c in seen if c % 20 == t)
            if same:  # the card that left may be one it saw: it no longer knows where that one is
                seen = seen - {moved if moved in seen else same[0]}
            cards = (cards - here) | (stays - known[q])
            if not seen:
                continue
            if len(cards) == 1:  # one place left, holding the one card seen
                known = _with(known, q, known[q] | seen)
                continue
            kept.append((q, cards, seen))
        vague = tuple(kept)
    return known, vague


def _deal(n, deck, key, game, start, teams, target, competition, tokens, results):
    rng = random.Random(f"double_nine:{key}:{game}")
    cards = list(DECKS[deck])
    rng.shuffle(cards)
    cut = EXTRA_REMOVED[deck] + 1
    removed, rest = tuple(cards[:cut]), cards[cut:]
    hands = tuple((rest[i],) for i in range(n))
    pile = tuple(rest[n:])
    pos = Position(n=n, deck=deck, teams=teams, target=target, competition=competition, key=key, game=game,
                   start=start, tokens=tokens, results=results, boards=(((), ()),) * n, hands=hands, pile=pile,
                   face_up=False, removed=removed, turn=start, phase="card", playing=-1, ctx=(), extra=False,
                   known=(frozenset(),) * (n + 1), shown=(), vague=(), events=())
    return _begin_turn(pos, start)


def _begin_turn(pos: Position, seat: int) -> Position:
    """``seat`` draws the top card of the pile and must choose a card to play."""
    inst = pos.pile[-1]
    known, vague = pos.known, pos.vague
    events = pos.events
    if pos.face_up:
        known, vague = _learn(known, vague, range(pos.n + 1), {inst})
        if ("thera", True) in events:  # no view showed this card on top of the pile: the log names it
            events += (("draws", seat, inst),)
    elif vague:
        known, vague = _learn(known, vague, (seat,), {inst})
    return _rep(pos, pile=pos.pile[:-1], hands=_with(pos.hands, seat, pos.hands[seat] + (inst,)), turn=seat,
                phase="card", playing=-1, ctx=(), extra=False, known=known, vague=vague, events=events)


def _end_turn(pos: Position, emptied: bool = False) -> Position:
    """The turn ends; so does the game if the draw pile became empty during this turn.

    Rulings: "The game ends at the end of the turn in which the draw pile became empty (any effect that
    empties it counts)".  A pile that is empty now became empty this turn (the turn's draw or Sniper's
    replacement draw took its last card); ``emptied`` covers the one way the pile can hold a card again
    before the turn ends: Fortune Teller drew its last card, then put one back.
    """
    if emptied or not pos.pile:
        return _finish_game(pos)
    return _begin_turn(pos, pos.turn if pos.extra else (pos.turn + 1) % pos.n)


def _finish_game(pos: Position) -> Position:
    numbers = tuple(board_value(b) for b in pos.boards)
    winners = judge(numbers, target=pos.target, teams=pos.teams)
    tokens = tuple(t + (p in winners) for p, t in enumerate(pos.tokens))
    # The finished game's record keeps its final boards, the cards left in hand, the removed cards and
    # any card left on the pile: the next deal is made afresh from the whole deck (_deal), so none of it
    # tells anything about the next game, and the views show it once the game is over.
    results = pos.results + ((numbers, winners, pos.boards, pos.hands, pos.removed, pos.pile),)
    if pos.competition:
        over = len(results) == COMPETITION_GAMES
    else:
        over = max(tokens) >= VICTORIES_TO_WIN
    if over:
        return _rep(pos, tokens=tokens, results=results, phase="over", playing=-1, ctx=(), extra=False)
    start = pos.start
    for k in range(pos.n):  # left of the first winner clockwise from the last start player
        p = (pos.start + k) % pos.n
        if p in winners:
            start = (p + 1) % pos.n
            break
    dealt = _deal(pos.n, pos.deck, pos.key, pos.game + 1, start, pos.teams, pos.target, pos.competition,
                  tokens, results)
    return _rep(dealt, events=pos.events)


# --- what may be done now ----------------------------------------------------------

def _sites_for(pos: Position, t: int, actor: int, ignore_protection: bool = False) -> list:
    """(seat, site) pairs where card type ``t`` may be played by ``actor``."""
    if t == LUNA:
        return [(actor, 1)]
    if t in PLACED_ON_OTHERS:
        return [(p, s) for p in range(pos.n) if p != actor for s in (0, 1)
                if ignore_protection or not _protected(pos.boards, p, s, actor)]
    return [(actor, 0), (actor, 1)]


def cursed(pos: Position) -> bool:
    """Dark Aiko is a top card on the board of the player to move (public: the prompt may say so)."""
    tens, ones = pos.boards[pos.turn]
    return (bool(tens) and tens[-1] % 20 == DARK_AIKO) or (bool(ones) and ones[-1] % 20 == DARK_AIKO)


def _forced(pos: Position) -> int:
    """The drawn card's type when Dark Aiko forces it to be played, else -1.

    The drawn card can be played if it has a legal site, or if no hand card has one (then the
    fallback lets Aiko / Dark Aiko go on any other player's site, the drawn card included).
    """
    if cursed(pos):
        a = pos.turn
        drawn = pos.hands[a][-1] % 20
        if _sites_for(pos, drawn, a) or not any(_sites_for(pos, inst % 20, a) for inst in pos.hands[a]):
            return drawn
    return -1


def _playable(pos: Position) -> list:
    """Card types the player to move may choose now (no card playable: the fallback, all)."""
    a = pos.turn
    hand = []
    for inst in pos.hands[a]:
        if inst % 20 not in hand:
            hand.append(inst % 20)
    forced = _forced(pos)
    if forced >= 0:
        return [forced]
    # Only cards placed on others can lack a site (every other card has one of the player's own).
    ok = [t for t in hand if t not in PLACED_ON_OTHERS or _sites_for(pos, t, a)]
    return ok or hand


def _options(pos: Position) -> list:
    """The args of every legal decision now."""
    ph, a, b, n = pos.phase, pos.turn, pos.boards, pos.n
    if ph == "card":
        return [(NAMES[t],) for t in _playable(pos)]
    if ph == "site":
        t = pos.playing % 20
        sites = _sites_for(pos, t, a) or _sites_for(pos, t, a, ignore_protection=True)
        return [(p, SITES[s]) for p, s in sites]
    if ph == "over":
        return []
    site = pos.ctx[1]
    if ph in ("take", "remove"):
        return [(p, SITES[s]) for p in range(n) if p != a or ph == "remove" for s in (0, 1)
                if b[p][s] and not _protected(b, p, s, a)]
    if ph == "give":
        return [(p, SITES[s]) for p in range(n) if p != a for s in (0, 1) if not _protected(b, p, s, a)]
    if ph == "direction":
        return [(d,) for d in DIRECTIONS]
    if ph == "beneath":
        return [(i,) for i in range(len(b[a][site]) - 1)]
    if ph == "swap":
        return [(p,) for p in range(n) if b[p][0] and b[p][1] and not _board_protected(b, p, a)]
    if ph == "possess":
        return [(p,) for p in range(n) if p != a and b[p][1] and not CONSTANT[b[p][1][-1] % 20]]
    if ph == "aim":
        return [(p,) for p in range(n) if p != a and pos.hands[p]]
    if ph == "decide":
        return [("remove",), ("keep",)]
    if ph == "return":
        names = []
        for inst in pos.hands[a]:
            if (NAMES[inst % 20],) not in names:
                names.append((NAMES[inst % 20],))
        return names
    raise AssertionError(ph)


_PHASE_OF = {REAPER: "take", CLOWN: "direction", NECROMANCER: "beneath", MAGICIAN: "swap", SHAMAN: "possess",
             SOL: "remove", SNIPER: "aim", DARK_ELF: "give", FORTUNE_TELLER: "return", ARCHANGEL: "beneath"}


def _note(pos: Position, event: tuple) -> Position:
    return _rep(pos, events=pos.events + (event,))


def _effect(pos: Position, t: int, site: int, via: tuple) -> Position:
    """Resolve the effect of card type ``t`` as if just played by the player to move onto ``site``.

    ``via`` lists the cards it is resolved through (Archangel, Hacker, Shaman), outermost first.
    Every chain ends: Hacker copies no Hacker / Shaman, a possessed Hacker / Shaman does nothing,
    and an Archangel effect reached through another card resolves only an ordinary card it brings up
    (not an Archangel, Hacker or Shaman), whose effect starts no further chain.
    """
    a, b = pos.turn, pos.boards
    if t == HACKER:
        beside = _top(b, a, 1 - site)
        if beside in HACKER_COPIES:
            return _effect(_note(pos, ("copy", HACKER, beside)), beside, site, via + (HACKER,))
        pos = _note(pos, ("nothing",))
    elif t == FALLEN_ANGEL:
        swapped = []
        for p in range(pos.n):
            if p != a and b[p][0] and b[p][1] and not _board_protected(b, p, a):
                tens, ones = b[p]
                b = _set_site(_set_site(b, p, 0, tens[:-1] + ones[-1:]), p, 1, ones[:-1] + tens[-1:])
                swapped.append(p)
        pos = _rep(pos, boards=b, events=pos.events + (("swap", tuple(swapped)),))
    elif t == MEDUSA:
        pos = _rep(pos, extra=True, events=pos.events + (("again" if pos.pile else "no_again",),))
    elif t == THERA:
        face_up = not pos.face_up
        known, vague = _learn(pos.known, pos.vague, range(pos.n + 1), frozenset(pos.pile))  # all saw them
        pos = _rep(pos, pile=pos.pile[::-1], face_up=face_up, known=known, vague=vague,
                           events=pos.events + (("thera", face_up),))
    elif t == FORTUNE_TELLER:
        if pos.pile:
            inst = pos.pile[-1]
            known, vague = pos.known, pos.vague
            if pos.face_up:
                known, vague = _learn(known, vague, range(pos.n + 1), {inst})
            elif vague:
                known, vague = _learn(known, vague, (a,), {inst})
            return _rep(pos, pile=pos.pile[:-1], hands=_with(pos.hands, a, pos.hands[a] + (inst,)),
                                known=known, vague=vague, phase="return", ctx=(t, site, via))
        pos = _note(pos, ("nothing",))
    elif t == DARK_ELF:
        if b[a][1 - site]:
            return _ask(pos, "give", t, site, via)
        pos = _note(pos, ("nothing",))
    elif t in _PHASE_OF:
        return _ask(pos, _PHASE_OF[t], t, site, via)
    return _end_turn(pos)


def _ask(pos: Position, phase: str, t: int, site: int, via: tuple) -> Position:
    asked = _rep(pos, phase=phase, ctx=(t, site, via))
    if _options(asked):
        return asked
    return _end_turn(_note(pos, ("nothing",)))  # no legal target: nothing happens


# --- moves and their sentences ------------------------------------------------------

_MOVES: dict = {}


def _move(pos: Position, kind: str, args: tuple) -> Move:
    """The Move for ``args`` with a sentence for the position (cached)."""
    a, b = pos.turn, pos.boards
    if kind == "card":
        key = (kind, args)
    elif kind == "site":
        key = (kind, args, a, pos.playing % 20)
    elif kind in ("take", "remove"):
        key = (kind, args, a, b[args[0]][SITE_INDEX[args[1]]][-1] % 20, pos.ctx[2])
    elif kind == "give":
        key = (kind, args, a, b[a][1 - pos.ctx[1]][-1] % 20, pos.ctx[2])
    elif kind == "beneath":
        key = (kind, args, pos.ctx[0], pos.ctx[1], b[a][pos.ctx[1]][args[0]] % 20, _brings_effect(pos, args[0]),
               bool(pos.ctx[2]))
    elif kind == "swap":
        key = (kind, args, a)
    elif kind == "possess":
        key = (kind, args, b[args[0]][1][-1] % 20)
    elif kind == "decide":
        key = (kind, args, pos.ctx[3])
    else:
        key = (kind, args)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(kind, args, _text(pos, kind, args))
    return move


def _via(pos: Position) -> str:
    t, _, via = pos.ctx[:3]
    return f"{NAMES[t]} (through {' and '.join(NAMES[v] for v in via)})" if via else NAMES[t]


def _brings_effect(pos: Position, i: int) -> bool:
    """Whether Archangel bringing up card ``i`` of its site resolves an effect afterwards."""
    t, site, via = pos.ctx[:3]
    if t != ARCHANGEL:
        return False
    up = pos.boards[pos.turn][site][i] % 20
    if via:  # decision 5: reached through another card, only an ordinary card's effect follows
        return up in COPYABLE
    if up == HACKER:
        return _top(pos.boards, pos.turn, 1 - site) in HACKER_COPIES
    return up in ARCHANGEL_RESOLVES


def _card_text(name: str) -> str:
    return f"Play {name} ({NUMBER[TYPE[name]]}) from your hand"


_CARD_MOVES = tuple(Move("card", (name,), _card_text(name)) for name in NAMES)  # by card type
# A card played on the player's own board: its sites and their sentences depend on the seat and the card type
# only (nothing protects a player's own sites from itself).
_OWN_SITE_MOVES: dict = {}


def _text(pos: Position, kind: str, args: tuple) -> str:
    a, b = pos.turn, pos.boards
    if kind == "card":
        return _card_text(args[0])
    if kind == "site":
        return f"Put {_name(pos.playing)} on {_site_of(args[0], SITE_INDEX[args[1]], a)}"
    if kind == "take":
        p, s = args[0], SITE_INDEX[args[1]]
        return f"Take {_label(b[p][s][-1])} from {_site_of(p, s, a)}"
    if kind == "remove":
        p, s = args[0], SITE_INDEX[args[1]]
        return f"Remove {_label(b[p][s][-1])} on {_site_of(p, s, a)} from the game"
    if kind == "give":
        p, s = args[0], SITE_INDEX[args[1]]
        return f"Give {_label(b[a][1 - pos.ctx[1]][-1])} to {_site_of(p, s, a)}"
    if kind == "direction":
        return f"Pass every hand to the {args[0]}"
    if kind == "beneath":
        t, site = pos.ctx[0], pos.ctx[1]
        inst = b[a][site][args[0]]
        place = f"card {args[0] + 1} from the bottom of your {SITE_WORDS[site]}"
        if t == ARCHANGEL:
            if _brings_effect(pos, args[0]):
                return f"Bring {_label(inst)} ({place}) to the top and use its effect"
            if pos.ctx[2] and inst % 20 in CHAIN_CARDS:
                return f"Bring {_label(inst)} ({place}) to the top (its effect is not used: no chains of copies)"
            return f"Bring {_label(inst)} ({place}) to the top"
        return f"Revive {_label(inst)} ({place}) onto your {SITE_WORDS[1 - site]}"
    if kind == "swap":
        p = args[0]
        return "Swap your own two top cards" if p == a else f"Swap {_who(p)}'s two top cards"
    if kind == "possess":
        p = args[0]
        top = b[p][1][-1] % 20
        text = f"Use the effect of {_label(b[p][1][-1])} on {_who(p)}'s Site ×1"
        if top in (HACKER, SHAMAN):
            text += " (nothing happens: no chains of copies)"
        elif top not in SHAMAN_RESOLVES:
            text += " (nothing happens)"
        return text
    if kind == "aim":
        return f"Look at {_who(args[0])}'s hand"
    if kind == "decide":
        if args[0] == "remove":
            return f"Remove the card from the game ({_who(pos.ctx[3])} draws a new one)"
        return f"Leave the card in {_who(pos.ctx[3])}'s hand"
    if kind == "return":
        return f"Put {args[0]} back on top of the pile"
    raise AssertionError(kind)


def _is_word(x, words) -> bool:
    """``x`` is one of ``words`` (a string: lists or dicts from JSON are refused, never hashed)."""
    return type(x) is str and x in words


_KIND_ARGS = {  # kind: checker of its JSON args
    "card": lambda a: len(a) == 1 and _is_word(a[0], TYPE),
    "site": lambda a: len(a) == 2 and _is_seat(a[0]) and _is_word(a[1], SITE_INDEX),
    "take": lambda a: len(a) == 2 and _is_seat(a[0]) and _is_word(a[1], SITE_INDEX),
    "remove": lambda a: len(a) == 2 and _is_seat(a[0]) and _is_word(a[1], SITE_INDEX),
    "give": lambda a: len(a) == 2 and _is_seat(a[0]) and _is_word(a[1], SITE_INDEX),
    "direction": lambda a: len(a) == 1 and _is_word(a[0], DIRECTIONS),
    "beneath": lambda a: len(a) == 1 and type(a[0]) is int and 0 <= a[0] < 40,
    "swap": lambda a: len(a) == 1 and _is_seat(a[0]),
    "possess": lambda a: len(a) == 1 and _is_seat(a[0]),
    "aim": lambda a: len(a) == 1 and _is_seat(a[0]),
    "decide": lambda a: len(a) == 1 and _is_word(a[0], ("remove", "keep")),
    "return": lambda a: len(a) == 1 and _is_word(a[0], TYPE),
}
_KIND_HELP = {
    "card": "[card name]", "site": "[seat, \"x10\" or \"x1\"]", "take": "[seat, \"x10\" or \"x1\"]",
    "remove": "[seat, \"x10\" or \"x1\"]", "give": "[seat, \"x10\" or \"x1\"]", "direction": "[\"left\" or \"right\"]",
    "beneath": "[index from the bottom of the stack]", "swap": "[seat]", "possess": "[seat]", "aim": "[seat]",
    "decide": "[\"remove\" or \"keep\"]", "return": "[card name]",
}
_PHASE_WORDS = {
    "card": "choose a card from your hand", "site": "choose a site for the chosen card",
    "take": "choose the top card Reaper takes", "remove": "choose the top card Sol removes",
    "give": "choose where Dark Elf gives the card", "direction": "choose left or right for Clown",
    "beneath": "choose a card beneath", "swap": "choose whose top cards Magician swaps",
    "possess": "choose whose Site ×1 card Shaman uses", "aim": "choose whose hand Sniper looks at",
    "decide": "decide whether Sniper removes the card", "return": "choose a card to put back on the pile",
}


def _is_seat(x) -> bool:
    return type(x) is int and 0 <= x < 4


def _plain_text(kind: str, args: tuple) -> str:
    """A sentence for a move built from JSON (the state swaps in its own when legal)."""
    if kind == "card":
        return f"Play {args[0]} from your hand"
    if kind in ("site", "take", "remove", "give"):
        verb = {"site": "Put the card on", "take": "Take the top card of", "remove": "Remove the top card of",
                "give": "Give the card to"}[kind]
        return f"{verb} {_who(args[0])}'s {SITE_WORDS[SITE_INDEX[args[1]]]}"
    if kind == "direction":
        return f"Pass every hand to the {args[0]}"
    if kind == "beneath":
        return f"Choose card {args[0] + 1} from the bottom of the stack"
    if kind == "swap":
        return f"Swap {_who(args[0])}'s two top cards"
    if kind == "possess":
        return f"Use the effect of {_who(args[0])}'s Site ×1 card"
    if kind == "aim":
        return f"Look at {_who(args[0])}'s hand"
    if kind == "decide":
        return "Remove the card from the game" if args[0] == "remove" else "Leave the card in that hand"
    return f"Put {args[0]} back on top of the pile"


# --- why a move is not legal ------------------------------------------------------

def why_illegal(pos: Position, move: Move) -> str:
    kind, args, a, b, n = move.kind, move.args, pos.turn, pos.boards, pos.n
    ph = pos.phase
    check = _KIND_ARGS.get(kind)
    if check is None or not check(args):  # built in code, not by a click: the detail helps the programmer
        return f"Not a Double Nine decision: {kind!r} with args {list(args)!r}"
    # From here on the move is well formed, e.g. a click on the table: the reason is in the player's words.
    if kind != ph:
        if ph == "site" and kind == "card":
            if TYPE[args[0]] not in (inst % 20 for inst in pos.hands[a]):
                return f"{args[0]} is not in your hand"
            return (f"You already chose {_name(pos.playing)}: choose a site for it, or put it back in your hand "
                    "to choose another card")
        if ph == "card" and kind == "site":
            return "First choose a card from your hand, then the site to play it on"
        return f"Now you must {_PHASE_WORDS[ph]}"
    if kind in ("site", "take", "remove", "give", "swap", "possess", "aim") and args[0] >= n:
        return f"There is no {_who(args[0])} in a {n}-player game"
    if kind == "card":
        t = TYPE[args[0]]
        if t not in (inst % 20 for inst in pos.hands[a]):
            return f"{args[0]} is not in your hand"
        forced = _forced(pos)
        if forced >= 0:
            return f"Dark Aiko is a top card on your board: you must play the card you drew ({NAMES[forced]})"
        if t in PLACED_ON_OTHERS:
            return (f"{args[0]} must be placed on another player's board, and Sister protects every such site "
                    "from your effects; play your other card")
        return f"{args[0]} cannot be played now"
    if kind == "site":
        t, p, s = pos.playing % 20, args[0], SITE_INDEX[args[1]]
        if t == LUNA:
            return "Luna may only be played onto your own Site ×1"
        if t in PLACED_ON_OTHERS:
            if p == a:
                return f"{NAMES[t]} must be placed on another player's board"
            if _protected(b, p, s, a):
                return "Sister protects that site from other players' effects"
        if p != a:
            return f"{NAMES[t]} must be played onto your own board (only Aiko and Dark Aiko go onto another player's)"
        return f"{NAMES[t]} cannot be played there now"
    eff = NAMES[pos.ctx[0]]
    if kind in ("take", "remove", "give"):
        p, s = args[0], SITE_INDEX[args[1]]
        if kind == "take" and p == a:
            return "Reaper takes a top card of another player, not one of your own"
        if kind == "give" and p == a:
            return "Dark Elf gives the card to another player"
        if kind != "give" and not b[p][s]:
            return f"{_site_of(p, s, a)[0].upper()}{_site_of(p, s, a)[1:]} is empty: there is no top card to take"
        if _protected(b, p, s, a):
            return "Sister protects that site from other players' effects"
    if kind == "beneath":
        return f"There is no card at that place beneath {eff} (the top card itself cannot be chosen)"
    if kind == "swap":
        p = args[0]
        if not (b[p][0] and b[p][1]):
            return "Magician swaps only a board on which both sites have a top card"
        if _board_protected(b, p, a):
            return "Sister protects a site of that board from other players' effects, so it cannot be swapped"
    if kind == "possess":
        p = args[0]
        if p == a:
            return "Shaman uses the Site ×1 card of another player"
        if not b[p][1]:
            return f"{_who(p)}'s Site ×1 is empty"
        top = b[p][1][-1] % 20
        if CONSTANT[top]:
            return f"{NAMES[top]}'s effect is [Constant]: Shaman cannot use it"
        return "That is not one of the decisions open now"
    if kind == "aim":
        if args[0] == a:
            return "Sniper looks at another player's hand"
        return f"{_who(args[0])} has no card in hand"
    if kind == "return":
        return f"{args[0]} is not in your hand"
    return "That is not one of the decisions open now"


# --- outcome, view, determinize, log -----------------------------------------------

def _totals(pos: Position) -> tuple:
    totals = [sum(r[0][p] for r in pos.results) for p in range(pos.n)]
    if pos.teams:
        totals = [totals[p % 2] + totals[p % 2 + 2] for p in range(pos.n)]
    return tuple(totals)


def _outcome(pos: Position) -> Outcome:
    details = []
    for p in range(pos.n):
        row = [("Victory tokens", pos.tokens[p])]
        row += [(f"Number in game {g + 1}", r[0][p]) for g, r in enumerate(pos.results)]
        if pos.competition:
            row.append(("Team total" if pos.teams else "Total", _totals(pos)[p]))
        details.append(tuple(row))
    if pos.competition:
        totals = _totals(pos)
        target = None if pos.target is None else COMPETITION_GAMES * pos.target
        winners = judge([sum(r[0][p] for r in pos.results) for p in range(pos.n)], target=target, teams=pos.teams)
        names = " and ".join(_who(p) for p in winners)
        how = "the highest total" if target is None else f"the total closest to {target}"
        reason = f"{names} {'have' if len(winners) > 1 else 'has'} {how} after three games ({totals[winners[0]]})"
        return Outcome(totals, winners, reason, tuple(details))
    winners = tuple(p for p in range(pos.n) if pos.tokens[p] >= VICTORIES_TO_WIN)
    names = " and ".join(_who(p) for p in winners)
    reason = f"{names} {'have' if len(winners) > 1 else 'has'} two victory tokens"
    return Outcome(pos.tokens, winners, reason, tuple(details))


def _and(names: Sequence[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _all_of(count: int) -> str:
    return {1: "they take", 2: "both take", 3: "all three take", 4: "all four take"}[count]


def reason(numbers: Sequence[int], winners: Sequence[int], *, target: int | None = None,
           teams: bool = False) -> str:
    """Why ``winners`` take a victory token for a game that ended with ``numbers``, in words.

    >>> reason((73, 81), (1,))
    'Player 2 has the highest number (81 against 73), so Player 2 takes a victory token.'
    >>> reason((81, 81, 40), (0, 1))
    'Player 1 and Player 2 tie for the highest number (81); everyone tied wins, so both take a victory token.'
    >>> reason((52, 70), (0,), target=57)
    "Player 1's 52 is the closest to the target 57 (5 away; Player 2's 70 is 13 away), so Player 1 takes a
    victory token."
    >>> reason((58, 20, 40, 41), (1, 3), target=60, teams=True)
    'Team Player 2 + Player 4 has the sum closest to the target 60: 20 + 41 = 61, 1 away
    (Player 1 + Player 3: 58 + 40 = 98, 38 away), so both of them take a victory token.'
    """
    numbers, winners = list(numbers), list(winners)
    if teams and len(numbers) == 4:
        sums = [numbers[0] + numbers[2], numbers[1] + numbers[3]]
        names = ["Player 1 + Player 3", "Player 2 + Player 4"]
        sums_text = [f"{numbers[t]:02d} + {numbers[t + 2]:02d} = {sums[t]}" for t in (0, 1)]
        if len(winners) == 4:
            if target is None:
                return (f"The two teams tie with the sum {sums[0]}; everyone tied wins, so all four take a "
                        "victory token.")
            return (f"The two teams are equally close to the target {target} ({sums[0]} and {sums[1]}, "
                    f"{abs(sums[0] - target)} away each); everyone tied wins, so all four take a victory token.")
        w, o = winners[0] % 2, 1 - winners[0] % 2
        if target is None:
            return (f"Team {names[w]} has the higher sum ({sums_text[w]} against {sums_text[o]}), so both of them "
                    "take a victory token.")
        return (f"Team {names[w]} has the sum closest to the target {target}: {sums_text[w]}, "
                f"{abs(sums[w] - target)} away ({names[o]}: {sums_text[o]}, {abs(sums[o] - target)} away), "
                "so both of them take a victory token.")
    who = [_who(p) for p in winners]
    others = [p for p in range(len(numbers)) if p not in winners]
    if target is None:
        best = numbers[winners[0]]
        if len(winners) > 1:
            return (f"{_and(who)} tie for the highest number ({best:02d}); everyone tied wins, so "
                    f"{_all_of(len(winners))} a victory token.")
        rest = ", ".join(f"{numbers[p]:02d}" for p in others)
        return f"{who[0]} has the highest number ({best:02d} against {rest}), so {who[0]} takes a victory token."
    away = abs(numbers[winners[0]] - target)
    rest = "; ".join(f"{_who(p)}'s {numbers[p]:02d} is {abs(numbers[p] - target)} away" for p in others)
    if len(winners) > 1:
        mine = ", ".join(f"{_who(p)} {numbers[p]:02d}" for p in winners)
        return (f"{_and(who)} are equally close to the target {target} ({mine}: {away} away"
                + (f"; {rest}" if rest else "") + f"); everyone tied wins, so {_all_of(len(winners))} a victory token.")
    return (f"{who[0]}'s {numbers[winners[0]]:02d} is the closest to the target {target} ({away} away; {rest}), "
            f"so {who[0]} takes a victory token.")


def _board_view(board: tuple) -> dict:
    return {"x10": [_name(i) for i in board[0]], "x1": [_name(i) for i in board[1]], "number": board_value(board)}


def _result_view(pos: Position, r: tuple) -> dict:
    """One finished game's record, as every view shows it (the game is over, so nothing of it is secret)."""
    numbers, winners, boards, hands, removed, pile = r
    return {
        "numbers": list(numbers),
        "winners": list(winners),
        "reason": reason(numbers, winners, target=pos.target, teams=pos.teams),
        "boards": None if boards is None else [_board_view(b) for b in boards],
        "hands": None if hands is None else [[_name(i) for i in h] for h in hands],
        "removed": None if removed is None else [_name(i) for i in removed],
        "pile": None if pile is None else [_name(i) for i in reversed(pile)],
    }


def view(pos: Position, seat: int | None, reveal: bool = False) -> dict:
    boards = [_board_view(board) for board in pos.boards]
    # Every secret shown: the match is over (to everyone), or the whole truth was asked for (reveal).
    shown = pos.phase == "over" or reveal
    resolving = None
    if pos.phase not in ("card", "site", "over"):
        resolving = _via(pos)
    return {
        "players": pos.n,
        "deck": pos.deck,
        "teams": [[0, 2], [1, 3]] if pos.teams else None,
        "target": pos.target,
        "competition": pos.competition,
        "game_number": pos.game + 1,
        "start_player": pos.start,
        "turn": pos.turn,
        "phase": pos.phase,
        "hand": None if seat is None else [_name(i) for i in pos.hands[seat]],
        "hand_counts": [len(h) for h in pos.hands],
        "boards": boards,
        "playing": None if pos.playing < 0 else _name(pos.playing),
        "resolving": resolving,
        # the site whose cards beneath Necromancer / Archangel may choose from (public), else None
        "effect_site": SITES[pos.ctx[1]] if pos.phase == "beneath" else None,
        "pile_count": len(pos.pile),
        "removed_count": len(pos.removed),
        "pile_face_up": pos.face_up,
        # top card first; while face up (Thera), and once every secret is shown
        "pile": [_name(i) for i in reversed(pos.pile)] if pos.face_up or shown else None,
        # every hand (list per seat) and the removed cards: only once every secret is shown, else None
        "hands": [[_name(i) for i in h] for h in pos.hands] if shown else None,
        "removed": [_name(i) for i in pos.removed] if shown else None,
        "sniper": [{"seat": p, "card": _name(i)} for v, p, i in pos.shown if v == seat and seat is not None],
        "victory_tokens": list(pos.tokens),
        "results": [_result_view(pos, r) for r in pos.results],
        "totals": list(_totals(pos)),
    }


def determinize(pos: Position, seat: int | None, rng: random.Random) -> Position:
    """Resample every card ``seat`` cannot place: other hands, a face-down pile, removed cards, later deals.

    Cards the seat knows exactly stay where they are; cards it knows only as "somewhere among these
    places" (``vague``) are put at random among those places; the rest is shuffled.
    """
    if pos.phase == "over":  # every card is shown once the match is over: nothing to resample
        return pos
    me = pos.n if seat is None else seat
    exact = pos.known[me]
    slots = []  # (area, index, position in area)
    cards = []
    for p in range(pos.n):
        if p != seat:
            slots += [("hand", p, i) for i in range(len(pos.hands[p]))]
            cards += pos.hands[p]
    if not pos.face_up:
        slots += [("pile", 0, i) for i in range(len(pos.pile))]
        cards += pos.pile
    slots += [("removed", 0, i) for i in range(len(pos.removed))]
    cards += pos.removed
    where = {inst: k for k, inst in enumerate(cards)}
    placed: dict = {}  # slot number: card known vaguely, put at one of its possible places
    mine = []
    for q, group, seen in pos.vague:
        if q != me:
            continue
        places = sorted(where[x] for x in group if x in where and x not in exact)
        known_here = sorted(x for x in seen if x in where and x not in exact)[:len(places)]
        for k, inst in zip(rng.sample(places, len(known_here)), known_here):
            placed[k] = inst
        mine.append((places, frozenset(known_here)))
    taken = exact | set(placed.values())
    free = [k for k, inst in enumerate(cards) if inst not in exact and k not in placed]
    # Sorted by number first: the pool shuffled is then the same for every state with the same view.
    pool = sorted((inst for inst in cards if inst not in taken), key=lambda inst: (inst % 20, inst))
    rng.shuffle(pool)
    new = list(cards)
    for k, inst in placed.items():
        new[k] = inst
    for k, inst in zip(free, pool):
        new[k] = inst
    hands = [list(h) for h in pos.hands]
    pile, removed = list(pos.pile), list(pos.removed)
    for (area, p, i), inst in zip(slots, new):
        if area == "hand":
            hands[p][i] = inst
        elif area == "pile":
            pile[i] = inst
        else:
            removed[i] = inst
    # What the other seats knew of a place they now know of the card sampled into it; the seat's vague
    # knowledge now points at the cards sampled into those places.
    moved = dict(zip(cards, new))
    known = tuple(k if q == me else frozenset(moved.get(x, x) for x in k) for q, k in enumerate(pos.known))
    vague = tuple((q, frozenset(moved.get(x, x) for x in group), type(seen)(moved.get(x, x) for x in seen))
                  for q, group, seen in pos.vague if q != me) + tuple(
        (me, frozenset(new[k] for k in places), seen) for places, seen in mine if seen)
    return _rep(pos, hands=tuple(map(tuple, hands)), pile=tuple(pile), removed=tuple(removed),
                known=known, vague=vague, key=rng.getrandbits(64))


def _event_text(event: tuple, who: str) -> str:
    kind = event[0]
    if kind == "copy":
        return f"{NAMES[event[1]]} uses {NAMES[event[2]]}'s effect"
    if kind == "swap":
        if not event[1]:
            return "no other board can be swapped"
        return " and ".join(map(_who, event[1])) + (" swaps" if len(event[1]) == 1 else " swap") \
            + " their top cards"
    if kind == "again":
        return f"{who} will take another turn"
    if kind == "no_again":
        return "the pile is empty, so there is no extra turn"
    if kind == "emptied":
        return "the pile became empty this turn (the card put back does not change that), so the game ends"
    if kind == "thera":
        return "the pile is reversed and " + ("face up" if event[1] else "face down again")
    if kind == "draws":
        return f"{_who(event[1])} draws {_name(event[2])} from the face-up pile"
    if kind == "unused":
        return f"{NAMES[event[1]]}'s effect is not used (no chains of copies)"
    return "nothing happens"


def log_line(before: Position, after: Position, seat: int, move: Move, viewer: int | None) -> str:
    who = _who(seat)
    kind, args = move.kind, move.args
    if kind == "card":
        line = f"{who} chooses {args[0]}"
    elif kind == "site":
        p, s = args[0], SITE_INDEX[args[1]]
        where = f"their {SITE_WORDS[s]}" if p == seat else f"{_who(p)}'s {SITE_WORDS[s]}"
        t = before.playing % 20
        line = f"{who} plays {NAMES[t]} ({NUMBER[t]}) onto {where}"
    elif kind == "aim":
        line = f"{who} looks at {_who(args[0])}'s hand"
        if viewer == seat:
            line += ": " + ", ".join(_name(i) for i in before.hands[args[0]])
    elif kind == "decide":
        p = before.ctx[3]
        if args[0] == "keep":
            line = f"{who} leaves {_who(p)}'s card in their hand"
        else:
            line = f"{who} removes {_who(p)}'s hand card from the game"
            if viewer in (seat, p):
                line += " (" + ", ".join(_name(i) for i in before.hands[p]) + ")"
            if before.pile:
                line += f"; {_who(p)} draws a card"
    elif kind == "return":
        line = f"{who} puts a card back on top of the pile"
        if viewer == seat or before.face_up:
            line = f"{who} puts {args[0]} back on top of the pile"
    elif kind == "direction":
        line = f"{who} passes every hand to the {args[0]}"
    else:
        b, eff = before.boards, _via(before)

        def place(p, s):
            return f"their {SITE_WORDS[s]}" if p == seat else f"{_who(p)}'s {SITE_WORDS[s]}"

        if kind in ("take", "remove"):
            p, s = args[0], SITE_INDEX[args[1]]
            verb = "takes" if kind == "take" else "removes"
            line = f"{who} {verb} {_label(b[p][s][-1])} from {place(p, s)}"
            line += " with " + eff if kind == "take" else f" from the game with {eff}"
        elif kind == "give":
            p, s = args[0], SITE_INDEX[args[1]]
            line = f"{who} gives {_label(b[seat][1 - before.ctx[1]][-1])} to {place(p, s)} with {eff}"
        elif kind == "swap":
            whose = "their own" if args[0] == seat else f"{_who(args[0])}'s"
            line = f"{who} swaps {whose} two top cards with {eff}"
        elif kind == "possess":
            line = f"{who} uses the effect of {_who(args[0])}'s {_label(b[args[0]][1][-1])} with {eff}"
        else:  # beneath
            inst = b[seat][before.ctx[1]][args[0]]
            if before.ctx[0] == ARCHANGEL:
                line = f"{who} brings {_label(inst)} to the top with {eff}"
            else:
                line = f"{who} revives {_label(inst)} onto {place(seat, 1 - before.ctx[1])} with {eff}"
    if after.events:  # what the effects did at once (all of it public)
        line += ": " + "; ".join(_event_text(e, who) for e in after.events)
    if len(after.results) > len(before.results):
        numbers, winners = after.results[-1][:2]
        line += (f". Game {len(after.results)} ends: numbers " + ", ".join(map(str, numbers)) + "; "
                 + " and ".join(_who(p) for p in winners) + " won")
    return line


# --- building positions directly ----------------------------------------------------

def position(players: int = 2, *, boards: Sequence | None = None, hands: Sequence | None = None,
             pile: Sequence[str] = (), removed: Sequence[str] | None = None, turn: int = 0,
             deck: str = "basic", teams: bool = False, target: int | None = None, competition: bool = False,
             pile_face_up: bool = False, results: Sequence = (), start: int | None = None,
             seed: int = 0, sniper: Sequence = ()) -> State:
    """A State built directly (validated), at the moment ``turn`` chooses a card to play.

    ``boards[p]`` is ``(Site ×10 cards, Site ×1 cards)`` bottom to top;
    ``hands[p]`` lists card names: the player to move holds two (the last is
    the card drawn this turn), the others one.  ``pile`` lists the draw pile
    top card first.  Cards of the deck placed nowhere are the removed ones
    (or give ``removed`` and account for every card).  ``results`` lists the
    numbers of games already played in the match (or, per game, its final
    record as a dict: ``numbers`` and the final ``boards`` as ``[Site ×10
    cards, Site ×1 cards]`` pairs, ``hands``, ``removed`` and ``pile`` top
    card first, which every card of the deck appears in once); ``target`` is
    the target value (10-99) when the Random Number Rule is used.
    ``sniper`` lists what Sniper showed this game: ``[viewer, seat, card]``
    each (the viewer looked at that seat's hand and saw that card).  ``seed``
    makes the later games' deals.  The state has no seed, so it cannot be saved.

    >>> s = position(3, boards=[(["Luna"], []), ([], ["Elf"]), ([], [])],
    ...              hands=[["Sister", "Clown"], ["Elf"], ["Medusa"]], pile=["Clown"])
    >>> s.view(0)["boards"][0]["number"], s.view(0)["hand"], s.view(1)["pile_count"]
    (90, ['Sister', 'Clown'], 1)
    >>> position(2, hands=[["Luna", "Luna"], ["Luna"]])
    Traceback (most recent call last):
    ...
    ValueError: impossible position: Luna appears 3 times, but the basic deck has 2
    """
    def bad(text):
        return ValueError(f"impossible position: {text}")

    if type(players) is not int or not 2 <= players <= 4:
        raise bad(f"Double Nine is for 2 to 4 players (got {players!r})")
    if any(type(x) is not bool for x in (teams, competition)):
        raise bad("teams and competition must be True or False")
    try:
        game = make("double_nine", players, deck=deck, teams=teams, target=target is not None,
                    competition=competition)
    except ValueError as exc:  # an option the game does not have, or the Team Rule without 4 players
        raise bad(str(exc)) from None
    if type(seed) is not int or seed < 0:
        raise bad(f"the seed of the later deals must be a whole number from 0 (got {seed!r})")
    if target is not None and (type(target) is not int or not TARGET_RANGE[0] <= target <= TARGET_RANGE[1]):
        raise bad(f"the target value must be a whole number from 10 to 99 (got {target!r})")
    if type(turn) is not int or not 0 <= turn < players:
        raise bad(f"turn must be a seat from 0 to {players - 1} (got {turn!r})")
    start = turn if start is None else start
    if type(start) is not int or not 0 <= start < players:
        raise bad(f"start must be a seat from 0 to {players - 1} (got {start!r})")
    boards = [([], [])] * players if boards is None else boards
    hands = [[] for _ in range(players)] if hands is None else hands
    if len(boards) != players or any(len(bd) != 2 for bd in boards):
        raise bad(f"boards must give {players} pairs (Site ×10 cards, Site ×1 cards)")
    if len(hands) != players:
        raise bad(f"hands must give {players} hands")
    for p, hand in enumerate(hands):
        want = 2 if p == turn else 1
        if len(hand) != want:
            raise bad(f"{_who(p)} must hold {want} card{'s' * (want > 1)} (got {len(hand)})")
    free: dict[int, list] = {}
    for inst in DECKS[deck]:
        free.setdefault(inst % 20, []).append(inst)

    def take(name):
        if not isinstance(name, str) or name not in TYPE:
            raise bad(f"{name!r} is not a Double Nine card")
        t = TYPE[name]
        if not free.get(t):
            total = sum(1 for inst in DECKS[deck] if inst % 20 == t)
            used = sum(1 for x in everything if x == name)
            if not total:
                raise bad(f"{name} is not in the {deck} deck")
            raise bad(f"{name} appears {used} times, but the {deck} deck has {total}")
        return free[t].pop(0)

    everything = [x for bd in boards for site in bd for x in site] + [x for h in hands for x in h] + list(pile) \
        + list(removed or ())
    made_boards = tuple((tuple(take(x) for x in bd[0]), tuple(take(x) for x in bd[1])) for bd in boards)
    made_hands = tuple(tuple(take(x) for x in h) for h in hands)
    made_pile = tuple(take(x) for x in reversed(list(pile)))
    if removed is None:
        made_removed = tuple(inst for t in sorted(free) for inst in free[t])
    else:
        made_removed = tuple(take(x) for x in removed)
        left = [NAMES[t] for t in sorted(free) for _ in free[t]]
        if left:
            raise bad(f"cards of the {deck} deck are placed nowhere: {', '.join(left)}")
    if type(pile_face_up) is not bool:
        raise bad("pile_face_up must be True or False")
    if isinstance(results, (str, Mapping)):
        raise bad("results must list the games already played")
    done = tuple(_result_record(r, g, players, deck, target, teams, bad) for g, r in enumerate(results))
    tokens = tuple(sum(p in r[1] for r in done) for p in range(players))
    if competition and len(done) >= COMPETITION_GAMES:
        raise bad("the Competition Rule plays three games; the match would already be over")
    if not competition and tokens and max(tokens) >= VICTORIES_TO_WIN:
        raise bad("a player already has two victory tokens; the match would be over")
    pos = Position(n=players, deck=deck, teams=teams, target=target, competition=competition, key=seed,
                   game=len(done), start=start, tokens=tokens, results=done, boards=made_boards, hands=made_hands,
                   pile=made_pile, face_up=pile_face_up, removed=made_removed, turn=turn, phase="card", playing=-1,
                   ctx=(), extra=False, known=(frozenset(),) * (players + 1), shown=_sniper_record(sniper, players,
                                                                                                  deck, bad),
                   vague=(), events=())
    return game.state_at(pos)


def _result_record(r, g: int, players: int, deck: str, target, teams: bool, bad) -> tuple:
    """Game ``g``'s entry of position()'s ``results`` (numbers, or a final record) as Position keeps it."""
    if not isinstance(r, Mapping):
        numbers = tuple(r) if isinstance(r, (list, tuple)) else ()
        if len(numbers) != players or any(type(x) is not int or not 0 <= x <= 99 for x in numbers):
            raise bad(f"each result must give {players} numbers from 0 to 99")
        return numbers, judge(numbers, target=target, teams=teams), None, None, None, None
    what = f"the record of game {g + 1}"
    parts = ("numbers", "boards", "hands", "removed", "pile")
    if set(r) - set(parts) or set(parts[1:]) - set(r):
        raise bad(f"{what} must give its numbers, boards, hands, removed cards and pile")
    free: dict[int, list] = {}
    for inst in DECKS[deck]:
        free.setdefault(inst % 20, []).append(inst)

    def cards(names) -> tuple:
        if not isinstance(names, (list, tuple)):
            raise bad(f"{what} must list card names")
        out = []
        for name in names:
            if not isinstance(name, str) or name not in TYPE:
                raise bad(f"{name!r} in {what} is not a Double Nine card")
            if not free.get(TYPE[name]):
                raise bad(f"{what} has more {name} cards than the {deck} deck")
            out.append(free[TYPE[name]].pop(0))
        return tuple(out)

    boards, hands = r["boards"], r["hands"]
    if not isinstance(boards, (list, tuple)) or len(boards) != players \
            or any(not isinstance(bd, (list, tuple)) or len(bd) != 2 for bd in boards):
        raise bad(f"{what} must give {players} boards (Site ×10 cards, Site ×1 cards)")
    if not isinstance(hands, (list, tuple)) or len(hands) != players:
        raise bad(f"{what} must give {players} hands")
    made_boards = tuple((cards(bd[0]), cards(bd[1])) for bd in boards)
    made = (made_boards, tuple(cards(h) for h in hands), cards(r["removed"]), cards(r["pile"])[::-1])
    left = [NAMES[t] for t in sorted(free) for _ in free[t]]
    if left:
        raise bad(f"cards of the {deck} deck are placed nowhere in {what}: {', '.join(left)}")
    numbers = tuple(board_value(b) for b in made_boards)
    if "numbers" in r and list(r["numbers"]) != list(numbers):
        raise bad(f"the numbers of game {g + 1} are not its boards' numbers ({', '.join(map(str, numbers))})")
    return (numbers, judge(numbers, target=target, teams=teams)) + made


def _sniper_record(sniper, players: int, deck: str, bad) -> tuple:
    """position()'s ``sniper`` as Position keeps it: ``(viewer, seat, card)`` with a card of that name."""
    if isinstance(sniper, (str, Mapping)):
        raise bad("sniper must list [viewer, seat, card] entries")
    out = []
    for entry in sniper:
        if not isinstance(entry, (list, tuple)) or len(entry) != 3:
            raise bad(f"each Sniper entry must give [viewer, seat, card] (got {entry!r})")
        v, p, name = entry
        if any(type(x) is not int or not 0 <= x < players for x in (v, p)):
            raise bad(f"a Sniper entry names seats from 0 to {players - 1} (got {list(entry)!r})")
        if v == p:
            raise bad(f"Sniper looks at another player's hand, not {_who(v)}'s own")
        if not isinstance(name, str) or name not in TYPE:
            raise bad(f"{name!r} is not a Double Nine card")
        copies = [inst for inst in DECKS[deck] if inst % 20 == TYPE[name]]
        if not copies:
            raise bad(f"Sniper cannot have shown {name}: it is not in the {deck} deck")
        out.append((v, p, copies[0]))
    return tuple(out)



# --- the rules ------------------------------------------------------------------

class DoubleNine(Rules):
    """The Double Nine rules on the shared core (see the module docstring)."""

    name = "double_nine"
    title = "Double Nine"
    min_players = 2
    max_players = 4
    hidden_information = True
    summary = RULES_SUMMARY
    options = (
        Option("deck", "basic", tuple(DECKS), "Expansion Rule: basic, expansion, mixed (one set of each) "
               "or full (all 40 cards, 10 removed face down)"),
        Option("teams", False, (False, True), "Team Rule (4 players): opposite players add their numbers"),
        Option("target", False, (False, True), "Random Number Rule: closest to a random target value 10-99 wins"),
        Option("competition", False, (False, True), "Competition Rule: three games, highest total wins"),
    )

    def check_options(self, players, options):
        if options["teams"] and players != 4:
            raise ValueError(f"the Team Rule (teams=True) needs 4 players, opposite players forming a team "
                             f"(got {players} players)")

    def setup(self, players, options, rng):
        key = rng.getrandbits(64)
        start = rng.randrange(players)
        target = rng.randint(*TARGET_RANGE) if options["target"] else None
        return _deal(players, options["deck"], key, 0, start, options["teams"], target, options["competition"],
                     (0,) * players, ())

    # --- whose decision ---
    def to_move(self, pos):
        return None if pos.phase == "over" else pos.turn

    def prompt(self, pos, names):
        who = names[pos.turn]
        ph = pos.phase
        if ph == "card":
            if cursed(pos):  # never depends on the (hidden) drawn card: every seat reads the prompt
                return f"{who}: Dark Aiko forces you to play the card you drew, if it can be played"
            return f"{who}: choose a card from your hand to play"
        if ph == "site":
            return f"{who}: choose a site for {_name(pos.playing)}"
        eff = _via(pos)
        site = pos.ctx[1]
        if ph == "take":
            return f"{who}: choose whose top card {eff} takes"
        if ph == "remove":
            return f"{who}: choose a top card for {eff} to remove from the game"
        if ph == "give":
            card = _name(pos.boards[pos.turn][1 - site][-1])
            return f"{who}: choose another player's site for {eff} to give {card} to"
        if ph == "direction":
            return f"{who}: choose left or right; {eff} passes every hand that way"
        if ph == "beneath":
            if pos.ctx[0] == ARCHANGEL:
                return f"{who}: choose a card beneath {eff} to bring to the top"
            return f"{who}: choose a card beneath {eff} to revive onto your {SITE_WORDS[1 - site]}"
        if ph == "swap":
            return f"{who}: choose whose two top cards {eff} swaps"
        if ph == "possess":
            return f"{who}: choose another player's Site ×1 card whose effect {eff} uses"
        if ph == "aim":
            return f"{who}: choose whose hand {eff} looks at"
        if ph == "decide":
            return f"{who}: remove the card {eff} shows you from {names[pos.ctx[3]]}'s hand, or keep it there"
        if ph == "return":
            if not pos.pile:  # public: the pile count is in every view
                return (f"{who}: choose a card to put back on top of the pile ({eff}); the pile became empty "
                        "this turn, so the game ends after it")
            return f"{who}: choose a card to put back on top of the pile ({eff})"
        raise AssertionError(ph)

    def legal_moves(self, pos):
        kind = pos.phase
        if kind == "card":  # half of every turn: the Move per card type is fixed
            return tuple(map(_CARD_MOVES.__getitem__, _playable(pos)))
        if kind == "site" and pos.playing % 20 not in PLACED_ON_OTHERS:  # the player's own sites
            key = (pos.turn, pos.playing % 20)
            moves = _OWN_SITE_MOVES.get(key)
            if moves is None:
                moves = _OWN_SITE_MOVES[key] = tuple(_move(pos, kind, args) for args in _options(pos))
            return moves
        return tuple(_move(pos, kind, args) for args in _options(pos))

    def apply(self, pos, move):
        kind, args, a = move.kind, move.args, pos.turn
        # The last move's events are cleared first (in the same update in the two commonest branches).
        if kind == "card":
            t = TYPE[args[0]]
            hand = pos.hands[a]
            i = 0 if hand[0] % 20 == t else next(i for i, inst in enumerate(hand) if inst % 20 == t)
            pos = _rep(pos, hands=_with(pos.hands, a, hand[:i] + hand[i + 1:]), playing=hand[i], phase="site",
                       events=())
            if pos.vague or any(inst % 20 == t for inst in hand[:i] + hand[i + 1:]):
                # Which copy or which hand card was chosen is hidden; the chosen card is public.
                known, vague = _leaves(pos.known, pos.vague, a, hand, hand[i])
                known, vague = _learn(known, vague, range(pos.n + 1), {hand[i]})
                pos = _rep(pos, known=known, vague=vague)
            return pos
        b = pos.boards
        if kind == "site":
            p, s = args[0], SITE_INDEX[args[1]]
            inst = pos.playing
            pos = _rep(pos, boards=_set_site(b, p, s, b[p][s] + (inst,)), playing=-1, events=())
            if p != a:
                return _end_turn(pos)  # Aiko / Dark Aiko: placement only
            return _effect(pos, inst % 20, s, ())
        if pos.events:
            pos = _rep(pos, events=())
        t, site, via = pos.ctx[:3]
        if kind in ("take", "remove"):
            p, s = args[0], SITE_INDEX[args[1]]
            stack = b[p][s]
            b = _set_site(b, p, s, stack[:-1])
            if kind == "take":
                b = _set_site(b, a, 1 - site, b[a][1 - site] + stack[-1:])
                return _end_turn(_rep(pos, boards=b))
            known, vague = _learn(pos.known, pos.vague, range(pos.n + 1), frozenset(stack[-1:]))
            return _end_turn(_rep(pos, boards=b, removed=pos.removed + stack[-1:], known=known, vague=vague))
        if kind == "give":
            p, s = args[0], SITE_INDEX[args[1]]
            mine = b[a][1 - site]
            b = _set_site(b, a, 1 - site, mine[:-1])
            return _end_turn(_rep(pos, boards=_set_site(b, p, s, b[p][s] + mine[-1:])))
        if kind == "direction":
            n, hands = pos.n, pos.hands
            step = 1 if args[0] == "left" else -1
            new = tuple(hands[(p - step) % n] for p in range(n))
            known, vague = pos.known, pos.vague
            for p in range(n):  # each player knows the card it passed and the card it received
                known, vague = _learn(known, vague, (p,), frozenset(hands[p] + new[p]))
            return _end_turn(_rep(pos, hands=new, known=known, vague=vague))
        if kind == "beneath":
            i = args[0]
            stack = b[a][site]
            inst = stack[i]
            if t == ARCHANGEL:
                up = inst % 20
                b = _set_site(b, a, site, stack[:i] + stack[i + 1:] + (inst,))
                pos = _rep(pos, boards=b)
                if up in (COPYABLE if via else ARCHANGEL_RESOLVES):
                    return _effect(pos, up, site, via + (ARCHANGEL,))
                if via and up in CHAIN_CARDS:  # decision 5: no chain through a second copier
                    pos = _note(pos, ("unused", up))
                return _end_turn(pos)
            b = _set_site(b, a, site, stack[:i] + stack[i + 1:])
            b = _set_site(b, a, 1 - site, b[a][1 - site] + (inst,))
            return _end_turn(_rep(pos, boards=b))
        if kind == "swap":
            p = args[0]
            tens, ones = b[p]
            b = _set_site(_set_site(b, p, 0, tens[:-1] + ones[-1:]), p, 1, ones[:-1] + tens[-1:])
            return _end_turn(_rep(pos, boards=b))
        if kind == "possess":
            top = _top(b, args[0], 1)
            if top in SHAMAN_RESOLVES:
                return _effect(pos, top, site, via + (SHAMAN,))
            return _end_turn(_note(pos, ("nothing",)))  # Elf, Aiko, Luna; Hacker / Shaman: no chains of copies
        if kind == "aim":
            p = args[0]
            known, vague = _learn(pos.known, pos.vague, (a,), frozenset(pos.hands[p]))
            shown = pos.shown + tuple((a, p, inst) for inst in pos.hands[p])
            return _rep(pos, phase="decide", ctx=(t, site, via, p), known=known, vague=vague, shown=shown)
        if kind == "decide":
            p = pos.ctx[3]
            if args[0] == "keep":
                return _end_turn(pos)
            gone = pos.hands[p]
            known, vague = _learn(pos.known, pos.vague, (p,), frozenset(gone))
            hands, pile = _with(pos.hands, p, ()), pos.pile
            if pile:
                hands = _with(hands, p, (pile[-1],))
                who = range(pos.n + 1) if pos.face_up else (p,)
                known, vague = _learn(known, vague, who, {pile[-1]})
                pile = pile[:-1]
            return _end_turn(_rep(pos, hands=hands, pile=pile, removed=pos.removed + gone, known=known,
                                          vague=vague))
        if kind == "return":
            hand = pos.hands[a]
            i = next(i for i, inst in enumerate(hand) if NAMES[inst % 20] == args[0])
            inst = hand[i]
            # Fortune Teller drew the last card: the pile became empty this turn, so the game ends at its
            # end although the card put back lies on the pile again (rulings: "any effect that empties it
            # counts").  docs/double_nine.md explains this reading.
            emptied = not pos.pile
            known, vague = pos.known, pos.vague
            if pos.face_up:
                known, vague = _leaves(known, vague, a, hand, inst)
                known, vague = _learn(known, vague, range(pos.n + 1), {inst})
            else:
                # The others cannot tell which card went back: what they knew of this hand becomes
                # "in that hand or on top of the pile".
                known, vague = _blur(known, vague, a, hand)
                known, vague = _learn(known, vague, (a,), {inst})
            pos = _rep(pos, hands=_with(pos.hands, a, hand[:i] + hand[i + 1:]), pile=pos.pile + (inst,),
                       known=known, vague=vague)
            if emptied:
                pos = _note(pos, ("emptied",))
            return _end_turn(pos, emptied)
        raise AssertionError(kind)

    def outcome(self, pos):
        if pos.phase != "over":
            return None
        return _outcome(pos)

    # --- moves as data ---
    def move_from_json(self, obj):
        kind, args = obj["kind"], tuple(obj["args"])
        check = _KIND_ARGS.get(kind)
        if check is None:
            raise ValueError(f"unknown kind {kind!r}; kinds are: {', '.join(_KIND_ARGS)}")
        if not check(args):
            raise ValueError(f"{kind!r} takes args {_KIND_HELP[kind]} (got {list(args)!r})")
        return Move(kind, args, _plain_text(kind, args))


RULES = register(DoubleNine())
