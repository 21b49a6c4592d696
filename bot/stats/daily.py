"""The deal of the day (pure): its number and seed, the daily leaderboard's order, the day
streak (the card to share: bot.stats.share_card).

Everything derives from the UTC date, the game and the variant through hashlib, so every
process, restart and machine agrees on the day's deal (Python's `hash()` is salted per
process and is never used).
"""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime

from bot.registry import GAMES, spec
from bot.stats.daily_short import short_seed
from bot.stats.daily_winnable import applies, winnable_deal, winnable_seed
from bot.stats.result import GameResult, PlayerResult

EPOCH = date(2025, 1, 1)  # deal of the day no. 1
_SEED_SALT = "cardbot:daily:v1"

# the daily board's score (lower is better) packs its sort keys into one exact number
_WON = 10**14
_HOME = 10**11
_MOVES = 10**6


def utc_day(ts: float) -> str:
    """The UTC day of a unix time, 'YYYY-MM-DD' (what `GameResult.date` holds)."""
    return datetime.fromtimestamp(ts, UTC).date().isoformat()


def _as_date(day: date | str) -> date:
    return date.fromisoformat(day) if isinstance(day, str) else day


def day_number(day: date | str) -> int:
    """The number of the day's deal: 1 on 2025-01-01, one more each UTC day."""
    return (_as_date(day) - EPOCH).days + 1


def day_date(number: int) -> date:
    return date.fromordinal(EPOCH.toordinal() + number - 1)


def day_seed(kind: str, variant: str, day: date | str) -> int:
    """The rules seed of the day's deal of `kind`/`variant` (a 64-bit integer). A game whose
    deal of the day is proved winnable (`GameSpec.winnable_daily`) or chosen short
    (`GameSpec.short_daily`) has, from its first such day on, the deal so chosen (up to a
    second or two to choose, once a day: call it off the event loop); earlier days keep theirs."""
    number = day_number(day)
    if kind in GAMES and applies(kind, number):
        return winnable_seed(kind, variant, number).seed
    return day_deal(kind, variant, day)[0]


def day_deal(kind: str, variant: str, day: date | str) -> tuple[int, int | None]:
    """The day's deal of `kind`/`variant`: its seed and its par (None: a day before the game's
    deals were proved winnable, or a game with no solver)."""
    number = day_number(day)
    if kind in GAMES and applies(kind, number):
        deal = winnable_deal(kind, variant, number)
        return deal.seed, deal.par
    game = GAMES.get(kind)
    short = game.short_daily if game is not None else None
    if short is not None and number >= short.first_day:
        return short_seed(kind, variant, number), None
    return plain_seed(kind, variant, day), None


def plain_seed(kind: str, variant: str, day: date | str) -> int:
    """The day's seed before any choice (a hash of the game, the variant and the date)."""
    text = f"{_SEED_SALT}:{kind}:{variant}:{_as_date(day).isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def daily_score(won: bool, home: int, moves: int, seconds: int) -> int:
    """The daily leaderboard's order as one number, lower first: a win before any loss; among
    losses more cards home first; then fewer moves; then less time."""
    if won:
        return min(moves, 99_999) * _MOVES + min(seconds, 999_999)
    return (
        _WON
        + (999 - min(max(home, 0), 999)) * _HOME
        + min(moves, 99_999) * _MOVES
        + min(seconds, 999_999)
    )


def decode_daily_score(score: float) -> tuple[bool, int | None, int, int]:
    """(won, cards home (None for a win: not part of the order), moves, seconds)."""
    n = int(score)
    won = n < _WON
    rest = n % _WON
    home = None if won else 999 - rest // _HOME
    rest %= _HOME
    return won, home, rest // _MOVES, rest % _MOVES


def next_day_streak(last_day: int | None, streak: int, day: int) -> int:
    """The run of days in a row after playing on `day` (the last one played was `last_day`)."""
    if last_day is None or streak <= 0:
        return 1
    if day == last_day:
        return streak
    return streak + 1 if day == last_day + 1 else 1


def cards_total(kind: str, variant: str) -> int:
    """The cards of a solitaire's deal in `variant` (the game's `Scoring.total`)."""
    scoring = spec(kind).scoring
    if scoring is None:
        raise ValueError(f"{kind} is no solitaire")
    return scoring.total(variant)


def cards_home(result: GameResult, player: PlayerResult) -> int:
    """The cards a solitaire player brought home (the game's `Scoring.home` of its score)."""
    scoring = spec(result.kind).scoring
    if scoring is None:
        raise ValueError(f"{result.kind} is no solitaire")
    return scoring.home(player.score or 0, scoring.total(result.variant))
