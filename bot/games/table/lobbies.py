"""Lobbies of table games: open one (in a group, or as an invite from a private chat), join by
button or link, leave, settings, cancel, expiry. A change that fills a group's lobby deals it in
the same save (`_filled`): nobody sees a full lobby, the board is its first screen. Every change
leaves through the door (`bot.games.table.commit`)."""

from __future__ import annotations

import html
import logging
from collections.abc import Awaitable, Callable

from bot.games.places import ChatMessage, Invite
from bot.games.ports import ChatMoved
from bot.games.refusal import Refused
from bot.games.table.changes import Mutation, TableRecords
from bot.games.table.commit import TableDoor
from bot.games.table.lobby import Lobby
from bot.games.table.play import PlayService
from bot.games.table.publisher import Publisher
from bot.registry import spec
from bot.storage.record import GameRecord, Player, TableMeta, new_id
from bot.wire import deeplinks

log = logging.getLogger(__name__)


def invite_problem(record: GameRecord | None) -> str | None:
    """Why an invite cannot seat anyone (a locale key), or None when it can."""
    if record is None:
        return "invite-unknown"
    if record.phase == "cancelled":
        return "invite-cancelled"
    if record.phase != "lobby":
        return "invite-started"
    if Lobby(record.kind, record.table).is_full:
        return "lobby-full"
    return None


class LobbyService:
    def __init__(
        self, records: TableRecords, door: TableDoor, publisher: Publisher, play: PlayService
    ) -> None:
        self.records = records
        self.store = records.store
        self.settings = records.settings
        self.door = door
        self.publisher = publisher
        self.play = play  # a full lobby deals

    def _filled(self, change: Mutation) -> Mutation:
        """`change`, and the deal when it fills a group's lobby (an invite with no group yet
        waits for its group)."""

        def then(record: GameRecord) -> bool:
            if not change(record):
                return False
            lobby = Lobby(record.kind, record.table)
            if record.phase == "lobby" and lobby.is_full and record.table.group is not None:
                self.play.deal(record)
            return True

        return then

    def _new(self, kind: str, user: Player, lang: str, chat_id: int, ttl: int) -> GameRecord:
        meta = TableMeta(
            creator=user.user_id,
            code=deeplinks.new_code(),
            lang=lang,
            expires=self.records.clock() + ttl,
        )
        Lobby(kind, meta).join(user)
        return GameRecord(id=new_id(), kind=kind, chat_id=chat_id, state="", meta=meta)

    async def _publish_code(self, record: GameRecord) -> None:
        code = record.table.code
        data = {"gid": record.id, "kind": record.kind}
        await self.store.put_invite(code, data, self.settings.invite_ttl_seconds)

    async def new_group_lobby(
        self,
        kind: str,
        chat_id: int,
        title: str,
        user: Player,
        lang: str,
        message_id: int | None = None,
        thread: int | None = None,
        prepare: Callable[[GameRecord], None] | None = None,
    ) -> GameRecord:
        """/newgame → a lobby in this group, in forum topic `thread` (the picker's message
        becomes the lobby). `prepare` seats and sets up the lobby before anything is shown (a
        rematch: its players and settings), so its first screen is its final one; a lobby it
        fills is dealt at once, and the board is its first screen."""
        record = self._new(kind, user, lang, chat_id, self.settings.lobby_ttl_seconds)
        meta = record.table
        meta.group, meta.title, meta.thread = chat_id, title, thread
        if prepare is not None:
            prepare(record)
        if not await self.records.claim_group(chat_id, record.id, thread):
            raise Refused("lobby-busy")
        await self._publish_code(record)
        where = ChatMessage(chat_id, message_id, thread)
        dealt = Lobby(kind, meta).is_full
        if dealt:  # the door shows the board there (or posts it), and deals the hands
            self.play.deal(record)
            meta.board = None if message_id is None else (chat_id, message_id)
            await self._creator_reachable(record, user)  # (greeted before the hand comes)
        else:
            try:
                shown = await self.publisher.put(where, await self.publisher.board_screen(record))
            except ChatMoved as moved:  # the group is a supergroup now: open it there
                await self.store.release_chat_game(chat_id, record.id, thread)
                await self.store.delete_invite(meta.code)
                return await self.new_group_lobby(
                    kind, moved.new_chat_id, title, user, lang, prepare=prepare
                )
            if shown is not None:
                shown.remember(meta)
        if not await self.door.create(record):
            await self.store.release_chat_game(chat_id, record.id, thread)
            raise Refused("grp-stale")
        if not dealt:  # (its buttons answer once it is stored)
            await self._creator_reachable(record, user)
        return record

    async def _creator_reachable(self, record: GameRecord, user: Player) -> None:
        """Hidden hands come in private chats: the creator is greeted there. One the bot
        cannot write to (or who prefers it) gets the hand in the group, shown to them alone:
        nothing to ask of them."""
        if spec(record.kind).hidden_hands and not await self.publisher.hands_in_group(user.user_id):
            await self.publisher.welcome(record, user)

    async def new_invite(
        self, kind: str, user: Player, lang: str, chat_id: int, message_id: int | None = None
    ) -> GameRecord:
        """ "Play with friends" → a lobby with no group yet, shown in the creator's chat."""
        record = self._new(kind, user, lang, chat_id, self.settings.invite_ttl_seconds)
        await self._publish_code(record)
        screen = await self.publisher.screens.invite(record)
        shown = await self.publisher.put(Invite(chat_id, message_id), screen)
        if shown is not None:
            shown.remember(record.table)
        if not await self.door.create(record):
            raise Refused("grp-stale")
        return record

    async def running_board(self, chat_id: int, thread: int | None = None) -> int | None:
        """The board message of the lobby or game already on in this group or forum topic
        (None: none)."""
        gid = await self.store.get_chat_game(chat_id, thread)
        record = await self.store.load(gid) if gid else None
        if record is None or record.finished or record.table.board is None:
            return None
        return record.table.board[1]

    async def resolve_invite(self, code: str) -> GameRecord:
        data = await self.store.get_invite(code)
        record = await self.store.load(str(data["gid"])) if data else None
        if record is None:
            raise Refused("invite-unknown")
        return record

    async def join_by_link(self, code: str, user: Player) -> None:
        """`/start j<code>` in a private chat: seat the user (or resend a seated player's hand)."""
        record = await self.resolve_invite(code)
        seat = record.table.seat_of(user.user_id)
        if seat is not None:  # a seated player opened the link again
            await self._seated_again(record, seat, user)
            return
        problem = invite_problem(record)
        if problem:
            raise Refused(problem)
        await self.publisher.welcome(record, user)  # (before the hand a join that deals sends)
        if await self.join(record.id, user) is None:
            raise Refused("invite-unknown")

    async def _seated_again(self, record: GameRecord, seat: int, user: Player) -> None:
        if record.phase == "play" and spec(record.kind).hidden_hands:
            await self.play.send_hand(record, seat)
        elif record.phase in ("play", "lobby"):
            await self.publisher.welcome(record, user)
        elif record.phase == "over":
            raise Refused("grp-game-over")
        else:
            raise Refused("invite-cancelled")

    async def join(self, gid: str, user: Player) -> GameRecord | None:
        def change(record: GameRecord) -> bool:
            if record.phase != "lobby":
                raise Refused("invite-started")
            if not Lobby(record.kind, record.table).join(user):
                raise Refused("lobby-already")
            record.table.expires = self.records.lobby_expiry(record)
            return True

        return await self.door.mutate(gid, self._filled(change))

    async def open_in_group(
        self,
        code: str,
        chat_id: int,
        title: str,
        user: Player,
        lang: str,
        thread: int | None = None,
    ) -> None:
        """`/start j<code>` in a group (the ?startgroup link): the lobby opens here (in forum
        topic `thread`). Opened again in the same group, it shows again where it lives."""
        record = await self.resolve_invite(code)
        if record.table.group == chat_id and record.phase == "lobby":
            await self.door.show(record, resend=True)
            return
        if record.phase == "lobby" and record.table.group is not None:  # open elsewhere
            raise Refused("invite-elsewhere", group=html.escape(record.table.title or "?"))
        if record.phase != "lobby":
            raise Refused("invite-cancelled" if record.phase == "cancelled" else "invite-started")
        if not await self.records.claim_group(chat_id, record.id, thread):
            raise Refused("lobby-busy")
        attach = self._filled(self._attach(chat_id, title, user, thread))
        try:  # the door posts its first message in the group: the lobby, or the board
            attached = await self.door.mutate(record.id, attach)
        except Refused:
            await self.store.release_chat_game(chat_id, record.id, thread)
            raise
        if attached is None:
            await self.store.release_chat_game(chat_id, record.id, thread)
            raise Refused("invite-unknown")

    def _attach(
        self, chat_id: int, title: str, user: Player, thread: int | None
    ) -> Callable[[GameRecord], bool]:
        def attach(r: GameRecord) -> bool:
            if r.phase != "lobby" or r.table.group is not None:
                raise Refused("invite-started")
            r.table.group, r.table.title, r.chat_id = chat_id, title, chat_id
            r.table.thread = thread
            lobby = Lobby(r.kind, r.table)
            if r.table.seat_of(user.user_id) is None and not lobby.is_full:
                lobby.join(user)
            r.table.expires = self.records.lobby_expiry(r)
            return True

        return attach

    # -- the lobby's buttons -------------------------------------------------------------------
    async def tap_join(self, record: GameRecord, user: Player) -> str:
        if record.table.seat_of(user.user_id) is not None:
            return "lobby-already"
        said = "lobby-joined"
        if spec(record.kind).hidden_hands:  # the hand: in the private chat, greet there first
            if Lobby(record.kind, record.table).is_full:
                raise Refused("lobby-full")
            in_group = await self.publisher.hands_in_group(user.user_id)
            if in_group or not await self.publisher.welcome(record, user):
                said = "lobby-joined-group"  # shown to them alone in the group
        if await self.join(record.id, user) is None:
            raise Refused("lobby-gone")
        return said

    async def tap_leave(self, record: GameRecord, user: Player) -> str:
        def leave(r: GameRecord) -> bool:
            lobby = Lobby(r.kind, r.table)
            lobby.leave(user.user_id)
            if lobby.is_empty:
                r.table.closed, r.finished = "lobby-closed-empty", True
            else:
                r.table.expires = self.records.lobby_expiry(r)
            return True

        if await self.door.mutate(record.id, leave) is None:
            raise Refused("lobby-gone")
        return "lobby-left"

    async def tap_start(self, record: GameRecord, user: Player) -> None:
        Lobby(record.kind, record.table).check_start(user.user_id)
        if record.table.group is None and not record.table.private:
            raise Refused("lobby-need-group")
        await self.play.begin(record.id)

    async def tap_cancel(
        self, record: GameRecord, user: Player, is_admin: Callable[[], Awaitable[bool]]
    ) -> None:
        admin = user.user_id != record.table.creator and await is_admin()
        Lobby(record.kind, record.table).check_cancel(user.user_id, admin)

        def cancel(r: GameRecord) -> bool:
            if r.phase != "lobby":
                raise Refused("lobby-gone")
            r.table.closed, r.finished = "lobby-closed-cancelled", True
            return True

        await self.door.mutate(record.id, cancel)

    async def tap_setting(self, record: GameRecord, user: Player, which: str, version: int) -> None:
        def setting(r: GameRecord) -> bool:
            if r.version != version:  # a repeated or old tap: the setting has moved on
                raise Refused("grp-stale")
            lobby = Lobby(r.kind, r.table)
            if which == "level":
                lobby.next_level(user.user_id)
            elif which == "ai+":
                lobby.add_computer(user.user_id)
            elif which == "ai-":
                lobby.remove_computer(user.user_id)
            else:  # one of the game's own settings
                lobby.step(user.user_id, which)
            r.table.expires = self.records.lobby_expiry(r)
            return True

        await self.door.mutate(record.id, self._filled(setting))

    async def lobby_due(self, key: str, now: float) -> None:
        gid = key.split(":", 1)[1]

        def expire(r: GameRecord) -> bool:
            if r.phase != "lobby" or (r.table.expires or 0) > now:
                return False
            r.table.closed, r.finished = "lobby-closed-expired", True
            return True

        record = await self.door.mutate(gid, expire)
        if record is not None and record.phase == "lobby":
            await self.door.keep(record)  # its expiry moved: kept
