"""What a finished game changes, decided once for every backend (pure).

From what was read before it (each player's statistics, the ratings of each of
`rating_scopes`), `plan` decides each player's changed statistics and history line and each
scope's new ratings; `board_lines` the `BoardLine`s, each with its `keep` rule, so writing a
line again (a result counted twice, late, or in another order) changes nothing: a count or a
streak only grows ("max"), a day's result is the first one ("first"), a rating is the latest
("latest"). A line on a global board is not for a user hidden from the global boards
(`Board.hides`). bot.storage.result_writes turns these into the store's keyed writes with the
conditions that make them once (the statistics' version, the game's markers, the hidden set);
a backend only applies them.

A new board is a new `Board` (bot.stats.boards) and its lines here; no backend changes.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from bot.registry import is_solitaire
from bot.stats import badges, calendar, daily_tiers
from bot.stats.boards import DAILY_BOARD_TTL, WEEKLY_BOARD_TTL, Board, week_of
from bot.stats.daily import cards_home, daily_score, day_number, utc_day
from bot.stats.rating import Rating, rate
from bot.stats.result import GameResult, places
from bot.stats.stats import board_values, history_line, updated_fields, weekly_values

Keep = Literal["max", "first", "latest"]
Fields = Mapping[str, str]  # a player's statistics (bot.stats.stats)


@dataclass(frozen=True, slots=True)
class BoardLine:
    """A user's score on a board; `ttl`: the board lives that long after this write."""

    board: Board
    user_id: int
    score: float
    keep: Keep
    ttl: int | None = None


@dataclass(frozen=True, slots=True)
class Plan:
    """What a result writes, computed from what was read before it (`plan`)."""

    stats: dict[int, dict[str, str]]  # each player's changed statistics fields
    history: dict[int, str]  # each player's history line
    ratings: dict[str, dict[int, Rating]]  # each scope's new ratings of the players
    dropped: dict[int, list[str]]  # each player's statistics fields it removes (old months)
    news: dict[int, list[str]]  # each player's badges it earned, to announce


def plan(
    result: GameResult,
    stats: Mapping[int, Fields],
    ratings: Mapping[str, Mapping[int, Rating | None]],
) -> Plan:
    """What `result` writes for the players in `stats` (their statistics as read) and the
    scopes in `ratings` (the players' ratings as read; None: never rated)."""
    place = places(result)
    users = [p for p in result.humans if p.user_id in stats]
    changed, news = {}, {}
    for p in users:
        read = stats[p.user_id]
        fields = updated_fields(read, result, p)
        won, found = badges.earned(read, fields, result, p)
        news[p.user_id] = [badges.news_item(b, result.lang_of(p.user_id)) for b in found]
        changed[p.user_id] = fields | won
    today = day_number(result.date)
    return Plan(
        stats=changed,
        history={p.user_id: history_line(result, p, place[p.user_id]) for p in users},
        ratings={scope: rate(result, current) for scope, current in ratings.items()},
        dropped={p.user_id: calendar.stale(stats[p.user_id], today) for p in users},
        news=news,
    )


def rating_scopes(result: GameResult) -> list[str]:
    """The rating scopes a result changes: the game's global one, and its group's."""
    if not result.rated:
        return []
    kind = result.kind
    return [kind] if result.chat_id is None else [kind, f"{kind}:{result.chat_id}"]


def board_lines(
    result: GameResult,
    after: Mapping[int, Fields],
    ratings: Mapping[str, Mapping[int, Rating]],
) -> list[BoardLine]:
    """The lines of a result: `after` each player's statistics with the result counted,
    `ratings` each scope's ratings of the players after it (bot.stats.game_end.rating_scopes)."""
    kind, lines = result.kind, []
    if result.solitaire and result.ranked:
        for uid, fields in after.items():
            lines += solitaire_lines(kind, uid, fields)
            if result.daily is not None:
                board = Board.of_day(kind, result.variant, result.daily, result.tier)
                lines.append(
                    BoardLine(board, uid, day_score(result, uid), "first", DAILY_BOARD_TTL)
                )
            week, wins, days = weekly_values(fields, kind)
            for board, value in (
                (Board.wins(kind, week), wins),
                (Board.days_won(kind, week), days),
            ):
                if week and value > 0:
                    lines.append(BoardLine(board, uid, value, "max", WEEKLY_BOARD_TTL))
    week = week_of(result.date)
    for scope, rated in ratings.items():
        chat = None if scope == kind else int(scope.split(":", 1)[1])
        for uid, rating in rated.items():
            lines.append(BoardLine(Board.rating(kind, chat), uid, rating.ordinal, "latest"))
            if chat is None:
                weekly = Board.rating(kind, week=week)
                lines.append(BoardLine(weekly, uid, rating.ordinal, "latest", WEEKLY_BOARD_TTL))
    return lines


def day_score(result: GameResult, uid: int) -> float:
    """`uid`'s score on the board of `result`'s deal of the day (lower first)."""
    p = result.player(uid)
    return daily_score(p.won, cards_home(result, p), result.moves, result.duration)


def solitaire_lines(kind: str, uid: int, fields: Fields) -> list[BoardLine]:
    """A solitaire player's all-time lines: ranked wins and best ranked streak."""
    wins, streak = board_values(fields, kind)
    return [
        BoardLine(Board.wins(kind), uid, wins, "max"),
        BoardLine(Board.streak(kind), uid, streak, "max"),
    ]


def restored_lines(kind: str, uid: int, fields: Fields, rating: Rating | None) -> list[BoardLine]:
    """The all-time global lines of a user shown again after hiding (a past day's or week's
    lines stay off)."""
    if is_solitaire(kind):
        return solitaire_lines(kind, uid, fields) if fields.get(f"{kind}:rp") else []
    return [] if rating is None else [BoardLine(Board.rating(kind), uid, rating.ordinal, "latest")]


def global_boards(kind: str, fields: Fields, now: float | None = None) -> list[Board]:
    """The global boards of `kind` a user with these statistics may be on (what hiding them
    clears): the all-time ones, this week's, and each deal of the day they played."""
    week = week_of(utc_day(time.time() if now is None else now))
    if not is_solitaire(kind):
        return [Board.rating(kind), Board.rating(kind, week=week)]
    boards = [Board.wins(kind), Board.streak(kind)]
    boards += [Board.wins(kind, week), Board.days_won(kind, week)]
    for key, value in fields.items():  # the day boards the user is on
        if key.startswith(f"d:{kind}:") and key.endswith(":last"):
            variant, day = key[len(kind) + 3 : -5], int(value)
            boards.append(Board.of_day(kind, variant, day))
            if daily_tiers.applies(kind, variant, day):
                boards += [Board.of_day(kind, variant, day, t) for t in daily_tiers.TIERS]
    return boards
