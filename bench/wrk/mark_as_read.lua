dofile(os.getenv("ROOST_BENCH_DIR") .. "/common.lua")
-- A random member marks a channel as read.
request = function()
  local m = pick()
  return wrk.format("PUT", "/v3/group_channels/" .. m[1] .. "/messages/mark_as_read", headers(), '{"user_id": "' .. m[2] .. '"}')
end
