"""nginx on loopback in front of bot replicas (round robin), as an operator would run it: a
replica that refuses a connection, resets it or answers 502/503 (draining) is skipped and the
request goes to the next one.

    lb = Balancer([port1, port2], workdir=tmp_path / "nginx").start()
    lb.url          # http://127.0.0.1:<port>
    lb.stop()
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

from tests.support.redis_server import free_port, stop_process

CONFIG = """
worker_processes 1;
daemon off;
user root;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 512; }}
http {{
    access_log {dir}/access.log;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    upstream bots {{
{servers}
        keepalive 16;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://bots;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            # a webhook POST is retried on the next replica only when the first one did not
            # take it (refused, reset, draining); Telegram retries whatever gets no 2xx
            proxy_next_upstream error timeout http_502 http_503 non_idempotent;
            proxy_next_upstream_tries 3;
            proxy_connect_timeout 1s;
            proxy_read_timeout 30s;
        }}
    }}
}}
"""


def nginx_binary() -> str | None:
    return shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )


class Balancer:
    def __init__(self, upstreams: list[int], *, workdir: Path) -> None:
        self.upstreams = upstreams
        self.dir = workdir
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 10.0) -> Balancer:
        binary = nginx_binary()
        assert binary is not None, "nginx is not installed"
        self.dir.mkdir(parents=True, exist_ok=True)
        servers = "\n".join(
            f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=1s;" for p in self.upstreams
        )
        conf = self.dir / "nginx.conf"
        conf.write_text(CONFIG.format(dir=self.dir, servers=servers, port=self.port))
        self.proc = subprocess.Popen(
            [binary, "-c", str(conf), "-p", str(self.dir), "-e", str(self.dir / "error.log")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"nginx exited: {self.error_log()}")
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return self
            time.sleep(0.05)
        self.stop()
        raise AssertionError(f"nginx did not listen within {timeout}s: {self.error_log()}")

    def error_log(self) -> str:
        path = self.dir / "error.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else ""

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc)
        self.proc = None
