"""A tap on a table game's button (lobby, table, private hand), routed by the game's phase and
capabilities to the one service call it asks for."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.games.ports import Answer
from bot.games.refusal import Notice, Refused
from bot.games.screens import screens
from bot.games.state import current
from bot.games.table.half_moves import HalfMoves
from bot.games.table.hands import Hands
from bot.games.table.lobbies import LobbyService
from bot.games.table.lobby import COMPUTER_ACTIONS
from bot.games.table.play import PlayService
from bot.games.table.rematch import Rematches
from bot.registry import spec
from bot.storage.record import GameRecord, Player
from bot.wire.callbacks import GameCallback

IsAdmin = Callable[[], Awaitable[bool]]


@dataclass(frozen=True, slots=True)
class TableTap:
    """A tap on a table game's message: the game as loaded, the button, who tapped it (in
    `lang`), whether they administer the chat (asked only when it matters), the answer."""

    game: GameRecord
    cb: GameCallback
    user: Player
    lang: str
    is_admin: IsAdmin
    answer: Answer
    query_id: str | None = None  # the callback query (an ephemeral message may answer it)


class TapRouter:
    def __init__(
        self,
        lobbies: LobbyService,
        play: PlayService,
        halves: HalfMoves,
        rematches: Rematches,
        hands: Hands,
    ) -> None:
        self.lobbies = lobbies
        self.play = play
        self.halves = halves
        self.rematches = rematches
        self.hands = hands

    async def tap(self, tap: TableTap) -> Notice | None:
        game, user, cb = tap.game, tap.user, tap.cb
        name, arg = cb.ui() if cb.is_ui else ("", "")
        if game.table.private and user.user_id != game.table.creator:
            raise Refused("grp-not-seated")  # a game against the computer is its creator's
        phase = game.phase
        if phase == "lobby":
            return await self._lobby(game, user, name, cb.version, tap.is_admin)
        if phase == "cancelled":
            raise Refused("lobby-gone")
        if phase == "over":
            if name != "rematch":
                raise Refused("grp-game-over")
            return await self.rematches.rematch(game, user, tap.lang)
        # the game is on
        if name == "wait":
            seated = game.table.seat_of(user.user_id) is not None
            raise Refused("grp-not-your-turn" if seated else "grp-not-seated")
        if name == "resign":
            return await self._resign(game, user, cb.version, arg)
        if name == "hand" and spec(game.kind).hidden_hands:  # "My cards" on the board
            return await self.play.my_cards(game, user, tap.query_id)
        two_taps = spec(game.kind).taps == 2
        # a game whose first tap a toast can answer (`half_move`) leaves the board alone for it
        halves = two_taps and screens(game.kind).half_move is not None
        if halves and name in ("pick", "to"):  # the first tap of a move, or its second
            where = {"source": arg} if name == "pick" else {"target": arg}
            return await self.halves.tap(game, user.user_id, cb.version, tap.lang, **where)
        if two_taps and name in ("pick", "unpick"):  # a pick shown on the board
            await self.play.pick(game, user.user_id, cb.version, arg if name == "pick" else None)
            return None
        if two_taps and name == "cell":
            self.play.cell_tap(game, user.user_id)
        if cb.is_ui or cb.action == "resign":  # a resignation is asked for and confirmed
            raise Refused("grp-stale")  # (`~resign`), never taken from a raw move
        await self.play.move(game, user.user_id, cb.version, cb.action)
        return None

    async def _lobby(
        self, game: GameRecord, user: Player, name: str, version: int, is_admin: IsAdmin
    ) -> Notice | None:
        """Join, leave, start and cancel are the same however often they arrive; a setting steps
        to its next value, so it applies only to the version it was tapped on."""
        lobbies = self.lobbies
        if name == "join":
            return Notice(await lobbies.tap_join(game, user))
        if name == "leave":
            return Notice(await lobbies.tap_leave(game, user))
        if name == "start":
            await lobbies.tap_start(game, user)
        elif name == "cancel":
            await lobbies.tap_cancel(game, user, is_admin)
        elif name in COMPUTER_ACTIONS or spec(game.kind).setting(name) is not None:
            await lobbies.tap_setting(game, user, name, version)
        else:
            raise Refused("grp-stale")
        return None

    async def _resign(
        self, game: GameRecord, user: Player, version: int, arg: str
    ) -> Notice | None:
        if game.table.seat_of(user.user_id) is None:
            raise Refused("grp-not-seated")
        if spec(game.kind).hidden_hands:  # Leave, then Yes / No on the player's own hand
            if arg == "y" and current(game, version):
                await self.play.move(game, user.user_id, version, "resign")
                return Notice("grp-left")
            # an old Yes (the game went on since it was asked) asks again
            confirm = arg in {"", "y"}
            await self.hands.confirm_leave(game, user.user_id, confirm=confirm)
            return None
        # on the board everyone sees: a second tap within RESIGN_CONFIRM_SECONDS confirms
        if current(game, version) and await self.play.confirmed_resign(game.id, user.user_id):
            await self.play.move(game, user.user_id, version, "resign")
            return None
        await self.play.ask_resign(game.id, user.user_id)
        return Notice("grp-confirm-resign", alert=True)
