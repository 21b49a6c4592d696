"""Shared helpers of the results suites: both stores (SQLite, a real redis-server), pairs of
stores on one backend (two processes), games to finish and their results."""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.stats.result import GameResult, Outcome, PlayerResult
from bot.storage import GameRecord, Player, SoloMeta, Store, TableMeta, new_id
from bot.storage.sqlite_store import SQLiteStore
from tests.bot.storage.conftest import BACKENDS, url_of
from tests.support.redis_server import redis_store


async def open_stores(request: pytest.FixtureRequest, tmp_path: Path, count: int) -> list[Store]:
    """`count` stores on one backend, as `count` processes would have them."""
    if request.param == "sqlite":
        path = str(tmp_path / "db.sqlite3")
        return [await SQLiteStore(path).open() for _ in range(count)]
    url = url_of(request, request.param)
    prefix = "r" + uuid.uuid4().hex[:8]  # isolate tests sharing one server
    return [await redis_store(url, prefix=prefix).open() for _ in range(count)]


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    [s] = await open_stores(request, tmp_path, 1)
    try:
        yield s
    finally:
        await s.close()


async def finish_and_die(store: Store, record: GameRecord, result: GameResult) -> None:
    """`finish` by a process that dies right after the save: nothing counted yet."""

    async def dies(*_: object) -> None:
        raise ConnectionError("killed")

    # an instance's method, for this call only
    setattr(store.results, "_count", dies)  # noqa: B010
    try:
        assert await store.finish(record, record.version, result)
    finally:
        delattr(store.results, "_count")


@pytest.fixture(params=BACKENDS)
async def pair(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[tuple[Store, Store]]:
    a, b = await open_stores(request, tmp_path, 2)
    try:
        yield a, b
    finally:
        await a.close()
        await b.close()


async def new_game(store: Store, kind: str = "kosa", chat: int = 1) -> GameRecord:
    if kind in ("kosa", "raspad"):
        meta: SoloMeta | TableMeta = SoloMeta(uid=chat, lang="ru", variant="u")
    else:
        meta = TableMeta(creator=1, players=[Player(1, "A")])
    record = GameRecord(id=new_id(), kind=kind, chat_id=chat, state="{}", meta=meta)
    assert await store.create(record)
    record.finished = True
    return record


def solo(
    game_id: str,
    uid: int,
    won: bool,
    *,
    kind: str = "kosa",
    variant: str = "u",
    score: int = 104,
    moves: int = 300,
    duration: int = 600,
    daily: int | None = None,
    ranked: bool = True,
    rounds: int | None = None,
    name: str = "",
    date: str = "2025-03-01",
) -> GameResult:
    outcome: Outcome = "won" if won else "lost"
    return GameResult(
        game_id=game_id,
        kind=kind,
        variant=variant,
        players=(PlayerResult(uid, 0, name or f"user{uid}", outcome, score),),
        moves=moves,
        duration=duration,
        finished_at=time.time(),
        date=date,
        daily=daily,
        ranked=ranked,
        rounds=rounds,
    )


def table(
    game_id: str,
    seats: list[tuple[int, Outcome, int | None]],
    *,
    kind: str = "ryadki",
    chat: int | None = -100,
    ranked: bool = True,
    ai: frozenset[int] = frozenset(),
    date: str = "2025-03-01",
) -> GameResult:
    players = tuple(
        PlayerResult(uid, seat, f"user{uid}", outcome, score, ai=uid in ai)
        for seat, (uid, outcome, score) in enumerate(seats)
    )
    return GameResult(
        game_id=game_id,
        kind=kind,
        variant="",
        players=players,
        moves=40,
        duration=900,
        finished_at=time.time(),
        date=date,
        chat_id=chat,
        ranked=ranked,
    )


async def play(
    store: Store, result_of: Callable[[str], GameResult], kind: str = "kosa"
) -> GameResult:
    """Create a game and finish it with the result `result_of(game_id)` gives."""
    record = await new_game(store, kind)
    result = result_of(record.id)
    assert await store.finish(record, record.version, result)
    return result
