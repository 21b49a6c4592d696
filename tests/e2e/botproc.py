"""Run the real bot (`python -m bot`) as a subprocess against the emulator.

    bp = BotProcess(emu, redis_url=url, log_path=tmp_path / "bot.log", turn_timeout=5)
    await bp.start()      # returns once the bot polls getUpdates (bounded wait)
    await bp.restart()    # SIGTERM, bounded wait (then kill), start again
    await bp.stop()
    bp.log_tail()         # last lines of its stdout+stderr, token redacted

All waits are asynchronous (the emulator lives in the same event loop and must keep answering
while the bot starts and shuts down) and bounded. The bot runs in a session of its own: once it
has exited, no process of that session (its search workers, their fork server) may be left —
one still there after a bounded wait is a problem, and is killed.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import IO

from tests.e2e.emulator import TIMEOUT_FACTOR, Emulator
from tests.e2e.forkserver import Forked, ForkServer

REPO_ROOT = Path(__file__).resolve().parents[2]
# generous: importing aiogram on a loaded CI machine can take 15 s; E2E_TIMEOUT_FACTOR scales it
START_TIMEOUT = 60.0
STOP_TIMEOUT = 10.0
# E2E_WARM_START=0: every bot process a fresh interpreter (else forked warm: tests.e2e.forkserver)
WARM_START = os.environ.get("E2E_WARM_START", "1") != "0"


class BotProcessError(AssertionError):
    """The bot process failed to start or died (the message carries its log tail)."""


class BotProcess:
    def __init__(
        self,
        emulator: Emulator,
        *,
        redis_url: str | None,
        log_path: Path,
        env: Mapping[str, str] | None = None,
        language: str = "ru",
        turn_timeout: int | None = None,
        polling_timeout: int = 1,
        data_path: Path | None = None,
        module: str = "bot",
        args: tuple[str, ...] = (),
        warm: bool = WARM_START,
    ) -> None:
        self.emulator = emulator
        self.log_path = log_path
        self.module = module
        self.args = args
        # `python -m bot` forked from a process that has its libraries imported (the fork
        # server: tests.e2e.forkserver); False: a fresh interpreter (the benchmarks' figures)
        self.warm = warm and module == "bot"
        self.token = emulator.token
        env_vars: dict[str, str] = {
            k: v for k, v in os.environ.items() if not k.startswith(("BOT_", "WEBHOOK_"))
        }
        env_vars.update(
            {
                "BOT_TOKEN": emulator.token,
                "TELEGRAM_API_URL": emulator.url,
                "REDIS_URL": redis_url or "",
                "DATA_PATH": str(data_path or log_path.with_suffix(".sqlite3")),
                "POLLING_TIMEOUT": str(polling_timeout),
                "DEFAULT_LANGUAGE": language,
                "LOG_LEVEL": "INFO",
                "WEBHOOK_URL": "",
                "PYTHONUNBUFFERED": "1",
                "PYTHONDONTWRITEBYTECODE": "1",
            }
        )
        if turn_timeout is not None:
            env_vars["TURN_TIMEOUT_SECONDS"] = str(turn_timeout)
        env_vars.update(env or {})
        self.env = env_vars
        self.proc: subprocess.Popen[bytes] | Forked | None = None
        self._log: IO[bytes] | None = None
        self.starts = 0
        self.returncodes: list[int] = []
        # exits nobody asked for, or failed graceful shutdowns (the bot_process fixture fails the
        # test on them)
        self.problems: list[str] = []
        self._expect_exit = True
        emulator.guards.append(self._guard)

    # ------------------------------------------------------------------ lifecycle
    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    def spawn(self, server: ForkServer | None = None) -> None:
        """Start the process without waiting for it (forked by `server`, when given)."""
        if self.alive:
            raise RuntimeError("the bot process is already running")
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = self.log_path.open("ab")
        self.starts += 1
        self._log.write(f"\n===== start #{self.starts} at {time.strftime('%X')} =====\n".encode())
        self._log.flush()
        self._expect_exit = False
        if server is not None:
            self.proc = server.spawn(self.env, REPO_ROOT, self.log_path, self.module, self.args)
            return
        self.proc = subprocess.Popen(
            [sys.executable, "-m", self.module, *self.args],
            cwd=REPO_ROOT,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    @property
    def webhook(self) -> bool:
        return bool(self.env.get("WEBHOOK_URL"))

    async def start(self, timeout: float = START_TIMEOUT) -> BotProcess:
        """Start and wait (bounded) until the bot polls getUpdates, or in webhook mode until
        its /readyz (on METRICS_PORT) answers 200."""
        polls = self.emulator.poll_count
        self.spawn(await ForkServer.shared(self.env) if self.warm else None)
        if self.webhook:
            await self._wait_ready(timeout)
            return self

        def polled_or_died() -> bool:
            if self.proc is not None and self.proc.poll() is not None:
                raise BotProcessError(
                    f"the bot exited with code {self.proc.returncode} before polling\n"
                    + self.log_tail()
                )
            return self.emulator.poll_count > polls

        try:
            await self.emulator.wait_for(polled_or_died, timeout, "the bot to poll getUpdates")
        except BotProcessError:
            raise
        except AssertionError as e:
            await self.stop()
            raise BotProcessError(f"{e}\n--- bot log ---\n{self.log_tail()}") from None
        return self

    async def _wait_ready(self, timeout: float) -> None:
        import aiohttp

        url = f"http://127.0.0.1:{self.env['METRICS_PORT']}/readyz"
        deadline = time.monotonic() + timeout * TIMEOUT_FACTOR
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=2)) as http:
            while time.monotonic() < deadline:
                if self.proc is not None and self.proc.poll() is not None:
                    raise BotProcessError(
                        f"the bot exited with code {self.proc.returncode} before it was ready\n"
                        + self.log_tail()
                    )
                try:
                    async with http.get(url) as reply:
                        if reply.status == 200:
                            return
                except (aiohttp.ClientError, TimeoutError):
                    pass
                await asyncio.sleep(0.1)
        await self.stop()
        raise BotProcessError(f"the bot was not ready within {timeout}s\n{self.log_tail()}")

    def terminate(self) -> None:
        """SIGTERM without waiting (the process drains; `stop` then waits for its exit)."""
        if self.proc is not None and self.proc.poll() is None:
            self._expect_exit = True
            self.proc.send_signal(signal.SIGTERM)

    async def stop(self, timeout: float = STOP_TIMEOUT) -> int | None:
        """SIGTERM, wait up to ``timeout`` s (the emulator keeps serving), then SIGKILL."""
        proc = self.proc
        if proc is None:
            return None
        if proc.poll() is None:
            self._expect_exit = True
            proc.send_signal(signal.SIGTERM)
            if not await self._wait_exit(timeout):
                self._note("did not stop within the timeout after SIGTERM; killed")
                self.problems.append(
                    f"did not stop within {timeout:g}s after SIGTERM\n--- bot log ---\n"
                    + self.log_tail(40)
                )
                proc.kill()
                await self._wait_exit(5.0)
            elif proc.returncode not in (0, -signal.SIGTERM):
                self.problems.append(f"exit code {proc.returncode} after SIGTERM")
        elif not self._expect_exit:
            self.problems.append(f"exited by itself with code {proc.returncode}")
        self._expect_exit = True
        code = proc.returncode
        if code is not None:
            self.returncodes.append(code)
        await self._reap_session(proc.pid)
        self.proc = None
        if self._log is not None:
            self._log.close()
            self._log = None
        return code

    def kill(self) -> None:
        """SIGKILL at once (a crash, no graceful shutdown)."""
        if self.proc is not None and self.proc.poll() is None:
            self._expect_exit = True
            self.proc.kill()

    async def _reap_session(self, session: int, timeout: float = STOP_TIMEOUT) -> None:
        """Wait (bounded) until no process of the bot's session runs: a worker it started ends
        with it (after a SIGKILL of the bot, once its search in progress is done)."""
        deadline = time.monotonic() + timeout * TIMEOUT_FACTOR
        while (left := in_session(session)) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        if left:
            self._note(f"processes left behind: {left}")
            self.problems.append(f"the bot left {len(left)} processes behind: {left}")
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(session, signal.SIGKILL)

    async def restart(self, timeout: float = START_TIMEOUT) -> BotProcess:
        await self.stop()
        return await self.start(timeout)

    async def _wait_exit(self, timeout: float) -> bool:
        assert self.proc is not None
        deadline = time.monotonic() + timeout * TIMEOUT_FACTOR
        while self.proc.poll() is None:
            if time.monotonic() >= deadline:
                return False
            await asyncio.sleep(0.05)
        return True

    def _guard(self) -> None:
        """Registered with the emulator: a wait fails at once if the bot died unexpectedly."""
        proc = self.proc
        if proc is None or self._expect_exit or proc.poll() is None:
            return
        self._expect_exit = True
        self.problems.append(f"exited by itself with code {proc.returncode}")
        raise BotProcessError(
            f"the bot process exited unexpectedly with code {proc.returncode}\n" + self.log_tail()
        )

    def _note(self, text: str) -> None:
        if self._log is not None:
            self._log.write(f"[botproc] {text}\n".encode())
            self._log.flush()

    # ------------------------------------------------------------------ logs
    def redact(self, text: str) -> str:
        secret = self.token.split(":", 1)[-1]
        text = text.replace(self.token, "<BOT_TOKEN>")
        return text.replace(secret, "<secret>") if len(secret) >= 4 else text

    def log_text(self) -> str:
        try:
            raw = self.log_path.read_bytes()
        except OSError:
            return ""
        return self.redact(raw.decode("utf-8", errors="replace"))

    def store_is_up(self) -> bool:
        """No store outage in progress by the bot's log: every `event=store_unavailable` has had
        its `event=store_back` (the timer loop reaches the store every tick, so an outage ends
        in the log within about a tick of the store's return). A predicate for `wait_for`."""
        log = self.log_text()
        return log.count("event=store_unavailable") == log.count("event=store_back")

    def log_tail(self, lines: int = 80) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])


def in_session(session: int) -> list[int]:
    """The running processes of session `session` (zombies, ended but not yet reaped by their
    new parent, left out)."""
    out = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        if fields[0] != "Z" and int(fields[3]) == session:
            out.append(int(entry.name))
    return out
