"""The small parts of `Store` beside the games (both backends implement them; one shared test
suite): which game a chat plays (`ChatIndex`), and a user's games, languages, invites and
short-lived marks (`Indexes`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

Invite = dict[str, Any]  # an invite's data (JSON)


class ChatIndex(ABC):
    """chat → game: one active game per chat, or per forum topic (`thread` is the topic's
    message_thread_id, None for a chat without topics and for a forum's General topic)."""

    @abstractmethod
    async def get_chat_game(self, chat_id: int, thread: int | None = None) -> str | None: ...

    @abstractmethod
    async def set_chat_game(
        self, chat_id: int, game_id: str | None, thread: int | None = None
    ) -> None: ...

    @abstractmethod
    async def claim_chat_game(self, chat_id: int, game_id: str, thread: int | None = None) -> bool:
        """Atomic set-if-absent: True when `game_id` is now the chat's (topic's) game."""

    @abstractmethod
    async def release_chat_game(
        self, chat_id: int, game_id: str, thread: int | None = None
    ) -> bool:
        """Atomic compare-and-delete: clear the chat's (topic's) game only if it is `game_id`."""


class Indexes(ABC):
    """user → games, user preferences, invites, and short-lived marks shared by every process
    (a pending confirmation, a rate limit)."""

    # user → games
    @abstractmethod
    async def user_games(self, user_id: int) -> list[str]: ...

    @abstractmethod
    async def add_user_game(self, user_id: int, game_id: str) -> None: ...

    @abstractmethod
    async def remove_user_game(self, user_id: int, game_id: str) -> None: ...

    # user preferences
    @abstractmethod
    async def get_lang(self, user_id: int) -> str | None: ...

    @abstractmethod
    async def set_lang(self, user_id: int, lang: str) -> None: ...

    # invites
    @abstractmethod
    async def put_invite(self, code: str, data: Invite, ttl: int) -> None: ...

    @abstractmethod
    async def get_invite(self, code: str) -> Invite | None: ...

    @abstractmethod
    async def delete_invite(self, code: str) -> None: ...

    # marks
    @abstractmethod
    async def mark(self, key: str, ttl: float) -> bool:
        """Set `key` for `ttl` seconds unless it is set: True when this call set it."""

    @abstractmethod
    async def unmark(self, key: str) -> bool:
        """Clear `key`: True when it was set (and not expired)."""
