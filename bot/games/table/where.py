"""Where a table's messages are, read from its record (`TableMeta`): each as a place
(`bot.games.places`), whose kind says how it is shown, posted beside, deleted and remembered."""

from __future__ import annotations

from bot.games.places import (
    ChatMessage,
    EphemeralMessage,
    InlineMessage,
    Invite,
    Place,
    PrivateHand,
    SeatBoard,
)
from bot.storage.record import Place as StoredPlace
from bot.storage.record import TableMeta


def board(meta: TableMeta, tag: str | None = None) -> Place | None:
    """A table's one public message (the lobby, then the board), if it has been sent (`tag`:
    the game, for a message that shows games one after another: an inline message shows its
    rematch once one is taken, not this game any more)."""
    if meta.inline is not None:
        return None if meta.rematch else InlineMessage(meta.inline, tag)
    if meta.board is None:
        return None
    chat, message = meta.board
    return ChatMessage(chat, message, meta.thread if chat == meta.group else None)


def boards(meta: TableMeta, tag: str | None = None) -> list[Place]:
    """Every copy of a table's board: the one public message (`board`), or each player's own
    in their private chat (a quick match)."""
    if meta.boards:
        return _seat_boards(meta.boards, tag)
    one = board(meta, tag)
    return [] if one is None else [one]


def boards_gone(
    meta: TableMeta, before: dict[int, StoredPlace], tag: str | None = None
) -> list[Place]:
    """The players' own copies of the board a change took from the table (`before`: the
    record's `boards` before it): their players left a game that goes on."""
    return _seat_boards({s: b for s, b in before.items() if s not in meta.boards}, tag)


def _seat_boards(kept: dict[int, StoredPlace], tag: str | None) -> list[Place]:
    return [
        SeatBoard(chat, message or None, seat=seat, tag=tag)
        for seat, (chat, message) in sorted(kept.items())
    ]


def home(meta: TableMeta) -> ChatMessage | None:
    """Where a table's public messages go: its group (and topic), None before it has one (or
    for a game in an inline message, whose chat takes nothing from the bot)."""
    if meta.group is None or meta.inline is not None:
        return None
    return ChatMessage(meta.group, None, meta.thread)


def hand(meta: TableMeta, seat: int) -> Place | None:
    """A player's own hand message: in their private chat, or shown to them alone in the
    group (an ephemeral message)."""
    if seat in meta.ephemeral and meta.group is not None:
        user = meta.players[seat].user_id
        return EphemeralMessage(meta.group, user, meta.ephemeral[seat] or None, seat)
    where = meta.hands.get(seat)
    return None if where is None else PrivateHand(where[0], where[1], seat=seat)


def invite(meta: TableMeta) -> Place | None:
    """The creator's private invite message."""
    return None if meta.invite is None else Invite(*meta.invite)


def seat_board(meta: TableMeta, seat: int | None, tag: str | None = None) -> Place | None:
    """Seat `seat`'s own copy of the board (a quick match), if it has one."""
    return next((b for b in boards(meta, tag) if seat is not None and b.viewer == seat), None)


def hands(meta: TableMeta) -> list[tuple[int, Place]]:
    """Every player's hand message, by seat (a game with hidden hands)."""
    seats = sorted({*meta.hands, *meta.ephemeral})
    return [(seat, place) for seat in seats if (place := hand(meta, seat)) is not None]


def hand_messages(meta: TableMeta, seat: int) -> list[Place]:
    """Every message the record names for a seat's hand: in the private chat, in the group."""
    out: list[Place] = []
    if seat in meta.hands:
        out.append(PrivateHand(*meta.hands[seat], seat=seat))
    if meta.ephemeral.get(seat) and meta.group is not None:
        user = meta.players[seat].user_id
        out.append(EphemeralMessage(meta.group, user, meta.ephemeral[seat], seat))
    return out
