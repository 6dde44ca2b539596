dofile(os.getenv("ROOST_BENCH_DIR") .. "/common.lua")
-- The 50 messages before now in a random channel.
request = function()
  local m = pick()
  return wrk.format("GET", "/v3/group_channels/" .. m[1] .. "/messages?message_ts=" .. now .. "&prev_limit=50&next_limit=0", headers())
end
