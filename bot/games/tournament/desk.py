"""What people do with tournaments (the handlers call these): set one up in a group, join by
the button or by the link, withdraw (an arena: pause, and back), start, cancel; and the group's
setting of who may create one (anyone, or its admins).

Joining needs the bot's private chat, where the games are played: one who joins is told there
that they are in; when the bot may not write to them (they never started it, or blocked it)
the join is undone and the tap opens the bot's chat, whose Start joins them from there."""

from __future__ import annotations

import contextlib
import dataclasses
import logging

from bot import metrics
from bot.games.ports import ChatMoved, RetryLater, Undeliverable
from bot.games.refusal import Notice, Refused
from bot.games.tournament import flow
from bot.games.tournament.model import Entrant, Format, Tournament, min_players
from bot.games.tournament.service import Tournaments, tour_key
from bot.render import tournament as screens
from bot.render.screen import Screen
from bot.stats.rating import shown
from bot.storage.record import Player, new_id
from bot.wire import deeplinks

log = logging.getLogger(__name__)

ADMINS_ONLY = "tour-admins"  # a group's setting: "1" when only its admins create tournaments


@dataclasses.dataclass(frozen=True, slots=True)
class Plan:
    """A tournament as its creator set it up."""

    kind: str
    format: Format
    length: int
    turn: int
    start_in: int  # minutes (0: when its creator taps ▶ Start)


@dataclasses.dataclass(frozen=True, slots=True)
class Where:
    """The group (and the forum topic) it is created in, and the set-up's message."""

    chat: int
    title: str
    topic: int | None
    forum: bool
    message: int | None


class TourDesk:
    def __init__(self, tours: Tournaments) -> None:
        self.tours = tours
        self.store = tours.store
        self.tg = tours.tg
        self.clock = tours.clock

    # -- the group's setting, and one at a time ---------------------------------------------
    async def admins_only(self, chat: int) -> bool:
        return await self.store.get_setting(chat, ADMINS_ONLY) == "1"

    async def toggle_admins(self, chat: int, user: int) -> Notice:
        if not await self.tg.is_admin(chat, user):
            raise Refused("tour-only-admins-change")
        now = not await self.admins_only(chat)
        await self.store.set_setting(chat, ADMINS_ONLY, "1" if now else "0")
        return Notice("tour-admins-only-set" if now else "tour-anyone-set", alert=True)

    async def may_create(self, chat: int, topic: int | None, user: int) -> None:
        """Refused when only admins create here and `user` is none, or one is on here."""
        if await self.admins_only(chat) and not await self.tg.is_admin(chat, user):
            raise Refused("tour-only-admins")
        held = await self.store.tournaments.held(chat, topic)
        if held is None:
            return
        t = await self.tours.load(held)
        over = t is None or t.phase == "cancelled" or (t.phase == "over" and t.podium)
        if not over:
            raise Refused("tour-running")
        await self.store.tournaments.release(chat, topic, held)  # (one that is over)

    # -- set up ----------------------------------------------------------------------------
    async def create(self, plan: Plan, where: Where, maker: Player, lang: str) -> Tournament:
        """A tournament in the group: the set-up's message becomes its standings (in a forum,
        in a topic of its own when the bot may create one)."""
        await self.may_create(where.chat, where.topic, maker.user_id)
        tid, now = new_id(), self.clock()
        if not await self.store.tournaments.hold(where.chat, where.topic, tid):
            raise Refused("tour-running")
        thread = where.topic
        if where.forum:
            thread = await self.tours.group.own_topic(where.chat, plan.kind, lang) or thread
        t = Tournament(
            id=tid,
            kind=plan.kind,
            format=plan.format,
            length=plan.length,
            turn=plan.turn,
            chat=where.chat,
            thread=thread,
            home=where.topic,
            lang=lang,
            creator=maker.user_id,
            created=now,
            starts=now + plan.start_in * 60 if plan.start_in else None,
            title=where.title,
            maker=maker.name,
        )
        await self.store.tournaments.save(tid, t.to_json(), 0)
        elsewhere = thread != where.topic
        board = await self.tours.group.announce(t, None if elsewhere else where.message)
        if board is not None:
            await self.tours.change(tid, lambda s: _keep_board(s, board))
            t.board = board
        link = deeplinks.message_link(where.chat, board) if board is not None else None
        if elsewhere and where.message is not None and link is not None:
            with contextlib.suppress(RetryLater, Undeliverable, ChatMoved):
                await self.tg.edit(where.chat, where.message, screens.own_topic(lang, link))
        await self.tours.schedule(t)
        metrics.tournament(t.kind, t.format, "created")
        log.info(
            "event=tour_created tour=%s chat=%s kind=%s format=%s", tid, t.chat, t.kind, t.format
        )
        return t

    # -- people ------------------------------------------------------------------------------
    async def join(self, tid: str, person: Player) -> Notice:
        """`person` joins (or comes back from a pause); told so in their private chat."""
        t = await self.tours.load(tid)
        if t is None:
            raise Refused("tour-gone")
        rating = await self.store.rating(person.user_id, t.kind)
        seen = float(shown(rating.ordinal)) if rating is not None else 1000.0
        entrant = Entrant(person.user_id, person.name, person.lang, seen)
        said: list[str | None] = []
        back: list[bool] = []
        now = self.clock()

        def go(s: Tournament) -> bool:
            back[:] = [s.entrant(person.user_id) is not None]
            said[:] = [flow.join(s, dataclasses.replace(entrant), now)]
            return said[0] is None

        saved = await self.tours.change(tid, go)
        if saved is None:
            raise Refused("tour-gone")
        if said and said[0] is not None:
            raise Refused(said[0], alert=False)
        running, again = saved.phase == "running", bool(back and back[0])
        screen = screens.joined(
            person.lang,
            saved.kind,
            saved.title,
            tid,
            running=running,
            arena=saved.arena,
            back=again and running,
        )
        if not await self._tell(person.user_id, screen):  # they never started the bot
            await self.tours.change(tid, lambda s: flow.drop(s, person.user_id))
            raise Refused("tour-open-bot", url=await self.tours.group.link(tid))
        if not again:
            metrics.tournament_player(saved.kind)
        if running:  # an arena pairs them at once
            await self.tours.change(tid, lambda s: bool(flow.deal(s, self.clock(), new_id)))
        return Notice("tour-back-toast" if again and running else "tour-joined-toast")

    async def leave(self, tid: str, user: int, lang: str) -> Notice:
        said: list[str | None] = []

        def go(s: Tournament) -> bool:
            said[:] = [flow.leave(s, user)]
            return said[0] is None

        saved = await self.tours.change(tid, go)
        if saved is None:
            raise Refused("tour-gone")
        if said and said[0] is not None:
            raise Refused(said[0], alert=False)
        if saved.phase == "running" and saved.arena:
            await self._tell(user, screens.paused(lang, tid))  # (the way back)
            return Notice("tour-paused-toast")
        return Notice("tour-left-toast")

    async def _tell(self, user: int, screen: Screen) -> bool:
        """A message in `user`'s private chat: False when the bot may not write there."""
        try:
            return await self.tg.send(user, *screen) is not None
        except RetryLater:
            return True  # Telegram asks to wait: the chat itself is open
        except (Undeliverable, ChatMoved):
            return False

    # -- its creator ---------------------------------------------------------------------------
    async def start(self, tid: str, user: int) -> Notice:
        t = await self.tours.load(tid)
        if t is None or t.phase in ("over", "cancelled"):
            raise Refused("tour-gone", alert=False)
        if t.creator != user:
            raise Refused("tour-only-creator", alert=False)
        if t.phase != "open":
            raise Refused("tour-started", alert=False)
        if len(t.players) < min_players(t.kind):
            raise Refused("tour-too-few", n=min_players(t.kind))
        await self.tours.begin(tid)
        return Notice("tour-started-toast")

    async def cancel(self, tid: str, user: int) -> Notice:
        t = await self.tours.load(tid)
        if t is None or t.phase in ("over", "cancelled"):
            raise Refused("tour-gone", alert=False)
        if t.creator != user and not await self.tg.is_admin(t.chat, user):
            raise Refused("tour-only-creator", alert=False)
        saved = await self.tours.change(tid, lambda s: flow.cancel(s, "creator"))
        if saved is None or saved.phase != "cancelled":
            raise Refused("tour-started", alert=False)
        await self.store.cancel(tour_key(tid))
        return Notice("tour-cancelled-toast")


def _keep_board(t: Tournament, board: int) -> bool:
    changed = t.board != board
    t.board = board
    return changed
