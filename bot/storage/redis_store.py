"""Redis backend: one hash per game (`v` version, `d` payload), Lua compare-and-set.

REDIS_URL names one server, a Redis Cluster or Sentinel's master (bot.redis_url).
Keys carry a `{hash tag}` so each lives in one Redis Cluster slot; no script or multi-key command
touches two slots. The sets every process writes to (the deadlines, the pending results) are
split over SHARDS keys (bot.storage.shards), so no single slot is hot.
Load = 1 round trip (HMGET), save = 1 round trip (EVALSHA of the CAS script), all through
redis-py (`redis.asyncio.Redis`, `RedisCluster`, or Sentinel's `master_for`; hiredis parses).

Active games: one sorted set per game kind (`{active:<kind>}`: game id → when it expires if
left idle), written when a game is created and when it ends (never on a move), counted with
ZCOUNT when /metrics is scraped.

The store remembers the last version of each recently used game it saved or loaded (payload
text and decoded rules state, `RecentGames`). Loading such a game asks Redis for the payload
only if the stored version differs (`_LOAD_IF_CHANGED`, still one round trip), so a player's
next tap costs no payload transfer and no decoding; anything another process wrote shows up
as a changed version and is loaded in full. Writes stay compare-and-set on the version.

The games, the edit budget and the deadlines are here; a game's end and what it counted are the
store's base classes RedisResults (results_redis) and RedisResultViews (results_redis_views);
the small parts are RedisCells (redis_cells); all send through the store's one RedisLink
(redis_link: the client, the key prefix, batches).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from redis.asyncio import Redis, RedisCluster

from bot.redis_url import parse_redis_url
from bot.registry import GAMES
from bot.storage.health import Health, guarded
from bot.storage.recent import RecentGames
from bot.storage.record import GameRecord
from bot.storage.redis_cells import RedisCells
from bot.storage.redis_client import connect
from bot.storage.redis_link import RedisLink, call
from bot.storage.redis_scripts import (
    CLAIM_DUE,
    CREATE,
    FINISH_DUE,
    LOAD_IF_CHANGED,
    SAVE,
    TAKE_SEND,
)
from bot.storage.results_redis import ResultKeys
from bot.storage.results_redis_views import RedisResultViews
from bot.storage.shards import SHARDS, claim_across, shard_of
from bot.storage.update_gate import RedisGate, UpdateGate

__all__ = ["RedisStore"]


class RedisStore(RedisResultViews):
    def __init__(
        self,
        url: str,
        game_ttl: int = 86400,
        idle_ttl: int = 14 * 86400,
        prefix: str = "cb",
        remembered: int = 2048,
        timeout: float = 1.0,
    ) -> None:
        self.health = Health()
        # every call gives up after `timeout` (connect or reply), with no retry of its own: a tap
        # during an outage is answered at once, and the store's Health fails fast meanwhile
        self.target = target = parse_redis_url(url)
        self.link = link = RedisLink(connect(target, timeout), prefix, timeout)
        self._claim_turn = 0  # the shard each claim starts at rotates (bot.storage.shards)
        self._create = link.script(CREATE)
        self._save = link.script(SAVE)
        self._load_if_changed = link.script(LOAD_IF_CHANGED)
        self._claim = link.script(CLAIM_DUE)
        self._unclaim = link.script(FINISH_DUE)
        self.recent = RecentGames(remembered)
        self._take_send = link.script(TAKE_SEND)
        self.result_keys = ResultKeys(prefix)
        self._results_scripts()
        super().__init__(game_ttl, idle_ttl, cells=RedisCells(link))

    # the link's, for the callers that send their own (bot.storage.update_gate, tests)
    @property
    def client(self) -> Redis | RedisCluster:
        return self.link.client

    @property
    def prefix(self) -> str:
        return self.link.prefix

    async def open(self) -> RedisStore:
        """Check the connection and preload the scripts (so every later call is one EVALSHA)."""
        await self.link.client.ping()
        await self.link.measure_clock()
        await self.link.load_scripts()
        await self._move_unsharded(self._legacy_deadlines(), self._deadlines)
        await self._move_unsharded(self.result_keys.legacy_pending(), self.result_keys.pending)
        return self

    async def _move_unsharded(self, legacy: str, shard: Callable[[str], str]) -> None:
        """Members of a set written before it was sharded (one key) go to their shards, so a
        timer or result stored by an older version is not lost."""
        entries: Any = await self.link.client.zrange(legacy, 0, -1, withscores=True)
        for member, score in entries:
            await self.link.client.zadd(shard(member), {member: score}, nx=True)
            await self.link.client.zrem(legacy, member)

    # keys
    def _game(self, game_id: str) -> str:
        return self.link.game(game_id)

    def _deadlines(self, key: str) -> str:
        """The deadline shard of the timer `key`."""
        return f"{self.link.prefix}:{{dl:{shard_of(key)}}}"

    def deadline_shards(self) -> list[str]:
        return [f"{self.link.prefix}:{{dl:{i}}}" for i in range(SHARDS)]

    def _legacy_deadlines(self) -> str:
        return f"{self.link.prefix}:{{deadlines}}"

    # games
    async def create(self, record: GameRecord) -> bool:
        payload = record.payload()
        ok = await self._create(
            keys=[self._game(record.id)],
            args=[record.version, payload, self.ttl_for(record)],
        )
        if ok:
            self.recent.remember(record, payload)
            if not record.finished:
                expires = time.time() + self.ttl_for(record)
                await self.link.client.zadd(self.link.active(record.kind), {record.id: expires})
        return bool(ok)

    async def load(self, game_id: str) -> GameRecord | None:
        known = self.recent.version(game_id)
        if known is None:
            return await self._load_full(game_id)
        # one round trip that carries the payload only when the stored version changed
        reply = await self._load_if_changed(keys=[self._game(game_id)], args=[known])
        if reply is None:
            self.recent.forget(game_id)
            return None
        if reply == 1:
            remembered = self.recent.record(game_id)
            # forgotten while the reply travelled (many games at once): load it in full
            return remembered if remembered is not None else await self._load_full(game_id)
        version, payload = reply
        return self._loaded(game_id, version, payload)

    async def _load_full(self, game_id: str) -> GameRecord | None:
        version, payload = await self.link.client.hmget(self._game(game_id), ["v", "d"])
        if version is None or payload is None:
            return None
        return self._loaded(game_id, version, payload)

    def _loaded(self, game_id: str, version: Any, payload: Any) -> GameRecord:
        record = GameRecord.from_payload(game_id, int(version), str(payload))
        self.recent.remember(record, str(payload))
        return record

    async def version_of(self, game_id: str) -> int | None:
        reply = await self.link.client.hget(self._game(game_id), "v")
        return None if reply is None else int(reply)

    def peek(self, game_id: str, version: int) -> GameRecord | None:
        if self.recent.version(game_id) != version:
            return None
        return self.recent.record(game_id)

    async def save(self, record: GameRecord, expected_version: int) -> bool:
        payload = record.payload()
        deadline = self.link.deadline_ms()
        args: list[str | int] = [
            expected_version,
            expected_version + 1,
            payload,
            self.ttl_for(record),
            deadline,
        ]
        ok = await self._save(keys=[self._game(record.id)], args=args)
        if ok == -1:  # Redis got it too late: the caller was already told it did not happen
            raise TimeoutError("redis took longer than the save's deadline")
        if ok:
            record.version = expected_version + 1
            self.recent.remember(record, payload)
            if record.finished:  # over (or a lobby closed): no longer active
                await self.link.client.zrem(self.link.active(record.kind), record.id)
        else:  # someone else wrote it: whatever is remembered may be old
            self.recent.forget(record.id)
        return bool(ok)

    async def delete(self, game_id: str) -> None:
        self.recent.forget(game_id)
        await self.link.batch(
            [("DEL", self._game(game_id)), *(("ZREM", self.link.active(k), game_id) for k in GAMES)]
        )

    async def active_games(self, now: float | None = None) -> dict[str, int]:
        clock = time.time()
        at = repr(float(clock if now is None else now))
        commands: list[tuple[Any, ...]] = []
        for kind in GAMES:  # the entries of games that expired unfinished go
            commands.append(("ZREMRANGEBYSCORE", self.link.active(kind), "-inf", repr(clock)))
            commands.append(("ZCOUNT", self.link.active(kind), f"({at}", "+inf"))
        replies = await self.link.batch(commands)
        return {kind: int(replies[2 * i + 1]) for i, kind in enumerate(GAMES)}

    async def game_ttl_left(self, game_id: str) -> float | None:
        ms = await self.link.client.pttl(self._game(game_id))
        return None if ms is None or ms < 0 else ms / 1000.0

    async def take_send(
        self, chat_id: int, now: float, window: float, limit: int, min_gap: float
    ) -> float:
        key = f"{self.link.prefix}:{{s:{chat_id}}}"
        member = f"{now!r}:{secrets.token_hex(4)}"
        args: list[str | int] = [repr(now), repr(window), limit, repr(min_gap), member]
        return float(await self._take_send(keys=[key], args=args))

    # deadlines, over SHARDS keys (bot.storage.shards)
    async def schedule(self, key: str, due: float) -> None:
        await self.link.client.zadd(self._deadlines(key), {key: due})

    async def cancel(self, key: str) -> None:
        await self.link.client.zrem(self._deadlines(key), key)

    async def claim_due(self, now: float, lease: float, limit: int = 50) -> list[tuple[str, float]]:
        until = float(now + lease)
        self._claim_turn += 1
        deadline = self.link.deadline_ms()

        def claim(shard: str, n: int) -> tuple[Any, ...]:
            return call(self._claim, [shard], [repr(float(now)), n, repr(until), deadline])

        keys = await claim_across(
            self.link.batch, self.deadline_shards(), limit, self._claim_turn, claim
        )
        return [(k, until) for k in keys]

    async def finish_due(self, key: str, lease: float) -> None:
        unclaim = call(self._unclaim, [self._deadlines(key)], [key, repr(float(lease))])
        [_] = await self.link.batch([unclaim])

    def update_gate(self, **kw: Any) -> UpdateGate:
        """The gate on this Redis, shared by every replica."""
        return RedisGate(self.link, **kw)

    async def close(self) -> None:
        await self.link.client.aclose()


# every call of the store goes through its Health: outage errors become StoreUnavailable, and
# while Redis is down calls fail at once (one probe every half second)
GUARDED = (
    "create",
    "load",
    "save",
    "version_of",
    "delete",
    "active_games",
    "game_ttl_left",
    "take_send",
    "schedule",
    "cancel",
    "claim_due",
    "finish_due",
    "get_chat_game",
    "set_chat_game",
    "claim_chat_game",
    "release_chat_game",
    "user_games",
    "add_user_game",
    "remove_user_game",
    "get_lang",
    "set_lang",
    "put_invite",
    "get_invite",
    "delete_invite",
    "mark",
    "unmark",
    "get_setting",
    "set_setting",
    "seen_in_group",
    "add_seen_in_group",
    "finish",
    "count_result",
    "pending_results",
    "load_result",
    "user_stats",
    "history",
    "rating",
    "leaderboard",
    "set_hidden",
    "claim_daily",
    "day_deal",
    "keep_day_deal",
)
for _name in GUARDED:
    setattr(RedisStore, _name, guarded(lambda store: store.health)(getattr(RedisStore, _name)))
