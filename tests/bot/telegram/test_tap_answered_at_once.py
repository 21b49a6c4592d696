"""A tap is answered at once, always. A quick player in a private chat taps four times a second,
faster than the chat's write budget (a burst of three, then about one write a second): through
the menu, a variant picker, the deal of the day, the statistics, the settings, the leaders and
a Kosa board (moves, a tap on a board not yet redrawn, giving up, a new deal under the old
board). Time passes only when the player acts (`SteppingClock`), so a tap answered while the
clock stands still was answered before any wait for the budget. The screens follow at the
chat's pace, the newest of each message (one superseded before it went is never sent); the
message ends on the last tap's screen; Telegram never answers 429 and no tap is unanswered."""

from __future__ import annotations

import asyncio
import itertools
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from aiogram import Bot, Dispatcher

from bot.app import build_dispatcher
from bot.storage import Store
from bot.storage.redis_store import RedisStore
from bot.storage.sqlite_store import SQLiteStore
from bot.telegram import messenger
from bot.wire import flood
from bot.wire.callbacks import GameCallback, parse
from tests.support.recording import FakeTelegram, RecordingSession, TgMessage, TgUser, make_bot
from tests.support.solitaire_driver import settings
from tests.support.virtual_time import SteppingClock
from tests.support.waiting import until

QUICK = 0.25  # seconds between a quick player's taps
MENU_TOUR = ("m:kosa", "m:daily", "m:kosa", "m:stats", "m:set", "m:top")
TITLES = {"m:menu": "🃏 Card games", "m:stats": "📊 Your statistics"}


@dataclass
class Chat:
    """Ann's private chat with the bot, on a dispatcher whose time is `clock`."""

    bot: Bot
    session: RecordingSession
    dp: Dispatcher
    clock: SteppingClock
    ann: TgUser
    tasks: list[asyncio.Task[object]] = field(default_factory=list)

    @property
    def tg(self) -> FakeTelegram:
        return self.session.tg

    def screen(self) -> TgMessage | None:
        """What Ann looks at: the newest message with buttons (None: none has any)."""
        return next((m for m in reversed(self.tg.messages_in(self.ann.id)) if m.buttons()), None)

    async def tap(self, message: TgMessage, data: str) -> str:
        """Ann taps (`QUICK` seconds after her last tap); the update is handled in a task of
        its own, as polling handles it, as far as it goes while the clock stands still. The
        callback query's id."""
        update = self.session.tap_data(self.ann, message, data)
        assert update.callback_query is not None
        self.tasks.append(asyncio.create_task(self.dp.feed_update(self.bot, update)))
        await self.settle(f"tap on {data}")
        return update.callback_query.id

    async def wait(self) -> None:
        """Ann waits a moment: time passes."""
        self.clock.advance(QUICK)
        await self.settle("a moment")

    async def settle(self, what: str) -> None:
        """Every update handled as far as it goes before the clock moves on."""
        tasks = self.tasks
        await until(lambda: all(t.done() or self.clock.waits(t) for t in tasks), what)

    async def run_out(self) -> None:
        """Time runs on until every tap is handled and every screen waiting has gone out."""
        self.clock.run_free()
        await asyncio.gather(*self.tasks)
        await self.dp["solitaires"].flood.drain()


@pytest.fixture(params=["sqlite", "redis"])
async def chat(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Chat]:
    clock = SteppingClock(1_700_000_000.0)
    bot, session = make_bot(RecordingSession(FakeTelegram(clock=clock), validate=True))
    session.pace = QUICK
    monkeypatch.setattr(messenger, "sleep", clock.sleep)
    monkeypatch.setattr(flood, "sleep", clock.sleep)
    store: Store
    if request.param == "sqlite":
        store = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    else:
        url = request.getfixturevalue("redis_url")
        store = await RedisStore(url, prefix="q" + uuid.uuid4().hex[:8]).open()
    dp = build_dispatcher(bot, store, settings(), clock=clock, sleep=clock.sleep)
    ann = session.tg.add_user("Ann", language_code="en")
    try:
        yield Chat(bot, session, dp, clock, ann)
    finally:
        await dp["solitaires"].flood.close()
        await store.close()


class QuickPlayer:
    """Taps what the screen shows: the menu's entries in turn (and back to the menu), Kosa's
    first variant, two draws on a board, then the menu or giving up (every other board), a
    new deal once a game is over; the same button again while the screen has not changed."""

    def __init__(self) -> None:
        self.tour = itertools.cycle(MENU_TOUR)
        self.on_board = 0
        self.boards = 0
        self.last: tuple[tuple[int, str, str], str] | None = None

    def choose(self, screen: TgMessage) -> str:
        seen = (screen.message_id, screen.text, " ".join(screen.callback_data()))
        if self.last is not None and self.last[0] == seen:
            return self.last[1]  # nothing happened yet: tapped again
        data = self.decide(screen)
        self.last = (seen, data)
        return data

    def decide(self, screen: TgMessage) -> str:
        datas = screen.callback_data()
        game = [d for d in datas if isinstance(parse(d), GameCallback)]
        again = [d for d in datas if d.startswith("m:again:")]
        if again:
            return again[0]
        if "m:new:kosa:u" in datas:
            return "m:new:kosa:u"
        if game:
            return self.on_the_board(game)
        if "m:kosa" in datas:  # the main menu
            return next(self.tour)
        return "m:menu"

    def on_the_board(self, game: list[str]) -> str:
        actions = {str(parse(d).action): d for d in game}  # type: ignore[union-attr]
        if "resign" in actions:
            return actions["resign"]  # "Give up?" — yes
        self.on_board += 1
        if self.on_board <= 2:
            return actions.get("d") or game[0]
        self.on_board = 0
        self.boards += 1
        return "m:menu" if self.boards % 2 else actions["~ask:resign"]


async def test_a_quick_players_taps_are_each_answered_before_any_wait(chat: Chat) -> None:
    await chat.dp.feed_update(chat.bot, chat.session.user_message(chat.ann, None, "/start"))
    player = QuickPlayer()
    taps = 72  # eighteen seconds of tapping
    for n in range(taps):
        screen = chat.screen()
        if screen is None:  # the old board has lost its buttons, the new one is not there yet
            await chat.wait()
            continue
        data = player.choose(screen)
        query = await chat.tap(screen, data)
        # the clock stands still until the next tap: a tap whose answer waits for the chat's
        # budget (or a 429) is still unanswered now
        assert chat.tg.callbacks[query].answered, f"tap {n} on {data}: not answered at once"
    # the last tap, a quarter of a second after the one before: its screen waits its turn
    board = chat.screen()
    assert board is not None
    last = "m:menu" if "m:menu" in board.callback_data() else "m:stats"
    await chat.tap(board, last)
    await chat.run_out()

    shown = chat.tg.message(chat.ann.id, board.message_id)
    assert shown.text.startswith(TITLES[last]), shown.describe()
    assert chat.tg.limits.refused == 0  # no write past the chat's limits
    assert not chat.tg.unanswered_callbacks()
    # the screens went at the chat's pace, the newest of each message: most never went
    edits = len(chat.tg.edit_log.get(chat.ann.id, []))
    assert edits < (taps + 1) / 2, edits
