"""The players' own hands in a game with hidden hands (Ryadki): dealt to each player's private
chat, or shown in the group to that player alone (an ephemeral message: the bot may not write to
them privately, or they chose it), and kept up to date with the record as saved, each through
its place's coalescer (a private chat's pace, or the group's lane and budget), the newest
screen winning. A hand that did not change is not edited again."""

from __future__ import annotations

import asyncio
import logging

from bot.games.places import Place, PrivateHand
from bot.games.ports import ChatMoved, Undeliverable
from bot.games.state import position
from bot.games.table import where
from bot.games.table.changes import TableRecords
from bot.games.table.publisher import KEPT, Publisher, signature
from bot.registry import spec
from bot.render.screen import Screen
from bot.storage.record import GameRecord

log = logging.getLogger(__name__)

Key = tuple[str, int]  # (game, seat)


class Hands:
    def __init__(self, records: TableRecords, publisher: Publisher) -> None:
        self.records = records
        self.publisher = publisher
        self._shown: dict[Key, tuple[int, str]] = {}  # the version and screen last handed on
        # hands this process sent anew (the place the record named, the new one): the record
        # names the new one a moment later
        self._sent: dict[Key, tuple[Place, Place]] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    def _lock(self, gid: str) -> asyncio.Lock:
        lock = self._locks.get(gid)
        if lock is None:
            if len(self._locks) > KEPT:
                self._locks = {k: v for k, v in self._locks.items() if v.locked()}
            lock = self._locks[gid] = asyncio.Lock()
        return lock

    def shown(self, gid: str, seat: int, version: int, screen: Screen) -> None:
        """The hand shows `screen` (as of `version`): the same screen is not sent again."""
        if len(self._shown) > KEPT:
            self._shown.clear()
            self._sent.clear()
        self._shown[(gid, seat)] = (version, signature(screen))

    def forget(self, gid: str, seat: int) -> None:
        self._shown.pop((gid, seat), None)

    async def show(self, record: GameRecord) -> None:
        """Every hand of a game being played (or over) up to date with `record`."""
        if not spec(record.kind).hidden_hands or record.phase not in ("play", "over"):
            return
        async with self._lock(record.id):
            calls = []
            for seat, hand in where.hands(record.table):
                last = self._shown.get((record.id, seat))
                if last is not None and last[0] > record.version:
                    continue  # a newer state is already shown
                screen = await self.publisher.hand_screen(record, seat, position(record))
                self.shown(record.id, seat, record.version, screen)
                if last is not None and last[1] == signature(screen):
                    continue
                calls.append(self._edit(hand, record.version, screen, record.id, seat))
            if calls:
                await asyncio.gather(*calls)

    async def _edit(self, hand: Place, version: int, screen: Screen, gid: str, seat: int) -> None:
        """A hand, through its place's coalescer (a paused chat delays it, the newest wins): a
        private one in its chat's lane, one shown in the group in the group's (its budget)."""

        async def push() -> None:
            was, now = self._sent.get((gid, seat), (None, None))
            place = now if now is not None and hand == was else hand  # sent here, not saved yet
            try:
                shown = await self.publisher.edit(place, screen, retry=False)
            except (Undeliverable, ChatMoved) as err:
                log.info("event=hand_edit_failed lane=%s error=%s", hand.lane, err)
                return
            if shown is not None and shown != place:
                self._sent[(gid, seat)] = (hand, shown)
                await self.publisher.moved(gid, shown)

        await self.publisher.submit(hand, version, push)

    async def deal(self, record: GameRecord) -> GameRecord:
        """Each person's hand at the deal: in their private chat, or (the bot may not write
        there, or they chose it) in the group, shown to them alone (an ephemeral message,
        whose delivery is not guaranteed: "My cards" on the board brings it back). The record
        as saved with where the hands are."""
        meta = record.table
        if not spec(record.kind).hidden_hands or meta.private or meta.boards:
            return record  # (on the board: against the computer, or a player's own copy)
        failed: list[int] = []
        sent: dict[int, Place] = {}
        ephemeral: dict[int, int] = {}
        for seat, p in enumerate(meta.players):
            if p.ai:
                continue
            if not await self.publisher.hands_in_group(p.user_id):
                screen = await self.publisher.hand_screen(record, seat, position(record))
                await self.publisher.how_to(p, record.kind)
                shown = await self.publisher.edit(PrivateHand(p.user_id, seat=seat), screen)
                if shown is not None:
                    sent[seat] = shown
                    continue
            if meta.group is None:
                failed.append(seat)
                continue
            ephemeral[seat] = 0  # none shown yet: `show` sends it within the group's budget

        def remember(r: GameRecord) -> bool:
            for place in sent.values():
                place.remember(r.table)
            r.table.ephemeral = {**r.table.ephemeral, **ephemeral}
            r.table.dm_failed = failed
            return True

        saved = await self.records.mutate(record.id, remember)
        if saved is None:
            return record
        for seat in sent:
            self.shown(saved.id, seat, saved.version, await self._screen(saved, seat))
        return saved

    async def send(self, record: GameRecord, seat: int) -> tuple[Place, Screen] | None:
        """The player's hand sent anew to their private chat (they opened it: `/start` with
        the game's link), shown as `record` is; None when the bot may not write there."""
        screen = await self._screen(record, seat)
        player = record.table.players[seat]
        shown = await self.publisher.edit(PrivateHand(player.user_id, seat=seat), screen)
        return None if shown is None else (shown, screen)

    async def _screen(self, record: GameRecord, seat: int) -> Screen:
        return await self.publisher.hand_screen(record, seat, position(record))

    async def confirm_leave(self, record: GameRecord, user_id: int, confirm: bool) -> None:
        """The player's hand asking "Leave the game?" (or no longer asking); the question asked
        again (an old "Yes" tapped) edits nothing."""
        seat = record.table.seat_of(user_id)
        if await self.publisher.confirm_on_board(record, seat, confirm):
            return
        hand = None if seat is None else where.hand(record.table, seat)
        if seat is None or hand is None:
            return
        version = position(record)
        screen = await self.publisher.hand_screen(record, seat, version, confirm_leave=confirm)
        last = self._shown.get((record.id, seat))
        if last is not None and last[1] == signature(screen):
            return
        self.forget(record.id, seat)
        await self.publisher.edit(hand, screen)
        self.shown(record.id, seat, record.version, screen)
