"""What the tournament handler tests share: setting one up in the group by its buttons, joining,
the tournament as stored, and its games played in the players' private chats (each on their own
board: the strong computer player's moves tapped, or a chosen player resigning)."""

from __future__ import annotations

import re

import rules
from bot.games.tournament.desk import TourDesk
from bot.games.tournament.model import Tournament
from bot.games.tournament.service import Tournaments
from bot.storage import GameRecord
from tests.support import parquet_taps
from tests.support.recording import TgChat, TgMessage, TgTopic, TgUser
from tests.support.world import World

PARQUET = rules.GAMES["parquet"]
RYADKI = rules.GAMES["ryadki"]


def desk(w: World) -> TourDesk:
    found = w.dp["tournaments"]
    assert isinstance(found, TourDesk)
    return found


def tours(w: World) -> Tournaments:
    return desk(w).tours


def inline(w: World) -> World:
    """What follows a change (dealing, scoring) runs before the tap returns: the test reads
    the chats right after."""
    tours(w).background = False
    return w


async def set_up(
    w: World,
    user: TgUser,
    *taps: str,
    chat: TgChat | None = None,
    topic: TgTopic | None = None,
) -> TgMessage:
    """`user` types /tournament and taps through its set-up: the message it became."""
    chat = chat or w.group
    await w.say(user, chat, "/tournament", topic=topic)
    picker = w.board_in(chat, topic) if topic is not None else w.tg.last_message(chat.id)
    assert picker is not None and any(d.startswith("m:tn:n:") for d in picker.callback_data())
    for label in taps:
        await w.tap(user, w.session.message(chat.id, picker.message_id), label)
    return w.session.message(chat.id, picker.message_id)


def tid_of(message: TgMessage) -> str:
    for data in message.callback_data():
        found = re.fullmatch(r"m:tn:[jlsx]:([A-Za-z0-9]+)", data)
        if found:
            return found.group(1)
    raise AssertionError("no tournament button on " + message.describe())


async def stored(w: World, tid: str) -> Tournament:
    t = await tours(w).load(tid)
    assert t is not None
    return t


async def join(w: World, user: TgUser, board: TgMessage) -> str:
    """`user` taps ✋ Join on the standings: the tap's answer (its text, or the url it opens)."""
    now = w.session.message(board.chat.id, board.message_id)
    await w.tap_data(user, now, next(d for d in now.callback_data() if d.startswith("m:tn:j:")))
    answer = w.session.answers()[-1]
    return str(answer.get("text") or answer.get("url") or "")


def board_of(w: World, record: GameRecord, user_id: int) -> TgMessage:
    """`user_id`'s own board of a tournament game, in their private chat."""
    seat = record.table.seat_of(user_id)
    assert seat is not None
    chat, message = record.table.boards[seat]
    assert chat == user_id and message, record.table.boards
    return w.session.message(chat, message)


def user_of(w: World, user_id: int, extra: list[TgUser] | None = None) -> TgUser:
    people = [w.alice, w.bob, w.carol, w.dave, *(extra or [])]
    return next(u for u in people if u.id == user_id)


async def live_games(w: World, tid: str) -> list[GameRecord]:
    t = await stored(w, tid)
    out = []
    for table in t.live():
        record = await w.store.load(table.gid)
        assert record is not None, f"table {table.gid} of {tid} was not dealt"
        out.append(record)
    return out


async def resign(
    w: World, record: GameRecord, loser: int, extra: list[TgUser] | None = None
) -> None:
    """`loser` resigns the game on their own board (two taps: the second confirms)."""
    user = user_of(w, loser, extra)
    board = board_of(w, record, loser)
    for _ in range(2):
        await w.tap(user, w.session.message(user.id, board.message_id), "🏳 Resign")
    ended = await w.store.load(record.id)
    assert ended is not None and ended.finished, board.describe()


async def play_parquet(w: World, gid: str, extra: list[TgUser] | None = None) -> GameRecord:
    """Whoever's turn it is taps the strong computer player's move on their own board: the
    card, then the cell its board then marks."""
    for _ in range(400):
        game = await w.store.load(gid)
        assert game is not None
        if game.finished:
            return game
        state = PARQUET.from_json(game.state)
        seat = PARQUET.turn(state)
        assert seat is not None
        uid = game.table.players[seat].user_id
        board, user = board_of(w, game, uid), user_of(w, uid, extra)
        move = PARQUET.suggest(state, seat, 1)
        pick, _cell = parquet_taps.taps(gid, game.version, move)
        await w.tap_data(user, board, pick)  # the board (the player's own) marks its cells
        shown = w.session.message(user.id, board.message_id)
        cell = next((d for d in shown.callback_data() if d.endswith(":" + move)), None)
        assert cell is not None, shown.describe()
        await w.tap_data(user, shown, cell)
    raise AssertionError("the game did not end")


async def play_ryadki(w: World, gid: str, extra: list[TgUser] | None = None) -> GameRecord:
    """Each player taps the first ✅ card on their own board on their turn."""
    for _ in range(2000):
        game = await w.store.load(gid)
        assert game is not None
        if game.finished:
            return game
        seat = RYADKI.turn(RYADKI.from_json(game.state))
        assert seat is not None
        uid = game.table.players[seat].user_id
        board = board_of(w, game, uid)
        marked = [t for t in board.button_texts() if t.startswith("✅")]
        assert marked, board.describe()
        await w.tap(user_of(w, uid, extra), board, marked[0])
    raise AssertionError("the game did not end")


def pairs(t: Tournament) -> list[frozenset[int]]:
    """Every pair of people who sat at one of its tables (dealt ones)."""
    out = []
    for table in t.tables:
        if table.status in ("play", "done"):
            users = table.users
            out += [frozenset((a, b)) for i, a in enumerate(users) for b in users[i + 1 :]]
    return out
