"""A plain aiogram bot, the floor `benchmarks/tap_vs_plain.py` measures the real bot against:
/start sends a message with six buttons; a tap makes one Redis round trip (INCR of the user's
count), answers the callback and edits the message. No budget, no retries: an edit Telegram
refuses with 429 is not shown.

Run as a process: `python -m benchmarks.plain_bot` with BOT_TOKEN, TELEGRAM_API_URL, REDIS_URL
(and POLLING_TIMEOUT, EVENT_LOOP: "auto" takes uvloop when it is installed, as the bot does).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable

import redis.asyncio as redis
from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramBadRequest, TelegramRetryAfter
from aiogram.filters import CommandStart
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

BUTTONS = 6


def keyboard() -> InlineKeyboardMarkup:
    row = [InlineKeyboardButton(text=f"#{n}", callback_data=f"b{n}") for n in range(BUTTONS)]
    return InlineKeyboardMarkup(inline_keyboard=[row[:3], row[3:]])


async def main() -> None:
    api = TelegramAPIServer.from_base(os.environ["TELEGRAM_API_URL"])
    bot = Bot(os.environ["BOT_TOKEN"], session=AiohttpSession(api=api))
    store = redis.Redis.from_url(os.environ["REDIS_URL"])
    dp = Dispatcher()

    @dp.message(CommandStart())
    async def start(message: Message) -> None:
        await message.answer("Taps: 0", reply_markup=keyboard())

    @dp.callback_query()
    async def tap(query: CallbackQuery) -> None:
        count = await store.incr(f"taps:{query.from_user.id}")
        await query.answer()
        if not isinstance(query.message, Message):
            return
        # Telegram's limit (or a message gone): this screen is not shown
        with contextlib.suppress(TelegramRetryAfter, TelegramBadRequest):
            await query.message.edit_text(f"Taps: {count} ({query.data})", reply_markup=keyboard())

    try:
        await dp.start_polling(bot, polling_timeout=int(os.environ.get("POLLING_TIMEOUT", "1")))
    finally:
        await store.aclose()
        await bot.session.close()


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    if os.environ.get("EVENT_LOOP", "auto") == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


if __name__ == "__main__":
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        runner.run(main())
