"""A turn's reminder across a restart of the bot: the time no process ran is not the player's
wait (they could not move; their taps wait in Telegram's queue until the new process polls,
after its deadline loop's first tick)."""

from __future__ import annotations

from tests.bot.handlers.test_computer import restart
from tests.bot.handlers.test_pings import mover_of, sent_pings
from tests.support.world import World, open_lobby


async def reminders(w: World) -> int:
    """The deadline loop runs once: the reminders sent so far (in private chats or the group)."""
    await w.svc.timers.tick_once()
    await w.drain()
    return sum(sent_pings(w, chat) for chat in (w.alice.id, w.bob.id, w.group.id))


async def test_a_reminder_due_while_the_bot_was_down_waits_its_delay_after_the_restart(
    any_world: World,
) -> None:
    w = any_world
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    waiting = await mover_of(w)
    delay = w.settings.turn_reminder_seconds
    w.clock.advance(delay - 5)  # the turn waits on the board a while
    assert await reminders(w) == 0
    w.clock.advance(10)  # then the bot restarts, slowly: the reminder comes due meanwhile
    restart(w)
    assert await reminders(w) == 0  # not the moment the bot is back: they had no bot to play
    w.clock.advance(delay - 1)
    assert await reminders(w) == 0
    w.clock.advance(2)  # the turn waited its whole delay on a board that answers: reminded
    assert await reminders(w) == 1
    assert await mover_of(w) == waiting
