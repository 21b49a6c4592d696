"""Every message of a table game, kept up to date with the record as saved, and the table wing's
one holder of the Messenger: every send, edit, delete of a table's messages goes through here,
to a place (`bot.games.places`), whose kind says how.

What the door shows after a change (`show`): the board — every copy of it, each through the
coalescer its place names — and the creator's invite (the hands: `bot.games.table.hands`). A
screen that did not change is not sent again. Beside that, the writes the table's parts ask
for: a first message (`put`: a lobby, a setup, a hand, a waiting screen), a message beside a
place (`post`), a ping (`ping`), an old message deleted or retired, a greeting."""

from __future__ import annotations

import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable

from bot.config import Settings
from bot.games import howto
from bot.games.budget import game_writes
from bot.games.places import EphemeralMessage, Flood, Pinged, Place
from bot.games.player_views import HANDS
from bot.games.ports import ChatMoved, Messenger, RetryLater, Undeliverable
from bot.games.refusal import Refused
from bot.games.table import where
from bot.games.table.changes import TableRecords
from bot.games.table.chat_moves import ChatMoves
from bot.games.table.table_screens import TableScreens
from bot.render import notices
from bot.render.screen import Screen
from bot.storage import StoreUnavailable
from bot.storage.record import GameRecord, Player
from bot.wire import flood as floods
from bot.wire.flood import EditCoalescer
from bot.wire.keyboard import Keyboard

log = logging.getLogger(__name__)

Send = Callable[[], Awaitable[None]]
KEPT = 10_000  # screens remembered before they are forgotten (a screen shown again is sent)


def signature(screen: Screen) -> str:
    raw = screen.text + "|" + (screen.keyboard.to_json() if screen.keyboard is not None else "")
    return hashlib.blake2b(raw.encode(), digest_size=12).hexdigest()


class Publisher:
    def __init__(
        self,
        messenger: Messenger,
        records: TableRecords,
        settings: Settings,
        flood: EditCoalescer,
        moves: ChatMoves,
        inline_flood: EditCoalescer | None = None,
        private_flood: EditCoalescer | None = None,
    ) -> None:
        self._tg = messenger
        self.moves = moves
        self.records = records
        self.settings = settings
        self.screens = TableScreens(settings, messenger.username)
        self.flood = flood  # groups' edits: a group's budget (ephemeral hands in it included)
        # inline messages' edits: a budget of their own (INLINE_EDITS_PER_MINUTE)
        self.inline_flood = inline_flood or flood
        # private chats' edits (hands, a match's boards, a game against the computer): their
        # chat's pace, the newest edit waiting for it (and for a RetryAfter), not a tap's answer
        self.private_flood = private_flood or EditCoalescer(1_000_000, min_gap=0.0)
        self._shown: dict[Place, str] = {}  # board and invite messages: the screen last sent

    # -- the coalescers ----------------------------------------------------------------------
    def coalescer(self, place: Place) -> EditCoalescer:
        """The coalescer a place's edits go through (the kind names it)."""
        if place.flood is Flood.INLINE:
            return self.inline_flood
        return self.private_flood if place.flood is Flood.PRIVATE else self.flood

    async def submit(self, place: Place, version: int, send: Send) -> None:
        """An edit of `place` through its coalescer (the newest version wins)."""
        coalescer = self.coalescer(place)
        await coalescer.submit(
            place.lane, place.key, version, send, message=place.shown_on, ordered=False
        )

    def board_held(self, record: GameRecord) -> float | None:
        """Seconds until the group's board can show `record` when its edit waits for the
        group's budget (None: nothing of this board waits)."""
        board = where.board(record.table, record.id)
        return None if board is None else self.coalescer(board).held_for(board.lane, board.key)

    async def chat_moved(self, old: int, new: int, gid: str | None) -> None:
        await self.moves.moved(old, new, gid)

    # -- screens -----------------------------------------------------------------------------
    async def board_screen(
        self, record: GameRecord, confirm_leave: bool = False, viewer: int | None = None
    ) -> Screen:
        return await self.screens.board(record, confirm_leave, viewer)

    async def hand_screen(
        self,
        record: GameRecord,
        seat: int,
        version: int,
        confirm_leave: bool = False,
        *,
        in_group: bool | None = None,
    ) -> Screen:
        return await self.screens.hand(record, seat, version, confirm_leave, in_group=in_group)

    # -- what the door shows -------------------------------------------------------------------
    async def show(self, record: GameRecord, resend: bool = False) -> None:
        """Bring the board and the invite up to date with `record` (as saved)."""
        if record.phase == "cancelled" and record.table.private:
            return  # a closed setup against the computer: its message may be the menu again
        meta = record.table
        boards = where.boards(meta, record.id)
        if boards and not resend:
            for board in boards:
                await self.publish(record, board)
        elif (home := where.home(meta)) is not None:
            posted = await self._post_board(record, home, await self.board_screen(record))
            for board in boards:  # shown again below: the old message goes
                await self.delete(board)
            record = posted or record  # (the invite links to it)
        invite = where.invite(meta)
        if invite is not None:
            screen = await self.screens.invite(record)
            sig = signature(screen)
            if self._shown.get(invite) != sig:  # no edit that changes nothing
                with contextlib.suppress(Undeliverable, RetryLater):
                    shown = await self.put(invite, screen)
                    if shown is not None and shown != invite:
                        await self.moved(record.id, shown)

    async def publish(self, record: GameRecord, place: Place) -> None:
        """The table at one place: the board as `place.viewer` sees it, edited through the
        place's coalescer unless it shows that screen already (a double tap, "My cards", two
        taps at once that change nothing edit nothing)."""
        screen = await self.board_screen(record, viewer=place.viewer)
        sig = signature(screen)
        if self._shown.get(place) == sig:
            return
        gid, version = record.id, record.version
        self._remember(place, sig)

        async def push() -> None:
            try:
                latest = await self.records.store.version_of(gid)
            except StoreUnavailable:  # cannot tell: show what we have
                latest = None
            if latest is not None and latest > version:
                return  # a newer board is on its way (from this process or another)
            try:
                shown = await place.edit(self._tg, screen, retry=False)
            except ChatMoved as moved:  # shows the game afresh in the new chat
                if place.moves_with is not None:
                    await self.chat_moved(place.moves_with, moved.new_chat_id, gid)
                return
            if shown is not None and shown != place:
                await self.moved(gid, shown)

        await self.submit(place, version, push)

    async def last(self, record: GameRecord, place: Place) -> None:
        """A copy of the board the table no longer keeps (its player left a game that goes on):
        the end for them, once, through its coalescer like any edit of it (so no older board
        waiting there comes after it); no later change of the table shows there."""
        screen = await self.board_screen(record, viewer=place.viewer)
        self._remember(place, signature(screen))

        async def push() -> None:
            with contextlib.suppress(ChatMoved):  # (a private chat never moves)
                await place.edit(self._tg, screen, retry=False)

        await self.submit(place, record.version, push)

    async def _post_board(
        self, record: GameRecord, home: Place, screen: Screen
    ) -> GameRecord | None:
        """The board as a new message where the game lives (none yet, or the old one gone):
        the record as saved with it."""
        try:
            with game_writes():
                shown = await home.post(self._tg, screen.text, screen.keyboard)
        except ChatMoved as moved:
            if home.moves_with is not None:
                await self.chat_moved(home.moves_with, moved.new_chat_id, record.id)
            return None
        if shown is None:
            return None
        self._remember(shown, signature(screen))
        return await self.moved(record.id, shown)

    def _remember(self, place: Place, sig: str) -> None:
        """What a message shows now (an edit to the same would cost budget and change nothing)."""
        if len(self._shown) > KEPT:
            self._shown.clear()
        self._shown[place] = sig

    async def moved(self, gid: str, place: Place) -> GameRecord | None:
        """A message sent anew in another's stead (or a first one): the record keeps it where
        it keeps its kind; one it displaced goes. The record as saved."""
        displaced: list[Place] = []
        saved = None

        def move(r: GameRecord) -> bool:
            kept = place.remember(r.table)
            displaced[:] = kept or []
            return kept is not None

        with contextlib.suppress(Refused):
            saved = await self.records.mutate(gid, move)
        for old in displaced:
            await self.delete(old)
        return saved

    async def confirm_on_board(self, record: GameRecord, seat: int | None, confirm: bool) -> bool:
        """The board that holds the player's hand (against the computer, or their own copy in
        a match) asking "Leave the game?" (or no longer asking); False when the hand is not on
        the board. The question asked again (an old "Yes" tapped) edits nothing."""
        meta = record.table
        mine = where.seat_board(meta, seat, record.id)
        board = mine or where.board(meta)
        if not (meta.private or mine) or board is None:
            return False
        screen = await self.board_screen(record, confirm_leave=confirm, viewer=board.viewer)
        if self._shown.get(board) != (sig := signature(screen)):
            await board.edit(self._tg, screen)
            self._remember(board, sig)
        return True

    # -- writes the parts ask for --------------------------------------------------------------
    async def put(self, place: Place, screen: Screen) -> Place | None:
        """`screen` at `place` now: its message edited, or one sent when it has none (a lobby's
        first message, a setup, a waiting screen); the place that shows it, or None when the
        chat refuses the bot. ChatMoved, RetryLater and Undeliverable reach the caller."""
        with game_writes():  # (a member's /newgame starts a game: its writes are the game's)
            shown = await place.edit(self._tg, screen)
        if shown is not None:
            self._remember(shown, signature(screen))
        return shown

    async def edit(self, place: Place, screen: Screen, *, retry: bool = True) -> Place | None:
        """`screen` at `place` (a hand: its screens are remembered by `Hands`)."""
        return await place.edit(self._tg, screen, retry=retry)

    async def post(
        self, place: Place, text: str, markup: Keyboard | None = None, *, reply: bool = False
    ) -> Place | None:
        """A new message beside `place` (None where nothing may be posted)."""
        with game_writes():
            return await place.post(self._tg, text, markup, reply=reply)

    async def ping(self, place: Place, text: str, markup: Keyboard | None = None) -> Pinged | None:
        """A turn ping beside `place`, as the kind sends one."""
        return await place.ping(self._tg, text, markup)

    async def delete(self, place: Place) -> None:
        """An old message gone (a delete spends nothing of a group's budget): no stale buttons
        stay in the chat."""
        with contextlib.suppress(Undeliverable, RetryLater, ChatMoved):
            await place.delete(self._tg)
        self._shown.pop(place, None)

    async def retire(self, place: Place, text: str | None = None) -> None:
        """An old message's buttons taken away (its text replaced by `text`: where it went)."""
        with contextlib.suppress(Undeliverable, RetryLater, ChatMoved):
            await place.retire(self._tg, text)
        self._shown.pop(place, None)

    async def answer_in_group(
        self, hand: EphemeralMessage, screen: Screen, query_id: str | None
    ) -> EphemeralMessage | None:
        """A hand shown in the group once more, in a new message: in answer to the tap
        `query_id` when it goes at once (held for the budget, the tap was answered long ago)."""
        query = None if floods.HELD.get() else query_id
        shown = await self._tg.send_ephemeral(
            hand.chat, hand.user, screen.text, screen.keyboard, query_id=query, retry=False
        )
        return None if shown is None else EphemeralMessage(hand.chat, hand.user, shown, hand.seat)

    async def send_to_group(
        self,
        chat_id: int,
        text: str,
        markup: Keyboard | None = None,
        *,
        thread: int | None = None,
        reply_to: int | None = None,
    ) -> int | None:
        """A plain message to a group (a refusal, the game picker), in forum topic `thread`;
        when the group has become a supergroup its game moves there first and the message goes
        there too (a basic group has no topics)."""
        try:
            return await self._tg.send(chat_id, text, markup, reply_to=reply_to, thread=thread)
        except ChatMoved as moved:
            log.info("event=chat_migrated old=%s new=%s", chat_id, moved.new_chat_id)
            await self.chat_moved(chat_id, moved.new_chat_id, None)
            return await self._tg.send(moved.new_chat_id, text, markup)

    async def welcome(self, record: GameRecord, user: Player) -> bool:
        """Greet a new player in their private chat; False when the bot may not write there."""
        text = notices.welcome(record.kind, user.lang, record.table.title)
        try:
            return await self._tg.send(user.user_id, text) is not None
        except (Undeliverable, RetryLater, ChatMoved) as err:
            log.info("event=welcome_failed user=%s error=%s", user.user_id, err)
            return False

    async def how_to(self, user: Player, kind: str) -> None:
        """The first time a person plays `kind`, two lines on how (`bot.games.howto`)."""
        await howto.first_time(self.records.store, self._tg, user.user_id, kind, user.lang)

    async def hands_in_group(self, user_id: int) -> bool:
        """The player chose to see their hidden hands in the group (/settings)."""
        return await self.records.store.get_setting(user_id, HANDS) == "group"

    async def username(self) -> str:
        return await self._tg.username()
