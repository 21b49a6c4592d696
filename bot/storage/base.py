"""The game repository interface shared by the Redis and the embedded SQLite backends."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from bot.storage.health import StoreUnavailable
from bot.storage.record import GameRecord
from bot.storage.results_api import ResultStore
from bot.storage.user_settings import UserSettings

__all__ = ["Store", "StoreUnavailable"]


class Store(UserSettings, ResultStore, ABC):
    """Async game repository. Both backends have identical semantics (one shared test suite).

    Every game write is a compare-and-set on the version: `save(record, expected)` succeeds only
    when the stored version is still `expected`, and then stores version `expected + 1`.
    A game's end goes through `finish` (results, statistics, ratings: `ResultStore`).
    """

    game_ttl: int
    idle_ttl: int

    def __init__(self, game_ttl: int = 86400, idle_ttl: int = 14 * 86400) -> None:
        self.game_ttl = game_ttl
        self.idle_ttl = idle_ttl
        self.round_trips = 0  # network round trips (Redis) / transactions (SQLite), for benchmarks

    def ttl_for(self, record: GameRecord) -> int:
        return self.game_ttl if record.finished else self.idle_ttl

    # games
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
        idle at `now` (default: the current time). Cheap enough for each /metrics scrape; on
        Redis an index written at creation and at the end only (a game created before this
        index existed is not counted; one kept open by moves past IDLE_TTL after its
        creation drops out)."""

    # chat → game (one active game per chat, or per forum topic: `thread` is the topic's
    # message_thread_id, None for a chat without topics and for a forum's General topic)
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
    async def put_invite(self, code: str, data: dict[str, Any], ttl: int) -> None: ...

    @abstractmethod
    async def get_invite(self, code: str) -> dict[str, Any] | None: ...

    @abstractmethod
    async def delete_invite(self, code: str) -> None: ...

    # short-lived marks shared by every process (a pending confirmation, a rate limit)
    @abstractmethod
    async def mark(self, key: str, ttl: float) -> bool:
        """Set `key` for `ttl` seconds unless it is set: True when this call set it."""

    @abstractmethod
    async def unmark(self, key: str) -> bool:
        """Clear `key`: True when it was set (and not expired)."""

    # the edit budget of a chat, shared by every process
    @abstractmethod
    async def take_send(
        self, chat_id: int, now: float, window: float, limit: int, min_gap: float
    ) -> float:
        """0 and counts a send to `chat_id` at `now` (wall clock) when at most `limit` sends
        fall in the last `window` seconds with `min_gap` since the last; else the seconds to
        wait (nothing counted)."""

    # deadlines (turn timers, lobby expiry)
    @abstractmethod
    async def schedule(self, key: str, due: float) -> None: ...

    @abstractmethod
    async def cancel(self, key: str) -> None: ...

    @abstractmethod
    async def claim_due(self, now: float, lease: float, limit: int = 50) -> list[tuple[str, float]]:
        """Lease the due keys: each comes back as (key, lease_until) to one caller, and becomes
        due again at `lease_until` unless `finish_due` or a new `schedule` comes first. So a
        deadline claimed by a process that died before handling it fires again (at least once;
        handlers are idempotent through the game's compare-and-set)."""

    @abstractmethod
    async def finish_due(self, key: str, lease: float) -> None:
        """The handling of a claimed key is over: remove it, unless it was scheduled anew
        meanwhile (its due time is no longer the lease's `lease_until`)."""

    @abstractmethod
    async def close(self) -> None: ...
