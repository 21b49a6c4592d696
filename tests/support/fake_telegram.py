"""`FakeTelegram`, the pretend Telegram behind the recording session (tests.support.recording)
and the HTTP emulator (tests/e2e/emulator.py): `handle(method, params)` answers a Bot API call
with its JSON result or raises `ApiError`; here are the methods about messages and callback
answers, error injection and what tests read back (alerts, edit and write rates). The world it
keeps is `TelegramWorld` (tests.support.tg_world), the calls about the bot and chats `InfoApi`
(tests.support.tg_info_api)."""

from __future__ import annotations

from typing import Any

from tests.support.tg_errors import (
    BLOCKED,
    CANT_DELETE,
    CANT_EDIT,
    CANT_INITIATE,
    CHAT_NOT_FOUND,
    DELETE_NOT_FOUND,
    EDIT_NOT_FOUND,
    NO_TOPIC_RIGHTS,
    NOT_A_FORUM,
    NOT_MEMBER,
    NOT_MODIFIED,
    QUERY_INVALID,
    THREAD_NOT_FOUND,
    TOPIC_CLOSED,
    ApiError,
    migrated_error,
    retry_after_error,
)
from tests.support.tg_inline import InlineApi
from tests.support.tg_model import (
    TOPIC_ICON_COLOR,
    Call,
    CallbackRecord,
    Injection,
    TgChat,
    TgMessage,
    shown_text,
)


def _max_in_window(stamps: list[float], window: float) -> int:
    times = sorted(stamps)
    best = 0
    lo = 0
    for hi, t in enumerate(times):
        while t - times[lo] >= window:
            lo += 1
        best = max(best, hi - lo + 1)
    return best


class FakeTelegram(InlineApi):
    """The pretend Telegram behind both the recording session and the HTTP emulator.

    strict=False (handler tests): unknown chats are created on first use; any private chat may be
    written to.  strict=True (emulator): unknown chat → 400 "chat not found"; a private chat needs
    the user to have started the bot (else 403), a blocked bot gets 403, a group needs the bot as a
    member.
    """

    # ------------------------------------------------------------------ what the bot did
    def alerts(self, user_id: int, *, show_alert: bool | None = None) -> list[str]:
        """Texts of callback answers shown to a user (toasts and alerts; show_alert filters)."""
        out = []
        for cb in self.callbacks.values():
            if cb.user_id != user_id or not cb.answer or not cb.answer.get("text"):
                continue
            if show_alert is not None and bool(cb.answer.get("show_alert")) != show_alert:
                continue
            out.append(str(cb.answer["text"]))
        return out

    def unanswered_callbacks(self) -> list[CallbackRecord]:
        """Taps the bot never answered (an answer that came too late still counts as tried)."""
        return [cb for cb in self.callbacks.values() if not cb.answered and not cb.expired]

    def edits_in_window(self, chat_id: int, window: float = 60.0) -> int:
        """The largest number of message edits in this chat within any ``window`` seconds."""
        return _max_in_window(self.edit_log.get(chat_id, []), window)

    def writes_in_window(self, chat_id: int, window: float = 60.0) -> int:
        """The largest number of messages sent or edited by the bot in this chat within any
        ``window`` seconds."""
        return _max_in_window(self.write_log.get(chat_id, []), window)

    def edits_last_minute(self, chat_id: int) -> int:
        now = self.clock()
        return sum(1 for t in self.edit_log.get(chat_id, []) if now - t < 60.0)

    # ------------------------------------------------------------------ error injection
    def inject(
        self,
        error: ApiError,
        method: str | None = None,
        *,
        times: int = 1,
        chat_id: int | None = None,
    ) -> Injection:
        inj = Injection(method=method, error=error, times=times, chat_id=chat_id)
        self.injections.append(inj)
        return inj

    def inject_retry_after(
        self,
        method: str | None = None,
        seconds: int = 1,
        *,
        times: int = 1,
        chat_id: int | None = None,
    ) -> Injection:
        return self.inject(retry_after_error(seconds), method, times=times, chat_id=chat_id)

    def inject_not_modified(
        self, method: str = "editMessageText", *, times: int = 1, chat_id: int | None = None
    ) -> Injection:
        return self.inject(ApiError(400, NOT_MODIFIED), method, times=times, chat_id=chat_id)

    def _take_injection(self, method: str, params: dict[str, Any]) -> ApiError | None:
        for inj in self.injections:
            if inj.times > 0 and inj.matches(method, params):
                inj.times -= 1
                if inj.times == 0:
                    self.injections.remove(inj)
                return inj.error
        return None

    # ------------------------------------------------------------------ bot side: the API
    def handle(self, method: str, params: dict[str, Any]) -> Any:
        """Answer one Bot API call with its JSON result, or raise ApiError."""
        try:
            error = self._take_injection(method, params)
            if error is not None:
                raise error
            self._check_migrated(params)
            handler = getattr(self, f"_api_{method}", None)
            if handler is None:
                raise ApiError(404, f"Not Found: method {method} is not emulated by FakeTelegram")
            result = handler(params)
        except ApiError as e:
            self.calls.append(Call(method, params, None, e))
            self._changed()
            raise
        self.calls.append(Call(method, params, result, None))
        self._changed()
        return result

    def _check_migrated(self, params: dict[str, Any]) -> None:
        chat_id = params.get("chat_id")
        chat = self.chats.get(chat_id) if isinstance(chat_id, int) else None
        if chat is not None and chat.migrated_to is not None:
            raise migrated_error(chat.migrated_to)

    def _bot_chat(self, chat_id: Any) -> TgChat:
        """A chat the bot names: one it is not in as a private chat (a dialog of two users,
        `dialog`) it does not know."""
        chat = self.chat(chat_id)
        if chat.type == "private" and chat.bot_status in {"left", "kicked"}:
            raise ApiError(400, CHAT_NOT_FOUND)
        return chat

    def _writable_chat(self, chat_id: Any) -> TgChat:
        if not isinstance(chat_id, int):
            raise ApiError(400, CHAT_NOT_FOUND)
        chat = self._bot_chat(chat_id)
        if chat.type == "private":  # (users of a non-strict fake have started the bot)
            assert chat.user is not None
            if chat.user.blocked:
                raise ApiError(403, BLOCKED)
            if not chat.user.started:
                raise ApiError(403, CANT_INITIATE)
        elif self.strict and chat.bot_status in {"left", "kicked"}:
            raise ApiError(403, NOT_MEMBER)
        return chat

    def _flood_check(self, chat: TgChat) -> None:
        """A send or an edit: Telegram's limits (tests.support.tg_limits) answer 429 past them."""
        self.limits.write(chat.id, self.clock())

    def _send_thread(self, chat: TgChat, thread: Any) -> tuple[int | None, bool]:
        """Where a sendMessage with this message_thread_id goes, as Telegram decides: (thread,
        is it a topic). In a forum the topic must exist and be open (an admin bot may post in a
        closed one); elsewhere only a supergroup's existing thread of replies is one."""
        if thread is None:
            return None, False
        if not isinstance(thread, int):
            raise ApiError(400, THREAD_NOT_FOUND)
        if chat.is_forum:
            topic = chat.topics.get(thread)
            if topic is None or topic.deleted:
                raise ApiError(400, THREAD_NOT_FOUND)
            if topic.closed and chat.bot_status != "administrator":
                raise ApiError(400, TOPIC_CLOSED)
            return thread, True
        if chat.type == "supergroup" and thread in self.messages.get(chat.id, {}):
            return thread, False
        raise ApiError(400, THREAD_NOT_FOUND)

    def _api_sendMessage(self, params: dict[str, Any]) -> dict[str, Any]:
        self._refuse_deprecated(params)
        if params.get("ephemeral_message_parameters") is not None:
            return self._send_ephemeral(params)
        chat = self._writable_chat(params.get("chat_id"))
        thread, in_topic = self._send_thread(chat, params.get("message_thread_id"))
        self._flood_check(chat)
        raw = str(params.get("text", ""))
        parse_mode = params.get("parse_mode")
        markup = params.get("reply_markup")
        msg = TgMessage(
            chat=chat,
            message_id=self.new_message_id(chat.id),
            date=int(self.clock()),
            sender=self.bot.api(),
            text=shown_text(raw, parse_mode),
            raw=raw,
            parse_mode=parse_mode,
            reply_markup=markup
            if isinstance(markup, dict) and "inline_keyboard" in markup
            else None,
            by_bot=True,
            thread=thread,
            in_topic=in_topic,
        )
        self.write_log.setdefault(chat.id, []).append(self.clock())
        self.store(msg)
        return msg.api()

    def _edit_target(self, params: dict[str, Any]) -> TgMessage:
        """The chat message an edit names by chat_id and message_id (an inline message, named
        by its inline_message_id alone, is `_edit_inline`'s)."""
        chat = self._bot_chat(params.get("chat_id", 0))
        if self.strict and chat.user is not None and chat.user.blocked:
            raise ApiError(403, BLOCKED)
        msg = self.messages.get(chat.id, {}).get(params.get("message_id", 0))
        if msg is None or msg.deleted:
            raise ApiError(400, EDIT_NOT_FOUND)
        if not msg.by_bot:
            raise ApiError(400, CANT_EDIT)
        return msg

    def _api_editMessageText(self, params: dict[str, Any]) -> dict[str, Any] | bool:
        if params.get("inline_message_id") is not None:  # Telegram answers True, no Message
            return self._edit_inline(params, text_too=True)
        msg = self._edit_target(params)
        # like Telegram: an edit without reply_markup removes the inline keyboard
        self._apply_edit(msg, params, text_too=True)
        return msg.api()

    def _api_editMessageReplyMarkup(self, params: dict[str, Any]) -> dict[str, Any] | bool:
        if params.get("inline_message_id") is not None:
            return self._edit_inline(params, text_too=False)
        msg = self._edit_target(params)
        self._apply_edit(msg, params, text_too=False)
        return msg.api()

    def _api_deleteMessage(self, params: dict[str, Any]) -> bool:
        chat = self._bot_chat(params.get("chat_id", 0))
        msg = self.messages.get(chat.id, {}).get(params.get("message_id", 0))
        if msg is None or msg.deleted:
            raise ApiError(400, DELETE_NOT_FOUND)
        if not msg.by_bot and chat.type != "private" and chat.bot_status != "administrator":
            # only an admin bot may delete other people's messages in a group
            raise ApiError(400, CANT_DELETE)
        msg.deleted = True
        self._changed()
        return True

    def _api_answerCallbackQuery(self, params: dict[str, Any]) -> bool:
        cb = self.callbacks.get(str(params.get("callback_query_id")))
        if cb is None or cb.answered:
            raise ApiError(400, QUERY_INVALID)
        limit = self.callback_answer_timeout
        if limit is not None and self.clock() - cb.created > limit:
            cb.expired = True
            raise ApiError(400, QUERY_INVALID)
        cb.answered = True
        cb.answer = {k: v for k, v in params.items() if k != "callback_query_id"}
        return True

    def _api_createForumTopic(self, params: dict[str, Any]) -> dict[str, Any]:
        """A topic the bot creates: in a forum where it is an admin (with the right to manage
        topics), posting the topic's service message (a write to the group)."""
        chat = self._writable_chat(params.get("chat_id"))
        if not chat.is_forum:
            raise ApiError(400, NOT_A_FORUM)
        if chat.bot_status != "administrator":
            raise ApiError(400, NO_TOPIC_RIGHTS)
        self._flood_check(chat)
        self.write_log.setdefault(chat.id, []).append(self.clock())
        topic = self.add_topic(chat, str(params.get("name", "")), by=self.bot)
        return {"message_thread_id": topic.id, "name": topic.name, "icon_color": TOPIC_ICON_COLOR}

    def _api_sendChatAction(self, params: dict[str, Any]) -> bool:
        chat = self._writable_chat(params.get("chat_id"))
        self.chat_actions.append((chat.id, str(params.get("action"))))
        return True
