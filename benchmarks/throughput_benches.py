"""The benches of benchmarks/bot_throughput.py: the aiogram echo handler (`EchoBench`), the
solitaire games played through the bot (`GameBench`) and the baselines a tap is compared with
(a bare callback handler, the floor of what a move must do)."""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Awaitable, Callable

from aiogram import Dispatcher, Router
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message, Update
from throughput_probes import Breakdown

from bot.app import build_dispatcher
from bot.config import Settings
from bot.storage.redis_store import RedisStore
from bot.telegram.answers import CallbackAnswer
from bot.telegram.messenger import TelegramMessenger
from bot.wire.callbacks import GameCallback, parse
from bot.wire.keyboard import Keyboard
from tests.support.recording import TOKEN, RecordingSession, TgMessage, TgUser, make_bot
from tests.support.redis_counting import RoundTrips
from tests.support.virtual_time import VirtualClock


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
    `lean_requests`: the edit and the answer go as the bot sends them (bot.telegram.messenger:
    the keyboard as ready JSON text, the edited message not parsed); otherwise as aiogram's
    shortcuts send them (bot.edit_message_text with the keyboard, query.answer())."""
    dp = Dispatcher()
    router = Router()
    msg = bench.current()
    keyboard = (
        {"inline_keyboard": msg.reply_markup["inline_keyboard"]} if msg.reply_markup else None
    )
    markup = InlineKeyboardMarkup.model_validate(keyboard) if keyboard else None
    raw = msg.raw or msg.text
    counter = [0]
    keyboard_json = json.dumps(keyboard, ensure_ascii=False, separators=(",", ":"))
    tg = TelegramMessenger(bench.bot)

    @router.callback_query()
    async def tapped(query: CallbackQuery) -> None:
        counter[0] += 1
        await bench.store.client.ping()
        assert query.message is not None
        if lean_requests:
            await tg.edit(
                query.message.chat.id,
                query.message.message_id,
                f"{raw}\n{counter[0]}",
                _Ready(keyboard_json),
            )
            await CallbackAnswer(query)()
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
    """Games of `kind` played through the bot on `store`; `trips` counts what the store sends
    (one counter per store, shared by its benches)."""

    def __init__(self, store: RedisStore, kind: str, rng: random.Random, trips: RoundTrips) -> None:
        self.store = store
        self.trips = trips
        self.kind = kind
        self.rng = rng
        self.bot, self.session = make_bot(RecordingSession(validate=False))
        settings = Settings(bot_token=TOKEN)  # type: ignore[arg-type]
        # the bot's clock is the fake Telegram's virtual one, which moves a person's pace before
        # each tap (tests/support/recording_session.py): a private chat's pacing (about one
        # message a second) then never waits, as it does not for a person; on real time it would
        # hold every move about a second, and the figures here are CPU per move
        clock = self.session.tg.clock
        assert isinstance(clock, VirtualClock)
        self.dp = build_dispatcher(self.bot, store, settings, clock=clock, sleep=clock.sleep)
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
        rt0 = self.trips.trips
        parts0 = dict(self.parts.totals) if self.parts is not None else {}
        c0 = time.process_time()
        t0 = time.perf_counter()
        await self.dp.feed_update(self.bot, update)
        dt = time.perf_counter() - t0
        dc = time.process_time() - c0
        if is_move:
            self.move_times.append(dt)
            self.move_cpu.append(dc)
            self.move_round_trips.append(self.trips.trips - rt0)
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
