"""Filters for callback routers (they read what CallbackMiddleware put into handler data)."""

from __future__ import annotations

from typing import Any

from aiogram.filters import Filter
from aiogram.types import CallbackQuery

from bot.storage import GameRecord
from bot.telegram.callbacks import GameCallback, MenuCallback


class GameKind(Filter):
    """A tap on a game button of one of `kinds` (the game was loaded by the middleware)."""

    def __init__(self, *kinds: str) -> None:
        self.kinds = frozenset(kinds)

    async def __call__(
        self,
        query: CallbackQuery,
        cb: GameCallback | MenuCallback | None = None,
        game: GameRecord | None = None,
    ) -> bool:
        return isinstance(cb, GameCallback) and game is not None and game.kind in self.kinds


class Menu(Filter):
    """A menu button `m:<name>[:arg…]`; passes `args` (the parts after the name) to handlers."""

    def __init__(self, *names: str) -> None:
        self.names = frozenset(names)

    async def __call__(
        self, query: CallbackQuery, cb: GameCallback | MenuCallback | None = None
    ) -> bool | dict[str, Any]:
        if not isinstance(cb, MenuCallback):
            return False
        parts = cb.parts()
        if parts[0] not in self.names:
            return False
        return {"args": parts[1:]}
