"""GameResult round trips and the places the ratings take."""

from __future__ import annotations

import pytest

from bot.stats.result import GameResult, PlayerResult, places


def result(*players: PlayerResult, kind: str = "ryadki", **kw: object) -> GameResult:
    base: dict[str, object] = {
        "game_id": "g1",
        "kind": kind,
        "variant": "",
        "players": players,
        "moves": 10,
        "duration": 60,
        "finished_at": 1_740_787_200.5,
        "date": "2025-03-01",
    }
    base.update(kw)
    return GameResult(**base)  # type: ignore[arg-type]


def test_a_result_round_trips_through_json() -> None:
    r = result(
        PlayerResult(1, 0, "Анна", "won", 31),
        PlayerResult(-1, 1, "Computer", "lost", 2, ai=True),
        chat_id=-100,
        used_hint=True,
        daily=60,
        ranked=False,
        rounds=3,
        extra={"deck": 36},
    )
    assert GameResult.from_json(r.to_json()) == r
    assert r.vs_computer and not r.rated and r.to_dict()["vs_ai"] is True
    assert [p.user_id for p in r.humans] == [1]


def test_who_is_rated() -> None:
    two = (PlayerResult(1, 0, "a", "won"), PlayerResult(2, 1, "b", "lost"))
    assert result(*two).rated
    assert not result(*two, ranked=False).rated
    assert not result(PlayerResult(1, 0, "a", "won"), kind="kosa").rated


def test_bad_results_are_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        result(PlayerResult(1, 0, "a", "won"), PlayerResult(1, 1, "a", "lost"))
    with pytest.raises(ValueError, match="outcome"):
        PlayerResult.from_dict({"u": 1, "seat": 0, "o": "victory"})


def test_places_winners_ties_losers_then_those_who_left() -> None:
    r = result(
        PlayerResult(1, 0, "a", "lost", 10),
        PlayerResult(2, 1, "b", "won", 40),
        PlayerResult(3, 2, "c", "timeout", 50),
        PlayerResult(4, 3, "d", "lost", 25),
        PlayerResult(5, 4, "e", "lost", 25),
        PlayerResult(6, 5, "f", "resigned", 0),
    )
    assert places(r) == {2: 1, 4: 2, 5: 2, 1: 3, 3: 4, 6: 5}
    shared = result(PlayerResult(1, 0, "a", "won", 9), PlayerResult(2, 1, "b", "won", 9))
    assert places(shared) == {1: 1, 2: 1}
    parquet = result(
        PlayerResult(1, 0, "a", "resigned", 3), PlayerResult(2, 1, "b", "won", 8), kind="parquet"
    )
    assert places(parquet) == {2: 1, 1: 2}
