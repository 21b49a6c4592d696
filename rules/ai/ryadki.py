"""The Ryadki computer player, `suggest(state, seat, seed, level="strong")`. It sees only
`rules.ryadki.view(state, seat)` (`choose(view, seed)` plays from a view): its own hand and
public information (stack, counts, piles, the cards played in this deal and what every
"cannot answer" revealed about the ranks and suits a player lacks).

Determinized sampling: each sample deals the unseen cards (the deck less our hand and the cards
played in this deal) into hidden hands of the public sizes — a seat known to lack ranks or suits
gets that many cards without them — and a stock of the public size. In every sample each legal
card is played and the deal is simulated on: the other players play uniformly random cards, we
play at random too except that we take a stack the next player (in that sample) cannot answer.
Two to four players: to the end of the deal; five or six: `HORIZON` series (longer rollouts
there were only noise). A finished rollout is valued by the game: in the last deal our share of
the game win, before it our score lead over the best other seat after the deal (the deal
winners add their piles); a cut rollout by the lead in score + pile. The card with the best
average wins; ties go to the heuristic below. All samples share their hidden deal and their
random numbers across the candidate cards (common random numbers), and the budget is a count
of simulated plays (`NODES`), not the clock; the random numbers come from `seed` and the view,
so the same view and seed give the same card whatever the hidden cards really are (they are
drawn from `rules.rng`, never `random`, so also on every machine and Python version).

Levels (`LEVEL_BUDGET`): strong is the above; normal and easy sample fewer worlds (easy a
single one, so its card is the best for one guess at the hidden hands) and, with a seeded
chance, play the card they rank second (not when the best won in every sample). The draw
comes from the same public seed, so a level too gives the same card for the same view and seed.

The heuristic (tie-break): each legal card is scored by what it is expected to bring:
- the chance the next responder cannot answer it (hypergeometric over the unseen cards, using
  the known voids), times the cards the stack would bring;
- with two players, a short expectimax over the series: the opponent's reply (each unseen card
  that answers, equally likely), our best answer to it, and the chance we cannot answer
  (the stack then goes to the opponent);
- with more players, the chance the stack goes to another player after the responder answers;
- the effects: Q and 7 take cards from the next responder's pile, a third of a rank takes
  stock cards, J on J destroys a stack; a deal that ends at once leaves the stack to nobody;
- a small value for keeping cards that match many unseen cards (and Q, 7, J for later).

The heuristic is `rules.ai.ryadki_heuristic`, the rollouts `rules.ai.ryadki_rollout`; this
module holds the levels, the sampling of hidden worlds and the choice.
"""

from __future__ import annotations

import zlib

from rules import ryadki
from rules.ai import check_level
from rules.ai.ryadki_heuristic import (
    DECKS,
    Knowledge,
    duel_value,
    group_value,
    seat_of,
    voids_of,
)
from rules.ai.ryadki_rollout import shuffle, simulate
from rules.rng import Rng
from rules.ryadki import State
from rules.ryadki_view import RyadkiView

NODES = 3000  # simulated plays per decision (all candidate cards together)
MIN_SAMPLES = 4  # samples per decision, at least (a long deal, many cards: over NODES)
MAX_SAMPLES = 64  # and at most (the end of a deal)
MARGIN = 0.05  # value of a point of score lead (a share of the game win is worth 1)
HORIZON = 3  # series simulated with five or six players (fewer: to the end of the deal)
SERIES_PLAYS = 5  # plays a series takes, for the sample count
# The weaker levels of `suggest`: (simulated plays, fewest samples, most samples, chance in 1000
# of playing the card ranked second). Easy guesses the hidden hands once (its card is the best
# for that one guess), normal a few times; both now and then play their runner-up. How each
# level scores against a random player and against strong: benchmarks/rules_speed.py.
LEVEL_BUDGET: dict[str, tuple[int, int, int, int]] = {
    "easy": (0, 1, 1, 300),
    "normal": (800, 2, 32, 50),
}
_SLIP_SALT = 0x51D3_C0DE_5EED  # the runner-up draw's own stream (not the samples')


def suggest(state: State, player: int = 0, seed: int | None = None, level: str = "strong") -> str:
    """A computer player's move for `player` at `level` (`rules.ai.LEVELS`), from public
    information and its own hand only (`ValueError` for an unknown level, or when `player`
    has no legal move)."""
    return choose(ryadki.view(state, player), seed, level)


def choose(v: RyadkiView, seed: int | None = None, level: str = "strong") -> str:
    """The card to play from view `v` at `level`: "strong" samples NODES plays (within
    MIN_SAMPLES..MAX_SAMPLES samples); "normal" and "easy" the smaller budgets of
    `LEVEL_BUDGET`, and with its chance play the card they rank second."""
    if check_level(level) == "strong":
        nodes, fewest, most, slip = NODES, MIN_SAMPLES, MAX_SAMPLES, 0
    else:
        nodes, fewest, most, slip = LEVEL_BUDGET[level]
    moves: list[str] = v["legal"]
    if not moves:
        raise ValueError("ryadki: no legal move for this seat")
    if len(moves) == 1:
        return moves[0]
    sampled = _sample_values(v, moves, seed, nodes, fewest, most)
    best = _best(v, moves, sampled)
    if not slip or Rng(_public_seed(v, seed) ^ _SLIP_SALT).below(1000) >= slip:
        return best
    rest = [j for j, c in enumerate(moves) if c != best]
    sure = v["deal"] >= v["deals"] and sampled[moves.index(best)] >= 1.0
    if sure and all(sampled[j] < 1.0 for j in rest):
        return best  # the last deal, a win in every sample: not missed
    return _best(v, [moves[j] for j in rest], [sampled[j] for j in rest])


def _best(v: RyadkiView, moves: list[str], sampled: list[float]) -> str:
    """The card of `moves` with the best sampled value; ties go to the heuristic."""
    top = max(sampled)
    tied = [c for c, x in zip(moves, sampled, strict=True) if x == top]
    if len(tied) == 1:
        return tied[0]
    know = Knowledge(v)  # ties (often in the last deal: a sure win or loss) go to the heuristic
    duel = sum(1 for a in v["active"] if a) == 2
    heur = [duel_value(v, know, c) if duel else group_value(v, know, c) for c in tied]
    return tied[heur.index(max(heur))]


# -- determinized sampling -----------------------------------------------------------------------


def _public_seed(v: RyadkiView, seed: int | None) -> int:
    """A seed from `seed` and the public view (own hand included): the same view, the same seed."""
    text = "|".join(
        (
            str(seed or 0),
            str(v["seat"]),
            str(v["deal"]),
            str(v["moves"]),
            "".join(v["hand"]),
            "".join(v["played"]),
            "".join(v["stack"]),
            ",".join(map(str, v["piles"])),
        )
    )
    return zlib.crc32(text.encode())


def _determinize(v: RyadkiView, unseen: list[str], rng: Rng) -> tuple[list[list[str]], list[str]]:
    """Hidden hands and a stock consistent with the counts and the known voids."""
    pool = unseen[:]
    shuffle(pool, rng)
    me = seat_of(v)
    counts: list[int] = v["hands"]
    hands: list[list[str]] = [[] for _ in counts]
    hands[me] = list(v["hand"])
    for q, (ranks, suits, k) in enumerate(voids_of(v)):
        if q == me or not k or not counts[q]:
            continue
        want = min(k, counts[q])
        got: list[str] = []
        rest: list[str] = []
        for c in pool:
            if len(got) < want and c[0] not in ranks and c[1] not in suits:
                got.append(c)
            else:
                rest.append(c)
        hands[q] = got
        pool = rest
    i = 0
    for q, h in enumerate(counts):
        if q == me:
            continue
        need = h - len(hands[q])
        if need > 0:
            hands[q].extend(pool[i : i + need])
            i += need
    stock = pool[i : i + v["stock"]]
    return hands, stock


def _outcome(v: RyadkiView, piles: list[int], ended: bool = True) -> float:
    """Our value of a deal that ended with `piles` (not `ended`: the piles so far)."""
    me = seat_of(v)
    active: list[bool] = v["active"]
    seated = [q for q in range(len(piles)) if active[q]]
    if not ended:
        sc: list[int] = v["scores"]
        return MARGIN * (sc[me] + piles[me] - max(sc[q] + piles[q] for q in seated if q != me))
    scores = list(v["scores"])
    best = max(piles[q] for q in seated)
    if best > 0:
        for q in seated:
            if piles[q] == best:
                scores[q] += best
    top = max(scores[q] for q in seated if q != me)
    if v["deal"] >= v["deals"]:
        if scores[me] > top:
            return 1.0
        if scores[me] < top:
            return 0.0
        return 1.0 / sum(1 for q in seated if scores[q] == top)
    return float(scores[me] - top) * MARGIN


def _sample_values(
    v: RyadkiView, moves: list[str], seed: int | None, nodes: int, fewest: int, most: int
) -> list[float]:
    """The average outcome of each card over samples of the hidden cards: `nodes` simulated
    plays shared among the cards, at least `fewest` and at most `most` samples."""
    me = seat_of(v)
    known = set(v["hand"]) | set(v["played"])
    unseen = [c for c in DECKS[v["deck"]] if c not in known]
    active = sum(1 for a in v["active"] if a)
    horizon = HORIZON if active >= 5 else 0
    remaining = sum(v["hands"]) + v["stock"]  # the most plays a rollout can take
    if horizon:
        remaining = min(remaining, horizon * SERIES_PLAYS)
    per = max(1, nodes // (len(moves) * max(1, remaining)))
    per = min(max(per, fewest), most)
    samples = Rng(_public_seed(v, seed))
    totals = [0.0] * len(moves)
    for _ in range(per):
        rng = Rng(samples.next64())
        hands, stock = _determinize(v, unseen, rng)
        roll = rng.next64()
        for j, m in enumerate(moves):
            piles = list(v["piles"])
            ended = simulate(
                [h[:] for h in hands],
                stock[:],
                list(v["stack"]),
                piles,
                v["active"],
                m,
                me,
                Rng(roll),
                10_000,
                me,
                horizon,
            )
            totals[j] += _outcome(v, piles, ended)
    return [t / per for t in totals]


def match(
    games: int = 400, players: int = 2, deals: int = 7, seed: int = 0
) -> tuple[float, float, float]:
    """`suggest` in one seat (alternating) vs uniformly random players elsewhere, seeded.

    Returns (win share of the suggest seat, a shared win counting 1/len(winners); the median and
    the 99th percentile seconds per `suggest` call).
    """
    import time

    share = 0.0
    times: list[float] = []
    for g in range(games):
        bot = g % players
        s = ryadki.new_game({"players": players, "deals": deals}, seed=seed * 100_003 + g)
        rnd = Rng(seed * 7_919 + g + 1)
        while not s.over:
            p = s.turn
            assert p is not None
            if p == bot:
                t = time.perf_counter()
                m = suggest(s, p)
                times.append(time.perf_counter() - t)
            else:
                m = rnd.choice(ryadki.legal_moves(s, p))
            s = ryadki.apply(s, m, p)
        if bot in s.winners:
            share += 1 / len(s.winners)
    times.sort()
    if not times:
        return share / games, 0.0, 0.0
    return share / games, times[len(times) // 2], times[min(len(times) - 1, len(times) * 99 // 100)]
