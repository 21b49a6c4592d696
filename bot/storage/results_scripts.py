"""The Lua scripts of the results' second step: each touches the keys of one slot only (one
user's, or one leaderboard scope's), and each is idempotent per game through a marker — the
game id in a `done` sorted set of that slot (scored by when it was counted, trimmed to a
window longer than a result is kept) — checked and set in the same script."""

# A user's statistics, history and marker. KEYS: stats hash, history list, done zset.
# ARGV: game id, expected stats version, finished_at, marker window, history entry, history
# cap, then field/value pairs. → 1: already applied, 0: the version moved (read again), 2: done.
USER = """
if redis.call('ZSCORE', KEYS[3], ARGV[1]) then return 1 end
local v = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if v ~= tonumber(ARGV[2]) then return 0 end
if #ARGV > 6 then
  redis.call('HSET', KEYS[1], 'v', v + 1, unpack(ARGV, 7))
else
  redis.call('HSET', KEYS[1], 'v', v + 1)
end
redis.call('LPUSH', KEYS[2], ARGV[5])
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[6]) - 1)
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', tonumber(ARGV[3]) - tonumber(ARGV[4]))
return 2
"""

# Board lines (bot.stats.game_end.BoardLine), a Lua function the scripts below share: ARGV from
# `from` on holds lines of six values: the board's index in KEYS, uid, score, keep ('max': only
# grows, 'first': written once, else the latest), ttl (0: none), hides ('1': not for a user in
# the hidden set `hid`).
WRITE_LINES = """
local function write_lines(hid, from)
  for i = from, #ARGV, 6 do
    local key, uid, score, keep = KEYS[tonumber(ARGV[i])], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
    if ARGV[i + 5] == '0' or redis.call('SISMEMBER', hid, uid) == 0 then
      if keep == 'max' then
        redis.call('ZADD', key, 'GT', score, uid)
      elseif keep == 'first' then
        redis.call('ZADD', key, 'NX', score, uid)
      else
        redis.call('ZADD', key, score, uid)
      end
      if ARGV[i + 4] ~= '0' then redis.call('EXPIRE', key, ARGV[i + 4]) end
    end
  end
end
"""

# Lines on the boards of one scope. KEYS: hidden set, then the boards. ARGV: the lines.
LINES = WRITE_LINES + "write_lines(KEYS[1], 1)\nreturn 1\n"

# The ratings of one scope (global or a group) with their board lines, all players at once.
# KEYS: ratings hash (uid → 'version mu sigma games ordinal'), done zset, hidden set, then the
# boards. ARGV: game id, finished_at, marker window, n, then n × (uid, expected version, new
# value), then the lines. → 1 / 0 / 2 as USER (0: some rating changed since it was read).
RATE = (
    WRITE_LINES
    + """
if redis.call('ZSCORE', KEYS[2], ARGV[1]) then return 1 end
local n = tonumber(ARGV[4])
for i = 0, n - 1 do
  local cur = redis.call('HGET', KEYS[1], ARGV[5 + i * 3])
  local have = cur and tonumber(string.match(cur, '^%d+')) or 0
  if have ~= tonumber(ARGV[6 + i * 3]) then return 0 end
end
for i = 0, n - 1 do
  redis.call('HSET', KEYS[1], ARGV[5 + i * 3], ARGV[7 + i * 3])
end
write_lines(KEYS[3], 5 + n * 3)
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', tonumber(ARGV[2]) - tonumber(ARGV[3]))
return 2
"""
)

# A leaderboard page and the caller's own line, in one call. KEYS: board. ARGV: offset, limit,
# ascending ('1'/'0'), uid ('' for none), floor ('-inf', or '(0': scorers only).
# → {entries with scores, total, own rank - 1, own score, rank - 1 of the page's first entry};
# a rank counts the players with a strictly better score (ties share it).
PAGE = """
local off, lim, floor = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[5]
local asc = ARGV[3] == '1'
local rows
if asc then
  rows = redis.call('ZRANGEBYSCORE', KEYS[1], floor, '+inf', 'WITHSCORES', 'LIMIT', off, lim)
else
  rows = redis.call('ZREVRANGEBYSCORE', KEYS[1], '+inf', floor, 'WITHSCORES', 'LIMIT', off, lim)
end
local function ahead(s)
  if asc then return redis.call('ZCOUNT', KEYS[1], floor, '(' .. s) end
  return redis.call('ZCOUNT', KEYS[1], '(' .. s, '+inf')
end
local rank, score = -1, ''
if ARGV[4] ~= '' then
  local own = redis.call('ZSCORE', KEYS[1], ARGV[4])
  if own and (floor == '-inf' or tonumber(own) > 0) then rank, score = ahead(own), own end
end
local first = -1
if #rows > 0 then first = ahead(rows[2]) end
return {rows, redis.call('ZCOUNT', KEYS[1], floor, '+inf'), rank, score, first}
"""
