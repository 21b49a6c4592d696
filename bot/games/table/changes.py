"""Group games in the store: compare-and-set changes, the group index, turn deadlines."""

from __future__ import annotations

import time
from collections.abc import Callable

from bot import metrics
from bot.config import Settings
from bot.games.refusal import Refused
from bot.games.result_of import result_of
from bot.games.timers import turn_key
from bot.i18n import Translator, translator
from bot.storage import GameRecord, Store

CAS_TRIES = 8

Mutation = Callable[[GameRecord], bool]  # True: save it; False: nothing to change


class TableRecords:
    def __init__(
        self, store: Store, settings: Settings, clock: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock

    def translator(self, record: GameRecord) -> Translator:
        """The language of the game's public messages."""
        return translator(record.table.lang or self.settings.default_language)

    async def load(self, gid: str) -> GameRecord | None:
        return await self.store.load(gid)

    async def mutate(self, gid: str, change: Mutation) -> GameRecord | None:
        """Load, change, compare-and-set; retried on a concurrent write. None: game gone."""
        for _ in range(CAS_TRIES):
            record = await self.store.load(gid)
            if record is None:
                return None
            expected, ended = record.version, record.finished
            if not change(record):
                return record
            if await self.save(record, expected, ended):
                return record
        raise Refused("grp-stale")

    async def save(self, record: GameRecord, expected: int, ended: bool) -> bool:
        """Compare-and-set; a game this change ends (`ended`: it had ended before) is saved
        with its result, which so counts exactly once (bot.games.result_of)."""
        if record.finished and not ended and record.state:
            done = await self.store.finish(record, expected, result_of(record, self.clock()))
            if done:
                metrics.game_finished(record.kind, record.table.why or "over")
            return done
        return await self.store.save(record, expected)

    async def schedule_turn(self, record: GameRecord) -> None:
        due = record.table.due
        if record.phase == "play" and due:
            await self.store.schedule(turn_key(record.id), due)
        else:
            await self.store.cancel(turn_key(record.id))

    async def release(self, record: GameRecord) -> None:
        group = record.table.group
        if group is not None:
            await self.store.release_chat_game(group, record.id, record.table.thread)

    async def claim_group(self, chat_id: int, gid: str, thread: int | None = None) -> bool:
        """One active game per group, or per forum topic (`thread`): claim it, freeing it first
        from a finished game."""
        store = self.store
        if await store.claim_chat_game(chat_id, gid, thread):
            return True
        current = await store.get_chat_game(chat_id, thread)
        if current is None:
            return await store.claim_chat_game(chat_id, gid, thread)
        record = await store.load(current)
        if record is None or record.finished:
            await store.release_chat_game(chat_id, current, thread)
            return await store.claim_chat_game(chat_id, gid, thread)
        return False

    def lobby_expiry(self, record: GameRecord) -> float:
        ttl = (
            self.settings.lobby_ttl_seconds
            if record.table.group is not None
            else self.settings.invite_ttl_seconds
        )
        return self.clock() + ttl
