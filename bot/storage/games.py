"""The games role of a store: game records (each backend's own, the hot path: `RedisGames`,
`SQLiteGames`) and, written once over the keyed cells, which game a chat plays, a user's games
and invite codes.

Every game write is a compare-and-set on the version: `save(record, expected)` succeeds only
when the stored version is still `expected`, and then stores version `expected + 1`. A game's
end goes through the results role (bot.storage.results), with the same compare-and-set.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import Any

from bot.storage.cells import Cells, Key
from bot.storage.record import GameRecord
from bot.storage.writes import Group

Invite = dict[str, Any]  # an invite's data (JSON)


class Games(ABC):
    def __init__(self, cells: Cells, game_ttl: int, idle_ttl: int) -> None:
        self.cells = cells
        self.game_ttl = game_ttl
        self.idle_ttl = idle_ttl

    def ttl_for(self, record: GameRecord) -> int:
        return self.game_ttl if record.finished else self.idle_ttl

    # records
    @abstractmethod
    async def create(self, record: GameRecord) -> bool:
        """Store a new game; False (nothing written) if the id is taken."""

    @abstractmethod
    async def load(self, game_id: str) -> GameRecord | None:
        """The game, or None when unknown or expired."""

    def peek(self, game_id: str, version: int) -> GameRecord | None:
        """The game as this process last saved or loaded it, if that was `version`; None
        otherwise (and always for backends that keep nothing in memory). No round trip: the
        game may have changed since, so only a caller that writes next (compare-and-set on
        `version`, which then fails) may act on it."""
        return None

    @abstractmethod
    async def version_of(self, game_id: str) -> int | None:
        """The stored version of a game (None when unknown): is a render still the newest?"""

    @abstractmethod
    async def save(self, record: GameRecord, expected_version: int) -> bool:
        """Compare-and-set. On success record.version becomes expected_version + 1."""

    @abstractmethod
    async def delete(self, game_id: str) -> None: ...

    @abstractmethod
    async def game_ttl_left(self, game_id: str) -> float | None:
        """Seconds until the game expires (None when unknown)."""

    @abstractmethod
    async def active_games(self, now: float | None = None) -> dict[str, int]:
        """Open games (lobbies and games in play) of every game kind, counted from their
        creation until they end (a finished save or `finish`), are deleted or would expire
        idle at `now` (default: the current time). Cheap enough for each /metrics scrape."""

    # what a game's end (bot.storage.results) asks of the records' backend
    def ended(self, record: GameRecord, payload: str, saved: bool) -> None:
        """The end of `record` was saved as `payload` (or lost its compare-and-set)."""
        return

    def retired(self, kind: str, game_id: str) -> list[Group]:
        """The writes that take an ended game out of the records' own indexes."""
        return []

    # chat → game: one active game per chat, or per forum topic (`thread` is the topic's
    # message_thread_id, None for a chat without topics and for a forum's General topic)
    @staticmethod
    def _chat(chat_id: int, thread: int | None) -> Key:
        """A chat's game; a forum topic's under the same tag (one Redis Cluster slot)."""
        return Key(f"c:{chat_id}", "" if thread is None else str(int(thread)))

    async def get_chat_game(self, chat_id: int, thread: int | None = None) -> str | None:
        return await self.cells.get(self._chat(chat_id, thread))

    async def set_chat_game(
        self, chat_id: int, game_id: str | None, thread: int | None = None
    ) -> None:
        if game_id is None:
            await self.cells.drop(self._chat(chat_id, thread))
        else:
            await self.cells.put(self._chat(chat_id, thread), game_id, self.idle_ttl)

    async def claim_chat_game(self, chat_id: int, game_id: str, thread: int | None = None) -> bool:
        """Atomic set-if-absent: True when `game_id` is now the chat's (topic's) game."""
        return await self.cells.put_new(self._chat(chat_id, thread), game_id, self.idle_ttl)

    async def release_chat_game(
        self, chat_id: int, game_id: str, thread: int | None = None
    ) -> bool:
        """Atomic compare-and-delete: clear the chat's (topic's) game only if it is `game_id`."""
        return await self.cells.drop(self._chat(chat_id, thread), only=game_id)

    # a user's games (kept `idle_ttl` after the last one joined)
    async def user_games(self, user_id: int) -> list[str]:
        return await self.cells.members(Key(f"u:{user_id}", "games"))

    async def add_user_game(self, user_id: int, game_id: str) -> None:
        await self.cells.add_member(Key(f"u:{user_id}", "games"), game_id, self.idle_ttl)

    async def remove_user_game(self, user_id: int, game_id: str) -> None:
        await self.cells.drop_member(Key(f"u:{user_id}", "games"), game_id)

    # invites (JSON)
    async def put_invite(self, code: str, data: Invite, ttl: int) -> None:
        await self.cells.put(Key(f"i:{code}"), json.dumps(data, separators=(",", ":")), ttl)

    async def get_invite(self, code: str) -> Invite | None:
        raw = await self.cells.get(Key(f"i:{code}"))
        data = None if raw is None else json.loads(raw)
        return data if isinstance(data, dict) else None

    async def delete_invite(self, code: str) -> None:
        await self.cells.drop(Key(f"i:{code}"))
