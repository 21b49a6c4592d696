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

# The ratings of one scope (global or a group) and its rating board, all players at once.
# KEYS: ratings hash (uid → 'version mu sigma games ordinal'), board zset, done zset, hidden
# set. ARGV: game id, finished_at, marker window, n, then n × (uid, expected version, new
# value, ordinal). → 1 / 0 / 2 as USER (0: some rating changed since it was read).
RATE = """
if redis.call('ZSCORE', KEYS[3], ARGV[1]) then return 1 end
local n = tonumber(ARGV[4])
for i = 0, n - 1 do
  local cur = redis.call('HGET', KEYS[1], ARGV[5 + i * 4])
  local have = cur and tonumber(string.match(cur, '^%d+')) or 0
  if have ~= tonumber(ARGV[6 + i * 4]) then return 0 end
end
for i = 0, n - 1 do
  local uid = ARGV[5 + i * 4]
  redis.call('HSET', KEYS[1], uid, ARGV[7 + i * 4])
  if redis.call('SISMEMBER', KEYS[4], uid) == 0 then
    redis.call('ZADD', KEYS[2], ARGV[8 + i * 4], uid)
  end
end
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', tonumber(ARGV[2]) - tonumber(ARGV[3]))
return 2
"""

# A solitaire player's board lines: wins and best streak only ever grow (ZADD GT, so a late or
# repeated write of an older value changes nothing), the day's line is written once (NX).
# KEYS: hidden set, wins board, streak board[, daily board]. ARGV: uid, wins, streak[, daily
# score, daily board ttl]. Nothing for a hidden user.
BOARDS = """
local uid = ARGV[1]
if redis.call('SISMEMBER', KEYS[1], uid) == 1 then return 0 end
redis.call('ZADD', KEYS[2], 'GT', ARGV[2], uid)
redis.call('ZADD', KEYS[3], 'GT', ARGV[3], uid)
if KEYS[4] then
  redis.call('ZADD', KEYS[4], 'NX', ARGV[4], uid)
  redis.call('EXPIRE', KEYS[4], ARGV[5])
end
return 1
"""

# A player's lines on weekly boards (a week's wins or days won, or ratings of the week's players):
# each value only grows within its week for counts (GT) or is the latest for ratings; nothing for
# a hidden user; the board lives WEEKLY_BOARD_TTL after its last write. KEYS: hidden set, then
# the boards. ARGV: ttl, 'GT' or '' (ratings), then uid and one value per board (0: not on it).
WEEKLY = """
if redis.call('SISMEMBER', KEYS[1], ARGV[3]) == 1 then return 0 end
for i = 2, #KEYS do
  local value = ARGV[2 + i]
  if ARGV[2] ~= 'GT' or tonumber(value) > 0 then
    if ARGV[2] == 'GT' then
      redis.call('ZADD', KEYS[i], 'GT', value, ARGV[3])
    else
      redis.call('ZADD', KEYS[i], value, ARGV[3])
    end
    redis.call('EXPIRE', KEYS[i], ARGV[1])
  end
end
return 1
"""

# Hide a user in one global scope. KEYS: hidden set, then the boards to leave. ARGV: uid.
HIDE = """
redis.call('SADD', KEYS[1], ARGV[1])
for i = 2, #KEYS do redis.call('ZREM', KEYS[i], ARGV[1]) end
return 1
"""

# Show a user again in one global scope. KEYS: hidden set, ratings hash, rating board, wins
# board, streak board. ARGV: uid, wins, streak ('' when the user has no solitaire lines).
UNHIDE = """
local uid = ARGV[1]
redis.call('SREM', KEYS[1], uid)
local cur = redis.call('HGET', KEYS[2], uid)
if cur then redis.call('ZADD', KEYS[3], string.match(cur, '(%S+)$'), uid) end
if ARGV[2] ~= '' then
  redis.call('ZADD', KEYS[4], 'GT', ARGV[2], uid)
  redis.call('ZADD', KEYS[5], 'GT', ARGV[3], uid)
end
return 1
"""

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
