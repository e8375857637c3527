"""Editing a Count of Nine position part by part (the sandbox's position editor; see :mod:`ninekit.editing`).

A position is the keywords of :func:`ninekit.count_of_nine.rules.position`: the target, the deck (the centre
card first), the discard pile (bottom first), the city, the tilts (sources used this round), the round, what the
Builder knows, and the match.  The parts, in the game's words:

* **Target**: the high structure set aside with its card (changing it swaps the two cards: the old target's card
  takes the new one's place in the deck or on the discard pile);
* **Round**: the round (0: set-up, choosing the top card's active resource), whether the Builder knows the deck's
  order below the play area, and whether a build was possible earlier this round;
* **Cards**: each card's place (the centre card, a place in the deck or on the discard pile, a structure in the
  city, set aside as the target, out of play), one card at a time, and which edge of it is on top (rotated);
* **Deck** and **Discard pile**: their whole order written out;
* **City**: the round each structure was built in; **Tilts**: the sources used this round;
* **Match**: games in the match, which game this is, game 1's score, the seed of later shuffles.

    >>> import ninekit
    >>> from ninekit.editing import empty_table
    >>> d = empty_table(ninekit.make("count_of_nine", games=1))
    >>> d.part("card2").value, d.part("deck").value
    ('the centre card', '2, 3, 4, 5, 6, 7, 8, 9')
    >>> d = d.set("card6", "the city: Tavern, built this round")
    >>> d.problem is None and [c["name"] for c in d.state.view(0)["city"]]
    ['Tavern']
"""

from __future__ import annotations

import re

from ..editing import Part, whole_number
from .data import CARDS, HIGH_STRUCTURES, ROUND_LIMIT, STRUCTURES, TARGET_CARD
from .rules import score_game

# --- data tables ---------------------------------------------------------------------------------------------

EDITABLE = ("A Count of Nine position can be edited when the Builder is about to build or pass in a round, or at "
            "set-up when choosing the top card's active resource; go back or forward to one")
GROUPS = {"target": "Target", "round": "Round", "cards": "Cards", "deck": "Deck", "discard": "Discard pile",
          "city": "City", "tilts": "Tilts (used this round)", "match": "Match"}
CARD_SYNTAX = "card numbers 1-9 separated by commas, r after a rotated card (e.g. 3, 6r, 9)"
DECK_SYNTAX = {True: "the centre card first, then the top card of the deck and on down: " + CARD_SYNTAX,
               False: "the top card first and on down: " + CARD_SYNTAX}
DISCARD_SYNTAX = "the bottom card first, up to the top discard: " + CARD_SYNTAX
SEED_LIMIT = 2 ** 64
YES_NO = ("yes", "no")
KNOWN = ("known", "not known")
TILTS = ("tilted", "not tilted")
GAME_WORDS = ("game 1", "game 2")
ASIDE = "set aside as the target"
OUT = "out of play"
ORDINALS = ("", "1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")
# A card's high structure (the five target cards), and the structures a card can stand as in the city.
HIGH_ON = {TARGET_CARD[name][0]: name for name in HIGH_STRUCTURES}
CITY_NAMES = {card: tuple(n for f in "AB" for n in CARDS[card][f][2:] if n != "Demolition Team") for card in CARDS}
CARD_TOKEN = re.compile(r"^([1-9])(r?)$", re.IGNORECASE)


# --- reading and writing the keywords ----------------------------------------------------------------------------

def _code(text: str) -> int:
    """ "6r" -> card 6 rotated, as ``card * 2 + rotated``."""
    raw = str(text).strip().lower()
    return int(raw.rstrip("r")) * 2 + raw.endswith("r")


def _word(code: int) -> str:
    return f"{code >> 1}{'r' * (code & 1)}"


def _city_entry(text: str, rnd: int) -> tuple:
    """ "Tavern@6" / "Tavern@6!" / "Tavern@6:2" -> (card, name, round built)."""
    text = str(text)
    fresh = text.endswith("!")
    name, _, rest = text.rstrip("!").partition("@")
    card, colon, built = rest.partition(":")
    return int(card), name, int(built) if colon else rnd if fresh else rnd - 1


def _city_text(card: int, name: str, built: int, rnd: int) -> str:
    if built == rnd:
        return f"{name}@{card}!"
    return f"{name}@{card}" if built == rnd - 1 else f"{name}@{card}:{built}"


def _table(args: dict) -> dict:
    """The keywords as a table: the deck and discard pile as codes, the city as (card, name, built), the tilted
    cards as a set of card numbers."""
    rnd = int(args.get("round", 1))
    deck = [_code(c) for c in args.get("deck", ())]
    discard = [_code(c) for c in args.get("discard", ())]
    city = [_city_entry(e, rnd) for e in args.get("city", ())]
    tilted = set()
    for source in args.get("used", ()):
        name, _, card = str(source).partition("@")
        if source == "discard":
            tilted.update(code >> 1 for code in discard[-1:])
        elif card.isdigit():
            tilted.add(int(card))
    return {"target": args.get("target", "Castle"), "deck": deck, "discard": discard, "city": city, "tilted": tilted,
            "round": rnd, "order_known": bool(args.get("order_known", True)),
            "could_build": bool(args.get("could_build", False)), "games": int(args.get("games", 1)),
            "results": list(args.get("results", ())), "seed": int(args.get("seed", 0))}


def _keywords(t: dict) -> dict:
    """The table back as ``position()``'s keywords (a tilt on a card neither on the pile nor in the city is
    dropped: it has nothing left to tilt)."""
    rnd, discard = t["round"], t["discard"]
    used = []
    for code in discard:
        if code >> 1 in t["tilted"]:
            used.append("discard" if code == discard[-1] else f"discard@{code >> 1}")
    used += [f"{name}@{card}" for card, name, _b in t["city"] if card in t["tilted"]]
    return {"target": t["target"], "deck": [_word(c) for c in t["deck"]], "discard": [_word(c) for c in discard],
            "city": [_city_text(card, name, built, rnd) for card, name, built in t["city"]], "used": used,
            "round": rnd, "order_known": t["order_known"], "could_build": t["could_build"], "games": t["games"],
            "results": list(t["results"]), "seed": t["seed"]}


# --- where a card is ----------------------------------------------------------------------------------------------

def _deck_words(index: int, rnd: int) -> str:
    if rnd > 0:
        return ("the centre card" if index == 0 else "the top card of the deck" if index == 1
                else f"the deck, {ORDINALS[index]} from the top")
    return "the top card of the deck" if index == 0 else f"the deck, {ORDINALS[index + 1]} from the top"


def _discard_words(from_top: int) -> str:
    return "the top discard" if from_top == 1 else f"the discard pile, {ORDINALS[from_top]} from the top"


def _city_words(name: str, fresh: bool) -> str:
    return f"the city: {name}" + (", built this round" if fresh else "")


def _place(t: dict, card: int) -> tuple:
    """Where ``card`` is: ("deck", index) / ("discard", index) / ("city", index) / ("aside",) / ("out",)."""
    for where in ("deck", "discard"):
        for i, code in enumerate(t[where]):
            if code >> 1 == card:
                return where, i
    for i, entry in enumerate(t["city"]):
        if entry[0] == card:
            return "city", i
    return ("aside",) if card == TARGET_CARD[t["target"]][0] else ("out",)


def _place_words(t: dict, card: int) -> str:
    place = _place(t, card)
    if place[0] == "deck":
        return _deck_words(place[1], t["round"])
    if place[0] == "discard":
        return _discard_words(len(t["discard"]) - place[1])
    if place[0] == "city":
        _c, name, built = t["city"][place[1]]
        return _city_words(name, built >= t["round"])
    return ASIDE if place[0] == "aside" else OUT


def _place_choices(t: dict, card: int) -> dict:
    """Every place ``card`` can be put, in words -> (where, index or (name, fresh))."""
    place = _place(t, card)
    out = {}
    deck_len = len(t["deck"]) + (place[0] != "deck")
    for i in range(min(deck_len, len(ORDINALS) - 1)):
        out[_deck_words(i, t["round"])] = ("deck", i)
    pile_len = len(t["discard"]) + (place[0] != "discard")
    for j in range(1, min(pile_len, len(ORDINALS) - 1) + 1):
        out[_discard_words(j)] = ("discard", j)
    for name in CITY_NAMES[card]:
        for fresh in (False, True):
            out[_city_words(name, fresh)] = ("city", (name, fresh))
    if card in HIGH_ON:
        out[ASIDE] = ("aside", None)
    if place[0] != "aside":
        out[OUT] = ("out", None)
    return out


def _take(t: dict, card: int) -> tuple:
    """Take ``card`` from where it is: (where it was, its index there, its code or city entry)."""
    place = _place(t, card)
    if place[0] in ("deck", "discard", "city"):
        return place[0], place[1], t[place[0]].pop(place[1])
    return place[0], None, None


def _put_in_city(t: dict, entry: tuple, index: int | None = None) -> None:
    """``entry`` into the city: at ``index``, or after every structure built no later than it."""
    if index is None:
        index = sum(1 for _c, _n, built in t["city"] if built <= entry[2])
    t["city"].insert(index, entry)


def _move_card(t: dict, card: int, where: str, at) -> None:
    """Put ``card`` at a place, taking it from where it was (a tilt stays only on a card kept on the pile)."""
    was, index, old = _take(t, card)
    code = old if was in ("deck", "discard") else card * 2
    if was != "discard" or where != "discard":
        t["tilted"].discard(card)
    if where == "deck":
        t["deck"].insert(min(at, len(t["deck"])), code)
    elif where == "discard":
        t["discard"].insert(max(0, len(t["discard"]) - at + 1), code)
    elif where == "city":
        name, fresh = at
        rnd = t["round"]
        if fresh:
            built = rnd
        elif was == "city" and old[2] < rnd:
            built = old[2]  # it stays in the round it was built in
        else:
            built = rnd - 1
        if not STRUCTURES[name].provides or built >= rnd:  # nothing to give, or nothing given yet
            t["tilted"].discard(card)
        _put_in_city(t, (card, name, built), index if was == "city" else None)
    elif where == "aside" and HIGH_ON[card] != t["target"]:
        if was in ("deck", "discard", "city"):  # back where it was, so that _set_target swaps it
            t[was].insert(index, old)
        _set_target(t, HIGH_ON[card])


def _set_target(t: dict, name: str) -> None:
    """A new target: its card is set aside, and the old target's card (if it was set aside) takes its place in
    the deck or on the discard pile, turned the same way."""
    if name == t["target"]:
        return
    old_card, new_card = TARGET_CARD[t["target"]][0], TARGET_CARD[name][0]
    old_aside = _place(t, old_card)[0] == "aside"
    place = _place(t, new_card)
    t["target"] = name
    if place[0] == "city" and t["city"][place[1]][1] == name:
        return  # the new target is already built
    was, index, old = _take(t, new_card)
    t["tilted"].discard(new_card)
    if old_aside and was in ("deck", "discard"):
        t[was].insert(index, old_card * 2 + (old & 1))


def _read_cards(value: str, what: str) -> list:
    """ "3, 6r, 9" -> codes; ValueError quoting what cannot be read."""
    tokens = [tok for tok in re.split(r"[,\s]+", value.strip()) if tok]
    codes = []
    for tok in tokens:
        if not CARD_TOKEN.match(tok):
            raise ValueError(f"{tok!r} in {value!r} is not a card for the {what}: write {CARD_SYNTAX}")
        codes.append(_code(tok))
    cards = [code >> 1 for code in codes]
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        raise ValueError(f"{value!r} lists card {twice[0]} twice; there is one of each card")
    return codes


def _set_pile(t: dict, where: str, codes: list) -> None:
    """The deck or discard pile as ``codes``: listed cards are taken from where they were, cards left out of it go
    out of play."""
    keep_tilts = {code >> 1 for code in t[where]} if where == "discard" else set()
    for code in codes:
        was = _take(t, code >> 1)[0]
        if not (was == where and code >> 1 in keep_tilts):
            t["tilted"].discard(code >> 1)
    for code in t[where]:
        t["tilted"].discard(code >> 1)
    t[where] = list(codes)


def _result_score(entry) -> int:
    if isinstance(entry, dict):
        return score_game([str(e).partition("@")[0] for e in entry.get("city", ())], int(entry.get("rounds", 0)))
    return int(entry)


def _rotation_choices(code: int, face: str) -> tuple:
    top, bottom = CARDS[code >> 1][face][:2]
    return f"upright: {top} on top", f"rotated: {bottom} on top"


# --- the interface ------------------------------------------------------------------------------------------------

def args_of(state) -> dict:
    """The keywords of :func:`~ninekit.count_of_nine.rules.position` that rebuild ``state`` (JSON-able), or
    ``ValueError`` where it builds no such position (choosing the target, between rounds, paying, Demolition Team
    at work, the match over).

    >>> import ninekit
    >>> s = ninekit.make("count_of_nine", games=1).new(5)
    >>> args_of(s)
    Traceback (most recent call last):
    ...
    ValueError: A Count of Nine position can be edited when the Builder is about to build or pass in a round, \
or at set-up when choosing the top card's active resource; go back or forward to one
    >>> s = s.play(s.legal_moves()[0])
    >>> a = args_of(s)
    >>> a["round"], a["target"], len(a["deck"])
    (0, 'Castle', 8)
    """
    pos = state.position
    if not (pos.phase == "turn" or (pos.phase == "round" and pos.round == 0)):
        raise ValueError(EDITABLE)
    rnd = pos.round
    t = {"target": pos.target, "deck": list(pos.deck), "discard": list(pos.discard), "city": list(pos.city),
         "tilted": {card for card in CARDS if pos.used & (1 << card)}, "round": rnd,
         "order_known": pos.order_known, "could_build": pos.could_build, "games": pos.games, "seed": pos.luck}
    results = []
    for target, city, rounds, score, deal in pos.results:
        if target is None:  # built by position() from a score alone
            results.append(score)
        else:
            results.append({"target": target, "city": [f"{n}@{c}:{r}" for c, n, r in city], "rounds": rounds,
                            "deal": [_word(code) for code in deal]})
    t["results"] = results
    return _keywords(t)


def empty(game) -> dict:
    """The emptiest table: round 1 about to begin its first turn, the Castle set aside, the other eight cards in
    the deck in order, upright, nothing on the discard pile or in the city.

    >>> import ninekit
    >>> from ninekit.count_of_nine import position
    >>> a = empty(ninekit.make("count_of_nine"))
    >>> a["deck"], a["games"], position(**a).prompt[:40]
    (['2', '3', '4', '5', '6', '7', '8', '9'], 2, 'Round 1: build a structure from the play')
    """
    target = "Castle"
    deck = [str(c) for c in CARDS if c != TARGET_CARD[target][0]]
    return {"target": target, "deck": deck, "discard": [], "city": [], "used": [], "round": 1, "order_known": False,
            "could_build": False, "games": int(game.options.get("games", 2)), "results": [], "seed": 0}


def parts(args: dict, game) -> list:
    """Everything :func:`~ninekit.count_of_nine.rules.position` lets one set, as :class:`~ninekit.editing.Part`\\ s
    (see the module docstring).

    >>> import ninekit
    >>> ps = {p.key: p for p in parts(empty(ninekit.make("count_of_nine")), None)}
    >>> ps["card3"].value, ps["card3"].board, ps["turn3"].choices
    ('the top card of the deck', 'card:3', ('upright: Lumber on top', 'rotated: Gold on top'))
    >>> ps["card1"].value, ps["target"].board
    ('set aside as the target', 'target:Castle')
    """
    t = _table(args)
    rnd = t["round"]
    out = [Part("target", GROUPS["target"], "Target, set aside with its card", t["target"], HIGH_STRUCTURES,
                board=f"target:{t['target']}")]
    out.append(Part("round", GROUPS["round"], "Round (0: set-up, choosing the top card's active resource)", str(rnd),
                    tuple(str(r) for r in range(ROUND_LIMIT + 1))))
    if rnd > 0:
        out.append(Part("order_known", GROUPS["round"], "The deck's order below the two cards in play",
                        KNOWN[not t["order_known"]], KNOWN))
        out.append(Part("could_build", GROUPS["round"], "A build was possible at an earlier turn of this round",
                        YES_NO[not t["could_build"]], YES_NO))
    top_discard = t["discard"][-1] >> 1 if t["discard"] else None
    for card in CARDS:
        place = _place(t, card)
        board = ""
        if place[0] == "deck" or (place[0] == "discard" and card == top_discard):
            board = f"card:{card}"
        elif place[0] == "city":
            board = f"city:{card}"
        out.append(Part(f"card{card}", GROUPS["cards"], f"Card {card}", _place_words(t, card),
                        tuple(_place_choices(t, card)), board=board))
        if place[0] in ("deck", "discard"):
            code = t[place[0]][place[1]]
            choices = _rotation_choices(code, "A" if place[0] == "deck" else "B")
            out.append(Part(f"turn{card}", GROUPS["cards"], f"Card {card}: the edge on top", choices[code & 1],
                            choices))
    out.append(Part("deck", GROUPS["deck"], "The deck, from the centre card down" if rnd > 0 else
                    "The deck, from the top card down", ", ".join(_word(c) for c in t["deck"]),
                    syntax=DECK_SYNTAX[rnd > 0]))
    out.append(Part("discard", GROUPS["discard"], "The discard pile, from the bottom card up",
                    ", ".join(_word(c) for c in t["discard"]), syntax=DISCARD_SYNTAX))
    if rnd > 0:
        for card, name, built in t["city"]:
            rounds = sorted({*range(1, rnd + 1), built})
            out.append(Part(f"built{card}", GROUPS["city"], f"{name} (card {card}): built in round", str(built),
                            tuple(map(str, rounds))))
    for code in t["discard"]:
        card = code >> 1
        if card == top_discard or card in t["tilted"]:
            label = (f"The top discard (card {card})" if card == top_discard
                     else f"Card {card} on the discard pile (covered since)")
            out.append(Part(f"tilt{card}", GROUPS["tilts"], label, TILTS[card not in t["tilted"]], TILTS))
    for card, name, _b in t["city"]:
        if STRUCTURES[name].provides or card in t["tilted"]:
            out.append(Part(f"tilt{card}", GROUPS["tilts"], f"{name} (card {card}): gives "
                            f"{STRUCTURES[name].provides or 'nothing'}", TILTS[card not in t["tilted"]], TILTS))
    out.append(Part("games", GROUPS["match"], "Games in the match (1: a practice game)", str(t["games"]), ("1", "2")))
    if t["games"] == 2:
        out.append(Part("game", GROUPS["match"], "This game", GAME_WORDS[bool(t["results"])], GAME_WORDS))
        if t["results"]:
            out.append(Part("score1", GROUPS["match"], "Game 1 scored", str(_result_score(t["results"][0])),
                            syntax="a whole number of points, e.g. 11"))
    out.append(Part("seed", GROUPS["match"], "Seed of the later shuffles", str(t["seed"]),
                    syntax=f"a whole number from 0 to {SEED_LIMIT - 1}"))
    return out


def set_part(args: dict, key: str, value: str, game) -> dict:
    """New keywords with part ``key`` set to ``value`` (``args`` unchanged): a card put somewhere is taken from
    where it was.  ``ValueError`` naming the problem for an unknown part or a value it cannot take.

    >>> import ninekit
    >>> a = empty(ninekit.make("count_of_nine", games=1))
    >>> b = set_part(a, "card9", "the centre card", None)
    >>> b["deck"][:3], a["deck"][:3]
    (['9', '2', '3'], ['2', '3', '4'])
    >>> set_part(b, "card7", "the top discard", None)["discard"]
    ['7']
    >>> set_part(b, "deck", "3, x", None)
    Traceback (most recent call last):
    ...
    ValueError: 'x' in '3, x' is not a card for the deck: write card numbers 1-9 separated by commas, r after a \
rotated card (e.g. 3, 6r, 9)
    """
    part = next((p for p in parts(args, game) if p.key == key), None)
    if part is None:
        raise ValueError(f"Count of Nine has no part {key!r} to change here")
    value = str(value).strip()
    if part.choices and value not in part.choices:
        raise ValueError(f"{value!r} is not a choice for {part.label}: {', '.join(part.choices)}")
    t = _table(args)
    if key == "target":
        _set_target(t, value)
    elif key == "round":
        _set_round(t, int(value))
    elif key == "order_known":
        t["order_known"] = value == KNOWN[0]
    elif key == "could_build":
        t["could_build"] = value == YES_NO[0]
    elif key.startswith("card"):
        card = int(key[4:])
        where, at = _place_choices(t, card)[value]
        _move_card(t, card, where, at)
    elif key.startswith("turn"):
        card = int(key[4:])
        place = _place(t, card)
        t[place[0]][place[1]] = card * 2 + part.choices.index(value)
    elif key in ("deck", "discard"):
        _set_pile(t, key, _read_cards(value, "deck" if key == "deck" else "discard pile"))
    elif key.startswith("built"):
        card = int(key[5:])
        index = _place(t, card)[1]
        entry = t["city"].pop(index)
        _put_in_city(t, (card, entry[1], int(value)))
        if int(value) >= t["round"]:  # built this round: it has given nothing yet
            t["tilted"].discard(card)
    elif key.startswith("tilt"):
        (t["tilted"].add if value == TILTS[0] else t["tilted"].discard)(int(key[4:]))
    elif key == "games":
        t["games"] = int(value)
        if t["games"] == 1:
            t["results"] = []
    elif key == "game":
        t["results"] = (t["results"] or [0]) if value == GAME_WORDS[1] else []
    elif key == "score1":
        score = whole_number(value, "a score", -ROUND_LIMIT)
        if score != _result_score(t["results"][0]):
            t["results"] = [score]
    elif key == "seed":
        t["seed"] = whole_number(value, "a seed", 0, SEED_LIMIT - 1)
    return _keywords(t)


def _set_round(t: dict, rnd: int) -> None:
    """A new round: structures built this round stay built this round, the others keep their round where it
    comes before the new one (else the round before it)."""
    old = t["round"]
    city = []
    for card, name, built in t["city"]:
        city.append((card, name, rnd if built >= old else min(built, rnd - 1)))
    t["city"], t["round"] = city, rnd
    if rnd == 0:
        t["could_build"] = False
