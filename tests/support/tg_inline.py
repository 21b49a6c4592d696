"""Inline mode and ephemeral messages in the fake Telegram, as Telegram answers them.

Inline mode: a user types `@bot …` (`inline_query`), the bot answers (`answerInlineQuery`), the
user picks a result (`choose_inline_result`) and their client posts it into the chat they are in,
`via_bot`; a result with an inline keyboard gets an `inline_message_id`, by which alone the bot
edits it (`editMessageText` answers `true`, not a Message) and by which taps on it arrive
(`callback_query_inline`: no `message` in the query). Inline feedback (`chosen_inline_result`)
is off, as on a new bot (`inline_feedback`). An inline message's edits count in the limits of the
chat it is in (the bot does not know which). `dialog(a, b)`: a private chat of two users the bot is
not in (it may not write there: 400 chat not found), where only inline messages of it get.

Ephemeral messages (Bot API 10.2; sent the 10.3 way): `sendMessage` with
`ephemeral_message_parameters` (`receiver_user_id`, and the tap it answers, `callback_query_id`) in
a group shows a message to that user alone: `message_id` 0, its own `ephemeral_message_id`,
`receiver_user`. The 10.2 way, `receiver_user_id` and `callback_query_id` beside `chat_id`, is
refused (400), as Telegram refuses deprecated parameters. It counts in the group's limits like any
write; other members never see it (`messages_in` does not list it; `ephemeral_messages(chat, user)`
does). Its delivery is not guaranteed: a receiver in `ephemeral_offline` never sees what is sent or
edited meanwhile (Telegram holds the edit: the same one again is "not modified"); `expire_ephemeral`
makes a user's vanish. `editEphemeralMessageText`, `editEphemeralMessageReplyMarkup` answer `true`;
`deleteEphemeralMessage` is free.
"""

from __future__ import annotations

import itertools
import re
import secrets
from typing import Any

from tests.support.tg_errors import (
    DELETE_NOT_FOUND,
    EPHEMERAL_DEPRECATED,
    NOT_MODIFIED,
    QUERY_INVALID,
    RESULT_ID_DUPLICATE,
    USER_NOT_FOUND,
    ApiError,
)
from tests.support.tg_info_api import InfoApi
from tests.support.tg_model import CallbackRecord, TgChat, TgMessage, TgUser, shown_text

MESSAGE_ID_INVALID = "Bad Request: MESSAGE_ID_INVALID"
EPHEMERAL_PRIVATE = "Bad Request: ephemeral messages can be sent to groups only"
INLINE_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"

_inline_query_ids = itertools.count(1)
_dialog_ids = itertools.count(10**12)


class InlineApi(InfoApi):
    """Inline mode and ephemeral messages (see the module's docstring)."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.inline_feedback = False  # BotFather's /setinlinefeedback: off
        self.inline_queries: dict[str, tuple[TgUser, str]] = {}  # id → (user, query)
        self.inline_results: dict[str, list[dict[str, Any]]] = {}  # query id → its answer
        self.inline_messages: dict[str, TgMessage] = {}  # by inline_message_id
        self.chosen_results: list[dict[str, Any]] = []  # ChosenInlineResult JSON (feedback on)
        self.ephemeral: dict[tuple[int, int], TgMessage] = {}  # (chat, ephemeral id) → message
        self.ephemeral_offline: set[int] = set()  # receivers Telegram does not reach now
        self._next_ephemeral: dict[int, int] = {}

    # ------------------------------------------------------------------ user side: inline mode
    def dialog(self, a: TgUser, b: TgUser) -> TgChat:
        """A private chat between two users (the bot is not in it): only inline messages of
        the bot get there."""
        chat = TgChat(id=next(_dialog_ids), type="private", user=b, members={a.id, b.id})
        chat.bot_status = "left"  # the bot may not write there (FakeTelegram: chat not found)
        self.chats[chat.id] = chat
        return chat

    def inline_query(
        self, user: TgUser, query: str = "", chat_type: str = "private"
    ) -> dict[str, Any]:
        """An InlineQuery JSON: `user` types `@bot <query>` in a chat of `chat_type`."""
        qid = f"iq{next(_inline_query_ids)}{user.id}"
        self.inline_queries[qid] = (user, query)
        return {"id": qid, "from": user.api(), "query": query, "offset": "", "chat_type": chat_type}

    def choose_inline_result(
        self,
        user: TgUser,
        chat: TgChat | TgUser | int,
        result_id: str,
        query_id: str | None = None,
    ) -> TgMessage:
        """`user` picks result `result_id` of the bot's latest answer to `query_id` (default:
        their latest query, whose results alone their client shows): their client posts it
        into `chat`, via the bot. LookupError when there is no such result."""
        if query_id is None:
            mine = [q for q, (u, _q) in self.inline_queries.items() if u.id == user.id]
            if not mine:
                raise LookupError(f"{user.first_name} typed no inline query")
            query_id = mine[-1]
        results = self.inline_results.get(query_id)
        if results is None:
            raise LookupError(f"the bot did not answer inline query {query_id}")
        result = next((r for r in results if r.get("id") == result_id), None)
        if result is None:
            raise LookupError(f"no result {result_id!r} in {[r.get('id') for r in results]}")
        content = result.get("input_message_content") or {}
        raw = str(content.get("message_text", ""))
        parse_mode = content.get("parse_mode")
        markup = result.get("reply_markup")
        keyboard = markup if isinstance(markup, dict) and markup.get("inline_keyboard") else None
        c = self.chat(chat)
        msg = TgMessage(
            chat=c,
            message_id=self.new_message_id(c.id),
            date=int(self.clock()),
            sender=user.api(),
            text=shown_text(raw, parse_mode),
            raw=raw,
            parse_mode=parse_mode if isinstance(parse_mode, str) else None,
            reply_markup=keyboard,
            by_bot=False,
            via_bot=self.bot.api(),
        )
        if keyboard is not None:
            inline = self._new_inline_id()
            msg.inline_message_id = inline
            self.inline_messages[inline] = msg
        if self.inline_feedback:
            chosen: dict[str, Any] = {"result_id": result_id, "from": user.api()}
            chosen["query"] = self.inline_queries[query_id][1]
            if msg.inline_message_id:
                chosen["inline_message_id"] = msg.inline_message_id
            self.chosen_results.append(chosen)
        return self.store(msg)

    def _new_inline_id(self) -> str:
        """A fresh inline_message_id: 24-30 characters of [A-Za-z0-9_-]."""
        while True:
            size = 24 + secrets.randbelow(7)
            inline = "".join(secrets.choice(INLINE_ID_CHARS) for _ in range(size))
            if inline not in self.inline_messages:
                return inline

    def callback_query_inline(
        self, user: TgUser, message: TgMessage, text_or_data: str | re.Pattern[str]
    ) -> dict[str, Any]:
        """A tap on a button of an inline message's current keyboard: no `message` in it."""
        if message.inline_message_id is None:
            raise LookupError(f"not an inline message: {message.describe()}")
        if message.deleted:
            raise LookupError(f"{message.describe()} is deleted")
        btn = message.button(text_or_data)
        if "disabled" in btn:  # Bot API 10.3: shown, but a tap sends nothing
            raise LookupError(f"button {btn.get('text')!r} is disabled: a tap does nothing")
        if "callback_data" not in btn:
            raise LookupError(f"button {btn.get('text')!r} has no callback_data: {btn}")
        return self.callback_query_inline_raw(
            user, message.inline_message_id, str(btn["callback_data"])
        )

    def callback_query_inline_raw(self, user: TgUser, inline: str, data: str) -> dict[str, Any]:
        """A tap with any data on an inline message (forged, stale). Its `chat_instance` stands
        for the chat the message is in, as for a tap on a chat message there."""
        where = self.inline_messages.get(inline)
        instance = abs(where.chat.id) if where is not None else abs(hash(inline)) % 10**12
        cq_id = f"{next(_inline_query_ids)}i{user.id}"
        self.callbacks[cq_id] = CallbackRecord(
            id=cq_id,
            user_id=user.id,
            chat_id=None,
            message_id=None,
            data=data,
            created=self.clock(),
            inline_message_id=inline,
        )
        return {
            "id": cq_id,
            "from": user.api(),
            "inline_message_id": inline,
            "chat_instance": f"ci{instance}",
            "data": data,
        }

    def callback_query_raw(self, user: TgUser, message: TgMessage, data: str) -> dict[str, Any]:
        """As TelegramWorld's; a tap on an inline message carries its inline_message_id (and no
        message); an ephemeral message's buttons answer its receiver alone."""
        if message.inline_message_id is not None:
            return self.callback_query_inline_raw(user, message.inline_message_id, data)
        if message.ephemeral_id is not None:
            receiver = (message.receiver or {}).get("id")
            if receiver != user.id or not message.delivered or message.deleted:
                raise LookupError(f"{user.first_name} does not see {message.describe()}")
        return super().callback_query_raw(user, message, data)

    # ------------------------------------------------------------------ user side: ephemeral
    def ephemeral_messages(self, chat: TgChat | int, user: TgUser | int) -> list[TgMessage]:
        """The ephemeral messages `user` sees in `chat`, oldest first."""
        chat_id = chat if isinstance(chat, int) else chat.id
        user_id = user if isinstance(user, int) else user.id
        return [
            m
            for (c, _e), m in sorted(self.ephemeral.items())
            if c == chat_id
            and (m.receiver or {}).get("id") == user_id
            and m.delivered
            and not m.deleted
        ]

    def expire_ephemeral(self, chat: TgChat | int, user: TgUser | int) -> None:
        """The user's ephemeral messages in the chat vanish (they expire): Telegram forgets them
        too (an edit → MESSAGE_ID_INVALID)."""
        chat_id = chat if isinstance(chat, int) else chat.id
        user_id = user if isinstance(user, int) else user.id
        for (c, _e), m in self.ephemeral.items():
            if c == chat_id and (m.receiver or {}).get("id") == user_id:
                m.deleted = True
        self._changed()

    # ------------------------------------------------------------------ bot side
    def _writable_chat(self, chat_id: Any) -> TgChat:  # FakeTelegram's
        raise NotImplementedError

    def _flood_check(self, chat: TgChat) -> None:  # FakeTelegram's
        raise NotImplementedError

    def _send_thread(self, chat: TgChat, thread: Any) -> tuple[int | None, bool]:  # FakeTelegram's
        raise NotImplementedError

    def _api_answerInlineQuery(self, params: dict[str, Any]) -> bool:
        qid = str(params.get("inline_query_id"))
        if qid not in self.inline_queries:
            raise ApiError(400, QUERY_INVALID)
        results = params.get("results")
        answer = [r for r in results if isinstance(r, dict)] if isinstance(results, list) else []
        ids = [r.get("id") for r in answer]
        if len(set(ids)) != len(ids):
            raise ApiError(400, RESULT_ID_DUPLICATE)
        self.inline_results[qid] = answer
        self.inline_answers.append(params)
        return True

    def _inline_target(self, params: dict[str, Any]) -> TgMessage:
        msg = self.inline_messages.get(str(params.get("inline_message_id")))
        if msg is None or msg.deleted:
            raise ApiError(400, MESSAGE_ID_INVALID)
        return msg

    def _apply_edit(self, msg: TgMessage, params: dict[str, Any], *, text_too: bool) -> None:
        """Any edit the bot makes (a chat, an inline or an ephemeral message; `text_too`: the
        text with the keyboard, else the keyboard alone): "not modified", Telegram's limits in
        the message's chat, the edit and write logs. An ephemeral message's receiver in
        `ephemeral_offline` never sees it: Telegram's copy is then `unseen_edit`."""
        held = msg.unseen_edit or (msg.text, msg.raw, msg.parse_mode, msg.reply_markup)
        if text_too:
            raw, parse_mode = str(params.get("text", "")), params.get("parse_mode")
            text = shown_text(raw, parse_mode)
        else:
            text, raw, parse_mode = held[:3]
        markup = params.get("reply_markup")
        new_markup = markup if isinstance(markup, dict) and markup.get("inline_keyboard") else None
        if text == held[0] and raw == held[1] and new_markup == held[3]:
            raise ApiError(400, NOT_MODIFIED)
        lost = (msg.receiver or {}).get("id") in self.ephemeral_offline
        self._flood_check(msg.chat)
        now = self.clock()
        self.edit_log.setdefault(msg.chat.id, []).append(now)
        self.write_log.setdefault(msg.chat.id, []).append(now)
        pm = parse_mode if isinstance(parse_mode, str) else None
        if lost and msg.delivered:  # the receiver keeps what they saw
            msg.unseen_edit = (text, raw, pm, new_markup)
            self._changed()
            return
        msg.unseen_edit = None
        if text != msg.text:
            msg.history.append(msg.text)
        msg.text, msg.raw, msg.parse_mode, msg.reply_markup = text, raw, parse_mode, new_markup
        msg.edits += 1
        msg.edit_date = int(now)
        self._changed()

    def _edit_inline(self, params: dict[str, Any], *, text_too: bool) -> bool:
        self._apply_edit(self._inline_target(params), params, text_too=text_too)
        return True

    @staticmethod
    def _refuse_deprecated(params: dict[str, Any]) -> None:
        """Bot API 10.3 took a send's `receiver_user_id` and `callback_query_id` away (they
        are `ephemeral_message_parameters` now): a request with them is refused."""
        for field in ("receiver_user_id", "callback_query_id"):
            if params.get(field) is not None:
                raise ApiError(400, EPHEMERAL_DEPRECATED.format(field=field))

    def _send_ephemeral(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self._writable_chat(params.get("chat_id"))
        if chat.type == "private":
            raise ApiError(400, EPHEMERAL_PRIVATE)
        thread, in_topic = self._send_thread(chat, params.get("message_thread_id"))
        ephemeral = params["ephemeral_message_parameters"]
        if not isinstance(ephemeral, dict):
            raise ApiError(400, "Bad Request: can't parse ephemeral_message_parameters")
        if ephemeral.get("replace_callback_query_message"):  # (the bot never asks for it)
            raise ApiError(404, "Not Found: replace_callback_query_message is not emulated")
        receiver = self.users.get(int(ephemeral.get("receiver_user_id") or 0))
        if receiver is None or receiver.id not in chat.members | chat.admins | {chat.owner}:
            raise ApiError(400, USER_NOT_FOUND)
        query = ephemeral.get("callback_query_id")
        if query is not None:
            cb = self.callbacks.get(str(query))
            if cb is None or cb.user_id != receiver.id or cb.chat_id != chat.id:
                raise ApiError(400, QUERY_INVALID)
        self._flood_check(chat)
        number = self._next_ephemeral.get(chat.id, 0) + 1
        self._next_ephemeral[chat.id] = number
        raw = str(params.get("text", ""))
        parse_mode = params.get("parse_mode")
        markup = params.get("reply_markup")
        msg = TgMessage(
            chat=chat,
            message_id=0,
            date=int(self.clock()),
            sender=self.bot.api(),
            text=shown_text(raw, parse_mode),
            raw=raw,
            parse_mode=parse_mode if isinstance(parse_mode, str) else None,
            reply_markup=markup
            if isinstance(markup, dict) and "inline_keyboard" in markup
            else None,
            by_bot=True,
            ephemeral_id=number,
            receiver=receiver.api(),
            delivered=receiver.id not in self.ephemeral_offline,
            thread=thread,
            in_topic=in_topic,
        )
        self.ephemeral[(chat.id, number)] = msg
        self.write_log.setdefault(chat.id, []).append(self.clock())
        self._changed()
        return msg.api()

    def _ephemeral_target(self, params: dict[str, Any]) -> TgMessage:
        key = (params.get("chat_id"), params.get("ephemeral_message_id"))
        msg = self.ephemeral.get(key)  # type: ignore[arg-type]
        receiver = params.get("receiver_user_id")
        if msg is None or msg.deleted or (msg.receiver or {}).get("id") != receiver:
            raise ApiError(400, MESSAGE_ID_INVALID)
        return msg

    def _api_editEphemeralMessageText(self, params: dict[str, Any]) -> bool:
        self._apply_edit(self._ephemeral_target(params), params, text_too=True)
        return True

    def _api_editEphemeralMessageReplyMarkup(self, params: dict[str, Any]) -> bool:
        self._apply_edit(self._ephemeral_target(params), params, text_too=False)
        return True

    def _api_deleteEphemeralMessage(self, params: dict[str, Any]) -> bool:
        try:
            msg = self._ephemeral_target(params)
        except ApiError:
            raise ApiError(400, DELETE_NOT_FOUND) from None
        msg.deleted = True
        self._changed()
        return True
