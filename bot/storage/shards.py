"""Sorted sets split over several keys (so over several Redis Cluster slots): the deadlines and
the pending results. A member's shard is a stable hash of it (crc32, the same in every
process and across restarts), so `schedule`, `cancel` and `finish_due` of one timer always
reach the one key that holds it, and a claim (a `Lease` on one shard, bot.storage.writes)
leases each member to one caller, as with a single key.

Claiming across shards is fair and uses the whole limit: the limit is shared out evenly
over the shards (a limit smaller than the shard count goes to as many shards, starting at one
that rotates from call to call); what shards with less due than their share leave unused goes,
in a further round trip, to the shards that filled theirs and to those not asked yet. A claim
that returns fewer than `limit` members so found every shard it asked without more due.

Changing SHARDS moves members to other keys: a release that changes it must move them too.
"""

from __future__ import annotations

import zlib
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.storage.writes import Applied, Group, Key, Lease, Step, Timely

SHARDS = 16


def shard_of(member: str, shards: int = SHARDS) -> int:
    return zlib.crc32(member.encode()) % shards


def shares(limit: int, count: int) -> list[int]:
    """`limit` split into `count` near-equal parts, the larger ones first."""
    base, extra = divmod(limit, count)
    return [base + (1 if i < extra else 0) for i in range(count)]


async def claim_across(
    step: Callable[[Step], Awaitable[list[Any]]],
    keys: Sequence[Key],
    limit: int,
    start: int,
    high: float,
    until: float,
) -> list[str]:
    """Up to `limit` members scoring at most `high` leased (their score becomes `until`) from
    the shards `keys`; `step` carries out one step (a round trip). A claim that reaches the
    store after its caller gave up (`Timely`) leases nothing."""

    def claim(key: Key, n: int) -> Group:
        return Group(guards=(Timely(),), writes=(Lease(key, high, n, until),))

    if limit <= 0 or not keys:
        return []
    start %= len(keys)
    unasked = [*keys[start:], *keys[:start]]
    full: list[Key] = []
    claimed: list[str] = []
    # each round either asks shards not asked yet or claims at least one member: it ends
    while len(claimed) < limit and (full or unasked):
        left = limit - len(claimed)
        pool = [*full, *unasked]
        candidates, unasked = pool[:left], pool[left:]  # each candidate's share is 1 or more
        asked = list(zip(candidates, shares(left, len(candidates)), strict=True))
        replies = await step([claim(k, n) for k, n in asked])
        full = []
        for (key, n), reply in zip(asked, replies, strict=True):
            assert isinstance(reply, Applied)
            members: list[str] = reply.values[0] if reply.ok else []
            claimed += members
            if len(members) >= n:  # maybe more due there
                full.append(key)
    return claimed
