"""What players look at between games: their statistics, the leaderboards, today's deal and
their settings, gathered from the store (bot.storage.results_api) for bot.render.stats."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace

from bot.games.solitaire.day_views import DayViews
from bot.registry import kinds, spec
from bot.render.stats import Rated
from bot.stats.badges import Earned, deserved, held
from bot.stats.boards import Board, BoardEntry, BoardPage, among, week_of
from bot.stats.daily import day_number, utc_day
from bot.stats.game_end import day_score
from bot.stats.rating import shown
from bot.stats.result import GameResult
from bot.stats.stats import HistoryEntry, UserStats
from bot.storage import Store

GROUP_SOLO_PLAYERS = 30  # the players of each of a group's rating boards among its people
GROUP_SEEN_MAX = 300  # the people a group's week set holds at most (its day board ranks them)
SEEN_REMEMBERED = 50_000  # (group, user, week) a process remembers having noted


HANDS = "hands"  # where a hidden hand is shown: "private" (default) or "group" (ephemeral)
ALIAS = "alias"  # "on": strangers in a quick match see "Player 4821", not the first name


def seen_weeks(now: float) -> tuple[int, int]:
    """This ISO week and the one before: a group's day board ranks the people seen in either."""
    return week_of(utc_day(now)), week_of(utc_day(now - 7 * 86400))


async def note_seen(store: Store, chat_id: int, users: Iterable[int], now: float) -> None:
    """`users` were seen in group `chat_id` (a command, a tap, a seat at its table): on this
    week's set, while it holds fewer than GROUP_SEEN_MAX."""
    week = seen_weeks(now)[0]
    seen = set(await store.seen_in_group(chat_id, week))
    for user_id in users:
        if user_id not in seen and len(seen) < GROUP_SEEN_MAX:
            await store.add_seen_in_group(chat_id, week, user_id)
            seen.add(user_id)


class Players:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self.days = DayViews(store, self.now)  # /daily
        self._noted: set[tuple[int, int, int]] = set()  # (group, user, week) written already

    def now(self) -> float:
        """The clock as it is now (the tests move it by replacing `clock`)."""
        return self.clock()

    async def seen(self, chat_id: int, user_id: int) -> None:
        """A user did something in a group: they race on its deal of the day (written once a
        week per process)."""
        now = self.clock()
        key = (chat_id, user_id, seen_weeks(now)[0])
        if key in self._noted:
            return
        await note_seen(self.store, chat_id, [user_id], now)
        if len(self._noted) >= SEEN_REMEMBERED:
            self._noted.clear()
        self._noted.add(key)

    async def group_people(self, chat_id: int) -> set[int]:
        """Whom a group's day board ranks: the people seen there this week or the last, and
        the players on its rating boards."""
        people: set[int] = set()
        for week in seen_weeks(self.clock()):
            people.update(await self.store.seen_in_group(chat_id, week))
        for kind in kinds("table"):
            page = await self.store.leaderboard(
                Board.rating(kind, chat_id), limit=GROUP_SOLO_PLAYERS
            )
            people.update(e.user_id for e in page.entries)
        return people

    async def rated(self, user_id: int, kind: str, chat: int | None = None) -> Rated:
        rating = await self.store.rating(user_id, kind, chat)
        if rating is None:
            return Rated(None, None)
        page = await self.store.leaderboard(Board.rating(kind, chat), user_id, limit=1)
        return Rated(shown(rating.ordinal), page.own.rank if page.own else None)

    async def stats(self, user_id: int) -> tuple[UserStats, dict[str, Rated]]:
        stats = await self.settled(user_id)
        rated = {k: await self.rated(user_id, k) for k in kinds("table") if stats.of(k).played}
        return stats, rated

    async def settled(self, user_id: int) -> UserStats:
        """The user's statistics, with the badges their history before badges deserves
        written (once, on the first look)."""
        stats = await self.store.user_stats(user_id)
        quiet = deserved(stats.fields, utc_day(self.clock()))
        if len(quiet) <= 1:
            return stats
        await self.store.settle_badges(user_id, stats.fields, utc_day(self.clock()))
        return replace(stats, fields={**stats.fields, **quiet})

    async def badges(self, user_id: int) -> list[Earned]:
        return held((await self.settled(user_id)).fields)

    async def detail(
        self, user_id: int, kind: str
    ) -> tuple[UserStats, Rated | None, list[HistoryEntry]]:
        stats = await self.store.user_stats(user_id)
        rated = await self.rated(user_id, kind) if kind in kinds("table") else None
        return stats, rated, await self.store.history(user_id)

    async def top(self, board: Board, user_id: int) -> BoardPage:
        return await self.store.leaderboard(board, user_id)

    async def group_table(
        self, chat_id: int, viewer: int | None = None
    ) -> tuple[
        list[tuple[Board, BoardPage]],
        list[tuple[str, list[tuple[str, int]]]],
        list[tuple[Board, BoardPage]],
    ]:
        """/top in a group: its rating and tournaments boards; the ranked solitaire wins of its
        people (`group_people`: whoever was seen there, on a rating board or not); and today's
        deal of each solitaire among them (`group_today`)."""
        boards = []
        for kind in kinds("table"):
            board = Board.rating(kind, chat_id)
            boards.append((board, await self.store.leaderboard(board, limit=10)))
            tours = Board.tours(kind, chat_id)  # the tournaments won here
            boards.append((tours, await self.store.leaderboard(tours, limit=10)))
        people = {uid: await self.store.user_stats(uid) for uid in await self.group_people(chat_id)}
        solo = []
        for kind in kinds("solitaire"):
            rows = sorted(
                ((s.name, s.of(kind).ranked_won) for s in people.values()),
                key=lambda row: -row[1],
            )
            solo.append((kind, [r for r in rows if r[1] > 0][:10]))
        return boards, solo, await self.group_today(people, viewer)

    async def group_today(
        self, people: Mapping[int, UserStats], viewer: int | None = None
    ) -> list[tuple[Board, BoardPage]]:
        """Today's deal of each solitaire among a group's `people` (their statistics): each
        one's ranked attempt, best first, ranked among themselves; `own` is `viewer`'s. A
        player kept off the whole day's board (hidden from the global boards) is still on
        their groups' (their score read from their result)."""
        number, _ = self.today()
        out = []
        for kind in kinds("solitaire"):
            variant = spec(kind).default_variant
            for tier in DayViews.tiers_of(kind, number):  # (each of a day's three deals)
                board = Board.of_day(kind, variant, number, tier)
                mine = []
                for uid, stats in people.items():
                    played = stats.days.get(f"{kind}:{variant}")
                    if played is None or played.last_day != number:
                        continue  # not today's deals (a ranked attempt marks the day it played)
                    own = (await self.store.leaderboard(board, uid, limit=0)).own
                    if own is None and stats.hidden:
                        own = await self._day_entry(uid, stats.name, board)
                    if own is not None:
                        mine.append(own)
                out.append((board, among(board, mine, viewer)))
        return out

    async def _day_entry(self, uid: int, name: str, board: Board) -> BoardEntry | None:
        """`uid`'s ranked attempt at the day's deal of `board`, as its line would be (the
        whole board keeps none: the player is hidden from it)."""
        day = (board.kind, board.variant, board.day, board.tier, True)
        for entry in await self.store.history(uid):
            if (entry.kind, entry.variant, entry.daily, entry.tier, entry.ranked) != day:
                continue
            result = await self.store.load_result(entry.game_id)
            return None if result is None else BoardEntry(0, uid, name, day_score(result, uid))
        return None

    def week(self) -> int:
        """This ISO week (UTC), as the weekly boards number it."""
        return week_of(utc_day(self.clock()))

    def today(self) -> tuple[int, str]:
        day = utc_day(self.clock())
        return day_number(day), day

    async def result(self, game_id: str) -> GameResult | None:
        return await self.store.load_result(game_id)

    async def hidden(self, user_id: int) -> bool:
        return (await self.store.user_stats(user_id)).hidden

    async def set_hidden(self, user_id: int, hidden: bool) -> None:
        await self.store.set_hidden(user_id, hidden)

    async def settings(self, user_id: int) -> tuple[bool, bool, bool, bool]:
        """(hidden from the global boards, turn pings on, a hidden hand shown in the group,
        an alias for strangers)."""
        pings = await self.store.get_setting(user_id, "pings") != "off"
        in_group = await self.store.get_setting(user_id, HANDS) == "group"
        alias = await self.store.get_setting(user_id, ALIAS) == "on"
        return await self.hidden(user_id), pings, in_group, alias

    async def set_alias(self, user_id: int, on: bool) -> None:
        await self.store.set_setting(user_id, ALIAS, "on" if on else "off")

    async def set_hands_in_group(self, user_id: int, on: bool) -> None:
        await self.store.set_setting(user_id, HANDS, "group" if on else "private")

    async def set_pings(self, user_id: int, on: bool) -> None:
        await self.store.set_setting(user_id, "pings", "on" if on else "off")
