"""Tournaments in the store, written once over a backend's keyed cells (so both backends share
it, and every replica sees one tournament):

- `t:<id>` a tournament: fields `s` (its state, JSON: bot.games.tournament.model) and `v` (its
  version). A save is a compare-and-set on the version read (`FieldIs`), so of two processes
  that changed it at once one saves and the other reads it again: nobody is paired twice.
- `tc:<chat>:<topic>` (0: none) field `t`: the tournament a group (or a forum topic) holds: one at
  a time, claimed with `put_new`, released by compare-and-delete.
- a tournament's end: each player's statistics (bot.stats.tours decides), guarded by the
  statistics' version and the player's marker of it (`u:<uid>:done` holds `t:<id>`), so it
  counts once; then the winner's line on the group's tournaments board.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence

from bot.stats.tours import tour_fields, tour_line
from bot.storage.cells import Cells, Key
from bot.storage.result_writes import MARKER_MARGIN, RESULT_TTL, line_groups, marked, user
from bot.storage.writes import (
    Absent,
    Applied,
    DropField,
    Expire,
    Field,
    FieldIs,
    Fields,
    Group,
    SetFields,
)

TTL = 8 * 86400  # a tournament is kept this long after its last change
ATTEMPTS = 10  # compare-and-set rounds for a player's statistics


def _key(tid: str) -> Key:
    return Key(f"t:{tid}")


def _holder(chat: int, topic: int | None) -> Key:
    return Key(f"tc:{chat}", str(topic or 0))


class TournamentStore:
    def __init__(self, cells: Cells) -> None:
        self.cells = cells

    async def load(self, tid: str) -> tuple[int, str] | None:
        """(version, state) of a tournament; None when there is none."""
        version, state = await self.cells.read(Field(_key(tid), ("v", "s")))
        if version is None or state is None:
            return None
        return int(version), str(state)

    async def save(self, tid: str, state: str, version: int) -> bool:
        """Store `state` as the version after `version` (0: a new tournament), unless the
        stored version is no longer `version`: True when it was stored."""
        key = _key(tid)
        group = Group(
            guards=(FieldIs(key, "v", str(version) if version else None),),
            writes=(SetFields(key, (("s", state), ("v", str(version + 1)))), Expire(key, TTL)),
        )
        [applied] = await self.cells.step([group])
        assert isinstance(applied, Applied)
        return applied.ok

    async def hold(self, chat: int, topic: int | None, tid: str) -> bool:
        """Claim the group (topic) for `tid`: False when another tournament holds it."""
        key = _holder(chat, topic)
        group = Group(
            guards=(FieldIs(key, "t", None),),
            writes=(SetFields(key, (("t", tid),)), Expire(key, TTL)),
        )
        [applied] = await self.cells.step([group])
        assert isinstance(applied, Applied)
        return applied.ok

    async def held(self, chat: int, topic: int | None) -> str | None:
        """The tournament the group (topic) holds."""
        return await self.cells.field(_holder(chat, topic), "t")

    async def release(self, chat: int, topic: int | None, tid: str) -> None:
        """The group (topic) is free again, if `tid` held it."""
        key = _holder(chat, topic)
        await self.cells.step(
            [Group(guards=(FieldIs(key, "t", tid),), writes=(DropField(key, "t"),))]
        )

    async def count_end(
        self,
        tid: str,
        kind: str,
        chat: int,
        players: Sequence[tuple[int, str]],
        won: Collection[int],
    ) -> None:
        """A tournament's end in its players' statistics (`players`: user and name; `won`: who
        won it, several when they shared the first place) and its winners' lines on the group's
        board: once, however often it is asked."""
        marker, now = f"t:{tid}", time.time()
        window = RESULT_TTL + MARKER_MARGIN
        for uid, name in players:
            for _ in range(ATTEMPTS):
                st, done = user(uid, "st"), user(uid, "done")
                fields = dict(await self.cells.read(Fields(st)))
                changed = tour_fields(fields, uid in won, chat, name)
                version = fields.get("v")
                new = (*changed.items(), ("v", str(int(version or 0) + 1)))
                group = Group(
                    guards=(Absent(done, marker), FieldIs(st, "v", version)),
                    writes=(SetFields(st, tuple(new)), *marked(done, marker, now, window)),
                )
                [applied] = await self.cells.step([group])
                assert isinstance(applied, Applied)
                if applied.failed != 2:  # applied, or counted before
                    break
        for winner in sorted(won):
            after = dict(await self.cells.read(Fields(user(winner, "st"))))
            await self.cells.step(list(line_groups([tour_line(kind, chat, winner, after)])))
