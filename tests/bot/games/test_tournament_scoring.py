"""A tournament's points, streaks, tie-breaks and what joins, withdrawals, the start and the
results do to it (bot.games.tournament: scoring, flow, model), pure."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from bot.games.tournament import flow
from bot.games.tournament.model import Entrant, Table, Tournament
from bot.games.tournament.scoring import standings, table_points

PLACES = st.lists(st.integers(1, 4), min_size=2, max_size=4).map(lambda ps: dict(enumerate(ps)))


def _dense(places: dict[int, int]) -> dict[int, int]:
    """Places numbered densely (1, 1, 2), as bot.stats.result.places numbers them."""
    order = sorted(set(places.values()))
    return {u: order.index(p) + 1 for u, p in places.items()}


@given(PLACES)
def test_a_table_gives_out_its_points_by_placing_ties_sharing(places: dict[int, int]) -> None:
    dense = _dense(places)
    points = table_points(dense)
    n = len(dense)
    assert sum(points.values()) == n * (n - 1)  # 2 × (n−1 + … + 0)
    for a, b in itertools.permutations(dense, 2):
        if dense[a] < dense[b]:
            assert points[a] > points[b]
        if dense[a] == dense[b]:
            assert points[a] == points[b]


def test_a_game_for_two_scores_a_win_2_a_draw_1_a_loss_0() -> None:
    assert table_points({1: 1, 2: 2}) == {1: 2, 2: 0}
    assert table_points({1: 1, 2: 1}) == {1: 1, 2: 1}
    assert table_points({1: 1, 2: 2, 3: 2, 4: 3}) == {1: 6, 2: 3, 3: 3, 4: 0}


def _arena(*names: str) -> Tournament:
    t = Tournament("T1", "parquet", "arena", 15, 60, -100, None, None, "en", 1, 0.0)
    for i, name in enumerate(names, start=1):
        assert flow.join(t, Entrant(i, name, rating=1000.0 + i), 0.0) is None
    return t


def _ids() -> flow.NewId:
    counter = itertools.count(1)
    return lambda: f"G{next(counter):09d}"


def _play(t: Tournament, winner: int, loser: int, now: float) -> int:
    """A game between the two, dealt and won by `winner`: the points it gave the winner."""
    for e in t.entrants:
        e.busy = "x" if e.user not in (winner, loser) else ""
    gid = f"W{len(t.tables):09d}"
    t.tables.append(Table(gid, [winner, loser], len(t.tables) + 1))
    scored = flow.record(t, gid, {winner: 1, loser: 2}, now)
    assert scored is not None
    return scored[winner].points


def test_two_wins_in_a_row_start_a_streak_in_which_wins_count_double_until_one_is_not_won() -> None:
    t = _arena("Ann", "Bob")
    t.phase = "running"
    gained = [_play(t, 1, 2, float(i)) for i in range(4)]
    assert gained == [2, 2, 4, 4]  # the third win on is on fire
    ann = t.entrant(1)
    assert ann is not None and ann.on_fire and ann.points == 12
    assert _play(t, 2, 1, 9.0) == 2  # Ann loses: her streak is over
    assert not ann.on_fire and _play(t, 1, 2, 10.0) == 2


def test_a_swiss_has_no_streaks() -> None:
    t = _arena("Ann", "Bob")
    t.format, t.phase = "swiss", "running"
    assert [_play(t, 1, 2, float(i)) for i in range(4)] == [2, 2, 2, 2]


def test_an_arena_ties_by_performance_a_swiss_by_buchholz_then_rating() -> None:
    a, b, c, d = (
        Entrant(u, n, rating=r)
        for u, n, r in ((1, "A", 1000), (2, "B", 1500), (3, "C", 1200), (4, "D", 1100))
    )
    a.points, b.points, c.points, d.points = 2, 2, 0, 0
    a.games, b.games = 1, 1
    a.perf, b.perf = 1200 + 400, 1000 + 400  # A beat a stronger player
    a.met, b.met = [3], [4]
    rows = standings([a, b, c, d], arena=True)
    assert [r.entrant.name for r in rows] == ["A", "B", "C", "D"]
    c.points = 4  # A met C (4 points), B met D (0): A ahead by Buchholz in a Swiss
    a.points = b.points = 2
    rows = standings([b, a, c, d], arena=False)
    assert [r.entrant.name for r in rows] == ["C", "A", "B", "D"]
    a.met = b.met = []  # equal Buchholz: the rating
    rows = standings([a, b], arena=False)
    assert [r.entrant.name for r in rows] == ["B", "A"]
    twin = Entrant(5, "A2", rating=1000)  # equal on everything: one rank
    twin.points = 2
    assert [r.rank for r in standings([a, twin], arena=False)] == [1, 1]


def test_joins_withdrawals_late_joins_and_too_few_at_the_start() -> None:
    t = _arena("Ann", "Bob")
    assert flow.join(t, Entrant(1, "Ann"), 1.0) == "tour-already"
    assert flow.leave(t, 2) is None and t.entrant(2) is None  # before the start: off the list
    assert flow.start(t, 10.0, _ids()) == [] and t.phase == "cancelled" and t.closed == "few"
    t = _arena("Ann", "Bob", "Cid")
    tables = flow.start(t, 0.0, _ids())
    assert t.phase == "running" and len(tables) == 1 and t.ends == 15 * 60
    assert flow.join(t, Entrant(4, "Dan"), 7 * 60) is None  # before half its time
    assert flow.join(t, Entrant(5, "Eve"), 8 * 60) == "tour-late"
    waiting = next(e for e in t.entrants if e.free and e.user != 4)
    assert flow.leave(t, waiting.user) is None and waiting.status == "paused"
    assert flow.join(t, Entrant(waiting.user, waiting.name), 9 * 60) is None  # back from a pause
    s = _arena("Ann", "Bob", "Cid")
    s.format = "swiss"
    first = flow.start(s, 0.0, _ids())
    assert len(first) == 1 and sum(e.byes for e in s.entrants) == 1  # the odd one: a bye
    assert flow.join(s, Entrant(9, "Late"), 1.0) == "tour-started"
    playing = first[0].users[0]
    assert flow.leave(s, playing) is None and s.entrant(playing).status == "out"  # type: ignore[union-attr]
    assert flow.join(s, Entrant(playing, "x"), 2.0) == "tour-started"


def test_a_swiss_deals_its_rounds_and_ends_after_the_last() -> None:
    t = _arena("A", "B", "C", "D")
    t.format, t.length = "swiss", 3
    ids = _ids()
    tables = flow.start(t, 0.0, ids)
    for round_ in range(1, 4):
        assert t.round == round_ and len(tables) == 2
        assert flow.deal(t, 1.0, ids) == []  # the round is being played
        for table in tables:
            assert flow.record(t, table.gid, {table.users[0]: 1, table.users[1]: 2}, 1.0)
            assert flow.record(t, table.gid, {table.users[0]: 1}, 1.0) is None  # once
        assert not flow.settle(t, 1.0) or round_ == 3
        tables = flow.deal(t, 2.0, ids)
    assert t.phase == "over" and tables == []
    met = [frozenset(tb.users) for tb in t.tables]
    assert len(met) == len(set(met)) == 6  # a round robin of four: nobody met twice


def test_a_tournament_survives_its_json() -> None:
    t = _arena("Ann", "Бob")
    flow.start(t, 5.0, _ids())
    again = Tournament.from_json(t.to_json())
    assert again == t
