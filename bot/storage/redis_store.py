"""The Redis store: the roles of bot.storage.base over Redis (redis-py: `redis.asyncio.Redis`,
`RedisCluster`, or Sentinel's `master_for`; hiredis parses).

REDIS_URL names one server, a Redis Cluster or Sentinel's master (bot.storage.redis_url).
Keys carry a `{hash tag}` so each lives in one Redis Cluster slot; no script or multi-key command
touches two slots. The sets every process writes to (the deadlines, the pending results) are
split over SHARDS keys (bot.storage.shards), so no single slot is hot.

The game records are RedisGames (redis_games: the hot path, its own scripts); everything else
goes through RedisCells (redis_cells: single commands, and the steps of the roles' programs,
each group one APPLY script, redis_apply); all send through the store's one RedisLink
(redis_link: the client, the key prefix, batches).
"""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis, RedisCluster

from bot.redis_url import parse_redis_url
from bot.storage.base import Store
from bot.storage.health import Health, guard
from bot.storage.leases import deadline_shards, deadlines
from bot.storage.recent import RecentGames
from bot.storage.redis_cells import RedisCells
from bot.storage.redis_client import connect
from bot.storage.redis_games import RedisGames
from bot.storage.redis_link import RedisLink
from bot.storage.result_writes import pending
from bot.storage.update_gate import RedisGate, UpdateGate
from bot.storage.writes import Key

__all__ = ["RedisStore"]

# every call of the store goes through its Health: outage errors become StoreUnavailable, and
# for half a second after each failure calls fail at once (then they try Redis again)
GUARDED = (
    *("create", "load", "save", "version_of", "delete", "active_games", "game_ttl_left"),
    *("get_chat_game", "set_chat_game", "claim_chat_game", "release_chat_game"),
    *("user_games", "add_user_game", "remove_user_game"),
    *("put_invite", "get_invite", "delete_invite"),
    *("finish", "count_result", "pending_results", "sweep_results", "load_result"),
    *("claim_daily", "day_deal", "keep_day_deal", "choosing_day"),
    *("user_stats", "history", "rating", "leaderboard", "set_hidden"),
    *("seen_in_group", "add_seen_in_group"),
    *("take_send", "schedule", "cancel", "claim_due", "finish_due", "mark", "unmark"),
    *("get_lang", "set_lang", "get_setting", "set_setting"),
    *("take_badge_news", "settle_badges"),
)


TIMEOUT = 1.0  # seconds a call to the store may take (connect or reply) before it gives up


class RedisStore(Store):
    def __init__(
        self,
        url: str,
        game_ttl: int = 86400,
        idle_ttl: int = 14 * 86400,
        prefix: str = "cb",
        remembered: int = 2048,
        timeout: float = TIMEOUT,
    ) -> None:
        self.health = Health()
        # every call gives up after `timeout` (connect or reply), with no retry of its own: a tap
        # during an outage is answered at once, and the store's Health fails fast meanwhile
        self.target = target = parse_redis_url(url)
        self.link = link = RedisLink(connect(target, timeout), prefix, timeout)
        cells = RedisCells(link)
        super().__init__(cells, RedisGames(link, cells, game_ttl, idle_ttl, remembered))
        self.redis_cells = cells
        for name in GUARDED:
            setattr(self, name, guard(self.health, getattr(self, name)))

    # the link's, for the callers that send their own (bot.storage.update_gate, tests)
    @property
    def client(self) -> Redis | RedisCluster:
        return self.link.client

    @property
    def prefix(self) -> str:
        return self.link.prefix

    @property
    def recent(self) -> RecentGames:
        games = self.games
        assert isinstance(games, RedisGames)
        return games.recent

    def name(self, key: Key) -> str:
        """A key of the roles as Redis names it."""
        return self.redis_cells.name(key)

    def _game(self, game_id: str) -> str:
        return self.link.game(game_id)

    async def open(self) -> RedisStore:
        """Check the connection and preload the scripts (so every later call is one EVALSHA)."""
        await self.link.client.ping()
        await self.link.measure_clock()
        await self.link.load_scripts()
        await self._move_unsharded(Key("deadlines"), deadlines)
        await self._move_unsharded(Key("results"), pending)
        return self

    async def _move_unsharded(self, legacy: Key, shard: Any) -> None:
        """Members of a set written before it was sharded (one key) go to their shards, so a
        timer or result stored by an older version is not lost."""
        name = self.name(legacy)
        entries: Any = await self.link.client.zrange(name, 0, -1, withscores=True)
        for member, score in entries:
            await self.link.client.zadd(self.name(shard(member)), {member: score}, nx=True)
            await self.link.client.zrem(name, member)

    def deadline_shards(self) -> list[str]:
        return [self.name(k) for k in deadline_shards()]

    def update_gate(self, **kw: Any) -> UpdateGate:
        """The gate on this Redis, shared by every replica."""
        return RedisGate(self.link, **kw)

    async def close(self) -> None:
        await self.link.client.aclose()
