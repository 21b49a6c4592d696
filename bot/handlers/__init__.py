"""All routers, in the order the Dispatcher includes them (first match wins).

Entries are router factories (`def make_router() -> Router`) or Router instances.
The solitaire router comes first (it has callback handlers only, and moves are the busiest
updates). Group games: add your routers ABOVE `start` (so `/start j<code>` deep links and the
`m:friends` button reach you first; `group` now answers `m:friends`), and
`fallback` must stay last (it answers taps nothing else handled).
"""

from __future__ import annotations

from collections.abc import Callable

from aiogram import Router

from bot.handlers import fallback, group, solitaire, start

ROUTERS: list[Callable[[], Router] | Router] = [
    solitaire.make_router,  # callbacks only, and the busiest: first, so a move tries no others
    group.make_router,  # group games: /newgame, lobbies, invites (/start j<code>), m:friends
    start.make_router,
    fallback.make_router,
]
