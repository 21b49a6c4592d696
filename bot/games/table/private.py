"""Table games against the computer, in a person's private chat.

The game is a table like any other (a TableMeta with `private`): a setup lobby on the menu's
message (computer seats, their level, the game's own settings), then one board message that
shows the table and the person's hand together. The computer seats move when their deadline
fires (bot.games.table.moves: a stored timer, so a restart between a person's move and the
computer's answer only delays it); there is no turn timer for the person.

Started games are remembered among the user's games, so the main menu offers to continue them;
a new game of the same kind ends the old one ("replaced") so only one runs per kind. These
tables are this part's own (`bot.games.table.owners`): the door tells it when one is dealt.
"""

from __future__ import annotations

import logging

from bot.games.places import ChatMessage
from bot.games.refusal import Notice, Refused
from bot.games.table import moves, rematch, where
from bot.games.table.changes import TableRecords
from bot.games.table.commit import TableDoor
from bot.games.table.lobby import Lobby
from bot.games.table.publisher import Publisher
from bot.storage.record import GameRecord, Place, Player, TableMeta, new_id
from bot.wire.callbacks import is_game_id

log = logging.getLogger(__name__)


class PrivateTables:
    def __init__(self, records: TableRecords, door: TableDoor, publisher: Publisher) -> None:
        self.records = records
        self.store = records.store
        self.door = door
        self.publisher = publisher
        self.settings = records.settings

    # -- the owner of these tables -------------------------------------------------------------
    def owns(self, record: GameRecord) -> bool:
        return record.table.private

    async def dealt(self, record: GameRecord) -> None:
        """A new game against the computer began: remembered, and an older one of the same
        kind ends."""
        await self.store.add_user_game(record.table.creator, record.id)
        await self.started(record)

    async def ended(self, record: GameRecord) -> None:
        return None

    async def rematch(self, record: GameRecord, user: Player, lang: str) -> Notice | None:
        """ "Play again" at the end: the same table dealt again, in a new message."""
        old = await rematch.take(self.door, record, user)
        await self.again(old, lang)
        return None

    async def open(self, kind: str, user: Player, lang: str, at: Place) -> GameRecord:
        """The setup screen of a game against the computer, on the tapped menu message."""
        meta = TableMeta(
            creator=user.user_id,
            lang=lang,
            private=True,
            expires=self.records.clock() + self.settings.invite_ttl_seconds,
        )
        lobby = Lobby(kind, meta)
        lobby.join(user)
        lobby.add_computer(user.user_id)
        record = GameRecord(id=new_id(), kind=kind, chat_id=at[0], state="", meta=meta)
        meta.board = at
        # stored before it is shown (the door then shows it on the tapped message): a quick
        # player's next tap on the setup finds its game
        if not await self.door.create(record):
            raise Refused("grp-stale")
        return record

    async def active(self, user_id: int) -> list[tuple[str, str]]:
        """The user's games against the computer still being played, as (kind, game_id)."""
        out = []
        for gid in await self.store.user_games(user_id):
            record = await self.store.load(gid)
            if record is None or not isinstance(record.meta, TableMeta):
                continue
            if record.table.private and record.phase == "play":
                out.append((record.kind, gid))
        return out

    async def started(self, record: GameRecord) -> None:
        """A new game against the computer began: an older one of the same kind ends."""
        uid = record.table.creator
        for gid in await self.store.user_games(uid):
            if gid == record.id:
                continue
            old = await self.store.load(gid)
            if old is None or old.kind != record.kind or not isinstance(old.meta, TableMeta):
                continue
            if old.table.private and old.phase == "play":
                await self._abandon(old.id)
            await self.store.remove_user_game(uid, gid)

    async def _abandon(self, gid: str) -> None:
        def end(r: GameRecord) -> bool:
            if r.phase != "play":
                return False
            r.finished, r.table.why, r.table.due, r.table.rematch = True, "replaced", None, True
            return True

        await self.door.mutate(gid, end)

    async def again(self, old: GameRecord, lang: str) -> GameRecord | None:
        """The same seats and settings, dealt in a new message."""
        meta = TableMeta(
            creator=old.table.creator,
            players=[Player(p.user_id, p.name, p.lang, p.ai) for p in old.table.players],
            settings=dict(old.table.settings),
            lang=lang,
            level=old.table.level,
            private=True,
        )
        record = GameRecord(id=new_id(), kind=old.kind, chat_id=old.chat_id, state="", meta=meta)
        now = self.records.clock()
        timeout = self.settings.turn_timeout_seconds
        pause = self.settings.ai_pause_seconds
        moves.start(record, Lobby(old.kind, meta), now, timeout, ai_pause=pause)
        screen = await self.publisher.board_screen(record)
        shown = await self.publisher.put(ChatMessage(old.chat_id), screen)
        if shown is None:
            return None
        shown.remember(meta)
        if not await self.door.create(record):
            raise Refused("grp-stale")
        log.info("event=private_again game=%s kind=%s", record.id, record.kind)
        return record

    async def resume(self, gid: str, user_id: int, there: Place) -> bool:
        """ "Continue" from the menu: the board moves to this message. False when there is no
        such game of this user's to continue."""
        record = await self.store.load(gid) if is_game_id(gid) else None
        if (
            record is None
            or not isinstance(record.meta, TableMeta)
            or not record.table.private
            or record.table.creator != user_id
            or record.phase != "play"
        ):
            return False
        old = where.board(record.table)
        here = ChatMessage(*there)

        def move(r: GameRecord) -> bool:
            here.remember(r.table)
            return True

        moved = await self.door.mutate(gid, move)
        if moved is None:
            return False
        if old is not None and old != here:  # the old one no longer answers taps
            await self.publisher.retire(old, self.records.translator(moved)("moved-below"))
        return True
