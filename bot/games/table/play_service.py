"""A group game being played: the deal, moves, Parquet's pick, resign, turn timeouts, rematch."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import rules
from bot import metrics
from bot.games import howto
from bot.games.refusal import Refused
from bot.games.state import public_view, state_of
from bot.games.table import play
from bot.games.table.lobby import Lobby
from bot.games.table.publisher import Publisher
from bot.games.table.records import TableRecords
from bot.games.timers import lobby_key
from bot.i18n import t
from bot.storage.record import GameRecord, Place, Player
from rules.notation import parquet_targets

if TYPE_CHECKING:
    from bot.games.table.lobby_service import LobbyService
    from bot.games.table.pings import Pings
    from bot.games.table.private import PrivateTables

log = logging.getLogger(__name__)

RESIGN_CONFIRM_SECONDS = 15.0


def _resign_key(gid: str, user_id: int) -> str:
    return f"resign:{gid}:{user_id}"


class PlayService:
    def __init__(self, records: TableRecords, publisher: Publisher) -> None:
        self.records = records
        self.store = records.store
        self.settings = records.settings
        self.publisher = publisher
        self.lobbies: LobbyService | None = None  # set by TableService (a rematch opens one)
        self.ai_pause = self.settings.ai_pause_seconds
        # set by TableService: wake the deadline loop at this time (a computer seat's move)
        self.wake: Callable[[float], None] = lambda due: None
        self.private: PrivateTables | None = None  # set by TableService
        self.pings: Pings | None = None  # set by TableService

    def _seat(self, record: GameRecord, user_id: int) -> int:
        """The user's seat in a game that is on (Refused otherwise)."""
        seat = record.table.seat_of(user_id)
        if seat is None:
            raise Refused("grp-not-seated")
        if record.phase != "play":
            raise Refused("grp-game-over")
        return seat

    def _mover(self, record: GameRecord, user_id: int, version: int | None) -> int:
        """The user's seat when it is their turn on the version they tapped (None: any version;
        Refused otherwise)."""
        seat = self._seat(record, user_id)
        if version is not None and version != record.version:
            raise Refused("grp-stale")
        if play.turn_of(public_view(record)) != seat:
            raise Refused("grp-not-your-turn")
        return seat

    async def begin(self, gid: str, by: int | None) -> GameRecord | None:
        """Deal from the lobby (by the creator, or automatically when full)."""
        now = self.records.clock()

        dealt = False

        def deal(r: GameRecord) -> bool:
            nonlocal dealt
            dealt = False  # (again on a retried compare-and-set)
            if r.phase != "lobby":
                return False
            lobby = Lobby(r.kind, r.table)
            if not lobby.can_begin:
                raise Refused("lobby-too-few")
            play.start(r, lobby, now, self.settings.turn_timeout_seconds, ai_pause=self.ai_pause)
            dealt = True
            return True

        record = await self.records.mutate(gid, deal)
        if record is None or record.phase != "play":
            return record
        if dealt:
            metrics.game_started(record.kind)
        await self.store.cancel(lobby_key(gid))
        if record.kind == "ryadki" and not record.table.private:
            await self._deal_hands(record)
            record = await self.store.load(gid) or record
        if record.table.private:
            await self.store.add_user_game(record.table.creator, record.id)
            assert self.private is not None
            await self.private.started(record)
        await self._schedule(record)
        await self.publisher.show(record)
        if self.pings is not None:
            await self.pings.turn_passed(record, None)
        return record

    async def after_start(self, record: GameRecord) -> None:
        """A game dealt (and shown) elsewhere: keep its first deadline."""
        await self._schedule(record)

    async def _schedule(self, record: GameRecord) -> None:
        """Keep the turn's deadline; a computer's turn wakes the deadline loop on time."""
        await self.records.schedule_turn(record)
        due = record.table.due
        if due is not None and record.phase == "play":
            turn = play.turn_of(public_view(record))
            if record.table.is_ai(turn):
                self.wake(due)

    async def _deal_hands(self, record: GameRecord) -> None:
        failed: list[int] = []
        sent: dict[int, Place] = {}
        for seat, p in enumerate(record.table.players):
            if p.ai:
                continue
            await howto.first_time(self.store, self.publisher.tg, p.user_id, "ryadki", p.lang)
            screen = await self.publisher.hand_screen(record, seat, record.version + 1)
            msg_id = await self.publisher.tg.send(p.user_id, screen.text, screen.keyboard)
            if msg_id is None:
                failed.append(seat)
            else:
                sent[seat] = (p.user_id, msg_id)

        def remember(r: GameRecord) -> bool:
            r.table.hands = {**r.table.hands, **sent}
            r.table.dm_failed = failed
            return True

        saved = await self.records.mutate(record.id, remember)
        if saved is not None:
            for seat in sent:
                screen = await self.publisher.hand_screen(saved, seat, saved.version)
                self.publisher.shown_hand(saved.id, seat, saved.version, screen)

    async def send_hand(self, record: GameRecord, seat: int) -> None:
        """(Re)send a player's hand message (after /start j<code> by a seated player)."""
        p = record.table.players[seat]
        screen = await self.publisher.hand_screen(record, seat, record.version)
        msg_id = await self.publisher.tg.send(p.user_id, screen.text, screen.keyboard)
        if msg_id is None:
            return

        def remember(r: GameRecord) -> bool:
            r.table.hands[seat] = (p.user_id, msg_id)
            if seat in r.table.dm_failed:
                r.table.dm_failed.remove(seat)
            return True

        old = record.table.hands.get(seat)
        saved = await self.records.mutate(record.id, remember)
        if saved is not None:
            self.publisher.forget_hand(saved.id, seat)
            await self.publisher.show(saved)
            if old is not None and old[1] != msg_id:  # the old hand no longer answers taps
                await self.publisher.tg.retire(old[0], old[1], t(p.lang, "hand-moved"))

    async def move(self, record: GameRecord, user_id: int, version: int, move: str) -> None:
        """A seated player's move from a button (checked: seat, turn, version, legality)."""
        if move == "resign":
            seat = self._seat(record, user_id)
        else:
            seat = self._mover(record, user_id, version)
        view = public_view(record)
        expected, ended = record.version, record.finished
        try:
            now = self.records.clock()
            timeout = self.settings.turn_timeout_seconds
            play.play(record, seat, move, now, timeout, ai_pause=self.ai_pause)
        except rules.IllegalMove:
            ryadki_answer = record.kind == "ryadki" and view.get("stack")
            raise Refused("ry-must-match" if ryadki_answer else "grp-illegal") from None
        if not await self.records.save(record, expected, ended):
            raise Refused("grp-stale")
        metrics.move(record.kind)
        await self._after_move(record, play.turn_of(view))

    async def _after_move(self, record: GameRecord, before: int | None) -> None:
        """A saved change: the next deadline, the group freed at the end, every message shown,
        and the ping of a person whose turn it now is (`before`: whose turn it was)."""
        await self._schedule(record)
        if record.finished:
            await self.records.release(record)
        await self.publisher.show(record)
        if self.pings is not None:
            await self.pings.turn_passed(record, before)

    async def pick(self, record: GameRecord, user_id: int, version: int, pick: str | None) -> None:
        """Parquet: the mover picks a hand card or board cell (then taps one of its cells, even
        when there is only one: a card is never placed without the player seeing where)."""
        seat = self._mover(record, user_id, version)
        if pick is not None:
            legal = rules.GAMES[record.kind].legal_moves(state_of(record), seat)
            if not parquet_targets(legal, pick):
                raise Refused("pq-no-cell")
        expected = record.version
        record.table.pick = pick
        if not await self.store.save(record, expected):
            raise Refused("grp-stale")
        await self.publisher.show(record)

    def cell_tap(self, record: GameRecord, user_id: int) -> None:
        """Parquet: a board cell tapped before any card was picked."""
        self._mover(record, user_id, None)
        raise Refused("pq-pick-first")

    async def ask_resign(self, gid: str, user_id: int) -> None:
        """Parquet's first Resign tap: remembered in the store (any process may take the
        second tap) for RESIGN_CONFIRM_SECONDS."""
        await self.store.unmark(_resign_key(gid, user_id))
        await self.store.mark(_resign_key(gid, user_id), RESIGN_CONFIRM_SECONDS)

    async def confirmed_resign(self, gid: str, user_id: int) -> bool:
        """The second tap: True (once) when the first came within RESIGN_CONFIRM_SECONDS."""
        return await self.store.unmark(_resign_key(gid, user_id))

    async def turn_due(self, key: str, now: float) -> None:
        """A turn's deadline: a computer seat's move, or a person's turn timed out."""
        gid = key.split(":", 1)[1]
        record = await self.store.load(gid)
        if record is None or record.phase != "play" or not record.table.due:
            return
        if record.table.due > now:
            await self._schedule(record)  # the deadline moved: keep it
            return
        turn = play.turn_of(public_view(record))
        if record.table.is_ai(turn):
            await self._computer(record, now)
        else:
            await self._time_out(gid, now)

    async def _computer(self, record: GameRecord, now: float) -> None:
        """The computer thinks in a worker thread (the event loop serves other games), then
        its moves are saved by compare-and-set on the version it thought about."""
        timeout = self.settings.turn_timeout_seconds
        state_of(record)  # decoded here: the thread only reads
        plan = await asyncio.to_thread(play.computer_plan, record)
        expected = record.version
        if not play.computer_turn(record, plan, now, timeout, ai_pause=self.ai_pause):
            return
        if await self.records.save(record, expected, False):
            metrics.move(record.kind)
            await self._after_move(record, plan[0][0])
        # else: another process moved first; its own deadline drives what comes next

    async def _time_out(self, gid: str, now: float) -> None:
        event: dict[str, Any] | None = None
        timeout = self.settings.turn_timeout_seconds

        before: int | None = None

        def expire(r: GameRecord) -> bool:
            nonlocal event, before
            if r.phase != "play" or not r.table.due or r.table.due > now:
                return False
            before = play.turn_of(public_view(r))
            if r.table.is_ai(before):
                return False  # a computer's turn now: its deadline was set anew
            event = play.time_out(r, now, timeout, ai_pause=self.ai_pause)
            return event is not None

        record = await self.records.mutate(gid, expire)
        if record is None:
            return
        if event is None:
            if record.phase == "play":
                await self._schedule(record)
            return
        log.info(
            "event=turn_timeout game=%s kind=%s seat=%s action=%s",
            gid,
            record.kind,
            event["seat"],
            event["e"],
        )
        if event["e"] == "timeout":
            metrics.move(record.kind)
        await self._after_move(record, before)

    async def rematch(self, record: GameRecord, user: Player, lang: str) -> None:
        if record.table.seat_of(user.user_id) is None:
            raise Refused("grp-not-seated")
        group = record.table.group
        if record.phase != "over" or (group is None and not record.table.private):
            raise Refused("grp-stale")
        if record.table.rematch:
            raise Refused("grp-rematch-busy")

        def mark(r: GameRecord) -> bool:
            if r.table.rematch:
                raise Refused("grp-rematch-busy")
            r.table.rematch = True
            return True

        old = await self.records.mutate(record.id, mark)
        if old is None:
            raise Refused("grp-stale")
        await self.publisher.show(old)  # drops the rematch button
        assert self.lobbies is not None
        if group is None:  # against the computer: the same table again, in a new message
            assert self.private is not None
            await self.private.again(old, lang)
            return
        title, thread = old.table.title or "", old.table.thread
        new = await self.lobbies.new_group_lobby(
            record.kind, group, title, user, lang, thread=thread
        )

        def seat_all(r: GameRecord) -> bool:
            lobby = Lobby(r.kind, r.table)
            for player in old.table.players:
                if player.user_id != user.user_id and not lobby.is_full:
                    lobby.join(player)
            r.table.deck, r.table.deals = old.table.deck, old.table.deals
            return True

        seated = await self.records.mutate(new.id, seat_all)
        if seated is not None:
            await self.lobbies.after_change(seated)
