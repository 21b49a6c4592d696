"""End-to-end: tournaments through the real `python -m bot`, the emulator and Redis. An 8-player
Parquet Swiss of 3 rounds (one of them joins by the link, never having started the bot) plays
to its podium across a kill -9 in the middle of round 2, losing no game and no point; a
6-player Parquet arena of two minutes and a 4-player Ryadki arena play to theirs. Every game is
played on the players' own boards in their private chats; the group gets one standings
message and the podium, at most 20 writes a minute and no 429 (the fixture checks it); every
tap is answered."""

from __future__ import annotations

import asyncio
import re
from functools import partial

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.parquet_play import Style
from tests.e2e.tournament_play import (
    GAME_WAIT,
    boards_now,
    brief_game,
    join,
    play_round,
    set_up,
)
from tests.support.recording import TgChat, TgMessage

pytestmark = pytest.mark.e2e

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi")
# an arena of two minutes, not the 15 a group is offered at least: long enough for several
# games each, short enough for a test
SHORT_ARENA = {"ARENA_MINUTES": "[2,15,30]"}
LINE = re.compile(r"^\d+\. (\S+) — (\d+) \((\d+)\)")


def people(emu: Emulator, n: int) -> list[EmuUser]:
    """`n` people; the last has never started the bot (the Join button opens its chat)."""
    return [
        emu.user(name, language_code="en", started=i < n - 1) for i, name in enumerate(NAMES[:n])
    ]


def standings(board: TgMessage) -> dict[str, tuple[int, int]]:
    """name → (points, games) as the group's standings say."""
    found = (LINE.match(x) for x in board.text.splitlines())
    return {m.group(1): (int(m.group(2)), int(m.group(3))) for m in found if m}


def group_messages(emu: Emulator, group: TgChat) -> list[TgMessage]:
    return [m for m in emu.messages(group) if m.by_bot]


async def podium(emu: Emulator, group: TgChat, timeout: float = GAME_WAIT) -> TgMessage:
    return await emu.wait_message(group, "tournament is over!", timeout=timeout)


async def final_standings(emu: Emulator, board: TgMessage) -> None:
    """The standings' last edit (it waits its turn in the group's budget, a minute at most)."""
    await emu.wait_for(lambda: "Final standings" in board.text, 90, "the final standings")


async def begun(emu: Emulator, n: int, *taps: str) -> tuple[list[EmuUser], TgChat, TgMessage]:
    """`n` people in a group; the first sets a tournament up by `taps` (to start when they tap
    Start), everyone joins, it starts: the people, the group, its standings."""
    players = people(emu, n)
    group = emu.group("Card Club", owner=players[0], members=players[1:])
    board = await set_up(emu, players[0], group, *taps, "▶ When I tap Start")
    for user in players:
        await join(emu, board, user)
    await emu.wait_for(lambda: f"Players: {n}" in board.text, what=f"{n} players")
    await emu.wait_answer(players[0].tap(board, "▶ Start"))
    return players, group, board


@pytest.mark.slow
async def test_an_eight_player_swiss_survives_a_kill_in_a_round_and_ends_on_its_podium(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    bot = await bot_process(language="en")
    players, group, board = await begun(emulator, 8, "🧩 Parquet", "🔁 3", "⏱ 60 s")
    style, seen = Style(seed=3), set[tuple[int, int]]()
    losers = await play_round(emulator, players, "round 1 of 3", seen, 4, style)
    # round 2: two games end, then the bot is killed with the other two half played
    found: dict[str, list[tuple[EmuUser, TgMessage]]] = {}

    def dealt() -> bool:
        for gid, seats in boards_now(emulator, players, "round 2 of 3", seen).items():
            found.setdefault(gid, []).extend(seats)
        return len(found) == 4 and all(len(s) == 2 for s in found.values())

    await emulator.wait_for(dealt, GAME_WAIT, "round 2 dealt")
    games = list(found.values())
    losers += await asyncio.gather(*(brief_game(emulator, s, style) for s in games[:2]))
    halves = [brief_game(emulator, s, style, moves=1) for s in games[2:]]
    bot.kill()
    proc = bot.proc
    assert proc is not None
    await emulator.wait_for(lambda: proc.poll() is not None, what="the killed bot to be gone")
    await bot.restart()
    losers += await asyncio.gather(*halves)  # their boards play on after the restart
    losers += await play_round(emulator, players, "round 3 of 3", seen, 4, style)
    end = await podium(emulator, group)
    assert "🥇" in end.text
    await final_standings(emulator, board)
    # no game and no point lost: every game's winner has its 2 points, in the group's table
    final = standings(board)
    assert "Final standings" in board.text and len(final) == 8, board.text
    for user in players:
        lost = losers.count(user.name)
        assert final[user.name] == (2 * (3 - lost), 3), (user.name, final)
    # every game in the private chats: the group saw its set-up become the standings, and the
    # podium, never a message per game, within its budget
    assert [m.message_id for m in group_messages(emulator, group)] == [
        board.message_id,
        end.message_id,
    ]
    assert emulator.writes_in_window(group, 60) <= 20
    await emulator.wait_all_answered()


async def play_arena(
    emu: Emulator, players: list[EmuUser], group: TgChat, style: Style, minutes: int
) -> tuple[TgMessage, list[str]]:
    """Each game dealt is played briefly as soon as it comes, until the podium: the losers."""
    seen: set[tuple[int, int]] = set()
    pending: dict[str, list[tuple[EmuUser, TgMessage]]] = {}
    playing: dict[str, asyncio.Task[str]] = {}

    def news() -> str | bool:
        for gid, seats in boards_now(emu, players, "arena", seen).items():
            pending.setdefault(gid, []).extend(seats)
        if any("tournament is over!" in m.text for m in group_messages(emu, group)):
            return "over"
        return any(len(s) == 2 and g not in playing for g, s in pending.items())

    while await emu.wait_for(news, minutes * 60 + GAME_WAIT, "a game or the podium") != "over":
        for gid, seats in pending.items():
            if len(seats) == 2 and gid not in playing:
                playing[gid] = asyncio.create_task(brief_game(emu, seats, style))
    losers = list(await asyncio.gather(*playing.values()))
    return await podium(emu, group), losers


@pytest.mark.slow
async def test_a_six_player_arena_of_two_minutes_plays_to_its_podium(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    await bot_process(language="en", env=SHORT_ARENA)
    players, group, board = await begun(emulator, 6, "🧩 Parquet", "⚡ 2 min", "⏱ 30 s")
    end, losers = await play_arena(emulator, players, group, Style(seed=11), 2)
    await final_standings(emulator, board)
    final = standings(board)
    assert "Final standings" in board.text and len(final) == 6
    played = sum(games for _, games in final.values())
    assert played == 2 * len(losers) and len(losers) >= 3  # each game counted, once
    assert sum(p for p, _ in final.values()) >= 2 * len(losers)  # a win 2 (on a streak 4)
    assert "🥇" in end.text
    assert [m.message_id for m in group_messages(emulator, group)] == [
        board.message_id,
        end.message_id,
    ]
    assert emulator.writes_in_window(group, 60) <= 20
    await emulator.wait_all_answered()


async def ryadki_game(emu: Emulator, seats: list[tuple[EmuUser, TgMessage]]) -> None:
    """Each player taps the first ✅ card on their own board on their turn, to the end."""

    def turn() -> tuple[EmuUser, TgMessage] | str | None:
        if any("Winner" in b.text for _, b in seats):
            return "over"
        return next(((u, b) for u, b in seats if "Your turn" in b.text), None)

    for _ in range(300):
        found = await emu.wait_for(turn, GAME_WAIT, "a turn or the end")
        if found == "over":
            return
        assert isinstance(found, tuple)
        user, board = found
        marked = [b["text"] for b in board.buttons() if b["text"].startswith("✅")]
        assert marked, board.describe()
        text = board.text
        await emu.wait_answer(user.tap(board, marked[0]))
        await emu.wait_for(partial(changed, board, text), GAME_WAIT, "the play shown")
    raise AssertionError("the game did not end")


@pytest.mark.slow
async def test_a_four_player_ryadki_arena_ends_with_its_standings(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    await bot_process(language="en", env=SHORT_ARENA)
    players, group, board = await begun(emulator, 4, "🃏 Ryadki", "⚡ 2 min", "⏱ 60 s")
    seen: set[tuple[int, int]] = set()
    found: dict[str, list[tuple[EmuUser, TgMessage]]] = {}

    def dealt() -> bool | str:
        if any("tournament is over!" in m.text for m in group_messages(emulator, group)):
            return "over"
        for gid, seats in boards_now(emulator, players, "arena", seen).items():
            found.setdefault(gid, []).extend(seats)
        return any(len(s) == 4 for s in found.values())

    games = 0
    while await emulator.wait_for(dealt, 3 * 60, "a table of four or the end") != "over":
        for gid in [g for g, s in found.items() if len(s) == 4]:
            await ryadki_game(emulator, found.pop(gid))
            games += 1
    end = await podium(emulator, group)
    await final_standings(emulator, board)
    final = standings(board)
    assert "Final standings" in board.text and set(final) == {u.name for u in players}
    assert all(g == games for _, g in final.values()) and games >= 1
    assert sum(p for p, _ in final.values()) >= games * 12  # 6 + 4 + 2 + 0 a table, ties sharing
    assert "Ryadki" in end.text
    assert emulator.writes_in_window(group, 60) <= 20
    await emulator.wait_all_answered()


def changed(board: TgMessage, text: str) -> bool:
    """The board no longer shows `text`."""
    return board.text != text
