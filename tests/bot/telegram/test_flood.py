"""The per-chat edit coalescer: budget, coalescing, RetryAfter, latest state wins (fake clock)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Hashable
from pathlib import Path

import pytest

from bot.games.ports import RetryLater
from bot.storage import Store
from bot.storage.redis_store import RedisStore
from bot.storage.sqlite_store import SQLiteStore
from bot.wire.flood import ASKED, HELD, EditCoalescer, ask


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(seconds, 0.0)
        await asyncio.sleep(0)


class Screen:
    """What a group sees: the text of each message, and when each edit was sent."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.shown: dict[int, str] = {}
        self.times: list[float] = []
        self.fail_with_retry_after: int = 0

    def edit(self, message_id: int, text: str):  # type: ignore[no-untyped-def]
        async def send() -> None:
            if self.fail_with_retry_after:
                self.fail_with_retry_after -= 1
                raise RetryLater(7)
            self.times.append(self.clock.now)
            self.shown[message_id] = text

        return send


def most_in_any_window(times: list[float], window: float = 60.0) -> int:
    best = 0
    for i, t in enumerate(times):
        best = max(best, sum(1 for u in times[i:] if u < t + window))
    return best


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


async def test_first_edit_is_sent_at_once(clock: FakeClock) -> None:
    screen = Screen(clock)
    co = EditCoalescer(20, clock=clock, sleep=clock.sleep)
    await co.submit(-100, 7, 1, screen.edit(7, "v1"))
    assert screen.shown == {7: "v1"}  # no waiting: the play lands in the group at once
    assert screen.times == [1000.0]


async def test_burst_is_coalesced_and_latest_state_ends_up_shown(clock: FakeClock) -> None:
    screen = Screen(clock)
    co = EditCoalescer(20, clock=clock, sleep=clock.sleep)
    for v in range(1, 101):
        await co.submit(-100, 7, v, screen.edit(7, f"v{v}"))
    await co.drain()
    assert screen.shown[7] == "v100"
    assert len(screen.times) < 10  # 100 updates collapsed into a few edits
    assert most_in_any_window(screen.times) <= 20


async def test_sustained_play_stays_under_twenty_edits_a_minute(clock: FakeClock) -> None:
    screen = Screen(clock)
    co = EditCoalescer(20, clock=clock, sleep=clock.sleep, min_gap=0.0)
    for v in range(1, 301):  # one move every 0.5 s for 150 s
        await co.submit(-100, 7, v, screen.edit(7, f"v{v}"))
        await clock.sleep(0.5)
    await co.drain()
    assert screen.shown[7] == "v300"
    assert most_in_any_window(screen.times) <= 20
    assert len(screen.times) >= 40  # the budget is used, not wasted


async def test_older_version_never_overwrites_newer(clock: FakeClock) -> None:
    screen = Screen(clock)
    co = EditCoalescer(20, clock=clock, sleep=clock.sleep)
    await co.submit(-100, 7, 5, screen.edit(7, "v5"))
    await co.submit(-100, 7, 4, screen.edit(7, "v4"))  # a slow handler finishing late
    await co.drain()
    assert screen.shown[7] == "v5"
    await co.submit(-100, 7, 9, screen.edit(7, "v9"))  # waits for the gap
    await co.submit(-100, 7, 8, screen.edit(7, "v8"))
    await co.drain()
    assert screen.shown[7] == "v9"


async def test_retry_after_is_honoured_and_the_latest_is_shown(clock: FakeClock) -> None:
    screen = Screen(clock)
    co = EditCoalescer(20, clock=clock, sleep=clock.sleep)
    screen.fail_with_retry_after = 1
    await co.submit(-100, 7, 1, screen.edit(7, "v1"))
    assert screen.shown == {}
    await co.submit(-100, 7, 2, screen.edit(7, "v2"))
    await co.drain()
    assert screen.shown[7] == "v2"
    assert screen.times[0] >= 1007.0  # nothing sent before Telegram's retry_after ran out


async def test_a_send_knows_whether_it_was_held_back(clock: FakeClock) -> None:
    """`HELD` tells a send made later than submitted (retried after a RetryAfter, waited for
    the budget, flushed at shutdown) from one made at once, which alone may skip checking that
    its screen is still the newest."""
    held: list[bool] = []
    refusals = [RetryLater(7)]

    async def send() -> None:
        held.append(HELD.get())
        if refusals:
            raise refusals.pop()

    co = EditCoalescer(1, clock=clock, sleep=clock.sleep)
    await co.submit(-100, 7, 1, send)  # at once, refused: retried after the pause
    await co.drain()
    await co.submit(-100, 7, 2, send)  # over budget: waits for it
    await co.submit(-100, 8, 1, send)
    await co.close(flush=True)  # shutdown: the waiting ones go out anyway
    await co.submit(-200, 7, 1, send)  # at once
    assert held == [False, True, True, True, False]


async def test_chats_have_separate_budgets(clock: FakeClock) -> None:
    screen_a, screen_b = Screen(clock), Screen(clock)
    co = EditCoalescer(1, clock=clock, sleep=clock.sleep)
    await co.submit(-1, 1, 1, screen_a.edit(1, "a1"))
    await co.submit(-2, 1, 1, screen_b.edit(1, "b1"))
    assert screen_a.shown == {1: "a1"} and screen_b.shown == {1: "b1"}
    await co.submit(-1, 1, 2, screen_a.edit(1, "a2"))
    assert screen_a.shown == {1: "a1"}  # over budget: waits
    await co.drain()
    assert screen_a.shown == {1: "a2"}
    assert screen_a.times[1] - screen_a.times[0] >= 60.0


async def test_two_messages_in_one_chat_both_end_current(clock: FakeClock) -> None:
    screen = Screen(clock)
    co = EditCoalescer(3, clock=clock, sleep=clock.sleep)
    for v in range(1, 6):
        await co.submit(-100, 1, v, screen.edit(1, f"one{v}"))
        await co.submit(-100, 2, v, screen.edit(2, f"two{v}"))
    await co.drain()
    assert screen.shown == {1: "one5", 2: "two5"}
    assert most_in_any_window(screen.times) <= 3


async def test_close_with_flush_shows_the_waiting_edit(clock: FakeClock) -> None:
    screen = Screen(clock)
    co = EditCoalescer(1, clock=clock, sleep=clock.sleep)
    await co.submit(-100, 7, 1, screen.edit(7, "v1"))
    await co.submit(-100, 7, 2, screen.edit(7, "v2"))  # over budget: waits
    assert screen.shown[7] == "v1"
    await co.close(flush=True)  # shutdown: the latest state goes out anyway
    assert screen.shown[7] == "v2"


@pytest.mark.parametrize("backend", ["sqlite", "redis"])
async def test_two_processes_share_one_groups_budget(
    clock: FakeClock, backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    store: Store
    if backend == "sqlite":
        store = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    else:
        url = request.getfixturevalue("redis_url")
        store = await RedisStore(url, prefix="fl" + uuid.uuid4().hex[:6]).open()

    async def shared(lane: Hashable) -> float:  # the store's budget, on the test's clock
        assert isinstance(lane, int)
        return await store.take_send(lane, clock.now, 60.0, 3, 0.0)

    screen = Screen(clock)
    one, two = (
        EditCoalescer(3, min_gap=0.0, clock=clock, sleep=clock.sleep, shared=shared)
        for _ in range(2)
    )
    try:
        for n in range(1, 4):  # three processes' worth of edits, alternating processes
            await (one if n % 2 else two).submit(-100, n, 1, screen.edit(n, f"m{n}"))
        assert len(screen.times) == 3
        await two.submit(-100, 4, 1, screen.edit(4, "late"))  # the fourth in the same minute
        assert 4 not in screen.shown  # waits, though this process sent only one
        await two.drain()
        assert screen.shown[4] == "late"
        assert most_in_any_window(screen.times) <= 3
    finally:
        await one.close()
        await two.close()
        await store.close()


async def test_a_newer_screen_of_a_message_drops_the_one_waiting_under_another_key(
    clock: FakeClock,
) -> None:
    """One message shows a game's board, then a menu (keys `(7, "g")` and `(7, "")`): the menu
    asked while the board's newer edit waits is the newest screen; the board's is never sent,
    nor is an older board that comes late."""
    screen = Screen(clock)
    co = EditCoalescer(1, clock=clock, sleep=clock.sleep)
    await co.submit(-100, (7, "g"), 3, screen.edit(7, "board 3"), message=7)
    await co.submit(-100, (7, "g"), 4, screen.edit(7, "board 4"), message=7)  # waits
    await co.submit(-100, (7, ""), 1, screen.edit(7, "menu"), message=7)
    await co.submit(-100, (7, "g"), 3, screen.edit(7, "board 3 late"), message=7)
    await co.drain()
    assert screen.shown == {7: "menu"}
    assert len(screen.times) == 2  # board 3, then the menu


async def test_a_screen_asked_before_the_one_shown_on_its_message_is_dropped(
    clock: FakeClock,
) -> None:
    """A hint's board computed for a tap that came before the menu's (its search took a while)
    is submitted after the menu: the menu, asked last, stays; a screen asked later still goes,
    and one submitted outside a tap counts as asked when it comes."""
    screen = Screen(clock)
    co = EditCoalescer(1_000_000, min_gap=0.0, clock=clock, sleep=clock.sleep, serial=True)
    hint, menu, board = ask(), ask(), ask()

    async def submit(asked: int | None, key: Hashable, version: int, text: str) -> None:
        token = ASKED.set(asked)
        try:
            await co.submit(5, key, version, screen.edit(7, text), message=7)
        finally:
            ASKED.reset(token)

    await submit(menu, (7, ""), 1, "menu")
    await submit(hint, (7, "g"), 2, "board with the hint")
    assert screen.shown == {7: "menu"}
    await submit(board, (7, "g"), 2, "board")  # "continue", tapped on the menu
    assert screen.shown == {7: "board"}
    await submit(hint, (7, ""), 3, "menu again")  # (any key of the message)
    assert screen.shown == {7: "board"}
    await submit(None, (7, ""), 4, "a command's screen")
    assert screen.shown == {7: "a command's screen"}


async def test_a_game_s_state_shows_whichever_tap_asked_for_it(clock: FakeClock) -> None:
    """A table's board (`ordered=False`) shows a game's state: the computer's move, made in the
    task of the tap before, still shows after a later tap's screen; and a tap after it still
    shows its own."""
    screen = Screen(clock)
    co = EditCoalescer(1_000_000, min_gap=0.0, clock=clock, sleep=clock.sleep, serial=True)
    move, later = ask(), ask()

    async def submit(asked: int, version: int, text: str, ordered: bool) -> None:
        token = ASKED.set(asked)
        try:
            await co.submit(5, (7, text), version, screen.edit(7, text), message=7, ordered=ordered)
        finally:
            ASKED.reset(token)

    await submit(later, 1, "not your turn", True)
    await submit(move, 2, "the computer's move", False)
    assert screen.shown == {7: "the computer's move"}
    await submit(later, 3, "a later tap's screen", True)
    assert screen.shown == {7: "a later tap's screen"}


async def test_a_serial_chat_sends_one_edit_at_a_time(clock: FakeClock) -> None:
    """A private chat's edits go back to back: the newer edit waits for the older one on its
    way, so when Telegram answers the older one 429 it is not sent again over the newer."""
    shown: list[str] = []
    on_its_way, arrives = asyncio.Event(), asyncio.Event()

    async def first() -> None:
        if not arrives.is_set():
            on_its_way.set()
            await arrives.wait()
            raise RetryLater(1)
        shown.append("v1")

    async def second() -> None:
        shown.append("v2")

    co = EditCoalescer(1_000_000, min_gap=0.0, clock=clock, sleep=clock.sleep, serial=True)
    one = asyncio.create_task(co.submit(5, 7, 1, first))
    await on_its_way.wait()
    two = asyncio.create_task(co.submit(5, 7, 2, second))
    await asyncio.sleep(0)
    assert shown == []  # waits for the first to arrive
    arrives.set()
    await asyncio.gather(one, two)
    await co.drain()
    assert shown == ["v2"]
