"""The count of open games per kind (the `cardbot_active_games` gauge), on every backend."""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot import metrics
from bot.registry import GAMES, is_solitaire
from bot.storage import GameRecord, Player, SoloMeta, Store, TableMeta, new_id
from bot.storage.redis_store import RedisStore
from bot.storage.sqlite_store import SQLiteStore
from tests.bot.storage.conftest import BACKENDS, url_of
from tests.bot.storage.results_support import solo
from tests.support.redis_server import redis_store

IDLE_TTL = 7200


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    if request.param == "sqlite":
        s: Store = await SQLiteStore(str(tmp_path / "db.sqlite3"), idle_ttl=IDLE_TTL).open()
    else:
        prefix = "ag" + uuid.uuid4().hex[:8]
        url = url_of(request, request.param)
        s = await redis_store(url, idle_ttl=IDLE_TTL, prefix=prefix).open()
    try:
        yield s
    finally:
        await s.close()


def game(kind: str) -> GameRecord:
    if is_solitaire(kind):
        meta: SoloMeta | TableMeta = SoloMeta(uid=5, lang="ru", variant="u")
    else:
        meta = TableMeta(creator=5, players=[Player(5, "A")])
    return GameRecord(id=new_id(), kind=kind, chat_id=5, state="{}", meta=meta)


def counts(**open_games: int) -> dict[str, int]:
    """Every game the bot offers: none open but those given."""
    return {kind: open_games.get(kind, 0) for kind in GAMES}


async def test_games_count_from_creation_until_they_end(store: Store) -> None:
    assert await store.active_games() == counts()
    kosa = [game("kosa") for _ in range(3)]
    lobby = game("ryadki")
    for record in [*kosa, lobby]:
        assert await store.create(record)
    assert not await store.create(kosa[0])  # a taken id counts once
    assert await store.active_games() == counts(kosa=3, ryadki=1)
    # moves change nothing; a finish, a finished save (a lobby closed) and a delete do
    assert await store.save(kosa[0], 0)
    kosa[1].finished = True
    assert await store.finish(kosa[1], 0, solo(kosa[1].id, 5, won=True))
    lobby.finished = True
    assert await store.save(lobby, 0)
    await store.delete(kosa[2].id)
    assert await store.active_games() == counts(kosa=1)


async def test_a_lost_compare_and_set_leaves_the_game_counted(store: Store) -> None:
    record = game("parquet")
    assert await store.create(record)
    assert await store.save(record, 0)  # another player's move
    stale = GameRecord.from_payload(record.id, 0, record.payload())
    stale.finished = True
    assert not await store.save(stale, 0)
    assert (await store.active_games())["parquet"] == 1


async def test_games_left_idle_drop_out_of_the_count(store: Store) -> None:
    assert await store.create(game("raspad"))
    now = time.time() if isinstance(store, RedisStore) else None
    assert (await store.active_games(now))["raspad"] == 1
    later = (now or time.time()) + IDLE_TTL + 60
    assert (await store.active_games(later))["raspad"] == 0


async def test_the_gauge_shows_the_stores_count_when_scraped(store: Store) -> None:
    for kind in ("kosa", "kosa", "parquet"):
        assert await store.create(game(kind))
    hook = metrics.active_games_hook(store)
    metrics.on_scrape(hook)
    try:
        text = (await metrics.exposition()).decode()
    finally:
        metrics.off_scrape(hook)
    assert 'cardbot_active_games{game="kosa"} 2.0' in text
    assert 'cardbot_active_games{game="parquet"} 1.0' in text
    assert 'cardbot_active_games{game="raspad"} 0.0' in text
