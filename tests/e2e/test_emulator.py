"""The emulator behaves like the Bot API for a real aiogram bot (run in-process here)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from aiogram import Bot, Dispatcher, F, Router
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError, TelegramRetryAfter
from aiogram.filters import Command, CommandStart
from aiogram.methods import SendMessage
from aiogram.types import (
    CallbackQuery,
    ChatMemberUpdated,
    EphemeralMessageParameters,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
)

from tests.e2e.emulator import Emulator


def make_bot(emu: Emulator) -> Bot:
    session = AiohttpSession(api=TelegramAPIServer.from_base(emu.url))
    return Bot(token=emu.token, session=session)


def echo_router() -> Router:
    router = Router()

    @router.message(CommandStart())
    async def start(message: Message) -> None:
        payload = (message.text or "").partition(" ")[2]
        kb = InlineKeyboardMarkup(
            inline_keyboard=[
                [InlineKeyboardButton(text="Ping", callback_data="ping")],
                [
                    InlineKeyboardButton(
                        text="Invite", url="https://t.me/cardgames_test_bot?start=j42"
                    )
                ],
            ]
        )
        await message.answer(f"Hello {message.chat.type} {payload}".strip(), reply_markup=kb)

    @router.message(Command("edit"))
    async def edit(message: Message) -> None:
        sent = await message.answer("v1")
        await sent.edit_text("v2")

    @router.message(F.text)
    async def echo(message: Message) -> None:
        await message.answer(f"echo: {message.text}")

    @router.callback_query(F.data == "ping")
    async def ping(cb: CallbackQuery) -> None:
        assert isinstance(cb.message, Message)
        await cb.message.edit_text("Pong")
        await cb.answer("pong!", show_alert=True)

    @router.my_chat_member()
    async def added(event: ChatMemberUpdated) -> None:
        await event.bot.send_message(event.chat.id, f"added:{event.new_chat_member.status}")  # type: ignore[union-attr]

    return router


@pytest.fixture
async def running(emulator: Emulator) -> AsyncIterator[Bot]:
    """A tiny aiogram bot polling the emulator in this event loop."""
    bot = make_bot(emulator)
    dp = Dispatcher()
    dp.include_router(echo_router())
    polls = emulator.poll_count
    task = asyncio.create_task(
        dp.start_polling(bot, polling_timeout=1, handle_signals=False, close_bot_session=False)
    )
    await emulator.wait_polled(after=polls, timeout=15)
    try:
        yield bot
    finally:
        with contextlib.suppress(RuntimeError):
            await dp.stop_polling()
        with contextlib.suppress(asyncio.CancelledError, TimeoutError):
            await asyncio.wait_for(task, 10)
        await bot.session.close()


async def test_echo_and_callback(emulator: Emulator, running: Bot) -> None:
    alice = emulator.user("Alice")
    alice.send("hello there")
    reply = await emulator.wait_message(alice, contains="echo: hello there", timeout=10)
    assert reply.chat_id == alice.id
    alice.send("/start")
    menu = await emulator.wait_message(alice, contains="Hello private", timeout=10)
    cq = alice.tap(menu, "Ping")
    answer = await emulator.wait_answer(cq, timeout=10)
    assert answer == {"text": "pong!", "show_alert": True}
    assert emulator.message(alice, menu.message_id).text == "Pong"
    assert emulator.message(alice, menu.message_id).reply_markup is None  # edit dropped it
    assert emulator.alerts(alice) == ["pong!"]
    await emulator.wait_all_answered(timeout=10)


async def test_deep_link_and_group_flow(emulator: Emulator, running: Bot) -> None:
    alice, bob = emulator.user("Alice"), emulator.user("Bob")
    alice.send("/start")
    menu = await emulator.wait_message(alice, contains="Hello")
    bob_msg = bob.open_link("https://t.me/cardgames_test_bot?start=j42")
    assert bob_msg is not None and bob_msg.text == "/start j42"
    await emulator.wait_message(bob, contains="Hello private j42")
    alice.follow(menu, "Invite")
    await emulator.wait_message(alice, contains="Hello private j42")

    group = emulator.group("Friends", owner=alice, members=[bob], bot_member=False)
    alice.open_link("https://t.me/cardgames_test_bot?startgroup=g7", group=group)
    await emulator.wait_message(group, contains="added:member")
    await emulator.wait_message(group, contains="Hello supergroup g7")
    assert group.id < -1000000000000

    bob.send(group, "just chatting")  # privacy mode: not delivered
    bob.send(group, "/start@other_bot")  # another bot's command: not delivered
    bob.send(group, "/start@cardgames_test_bot")
    await emulator.wait_message(group, predicate=lambda m: m.text == "Hello supergroup")
    await emulator.wait_idle(quiet=0.3, timeout=10)
    assert not any("just chatting" in m.text for m in emulator.messages(group))


async def test_edits_are_counted_per_chat(emulator: Emulator, running: Bot) -> None:
    alice = emulator.user("Alice")
    alice.send("/edit")
    await emulator.wait_message(alice, contains="v2")
    assert emulator.edits_in_window(alice, 60) == 1
    assert emulator.message(alice, emulator.messages(alice)[-1].message_id).history == ["v1"]


async def test_retry_after_injection_surfaces_in_aiogram(emulator: Emulator) -> None:
    bot = make_bot(emulator)
    alice = emulator.user("Alice", started=True)
    try:
        emulator.inject_retry_after("sendMessage", seconds=7)
        with pytest.raises(TelegramRetryAfter) as info:
            await bot.send_message(alice.id, "hi")
        assert info.value.retry_after == 7
        sent = await bot.send_message(alice.id, "hi")
        assert sent.text == "hi"
        assert [r.status for r in emulator.requests if r.method == "sendMessage"] == [429, 200]
    finally:
        await bot.session.close()


async def test_telegram_errors(emulator: Emulator) -> None:
    bot = make_bot(emulator)
    carol = emulator.user("Carol")  # never opened the bot
    try:
        with pytest.raises(TelegramForbiddenError, match="initiate conversation"):
            await bot.send_message(carol.id, "hi")
        carol.send("/start")
        msg = await bot.send_message(carol.id, "hi")
        with pytest.raises(TelegramBadRequest, match="message is not modified"):
            await bot.edit_message_text("hi", chat_id=carol.id, message_id=msg.message_id)
        with pytest.raises(TelegramBadRequest, match="message to edit not found"):
            await bot.edit_message_text("x", chat_id=carol.id, message_id=999)
        with pytest.raises(TelegramBadRequest, match="chat not found"):
            await bot.send_message(-100123, "x")
        me = await bot.get_me()
        assert me.is_bot and me.username == "cardgames_test_bot" and me.can_join_groups
        group = emulator.group("G", owner=carol)
        member = await bot.get_chat_member(group.id, carol.id)
        assert member.status == "creator"
        assert await bot.send_chat_action(group.id, "typing")
    finally:
        await bot.session.close()


async def test_long_poll_waits_for_timeout_and_returns_early_on_update(
    emulator: Emulator,
) -> None:
    url = f"{emulator.url}/bot{emulator.token}/getUpdates"
    async with aiohttp.ClientSession() as http:

        async def poll(**form: str) -> dict[str, Any]:
            async with http.post(url, data=form) as resp:  # form-encoded, like aiogram
                body: dict[str, Any] = await resp.json()
                return body

        # without updates, a long poll ends with an empty result when its timeout has passed
        assert await asyncio.wait_for(poll(timeout="1"), 10) == {"ok": True, "result": []}

        # a long poll is held open and answered as soon as an update arrives
        polls = emulator.poll_count
        pending = asyncio.create_task(poll(timeout="30"))
        await emulator.wait_polled(after=polls, timeout=10)
        emulator.user("Dan").send("/start")
        body = await asyncio.wait_for(pending, 10)
        assert [u["message"]["text"] for u in body["result"]] == ["/start"]
        first_id = body["result"][0]["update_id"]
        # not confirmed yet: delivered again; confirmed by offset: gone
        async with http.get(url, params={"timeout": "0"}) as resp:
            assert len((await resp.json())["result"]) == 1
        async with http.get(url, params={"timeout": "0", "offset": str(first_id + 1)}) as resp:
            assert (await resp.json())["result"] == []


async def test_invalid_requests_are_rejected_and_recorded(emulator: Emulator) -> None:
    url = f"{emulator.url}/bot{emulator.token}/sendMessage"
    alice = emulator.user("Alice", started=True)
    markup = {"inline_keyboard": [[{"text": "x", "callback_data": "d" * 65}]]}
    async with aiohttp.ClientSession() as http:
        payload = {"chat_id": alice.id, "text": "x", "reply_markup": json.dumps(markup)}
        async with http.post(url, data=payload) as resp:
            assert resp.status == 400
            assert "callback_data" in (await resp.json())["description"]
        async with http.post(f"{emulator.url}/botWRONG:TOKEN/getMe") as resp:
            assert resp.status == 401
        form = aiohttp.FormData()  # multipart, as aiogram sends requests with files
        form.add_field("chat_id", str(alice.id))
        form.add_field("text", "multipart")
        form.add_field("doc", b"bytes", filename="x.txt")
        async with http.post(url, data=form) as resp:
            assert resp.status == 200, await resp.text()
        assert emulator.last_message(alice) is not None
        assert emulator.last_message(alice).text == "multipart"  # type: ignore[union-attr]
        async with http.post(
            f"{emulator.url}/bot{emulator.token}/getMe",
            data=b"",
            headers={"Content-Type": "application/json"},
        ) as resp:
            assert (await resp.json())["result"]["is_bot"] is True
    assert any("callback_data" in v for v in emulator.violations)
    with pytest.raises(AssertionError, match="callback_data"):
        emulator.assert_clean()
    emulator.violations.clear()  # expected here; the fixture checks the rest


async def test_wait_for_is_bounded(emulator: Emulator) -> None:
    with pytest.raises(AssertionError, match=r"timed out after [0-9.]+s waiting for nothing"):
        await emulator.wait_for(lambda: False, timeout=0.3, what="nothing")


async def test_offsets_allowed_updates_drop_and_conflict(emulator: Emulator) -> None:
    base = f"{emulator.url}/bot{emulator.token}"
    alice = emulator.user("Alice")
    group = emulator.group("G", owner=alice, bot_member=False)
    async with aiohttp.ClientSession() as http:

        async def get_updates(**params: object) -> dict[str, object]:
            async with http.post(f"{base}/getUpdates", json=params) as resp:
                body: dict[str, object] = await resp.json()
                return body

        alice.add_bot_to_group(group)  # my_chat_member + service message
        body = await get_updates(allowed_updates=["message"])
        result = body["result"]
        assert isinstance(result, list)
        assert [next(k for k in u if k != "update_id") for u in result] == ["message"]
        assert result[0]["message"]["new_chat_members"][0]["is_bot"]

        alice.send("/start")
        async with http.post(f"{base}/deleteWebhook", json={"drop_pending_updates": True}) as resp:
            assert (await resp.json())["result"] is True
        assert (await get_updates(timeout=0))["result"] == []
        assert emulator.dropped_updates >= 1

        # a second getUpdates terminates the pending one with 409 Conflict
        first = asyncio.create_task(get_updates(timeout=5))
        await emulator.wait_for(lambda: emulator.poll_count >= 3, timeout=5, what="first poll")
        second = await get_updates(timeout=0)
        assert second["ok"] is True
        first_body = await asyncio.wait_for(first, 5)
        assert first_body["error_code"] == 409
        assert emulator.conflicts == 1


async def test_flood_limit_for_group_edits(emulator: Emulator) -> None:
    """Sends and edits share a group's budget: with 3 a minute, a send and two edits pass and the
    third edit is answered 429 (the per-chat limit is off here so only the group's counts)."""
    bot = make_bot(emulator)
    alice = emulator.user("Alice")
    group = emulator.group("Club", owner=alice)
    emulator.tg.limits.group_per_minute = 3
    emulator.tg.limits.chat_per_second = None
    try:
        msg = await bot.send_message(group.id, "v0")
        for i in range(1, 3):
            await bot.edit_message_text(f"v{i}", chat_id=group.id, message_id=msg.message_id)
        with pytest.raises(TelegramRetryAfter) as refused:
            await bot.edit_message_text("v3", chat_id=group.id, message_id=msg.message_id)
        assert 55 <= refused.value.retry_after <= 60  # until the send leaves the minute
        assert emulator.edits_in_window(group, 60) == 2
        assert emulator.writes_in_window(group, 60) == 3
        assert emulator.message(group, msg.message_id).text == "v2"
    finally:
        await bot.session.close()


async def test_wait_all_answered_names_the_unanswered_tap(emulator: Emulator) -> None:
    alice = emulator.user("Alice", started=True)
    msg = emulator.tg.handle(
        "sendMessage",
        {
            "chat_id": alice.id,
            "text": "m",
            "reply_markup": {"inline_keyboard": [[{"text": "A", "callback_data": "a"}]]},
        },
    )
    alice.tap(emulator.message(alice, msg["message_id"]), "A")  # no bot runs: nobody answers
    with pytest.raises(AssertionError, match=r"unanswered callback queries \[\('\w+', 'a'\)\]"):
        await emulator.wait_all_answered(timeout=0.3)


@pytest.mark.parametrize("validate", [True, False])
async def test_an_ephemeral_message_goes_the_bot_api_10_3_way_only(validate: bool) -> None:
    """`ephemeral_message_parameters` shows a message to one member; the 10.2 way (the
    receiver and the tap beside `chat_id`) is refused with 400, by the schema's check and by
    the fake Telegram itself (an emulator that validates nothing refuses it too)."""
    async with Emulator(validate=validate) as emu:
        bot = make_bot(emu)
        alice, bob = emu.user("Alice", started=True), emu.user("Bob")
        group = emu.group("Club", owner=alice, members=[bob])
        try:
            to_bob = EphemeralMessageParameters(receiver_user_id=bob.id)
            await bot(
                SendMessage(chat_id=group.id, text="yours", ephemeral_message_parameters=to_bob)
            )
            assert [m.text for m in bob.ephemeral(group)] == ["yours"]
            with pytest.raises(TelegramBadRequest, match="receiver_user_id"):
                await bot(SendMessage(chat_id=group.id, text="old", receiver_user_id=bob.id))
            with pytest.raises(TelegramBadRequest, match="callback_query_id"):
                await bot(SendMessage(chat_id=group.id, text="old", callback_query_id="1"))
            assert [m.text for m in bob.ephemeral(group)] == ["yours"]
            assert emu.tg.writes_in_window(group.id) == 1  # nothing refused was shown
        finally:
            await bot.session.close()
        assert len(emu.violations) == (2 if validate else 0)
