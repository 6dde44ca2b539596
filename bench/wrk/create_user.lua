dofile(os.getenv("ROOST_BENCH_DIR") .. "/common.lua")
-- Create a user with a fresh id.
local prefix = nil
local counter = 0
request = function()
  if prefix == nil then prefix = tostring(math.random(1, 1000000000)) end
  counter = counter + 1
  local id = "bench-" .. prefix .. "-" .. counter
  return wrk.format("POST", "/v3/users", headers(), '{"user_id": "' .. id .. '", "nickname": "Bench", "profile_url": ""}')
end
