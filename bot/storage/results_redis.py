"""A game's end on Redis: recorded once, then counted per user (a part of RedisStore).

`finish` saves the finished game with its result in one compare-and-set script (the result key
in the game's slot) and marks it pending. What it counts (statistics, history, ratings, boards:
bot.stats.game_end) lives in other Redis Cluster slots, so it follows in per-slot scripts, each
idempotent per game (a marker of the game id beside what it changes, checked and set in the same
script); then the game leaves the pending set. A process that dies between the steps leaves the
game pending: `sweep_results` (the timer loop's, once a minute) counts it later, once.

Keys (each `{hash tag}` one Redis Cluster slot; no script touches two slots):
- `{g:<id>}:r` the game's result (JSON, `result_ttl`), in the game's slot: the save's own
  compare-and-set script writes it (SAVE with a second key);
- `{rs:<n>}` the pending set (zset id → when the end was recorded, or a sweeper's lease),
  split over SHARDS keys by the game id (bot.storage.shards); `{active:<kind>}` loses the game
  when its result is applied;
- `{u:<uid>}:st` statistics (hash, see bot.stats.stats), `:h` the last 100 results (list),
  `:done` the games already counted (zset id → when counted; kept an hour past the result TTL),
  `:dy:<kind>:<variant>:<day>` the day's ranked attempt;
- `{lb:<scope>}` per leaderboard scope ('kind' global, 'kind:chat' a group): `:w` `:s` `:r`
  `:d:<variant>:<day>` boards (zsets), `:rt` ratings (hash), `:done` markers, `:hid` the users
  hidden from the global boards.

A finished game costs three round trips: (1) the save with its result and, pipelined with it,
the pending mark and the reads the next step needs (statistics, ratings); (2) the per-user
scripts (statistics + history + marker, each user's slot; ratings + rating board + marker, per
scope), each a compare-and-set on what step 1 read (on a conflict: read again, compute again);
(3) the solitaire board lines and the removal from the pending set.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from redis.commands.core import AsyncScript

from bot.stats.game_end import BoardLine, board_lines, plan, rating_scopes
from bot.stats.rating import Rating
from bot.stats.result import GameResult
from bot.stats.stats import HISTORY_LIMIT
from bot.storage.base import SWEEP_AFTER, Store
from bot.storage.health import OUTAGE_ERRORS
from bot.storage.recent import RecentGames
from bot.storage.record import GameRecord
from bot.storage.redis_link import RedisLink, call
from bot.storage.results_scripts import LINES, RATE, USER
from bot.storage.shards import SHARDS, claim_across, shard_of

log = logging.getLogger("bot.storage")
ATTEMPTS = 20  # compare-and-set rounds before a result is left to the sweep
MARKER_MARGIN = 3600  # the per-game markers outlive the result key by this much


class ResultKeys:
    """The keys of the results under one prefix (see above)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def result(self, game_id: str) -> str:
        """Store.result_key's cell, as RedisCells names it (load_result reads it there)."""
        return f"{self.prefix}:{{g:{game_id}}}:r"

    def pending(self, game_id: str) -> str:
        """The pending-results shard of a game."""
        return f"{self.prefix}:{{rs:{shard_of(game_id)}}}"

    def pending_shards(self) -> list[str]:
        return [f"{self.prefix}:{{rs:{i}}}" for i in range(SHARDS)]

    def legacy_pending(self) -> str:
        return f"{self.prefix}:{{results}}"

    def user(self, user_id: int, part: str) -> str:
        return f"{self.prefix}:{{u:{user_id}}}:{part}"

    def scope(self, scope: str, part: str) -> str:
        return f"{self.prefix}:{{lb:{scope}}}:{part}"


class RedisResults(Store):
    """RedisStore's part that ends games: its link and keys, `recent` its memory of games (a
    finished game is remembered as saved), its scripts (`_save`, `_claim`, `_unclaim`: those
    of the games and deadlines)."""

    link: RedisLink
    result_keys: ResultKeys
    recent: RecentGames
    _save: AsyncScript
    _claim: AsyncScript
    _unclaim: AsyncScript

    def _results_scripts(self) -> None:
        self._sweep_turn = 0  # the pending shard each sweep starts at rotates
        self._user, self._rate_script = self.link.script(USER), self.link.script(RATE)
        self._line = self.link.script(LINES)

    @property
    def marker_window(self) -> int:
        """How long a game's markers are kept: a result can be counted (again) only while its
        key exists, so markers that outlive it make every later count a no-op."""
        return self.result_ttl + MARKER_MARGIN

    # step 1: the save with its result
    async def finish(self, record: GameRecord, expected_version: int, result: GameResult) -> bool:
        if result.game_id != record.id or not record.finished:
            raise ValueError(f"result of {result.game_id} given for game {record.id} (ended?)")
        payload = record.payload()
        args = [
            expected_version,
            expected_version + 1,
            payload,
            self.ttl_for(record),
            self.link.deadline_ms(),
            result.to_json(),
            self.result_ttl,
        ]
        commands = [
            ("ZADD", self.result_keys.pending(record.id), repr(time.time()), record.id),
            call(self._save, [self.link.game(record.id), self.result_keys.result(record.id)], args),
        ]
        replies = await self.link.batch(commands + self._reads(result))
        ok = replies[1]
        if ok == -1:  # Redis got it too late: the caller was already told it did not happen
            raise TimeoutError("redis took longer than the save's deadline")
        if not ok:  # someone else wrote the game (or ended it) first
            self.recent.forget(record.id)
            return False
        record.version = expected_version + 1
        self.recent.remember(record, payload)
        try:  # the game did end: whatever fails now, the sweep counts it later
            await self._count(result, replies[2:])
        except OUTAGE_ERRORS as err:
            log.warning("event=result_left_pending game=%s error=%r", record.id, str(err))
        except Exception:
            log.exception("event=result_left_pending game=%s", record.id)
        return True

    def _reads(self, result: GameResult, scopes: list[str] | None = None) -> list[tuple[Any, ...]]:
        """What step 2 computes from: each player's statistics, the ratings of each scope."""
        uids = [p.user_id for p in result.humans]
        reads: list[tuple[Any, ...]] = [("HGETALL", self.result_keys.user(u, "st")) for u in uids]
        scopes = rating_scopes(result) if scopes is None else scopes
        return reads + [("HMGET", self.result_keys.scope(s, "rt"), *uids) for s in scopes]

    def _lines(self, lines: list[BoardLine], first: int) -> tuple[list[str], list[Any]]:
        """The boards and the ARGV of `lines`, all in one scope, for a script whose KEYS name
        the boards from position `first` on (bot.storage.results_scripts.WRITE_LINES)."""
        keys: list[str] = []
        args: list[Any] = []
        for line in lines:
            key = self.result_keys.scope(line.board.scope, line.board.name)
            if key not in keys:
                keys.append(key)
            at, score = first + keys.index(key), repr(float(line.score))
            args += [at, line.user_id, score, line.keep, line.ttl or 0, int(line.board.hides)]
        return keys, args

    def line_calls(self, lines: list[BoardLine]) -> list[tuple[Any, ...]]:
        """One LINES call per scope of `lines`."""
        scopes: dict[str, list[BoardLine]] = {}
        for line in lines:
            scopes.setdefault(line.board.scope, []).append(line)
        commands = []
        for scope, mine in scopes.items():
            keys, args = self._lines(mine, 2)  # KEYS[1] is the hidden set
            hid = self.result_keys.scope(scope, "hid")
            commands.append(call(self._line, [hid, *keys], args))
        return commands

    # step 2: the per-user scripts, each a compare-and-set on what was read (on a conflict:
    # read again, compute again); then the players' board lines and the end of pending
    async def count_result(self, result: GameResult) -> None:
        """Count a result `finish` recorded (each part at most once), then clear it from the
        pending set. Safe to call again, from any process, at any time."""
        await self._count(result, await self.link.batch(self._reads(result)))

    async def _count(self, result: GameResult, snapshot: list[Any]) -> None:
        humans, scopes = result.humans, rating_scopes(result)
        uids = [p.user_id for p in humans]
        stats: dict[int, dict[str, str]] = dict(zip(uids, snapshot, strict=False))
        ratings = {s: self._ratings(uids, snapshot[len(uids) + j]) for j, s in enumerate(scopes)}
        after: dict[int, dict[str, str]] = {}
        # markers are timed by this clock, not by the result's end: they must outlive its key
        gid, at, window = result.game_id, repr(time.time()), self.marker_window
        for _ in range(ATTEMPTS):
            todo = plan(result, stats, ratings)
            commands: list[tuple[Any, ...]] = []
            for uid, changed in todo.stats.items():
                keys = [self.result_keys.user(uid, n) for n in ("st", "h", "done")]
                pairs = [x for kv in changed.items() for x in kv]
                version = stats[uid].get("v", "0")
                args = [gid, version, at, window, todo.history[uid], HISTORY_LIMIT, *pairs]
                commands.append(call(self._user, keys, args))
            for scope, new in todo.ratings.items():
                args = [gid, at, window, len(new)]
                for u, r in new.items():
                    args += [u, r.version - 1, r.encode()]
                keys, line_args = self._lines(board_lines(result, {}, {scope: new}), 4)
                head = [self.result_keys.scope(scope, n) for n in ("rt", "done", "hid")]
                commands.append(call(self._rate_script, [*head, *keys], args + line_args))
            replies = await self.link.batch(commands)
            stale = []
            for uid, reply in zip(todo.stats, replies, strict=False):
                if reply == 0:  # the statistics moved since they were read
                    stale.append(uid)
                else:  # 2: counted now; 1: before (what was read may not show it yet)
                    after[uid] = {**stats.pop(uid), **(todo.stats[uid] if reply == 2 else {})}
            moved = [
                s for s, r in zip(todo.ratings, replies[len(todo.stats) :], strict=True) if not r
            ]
            if not stale and not moved:
                break
            fresh = await self.link.batch(
                [("HGETALL", self.result_keys.user(u, "st")) for u in stale]
                + self._reads(result, moved)[len(uids) :]
            )
            stats = dict(zip(stale, fresh, strict=False))
            ratings = {s: self._ratings(uids, fresh[len(stale) + j]) for j, s in enumerate(moved)}
        else:
            log.warning("event=result_conflicts game=%s (left to the sweep)", gid)
            return
        done = [
            ("ZREM", self.result_keys.pending(gid), gid),
            ("ZREM", self.link.active(result.kind), gid),
        ]
        # the players' lines (the ratings' went with them, in RATE)
        await self.link.batch([*self.line_calls(board_lines(result, after, {})), *done])

    @staticmethod
    def _ratings(uids: list[int], reply: list[str | None]) -> dict[int, Rating | None]:
        return {u: Rating.decode(v) if v else None for u, v in zip(uids, reply, strict=True)}

    # the sweep
    async def sweep_results(
        self, now: float, older_than: float = SWEEP_AFTER, limit: int = 50
    ) -> int:
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
        lease = repr(float(now))
        cutoff = repr(float(now - older_than))
        self._sweep_turn += 1
        shards = self.result_keys.pending_shards()
        deadline = self.link.deadline_ms()  # a claim that arrives late leases nothing

        def claim(shard: str, n: int) -> tuple[Any, ...]:
            return call(self._claim, [shard], [cutoff, n, lease, deadline])

        ids = await claim_across(self.link.batch, shards, limit, self._sweep_turn, claim)
        if not ids:
            return []
        raws = await self.link.batch([("GET", self.result_keys.result(i)) for i in ids])
        results, gone = [], []
        for gid, raw in zip(ids, raws, strict=True):
            if raw is None:  # a save that lost its compare-and-set, or a result expired
                gone.append(call(self._unclaim, [self.result_keys.pending(gid)], [gid, lease]))
            else:
                results.append(GameResult.from_json(raw))
        if gone:
            await self.link.batch(gone)
        # in the order the games ended (the shards came in any order): a streak counts on it
        return sorted(results, key=lambda r: r.finished_at)
