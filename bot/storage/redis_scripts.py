"""The Lua scripts of the Redis store: each touches one key (one Cluster slot), atomically."""

CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'd', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
"""

# ARGV[5]: the last moment (ms on Redis's clock) the save may happen. The caller gives up
# waiting at that moment and tells the player the move was not made, so a save that reaches
# Redis later (a paused server catching up on its socket) must not happen either.
# With a second key (the game's result, same slot): the save also records the result (ARGV[6],
# kept ARGV[7] seconds; never overwritten), so a game's end and its result are one write.
SAVE = """
local t = redis.call('TIME')
if tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) > tonumber(ARGV[5]) then
  return -1
end
local v = redis.call('HGET', KEYS[1], 'v')
if not v or tonumber(v) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'd', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
if KEYS[2] then redis.call('SET', KEYS[2], ARGV[6], 'NX', 'EX', ARGV[7]) end
return 1
"""

LOAD_IF_CHANGED = """
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return false end
if v == ARGV[1] then return 1 end
return {v, redis.call('HGET', KEYS[1], 'd')}
"""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
"""

# ARGV[4]: like SAVE's, the last moment (ms on Redis's clock) the claim may happen: a claim
# sent while Redis was paused, whose caller gave up waiting, must not lease the keys (its
# reply is lost, and the keys would stay leased for the whole lease)
CLAIM_DUE = """
local t = redis.call('TIME')
if tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) > tonumber(ARGV[4]) then
  return {}
end
local keys = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
for _, key in ipairs(keys) do redis.call('ZADD', KEYS[1], ARGV[3], key) end
return keys
"""

FINISH_DUE = """
local due = redis.call('ZSCORE', KEYS[1], ARGV[1])
if due and tonumber(due) == tonumber(ARGV[2]) then return redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0
"""

TAKE_SEND = """
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local limit, gap = tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local n = redis.call('ZCARD', KEYS[1])
local wait = 0
if n > 0 then
  local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
  wait = math.max(wait, tonumber(last[2]) + gap - now)
  if n >= limit then
    local first = redis.call('ZRANGE', KEYS[1], n - limit, n - limit, 'WITHSCORES')
    wait = math.max(wait, tonumber(first[2]) + window - now)
  end
end
if wait > 0 then return tostring(wait) end
redis.call('ZADD', KEYS[1], now, ARGV[5])
redis.call('PEXPIRE', KEYS[1], math.ceil(window * 1000))
return '0'
"""
