-- GET /health: the ceiling the other routes are compared with.
request = function()
  return wrk.format("GET", "/health")
end
