dofile(os.getenv("ROOST_BENCH_DIR") .. "/common.lua")
-- View a random channel with its members.
request = function()
  local m = pick()
  return wrk.format("GET", "/v3/group_channels/" .. m[1] .. "?show_member=true", headers())
end
