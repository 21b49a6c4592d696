"""Two webhook replicas behind nginx, sharing one Redis: a Ryadki game is played across both
while one replica is killed with -9 right after a tap and the other is drained with SIGTERM
(also while a turn timer is due), and Telegram (the emulator's webhook side) sends every 10th
update twice. No tap is lost, none counts twice, and each turn timer fires once."""

from __future__ import annotations

import asyncio
import itertools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
import redis

from tests.e2e.balancer import Balancer, nginx_binary
from tests.e2e.botproc import BotProcess
from tests.e2e.conftest import fresh_redis_db
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.requests import version_of
from tests.e2e.test_faults import card_club, hand_move, start_table
from tests.e2e.test_group_games import FAST, ryadki_hand
from tests.e2e.webhook import WebhookDelivery
from tests.support.needs import require
from tests.support.recording import TgChat
from tests.support.redis_server import free_port

pytestmark = [pytest.mark.e2e, pytest.mark.redis]

TURN_TIMEOUT = 6
LEASE = 2.0
TIMEOUT_LINE = re.compile(r"⏰ .+ ran out of time — I played .+ for them\. .+ and they are out\.")


class Replicas:
    def __init__(self, emu: Emulator, redis_url: str, tmp_path: Path) -> None:
        self.redis_url = redis_url
        self.ports = [free_port(), free_port()]
        self.lb = Balancer(self.ports, workdir=tmp_path / "nginx")
        self.procs = [
            BotProcess(
                emu,
                redis_url=redis_url,
                log_path=tmp_path / f"replica{i}.log",
                language="en",
                turn_timeout=TURN_TIMEOUT,
                env={
                    **FAST,
                    "WEBHOOK_URL": self.lb.url,
                    "WEBHOOK_SECRET": "e2e-webhook-secret",
                    "WEBHOOK_HOST": "127.0.0.1",
                    "WEBHOOK_PORT": str(port),
                    "METRICS_PORT": str(port),
                    "UPDATE_LEASE_SECONDS": str(LEASE),
                },
            )
            for i, port in enumerate(self.ports)
        ]

    def holder(self, chat: str) -> BotProcess:
        """The replica that holds the chat's lease in the update gate (handles its update)."""
        client = redis.Redis.from_url(self.redis_url, decode_responses=True)
        try:
            owner = client.get(f"cb:{{u:{chat}}}:lease")
        finally:
            client.close()
        assert isinstance(owner, str), f"nobody handles an update of chat {chat}"
        token = owner.split(":", 1)[0]
        found = [p for p in self.procs if p.alive and f"replica={token}" in p.log_text()]
        assert len(found) == 1, f"no running replica has the lease {owner}"
        return found[0]

    def logs(self) -> str:
        return "\n".join(p.log_text() for p in self.procs)


async def tap_and_disrupt(
    emu: Emulator, cluster: Replicas, players: list[EmuUser], disrupt: Callable[[BotProcess], None]
) -> BotProcess:
    """The mover taps a marked card; Telegram is slow to take the tap's answer, and while the
    replica handling the tap waits for it, `disrupt` hits that replica. The tap is still
    answered and the hand moves on. Returns the replica that was hit."""
    hands = {u: ryadki_hand(emu, u) for u in players}
    user, hand = next((u, h) for u, h in hands.items() if h is not None and "Your turn" in h.text)
    card = next(b["text"] for b in hand.buttons() if b["text"].startswith("✅"))
    before = version_of(hand)
    arrived = emu.hold("answerCallbackQuery", 2.0)
    cq = user.tap(hand, card)
    await asyncio.wait_for(arrived.wait(), 10.0)
    handling = cluster.holder(f"c{user.id}")
    disrupt(handling)
    await emu.wait_answer(cq, 20.0)
    await emu.wait_for(
        lambda: version_of(hand) != before or "Your turn" not in hand.text or None,
        20.0,
        "the hand to change after the play",
    )
    return handling


async def ask_help(emu: Emulator, users: list[EmuUser], sent: dict[EmuUser, int]) -> None:
    """Each user sends /help once more; waits until every /help so far was answered (so a
    replica is hit below only while it handles a tap: a kill -9 between a reply and the mark
    that its update was handled would repeat that reply, see the README)."""
    for user in users:
        user.send("/help")
        sent[user] = sent.get(user, 0) + 1

    def answered() -> bool:
        return all(helps(emu, u) >= sent[u] for u in users)

    await emu.wait_for(answered, 15.0, "every /help to be answered")


def helps(emu: Emulator, user: EmuUser) -> int:
    """The private /help answers `user` got (the menu's guide: "🃏 Card games bot / In the
    menu (/start): …")."""
    return sum(1 for m in emu.messages(user) if "Card games bot\nIn the menu (/start):" in m.text)


def timeouts(emu: Emulator, group: TgChat) -> list[tuple[float, str]]:
    """Each time-out line of the group's board, with when it was first shown."""
    seen: dict[str, float] = {}
    for req in emu.requests:
        if req.method not in ("editMessageText", "sendMessage"):
            continue
        if str(req.params.get("chat_id")) != str(group.id):
            continue
        for line in str(req.params.get("text", "")).splitlines():
            if TIMEOUT_LINE.search(line) and line not in seen:
                seen[line] = req.at
    return sorted((at, line) for line, at in seen.items())


@pytest.mark.slow
async def test_two_replicas_behind_nginx_lose_nothing_and_double_nothing(
    emulator: Emulator, redis_url: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    require(nginx_binary() is not None, "nginx")
    emu = emulator
    cluster = Replicas(emu, fresh_redis_db(redis_url), tmp_path)
    hook = WebhookDelivery(emu, duplicate_every=10)
    a, b = cluster.procs
    request.node._bot_processes = cluster.procs  # their log tails join a failure's report
    cluster.lb.start()
    await hook.start()
    try:
        await a.start()
        await b.start()
        group, players = card_club(emu)
        await start_table(emu, group, players)
        asked: dict[EmuUser, int] = {}
        for _ in range(3):
            assert await hand_move(emu, players)
        await ask_help(emu, players, asked)

        # 1. the replica handling a tap is killed with -9 mid-update: Telegram's retry of it
        # reaches the other one, which applies it (or finds it applied) and answers it
        killed = await tap_and_disrupt(emu, cluster, players, BotProcess.kill)
        await killed.stop()
        await ask_help(emu, players, asked)
        for _ in range(2):
            assert await hand_move(emu, players)
        await killed.start()

        # 2. the replica handling a tap is drained with SIGTERM mid-update: it finishes it
        drained = await tap_and_disrupt(emu, cluster, players, BotProcess.terminate)
        assert await drained.stop() in (0, -15)
        await ask_help(emu, players, asked)
        assert await hand_move(emu, players)
        await drained.start()

        # 3. nobody moves: the turn timer comes due while a replica drains; it fires once
        shown = len(timeouts(emu, group))
        await asyncio.sleep(TURN_TIMEOUT - 1.0)
        a.terminate()
        await emu.wait_for(
            lambda: len(timeouts(emu, group)) > shown or None, 20.0, "the turn to time out"
        )
        assert await a.stop() in (0, -15)
        await a.start()

        # 4. on to the end, both replicas up
        while await hand_move(emu, players):
            pass
        # the group's board may wait for its 20 writes a minute: less than a minute
        over = await emu.wait_message(group, "game over", timeout=65.0)
        assert "Winner" in over.text
        await emu.wait_delivered()
        await emu.wait_all_answered()

        def all_helped() -> bool:
            return all(helps(emu, u) >= asked[u] for u in players)

        await emu.wait_for(all_helped, 10.0, "every /help to be answered")
        await emu.wait_idle(quiet=1.0)
        assert {u.name: helps(emu, u) for u in players} == {u.name: asked[u] for u in players}
        fired = timeouts(emu, group)
        assert fired, "the turn timer never fired"
        gaps = [later - earlier for (earlier, _), (later, _) in itertools.pairwise(fired)]
        assert all(g >= TURN_TIMEOUT - 1.0 for g in gaps), f"a timer fired twice: {fired}"
        assert hook.duplicates >= 3  # Telegram's retries did reach the replicas
        logs = cluster.logs()
        assert "Traceback" not in logs
        assert logs.count("event=webhook_listening") >= 5  # both replicas, and their restarts
    finally:
        await hook.stop()
        for proc in cluster.procs:
            await proc.stop()
        cluster.lb.stop()
    assert not a.problems and not b.problems
