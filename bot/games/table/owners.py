"""Who answers for a table besides the table itself: an owner deals tables in its own way and
is told what becomes of them. A game against the computer is one kind of owner
(`bot.games.table.private`), a quick match another (`bot.games.match`, which builds on the
table wing: the table never imports it); a tournament would be one more, registered the same
way. A table no owner claims is a group's (or an inline message's) own.

The door (`bot.games.table.commit`) tells a table's owner when it is dealt and when it ends,
and the rematch (`bot.games.table.rematch`) asks the owner what "🔄 Rematch" does."""

from __future__ import annotations

from typing import Protocol

from bot.games.refusal import Notice
from bot.storage.record import GameRecord, Player


class Owner(Protocol):
    def owns(self, record: GameRecord) -> bool:
        """Whether `record` is one of this owner's tables (read from the record alone)."""
        ...

    async def dealt(self, record: GameRecord) -> None:
        """One of its tables was dealt (and saved): before it is shown."""
        ...

    async def ended(self, record: GameRecord) -> None:
        """One of its tables ended (saved with its result, if it has one)."""
        ...

    async def rematch(self, record: GameRecord, user: Player, lang: str) -> Notice | None:
        """ "🔄 Rematch" tapped by `user` under one of its finished tables."""
        ...


class Owners:
    """The owners registered (each asked in turn whether it owns a table)."""

    def __init__(self) -> None:
        self._owners: list[Owner] = []

    def register(self, owner: Owner) -> None:
        self._owners.append(owner)

    def of(self, record: GameRecord) -> Owner | None:
        return next((o for o in self._owners if o.owns(record)), None)
