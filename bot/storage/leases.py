"""Budgets and leases, written once over a backend's keyed cells (bot.storage.writes): the send
budget of a chat, the deadlines (turn timers, lobby expiry) leased to one process at a time,
and short-lived marks.

Keys: `s:<chat>` a chat's sends (sorted set: a send → when), kept a window; `dl:<n>` the
deadlines (sorted set: timer key → due time, or a claimer's lease), split over SHARDS keys
(bot.storage.shards); `m:<key>` a mark.
"""

from __future__ import annotations

import secrets

from bot.storage.cells import Cells
from bot.storage.shards import SHARDS, claim_across, shard_of
from bot.storage.writes import (
    Applied,
    Expire,
    Fewer,
    Group,
    Key,
    Range,
    Rank,
    ScoreIs,
    Span,
    Trim,
    Unrank,
)


def deadlines(key: str) -> Key:
    """The deadline shard of the timer `key`."""
    return Key(f"dl:{shard_of(key)}")


def deadline_shards() -> list[Key]:
    return [Key(f"dl:{i}") for i in range(SHARDS)]


def wait_for(times: list[float], now: float, window: float, limit: int, gap: float) -> float:
    """How long a send must wait, given the budget's sends in the window (`times`)."""
    times = sorted(t for t in times if t > now - window)
    wait = 0.0
    if times:
        wait = max(wait, times[-1] + gap - now)
        if len(times) >= limit:
            wait = max(wait, times[len(times) - limit] + window - now)
    return wait


class Leases:
    def __init__(self, cells: Cells) -> None:
        self.cells = cells
        self._claim_turn = 0  # the shard each claim starts at rotates (bot.storage.shards)

    # the edit budget of a chat, shared by every process
    async def take_send(
        self, chat_id: int, now: float, window: float, limit: int, min_gap: float
    ) -> float:
        """0 and counts a send to `chat_id` at `now` (wall clock) when at most `limit` sends
        fall in the last `window` seconds with `min_gap` since the last; else the seconds to
        wait (nothing counted)."""
        key = Key(f"s:{chat_id}")
        take = Group(
            reads=(Range(key, Span.above(now - window)),),
            guards=(
                Fewer(key, 1, Span.above(now - min_gap)),
                Fewer(key, limit, Span.above(now - window)),
            ),
            writes=(
                Trim(key, Span.upto(now - window)),
                Rank(key, f"{now!r}:{secrets.token_hex(4)}", now),
                Expire(key, window),
            ),
        )
        [taken] = await self.cells.step([take])
        assert isinstance(taken, Applied)
        if taken.ok:
            return 0.0
        # what refused it is in what it read, in the same atomic step
        return wait_for([score for _, score in taken.values[0]], now, window, limit, min_gap)

    # deadlines
    async def schedule(self, key: str, due: float) -> None:
        await self.cells.step([Group(writes=(Rank(deadlines(key), key, due),))])

    async def cancel(self, key: str) -> None:
        await self.cells.step([Group(writes=(Unrank(deadlines(key), key),))])

    async def claim_due(self, now: float, lease: float, limit: int = 50) -> list[tuple[str, float]]:
        """Lease the due keys: each comes back as (key, lease_until) to one caller, and becomes
        due again at `lease_until` unless `finish_due` or a new `schedule` comes first. So a
        deadline claimed by a process that died before handling it fires again (at least once;
        handlers are idempotent through the game's compare-and-set)."""
        until = float(now + lease)
        self._claim_turn += 1
        shards = deadline_shards()
        keys = await claim_across(self.cells.step, shards, limit, self._claim_turn, now, until)
        return [(k, until) for k in keys]

    async def finish_due(self, key: str, lease: float) -> None:
        """The handling of a claimed key is over: remove it, unless it was scheduled anew
        meanwhile (its due time is no longer the lease's `lease_until`)."""
        shard = deadlines(key)
        done = Group(guards=(ScoreIs(shard, key, lease),), writes=(Unrank(shard, key),))
        await self.cells.step([done])

    # short-lived marks shared by every process (a pending confirmation, a rate limit)
    async def mark(self, key: str, ttl: float) -> bool:
        """Set `key` for `ttl` seconds unless it is set: True when this call set it."""
        return await self.cells.put_new(Key(f"m:{key}"), "1", ttl)

    async def unmark(self, key: str) -> bool:
        """Clear `key`: True when it was set (and not expired)."""
        return await self.cells.drop(Key(f"m:{key}"))
