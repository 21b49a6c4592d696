"""The small Redis parts of the store, mixed into RedisStore: each user's games, languages,
invites and marks (a SET NX with a time to live). One command each, through redis-py."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any


class RedisIndexes:
    """Mixed into RedisStore (which provides `client`, `prefix` and `idle_ttl`)."""

    if TYPE_CHECKING:
        client: Any
        prefix: str
        idle_ttl: int

    def _invite(self, code: str) -> str:
        return f"{self.prefix}:{{i:{code}}}"

    def _lang(self, user_id: int) -> str:
        return f"{self.prefix}:{{u:{user_id}}}:lang"

    def _user_games(self, user_id: int) -> str:
        return f"{self.prefix}:{{u:{user_id}}}:games"

    # user index
    async def user_games(self, user_id: int) -> list[str]:
        members = await self.client.smembers(self._user_games(user_id))
        return sorted(str(m) for m in members)

    async def add_user_game(self, user_id: int, game_id: str) -> None:
        key = self._user_games(user_id)
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.sadd(key, game_id)
            pipe.expire(key, self.idle_ttl)
            await pipe.execute()
        self.client.commands_sent += 1

    async def remove_user_game(self, user_id: int, game_id: str) -> None:
        await self.client.srem(self._user_games(user_id), game_id)

    # prefs
    async def get_lang(self, user_id: int) -> str | None:
        value = await self.client.get(self._lang(user_id))
        return str(value) if value is not None else None

    async def set_lang(self, user_id: int, lang: str) -> None:
        await self.client.set(self._lang(user_id), lang)

    # invites
    async def put_invite(self, code: str, data: dict[str, Any], ttl: int) -> None:
        await self.client.set(self._invite(code), json.dumps(data, separators=(",", ":")), ex=ttl)

    async def get_invite(self, code: str) -> dict[str, Any] | None:
        raw = await self.client.get(self._invite(code))
        if raw is None:
            return None
        data = json.loads(raw)
        return data if isinstance(data, dict) else None

    async def delete_invite(self, code: str) -> None:
        await self.client.delete(self._invite(code))

    # marks and the shared edit budget
    def _mark(self, key: str) -> str:
        return f"{self.prefix}:{{m:{key}}}"

    async def mark(self, key: str, ttl: float) -> bool:
        return bool(await self.client.set(self._mark(key), "1", nx=True, px=int(ttl * 1000)))

    async def unmark(self, key: str) -> bool:
        return bool(await self.client.delete(self._mark(key)))
