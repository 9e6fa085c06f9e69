-- wrk script for bench/api.mjs: the requests of one scenario, and a JSON summary line at the end.
-- Settings come from the environment (bench/api.mjs sets them):
--   LOAD_KEY          X-API-Key to send (none when empty)
--   LOAD_BODY         the JSON body of a POST
--   LOAD_MIX          "post", "get", "plain" (wrk's own request: the URL given), or "mixed" (POST and GET in turn)
--   LOAD_GET_PATHS    newline-separated paths the GETs cycle through
--   LOAD_STOP_AFTER   stop after this many responses (per thread; 0 = run for the duration)

local key = os.getenv("LOAD_KEY") or ""
local body = os.getenv("LOAD_BODY") or ""
local mix = os.getenv("LOAD_MIX") or "plain"
local stop_after = tonumber(os.getenv("LOAD_STOP_AFTER") or "0") or 0

local paths = {}
for p in string.gmatch(os.getenv("LOAD_GET_PATHS") or "", "[^\n]+") do
  paths[#paths + 1] = p
end

-- built in init(): wrk adds the Host header to wrk.headers only once the script has loaded
local post_request
local gets = {}
init = function()
  local post_headers = { ["Content-Type"] = "application/json" }
  local get_headers = {}
  for name, value in pairs(wrk.headers) do
    post_headers[name] = value
    get_headers[name] = value
  end
  if key ~= "" then
    get_headers["X-API-Key"] = key
    post_headers["X-API-Key"] = key
  end
  post_request = wrk.format("POST", "/api/checkout/sessions", post_headers, body)
  for i, p in ipairs(paths) do
    gets[i] = wrk.format("GET", p, get_headers)
  end
end

local n = 0
if mix == "post" then
  request = function()
    return post_request
  end
elseif mix == "get" then
  request = function()
    n = n + 1
    return gets[(n % #gets) + 1]
  end
elseif mix == "mixed" then
  request = function()
    n = n + 1
    if n % 2 == 0 then
      return post_request
    end
    return gets[(n % #gets) + 1]
  end
end

-- Only defined when needed: a response() callback makes wrk hand every response to Lua. wrk's main
-- thread sleeps for the whole duration whatever a thread does, so a counted run ends the process
-- itself, with the counts (latencies are not kept for it). One thread (-t1) sees every response.
if stop_after > 0 then
  local seen, failed = 0, 0
  response = function(status)
    seen = seen + 1
    if status >= 400 then
      failed = failed + 1
    end
    if seen >= stop_after then
      io.write(string.format('WRK_RESULT {"requests":%d,"status":%d,"counted":true}\n', seen, failed))
      io.flush()
      os.exit(0)
    end
  end
end

done = function(summary, latency)
  local e = summary.errors
  io.write(
    string.format(
      'WRK_RESULT {"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
        '"p50Us":%d,"p90Us":%d,"p99Us":%d,"maxUs":%d,"meanUs":%.1f}\n',
      summary.requests,
      summary.duration,
      e.connect,
      e.read,
      e.write,
      e.status,
      e.timeout,
      latency:percentile(50),
      latency:percentile(90),
      latency:percentile(99),
      latency.max,
      latency.mean
    )
  )
end
