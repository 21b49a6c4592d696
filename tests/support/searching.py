"""Work for the tests of the pool of searches (`bot.games.searches`), run on its workers: each
function is found there by its name, as the bot's own searches are.

`stuck` stands for a search that does not end by itself: it tells the test which process runs
it (`running`), then waits to be killed or timed out. `held` is a hint's real search that waits
until the test opens its gate (`opened`): searches that stay busy until the test has sent
everything it means to send.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bot.games.solitaire import hints
from bot.games.solitaire.hints import Advice
from bot.games.table.moves import computer_plan as _computer_plan  # (the real one)
from bot.registry import GAMES
from tests.support.waiting import until

SLOW_START = 60.0  # seconds: a loaded machine may take long to start the fork server


def _requester() -> int:
    """The process (the bot's, the test's) that sent the search this worker runs."""
    parent = multiprocessing.parent_process()
    return parent.pid if parent is not None and parent.pid is not None else os.getppid()


def _gate(requester: int) -> Path:
    """A file that, once there, lets the held searches of the process `requester` go on."""
    return Path(tempfile.gettempdir()) / f"cardbot-held-searches-{requester}"


@contextmanager
def opened_later() -> Iterator[Path]:
    """The gate of this process's held searches, closed while the block runs (it is opened by
    `gate.touch()`; and at the end in any case: no worker is left waiting)."""
    gate = _gate(os.getpid())
    gate.unlink(missing_ok=True)
    try:
        yield gate
    finally:
        gate.touch()


def held(*args: Any) -> Advice:
    """`hints.consult(*args)` once the gate of the process that sent it is open (at most 600 s)."""
    gate = _gate(_requester())
    deadline = time.monotonic() + 600
    while not gate.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    return hints.consult(*args)


def _marker(requester: int) -> Path:
    """Where a stuck search of the process `requester` writes its worker's pid."""
    return Path(tempfile.gettempdir()) / f"cardbot-stuck-search-{requester}"


def alive(pid: int) -> bool:
    """The process runs (a zombie, ended but not yet reaped by its parent, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def running() -> int | None:
    """The pid of the worker running this process's stuck search (None: none started yet); it
    is told once (one an earlier test left, whose worker has ended since, is not told)."""
    path = _marker(os.getpid())
    try:
        pid = int(path.read_text())
    except (OSError, ValueError):
        return None
    path.unlink(missing_ok=True)
    return pid if alive(pid) else None


async def stuck_worker(waiting: asyncio.Future[Any]) -> int:
    """The pid of the worker running the stuck search `waiting` waits for, once it runs."""
    found: list[int] = []

    def started() -> bool:
        pid = running()
        if pid is not None:
            found.append(pid)
        return bool(found) or waiting.done()

    await until(started, "the stuck search to start on a worker", timeout=SLOW_START)
    assert found, waiting
    return found[0]


def stuck(*_args: Any) -> Advice:
    """A search that never answers (any arguments: it stands in for any work)."""
    tmp = _marker(_requester()).with_suffix(".tmp")
    tmp.write_text(str(os.getpid()))
    tmp.replace(_marker(_requester()))  # (whole: the test never reads half a pid)
    threading.Event().wait(600)  # never set: stuck until its worker is killed
    raise AssertionError("a stuck search was neither killed nor timed out")


def stuck_plan(record: Any) -> Any:
    """The computer's plan (`bot.games.table.moves.computer_plan`), except on a worker of the
    pool, where it is stuck (to be killed there, then made in the bot's process)."""
    if multiprocessing.parent_process() is not None:
        return stuck()
    return _computer_plan(record)


def offered(kind: str) -> tuple[list[str], bool]:
    """The games the worker offers (its registry), and whether `kind` has a solver there."""
    found = GAMES.get(kind)
    return sorted(GAMES), found is not None and found.solver is not None


def pid() -> int:
    """The worker's own pid."""
    return os.getpid()


def add(a: int, b: int) -> int:
    return a + b


def fails() -> int:
    raise ValueError("a bug in a search")
