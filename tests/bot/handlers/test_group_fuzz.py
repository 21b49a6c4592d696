"""Random taps by seated players and strangers on every button of a group game (board, hands,
stale messages): every tap is answered, no handler fails, the game stays consistent."""

from __future__ import annotations

import logging
import random
import re

import pytest

import rules
from tests.support.world import World, hand_of, open_lobby


@pytest.mark.parametrize("kind,seed", [("ryadki", 1), ("ryadki", 2), ("parquet", 3)])
async def test_random_taps_never_break_a_game(
    world: World,
    kind: str,
    seed: int,
    caplog: pytest.LogCaptureFixture,
) -> None:
    w = world
    caplog.set_level(logging.ERROR)
    rng = random.Random(seed)
    lobby = await open_lobby(w, kind)
    await w.tap(w.bob, lobby, "✋ Join")
    if kind == "ryadki":
        await w.tap(w.carol, w.board(), "✋ Join")
        await w.tap(w.alice, w.board(), "▶ Start")
    users = [w.alice, w.bob, w.carol, w.dave]
    seen = []
    for _ in range(250):
        if "game over" in w.board().text or "wins!" in w.board().text:
            break  # (a finished hand's Menu button would turn it into the menu)
        messages = [w.board()]
        if kind == "ryadki":
            messages += [hand_of(w, u) for u in (w.alice, w.bob, w.carol)]
        seen.extend(messages)
        msg = rng.choice(seen[-40:]) if rng.random() < 0.3 else rng.choice(messages)
        msg = w.session.message(msg.chat.id, msg.message_id)  # its current keyboard
        # (a left player's hand offers the menu: tapping it turns the hand into the menu)
        buttons = [b for b in msg.buttons() if b.get("callback_data", "m:")[:2] != "m:"]
        if not buttons:
            if "game over" in w.board().text or "wins!" in w.board().text:
                break
            continue
        # the player a message belongs to taps it mostly; anyone may tap the board
        owner = next((u for u in users if u.id == msg.chat.id), None)
        user = owner if owner is not None and rng.random() < 0.9 else rng.choice(users)
        data = str(rng.choice(buttons)["callback_data"])
        if rng.random() < 0.05:  # a forged or stale version
            gid, version, action = data.split(":", 2)
            data = f"{gid}:{max(0, int(version) - rng.randint(1, 3))}:{action}"
        await w.tap_data(user, msg, data)
    await w.drain()
    assert not w.tg.unanswered_callbacks()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    game_id = await w.store.get_chat_game(w.group.id)
    game = await w.store.load(game_id) if game_id else None
    if game is not None and game.state:
        mod = rules.GAMES[game.kind]
        state = mod.from_json(game.state)
        assert mod.to_json(mod.from_json(mod.to_json(state))) == game.state
    assert not re.search(r"\b(ry|pq|grp|lobby|invite)-[a-z-]+\b", w.board().text)  # no raw keys
