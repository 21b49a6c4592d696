"""A table game being played: the deal, moves (a two-tap game's pick), resign, turn timeouts."""

from __future__ import annotations

import logging
from collections.abc import Callable

import rules
from bot import metrics
from bot.events import Removed, Timeout
from bot.games import howto, searches
from bot.games.player_views import note_seen
from bot.games.refusal import Notice, Refused
from bot.games.state import current, position, public_view, state_of, turn
from bot.games.table import moves
from bot.games.table.changes import TableRecords
from bot.games.table.group_hands import GroupHands
from bot.games.table.lobby import Lobby
from bot.games.table.pings import Pings
from bot.games.table.private import PrivateTables
from bot.games.table.publisher import Publisher
from bot.games.timers import lobby_key
from bot.i18n import t
from bot.registry import spec
from bot.storage.record import GameRecord, Place, Player
from bot.wire import deeplinks
from rules.notation import move_targets

log = logging.getLogger(__name__)

RESIGN_CONFIRM_SECONDS = 15.0
MOVE_TRIES = 3  # a move's save lost to changes nobody sees is tried this often


def _resign_key(gid: str, user_id: int) -> str:
    return f"resign:{gid}:{user_id}"


class PlayService:
    def __init__(
        self,
        records: TableRecords,
        publisher: Publisher,
        pings: Pings,
        private: PrivateTables,
        wake: Callable[[float], None],
    ) -> None:
        self.records = records
        self.store = records.store
        self.settings = records.settings
        self.publisher = publisher
        self.pings = pings
        self.private = private
        self.ai_pause = self.settings.ai_pause_seconds
        self.wake = wake  # wake the deadline loop at this time (a computer seat's move)
        self.group_hands = GroupHands(records, publisher)

    def _seat(self, record: GameRecord, user_id: int) -> int:
        """The user's seat in a game that is on (Refused otherwise)."""
        seat = record.table.seat_of(user_id)
        if seat is None:
            raise Refused("grp-not-seated")
        if record.phase != "play":
            raise Refused("grp-game-over")
        return seat

    def mover(self, record: GameRecord, user_id: int, version: int | None) -> int:
        """The user's seat when it is their turn on the version they tapped (None: any version;
        Refused otherwise)."""
        seat = self._seat(record, user_id)
        if version is not None and not current(record, version):
            raise Refused("grp-stale")
        if turn(record) != seat:
            raise Refused("grp-not-your-turn")
        return seat

    async def begin(self, gid: str) -> GameRecord | None:
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
            moves.start(r, lobby, now, self.settings.turn_timeout_seconds, ai_pause=self.ai_pause)
            dealt = True
            return True

        record = await self.records.mutate(gid, deal)
        if record is None or record.phase != "play":
            return record
        if dealt:
            metrics.game_started(record.kind)
            if record.table.group is not None:  # its people race on the group's deal of the day
                seated = [record.table.players[s].user_id for s in record.table.humans]
                await note_seen(self.store, record.table.group, seated, now)
        await self.store.cancel(lobby_key(gid))
        if spec(record.kind).hidden_hands and not record.table.private:
            await self._deal_hands(record)
            record = await self.store.load(gid) or record
        if record.table.private:
            await self.store.add_user_game(record.table.creator, record.id)
            await self.private.started(record)
        await self._schedule(record)
        await self.publisher.show(record)
        await self.pings.turn_passed(record, None)
        return record

    async def after_start(self, record: GameRecord) -> None:
        """A game dealt (and shown) elsewhere: keep its first deadline."""
        await self._schedule(record)

    async def _schedule(self, record: GameRecord) -> None:
        """Keep the turn's deadline; a computer's turn wakes the deadline loop on time."""
        await self.records.schedule_turn(record)
        due = record.table.due
        if due is not None and record.phase == "play" and record.table.is_ai(turn(record)):
            self.wake(due)

    async def _deal_hands(self, record: GameRecord) -> None:
        """Each person's hand: in their private chat, or (the bot may not write there, or they
        chose it) in the group, shown to them alone (an ephemeral message, whose delivery is not
        guaranteed: "My cards" on the board brings it back)."""
        failed: list[int] = []
        sent: dict[int, Place] = {}
        ephemeral: dict[int, int] = {}
        group = record.table.group
        for seat, p in enumerate(record.table.players):
            if p.ai:
                continue
            if not await self.publisher.hands_in_group(p.user_id):
                screen = await self.publisher.hand_screen(record, seat, position(record))
                await howto.first_time(
                    self.store, self.publisher.tg, p.user_id, record.kind, p.lang
                )
                msg_id = await self.publisher.tg.send(p.user_id, screen.text, screen.keyboard)
                if msg_id is not None:
                    sent[seat] = (p.user_id, msg_id)
                    continue
            if group is None:
                failed.append(seat)
                continue
            ephemeral[seat] = 0  # none shown yet: `show` sends it within the group's budget

        def remember(r: GameRecord) -> bool:
            r.table.hands = {**r.table.hands, **sent}
            r.table.ephemeral = {**r.table.ephemeral, **ephemeral}
            r.table.dm_failed = failed
            return True

        saved = await self.records.mutate(record.id, remember)
        if saved is not None:
            for seat in sent:
                screen = await self.publisher.hand_screen(saved, seat, position(saved))
                self.publisher.shown_hand(saved.id, seat, saved.version, screen)

    async def my_cards(self, record: GameRecord, user: Player, query_id: str | None) -> Notice:
        """ "My cards" on the board: the private chat opens (where the hand is), or the hand is
        shown here, in the group, to the player alone — again, since its delivery is not
        guaranteed."""
        seat = self._seat(record, user.user_id)
        meta = record.table
        in_group = seat in meta.ephemeral or await self.publisher.hands_in_group(user.user_id)
        link = None
        if deeplinks.is_code(meta.code):
            link = deeplinks.join_link(await self.publisher.tg.username(), meta.code)
        if not in_group and seat in meta.hands:
            raise Refused("ry-hand-private", url=link)
        return await self.group_hands.again(record, seat, user, query_id, link)

    async def send_hand(self, record: GameRecord, seat: int) -> None:
        """(Re)send a player's hand message (after /start j<code> by a seated player)."""
        p = record.table.players[seat]
        screen = await self.publisher.hand_screen(record, seat, position(record))
        msg_id = await self.publisher.tg.send(p.user_id, screen.text, screen.keyboard)
        if msg_id is None:
            return

        def remember(r: GameRecord) -> bool:
            r.table.hands[seat] = (p.user_id, msg_id)
            r.table.ephemeral.pop(seat, None)  # they opened the private chat: the hand is there
            if seat in r.table.dm_failed:
                r.table.dm_failed.remove(seat)
            return True

        old = record.table.hands.get(seat)
        saved = await self.records.mutate(record.id, remember)
        if saved is not None:
            if position(saved) == position(record):  # the message sent shows it as it is
                self.publisher.shown_hand(saved.id, seat, saved.version, screen)
            else:
                self.publisher.forget_hand(saved.id, seat)
            await self.publisher.show(saved)
            if old is not None and old[1] != msg_id:  # the old hand no longer answers taps
                await self.publisher.tg.retire(old[0], old[1], t(p.lang, "hand-moved"))
            shown_there = record.table.ephemeral.get(seat)
            if shown_there and record.table.group is not None:
                await self.publisher.tg.delete_ephemeral(record.table.group, p.user_id, shown_there)

    async def move(self, record: GameRecord, user_id: int, version: int, move: str) -> None:
        """A seated player's move from a button (checked: seat, turn, version, legality). A
        save lost to a change nobody sees (a hand message sent anew) is tried again on the
        game as saved; one lost to a move is refused as stale."""
        for _ in range(MOVE_TRIES):
            if move == "resign":
                seat = self._seat(record, user_id)
            else:
                seat = self.mover(record, user_id, version)
            view, before = public_view(record), turn(record)
            expected, ended = record.version, record.finished
            try:
                now = self.records.clock()
                timeout = self.settings.turn_timeout_seconds
                moves.play(record, seat, move, now, timeout, ai_pause=self.ai_pause)
            except rules.IllegalMove:
                raise Refused(spec(record.kind).refusal(view)) from None
            if await self.records.save(record, expected, ended):
                metrics.move(record.kind)
                await self._after_move(record, before)
                return
            fresh = await self.records.load(record.id)
            if fresh is None or not current(fresh, version):
                break
            record = fresh
        raise Refused("grp-stale")

    async def _after_move(self, record: GameRecord, before: int | None) -> None:
        """A saved change: the next deadline, the group freed at the end, every message shown,
        and the ping of a person whose turn it now is (`before`: whose turn it was)."""
        await self._schedule(record)
        if record.finished:
            await self.records.release(record)
        await self.publisher.show(record)
        await self.pings.turn_passed(record, before)

    async def pick(self, record: GameRecord, user_id: int, version: int, pick: str | None) -> None:
        """A two-tap game: the mover picks a hand card or board cell (then taps one of its
        targets, even when there is only one: a card is never placed without the player seeing
        where). A pick is a move's source in the notation `<source>@<target>` or
        `<source>><target>`; one that starts no legal move is refused."""
        seat = self.mover(record, user_id, version)
        if pick is not None:
            legal = spec(record.kind).game.legal_moves(state_of(record), seat)
            if not move_targets(legal, pick):
                raise Refused("pq-no-cell")
        expected = record.version
        record.table.pick = pick
        record.table.settled = expected + 1  # the targets on the screen change
        if not await self.store.save(record, expected):
            raise Refused("grp-stale")
        await self.publisher.show(record)

    def cell_tap(self, record: GameRecord, user_id: int) -> None:
        """A two-tap game: a target tapped before any source was picked."""
        self.mover(record, user_id, None)
        raise Refused("pq-pick-first")

    async def ask_resign(self, gid: str, user_id: int) -> None:
        """A first Resign tap on the board: remembered in the store (any process may take the
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
        if record.table.is_ai(turn(record)):
            await self._computer(record, now)
        else:
            await self._time_out(gid, now)

    async def _computer(self, record: GameRecord, now: float) -> None:
        """The computer thinks in a worker process (`bot.games.searches`: the event loop
        serves other games), then its moves are saved by compare-and-set on the version it
        thought about."""
        timeout = self.settings.turn_timeout_seconds
        state_of(record)  # decoded here: the worker gets it with the record
        plan = await searches.offload(
            record.kind, searches.PLAN_SECONDS, moves.computer_plan, record
        )
        expected = record.version
        if not moves.computer_turn(record, plan, now, timeout, ai_pause=self.ai_pause):
            return
        if await self.records.save(record, expected, False):
            metrics.move(record.kind)
            await self._after_move(record, plan[0][0])
        # else: another process moved first; its own deadline drives what comes next

    async def _time_out(self, gid: str, now: float) -> None:
        event: Timeout | Removed | None = None
        timeout = self.settings.turn_timeout_seconds

        before: int | None = None

        def expire(r: GameRecord) -> bool:
            nonlocal event, before
            if r.phase != "play" or not r.table.due or r.table.due > now:
                return False
            before = turn(r)
            if r.table.is_ai(before):
                return False  # a computer's turn now: its deadline was set anew
            event = moves.time_out(r, now, timeout, ai_pause=self.ai_pause)
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
