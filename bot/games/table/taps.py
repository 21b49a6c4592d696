"""A tap on a group game's button (lobby, table, private hand), routed by the game's phase to
the one service call it asks for."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.games.refusal import Refused
from bot.storage.record import GameRecord, Player
from bot.telegram.callbacks import GameCallback

if TYPE_CHECKING:
    from bot.games.table.service import TableService

IsAdmin = Callable[[], Awaitable[bool]]


@dataclass(frozen=True)
class Notice:
    """What to answer the tap with: a locale key, as a toast or an alert."""

    key: str
    alert: bool = False


async def tap(
    tables: TableService,
    game: GameRecord,
    user: Player,
    cb: GameCallback,
    lang: str,
    is_admin: IsAdmin,
) -> Notice | None:
    name, arg = cb.ui() if cb.is_ui else ("", "")
    if game.table.private and user.user_id != game.table.creator:
        raise Refused("grp-not-seated")  # a game against the computer is its creator's alone
    phase = game.phase
    if phase == "lobby":
        return await _lobby(tables, game, user, name, cb.version, is_admin)
    if phase == "cancelled":
        raise Refused("lobby-gone")
    if phase == "over":
        if name != "rematch":
            raise Refused("grp-game-over")
        await tables.play.rematch(game, user, lang)
        return None
    # the game is on
    if name == "wait":
        seated = game.table.seat_of(user.user_id) is not None
        raise Refused("grp-not-your-turn" if seated else "grp-not-seated")
    if name == "resign":
        return await _resign(tables, game, user, cb.version, arg)
    if game.kind == "parquet" and name in ("pick", "unpick"):
        await tables.play.pick(game, user.user_id, cb.version, arg if name == "pick" else None)
        return None
    if game.kind == "parquet" and name == "cell":
        tables.play.cell_tap(game, user.user_id)
    if cb.is_ui:
        raise Refused("grp-stale")
    await tables.play.move(game, user.user_id, cb.version, cb.action)
    return None


async def _lobby(
    tables: TableService,
    game: GameRecord,
    user: Player,
    name: str,
    version: int,
    is_admin: IsAdmin,
) -> Notice | None:
    """Join, leave, start and cancel are the same however often they arrive; a setting steps
    to its next value, so it applies only to the version it was tapped on."""
    lobbies = tables.lobbies
    if name == "join":
        return Notice(await lobbies.tap_join(game, user))
    if name == "leave":
        return Notice(await lobbies.tap_leave(game, user))
    if name == "start":
        await lobbies.tap_start(game, user)
    elif name == "cancel":
        await lobbies.tap_cancel(game, user, is_admin)
    elif name in ("deck", "deals", "level", "ai+", "ai-"):
        await lobbies.tap_setting(game, user, name, version)
    else:
        raise Refused("grp-stale")
    return None


async def _resign(
    tables: TableService, game: GameRecord, user: Player, version: int, arg: str
) -> Notice | None:
    if game.table.seat_of(user.user_id) is None:
        raise Refused("grp-not-seated")
    if game.kind == "ryadki":  # Leave, then Yes / No on the private hand
        if arg == "y" and version == game.version:
            await tables.play.move(game, user.user_id, version, "resign")
            return Notice("grp-left")
        # an old Yes (the game went on since it was asked) asks again
        confirm = arg in {"", "y"}
        await tables.publisher.show_leave_confirm(game, user.user_id, confirm=confirm)
        return None
    # Parquet: a second tap within RESIGN_CONFIRM_SECONDS, on the current board, confirms
    if version == game.version and await tables.play.confirmed_resign(game.id, user.user_id):
        await tables.play.move(game, user.user_id, version, "resign")
        return None
    await tables.play.ask_resign(game.id, user.user_id)
    return Notice("grp-confirm-resign", alert=True)
