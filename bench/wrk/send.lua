dofile(os.getenv("ROOST_BENCH_DIR") .. "/common.lua")
-- Send a user message from a member of a random channel.
request = function()
  local m = pick()
  return wrk.format("POST", "/v3/group_channels/" .. m[1] .. "/messages", headers(),
    '{"message_type": "MESG", "user_id": "' .. m[2] .. '", "message": "benchmark message about boats"}')
end
