"""The writes of bot.storage.writes on Redis: a `Read` is its command, a `Group` one call of APPLY
(a Lua script that runs the group's reads, guards and writes, all on keys of one slot); a group
of one unconditional write is that write's own command.

APPLY's ARGV: the reads (a count, then each: an op letter, its key's index in KEYS, its
arguments), the guards (likewise), the writes (likewise, each with `unless`: a set's index in
KEYS or 0, and the member). Reply: {failed, {values}}.
"""

from __future__ import annotations

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
local i, out = 1, {}
local function arg() i = i + 1; return ARGV[i - 1] end
local function key() return KEYS[tonumber(arg())] end
local function span() local lo = arg(); return lo, arg() end
for _ = 1, tonumber(arg()) do
  local op = arg()
  local k = key()
  if op == 'G' then out[#out + 1] = redis.call('GET', k)
  elseif op == 'F' then out[#out + 1] = redis.call('HGETALL', k)
  elseif op == 'f' then
    local n = tonumber(arg())
    out[#out + 1] = redis.call('HMGET', k, unpack(ARGV, i, i + n - 1))
    i = i + n
  elseif op == 'L' then local a = arg(); out[#out + 1] = redis.call('LRANGE', k, a, arg())
  elseif op == 'M' then out[#out + 1] = redis.call('SMEMBERS', k)
  elseif op == 'S' then out[#out + 1] = redis.call('ZSCORE', k, arg())
  elseif op == 'R' then
    local desc = arg() == '1'
    local lo, hi = span()
    local off = arg()
    local lim = arg()
    if desc then
      out[#out + 1] = redis.call('ZREVRANGEBYSCORE', k, hi, lo, 'WITHSCORES', 'LIMIT', off, lim)
    else
      out[#out + 1] = redis.call('ZRANGEBYSCORE', k, lo, hi, 'WITHSCORES', 'LIMIT', off, lim)
    end
  else local lo, hi = span(); out[#out + 1] = redis.call('ZCOUNT', k, lo, hi) end
end
for g = 1, tonumber(arg()) do
  local op, ok = arg(), false
  if op == 'T' then
    local t = redis.call('TIME')
    ok = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) <= tonumber(arg())
  else
    local k = key()
    if op == 'V' then
      local want = arg()
      local v = redis.call('HGET', k, 'v')
      ok = v and tonumber(v) == tonumber(want)
    elseif op == 'A' then ok = not redis.call('ZSCORE', k, arg())
    elseif op == 'E' then
      local cur = redis.call('HGET', k, arg())
      local has = arg()
      local want = arg()
      if has == '1' then ok = cur == want else ok = not cur end
    elseif op == 'Z' then
      local s = redis.call('ZSCORE', k, arg())
      local want = arg()
      ok = s and tonumber(s) == tonumber(want)
    else
      local lo, hi = span()
      ok = redis.call('ZCOUNT', k, lo, hi) < tonumber(arg())
    end
  end
  if not ok then return {g, out} end
end
for _ = 1, tonumber(arg()) do
  local op = arg()
  local k = key()
  local hid = arg()
  local who = arg()
  local go = hid == '0' or redis.call('SISMEMBER', KEYS[tonumber(hid)], who) == 0
  if op == 'set' then
    local v = arg()
    local px = arg()
    local extra = {}
    if arg() == '1' then extra[#extra + 1] = 'NX' end
    if px ~= '0' then extra[#extra + 1] = 'PX'; extra[#extra + 1] = px end
    if go then redis.call('SET', k, v, unpack(extra)) end
  elseif op == 'del' then if go then redis.call('DEL', k) end
  elseif op == 'hset' then
    local n = tonumber(arg())
    if go and n > 0 then redis.call('HSET', k, unpack(ARGV, i, i + 2 * n - 1)) end
    i = i + 2 * n
  elseif op == 'hdel' then local f = arg(); if go then redis.call('HDEL', k, f) end
  elseif op == 'push' then
    local v = arg()
    local cap = tonumber(arg())
    if go then redis.call('LPUSH', k, v); redis.call('LTRIM', k, 0, cap - 1) end
  elseif op == 'sadd' then local m = arg(); if go then redis.call('SADD', k, m) end
  elseif op == 'srem' then local m = arg(); if go then redis.call('SREM', k, m) end
  elseif op == 'zadd' then
    local m = arg()
    local s = arg()
    local mode = arg()
    if go and mode == '' then redis.call('ZADD', k, s, m)
    elseif go then redis.call('ZADD', k, mode, s, m) end
  elseif op == 'zrem' then local m = arg(); if go then redis.call('ZREM', k, m) end
  elseif op == 'trim' then
    local lo, hi = span()
    if go then redis.call('ZREMRANGEBYSCORE', k, lo, hi) end
  elseif op == 'exp' then local ms = arg(); if go then redis.call('PEXPIRE', k, ms) end
  elseif op == 'lease' then
    local hi = arg()
    local n = arg()
    local til = arg()
    local got = redis.call('ZRANGEBYSCORE', k, '-inf', hi, 'LIMIT', 0, n)
    for _, m in ipairs(got) do redis.call('ZADD', k, til, m) end
    out[#out + 1] = got
  else
    local v = arg()
    local d = arg()
    local ttl = arg()
    if go then redis.call('HSET', k, 'v', v, 'd', d); redis.call('EXPIRE', k, ttl) end
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
        args: list[Any] = [len(group.reads)]
        for read in group.reads:
            args += self.read(read, index)
        args.append(len(group.guards))
        for guard in group.guards:
            if isinstance(guard, Timely):
                args += ["T", self.deadline_ms]
            else:
                args += self.guard(guard, index)
        args.append(len(group.writes))
        for write in group.writes:
            args += self.write(write, index)
        return [self.name(k) for k in keys], args

    @staticmethod
    def read(read: Read, index: dict[Key, int]) -> list[Any]:
        at = index[read.key]
        match read:
            case Get():
                return ["G", at]
            case Fields():
                return ["F", at]
            case Field(names=names):
                return ["f", at, len(names), *names]
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
                return ["E", at, name, "0" if value is None else "1", value or ""]
            case ScoreIs(member=member, score=score):
                return ["Z", at, member, num(score)]
            case Fewer(span=span, n=n):
                return ["N", at, *bounds(span), n]

    @staticmethod
    def write(write: Write, index: dict[Key, int]) -> list[Any]:
        unless = getattr(write, "unless", None)
        head: list[Any] = [index[write.key]]
        head += [0, ""] if unless is None else [index[unless.key], unless.member]
        match write:
            case SetValue(value=value, ttl=ttl, only_new=only_new):
                px = 0 if ttl is None else max(1, int(ttl * 1000))
                return ["set", *head, value, px, int(only_new)]
            case Delete():
                return ["del", *head]
            case SetFields(pairs=pairs):
                return ["hset", *head, len(pairs), *(x for pair in pairs for x in pair)]
            case DropField(name=name):
                return ["hdel", *head, name]
            case Push(value=value, cap=cap):
                return ["push", *head, value, cap]
            case AddMember(member=member):
                return ["sadd", *head, member]
            case DropMember(member=member):
                return ["srem", *head, member]
            case Rank(member=member, score=score, keep=keep):
                return ["zadd", *head, member, num(score), _KEEP[keep]]
            case Unrank(member=member):
                return ["zrem", *head, member]
            case Trim(span=span):
                return ["trim", *head, *bounds(span)]
            case Expire(seconds=seconds):
                return ["exp", *head, max(1, int(seconds * 1000))]
            case Lease(high=high, limit=limit, until=until):
                return ["lease", *head, num(high), limit, num(until)]
            case PutGame(version=version, payload=payload, ttl=ttl):
                return ["game", *head, version, payload, ttl]


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
