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

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        shutil.rmtree(self.workdir, ignore_errors=True)


def redis_binary() -> str | None:
    return os.environ.get("REDIS_SERVER_BIN") or shutil.which("redis-server")


def start_redis(timeout: float = 10.0) -> RedisServer:
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
                "no",
                "--dir",
                workdir,
                "--protected-mode",
                "yes",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                break  # port taken between probe and bind: try another
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return RedisServer(proc, port, workdir)
            except OSError:
                time.sleep(0.05)
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=5)
    shutil.rmtree(workdir, ignore_errors=True)
    raise RuntimeError("could not start redis-server")
