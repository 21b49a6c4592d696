"""End-to-end: a member spamming a command beside a game, at Telegram's real limits (the
emulator's: 20 writes a minute in a group, about one a second in any chat) and the bot's
production budget. Alice and Bob play Parquet at a person's pace while Carol sends /help twice
with every tap of theirs (about one a second, each landing just as the board must change), sixty
in all: the game's writes come first — each move is on the group's board within
the budget's spacing (p95 ≤ 3 s) — Carol is answered now and then, and nobody meets a 429."""

from __future__ import annotations

import statistics
import time
from typing import Any

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator
from tests.e2e.parquet_play import Style, over, parquet_move, parquet_pair
from tests.e2e.requests import chat_writes, keyboard_version, refused_in, version_of
from tests.e2e.test_parquet_games import SHORT_GAME

pytestmark = pytest.mark.e2e

SPAM = 60  # /help, two with each of the players' taps (about one a second at their pace)
PER_TAP = 2
# a person's pace: three seconds to look at the board, one between a move's two taps (a move
# about every four and a half seconds: some 13 of the group's 20 writes a minute)
THINK, BETWEEN = 3.0, 1.0


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


@pytest.mark.slow
async def test_help_sixty_times_a_minute_leaves_a_parquet_board_on_time(
    emulator: Emulator, bot_process: BotFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    emu = emulator
    bot = await bot_process(language="en")
    alice, bob, group, board = await parquet_pair(emu)
    carol = emu.user("Carol", language_code="en")
    group.members.add(carol.tg_user.id)
    taps: list[float] = []  # when each tap reached "Telegram" (the players' clock: time.time)
    spam: list[float] = []  # when each /help was sent
    push = emu.push_update

    def pushed(**update: Any) -> dict[str, Any]:
        if "callback_query" not in update:
            return push(**update)
        taps.append(time.time())
        pushed_tap = push(**update)
        for _ in range(min(PER_TAP, SPAM - len(spam))):  # Carol, paced by the game itself
            spam.append(time.time())
            carol.send(group, "/help")
        return pushed_tap

    monkeypatch.setattr(emu, "push_update", pushed)
    mark = len(emu.requests)

    style = Style(seed=SHORT_GAME, think=THINK, between=BETWEEN)
    lags: list[float] = []
    while len(spam) < SPAM and not over(board):
        version = version_of(board)
        await parquet_move(emu, board, [alice, bob], style)
        tapped = taps[-1]  # the move's last tap
        shown = next(
            r.at
            for r in chat_writes(emu, group.id, mark)
            if keyboard_version(r.params) > version and r.method == "editMessageText"
        )
        lags.append(max(0.0, shown - tapped))
    await emu.wait_idle()

    answers = [
        r for r in chat_writes(emu, group.id, mark) if "Card games bot" in str(r.params["text"])
    ]
    print(
        f"{len(lags)} moves while /help was sent {len(spam)} times in "
        f"{spam[-1] - spam[0]:.0f} s: the board "
        f"p50 {statistics.median(lags):.2f} s, p95 {p95(lags):.2f} s, max {max(lags):.2f} s "
        f"after the move's tap; /help answered {len(answers)} times; "
        f"{len(chat_writes(emu, group.id, mark))} group writes"
    )
    assert len(lags) >= 10, lags  # the game went on all the while
    assert p95(lags) <= 3.0, lags
    assert 1 <= len(answers) <= 2 * 5, [r.at for r in answers]  # the members' share: 5 a minute
    assert refused_in(emu, group.id) == [] and emu.tg.limits.refused == 0
    assert "Traceback" not in bot.log_text()
