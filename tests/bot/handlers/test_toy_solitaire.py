"""The toy Ladder of `tests/toy` (a fifth solitaire the bot knows only through `bot.registry`)
through the flows a real solitaire has, by Dispatcher.feed_update on both stores: the menu and
its variants, a whole game in a private chat (the hint, undo, the result), its statistics and
the global /top; and the deal of the day, chosen short as the game declares, with its one
ranked attempt, the day's board, the share card, and an earlier day's deal that keeps its
seed. What is asserted is what the users see in the messages the fake Telegram recorded."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator

import pytest

from bot.games.solitaire import days_ahead, model
from bot.stats import daily_short
from bot.stats.daily import day_date
from tests.support.daily_pages import daily_page
from tests.support.recording import TgMessage, TgUser
from tests.support.world import World
from tests.toy import ladder, ladder_spec, offered
from tests.toy.ladder_spec import FIRST_SHORT_DAY, KIND, SHORT_CANDIDATES

SEED = 13  # a 16-card deal the hint's way of playing wins
NOW = 1_796_140_800.0  # 2026-12-01 12:00 UTC: deal of the day #700, the first chosen short
DAY = 700
CLIMB = re.compile(r"^⭐?⬆ ")
TURN = re.compile(r"^⭐?🂠 Turn a card$")
RESTOCK = re.compile(r"^⭐?🔄 Turn the waste over$")
GIVE_UP = re.compile("Give up")
YES = re.compile("Yes, give up")
CARD_NAME = re.compile(r"[♠♥♦♣]")


@pytest.fixture(autouse=True)
def _toy(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    # before the dispatcher is built (autouse fixtures come first)
    with offered(ladder_spec.registered, lambda: caplog.records):
        yield


@pytest.fixture
def w(any_world: World) -> World:
    return any_world


def now(w: World, msg: TgMessage) -> TgMessage:
    return w.session.message(msg.chat.id, msg.message_id)


async def today(w: World) -> None:
    """The services' day is DAY, its deal chosen ahead (as the bot does when it starts)."""
    w.dp["solitaires"].clock = w.dp["players"].clock = lambda: NOW
    await days_ahead.decided(w.store, "ladder", "16", DAY)


async def climb_to_the_end(w: World, user: TgUser, board: TgMessage) -> TgMessage:
    """Play as the hint would: a card home when one fits, else turn a card, else turn the
    waste over; until the game is over."""
    for _ in range(200):
        msg = now(w, board)
        if "🏆 You won!" in msg.text or "😞 Game lost." in msg.text:
            return msg
        move = next(p for p in (CLIMB, TURN, RESTOCK) if msg.has_button(p))
        await w.tap(user, msg, move)
    raise AssertionError("the game did not end")


def shortest_candidate(day: int) -> int:
    """What the toy declares for its deal of the day: of its candidates, the first its hint
    wins in the fewest moves."""
    runs = []
    for i in range(SHORT_CANDIDATES):
        seed = daily_short.candidate(KIND, "16", day, i)
        moves = daily_short.hint_moves(KIND, "16", seed)
        if moves is not None:
            runs.append((moves, i, seed))
    return min(runs)[2]


def plain_seed(day: int) -> int:
    """The seed of a deal of the day that is not chosen short (its contract: never changes)."""
    text = f"cardbot:daily:v1:{KIND}:16:{day_date(day).isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def deal(seed: int) -> str:
    return ladder.to_json(ladder.new_game({"ranks": 4}, seed=seed))


async def first_state(w: World, board: TgMessage) -> str:
    gid = next(d.split(":")[0] for d in board.callback_data() if not d.startswith("m:"))
    game = await w.store.load(gid)
    assert game is not None and game.solo.s0 is not None
    return game.solo.s0


# -- a game from the menu ---------------------------------------------------------------------


async def test_a_whole_game_in_a_private_chat_then_stats_and_top(
    w: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(model, "fresh_seed", lambda: SEED)
    await w.say(w.alice, None, "/start")
    menu = w.last(w.alice)
    assert {"🪢 Kosa (Braid)", "💥 Raspad (Decay)", "🪜 Ladder"} <= set(menu.button_texts())
    await w.tap(w.alice, menu, "🪜 Ladder")
    pick = now(w, menu)
    assert "Ladder</b> — pick a deck" in (pick.raw or "")
    assert {"16 cards (ace to 4)", "24 cards (ace to 6)"} <= set(pick.button_texts())
    await w.tap(w.alice, pick, "16 cards (ace to 4)")
    board = now(w, menu)  # the menu message became the board
    assert "🪜 Ladder" in board.text and "Stock 16 · waste 0 · pass 1 of 3" in board.text
    assert "How to play: turn a card" in board.text
    await w.tap(w.alice, board, "💡 Hint")
    hinted = now(w, board)
    assert "💡 turn a card" in hinted.text and hinted.has_button("⭐🂠 Turn a card")
    await w.tap(w.alice, hinted, "⭐🂠 Turn a card")
    turned = now(w, board)
    assert re.search(r"turned \S+", turned.text) and "Stock 15 · waste 1" in turned.text
    await w.tap(w.alice, turned, "↩️ Undo")
    assert "move undone" in now(w, board).text and "Stock 16 · waste 0" in now(w, board).text
    end = await climb_to_the_end(w, w.alice, board)
    assert "🏆 You won!" in end.text and "16 of 16 cards home." in end.text
    moves = re.search(r"Moves: (\d+) · time \S+ · undos: 1", end.text)
    assert moves, end.text
    assert {"🔁 Play again", "☰ Menu"} <= set(end.button_texts())
    await w.say(w.alice, None, "/stats")
    stats = w.last(w.alice)
    assert "🪜 Ladder: 1 game · 1 won (100 %) · streak 1, best 1" in stats.text, stats.text
    assert f"best: won in {moves.group(1)} moves" in stats.text
    assert "🪢 Kosa: not played yet" in stats.text
    await w.tap(w.alice, stats, "🪜 Ladder")  # the game's details
    detail = w.last(w.alice).text
    assert "Last games" in detail and "✅ won" in detail and f"{moves.group(1)} moves" in detail
    await w.say(w.bob, None, "/top")
    await w.tap(w.bob, w.last(w.bob), "🪜 Ladder · wins")
    top = w.last(w.bob).text
    assert "🪜 Ladder — wins" in top and "1. Alice — 1" in top, top


# -- the deal of the day ----------------------------------------------------------------------


async def test_the_deal_of_the_day_chosen_short_ranked_once_on_the_board_and_shared(
    w: World,
) -> None:
    await today(w)
    daily = await daily_page(w, w.alice, "ladder")
    assert f"Deal of the day #{DAY}" in daily.text and "🪜 Ladder: not played yet" in daily.text
    await w.tap(w.alice, daily, "▶️ 🪜 Ladder")
    board = now(w, daily)
    assert f"Deal of the day #{DAY} · ranked attempt" in board.text
    assert not board.has_button(re.compile("Undo"))
    # the day's deal is the one the game declares: the shortest of its candidates
    assert DAY >= FIRST_SHORT_DAY and await first_state(w, board) == deal(shortest_candidate(DAY))
    await w.tap(w.alice, board, GIVE_UP)
    await w.tap(w.alice, now(w, board), YES)
    end = now(w, board)
    assert "ranked attempt" in end.text and "#1 of 1 on the day's board" in end.text
    copy = end.button("📋 Copy")["copy_text"]["text"]
    assert copy.startswith(f"🪜 Ladder · deal of the day #{DAY} · #1 of 1"), copy
    assert "❌ 0 of 16 cards home, pass 1" in copy and not CARD_NAME.search(copy)
    assert f"https://t.me/{w.tg.bot.username}?start=daily-ladder-{DAY}" in copy
    # Bob gets the same deal, and wins it
    bobs = await daily_page(w, w.bob, "ladder")
    await w.tap(w.bob, bobs, "▶️ 🪜 Ladder")
    assert await first_state(w, now(w, bobs)) == deal(shortest_candidate(DAY))
    won = await climb_to_the_end(w, w.bob, bobs)
    assert "🏆 You won!" in won.text and "#1 of 2 on the day's board" in won.text
    bob_copy = won.button("📋 Copy")["copy_text"]["text"]
    assert "✅ climbed: all 16 cards home" in bob_copy and "#1 of 2" in bob_copy
    # Alice's second attempt would be a replay; her result and the day's board
    again = await daily_page(w, w.alice, "ladder")  # (the game she played last)
    played = "🪜 Ladder: played — ❌ 0 of 16 cards home, pass 1 · 0:00 · 🏅 #2 of 2"
    assert played in again.text, again.text
    await w.tap(w.alice, again, "🏆 🪜 Ladder: the day's board")
    day_board = w.last(w.alice).text
    assert re.search(r"1\. Bob — ✅ won, \d+ moves", day_board), day_board
    assert "2. Alice — ❌ 0 of 16 home" in day_board


async def test_a_deal_before_the_first_short_day_keeps_its_seed(w: World) -> None:
    await today(w)
    earlier = FIRST_SHORT_DAY - 1
    await w.say(w.carol, None, f"/start daily-ladder-{earlier}")
    board = w.last(w.carol)
    assert f"Deal of the day #{earlier} · ⏪ played after its day" in board.text, board.text
    assert await first_state(w, board) == deal(plain_seed(earlier))
