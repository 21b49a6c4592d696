"""The Lua scripts of the Redis store: each touches one key (one Cluster slot), atomically."""

CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'd', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
"""

SAVE = """
local v = redis.call('HGET', KEYS[1], 'v')
if not v or tonumber(v) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'd', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
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

CLAIM_DUE = """
local keys = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
for _, key in ipairs(keys) do redis.call('ZADD', KEYS[1], ARGV[3], key) end
return keys
"""

FINISH_DUE = """
local due = redis.call('ZSCORE', KEYS[1], ARGV[1])
if due and tonumber(due) == tonumber(ARGV[2]) then return redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0
"""
