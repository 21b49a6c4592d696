"""What the quick-match handler tests share: asking from the private menu (Parquet, Ryadki
and a table size), the match timer's tick, playing a paired game on each person's own board
(to its end, or some moves), and the pings the players got."""

from __future__ import annotations

from typing import Any

import rules
from bot.games.match.service import TICK
from bot.storage import GameRecord
from tests.support import parquet_taps
from tests.support.recording import TgMessage, TgUser
from tests.support.world import World

PARQUET = rules.GAMES["parquet"]
RYADKI = rules.GAMES["ryadki"]
Turn = tuple[GameRecord, Any, int]  # a match's record, its state, the seat on turn


async def ask(w: World, user: TgUser) -> TgMessage:
    """From /start: ⚔️ Play someone → Parquet; the menu's message is the waiting screen."""
    await w.say(user, None, "/start")
    menu = w.last(user)
    await w.tap(user, menu, "⚔️ Play someone")
    assert "Which game?" in w.session.message(user.id, menu.message_id).text
    await w.tap(user, w.session.message(user.id, menu.message_id), "🧩 Parquet")
    return w.session.message(user.id, menu.message_id)


async def tick(w: World, seconds: float = TICK) -> None:
    w.clock.advance(seconds)
    await w.svc.timers.tick_once()
    await w.drain()


async def game_of(w: World, board: TgMessage) -> str:
    return next(d.split(":")[0] for d in board.callback_data() if not d.startswith("m:"))


async def parquet_turn(w: World, gid: str) -> Turn | None:
    """A Parquet match's record, state and the seat on turn; None once it has ended."""
    game = await w.store.load(gid)
    assert game is not None
    if game.finished:
        return None
    state = PARQUET.from_json(game.state)
    seat = PARQUET.turn(state)
    assert seat is not None
    return game, state, seat


async def strong_move(w: World, user: TgUser, board: TgMessage, turn: Turn) -> None:
    """`user` taps the strong computer player's move for the seat on turn on `board`: the card
    (the board, theirs, then marks that card's cells), then its cell."""
    game, state, seat = turn
    move = PARQUET.suggest(state, seat, 1)
    pick, _cell = parquet_taps.taps(game.id, game.version, move)
    await w.tap_data(user, board, pick)
    shown = w.session.message(user.id, board.message_id)
    cell = next((d for d in shown.callback_data() if d.endswith(":" + move)), None)
    assert cell is not None, shown.describe()
    await w.tap_data(user, shown, cell)


async def play_to_the_end(w: World, boards: dict[int, TgMessage], gid: str) -> None:
    """Whoever's turn it is plays the strong computer player's move on their own board."""
    for _ in range(1000):
        turn = await parquet_turn(w, gid)
        if turn is None:
            return
        game, _, seat = turn
        user_id = game.table.players[seat].user_id
        user = next(u for u in (w.alice, w.bob, w.carol, w.dave) if u.id == user_id)
        await strong_move(w, user, w.session.message(user.id, boards[user.id].message_id), turn)
    raise AssertionError("the game did not end")


async def ask_ryadki(w: World, user: TgUser, seats: str) -> TgMessage:
    """⚔️ Play someone → Ryadki → the table size (`"3"`, or `"3 · 🤖"` to fill it)."""
    await w.say(user, None, "/start")
    menu = w.last(user)
    await w.tap(user, menu, "⚔️ Play someone")
    await w.tap(user, w.session.message(user.id, menu.message_id), "🃏 Ryadki")
    screen = w.session.message(user.id, menu.message_id)
    assert "how many at the table?" in screen.text
    await w.tap(user, screen, f"👥 {seats}")
    return w.session.message(user.id, menu.message_id)


async def play_ryadki(w: World, gid: str, boards: dict[int, TgMessage]) -> int:
    """Each person taps the first ✅ card on their own board on their turn; computer seats
    move when their pause runs out. How many computer moves were made."""
    users = {u.id: u for u in (w.alice, w.bob, w.carol, w.dave)}
    computer = 0
    for _ in range(1500):
        game = await w.store.load(gid)
        assert game is not None
        if game.finished:
            return computer
        seat = rules.GAMES["ryadki"].turn(rules.GAMES["ryadki"].from_json(game.state))
        assert seat is not None
        if game.table.is_ai(seat):
            await tick(w, w.settings.ai_pause_seconds)
            computer += 1
            continue
        user = users[game.table.players[seat].user_id]
        board = w.session.message(user.id, boards[user.id].message_id)
        marked = [t for t in board.button_texts() if t.startswith("✅")]
        assert marked, board.describe()
        await w.tap(user, board, marked[0])
    raise AssertionError("the game did not end")


def game_deals(game: object) -> int:
    assert isinstance(game, GameRecord)
    return game.table.settings["deals"]  # a match is a quick game: one deal


async def play_on(w: World, gid: str, boards: dict[int, TgMessage], moves: int) -> int:
    """Those still seated at a Ryadki match of Alice, Bob and Carol play `moves` moves (each the
    first ✅ card on their board): how many were played (fewer when the game ends)."""
    users = {u.id: u for u in (w.alice, w.bob, w.carol)}
    played = 0
    while played < moves:
        game = await w.store.load(gid)
        assert game is not None
        if game.finished:
            break
        seat = RYADKI.turn(RYADKI.from_json(game.state))
        assert seat is not None
        user = users[game.table.players[seat].user_id]
        board = w.session.message(user.id, boards[user.id].message_id)
        marked = [t for t in board.button_texts() if t.startswith("✅")]
        assert marked, board.describe()
        await w.tap(user, board, marked[0])
        played += 1
    return played


def pings_of(w: World, user: TgUser) -> list[TgMessage]:
    return [m for m in w.tg.messages_in(user.id) if m.text.startswith("🔔")]


def replied_to(w: World, msg: TgMessage) -> int | None:
    """The message `msg` (the bot's) was sent in reply to."""
    sent = [
        c
        for c in w.session.calls("sendMessage")
        if c["chat_id"] == msg.chat_id and c["text"] == msg.raw
    ]
    assert sent, msg.describe()
    reply = sent[-1].get("reply_parameters")
    return None if reply is None else int(reply["message_id"])
