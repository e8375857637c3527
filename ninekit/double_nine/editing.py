"""Double Nine positions edited part by part (the sandbox's position editor).

The parts are those of :func:`ninekit.double_nine.rules.position`: each player's two Sites (Site ×10 and Site ×1,
cards bottom first), each card in each hand (the player to play holds two, the last one drawn this turn), the draw
pile (top card first, face down or face up after Thera), the removed cards, who is to play and who started this
game, the finished games of the match (their numbers give the victory tokens), what Sniper showed this game, and
the selection rules (the deck, the target value, the Team Rule, the Competition Rule).  There is one of each
card: putting a card somewhere takes it from where it was, and the card it replaces goes there instead.

    >>> import ninekit
    >>> from ninekit.editing import empty_table
    >>> d = empty_table(ninekit.make("double_nine", 2))
    >>> d.set("site.0.x10", "Luna").state.view(0)["boards"][0]["number"]
    90
"""

from __future__ import annotations

from collections import Counter

from ..editing import Part, copied, whole_number
from .data import DECKS, NAMES, SITE_WORDS, SITES, TARGET_RANGE, TYPE

__all__ = ["args_of", "empty", "parts", "set_part"]

# --- data tables ---------------------------------------------------------------
EDITABLE = ("A Double Nine position can be edited when a player is about to choose a card to play; "
            "go back or forward to one")
OVER = "A Double Nine position can be edited while the match goes on, not once it is over; go back to a turn of it"
SITE_SYNTAX = "card names, bottom card first, separated by commas (leave empty for an empty Site)"
PILE_SYNTAX = "card names, top card first, separated by commas (leave empty for an empty pile)"
REMOVED_SYNTAX = "card names, separated by commas (leave empty for none)"
RESULT_SYNTAX = "each player's number (0 to 99) in seat order, separated by commas, e.g. 73, 81"
SNIPER_SYNTAX = "the hand looked at and the card seen, e.g. 'Player 2: Elf', separated by semicolons " \
                "(leave empty for nothing)"
TARGET_SYNTAX = f"none, or a whole number from {TARGET_RANGE[0]} to {TARGET_RANGE[1]}"
SEED_SYNTAX = "a whole number from 0 to 2**64 - 1"
FACES = ("face down", "face up (Thera)")
ON_OFF = ("off", "on")
SEED_LIMIT = 2 ** 64
CARD_OF = {name.lower(): name for name in NAMES}  # card names as typed, any case
# Where a card put somewhere is taken from, first place first: the unseen places, then the hands, then the Sites.
SEARCH = ("removed", "pile", "hand", "site")


# --- reading values ------------------------------------------------------------

def _seats(args: dict) -> tuple:
    return tuple(f"Player {p + 1}" for p in range(args["players"]))


def _card(text: str, label: str, syntax: str) -> str:
    name = CARD_OF.get(text.strip().lower())
    if name is None:
        raise ValueError(f"{text.strip()!r} is not a Double Nine card ({label} takes {syntax})")
    return name


def _cards(value: str, label: str, syntax: str) -> list:
    value = value.strip()
    return [_card(x, label, syntax) for x in value.split(",")] if value else []


def _seat(value: str, args: dict, label: str) -> int:
    for p, name in enumerate(_seats(args)):
        if value.strip().lower() == name.lower():
            return p
    raise ValueError(f"{value.strip()!r} is not a player of this game ({label} takes one of: "
                     f"{', '.join(_seats(args))})")


# --- the four functions ----------------------------------------------------------

def args_of(state) -> dict:
    """The keywords of :func:`ninekit.double_nine.rules.position` that rebuild ``state`` (JSON-able).

    Only a position where a player is about to choose a card to play can be rebuilt; elsewhere ``ValueError``
    says so in a sentence.

    >>> from ninekit.double_nine import position
    >>> s = position(2, hands=[["Elf", "Luna"], ["Clown"]], pile=["Sister"])
    >>> a = args_of(s)
    >>> a["hands"], a["pile"], a["turn"], position(**a).view(0) == s.view(0)
    ([['Elf', 'Luna'], ['Clown']], ['Sister'], 0, True)
    >>> args_of(s.play(s.legal_moves()[0]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: A Double Nine position can be edited when a player is about to choose a card to play; go back ...
    """
    if state.game.name != "double_nine":
        raise ValueError(f"this is not a Double Nine position but one of {state.game.title}")
    pos = state.position
    if pos.phase == "over":
        raise ValueError(OVER)
    if pos.phase != "card":
        raise ValueError(EDITABLE)

    def names(cards) -> list:
        return [NAMES[c % 20] for c in cards]

    results = []
    for numbers, _winners, boards, hands, removed, pile in pos.results:
        if boards is None:
            results.append(list(numbers))
        else:
            results.append({"numbers": list(numbers), "boards": [[names(b[0]), names(b[1])] for b in boards],
                            "hands": [names(h) for h in hands], "removed": names(removed),
                            "pile": names(reversed(pile))})
    return {
        "players": pos.n,
        "boards": [[names(b[0]), names(b[1])] for b in pos.boards],
        "hands": [names(h) for h in pos.hands],
        "pile": names(reversed(pos.pile)),
        "removed": names(pos.removed),
        "turn": pos.turn,
        "start": pos.start,
        "deck": pos.deck,
        "teams": pos.teams,
        "target": pos.target,
        "competition": pos.competition,
        "pile_face_up": pos.face_up,
        "results": results,
        "seed": pos.key,
        "sniper": [[v, p, NAMES[c % 20]] for v, p, c in pos.shown],
    }


def empty(game) -> dict:
    """The keywords of the emptiest Double Nine table for ``game``: nothing on the boards, nothing removed, the
    first player to play holding two cards and the others one, every other card on the pile.

    >>> import ninekit
    >>> a = empty(ninekit.make("double_nine", 3))
    >>> a["hands"], len(a["pile"]), a["boards"][0]
    ([['Reaper', 'Reaper'], ['Hacker'], ['Hacker']], 16, [[], []])
    """
    options = game.options
    deck = [NAMES[c % 20] for c in sorted(DECKS[options["deck"]], key=lambda c: (c % 20, c))]
    n = game.players
    hands = [deck[:2]] + [[deck[1 + p]] for p in range(1, n)]
    return {
        "players": n, "boards": [[[], []] for _ in range(n)], "hands": hands, "pile": deck[n + 1:], "removed": [],
        "turn": 0, "start": 0, "deck": options["deck"], "teams": options["teams"],
        "target": (TARGET_RANGE[0] + TARGET_RANGE[1]) // 2 if options["target"] else None,
        "competition": options["competition"], "pile_face_up": False, "results": [], "seed": 0, "sniper": [],
    }


def _deck_names(args: dict) -> tuple:
    """The card names of the deck in ``args`` (every name when the deck is not one of the game's)."""
    cards = DECKS.get(args.get("deck"), DECKS["full"])
    return tuple(NAMES[t] for t in sorted({c % 20 for c in cards}))


def _numbers(result) -> list:
    return list(result["numbers"]) if isinstance(result, dict) and "numbers" in result else list(result)


def _hand_label(name: str, k: int, size: int) -> str:
    if size == 1:
        return f"{name}'s hand"
    return f"{name}'s hand: card drawn this turn" if k == size - 1 else f"{name}'s hand: card {k + 1}"


def _most_games(args: dict) -> int:
    """The most finished games the Games finished part offers: two with the Competition Rule (the third ends
    the match), else one per player (a second victory token would end the match)."""
    return 2 if args.get("competition") else args["players"]


def parts(args: dict, game) -> list:
    """Everything of the position ``args`` that can be changed, in Double Nine's words.

    >>> import ninekit
    >>> ps = parts(empty(ninekit.make("double_nine", 2)), ninekit.make("double_nine", 2))
    >>> [(p.key, p.label, p.value, p.board) for p in ps][:2]
    [('site.0.x10', "Player 1's Site ×10", '', 'site:0:x10'), ('site.0.x1', "Player 1's Site ×1", '', 'site:0:x1')]
    >>> [p.key for p in ps if p.group == "Who moves"]
    ['turn', 'start']
    """
    seats = _seats(args)
    deck_names = _deck_names(args)
    out = []
    for p, name in enumerate(seats):
        for s, site in enumerate(SITES):
            stack = args["boards"][p][s] if p < len(args["boards"]) else []
            out.append(Part(f"site.{p}.{site}", "Boards", f"{name}'s {SITE_WORDS[s]}", ", ".join(stack),
                            syntax=SITE_SYNTAX, board=f"site:{p}:{site}",
                            offers=_offers(stack, deck_names, top_first=False)))
    for p, name in enumerate(seats):
        hand = args["hands"][p] if p < len(args["hands"]) else []
        for k, card in enumerate(hand):
            out.append(Part(f"hand.{p}.{k}", "Hands", _hand_label(name, k, len(hand)), card, choices=deck_names,
                            board=f"hand:{p}:{k}"))
    out.append(Part("pile", "Draw pile", "Draw pile, top card first", ", ".join(args["pile"]),
                    syntax=PILE_SYNTAX, board="pile", offers=_offers(args["pile"], deck_names, top_first=True)))
    out.append(Part("pile_face_up", "Draw pile", "Draw pile face down or face up",
                    FACES[bool(args.get("pile_face_up"))], choices=FACES))
    removed = list(args.get("removed") or [])
    out.append(Part("removed", "Removed cards", "Removed from the game face down", ", ".join(removed),
                    syntax=REMOVED_SYNTAX, offers=_offers(removed, deck_names, top_first=False, pile=False)))
    turn, start = args.get("turn", 0), args.get("start")
    out.append(Part("turn", "Who moves", "Player to play", seats[turn], choices=seats))
    out.append(Part("start", "Who moves", "Start player of this game", seats[turn if start is None else start],
                    choices=seats))
    results = args.get("results") or []
    games = tuple(str(g) for g in range(max(_most_games(args), len(results)) + 1))
    out.append(Part("games", "Victory tokens", "Games of the match finished", str(len(results)), choices=games))
    for g, result in enumerate(results):
        out.append(Part(f"result.{g}", "Victory tokens", f"Game {g + 1}: each player's number",
                        ", ".join(map(str, _numbers(result))), syntax=RESULT_SYNTAX))
    for v, name in enumerate(seats):
        seen = [f"{seats[p]}: {card}" for w, p, card in args.get("sniper") or [] if w == v]
        out.append(Part(f"sniper.{v}", "What Sniper showed", f"What Sniper showed {name} this game",
                        "; ".join(seen), syntax=SNIPER_SYNTAX))
    out.append(Part("deck", "Selection rules", "Deck (Expansion Rule)", args.get("deck", "basic"),
                    choices=tuple(DECKS)))
    target = args.get("target")
    out.append(Part("target", "Selection rules", "Target value (Random Number Rule)",
                    "none" if target is None else str(target), syntax=TARGET_SYNTAX))
    if args["players"] == 4:
        out.append(Part("teams", "Selection rules", "Team Rule", ON_OFF[bool(args.get("teams"))], choices=ON_OFF))
    out.append(Part("competition", "Selection rules", "Competition Rule", ON_OFF[bool(args.get("competition"))],
                    choices=ON_OFF))
    out.append(Part("seed", "Selection rules", "Shuffle of the later games' deals", str(args.get("seed", 0)),
                    syntax=SEED_SYNTAX))
    return out


def _offers(cards: list, names, top_first: bool, pile: bool = True) -> tuple:
    """A stack's ready-made values, as buttons: each card of the deck put on top (taken from where it is), and
    the top card taken off (``pile=False``: a set of cards, added to and taken from at its end).

    >>> _offers(["Elf"], ("Elf", "Luna"), top_first=False)[1:]
    (('Put Luna on top', 'Elf, Luna'), ('Take the top card (Elf) off', ''))
    """
    on, off = ("Put {} on top", "Take the top card ({}) off") if pile else ("Add {}", "Take {} out")
    added = tuple((on.format(name), ", ".join([name, *cards] if top_first else [*cards, name])) for name in names)
    if not cards:
        return added
    top = cards[0] if top_first else cards[-1]
    return added + ((off.format(top), ", ".join(cards[1:] if top_first else cards[:-1])),)


# --- moving cards: one of each card ----------------------------------------------------

def _places(a: dict, kind: str) -> list:
    """The lists of card names of one kind of place in ``a``, each with its name: (place, list)."""
    if kind == "removed":
        return [(("removed",), a["removed"])]
    if kind == "pile":
        return [(("pile",), a["pile"])]
    if kind == "hand":
        return [(("hand", p), hand) for p, hand in enumerate(a["hands"])]
    return [(("site", p, s), a["boards"][p][s]) for p in range(len(a["boards"])) for s in (0, 1)]


def _find(a: dict, name: str, skip) -> tuple | None:
    """Where a card ``name`` is, other than ``skip`` (a place, or a (place, index) slot): (list, index)."""
    for kind in SEARCH:
        for place, cards in _places(a, kind):
            if place == skip:
                continue
            # the pile from its bottom card, a Site from its bottom card: what counts now moves last
            order = range(len(cards)) if kind == "site" else range(len(cards) - 1, -1, -1)
            for i in order:
                if cards[i] == name and (place, i) != skip:
                    return cards, i
    return None


def _refill(a: dict, cards: list, i: int) -> None:
    """A hand lost card ``i`` with nothing to put in its place: a removed card or the pile's top card fills it."""
    spare = a["removed"] if a["removed"] else a["pile"]
    if spare:
        cards.insert(i, spare.pop(0) if spare is a["pile"] else spare.pop())


def _put_stack(a: dict, place: tuple, cards: list, new: list) -> None:
    """Place ``place`` (its list ``cards``) now holds ``new``: cards added come from where they were, cards
    dropped go where those came from, or else are removed (a removed card dropped goes under the pile)."""
    dropped = list((Counter(cards) - Counter(new)).elements())
    dropped.sort(key=cards.index)
    added = Counter(new) - Counter(cards)
    cards[:] = new
    for name in list(added.elements()):
        found = _find(a, name, place)
        if found is None:
            continue  # no other copy: position() says whether the deck has this many
        where, i = found
        if dropped:
            where[i] = dropped.pop(0)
        else:
            del where[i]
            if any(where is hand for hand in a["hands"]):
                _refill(a, where, i)
    (a["pile"] if place == ("removed",) else a["removed"]).extend(dropped)


def _redeal(a: dict, deck: str) -> None:
    """``a`` with the deck ``deck``: every card the new deck has stays where it is, the others give way to the
    new deck's cards (a hand short of cards takes them first, then the pile's top card or a removed card; the
    rest goes under the pile)."""
    free = Counter(NAMES[c % 20] for c in DECKS[deck])

    def keep(cards: list) -> list:
        out = []
        for name in cards:
            if free[name] > 0:
                free[name] -= 1
                out.append(name)
        return out

    a["boards"] = [[keep(b[0]), keep(b[1])] for b in a["boards"]]
    hands = [keep(h) for h in a["hands"]]
    a["removed"] = keep(a["removed"])
    a["pile"] = keep(a["pile"])
    rest = [NAMES[t] for t in sorted(TYPE[x] for x in free.elements())]
    for p, hand in enumerate(hands):
        want = 2 if p == a["turn"] else 1
        while len(hand) < want and (rest or a["pile"] or a["removed"]):
            hand.append(rest.pop(0) if rest else a["pile"].pop(0) if a["pile"] else a["removed"].pop())
    a["hands"] = hands
    a["pile"] += rest
    a["deck"] = deck
    names = {NAMES[c % 20] for c in DECKS[deck]}
    a["sniper"] = [e for e in a.get("sniper") or [] if e[2] in names]


def _default_result(a: dict, g: int) -> list:
    """A finished game that player ``g`` (counting round the table) won alone: the target or 99, the others 0."""
    n = a["players"]
    best = a["target"] if a.get("target") is not None else 99
    return [best if p == g % n else 0 for p in range(n)]


def set_part(args: dict, key: str, value: str, game) -> dict:
    """New keywords with part ``key`` set to ``value`` (``args`` is not changed).

    A card put somewhere is taken from where it was, and the card it replaces goes there (so the position
    stays playable); ``ValueError`` names a key or a value that cannot be read.  The rules are not checked
    here: position() checks them.

    >>> import ninekit
    >>> g = ninekit.make("double_nine", 2)
    >>> a = empty(g)
    >>> b = set_part(a, "hand.1.0", "Luna", g)
    >>> b["hands"][1], "Hacker" in b["pile"], a["hands"][1]
    (['Luna'], True, ['Hacker'])
    >>> set_part(a, "site.0.x10", "Elf, Lunar", g)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 'Lunar' is not a Double Nine card (Player 1's Site ×10 takes card names, bottom card first, ...)
    """
    a = copied(args)
    for field, default in (("removed", []), ("sniper", []), ("results", []), ("seed", 0), ("start", None)):
        a.setdefault(field, default)
    if a["removed"] is None:
        a["removed"] = []
    a["pile"] = list(a.get("pile") or [])
    labels = {p.key: p for p in parts(a, game)}
    part = labels.get(key)
    if part is None:
        raise ValueError(f"Double Nine has no part {key!r} to change here")
    label = part.label
    bits = key.split(".")
    if bits[0] == "site":
        p, s = int(bits[1]), SITES.index(bits[2])
        place = ("site", p, s)
        _put_stack(a, place, a["boards"][p][s], _cards(value, label, SITE_SYNTAX))
    elif bits[0] == "hand":
        p, k = int(bits[1]), int(bits[2])
        name = _card(value, label, "a card name")
        old = a["hands"][p][k]
        if name != old:
            found = _find(a, name, (("hand", p), k))
            a["hands"][p][k] = name
            if found is None:
                a["removed"].append(old)
            else:
                where, i = found
                where[i] = old
    elif key == "pile":
        _put_stack(a, ("pile",), a["pile"], _cards(value, label, PILE_SYNTAX))
    elif key == "removed":
        _put_stack(a, ("removed",), a["removed"], _cards(value, label, REMOVED_SYNTAX))
    elif key == "pile_face_up":
        if value not in FACES:
            raise ValueError(f"{value!r}: the draw pile is {' or '.join(FACES)}")
        a["pile_face_up"] = value == FACES[1]
    elif key == "turn":
        new, old = _seat(value, a, label), a["turn"]
        if new != old and len(a["hands"][old]) > 1:  # the card drawn this turn goes to the new player to play
            a["hands"][new].append(a["hands"][old].pop())
        a["turn"] = new
    elif key == "start":
        a["start"] = _seat(value, a, label)
    elif key == "games":
        count = whole_number(value, "a number of games", 0)
        a["results"] = a["results"][:count] + [_default_result(a, g) for g in range(len(a["results"]), count)]
    elif bits[0] == "result":
        numbers = [whole_number(x, "a player's number", 0) for x in value.split(",")] if value.strip() else []
        a["results"][int(bits[1])] = numbers
    elif bits[0] == "sniper":
        v = int(bits[1])
        seen = []
        for entry in (x for x in value.split(";") if x.strip()):
            whose, colon, card = entry.partition(":")
            if not colon:
                raise ValueError(f"{entry.strip()!r} cannot be read ({label} takes {SNIPER_SYNTAX})")
            seen.append([v, _seat(whose, a, label), _card(card, label, SNIPER_SYNTAX)])
        a["sniper"] = [e for e in a["sniper"] if e[0] != v] + seen
    elif key == "deck":
        if value not in DECKS:
            raise ValueError(f"{value!r} is not a deck of the Expansion Rule (one of: {', '.join(DECKS)})")
        if value != a["deck"]:
            _redeal(a, value)
    elif key == "target":
        a["target"] = None if value.strip().lower() == "none" else whole_number(value, "a target value", 0)
    elif key in ("teams", "competition"):
        if value not in ON_OFF:
            raise ValueError(f"{value!r}: the {label} is {' or '.join(ON_OFF)}")
        a[key] = value == "on"
    elif key == "seed":
        seed = whole_number(value, "a seed", 0)
        if seed >= SEED_LIMIT:
            raise ValueError(f"{value!r} is too large ({label} takes {SEED_SYNTAX})")
        a["seed"] = seed
    return a
