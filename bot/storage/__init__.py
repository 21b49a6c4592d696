"""Game storage: the `Store` interface and its Redis and embedded SQLite backends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.storage.base import Store, StoreUnavailable
from bot.storage.record import GameRecord, Player, SoloMeta, TableMeta, new_id

if TYPE_CHECKING:
    from bot.config import Settings


async def open_store(settings: Settings) -> Store:
    """Redis when REDIS_URL is set, else the embedded SQLite file at DATA_PATH."""
    if settings.redis_url:
        from bot.storage.redis_store import RedisStore

        return await RedisStore(
            settings.redis_url,
            game_ttl=settings.game_ttl_seconds,
            idle_ttl=settings.idle_ttl_seconds,
            remembered=settings.remembered_games,
        ).open()
    from bot.storage.sqlite_store import SQLiteStore

    return await SQLiteStore(
        settings.data_path,
        game_ttl=settings.game_ttl_seconds,
        idle_ttl=settings.idle_ttl_seconds,
    ).open()


__all__ = [
    "GameRecord",
    "Player",
    "SoloMeta",
    "Store",
    "StoreUnavailable",
    "TableMeta",
    "new_id",
    "open_store",
]
