"""A table's screens, rendered from its record as saved: the lobby or the board (everyone's, a
game against the computer's with the person's hand on it, or one seat's own copy in a quick
match), a player's hand, the creator's invite. The renderers are the game's own
(`bot.games.screens`) and the shared lobby's (`bot.render.lobby`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.config import Settings
from bot.games.screens import screens
from bot.games.state import position, public_view, state_of, turn, view_of
from bot.games.table import moves
from bot.games.table.lobby import Lobby
from bot.registry import spec
from bot.render import lobby as render_lobby
from bot.render import match as render_match
from bot.render.screen import Screen, TableCtx
from bot.storage.record import GameRecord
from bot.wire import deeplinks

# a table's owner may frame its boards (a tournament names itself, and what comes next):
# (the record, the seat whose copy it is or None, the board) → the board shown
Frame = Callable[[GameRecord, int | None, Screen], Awaitable[Screen]]


class TableScreens:
    def __init__(self, settings: Settings, username: Callable[[], Awaitable[str]]) -> None:
        self.settings = settings
        self.username = username  # the bot's @username (its deep links)
        self.frames: list[Frame] = []  # registered from above the table wing (`Frame`)

    async def _ctx(
        self, record: GameRecord, lang: str | None = None, version: int | None = None
    ) -> TableCtx:
        meta = record.table
        return TableCtx(
            lang=lang or meta.lang or self.settings.default_language,
            game_id=record.id,
            version=position(record) if version is None else version,
            events=meta.events,
            names=[p.name for p in meta.players],
            bot_username=await self.username(),
            code=meta.code,
            title=meta.title or "",
            pick=meta.pick,
            why=meta.why,
            deadline_s=int(meta.turn or self.settings.turn_timeout_seconds),
            rematch=not meta.rematch,
            dm_failed=meta.dm_failed,
            ttl_minutes=max(1, self.settings.lobby_ttl_seconds // 60),
            ttl_hours=max(1, self.settings.invite_ttl_seconds // 3600),
            closed=meta.closed if record.phase == "cancelled" else None,
            private=meta.private,
            computers=[i for i, p in enumerate(meta.players) if p.ai],
        )

    async def invite(self, record: GameRecord) -> Screen:
        lobby = Lobby(record.kind, record.table).view()
        ctx = await self._ctx(record)
        board = record.table.board
        ctx.board_url = deeplinks.message_link(*board) if board is not None else None
        return render_lobby.render_invite(
            lobby, ctx, record.phase, in_group=record.table.group is not None
        )

    async def board(
        self, record: GameRecord, confirm_leave: bool = False, viewer: int | None = None
    ) -> Screen:
        """The group's message (lobby or table), the one message of a game against the
        computer (the hand on it), or seat `viewer`'s own copy (a quick match), as the frames
        registered frame it."""
        screen = await self._board(record, confirm_leave, viewer)
        for frame in self.frames:
            screen = await frame(record, viewer, screen)
        return screen

    async def _board(self, record: GameRecord, confirm_leave: bool, viewer: int | None) -> Screen:
        meta = record.table
        ctx = await self._ctx(record, lang=None if viewer is None else meta.players[viewer].lang)
        if record.phase in ("lobby", "cancelled"):
            return render_lobby.render(Lobby(record.kind, meta).view(), ctx)
        view = public_view(record)
        mover = turn(record)
        if meta.private or meta.is_ai(mover):
            ctx.deadline_s = None  # nobody is timed: the computer moves after its pause
        if mover is not None:
            ctx.legal = spec(record.kind).game.legal_moves(state_of(record), mover)
        shown = screens(record.kind)
        if viewer is not None:  # the table and the seat's own hand in one (no rematch yet)
            ctx.private, ctx.match = True, True
        elif not meta.private:
            return shown.board(view, ctx)
        ctx.seat, ctx.confirm_leave = meta.humans[0] if viewer is None else viewer, confirm_leave
        if spec(record.kind).hidden_hands:  # the person's hand is on the board
            view = view_of(record, ctx.seat)
        screen = shown.private(view, ctx)
        if viewer is not None and viewer not in meta.boards and record.phase == "play":
            # its player left and the others play on: the table as they left it, and a way on
            why = meta.left.get(viewer)
            return render_match.left(ctx.lang, screen.text, record.id, why, moves.TIMEOUT_LIMIT)
        return screen

    async def hand(
        self,
        record: GameRecord,
        seat: int,
        version: int,
        confirm_leave: bool = False,
        *,
        in_group: bool | None = None,
    ) -> Screen:
        """A player's own hand (`in_group`: shown in the group to them alone; None: where the
        record keeps it)."""
        player = record.table.players[seat]
        ctx = await self._ctx(record, lang=player.lang, version=version)
        ctx.seat, ctx.confirm_leave = seat, confirm_leave
        ctx.in_group = seat in record.table.ephemeral if in_group is None else in_group
        timeouts = record.table.timeouts
        ctx.missed = timeouts[seat] if seat < len(timeouts) else 0
        hand = screens(record.kind).hand
        if hand is None:
            raise TypeError(f"{record.kind} has no hidden hands")
        return hand(view_of(record, seat), ctx)
