"""Taps that reach two bot processes sharing one store: a repeated lobby setting applies once,
Parquet's resign is confirmed on whichever process takes the second tap."""

from __future__ import annotations

import re

from aiogram import Dispatcher

from tests.support.world import World, open_lobby


async def test_a_setting_tapped_twice_steps_once(replicas: tuple[World, Dispatcher]) -> None:
    w, other = replicas
    lobby = await open_lobby(w, "ryadki")
    assert "deals: 7" in w.board().text
    tap = w.session.tap(w.alice, lobby, re.compile("Deals"))
    await w.dp.feed_update(w.bot, tap)
    await other.feed_update(w.bot, tap)  # the same update, delivered again to the other
    await other["tables"].flood.drain()
    await w.drain()
    assert "deals: 1" in w.board().text  # 7 → 1, not 7 → 1 → 3
    gid = await w.store.get_chat_game(w.group.id)
    game = await w.store.load(gid or "")
    assert game is not None and game.table.settings["deals"] == 1


async def test_parquet_resign_confirmed_on_the_other_process(
    replicas: tuple[World, Dispatcher],
) -> None:
    w, other = replicas
    await w.say(w.alice, w.group, "/newgame parquet")
    await w.tap(w.bob, w.board(), "✋ Join")
    board = w.board()
    resign = next(b["callback_data"] for b in board.buttons() if "Resign" in b["text"])
    await w.tap(w.bob, board, re.compile("Resign"))
    assert "Tap again" in w.last_alert(w.bob)
    await other.feed_update(w.bot, w.session.tap(w.bob, board, re.compile("Resign")))
    await other["tables"].flood.drain()
    await w.drain()
    assert "Alice wins!" in w.board().text and "Bob resigned" in w.board().text
    # a repeat of the confirming tap changes nothing more
    await w.tap_data(w.bob, board, resign)
    assert "over" in w.last_alert(w.bob).lower()
