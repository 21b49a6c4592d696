"""A table game being played: the deal, moves (a two-tap game's pick), resign, turn timeouts."""

from __future__ import annotations

import logging

import rules
from bot import metrics
from bot.events import Removed, Timeout
from bot.games import searches
from bot.games.refusal import Notice, Refused
from bot.games.state import current, public_view, state_of, turn
from bot.games.table import moves, where
from bot.games.table.changes import Mutation, TableRecords
from bot.games.table.commit import TableDoor
from bot.games.table.group_hands import GroupHands
from bot.games.table.hands import Hands
from bot.games.table.lobby import Lobby
from bot.games.table.publisher import Publisher
from bot.i18n import t
from bot.registry import spec
from bot.storage.record import GameRecord, Player
from bot.wire import deeplinks
from rules.notation import move_targets

log = logging.getLogger(__name__)

RESIGN_CONFIRM_SECONDS = 15.0
MOVE_TRIES = 3  # a move's save lost to changes nobody sees is tried this often


def _resign_key(gid: str, user_id: int) -> str:
    return f"resign:{gid}:{user_id}"


class PlayService:
    def __init__(
        self, records: TableRecords, door: TableDoor, publisher: Publisher, hands: Hands
    ) -> None:
        self.records = records
        self.store = records.store
        self.settings = records.settings
        self.door = door  # every change of a game being played leaves through it
        self.publisher = publisher
        self.hands = hands
        self.ai_pause = self.settings.ai_pause_seconds
        self.group_hands = GroupHands(door, hands, publisher)

    def _played(self, seat: int, move: str) -> Mutation:
        """The change a seat's move makes (Refused: not a legal move)."""
        now, timeout = self.records.clock(), self.settings.turn_timeout_seconds

        def play(record: GameRecord) -> bool:
            view = public_view(record)
            try:
                moves.play(record, seat, move, now, timeout, ai_pause=self.ai_pause)
            except rules.IllegalMove:
                raise Refused(spec(record.kind).refusal(view)) from None
            return True

        return play

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
        return await self.door.mutate(gid, self.deal)

    def deal(self, record: GameRecord) -> bool:
        """The change that deals a lobby (False: it is not one any more; Refused: too few)."""
        if record.phase != "lobby":
            return False
        lobby = Lobby(record.kind, record.table)
        if not lobby.can_begin:
            raise Refused("lobby-too-few")
        now, timeout = self.records.clock(), self.settings.turn_timeout_seconds
        moves.start(record, lobby, now, timeout, ai_pause=self.ai_pause)
        return True

    async def my_cards(self, record: GameRecord, user: Player, query_id: str | None) -> Notice:
        """ "My cards" on the board: the private chat opens (where the hand is), or the hand is
        shown here, in the group, to the player alone — again, since its delivery is not
        guaranteed."""
        seat = self._seat(record, user.user_id)
        meta = record.table
        in_group = seat in meta.ephemeral or await self.publisher.hands_in_group(user.user_id)
        link = None
        if deeplinks.is_code(meta.code):
            link = deeplinks.join_link(await self.publisher.username(), meta.code)
        if not in_group and seat in meta.hands:
            raise Refused("ry-hand-private", url=link)
        return await self.group_hands.again(record, seat, user, query_id, link)

    async def send_hand(self, record: GameRecord, seat: int) -> None:
        """(Re)send a player's hand message (after /start j<code> by a seated player): the
        hand moves to their private chat, the old one (there, or in the group) goes."""
        sent = await self.hands.send(record, seat)
        if sent is None:
            return
        hand, screen = sent
        self.hands.shown(record.id, seat, record.version, screen)

        def remember(r: GameRecord) -> bool:
            hand.remember(r.table)
            r.table.ephemeral.pop(seat, None)  # they opened the private chat: the hand is there
            if seat in r.table.dm_failed:
                r.table.dm_failed.remove(seat)
            return True

        if await self.door.mutate(record.id, remember) is None:
            return
        lang = record.table.players[seat].lang
        for old in where.hand_messages(record.table, seat):  # they no longer answer taps
            if old != hand:
                await self.publisher.retire(old, t(lang, "hand-moved"))

    async def move(self, record: GameRecord, user_id: int, version: int, move: str) -> None:
        """A seated player's move from a button (checked: seat, turn, version, legality). A
        save lost to a change nobody sees (a hand message sent anew) is tried again on the
        game as saved; one lost to a move is refused as stale."""
        for _ in range(MOVE_TRIES):
            if move == "resign":
                seat = self._seat(record, user_id)
            else:
                seat = self.mover(record, user_id, version)
            if await self.door.commit(record, self._played(seat, move)):
                metrics.move(record.kind)
                return
            fresh = await self.records.load(record.id)
            if fresh is None or not current(fresh, version):
                break
            record = fresh
        raise Refused("grp-stale")

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

        def picked(r: GameRecord) -> bool:
            r.table.pick = pick
            r.table.settled = r.version + 1  # the targets on the screen change
            return True

        if not await self.door.commit(record, picked):
            raise Refused("grp-stale")

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
            await self.door.keep(record)  # the deadline moved: keep it
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

        def answer(r: GameRecord) -> bool:
            return moves.computer_turn(r, plan, now, timeout, ai_pause=self.ai_pause)

        if await self.door.commit(record, answer):
            metrics.move(record.kind)
        # else: another process moved first; its own deadline drives what comes next

    async def _time_out(self, gid: str, now: float) -> None:
        event: Timeout | Removed | None = None
        timeout = self.settings.turn_timeout_seconds

        def expire(r: GameRecord) -> bool:
            nonlocal event
            event = None  # (again on a retried compare-and-set)
            if r.phase != "play" or not r.table.due or r.table.due > now:
                return False
            if r.table.is_ai(turn(r)):
                return False  # a computer's turn now: its deadline was set anew
            event = moves.time_out(r, now, timeout, ai_pause=self.ai_pause)
            return event is not None

        record = await self.door.mutate(gid, expire)
        if record is None:
            return
        if event is None:
            await self.door.keep(record)
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
