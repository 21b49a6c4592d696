"""The Lua scripts of the Redis games (the hot path, bot.storage.redis_games): each touches one
key (one Cluster slot), atomically. Everything else goes through APPLY (bot.storage.redis_apply)."""

CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'd', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
"""

# ARGV[5]: the last moment (ms on Redis's clock) the save may happen. The caller gives up
# waiting at that moment and tells the player the move was not made, so a save that reaches
# Redis later (a paused server catching up on its socket) must not happen either.
SAVE = """
local t = redis.call('TIME')
if tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) > tonumber(ARGV[5]) then
  return -1
end
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
