"""Results on Redis: a game's end recorded once, then applied per user (see results_api).

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
from collections.abc import Callable
from typing import Any

from bot.stats.game_end import BoardLine, board_lines, rating_scopes
from bot.stats.rating import Rating, rate
from bot.stats.result import GameResult, places
from bot.stats.stats import (
    HISTORY_LIMIT,
    history_line,
    updated_fields,
)
from bot.storage.health import OUTAGE_ERRORS
from bot.storage.recent import RecentGames
from bot.storage.record import GameRecord
from bot.storage.redis_link import RedisLink, call
from bot.storage.redis_scripts import CLAIM_DUE, FINISH_DUE, SAVE
from bot.storage.results_api import MARKER_MARGIN, Results
from bot.storage.results_scripts import LINES, RATE, USER
from bot.storage.shards import SHARDS, claim_across, shard_of

log = logging.getLogger("bot.storage")
ATTEMPTS = 20  # compare-and-set rounds before a result is left to the sweep


class ResultKeys:
    """The keys of the results under one prefix (see above)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def result(self, game_id: str) -> str:
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


class RedisResults(Results):
    """A game's end recorded and applied; `recent` is the store's memory of games (a finished
    game is remembered as saved), `ttl_for` the store's lifetime of a game record."""

    def __init__(
        self,
        link: RedisLink,
        keys: ResultKeys,
        recent: RecentGames,
        ttl_for: Callable[[GameRecord], int],
    ) -> None:
        self.link = link
        self.keys = keys
        self.recent = recent
        self.ttl_for = ttl_for
        self._sweep_turn = 0  # the pending shard each sweep starts at rotates
        self._save, self._user = link.script(SAVE), link.script(USER)
        self._rate_script, self._line = link.script(RATE), link.script(LINES)
        self._claim, self._unclaim = link.script(CLAIM_DUE), link.script(FINISH_DUE)

    @property
    def marker_window(self) -> int:
        """How long a game's markers are kept: a result can be applied (again) only while its
        key exists, so markers that outlive it make every later apply a no-op."""
        return self.result_ttl + MARKER_MARGIN

    # step 1
    async def finish(
        self,
        record: GameRecord,
        expected_version: int,
        result: GameResult,
        *,
        apply: bool = True,
    ) -> bool:
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
            ("ZADD", self.keys.pending(record.id), repr(time.time()), record.id),
            call(self._save, [self.link.game(record.id), self.keys.result(record.id)], args),
        ]
        reads = self._reads(result) if apply else []
        replies = await self.link.batch(commands + reads)
        ok = replies[1]
        if ok == -1:  # Redis got it too late: the caller was already told it did not happen
            raise TimeoutError("redis took longer than the save's deadline")
        if not ok:  # someone else wrote the game (or ended it) first
            self.recent.forget(record.id)
            return False
        record.version = expected_version + 1
        self.recent.remember(record, payload)
        if apply:
            try:  # the game did end: whatever fails now, the sweep applies it later
                await self._apply(result, replies[2:])
            except OUTAGE_ERRORS as err:
                log.warning("event=result_left_pending game=%s error=%r", record.id, str(err))
            except Exception:
                log.exception("event=result_left_pending game=%s", record.id)
        return True

    def _reads(self, result: GameResult) -> list[tuple[Any, ...]]:
        """What step 2 computes from: each player's statistics, the ratings of each scope."""
        uids = [p.user_id for p in result.humans]
        reads: list[tuple[Any, ...]] = [("HGETALL", self.keys.user(u, "st")) for u in uids]
        reads += [("HMGET", self.keys.scope(s, "rt"), *uids) for s in rating_scopes(result)]
        return reads

    def _lines(self, lines: list[BoardLine], first: int) -> tuple[list[str], list[Any]]:
        """The boards and the ARGV of `lines`, all in one scope, for a script whose KEYS name
        the boards from position `first` on (bot.storage.results_scripts.WRITE_LINES)."""
        keys: list[str] = []
        args: list[Any] = []
        for line in lines:
            key = self.keys.scope(line.board.scope, line.board.name)
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
            commands.append(call(self._line, [self.keys.scope(scope, "hid"), *keys], args))
        return commands

    def _rate(self, result: GameResult, scope: str, new: dict[int, Rating]) -> tuple[Any, ...]:
        """The RATE call of one scope: its new ratings with their board lines."""
        args: list[Any] = [result.game_id, repr(time.time()), self.marker_window, len(new)]
        for u, r in new.items():
            args += [u, r.version - 1, r.encode()]
        keys, line_args = self._lines(board_lines(result, {}, {scope: new}), 4)
        head = [self.keys.scope(scope, n) for n in ("rt", "done", "hid")]
        return call(self._rate_script, [*head, *keys], args + line_args)

    # step 2
    async def apply_result(self, result: GameResult) -> None:
        await self._apply(result, None)

    async def _apply(self, result: GameResult, snapshot: list[Any] | None) -> None:
        humans = result.humans
        uids = [p.user_id for p in humans]
        scopes = rating_scopes(result)
        if snapshot is None:
            snapshot = await self.link.batch(self._reads(result))
        fields: dict[int, dict[str, str]] = {u: snapshot[i] for i, u in enumerate(uids)}
        ratings: dict[str, dict[int, Rating | None]] = {}

        def read_ratings(scope: str, reply: list[str | None]) -> None:
            ratings[scope] = {
                u: Rating.decode(v) if v else None for u, v in zip(uids, reply, strict=True)
            }

        for j, scope in enumerate(scopes):
            read_ratings(scope, snapshot[len(uids) + j])
        place = places(result)
        after: dict[int, dict[str, str]] = {}
        users, todo_scopes = list(humans), list(scopes)
        # markers are timed by this clock, not by the result's end: they must outlive its key
        gid, at, window = result.game_id, repr(time.time()), self.marker_window
        for _ in range(ATTEMPTS):
            commands: list[tuple[Any, ...]] = []
            changed: dict[int, dict[str, str]] = {}
            for p in users:
                cur = fields[p.user_id]
                changed[p.user_id] = updated_fields(cur, result, p)
                entry = history_line(result, p, place[p.user_id])
                pairs = [x for kv in changed[p.user_id].items() for x in kv]
                keys = [self.keys.user(p.user_id, n) for n in ("st", "h", "done")]
                args = [gid, cur.get("v", "0"), at, window, entry, HISTORY_LIMIT, *pairs]
                commands.append(call(self._user, keys, args))
            commands += [self._rate(result, s, rate(result, ratings[s])) for s in todo_scopes]
            replies = await self.link.batch(commands)
            stale_users = []
            for p, reply in zip(users, replies, strict=False):
                if reply == 2:  # applied now
                    after[p.user_id] = {**fields[p.user_id], **changed[p.user_id]}
                elif reply == 1:  # applied before (what was read may not show it yet)
                    after[p.user_id] = fields[p.user_id]
                else:
                    stale_users.append(p)
            stale_scopes = [
                s for s, r in zip(todo_scopes, replies[len(users) :], strict=True) if r == 0
            ]
            if not stale_users and not stale_scopes:
                break
            users, todo_scopes = stale_users, stale_scopes
            reads: list[tuple[Any, ...]] = [
                ("HGETALL", self.keys.user(p.user_id, "st")) for p in users
            ]
            reads += [("HMGET", self.keys.scope(s, "rt"), *uids) for s in todo_scopes]
            fresh = await self.link.batch(reads)
            for p, reply in zip(users, fresh, strict=False):
                fields[p.user_id] = reply
            for scope, reply in zip(todo_scopes, fresh[len(users) :], strict=True):
                read_ratings(scope, reply)
        else:
            log.warning("event=result_conflicts game=%s (left to the sweep)", gid)
            return
        done = [("ZREM", self.keys.pending(gid), gid), ("ZREM", self.link.active(result.kind), gid)]
        # the players' lines (the ratings' went with them, in RATE)
        await self.link.batch([*self.line_calls(board_lines(result, after, {})), *done])

    # the sweep
    async def pending_results(
        self, now: float, older_than: float = 60.0, limit: int = 50
    ) -> list[GameResult]:
        lease = repr(float(now))
        cutoff = repr(float(now - older_than))
        self._sweep_turn += 1
        shards = self.keys.pending_shards()
        deadline = self.link.deadline_ms()  # a claim that arrives late leases nothing

        def claim(shard: str, n: int) -> tuple[Any, ...]:
            return call(self._claim, [shard], [cutoff, n, lease, deadline])

        ids = await claim_across(self.link.batch, shards, limit, self._sweep_turn, claim)
        if not ids:
            return []
        raws = await self.link.batch([("GET", self.keys.result(i)) for i in ids])
        results, gone = [], []
        for gid, raw in zip(ids, raws, strict=True):
            if raw is None:  # a save that lost its compare-and-set, or a result expired
                gone.append(call(self._unclaim, [self.keys.pending(gid)], [gid, lease]))
            else:
                results.append(GameResult.from_json(raw))
        if gone:
            await self.link.batch(gone)
        # in the order the games ended (the shards came in any order): a streak counts on it
        return sorted(results, key=lambda r: r.finished_at)

    async def load_result(self, game_id: str) -> GameResult | None:
        [raw] = await self.link.batch([("GET", self.keys.result(game_id))])
        return None if raw is None else GameResult.from_json(raw)
