"""A quick match's rematch: "🔄 Rematch" under a finished match is counted for the player who
taps it, the others still at the table are told beside their boards, and when every one of
them has asked, the same table (less anyone who left it while it went on) is dealt again, each
board a new message shown as dealt; the offers then go, so no button to deal it again stays."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.games.places import ChatMessage, SeatBoard
from bot.games.ports import ChatMoved, RetryLater, Undeliverable
from bot.games.refusal import Notice, Refused
from bot.games.state import position
from bot.games.table import rematch, where
from bot.games.table.commit import TableDoor
from bot.games.table.publisher import Publisher
from bot.render import match as screens
from bot.storage import Store
from bot.storage.cells import Key
from bot.storage.record import GameRecord, Player, TableMeta

log = logging.getLogger(__name__)

REMATCH_TTL = 600.0  # seconds a player's "🔄 Rematch" waits for the others

Deal = Callable[[str, TableMeta, float], GameRecord]  # a match of these seats, dealt (not stored)
Create = Callable[[GameRecord], Awaitable[GameRecord | None]]  # stored and shown (None: not)


class Rematches:
    def __init__(
        self,
        store: Store,
        door: TableDoor,
        publisher: Publisher,
        clock: Callable[[], float],
        dealt: Deal,
        create: Create,
    ) -> None:
        self.store = store
        self.door = door
        self.publisher = publisher
        self.clock = clock
        self.dealt = dealt
        self.create = create

    async def rematch(self, record: GameRecord, user: Player) -> Notice:
        """ "🔄 Rematch" under a finished match: counted for this player (the others are told
        beside their boards); the same table (less anyone who left it while it went on) is
        dealt again, in new messages, when every person still at it has asked."""
        meta = record.table
        seat = meta.seat_of(user.user_id)
        if seat is None or seat not in meta.boards:
            raise Refused("grp-not-seated")
        if record.phase != "over":
            raise Refused("grp-stale")
        if meta.rematch:
            raise Refused("grp-rematch-busy")
        agreed = Key(f"rm:{record.id}")
        already = str(user.user_id) in await self.store.cells.members(agreed)
        await self.store.cells.add_member(agreed, str(user.user_id), REMATCH_TTL)
        asked = {int(m) for m in await self.store.cells.members(agreed)}
        waiting = [s for s in meta.boards if meta.players[s].user_id not in asked]
        if waiting:
            if not already:
                await self._offer(record, seat, waiting)
            return Notice("match-rematch-offered")

        await rematch.take(self.door, record, user)  # the rematch button goes
        again = TableMeta(
            creator=user.user_id,
            lang=meta.lang,
            players=[
                Player(p.user_id, p.name, p.lang, p.ai)
                for s, p in enumerate(meta.players)
                if p.ai or s in meta.boards
            ],
            settings=dict(meta.settings),
            level=meta.level,
        )
        new = self.dealt(record.kind, again, self.clock())
        for s in again.humans:  # each board sent as it is first shown (no "dealing…" first)
            await self._first_board(new, s)
        if await self.create(new) is not None:
            log.info("event=match_rematch game=%s from=%s", new.id, record.id)
        await self._offers_taken(record.id)
        return Notice("match-rematch-dealt")

    async def _first_board(self, record: GameRecord, seat: int) -> None:
        """A rematch's board for `seat`, a new message in its player's chat (kept in `record`
        before it is stored: the door then finds it shown already)."""
        meta = record.table
        player = meta.players[seat]
        meta.boards[seat] = (player.user_id, 0)  # (its message: the one sent now)
        screen = await self.publisher.board_screen(record, viewer=seat)
        with contextlib.suppress(Undeliverable, RetryLater, ChatMoved):
            board = SeatBoard(player.user_id, seat=seat, tag=record.id)
            sent = await self.publisher.put(board, screen)
            if sent is not None:
                sent.remember(meta)

    async def _offer(self, record: GameRecord, seat: int, others: list[int]) -> None:
        """Tell the others, beside their boards, that `seat` wants a rematch (the offers are
        kept: they go once the rematch is dealt)."""
        name = record.table.players[seat].name
        for other in others:
            board = where.seat_board(record.table, other, record.id)
            lang = record.table.players[other].lang
            text, markup = screens.rematch_offer(lang, name, record.id, position(record))
            with contextlib.suppress(Undeliverable, RetryLater, ChatMoved):
                # a reply beside their board, as a ping is: where it is (chat, message)
                sent = None if board is None else await self.publisher.ping(board, text, markup)
                if sent is not None:
                    offer = f"{sent[0]}:{sent[1]}"
                    await self.store.cells.add_member(_offers(record.id), offer, REMATCH_TTL)

    async def _offers_taken(self, gid: str) -> None:
        """The rematch is dealt: its offers go (a delete costs no chat's budget), so no button
        to deal it again stays."""
        for offer in await self.store.cells.members(_offers(gid)):
            chat, message = (int(x) for x in offer.split(":"))
            await self.publisher.delete(ChatMessage(chat, message))


def _offers(gid: str) -> Key:
    return Key(f"rmo:{gid}")
