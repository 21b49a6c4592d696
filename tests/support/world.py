"""A group-games world for handler tests: a dispatcher on the recording session (a fake
Telegram that validates every request), a clock the test moves, and a group of four."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiogram import Bot, Dispatcher
from pydantic import SecretStr

import rules
from bot.config import Settings
from bot.games.table.service import TableService
from bot.storage import Store
from tests.support import parquet_taps
from tests.support.recording import (
    TOKEN,
    RecordingSession,
    TgChat,
    TgMessage,
    TgTopic,
    TgUser,
)
from tests.support.virtual_time import VirtualClock

CARD_RE = re.compile(r"^(✅ )?(10|[2-9JQKA])[♠♥♦♣]$")


class Clock(VirtualClock):
    """The world's time: the services', the fake Telegram's (its limits) and the tests'."""

    def __init__(self) -> None:
        super().__init__(1_700_000_000.0)


def make_settings(tmp_path: Path, **over: Any) -> Settings:
    base: dict[str, Any] = {
        "bot_token": SecretStr(TOKEN),
        "data_path": str(tmp_path / "db.sqlite3"),
        "turn_timeout_seconds": 90,
        "lobby_ttl_seconds": 600,
        "invite_ttl_seconds": 86400,
    }
    base.update(over)
    return Settings(**base)


class World:
    """A dispatcher, a fake Telegram and a group with Alice (owner), Bob, Carol and Dave."""

    def __init__(
        self,
        bot: Bot,
        session: RecordingSession,
        dp: Dispatcher,
        store: Store,
        settings: Settings,
        clock: Clock,
    ) -> None:
        self.bot, self.session, self.dp, self.store = bot, session, dp, store
        self.settings, self.clock = settings, clock
        self.tg = session.tg
        self.tg.clock = clock  # Telegram's limits count on the world's time
        self.alice = self.tg.add_user("Alice", language_code="en")
        self.bob = self.tg.add_user("Bob", language_code="en")
        self.carol = self.tg.add_user("Carol", language_code="en")
        self.dave = self.tg.add_user("Dave", language_code="en")
        self.group = self.tg.add_group(
            "Card Club", owner=self.alice, members=[self.bob, self.carol, self.dave]
        )
        self.svc: TableService = dp["tables"]
        self.svc.pings.background = False  # a tap's pings are sent before the tap returns
        self.settled = True  # False: read the chats right after a tap, edits still waiting

    def ping_free(self, chat_id: int) -> TgMessage:
        """The last bot message in a chat that is not a turn ping."""
        msgs = [m for m in self.session.tg.messages_in(chat_id) if not m.text.startswith("🔔")]
        assert msgs, f"the bot sent nothing but pings to chat {chat_id}"
        return msgs[-1]

    async def say(
        self,
        user: TgUser,
        chat: TgChat | TgUser | None,
        text: str,
        *,
        topic: TgTopic | None = None,
        reply_to: TgMessage | None = None,
    ) -> None:
        update = self.session.user_message(user, chat, text, topic=topic, reply_to=reply_to)
        await self.dp.feed_update(self.bot, update)
        await self.settle()

    def add_forum(self, title: str, *topics: str) -> tuple[TgChat, list[TgTopic]]:
        """A forum supergroup of the same four (Alice owns it) with these topics."""
        forum = self.tg.add_group(
            title, owner=self.alice, members=[self.bob, self.carol, self.dave], forum=True
        )
        return forum, [self.tg.add_topic(forum, name) for name in topics]

    def board_in(self, chat: TgChat, topic: TgTopic | None) -> TgMessage:
        """The last bot message of a forum topic (None: General) that is not a turn ping."""
        msgs = [
            m
            for m in self.tg.topic_messages(chat.id, topic.id if topic else None)
            if not m.text.startswith("🔔")
        ]
        assert msgs, f"the bot sent nothing but pings to topic {topic} of chat {chat.id}"
        return msgs[-1]

    async def tap(self, user: TgUser, msg: TgMessage, button: str | re.Pattern[str]) -> None:
        await self.dp.feed_update(self.bot, self.session.tap(user, msg, button))
        await self.settle()

    async def tap_data(self, user: TgUser, msg: TgMessage, data: str) -> None:
        await self.dp.feed_update(self.bot, self.session.tap_data(user, msg, data))
        await self.settle()

    async def remind(self) -> int:
        """The turn waits out the reminder delay: the reminders due are sent (how many)."""
        self.clock.advance(self.settings.turn_reminder_seconds + 1)
        fired = await self.svc.timers.tick_once()
        await self.drain()
        return fired

    async def settle(self) -> None:
        """The player looks once the screens have caught up: the edits a tap left waiting for
        the group's budget go out (virtual time passes while they wait, as it would)."""
        if self.settled:
            await self.drain()

    async def my_cards(self, user: TgUser, board: TgMessage | None = None) -> dict[str, Any]:
        """The player taps "🃏 My cards" under the board; an answer that opens the bot's private
        chat (a `?start=` link) is followed, as Telegram opens it. The tap's answer."""
        await self.tap(user, board or self.board(), "🃏 My cards")
        answer = self.session.answers()[-1]
        link = re.search(r"\?start=(\S+)$", str(answer.get("url") or ""))
        if link:
            await self.say(user, None, f"/start {link.group(1)}")
        return answer

    def board(self) -> TgMessage:
        """The group's last message that is not a turn ping (the lobby or the table)."""
        return self.ping_free(self.group.id)

    def last(self, user: TgUser) -> TgMessage:
        """The last message the bot sent to `user`'s private chat."""
        return self.session.last_message(user)

    def last_alert(self, user: TgUser) -> str:
        alerts = self.session.alerts(user)
        return alerts[-1] if alerts else ""

    async def drain(self) -> None:
        """Every edit waiting for its chat's budget goes out (boards, hands, solitaires)."""
        await self.svc.drain()
        await self.dp["solitaires"].flood.drain()


async def open_lobby(w: World, kind: str) -> TgMessage:
    await w.say(w.alice, w.group, "/newgame")
    pick = w.board()
    assert "Ryadki" in " ".join(pick.button_texts()) and "Parquet" in " ".join(pick.button_texts())
    await w.tap(w.alice, pick, re.compile("Ryadki" if kind == "ryadki" else "Parquet"))
    lobby = w.board()
    assert lobby.message_id == pick.message_id  # the picker's message became the lobby
    return lobby


def invite_code(msg: TgMessage) -> str:
    for where in [msg.text, *(b.get("url", "") for b in msg.buttons())]:
        m = re.search(r"\?start=j([A-Za-z0-9_-]{16})", where)
        if m:
            return m.group(1)
    raise AssertionError("no invite link on " + msg.describe())


# -- lobby --------------------------------------------------------------------------------------
async def start_ryadki(w: World, players: list[TgUser]) -> None:
    lobby = await open_lobby(w, "ryadki")
    code = invite_code(lobby)
    await w.tap(w.alice, w.board(), re.compile("Deals"))  # 7 → 1
    for user in players[1:]:
        await w.say(user, None, f"/start j{code}")  # join by deep link
    await w.tap(w.alice, w.board(), "▶ Start")


def hand_of(w: World, user: TgUser) -> TgMessage:
    hands = [m for m in w.session.messages(user) if m.text.startswith("🃏 Ryadki ·")]
    assert hands, f"{user.first_name} has no hand message"
    return hands[-1]


async def play_ryadki_turn(
    w: World, players: list[TgUser], hand: Callable[[World, TgUser], TgMessage] = hand_of
) -> bool:
    """The player whose hand (`hand`: where to find it; default their private chat) says "Your
    turn" taps a marked card. False when nobody can."""
    for user in players:
        hand_msg = hand(w, user)
        if "Your turn" in hand_msg.text:
            marked = [t for t in hand_msg.button_texts() if t.startswith("✅")]
            assert marked, hand_msg.describe()
            await w.tap(user, hand_msg, marked[0])
            return True
    return False


# -- Parquet -------------------------------------------------------------------------------------
def game_board(w: World) -> TgMessage:
    """The group's message with the game's buttons (the last one: other messages may follow)."""
    return next(
        m
        for m in reversed(w.tg.messages_in(w.group.id))
        if any(not d.startswith("m:") for d in m.callback_data())
    )


async def parquet_move(w: World) -> None:
    """The mover plays the computer's suggestion by its two taps on the board."""
    board = game_board(w)
    gid = next(d.split(":")[0] for d in board.callback_data() if not d.startswith("m:"))
    game = await w.store.load(gid)
    assert game is not None
    parquet = rules.GAMES["parquet"]
    state = parquet.from_json(game.state)
    seat = parquet.turn(state)
    assert seat is not None
    user = next(u for u in (w.alice, w.bob) if u.id == game.table.players[seat].user_id)
    for data in parquet_taps.taps(gid, game.version, parquet.suggest(state, seat, 1)):
        await w.tap_data(user, board, data)
