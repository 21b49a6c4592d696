"""The quick-match queue: the people waiting for an opponent, kept in the store's keyed cells
(written once here, so both backends share it) and shared by every replica.

- A waiting person is one value, `mq:<user>` (the entry as canonical JSON), stored with
  `put_new`: one entry per person, however many taps or replicas ask at once. It is kept
  `ttl` seconds (the wait and a margin): a process killed while people wait leaves the queue
  as it was, and an entry nobody took expires by itself.
- Each game has an index, the set `mqi:<game>` of the users waiting for it; a member whose
  entry is gone is dropped when the queue is read.
- A table is claimed by compare-and-delete of each entry (`drop(only=)` with the exact text
  read): of two replicas that found the same pair, one takes both entries; a claim that loses
  a later entry puts back the ones it took (`put_new`), so nobody is seated twice.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from bot.storage.cells import Cells, Key


@dataclass(frozen=True, slots=True)
class Entry:
    """A person waiting: for which game (`seats` at the table), at what rating (the shown
    rating: 1000 for a new player), since when, whether computer seats may fill the table after
    a wait (`fill`), whom they never want to meet (`blocks`), and their waiting message."""

    user: int
    game: str
    rating: float
    since: float
    seats: int = 2
    fill: bool = False
    blocks: frozenset[int] = field(default_factory=frozenset)
    name: str = ""
    lang: str = "ru"
    message: int = 0

    def encode(self) -> str:
        data = {
            "u": self.user,
            "g": self.game,
            "r": self.rating,
            "s": self.since,
            "n": self.seats,
            "f": self.fill,
            "b": sorted(self.blocks),
            "name": self.name,
            "lang": self.lang,
            "m": self.message,
        }
        return json.dumps(data, separators=(",", ":"), sort_keys=True, ensure_ascii=False)

    @classmethod
    def decode(cls, text: str) -> Entry | None:
        """The entry, or None for text no version of this code wrote."""
        try:
            d = json.loads(text)
            return cls(
                user=int(d["u"]),
                game=str(d["g"]),
                rating=float(d["r"]),
                since=float(d["s"]),
                seats=int(d.get("n", 2)),
                fill=bool(d.get("f")),
                blocks=frozenset(int(b) for b in d.get("b") or []),
                name=str(d.get("name") or ""),
                lang=str(d.get("lang") or "ru"),
                message=int(d.get("m") or 0),
            )
        except (ValueError, KeyError, TypeError):
            return None


def _entry(user: int) -> Key:
    return Key(f"mq:{user}")


def _index(game: str) -> Key:
    return Key(f"mqi:{game}")


class MatchQueue:
    def __init__(self, cells: Cells) -> None:
        self.cells = cells

    async def join(self, entry: Entry, ttl: float) -> bool:
        """Put `entry` in the queue for `ttl` seconds: False (nothing changed) when its user
        already waits (for any game)."""
        if not await self.cells.put_new(_entry(entry.user), entry.encode(), ttl):
            return False
        await self.cells.add_member(_index(entry.game), str(entry.user), ttl)
        return True

    async def entry(self, user: int) -> Entry | None:
        raw = await self.cells.get(_entry(user))
        return None if raw is None else Entry.decode(raw)

    async def leave(self, user: int) -> Entry | None:
        """Take the user out of the queue: their entry (None when they were not waiting, or
        a pairing took them first)."""
        raw = await self.cells.get(_entry(user))
        entry = None if raw is None else Entry.decode(raw)
        if raw is None or not await self.cells.drop(_entry(user), only=raw):
            return None
        if entry is not None:
            await self.cells.drop_member(_index(entry.game), str(user))
        return entry

    async def waiting(self, game: str, now: float, stale: float) -> list[Entry]:
        """Who waits for `game`; an entry older than `stale` seconds is dropped (it expires
        on its own too), as is an index member whose entry is gone."""
        out = []
        for member in await self.cells.members(_index(game)):
            raw = await self.cells.get(_entry(int(member)))
            entry = None if raw is None else Entry.decode(raw)
            if raw is not None and entry is not None and now - entry.since < stale:
                out.append(entry)
                continue
            if raw is not None:
                await self.cells.drop(_entry(int(member)), only=raw)
            await self.cells.drop_member(_index(game), member)
        return out

    async def claim(self, entries: list[Entry] | tuple[Entry, ...], ttl: float) -> bool:
        """Take every entry out of the queue, or none: True when this caller took them all
        (each exactly as it was read; one that changed or went leaves the rest waiting)."""
        taken: list[Entry] = []
        for entry in sorted(entries, key=lambda e: e.user):  # one order for every claimer
            if not await self.cells.drop(_entry(entry.user), only=entry.encode()):
                for back in taken:  # (the entry as it was: its own wait goes on)
                    await self.cells.put_new(_entry(back.user), back.encode(), ttl)
                return False
            taken.append(entry)
        for entry in taken:
            await self.cells.drop_member(_index(entry.game), str(entry.user))
        return True
