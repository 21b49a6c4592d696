"""Every chat at Telegram's limits (the fake answers 429 past about one write a second in any
chat with a burst of 3, 20 a minute in a group), the bot at its production budget: two tables
dealt in the same second write each player's private chat at its pace; a flood of forged links
into private chats is answered once in a while, never met with a 429, and a real link in the
middle of it still seats its player; a 429 that outlives the retries is one warning line; a
member typing /help once a second gets a few answers, within the members' share of the
group's budget, while a game goes on beside them."""

from __future__ import annotations

import itertools
import logging
import random
import re
import string

import pytest

from bot.games.budget import TYPED_SHARE
from bot.telegram.messenger import MAX_RETRIES
from tests.support.recording import TgChat, TgMessage, TgUser
from tests.support.world import World, game_board, invite_code, open_lobby, parquet_move


def private_texts(w: World, user: TgUser) -> list[str]:
    return [m.text for m in w.tg.messages_in(user.id)]


async def ryadki_lobby(w: World, group: TgChat, creator: TgUser, joining: list[TgUser]) -> str:
    """A Ryadki lobby of one deal in `group`, the others seated by its link; its title."""
    await w.say(creator, group, "/newgame ryadki")
    lobby = w.ping_free(group.id)
    await w.tap(creator, lobby, re.compile("Deals"))  # 7 → 1
    for user in joining:
        await w.say(user, None, f"/start j{invite_code(lobby)}")
    return group.title or ""


async def test_two_tables_dealt_in_the_same_second_write_each_player_at_its_pace(
    world: World,
) -> None:
    """Each player of both tables gets how to play, two hands and, the first mover, their
    turn — four or five messages in one second, one more than Telegram takes at once: the
    rest follow at its pace, none is refused."""
    w = world
    second = w.tg.add_group("Second Club", owner=w.bob, members=[w.alice, w.carol])
    players = [w.alice, w.bob, w.carol]
    await ryadki_lobby(w, w.group, w.alice, [w.bob, w.carol])
    await ryadki_lobby(w, second, w.bob, [w.alice, w.carol])
    await w.tap(w.alice, w.ping_free(w.group.id), "▶ Start")
    w.session.pace = 0.0  # Bob taps Start in his group in the same second as Alice in hers
    await w.tap(w.bob, w.ping_free(second.id), "▶ Start")
    await w.drain()
    for user in players:
        texts = private_texts(w, user)
        for title in ("Card Club", "Second Club"):
            assert any(t.startswith(f"🃏 Ryadki · “{title}”") for t in texts), (user, texts)
    assert any("Your turn" in t for u in players for t in private_texts(w, u))
    assert w.tg.limits.refused == 0


FORGED = 2000


def forged_link(rng: random.Random) -> str:
    """A /start link that opens nothing: a made-up invite, any payload, a deal that never was."""
    alphabet = string.ascii_letters + string.digits + "_-"
    kind = rng.randrange(3)
    if kind == 0:
        return "/start j" + "".join(rng.choices(alphabet, k=16))
    if kind == 1:
        return "/start " + "".join(rng.choices(alphabet, k=rng.randint(1, 64)))
    return f"/start daily-kosa-{rng.randint(10_000, 99_999)}"


REFUSALS = (
    "This invite is unknown or has expired",
    "This link is outdated or broken",
    "This link opens no deal of the day",
)


async def test_a_flood_of_forged_links_into_private_chats_is_answered_once_in_a_while(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    w = world
    caplog.set_level(logging.INFO)
    eve, finn = (w.tg.add_user(name, language_code="en") for name in ("Eve", "Finn"))
    senders = [w.alice, w.bob, w.carol, w.dave, eve, finn]
    lobby = await open_lobby(w, "ryadki")
    rng = random.Random(15)
    w.session.pace = 0.2  # five links a second (a script: no person types that fast)
    began = w.clock()
    for n in range(FORGED):
        await w.say(senders[n % len(senders)], None, forged_link(rng))
        if n == FORGED // 2:  # a real link in the middle of it all
            await w.say(finn, None, f"/start j{invite_code(lobby)}")
    took = w.clock() - began
    await w.drain()
    assert w.tg.limits.refused == 0
    assert "Finn" in w.board().text  # the real link seated him
    for user in senders:
        refusals = [t for t in private_texts(w, user) if t.startswith(REFUSALS)]
        assert 1 <= len(refusals) <= took / 10 + 1, (user.first_name, len(refusals))
    loud = [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
    assert loud == [], [r.getMessage() for r in loud]


async def test_a_429_that_outlives_the_retries_is_one_warning_line(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """Telegram refuses every try of an answer: one warning with the chat and the wait, no
    traceback, and no "something went wrong" sent after it into a chat that takes nothing."""
    w = world
    caplog.set_level(logging.INFO)
    w.tg.inject_retry_after("sendMessage", 7, times=MAX_RETRIES + 1, chat_id=w.dave.id)
    await w.say(w.dave, None, "/help")
    loud = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(loud) == 1, [r.getMessage() for r in loud]
    said = loud[0].getMessage()
    assert f"chat={w.dave.id}" in said and "retry_after=7" in said, said
    assert all(r.exc_info is None for r in caplog.records)
    tries = [c for c in w.tg.calls if c.method == "sendMessage"]
    assert [c.params["chat_id"] for c in tries[-(MAX_RETRIES + 1) :]] == [w.dave.id] * 4
    assert all(c.error is not None for c in tries if c.params["chat_id"] == w.dave.id)


def help_answers(w: World, since: int) -> list[TgMessage]:
    return [
        m for m in w.tg.messages_in(w.group.id)[since:] if m.text.startswith("🃏 Card games bot")
    ]


async def test_a_member_sending_help_every_second_gets_a_few_answers_beside_a_game(
    world: World,
) -> None:
    """Alice and Bob play Parquet in the group while Dave sends /help every second: Dave is
    answered at most once in five seconds and within the members' quarter of the group's
    minute; the game's moves are all shown, the group never meets a 429."""
    w = world
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    since = len(w.tg.messages_in(w.group.id))
    moves = 0
    for second in range(120):
        await w.say(w.dave, w.group, "/help")
        if second % 6 == 5:  # a move every six seconds (its two taps advance the clock too)
            await parquet_move(w)
            moves += 1
    answers = help_answers(w, since)
    dates = [m.date for m in answers]
    assert len(answers) >= 2, "Dave was never answered"
    assert all(b - a >= 5 for a, b in itertools.pairwise(dates)), dates
    members_share = int(w.settings.edits_per_minute_per_group * TYPED_SHARE)
    assert all(sum(1 for d in dates if t <= d < t + 60) <= members_share for t in dates), dates
    assert f"{moves}/35" in game_board(w).text  # every move on the board
    assert w.tg.limits.refused == 0
