"""The aiogram internals bot.telegram.aiogram_adapter relies on, checked against the installed
aiogram: each failure names the aiogram version and what no longer holds.

The lean methods go over a real HTTP session to a local server standing in for Telegram, beside
aiogram's own SendMessage / EditMessageText with the same arguments: the posted forms must match
field for field."""

from __future__ import annotations

import inspect
import json
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import aiogram
import pytest
from aiogram import Bot, Dispatcher, Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.methods import EditMessageText, SendMessage
from aiogram.types import (
    CallbackQuery,
    EphemeralMessageParameters,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    ReplyParameters,
    TelegramObject,
    Update,
)
from aiohttp import web
from pydantic import SecretStr

from bot.app import build_bot
from bot.config import Settings
from bot.telegram.aiogram_adapter import (
    UNHANDLED,
    BaseRequestMiddleware,
    LeanEdit,
    LeanSend,
    NextRequestMiddlewareType,
    Response,
    TelegramMethod,
    TelegramType,
    hold_response_types,
)
from bot.telegram.messenger import TelegramMessenger
from bot.telegram.middlewares import Handler
from bot.wire.keyboard import Button, Keyboard, markup_json
from tests.support import telegram_spec

AIOGRAM = f"aiogram {aiogram.__version__}"
TOKEN = "123456:TEST-token-for-adapter"
KEYBOARD = Keyboard([[Button("A", "g:1:a"), Button("B", "g:1:b")], [Button("C", "g:1:c")]])
MARKUP = InlineKeyboardMarkup(
    inline_keyboard=[
        [
            InlineKeyboardButton(text="A", callback_data="g:1:a"),
            InlineKeyboardButton(text="B", callback_data="g:1:b"),
        ],
        [InlineKeyboardButton(text="C", callback_data="g:1:c")],
    ]
)
MESSAGE = {"message_id": 77, "date": 0, "chat": {"id": 5, "type": "private"}, "text": "x"}
NOT_MODIFIED = "Bad Request: message is not modified"
# what aiogram's own methods add from the bot's defaults and the lean ones leave out on purpose:
# the deprecated twin of link_preview_options, and the parse mode of a quote the bot never sends
AIOGRAM_ONLY = {"disable_web_page_preview": "true"}
AIOGRAM_ONLY_REPLY = {"quote_parse_mode": "HTML"}
EPHEMERAL = "ephemeral_message_parameters"


@dataclass
class FakeApi:
    """A local HTTP server answering Bot API calls: records each posted form, answers with
    `answers.pop(0)` (status, body) or a sent Message."""

    bot: Bot
    posted: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    answers: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


@pytest.fixture
async def api() -> AsyncIterator[FakeApi]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    settings = Settings(bot_token=SecretStr(TOKEN), telegram_api_url=f"http://127.0.0.1:{port}")
    fake = FakeApi(build_bot(settings))  # the bot's own defaults (parse mode, link previews)

    async def handle(request: web.Request) -> web.Response:
        form = await request.post()
        fake.posted.append((request.match_info["method"], {k: str(v) for k, v in form.items()}))
        status, body = (
            fake.answers.pop(0) if fake.answers else (200, {"ok": True, "result": MESSAGE})
        )
        return web.json_response(body, status=status)

    app = web.Application()
    app.router.add_post("/bot{token}/{method}", handle)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.SockSite(runner, sock).start()
    try:
        yield fake
    finally:
        await fake.bot.session.close()
        await runner.cleanup()


def _decoded(form: dict[str, str], drop: dict[str, str] | None = None) -> dict[str, Any]:
    """A posted form with its JSON fields parsed (key order and spacing do not matter), less
    the `drop` fields where they have exactly those values (and AIOGRAM_ONLY_REPLY with them)."""
    out: dict[str, Any] = {}
    for key, value in form.items():
        if drop is not None and drop.get(key) == value:
            continue
        try:
            out[key] = json.loads(value) if value[:1] in "{[" else value
        except ValueError:
            out[key] = value
    reply = out.get("reply_parameters")
    if drop is not None and isinstance(reply, dict):
        for key, value in AIOGRAM_ONLY_REPLY.items():
            if reply.get(key) == value:
                del reply[key]
    return out


async def _post_both(
    api: FakeApi, lean: TelegramMethod[Any], public: TelegramMethod[Any]
) -> tuple[tuple[str, dict[str, Any]], tuple[str, dict[str, Any]]]:
    await api.bot(lean)
    await api.bot(public)
    (lean_name, lean_form), (public_name, public_form) = api.posted[-2:]
    return (lean_name, _decoded(lean_form)), (public_name, _decoded(public_form, AIOGRAM_ONLY))


async def test_lean_send_posts_what_send_message_posts(api: FakeApi) -> None:
    reply = '{"message_id":9,"allow_sending_without_reply":true}'
    lean, public = await _post_both(
        api,
        LeanSend(
            chat_id=5,
            text="<b>hi</b> & bye",
            message_thread_id=3,
            reply_markup=markup_json(KEYBOARD),
            reply_parameters=reply,
        ),
        SendMessage(
            chat_id=5,
            text="<b>hi</b> & bye",
            message_thread_id=3,
            reply_markup=MARKUP,
            reply_parameters=ReplyParameters(message_id=9, allow_sending_without_reply=True),
        ),
    )
    assert lean == public, (
        f"{AIOGRAM}: LeanSend posts {lean}, aiogram's SendMessage with the same arguments posts "
        f"{public}: aiogram changed how it serialises a method (see bot.telegram.aiogram_adapter)"
    )
    assert lean[1]["parse_mode"] == "HTML", f"{AIOGRAM}: the bot's default parse mode is gone"


async def test_an_ephemeral_send_posts_what_send_message_posts(api: FakeApi) -> None:
    """Bot API 10.3: the receiver and the tap go in ephemeral_message_parameters, never beside
    chat_id (the deprecated 10.2 way)."""
    api.answers.append((200, {"ok": True, "result": {**MESSAGE, "ephemeral_message_id": 3}}))
    tg = TelegramMessenger(api.bot)
    assert await tg.send_ephemeral(-5, 7, "hand", KEYBOARD, query_id="q1") == 3
    to_7 = EphemeralMessageParameters(receiver_user_id=7, callback_query_id="q1")
    await api.bot(
        SendMessage(chat_id=-5, text="hand", reply_markup=MARKUP, ephemeral_message_parameters=to_7)
    )
    (_, lean), (_, public) = api.posted[-2:]
    assert _decoded(lean) == _decoded(public, AIOGRAM_ONLY), f"{AIOGRAM}: {lean} != {public}"
    assert json.loads(lean[EPHEMERAL]) == {"receiver_user_id": 7, "callback_query_id": "q1"}
    assert not {"receiver_user_id", "callback_query_id"} & set(lean)


async def test_lean_edit_posts_what_edit_message_text_posts(api: FakeApi) -> None:
    board = markup_json(KEYBOARD)
    pairs = [  # a chat's message, an inline message
        (
            LeanEdit(chat_id=5, message_id=77, text="board", reply_markup=board),
            EditMessageText(chat_id=5, message_id=77, text="board", reply_markup=MARKUP),
        ),
        (
            LeanEdit(inline_message_id="AAE-in", text="board", reply_markup=board),
            EditMessageText(inline_message_id="AAE-in", text="board", reply_markup=MARKUP),
        ),
    ]
    for lean_edit, public_edit in pairs:
        lean, public = await _post_both(api, lean_edit, public_edit)
        assert lean == public, (
            f"{AIOGRAM}: LeanEdit posts {lean}, aiogram's EditMessageText with the same "
            f"arguments posts {public}: aiogram changed how it serialises a method"
        )


async def test_a_keyboard_s_styles_and_disabled_buttons_reach_telegram(api: FakeApi) -> None:
    """Bot API 9.4's `style` and 10.3's `disabled` are in the keyboard's own JSON, which aiogram
    passes on untouched: an aiogram without these fields sends them all the same, and one with
    them sends what its own InlineKeyboardButton would."""
    styled = Keyboard([[Button("🏳", "g:1:~resign", style="danger"), Button("7♠", disabled=True)]])
    await api.bot(LeanSend(chat_id=5, text="x", reply_markup=markup_json(styled)))
    posted = json.loads(api.posted[-1][1]["reply_markup"])
    assert posted["inline_keyboard"] == [
        [
            {"text": "🏳", "style": "danger", "callback_data": "g:1:~resign"},
            {"text": "7♠", "disabled": {}},
        ]
    ], f"{AIOGRAM}: the keyboard posted as {posted}"
    known = InlineKeyboardButton.model_fields
    if "style" not in known or "disabled" not in known:
        return  # this aiogram cannot build such a button: there is nothing to compare with
    from aiogram.types import DisabledButton

    buttons = [
        InlineKeyboardButton(text="🏳", callback_data="g:1:~resign", style="danger"),
        InlineKeyboardButton(text="7♠", disabled=DisabledButton()),
    ]
    await api.bot(
        SendMessage(
            chat_id=5, text="x", reply_markup=InlineKeyboardMarkup(inline_keyboard=[buttons])
        )
    )
    public = json.loads(api.posted[-1][1]["reply_markup"])
    assert public == posted, f"{AIOGRAM}: aiogram posts {public}, the bot {posted}"


async def test_lean_answers_stay_unparsed_dicts(api: FakeApi) -> None:
    answer = await api.bot(LeanSend(chat_id=5, text="x"))
    assert answer == MESSAGE, (
        f"{AIOGRAM}: a lean method's answer came back as {answer!r}, not the Bot API's JSON "
        "object: Response[Any] no longer leaves the result alone"
    )
    assert await TelegramMessenger(api.bot).send(5, "x") == MESSAGE["message_id"]


async def test_lean_errors_raise_what_aiogram_raises(api: FakeApi) -> None:
    api.answers.append((400, {"ok": False, "error_code": 400, "description": NOT_MODIFIED}))
    with pytest.raises(TelegramBadRequest) as raised:
        await api.bot(LeanEdit(chat_id=5, message_id=77, text="board"))
    assert NOT_MODIFIED in raised.value.message, f"{AIOGRAM}: error text {raised.value.message!r}"


def test_lean_methods_name_bot_api_methods_and_their_fields() -> None:
    spec = telegram_spec.require_spec()
    for lean, public in ((LeanSend, SendMessage), (LeanEdit, EditMessageText)):
        name = lean.__api_method__
        assert name == public.__api_method__, (
            f"{AIOGRAM}: {public.__name__} calls {public.__api_method__!r}, "
            f"{lean.__name__} {name!r}"
        )
        assert name in spec["methods"], f"{name!r} is not a Bot API method"
        known = {f["name"] for f in spec["methods"][name].get("fields", [])}
        fields = set(lean.model_fields)
        assert fields <= known, f"{lean.__name__} sends fields the Bot API lacks: {fields - known}"
        missing = fields - set(public.model_fields)
        assert not missing, (
            f"{AIOGRAM}: its {public.__name__} has no {sorted(missing)}: the lean method sends "
            "fields this aiogram does not know (its Bot API is older)"
        )


def test_response_generic_still_parses_an_answer() -> None:
    (send_response,) = hold_response_types(LeanSend)
    parsed = send_response.model_validate({"ok": True, "result": MESSAGE})
    assert isinstance(parsed, Response), f"{AIOGRAM}: Response[Any] is not a Response subclass"
    assert parsed.result == MESSAGE, f"{AIOGRAM}: Response[Any] parsed the result as {parsed!r}"
    assert hold_response_types(LeanSend)[0] is send_response, (
        f"{AIOGRAM}: Response[...] is no longer cached per parametrisation, holding it is useless"
    )


class _Recorder(BaseRequestMiddleware):
    def __init__(self) -> None:
        self.seen: list[tuple[str, object]] = []

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        response = await make_request(bot, method)
        self.seen.append((method.__api_method__, response))
        return response


async def test_request_middleware_signature_and_call(api: FakeApi) -> None:
    params = list(inspect.signature(BaseRequestMiddleware.__call__).parameters)
    assert params == ["self", "make_request", "bot", "method"], (
        f"{AIOGRAM}: BaseRequestMiddleware.__call__ takes {params} now "
        "(bot.telegram.metrics_middleware.TelegramErrorMetrics overrides it)"
    )
    recorder = _Recorder()
    api.bot.session.middleware(recorder)
    await api.bot(LeanSend(chat_id=5, text="x"))
    assert len(recorder.seen) == 1, f"{AIOGRAM}: a session middleware saw {recorder.seen}"
    # aiogram annotates make_request as answering Response[...]; it answers the result itself
    assert recorder.seen == [("sendMessage", MESSAGE)], (
        f"{AIOGRAM}: a session middleware saw {recorder.seen}, not the call and its answer"
    )


async def test_unhandled_is_what_an_unmatched_update_returns(api: FakeApi) -> None:
    results: list[object] = []

    async def outer(handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        result = await handler(event, data)
        results.append(result)
        return result

    dp = Dispatcher()
    dp.include_router(Router())  # knows no button
    dp.callback_query.outer_middleware(outer)
    query = {
        "id": "1",
        "from": {"id": 5, "is_bot": False, "first_name": "A"},
        "chat_instance": "c",
        "data": "nobody:knows",
    }
    update = Update.model_validate({"update_id": 1, "callback_query": query})
    assert isinstance(update.callback_query, CallbackQuery)
    await dp.feed_update(api.bot, update)
    assert results == [UNHANDLED], (
        f"{AIOGRAM}: a callback query no handler took returned {results}, not "
        "aiogram.dispatcher.event.bases.UNHANDLED (CallbackMiddleware's stale-button alert)"
    )
