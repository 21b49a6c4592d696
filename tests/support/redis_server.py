"""Start and stop a throwaway real `redis-server` on a free loopback port (for tests)."""

from __future__ import annotations

import functools
import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.storage.redis_store import RedisStore


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
        stop_process(self.proc)
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not _answers(self.proc, self.port, timeout):
            raise RuntimeError(f"redis-server did not come back on port {self.port}")

    def stop(self) -> None:
        stop_process(self.proc)
        shutil.rmtree(self.workdir, ignore_errors=True)

    def served_a_client(self) -> bool:
        """Some client other than this probe has sent a command since the server started (after
        a `restart`: a client has reconnected)."""
        listing = _ask(self.port, b"CLIENT LIST").decode(errors="replace")
        commands = [part[4:] for part in listing.split() if part.startswith("cmd=")]
        return any(cmd not in ("client|list", "NULL") for cmd in commands)


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


def _free_cluster_port() -> int:
    """A free port whose cluster bus port (+10000) is free too."""
    for _attempt in range(50):
        port = free_port()
        if port + 10000 > 65535:
            continue
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind(("127.0.0.1", port + 10000))
            except OSError:
                continue
        return port
    raise RuntimeError("no free port pair for a cluster node")


def stop_process(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM, up to 5 s, then SIGKILL (a process that is still running)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def _spawn(args: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _ask(port: int, command: bytes, timeout: float = 0.5) -> bytes:
    """One inline command to a server on loopback and the start of its reply ('' on error)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.sendall(command + b"\r\n")
            return s.recv(65536)
    except OSError:
        return b""


@dataclass
class RedisCluster:
    """Three cluster-enabled redis-server masters on loopback, every slot assigned."""

    procs: list[subprocess.Popen[bytes]]
    ports: list[int]
    workdir: str

    @property
    def url(self) -> str:
        """The store's REDIS_URL for this cluster (every master a startup node)."""
        return "redis+cluster://" + ",".join(f"127.0.0.1:{p}" for p in self.ports)

    def stop(self) -> None:
        for proc in self.procs:
            stop_process(proc)
        shutil.rmtree(self.workdir, ignore_errors=True)


# The storage suites' stores run in the suite's own workers, beside the end-to-end bots, their
# search workers and the test cluster's three masters, all on this machine's 2 cores (a load of
# about 10 at the suite's peak): a call has waited past production's `TIMEOUT` (1 s) there for
# the CPU, not for Redis (CI: "Timeout connecting to server" on the cluster, "the store took
# longer than the save's deadline" on the cluster and on the single server). Their stores wait
# this long per call instead; what the timeout and the deadline do is tested on its own (a save
# or claim past its deadline, an outage), at production's value or a shorter one.
LOADED_TIMEOUT = 5.0


def redis_store(url: str, **options: Any) -> RedisStore:
    """A store on `url` as the bot makes one (`options`: RedisStore's), waiting
    `LOADED_TIMEOUT` per call."""
    from bot.storage.redis_store import RedisStore

    return RedisStore(url, timeout=LOADED_TIMEOUT, **options)


def start_cluster(masters: int = 3, timeout: float = 30.0) -> RedisCluster:
    """Start `masters` cluster-enabled servers, join them with `redis-cli --cluster create` and
    wait (at most `timeout` seconds) for `cluster_state:ok` on each; every process started is
    stopped again if anything fails."""
    binary, cli = redis_binary(), shutil.which("redis-cli")
    if binary is None or cli is None:
        raise RuntimeError("redis-server and redis-cli are needed for a cluster")
    workdir = tempfile.mkdtemp(prefix="cardbot-cluster-")
    cluster = RedisCluster([], [], workdir)
    try:
        for i in range(masters):
            node_dir = os.path.join(workdir, str(i))
            os.mkdir(node_dir)
            for _attempt in range(5):
                port = _free_cluster_port()
                proc = _spawn(
                    [
                        binary,
                        "--port",
                        str(port),
                        "--bind",
                        "127.0.0.1",
                        "--cluster-enabled",
                        "yes",
                        "--cluster-config-file",
                        os.path.join(node_dir, "nodes.conf"),
                        "--cluster-node-timeout",
                        "5000",
                        "--save",
                        "",
                        "--appendonly",
                        "no",
                        "--dir",
                        node_dir,
                    ]
                )
                if _answers(proc, port, timeout):
                    cluster.procs.append(proc)
                    cluster.ports.append(port)
                    break
                stop_process(proc)
            else:
                raise RuntimeError("could not start a cluster node")
        create = [cli, "--cluster", "create", *(f"127.0.0.1:{p}" for p in cluster.ports)]
        subprocess.run(
            [*create, "--cluster-replicas", "0", "--cluster-yes"],
            check=True,
            timeout=timeout,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + timeout
        while not all(b"cluster_state:ok" in _ask(p, b"CLUSTER INFO") for p in cluster.ports):
            if time.monotonic() > deadline:
                raise RuntimeError("the cluster did not reach cluster_state:ok in time")
            time.sleep(0.1)
        return cluster
    except BaseException:
        cluster.stop()
        raise


@dataclass
class SentinelSetup:
    """A plain redis-server and one `redis-server --sentinel` monitoring it as `master`."""

    master: RedisServer
    sentinel: subprocess.Popen[bytes]
    port: int
    workdir: str
    name: str = "cardbot"

    @property
    def url(self) -> str:
        return f"redis+sentinel://127.0.0.1:{self.port}/{self.name}/0"

    def stop(self) -> None:
        stop_process(self.sentinel)
        self.master.stop()
        shutil.rmtree(self.workdir, ignore_errors=True)


def start_sentinel(timeout: float = 15.0) -> SentinelSetup:
    binary = redis_binary()
    if binary is None:
        raise RuntimeError("redis-server not found")
    master = start_redis()
    workdir = tempfile.mkdtemp(prefix="cardbot-sentinel-")
    try:
        port = free_port()
        config = os.path.join(workdir, "sentinel.conf")  # a sentinel rewrites its own config
        with open(config, "w") as f:
            f.write(
                f"port {port}\nbind 127.0.0.1\ndir {workdir}\n"
                f"sentinel monitor cardbot 127.0.0.1 {master.port} 1\n"
            )
        proc = _spawn([binary, config, "--sentinel"])
        setup = SentinelSetup(master, proc, port, workdir)
        deadline = time.monotonic() + timeout
        ask = b"SENTINEL get-master-addr-by-name cardbot"
        while str(master.port).encode() not in _ask(port, ask):
            if proc.poll() is not None or time.monotonic() > deadline:
                setup.stop()
                raise RuntimeError("the sentinel did not report its master in time")
            time.sleep(0.05)
        return setup
    except BaseException:
        master.stop()
        shutil.rmtree(workdir, ignore_errors=True)
        raise


@dataclass
class TLSServer:
    """A redis-server that speaks TLS only, with a throwaway CA (openssl CLI)."""

    proc: subprocess.Popen[bytes]
    port: int
    workdir: str

    @property
    def ca(self) -> str:
        return os.path.join(self.workdir, "ca.crt")

    @property
    def url(self) -> str:
        return f"rediss://127.0.0.1:{self.port}/0?ssl_ca_certs={self.ca}"

    def stop(self) -> None:
        stop_process(self.proc)
        shutil.rmtree(self.workdir, ignore_errors=True)


def _answers_tls(proc: subprocess.Popen[bytes], port: int, ca: str, timeout: float) -> bool:
    import ssl

    context = ssl.create_default_context(cafile=ca)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:
            with (
                socket.create_connection(("127.0.0.1", port), timeout=0.5) as raw,
                context.wrap_socket(raw, server_hostname="127.0.0.1") as s,
            ):
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return True
        except OSError:
            time.sleep(0.05)
    return False


def start_tls_redis(timeout: float = 15.0) -> TLSServer:
    """None of this runs without `openssl` and a redis-server built with TLS (Debian's is)."""
    binary, openssl = redis_binary(), shutil.which("openssl")
    if binary is None or openssl is None:
        raise RuntimeError("redis-server and openssl are needed for a TLS server")
    workdir = tempfile.mkdtemp(prefix="cardbot-tls-")
    try:
        path = functools.partial(os.path.join, workdir)
        ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]

        def run(*args: str) -> None:
            subprocess.run(
                [openssl, *args],
                check=True,
                timeout=timeout,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )

        run("req", "-x509", *ec, "-keyout", path("ca.key"), "-out", path("ca.crt"),
            "-days", "1", "-subj", "/CN=cardbot test CA")  # fmt: skip
        run("req", *ec, "-keyout", path("server.key"), "-out", path("server.csr"),
            "-subj", "/CN=127.0.0.1")  # fmt: skip
        with open(path("san.ext"), "w") as f:
            f.write("subjectAltName=IP:127.0.0.1\n")
        run("x509", "-req", "-in", path("server.csr"), "-CA", path("ca.crt"),
            "-CAkey", path("ca.key"), "-CAcreateserial", "-out", path("server.crt"),
            "-days", "1", "-extfile", path("san.ext"))  # fmt: skip
        for _attempt in range(5):
            port = free_port()
            proc = _spawn(
                [binary, "--port", "0", "--tls-port", str(port), "--bind", "127.0.0.1",
                 "--tls-cert-file", path("server.crt"), "--tls-key-file", path("server.key"),
                 "--tls-ca-cert-file", path("ca.crt"), "--tls-auth-clients", "no",
                 "--save", "", "--appendonly", "no", "--dir", workdir]
            )  # fmt: skip
            if _answers_tls(proc, port, path("ca.crt"), timeout):
                return TLSServer(proc, port, workdir)
            stop_process(proc)
        raise RuntimeError("could not start a TLS redis-server")
    except BaseException:
        shutil.rmtree(workdir, ignore_errors=True)
        raise
