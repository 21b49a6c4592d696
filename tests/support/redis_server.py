"""Start and stop a throwaway real `redis-server` on a free loopback port (for tests)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class RedisServer:
    proc: subprocess.Popen[bytes]
    port: int
    workdir: str

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def restart(self, timeout: float = 10.0) -> None:
        """Stop the server (SIGTERM) and start it again on the same port and data directory
        (with `persistent`, the data comes back from its append-only file)."""
        args = [str(a) for a in self.proc.args]  # type: ignore[union-attr]
        self._terminate()
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not _answers(self.proc, self.port, timeout):
            raise RuntimeError(f"redis-server did not come back on port {self.port}")

    def _terminate(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)

    def stop(self) -> None:
        self._terminate()
        shutil.rmtree(self.workdir, ignore_errors=True)


def redis_binary() -> str | None:
    return os.environ.get("REDIS_SERVER_BIN") or shutil.which("redis-server")


def _answers(proc: subprocess.Popen[bytes], port: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return True
        except OSError:
            time.sleep(0.05)
    return False


def start_redis(timeout: float = 10.0, persistent: bool = False) -> RedisServer:
    binary = redis_binary()
    if binary is None:
        raise RuntimeError("redis-server not found (scripts/test.sh installs it)")
    workdir = tempfile.mkdtemp(prefix="cardbot-redis-")
    for _attempt in range(5):
        port = free_port()
        proc = subprocess.Popen(
            [
                binary,
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "yes" if persistent else "no",
                "--dir",
                workdir,
                "--protected-mode",
                "yes",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if _answers(proc, port, timeout):  # else the port was taken meanwhile: another one
            return RedisServer(proc, port, workdir)
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=5)
    shutil.rmtree(workdir, ignore_errors=True)
    raise RuntimeError("could not start redis-server")
