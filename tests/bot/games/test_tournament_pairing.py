"""Who plays whom in a tournament (bot.games.tournament.pairing), as properties: every person
at one table at most, tables of the allowed sizes, nobody meeting again in a Swiss, byes to
those with the fewest, an arena that does not pair last opponents while others may come free."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.tournament.pairing import REMATCH_WAIT, Seed, arena, split, swiss

SIZES = st.sampled_from([(2, 2), (3, 4)])


@given(st.integers(0, 80), SIZES)
def test_split_seats_as_many_as_it_can_as_evenly_as_it_can(n: int, sizes: tuple[int, int]) -> None:
    low, high = sizes
    tables = split(n, low, high)
    assert sum(tables) <= n
    assert all(low <= size <= high for size in tables)
    assert not tables or max(tables) - min(tables) <= 1
    # nobody more could sit: the rest is fewer than a table, or every table is full
    rest = n - sum(tables)
    assert rest < low or all(size == high for size in tables)


def _pairs(tables: tuple[tuple[int, ...], ...]) -> set[frozenset[int]]:
    return {frozenset(p) for t in tables for p in itertools.combinations(t, 2)}


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 14), st.integers(1, 7), SIZES, st.randoms(use_true_random=False))
def test_a_swiss_never_seats_two_people_again_and_gives_byes_in_turn(
    n: int, rounds: int, sizes: tuple[int, int], rng: object
) -> None:
    low, high = sizes
    import random

    assert isinstance(rng, random.Random)
    met: dict[int, set[int]] = {u: set() for u in range(n)}
    points = dict.fromkeys(range(n), 0)
    byes = dict.fromkeys(range(n), 0)
    ratings = {u: rng.uniform(800, 1600) for u in range(n)}
    seen: set[frozenset[int]] = set()
    for _ in range(rounds):
        seeds = [Seed(u, points[u], ratings[u], frozenset(met[u]), byes=byes[u]) for u in range(n)]
        found = swiss(seeds, low, high)
        if found is None:
            assert high == 2  # only a game for two may run out of rounds
            break
        seated = [u for t in found.tables for u in t]
        assert sorted(seated + list(found.byes)) == list(range(n))  # everyone, once
        assert all(low <= len(t) <= high for t in found.tables)
        new = _pairs(found.tables)
        if high == 2:
            assert not new & seen, "a pair met twice"
        for bye in found.byes:  # a bye goes to one with the fewest byes of those who sit out
            assert byes[bye] <= min(byes[u] for u in seated) or byes[bye] == min(byes.values())
            byes[bye] += 1
            points[bye] += 2 * (high - 1)
        seen |= new
        for table in found.tables:
            for u in table:
                met[u] |= set(table) - {u}
            winner = rng.choice(table)
            points[winner] += 2 * (len(table) - 1)


def _brute_has_round(n: int, met: set[frozenset[int]]) -> bool:
    """Whether n people (n even) can be paired with no pair of `met` (a perfect matching)."""
    people = list(range(n))

    def go(left: list[int]) -> bool:
        if not left:
            return True
        first = left[0]
        return any(
            frozenset((first, o)) not in met and go([x for x in left[1:] if x != o])
            for o in left[1:]
        )

    return go(people)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([4, 6]), st.sets(st.tuples(st.integers(0, 5), st.integers(0, 5))))
def test_a_swiss_for_two_finds_a_round_whenever_one_exists(
    n: int, pairs: set[tuple[int, int]]
) -> None:
    met = {frozenset(p) for p in pairs if p[0] != p[1] and max(p) < n}
    seeds = [
        Seed(u, met=frozenset(o for p in met if u in p for o in p if o != u)) for u in range(n)
    ]
    found = swiss(seeds, 2, 2)
    assert (found is not None) == _brute_has_round(n, met)
    if found is not None:
        assert not _pairs(found.tables) & met


@given(
    st.lists(
        st.tuples(st.integers(0, 12), st.floats(800, 1600), st.integers(0, 10)),
        min_size=0,
        max_size=12,
    ),
    SIZES,
    st.booleans(),
    st.integers(0, 1000),
)
def test_an_arena_seats_each_free_person_once_and_avoids_last_opponents(
    people: list[tuple[int, float, int]], sizes: tuple[int, int], playing: bool, seed: int
) -> None:
    low, high = sizes
    n = len(people)
    # each person's last table: their neighbours in a fixed order (a previous round)
    lasts = {u: frozenset({(u + 1) % max(n, 1), (u - 1) % max(n, 1)} - {u}) for u in range(n)}
    now = 100.0
    seeds = [
        Seed(u, points, rating, last=lasts[u], freed=now - (seed % 7))
        for u, (points, rating, _) in enumerate(people)
    ]
    tables = arena(seeds, low, high, now, others_playing=playing)
    seated = [u for t in tables for u in t]
    assert len(seated) == len(set(seated))
    assert all(low <= len(t) <= high for t in tables)
    if playing:  # nobody waited REMATCH_WAIT: last opponents never sit together again
        assert seed % 7 < REMATCH_WAIT
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                assert b not in lasts[a], (table, lasts)
    else:  # nobody else can come free: the free people are all seated that can be
        assert n - len(seated) < low or not tables or len(seated) >= n - high


def test_an_arena_pairs_the_closest_in_points_and_rating() -> None:
    seeds = [Seed(1, 6, 1200), Seed(2, 0, 1000), Seed(3, 6, 1190), Seed(4, 0, 990)]
    assert sorted(sorted(t) for t in arena(seeds, 2, 2, 0.0)) == [[1, 3], [2, 4]]


def test_an_arena_rematch_waits_while_others_play_then_goes() -> None:
    a = Seed(1, last=frozenset({2}), freed=0.0)
    b = Seed(2, last=frozenset({1}), freed=0.0)
    assert arena([a, b], 2, 2, 1.0, others_playing=True) == []
    assert arena([a, b], 2, 2, REMATCH_WAIT, others_playing=True) == [(1, 2)]
    assert arena([a, b], 2, 2, 1.0, others_playing=False) == [(1, 2)]
    c = Seed(3, freed=0.0)  # someone else is free: not each other again
    assert sorted(len(t) for t in arena([a, b, c], 2, 2, 1.0)) == [2]
    assert all(set(t) != {1, 2} for t in arena([a, b, c], 2, 2, 1.0))
