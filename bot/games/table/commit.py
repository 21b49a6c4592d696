"""The one door a table change leaves by. A lobby joined, a move, a hand sent anew, a game against
the computer, a quick match dealt, a rematch: each is a change of the game's record, and each
goes through `TableDoor`, which saves it by compare-and-set (`TableRecords.save`: a change that
ends the game is saved with its result, `Store.finish`) and then runs one fixed sequence, in
this order, deciding each step from what the change did to the record (`Before` and after):

1. the deadline: the turn's (scheduled, moved, cancelled; a computer's turn wakes the deadline
   loop), the lobby's expiry (kept, or cancelled once the lobby is dealt or closed);
2. what was held is released at the end: the group's game (one at a time), a closed lobby's
   invite link; the table's owner is told (`bot.games.table.owners`);
3. a table dealt: counted, its people noted for the group's deal of the day, its owner told,
   and the hands dealt where each player gets theirs (`Hands.deal`);
4. every place of the table published: the board (each copy), the invite, the hands (those of
   a game that was over already are not: the save that ended it showed them); a copy of the
   board the change took from the table (its player left a game that goes on) shows the end
   for them, once;
5. the pings of a position that changed (`Pings.turn_passed`).

Only the process whose compare-and-set saved the change runs it, so each happens once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot import metrics
from bot.games.player_views import note_seen
from bot.games.state import turn
from bot.games.table import where
from bot.games.table.changes import Mutation, TableRecords
from bot.games.table.hands import Hands
from bot.games.table.owners import Owner, Owners
from bot.games.table.pings import Pings
from bot.games.table.publisher import Publisher
from bot.games.timers import lobby_key
from bot.storage.record import GameRecord, Phase, Place


@dataclass(frozen=True, slots=True)
class Before:
    """What the door compares after a change: the record as it was (`NEW`: none yet)."""

    phase: Phase | None
    finished: bool = False
    due: float | None = None
    expires: float | None = None
    state: str = ""
    turn: int | None = None
    boards: tuple[tuple[int, Place], ...] = ()  # the players' own copies of the board, by seat

    @staticmethod
    def of(record: GameRecord) -> Before:
        meta, phase = record.table, record.phase
        mover = turn(record) if phase == "play" else None
        boards = tuple(meta.boards.items())
        return Before(phase, record.finished, meta.due, meta.expires, record.state, mover, boards)


NEW = Before(None)


class TableDoor:
    def __init__(
        self,
        records: TableRecords,
        publisher: Publisher,
        hands: Hands,
        pings: Pings,
        owners: Owners,
        wake: Callable[[float], None],
    ) -> None:
        self.records = records
        self.store = records.store
        self.publisher = publisher
        self.hands = hands
        self.pings = pings
        self.owners = owners
        self.wake = wake  # the deadline loop, woken for a computer's turn

    # -- the ways in -----------------------------------------------------------------------------
    async def mutate(self, gid: str, change: Mutation) -> GameRecord | None:
        """Load, change, save by compare-and-set (tried again on a concurrent write), then the
        sequence. The record as saved (as loaded when `change` changed nothing); None: gone."""
        tried: list[tuple[Before, bool]] = []  # the last try: the record before it, changed?

        def then(record: GameRecord) -> bool:
            before = Before.of(record)
            tried[:] = [(before, change(record))]
            return tried[0][1]

        record = await self.records.mutate(gid, then)
        if record is None or not tried or not tried[0][1]:
            return record
        return await self._after(record, tried[0][0])

    async def commit(self, record: GameRecord, change: Mutation) -> bool:
        """One try on `record` as loaded (a move on the version tapped): False when `change`
        changed nothing or another save came first (nothing of the sequence then runs)."""
        before = Before.of(record)
        expected, ended = record.version, record.finished
        if not change(record) or not await self.records.save(record, expected, ended):
            return False
        await self._after(record, before)
        return True

    async def create(self, record: GameRecord) -> bool:
        """A new table (a lobby, or one dealt at once): stored unless its id is taken, then the
        sequence. False: the id was taken (nothing of it runs)."""
        meta = record.table
        if meta.settled is not None and meta.settled > record.version:
            # dealt before it is stored: stored as it is (a save is stored as the next version),
            # so a save that changes nothing a player sees leaves its buttons current
            meta.settled = record.version
        if not await self.store.create(record):
            return False
        await self._after(record, NEW)
        return True

    async def show(self, record: GameRecord, resend: bool = False) -> None:
        """Publish `record` as it is (nothing saved: a stale tap's board brought up to date;
        `resend`: posted anew where the game lives)."""
        await self.publisher.show(record, resend)
        await self.hands.show(record)

    async def keep(self, record: GameRecord) -> None:
        """Its deadline kept as the record says (a due timer found nothing to change)."""
        await self._deadlines(record, None)

    # -- the sequence ----------------------------------------------------------------------------
    async def _after(self, record: GameRecord, before: Before) -> GameRecord:
        await self._deadlines(record, before)
        owner = self.owners.of(record)
        if record.finished and not before.finished:
            await self.records.release(record)
            if record.phase == "cancelled" and record.table.code:
                await self.store.delete_invite(record.table.code)
            if owner is not None:
                await owner.ended(record)
        if record.phase == "play" and before.phase in (None, "lobby"):
            record = await self._dealt(record, owner)
        for board in where.boards_gone(record.table, dict(before.boards), record.id):
            await self.publisher.last(record, board)  # its player left: their end, once
        await self.publisher.show(record)
        if not before.finished:  # (a game over shows its hands by the save that ended it)
            await self.hands.show(record)
        if record.state != before.state:
            await self.pings.turn_passed(record, before.turn)
        return record

    async def _deadlines(self, record: GameRecord, before: Before | None) -> None:
        """The lobby's expiry and the turn's deadline, where the change moved them (`before`
        None: kept as the record says)."""
        meta, phase = record.table, record.phase
        was = phase if before is None else before.phase
        expires, due = (meta.expires, meta.due) if before is None else (before.expires, before.due)
        moved = before is None or was != phase
        if "lobby" in (was, phase) and (moved or expires != meta.expires):
            if phase == "lobby" and meta.expires is not None:
                await self.store.schedule(lobby_key(record.id), meta.expires)
            elif was == "lobby":
                await self.store.cancel(lobby_key(record.id))
        if "play" in (was, phase) and (moved or due != meta.due):
            await self.records.schedule_turn(record)
            if meta.due is not None and phase == "play" and meta.is_ai(turn(record)):
                self.wake(meta.due)

    async def _dealt(self, record: GameRecord, owner: Owner | None) -> GameRecord:
        """A table dealt: counted, its people seen in its group, its owner told, its hands
        dealt. The record as saved with them."""
        meta = record.table
        metrics.game_started(record.kind)
        if meta.group is not None:  # its people race on the group's deal of the day
            seated = [meta.players[s].user_id for s in meta.humans]
            await note_seen(self.store, meta.group, seated, self.records.clock())
        if owner is not None:
            await owner.dealt(record)
        return await self.hands.deal(record)
