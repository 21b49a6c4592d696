"""Tournaments played through the emulator by its users, as people play them: set up in the
group by its creator's taps, joined by the button (or, for one who never started the bot, by
the link its tap opens), every game on each player's own board in their private chat.

A game is played briefly and then resigned — each player makes a move or two (the first ✅
cell, then a card the toast names: a real move through the bot's private chats), then the
later-seated player resigns — so a tournament of several rounds ends in a few minutes while
every game of it is a game played in private chats, scored by how it ended."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from functools import partial

from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.parquet_play import Style, over
from tests.e2e.requests import version_of
from tests.e2e.test_match import in_step, match_move, match_mover
from tests.support.recording import TgChat, TgMessage

GAME_WAIT = 60.0  # a game's boards reach its players (the private chats' pace, a restart)


async def set_up(emu: Emulator, creator: EmuUser, group: TgChat, *taps: str) -> TgMessage:
    """/tournament and its set-up's taps: the message that became its standings."""
    creator.send(group, "/tournament")
    picker = await emu.wait_message(group, "Which game?")
    for label in taps:  # each step's screen comes after its tap's answer
        await emu.wait_for(partial(picker.has_button, label), what=f"the button {label}")
        await emu.wait_answer(creator.tap(picker, label))
    await emu.wait_for(lambda: "Players:" in picker.text, what="the standings")
    return picker


async def join(emu: Emulator, board: TgMessage, user: EmuUser) -> None:
    """✋ Join; one the bot may not write to yet follows the link the tap opens."""
    answer = await emu.wait_answer(user.tap(board, "✋ Join"))
    if answer.get("url"):
        user.open_link(str(answer["url"]))
    await emu.wait_message(user, "You are in")


def game_of(board: TgMessage) -> str:
    return next(d.split(":")[0] for d in board.callback_data() if not d.startswith("m:"))


def boards_now(
    emu: Emulator, users: Sequence[EmuUser], label: str, seen: set[tuple[int, int]]
) -> dict[str, list[tuple[EmuUser, TgMessage]]]:
    """Each user's new board whose heading says `label` (not one of `seen`), by game."""
    out: dict[str, list[tuple[EmuUser, TgMessage]]] = {}
    for user in users:
        for m in reversed(emu.messages(user)):
            gid = game_of_or_none(m)
            where = (m.chat.id, m.message_id)  # (message ids are per chat)
            if where not in seen and label in m.text and gid is not None:
                seen.add(where)
                out.setdefault(gid, []).append((user, m))
                break
    return out


def game_of_or_none(board: TgMessage) -> str | None:
    return next((d.split(":")[0] for d in board.callback_data() if not d.startswith("m:")), None)


async def brief_game(
    emu: Emulator, seats: Sequence[tuple[EmuUser, TgMessage]], style: Style, moves: int = 2
) -> str:
    """A Parquet game: `moves` moves in all, then the later-seated player resigns. Its loser."""
    users = [u for u, _ in seats]
    mine = {u.name: b for u, b in seats}
    for _ in range(moves):
        mover = match_mover(mine, users)
        await match_move(emu, mover, mine[mover.name], style)
        version = version_of(mine[mover.name])
        for board in mine.values():
            await emu.wait_for(in_step(board, version), GAME_WAIT, "both boards in step")
    loser = users[-1]
    for _ in range(2):  # 🏳 Resign, then again to confirm
        await emu.wait_answer(loser.tap(mine[loser.name], "🏳 Resign"))
    for board in mine.values():
        await emu.wait_for(partial(over, board), GAME_WAIT, "the game's end on every board")
    return loser.name


async def play_round(
    emu: Emulator,
    users: Sequence[EmuUser],
    label: str,
    seen: set[tuple[int, int]],
    games: int,
    style: Style,
) -> list[str]:
    """The round's `games` games (their boards headed `label`), played at once: the losers."""
    found: dict[str, list[tuple[EmuUser, TgMessage]]] = {}

    def dealt() -> bool:
        for gid, seats in boards_now(emu, users, label, seen).items():
            found.setdefault(gid, []).extend(seats)
        return len(found) >= games and all(len(s) >= 2 for s in found.values())

    await emu.wait_for(dealt, GAME_WAIT, f"the {games} games headed {label!r}")
    return list(await asyncio.gather(*(brief_game(emu, s, style) for s in found.values())))
