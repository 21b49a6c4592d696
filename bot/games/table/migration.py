"""A group upgraded to a supergroup (its chat id changes): its lobby or game moves along."""

from __future__ import annotations

import dataclasses
import logging

from bot.games.refusal import Refused
from bot.games.table import where
from bot.games.table.changes import TableRecords
from bot.games.table.chat_moves import ChatMoves
from bot.games.table.commit import TableDoor
from bot.games.table.publisher import Publisher
from bot.storage.record import GameRecord

log = logging.getLogger(__name__)

__all__ = ["ChatMoves", "Migration"]

LEASE_SECONDS = 60.0  # a move to a new supergroup left unfinished this long is redone


class Migration:
    def __init__(
        self, records: TableRecords, publisher: Publisher, door: TableDoor, moves: ChatMoves
    ) -> None:
        self.records = records
        self.publisher = publisher
        self.door = door  # the moved game is saved and shown through it
        moves.follow(self.migrate)  # a write the publisher found refused: the group moved

    async def migrate(self, old: int, new: int, gid: str | None = None) -> None:
        """The group `old` became the supergroup `new` (a service message in either chat, or a
        write refused because of it): move its game (`gid`, else the one the chat index names)
        there and show it afresh, as a new message (messages of the old group cannot be edited
        under the new id).

        Safe to call any number of times, from any process: a compare-and-set takes a lease on
        the move (`migrating`), so exactly one caller sends the new board; every other caller,
        and every later one, only makes sure the chat index names the new chat. A lease left by
        a caller that died is taken over after LEASE_SECONDS."""
        self.publisher.flood.move_chat(old, new)
        store = self.records.store
        gid = gid or await store.get_chat_game(old)
        if gid is None:
            return
        now = self.records.clock()
        won = False

        def lease(r: GameRecord) -> bool:
            nonlocal won
            held = r.table.migrating
            won = r.table.group == old and not (held and held[1] > now - LEASE_SECONDS)
            if won:
                r.table.migrating = (new, now)
            return won

        record = await self.records.mutate(gid, lease)
        if record is None:
            await store.release_chat_game(old, gid)
            return
        if record.table.group == new:  # moved before
            await self._index_moved(record, old, new)
            return
        if won:
            await self._move(record, old, new, now)

    async def _move(self, record: GameRecord, old: int, new: int, now: float) -> None:
        log.info(
            "event=group_migrated game=%s kind=%s old=%s new=%s", record.id, record.kind, old, new
        )
        # the board as it will be once saved below (its buttons carry the saved version)
        target = dataclasses.replace(
            record,
            chat_id=new,
            version=record.version + 1,
            meta=dataclasses.replace(record.table, group=new),
        )
        home = where.home(record.table)
        if home is None:
            return
        there = home.moved_to(new)
        if record.phase in ("lobby", "play"):
            await self.publisher.post(there, self.records.translator(record)("grp-migrated"))
        board = await self.publisher.put(there, await self.publisher.board_screen(target))

        def settle(r: GameRecord) -> bool:
            if r.table.migrating != (new, now):
                raise Refused("grp-stale")  # our lease was taken over
            r.chat_id = new
            r.table.group = new
            r.table.board = None
            if board is not None:
                board.remember(r.table)
            r.table.migrating = None
            return True

        try:  # the door shows it as saved: the board posted above shows it already, the hands'
            saved = await self.door.mutate(record.id, settle)  # buttons carry the new version
        except Refused:
            saved = None
        if saved is None or saved.table.group != new:
            if board is not None:
                await self.publisher.delete(board)
            return
        await self._index_moved(saved, old, new)

    async def _index_moved(self, record: GameRecord, old: int, new: int) -> None:
        """The chat index follows a moved game: the new chat names it (while it is on), the old
        one no longer does."""
        store = self.records.store
        thread = record.table.thread
        if (
            not record.finished
            and not await self.records.claim_group(new, record.id, thread)
            and await store.get_chat_game(new, thread) != record.id
        ):
            log.warning("event=migrated_chat_busy game=%s chat=%s", record.id, new)
        await store.release_chat_game(old, record.id, thread)
