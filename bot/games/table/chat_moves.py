"""A group that became a supergroup, as the publisher meets it (a write refused with the new
chat id) and the migration follows it (`bot.games.table.migration`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

OnMoved = Callable[[int, int, str | None], Awaitable[None]]  # (old chat, new chat, game)


class ChatMoves:
    """Where the publisher reports a group that became a supergroup (a write refused with the
    new chat id); the migration follows it (`bot.games.table.migration`)."""

    def __init__(self) -> None:
        self._follow: OnMoved | None = None

    def follow(self, on_moved: OnMoved) -> None:
        self._follow = on_moved

    async def moved(self, old: int, new: int, gid: str | None) -> None:
        if self._follow is not None:
            await self._follow(old, new, gid)
