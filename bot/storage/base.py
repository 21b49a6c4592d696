"""The game repository interface shared by the Redis and the embedded SQLite backends.

A store is its games (the abstract methods below, each backend's own) and its parts, each a
small object the backend makes with what it needs (its connection, key prefix, lifetimes):
`chats` and `indexes` (bot.storage.indexes_api), `user_settings` (bot.storage.user_settings),
`results` and `result_views` (bot.storage.results_api). The store's methods of those parts
hand each call to its part, so callers only ever see `Store`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from bot.storage.health import StoreUnavailable
from bot.storage.record import GameRecord
from bot.storage.results_api import SWEEP_AFTER
from bot.storage.update_gate import LocalGate, UpdateGate

if TYPE_CHECKING:
    from bot.stats.boards import Board, BoardPage
    from bot.stats.rating import Rating
    from bot.stats.result import GameResult
    from bot.stats.stats import HistoryEntry, UserStats
    from bot.storage.indexes_api import ChatIndex, Indexes, Invite
    from bot.storage.results_api import Results, ResultViews
    from bot.storage.user_settings import UserSettings

__all__ = ["Store", "StoreUnavailable"]


class Store(ABC):
    """Async game repository. Both backends have identical semantics (one shared test suite).

    Every game write is a compare-and-set on the version: `save(record, expected)` succeeds only
    when the stored version is still `expected`, and then stores version `expected + 1`.
    A game's end goes through `finish` (results, statistics, ratings: bot.storage.results_api).
    """

    def __init__(
        self,
        game_ttl: int,
        idle_ttl: int,
        *,
        chats: ChatIndex,
        indexes: Indexes,
        user_settings: UserSettings,
        results: Results,
        result_views: ResultViews,
    ) -> None:
        self.game_ttl = game_ttl
        self.idle_ttl = idle_ttl
        self.chats = chats
        self.indexes = indexes
        self.user_settings = user_settings
        self.results = results
        self.result_views = result_views

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

    def update_gate(self, **kw: Any) -> UpdateGate:
        """The gate that lets each Telegram update be handled once (bot.storage.update_gate):
        in this process's memory, unless the backend is shared by several processes."""
        return LocalGate(**kw)

    # chat → game (bot.storage.indexes_api.ChatIndex)
    async def get_chat_game(self, chat_id: int, thread: int | None = None) -> str | None:
        return await self.chats.get_chat_game(chat_id, thread)

    async def set_chat_game(
        self, chat_id: int, game_id: str | None, thread: int | None = None
    ) -> None:
        await self.chats.set_chat_game(chat_id, game_id, thread)

    async def claim_chat_game(self, chat_id: int, game_id: str, thread: int | None = None) -> bool:
        return await self.chats.claim_chat_game(chat_id, game_id, thread)

    async def release_chat_game(
        self, chat_id: int, game_id: str, thread: int | None = None
    ) -> bool:
        return await self.chats.release_chat_game(chat_id, game_id, thread)

    # user → games, preferences, invites, marks (bot.storage.indexes_api.Indexes)
    async def user_games(self, user_id: int) -> list[str]:
        return await self.indexes.user_games(user_id)

    async def add_user_game(self, user_id: int, game_id: str) -> None:
        await self.indexes.add_user_game(user_id, game_id)

    async def remove_user_game(self, user_id: int, game_id: str) -> None:
        await self.indexes.remove_user_game(user_id, game_id)

    async def get_lang(self, user_id: int) -> str | None:
        return await self.indexes.get_lang(user_id)

    async def set_lang(self, user_id: int, lang: str) -> None:
        await self.indexes.set_lang(user_id, lang)

    async def put_invite(self, code: str, data: Invite, ttl: int) -> None:
        await self.indexes.put_invite(code, data, ttl)

    async def get_invite(self, code: str) -> Invite | None:
        return await self.indexes.get_invite(code)

    async def delete_invite(self, code: str) -> None:
        await self.indexes.delete_invite(code)

    async def mark(self, key: str, ttl: float) -> bool:
        return await self.indexes.mark(key, ttl)

    async def unmark(self, key: str) -> bool:
        return await self.indexes.unmark(key)

    # a user's settings (bot.storage.user_settings)
    async def get_setting(self, user_id: int, name: str) -> str | None:
        return await self.user_settings.get_setting(user_id, name)

    async def set_setting(self, user_id: int, name: str, value: str) -> None:
        await self.user_settings.set_setting(user_id, name, value)

    # finished games (bot.storage.results_api.Results)
    async def finish(
        self,
        record: GameRecord,
        expected_version: int,
        result: GameResult,
        *,
        apply: bool = True,
    ) -> bool:
        return await self.results.finish(record, expected_version, result, apply=apply)

    async def apply_result(self, result: GameResult) -> None:
        await self.results.apply_result(result)

    async def pending_results(
        self, now: float, older_than: float = SWEEP_AFTER, limit: int = 50
    ) -> list[GameResult]:
        return await self.results.pending_results(now, older_than, limit)

    async def sweep_results(
        self, now: float, older_than: float = SWEEP_AFTER, limit: int = 50
    ) -> int:
        """Apply every pending result older than `older_than`: the timer loop calls this (e.g.
        once a minute). Returns how many results it applied."""
        results = await self.pending_results(now, older_than, limit)
        for result in results:
            await self.apply_result(result)
        return len(results)

    async def load_result(self, game_id: str) -> GameResult | None:
        return await self.results.load_result(game_id)

    # what the results made (bot.storage.results_api.ResultViews)
    async def user_stats(self, user_id: int) -> UserStats:
        return await self.result_views.user_stats(user_id)

    async def history(self, user_id: int, limit: int = 100) -> list[HistoryEntry]:
        return await self.result_views.history(user_id, limit)

    async def rating(self, user_id: int, kind: str, chat: int | None = None) -> Rating | None:
        return await self.result_views.rating(user_id, kind, chat)

    async def leaderboard(
        self, board: Board, user_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> BoardPage:
        return await self.result_views.leaderboard(board, user_id, limit, offset)

    async def set_hidden(self, user_id: int, hidden: bool) -> None:
        await self.result_views.set_hidden(user_id, hidden)

    async def claim_daily(
        self, user_id: int, kind: str, variant: str, day: int, game_id: str
    ) -> str:
        return await self.result_views.claim_daily(user_id, kind, variant, day, game_id)
