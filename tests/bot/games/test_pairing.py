"""Quick-match pairing (bot.games.match.pairing), pure: who plays whom."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.match.pairing import WINDOW_START, Table, fits, tables, window
from bot.storage.match_queue import Entry

NOW = 10_000.0
FILL_AFTER = 30.0


def entry(
    user: int,
    rating: float = 1000.0,
    waited: float = 0.0,
    game: str = "parquet",
    seats: int = 2,
    fill: bool = False,
    blocks: frozenset[int] = frozenset(),
) -> Entry:
    return Entry(user, game, rating, NOW - waited, seats, fill, blocks)


entries = st.lists(
    st.builds(
        lambda user, rating, waited, game, seats, fill, blocks: Entry(
            user=user,
            game=game,
            rating=rating,
            since=NOW - waited,
            seats=seats,
            fill=fill,
            blocks=frozenset(blocks),
        ),
        user=st.integers(1, 12),
        rating=st.floats(600, 1600),
        waited=st.floats(0, 90),
        game=st.sampled_from(["parquet", "ryadki"]),
        seats=st.integers(2, 4),
        fill=st.booleans(),
        blocks=st.lists(st.integers(1, 12), max_size=3),
    ),
    max_size=14,
    unique_by=lambda e: e.user,  # the store keeps one entry per person
)


@settings(max_examples=300)
@given(entries)
def test_every_table_is_people_who_fit_one_another_each_seated_once(waiting: list[Entry]) -> None:
    out = tables(waiting, NOW, FILL_AFTER)
    seated = [u for t in out for u in t.users]
    assert len(seated) == len(set(seated))  # never twice, never with themselves
    for t in out:
        assert len(t.entries) >= 2
        assert len(t.entries) + t.computers == t.entries[0].seats
        for a, b in itertools.combinations(t.entries, 2):
            assert fits(a, b, NOW)
            assert a.user not in b.blocks and b.user not in a.blocks
        if t.computers:
            assert all(e.fill for e in t.entries)
            assert NOW - min(e.since for e in t.entries) >= FILL_AFTER


@settings(max_examples=300)
@given(entries)
def test_nobody_who_could_play_a_two_seat_game_is_left_waiting(waiting: list[Entry]) -> None:
    out = tables(waiting, NOW, FILL_AFTER)
    seated = {u for t in out for u in t.users}
    left = [e for e in waiting if e.user not in seated and e.seats == 2]
    for a, b in itertools.combinations(left, 2):
        if a.user != b.user:
            assert not fits(a, b, NOW), (a, b)


@given(st.floats(0, 1000), st.floats(0, 1000))
def test_the_window_widens_with_the_wait(a: float, b: float) -> None:
    assert window(min(a, b)) <= window(max(a, b))
    assert window(0) == WINDOW_START


def test_close_ratings_first_then_far_ones_after_a_wait() -> None:
    far = entry(2, rating=1400)
    near = entry(3, rating=1050)
    me = entry(1, rating=1000, waited=1)
    assert tables([me, far, near], NOW, FILL_AFTER) == [Table((me, near))]
    assert tables([me, far], NOW, FILL_AFTER) == []  # 400 apart: not yet
    patient = entry(1, rating=1000, waited=40)
    assert tables([patient, far], NOW, FILL_AFTER) == [Table((patient, far))]


def test_blocked_people_and_other_games_never_meet() -> None:
    a = entry(1, blocks=frozenset({2}))
    b = entry(2, waited=5)
    assert tables([a, b], NOW, FILL_AFTER) == []
    c = entry(3, game="ryadki")
    assert tables([a, c], NOW, FILL_AFTER) == []
    assert tables([a, entry(1, waited=3)], NOW, FILL_AFTER) == []  # one person, two taps


def test_a_three_seat_table_waits_for_three_or_fills_after_the_wait() -> None:
    a = entry(1, game="ryadki", seats=3, fill=True, waited=10)
    b = entry(2, game="ryadki", seats=3, fill=True)
    assert tables([a, b], NOW, FILL_AFTER) == []
    c = entry(3, game="ryadki", seats=3)
    assert tables([a, b, c], NOW, FILL_AFTER) == [Table((a, b, c))]
    late = NOW + FILL_AFTER
    assert tables([a, b], late, FILL_AFTER) == [Table((a, b), computers=1)]
    d = entry(4, game="ryadki", seats=3, fill=False)  # would rather wait for a person
    assert tables([a, d], late, FILL_AFTER) == []
