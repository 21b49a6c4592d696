"""Hidden hands shown in the group, each to its player alone (Bot API 10.2 ephemeral messages):
for a player the bot may not write to privately, or who chose it (/settings).

Every write of such a hand is a write to the group, so it goes through the group's coalescer
lane and budget like the board: the deal's hands and their edits (`Publisher.show_hands`), and
"🃏 My cards", which shows the hand again (its delivery is not guaranteed). A tap is answered at
once either way: when the group's budget is spent, the hand follows as soon as it allows."""

from __future__ import annotations

from bot.games.refusal import Notice, Refused
from bot.games.state import position
from bot.games.table.changes import TableRecords
from bot.games.table.publisher import Publisher
from bot.i18n import t
from bot.render.screen import Screen
from bot.storage.record import GameRecord, Player
from bot.wire import flood

AGAIN_SECONDS = 3.0  # "My cards" shows the hand in the group at most this often


class GroupHands:
    def __init__(self, records: TableRecords, publisher: Publisher) -> None:
        self.records = records
        self.publisher = publisher
        self._asked: dict[tuple[str, int], float] = {}  # when "My cards" last showed a hand

    async def again(
        self, record: GameRecord, seat: int, user: Player, query_id: str | None, link: str | None
    ) -> Notice:
        """The player's hand shown in the group once more, in answer to their tap."""
        group = record.table.group
        if group is None:
            raise Refused("grp-stale")
        now, asked = self.records.clock(), (record.id, seat)
        if now - self._asked.get(asked, -AGAIN_SECONDS) < AGAIN_SECONDS:
            return Notice("ry-hand-shown")  # a double tap: it is on its way
        if len(self._asked) > 10_000:
            self._asked.clear()
        self._asked[asked] = now
        publisher = self.publisher
        screen = await publisher.hand_screen(record, seat, position(record), in_group=True)
        sent: list[int | None] = []

        async def push() -> None:
            # held for the budget: the tap was answered long ago, it answers nothing now
            query = None if flood.HELD.get() else query_id
            shown = await publisher.tg.send_ephemeral(
                group, user.user_id, screen.text, screen.keyboard, query_id=query, retry=False
            )
            sent.append(shown)
            if shown is not None:
                await self._shown(record, seat, user, shown, screen)

        await publisher.flood.submit(group, ("hand-again", user.user_id), record.version, push)
        if sent == [None]:
            raise Refused("ry-hand-failed", url=link)
        return Notice("ry-hand-shown" if sent else "ry-hand-coming")

    async def _shown(
        self, record: GameRecord, seat: int, user: Player, shown: int, screen: Screen
    ) -> None:
        """Remember the new hand (the one before it, in the group or the private chat, goes)."""
        meta = record.table
        old_ephemeral, old_private = meta.ephemeral.get(seat), meta.hands.get(seat)

        def remember(r: GameRecord) -> bool:
            r.table.ephemeral[seat] = shown
            r.table.hands.pop(seat, None)
            if seat in r.table.dm_failed:
                r.table.dm_failed.remove(seat)
            return True

        saved = await self.records.mutate(record.id, remember)
        if saved is None:
            return
        if position(saved) == position(record):  # it shows the game as it is
            self.publisher.shown_hand(saved.id, seat, saved.version, screen)
        else:  # the game moved on meanwhile: `show` below edits it
            self.publisher.forget_hand(saved.id, seat)
        tg = self.publisher.tg
        if old_ephemeral and old_ephemeral != shown and meta.group is not None:
            await tg.delete_ephemeral(meta.group, user.user_id, old_ephemeral)  # (no budget)
        if old_private is not None:
            await tg.retire(*old_private, t(user.lang, "hand-moved-group"))
        await self.publisher.show(saved)
