"""The writes of bot.storage.writes on Redis: a `Read` is its command, a `Group` one call of APPLY
(a Lua script that runs the group's reads, guards and writes, all on keys of one slot); a group
of one unconditional write is that write's own command.

APPLY's ARGV[1] is the group as JSON (decoded by the script's cjson): `[reads, guards,
writes]`, each op a list `[letter, index of its key in KEYS, arguments…]`; a long text (a game's
payload, a result, a history line) goes as an ARGV of its own, named `{"a": n}`, so it is not
escaped into the JSON. One argument instead of one per value: redis-py encodes each argument
in Python. Reply: {failed, {values}}.
"""

from __future__ import annotations

import json
from typing import Any

from bot.storage.writes import (
    Absent,
    AddMember,
    Applied,
    Count,
    Delete,
    DropField,
    DropMember,
    Expire,
    Fewer,
    Field,
    FieldIs,
    Fields,
    GameIs,
    Get,
    Group,
    Items,
    Key,
    Lease,
    Members,
    Push,
    PutGame,
    Range,
    Rank,
    Read,
    Score,
    ScoreIs,
    SetFields,
    SetValue,
    Span,
    Timely,
    Trim,
    Unrank,
    Write,
)

APPLY = """
local p, out = cjson.decode(ARGV[1]), {}
local function v(x) if type(x) == 'table' then return ARGV[x.a] end return x end
for _, r in ipairs(p[1]) do
  local op, k = r[1], KEYS[r[2]]
  if op == 'G' then out[#out + 1] = redis.call('GET', k)
  elseif op == 'F' then out[#out + 1] = redis.call('HGETALL', k)
  elseif op == 'f' then out[#out + 1] = redis.call('HMGET', k, unpack(r, 3))
  elseif op == 'L' then out[#out + 1] = redis.call('LRANGE', k, r[3], r[4])
  elseif op == 'M' then out[#out + 1] = redis.call('SMEMBERS', k)
  elseif op == 'S' then out[#out + 1] = redis.call('ZSCORE', k, r[3])
  elseif op == 'R' and r[3] == 1 then
    out[#out + 1] = redis.call('ZREVRANGEBYSCORE', k, r[5], r[4], 'WITHSCORES', 'LIMIT', r[6], r[7])
  elseif op == 'R' then
    out[#out + 1] = redis.call('ZRANGEBYSCORE', k, r[4], r[5], 'WITHSCORES', 'LIMIT', r[6], r[7])
  else out[#out + 1] = redis.call('ZCOUNT', k, r[3], r[4]) end
end
for g, r in ipairs(p[2]) do
  local op, ok = r[1], false
  if op == 'T' then
    local t = redis.call('TIME')
    ok = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) <= r[2]
  else
    local k = KEYS[r[2]]
    if op == 'V' then
      local cur = redis.call('HGET', k, 'v')
      ok = cur and tonumber(cur) == r[3]
    elseif op == 'A' then ok = not redis.call('ZSCORE', k, r[3])
    elseif op == 'E' then
      local cur = redis.call('HGET', k, r[3])
      if r[4] == 1 then ok = cur == r[5] else ok = not cur end
    elseif op == 'Z' then
      local cur = redis.call('ZSCORE', k, r[3])
      ok = cur and tonumber(cur) == tonumber(r[4])
    else ok = redis.call('ZCOUNT', k, r[3], r[4]) < r[5] end
  end
  if not ok then return {g, out} end
end
for _, r in ipairs(p[3]) do
  local op, k = r[1], KEYS[r[2]]
  if op == 'set' then
    local extra = {}
    if r[5] == 1 then extra[#extra + 1] = 'NX' end
    if r[4] > 0 then extra[#extra + 1] = 'PX'; extra[#extra + 1] = r[4] end
    redis.call('SET', k, v(r[3]), unpack(extra))
  elseif op == 'del' then redis.call('DEL', k)
  elseif op == 'hset' then if #r > 2 then redis.call('HSET', k, unpack(r, 3)) end
  elseif op == 'hdel' then redis.call('HDEL', k, r[3])
  elseif op == 'push' then redis.call('LPUSH', k, v(r[3])); redis.call('LTRIM', k, 0, r[4] - 1)
  elseif op == 'sadd' then redis.call('SADD', k, r[3])
  elseif op == 'srem' then redis.call('SREM', k, r[3])
  elseif op == 'zrem' then redis.call('ZREM', k, r[3])
  elseif op == 'trim' then redis.call('ZREMRANGEBYSCORE', k, r[3], r[4])
  elseif op == 'lease' then
    local got = redis.call('ZRANGEBYSCORE', k, '-inf', r[3], 'LIMIT', 0, r[4])
    for _, m in ipairs(got) do redis.call('ZADD', k, r[5], m) end
    out[#out + 1] = got
  elseif op == 'game' then
    redis.call('HSET', k, 'v', r[3], 'd', v(r[4]))
    redis.call('EXPIRE', k, r[5])
  elseif r[3] == 0 or redis.call('SISMEMBER', KEYS[r[3]], r[4]) == 0 then
    if op == 'exp' then redis.call('PEXPIRE', k, r[5])
    elseif r[7] == '' then redis.call('ZADD', k, r[6], r[5])
    else redis.call('ZADD', k, r[7], r[6], r[5]) end
  end
end
return {0, out}
"""

_KEEP = {"latest": "", "max": "GT", "first": "NX"}


def num(x: float) -> str:
    """A score or a bound as Redis reads it."""
    if x == float("inf"):
        return "+inf"
    if x == float("-inf"):
        return "-inf"
    return repr(float(x))


def bounds(span: Span) -> tuple[str, str]:
    low = ("(" if span.low_open else "") + num(span.low)
    high = ("(" if span.high_open else "") + num(span.high)
    return low, high


_JSON = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)


class Encoder:
    """One group's KEYS and ARGV for APPLY: `name` turns a Key into its Redis key."""

    def __init__(self, name: Any, deadline_ms: int) -> None:
        self.name = name
        self.deadline_ms = deadline_ms

    def group(self, group: Group) -> tuple[list[str], list[Any]]:
        keys = group.keys()
        tags = {k.tag for k in keys}
        if len(tags) > 1:
            raise ValueError(f"a group's keys must share one slot: {sorted(tags)}")
        index = {k: i + 1 for i, k in enumerate(keys)}
        texts: list[str] = []

        def text(value: str) -> dict[str, int]:
            """A long text as an ARGV of its own (ARGV[1] is the JSON)."""
            texts.append(value)
            return {"a": len(texts) + 1}

        reads = [self.read(r, index) for r in group.reads]
        guards = [
            ["T", self.deadline_ms] if isinstance(g, Timely) else self.guard(g, index)
            for g in group.guards
        ]
        writes = [self.write(w, index, text) for w in group.writes]
        return [self.name(k) for k in keys], [_JSON.encode([reads, guards, writes]), *texts]

    @staticmethod
    def read(read: Read, index: dict[Key, int]) -> list[Any]:
        at = index[read.key]
        match read:
            case Get():
                return ["G", at]
            case Fields():
                return ["F", at]
            case Field(names=names):
                return ["f", at, *names]
            case Items(start=start, stop=stop):
                return ["L", at, start, stop]
            case Members():
                return ["M", at]
            case Score(member=member):
                return ["S", at, member]
            case Range(span=span, offset=offset, limit=limit, desc=desc):
                return ["R", at, int(desc), *bounds(span), offset, limit]
            case Count(span=span):
                return ["C", at, *bounds(span)]

    @staticmethod
    def guard(
        guard: GameIs | Absent | FieldIs | ScoreIs | Fewer, index: dict[Key, int]
    ) -> list[Any]:
        at = index[guard.key]
        match guard:
            case GameIs(version=version):
                return ["V", at, version]
            case Absent(member=member):
                return ["A", at, member]
            case FieldIs(name=name, value=value):
                return ["E", at, name, 0 if value is None else 1, value or ""]
            case ScoreIs(member=member, score=score):
                return ["Z", at, member, num(score)]
            case Fewer(span=span, n=n):
                return ["N", at, *bounds(span), n]

    @staticmethod
    def write(write: Write, index: dict[Key, int], text: Any) -> list[Any]:
        at = index[write.key]
        match write:
            case SetValue(value=value, ttl=ttl, only_new=only_new):
                px = 0 if ttl is None else max(1, int(ttl * 1000))
                return ["set", at, text(value), px, int(only_new)]
            case Delete():
                return ["del", at]
            case SetFields(pairs=pairs):
                return ["hset", at, *(x for pair in pairs for x in pair)]
            case DropField(name=name):
                return ["hdel", at, name]
            case Push(value=value, cap=cap):
                return ["push", at, text(value), cap]
            case AddMember(member=member):
                return ["sadd", at, member]
            case DropMember(member=member):
                return ["srem", at, member]
            case Unrank(member=member):
                return ["zrem", at, member]
            case Trim(span=span):
                return ["trim", at, *bounds(span)]
            case Lease(high=high, limit=limit, until=until):
                return ["lease", at, num(high), limit, num(until)]
            case PutGame(version=version, payload=payload, ttl=ttl):
                return ["game", at, version, text(payload), ttl]
        # the writes a hidden member skips: [op, key, set or 0, member, …]
        unless = [0, ""] if write.unless is None else [index[write.unless.key], write.unless.member]
        match write:
            case Rank(member=member, score=score, keep=keep):
                return ["zadd", at, *unless, member, num(score), _KEEP[keep]]
            case Expire(seconds=seconds):
                return ["exp", at, *unless, max(1, int(seconds * 1000))]


def command(item: Read | Write, name: Any) -> tuple[Any, ...] | None:
    """The plain command of a read, or of a write that needs no script (None: it does)."""
    key = name(item.key)
    match item:
        case Get():
            return ("GET", key)
        case Fields():
            return ("HGETALL", key)
        case Field(names=names):
            return ("HMGET", key, *names)
        case Items(start=start, stop=stop):
            return ("LRANGE", key, start, stop)
        case Members():
            return ("SMEMBERS", key)
        case Score(member=member):
            return ("ZSCORE", key, member)
        case Range(span=span, offset=offset, limit=limit, desc=desc):
            low, high = bounds(span)
            order = (high, low) if desc else (low, high)
            verb = "ZREVRANGEBYSCORE" if desc else "ZRANGEBYSCORE"
            return (verb, key, *order, "WITHSCORES", "LIMIT", offset, limit)
        case Count(span=span):
            return ("ZCOUNT", key, *bounds(span))
        case _:
            return _write_command(item, key)


def _write_command(write: Write, key: str) -> tuple[Any, ...] | None:
    match write:
        case Rank(unless=None, member=member, score=score, keep=keep):
            mode = _KEEP[keep]
            return ("ZADD", key, *([mode] if mode else []), num(score), member)
        case Unrank(member=member):
            return ("ZREM", key, member)
        case AddMember(member=member):
            return ("SADD", key, member)
        case DropMember(member=member):
            return ("SREM", key, member)
        case SetFields(pairs=pairs):
            return ("HSET", key, *(x for pair in pairs for x in pair))
        case DropField(name=field):
            return ("HDEL", key, field)
        case Delete():
            return ("DEL", key)
        case Trim(span=span):
            return ("ZREMRANGEBYSCORE", key, *bounds(span))
        case _:
            return None


def _pairs(raw: Any) -> list[Any]:
    if isinstance(raw, dict):
        return [x for kv in raw.items() for x in kv]
    return list(raw or ())


def value(read: Read, raw: Any) -> Any:
    """A read's value from its reply, as APPLY gives it or as redis-py's callbacks make it."""
    match read:
        case Get():
            return None if raw is None or raw is False else str(raw)
        case Fields():
            flat = _pairs(raw)
            return {str(k): str(v) for k, v in zip(flat[0::2], flat[1::2], strict=True)}
        case Field():
            return [None if v is None or v is False else str(v) for v in raw]
        case Items():
            return [str(v) for v in raw or ()]
        case Members():
            return sorted(str(m) for m in raw or ())
        case Score():
            return None if raw is None or raw is False else float(raw)
        case Range():
            flat = _pairs(raw)
            if flat and isinstance(flat[0], list | tuple):
                return [(str(m), float(s)) for m, s in flat]
            return [(str(m), float(s)) for m, s in zip(flat[0::2], flat[1::2], strict=True)]
        case Count():
            return int(raw)


def applied(group: Group, reply: Any) -> Applied:
    """An APPLY reply as `Applied`: the reads' values, then the leases' members."""
    failed, raw = reply
    values = [value(r, v) for r, v in zip(group.reads, raw, strict=False)]
    values += [[str(m) for m in v] for v in raw[len(group.reads) :]]
    return Applied(int(failed), values)
