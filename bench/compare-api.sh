#!/usr/bin/env bash
# Compares builds of the service in one run, as bench:api measures one: each server runs through
# scripts/server.mjs on a database of its own, and they are measured in turn (floor, GET session,
# POST session), ROUNDS times, so that the machine's drift falls on all of them alike. Prints req/s,
# the ratios to each server's own floor, and the server process tree's CPU ms per request (/proc).
#
#   bench/compare-api.sh NAME=ROOT[:LOG_LEVEL[:FLOOR_PATH]] ...
#   ROUNDS=3 SECS=8 bench/compare-api.sh prev=/tmp/prev:info:/api/health cur=.:info curwarn=.:warn
#
# Each ROOT is a checkout with node_modules and a production build (`npx next build`). Needs wrk,
# curl, psql and the PostgreSQL server of BENCH_DATABASE_URL (trust auth).
set -euo pipefail
SECS=${SECS:-8}
ROUNDS=${ROUNDS:-3}
ADMIN_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
LUA="$(cd "$(dirname "$0")" && pwd)/api-load.lua"
LOGS=$(mktemp -d)
declare -a NAMES PORTS PIDS DBS KEYS BODIES IDS FLOORS

cleanup() {
  for pid in "${PIDS[@]:-}"; do [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for db in "${DBS[@]:-}"; do [ -n "$db" ] && psql "$ADMIN_URL" -qc "drop database if exists $db with (force)" || true; done
}
trap cleanup EXIT

json() { node -pe "const j=JSON.parse(require('fs').readFileSync(0)); $1"; }

i=0
for spec in "$@"; do
  name=${spec%%=*}
  IFS=: read -r root level floor <<<"${spec#*=}"
  port=$((4600 + i))
  db="compare_${name}_$$"
  psql "$ADMIN_URL" -qc "create database $db"
  url=$(node -pe "const u=new URL(process.argv[1]); u.pathname='/$db'; u.href" "$ADMIN_URL")
  (cd "$root" && DATABASE_URL=$url APP_SECRET=OeG0184reIaWpMgrDPlnRG7cRB-PknELT1SBLgpxZK0 NEXTAUTH_SECRET=_GX6plEkfWnX4ExfGf7vP7ZPsWzeWcfCxEctPtMRK7w SMTP_URL=smtp://127.0.0.1:9 \
    RATE_LIMIT_MULTIPLIER=1000 LOG_LEVEL=${level:-info} METRICS_TOKEN=bench-metrics-token-0123456789 \
    NEXT_TELEMETRY_DISABLED=1 DB_POOL_SIZE=20 exec node scripts/server.mjs -p $port -H 127.0.0.1 >"$LOGS/$name.log" 2>&1) &
  PIDS[i]=$!
  NAMES[i]=$name
  PORTS[i]=$port
  DBS[i]=$db
  FLOORS[i]=${floor:-/api/health/live}
  i=$((i + 1))
done
n=$i
echo "logs in $LOGS"

for ((j = 0; j < n; j++)); do
  base=http://127.0.0.1:${PORTS[j]}
  for _ in $(seq 1 120); do curl -sf "$base/api/health" >/dev/null && break; sleep 0.5; done
  merchant=$(curl -sf -X POST -H 'content-type: application/json' -d '{"name":"compare"}' "$base/api/merchants")
  KEYS[j]=$(echo "$merchant" | json 'j.responseObject.apiKey')
  mid=$(echo "$merchant" | json 'j.responseObject.id')
  BODIES[j]='{"merchantId":"'$mid'","amountUsdc":"50.00","destinationChainId":8453,"destinationToken":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","recipientAddress":"0x52908400098527886E0F7030069857D2E4169EE7"}'
  IDS[j]=$(curl -sf -X POST -H "x-api-key: ${KEYS[j]}" -H 'content-type: application/json' -d "${BODIES[j]}" \
    "$base/api/checkout/sessions" | json 'j.responseObject.session.id')
done

# CPU ticks (1/100 s) of a process and its children
ticks() {
  local t=0
  for pid in $(pgrep -P "$1") "$1"; do t=$((t + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done
  echo $t
}
# run J MIX PATH SECONDS: prints "req/s cpu-ms-per-request" (only answers below 400 count)
run() {
  local j=$1 before after result
  before=$(ticks "${PIDS[j]}")
  result=$(LOAD_MIX=$2 LOAD_KEY=${KEYS[j]} LOAD_BODY="${BODIES[j]}" LOAD_GET_PATHS="/api/checkout/sessions/${IDS[j]}" \
    LOAD_STOP_AFTER=0 wrk -t1 -c32 -d"$4"s -s "$LUA" "http://127.0.0.1:${PORTS[j]}$3" | grep '^WRK_RESULT ' | cut -d' ' -f2-)
  after=$(ticks "${PIDS[j]}")
  echo "$result" | json "const ok=j.requests-j.status; (ok/(j.durationUs/1e6)).toFixed(0)+' '+(($after-$before)*10/ok).toFixed(3)"
}

for ((j = 0; j < n; j++)); do # warm-up
  run $j post /api/checkout/sessions 3 >/dev/null
  run $j get /api/checkout/sessions 2 >/dev/null
  run $j plain "${FLOORS[j]}" 2 >/dev/null
done
for r in $(seq 1 "$ROUNDS"); do
  for ((j = 0; j < n; j++)); do
    read -r f fc <<<"$(run $j plain "${FLOORS[j]}" "$SECS")"
    read -r g gc <<<"$(run $j get /api/checkout/sessions "$SECS")"
    read -r p pc <<<"$(run $j post /api/checkout/sessions "$SECS")"
    printf 'round %s %-10s req/s floor %5s GET %5s POST %5s | / floor: GET %s POST %s | server CPU ms/req: floor %s GET %s POST %s\n' \
      "$r" "${NAMES[j]}" "$f" "$g" "$p" "$(node -pe "($g/$f).toFixed(2)")" "$(node -pe "($p/$f).toFixed(2)")" "$fc" "$gc" "$pc"
  done
done
