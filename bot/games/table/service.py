"""Group games at run time: lobbies, invites, moves, timers and the messages that show them.

One `GroupService` per Dispatcher (kept in its data as `group_service`, made on first use), so
handlers stay thin: they parse a tap or a command and call one method here. Every change is a
compare-and-set save of the game record; screens are rendered after the save from what was
saved, the group's board through the per-chat edit coalescer, private hands directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramMigrateToChat

from bot.config import Settings
from bot.games.table import play as gp
from bot.games.table.lobby import DEALS, Lobby, LobbyError, Player
from bot.games.timers import TimerLoop, lobby_key, turn_key
from bot.i18n import Translator, translator
from bot.render import lobby as render_lobby
from bot.render import parquet as render_parquet
from bot.render import ryadki as render_ryadki
from bot.storage import GameRecord, Store
from bot.telegram import deeplinks as invites
from bot.telegram.flood import EditCoalescer
from bot.telegram.io import delete, edit, follow_migration, send, with_retry
from bot.telegram.keyboard import Keyboard
from rules.errors import IllegalMove

log = logging.getLogger(__name__)

CAS_TRIES = 8
RESIGN_CONFIRM_SECONDS = 15.0
MIGRATION_LEASE_SECONDS = 60.0  # a move to a new supergroup left unfinished this long is redone


class Refused(Exception):
    """A user-caused refusal: `key` is the locale message to show (as an alert or a reply)."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


Mutation = Callable[[GameRecord], bool]  # True: save it; False: nothing to change


class GroupService:
    def __init__(
        self,
        bot: Bot,
        store: Store,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.time,
        flood: EditCoalescer | None = None,
    ) -> None:
        self.bot = bot
        self.store = store
        self.settings = settings
        self.clock = clock
        per_minute = settings.edits_per_minute_per_group
        self.flood = flood or EditCoalescer(per_minute, min_gap=min(1.0, 60.0 / per_minute))
        self.timers = TimerLoop(store, tick=settings.timer_tick_seconds, clock=clock)
        self.timers.on("turn", self.turn_due)
        self.timers.on("lobby", self.lobby_due)
        self._username: str | None = None
        self._hand_sig: dict[tuple[str, int], tuple[int, str]] = {}
        self._resign_asked: dict[tuple[str, int], float] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    # -- small helpers ---------------------------------------------------------------------------
    async def username(self) -> str:
        if self._username is None:
            me = await self.bot.me()
            self._username = me.username or ""
        return self._username

    def _(self, record: GameRecord) -> Translator:
        return translator(str(record.meta.get("lang") or self.settings.default_language))

    def _lock(self, gid: str) -> asyncio.Lock:
        lock = self._locks.get(gid)
        if lock is None:
            if len(self._locks) > 10000:
                self._locks = {k: v for k, v in self._locks.items() if v.locked()}
            lock = self._locks[gid] = asyncio.Lock()
        return lock

    async def mutate(self, gid: str, change: Mutation) -> GameRecord | None:
        """Load, change, compare-and-set; retried on a concurrent write. None: game gone."""
        for _ in range(CAS_TRIES):
            record = await self.store.load(gid)
            if record is None:
                return None
            expected = record.version
            if not change(record):
                return record
            if await self.store.save(record, expected):
                return record
        raise Refused("grp-stale")

    async def _schedule(self, record: GameRecord) -> None:
        due = record.meta.get("due")
        if gp.phase(record) == "play" and due:
            await self.store.schedule(turn_key(record.id), float(due))
        else:
            await self.store.cancel(turn_key(record.id))

    async def _release(self, record: GameRecord) -> None:
        group = record.meta.get("group")
        if group is not None:
            await self.store.release_chat_game(int(group), record.id)

    # -- lobby -----------------------------------------------------------------------------------
    def _new_meta(self, kind: str, user: Player, lang: str, code: str) -> dict[str, Any]:
        lobby = Lobby(kind, creator=user.user_id)
        lobby.join(user)
        meta = lobby.as_meta()
        meta.update(
            {
                "phase": "lobby",
                "code": code,
                "lang": lang,
                "title": None,
                "group": None,
                "board": None,
                "invite": None,
                "hands": {},
                "expires": self.clock() + self.settings.lobby_ttl_seconds,
                "due": None,
                "timeouts": [],
                "log": [],
                "pick": None,
                "why": None,
                "closed": None,
            }
        )
        return meta

    async def _claim_group(self, chat_id: int, gid: str) -> bool:
        """One active game per group: claim the chat, freeing it first from a finished game."""
        if await self.store.claim_chat_game(chat_id, gid):
            return True
        current = await self.store.get_chat_game(chat_id)
        if current is None:
            return await self.store.claim_chat_game(chat_id, gid)
        record = await self.store.load(current)
        if record is None or record.finished or gp.phase(record) in ("over", "cancelled"):
            await self.store.release_chat_game(chat_id, current)
            return await self.store.claim_chat_game(chat_id, gid)
        return False

    async def new_group_lobby(
        self,
        kind: str,
        chat_id: int,
        title: str,
        user: Player,
        lang: str,
        message_id: int | None = None,
    ) -> GameRecord:
        """/newgame → a lobby in this group (the picker's message becomes the lobby)."""
        gid = self.store.new_id()
        if not await self._claim_group(chat_id, gid):
            raise Refused("lobby-busy")
        code = invites.new_code()
        meta = self._new_meta(kind, user, lang, code)
        meta.update({"group": chat_id, "title": title})
        record = GameRecord(id=gid, kind=kind, chat_id=chat_id, state="", meta=meta)
        await self.store.put_invite(
            code, {"gid": gid, "kind": kind}, self.settings.invite_ttl_seconds
        )
        text, markup = await self._lobby_screen(record)
        try:
            msg_id = await edit(self.bot, chat_id, message_id, text, markup)
        except TelegramMigrateToChat as err:  # the group is a supergroup now: open it there
            await self.store.release_chat_game(chat_id, gid)
            await self.store.delete_invite(code)
            return await self.new_group_lobby(kind, int(err.migrate_to_chat_id), title, user, lang)
        meta["board"] = [chat_id, msg_id] if msg_id is not None else None
        if not await self.store.create(record):
            await self.store.release_chat_game(chat_id, gid)
            raise Refused("grp-stale")
        await self.store.schedule(lobby_key(gid), float(meta["expires"]))
        return record

    async def new_invite(
        self, kind: str, user: Player, lang: str, chat_id: int, message_id: int | None = None
    ) -> GameRecord:
        """ "Play with friends" → a lobby with no group yet, shown in the creator's chat."""
        gid = self.store.new_id()
        code = invites.new_code()
        meta = self._new_meta(kind, user, lang, code)
        meta["expires"] = self.clock() + self.settings.invite_ttl_seconds
        record = GameRecord(id=gid, kind=kind, chat_id=chat_id, state="", meta=meta)
        await self.store.put_invite(
            code, {"gid": gid, "kind": kind}, self.settings.invite_ttl_seconds
        )
        text, markup = await self._invite_screen(record)
        msg_id = await edit(self.bot, chat_id, message_id, text, markup)
        meta["invite"] = [chat_id, msg_id] if msg_id is not None else None
        await self.store.create(record)
        await self.store.schedule(lobby_key(gid), float(meta["expires"]))
        return record

    async def resolve_invite(self, code: str) -> GameRecord:
        data = await self.store.get_invite(code)
        record = await self.store.load(str(data["gid"])) if data else None
        if data is None or record is None:
            raise Refused("invite-unknown")
        return record

    async def join_by_link(self, code: str, user: Player) -> None:
        """`/start j<code>` in a private chat: seat the user (or resend a seated player's hand)."""
        record = await self.resolve_invite(code)
        seat = gp.seat_of(record, user.user_id)
        if seat is not None:  # a seated player opened the link again
            if gp.phase(record) == "play":
                if record.kind == "ryadki":
                    await self.send_hand(record, seat)
                else:
                    await self._welcome(record, user)
                return
            if gp.phase(record) == "over":
                raise Refused("grp-game-over")
            if gp.phase(record) == "lobby":
                await self._welcome(record, user)
                return
        problem = invites.invite_problem({"gid": record.id}, gp.phase(record), False)
        if problem:
            raise Refused(problem)
        joined = await self._join(record.id, user)
        if joined is None:
            raise Refused("invite-unknown")
        await self._welcome(joined, user)
        await self.after_lobby_change(joined)

    async def _join(self, gid: str, user: Player) -> GameRecord | None:
        def change(record: GameRecord) -> bool:
            if gp.phase(record) != "lobby":
                raise Refused("invite-started")
            lobby = Lobby.from_meta(record.kind, record.meta)
            try:
                if not lobby.join(user):
                    raise Refused("lobby-already")
            except LobbyError as e:
                raise Refused(e.key) from None
            record.meta.update(lobby.as_meta())
            record.meta["expires"] = self._lobby_expiry(record)
            return True

        return await self.mutate(gid, change)

    def _lobby_expiry(self, record: GameRecord) -> float:
        ttl = (
            self.settings.lobby_ttl_seconds
            if record.meta.get("group") is not None
            else self.settings.invite_ttl_seconds
        )
        return self.clock() + ttl

    async def open_in_group(
        self, code: str, chat_id: int, title: str, user: Player, lang: str
    ) -> None:
        """`/start j<code>` in a group (the ?startgroup link): the lobby opens here."""
        record = await self.resolve_invite(code)
        if record.meta.get("group") == chat_id and gp.phase(record) == "lobby":
            await self.show(record, resend=True)
            return
        if gp.phase(record) != "lobby" or record.meta.get("group") is not None:
            raise Refused(
                "invite-started" if gp.phase(record) != "cancelled" else "invite-cancelled"
            )
        if not await self._claim_group(chat_id, record.id):
            raise Refused("lobby-busy")

        def attach(r: GameRecord) -> bool:
            if gp.phase(r) != "lobby" or r.meta.get("group") is not None:
                raise Refused("invite-started")
            r.meta["group"] = chat_id
            r.meta["title"] = title
            r.chat_id = chat_id
            lobby = Lobby.from_meta(r.kind, r.meta)
            if user.user_id not in [p.user_id for p in lobby.players] and not lobby.is_full:
                lobby.join(user)
                r.meta.update(lobby.as_meta())
            r.meta["expires"] = self._lobby_expiry(r)
            return True

        try:
            attached = await self.mutate(record.id, attach)
        except Refused:
            await self.store.release_chat_game(chat_id, record.id)
            raise
        if attached is None:
            await self.store.release_chat_game(chat_id, record.id)
            raise Refused("invite-unknown")
        text, markup = await self._lobby_screen(attached)
        try:
            msg_id = await send(self.bot, chat_id, text, markup)
        except TelegramMigrateToChat as err:  # the group is a supergroup now: move it there
            await self.migrate(chat_id, int(err.migrate_to_chat_id), record.id)
            moved = await self.store.load(record.id)
            if moved is not None:
                await self.after_lobby_change(moved)
            return

        def remember(r: GameRecord) -> bool:
            r.meta["board"] = [chat_id, msg_id] if msg_id is not None else None
            return True

        attached = await self.mutate(record.id, remember) or attached
        await self.after_lobby_change(attached)

    async def after_lobby_change(self, record: GameRecord) -> None:
        """Show the lobby; start it when every seat is taken; keep its expiry scheduled."""
        if gp.phase(record) != "lobby":
            await self.show(record)
            return
        lobby = Lobby.from_meta(record.kind, record.meta)
        if lobby.is_full and record.meta.get("group") is not None:
            await self.begin(record.id, None)
            return
        await self.store.schedule(lobby_key(record.id), float(record.meta["expires"]))
        await self.show(record)

    async def lobby_action(
        self, record: GameRecord, user: Player, action: str, is_admin: Callable[[], Awaitable[bool]]
    ) -> str | None:
        """A lobby button. Returns a locale key to answer with (a short notice), or None."""
        gid = record.id
        if action == "join":
            if gp.seat_of(record, user.user_id) is not None:
                return "lobby-already"
            if record.kind == "ryadki":  # the hand needs a private chat: greet there first
                if Lobby.from_meta(record.kind, record.meta).is_full:
                    raise Refused("lobby-full")
                if not await self._welcome(record, user):
                    raise Refused("lobby-dm-needed")
            joined = await self._join(gid, user)
            if joined is None:
                raise Refused("lobby-gone")
            await self.after_lobby_change(joined)
            return "lobby-joined"
        if action == "leave":

            def leave(r: GameRecord) -> bool:
                lobby = Lobby.from_meta(r.kind, r.meta)
                try:
                    lobby.leave(user.user_id)
                except LobbyError as e:
                    raise Refused(e.key) from None
                r.meta.update(lobby.as_meta())
                if lobby.is_empty:
                    r.meta.update({"phase": "cancelled", "closed": "lobby-closed-empty"})
                    r.finished = True
                else:
                    r.meta["expires"] = self._lobby_expiry(r)
                return True

            left = await self.mutate(gid, leave)
            if left is None:
                raise Refused("lobby-gone")
            if gp.phase(left) == "cancelled":
                await self._closed(left)
            else:
                await self.after_lobby_change(left)
            return "lobby-left"
        if action == "start":
            Lobby.from_meta(record.kind, record.meta)  # validates
            try:
                Lobby.from_meta(record.kind, record.meta).check_start(user.user_id)
            except LobbyError as e:
                raise Refused(e.key) from None
            if record.meta.get("group") is None:
                raise Refused("lobby-need-group")
            await self.begin(gid, user.user_id)
            return None
        if action == "cancel":
            lobby = Lobby.from_meta(record.kind, record.meta)
            admin = user.user_id != lobby.creator and await is_admin()
            try:
                lobby.check_cancel(user.user_id, admin)
            except LobbyError as e:
                raise Refused(e.key) from None

            def cancel(r: GameRecord) -> bool:
                if gp.phase(r) != "lobby":
                    raise Refused("lobby-gone")
                r.meta.update({"phase": "cancelled", "closed": "lobby-closed-cancelled"})
                r.finished = True
                return True

            cancelled = await self.mutate(gid, cancel)
            if cancelled is not None:
                await self._closed(cancelled)
            return None
        if action in ("deck", "deals"):

            def setting(r: GameRecord) -> bool:
                lobby = Lobby.from_meta(r.kind, r.meta)
                try:
                    if action == "deck":
                        lobby.set_deck(user.user_id, 52 if lobby.effective_deck() == 36 else 36)
                    else:
                        nxt = DEALS[(DEALS.index(lobby.deals) + 1) % len(DEALS)]
                        lobby.set_deals(user.user_id, nxt)
                except LobbyError as e:
                    raise Refused(e.key) from None
                r.meta.update(lobby.as_meta())
                r.meta["expires"] = self._lobby_expiry(r)
                return True

            changed = await self.mutate(gid, setting)
            if changed is not None:
                await self.after_lobby_change(changed)
            return None
        return None

    async def _welcome(self, record: GameRecord, user: Player) -> bool:
        """Greet a new player in their private chat; False when the bot may not write there."""
        _ = translator(user.lang)
        game = _(f"grp-game-{record.kind}")
        title = record.meta.get("title")
        if not title:
            text = _("lobby-dm-welcome-nogroup", game=game)
        elif record.kind == "ryadki":
            text = _("lobby-dm-welcome", game=game, group=_esc(str(title)))
        else:
            text = _("lobby-dm-welcome-public", game=game, group=_esc(str(title)))
        try:
            return await send(self.bot, user.user_id, text) is not None
        except TelegramAPIError as err:
            log.info("event=welcome_failed user=%s error=%s", user.user_id, err)
            return False

    async def _closed(self, record: GameRecord) -> None:
        await self._release(record)
        await self.store.cancel(lobby_key(record.id))
        code = record.meta.get("code")
        if code:
            await self.store.delete_invite(str(code))
        await self.show(record)

    async def lobby_due(self, key: str, now: float) -> None:
        gid = key.split(":", 1)[1]

        def expire(r: GameRecord) -> bool:
            if gp.phase(r) != "lobby":
                return False
            if float(r.meta.get("expires") or 0) > now:
                return False
            r.meta.update({"phase": "cancelled", "closed": "lobby-closed-expired"})
            r.finished = True
            return True

        record = await self.mutate(gid, expire)
        if record is None:
            return
        if gp.phase(record) == "lobby":
            await self.store.schedule(key, float(record.meta["expires"]))
        elif (
            gp.phase(record) == "cancelled" and record.meta.get("closed") == "lobby-closed-expired"
        ):
            await self._closed(record)

    # -- the game --------------------------------------------------------------------------------
    async def begin(self, gid: str, by: int | None) -> GameRecord | None:
        """Deal from the lobby (by the creator, or automatically when full)."""
        now = self.clock()

        def deal(r: GameRecord) -> bool:
            if gp.phase(r) != "lobby":
                return False
            lobby = Lobby.from_meta(r.kind, r.meta)
            if not lobby.can_begin:
                raise Refused("lobby-too-few")
            gp.start(r, lobby, now, self.settings.turn_timeout_seconds)
            return True

        record = await self.mutate(gid, deal)
        if record is None or gp.phase(record) != "play":
            return record
        await self.store.cancel(lobby_key(gid))
        if record.kind == "ryadki":
            await self._deal_hands(record)
            record = await self.store.load(gid) or record
        await self._schedule(record)
        await self.show(record)
        return record

    async def _deal_hands(self, record: GameRecord) -> None:
        failed: list[int] = []
        sent: dict[str, list[int]] = {}
        for seat, p in enumerate(gp.players(record)):
            text, markup = self._hand_screen(record, seat, record.version + 1)
            msg_id = await send(self.bot, int(p["user_id"]), text, markup)
            if msg_id is None:
                failed.append(seat)
            else:
                sent[str(seat)] = [int(p["user_id"]), msg_id]

        def remember(r: GameRecord) -> bool:
            r.meta["hands"] = {**(r.meta.get("hands") or {}), **sent}
            r.meta["dm_failed"] = failed
            return True

        saved = await self.mutate(record.id, remember)
        if saved is not None:
            for seat_s, (_chat, _msg) in sent.items():
                text, markup = self._hand_screen(saved, int(seat_s), saved.version)
                self._hand_sig[(saved.id, int(seat_s))] = (saved.version, _sig(text, markup))

    async def send_hand(self, record: GameRecord, seat: int) -> None:
        """(Re)send a player's hand message (after /start j<code> by a seated player)."""
        p = gp.players(record)[seat]
        text, markup = self._hand_screen(record, seat, record.version)
        msg_id = await send(self.bot, int(p["user_id"]), text, markup)
        if msg_id is None:
            return

        def remember(r: GameRecord) -> bool:
            hands = r.meta.setdefault("hands", {})
            hands[str(seat)] = [int(p["user_id"]), msg_id]
            failed = r.meta.get("dm_failed") or []
            if seat in failed:
                failed.remove(seat)
            return True

        saved = await self.mutate(record.id, remember)
        if saved is not None:
            self._hand_sig.pop((saved.id, seat), None)
            await self.show(saved)

    async def move(self, record: GameRecord, user_id: int, version: int, move: str) -> None:
        """A seated player's move from a button (checked: seat, turn, version, legality)."""
        seat = gp.seat_of(record, user_id)
        if seat is None:
            raise Refused("grp-not-seated")
        if gp.phase(record) != "play":
            raise Refused("grp-game-over")
        view = gp.public_view(record)
        if move != "resign":
            if version != record.version:
                raise Refused("grp-stale")
            if gp.turn_of(view) != seat:
                raise Refused("grp-not-your-turn")
        now = self.clock()
        expected = record.version
        try:
            gp.play(record, seat, move, now, self.settings.turn_timeout_seconds)
        except IllegalMove:
            raise Refused(self._illegal_key(record, view)) from None
        if not await self.store.save(record, expected):
            raise Refused("grp-stale")
        await self._after_move(record)

    def _illegal_key(self, record: GameRecord, view: dict[str, Any]) -> str:
        if record.kind == "ryadki" and view.get("stack"):
            return "ry-must-match"
        return "grp-illegal"

    async def _after_move(self, record: GameRecord) -> None:
        await self._schedule(record)
        if record.finished:
            await self._release(record)
        await self.show(record)

    async def parquet_pick(
        self, record: GameRecord, user_id: int, version: int, pick: str | None
    ) -> None:
        seat = gp.seat_of(record, user_id)
        if seat is None:
            raise Refused("grp-not-seated")
        if gp.phase(record) != "play":
            raise Refused("grp-game-over")
        if version != record.version:
            raise Refused("grp-stale")
        if gp.turn_of(gp.public_view(record)) != seat:
            raise Refused("grp-not-your-turn")
        mod = gp.module(record.kind)
        legal = mod.legal_moves(mod.from_json(record.state), seat)
        if pick is not None:
            dests = render_parquet.targets(legal, pick)
            if not dests:
                raise Refused("pq-no-cell")
            if len(dests) == 1:  # one-tap shortcut: the only cell for this card
                await self.move(record, user_id, version, next(iter(dests.values())))
                return
        expected = record.version
        record.meta["pick"] = pick
        if not await self.store.save(record, expected):
            raise Refused("grp-stale")
        await self.show(record)

    def ask_resign(self, gid: str, user_id: int) -> bool:
        """True when this is the confirming second tap (within RESIGN_CONFIRM_SECONDS)."""
        now = self.clock()
        asked = self._resign_asked.pop((gid, user_id), None)
        if asked is not None and now - asked <= RESIGN_CONFIRM_SECONDS:
            return True
        if len(self._resign_asked) > 10000:
            self._resign_asked.clear()
        self._resign_asked[(gid, user_id)] = now
        return False

    async def turn_due(self, key: str, now: float) -> None:
        gid = key.split(":", 1)[1]
        event: dict[str, Any] | None = None

        def expire(r: GameRecord) -> bool:
            nonlocal event
            if gp.phase(r) != "play":
                return False
            due = r.meta.get("due")
            if not due or float(due) > now:
                return False
            event = gp.time_out(r, now, self.settings.turn_timeout_seconds)
            return event is not None

        record = await self.mutate(gid, expire)
        if record is None:
            return
        if event is None:
            if gp.phase(record) == "play":
                await self._schedule(record)  # the deadline moved: keep it scheduled
            return
        log.info(
            "event=turn_timeout game=%s kind=%s seat=%s action=%s",
            gid,
            record.kind,
            event["seat"],
            event["e"],
        )
        await self._after_move(record)

    async def rematch(self, record: GameRecord, user: Player, lang: str) -> None:
        if gp.seat_of(record, user.user_id) is None:
            raise Refused("grp-not-seated")
        group = record.meta.get("group")
        if group is None or gp.phase(record) != "over":
            raise Refused("grp-stale")
        if record.meta.get("rematch"):
            raise Refused("grp-rematch-busy")

        def mark(r: GameRecord) -> bool:
            if r.meta.get("rematch"):
                raise Refused("grp-rematch-busy")
            r.meta["rematch"] = True
            return True

        old = await self.mutate(record.id, mark)
        if old is None:
            raise Refused("grp-stale")
        await self.show(old)  # drops the rematch button
        new = await self.new_group_lobby(
            record.kind, int(group), str(record.meta.get("title")), user, lang
        )

        def seat_all(r: GameRecord) -> bool:
            lobby = Lobby.from_meta(r.kind, r.meta)
            for p in old.meta.get("players") or []:
                player = Player.from_dict(p)
                if player.user_id != user.user_id and not lobby.is_full:
                    lobby.join(player)
            lobby.deck = (old.meta.get("settings") or {}).get("deck")
            lobby.deals = int((old.meta.get("settings") or {}).get("deals", lobby.deals))
            r.meta.update(lobby.as_meta())
            return True

        seated = await self.mutate(new.id, seat_all)
        if seated is not None:
            await self.after_lobby_change(seated)

    # -- screens ---------------------------------------------------------------------------------
    async def _lobby_screen(self, record: GameRecord) -> tuple[str, Keyboard | None]:
        _ = self._(record)
        lobby = Lobby.from_meta(record.kind, record.meta)
        closed = record.meta.get("closed") if gp.phase(record) == "cancelled" else None
        text = render_lobby.lobby_text(
            lobby,
            _,
            ttl_minutes=max(1, self.settings.lobby_ttl_seconds // 60),
            group_title=None,
            closed=closed,
        )
        if closed:
            return text, None
        markup = render_lobby.lobby_keyboard(
            lobby, record.id, record.version, await self.username(), str(record.meta["code"]), _
        )
        return text, markup

    async def _invite_screen(self, record: GameRecord) -> tuple[str, Keyboard | None]:
        _ = self._(record)
        lobby = Lobby.from_meta(record.kind, record.meta)
        username = await self.username()
        code = str(record.meta["code"])
        if gp.phase(record) == "cancelled":
            return render_lobby.lobby_text(
                lobby, _, ttl_minutes=0, closed=record.meta.get("closed")
            ), None
        if gp.phase(record) in ("play", "over"):
            return render_lobby.lobby_text(
                lobby,
                _,
                ttl_minutes=0,
                group_title=str(record.meta.get("title") or ""),
                closed="lobby-closed-started",
            ), None
        if record.meta.get("group") is not None:
            return render_lobby.lobby_text(
                lobby,
                _,
                ttl_minutes=max(1, self.settings.lobby_ttl_seconds // 60),
                group_title=str(record.meta.get("title") or ""),
            ), None
        text = render_lobby.invite_text(
            lobby,
            _,
            bot_username=username,
            code=code,
            ttl_hours=max(1, self.settings.invite_ttl_seconds // 3600),
        )
        return text, render_lobby.invite_keyboard(
            lobby, record.id, record.version, username, code, _
        )

    async def _board_screen(self, record: GameRecord) -> tuple[str, Keyboard | None]:
        ph = gp.phase(record)
        if ph in ("lobby", "cancelled"):
            return await self._lobby_screen(record)
        _ = self._(record)
        mod = gp.module(record.kind)
        state = mod.from_json(record.state)
        view = dict(mod.view(state, -1))
        events = list(record.meta.get("log") or [])
        deadline = int(self.settings.turn_timeout_seconds)
        if record.kind == "ryadki":
            text = render_ryadki.table_text(
                view, gp.players(record), events, _, deadline_s=deadline
            )
            failed = record.meta.get("dm_failed") or []
            names = [str(p["name"]) for p in gp.players(record)]
            for seat in failed:
                if not view["status"]["over"]:
                    text += "\n\n" + _("ry-dm-failed", name=_esc(names[seat]))
            over = view["status"]["over"]
            markup = render_ryadki.table_keyboard(
                record.id,
                record.version,
                await self.username(),
                str(record.meta.get("code") or ""),
                _,
                over=over,
                rematch=not record.meta.get("rematch"),
            )
            return text, markup
        turn = gp.turn_of(view)
        legal = mod.legal_moves(state, turn) if turn is not None else []
        pick = record.meta.get("pick")
        text = render_parquet.text(
            view,
            gp.players(record),
            events,
            pick,
            legal,
            _,
            why=record.meta.get("why"),
            deadline_s=deadline,
        )
        markup = render_parquet.keyboard(view, record.id, record.version, pick, legal, _)
        if view["status"]["over"] and record.meta.get("rematch"):
            markup = None
        return text, markup

    def _hand_screen(
        self, record: GameRecord, seat: int, version: int, confirm_leave: bool = False
    ) -> tuple[str, Keyboard | None]:
        p = gp.players(record)[seat]
        _ = translator(str(p.get("lang") or self.settings.default_language))
        mod = gp.module(record.kind)
        view = dict(mod.view(mod.from_json(record.state), seat))
        names = [str(q["name"]) for q in gp.players(record)]
        text = render_ryadki.hand_text(view, str(record.meta.get("title") or ""), names, _)
        markup = render_ryadki.hand_keyboard(
            view, record.id, version, _, confirm_leave=confirm_leave
        )
        return text, markup

    async def show_leave_confirm(self, record: GameRecord, user_id: int, confirm: bool) -> None:
        seat = gp.seat_of(record, user_id)
        hands = record.meta.get("hands") or {}
        if seat is None or str(seat) not in hands:
            return
        chat, msg = hands[str(seat)]
        text, markup = self._hand_screen(record, seat, record.version, confirm_leave=confirm)
        await edit(self.bot, int(chat), int(msg), text, markup)
        self._hand_sig.pop((record.id, seat), None)

    async def show(self, record: GameRecord, resend: bool = False) -> None:
        """Bring every message of the game up to date with `record` (as saved)."""
        text, markup = await self._board_screen(record)
        board = record.meta.get("board")
        if board and not resend:
            chat, msg = int(board[0]), int(board[1])
            gid, version = record.id, record.version

            async def push() -> None:
                try:
                    new_id = await edit(self.bot, chat, msg, text, markup)
                except TelegramMigrateToChat as err:  # shows the game afresh in the new chat
                    await self.migrate(chat, int(err.migrate_to_chat_id), gid)
                    return
                if new_id is not None and new_id != msg:
                    await self._moved_board(gid, chat, new_id)

            await self.flood.submit(chat, msg, version, push)
        elif record.meta.get("group") is not None:
            chat = int(record.meta["group"])
            try:
                new_id = await send(self.bot, chat, text, markup)
            except TelegramMigrateToChat as err:
                await self.migrate(chat, int(err.migrate_to_chat_id), record.id)
                return
            if new_id is not None:
                await self._moved_board(record.id, chat, new_id)
        invite = record.meta.get("invite")
        if invite:
            itext, imarkup = await self._invite_screen(record)
            with contextlib.suppress(TelegramAPIError):
                await edit(self.bot, int(invite[0]), int(invite[1]), itext, imarkup)
        if record.kind == "ryadki" and gp.phase(record) in ("play", "over"):
            await self._show_hands(record)

    async def send_to_group(
        self, chat_id: int, text: str, markup: Keyboard | None = None
    ) -> int | None:
        """A plain message to a group (a refusal, the game picker); when the group has become
        a supergroup its game moves there first and the message goes there too."""
        _chat, msg_id = await follow_migration(
            lambda chat: send(self.bot, chat, text, markup), chat_id, self.migrate
        )
        return msg_id

    # -- a group upgraded to a supergroup --------------------------------------------------------
    async def migrate(self, old: int, new: int, gid: str | None = None) -> None:
        """The group `old` became the supergroup `new` (a service message in either chat, or a
        write refused with TelegramMigrateToChat): move its game (`gid`, else the one the chat
        index names) there and show it afresh, as a new message (messages of the old group
        cannot be edited under the new id).

        Safe to call any number of times, from any process: a compare-and-set takes a lease on
        the move (`meta["migrating"]`), so exactly one caller sends the new board; every other
        caller, and every later one, only makes sure the chat index names the new chat. A lease
        left by a caller that died is taken over after MIGRATION_LEASE_SECONDS."""
        self.flood.move_chat(old, new)
        gid = gid or await self.store.get_chat_game(old)
        if gid is None:
            return
        now = self.clock()
        won = False

        def lease(r: GameRecord) -> bool:
            nonlocal won
            held = r.meta.get("migrating")
            won = r.meta.get("group") == old and not (
                held and float(held[1]) > now - MIGRATION_LEASE_SECONDS
            )
            if won:
                r.meta["migrating"] = [new, now]
            return won

        record = await self.mutate(gid, lease)
        if record is None:
            await self.store.release_chat_game(old, gid)
            return
        if record.meta.get("group") == new:  # moved before
            await self._index_moved(record, old, new)
            return
        if not won:  # another caller is moving it
            return
        log.info("event=group_migrated game=%s kind=%s old=%s new=%s", gid, record.kind, old, new)
        # the board as it will be once saved below (its buttons carry the saved version)
        target = dataclasses.replace(
            record, chat_id=new, version=record.version + 1, meta={**record.meta, "group": new}
        )
        if gp.phase(record) in ("lobby", "play"):
            await send(self.bot, new, self._(record)("grp-migrated"))
        text, markup = await self._board_screen(target)
        msg_id = await send(self.bot, new, text, markup)

        def settle(r: GameRecord) -> bool:
            if r.meta.get("migrating") != [new, now]:
                raise Refused("grp-stale")  # our lease was taken over
            r.chat_id = new
            r.meta.update(
                {
                    "group": new,
                    "board": [new, msg_id] if msg_id is not None else None,
                    "migrating": None,
                }
            )
            return True

        try:
            saved = await self.mutate(gid, settle)
        except Refused:
            saved = None
        if saved is None or saved.meta.get("group") != new:
            if msg_id is not None:
                await delete(self.bot, new, msg_id)
            return
        await self._index_moved(saved, old, new)
        if saved.version != target.version:
            await self.show(saved)  # it changed meanwhile
        elif saved.kind == "ryadki" and gp.phase(saved) in ("play", "over"):
            await self._show_hands(saved)  # the hands' buttons carry the version too

    async def _index_moved(self, record: GameRecord, old: int, new: int) -> None:
        """The chat index follows a moved game: the new chat names it (while it is on), the old
        one no longer does."""
        on = not record.finished and gp.phase(record) in ("lobby", "play")
        if (
            on
            and not await self._claim_group(new, record.id)
            and await self.store.get_chat_game(new) != record.id
        ):
            log.warning("event=migrated_chat_busy game=%s chat=%s", record.id, new)
        await self.store.release_chat_game(old, record.id)

    async def _moved_board(self, gid: str, chat: int, msg: int) -> None:
        def move(r: GameRecord) -> bool:
            r.meta["board"] = [chat, msg]
            return True

        with contextlib.suppress(Refused):
            await self.mutate(gid, move)

    async def _show_hands(self, record: GameRecord) -> None:
        async with self._lock(record.id):
            calls = []
            for seat_s, (chat, msg) in (record.meta.get("hands") or {}).items():
                seat = int(seat_s)
                last = self._hand_sig.get((record.id, seat))
                if last is not None and last[0] > record.version:
                    continue  # a newer state is already shown
                text, markup = self._hand_screen(record, seat, record.version)
                sig = _sig(text, markup)
                if last is not None and last[1] == sig:
                    self._hand_sig[(record.id, seat)] = (record.version, sig)
                    continue
                self._hand_sig[(record.id, seat)] = (record.version, sig)
                calls.append(self._edit_hand(int(chat), int(msg), text, markup))
            if calls:
                await asyncio.gather(*calls)
            if record.finished:
                for key in [k for k in self._hand_sig if k[0] == record.id]:
                    del self._hand_sig[key]

    async def _edit_hand(self, chat: int, msg: int, text: str, markup: Keyboard | None) -> None:
        try:
            await with_retry(lambda: edit(self.bot, chat, msg, text, markup), "hand")
        except TelegramAPIError as err:
            log.info("event=hand_edit_failed chat=%s error=%s", chat, err)


def _sig(text: str, markup: Keyboard | None) -> str:
    raw = text + "|" + (markup.to_json() if markup is not None else "")
    return hashlib.blake2b(raw.encode(), digest_size=12).hexdigest()


def _esc(text: str) -> str:
    from html import escape

    return escape(text)
