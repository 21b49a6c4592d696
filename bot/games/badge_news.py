"""Badges announced in the player's chat, once each.

A counted game queues the badges it earned with the player's statistics, in their one atomic
group (bot.storage.result_writes), and makes the deadline `badge:<user>` due (bot.storage
.results, after the counting, or the sweep's after a crash). The timer loop hands it to one
process (`due`), which takes the player's queue — read and cleared atomically: another replica,
or the same deadline fired again, finds it empty — and sends one message a badge, in the
player's language, with the card to share it. A badge is never announced twice; one whose
process died between taking and sending is not announced (it is still listed in /stats and on
the badges screen). Badges a player's history before badges earned are never queued.
"""

from __future__ import annotations

import logging

from bot.games.ports import Messenger
from bot.i18n import translator
from bot.render import badges as screens
from bot.stats.badges import by_id, catalogue, field, of_news
from bot.storage import Store

log = logging.getLogger(__name__)

PREFIX = "badge"  # the deadline `badge:<user id>`


def _index(order: list[str], badge_id: str) -> int:
    """A badge's place in the catalogue (the order the screens list them)."""
    return order.index(badge_id) if badge_id in order else len(order)


class BadgeNews:
    def __init__(self, store: Store, tg: Messenger, default_language: str) -> None:
        self.store = store
        self.tg = tg
        self.default_language = default_language

    async def due(self, key: str, now: float) -> None:
        """The deadline `badge:<user>`: announce the user's new badges."""
        user_id = int(key.split(":", 1)[1])
        news = await self.store.take_badge_news(user_id)
        if not news:
            return
        chosen = await self.store.get_lang(user_id)  # (else the game's language)
        fields = (await self.store.user_stats(user_id)).fields
        inline, username = await self.tg.inline_mode(), await self.tg.username()
        order = [b.id for b in catalogue()]
        for badge_id, lang in sorted(map(of_news, news), key=lambda n: _index(order, n[0])):
            _ = translator(chosen or lang or self.default_language)
            badge = by_id(badge_id)
            if badge is None:  # a badge withdrawn since it was queued
                continue
            day = fields.get(field(badge_id), "").lstrip("~")
            card = screens.card(badge, day, username, _)
            screen = screens.news_screen(badge, card, inline, _)
            await self.tg.send(user_id, screen.text, screen.keyboard)
            log.info("event=badge_announced user=%s badge=%s", user_id, badge_id)
