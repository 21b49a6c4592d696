"""Leaderboards: which ones exist and what a page of one holds (pure).

Solitaires have global boards of ranked wins and of the best ranked streak, and
one board per deal of the day; table games a global rating board and one per
group. A user hidden from the global boards stays on their groups' boards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.registry import GAMES

Metric = Literal["wins", "streak", "rating", "daily"]
_CODE = {"wins": "w", "streak": "s", "rating": "r", "daily": "d"}
DAILY_BOARD_TTL = 8 * 86400  # a day's board is kept a week after the day


@dataclass(frozen=True, slots=True)
class Board:
    kind: str
    metric: Metric
    chat: int | None = None  # a group's own board (rating boards only)
    variant: str = ""  # daily boards
    day: int | None = None  # daily boards: the deal's number

    def __post_init__(self) -> None:
        solo = self.metric in ("wins", "streak", "daily")
        game = GAMES.get(self.kind)
        if game is None or game.solitaire != solo:
            raise ValueError(f"no {self.metric} board for {self.kind}")
        if self.metric == "daily" and self.day is None:
            raise ValueError("a daily board needs its day")
        if self.chat is not None and self.metric != "rating":
            raise ValueError("only rating boards exist per group")

    @classmethod
    def wins(cls, kind: str) -> Board:
        return cls(kind, "wins")

    @classmethod
    def streak(cls, kind: str) -> Board:
        return cls(kind, "streak")

    @classmethod
    def rating(cls, kind: str, chat: int | None = None) -> Board:
        return cls(kind, "rating", chat=chat)

    @classmethod
    def of_day(cls, kind: str, variant: str, day: int) -> Board:
        return cls(kind, "daily", variant=variant, day=day)

    @property
    def scope(self) -> str:
        """Where it lives: 'kind' for a global board (daily ones too), 'kind:chat' for a
        group's (a Redis Cluster hash tag: every key of one scope is in one slot)."""
        return self.kind if self.chat is None else f"{self.kind}:{self.chat}"

    @property
    def name(self) -> str:
        """Its key within the scope: 'w', 's', 'r', 'd:variant:day'."""
        code = _CODE[self.metric]
        return f"{code}:{self.variant}:{self.day}" if self.metric == "daily" else code

    @property
    def ascending(self) -> bool:
        """Lower scores first (the daily board's packed order); else higher first."""
        return self.metric == "daily"

    @property
    def scorers_only(self) -> bool:
        """Whether only a score above 0 puts a player on it (wins, streaks): a player with no
        win is on no wins board."""
        return self.metric in ("wins", "streak")

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
