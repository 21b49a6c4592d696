"""What a store keeps of finished games: results, statistics, ratings, leaderboards.

A game's end is recorded exactly once, in two steps:

1. `finish(record, expected_version, result)`: the compare-and-set save of the finished game
   record together with its `GameResult` (Redis: the save's own Lua script, the result key in
   the game's slot; SQLite: one transaction), and the game's id in a durable "pending" set.
   Only the call whose compare-and-set wins records anything: a second process or a retried
   update finishing the same game gets False and changes nothing.
2. The per-user parts (statistics, history, ratings, leaderboards) live elsewhere (other Redis
   Cluster slots) and are applied right after, each idempotent per game (a marker of the game
   id next to what it changes, checked and set in the same script), then the game leaves the
   pending set. A process that dies between the steps leaves the game pending: the timer loop's
   `sweep_results` applies it later, once.

`Results` records and applies; `ResultViews` reads what they made (statistics, history,
ratings, leaderboards) and keeps a user's board visibility and daily attempts.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.stats.boards import Board, BoardPage
    from bot.stats.rating import Rating
    from bot.stats.result import GameResult
    from bot.stats.stats import HistoryEntry, UserStats
    from bot.storage.record import GameRecord

RESULT_TTL = 86400  # a recorded result is kept this long (the sweep's window)
MARKER_MARGIN = 3600  # the per-game markers outlive the result key by this much
SWEEP_AFTER = 60.0  # seconds a result may stay pending before the sweep takes it over
DAILY_CLAIM_TTL = 3 * 86400


class Results(ABC):
    """Recording a game's end and applying it (both backends; one shared test suite)."""

    result_ttl: int = RESULT_TTL

    @abstractmethod
    async def finish(
        self,
        record: GameRecord,
        expected_version: int,
        result: GameResult,
        *,
        apply: bool = True,
    ) -> bool:
        """Save the finished `record` (compare-and-set on `expected_version`, as `save`) and
        record `result`, in one atomic write; then (with `apply`) apply its per-user parts.
        True when this call ended the game (record.version is then expected_version + 1);
        False when the compare-and-set failed (nothing recorded by this call).
        `apply=False` leaves the per-user parts to `sweep_results` (tests: a crash)."""

    @abstractmethod
    async def apply_result(self, result: GameResult) -> None:
        """Apply the per-user parts of a result recorded by `finish` (each at most once), then
        clear it from the pending set. Safe to call again, from any process, at any time."""

    @abstractmethod
    async def pending_results(
        self, now: float, older_than: float = SWEEP_AFTER, limit: int = 50
    ) -> list[GameResult]:
        """Results recorded at least `older_than` seconds before `now` whose per-user parts may
        not be applied yet. Each is leased to the caller for `older_than` seconds (another
        sweeper skips it meanwhile); pending ids whose result is gone are dropped."""

    @abstractmethod
    async def load_result(self, game_id: str) -> GameResult | None:
        """The recorded result of a game (None when unknown or older than `result_ttl`)."""


class ResultViews(ABC):
    """What the results made, read back; a user's place on the boards and daily attempts."""

    @abstractmethod
    async def user_stats(self, user_id: int) -> UserStats:
        """Everything counted for a user (all game kinds, day streaks, hidden flag)."""

    @abstractmethod
    async def history(self, user_id: int, limit: int = 100) -> list[HistoryEntry]:
        """A user's last results, newest first (at most 100 are kept)."""

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
        day's daily line stays off)."""

    @abstractmethod
    async def claim_daily(
        self, user_id: int, kind: str, variant: str, day: int, game_id: str
    ) -> str:
        """Atomically claim the user's one ranked attempt at a day's deal for `game_id`; the
        game the claim names: `game_id` for the first claim, the first claim's game for every
        later one. A claim is made before its game is created (the two live apart: other Redis
        Cluster slots), so the game it names may not exist yet, or ever (its tap's process
        died, or gave up on a stalled store, in between): whoever finds it missing creates it
        (bot.games.solitaire.service)."""
