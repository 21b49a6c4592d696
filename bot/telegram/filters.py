"""Filters for callback routers (they read what CallbackMiddleware put into handler data)."""

from __future__ import annotations

from aiogram.filters import Filter
from aiogram.types import CallbackQuery

from bot.registry import GAMES, Family
from bot.storage import GameRecord
from bot.wire.callbacks import GameCallback, MenuCallback


class GameFamily(Filter):
    """A tap on a game button of a game of `family` (the game was loaded by the middleware);
    read from the registry at each tap, so a game registered later is routed too."""

    def __init__(self, family: Family) -> None:
        self.family = family

    async def __call__(
        self,
        query: CallbackQuery,
        cb: GameCallback | MenuCallback | None = None,
        game: GameRecord | None = None,
    ) -> bool:
        if not isinstance(cb, GameCallback) or game is None:
            return False
        found = GAMES.get(game.kind)
        return found is not None and found.family == self.family


class GameMenu(Filter):
    """A menu button `m:<game>[:arg…]` of a game of `family`; passes `args` (the parts after
    the game's name) to handlers."""

    def __init__(self, family: Family) -> None:
        self.family = family

    async def __call__(
        self, query: CallbackQuery, cb: GameCallback | MenuCallback | None = None
    ) -> bool | dict[str, list[str]]:
        if not isinstance(cb, MenuCallback):
            return False
        parts = cb.parts()
        found = GAMES.get(parts[0])
        if found is None or found.family != self.family:
            return False
        return {"args": parts[1:]}


class Menu(Filter):
    """A menu button `m:<name>[:arg…]`; passes `args` (the parts after the name) to handlers."""

    def __init__(self, *names: str) -> None:
        self.names = frozenset(names)

    async def __call__(
        self, query: CallbackQuery, cb: GameCallback | MenuCallback | None = None
    ) -> bool | dict[str, list[str]]:
        if not isinstance(cb, MenuCallback):
            return False
        parts = cb.parts()
        if parts[0] not in self.names:
            return False
        return {"args": parts[1:]}
