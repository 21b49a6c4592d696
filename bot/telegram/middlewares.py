"""Dispatcher middlewares: the user's language, who is seen in a group, one answer per
callback, and errors that are logged with context and answered politely (never a traceback to
the user; a chat that takes nothing from the bot now — a 429 the messenger's retries did not
outlive, said there in one warning — ends its update quietly)."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from aiogram import BaseMiddleware
from aiogram.types import CallbackQuery, Chat, Message, TelegramObject, Update, User

from bot.games.ports import RetryLater, Undeliverable
from bot.i18n import normalize, t, translator
from bot.storage import Store, StoreUnavailable
from bot.telegram.aiogram_adapter import UNHANDLED
from bot.telegram.answers import TAPPED, CallbackAnswer
from bot.telegram.messenger import TelegramMessenger
from bot.telegram.topics import topic_of
from bot.wire import callbacks, challenge, flood

log = logging.getLogger("bot.updates")

# aiogram's handler data: its own keys (`event_from_user`, `event_chat`, `bot`, …) and those
# the middlewares below add; read here through isinstance checks
Data = dict[str, object]
Handler = Callable[[TelegramObject, Data], Awaitable[object]]


def _user(data: Data) -> User | None:
    user = data.get("event_from_user")
    return user if isinstance(user, User) else None


def _chat(data: Data) -> Chat | None:
    chat = data.get("event_chat")
    return chat if isinstance(chat, Chat) else None


def _lang(data: Data) -> str | None:
    lang = data.get("lang")
    return lang if isinstance(lang, str) else None


class LanguageCache:
    """In-process cache of users' chosen languages (saves a Store round trip per update).

    Entries live `ttl` seconds, so a choice made through another bot process shows within that.
    """

    def __init__(self, store: Store, default: str, ttl: float = 60.0, size: int = 10000) -> None:
        self.store = store
        self.default = default
        self.ttl = ttl
        self.size = size
        self._cache: dict[int, tuple[str | None, float]] = {}

    async def get(self, user: User | None) -> str:
        if user is None:
            return self.default
        now = time.monotonic()
        hit = self._cache.get(user.id)
        if hit is not None and hit[1] > now:
            chosen = hit[0]
        else:
            try:
                chosen = await self.store.get_lang(user.id)
            except StoreUnavailable:  # Telegram's language for now; the choice is read later
                return normalize(user.language_code, self.default)
            if len(self._cache) >= self.size:
                self._cache.clear()
            self._cache[user.id] = (chosen, now + self.ttl)
        return chosen or normalize(user.language_code, self.default)

    async def of_chat(self, chat_id: int) -> str | None:
        """A group's chosen language (None: not chosen, or the store cannot say now)."""
        now = time.monotonic()
        hit = self._cache.get(chat_id)
        if hit is not None and hit[1] > now:
            return hit[0]
        try:
            chosen = await self.store.get_lang(chat_id)
        except StoreUnavailable:
            return None
        if len(self._cache) >= self.size:
            self._cache.clear()
        self._cache[chat_id] = (chosen, now + self.ttl)
        return chosen

    async def set(self, user_id: int, lang: str) -> None:
        await self.store.set_lang(user_id, lang)
        self._cache[user_id] = (lang, time.monotonic() + self.ttl)


class LanguageMiddleware(BaseMiddleware):
    """Puts `lang` (str) and `_` (a translator) into handler data: the user's language, or in
    a group whose admins chose one, the group's; `user_lang` is always the user's own (their
    private messages, a private hand, use it)."""

    def __init__(self, languages: LanguageCache) -> None:
        self.languages = languages

    async def __call__(self, handler: Handler, event: TelegramObject, data: Data) -> object:
        lang = await self.languages.get(_user(data))
        data["user_lang"] = lang
        chat = _chat(data)
        if chat is not None and chat.type in ("group", "supergroup"):
            lang = await self.languages.of_chat(chat.id) or lang
        data["lang"] = lang
        data["_"] = translator(lang)
        data["languages"] = self.languages
        return await handler(event, data)


Seen = Callable[[int, int], Awaitable[None]]  # (group, user): noted as seen there


class GroupSeenMiddleware(BaseMiddleware):
    """Notes the user of every update from a group (a command, a tap): the people a group's
    deal-of-the-day board ranks (`bot.games.player_views.Players.seen`). A store that cannot
    take it now loses nothing but this note."""

    def __init__(self, seen: Seen) -> None:
        self.seen = seen

    async def __call__(self, handler: Handler, event: TelegramObject, data: Data) -> object:
        chat, user = _chat(data), _user(data)
        if chat is not None and chat.type in ("group", "supergroup") and user and not user.is_bot:
            with contextlib.suppress(StoreUnavailable):
                await self.seen(chat.id, user.id)
        return await handler(event, data)


class CallbackMiddleware(BaseMiddleware):
    """For callback queries: parses the data (`cb`: GameCallback | MenuCallback | None), loads
    the game for game buttons (`game`: GameRecord | None, one Store round trip), gives handlers
    `answer` (CallbackAnswer; `answers.TAPPED` while they run) and answers every query the
    handlers left unanswered.

    A rules move on a solitaire this process last saved or loaded at the tapped version skips
    the load (`Store.peek`; handler data `peeked` is True): the move's compare-and-set save is
    the check, and a handler whose save fails reloads the game before it shows anything."""

    def __init__(self, store: Store, optimistic_kinds: frozenset[str] = frozenset()) -> None:
        self.store = store
        self.optimistic_kinds = optimistic_kinds

    async def __call__(self, handler: Handler, event: TelegramObject, data: Data) -> object:
        assert isinstance(event, CallbackQuery)
        box = CallbackAnswer(event)
        data["answer"] = box
        tapped = TAPPED.set(box)  # no write of the handler holds the answer (answers.py)
        asked = flood.ASKED.set(flood.ask())  # its screens are newer than earlier taps' (flood)
        try:
            return await self._handle(handler, event, data, box)
        finally:
            flood.ASKED.reset(asked)
            TAPPED.reset(tapped)

    async def _handle(
        self, handler: Handler, event: CallbackQuery, data: Data, box: CallbackAnswer
    ) -> object:
        cb = callbacks.parse(event.data)
        if isinstance(cb, callbacks.MenuCallback) and not (
            on_its_keyboard(event) or from_inline(event, cb)
        ):
            # forged (or a menu pressed on a game's board): the message stays as it is
            await box(t(_lang(data), "error-stale"), alert=True)
            return None
        data["cb"] = cb
        data["game"] = None
        data["peeked"] = False
        if isinstance(cb, callbacks.GameCallback):
            game = None
            if not cb.is_ui:
                game = self.store.peek(cb.game_id, cb.version)
                if game is not None and game.kind not in self.optimistic_kinds:
                    game = None
            if game is None:
                try:
                    game = await self.store.load(cb.game_id)
                except StoreUnavailable:
                    await box(t(_lang(data), "error-unavailable"), alert=True)
                    return None
            else:
                data["peeked"] = True
            data["game"] = game
        lang = _lang(data)
        try:
            result = await handler(event, data)
        except StoreUnavailable:
            if not box.answered:
                await box(t(lang, "error-unavailable"), alert=True)
            return None  # the store's Health has said so in the log, once per outage
        except Exception:
            if not box.answered:
                await box(t(lang, "error-generic"), alert=True)
            raise
        if result is UNHANDLED and not box.answered:
            # nothing knows this button (forged, or a game that is gone)
            await box(t(lang, "error-stale-game"), alert=True)
        elif not box.answered:
            await box()
        return result


def from_inline(query: CallbackQuery, cb: callbacks.MenuCallback) -> bool:
    """A challenge's button on an inline message (no message to compare with: its data is
    signed, and the handler checks the signature)."""
    return query.inline_message_id is not None and challenge.is_challenge(cb.action)


def on_its_keyboard(query: CallbackQuery) -> bool:
    """Whether the query's data is a button of the message it came from: a menu button acts
    only where the bot put it (a forged one would otherwise turn a game's board into a menu).
    A message too old for Telegram to show is trusted in a private chat only."""
    message = query.message
    if message is None:
        return False
    if not isinstance(message, Message):  # inaccessible: nothing to compare with
        return message.chat.type == "private"
    markup = message.reply_markup
    if markup is None:
        return False
    return any(b.callback_data == query.data for row in markup.inline_keyboard for b in row)


class ErrorMiddleware(BaseMiddleware):
    """Outermost: logs any exception with the update's context and tells the user politely."""

    async def __call__(self, handler: Handler, event: TelegramObject, data: Data) -> object:
        started = time.perf_counter()
        try:
            return await handler(event, data)
        except StoreUnavailable:  # logged once per outage by the store's Health
            # a command or a message (a tap is answered by CallbackMiddleware): no move was made
            await self._tell(event, data, "error-unavailable-command")
            return None
        except RetryLater as err:  # the chat takes nothing now: the messenger said so, once
            chat = _chat(data)
            log.info("event=update_dropped chat=%s retry_after=%s", chat and chat.id, err.seconds)
            return None
        except Exception:
            assert isinstance(event, Update)
            user, chat = _user(data), _chat(data)
            cbq = event.callback_query
            log.exception(
                "event=handler_error update_id=%s type=%s user=%s chat=%s data=%r ms=%.1f",
                event.update_id,
                event.event_type,
                user.id if user else None,
                chat.id if chat else None,
                cbq.data
                if cbq
                else (event.message.text[:64] if event.message and event.message.text else None),
                (time.perf_counter() - started) * 1000,
            )
            await self._tell(event, data, "error-generic")
            return None

    @staticmethod
    async def _tell(event: TelegramObject, data: Data, key: str) -> None:
        """Say `key` in the chat of a message update (a callback is answered by its middleware)."""
        assert isinstance(event, Update)
        chat = _chat(data)
        tg = data.get("tg")
        if event.message is None or not isinstance(tg, TelegramMessenger) or chat is None:
            return
        try:
            await tg.send(chat.id, t(_lang(data), key), thread=topic_of(event.message))
        except (RetryLater, Undeliverable) as err:  # the chat takes nothing from the bot now
            log.warning("event=error_reply_failed chat=%s error=%s", chat.id, err)
        except Exception:
            log.exception("event=error_reply_failed chat=%s", chat.id)
