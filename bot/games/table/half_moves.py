"""A two-tap move (a source, then a target: Parquet's card, then its cell) played in a group
without editing the group's board for the first tap.

Telegram lets a bot write about 20 times a minute in a group, edits included, so a move must
cost one edit of the board, not two. The board marks every cell something fits (✅, before any
pick), and the first tap — a card, or a marked cell — is answered to that player alone, in the
tap's own toast (a callback answer spends nothing of the group's budget): "8♥ → ✅ c4, e4. Tap
one of these cells." (the picked card's own cells), or "These fit here: 8♥, 10♥. Now tap the
card." The second tap completes the move. Either order works; a second tap that does not fit
the first says what fits there and keeps the cell.

The first tap is kept in the store for the player (the user setting `half`, one per player:
any process may take the second tap), tied to the game and the board's version, so a tap of
an older board never completes a move; with its time, since a player choosing the second tap
is playing (their turn's reminder waits: `first_tap_at`). Where the mover's board is their own,
in their private chat (a game against the computer, a quick match's copy: no group budget), a
card tapped first is picked on it instead, and the board marks that card's cells only.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.refusal import Notice, Refused
from bot.games.screens import screens
from bot.games.state import public_view, state_of
from bot.games.table.play import PlayService
from bot.i18n import translator
from bot.registry import spec
from bot.storage import GameRecord, Store
from rules.notation import move_sources, move_targets

# the user setting that holds the first tap: "<game>:<version>:<source>:<target>:<time>"
HALF = "half"


class FirstTaps:
    """The first tap of a move, kept in the store for its player (any process may take the
    second tap), tied to the game and the board's version, with its time."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    async def keep(
        self, record: GameRecord, user_id: int, version: int, source: str | None, target: str | None
    ) -> None:
        kept = _encode(record.id, version, source, target, self.clock())
        await self.store.set_setting(user_id, HALF, kept)

    async def clear(self, user_id: int) -> None:
        await self.store.set_setting(user_id, HALF, "")

    async def first_tap_at(self, record: GameRecord, user_id: int) -> float | None:
        """When the player made the first tap of a move on the board as `record` is (None: they
        have not)."""
        parts = await self._parts(record, user_id, record.version)
        return float(parts[4]) if parts is not None and len(parts) == 5 else None

    async def kept(
        self, record: GameRecord, user_id: int, version: int
    ) -> tuple[str | None, str | None]:
        """The player's first tap on this version of this game's board, if any."""
        parts = await self._parts(record, user_id, version)
        return (None, None) if parts is None else (parts[2] or None, parts[3] or None)

    async def _parts(self, record: GameRecord, user_id: int, version: int) -> list[str] | None:
        parts = (await self.store.get_setting(user_id, HALF) or "").split(":")
        # (four parts: kept by a version of the bot before the time was)
        if len(parts) not in (4, 5) or parts[0] != record.id or parts[1] != str(version):
            return None
        return parts


class HalfMoves:
    def __init__(self, taps: FirstTaps, play: PlayService) -> None:
        self.taps = taps
        self.play = play

    async def tap(
        self,
        record: GameRecord,
        user_id: int,
        version: int,
        lang: str,
        *,
        source: str | None = None,
        target: str | None = None,
    ) -> Notice | None:
        """A source or a target tapped by the mover: the move when it completes one, else the
        toast that says what comes next."""
        seat = self.play.mover(record, user_id, version)
        legal = spec(record.kind).game.legal_moves(state_of(record), seat)
        kept_source, kept_target = await self.taps.kept(record, user_id, version)
        if source is not None:
            if not move_targets(legal, source):
                raise Refused("pq-no-cell")
            kept_source = source
        elif target is not None:
            if not move_sources(legal, target):
                raise Refused("grp-stale")  # only a cell something fits is offered
            kept_target = target
        if kept_source is not None and kept_target is not None:
            move = move_targets(legal, kept_source).get(kept_target)
            if move is not None:
                await self.taps.clear(user_id)
                await self.play.move(record, user_id, version, move)
                return None
        elif source is not None and _own_board(record, seat):
            await self.play.pick(record, user_id, version, source)  # shown on the board
            await self.taps.keep(record, user_id, record.version, source, None)  # (choosing)
            return None
        missed = kept_source if kept_target is not None else None
        keep = (None, kept_target) if kept_target is not None else (kept_source, None)
        await self.taps.keep(record, user_id, version, keep[0], keep[1])
        half = screens(record.kind).half_move
        if half is None:
            raise Refused("grp-stale")
        said = half(public_view(record), legal, missed or keep[0], keep[1], translator(lang))
        return Notice("half-move", text=said)


def _own_board(record: GameRecord, seat: int) -> bool:
    """The mover's board is in their own private chat (a game against the computer, their copy
    of a quick match's): an edit there costs no group's budget, so a pick is shown on it."""
    meta = record.table
    return meta.private or seat in meta.boards


def _encode(gid: str, version: int, source: str | None, target: str | None, at: float) -> str:
    return f"{gid}:{version}:{source or ''}:{target or ''}:{at:.3f}"
