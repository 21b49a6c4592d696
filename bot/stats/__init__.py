"""Players' memory, pure: game results, statistics, ratings, leaderboards, the deal of the day.

Nothing here does I/O; the stores (bot.storage) keep what these modules compute.
"""

from bot.stats.boards import Board, BoardEntry, BoardPage
from bot.stats.rating import Rating
from bot.stats.result import GameResult, Outcome, PlayerResult, places
from bot.stats.stats import HistoryEntry, KindStats, UserStats

__all__ = [
    "Board",
    "BoardEntry",
    "BoardPage",
    "GameResult",
    "HistoryEntry",
    "KindStats",
    "Outcome",
    "PlayerResult",
    "Rating",
    "UserStats",
    "places",
]
