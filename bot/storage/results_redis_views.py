"""Reading what the results made on Redis: statistics, history, ratings, leaderboard pages;
hiding a user from the global boards (keys: results_redis). A part of RedisStore, through the
link's batches (one round trip each)."""

from __future__ import annotations

from typing import Any

from bot.registry import GAMES
from bot.stats.boards import Board, BoardEntry, BoardPage, ranks
from bot.stats.game_end import global_boards, restored_lines
from bot.stats.rating import Rating
from bot.stats.stats import HISTORY_LIMIT, HistoryEntry, UserStats
from bot.storage.redis_link import call
from bot.storage.results_redis import RedisResults
from bot.storage.results_scripts import PAGE


class RedisResultViews(RedisResults):
    def _results_scripts(self) -> None:
        super()._results_scripts()
        self._page = self.link.script(PAGE)

    async def user_stats(self, user_id: int) -> UserStats:
        [reply] = await self.link.batch([("HGETALL", self.result_keys.user(user_id, "st"))])
        return UserStats.from_fields(reply)

    async def history(self, user_id: int, limit: int = HISTORY_LIMIT) -> list[HistoryEntry]:
        [rows] = await self.link.batch(
            [("LRANGE", self.result_keys.user(user_id, "h"), 0, limit - 1)]
        )
        return [HistoryEntry.from_json(r) for r in rows]

    async def rating(self, user_id: int, kind: str, chat: int | None = None) -> Rating | None:
        scope = kind if chat is None else f"{kind}:{chat}"
        [raw] = await self.link.batch([("HGET", self.result_keys.scope(scope, "rt"), user_id)])
        return None if raw is None else Rating.decode(raw)

    async def leaderboard(
        self, board: Board, user_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> BoardPage:
        key = self.result_keys.scope(board.scope, board.name)
        own = "" if user_id is None else str(user_id)
        floor = "(0" if board.scorers_only else "-inf"
        args = [offset, limit, "1" if board.ascending else "0", own, floor]
        [reply] = await self.link.batch([call(self._page, [key], args)])
        rows, total, rank, score, first = reply
        uids = [int(u) for u in rows[0::2]]
        names: dict[int, str] = {}
        wanted = uids + ([user_id] if user_id is not None and rank >= 0 else [])
        if wanted:
            got = await self.link.batch(
                [("HGET", self.result_keys.user(u, "st"), "n") for u in wanted]
            )
            names = {u: n or "" for u, n in zip(wanted, got, strict=True)}
        scores = [float(s) for s in rows[1::2]]
        entries = tuple(
            BoardEntry(r, u, names.get(u, ""), s)
            for r, u, s in zip(ranks(offset, int(first) + 1, scores), uids, scores, strict=True)
        )
        mine = None
        if user_id is not None and rank >= 0:
            mine = BoardEntry(int(rank) + 1, user_id, names.get(user_id, ""), float(score))
        return BoardPage(entries, mine, int(total))

    async def set_hidden(self, user_id: int, hidden: bool) -> None:
        st = self.result_keys.user(user_id, "st")
        flag = ("HSET", st, "h", "1") if hidden else ("HDEL", st, "h")
        kinds = sorted(GAMES)
        ratings = [("HGET", self.result_keys.scope(kind, "rt"), user_id) for kind in kinds]
        _, fields, *rated = await self.link.batch([flag, ("HGETALL", st), *ratings])
        commands: list[tuple[Any, ...]] = []
        for kind, rating in zip(kinds, rated, strict=True):
            hid = self.result_keys.scope(kind, "hid")
            if hidden:
                boards = [
                    self.result_keys.scope(b.scope, b.name) for b in global_boards(kind, fields)
                ]
                # hidden first: a line written after that skips them, one before is removed
                commands += [("SADD", hid, user_id), *(("ZREM", b, user_id) for b in boards)]
            else:
                commands.append(("SREM", hid, user_id))
                was = None if rating is None else Rating.decode(rating)
                commands += self.line_calls(restored_lines(kind, user_id, fields, was))
        await self.link.batch(commands)
