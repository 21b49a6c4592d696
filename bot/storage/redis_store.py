"""Redis backend: one hash per game (`v` version, `d` payload), Lua compare-and-set.

REDIS_URL names one server, a Redis Cluster or Sentinel's master (bot.storage.redis_url).
Keys carry a `{hash tag}` so each lives in one Redis Cluster slot; no script or multi-key command
touches two slots. The sets every process writes to (the deadlines, the pending results) are
split over SHARDS keys (bot.storage.shards), so no single slot is hot.
Load = 1 round trip (HMGET), save = 1 round trip (EVALSHA of the CAS script). Those two, the
game hot path, go over a dedicated lean connection (bot.storage.resp; over a cluster one per
master, bot.storage.resp_cluster) when the URL allows it (no TLS, no Sentinel); everything
else uses redis-py (`redis.asyncio.Redis`, `RedisCluster`, or Sentinel's `master_for`).

Active games: one sorted set per game kind (`{active:<kind>}`: game id → when it expires if
left idle), written when a game is created and when it ends (never on a move), counted with
ZCOUNT when /metrics is scraped.

The store remembers the last version of each recently used game it saved or loaded (payload
text and decoded rules state, `RecentGames`). Loading such a game asks Redis for the payload
only if the stored version differs (`_LOAD_IF_CHANGED`, still one round trip), so a player's
next tap costs no payload transfer and no decoding; anything another process wrote shows up
as a changed version and is loaded in full. Writes stay compare-and-set on the version.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

import hiredis
from redis.exceptions import ResponseError

from bot.storage.base import Store
from bot.storage.health import Health, guarded
from bot.storage.recent import RecentGames
from bot.storage.record import GameRecord
from bot.storage.redis_client import CountingCluster, CountingRedis, connect
from bot.storage.redis_indexes import RedisIndexes
from bot.storage.redis_scripts import (
    CREATE,
    LOAD_IF_CHANGED,
    RELEASE,
    SAVE,
    TAKE_SEND,
)
from bot.storage.redis_url import parse_redis_url
from bot.storage.resp import LeanRedis
from bot.storage.resp_cluster import LeanCluster
from bot.storage.results_redis import CLAIM, UNCLAIM, call
from bot.storage.results_redis_views import RedisResultViews
from bot.storage.shards import SHARDS, claim_across, shard_of
from bot.storage.user_settings import RedisSettings
from rules import GAMES

__all__ = ["CountingCluster", "CountingRedis", "RedisStore"]


class RedisStore(RedisIndexes, RedisSettings, RedisResultViews, Store):
    def __init__(
        self,
        url: str,
        game_ttl: int = 86400,
        idle_ttl: int = 14 * 86400,
        prefix: str = "cb",
        remembered: int = 2048,
        timeout: float = 1.0,
    ) -> None:
        super().__init__(game_ttl=game_ttl, idle_ttl=idle_ttl)
        self.health = Health()
        self.timeout = timeout
        self.clock_offset_ms = 0.0  # Redis's clock minus ours (measured when opened)
        # every call gives up after `timeout` (connect or reply), with no retry of its own: a tap
        # during an outage is answered at once, and the store's Health fails fast meanwhile
        self.target = target = parse_redis_url(url)
        self.client: CountingRedis | CountingCluster = connect(target, timeout)
        self.prefix = prefix
        self._claim_turn = 0  # the shard each claim starts at rotates (bot.storage.shards)
        self._create = self.client.register_script(CREATE)
        self._save = self.client.register_script(SAVE)
        self._release = self.client.register_script(RELEASE)
        self._load_if_changed = self.client.register_script(LOAD_IF_CHANGED)
        self.recent = RecentGames(remembered)
        self._take_send = self.client.register_script(TAKE_SEND)
        # the hot path (load, save): None → redis-py for those too
        self.lean: LeanRedis | LeanCluster | None = None
        if target.direct:
            self.lean = LeanRedis.from_url(url, timeout=timeout)
        elif isinstance(self.client, CountingCluster) and not target.tls:
            self.lean = LeanCluster(self.client, target.username, target.password, timeout)

    @property
    def round_trips(self) -> int:
        lean = getattr(self, "lean", None)
        return self.client.commands_sent + (lean.commands_sent if lean is not None else 0)

    @round_trips.setter
    def round_trips(self, value: int) -> None:
        if hasattr(self, "client"):
            self.client.commands_sent = value
        if getattr(self, "lean", None) is not None:
            self.lean.commands_sent = 0  # type: ignore[union-attr]

    async def open(self) -> RedisStore:
        """Check the connections and preload the scripts (so every later call is one EVALSHA)."""
        await self.client.ping()
        await self._measure_clock()
        for script in (
            self._create,
            self._save,
            self._release,
            self._take_send,
            self._load_if_changed,
        ):
            script.sha = await self.client.script_load(script.script)
        for shared in (CLAIM, UNCLAIM):  # the deadlines' and the pending results' claims
            await self.client.script_load(shared.source)
        if self.lean is not None:
            reply = await self.lean.execute("HGET", self._game("-"), "v")  # connects
            if isinstance(reply, hiredis.ReplyError):
                raise ResponseError(str(reply))
        await self._move_unsharded(self._legacy_deadlines(), self._deadlines)
        await self._move_unsharded(self._legacy_pending(), self._pending)
        return self

    async def _move_unsharded(self, legacy: str, shard: Callable[[str], str]) -> None:
        """Members of a set written before it was sharded (one key) go to their shards, so a
        timer or result stored by an older version is not lost."""
        entries: Any = await self.client.zrange(legacy, 0, -1, withscores=True)
        for member, score in entries:
            await self.client.zadd(shard(member), {member: score}, nx=True)
            await self.client.zrem(legacy, member)

    # keys
    def _game(self, game_id: str) -> str:
        return f"{self.prefix}:{{g:{game_id}}}"

    def _chat(self, chat_id: int, thread: int | None = None) -> str:
        """A chat's game; a forum topic's under the same hash tag (one slot per chat)."""
        key = f"{self.prefix}:{{c:{chat_id}}}"
        return key if thread is None else f"{key}:{int(thread)}"

    def _deadlines(self, key: str) -> str:
        """The deadline shard of the timer `key`."""
        return f"{self.prefix}:{{dl:{shard_of(key)}}}"

    def deadline_shards(self) -> list[str]:
        return [f"{self.prefix}:{{dl:{i}}}" for i in range(SHARDS)]

    def _legacy_deadlines(self) -> str:
        return f"{self.prefix}:{{deadlines}}"

    def _active(self, kind: str) -> str:
        return f"{self.prefix}:{{active:{kind}}}"

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
                await self.client.zadd(self._active(record.kind), {record.id: expires})
        return bool(ok)

    async def run_script(self, script: Any, keys: list[str], *args: Any) -> Any:
        """A registered script on keys of one slot: over the lean connection when there is
        one (bulk replies stay bytes), else through redis-py."""
        if self.lean is None:
            return await script(keys=keys, args=list(args))
        reply = await self.lean.execute("EVALSHA", script.sha, len(keys), *keys, *args)
        if isinstance(reply, hiredis.ReplyError) and str(reply).startswith("NOSCRIPT"):
            reply = await self.lean.execute("EVAL", script.script, len(keys), *keys, *args)
        if isinstance(reply, hiredis.ReplyError):
            raise ResponseError(str(reply))
        return reply

    async def _eval(self, script: Any, key: str, *args: Any) -> Any:
        """EVALSHA over the lean connection (reloading the script if the server lost it)."""
        assert self.lean is not None
        reply = await self.lean.execute("EVALSHA", script.sha, 1, key, *args)
        if isinstance(reply, hiredis.ReplyError) and str(reply).startswith("NOSCRIPT"):
            # the server lost its script cache (restarted, SCRIPT FLUSH): EVAL reloads it
            reply = await self.lean.execute("EVAL", script.script, 1, key, *args)
        if isinstance(reply, hiredis.ReplyError):
            raise ResponseError(str(reply))
        return reply

    async def load(self, game_id: str) -> GameRecord | None:
        known = self.recent.version(game_id)
        if known is None:
            return await self._load_full(game_id)
        # one round trip that carries the payload only when the stored version changed
        key = self._game(game_id)
        if self.lean is not None:
            try:
                reply = await self._eval(self._load_if_changed, key, known)
            except ConnectionError:  # dropped in flight: a read, so again
                reply = await self._eval(self._load_if_changed, key, known)
        else:
            reply = await self._load_if_changed(keys=[key], args=[known])
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
        key = self._game(game_id)
        if self.lean is not None:
            try:
                reply = await self.lean.execute("HMGET", key, "v", "d")
            except ConnectionError:  # dropped in flight (e.g. Redis restarted): a read, so again
                reply = await self.lean.execute("HMGET", key, "v", "d")
            if isinstance(reply, hiredis.ReplyError):
                raise ResponseError(str(reply))
            version, payload = reply
        else:
            version, payload = await self.client.hmget(key, ["v", "d"])
        if version is None or payload is None:
            return None
        return self._loaded(game_id, version, payload)

    def _loaded(self, game_id: str, version: Any, payload: str | bytes) -> GameRecord:
        text = payload.decode() if isinstance(payload, bytes) else payload
        record = GameRecord.from_payload(game_id, int(version), text)
        self.recent.remember(record, text)
        return record

    async def version_of(self, game_id: str) -> int | None:
        key = self._game(game_id)
        if self.lean is not None:
            reply = await self.lean.execute("HGET", key, "v")
            if isinstance(reply, hiredis.ReplyError):
                raise ResponseError(str(reply))
        else:
            reply = await self.client.hget(key, "v")
        return None if reply is None else int(reply)

    def peek(self, game_id: str, version: int) -> GameRecord | None:
        if self.recent.version(game_id) != version:
            return None
        return self.recent.record(game_id)

    def _deadline_ms(self) -> int:
        """The moment (on Redis's clock) after which a save must not happen: a little before
        this process stops waiting for it."""
        return int((time.time() + self.timeout * 0.9) * 1000 + self.clock_offset_ms)

    async def _measure_clock(self) -> None:
        """How far Redis's clock is from ours (the middle of a TIME round trip)."""
        before = time.time()
        seconds, micros = await self.client.time()
        after = time.time()
        self.clock_offset_ms = seconds * 1000 + micros / 1000 - (before + after) * 500

    async def save(self, record: GameRecord, expected_version: int) -> bool:
        key = self._game(record.id)
        payload = record.payload()
        deadline = self._deadline_ms()
        args = (expected_version, expected_version + 1, payload, self.ttl_for(record), deadline)
        if self.lean is not None:
            ok = await self._eval(self._save, key, *args)
        else:
            ok = await self._save(keys=[key], args=list(args))
        if ok == -1:  # Redis got it too late: the caller was already told it did not happen
            raise TimeoutError("redis took longer than the save's deadline")
        if ok:
            record.version = expected_version + 1
            self.recent.remember(record, payload)
            if record.finished:  # over (or a lobby closed): no longer active
                await self.client.zrem(self._active(record.kind), record.id)
        else:  # someone else wrote it: whatever is remembered may be old
            self.recent.forget(record.id)
        return bool(ok)

    async def delete(self, game_id: str) -> None:
        self.recent.forget(game_id)
        await self._batch(
            [("DEL", self._game(game_id)), *(("ZREM", self._active(k), game_id) for k in GAMES)]
        )

    async def active_games(self, now: float | None = None) -> dict[str, int]:
        clock = time.time()
        at = repr(float(clock if now is None else now))
        commands: list[tuple[Any, ...]] = []
        for kind in GAMES:  # the entries of games that expired unfinished go
            commands.append(("ZREMRANGEBYSCORE", self._active(kind), "-inf", repr(clock)))
            commands.append(("ZCOUNT", self._active(kind), f"({at}", "+inf"))
        replies = await self._batch(commands)
        return {kind: int(replies[2 * i + 1]) for i, kind in enumerate(GAMES)}

    async def game_ttl_left(self, game_id: str) -> float | None:
        ms = await self.client.pttl(self._game(game_id))
        return None if ms is None or ms < 0 else ms / 1000.0

    # chat index
    async def get_chat_game(self, chat_id: int, thread: int | None = None) -> str | None:
        value = await self.client.get(self._chat(chat_id, thread))
        return str(value) if value is not None else None

    async def set_chat_game(
        self, chat_id: int, game_id: str | None, thread: int | None = None
    ) -> None:
        if game_id is None:
            await self.client.delete(self._chat(chat_id, thread))
        else:
            await self.client.set(self._chat(chat_id, thread), game_id, ex=self.idle_ttl)

    async def claim_chat_game(self, chat_id: int, game_id: str, thread: int | None = None) -> bool:
        key = self._chat(chat_id, thread)
        return bool(await self.client.set(key, game_id, nx=True, ex=self.idle_ttl))

    async def release_chat_game(
        self, chat_id: int, game_id: str, thread: int | None = None
    ) -> bool:
        return bool(await self._release(keys=[self._chat(chat_id, thread)], args=[game_id]))

    async def take_send(
        self, chat_id: int, now: float, window: float, limit: int, min_gap: float
    ) -> float:
        key = f"{self.prefix}:{{s:{chat_id}}}"
        member = f"{now!r}:{secrets.token_hex(4)}"
        args: list[str | int] = [repr(now), repr(window), limit, repr(min_gap), member]
        return float(await self._take_send(keys=[key], args=args))

    # deadlines, over SHARDS keys (bot.storage.shards)
    async def schedule(self, key: str, due: float) -> None:
        await self.client.zadd(self._deadlines(key), {key: due})

    async def cancel(self, key: str) -> None:
        await self.client.zrem(self._deadlines(key), key)

    async def claim_due(self, now: float, lease: float, limit: int = 50) -> list[tuple[str, float]]:
        until = float(now + lease)
        self._claim_turn += 1

        def claim(shard: str, n: int) -> tuple[Any, ...]:
            return call(CLAIM, [shard], [repr(float(now)), n, repr(until)])

        keys = await claim_across(
            self._batch, self.deadline_shards(), limit, self._claim_turn, claim
        )
        return [(k, until) for k in keys]

    async def finish_due(self, key: str, lease: float) -> None:
        [_] = await self._batch([call(UNCLAIM, [self._deadlines(key)], [key, repr(float(lease))])])

    async def close(self) -> None:
        if self.lean is not None:
            await self.lean.close()
        await self.client.aclose()


# every call of the store goes through its Health: outage errors become StoreUnavailable, and
# while Redis is down calls fail at once (one probe every half second)
for _name in (
    "create",
    "load",
    "save",
    "version_of",
    "delete",
    "active_games",
    "game_ttl_left",
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
    "take_send",
    "schedule",
    "cancel",
    "claim_due",
    "finish_due",
):
    setattr(RedisStore, _name, guarded(lambda store: store.health)(getattr(RedisStore, _name)))
