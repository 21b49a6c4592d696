"""A tournament's standings as a place (`bot.games.places.Place`): one message in its group
(and forum topic), edited through the group's coalescer within the group's budget, sent anew
where it is gone. A kind of its own: its key names the tournament (`tag`), not a message, so
the newest standings win whichever message shows them; and no table's record keeps it (the
tournament does)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from bot.games.places import ChatMessage, Place
from bot.storage.record import TableMeta


@dataclass(frozen=True, slots=True)
class Standings(ChatMessage):
    @property
    def key(self) -> Hashable:
        return ("standings", self.tag)

    def remember(self, meta: TableMeta) -> list[Place] | None:
        return None  # kept by the tournament, not by a table
