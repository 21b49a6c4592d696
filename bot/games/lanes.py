"""The budget keys of the edit coalescers' lanes (`Place.lane`): a chat's own id (a group's
below 0, a private chat's above) or, for an inline message, a key of its own above every chat
and user id; which of them every process shares."""

from __future__ import annotations

import hashlib
from collections.abc import Hashable

INLINE_BUDGETS = 1 << 61  # inline messages' budget keys: above every chat and user id


def inline_budget(inline: str) -> int:
    """The shared budget key of an inline message (the store counts budgets by integer)."""
    digest = hashlib.blake2b(inline.encode(), digest_size=7).digest()
    return INLINE_BUDGETS + int.from_bytes(digest, "big")


def lane_budget(lane: Hashable) -> int | None:
    """The budget of a coalescer lane (the place kinds' lanes are told apart here): a chat's
    (a group's below 0, a private chat's above) or an inline message's own (from
    `INLINE_BUDGETS` on); None for a lane of no place."""
    if isinstance(lane, tuple) and len(lane) == 2 and lane[0] == "inline":
        return inline_budget(str(lane[1]))
    return lane if isinstance(lane, int) and lane != 0 else None


def shared_budget(lane: Hashable) -> bool:
    """The lane's budget is shared by every process (a group's, an inline message's)."""
    key = lane_budget(lane)
    return key is not None and not 0 < key < INLINE_BUDGETS
