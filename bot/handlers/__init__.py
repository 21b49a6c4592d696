"""All routers, in the order the Dispatcher includes them (first match wins).

Each entry is a factory (`make_router() -> Router`), so every Dispatcher gets fresh routers.
The solitaire router comes first (it has callback handlers only, and moves are the busiest
updates). The group routers come ABOVE `start` (so `/start j<code>` deep links and the
`m:friends` button reach them first), and `fallback` stays last (it answers what nothing else
handled).
"""

from __future__ import annotations

from collections.abc import Callable

from aiogram import Router

from bot.handlers import (
    computer,
    fallback,
    group,
    help,
    inline,
    match,
    solitaire,
    start,
    stats,
    table,
    tournament,
)

ROUTERS: list[Callable[[], Router]] = [
    solitaire.make_router,  # callbacks only, and the busiest: first, so a move tries no others
    table.make_router,  # taps on group games' lobbies, tables and hands
    group.make_router,  # /newgame, invites (/start j<code>), m:friends, group membership
    help.make_router,  # /help, /rules (every chat), a group's /language
    computer.make_router,  # m:ai:<game>: a table game against the computer
    match.make_router,  # m:mq:<game>: a quick match with a stranger
    tournament.make_router,  # /tournament, m:tn:…, /start tour-<id>
    stats.make_router,  # /stats, /top, /daily, /settings, their buttons, the inline share
    inline.make_router,  # inline mode: the challenges offered, and taps on them
    start.make_router,
    fallback.make_router,
]
