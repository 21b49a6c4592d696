"""Game records on Redis: one hash per game (`v` version, `d` payload), Lua compare-and-set.
Load = 1 round trip (HMGET), save = 1 round trip (EVALSHA of the CAS script).

Active games: one sorted set per game kind (`{active:<kind>}`: game id → when it expires if
left idle), written when a game is created and when it ends (never on a move), counted with
ZCOUNT when /metrics is scraped.

The store remembers the last version of each recently used game it saved or loaded (payload
text and decoded rules state, `RecentGames`). Loading such a game asks Redis for the payload
only if the stored version differs (LOAD_IF_CHANGED, still one round trip), so a player's
next tap costs no payload transfer and no decoding; anything another process wrote shows up
as a changed version and is loaded in full. Writes stay compare-and-set on the version.
"""

from __future__ import annotations

import time
from typing import Any

from bot.registry import GAMES
from bot.storage.cells import Cells
from bot.storage.games import Games
from bot.storage.recent import RecentGames
from bot.storage.record import GameRecord
from bot.storage.redis_link import RedisLink
from bot.storage.redis_scripts import CREATE, LOAD_IF_CHANGED, SAVE
from bot.storage.writes import Group, Key, Unrank


class RedisGames(Games):
    def __init__(
        self, link: RedisLink, cells: Cells, game_ttl: int, idle_ttl: int, remembered: int
    ) -> None:
        super().__init__(cells, game_ttl, idle_ttl)
        self.link = link
        self.recent = RecentGames(remembered)
        self._create = link.script(CREATE)
        self._save = link.script(SAVE)
        self._load_if_changed = link.script(LOAD_IF_CHANGED)

    async def create(self, record: GameRecord) -> bool:
        payload = record.payload()
        ok = await self.link.run_script(
            self._create,
            [self.link.game(record.id)],
            [record.version, payload, self.ttl_for(record)],
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
        reply = await self.link.run_script(
            self._load_if_changed, [self.link.game(game_id)], [known]
        )
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
        version, payload = await self.link.client.hmget(self.link.game(game_id), ["v", "d"])
        if version is None or payload is None:
            return None
        return self._loaded(game_id, version, payload)

    def _loaded(self, game_id: str, version: Any, payload: Any) -> GameRecord:
        record = GameRecord.from_payload(game_id, int(version), str(payload))
        self.recent.remember(record, str(payload))
        return record

    async def version_of(self, game_id: str) -> int | None:
        reply = await self.link.client.hget(self.link.game(game_id), "v")
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
        ok = await self.link.run_script(self._save, [self.link.game(record.id)], args)
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

    def ended(self, record: GameRecord, payload: str, saved: bool) -> None:
        if saved:
            self.recent.remember(record, payload)
        else:
            self.recent.forget(record.id)

    def retired(self, kind: str, game_id: str) -> list[Group]:
        return [Group(writes=(Unrank(Key(f"active:{kind}"), game_id),))]

    async def delete(self, game_id: str) -> None:
        self.recent.forget(game_id)
        await self.link.batch(
            [
                ("DEL", self.link.game(game_id)),
                *(("ZREM", self.link.active(k), game_id) for k in GAMES),
            ]
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
        ms = await self.link.client.pttl(self.link.game(game_id))
        return None if ms is None or ms < 0 else ms / 1000.0
