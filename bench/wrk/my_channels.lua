dofile(os.getenv("ROOST_BENCH_DIR") .. "/common.lua")
-- A random member's group channels (the first ten, with last messages and unread counts).
request = function()
  local m = pick()
  return wrk.format("GET", "/v3/users/" .. m[2] .. "/my_group_channels", headers())
end
