"""The first time a person plays a game, two lines on how to play it (remembered per user and
game: `howto:<game>`): on a solitaire's board until the first move, as a private message just
before a hidden hand is dealt. (A game against the computer says it on its setup screen; a
board of open hands says what to tap on every turn.)"""

from __future__ import annotations

import logging

from bot.games.ports import ChatMoved, Messenger, RetryLater, Undeliverable
from bot.i18n import t
from bot.storage import Store, StoreUnavailable

log = logging.getLogger(__name__)


async def first_time(store: Store, tg: Messenger, user_id: int, kind: str, lang: str) -> None:
    """Send the how-to of `kind` unless this user has had it (best effort: never fails)."""
    key = f"howto:{kind}"
    try:
        if await store.get_setting(user_id, key):
            return
        await store.set_setting(user_id, key, "1")
        await tg.send(user_id, t(lang, f"first-how-{kind}"))
    except (StoreUnavailable, Undeliverable, RetryLater, ChatMoved) as err:
        log.info("event=howto_failed user=%s error=%s", user_id, err)


async def is_first(store: Store, user_id: int, kind: str) -> bool:
    """True once per user and game: the first call for it (best effort: False on an outage)."""
    key = f"howto:{kind}"
    try:
        if await store.get_setting(user_id, key):
            return False
        await store.set_setting(user_id, key, "1")
    except StoreUnavailable:
        return False
    return True
