"""The one door of table changes (`bot.games.table.commit`) and what plugs into it: a move costs
the store what it did before the door, a new kind of place is one class (here, defined in the
test), a new owner of tables (here, a pretend tournament) is told what becomes of its tables,
and the table wing does not import the quick match built on it."""

from __future__ import annotations

import ast
import dataclasses
import re
import uuid
from collections.abc import AsyncIterator, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import pytest

from bot.games.places import Flood, Pinged, Place
from bot.games.ports import Messenger
from bot.games.refusal import Notice
from bot.render.screen import Screen
from bot.storage.record import GameRecord, Player, TableMeta, new_id
from bot.storage.redis_store import RedisStore
from bot.wire.keyboard import Keyboard
from tests.bot.handlers.conftest import world_time
from tests.support.recording import BotSession, bot_session  # noqa: F401  (fixture)
from tests.support.redis_counting import RoundTrips
from tests.support.world import (
    CARD_RE,
    World,
    game_board,
    make_settings,
    open_lobby,
    parquet_move,
    play_ryadki_turn,
    start_ryadki,
)

ROOT = Path(__file__).resolve().parents[3]


# -- what a move costs -------------------------------------------------------------------------
@pytest.fixture
async def counted(
    bot_session: BotSession,  # noqa: F811
    redis_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[tuple[World, RoundTrips]]:
    """A world on Redis whose store's round trips are counted from outside it."""
    from bot.app import build_dispatcher

    settings = make_settings(tmp_path)
    store = await RedisStore(redis_url, prefix="d" + uuid.uuid4().hex[:8]).open()
    sent = RoundTrips(store)
    bot, session = bot_session
    clock = world_time(monkeypatch)
    dp = build_dispatcher(bot, store, settings, clock=clock, sleep=clock.sleep)
    try:
        yield World(bot, session, dp, store, settings, clock), sent
    finally:
        await dp["tables"].flood.close()
        await dp["tables"].inline_flood.close()
        await store.close()


# Redis round trips of a move before the door (fcb9642), measured the same way: a Parquet move
# (its two taps, the board's edit, the turn's deadline and reminder), a Ryadki turn (the card,
# the board and the hands, a ping when the turn comes to a player who has not played lately)
PARQUET_MOVE = 14
RYADKI_TURN = 11


async def test_a_move_costs_the_store_no_more_than_before_the_door(
    counted: tuple[World, RoundTrips],
) -> None:
    w, sent = counted
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    for _ in range(6):
        before = sent.trips
        await parquet_move(w)
        assert sent.trips - before <= PARQUET_MOVE
        w.clock.now += 5
    assert "6/35" in game_board(w).text


async def test_a_hidden_hand_turn_costs_the_store_no_more_than_before_the_door(
    counted: tuple[World, RoundTrips],
) -> None:
    w, sent = counted
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    for _ in range(6):
        before = sent.trips
        assert await play_ryadki_turn(w, players)
        assert sent.trips - before <= RYADKI_TURN
        w.clock.now += 5


# -- a fifth kind of place ---------------------------------------------------------------------
@dataclass(frozen=True)
class Watcher:
    """A kind of place that exists only in this test (a spectator's view of a table, in the
    group's lane): it records what it is asked. Its first edit is "sent anew"."""

    chat: int
    copy: int = 0  # which of its messages shows the table
    asked: list[str] = field(default_factory=list, compare=False, hash=False)

    @property
    def lane(self) -> Hashable:
        return self.chat

    @property
    def key(self) -> Hashable:
        return ("watcher", self.chat)

    @property
    def budget(self) -> int | None:
        return self.chat

    flood: ClassVar[Flood] = Flood.GROUP
    viewer: ClassVar[int | None] = None
    can_post: ClassVar[bool] = True
    moves_with: ClassVar[int | None] = None
    link: ClassVar[str | None] = None
    shown_on: ClassVar[Hashable | None] = None  # its screens are its own

    async def edit(self, tg: Messenger, screen: Screen, *, retry: bool = True) -> Place | None:
        self.asked.append(f"edit:{screen.text}")
        return self if self.copy else dataclasses.replace(self, copy=1)

    async def post(
        self, tg: Messenger, text: str, markup: Keyboard | None = None, *, reply: bool = False
    ) -> Place | None:
        self.asked.append(f"post:{text}")
        return self

    async def ping(self, tg: Messenger, text: str, markup: Keyboard | None) -> Pinged | None:
        self.asked.append(f"ping:{text}")
        return (self.chat, 1)

    async def delete(self, tg: Messenger) -> None:
        self.asked.append("delete")

    async def retire(self, tg: Messenger, text: str | None = None) -> None:
        self.asked.append(f"retire:{text}")

    def remember(self, meta: TableMeta) -> list[Place] | None:
        self.asked.append(f"remember:{self.copy}")
        return []


async def test_a_new_kind_of_place_is_one_class_and_the_publisher_shows_a_table_there(
    world: World,
) -> None:
    w = world
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    gid = game_board(w).callback_data()[0].split(":")[0]
    game = await w.store.load(gid)
    assert game is not None
    publisher, watcher = w.svc.publisher, Watcher(w.group.id)
    writes = len(w.svc.flood.sent_times(w.group.id))
    await publisher.publish(game, watcher)
    await w.drain()
    board = game_board(w).raw
    # the board as the group sees it, sent anew (so remembered), in the group's budget
    assert watcher.asked == [f"edit:{board}", "remember:1"]
    assert len(w.svc.flood.sent_times(w.group.id)) == writes + 1
    await publisher.publish(game, watcher)  # the same screen again: nothing to send
    await w.drain()
    assert len(watcher.asked) == 2
    await parquet_move(w)
    moved = await w.store.load(gid)
    assert moved is not None
    await publisher.publish(moved, watcher)
    await w.drain()
    assert watcher.asked[2] == f"edit:{game_board(w).raw}" != watcher.asked[0]
    assert await publisher.ping(watcher, "🔔") == (w.group.id, 1)
    await publisher.post(watcher, "note")
    await publisher.retire(watcher, "moved")
    await publisher.delete(watcher)
    assert watcher.asked[-4:] == ["ping:🔔", "post:note", "retire:moved", "delete"]


# -- a new owner of tables ---------------------------------------------------------------------
class Tourney:
    """A pretend tournament: the owner of the tables it deals (here, known by their ids)."""

    def __init__(self) -> None:
        self.tables: set[str] = set()
        self.told: list[tuple[str, object]] = []

    def owns(self, record: GameRecord) -> bool:
        return record.id in self.tables

    async def dealt(self, record: GameRecord) -> None:
        self.told.append(("dealt", record.id))

    async def ended(self, record: GameRecord) -> None:
        self.told.append(("ended", record.id))

    async def rematch(self, record: GameRecord, user: Player, lang: str) -> Notice | None:
        self.told.append(("rematch", user.user_id))
        return Notice("grp-rematch-busy")  # (its next game comes by itself)


async def test_an_owner_is_told_its_tables_deal_and_end_and_answers_their_rematch(
    world: World,
) -> None:
    w = world
    tourney = Tourney()
    w.svc.owners.register(tourney)
    players = [Player(u.id, u.first_name, "en") for u in (w.alice, w.bob)]
    meta = TableMeta(creator=w.alice.id, players=players, lang="en", group=w.group.id)
    record = GameRecord(id=new_id(), kind="parquet", chat_id=w.group.id, state="", meta=meta)
    tourney.tables.add(record.id)
    w.svc.play.deal(record)
    assert await w.svc.door.create(record)
    await w.drain()
    assert tourney.told == [("dealt", record.id)]
    board = game_board(w)
    assert "0/35" in board.text  # shown where the table lives, as any table
    for _ in range(2):  # resign, and confirm
        await w.tap(w.alice, game_board(w), re.compile("Resign"))
    assert "resigned" in game_board(w).text
    assert tourney.told == [("dealt", record.id), ("ended", record.id)]
    await w.tap(w.bob, game_board(w), re.compile("Rematch"))
    assert tourney.told[-1] == ("rematch", w.bob.id)
    assert w.session.answers()[-1]["text"] == "A new game is already being set up."


async def test_a_rematch_with_every_seat_taken_is_dealt_at_once_and_its_board_answers(
    world: World,
) -> None:
    """The rematch's lobby is full when it is made: it is stored dealt, its board posted (and
    remembered, a save that changes nothing a player sees): its buttons are current."""
    w = world
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    for _ in range(2):
        await w.tap(w.bob, game_board(w), re.compile("Resign"))
    old = game_board(w)
    await w.tap(w.alice, old, "🔄 Rematch")
    await w.drain()
    board = game_board(w)
    assert board.message_id != old.message_id and "0/35" in board.text
    mover = w.bob if "Turn: ⚫ Bob" in board.text or "Turn: 🔴 Bob" in board.text else w.alice
    card = next(t for t in board.button_texts() if CARD_RE.match(t))
    await w.tap(mover, board, card)
    said = w.session.answers()[-1]
    assert said.get("text") and "position has changed" not in said["text"], said


async def test_a_rematch_edits_no_hand_of_the_game_before_it(world: World) -> None:
    """The rematch taken is a save of a game that is over: its board loses the button, and
    its hands, shown by the save that ended it, are not edited again (even by a process that
    does not know what they show)."""
    w = world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    while await play_ryadki_turn(w, players):
        pass
    board = w.board()
    assert "🔄 Rematch" in board.button_texts()
    w.svc.hands._shown.clear()  # a new process
    edits = len(w.session.calls("editMessageText"))
    await w.tap(w.alice, board, "🔄 Rematch")
    edited = {c.get("chat_id") for c in w.session.calls("editMessageText")[edits:]}
    assert edited == {w.group.id}  # the old board's button went; no hand was touched
    assert "🔄 Rematch" not in w.session.message(w.group.id, board.message_id).button_texts()


def test_the_table_wing_does_not_import_the_quick_match_built_on_it() -> None:
    """Every import under bot/games/table (those inside functions and for type checkers
    too) stays out of bot.games.match; the match imports the table."""
    table = ROOT / "bot" / "games" / "table"
    names: dict[str, set[str]] = {}
    for path in [*table.glob("*.py"), ROOT / "bot" / "games" / "match" / "service.py"]:
        found = names.setdefault(path.parent.name, set())
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.update(f"{node.module}.{a.name}" for a in node.names)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
    assert names["table"] and not [n for n in names["table"] if n.startswith("bot.games.match")]
    assert any(n.startswith("bot.games.table") for n in names["match"])
