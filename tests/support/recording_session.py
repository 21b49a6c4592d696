"""`RecordingSession`, the aiogram session of handler tests: it serialises each request exactly
as aiogram's sessions do (`serialize`), validates it against the Bot API spec, records it and
lets the fake Telegram (tests.support.fake_telegram) answer; plus what tests read back and the
updates they feed (tests.support.recording has the overview)."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncGenerator
from typing import Any, NamedTuple, cast

from aiogram import Bot
from aiogram.client.session.base import BaseSession
from aiogram.methods import TelegramMethod
from aiogram.methods.base import TelegramType
from aiogram.types import Message, Update

from tests.support import telegram_spec
from tests.support.fake_telegram import FakeTelegram
from tests.support.tg_errors import ApiError
from tests.support.tg_model import TgChat, TgMessage, TgTopic, TgUser
from tests.support.tg_updates import update_of
from tests.support.virtual_time import VirtualClock

PACE = 1.0  # seconds a user takes before each update they make (handler tests)

# parameters whose value is a JSON-serialised object or array in a form-encoded request
JSON_FIELDS = frozenset(
    {
        "reply_markup",
        "link_preview_options",
        "reply_parameters",
        "ephemeral_message_parameters",
        "entities",
        "caption_entities",
        "commands",
        "scope",
        "media",
        "results",
    }
)


def serialize(session: BaseSession, bot: Bot, method: TelegramMethod[Any]) -> dict[str, Any]:
    """The params of a request as a JSON body would carry them, produced by aiogram's own
    ``BaseSession.prepare_value`` (defaults such as parse_mode resolved, objects dumped, None
    dropped).  Over the wire aiogram form-encodes each top-level value with the same function."""
    files: dict[str, Any] = {}
    out: dict[str, Any] = {}
    normal = True  # every value is already exactly what JSON would carry
    for key, value in method.model_dump(warnings=False).items():
        prepared = session.prepare_value(value, bot=bot, files=files, _dumps_json=False)
        if isinstance(prepared, str) and key in JSON_FIELDS:
            # a field sent as its JSON text (the bot's lean requests do): Telegram decodes it
            prepared = json.loads(prepared)
        elif prepared is not None and type(prepared) not in _JSON_SCALARS:
            normal = False
        if prepared is not None:
            out[key] = prepared
    if normal:
        return out
    # normalise to exactly what JSON would carry (tuples → lists, etc.)
    return cast(dict[str, Any], json.loads(session.json_dumps(out)))


_JSON_SCALARS = frozenset({str, int, bool, float})


class RecordingSession(BaseSession):
    """Records, validates and answers every request (no network).

    ``validate``: True = validate every request (AssertionError on a spec error, also kept in
    ``violations``; skips the test when the spec is absent); None (default) = validate when the
    spec file exists (under CI=true it must exist); False = never (e.g. benchmarks).
    """

    def __init__(
        self,
        tg: FakeTelegram | None = None,
        *,
        validate: bool | None = None,
        raise_on_violation: bool = True,
    ) -> None:
        super().__init__()
        # Telegram's limits count on the fake's clock: virtual time, `pace` seconds passing
        # before each update a user makes (a person taps about once a second at most)
        self.tg = tg if tg is not None else FakeTelegram(clock=VirtualClock())
        self.pace = PACE
        if validate is None:
            validate = True  # the schema is in the repository: always there
        if validate:
            telegram_spec.require_spec()
        self.validate = validate
        self.raise_on_violation = raise_on_violation
        # set by make_bot: updates built here are bound to it, as polling and webhooks bind
        # theirs (an unbound update makes feed_update dump and re-validate it every time)
        self.bot: Bot | None = None
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self.violations: list[str] = []
        self.warnings: list[str] = []

    async def close(self) -> None:
        return None

    async def stream_content(
        self,
        url: str,
        headers: dict[str, Any] | None = None,
        timeout: int = 30,
        chunk_size: int = 65536,
        raise_for_status: bool = True,
    ) -> AsyncGenerator[bytes, None]:
        raise NotImplementedError("RecordingSession does not download files")
        yield b""  # pragma: no cover

    async def make_request(
        self, bot: Bot, method: TelegramMethod[TelegramType], timeout: int | None = None
    ) -> TelegramType:
        name = method.__api_method__
        params = serialize(self, bot, method)
        self.requests.append((name, params))
        if self.validate:
            report = telegram_spec.check(name, params)
            self.warnings.extend(report.warnings)
            if report.errors:
                self.violations.extend(report.errors)
                if self.raise_on_violation:
                    raise AssertionError(
                        f"invalid Bot API request {name}:\n  " + "\n  ".join(report.errors)
                    )
        try:
            result = self.tg.handle(name, params)
        except ApiError as e:
            if e.code == 404:
                self.violations.append(f"{name}: {e.description}")
            status, content = e.code, json.dumps(e.payload())
        else:
            status, content = 200, json.dumps({"ok": True, "result": result})
        response = self.check_response(bot=bot, method=method, status_code=status, content=content)
        return cast(TelegramType, response.result)

    # ---------------------------------------------------------------- reading what was sent
    def calls(self, method: str | None = None) -> list[dict[str, Any]]:
        """Params of every recorded request (of one method)."""
        return [p for m, p in self.requests if method is None or m == method]

    def methods(self) -> list[str]:
        return [m for m, _ in self.requests]

    def last_call(self, method: str) -> dict[str, Any]:
        calls = self.calls(method)
        if not calls:
            raise LookupError(f"no {method} request was made; requests: {self.methods()}")
        return calls[-1]

    def clear(self, history: bool = False) -> None:
        """Forget the recorded requests (and, with `history`, the fake's growing logs)."""
        self.requests.clear()
        if history:
            self.tg.forget_history()

    def message(self, chat_id: int, message_id: int) -> TgMessage:
        """The current state of a message (text as the user sees it, keyboard)."""
        return self.tg.message(chat_id, message_id)

    def last_message(self, chat: TgChat | TgUser | int) -> TgMessage:
        chat_id = chat if isinstance(chat, int) else chat.id
        msg = self.tg.last_message(chat_id)
        if msg is None:
            raise LookupError(f"the bot sent nothing to chat {chat_id}")
        return msg

    def messages(self, chat: TgChat | TgUser | int) -> list[TgMessage]:
        chat_id = chat if isinstance(chat, int) else chat.id
        return self.tg.messages_in(chat_id)

    def answers(self) -> list[dict[str, Any]]:
        return self.calls("answerCallbackQuery")

    def alerts(self, user: TgUser | int) -> list[str]:
        return self.tg.alerts(user if isinstance(user, int) else user.id)

    # ---------------------------------------------------------------- error injection
    def inject_retry_after(self, method: str | None = None, seconds: int = 1, **kw: Any) -> None:
        """The next matching call fails with 429 Too Many Requests (TelegramRetryAfter)."""
        self.tg.inject_retry_after(method, seconds, **kw)

    def inject_not_modified(self, method: str = "editMessageText", **kw: Any) -> None:
        """The next matching call fails with 400 'message is not modified'."""
        self.tg.inject_not_modified(method, **kw)

    def inject_error(self, method: str | None, code: int, description: str, **kw: Any) -> None:
        self.tg.inject(ApiError(code, description), method, **kw)

    def migrate_group(self, old: TgChat, by: TgUser | None = None) -> Migration:
        """Upgrade a basic group to a supergroup (FakeTelegram.migrate_group): the new chat and
        the two service-message updates Telegram sends about it (not fed to the bot)."""
        new = self.tg.migrate_group(old, by)
        to_msg, from_msg = self.tg.migration_messages(old)
        return Migration(
            new,
            update_of(message=to_msg.api(), bot=self.bot),
            update_of(message=from_msg.api(), bot=self.bot),
        )

    # ---------------------------------------------------------------- building updates
    def user_message(
        self,
        user: TgUser,
        chat: TgChat | TgUser | int | None,
        text: str,
        *,
        topic: TgTopic | None = None,
        reply_to: TgMessage | None = None,
    ) -> Update:
        """An Update with a text message from ``user`` in ``chat`` (None = the private chat;
        `topic`: in that forum topic; `reply_to`: answering that message); the message is
        stored, so message ids stay consistent with the bot's."""
        self._step()
        where = chat if chat is not None else user
        msg = self.tg.user_message(user, where, text, topic=topic, reply_to=reply_to)
        return update_of(message=msg.api(), bot=self.bot)

    def tap(
        self,
        user: TgUser,
        message: TgMessage | Message | tuple[int, int],
        text_or_data: str | re.Pattern[str],
    ) -> Update:
        """An Update with a callback query: ``user`` taps the button (by text or callback_data)
        of the *current* keyboard of a message the bot sent."""
        self._step()
        msg = self._resolve(message)
        return update_of(
            callback_query=self.tg.callback_query(user, msg, text_or_data), bot=self.bot
        )

    def inline_query(self, user: TgUser, query: str) -> Update:
        """An Update with an inline query `user` types (`@bot <query>`, or from a
        switch_inline_query button)."""
        self._step()
        return update_of(inline_query=self.tg.inline_query(user, query), bot=self.bot)

    def tap_inline(
        self, user: TgUser, message: TgMessage, text_or_data: str | re.Pattern[str]
    ) -> Update:
        """A tap on a button of an inline message (posted through inline mode)."""
        self._step()
        query = self.tg.callback_query_inline(user, message, text_or_data)
        return update_of(callback_query=query, bot=self.bot)

    def tap_inline_data(self, user: TgUser, message: TgMessage, data: str) -> Update:
        """A tap with any data on an inline message (stale or forged)."""
        self._step()
        inline = message.inline_message_id
        assert inline is not None, message.describe()
        query = self.tg.callback_query_inline_raw(user, inline, data)
        return update_of(callback_query=query, bot=self.bot)

    def tap_data(
        self, user: TgUser, message: TgMessage | Message | tuple[int, int], data: str
    ) -> Update:
        """A callback query with arbitrary data on a message (stale or forged taps)."""
        self._step()
        return update_of(
            callback_query=self.tg.callback_query_raw(user, self._resolve(message), data),
            bot=self.bot,
        )

    def _step(self) -> None:
        """A user acts `pace` seconds after the last update (when the fake's time is virtual)."""
        if isinstance(self.tg.clock, VirtualClock):
            self.tg.clock.advance(self.pace)

    def _resolve(self, message: TgMessage | Message | tuple[int, int]) -> TgMessage:
        if isinstance(message, TgMessage):
            return message
        if isinstance(message, Message):
            return self.tg.message(message.chat.id, message.message_id)
        return self.tg.message(*message)


class Migration(NamedTuple):
    """A basic group upgraded to a supergroup: the new chat and the two service messages."""

    chat: TgChat
    to_update: Update  # in the old group: migrate_to_chat_id
    from_update: Update  # in the new supergroup: migrate_from_chat_id
