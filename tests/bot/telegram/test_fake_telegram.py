"""The recording session records, validates and answers like Telegram would."""

from __future__ import annotations

import pytest
from aiogram import Dispatcher, F, Router
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramNotFound,
    TelegramRetryAfter,
)
from aiogram.filters import Command, CommandStart
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from tests.support.recording import (
    BOT_USERNAME,
    BotSession,
    FakeTelegram,
    RecordingSession,
    bot_session,
    find_button,
    make_bot,
    make_callback_update,
    make_message_update,
    make_user,
)

__all__ = ["bot_session"]  # the fixture, imported for pytest


def keyboard(*rows: list[tuple[str, str]]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[
            [InlineKeyboardButton(text=t, callback_data=d) for t, d in row] for row in rows
        ]
    )


def demo_dispatcher() -> Dispatcher:
    router = Router()

    @router.message(CommandStart())
    async def start(message: Message) -> None:
        await message.answer(
            "<b>Menu</b> &lt;pick&gt;",
            reply_markup=keyboard([("Kosa", "m:kosa"), ("Raspad", "m:raspad")]),
        )

    @router.message(Command("long"))
    async def long(message: Message) -> None:
        await message.answer("x" * 5000)

    @router.callback_query(F.data.startswith("m:"))
    async def pick(cb: CallbackQuery) -> None:
        assert isinstance(cb.message, Message)
        game = (cb.data or "")[2:]
        await cb.message.edit_text(
            f"Playing <i>{game}</i>", reply_markup=keyboard([("Back", "back")])
        )
        await cb.answer()

    @router.callback_query(F.data == "back")
    async def back(cb: CallbackQuery) -> None:
        await cb.answer("Not now", show_alert=True)

    dp = Dispatcher()
    dp.include_router(router)
    return dp


async def test_start_menu_then_tap_edits_in_place(bot_session: BotSession) -> None:
    bot, session = bot_session
    dp = demo_dispatcher()
    alice = session.tg.add_user("Alice")
    await dp.feed_update(bot, session.user_message(alice, None, "/start"))
    menu = session.last_message(alice)
    assert menu.text == "Menu <pick>"  # as the user sees it
    assert menu.raw == "<b>Menu</b> &lt;pick&gt;"
    assert menu.button_texts() == ["Kosa", "Raspad"]
    await dp.feed_update(bot, session.tap(alice, menu, "Raspad"))
    same = session.message(alice.id, menu.message_id)
    assert same.text == "Playing raspad"
    assert same.button_texts() == ["Back"]
    assert len(session.messages(alice)) == 1
    assert session.tg.unanswered_callbacks() == []
    await dp.feed_update(bot, session.tap(alice, same, "back"))  # by callback_data
    assert session.alerts(alice) == ["Not now"]
    assert session.methods() == [
        "sendMessage",
        "editMessageText",
        "answerCallbackQuery",
        "answerCallbackQuery",
    ]


async def test_requests_are_recorded_as_json_with_defaults_resolved(
    bot_session: BotSession,
) -> None:
    bot, session = bot_session
    await bot.send_message(42, "hi", reply_markup=keyboard([("A", "a")]))
    params = session.last_call("sendMessage")
    assert params == {
        "chat_id": 42,
        "text": "hi",
        "parse_mode": "HTML",
        "reply_markup": {"inline_keyboard": [[{"text": "A", "callback_data": "a"}]]},
    }


async def test_message_ids_increase_per_chat(bot_session: BotSession) -> None:
    bot, _session = bot_session
    a = await bot.send_message(1, "a")
    b = await bot.send_message(1, "b")
    c = await bot.send_message(-1001, "c")
    assert (a.message_id, b.message_id, c.message_id) == (1, 2, 1)
    assert a.chat.id == 1 and c.chat.id == -1001 and c.chat.type == "supergroup"
    assert b.from_user is not None and b.from_user.is_bot


async def test_get_me_is_a_bot_with_username(bot_session: BotSession) -> None:
    bot, _session = bot_session
    me = await bot.get_me()
    assert me.is_bot and me.username == BOT_USERNAME


async def test_invalid_request_raises_and_is_recorded() -> None:
    bot, session = make_bot(RecordingSession(validate=True))
    dp = demo_dispatcher()
    with pytest.raises(AssertionError, match="4096"):
        await dp.feed_update(bot, make_message_update(make_user(), None, "/long"))
    assert session.violations
    with pytest.raises(AssertionError, match="callback_data"):
        await bot.send_message(1, "x", reply_markup=keyboard([("A", "d" * 65)]))


async def test_not_modified_and_missing_messages(bot_session: BotSession) -> None:
    bot, _session = bot_session
    msg = await bot.send_message(7, "same", reply_markup=keyboard([("A", "a")]))
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await bot.edit_message_text(
            "same", chat_id=7, message_id=msg.message_id, reply_markup=keyboard([("A", "a")])
        )
    # an edit without reply_markup drops the keyboard (as Telegram does)
    edited = await bot.edit_message_text("same", chat_id=7, message_id=msg.message_id)
    assert isinstance(edited, Message) and edited.reply_markup is None
    with pytest.raises(TelegramBadRequest, match="message to edit not found"):
        await bot.edit_message_text("x", chat_id=7, message_id=999)
    assert await bot.delete_message(7, msg.message_id)
    with pytest.raises(TelegramBadRequest, match="message to delete not found"):
        await bot.delete_message(7, msg.message_id)


async def test_injected_errors_hit_the_next_matching_call(bot_session: BotSession) -> None:
    bot, session = bot_session
    msg = await bot.send_message(7, "a")
    session.inject_retry_after("editMessageText", seconds=3)
    with pytest.raises(TelegramRetryAfter) as info:
        await bot.edit_message_text("b", chat_id=7, message_id=msg.message_id)
    assert info.value.retry_after == 3
    session.inject_not_modified()
    with pytest.raises(TelegramBadRequest, match="not modified"):
        await bot.edit_message_text("b", chat_id=7, message_id=msg.message_id)
    await bot.edit_message_text("b", chat_id=7, message_id=msg.message_id)  # injection used up
    assert session.message(7, msg.message_id).text == "b"


async def test_chat_members_and_admins(bot_session: BotSession) -> None:
    bot, session = bot_session
    tg = session.tg
    owner, admin, member, stranger = (tg.add_user(n) for n in ("O", "A", "M", "S"))
    group = tg.add_group("Cards", owner=owner, admins=[admin], members=[member])
    statuses = [
        (await bot.get_chat_member(group.id, u.id)).status for u in (owner, admin, member, stranger)
    ]
    assert statuses == ["creator", "administrator", "member", "left"]
    admins = await bot.get_chat_administrators(group.id)
    assert {a.user.id for a in admins} == {owner.id, admin.id}
    chat = await bot.get_chat(group.id)
    assert chat.type == "supergroup" and chat.title == "Cards"


async def test_strict_mode_refuses_users_who_never_started_the_bot() -> None:
    tg = FakeTelegram(strict=True)
    bot, _session = make_bot(RecordingSession(tg))
    bob = tg.add_user("Bob")
    with pytest.raises(TelegramForbiddenError, match="initiate conversation"):
        await bot.send_message(bob.id, "hello")
    tg.user_message(bob, bob, "/start")
    assert (await bot.send_message(bob.id, "hello")).text == "hello"
    with pytest.raises(TelegramBadRequest, match="chat not found"):
        await bot.send_message(-100999, "hello")


async def test_callback_answer_twice_fails(bot_session: BotSession) -> None:
    bot, session = bot_session
    alice = session.tg.add_user("Alice")
    await bot.send_message(alice.id, "m", reply_markup=keyboard([("A", "a")]))
    update = session.tap(alice, session.last_message(alice), "A")
    assert update.callback_query is not None
    assert update.callback_query.chat_instance
    await bot.answer_callback_query(update.callback_query.id, text="ok")
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await bot.answer_callback_query(update.callback_query.id)


async def test_tapping_a_missing_button_is_an_error(bot_session: BotSession) -> None:
    bot, session = bot_session
    alice = session.tg.add_user("Alice")
    await bot.send_message(alice.id, "m", reply_markup=keyboard([("Hint", "g:1:~hint")]))
    with pytest.raises(LookupError, match="no button"):
        session.tap(alice, session.last_message(alice), "Undo")


def test_find_button_by_text_data_or_unique_substring() -> None:
    kb = keyboard([("♠A", "g:1:AS"), ("♠K", "g:1:KS"), ("♥10", "g:1:TH")], [("Hint", "g:1:~hint")])
    assert find_button(kb, "♥10")["callback_data"] == "g:1:TH"
    assert find_button(kb, "g:1:~hint")["text"] == "Hint"
    assert find_button(kb, "Hin")["text"] == "Hint"
    with pytest.raises(LookupError, match="several"):
        find_button(kb, "♠")
    with pytest.raises(LookupError):
        find_button(kb, "Undo")


def test_stand_alone_update_builders() -> None:
    alice = make_user(5, "Alice")
    upd = make_message_update(alice, -1001234, f"/start@{BOT_USERNAME} abc")
    assert upd.message is not None
    assert upd.message.chat.type == "supergroup"
    assert upd.message.entities is not None
    assert upd.message.entities[0].type == "bot_command"
    assert upd.message.entities[0].length == len(f"/start@{BOT_USERNAME}")
    cb = make_callback_update(alice, upd.message, "m:kosa")
    assert cb.callback_query is not None and cb.callback_query.data == "m:kosa"
    assert cb.callback_query.message is not None


async def test_late_callback_answer_fails_like_telegram() -> None:
    now = [1000.0]
    tg = FakeTelegram(clock=lambda: now[0])
    tg.callback_answer_timeout = 15
    bot, session = make_bot(RecordingSession(tg))
    ann = tg.add_user("Ann")
    await bot.send_message(ann.id, "m", reply_markup=keyboard([("A", "a")]))
    update = session.tap(ann, session.last_message(ann), "A")
    assert update.callback_query is not None
    now[0] += 16
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await bot.answer_callback_query(update.callback_query.id)
    assert tg.unanswered_callbacks() == []  # tried, too late


async def test_blocked_user_refuses_messages_and_edits() -> None:
    tg = FakeTelegram(strict=True)
    bot, _session = make_bot(RecordingSession(tg))
    ann = tg.add_user("Ann", started=True)
    msg = await bot.send_message(ann.id, "hi")
    ann.blocked = True
    with pytest.raises(TelegramForbiddenError, match="blocked"):
        await bot.send_message(ann.id, "again")
    with pytest.raises(TelegramForbiddenError, match="blocked"):
        await bot.edit_message_text("x", chat_id=ann.id, message_id=msg.message_id)


async def test_unemulated_method_is_a_clear_error() -> None:
    bot, session = make_bot(RecordingSession())
    with pytest.raises(TelegramNotFound, match="not emulated"):
        await bot.send_dice(1)
    assert any("sendDice" in v for v in session.violations)


async def test_deleting_user_messages_in_groups_needs_admin_rights(bot_session: BotSession) -> None:
    bot, session = bot_session
    tg = session.tg
    ann = tg.add_user("Ann")
    plain = tg.add_group("Plain", owner=ann)
    admin = tg.add_group("Admin", owner=ann, bot_status="administrator")
    m1 = tg.user_message(ann, plain, "/newgame")
    m2 = tg.user_message(ann, admin, "/newgame")
    with pytest.raises(TelegramBadRequest, match="can't be deleted"):
        await bot.delete_message(plain.id, m1.message_id)
    assert await bot.delete_message(admin.id, m2.message_id)
    assert session.tg.messages_in(admin.id, by_bot=None) == []
