"""A warm start for the end-to-end tests' bot processes: a fork server.

Most of what starting `python -m bot` costs is importing its libraries (aiogram builds a
pydantic model of every Bot API type), and the suite starts the bot some fifty times. A fork
server per test process imports those libraries once — the third-party ones only: the bot's own
modules are imported by each child as `python -m bot` imports them, with the child's
environment — and forks a child for each bot process asked for. The child then does what the
interpreter does for `python -m bot`: a session of its own, the working directory, the
environment, stdin from /dev/null, stdout and stderr to the log, `sys.argv`, and
`runpy.run_module("bot", run_name="__main__")`; it exits as that interpreter would (SystemExit's
code, 1 and the traceback on an exception, the atexit handlers run).

The warm start saves the imports' CPU, not their time: a child first waits as long as the
server's own start took in CPU seconds (what a fresh interpreter's start takes on an idle core),
so that a restart is no quicker than a real one (the bot's budgets assume one: a process keeps
a private chat's pace in memory, and a restart in a fraction of a second would write to that
chat again sooner than Telegram allows).

    server = await ForkServer.shared(env)   # one per test process, started on first use
    proc = server.spawn(env, cwd, log, module, args)   # like a Popen: pid, poll(), returncode,
                                                       # send_signal(), kill()

The server (this module run as a script, `python -m tests.e2e.forkserver`) is single-threaded:
it reads requests (JSON lines) on stdin, answers `{"started": pid}` on stdout, reaps its
children and reports `{"exited": pid, "code": code}` (negative: the signal that ended it, as
`Popen.returncode`). When its stdin closes (the test process ended) it kills the children left
and exits. `BotProcess` uses it for the module `bot` when the interpreter's own settings (the
`PYTHON*` variables, read at its start) are the server's; any other start is a plain
`subprocess.Popen`.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import fcntl
import importlib
import json
import os
import runpy
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

REPO_ROOT = Path(__file__).resolve().parents[2]
# the libraries `python -m bot` imports on its way to polling (not the bot's own modules)
PRELOAD = (
    "aiogram",
    "aiogram.types",
    "aiogram.methods",
    "aiogram.client.bot",
    "aiogram.client.session.aiohttp",
    "aiogram.dispatcher.dispatcher",
    "aiogram.exceptions",
    "aiogram.filters",
    "aiohttp.web",
    "redis.asyncio",
    "redis.asyncio.cluster",
    "pydantic_settings",
    "fluent.runtime",
    "babel",
    "openskill",
    "prometheus_client",
    "uvloop",
    "sqlite3",
)
START_TIMEOUT = 60.0  # seconds for the server to import its libraries and say it is ready


def interpreter_settings(env: Mapping[str, str]) -> dict[str, str]:
    """The variables a Python interpreter reads when it starts (a forked child keeps the
    server's)."""
    return {k: v for k, v in env.items() if k.startswith("PYTHON")}


# -- the client (the test process) --------------------------------------------------------------
class Forked:
    """A bot process forked by the server: the part of `subprocess.Popen` the tests use."""

    def __init__(self, server: ForkServer, pid: int) -> None:
        self.server = server
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self.server.exit_code(self.pid)
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class ForkServer:
    _shared: ClassVar[ForkServer | None] = None

    def __init__(self, env: Mapping[str, str]) -> None:
        self.settings = interpreter_settings(env)
        # the server's own stderr (its failures), open for its life
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.e2e.forkserver"],
            cwd=REPO_ROOT,
            # this process's environment, with the interpreter's settings asked for (a child's
            # own variables are set when it is forked)
            env={
                **{k: v for k, v in os.environ.items() if not k.startswith("PYTHON")},
                **self.settings,
            },
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errors,
        )
        assert self.proc.stdout is not None
        self._out = self.proc.stdout.fileno()
        self._buffer = b""
        self._answers: list[dict[str, Any]] = []
        self._exits: dict[int, int] = {}
        self._gone = False  # the server ended: the children's codes are unknown
        self.ready = False  # its libraries are imported
        atexit.register(self.close)

    def close(self) -> None:
        """End the server (its children left are killed) and wait for it."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            with contextlib.suppress(OSError):
                self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    @classmethod
    async def shared(cls, env: Mapping[str, str]) -> ForkServer | None:
        """This process's server, ready, for an interpreter of `env`'s settings (None: another
        interpreter is asked for, or the server failed: start it plainly). The first call
        waits for the server's imports without holding up the event loop."""
        server = cls._shared
        if server is not None and (server._gone or server.proc.poll() is not None):
            server = cls._shared = None
        if server is None:
            server = cls._shared = cls(env)
        if server.settings != interpreter_settings(env):
            return None
        deadline = time.monotonic() + START_TIMEOUT
        while not server.ready and not server._gone and time.monotonic() < deadline:
            server._pump(0.0)
            if server._answers and server._answers[0].get("ready") is True:
                server._answers.pop(0)
                server.ready = True
            else:
                await asyncio.sleep(0.05)
        return server if server.ready else None

    def spawn(
        self, env: Mapping[str, str], cwd: Path, log: Path, module: str, args: tuple[str, ...]
    ) -> Forked:
        request = {"env": dict(env), "cwd": str(cwd), "log": str(log), "module": module}
        request["args"] = list(args)
        assert self.proc.stdin is not None and self.ready
        self.proc.stdin.write(json.dumps(request).encode() + b"\n")
        self.proc.stdin.flush()
        deadline = time.monotonic() + START_TIMEOUT  # (a fork: a few milliseconds)
        while not self._answers and not self._gone and time.monotonic() < deadline:
            self._pump(deadline - time.monotonic())
        answer = self._answers.pop(0) if self._answers else {}
        if "started" not in answer:
            raise RuntimeError(f"the fork server did not fork ({answer}): {self.failure()}")
        return Forked(self, int(answer["started"]))

    def exit_code(self, pid: int) -> int | None:
        """The child's exit code once it has ended (None: it is running)."""
        self._pump(0.0)
        if pid in self._exits:
            return self._exits[pid]
        if self._gone:  # nobody reaps it any more: ended or not, say what can be known
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return -signal.SIGKILL
        return None

    def failure(self) -> str:
        """The end of what the server wrote to its stderr."""
        self.errors.seek(0)
        return self.errors.read().decode(errors="replace")[-4000:]

    def _pump(self, wait: float) -> None:
        """Take in what the server said, waiting up to `wait` seconds for something: exit
        reports recorded, other answers queued."""
        if not self._gone and select.select([self._out], [], [], max(0.0, wait))[0]:
            data = os.read(self._out, 65536)
            self._gone = not data
            self._buffer += data
        while b"\n" in self._buffer:
            line, self._buffer = self._buffer.split(b"\n", 1)
            message = json.loads(line)
            if "exited" in message:
                self._exits[int(message["exited"])] = int(message["code"])
            else:
                self._answers.append(message)


# -- the server (this module as a script) ---------------------------------------------------------
def _say(message: dict[str, Any]) -> None:
    data = json.dumps(message).encode() + b"\n"
    while data:
        data = data[os.write(1, data) :]


def _reap(children: set[int]) -> None:
    """Report every child that has ended (and forget it)."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        children.discard(pid)
        _say({"exited": pid, "code": os.waitstatus_to_exitcode(status)})


def _serve() -> dict[str, Any] | None:
    """Fork a child for each request; returns in a child (its request), or None when the test
    process has gone (the children left are killed first)."""
    wake_r, wake_w = os.pipe()
    for fd in (wake_r, wake_w):
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_NONBLOCK)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda signum, frame: None)
    children: set[int] = set()
    buffer = b""
    _say({"ready": True})
    while True:
        readable = select.select([0, wake_r], [], [])[0]
        if wake_r in readable:
            with contextlib.suppress(BlockingIOError):
                os.read(wake_r, 4096)
            _reap(children)
        if 0 not in readable:
            continue
        data = os.read(0, 65536)
        if not data:
            for pid in children:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(pid, signal.SIGKILL)
            return None
        buffer += data
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            request = json.loads(line)
            pid = os.fork()
            if pid == 0:
                signal.set_wakeup_fd(-1)
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                os.close(wake_r)
                os.close(wake_w)
                return dict(request)
            children.add(pid)
            _say({"started": pid})


def _become(request: dict[str, Any]) -> None:
    """In the child: what the interpreter does for `python -m <module> <args>`, then run it."""
    os.setsid()
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    null = os.open(os.devnull, os.O_RDONLY)
    log = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.dup2(null, 0)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(null)
    os.close(log)
    sys.argv = [sys.argv[0], *request["args"]]
    runpy.run_module(request["module"], run_name="__main__", alter_sys=True)


def main() -> None:
    for name in PRELOAD:
        importlib.import_module(name)
    start = time.process_time()  # a fresh interpreter's start up to here, in CPU seconds
    request = _serve()
    if request is not None:
        time.sleep(start)  # (the module's docstring: a warm start takes as long as a fresh one)
        _become(request)


if __name__ == "__main__":
    main()
