"""The game repository interface shared by the Redis and the embedded SQLite backends.

A store is its games, deadlines and send budget (the abstract methods below, each backend's
own); the small parts written once here over the backend's keyed cells (bot.storage.cells):
which game a chat plays, a user's games, language and settings, invites and marks. A game's
end (`finish`) and what it counted are each backend's too (results_redis and
results_redis_views, results_sqlite and results_sqlite_views: parts of the store's class);
what a result writes is decided once, in bot.stats.game_end.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from bot.outages import StoreUnavailable
from bot.stats.result import GameResult
from bot.stats.stats import HISTORY_LIMIT
from bot.storage.cells import Cells, Key
from bot.storage.match_queue import MatchQueue
from bot.storage.record import GameRecord
from bot.storage.update_gate import LocalGate, UpdateGate

if TYPE_CHECKING:
    from bot.stats.boards import Board, BoardPage
    from bot.stats.rating import Rating
    from bot.stats.stats import HistoryEntry, UserStats

__all__ = ["Invite", "Store", "StoreUnavailable"]

RESULT_TTL = 86400  # a recorded result is kept this long (the sweep's window)
SWEEP_AFTER = 60.0  # seconds a result may stay uncounted before the sweep takes it over
DAILY_CLAIM_TTL = 3 * 86400
DAY_DEAL_TTL = 3 * 86400  # a day's deal is asked for until the day after it ends

Invite = dict[str, Any]  # an invite's data (JSON)
GROUP_SEEN_TTL = 15 * 86400  # a week's set of the people seen in a group: the week and the next


class Store(ABC):
    """Async game repository. Both backends have identical semantics (one shared test suite).

    Every game write is a compare-and-set on the version: `save(record, expected)` succeeds only
    when the stored version is still `expected`, and then stores version `expected + 1`.
    A game's end goes through `finish` (results, statistics, ratings, boards).
    """

    result_ttl: int = RESULT_TTL  # how long a recorded result is kept

    def __init__(
        self,
        game_ttl: int,
        idle_ttl: int,
        *,
        cells: Cells,
    ) -> None:
        self.game_ttl = game_ttl
        self.idle_ttl = idle_ttl
        self.cells = cells
        self.queue = MatchQueue(cells)  # the quick-match queue, over the same cells

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

    # a user's games (kept `idle_ttl` after the last one joined), language and settings
    async def user_games(self, user_id: int) -> list[str]:
        return await self.cells.members(Key(f"u:{user_id}", "games"))

    async def add_user_game(self, user_id: int, game_id: str) -> None:
        await self.cells.add_member(Key(f"u:{user_id}", "games"), game_id, self.idle_ttl)

    async def remove_user_game(self, user_id: int, game_id: str) -> None:
        await self.cells.drop_member(Key(f"u:{user_id}", "games"), game_id)

    async def get_lang(self, user_id: int) -> str | None:
        return await self.cells.get(Key(f"u:{user_id}", "lang"))

    async def set_lang(self, user_id: int, lang: str) -> None:
        await self.cells.put(Key(f"u:{user_id}", "lang"), lang)

    async def get_setting(self, user_id: int, name: str) -> str | None:
        """A setting beyond the language (turn pings on or off, …): short text, kept."""
        return await self.cells.field(Key(f"u:{user_id}", "set"), name)

    async def set_setting(self, user_id: int, name: str, value: str) -> None:
        await self.cells.put_field(Key(f"u:{user_id}", "set"), name, value)

    # the people seen in a group (a command, a tap, a seat at its table), one set per ISO week
    # (`bot.stats.boards.week_of`), each kept GROUP_SEEN_TTL after its last write: whom the
    # group's deal-of-the-day board ranks
    @staticmethod
    def _seen(chat_id: int, week: int) -> Key:
        return Key(f"g:{chat_id}", f"seen:{week}")

    async def seen_in_group(self, chat_id: int, week: int) -> list[int]:
        return [int(m) for m in await self.cells.members(self._seen(chat_id, week))]

    async def add_seen_in_group(self, chat_id: int, week: int, user_id: int) -> None:
        await self.cells.add_member(self._seen(chat_id, week), str(user_id), GROUP_SEEN_TTL)

    # invites (JSON), and short-lived marks shared by every process (a pending confirmation,
    # a rate limit)
    async def put_invite(self, code: str, data: Invite, ttl: int) -> None:
        await self.cells.put(Key(f"i:{code}"), json.dumps(data, separators=(",", ":")), ttl)

    async def get_invite(self, code: str) -> Invite | None:
        raw = await self.cells.get(Key(f"i:{code}"))
        data = None if raw is None else json.loads(raw)
        return data if isinstance(data, dict) else None

    async def delete_invite(self, code: str) -> None:
        await self.cells.drop(Key(f"i:{code}"))

    async def mark(self, key: str, ttl: float) -> bool:
        """Set `key` for `ttl` seconds unless it is set: True when this call set it."""
        return await self.cells.put_new(Key(f"m:{key}"), "1", ttl)

    async def unmark(self, key: str) -> bool:
        """Clear `key`: True when it was set (and not expired)."""
        return await self.cells.drop(Key(f"m:{key}"))

    # finished games: recorded once, then counted (bot.stats.game_end decides what they write)
    @abstractmethod
    async def finish(self, record: GameRecord, expected_version: int, result: GameResult) -> bool:
        """Save the finished `record` (compare-and-set on `expected_version`, as `save`) with
        `result`, and count it: each player's statistics and history, the ratings, the boards.
        True when this call ended the game (record.version is then expected_version + 1);
        False when the compare-and-set failed: nothing recorded by this call, so a game counts
        once however many processes or retried updates try to end it. SQLite does it all in one
        transaction; Redis in steps, a step a process did not live to do is the sweep's."""

    @abstractmethod
    async def sweep_results(
        self, now: float, older_than: float = SWEEP_AFTER, limit: int = 50
    ) -> int:
        """The timer loop calls this about once a minute: Redis counts the results that a
        process which died after the save left uncounted (at least `older_than` seconds old);
        SQLite drops what has expired. How many results it counted."""

    @staticmethod
    def result_key(game_id: str) -> Key:
        """Where `finish` records a game's result (kept `result_ttl`), in the game's slot."""
        return Key(f"g:{game_id}", "r")

    async def load_result(self, game_id: str) -> GameResult | None:
        """The recorded result of a game (None when unknown or older than `result_ttl`)."""
        raw = await self.cells.get(self.result_key(game_id))
        return None if raw is None else GameResult.from_json(raw)

    # what the results made
    @abstractmethod
    async def user_stats(self, user_id: int) -> UserStats:
        """Everything counted for a user (all game kinds, day streaks, hidden flag)."""

    @abstractmethod
    async def history(self, user_id: int, limit: int = HISTORY_LIMIT) -> list[HistoryEntry]:
        """A user's last results, newest first (at most HISTORY_LIMIT are kept)."""

    @abstractmethod
    async def rating(self, user_id: int, kind: str, chat: int | None = None) -> Rating | None:
        """A user's rating in a group game, global or in one group (None: never rated)."""

    @abstractmethod
    async def leaderboard(
        self, board: Board, user_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> BoardPage:
        """`limit` entries from position `offset` (0 = the top), and `user_id`'s own entry."""

    @abstractmethod
    async def set_hidden(self, user_id: int, hidden: bool) -> None:
        """Hide a user from (or show them again on) the global leaderboards; their groups'
        boards keep them. Showing again restores their wins, streak and rating lines (a past
        day's or week's line stays off)."""

    async def claim_daily(
        self, user_id: int, kind: str, variant: str, day: int, game_id: str
    ) -> str:
        """Atomically claim the user's one ranked attempt at a day's deal for `game_id`; the
        game the claim names: `game_id` for the first claim, the first claim's game for every
        later one. A claim is made before its game is created (the two live apart: other Redis
        Cluster slots), so the game it names may not exist yet, or ever (its tap's process
        died, or gave up on a stalled store, in between): whoever finds it missing creates it
        (bot.games.solitaire.service)."""
        key = Key(f"u:{user_id}", f"dy:{kind}:{variant}:{day}")
        if await self.cells.put_new(key, game_id, DAILY_CLAIM_TTL):
            return game_id
        return await self.cells.get(key) or game_id  # (or it expired just now)

    # a day's deal once chosen (its seed and par: `bot.games.solitaire.days_ahead`), for every
    # process: no process searches a day another has decided
    @staticmethod
    def _day_deal(kind: str, variant: str, day: int) -> Key:
        return Key(f"day:{day}", f"deal:{kind}:{variant}")

    async def day_deal(self, kind: str, variant: str, day: int) -> str | None:
        return await self.cells.get(self._day_deal(kind, variant, day))

    async def keep_day_deal(self, kind: str, variant: str, day: int, deal: str) -> None:
        await self.cells.put(self._day_deal(kind, variant, day), deal, DAY_DEAL_TTL)
