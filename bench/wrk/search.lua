dofile(os.getenv("ROOST_BENCH_DIR") .. "/common.lua")
-- Search a random channel's messages for a keyword.
local words = { "apples", "boats", "clouds", "dinner", "engines", "forests", "gardens", "harbors" }
request = function()
  local m = pick()
  return wrk.format("GET", "/v3/search/messages?channel_url=" .. m[1] .. "&query=" .. words[math.random(#words)] .. "&limit=20", headers())
end
