"""Redis paused mid-game (a long read: SIGSTOP on a real redis-server of its own): every tap and
command is answered at once with "briefly unavailable" in the user's language, the log says so
once, and play resumes by itself when Redis is back."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest

from bot.storage.redis_store import RedisStore
from tests.support.needs import require
from tests.support.recording import RecordingSession, make_bot
from tests.support.redis_server import RedisServer, redis_binary, start_redis
from tests.support.solitaire_driver import Harness, current, start_game
from tests.support.virtual_time import VirtualClock

UNAVAILABLE_EN = "The game is briefly unavailable — your move was not made. Try again in a moment."
UNAVAILABLE_RU = "Игра ненадолго недоступна — ход не сделан. Попробуйте ещё раз через минуту."
# a command is no move: it is not told "your move was not made"
COMMAND_EN = "The bot is briefly unavailable. Try again in a moment."
COMMAND_RU = "Бот ненадолго недоступен. Попробуйте ещё раз через минуту."
BOUND = 5.0  # seconds: the store gives up after 1 s; Telegram wants an answer within ~15 s

pytestmark = pytest.mark.redis


@pytest.fixture
def server() -> Iterator[RedisServer]:
    require(redis_binary() is not None, "redis-server")
    own = start_redis()
    try:
        yield own
    finally:
        with_signal(own, signal.SIGCONT)
        own.stop()


def with_signal(server: RedisServer, sig: signal.Signals) -> None:
    if server.proc.poll() is None:
        os.kill(server.proc.pid, sig)


@pytest.fixture
async def h(server: RedisServer) -> AsyncIterator[Harness]:
    bot, session = make_bot(RecordingSession(validate=True))
    store = await RedisStore(server.url, prefix="o" + uuid.uuid4().hex[:8]).open()
    yield Harness.build(bot, session, store)
    await store.close()
    assert not session.violations
    assert not session.tg.unanswered_callbacks()


async def timed(call: asyncio.Future[None] | object) -> float:
    started = time.monotonic()
    await asyncio.wait_for(call, BOUND)  # type: ignore[arg-type]
    return time.monotonic() - started


async def test_a_paused_redis_gets_a_clear_answer_and_play_resumes(
    h: Harness, server: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    for _ in range(20):  # a deal whose board offers a one-tap move (most do; a few do not)
        board = await start_game(h, ann, "raspad", "52")
        move = next((cb for _, cb in h.game_buttons(board) if not cb.is_ui), None)
        if move is not None:
            break
    assert move is not None, board.describe()
    shown = current(h, board).text
    # the store's outage clock (when it may try Redis again) is the test's: no real wait for it
    assert isinstance(h.store, RedisStore)
    clock = VirtualClock(time.monotonic())
    h.store.health.clock = clock
    caplog.set_level(logging.INFO)
    with_signal(server, signal.SIGSTOP)
    try:
        for _ in range(3):  # the first waits for the timeout, the others fail at once
            await timed(h.tap(ann, current(h, board), move.pack()))
            assert h.session.alerts(ann)[-1] == UNAVAILABLE_EN
        assert current(h, board).text == shown  # nothing moved
        # a command, and a new user whose stored language cannot be read: Telegram's language
        boris = h.session.tg.add_user("Борис", language_code="ru")
        await timed(h.say(boris, "/start"))
        assert h.last(boris).text == COMMAND_RU
        await timed(h.say(ann, "/start"))
        assert h.last(ann).text == COMMAND_EN
    finally:
        with_signal(server, signal.SIGCONT)
    clock.advance(0.6)  # the store tries again at most half a second after a failure
    await h.tap(ann, current(h, board), move.pack())
    assert current(h, board).text != shown  # the move was made
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert [w.split()[0] for w in warnings] == ["event=store_unavailable", "event=store_back"]
    assert not [r for r in caplog.records if r.exc_info]  # no traceback for an outage
