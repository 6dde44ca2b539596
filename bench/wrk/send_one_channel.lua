dofile(os.getenv("ROOST_BENCH_DIR") .. "/common.lua")
-- Every connection sends into one channel (ROOST_BENCH_CHANNEL), as one of its members.
local channel = os.getenv("ROOST_BENCH_CHANNEL")
local members = {}
for _, m in ipairs(dofile(os.getenv("ROOST_BENCH_DIR") .. "/memberships.lua")) do
  if m[1] == channel then members[#members + 1] = m[2] end
end

request = function()
  return wrk.format("POST", "/v3/group_channels/" .. channel .. "/messages", headers(),
    '{"message_type": "MESG", "user_id": "' .. members[math.random(#members)] .. '", "message": "benchmark message about boats"}')
end
