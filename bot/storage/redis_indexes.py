"""The small Redis parts of the store: the chat index (`RedisChats`), and each user's games,
languages, invites and marks, a SET NX with a time to live (`RedisIndexes`). One command each,
through redis-py."""

from __future__ import annotations

import json

from redis.commands.core import AsyncScript

from bot.storage.indexes_api import ChatIndex, Indexes, Invite
from bot.storage.redis_link import RedisLink


class RedisChats(ChatIndex):
    """chat → game keys, one slot per chat (a forum topic's under the chat's hash tag), kept
    `idle_ttl` seconds; `release` is the store's registered RELEASE script."""

    def __init__(self, link: RedisLink, idle_ttl: int, release: AsyncScript) -> None:
        self.client = link.client
        self.prefix = link.prefix
        self.idle_ttl = idle_ttl
        self._release = release

    def _chat(self, chat_id: int, thread: int | None = None) -> str:
        """A chat's game; a forum topic's under the same hash tag (one slot per chat)."""
        key = f"{self.prefix}:{{c:{chat_id}}}"
        return key if thread is None else f"{key}:{int(thread)}"

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


class RedisIndexes(Indexes):
    """A user's games (a set kept `idle_ttl` seconds), languages, invites and marks."""

    def __init__(self, link: RedisLink, idle_ttl: int) -> None:
        self.client = link.client
        self.prefix = link.prefix
        self.idle_ttl = idle_ttl

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

    async def remove_user_game(self, user_id: int, game_id: str) -> None:
        await self.client.srem(self._user_games(user_id), game_id)

    # prefs
    async def get_lang(self, user_id: int) -> str | None:
        value = await self.client.get(self._lang(user_id))
        return str(value) if value is not None else None

    async def set_lang(self, user_id: int, lang: str) -> None:
        await self.client.set(self._lang(user_id), lang)

    # invites
    async def put_invite(self, code: str, data: Invite, ttl: int) -> None:
        await self.client.set(self._invite(code), json.dumps(data, separators=(",", ":")), ex=ttl)

    async def get_invite(self, code: str) -> Invite | None:
        raw = await self.client.get(self._invite(code))
        if raw is None:
            return None
        data = json.loads(raw)
        return data if isinstance(data, dict) else None

    async def delete_invite(self, code: str) -> None:
        await self.client.delete(self._invite(code))

    # marks
    def _mark(self, key: str) -> str:
        return f"{self.prefix}:{{m:{key}}}"

    async def mark(self, key: str, ttl: float) -> bool:
        return bool(await self.client.set(self._mark(key), "1", nx=True, px=int(ttl * 1000)))

    async def unmark(self, key: str) -> bool:
        return bool(await self.client.delete(self._mark(key)))
