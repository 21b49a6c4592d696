"""What a tournament's end writes, decided once for every backend (pure), as a game's end is in
`bot.stats.game_end`: each player's statistics (`tour:n` tournaments played, `tour:w` won,
`tour:w:<group>` won in that group) and the winner's line on the group's tournaments board
(`Board.tours`, kept "max": writing it again changes nothing). bot.storage.tournaments writes
them with the conditions that make them once."""

from __future__ import annotations

from collections.abc import Mapping

from bot.stats.boards import Board
from bot.stats.game_end import BoardLine

PLAYED, WON = "tour:n", "tour:w"


def _int(fields: Mapping[str, str], key: str) -> int:
    value = fields.get(key)
    return int(value) if value else 0


def won_in(chat: int) -> str:
    return f"{WON}:{chat}"


def tour_fields(fields: Mapping[str, str], won: bool, chat: int, name: str) -> dict[str, str]:
    """The fields a tournament's end changes in a player's statistics (`v` aside)."""
    out = {PLAYED: str(_int(fields, PLAYED) + 1)}
    if name:
        out["n"] = name
    if won:
        out[WON] = str(_int(fields, WON) + 1)
        out[won_in(chat)] = str(_int(fields, won_in(chat)) + 1)
    return out


def tour_line(kind: str, chat: int, user: int, after: Mapping[str, str]) -> BoardLine:
    """The winner's line on the group's tournaments board (`after`: their statistics with
    the tournament counted)."""
    return BoardLine(Board.tours(kind, chat), user, _int(after, won_in(chat)), "max")


def tours_of(fields: Mapping[str, str]) -> tuple[int, int]:
    """(tournaments played, won)."""
    return _int(fields, PLAYED), _int(fields, WON)
