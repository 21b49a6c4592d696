"""What /daily shows, gathered from the store (bot.render.daily draws it): a game's deals of a
day — three on a day dealt in tiers — with the player's standing on each, their month's
calendar and day streak; a deal's board and par; the player's results of today to share.

Nothing here searches: a par is shown once the day is decided (`days_ahead.peek_tiers`), and
showing /daily queues today's and the next days' deals to be chosen (`days_ahead.prepare`).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.solitaire import days_ahead
from bot.registry import is_solitaire, kinds, spec
from bot.render.daily import DayView, TierView
from bot.stats import calendar, daily_tiers
from bot.stats.boards import Board
from bot.stats.daily import day_number, utc_day
from bot.stats.daily_winnable import applies
from bot.stats.result import GameResult
from bot.storage import Store


class DayViews:
    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    def today(self) -> int:
        return day_number(utc_day(self.clock()))

    def first_late_day(self) -> int:
        """The earliest day a late game may be opened from /daily: this month's first."""
        return calendar.first_of_month(self.today())

    @staticmethod
    def tiers_of(kind: str, day: int) -> tuple[str, ...]:
        """The day's deals of `kind`: its tiers, or "" for a day with one deal."""
        variant = spec(kind).default_variant
        return daily_tiers.TIERS if daily_tiers.applies(kind, variant, day) else ("",)

    async def pars(self, kind: str, day: int) -> dict[str, int | None]:
        """Each deal's par, if the day is decided (never a search)."""
        variant = spec(kind).default_variant
        if daily_tiers.applies(kind, variant, day):
            found = await days_ahead.peek_tiers(self.store, kind, variant, day)
            return {t: par for t, (_seed, par) in (found or {}).items()}
        if not applies(kind, day):
            return {}
        single = await days_ahead.peek(self.store, kind, variant, day)
        return {"": single[1]} if single is not None else {}

    async def page(self, user_id: int, kind: str = "", day: int | None = None) -> DayView:
        """`kind`'s deals of `day` (default today) as `user_id` stands on them (no `kind`: the
        game of the player's last deal of the day, else the first solitaire)."""
        today = self.today()
        day = today if day is None else day
        days_ahead.prepare(self.store, today)  # the player may tap ▶ next: have them ready
        history = await self.store.history(user_id)
        if not kind:
            last = [h.kind for h in history if h.daily is not None and is_solitaire(h.kind)]
            kind = last[0] if last else kinds("solitaire")[0]
        history = [h for h in history if h.kind == kind]
        playing = await self._playing(user_id, kind, day)
        pars = await self.pars(kind, day)
        tiers = []
        for tier in self.tiers_of(kind, day):
            # newest first: the last one is the day's first (the ranked) attempt
            mine = [h for h in history if h.daily == day and h.tier == tier]
            result = await self.store.load_result(mine[-1].game_id) if mine else None
            place = await self.place(result) if result is not None else None
            gone = mine[-1] if mine and result is None else None  # (results are kept a day)
            tiers.append(TierView(tier, pars.get(tier), result, place, tier in playing, gone))
        stats = await self.store.user_stats(user_id)
        month = calendar.month(stats.fields, kind, day)
        return DayView(
            kind=kind,
            day=day,
            today=today,
            tiers=tiers,
            month=month,
            tiered=[len(self.tiers_of(kind, d.number)) > 1 for d in month],
            streak=stats.day,
            games=kinds("solitaire"),
            first_day=self.first_late_day(),
        )

    async def _playing(self, user_id: int, kind: str, day: int) -> set[str]:
        """The tiers of `kind`'s deal of the day `day` the user has a game of under way."""
        out: set[str] = set()
        for game_id in await self.store.user_games(user_id):
            record = await self.store.load(game_id)
            if record is None or record.finished or not is_solitaire(record.kind):
                continue
            if record.kind == kind and record.solo.daily == day:
                out.add(record.solo.tier)
        return out

    async def board(self, kind: str, day: int, tier: str) -> tuple[Board, int | None]:
        """The board of `kind`'s deal of the day `day` (of `tier`) and the deal's par."""
        variant = spec(kind).default_variant
        pars = await self.pars(kind, day)
        return Board.of_day(kind, variant, day, tier), pars.get(tier)

    async def place(self, result: GameResult) -> tuple[int, int] | None:
        """(rank, players) of a deal of the day's ranked result on its board."""
        if result.daily is None or not result.ranked:
            return None
        board = Board.of_day(result.kind, result.variant, result.daily, result.tier)
        page = await self.store.leaderboard(board, result.players[0].user_id, limit=0)
        return (page.own.rank, page.total) if page.own is not None else None

    async def todays(self, user_id: int) -> list[tuple[GameResult, tuple[int, int] | None]]:
        """The user's ranked results of today's deals, with their places (what Share posts)."""
        today = self.today()
        out = []
        for entry in await self.store.history(user_id):
            if entry.daily == today and entry.ranked:
                result = await self.store.load_result(entry.game_id)
                if result is not None:
                    out.append((result, await self.place(result)))
        return out
