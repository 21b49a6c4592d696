"""Table games at run time: one TableService per Dispatcher (built in bot.app). It builds its
parts once, each given its collaborators at construction (no part reaches back to this façade):
`records` (compare-and-set saves), `publisher` (every message of a game: the one holder of the
Messenger), `hands` (hidden hands), `migration` (a group that became a supergroup), `pings`,
`owners` (who answers for a table besides itself: games against the computer here, a quick
match or a tournament registered from above), `door` (the one way a change leaves: saved, then
deadline, release, publish, pings), `private` (games against the computer), `play` (deal,
moves, resign, timeouts), `lobbies` (open, join, leave, settings, cancel, expiry), `inline`,
`rematches`, and the tap router; and the deadline loop that drives turn timers, lobby expiry
and reminders. Handlers call the methods below (what takes more than one part) and the parts
themselves: `lobbies` (new lobbies and invites, links), `private` (games against the
computer), `publisher.send_to_group`, `migration.migrate`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from bot.config import Settings
from bot.games import lanes
from bot.games.budget import Budget
from bot.games.ports import Answer, Messenger
from bot.games.refusal import Notice, Refused
from bot.games.table.changes import TableRecords
from bot.games.table.commit import TableDoor
from bot.games.table.half_moves import FirstTaps, HalfMoves
from bot.games.table.hands import Hands
from bot.games.table.inline import InlineTables, game_id
from bot.games.table.lobbies import LobbyService
from bot.games.table.migration import ChatMoves, Migration
from bot.games.table.owners import Owners
from bot.games.table.pings import REMIND, Pings
from bot.games.table.play import PlayService
from bot.games.table.private import PrivateTables
from bot.games.table.publisher import Publisher
from bot.games.table.rematch import Rematches
from bot.games.table.taps import TableTap, TapRouter
from bot.games.timers import TimerLoop, Waker
from bot.i18n import t
from bot.storage import Player, Store
from bot.wire.challenge import Challenge
from bot.wire.flood import EditCoalescer

log = logging.getLogger(__name__)
CHALLENGER_NAME = "name"  # the user setting with a challenge author's name
SWEEP_EVERY = 60.0  # seconds between sweeps of results left pending
DEEP_LINK_REPLY_SECONDS = 60.0  # a group hears at most one refused ?startgroup link a minute
LINK_REPLY_SECONDS = 10.0  # a private chat, one refused link in ten seconds


class TableService:
    def __init__(
        self,
        messenger: Messenger,
        store: Store,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        flood: EditCoalescer | None = None,
        budget: Budget | None = None,
        screens: EditCoalescer | None = None,
    ) -> None:
        per_minute = settings.edits_per_minute_per_group
        # every chat's budget: a group's and an inline message's shared by every bot process,
        # a private chat's kept by this one (bot.app gives the solitaires the same)
        self.budget = budget or Budget(
            store,
            per_minute,
            inline_per_minute=settings.inline_edits_per_minute,
            clock=clock,
            sleep=sleep,
        )
        self.store = store
        self.clock = clock
        # groups' edits (a place says which coalescer it takes, `places.Flood`); a lane whose
        # budget this process keeps (a private chat's) would be paced by the budget alone
        self.flood = flood or EditCoalescer(
            per_minute,
            window=self.budget.window,
            min_gap=self.budget.min_gap,
            shared=self.budget.take,
            limited=lanes.shared_budget,
            clock=clock,
            sleep=sleep,
        )
        # an inline message's edits: a budget of their own, shared by every process too
        self.inline_flood = EditCoalescer(
            settings.inline_edits_per_minute,
            window=self.budget.window,
            min_gap=min(1.0, 60.0 / settings.inline_edits_per_minute),
            shared=self.budget.take,
            clock=clock,
            sleep=sleep,
        )
        self.records = TableRecords(store, settings, clock)
        moves = ChatMoves()
        # private chats' edits: their chats' pace, kept by the budget; bot.app gives the one
        # the taps' screens and the solitaires' boards go through (`screens`): a board dealt
        # on a message whose waiting screen still waits for the chat's pace drops that screen
        private = screens or EditCoalescer(
            1_000_000, min_gap=0.0, shared=self.budget.take, clock=clock, sleep=sleep, serial=True
        )
        self.publisher = Publisher(
            messenger, self.records, settings, self.flood, moves, self.inline_flood, private
        )
        self.hands = Hands(self.records, self.publisher)
        self.timers = TimerLoop(store, tick=settings.timer_tick_seconds, clock=clock)
        self.waker = Waker(self.timers, clock)
        first_taps = FirstTaps(store, clock)  # a player mid-move is playing: no reminder yet
        self.pings = Pings(
            self.publisher,
            store,
            settings,
            clock=clock,
            wake=self.waker.wake,
            first_tap_at=first_taps.first_tap_at,
        )
        self.owners = Owners()
        self.door = TableDoor(
            self.records, self.publisher, self.hands, self.pings, self.owners, self.waker.wake
        )
        self.migration = Migration(self.records, self.publisher, self.door, moves)
        self.private = PrivateTables(self.records, self.door, self.publisher)
        self.owners.register(self.private)
        self.play = PlayService(self.records, self.door, self.publisher, self.hands)
        self.lobbies = LobbyService(self.records, self.door, self.publisher, self.play)
        self.inline = InlineTables(self.door, self.play)
        self.rematches = Rematches(self.door, self.owners, self.lobbies, self.inline)
        self.halves = HalfMoves(first_taps, self.play)
        self.router = TapRouter(self.lobbies, self.play, self.halves, self.rematches, self.hands)
        self.timers.on("turn", self.play.turn_due)
        self.timers.on("lobby", self.lobbies.lobby_due)
        self.timers.on(REMIND, self.pings.remind_due)
        self._running = False
        self._sweeper: asyncio.Task[None] | None = None

    # -- what handlers call ----------------------------------------------------------------------
    async def tap(self, tap: TableTap) -> None:
        """A button of the game's lobby, table or a private hand, answered once: a notice, or
        a refusal (a stale tap also brings the board up to date)."""
        try:
            notice: Notice | Refused | None = await self.router.tap(tap)
        except Refused as refused:
            notice = refused
            if refused.url is not None and await tap.answer.open_url(refused.url):
                return
        if notice is None:
            return
        args = notice.args_ if isinstance(notice, Refused) else {}
        said = notice.text if isinstance(notice, Notice) and notice.text else None
        await tap.answer(said or t(tap.lang, notice.key, **args), alert=notice.alert)
        if isinstance(notice, Refused) and notice.key in ("grp-stale", "grp-game-over"):
            fresh = await self.store.load(tap.game.id)
            if fresh is not None:
                await self.door.show(fresh)

    async def challenge(
        self, inline: str, challenge: Challenge, user: Player, answer: Answer, lang: str
    ) -> None:
        """A tap on a challenge posted through inline mode: the game starts on that message,
        or the tap is answered why not (a stale tap also brings the board up to date)."""
        name = await self.store.get_setting(challenge.user_id, CHALLENGER_NAME)
        challenger = Player(challenge.user_id, name or "?", challenge.lang)
        try:
            notice: Notice | Refused | None = await self.inline.tap(
                inline, challenge, challenger, user
            )
        except Refused as refused:
            notice = refused
        if notice is None:
            return
        args = notice.args_ if isinstance(notice, Refused) else {}
        await answer(t(lang, notice.key, **args), alert=notice.alert)
        if isinstance(notice, Refused) and notice.key == "inline-started":
            fresh = await self.store.load(game_id(inline))
            if fresh is not None:
                await self.door.show(fresh)

    async def remember_challenger(self, user: Player) -> None:
        """The name a challenge's author is shown by (kept when they post one: a tap on it
        carries only their id)."""
        if await self.store.get_setting(user.user_id, CHALLENGER_NAME) != user.name:
            await self.store.set_setting(user.user_id, CHALLENGER_NAME, user.name)

    async def may_answer_link(self, chat_id: int) -> bool:
        """Whether a link that opens nothing (an unknown, expired or forged ?start= or
        ?startgroup= payload) may be answered in this chat now: links can be sent by the
        thousand, so a group hears one such answer a minute, a private chat one in ten
        seconds (the rest are not answered)."""
        window = DEEP_LINK_REPLY_SECONDS if chat_id < 0 else LINK_REPLY_SECONDS
        return await self.budget.once(f"link-refused:{chat_id}", window)

    # -- running ---------------------------------------------------------------------------------
    async def start(self) -> None:
        self._running = True
        self.waker.running = True
        self.timers.start()
        self._sweeper = asyncio.create_task(self._sweep(), name="results-sweep")

    async def _sweep(self) -> None:
        """Finish the statistics of games whose end was saved by a process that died before
        applying them (bot.storage.results_api), once a minute."""
        while self._running:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.store.sweep_results(self.clock())
            except Exception:  # an outage or a bug: the next round tries again
                log.info("event=results_sweep_failed", exc_info=True)

    async def stop(self) -> None:
        self._running = False
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        await self.waker.stop()
        await self.timers.stop()
        await self.pings.drain()
        await self.flood.close(flush=True)
        await self.inline_flood.close(flush=True)
        await self.publisher.private_flood.close(flush=True)

    async def drain(self) -> None:
        """Wait until every waiting edit (boards and hands) and ping has been sent (tests)."""
        await self.flood.drain()
        await self.inline_flood.drain()
        await self.publisher.private_flood.drain()
        await self.pings.drain()
