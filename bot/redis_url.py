"""What REDIS_URL names: one server, a Redis Cluster, or a master found through Sentinel.

    redis://[[user]:password@]host[:port][/db]          one server (rediss:// with TLS)
    unix://[[user]:password@]/path/to/redis.sock[?db=N]  one server on a Unix socket
    redis+cluster://[[user]:password@]host:port[,host:port…]
                                                         a cluster: any of its masters as
                                                         startup nodes (rediss+cluster:// TLS)
    redis+sentinel://[[user]:password@]host:port[,host:port…]/master-name[/db]
                                                         the master `master-name` as the
                                                         sentinels report it (rediss+… TLS to
                                                         the master)

Query options (`?ssl_ca_certs=/etc/ca.pem&ssl_cert_reqs=required`, `socket_keepalive=yes`, …)
are handed to redis-py as keyword arguments, as its own `from_url` does; `sentinel_password`
is the sentinels' own password (the one in the URL is the master's). A cluster has one
database (0): a path is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import parse_qs, unquote, urlsplit

from redis.connection import URL_QUERY_ARGUMENT_PARSERS

Kind = Literal["single", "cluster", "sentinel"]
SINGLE_SCHEMES = ("redis", "rediss", "unix")
DEFAULT_PORT = 6379
SENTINEL_PORT = 26379


@dataclass(frozen=True)
class RedisTarget:
    kind: Kind
    url: str  # as given (what redis-py's from_url takes for a single server)
    tls: bool = False
    nodes: tuple[tuple[str, int], ...] = ()  # cluster startup nodes, or the sentinels
    username: str | None = None
    password: str | None = None
    db: int = 0
    master: str | None = None  # Sentinel: the monitored master's name
    options: dict[str, Any] = field(default_factory=dict)  # query options, parsed

    @property
    def direct(self) -> bool:
        """One server reached without TLS at a fixed address (what the lean client takes)."""
        return self.kind == "single" and not self.tls


def _nodes(netloc: str, default_port: int) -> tuple[tuple[str, int], ...]:
    hosts = netloc.rpartition("@")[2]
    nodes = []
    for raw in hosts.split(","):
        part = raw.strip()
        if not part:
            continue
        if part.startswith("["):  # [::1]:7000
            host, _, rest = part[1:].partition("]")
            port_text = rest.lstrip(":")
        else:
            host, _, port_text = part.rpartition(":") if ":" in part else (part, "", "")
        if not host:
            raise ValueError(f"REDIS_URL: no host in {part!r}")
        if port_text and not port_text.isdigit():
            raise ValueError(f"REDIS_URL: bad port in {part!r}")
        nodes.append((host, int(port_text) if port_text else default_port))
    if not nodes:
        raise ValueError("REDIS_URL: no host given")
    return tuple(nodes)


def _options(query: str) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for name, values in parse_qs(query).items():
        parser: Callable[[str], Any] | None = URL_QUERY_ARGUMENT_PARSERS.get(name)  # type: ignore[assignment]
        try:
            options[name] = parser(values[0]) if parser else values[0]
        except (TypeError, ValueError):
            raise ValueError(f"REDIS_URL: bad value for {name!r}") from None
    return options


def parse_redis_url(url: str) -> RedisTarget:
    """The target of REDIS_URL; ValueError (one line, no secret echoed) when it is malformed."""
    url = url.strip()
    scheme, sep, _ = url.partition("://")
    scheme = scheme.lower()
    if not sep:
        raise ValueError(
            "REDIS_URL must start with redis://, rediss://, unix://, "
            "redis+cluster:// or redis+sentinel://"
        )
    if scheme in SINGLE_SCHEMES:
        return RedisTarget("single", url, tls=scheme == "rediss")
    base, plus, mode = scheme.partition("+")
    if not plus or base not in ("redis", "rediss") or mode not in ("cluster", "sentinel"):
        raise ValueError(f"REDIS_URL: unknown scheme {scheme}://")
    # urlsplit cannot read several host:port pairs; the netloc is split by hand
    parts = urlsplit(url)
    netloc = parts.netloc
    userinfo = netloc.rpartition("@")[0] if "@" in netloc else ""
    user, _, password = userinfo.partition(":")
    common: dict[str, Any] = {
        "url": url,
        "tls": base == "rediss",
        "username": unquote(user) or None,
        "password": unquote(password) or None,
        "options": _options(parts.query),
    }
    path = [p for p in parts.path.split("/") if p]
    if mode == "cluster":
        if path and path != ["0"]:
            raise ValueError("REDIS_URL: a Redis Cluster has database 0 only")
        return RedisTarget("cluster", nodes=_nodes(netloc, DEFAULT_PORT), **common)
    if not path or len(path) > 2:
        raise ValueError("REDIS_URL: redis+sentinel://host:port[,host:port]/master-name[/db]")
    if len(path) == 2 and not path[1].isdigit():
        raise ValueError("REDIS_URL: the database after the master name must be a number")
    return RedisTarget(
        "sentinel",
        nodes=_nodes(netloc, SENTINEL_PORT),
        master=unquote(path[0]),
        db=int(path[1]) if len(path) == 2 else int(common["options"].pop("db", 0)),
        **common,
    )
