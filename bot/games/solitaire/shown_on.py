"""Which of a person's solitaires a message of their private chat shows. A board's message is
reused: ☰ Menu shows the menu on it, and the menu starts or brings another game there. The game
shown there before no longer lives on it, so moving that game on later ("continue") must leave
the message alone: it shows another game's board now."""

from __future__ import annotations

from bot.storage import GameRecord, Store


async def vacate(store: Store, games: list[GameRecord], shown: GameRecord) -> None:
    """`shown` is on its message now: every other game of `games` (the person's unfinished
    solitaires) that names that message names none any more. A save lost to a tap on that game
    changes nothing: the tap moved it to its own message."""
    for other in games:
        if other.id != shown.id and other.solo.msg == shown.solo.msg is not None:
            other.solo.msg = None
            await store.save(other, other.version)
