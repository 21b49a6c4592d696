"""A game's end, written once for every backend: recorded once, then counted (statistics,
history, ratings, boards: bot.stats.game_end decides, bot.storage.result_writes turns that into
guarded keyed writes, the backend applies them: bot.storage.cells).

`finish` is two programs. The first, one step: the game's compare-and-set save with its result
(one group in the game's slot), the game marked pending, and what the counting reads. The
second counts: the per-player and per-scope groups, each a compare-and-set on what was read
and idempotent per game through its marker (on a conflict: read again, decide again); then the
players' board lines and the end of pending. On Redis each step is one round trip (three for a
finished game), each group one script; on SQLite each program is one transaction. A process
that dies between the two, or a count that fails, leaves the game pending: `sweep_results`
(the timer loop's, once a minute) counts it later, once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

from bot.stats.game_end import board_lines, plan, rating_scopes
from bot.stats.result import GameResult
from bot.storage.cells import Cells
from bot.storage.games import Games
from bot.storage.health import OUTAGE_ERRORS
from bot.storage.record import GameRecord
from bot.storage.result_writes import (
    MARKER_MARGIN,
    RESULT_TTL,
    announce,
    decoded,
    line_groups,
    pending,
    pending_shards,
    rating_group,
    result_key,
    snapshot_reads,
    split,
    user_group,
)
from bot.storage.shards import claim_across
from bot.storage.writes import (
    Applied,
    GameIs,
    Get,
    Group,
    Item,
    Key,
    Program,
    PutGame,
    Rank,
    ScoreIs,
    SetValue,
    Timely,
    Unrank,
)

__all__ = ["ATTEMPTS", "DAILY_CLAIM_TTL", "MARKER_MARGIN", "SWEEP_AFTER", "Results", "line_groups"]

log = logging.getLogger("bot.storage")
ATTEMPTS = 20  # compare-and-set rounds before a result is left to the sweep
SWEEP_AFTER = 60.0  # seconds a result may stay uncounted before the sweep takes it over
# a day's deals, once chosen, are the day's for good: replays, late games and cards' links
# long after the day deal them again (a few small values a day)
DAY_DEAL_TTL = 800 * 86400
DAILY_CLAIM_TTL = 3 * 86400


class Results:
    def __init__(self, cells: Cells, games: Games) -> None:
        self.cells = cells
        self.games = games
        self.result_ttl = RESULT_TTL
        self._sweep_turn = 0  # the pending shard each sweep starts at rotates

    @property
    def marker_window(self) -> int:
        """How long a game's markers are kept: a result can be counted (again) only while its
        key exists, so markers that outlive it make every later count a no-op."""
        return self.result_ttl + MARKER_MARGIN

    @staticmethod
    def result_key(game_id: str) -> Key:
        return result_key(game_id)

    async def load_result(self, game_id: str) -> GameResult | None:
        """The recorded result of a game (None when unknown or older than `result_ttl`)."""
        raw = await self.cells.get(result_key(game_id))
        return None if raw is None else GameResult.from_json(raw)

    async def finish(self, record: GameRecord, expected_version: int, result: GameResult) -> bool:
        """Save the finished `record` (compare-and-set on `expected_version`, as `save`) with
        `result`, and count it: each player's statistics and history, the ratings, the boards.
        True when this call ended the game (record.version is then expected_version + 1);
        False when the compare-and-set failed: nothing recorded by this call, so a game counts
        once however many processes or retried updates try to end it."""
        if result.game_id != record.id or not record.finished:
            raise ValueError(f"result of {result.game_id} given for game {record.id} (ended?)")
        gid, payload = record.id, record.payload()
        save = Group(
            guards=(Timely(), GameIs(gid, expected_version)),
            writes=(
                PutGame(gid, expected_version + 1, payload, self.games.ttl_for(record)),
                SetValue(result_key(gid), result.to_json(), self.result_ttl, only_new=True),
            ),
        )
        mark = Group(writes=(Rank(pending(gid), gid, time.time()),))
        saved, _, *snapshot = await self.cells.step([save, mark, *snapshot_reads(result)])
        assert isinstance(saved, Applied)
        if saved.failed == 1:  # the store got it too late: the caller was told it did not happen
            raise TimeoutError("the store took longer than the save's deadline")
        if saved.ok:
            record.version = expected_version + 1
        self.games.ended(record, payload, saved.ok)
        if not saved.ok:  # someone else wrote the game (or ended it) first
            return False
        try:  # the game did end: whatever fails now, the sweep counts it later
            await self._count(result, snapshot)
        except OUTAGE_ERRORS as err:
            log.warning("event=result_left_pending game=%s error=%r", gid, str(err))
        except Exception:
            log.exception("event=result_left_pending game=%s", gid)
        return True

    async def count_result(self, result: GameResult) -> None:
        """Count a result `finish` recorded (each part at most once), then clear it from the
        pending set. Safe to call again, from any process, at any time."""
        await self._count(result, None)

    async def _count(self, result: GameResult, snapshot: Sequence[Any] | None) -> None:
        await self.cells.run(self.counting(result, snapshot))

    def counting(self, result: GameResult, snapshot: Sequence[Any] | None) -> Program[bool]:
        """The counting of `result` from `snapshot` (the replies of `snapshot_reads`; None:
        read first). False when it gave up after ATTEMPTS conflicts (left to the sweep)."""
        uids, scopes = [p.user_id for p in result.humans], rating_scopes(result)
        news: list[int] = []  # the players whose badges this game earned
        if snapshot is None:
            snapshot = yield list(snapshot_reads(result))
        stats, raw = split(result, uids, scopes, snapshot)
        after: dict[int, dict[str, str]] = {}
        # markers are timed by this clock, not by the result's end: they must outlive its key
        gid, at, window = result.game_id, time.time(), self.marker_window
        for _ in range(ATTEMPTS):
            todo = plan(result, stats, {s: decoded(r) for s, r in raw.items()})
            users, rated = list(todo.stats), list(todo.ratings)
            groups: list[Item] = [
                user_group(
                    *(u, gid, stats[u], todo.stats[u], todo.history[u], at, window),
                    *(todo.dropped[u], todo.news[u]),
                )
                for u in users
            ]
            groups += [rating_group(result, s, raw[s], todo.ratings[s], at, window) for s in rated]
            replies = yield groups
            stale, moved = [], []
            for uid, reply in zip(users, replies, strict=False):
                if reply.failed == 2:  # the statistics moved since they were read
                    stale.append(uid)
                else:  # applied now, or before (what was read may not show it yet)
                    after[uid] = {**stats[uid], **(todo.stats[uid] if reply.ok else {})}
                    # its badges to announce: this count's, or one that died before saying so
                    if (reply.ok and todo.news[uid]) or reply.failed == 1:
                        news.append(uid)
            for name, reply in zip(rated, replies[len(users) :], strict=True):
                if reply.failed >= 2:  # a rating moved since it was read
                    moved.append(name)
            if not stale and not moved:
                break
            fresh = yield list(snapshot_reads(result, stale, moved))
            stats, raw = split(result, stale, moved, fresh)
        else:
            log.warning("event=result_conflicts game=%s (left to the sweep)", gid)
            return False
        done = Group(writes=(Unrank(pending(gid), gid),))
        # the players' lines (the ratings' went with them)
        lines = line_groups(board_lines(result, after, {}))
        yield [
            *lines,
            *(announce(u) for u in news),
            done,
            *self.games.retired(result.kind, gid),
        ]
        return True

    # the sweep
    async def sweep_results(
        self, now: float, older_than: float = SWEEP_AFTER, limit: int = 50
    ) -> int:
        """The timer loop calls this about once a minute: count the results that a process
        which died after the save (or a count that failed) left uncounted, at least
        `older_than` seconds old. How many results it counted."""
        results = await self.pending_results(now, older_than, limit)
        for result in results:
            await self.count_result(result)
        return len(results)

    async def pending_results(
        self, now: float, older_than: float = SWEEP_AFTER, limit: int = 50
    ) -> list[GameResult]:
        """Results recorded at least `older_than` seconds before `now` whose per-user parts may
        not be counted yet. Each is leased to the caller for `older_than` seconds (another
        sweeper skips it meanwhile); pending ids whose result is gone are dropped."""
        lease = float(now)
        self._sweep_turn += 1
        shards = pending_shards()
        ids = await claim_across(
            self.cells.step, shards, limit, self._sweep_turn, now - older_than, lease
        )
        if not ids:
            return []
        raws = await self.cells.step([Get(result_key(i)) for i in ids])
        results, gone = [], []
        for gid, raw in zip(ids, raws, strict=True):
            if raw is None:  # a save that lost its compare-and-set, or a result expired
                key = pending(gid)
                gone.append(Group(guards=(ScoreIs(key, gid, lease),), writes=(Unrank(key, gid),)))
            else:
                results.append(GameResult.from_json(raw))
        if gone:
            await self.cells.step(list(gone))
        # in the order the games ended (the shards came in any order): a streak counts on it
        return sorted(results, key=lambda r: r.finished_at)

    async def claim_daily(
        self, user_id: int, kind: str, variant: str, day: int, game_id: str, tier: str = ""
    ) -> str:
        """Atomically claim the user's one ranked attempt at a day's deal for `game_id`; the
        game the claim names: `game_id` for the first claim, the first claim's game for every
        later one. A claim is made before its game is created (the two live apart: other Redis
        Cluster slots), so the game it names may not exist yet, or ever (its tap's process
        died, or gave up on a stalled store, in between): whoever finds it missing creates it
        (bot.games.solitaire.service). A day dealt in tiers has an attempt per `tier`."""
        key = Key(f"u:{user_id}", f"dy:{kind}:{variant}:{day}" + (f":{tier}" if tier else ""))
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

    async def keep_day_deal(self, kind: str, variant: str, day: int, deal: str) -> str:
        """Keep `deal` as the day's unless one is kept already: the day's deal (the first
        kept wins, so every process and every player get the same one)."""
        key = self._day_deal(kind, variant, day)
        if await self.cells.put_new(key, deal, DAY_DEAL_TTL):
            return deal
        return await self.cells.get(key) or deal

    async def choosing_day(self, kind: str, variant: str, day: int, seconds: float) -> bool:
        """Take the search of a day's deals for `seconds` (True): one process of the replicas
        searches a day at a time."""
        key = Key(f"day:{day}", f"choosing:{kind}:{variant}")
        return await self.cells.put_new(key, "1", seconds)
