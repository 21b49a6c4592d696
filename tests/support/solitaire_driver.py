"""Helpers for the solitaire handler tests: a dispatcher on a recording session and a player
that reaches any move by pressing the buttons the bot sent."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from aiogram import Bot, Dispatcher

from bot.app import build_dispatcher
from bot.config import Settings
from bot.games.solitaire import hints
from bot.games.state import state_of
from bot.registry import spec
from bot.storage import GameRecord, Store
from bot.wire.callbacks import GameCallback, parse
from tests.support.recording import TOKEN, RecordingSession, TgMessage, TgUser
from tests.support.virtual_time import VirtualClock


def settings(**kw: Any) -> Settings:
    return Settings(bot_token=TOKEN, **kw)  # type: ignore[arg-type]


@dataclass
class Harness:
    bot: Bot
    session: RecordingSession
    store: Store
    dp: Dispatcher

    @classmethod
    def build(cls, bot: Bot, session: RecordingSession, store: Store, **kw: Any) -> Harness:
        """The services' time is the fake Telegram's (virtual: its limits and the chats'
        budgets count on the same clock, and a wait for them passes at once)."""
        clock = session.tg.clock
        if not isinstance(clock, VirtualClock):
            return cls(bot, session, store, build_dispatcher(bot, store, settings(**kw)))
        dp = build_dispatcher(bot, store, settings(**kw), clock=clock, sleep=clock.sleep)
        return cls(bot, session, store, dp)

    async def say(self, user: TgUser, text: str) -> None:
        await self.dp.feed_update(self.bot, self.session.user_message(user, None, text))

    async def tap(
        self, user: TgUser, message: TgMessage, text_or_data: str | re.Pattern[str]
    ) -> None:
        await self.dp.feed_update(self.bot, self.session.tap(user, message, text_or_data))

    async def tap_data(self, user: TgUser, message: TgMessage, data: str) -> None:
        await self.dp.feed_update(self.bot, self.session.tap_data(user, message, data))

    def last(self, user: TgUser) -> TgMessage:
        return self.session.last_message(user)

    def game_buttons(self, message: TgMessage) -> list[tuple[str, GameCallback]]:
        out = []
        for b in message.buttons():
            cb = parse(b.get("callback_data"))
            if isinstance(cb, GameCallback):
                out.append((b["text"], cb))
        return out

    def game_id(self, message: TgMessage) -> str:
        buttons = self.game_buttons(message)
        assert buttons, f"no game buttons: {message.describe()}"
        return buttons[0][1].game_id

    async def record(self, message: TgMessage | str) -> GameRecord:
        gid = message if isinstance(message, str) else self.game_id(message)
        rec = await self.store.load(gid)
        assert rec is not None
        return rec

    async def play(self, user: TgUser, message: TgMessage, move: str) -> None:
        """Make `move` by pressing buttons only: a direct button, or pick then target, or a
        confirmation."""
        msg = self.session.message(message.chat.id, message.message_id)
        actions = {cb.action: (text, cb) for text, cb in self.game_buttons(msg)}
        if move in actions:
            await self.tap(user, msg, actions[move][1].pack())
            return
        if f"~ask:{move}" in actions:
            await self.tap(user, msg, actions[f"~ask:{move}"][1].pack())
            msg = self.session.message(message.chat.id, message.message_id)
            await self.play(user, msg, move)
            return
        src = move.split(">", maxsplit=1)[0]
        pick = f"~pick:{src}"
        assert pick in actions, f"move {move} unreachable: {msg.describe()}"
        await self.tap(user, msg, actions[pick][1].pack())
        msg = self.session.message(message.chat.id, message.message_id)
        actions = {cb.action: (text, cb) for text, cb in self.game_buttons(msg)}
        assert move in actions, f"target of {move} missing after pick: {msg.describe()}"
        await self.tap(user, msg, actions[move][1].pack())


async def start_game(h: Harness, user: TgUser, kind: str, variant: str) -> TgMessage:
    await h.say(user, "/start")
    menu = h.last(user)
    await h.tap(user, menu, f"m:{kind}")
    await h.tap(user, h.session.message(menu.chat.id, menu.message_id), f"m:new:{kind}:{variant}")
    board = h.session.message(menu.chat.id, menu.message_id)
    assert board.message_id == menu.message_id  # the menu message became the board
    return board


def current(h: Harness, msg: TgMessage) -> TgMessage:
    return h.session.message(msg.chat.id, msg.message_id)


def computer_move(rec: GameRecord) -> str | None:
    """The computer player's move in the game's position (None: the game is over)."""
    state = state_of(rec)
    if spec(rec.kind).game.status(state).over:
        return None
    return hints.computer_move(rec.kind, state)


async def play_out(h: Harness, user: TgUser, board: TgMessage, gid: str, limit: int) -> int:
    """Follow the hints by pressing buttons until the game ends (or `limit` moves)."""
    moves = 0
    for _ in range(limit):
        rec = await h.record(gid)
        if rec.finished:
            break
        move = computer_move(rec)
        assert move is not None
        await h.play(user, board, move)
        after = await h.record(gid)
        assert after.version == rec.version + 1, f"move {move} did not apply"
        moves += 1
    return moves


def h_alert(session: RecordingSession) -> str:
    last = session.answers()[-1]
    assert last.get("show_alert"), last
    return str(last.get("text"))


def h_toast(session: RecordingSession) -> str:
    """The last answer, which must be a toast (it goes by itself: nothing to dismiss)."""
    last = session.answers()[-1]
    assert last.get("text") and not last.get("show_alert"), last
    return str(last.get("text"))
