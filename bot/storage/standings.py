"""What the results made, written once over a backend's keyed cells (keys:
bot.storage.result_writes): a user's statistics, history and ratings, leaderboard pages with
their shared ranks, hiding a user from the global boards; and the people seen in a group (whom
its deal-of-the-day board ranks)."""

from __future__ import annotations

from bot.registry import GAMES
from bot.stats.boards import Board, BoardEntry, BoardPage, ranks
from bot.stats.game_end import global_boards, restored_lines
from bot.stats.rating import Rating
from bot.stats.stats import HISTORY_LIMIT, HistoryEntry, UserStats
from bot.storage.cells import Cells
from bot.storage.result_writes import board_key, line_writes, scope, user
from bot.storage.writes import (
    AddMember,
    Count,
    DropField,
    DropMember,
    Field,
    Fields,
    Group,
    Item,
    Items,
    Key,
    Program,
    Range,
    Score,
    SetFields,
    Span,
    Unrank,
    Write,
)

GROUP_SEEN_TTL = 15 * 86400  # a week's set of the people seen in a group: the week and the next


def ahead(board: Board, key: Key, floor: Span, score: float) -> Count:
    """The players with a strictly better score than `score` (ties share a rank)."""
    if board.ascending:
        return Count(key, Span(floor.low, score, floor.low_open, high_open=True))
    return Count(key, Span.above(score))


class Standings:
    def __init__(self, cells: Cells) -> None:
        self.cells = cells

    async def user_stats(self, user_id: int) -> UserStats:
        """Everything counted for a user (all game kinds, day streaks, hidden flag)."""
        return UserStats.from_fields(await self.cells.read(Fields(user(user_id, "st"))))

    async def history(self, user_id: int, limit: int = HISTORY_LIMIT) -> list[HistoryEntry]:
        """A user's last results, newest first (at most HISTORY_LIMIT are kept)."""
        rows = await self.cells.read(Items(user(user_id, "h"), 0, limit - 1))
        return [HistoryEntry.from_json(r) for r in rows]

    async def rating(self, user_id: int, kind: str, chat: int | None = None) -> Rating | None:
        """A user's rating in a group game, global or in one group (None: never rated)."""
        name = kind if chat is None else f"{kind}:{chat}"
        [raw] = await self.cells.read(Field(scope(name, "rt"), (str(user_id),)))
        return None if raw is None else Rating.decode(raw)

    async def leaderboard(
        self, board: Board, user_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> BoardPage:
        """`limit` entries from position `offset` (0 = the top), and `user_id`'s own entry."""
        return await self.cells.run(self._page(board, user_id, limit, offset))

    def _page(
        self, board: Board, user_id: int | None, limit: int, offset: int
    ) -> Program[BoardPage]:
        key = board_key(board)
        floor = Span.above(0) if board.scorers_only else Span()  # a player with no win: off
        reads: list[Item] = [
            Range(key, floor, offset, limit, desc=not board.ascending),
            Count(key, floor),
        ]
        if user_id is not None:
            reads.append(Score(key, str(user_id)))
        rows, total, *mine = yield reads
        own: float | None = mine[0] if mine else None
        if own is not None and board.scorers_only and own <= 0:
            own = None
        uids = [int(m) for m, _ in rows]
        asks: list[Item] = []
        if own is not None:
            asks.append(ahead(board, key, floor, own))
        if rows:
            asks.append(ahead(board, key, floor, rows[0][1]))
        wanted = uids + ([user_id] if own is not None and user_id is not None else [])
        asks += [Field(user(u, "st"), ("n",)) for u in wanted]
        replies = yield asks
        own_ahead = replies.pop(0) if own is not None else 0
        first = replies.pop(0) + 1 if rows else 0
        names = {u: n or "" for u, [n] in zip(wanted, replies, strict=True)}
        scores = [s for _, s in rows]
        entries = tuple(
            BoardEntry(r, u, names.get(u, ""), s)
            for r, u, s in zip(ranks(offset, first, scores), uids, scores, strict=True)
        )
        mine_entry = None
        if own is not None and user_id is not None:
            mine_entry = BoardEntry(own_ahead + 1, user_id, names.get(user_id, ""), own)
        return BoardPage(entries, mine_entry, int(total))

    async def set_hidden(self, user_id: int, hidden: bool) -> None:
        """Hide a user from (or show them again on) the global leaderboards; their groups'
        boards keep them. Showing again restores their wins, streak and rating lines (a past
        day's or week's line stays off)."""
        await self.cells.run(self._hiding(user_id, hidden))

    def _hiding(self, user_id: int, hidden: bool) -> Program[None]:
        st, uid, kinds = user(user_id, "st"), str(user_id), sorted(GAMES)
        flag = SetFields(st, (("h", "1"),)) if hidden else DropField(st, "h")
        reads: list[Item] = [Fields(st), *(Field(scope(k, "rt"), (uid,)) for k in kinds)]
        _, fields, *rated = yield [Group(writes=(flag,)), *reads]
        groups: list[Item] = []
        for kind, [rating] in zip(kinds, rated, strict=True):
            hid = scope(kind, "hid")
            writes: list[Write]
            if hidden:  # in the set first: a line written after it skips them
                boards = [board_key(b) for b in global_boards(kind, fields)]
                writes = [AddMember(hid, uid), *(Unrank(b, uid) for b in boards)]
            else:
                was = None if rating is None else Rating.decode(rating)
                writes = [
                    DropMember(hid, uid),
                    *line_writes(restored_lines(kind, user_id, fields, was)),
                ]
            groups.append(Group(writes=tuple(writes)))
        yield groups

    # the people seen in a group (a command, a tap, a seat at its table), one set per ISO week
    # (`bot.stats.boards.week_of`), each kept GROUP_SEEN_TTL after its last write
    @staticmethod
    def _seen(chat_id: int, week: int) -> Key:
        return Key(f"g:{chat_id}", f"seen:{week}")

    async def seen_in_group(self, chat_id: int, week: int) -> list[int]:
        return [int(m) for m in await self.cells.members(self._seen(chat_id, week))]

    async def add_seen_in_group(self, chat_id: int, week: int, user_id: int) -> None:
        await self.cells.add_member(self._seen(chat_id, week), str(user_id), GROUP_SEEN_TTL)
