"""Hidden hands shown in the group, each to its player alone (Bot API 10.2 ephemeral messages):
for a player the bot may not write to privately, or who chose it (/settings).

Every write of such a hand is a write to the group, so it goes through the group's coalescer
lane and budget like the board: the deal's hands and their edits (`bot.games.table.hands`), and
"🃏 My cards", which shows the hand again (its delivery is not guaranteed). A tap is answered at
once either way: when the group's budget is spent, the hand follows as soon as it allows."""

from __future__ import annotations

from bot.games.places import EphemeralMessage
from bot.games.refusal import Notice, Refused
from bot.games.state import position
from bot.games.table import where
from bot.games.table.commit import TableDoor
from bot.games.table.hands import Hands
from bot.games.table.publisher import Publisher
from bot.i18n import t
from bot.render.screen import Screen
from bot.storage.record import GameRecord, Player

AGAIN_SECONDS = 3.0  # "My cards" shows the hand in the group at most this often


class GroupHands:
    def __init__(self, door: TableDoor, hands: Hands, publisher: Publisher) -> None:
        self.door = door
        self.hands = hands
        self.publisher = publisher
        self.clock = door.records.clock
        self._asked: dict[tuple[str, int], float] = {}  # when "My cards" last showed a hand

    async def again(
        self, record: GameRecord, seat: int, user: Player, query_id: str | None, link: str | None
    ) -> Notice:
        """The player's hand shown in the group once more, in answer to their tap."""
        group = record.table.group
        if group is None:
            raise Refused("grp-stale")
        now, asked = self.clock(), (record.id, seat)
        if now - self._asked.get(asked, -AGAIN_SECONDS) < AGAIN_SECONDS:
            return Notice("ry-hand-shown")  # a double tap: it is on its way
        if len(self._asked) > 10_000:
            self._asked.clear()
        self._asked[asked] = now
        publisher = self.publisher
        screen = await publisher.hand_screen(record, seat, position(record), in_group=True)
        hand = EphemeralMessage(group, user.user_id, None, seat)
        sent: list[EphemeralMessage | None] = []

        async def push() -> None:
            shown = await publisher.answer_in_group(hand, screen, query_id)
            sent.append(shown)
            if shown is not None:
                await self._shown(record, seat, user, shown, screen)

        key = ("hand-again", user.user_id)  # (beside the hand's own edits)
        await publisher.coalescer(hand).submit(hand.lane, key, record.version, push)
        if sent == [None]:
            raise Refused("ry-hand-failed", url=link)
        return Notice("ry-hand-shown" if sent else "ry-hand-coming")

    async def _shown(
        self, record: GameRecord, seat: int, user: Player, shown: EphemeralMessage, screen: Screen
    ) -> None:
        """Remember the new hand (the one before it, in the group or the private chat, goes)."""
        self.hands.shown(record.id, seat, record.version, screen)

        def remember(r: GameRecord) -> bool:
            r.table.ephemeral[seat] = shown.message or 0
            r.table.hands.pop(seat, None)
            if seat in r.table.dm_failed:
                r.table.dm_failed.remove(seat)
            return True

        if await self.door.mutate(record.id, remember) is None:
            return
        for old in where.hand_messages(record.table, seat):
            if old != shown:
                await self.publisher.retire(old, t(user.lang, "hand-moved-group"))
