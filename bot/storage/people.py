"""A user's language and settings, written once over a backend's keyed cells (`u:<uid>:lang`,
the fields of `u:<uid>:set`)."""

from __future__ import annotations

from bot.storage.cells import Cells, Key


class People:
    def __init__(self, cells: Cells) -> None:
        self.cells = cells

    async def get_lang(self, user_id: int) -> str | None:
        return await self.cells.get(Key(f"u:{user_id}", "lang"))

    async def set_lang(self, user_id: int, lang: str) -> None:
        await self.cells.put(Key(f"u:{user_id}", "lang"), lang)

    async def get_setting(self, user_id: int, name: str) -> str | None:
        """A setting beyond the language (turn pings on or off, …): short text, kept."""
        return await self.cells.field(Key(f"u:{user_id}", "set"), name)

    async def set_setting(self, user_id: int, name: str, value: str) -> None:
        await self.cells.put_field(Key(f"u:{user_id}", "set"), name, value)
