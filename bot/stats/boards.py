"""Leaderboards: which ones exist and what a page of one holds (pure).

Solitaires have global boards of ranked wins and of the best ranked streak, and
one board per deal of the day; table games a global rating board and one per
group, and per group a board of the tournaments each player won there. A user hidden
from the global boards stays on their groups' boards.

Weekly boards (an ISO week, UTC, numbered year × 100 + week: 202649): a solitaire's ranked wins
and days whose deal of the day was won that week, and a table game's global rating of the
players who played it that week. They expire WEEKLY_BOARD_TTL after their last write.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date
from typing import Literal

from bot.registry import GAMES

Metric = Literal["wins", "streak", "rating", "daily", "days", "tours"]
_CODE = {"wins": "w", "streak": "s", "rating": "r", "daily": "d", "days": "dw", "tours": "t"}
DAILY_BOARD_TTL = 8 * 86400  # a day's board is kept a week after the day
WEEKLY_BOARD_TTL = 8 * 86400  # a week's board, after its last write (the week is over by then)
WEEKLY: frozenset[str] = frozenset({"wins", "rating", "days"})  # the metrics with weekly boards
GROUPS: frozenset[str] = frozenset({"rating", "tours"})  # the metrics with a board per group


def week_of(day: date | str) -> int:
    """The ISO week of a UTC day as year × 100 + week (2026-12-03 → 202649)."""
    iso = (date.fromisoformat(day) if isinstance(day, str) else day).isocalendar()
    return iso.year * 100 + iso.week


@dataclass(frozen=True, slots=True)
class Board:
    kind: str
    metric: Metric
    chat: int | None = None  # a group's own board (rating boards only)
    variant: str = ""  # daily boards
    day: int | None = None  # daily boards: the deal's number
    week: int | None = None  # a weekly board's week (week_of)
    tier: str = ""  # daily boards of a day dealt in tiers: "e", "m" or "h" (daily_tiers)

    def __post_init__(self) -> None:
        solo = self.metric in ("wins", "streak", "daily", "days")
        game = GAMES.get(self.kind)
        if game is None or game.solitaire != solo:
            raise ValueError(f"no {self.metric} board for {self.kind}")
        if self.metric == "daily" and self.day is None:
            raise ValueError("a daily board needs its day")
        if self.tier and (self.metric != "daily" or self.tier not in ("e", "m", "h")):
            raise ValueError(f"no {self.metric} board of tier {self.tier!r}")
        if self.chat is not None and (self.metric not in GROUPS or self.week is not None):
            raise ValueError("only all-time rating and tournament boards exist per group")
        if self.metric == "tours" and self.chat is None:
            raise ValueError("tournaments are counted per group")
        if self.week is not None and self.metric not in WEEKLY:
            raise ValueError(f"no weekly {self.metric} board")
        if self.metric == "days" and self.week is None:
            raise ValueError("days won are counted per week")

    @classmethod
    def wins(cls, kind: str, week: int | None = None) -> Board:
        return cls(kind, "wins", week=week)

    @classmethod
    def days_won(cls, kind: str, week: int) -> Board:
        """The days of `week` whose deal of the day the player won (ranked)."""
        return cls(kind, "days", week=week)

    @classmethod
    def streak(cls, kind: str) -> Board:
        return cls(kind, "streak")

    @classmethod
    def rating(cls, kind: str, chat: int | None = None, week: int | None = None) -> Board:
        return cls(kind, "rating", chat=chat, week=week)

    @classmethod
    def tours(cls, kind: str, chat: int) -> Board:
        """The tournaments of `kind` each player won in group `chat`."""
        return cls(kind, "tours", chat=chat)

    @classmethod
    def of_day(cls, kind: str, variant: str, day: int, tier: str = "") -> Board:
        return cls(kind, "daily", variant=variant, day=day, tier=tier)

    @property
    def scope(self) -> str:
        """Where it lives: 'kind' for a global board (daily ones too), 'kind:chat' for a
        group's (a Redis Cluster hash tag: every key of one scope is in one slot)."""
        return self.kind if self.chat is None else f"{self.kind}:{self.chat}"

    @property
    def name(self) -> str:
        """Its key within the scope: 'w', 's', 'r', 'd:variant:day' (a tier's
        'd:variant:day:tier'), weekly '<w|r|dw>:wk:week'."""
        code = _CODE[self.metric]
        if self.week is not None:
            return f"{code}:wk:{self.week}"
        if self.metric != "daily":
            return code
        return f"{code}:{self.variant}:{self.day}" + (f":{self.tier}" if self.tier else "")

    @property
    def ascending(self) -> bool:
        """Lower scores first (the daily board's packed order); else higher first."""
        return self.metric == "daily"

    @property
    def scorers_only(self) -> bool:
        """Whether only a score above 0 puts a player on it (wins, streaks): a player with no
        win is on no wins board."""
        return self.metric in ("wins", "streak", "days", "tours")

    @property
    def hides(self) -> bool:
        """Whether hidden users are kept off it (every global board)."""
        return self.chat is None


@dataclass(frozen=True, slots=True)
class BoardEntry:
    rank: int  # 1 + the players with a better score (ties share a rank: 1, 1, 3)
    user_id: int
    name: str
    score: float  # wins, streak, rating ordinal (see rating.shown) or a packed daily score


def ranks(offset: int, first_rank: int, scores: list[float]) -> list[int]:
    """The shared ranks of a page of sorted scores starting at position `offset`, whose first
    entry has rank `first_rank`: an entry tied with the one before takes its rank, any other
    is behind every entry before it (rank = its position)."""
    out: list[int] = []
    for i, score in enumerate(scores):
        if i == 0:
            out.append(first_rank)
        else:
            out.append(out[-1] if score == scores[i - 1] else offset + i + 1)
    return out


@dataclass(frozen=True, slots=True)
class BoardPage:
    entries: tuple[BoardEntry, ...]
    own: BoardEntry | None  # the caller's own line (None when not on the board)
    total: int  # users on the board


def among(
    board: Board, entries: Iterable[BoardEntry], viewer: int | None = None, limit: int = 10
) -> BoardPage:
    """A page of some players' own entries on `board` (a group's people on the day's board),
    ranked among themselves by their scores in the board's order: 1, 2, …, ties sharing a rank
    (an entry's rank on the whole board is not needed: one kept off it, a hidden player's, is
    placed by its score); `own` is `viewer`'s entry, `total` how many of them are on it."""
    sign = 1 if board.ascending else -1
    ordered = sorted(entries, key=lambda e: (sign * e.score, e.user_id))
    ranked: list[BoardEntry] = []
    for i, entry in enumerate(ordered):
        tied = i > 0 and entry.score == ordered[i - 1].score
        ranked.append(replace(entry, rank=ranked[-1].rank if tied else i + 1))
    own = next((e for e in ranked if e.user_id == viewer), None)
    return BoardPage(tuple(ranked[:limit]), own, len(ranked))
