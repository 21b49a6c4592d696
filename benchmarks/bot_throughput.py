"""Bot throughput: solitaire moves per second through `Dispatcher.feed_update` (recording
session, real Redis) next to an aiogram echo handler measured in the same run.

Prints moves/s and echo updates/s, the cost ratio per update (target ≤ 2×) and the Redis round
trips per move (target ≤ 2: one load, one compare-and-set save).

The cost compared is the bot process's CPU time per update (time.process_time): wall-clock time
on a shared machine mostly measures how long the scheduler takes to run redis-server when the
bot waits on it, which the echo path never does; wall-clock figures are printed too, and the
redis-server's own CPU per move (from INFO cpu) is printed beside the bot's.

Both paths run as `python -m bot` runs: on the event loop it picks (uvloop when installed) and
with the start-up heap frozen out of the garbage collector's sight after the warm-up.

Usage:
    python benchmarks/bot_throughput.py                # 2,000 moves per game, 4,000 echoes
    python benchmarks/bot_throughput.py --moves 300    # quicker
    python benchmarks/bot_throughput.py --games raspad
    python benchmarks/bot_throughput.py --loop asyncio --no-freeze   # the standard library's
                                                        # loop, no gc.freeze (both paths)

Both paths go through the same kind of Bot and recording session (requests serialised exactly
as aiogram does, answered by an in-memory fake Telegram; spec validation off, as in production
there is none). A script that prints figures, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aiogram import Dispatcher, Router
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message, Update

from bot.app import build_dispatcher
from bot.config import Settings
from bot.storage.redis_store import RedisStore
from bot.telegram import io as telegram_io
from bot.telegram.callbacks import GameCallback, parse
from bot.telegram.keyboard import Keyboard
from tests.support.recording import (
    TOKEN,
    FakeTelegram,
    RecordingSession,
    TgMessage,
    TgUser,
    make_bot,
)
from tests.support.redis_server import start_redis


def echo_dispatcher() -> Dispatcher:
    dp = Dispatcher()
    router = Router()

    @router.message()
    async def echo(message: Message) -> None:
        await message.answer(message.text or "")

    dp.include_router(router)
    return dp


class EchoBench:
    """The aiogram echo handler on its own bot and recording session; `run` adds samples."""

    def __init__(self) -> None:
        self.bot, self.session = make_bot(RecordingSession(validate=False))
        self.dp = echo_dispatcher()
        self.user = self.session.tg.add_user("Echo", language_code="en")
        self.times: list[float] = []  # wall-clock seconds per update
        self.cpu: list[float] = []  # CPU seconds of this process per update
        self.n = 0

    async def run(self, n: int) -> None:
        for _ in range(n):
            self.n += 1
            update = self.session.user_message(self.user, None, f"hello {self.n}")
            c0 = time.process_time()
            t0 = time.perf_counter()
            await self.dp.feed_update(self.bot, update)
            self.times.append(time.perf_counter() - t0)
            self.cpu.append(time.process_time() - c0)
            if self.n % 500 == 0:
                self.session.clear(history=True)


async def bench_echo(n: int) -> tuple[list[float], list[float]]:
    """(wall-clock seconds, CPU seconds of this process) per echo update."""
    echo = EchoBench()
    await echo.run(n)
    return echo.times, echo.cpu


async def cpu_per_tap(
    bench: GameBench, dp: Dispatcher, msg: TgMessage, n: int
) -> tuple[float, float]:
    """Mean CPU µs of `n` taps on a button of `msg` fed to `dp`, and of the echo updates run
    in blocks between them (the same machine load): (tap µs, echo µs)."""
    data = next((b["callback_data"] for b in msg.buttons() if b.get("callback_data")), "m:menu")
    echo = EchoBench()
    await echo.run(50)  # warm
    echo.cpu.clear()
    cpu: list[float] = []
    for i in range(n):
        if i % 100 == 0:
            await echo.run(50)
        update = bench.session.tap_data(bench.user, msg, data)
        c0 = time.process_time()
        await dp.feed_update(bench.bot, update)
        cpu.append(time.process_time() - c0)
    return statistics.fmean(cpu) * 1e6, statistics.fmean(echo.cpu) * 1e6


async def bench_bare_callback(bench: GameBench, n: int) -> tuple[float, float]:
    """Mean CPU µs of a bare aiogram callback handler (it only answers) for taps on the game's
    board message: aiogram's own cost for an update that carries a board keyboard."""
    dp = Dispatcher()
    router = Router()

    @router.callback_query()
    async def tapped(query: CallbackQuery) -> None:
        await query.answer()

    dp.include_router(router)
    return await cpu_per_tap(bench, dp, bench.current(), n)


async def bench_floor(bench: GameBench, n: int, lean_requests: bool) -> tuple[float, float]:
    """Mean CPU µs of the least any tap that moves must do, in a bare aiogram handler: answer
    the query, edit the board (the current board's text and keyboard, as sent) and one Redis
    round trip (a PING). Rules, rendering, game state and the bot's own middlewares excluded.
    `lean_requests`: the edit and the answer go as the bot sends them (bot.telegram.io: the
    keyboard as ready JSON text, the edited message not parsed); otherwise as aiogram's
    shortcuts send them (bot.edit_message_text with the keyboard, query.answer())."""
    dp = Dispatcher()
    router = Router()
    msg = bench.current()
    keyboard = (
        {"inline_keyboard": msg.reply_markup["inline_keyboard"]} if msg.reply_markup else None
    )
    markup = InlineKeyboardMarkup.model_validate(keyboard) if keyboard else None
    raw = msg.raw or msg.text
    lean = bench.store.lean
    counter = [0]
    keyboard_json = json.dumps(keyboard, ensure_ascii=False, separators=(",", ":"))

    @router.callback_query()
    async def tapped(query: CallbackQuery) -> None:
        counter[0] += 1
        if lean is not None:
            await lean.execute("PING")
        else:
            await bench.store.client.ping()
        assert query.message is not None
        if lean_requests:
            await telegram_io.edit(
                bench.bot,
                query.message.chat.id,
                query.message.message_id,
                f"{raw}\n{counter[0]}",
                _Ready(keyboard_json),
            )
            await telegram_io.answer(query)
            return
        await bench.bot.edit_message_text(
            text=f"{raw}\n{counter[0]}",
            chat_id=query.message.chat.id,
            message_id=query.message.message_id,
            reply_markup=markup,
        )
        await query.answer()

    dp.include_router(router)
    return await cpu_per_tap(bench, dp, msg, n)


class _Ready(Keyboard):
    """A keyboard whose JSON text is given (the floor sends the board's keyboard as it is)."""

    def __init__(self, text: str) -> None:
        super().__init__([])
        self.text = text

    def to_json(self) -> str:
        return self.text


def move_buttons(msg: TgMessage) -> tuple[list[str], list[str], list[str]]:
    """(direct moves, picks, confirmation asks) among the message's game buttons."""
    moves, picks, asks = [], [], []
    for b in msg.buttons():
        cb = parse(b.get("callback_data"))
        if not isinstance(cb, GameCallback):
            continue
        if not cb.is_ui and cb.action != "resign":
            moves.append(cb.pack())
        elif cb.action.startswith("~pick:"):
            picks.append(cb.pack())
        elif cb.action in ("~ask:fail", "~ask:r"):
            asks.append(cb.pack())
    return moves, picks, asks


class GameBench:
    def __init__(self, store: RedisStore, kind: str, rng: random.Random) -> None:
        self.store = store
        self.kind = kind
        self.rng = rng
        self.bot, self.session = make_bot(RecordingSession(validate=False))
        settings = Settings(bot_token=TOKEN)  # type: ignore[arg-type]
        self.dp = build_dispatcher(self.bot, store, settings)
        self.user: TgUser = self.session.tg.add_user("Player", language_code="en")
        self.move_times: list[float] = []
        self.move_cpu: list[float] = []
        self.move_round_trips: list[int] = []
        self.ui_updates = 0
        self.games = 0
        self.board: TgMessage | None = None
        self.parts: Breakdown | None = None  # set while a breakdown is wanted
        self.move_parts: dict[str, float] = {}  # the breakdown of move updates only

    async def feed(self, update: Update, is_move: bool) -> None:
        rt0 = self.store.round_trips
        parts0 = dict(self.parts.totals) if self.parts is not None else {}
        c0 = time.process_time()
        t0 = time.perf_counter()
        await self.dp.feed_update(self.bot, update)
        dt = time.perf_counter() - t0
        dc = time.process_time() - c0
        if is_move:
            self.move_times.append(dt)
            self.move_cpu.append(dc)
            self.move_round_trips.append(self.store.round_trips - rt0)
            if self.parts is not None:
                for label, total in self.parts.totals.items():
                    self.move_parts[label] = (
                        self.move_parts.get(label, 0.0) + total - parts0.get(label, 0.0)
                    )
        else:
            self.ui_updates += 1

    def current(self) -> TgMessage:
        assert self.board is not None
        return self.session.message(self.board.chat.id, self.board.message_id)

    async def new_game(self) -> None:
        variant = {"kosa": "u", "raspad": "52"}[self.kind]
        await self.feed(self.session.user_message(self.user, None, "/start"), False)
        menu = self.session.last_message(self.user)
        await self.feed(self.session.tap_data(self.user, menu, f"m:{self.kind}"), False)
        menu = self.session.message(menu.chat.id, menu.message_id)  # the variants
        await self.feed(
            self.session.tap_data(self.user, menu, f"m:new:{self.kind}:{variant}"), False
        )
        self.board = self.session.message(menu.chat.id, menu.message_id)
        self.games += 1
        self.session.clear(history=True)

    async def run(
        self, n_moves: int, between: Callable[[], Awaitable[None]] | None = None, every: int = 100
    ) -> None:
        """Play `n_moves` moves (new games as games end); `between()` after every `every`."""
        await self.new_game()
        next_break = every
        while len(self.move_times) < n_moves:
            if between is not None and len(self.move_times) >= next_break:
                await between()
                next_break += every
            msg = self.current()
            moves, picks, asks = move_buttons(msg)
            if not moves and not picks and not asks:
                await self.new_game()  # the game ended
                continue
            if moves and (not picks or self.rng.random() < 0.7):
                await self.feed(self.session.tap_data(self.user, msg, self.rng.choice(moves)), True)
            elif picks:
                await self.feed(
                    self.session.tap_data(self.user, msg, self.rng.choice(picks)), False
                )
                targets, _, _ = move_buttons(self.current())
                if targets:
                    await self.feed(
                        self.session.tap_data(self.user, self.current(), self.rng.choice(targets)),
                        True,
                    )
            else:
                await self.feed(self.session.tap_data(self.user, msg, asks[0]), False)
                yes, _, _ = move_buttons(self.current())
                await self.feed(self.session.tap_data(self.user, self.current(), yes[0]), True)
            if len(self.move_times) % 200 == 0:
                self.session.clear(history=True)


class Breakdown:
    """CPU time spent in the main parts of the game path (wrapped while a game bench runs)."""

    PARTS = (
        ("bot.games.solitaire.service", "board", "render board + keyboard"),
        ("bot.telegram.io", "edit", "editMessageText request"),
        ("bot.telegram.io", "answer", "answerCallbackQuery request"),
        ("bot.games.solitaire.model", "apply_move", "rules apply + undo/events"),
    )

    def __init__(self, store: RedisStore) -> None:
        import importlib

        self.totals: dict[str, float] = {}
        self.undo: list[tuple[Any, str, Any]] = []
        for module_name, attr, label in self.PARTS:
            module = importlib.import_module(module_name)
            self._wrap(module, attr, label)
        self._wrap(store, "load", "Redis load (client side)")
        self._wrap(store, "save", "Redis CAS save (client side)")

    def _wrap(self, owner: Any, attr: str, label: str) -> None:
        original = getattr(owner, attr)
        totals = self.totals
        totals[label] = 0.0
        if asyncio.iscoroutinefunction(original):

            async def wrapper(*a: Any, **k: Any) -> Any:
                c0 = time.process_time()
                try:
                    return await original(*a, **k)
                finally:
                    totals[label] += time.process_time() - c0
        else:

            def wrapper(*a: Any, **k: Any) -> Any:  # type: ignore[misc]
                c0 = time.process_time()
                try:
                    return original(*a, **k)
                finally:
                    totals[label] += time.process_time() - c0

        setattr(owner, attr, wrapper)
        self.undo.append((owner, attr, original))

    def restore(self) -> None:
        for owner, attr, original in reversed(self.undo):
            if isinstance(owner, RedisStore):
                delattr(owner, attr)
            else:
                setattr(owner, attr, original)


class Overheads:
    """CPU spent outside the bot's own work, for reading the ratio: the fake Telegram answering
    requests (a test double standing in for the network; production pays aiohttp and the
    socket instead) and the garbage collector (every allocation anywhere in the process)."""

    def __init__(self) -> None:
        self.fake = 0.0
        self.gc = 0.0
        self._gc_start = 0.0
        original = FakeTelegram.handle

        def handle(self_: FakeTelegram, method: str, params: dict[str, Any]) -> Any:
            c0 = time.process_time()
            try:
                return original(self_, method, params)
            finally:
                self.fake += time.process_time() - c0

        self._original = original
        setattr(FakeTelegram, "handle", handle)  # noqa: B010  (a method swapped for the run)
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start = time.process_time()
        else:
            self.gc += time.process_time() - self._gc_start

    def restore(self) -> None:
        setattr(FakeTelegram, "handle", self._original)  # noqa: B010
        gc.callbacks.remove(self._on_gc)


async def redis_cpu(store: RedisStore) -> float:
    info = await store.client.info("cpu")
    return float(info["used_cpu_sys"]) + float(info["used_cpu_user"])


def summary(times: list[float]) -> dict[str, float]:
    return {
        "mean_us": statistics.fmean(times) * 1e6,
        "median_us": statistics.median(times) * 1e6,
        "p95_us": sorted(times)[int(len(times) * 0.95)] * 1e6,
        "per_s": len(times) / sum(times),
    }


async def main_async(args: argparse.Namespace) -> int:
    server = start_redis()
    store = await RedisStore(server.url, prefix="bench").open()
    ok = True
    try:
        # warm-up (imports, Lua scripts, caches)
        await bench_echo(200)
        warm = GameBench(store, "raspad", random.Random(0))
        await warm.run(50)
        if args.freeze:  # as `python -m bot` does once started (both paths gain)
            from bot.__main__ import freeze_startup_heap

            freeze_startup_heap()
        loop = type(asyncio.get_running_loop())
        print(
            f"event loop {loop.__module__}.{loop.__name__}, start-up heap "
            f"{'frozen' if args.freeze else 'not frozen'}"
        )

        echo_wall, echo_cpu = await bench_echo(args.echoes)
        echo = summary(echo_wall)
        echo_c = statistics.fmean(echo_cpu) * 1e6
        print(
            f"echo handler : {echo['per_s']:6.0f} updates/s | wall mean {echo['mean_us']:6.0f} µs"
            f" median {echo['median_us']:6.0f} µs | CPU mean {echo_c:6.0f} µs"
        )
        # attribution only, in a separate pass (the echo figures above are measured bare)
        extra = Overheads()
        try:
            await bench_echo(min(args.echoes, 2000))
        finally:
            extra.restore()
        n_echo = min(args.echoes, 2000)
        print(
            f"echo   of the CPU per update: fake Telegram (test double) "
            f"{extra.fake / n_echo * 1e6:.0f} µs, "
            f"garbage collector {extra.gc / n_echo * 1e6:.0f} µs"
        )
        for kind in args.games:
            # the headline pass, uninstrumented; echo blocks run between blocks of moves, so
            # both paths are measured under the same load of this (shared) machine
            bench = GameBench(store, kind, random.Random(args.seed))
            paired = EchoBench()
            cpu0 = await redis_cpu(store)
            await bench.run(args.moves, between=functools.partial(paired.run, 50), every=100)
            redis_us = (await redis_cpu(store) - cpu0) / len(bench.move_times) * 1e6
            s = summary(bench.move_times)
            move_c = statistics.fmean(bench.move_cpu) * 1e6
            echo_c = statistics.fmean(paired.cpu) * 1e6
            echo_median = statistics.median(paired.times) * 1e6
            rts = statistics.fmean(bench.move_round_trips)
            worst_rt = max(bench.move_round_trips)
            # each block of 100 moves against the 50 echoes right after it: the median of
            # those ratios is robust to the machine slowing down for a while
            blocks = [
                statistics.fmean(bench.move_cpu[100 * k : 100 * k + 100])
                / statistics.fmean(paired.cpu[50 * k : 50 * k + 50])
                for k in range(len(paired.cpu) // 50)
            ]
            ratio_cpu = statistics.median(blocks) if blocks else move_c / echo_c
            ratio_wall = s["median_us"] / echo_median
            print(
                f"{kind:<6} moves : {s['per_s']:6.0f} moves/s   | "
                f"wall mean {s['mean_us']:6.0f} µs"
                f" median {s['median_us']:6.0f} µs | CPU mean {move_c:6.0f} µs"
                f" (+ redis-server {redis_us:4.0f} µs) | echo alongside: CPU mean "
                f"{echo_c:4.0f} µs ({len(paired.cpu)} updates in blocks between the moves)"
            )
            print(
                f"{kind:<6} ratio : {ratio_cpu:4.2f}× echo CPU per update (target ≤ 2×; median "
                f"of {len(blocks)} blocks, the means give {move_c / echo_c:4.2f}×), "
                f"{ratio_wall:4.2f}× echo wall median | Redis round trips per move "
                f"{rts:.2f} (max {worst_rt}; target ≤ 2) | {len(bench.move_times)} moves, "
                f"{bench.games} games, {bench.ui_updates} menu/pick taps"
            )
            bare, echo_then = await bench_bare_callback(bench, min(args.echoes, 1000))
            print(
                f"{kind:<6} baseline: a bare aiogram callback handler (answer only) for a tap on "
                f"this board costs {bare:.0f} µs CPU = {bare / echo_then:.2f}× echo"
            )
            for lean_requests, how in (
                (False, "aiogram's shortcuts"),
                (True, "the bot's lean requests"),
            ):
                floor, echo_then = await bench_floor(bench, min(args.echoes, 1000), lean_requests)
                print(
                    f"{kind:<6} floor ({how}): a bare handler that answers, edits this board "
                    f"and makes one Redis round trip costs {floor:.0f} µs CPU = "
                    f"{floor / echo_then:.2f}× echo"
                )
            # attribution, in a second pass (the wrappers cost a little CPU themselves)
            probe = GameBench(store, kind, random.Random(args.seed))
            parts = Breakdown(store)
            probe.parts = parts
            extra = Overheads()
            try:
                await probe.run(min(args.moves, 1000))
            finally:
                extra.restore()
                parts.restore()
            n_updates = len(probe.move_times) + probe.ui_updates
            n_moves = len(probe.move_times)
            probe_c = statistics.fmean(probe.move_cpu) * 1e6
            print(
                f"{kind:<6} where a move's CPU goes (µs per move, instrumented pass): "
                + ", ".join(
                    f"{label} {total / n_moves * 1e6:.0f}"
                    for label, total in probe.move_parts.items()
                )
                + f"; the rest (aiogram dispatch, middlewares, handler) "
                f"{probe_c - sum(probe.move_parts.values()) / n_moves * 1e6:.0f}"
            )
            print(
                f"{kind:<6} of the CPU per update: fake Telegram (test double, inside the "
                f"requests above) {extra.fake / n_updates * 1e6:.0f} µs, garbage collector "
                f"{extra.gc / n_updates * 1e6:.0f} µs"
            )
            ok = ok and ratio_cpu <= 2.0 and rts <= 2.0
    finally:
        await store.close()
        server.stop()
    print("targets met" if ok else "targets NOT met")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--echoes", type=int, default=4000)
    parser.add_argument(
        "--games", nargs="+", default=["raspad", "kosa"], choices=["raspad", "kosa"]
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-freeze",
        dest="freeze",
        action="store_false",
        help="skip the gc.freeze() that `python -m bot` does after start-up",
    )
    parser.add_argument(
        "--loop",
        choices=["auto", "uvloop", "asyncio"],
        default="auto",
        help="event loop, chosen as EVENT_LOOP chooses it (default auto)",
    )
    args = parser.parse_args()
    from bot.__main__ import loop_factory

    with asyncio.Runner(loop_factory=loop_factory(args.loop)) as runner:
        raise SystemExit(runner.run(main_async(args)))


if __name__ == "__main__":
    main()
