"""Every message of a table game, kept up to date with the record as saved: the lobby or table
in the group (through the per-chat edit coalescer), the creator's invite message, the players'
private hands (games with hidden hands), and the greetings a player gets in their private
chat. The screens are the game's own (`bot.games.screens`)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import logging

from bot.config import Settings
from bot.games import places
from bot.games.places import Place
from bot.games.player_views import HANDS
from bot.games.ports import ChatMoved, Messenger, RetryLater, Undeliverable
from bot.games.refusal import Refused
from bot.games.screens import screens
from bot.games.state import position, public_view, state_of, turn, view_of
from bot.games.table.changes import TableRecords
from bot.games.table.chat_moves import ChatMoves
from bot.games.table.lobby import Lobby
from bot.registry import spec
from bot.render import lobby as render_lobby
from bot.render import notices
from bot.render.screen import Screen, TableCtx
from bot.storage import StoreUnavailable
from bot.storage.record import GameRecord, Player
from bot.wire import deeplinks
from bot.wire.flood import EditCoalescer
from bot.wire.keyboard import Keyboard

log = logging.getLogger(__name__)


def _sig(screen: Screen) -> str:
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
        hand_flood: EditCoalescer | None = None,
    ) -> None:
        self.tg = messenger
        self.moves = moves
        self.records = records
        self.settings = settings
        self.flood = flood
        # inline messages' edits: a budget of their own (INLINE_EDITS_PER_MINUTE)
        self.inline_flood = inline_flood or flood
        # private hands: their chat's pace (the budget's), the newest hand waiting for it (and
        # for a RetryAfter) instead of holding a tap's answer
        self.hand_flood = hand_flood or EditCoalescer(1_000_000, min_gap=0.0)
        self._hand_sig: dict[tuple[str, int], tuple[int, str]] = {}
        # the hands this process sent anew in a group (their ids are saved a moment later)
        self._ephemeral: dict[tuple[str, int], int | None] = {}
        self._shown: dict[Place, str] = {}  # board and invite messages: the screen last sent
        self._locks: dict[str, asyncio.Lock] = {}

    async def chat_moved(self, old: int, new: int, gid: str | None) -> None:
        await self.moves.moved(old, new, gid)

    def coalescer(self, place: Place) -> EditCoalescer:
        """The coalescer whose budget a place's edits spend: an inline message's own, else
        its chat's (a group's budget, ephemeral messages in it included)."""
        return self.inline_flood if isinstance(place, places.InlineMessage) else self.flood

    @staticmethod
    def board_of(record: GameRecord) -> Place | None:
        """The game's board (a message that shows games one after another tells them apart)."""
        return places.board(record.table, record.id)

    # -- screens ---------------------------------------------------------------------------------
    async def _ctx(
        self, record: GameRecord, lang: str | None = None, version: int | None = None
    ) -> TableCtx:
        meta = record.table
        return TableCtx(
            lang=lang or meta.lang or self.settings.default_language,
            game_id=record.id,
            version=position(record) if version is None else version,
            events=meta.events,
            names=[p.name for p in meta.players],
            bot_username=await self.tg.username(),
            code=meta.code,
            title=meta.title or "",
            pick=meta.pick,
            why=meta.why,
            deadline_s=int(self.settings.turn_timeout_seconds),
            rematch=not meta.rematch,
            dm_failed=meta.dm_failed,
            ttl_minutes=max(1, self.settings.lobby_ttl_seconds // 60),
            ttl_hours=max(1, self.settings.invite_ttl_seconds // 3600),
            closed=meta.closed if record.phase == "cancelled" else None,
            private=meta.private,
            computers=[i for i, p in enumerate(meta.players) if p.ai],
        )

    async def invite_screen(self, record: GameRecord) -> Screen:
        lobby = Lobby(record.kind, record.table).view()
        ctx = await self._ctx(record)
        board = record.table.board
        ctx.board_url = deeplinks.message_link(*board) if board is not None else None
        return render_lobby.render_invite(
            lobby, ctx, record.phase, in_group=record.table.group is not None
        )

    async def board_screen(
        self, record: GameRecord, confirm_leave: bool = False, viewer: int | None = None
    ) -> Screen:
        """The group's message (lobby or table), the one message of a game against the
        computer (the hand on it), or seat `viewer`'s own copy (a quick match)."""
        meta = record.table
        ctx = await self._ctx(record, lang=None if viewer is None else meta.players[viewer].lang)
        if record.phase in ("lobby", "cancelled"):
            return render_lobby.render(Lobby(record.kind, meta).view(), ctx)
        view = public_view(record)
        mover = turn(record)
        if meta.private or meta.is_ai(mover):
            ctx.deadline_s = None  # nobody is timed: the computer moves after its pause
        if mover is not None:
            ctx.legal = spec(record.kind).game.legal_moves(state_of(record), mover)
        shown = screens(record.kind)
        if viewer is not None:  # the table and the seat's own hand in one (no rematch yet)
            ctx.private, ctx.match = True, True
        elif not meta.private:
            return shown.board(view, ctx)
        ctx.seat, ctx.confirm_leave = meta.humans[0] if viewer is None else viewer, confirm_leave
        if spec(record.kind).hidden_hands:  # the person's hand is on the board
            view = view_of(record, ctx.seat)
        return shown.private(view, ctx)

    async def hand_screen(
        self,
        record: GameRecord,
        seat: int,
        version: int,
        confirm_leave: bool = False,
        *,
        in_group: bool | None = None,
    ) -> Screen:
        """A player's own hand (`in_group`: shown in the group to them alone; None: where the
        record keeps it)."""
        player = record.table.players[seat]
        ctx = await self._ctx(record, lang=player.lang, version=version)
        ctx.seat, ctx.confirm_leave = seat, confirm_leave
        ctx.in_group = seat in record.table.ephemeral if in_group is None else in_group
        timeouts = record.table.timeouts
        ctx.missed = timeouts[seat] if seat < len(timeouts) else 0
        hand = screens(record.kind).hand
        if hand is None:
            raise TypeError(f"{record.kind} has no hidden hands")
        return hand(view_of(record, seat), ctx)

    # -- messages --------------------------------------------------------------------------------
    async def show(self, record: GameRecord, resend: bool = False) -> None:
        """Bring every message of the game up to date with `record` (as saved)."""
        await self.show_board(record, resend)
        invite = places.invite(record.table)
        if invite is not None:
            shown = await self.invite_screen(record)
            invite_sig = _sig(shown)
            if self._shown.get(invite) != invite_sig:  # no edit that changes nothing
                with contextlib.suppress(Undeliverable, RetryLater):
                    await invite.edit(self.tg, shown)
                    self._remember(invite, invite_sig)
        if spec(record.kind).hidden_hands and record.phase in ("play", "over"):
            await self.show_hands(record)

    async def show_board(self, record: GameRecord, resend: bool = False) -> None:
        """The game's board alone (a change only it shows: the rematch taken): every copy of
        it (`places.boards`: one public message, or each player's own in a quick match)."""
        meta = record.table
        boards = places.boards(meta, record.id)
        if boards and not resend:
            for board in boards:
                screen = await self.board_screen(record, viewer=board.viewer)
                sig = _sig(screen)
                # the same screen as last handed to the coalescer (a double tap, "My cards",
                # two taps at once that change nothing) edits nothing
                if self._shown.get(board) != sig:
                    await self._edit_board(record, board, screen, sig)
        elif (home := places.home(meta)) is not None:
            await self._post_board(record, home, await self.board_screen(record))
            for board in boards:  # shown again below: the old message goes
                await self._retire(board)

    async def _edit_board(self, record: GameRecord, board: Place, screen: Screen, sig: str) -> None:
        """The board edited in place, through the coalescer (the newest version wins)."""
        gid, version = record.id, record.version
        self._remember(board, sig)

        async def push() -> None:
            try:
                latest = await self.records.store.version_of(gid)
            except StoreUnavailable:  # cannot tell: show what we have
                latest = None
            if latest is not None and latest > version:
                return  # a newer board is on its way (from this process or another)
            try:
                shown = await board.edit(self.tg, screen, retry=False)
            except ChatMoved as moved:  # shows the game afresh in the new chat
                if isinstance(board, places.ChatMessage):
                    await self.chat_moved(board.chat, moved.new_chat_id, gid)
                return
            if isinstance(shown, places.ChatMessage | places.SeatBoard) and shown != board:
                await self.moved_board(gid, shown)

        await self.coalescer(board).submit(board.lane, board.key, version, push)

    async def _post_board(self, record: GameRecord, home: Place, screen: Screen) -> None:
        """The board as a new message where the game lives (none yet, or the old one gone)."""
        try:
            shown = await home.post(self.tg, screen.text, screen.keyboard)
        except ChatMoved as moved:
            if isinstance(home, places.ChatMessage):
                await self.chat_moved(home.chat, moved.new_chat_id, record.id)
            return
        if isinstance(shown, places.ChatMessage):
            await self.moved_board(record.id, shown)

    async def _retire(self, old: Place) -> None:
        """An old board message that a new one replaced: deleted (a delete spends nothing of
        the group's budget), so no stale buttons stay in the chat."""
        if not isinstance(old, places.ChatMessage) or old.message is None:
            return
        with contextlib.suppress(Undeliverable, RetryLater, ChatMoved):
            await self.tg.delete(old.chat, old.message)
        self._shown.pop(old, None)

    def _remember(self, place: Place, sig: str) -> None:
        """What a message shows now (an edit to the same would cost budget and change nothing)."""
        if len(self._shown) > 10000:
            self._shown.clear()
        self._shown[place] = sig

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
            return await self.tg.send(chat_id, text, markup, reply_to=reply_to, thread=thread)
        except ChatMoved as moved:
            log.info("event=chat_migrated old=%s new=%s", chat_id, moved.new_chat_id)
            await self.chat_moved(chat_id, moved.new_chat_id, None)
            return await self.tg.send(moved.new_chat_id, text, markup)

    async def moved_board(self, gid: str, board: places.ChatMessage | places.SeatBoard) -> None:
        def move(r: GameRecord) -> bool:
            board.remember(r.table)
            return True

        with contextlib.suppress(Refused):
            await self.records.mutate(gid, move)

    async def hands_in_group(self, user_id: int) -> bool:
        """The player chose to see their hidden hands in the group (/settings)."""
        return await self.records.store.get_setting(user_id, HANDS) == "group"

    async def welcome(self, record: GameRecord, user: Player) -> bool:
        """Greet a new player in their private chat; False when the bot may not write there."""
        text = notices.welcome(record.kind, user.lang, record.table.title)
        try:
            return await self.tg.send(user.user_id, text) is not None
        except (Undeliverable, RetryLater, ChatMoved) as err:
            log.info("event=welcome_failed user=%s error=%s", user.user_id, err)
            return False

    # -- private hands (hidden-hand games) -------------------------------------------------------
    def _lock(self, gid: str) -> asyncio.Lock:
        lock = self._locks.get(gid)
        if lock is None:
            if len(self._locks) > 10000:
                self._locks = {k: v for k, v in self._locks.items() if v.locked()}
            lock = self._locks[gid] = asyncio.Lock()
        return lock

    def forget_hand(self, gid: str, seat: int) -> None:
        self._hand_sig.pop((gid, seat), None)

    def board_held(self, record: GameRecord) -> float | None:
        """Seconds until the group's board can show `record` when its edit waits for the
        group's budget (None: nothing of this board waits)."""
        board = self.board_of(record)
        return None if board is None else self.coalescer(board).held_for(board.lane, board.key)

    def shown_hand(self, gid: str, seat: int, version: int, screen: Screen) -> None:
        self._hand_sig[(gid, seat)] = (version, _sig(screen))

    async def show_hands(self, record: GameRecord) -> None:
        async with self._lock(record.id):
            calls = []
            for seat in sorted({*record.table.hands, *record.table.ephemeral}):
                last = self._hand_sig.get((record.id, seat))
                if last is not None and last[0] > record.version:
                    continue  # a newer state is already shown
                screen = await self.hand_screen(record, seat, position(record))
                sig = _sig(screen)
                self._hand_sig[(record.id, seat)] = (record.version, sig)
                if last is not None and last[1] == sig:
                    continue
                hand = places.hand(record.table, seat)
                if hand is not None:
                    calls.append(self.edit_hand(hand, record.version, screen, record.id, seat))
            if calls:
                await asyncio.gather(*calls)
            if record.finished:
                for key in [k for k in self._hand_sig if k[0] == record.id]:
                    del self._hand_sig[key]
                    self._ephemeral.pop(key, None)

    async def show_leave_confirm(self, record: GameRecord, user_id: int, confirm: bool) -> None:
        """The hand asking "Leave the game?" (or no longer asking); the question asked again
        (an old "Yes" tapped) edits nothing."""
        seat = record.table.seat_of(user_id)
        # the hand is on the board: against the computer, or the player's own copy (a match)
        mine = [b for b in places.boards(record.table, record.id) if b.viewer == seat]
        board = mine[0] if mine else places.board(record.table)
        if (record.table.private or mine) and board is not None:
            screen = await self.board_screen(record, confirm_leave=confirm, viewer=board.viewer)
            if self._shown.get(board) != (sig := _sig(screen)):
                await board.edit(self.tg, screen)
                self._remember(board, sig)
            return
        hand = None if seat is None else places.hand(record.table, seat)
        if seat is None or hand is None:
            return
        screen = await self.hand_screen(record, seat, position(record), confirm_leave=confirm)
        last = self._hand_sig.get((record.id, seat))
        if last is not None and last[1] == _sig(screen):
            return
        self.forget_hand(record.id, seat)
        await hand.edit(self.tg, screen)
        self.shown_hand(record.id, seat, record.version, screen)

    async def edit_hand(
        self, hand: Place, version: int, screen: Screen, gid: str = "", seat: int = -1
    ) -> None:
        """A hand, through the coalescer (a paused chat delays it, the newest wins): a private
        one in its chat's own lane, one shown in the group in the group's lane (its budget)."""
        ephemeral = isinstance(hand, places.EphemeralMessage)

        async def push() -> None:
            place = hand
            sent = self._ephemeral.get((gid, seat))
            if isinstance(hand, places.EphemeralMessage) and hand.message is None and sent:
                place = dataclasses.replace(hand, message=sent)  # sent here, not saved yet
            try:
                shown = await place.edit(self.tg, screen, retry=False)
            except (Undeliverable, ChatMoved) as err:
                log.info("event=hand_edit_failed lane=%s error=%s", hand.lane, err)
                return
            if isinstance(shown, places.EphemeralMessage) and shown != place and gid:
                self._ephemeral[(gid, seat)] = shown.message
                await self.moved_hand(gid, seat, shown)

        flood = self.flood if ephemeral else self.hand_flood
        await flood.submit(hand.lane, hand.key, version, push)

    async def moved_hand(self, gid: str, seat: int, hand: places.EphemeralMessage) -> None:
        """A hand shown in the group was sent anew (the old one gone, or none yet): remember
        the new one; one sent meanwhile by another edit goes (one hand per player)."""
        before: list[int] = []

        def move(r: GameRecord) -> bool:
            if seat not in r.table.ephemeral or hand.message is None:
                return False
            before[:] = [r.table.ephemeral[seat]]
            r.table.ephemeral[seat] = hand.message
            return True

        with contextlib.suppress(Refused):
            await self.records.mutate(gid, move)
        if before and before[0] and before[0] != hand.message:
            await self.tg.delete_ephemeral(hand.chat, hand.user, before[0])
