"""Issue 44's loose ends played as people play them, in both languages, on both stores: a quick
Ryadki of three from /start, Alice leaving it while the others play on and starting a new
match from her board, a Parquet pick in that match's private chat and one in a group. Every
request validates (the recording session checks), every tap is answered, no chat meets
Telegram's limits, and every board line fits a 30-column phone. `TRANSCRIPT=<dir>` writes what
each person saw, wrapped at 30 columns, for a person to read."""

from __future__ import annotations

import os
import re
import textwrap
from pathlib import Path

import pytest

import rules
from bot.render.common import width
from tests.bot.handlers.match_support import game_of, parquet_turn, play_on
from tests.support import parquet_taps
from tests.support.recording import BotSession, TgMessage, TgUser, bot_session  # noqa: F401
from tests.support.world import World

RYADKI, PARQUET = rules.GAMES["ryadki"], rules.GAMES["parquet"]
COLUMNS = 30
PRE = re.compile(r"<pre>(.*?)</pre>", re.S)


@pytest.fixture
def w(any_world: World) -> World:
    return any_world


def data_ending(msg: TgMessage, tail: str) -> str:
    found = [d for d in msg.callback_data() if d.endswith(tail)]
    assert found, f"no button ending {tail!r}: {msg.describe()}"
    return found[0]


async def ask(w: World, user: TgUser, *path: str) -> TgMessage:
    """/start, then the menu's buttons by their data (`m:mq`, `m:mq:<game>`, …)."""
    await w.say(user, None, "/start")
    menu = w.last(user)
    for data in path:
        await w.tap_data(user, w.session.message(user.id, menu.message_id), data)
    return w.session.message(user.id, menu.message_id)


async def pick_then_cell(w: World, gid: str, board_of: dict[int, TgMessage]) -> None:
    """The mover picks the strong player's card, then taps its cell on the board as shown."""
    turn = await parquet_turn(w, gid)
    assert turn is not None
    game, state, seat = turn
    user_id = game.table.players[seat].user_id
    user = next(u for u in (w.alice, w.bob, w.carol, w.dave) if u.id == user_id)
    board = board_of[user.id]
    move = PARQUET.suggest(state, seat, 1)
    pick, cell = parquet_taps.taps(gid, game.version, move)
    await w.tap_data(user, w.session.message(board.chat_id, board.message_id), pick)
    shown = w.session.message(board.chat_id, board.message_id)
    mine = next((d for d in shown.callback_data() if d.endswith(":" + move)), cell)
    await w.tap_data(user, shown, mine)


def narrow(text: str) -> str:
    return "\n".join(textwrap.fill(x, COLUMNS) if x else "" for x in text.split("\n"))


def transcript(w: World, users: list[TgUser], chats: list[int]) -> str:
    out = []
    for chat in [u.id for u in users] + chats:
        out.append(f"==== chat {chat} ====")
        for m in w.tg.messages_in(chat):
            state = " (deleted)" if m.deleted else ""
            out.append(f"--- #{m.message_id}{state}")
            for before in m.history:  # what it showed before, oldest first
                out += ["(before)", narrow(before)]
            out.append("(now)")
            out.append(narrow(m.text))
            out += [" ".join(f"[{b['text']}]" for b in row) for row in m.rows()]
    for u in users:
        out.append(f"==== toasts to {u.first_name} ====")
        out += [narrow(a) for a in w.session.alerts(u)]
    return "\n".join(out)


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_loose_ends_as_people_meet_them(w: World, lang: str) -> None:
    for user in (w.alice, w.bob, w.carol, w.dave):
        w.tg.users[user.id].language_code = lang
    # a quick Ryadki of three; Alice leaves it while Bob and Carol play on
    waits = {
        u.id: await ask(w, u, "m:mq", "m:mq:ryadki", "m:mq:ryadki:3")
        for u in (w.alice, w.bob, w.carol)
    }
    gid = await game_of(w, waits[w.alice.id])
    mine = waits[w.alice.id]
    await w.tap_data(w.alice, mine, data_ending(mine, "~resign"))
    await w.tap_data(
        w.alice,
        w.session.message(w.alice.id, mine.message_id),
        data_ending(w.session.message(w.alice.id, mine.message_id), "~resign:y"),
    )
    await play_on(w, gid, waits, 5)
    await w.remind()
    # …and starts a new match from her board: Dave is looking too
    left = w.session.message(w.alice.id, mine.message_id)
    await w.tap_data(w.alice, left, "m:mq")
    await w.tap_data(w.alice, w.session.message(w.alice.id, mine.message_id), "m:mq:parquet")
    dave = await ask(w, w.dave, "m:mq", "m:mq:parquet")
    match = await game_of(w, dave)
    boards = {w.alice.id: mine, w.dave.id: dave}
    for _ in range(3):
        await pick_then_cell(w, match, boards)
    # Parquet in the group: Alice opens it, Bob joins, a pick or three
    await w.say(w.alice, w.group, "/newgame")
    pick = w.board()
    await w.tap_data(w.alice, pick, next(d for d in pick.callback_data() if "parquet" in d))
    lobby = w.board()
    await w.tap_data(w.bob, lobby, data_ending(lobby, "~join"))
    table = w.board()
    group = await game_of(w, table)
    for _ in range(3):
        await pick_then_cell(w, group, {w.alice.id: table, w.bob.id: table})
    await w.drain()

    assert not w.tg.unanswered_callbacks()
    assert w.tg.limits.refused == 0  # no chat met Telegram's limits
    for chat in (w.alice.id, w.bob.id, w.carol.id, w.dave.id, w.group.id):
        for m in w.tg.messages_in(chat):
            for block in PRE.findall(m.raw):
                for line in block.split("\n"):
                    assert width(line) <= COLUMNS, (line, m.describe())
    where = os.environ.get("TRANSCRIPT")
    if where:
        people = [w.alice, w.bob, w.carol, w.dave]
        Path(where).mkdir(parents=True, exist_ok=True)
        name = f"loose-{lang}-{type(w.store).__name__}.txt"
        (Path(where) / name).write_text(transcript(w, people, [w.group.id]), encoding="utf-8")
