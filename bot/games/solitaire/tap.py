"""A tap on a solitaire's board, as the service and its helpers handle it."""

from __future__ import annotations

from typing import NamedTuple

from bot.games.ports import Answer
from bot.storage import GameRecord
from bot.wire.callbacks import GameCallback


class Tap(NamedTuple):
    """A tap on a board: the game as loaded, the button, who tapped it, and where (a named
    tuple: made once per tap, it costs a quarter of a frozen dataclass)."""

    game: GameRecord
    cb: GameCallback
    user_id: int
    where: tuple[int, int]  # (chat, message) of the board
    lang: str
    answer: Answer
    peeked: bool = False  # the game came from memory, not from a load
    shown: int | None = None  # the version the tapped message's buttons were made for
