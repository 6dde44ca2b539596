-- Shared by the benchmark scripts: the API token, and the channel memberships the bench
-- script writes to memberships.lua (pairs of channel URL and member user id).
local memberships = dofile(os.getenv("ROOST_BENCH_DIR") .. "/memberships.lua")
token = os.getenv("ROOST_BENCH_TOKEN")
now = os.getenv("ROOST_BENCH_NOW")

function pick()
  return memberships[math.random(#memberships)]
end

function headers()
  return { ["Api-Token"] = token, ["Content-Type"] = "application/json" }
end

function init(args)
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
end
