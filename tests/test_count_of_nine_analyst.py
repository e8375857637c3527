"""Count of Nine's analyst (ninekit.count_of_nine.analyst): best_line on positions whose optimum is worked out
by hand, its line replayed to its score, never beaten by random play on the same deal; the hint (legal, a
sentence, blind to the hidden order); the computer builder.  Each test names what it checks."""

import random

import pytest

import ninekit
from ninekit.bots import BOTS, RandomBot, bot_for
from ninekit.core import Move
from ninekit.count_of_nine import HIGH_STRUCTURES, best_line, hint, position, score_game
from ninekit.count_of_nine.analyst import CountOfNineBot, round_gain_bound


def replay(state, moves):
    """Play ``moves`` from ``state``; the final score of the game being analysed (a match: game 1's result)."""
    games_before = len(state.view(0)["results"])
    for move in moves:
        assert move in state.legal_moves(), f"{move} is not legal at {state.prompt!r}"
        state = state.play(move)
    results = state.view(0)["results"]
    assert len(results) == games_before + 1, "the line stops where the game's result is recorded"
    return results[games_before]["score"], state


def opening(seed: int, target: str, games: int = 1):
    """A dealt game at set-up's last step (round 0: keep or rotate the deck, or stop)."""
    return ninekit.make("count_of_nine", games=games).new(seed).play(Move("target", (target,)))


# --- best_line on positions worked out by hand ----------------------------------------------------------------

def test_best_line_one_card_deck_one_build():
    """One card left (card 9: Garden, Mine; Lumber on top), a Tavern and a Quarry in the city, round 2.

    Mine (Crew + Stone) is the only build: Crew from the Tavern, Stone from the Quarry (Garden needs Gold, and a
    card cannot pay for itself).  It ends the round with every card in the city: Tavern, Quarry, Mine = 3
    points - 2 rounds = 1.  Passing instead ends round 2 at 2 - 2 = 0, and a round 3 to build the Mine then
    also scores 3 - 3 = 0."""
    s = position(target="Harbour", deck=["9"], city=["Tavern@3", "Quarry@8"], round=2)
    score, moves = best_line(s)
    assert score == 1
    assert [m.kind for m in moves] == ["build", "pay"]
    assert moves[0].args == ("centre", "Mine") and set(moves[1].args) == {"city3", "city8"}
    assert replay(s, moves)[0] == 1


def test_best_line_stopping_now_is_best():
    """Card 7 alone (Chapel, Barracks on face A; Crew on top) and a Tavern after 3 rounds (a build was made
    this round).  Nothing can be built: Chapel and Barracks need Gold, and only the Tavern's Crew is open.
    Passing ends the round; another round with card 7 alone can build nothing either way round (rotated it
    shows Stone: Chapel still needs Gold) and costs a point.  Best: pass and stop, 1 - 3 = -2 (round 4 would
    end the game at 1 - 4 = -3)."""
    s = position(target="Harbour", deck=["7"], city=["Tavern@3"], round=3, could_build=True)
    score, moves = best_line(s)
    assert score == -2
    assert [str(m) for m in moves] == ["Pass: flip the centre card onto the discard pile",
                                       "Stop: end the game after 3 rounds"]
    assert replay(s, moves)[0] == -2


def test_best_line_passing_first_enables_a_better_build():
    """Centre card 8 (Market, Quarry; Gold on top), top card 5 (Goldsmith, Watchtower; Crew on top); a Market,
    Stonemason and Tavern in the city after 2 rounds (3 points, 1 after the rounds); no round after this one.

    Building now: only Goldsmith (Crew: Tavern, Gold: card 8 or the Market, Stone: Stonemason), +1: 2.
    Passing first flips card 8 to face B on the discard pile, showing Guildhall (Crew + Crew + Gold; 1 shield
    and a basic structure, +2): Crew from card 5 (now the centre card), Crew from the Tavern, Gold from the
    Market.  City 5 - 2 rounds = 3."""
    s = position(target="Castle", deck=["8", "5"], city=["Market@6", "Stonemason@2", "Tavern@3"], round=2)
    score, moves = best_line(s, max_rounds=2)
    assert score == 3
    assert moves[0].kind == "pass" and moves[1].args == ("discard", "Guildhall")
    assert replay(s, moves)[0] == 3
    for build in (m for m in s.legal_moves() if m.kind == "build"):  # every line that builds first: 2 at most
        chosen = s.play(build)
        for pay in (m for m in chosen.legal_moves() if m.kind == "pay"):
            assert best_line(chosen.play(pay), max_rounds=2)[0] == 2


def test_best_line_demolition_team_line():
    """Town Square is the target; after 2 rounds the city holds a Well (card 8), Barracks and Guildhall
    (1 + 1 + 2 = 4 points, 2 after the rounds).  The centre card is card 3 rotated (Gold on top; Tavern,
    Armoury), the top discard card 6 rotated (face B: Market, Demolition Team).  No round after round 3.

    Only Demolition Team can be built (Tavern, Armoury and Market need Lumber or Iron, which nothing shows),
    and with cards 3 and 6 alone round 3 cannot build anything that pays: without it the best is to stop, 2.
    With it (Gold from card 3, Crew from the Barracks) the Well comes down (-1) and card 8 goes under the
    pile with Gold on top; round 3 deals card 8, card 6, card 3: pass card 8 (face B: Well, Guildhall), then
    build Guildhall from the top discard (Crew from card 6, Gold from card 3, Crew from the Barracks): +2 and
    a duplicate +1.  City 6 - 3 rounds = 3."""
    s = position(target="Town Square", deck=["3r"], discard=["6r"], city=["Well@8", "Barracks@7", "Guildhall@9"],
                 round=2)
    score, moves = best_line(s, max_rounds=3)
    assert score == 3
    assert [m.kind for m in moves[:4]] == ["build", "pay", "demolish", "return"]
    assert moves[0].args == ("discard", "Demolition Team") and moves[2].args == (8,)
    final, end = replay(s, moves)
    assert final == 3 and [c["name"] for c in end.view(0)["results"][0]["city"]].count("Guildhall") == 2
    for move in s.legal_moves():  # anything else first: 2 at most
        if move.args != ("discard", "Demolition Team"):
            assert best_line(s.play(move), max_rounds=3)[0] <= 2


# --- best_line: every phase, its line, its limits ---------------------------------------------------------------

def test_best_line_moves_replay_to_its_score_from_every_phase():
    """From set-up's last step, a turn, a payment, Demolition Team's two choices and a round decision, the
    returned moves are legal in order and reach exactly the returned score."""
    s = opening(2, "Monument")
    score, moves = best_line(s, max_rounds=2)
    assert replay(s, moves)[0] == score
    kinds = {}
    state = s
    for move in moves:  # every state along the line
        kinds.setdefault(state.view(0)["phase"], state)
        state = state.play(move)
    dt = position(target="Town Square", deck=["3r"], discard=["6r"], city=["Well@8", "Barracks@7", "Guildhall@9"],
                  round=2)
    dt_pay = dt.play(Move("build", ("discard", "Demolition Team")))
    kinds["demolish"] = dt_pay.play(dt_pay.legal_moves()[0])
    kinds["return"] = kinds["demolish"].play(Move("demolish", (8,)))
    for phase in ("round", "turn", "pay", "demolish", "return"):
        start = kinds[phase]
        score, moves = best_line(start, max_rounds=3)
        assert replay(start, moves)[0] == score, phase


def test_best_line_in_a_match_stops_at_game_one_result():
    """In a two-game match the line ends where game 1's result is recorded (game 2 then starts at its
    target), and its score is game 1's."""
    s = opening(4, "Harbour", games=2)
    score, moves = best_line(s, max_rounds=2)
    final, end = replay(s, moves)
    assert final == score and end.view(0)["game_no"] == 2 and end.view(0)["phase"] == "target"


def test_best_line_needs_a_dealt_game():
    """Before the target is chosen there is no deal to analyse: a clear error, and a bad cap is refused."""
    s = ninekit.make("count_of_nine", games=1).new(0)
    with pytest.raises(ValueError, match="target"):
        best_line(s)
    with pytest.raises(ValueError, match="max_rounds"):
        best_line(opening(0, "Castle"), max_rounds=-1)


def test_best_line_more_rounds_never_score_less():
    """A higher round cap only opens more lines: the best score never drops as the cap rises."""
    s = opening(7, "Cathedral")
    scores = [best_line(s, max_rounds=cap)[0] for cap in range(0, 4)]
    assert scores[0] == 0 and scores == sorted(scores)


@pytest.mark.parametrize("seed,target", [(11, "Castle"), (12, "Town Square")])
def test_best_line_never_beaten_by_random_playouts(seed, target):
    """Random play on the same deal (no shuffles, the same 3-round cap: at the cap the game stops) never
    scores more than best_line; and the best line itself scores what it says."""
    s = opening(seed, target)
    best, moves = best_line(s, max_rounds=3)
    assert replay(s, moves)[0] == best
    rng = random.Random(seed)
    for _ in range(150):
        state = s
        while len(state.view(0)["results"]) == 0:
            legal = [m for m in state.legal_moves() if m.args != ("shuffle",)]
            if state.view(0)["phase"] == "round" and state.view(0)["round"] >= 3:
                legal = [m for m in legal if m.args == ("stop",)]
            state = state.play(rng.choice(legal))
        assert state.view(0)["results"][0]["score"] <= best


def test_round_bound_never_below_the_exact_rest_of_the_round():
    """The round relaxation that prunes the last round is an upper bound: on turns from random games, it is
    never below what the rest of that round can really add (searched exhaustively with the engine)."""
    def exact_gain(state):
        """The most the rest of this round adds to the city's points, every move tried."""
        memo = {}

        def value(st):
            pos = st.position
            if pos.phase in ("round", "target", "over") or pos.round != start_round:
                city = pos.city if pos.phase != "over" and not st.view(0)["results"] else pos.results[-1][1]
                return score_game([n for _c, n, _r in city], 0)
            key = (pos.deck, pos.discard, pos.city, pos.used, pos.phase, pos.chosen)
            if key not in memo:
                memo[key] = max(value(st.play(m)) for m in st.legal_moves() if m.kind != "cancel")
            return memo[key]

        start_round = state.position.round
        return value(state) - score_game([n for _c, n, _r in state.position.city], 0)

    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        s = opening(seed, HIGH_STRUCTURES[seed % 5])
        while not s.is_over and checked < 60:
            pos = s.position
            if pos.phase == "turn" and len(pos.deck) <= 4 and rng.random() < 0.5:
                bound = round_gain_bound(pos.deck, pos.discard, pos.used, pos.city, pos.round, pos.target)
                assert bound >= exact_gain(s), s.prompt
                checked += 1
            legal = [m for m in s.legal_moves() if m.args not in (("shuffle",), ("stop",)) and m.kind != "cancel"]
            s = s.play(rng.choice(legal or s.legal_moves()))
    assert checked >= 30


# --- the hint ----------------------------------------------------------------------------------------------------

def test_hint_is_legal_with_a_one_sentence_reason():
    """At every decision of a game the hint's move is legal and its reason is one sentence in words."""
    s = opening(3, "Harbour")
    for _ in range(25):
        if s.is_over:
            break
        move, reason = hint(s, samples=2)
        assert move in s.legal_moves()
        assert reason[0].isupper() and reason.endswith(".") and ". " not in reason[:-1], reason
        s = s.play(move)


def test_hint_reads_only_what_the_player_may_know():
    """Two round-1 states with the same view but a different hidden order below the cards in play (and in
    round 1 different rotations) get the same hint with the same seed: the true order is never read."""
    a = position(target="Castle", deck=["3", "6", "9", "2r", "5", "7"], round=1, order_known=False)
    b = position(target="Castle", deck=["3", "6", "7r", "5r", "9", "2"], round=1, order_known=False)
    view_a, view_b = a.view(0), b.view(0)
    assert view_a["unseen"] == view_b["unseen"] and view_a["deck"] == view_b["deck"]
    assert hint(a, samples=3, seed=1) == hint(b, samples=3, seed=1)
    assert hint(a, samples=3, seed=1) == hint(a, samples=3, seed=1)  # deterministic for a seed


def test_hint_following_it_never_goes_round_in_a_circle():
    """Choosing a structure as the hint says, then asking again while paying, never answers "Choose a
    different structure" (the hint pays for what it chose)."""
    s = opening(1, "Cathedral")
    for _ in range(30):
        if s.is_over:
            break
        move, _reason = hint(s, samples=2, seed=4)
        if move.kind == "build":
            paying = s.play(move)
            assert hint(paying, samples=2, seed=4)[0].kind == "pay"
        s = s.play(move)


def test_hint_stops_when_nothing_is_left_to_build():
    """Before a round with a deck that can never build again, the hint stops and says why."""
    s = position(target="Harbour", deck=["7"], city=["Tavern@3"], round=3, could_build=True)
    s = s.play(Move("pass"))
    move, reason = hint(s, samples=2)
    assert move.args == ("stop",) and "another round costs a point" in reason


# --- the computer builder ------------------------------------------------------------------------------------------

def test_bot_is_registered_for_count_of_nine():
    """bot_for("count_of_nine") is the Count of Nine computer builder."""
    assert BOTS["count_of_nine"] is CountOfNineBot
    assert isinstance(bot_for("count_of_nine", seed=1), CountOfNineBot)


def test_bot_finishes_matches_and_beats_random_play():
    """The computer builder plays legal moves to the end of two-game matches and scores more than a random
    builder on the same deals (a few seeds)."""
    bot_total = random_total = 0
    for seed in range(2):
        for make_bot in (CountOfNineBot, RandomBot):
            s = ninekit.make("count_of_nine").new(seed)
            player = make_bot(seed)
            while not s.is_over:
                move = player.choose(s)
                assert move in s.legal_moves()
                s = s.play(move)
            assert len(s.view(0)["results"]) == 2
            if make_bot is CountOfNineBot:
                bot_total += s.outcome.scores[0]
            else:
                random_total += s.outcome.scores[0]
    assert bot_total > random_total


def test_bot_never_reads_the_hidden_order():
    """Two states with the same view but different hidden orders get the same decision from equally seeded
    bots."""
    a = position(target="Monument", deck=["1", "8r", "2", "4", "9r", "6"], round=1, order_known=False)
    b = position(target="Monument", deck=["1", "8r", "6", "9", "4r", "2"], round=1, order_known=False)
    assert CountOfNineBot(3).choose(a) == CountOfNineBot(3).choose(b)
