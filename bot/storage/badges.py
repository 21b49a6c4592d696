"""Badges over a backend's keyed cells (keys: bot.storage.result_writes): the badges a player's
history before badges deserves, written once; the badges waiting to be announced, taken once.
A finished game's badges are written with its statistics (bot.storage.results)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.stats import badges
from bot.storage.cells import Cells
from bot.storage.result_writes import badge_news, user
from bot.storage.writes import Applied, Delete, FieldIs, Group, Range, SetFields


class Badges:
    def __init__(self, cells: Cells) -> None:
        self.cells = cells

    async def take_badge_news(self, user_id: int) -> list[str]:
        """The badges waiting to be announced to the user, taken (read and cleared in one
        atomic group: a second taker, another replica, finds none), oldest first."""
        key = badge_news(user_id)
        [taken] = await self.cells.step([Group(reads=(Range(key),), writes=(Delete(key),))])
        assert isinstance(taken, Applied)
        return [member for member, _score in taken.values[0]]

    async def settle_badges(self, user_id: int, fields: Mapping[str, str], day: str) -> None:
        """Write the badges the user's statistics (`fields`, as read) deserve from the history
        before badges, once (a compare-and-set on their version: a game counted meanwhile
        decided them itself). Nothing for statistics looked at before, or that deserve none."""
        quiet = badges.deserved(fields, day)
        if len(quiet) <= 1:  # (only the mark: nothing to show for it yet)
            return
        st, version = user(user_id, "st"), fields.get("v")
        pairs = (*quiet.items(), ("v", str(int(version or 0) + 1)))
        await self.cells.step(
            [Group(guards=(FieldIs(st, "v", version),), writes=(SetFields(st, pairs),))]
        )
