"""Code of Nine: what was tried to make ``hard`` stronger than ``normal`` (exploratory; issue 13).

Each idea is a variant of the ``normal`` bot's search (:class:`ninekit.code_of_nine.bots.CodeOfNineBot`:
sampled worlds, shared playout seeds, sequential halving) that changes one thing: the playout policy, the
value of a playout's end, a bonus for some candidates, or the worlds it samples.  A variant plays one seat of
a 3-player game (``--players 4``: a 4-player one) against ``normal`` in the other seats, the seat rotated (seed
``s`` seats it at ``s % players``); the script prints its win share (1/k for a k-way shared win) with the
standard error.  Fair is 1/3 (1/4).

Three variants **cheat** on purpose, to measure what information is worth, not to play: ``cheat`` searches the
true position (it knows all eight Memories), ``shoal_cheat`` knows every Shoal card (all that Shoal looks
could ever show), ``one_shoal_cheat`` the next seat's Shoal card only (more than one look could show).
``infer`` reads the placements of the game's history (public: every pawn is on the board for all to see) to
weight its worlds.  The results are in ``benchmarks/README.md``, "Code of Nine: what was tried".

    python benchmarks/code_of_nine_ideas.py frequencies --games 30     # -> build/con_frequencies.json
    python benchmarks/code_of_nine_ideas.py signals --games 60         # -> build/con_signals.json
    python benchmarks/code_of_nine_ideas.py play belief --games 80 [--start 0] [--jobs 2] [--players 4]
    python benchmarks/code_of_nine_ideas.py values --start 5          # is the search the limit?

``frequencies`` and ``signals`` record ``normal``'s placements in normal-only games (seeds from 2000 and
5000, apart from the measured seeds 0-79): how often it takes a location when it may (the ``frequencies``
playouts), and how that depends on the two Memories it holds (the ``infer`` likelihoods).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import ninekit  # noqa: E402
from ninekit.bots import RandomBot, bot_for  # noqa: E402
from ninekit.code_of_nine import NORMAL_CODES, PLACE_MOVES  # noqa: E402
from ninekit.code_of_nine import bots as B  # noqa: E402
from ninekit.code_of_nine.data import NO_ONE, ROUNDS  # noqa: E402
from ninekit.code_of_nine.rules import apply, determinize, known_codes, legal_moves, score_now  # noqa: E402
from ninekit.core import State  # noqa: E402
from ninekit.search import mean_se, win_share  # noqa: E402

BUILD = os.path.join(os.path.dirname(__file__), "..", "build")
FREQUENCIES = os.path.join(BUILD, "con_frequencies.json")
SIGNALS = os.path.join(BUILD, "con_signals.json")
PLAYERS = 3

# Immediate gains of a placement for the ``belief`` playouts: Coins, Statues, Books, Will, a Legacy, Start.
GAINS = {"library": (0, 0, 1, -1, 0, 0), "fortune": (3, 0, 0, 0, 0, 0), "cash_cow": (2, 0, 0, 0, 0, 0),
         "lights": (1, 0, 0, 1, 0, 0), "cross": (0, 1, 0, 0, 0, 0), "clocktower": (0, 0, 0, 0, 0, 1),
         "allure": (0, 0, 0, 0, 0, 0), "quarry": (0, 0, 0, 1, 0, 0), "tunnel": (0, 0, 0, 2, 0, 0),
         "hearth": (0, 0, 0, 3, 0, 0), "watchtower": (0, 0, 0, 0, 0, 0), "cathedral": (0, 0.5, 0, 1, 0, 0),
         "the_place": (0, 0, 0, -2, 0, 0), "garden": (0, 0, 0, -6, 1, 0), "well": (0, 0, 0, -7, 1, 0),
         "hollow": (0.3, 0.3, 0.3, -1, 0, 0), "archive": (0, 0, 1, -2, 0, 0),
         "procession": (-0.5, -0.5, 0, 0, 0, 0), "shore": (-0.5, -0.5, 0, 1, 0, 0), "last_glimpse": (0,) * 6,
         "bell": (0, 0, 0, 0, 0, 1), "cult": (0,) * 6, "hall": (0, 0, 0, -2, 0, 0), "gallery": (0,) * 6}
LOOKS = {"allure": "Shoal", "watchtower": "Shoal", "cathedral": "Shoal", "bell": "Shoal",
         "the_place": "Abyss", "last_glimpse": "Abyss"}


def end_value(pos, seat: int, margin_only: bool = False) -> float:
    """The ``normal`` bot's value of a (possibly unfinished) position for ``seat``, or the margin alone."""
    if not margin_only:
        return B.end_value(pos, seat)
    table = score_now(pos)
    others = [t for s, t in enumerate(table.totals) if s != seat]
    margin = (min(others) - table.totals[seat]) if table.lowest_wins else (table.totals[seat] - max(others))
    return max(-1.0, min(1.0, margin / B.MARGIN_SCALE)) - (1.0 if table.cannot_win[seat] else 0.0)


def weighted(items, weights, rng):
    """One of ``items``, drawn with chances proportional to ``weights``."""
    x = rng.random() * sum(weights)
    for item, weight in zip(items, weights):
        x -= weight
        if x <= 0:
            return item
    return items[-1]


class Variant(B.CodeOfNineBot):
    """``normal``'s search (:class:`~ninekit.code_of_nine.bots.CodeOfNineBot`) through its three hooks: the
    playouts per decision (``playouts`` if given), the worlds (``world``), the value of a candidate in a world
    (``playout``, with its policy ``weights`` and its ``horizon``, plus a ``bonus`` per candidate)."""

    def __init__(self, seed=0, budget=B.PLY_BUDGET, *, horizon=None, margin_only=False, playouts=None):
        super().__init__(seed, budget)
        self.horizon, self.margin_only, self.playouts = horizon, margin_only, playouts

    def _playouts(self, view):
        return self.playouts or super()._playouts(view)

    def _world(self, state, seat, rng):
        return self.world(state, seat, rng)

    def _value(self, world, move, seat, rng):
        return self.playout(apply(world, move), seat, rng) + self.bonus(move)

    def world(self, state, seat, rng):
        return super()._world(state, seat, rng)

    def bonus(self, move) -> float:
        return 0.0

    def pick(self, pos, moves, rng, weights):
        """A playout decision: uniform, or by ``weights[seat][move]`` for a placement."""
        if weights is None or pos.phase != "place" or len(moves) == 1:
            return moves[int(rng.random() * len(moves))]
        w = weights[pos.turn]
        return weighted(moves, [w.get(m, 1.0) for m in moves], rng)

    def weights(self, pos):
        return None

    def playout(self, pos, seat, rng):
        weights = self.weights(pos)
        stop = None if self.horizon is None else pos.round + self.horizon
        while pos.phase != "over" and (stop is None or pos.round < stop):
            pos = apply(pos, self.pick(pos, legal_moves(pos), rng, weights))
        return end_value(pos, seat, self.margin_only)


class Frequencies(Variant):
    """Playouts where every seat places as often as ``normal`` does (per round and location, when it may)."""

    table = None

    def weights(self, pos):
        if Frequencies.table is None:
            data = json.load(open(FREQUENCIES))
            Frequencies.table = {(int(k.split(":")[0]), PLACE_MOVES[k.split(":")[1]]):
                                 (data["chosen"].get(k, 0) + 1) / (a + 9) for k, a in data["available"].items()}
        r = pos.round
        w = {m: v for (rr, m), v in Frequencies.table.items() if rr == r}
        return [w] * pos.players


def believed_values(probs: dict) -> tuple:
    """VP per Coin, Statue, Book, Will, Legacy and Start player, from the chance of each card being in play."""
    p = probs.get
    coin = p(1, 0) - p(2, 0) + 0.6 * p(4, 0) + 0.4 * p(3, 0)
    statue = (1 + 2 * p(5, 0) + p(6, 0)) * (1 - 2 * p(7, 0))
    book = 1 + 2 * p(8, 0) - 3 * p(9, 0) + 1.5 * p(10, 0)
    legacy = 3 + 1.5 * (p(11, 0) + p(12, 0)) - 3 * p(13, 0) + 6 * p(14, 0)
    return coin, statue, book, 0.45 + 0.4 * p(16, 0), legacy, 1.5 * p(18, 0)


class Belief(Variant):
    """Playouts where each seat prefers placements by the item values it believes from what *it* knows
    (its own cards, what it has seen; every other card in play with the same chance): softmax, temperature T."""

    temperature = 1.0

    def weights(self, pos):
        out = []
        for s in range(pos.players):
            known = known_codes(pos, s)
            inside = {c for c in known if c}
            free = [c for c in NORMAL_CODES if c not in inside]
            q = sum(1 for c in known if not c) / max(1, len(free))
            values = believed_values({**{c: q for c in free}, **{c: 1.0 for c in inside}})
            out.append({PLACE_MOVES[k]: math.exp(sum(a * b for a, b in zip(g, values)) / self.temperature)
                        for k, g in GAINS.items()})
        return out


class Belief2(Belief):
    temperature = 2.0


class Voi(Variant):
    """A bonus (in playout value) for a placement that looks at a card the seat has not seen, rounds 1-3."""

    size = 0.05

    def _search(self, state, seat, candidates):
        view = state.view(seat)
        known = {(row["owner"], row["slot"]) for row in view["slots"] if row["code"] is not None}
        owners = {row["owner"] for row in view["slots"]} - {seat}
        self.bonuses = {m: self.size for m in candidates
                        if m.kind == "place" and m.args[0] in LOOKS and view["round"] <= 3
                        and any((o, LOOKS[m.args[0]]) not in known for o in owners)}
        return super()._search(state, seat, candidates)

    def bonus(self, move):
        return self.bonuses.get(move, 0.0)


class Voi15(Voi):
    size = 0.15


class Cheat(Variant):
    """Searches the true position: knows all eight Memories (a measurement of information, not a player)."""

    def world(self, state, seat, rng):
        return state.position


class ShoalCheat(Variant):
    """Knows every Shoal card (all that Shoal looks could show), samples the rest."""

    def owners(self, pos, seat):
        """Whose Shoal cards it knows: every other holder's (the ghost's too)."""
        return [slot // 2 for slot in range(0, 8, 2) if slot // 2 != seat]

    def world(self, state, seat, rng):
        pos = state.position
        seen = list(pos.seen)
        mine = list(seen[seat])
        for owner in self.owners(pos, seat):
            mine[2 * owner] = pos.mem[2 * owner]
        seen[seat] = tuple(mine)
        return determinize(pos._replace(seen=tuple(seen)), seat, rng)


class OneShoalCheat(ShoalCheat):
    """Knows one Shoal card from the start, the next seat's: what one early look could show at most."""

    def owners(self, pos, seat):
        return [(seat + 1) % pos.players]


class Infer(Variant):
    """Worlds weighted by how likely the other seats' placements so far are, given the two cards each holds in
    the world (naive Bayes with the ``signals`` table); each world drawn from 6 sampled ones by that weight."""

    power = 1.0
    pool = 6
    table = None

    def world(self, state, seat, rng):
        if Infer.table is None:
            Infer.table = likelihood_ratios(json.load(open(SIGNALS)))
        seen = [(s, m.args[0]) for s, m in state.history if m.kind == "place" and s != seat]
        known = {i for i, row in enumerate(state.view(seat)["slots"]) if row["code"] is not None}
        pool = [state.determinize(seat, rng).position for _ in range(self.pool)]
        logs = [self.power * sum(math.log(Infer.table.get((w.mem[slot], loc), 1.0))
                                 for s, loc in seen for slot in (2 * s, 2 * s + 1) if slot not in known)
                for w in pool]
        top = max(logs)
        return weighted(pool, [math.exp(x - top) for x in logs], rng)


class InferHalf(Infer):
    power = 0.5


class MarginWeight(Variant):
    """``normal`` with another margin weight in the value of a playout's end (``normal``: MARGIN_WEIGHT 0.2)."""

    weight = 0.0

    def _value(self, world, move, seat, rng):
        return B.play_out(apply(world, move), seat, rng, margin_weight=self.weight)


class MarginHeavy(MarginWeight):
    weight = 0.5


def last_round(pos) -> bool:
    """Whether the round being played is the game's last: round 5, or both Legacies released (ruling 13)."""
    return pos.round >= ROUNDS or (pos.white != NO_ONE and pos.black != NO_ONE)


class EndgameNormal(Variant):
    """``normal``, but in the game's last round each candidate is valued by playouts in which *every* seat plays a
    cheap ``normal`` (``policy_budget`` plies per decision) in shared worlds, ``endgame_playouts`` playouts per
    decision: a one-step policy improvement of ``normal`` where a playout is short."""

    policy_budget = 1_200
    endgame_playouts = 400

    def _search(self, state, seat, candidates):
        self.endgame = last_round(state.position)  # the round number and the Legacies are public
        self.game = state.game
        return super()._search(state, seat, candidates)

    def _playouts(self, view):
        return self.endgame_playouts if self.endgame else super()._playouts(view)

    def _value(self, world, move, seat, rng):
        if not self.endgame:
            return super()._value(world, move, seat, rng)
        state = State(self.game, apply(world, move), None, determinized=True)
        policies = [B.CodeOfNineBot(rng.getrandbits(32), self.policy_budget) for _ in range(state.game.players)]
        while not state.is_over:
            state = state.play(policies[state.to_move].choose(state))
        return B.end_value(state.position, seat)


class EpsGreedyOpponents(Variant):
    """Playouts in which every other seat, with chance ``greed``, takes the placement that most raises its own
    current score in the world (``score_now``; lower if the lowest wins; ties by chance), else a random
    decision; the searching seat's own playout decisions stay random."""

    greed = 0.5

    def _value(self, world, move, seat, rng):
        pos, random_ = apply(world, move), rng.random
        while pos.phase != "over":
            moves = legal_moves(pos)
            if pos.phase == "place" and pos.turn != seat and len(moves) > 1 and random_() < self.greed:
                pos = apply(pos, self.greedy(pos, moves, rng))
            else:
                pos = apply(pos, moves[int(random_() * len(moves))])
        return B.end_value(pos, seat)

    @staticmethod
    def greedy(pos, moves, rng):
        """The placement after which the mover's score now is best for it (ties by chance)."""
        me, best, top = pos.turn, [], None
        for m in moves:
            table = score_now(apply(pos, m))
            value = (-1 if table.lowest_wins else 1) * table.totals[me] - (1000 if table.cannot_win[me] else 0)
            if top is None or value > top:
                best, top = [m], value
            elif value == top:
                best.append(m)
        return best[int(rng.random() * len(best))]


class SelfBelief(Variant):
    """Playouts in which only the searching seat places by the item values it believes (``Belief``'s softmax,
    temperature 1); the other seats at random."""

    def _search(self, state, seat, candidates):
        self.seat = seat
        return super()._search(state, seat, candidates)

    def weights(self, pos):
        known = known_codes(pos, self.seat)
        inside = {c for c in known if c}
        free = [c for c in NORMAL_CODES if c not in inside]
        q = sum(1 for c in known if not c) / max(1, len(free))
        values = believed_values({**{c: q for c in free}, **{c: 1.0 for c in inside}})
        mine = {PLACE_MOVES[k]: math.exp(sum(a * b for a, b in zip(g, values))) for k, g in GAINS.items()}
        return [mine if s == self.seat else {} for s in range(pos.players)]


class LegacyPlan(SelfBelief):
    """Playouts in which the searching seat favours Will and releasing the Legacies (a plan of several
    placements that random playouts never find); the other seats at random."""

    boost = {"hearth": 3.0, "tunnel": 2.5, "quarry": 1.5, "garden": 30.0, "well": 30.0}

    def weights(self, pos):
        mine = {PLACE_MOVES[k]: v for k, v in self.boost.items()}
        return [mine if s == self.seat else {} for s in range(pos.players)]


def likelihood_ratios(rows: list, prior: float = 20.0) -> dict:
    """(card, location) -> P(normal takes it | holds the card) / P(... | does not), shrunk to the mean."""
    hold, other = defaultdict(lambda: [0, 0]), defaultdict(lambda: [0, 0])
    for _round, cards, chosen, available in rows:
        for c in NORMAL_CODES:
            d = hold if c in cards else other
            for loc in available:
                d[c, loc][1] += 1
                d[c, loc][0] += loc == chosen
    out = {}
    for key in set(hold) | set(other):
        (k1, n1), (k2, n2) = hold[key], other[key]
        base = (k1 + k2 + 1) / (n1 + n2 + 2)
        out[key] = ((k1 + prior * base) / (n1 + prior)) / ((k2 + prior * base) / (n2 + prior))
    return out


VARIANTS = {
    "normal": lambda s: bot_for("code_of_nine", s, "normal"),
    "hard": lambda s: bot_for("code_of_nine", s, "hard"),
    "budget_2400": lambda s: B.CodeOfNineBot(s, budget=2_400),
    "random": lambda s: RandomBot(s),
    "margin_60k": lambda s: Variant(s, budget=60_000, margin_only=True),
    "truncated_0": lambda s: Variant(s, horizon=0, margin_only=True, playouts=1500),
    "truncated_1": lambda s: Variant(s, horizon=1, margin_only=True, playouts=1500),
    "frequencies": lambda s: Frequencies(s),
    "frequencies_40k": lambda s: Frequencies(s, budget=40_000),
    "belief": lambda s: Belief(s),
    "belief_t2": lambda s: Belief2(s),
    "voi": lambda s: Voi(s),
    "voi_15": lambda s: Voi15(s),
    "infer": lambda s: Infer(s),
    "infer_half": lambda s: InferHalf(s),
    "cheat": lambda s: Cheat(s),
    "shoal_cheat": lambda s: ShoalCheat(s),
    "one_shoal_cheat": lambda s: OneShoalCheat(s),
    "endgame_normal": lambda s: EndgameNormal(s),
    "eps_greedy_opponents": lambda s: EpsGreedyOpponents(s),
    "win_only": lambda s: MarginWeight(s),
    "margin_heavy": lambda s: MarginHeavy(s),
    "self_belief": lambda s: SelfBelief(s),
    "legacy_plan": lambda s: LegacyPlan(s),
}


def play(job) -> float:
    """One game: the variant at seat ``seed % players``, ``normal`` elsewhere; the variant's win share."""
    name, seed, players = job
    seat = seed % players
    state = ninekit.make("code_of_nine", players).new(seed)
    bots = [VARIANTS[name](1000 * seed + s) if s == seat else bot_for("code_of_nine", 1000 * seed + s, "normal")
            for s in range(players)]
    while not state.is_over:
        state = state.play(bots[state.to_move].choose(state))
    return win_share(state.outcome, seat, players)


def record(job) -> tuple:
    """A normal-only game: per placement decision (round, the chooser's cards, the location, the options)."""
    seed, players = job
    state = ninekit.make("code_of_nine", players).new(seed)
    bots = [bot_for("code_of_nine", 1000 * seed + s, "normal") for s in range(players)]
    rows = []
    while not state.is_over:
        seat, moves = state.to_move, state.legal_moves()
        move = bots[seat].choose(state)
        if move.kind == "place" and len(moves) > 1:
            pos = state.position
            rows.append((pos.round, sorted(pos.mem[2 * seat:2 * seat + 2]), move.args[0],
                         [m.args[0] for m in moves]))
        state = state.play(move)
    return rows


def values(seed: int, worlds: int = 1500) -> None:
    """A ``normal`` game (3 players, seed ``seed``): at every third placement decision with over 3 options, each
    candidate's value from ``worlds`` shared worlds, and how far below the best ``normal``'s and ``hard``'s
    choices are (mean over 6 bot seeds)."""
    state = ninekit.make("code_of_nine", PLAYERS).new(seed)
    bots = [bot_for("code_of_nine", 7 + s, "normal") for s in range(PLAYERS)]
    ply = 0
    while not state.is_over:
        seat, moves = state.to_move, state.legal_moves()
        if moves[0].kind == "place" and len(moves) > 3 and ply % 3 == 0:
            rng = random.Random(0)
            sampled = [(state.determinize(seat, rng).position, rng.getrandbits(32)) for _ in range(worlds)]
            value = [sum(B.play_out(apply(pos, m), seat, random.Random(s)) for pos, s in sampled) / worlds
                     for m in moves]
            best = max(value)
            loss = {}
            for level in ("normal", "hard"):
                picks = [moves.index(bot_for("code_of_nine", s, level).choose(state)) for s in range(6)]
                loss[level] = sum(best - value[i] for i in picks) / len(picks)
            print(f"round {state.position.round}, {len(moves)} options: best {best:.3f}, spread "
                  f"{best - min(value):.3f}; normal's loss {loss['normal']:.3f}, hard's {loss['hard']:.3f}",
                  flush=True)
        state = state.play(bots[seat].choose(state))
        ply += 1


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("play", "frequencies", "signals", "values"))
    parser.add_argument("variant", nargs="?", choices=sorted(VARIANTS))
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--players", type=int, default=PLAYERS, choices=(3, 4), help="for play (default 3)")
    args = parser.parse_args(argv)
    os.makedirs(BUILD, exist_ok=True)
    if args.command == "values":
        return values(args.start)
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.command == "play":
            if args.variant is None:
                parser.error("play needs a variant")
            shares = []
            seeds = range(args.start, args.start + args.games)
            for seed, share in zip(seeds, pool.map(play, [(args.variant, s, args.players) for s in seeds])):
                shares.append(share)
                print(f"  {args.variant} seed {seed}: {share:.2f}", file=sys.stderr, flush=True)
            mean, se = mean_se(shares)
            print(f"{args.variant}: {mean:.2f} ± {se:.2f} over {len(shares)} games (seeds {args.start}-"
                  f"{args.start + len(shares) - 1}; {args.players} players, fair {1 / args.players:.2f})")
        elif args.command == "frequencies":
            jobs = [(s, 3) for s in range(2000, 2000 + args.games)] + [(s, 4) for s in range(3000, 3000 + args.games)]
            chosen, available = Counter(), Counter()
            for rows in pool.map(record, jobs):
                for rnd, _cards, loc, options in rows:
                    chosen[f"{rnd}:{loc}"] += 1
                    available.update(f"{rnd}:{o}" for o in options)
            json.dump({"chosen": chosen, "available": available}, open(FREQUENCIES, "w"))
            print(f"wrote {FREQUENCIES}")
        else:
            rows = [r for rows in pool.map(record, [(s, 3) for s in range(5000, 5000 + args.games)]) for r in rows]
            json.dump(rows, open(SIGNALS, "w"))
            print(f"wrote {SIGNALS} ({len(rows)} placement decisions)")


if __name__ == "__main__":
    main()
