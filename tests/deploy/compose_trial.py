"""The deploy trial that scripts/deploy_test.sh runs: deploy/docker-compose.yml brought up with
podman-compose (the bot image built from deploy/Dockerfile, Redis with its append-only file),
the bot in its container playing a Raspad game against the Bot API emulator on this host,
`compose restart bot` and `compose restart redis` in the middle, the game played on to its end.

    python -m tests.deploy.compose_trial --image localhost/cardbot:deploytest

Test traffic stays on loopback: a compose override (written to a temporary directory) gives
both services the host's network, Redis a free 127.0.0.1 port, and the bot the emulator's URL.
Podman 4.3 runs no health checks by itself, so this script runs them (`podman healthcheck run`
for the compose checks, the image's own HEALTHCHECK command with `podman exec`) and probes
/healthz and /readyz. Everything it starts is stopped at the end (`compose down -v`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shlex
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from tests.deploy.scrape import value
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.solo_player import finished, hinted_move, new_raspad, version_of
from tests.support.recording import TgMessage
from tests.support.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]
COMPOSE_FILE = ROOT / "deploy" / "docker-compose.yml"
START_TIMEOUT = 180.0  # a container's first start on the vfs storage driver is slow


def say(text: str) -> None:
    print(f"[deploy-trial {time.strftime('%X')}] {text}", flush=True)


class Trial:
    def __init__(self, emu: Emulator, image: str, work: Path) -> None:
        self.emu = emu
        self.image = image
        self.work = work
        self.project = f"cardbot-trial-{os.getpid()}"
        self.redis_port = free_port()
        self.metrics_port = free_port()
        self.bot = f"{self.project}-bot"
        self.redis = f"{self.project}-redis"
        self.podman = shlex.split(os.environ.get("PODMAN") or "podman")
        self.compose_cmd = shlex.split(os.environ.get("PODMAN_COMPOSE") or "podman-compose")
        self.override = work / "compose.trial.yml"
        self.unavailable = 0  # taps answered "briefly unavailable" after the Redis restart

    # -- the commands ----------------------------------------------------------------------------
    async def run(self, *argv: str, check: bool = True, quiet: bool = False) -> tuple[int, str]:
        """Run a command without blocking the loop (the emulator must keep answering)."""
        proc = await asyncio.create_subprocess_exec(
            *argv,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        out, _ = await proc.communicate()
        text = self.redact(out.decode("utf-8", errors="replace"))
        code = proc.returncode if proc.returncode is not None else -1
        if check and code != 0:
            raise AssertionError(f"{' '.join(argv[:4])} ... exited {code}:\n{text[-3000:]}")
        if not quiet and text.strip():
            print(text.rstrip()[-1500:], flush=True)
        return code, text

    async def compose(self, *args: str, check: bool = True) -> tuple[int, str]:
        files = ["-f", str(COMPOSE_FILE), "-f", str(self.override)]
        say(f"compose {' '.join(args)}")
        return await self.run(
            *self.compose_cmd, "-p", self.project, *files, *args, check=check, quiet=True
        )

    def redact(self, text: str) -> str:
        token = self.emu.token
        return text.replace(token, "<BOT_TOKEN>").replace(token.split(":", 1)[1], "<secret>")

    # -- setting up ------------------------------------------------------------------------------
    def write_override(self) -> None:
        """Loopback only: host network, Redis on a free port, the bot pointed at the emulator.
        `!reset` drops what the production file sets for a real host (.env, published ports)."""
        env = {
            "BOT_TOKEN": self.emu.token,
            "TELEGRAM_API_URL": self.emu.url,
            "REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0",
            "METRICS_PORT": str(self.metrics_port),
            "METRICS_HOST": "127.0.0.1",
            "POLLING_TIMEOUT": "1",
            "DEFAULT_LANGUAGE": "en",
        }
        redis_cmd = [
            "redis-server",
            "--port",
            str(self.redis_port),
            "--bind",
            "127.0.0.1",
            "--appendonly",
            "yes",
            "--appendfsync",
            "everysec",
        ]
        readyz = (
            f"import urllib.request; urllib.request.urlopen("
            f"'http://127.0.0.1:{self.metrics_port}/readyz', timeout=4)"
        )
        redis_check = ["CMD", "redis-cli", "-p", str(self.redis_port), "ping"]
        bot_check = ["CMD", "python", "-c", readyz]
        # JSON values are YAML; `!override` replaces a list that would otherwise be appended to
        y = json.dumps
        text = f"""services:
  redis:
    container_name: {y(self.redis)}
    network_mode: host
    command: !override {y(redis_cmd)}
    healthcheck:
      test: !override {y(redis_check)}
  bot:
    container_name: {y(self.bot)}
    image: {y(self.image)}
    network_mode: host
    env_file: !reset []
    ports: !reset []
    environment: {y(env)}
    healthcheck:
      test: !override {y(bot_check)}
"""
        self.override.write_text(text, encoding="utf-8")

    # -- health ----------------------------------------------------------------------------------
    async def get(self, path: str) -> tuple[int, str]:
        url = f"http://127.0.0.1:{self.metrics_port}{path}"
        try:
            async with (
                aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=5)) as http,
                http.get(url) as response,
            ):
                return response.status, await response.text()
        except (aiohttp.ClientError, TimeoutError) as err:
            return 0, repr(err)

    async def wait_ready(self, timeout: float = START_TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        last: tuple[int, str] = (0, "")
        while time.monotonic() < deadline:
            last = await self.get("/readyz")
            if last[0] == 200:
                return
            await asyncio.sleep(0.5)
        _, logs = await self.compose("logs", "bot", check=False)
        raise AssertionError(f"the bot was not ready in {timeout:g}s: {last}\n{logs[-3000:]}")

    async def check_health(self) -> None:
        assert await self.get("/healthz") == (200, "ok\n")
        assert await self.get("/readyz") == (200, "ready\n")
        for container in (self.redis, self.bot):  # the compose files' checks
            await self.run(*self.podman, "healthcheck", "run", container, quiet=True)
        _, raw = await self.run(
            *self.podman,
            "image",
            "inspect",
            "--format",
            "{{json .Config.Healthcheck}}",
            self.image,
            quiet=True,
        )
        check = json.loads(raw.strip().splitlines()[-1])
        assert check and check["Test"][0] == "CMD", f"the image has no HEALTHCHECK: {raw}"
        await self.run(*self.podman, "exec", self.bot, *check["Test"][1:], quiet=True)
        say("healthy: /healthz, /readyz, the compose checks and the image's HEALTHCHECK")

    async def volumes(self) -> list[str]:
        """The volumes mounted in the trial's containers (named and anonymous)."""
        names: list[str] = []
        for container in (self.bot, self.redis):
            fmt = "{{range .Mounts}}{{.Name}} {{end}}"
            code, out = await self.run(
                *self.podman, "inspect", "--format", fmt, container, check=False, quiet=True
            )
            if code == 0:
                names += out.split()
        return names

    async def started_at(self) -> str:
        fmt = "{{.State.StartedAt}}"
        _, out = await self.run(*self.podman, "inspect", "--format", fmt, self.bot, quiet=True)
        return out.strip()

    # -- the trial -------------------------------------------------------------------------------
    async def play(self, user: EmuUser) -> None:
        emu = self.emu
        board = await new_raspad(emu, user)
        assert "Hand:" in board.text, board.describe()
        for _ in range(4):
            await hinted_move(emu, user, board)
        before = version_of(emu.message(user, board.message_id))
        say(f"Raspad: 4 moves played in the container (version {before})")

        started = await self.started_at()
        await self.compose("restart", "bot")
        assert await self.started_at() != started, "the bot container was restarted"
        await self.wait_ready()
        await self.check_health()
        for _ in range(2):
            await hinted_move(emu, user, board)
        after = version_of(emu.message(user, board.message_id))
        assert before is not None and after is not None and after >= before + 2, (before, after)
        say(f"after `compose restart bot`: the game goes on (version {after})")

        await self.compose("restart", "redis")
        await self.wait_ready()
        moves = 0
        while not finished(emu.message(user, board.message_id)):
            await self.move_again_if_unavailable(user, board)
            moves += 1
            assert moves < 300, "a Raspad game should end"
        final = emu.message(user, board.message_id)
        assert "You won" in final.text or "Game lost" in final.text, final.text
        say(
            f"after `compose restart redis` (AOF): {moves} more moves, the game is over "
            f"({self.unavailable} taps answered 'briefly unavailable' and tapped again)"
        )
        assert emu.tg.unanswered_callbacks() == []

    async def move_again_if_unavailable(self, user: EmuUser, board: TgMessage) -> None:
        """A hinted move; after Redis restarted, the first command on each of the bot's old
        connections fails and the tap is answered "briefly unavailable — your move was not
        made" (true: nothing changed), so the player taps again, at most three times."""
        for attempt in range(4):
            alerts = len(user.alerts())
            try:
                await hinted_move(self.emu, user, board)
                return
            except AssertionError:
                said = user.alerts()[alerts:]
                if attempt == 3 or not any("unavailable" in a for a in said):
                    raise
                self.unavailable += 1
                await self.wait_ready()  # the store answers the bot again

    async def check_metrics(self) -> None:
        status, text = await self.get("/metrics")
        assert status == 200, (status, text[:200])
        taps = value(text, "cardbot_updates_total", type="callback_query")
        saves = value(text, "cardbot_redis_call_seconds_count", op="save")
        errors = sum(
            value(text, "cardbot_redis_errors_total", kind=k)
            for k in ("timeout", "connection", "unavailable", "other")
        )
        assert taps > 0 and saves > 0, (taps, saves)
        say(f"/metrics since the restart: {taps:g} taps, {saves:g} saves, {errors:g} Redis errors")

    async def check_logs(self) -> None:
        _, logs = await self.run(*self.podman, "logs", self.bot, quiet=True)
        (self.work / "bot.log").write_text(logs, encoding="utf-8")
        secret = self.emu.token.split(":", 1)[1]
        assert secret not in logs and "<secret>" not in logs, "the token reached the log"
        assert logs.count("event=start ") == 2 and "event=draining" in logs, logs[-2000:]
        assert "Traceback" not in logs, logs[-3000:]
        say("the bot's log: two starts, a graceful stop between them, no token, no traceback")


async def main(image: str) -> int:
    work = Path(tempfile.mkdtemp(prefix="cardbot-deploy-"))
    async with Emulator() as emu:
        trial = Trial(emu, image, work)
        trial.write_override()
        say(f"emulator on {emu.url}; compose project {trial.project}; files in {work}")
        try:
            await trial.compose("up", "-d")
            await trial.wait_ready()
            await trial.check_health()
            await trial.play(emu.user("Alice", language_code="en"))
            await trial.check_metrics()
            await trial.check_logs()
            emu.assert_clean()
        finally:
            say("tearing down")
            volumes = await trial.volumes()
            await trial.compose("down", "-v", "-t", "20", check=False)
            for volume in volumes:  # the image's anonymous /app/data volume too
                await trial.run(
                    *trial.podman, "volume", "rm", "-f", volume, check=False, quiet=True
                )
        for volume in volumes:
            code, _ = await trial.run(*trial.podman, "volume", "exists", volume, check=False)
            assert code != 0, f"volume {volume} left behind"
        _, left = await trial.run(
            *trial.podman,
            "ps",
            "-a",
            "--filter",
            f"label=io.podman.compose.project={trial.project}",
            "--format",
            "{{.Names}}",
            quiet=True,
        )
        assert not left.strip(), f"containers left behind: {left}"
    say("PASSED")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--image", default="localhost/cardbot:deploytest")
    sys.exit(asyncio.run(main(parser.parse_args().image)))
