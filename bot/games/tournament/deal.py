"""A tournament's table dealt: a message in each player's private chat first ("your game is
being dealt…", which becomes their board), then the game through the table's door, as a quick
match's (`places.SeatBoard` per person; turn timer, played-for moves, removal and resign as in
every table game), its record naming the tournament (`TableMeta.tour`: its owner) and the time
per move (`TableMeta.turn`).

A player the bot may not write to (they blocked it, or never started it) makes the table void:
they are withdrawn, the others are free again; the messages already sent for it go. A table
whose game exists already (another process, or this one before a restart, dealt it) is only
marked dealt: a game id is dealt once."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot import metrics
from bot.games.places import Place, SeatBoard
from bot.games.ports import ChatMoved, RetryLater, Undeliverable
from bot.games.table import moves
from bot.games.table.commit import TableDoor
from bot.games.table.lobby import Lobby
from bot.games.table.publisher import Publisher
from bot.games.tournament import flow
from bot.games.tournament.model import Table, Tournament
from bot.registry import spec
from bot.render import tournament as screens
from bot.storage import Store
from bot.storage.record import GameRecord, Player, TableMeta

log = logging.getLogger(__name__)

Change = Callable[[str, Callable[[Tournament], bool]], Awaitable[object]]


def table_settings(kind: str) -> dict[str, int]:
    """A tournament game is a short one: each setting that is not a variant at its smallest."""
    return {s.name: min(s.values) for s in spec(kind).settings if not s.variant}


class Dealer:
    def __init__(
        self,
        store: Store,
        door: TableDoor,
        publisher: Publisher,
        change: Change,
        clock: Callable[[], float],
        ai_pause: float,
    ) -> None:
        self.store = store
        self.door = door
        self.publisher = publisher
        self.change = change  # the tournament's compare-and-set change (Tournaments.change)
        self.clock = clock
        self.ai_pause = ai_pause

    async def deal(self, t: Tournament, table: Table) -> None:
        gid = table.gid
        if await self.store.load(gid) is None:
            sent, unreachable = await self._messages(t, table)
            if unreachable:
                for place in sent.values():
                    await self.publisher.delete(place)
                log.info("event=tour_unreachable tour=%s users=%s", t.id, sorted(unreachable))
                now = self.clock()
                await self.change(t.id, lambda s: flow.void(s, gid, unreachable, now))
                return
            if await self.door.create(self._record(t, table, sent)):
                metrics.tournament_game(t.kind, t.format)
                log.info("event=tour_dealt tour=%s game=%s users=%s", t.id, gid, table.users)
        await self.change(t.id, lambda s: flow.dealt(s, gid))

    async def _messages(self, t: Tournament, table: Table) -> tuple[dict[int, Place], set[int]]:
        """A message in each player's private chat (by seat), and who could not be written to."""
        sent: dict[int, Place] = {}
        unreachable: set[int] = set()
        for seat, user in enumerate(table.users):
            entrant = t.entrant(user)
            lang = entrant.lang if entrant is not None else t.lang
            place: Place | None = SeatBoard(user, seat=seat)
            try:
                place = await self.publisher.put(SeatBoard(user, seat=seat), screens.dealing(lang))
            except (RetryLater, ChatMoved):  # no message yet: the board is sent when shown
                pass
            except Undeliverable:
                place = None
            if place is None:
                unreachable.add(user)
            else:
                sent[seat] = place
        return sent, unreachable

    def _record(self, t: Tournament, table: Table, sent: dict[int, Place]) -> GameRecord:
        names = {e.user: e for e in t.entrants}
        players = [
            Player(u, names[u].name if u in names else "?", names[u].lang if u in names else t.lang)
            for u in table.users
        ]
        boards = {seat: (p.user_id, _message(sent.get(seat))) for seat, p in enumerate(players)}
        meta = TableMeta(
            creator=table.users[0],
            lang=t.lang,
            players=players,
            boards=boards,
            settings=table_settings(t.kind),
            tour=t.id,
            turn=t.turn,
            rematch=True,  # the next game comes by itself: no rematch
        )
        record = GameRecord(id=table.gid, kind=t.kind, chat_id=table.users[0], state="", meta=meta)
        moves.start(record, Lobby(t.kind, meta), self.clock(), t.turn, ai_pause=self.ai_pause)
        return record


def _message(place: Place | None) -> int:
    """The message id of a seat's board sent (0: none yet, sent when the board is shown)."""
    message = None if place is None else place.shown_on  # (a private chat's message)
    return message if isinstance(message, int) else 0
