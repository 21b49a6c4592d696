"""A tournament in its group: one message (the players before the start, the standings after
it) edited through the group's coalescer, so it spends the group's budget (about 20 writes a
minute, shared with everything else there) and a burst of results is one edit of the newest
standings; never a message per game. Besides it: a reminder shortly before a start at a time,
and the podium at the end, each a reply to it. In a forum the tournament gets a topic of its
own where the bot may create one (it needs the right to manage topics)."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import math
from collections.abc import Awaitable, Callable

from bot.games.ports import ChatMoved, Messenger, RetryLater, Undeliverable
from bot.games.tournament.model import Tournament, min_players
from bot.games.tournament.place import Standings
from bot.games.tournament.scoring import standings as ranked
from bot.render import tournament as screens
from bot.render.screen import Screen
from bot.storage import Store, StoreUnavailable
from bot.wire import deeplinks
from bot.wire.flood import EditCoalescer

log = logging.getLogger(__name__)

Moved = Callable[[str, int], Awaitable[None]]  # (tournament, its message sent anew)
KEPT = 1000  # tournaments whose last standings this process remembers


def _signature(screen: Screen) -> str:
    raw = screen.text + "|" + (screen.keyboard.to_json() if screen.keyboard else "")
    return hashlib.blake2b(raw.encode(), digest_size=12).hexdigest()


def _minutes(seconds: float) -> int:
    return max(1, math.ceil(seconds / 60))


class GroupSide:
    def __init__(
        self,
        tg: Messenger,
        flood: EditCoalescer,
        store: Store,
        clock: Callable[[], float],
        moved: Moved,
    ) -> None:
        self.tg = tg
        self.flood = flood  # the groups' coalescer (the table service's)
        self.store = store
        self.clock = clock
        self.moved = moved  # keeps the standings' new message in the tournament
        self._shown: dict[str, str] = {}  # tournament → the standings last sent

    async def link(self, tid: str) -> str:
        return deeplinks.tour_link(await self.tg.username(), tid)

    async def view(self, t: Tournament) -> screens.TourView:
        now = self.clock()
        minutes: int | None = None
        joinable = False
        if t.phase == "open" and t.starts is not None:
            minutes = _minutes(t.starts - now) if t.starts > now else 0
        if t.phase == "running" and t.ends is not None and now < t.ends:
            minutes = _minutes(t.ends - now)
            joinable = t.started is not None and now < t.started + t.length * 30
        if t.phase == "open":
            lines = tuple(screens.Line(i, e.name, 0, 0) for i, e in enumerate(t.players, 1))
        else:
            lines = tuple(
                screens.Line(
                    row.rank,
                    row.entrant.name,
                    row.entrant.points,
                    row.entrant.games,
                    t.arena and row.entrant.on_fire,
                    "" if row.entrant.status == "in" else row.entrant.status,
                )
                for row in ranked(t.entrants, t.arena)
            )
        return screens.TourView(
            tid=t.id,
            lang=t.lang,
            kind=t.kind,
            format=t.format,
            length=t.length,
            turn=t.turn,
            phase=t.phase,
            creator=t.maker,
            link=await self.link(t.id),
            lines=lines,
            minutes=minutes,
            round=t.round,
            joinable=joinable,
            closed=t.closed,
            needed=min_players(t.kind),
        )

    async def show(self, t: Tournament, version: int) -> None:
        """The standings as `t` (saved as `version`) has them, through the group's coalescer
        (not asked for when they show that already); a newer version saved meanwhile (by
        another process too) is what the edit shows when it goes."""
        screen = screens.standings(await self.view(t))
        sig = _signature(screen)
        if self._shown.get(t.id) == sig:
            return
        if len(self._shown) > KEPT:
            self._shown.clear()
        self._shown[t.id] = sig
        place = Standings(t.chat, t.board, t.thread, tag=t.id)

        async def push() -> None:
            shown, now = screen, t
            with contextlib.suppress(StoreUnavailable):
                latest = await self.store.tournaments.load(t.id)
                if latest is not None and latest[0] > version:
                    now = Tournament.from_json(latest[1])
                    shown = screens.standings(await self.view(now))
                    self._shown[t.id] = _signature(shown)
            there = Standings(now.chat, now.board, now.thread, tag=t.id)
            try:
                edited = await there.edit(self.tg, shown, retry=False)
            except (ChatMoved, Undeliverable) as err:
                log.info("event=tour_board_failed tour=%s error=%s", t.id, err)
                return
            if isinstance(edited, Standings) and edited.message and edited.message != now.board:
                await self.moved(t.id, edited.message)

        await self.flood.submit(place.lane, place.key, version, push)

    async def announce(self, t: Tournament, message: int | None) -> int | None:
        """The first standings: on the set-up's message (`message`), or a new one."""
        screen = screens.standings(await self.view(t))
        self._shown[t.id] = _signature(screen)
        with contextlib.suppress(RetryLater, Undeliverable, ChatMoved):
            return await self.tg.edit(t.chat, message, *screen, thread=t.thread)
        return None

    async def say(self, t: Tournament, screen: Screen) -> None:
        """A message beside the standings (a reply to them): the reminder, the podium."""
        with contextlib.suppress(RetryLater, Undeliverable, ChatMoved):
            await self.tg.send(t.chat, *screen, reply_to=t.board, thread=t.thread)

    async def remind(self, t: Tournament) -> None:
        await self.say(t, screens.reminder(await self.view(t)))

    async def podium(self, t: Tournament) -> None:
        await self.say(t, Screen(screens.podium(await self.view(t))))

    async def own_topic(self, chat: int, kind: str, lang: str) -> int | None:
        """A forum topic of the tournament's own (None: the bot may not create one)."""
        with contextlib.suppress(RetryLater, Undeliverable, ChatMoved):
            return await self.tg.create_topic(chat, screens.topic_name(lang, kind))
        return None
