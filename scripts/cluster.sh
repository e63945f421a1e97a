#!/usr/bin/env bash
# The registry as a cluster on this machine: 3 OpenSearch nodes (the Maven artefact that
# services.sh fetches), HAProxy in front of 2 `api` processes (health check on /readyz, retry of
# failed connections), 2 `worker`s and 2 `scheduler`s, on the machine's Postgres and Redis under
# their own database, index prefix and queue prefix: a running `npm start` (3000, 9200) and the
# test runs are left alone.
#
#   bash scripts/cluster.sh up | down | status   # up builds first (npm run build)
#   bash scripts/cluster.sh kill ROLE N      # kill -9 one member: opensearch|api|worker|scheduler|haproxy
#   bash scripts/cluster.sh restart ROLE N   # start it again (after a kill) and wait until it is ready
#   bash scripts/cluster.sh haproxy-config   # prints the load balancer's configuration as up writes it
#
# Env (defaults in brackets): CLUSTER_DIR [.cache/cluster], CLUSTER_NAME [cluster] (database
# registry_<name>, index prefix <name>_, queue prefix registry_<name>), CLUSTER_PORT [3100] (the load
# balancer; api N on +N, its metrics on +30+N, worker N's health on +10+N, scheduler N's on +20+N,
# HAProxy's stats on +9), CLUSTER_LB_SOURCE [127.0.0.2] (the loopback address HAProxy connects to
# the api processes from: their TRUST_PROXY, so clients on 127.0.0.1 or any other loopback address
# stay clients),
# CLUSTER_OS_PORT [9201] (node N's HTTP on +N-1, transport on +100+N-1), CLUSTER_OS_HEAP [512m],
# CLUSTER_SEED [demo] (the demo catalogue; `none`: migrations only; a file of `npm run backup`:
# restored into the cluster's database when it has no tables yet). Anything else the roles read
# (SMTP_URL, DATACITE_*, RATE_LIMIT_MAX…) is passed through. docs/deployment.md explains the topology.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

OPENSEARCH_VERSION=$(sed -n 's/^OPENSEARCH_VERSION=//p' scripts/services.sh)
OS_DIST="$ROOT/.cache/opensearch/opensearch-$OPENSEARCH_VERSION"
OS_USER=opensearch

CLUSTER_DIR=$(realpath -m "${CLUSTER_DIR:-$ROOT/.cache/cluster}") # relative: to the checkout
CLUSTER_NAME=${CLUSTER_NAME:-cluster}
CLUSTER_PORT=${CLUSTER_PORT:-3100}
CLUSTER_OS_PORT=${CLUSTER_OS_PORT:-9201}
CLUSTER_OS_HEAP=${CLUSTER_OS_HEAP:-512m}
CLUSTER_SEED=${CLUSTER_SEED:-demo}
CLUSTER_LB_SOURCE=${CLUSTER_LB_SOURCE:-127.0.0.2}
POSTGRES_BASE=${CLUSTER_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}

OS_NODES=3
API_COUNT=2
WORKER_COUNT=2
SCHEDULER_COUNT=2
OS_HOME="$CLUSTER_DIR/opensearch-home"
RUN="$CLUSTER_DIR/run"
LOGS="$CLUSTER_DIR/logs"
HAPROXY_CFG="$CLUSTER_DIR/haproxy.cfg"
STATS_PORT=$((CLUSTER_PORT + 9))
LB_URL="http://127.0.0.1:$CLUSTER_PORT"

say() { echo "cluster: $*"; }
die() { echo "cluster: error: $*" >&2; exit 1; }

os_http_port() { echo $((CLUSTER_OS_PORT + $1 - 1)); }
os_transport_port() { echo $((CLUSTER_OS_PORT + 100 + $1 - 1)); }
os_urls() {
  local n urls=()
  for n in $(seq 1 $OS_NODES); do urls+=("http://127.0.0.1:$(os_http_port "$n")"); done
  (IFS=,; echo "${urls[*]}")
}
role_port() { # ROLE N -> the HTTP port of that process (api: traffic; worker/scheduler: readiness)
  case $1 in
    api) echo $((CLUSTER_PORT + $2)) ;;
    api-metrics) echo $((CLUSTER_PORT + 30 + $2)) ;;
    worker) echo $((CLUSTER_PORT + 10 + $2)) ;;
    scheduler) echo $((CLUSTER_PORT + 20 + $2)) ;;
    *) die "unknown role $1" ;;
  esac
}
role_count() {
  case $1 in opensearch) echo $OS_NODES ;; api) echo $API_COUNT ;; worker) echo $WORKER_COUNT ;; scheduler) echo $SCHEDULER_COUNT ;; haproxy) echo 1 ;; *) die "unknown role $1 (opensearch, api, worker, scheduler, haproxy)" ;; esac
}

# The environment every role of this cluster runs with.
cluster_env() {
  local secret_file="$CLUSTER_DIR/jwt-secret"
  [ -s "$secret_file" ] || (umask 077 && head -c 48 /dev/urandom | base64 | tr -d '\n=' >"$secret_file")
  export NODE_ENV=production
  export JWT_SECRET; JWT_SECRET=$(cat "$secret_file")
  export DATABASE_URL="$POSTGRES_BASE/registry_$CLUSTER_NAME"
  export REDIS_URL
  export OPENSEARCH_URL; OPENSEARCH_URL=$(os_urls)
  export INDEX_PREFIX="${CLUSTER_NAME}_"
  export QUEUE_PREFIX="registry_$CLUSTER_NAME"
  export PUBLIC_URL="$LB_URL"
  export HOST=127.0.0.1
  # Only the load balancer's own address may say who the client is (X-Forwarded-For): never all
  # of loopback, where the clients of this machine are too.
  export TRUST_PROXY="$CLUSTER_LB_SOURCE"
}

alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
http_ok() { curl -fsS -o /dev/null -m 2 "$1" 2>/dev/null; }
wait_for() { # SECONDS DESCRIPTION LOG_FILE|'' COMMAND...
  local deadline=$((SECONDS + $1)) what=$2 log=$3; shift 3
  until "$@"; do
    if [ $SECONDS -ge $deadline ]; then
      if [ -n "$log" ] && [ -s "$log" ]; then echo "---- last lines of ${log#"$ROOT"/} ----" >&2; tail -n 20 "$log" | cut -c1-400 >&2; fi
      die "$what: not ready after the time allowed (logs: ${LOGS#"$ROOT"/}/)"
    fi
    sleep 0.5
  done
}

# ---- OpenSearch -------------------------------------------------------------------------

# A home of the cluster's own (hard links into the distribution, a config of its own), so the
# nodes are told apart from services.sh's node by their command line.
os_prepare() {
  mkdir -p "$CLUSTER_DIR"
  # One at a time (parallel restarts of several nodes).
  exec 8>"$CLUSTER_DIR/.prepare.lock"
  flock -w 300 8 || die "timed out waiting for $CLUSTER_DIR/.prepare.lock"
  [ -x "$OS_DIST/bin/opensearch" ] || bash scripts/services.sh fetch >/dev/null
  [ -x "$OS_DIST/bin/opensearch" ] || die "OpenSearch $OPENSEARCH_VERSION is not under ${OS_DIST#"$ROOT"/} (bash scripts/services.sh fetch lays it out)"
  if [ ! -x "$OS_HOME/bin/opensearch" ]; then
    mkdir -p "$OS_HOME"
    cp -al "$OS_DIST/bin" "$OS_DIST/lib" "$OS_DIST/modules" "$OS_DIST/plugins" "$OS_HOME/"
    cp -r "$OS_DIST/config" "$OS_HOME/"
    rm -f "$OS_HOME/config/opensearch.keystore"
    # The distribution's GC log, error file and heap dumps sit under its home, shared by the
    # nodes here: each node sets its own (os_start).
    sed -i -e '/logs\/gc\.log/d' -e '/HeapDumpPath=/d' -e '/ErrorFile=/d' "$OS_HOME/config/jvm.options"
  fi
  mkdir -p "$RUN" "$LOGS"
  chmod o+x "$CLUSTER_DIR" "$(dirname "$CLUSTER_DIR")" "$OS_HOME"
  chown -R "$OS_USER:" "$OS_HOME/config"
  exec 8>&-
}

os_node_dir() { echo "$CLUSTER_DIR/opensearch-$1"; }

os_start() {
  local n=$1 dir pidfile seeds="" managers="" i
  dir=$(os_node_dir "$n"); pidfile="$dir/node.pid"
  if alive "$pidfile"; then return; fi
  mkdir -p "$dir/data" "$dir/logs"
  chown -R "$OS_USER:" "$dir"
  for i in $(seq 1 $OS_NODES); do
    seeds+="${seeds:+,}127.0.0.1:$(os_transport_port "$i")"
    managers+="${managers:+,}$CLUSTER_NAME-os-$i"
  done
  local java_home; java_home=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
  rm -f "$pidfile"
  # 8>&-: the node must not hold os_prepare's lock.
  (cd "$OS_HOME" && setsid runuser -u "$OS_USER" -- env \
      JAVA_HOME="$java_home" OPENSEARCH_JAVA_HOME="$java_home" OPENSEARCH_PATH_CONF="$OS_HOME/config" \
      OPENSEARCH_JAVA_OPTS="-Xms$CLUSTER_OS_HEAP -Xmx$CLUSTER_OS_HEAP -XX:HeapDumpPath=$dir/data -XX:ErrorFile=$dir/logs/hs_err_pid%p.log -Xlog:gc*:file=$dir/logs/gc.log:utctime:filecount=4,filesize=16m" \
      "$OS_HOME/bin/opensearch" -d -p "$pidfile" \
        -Ecluster.name="registry-$CLUSTER_NAME" \
        -Enode.name="$CLUSTER_NAME-os-$n" \
        -Enetwork.host=127.0.0.1 \
        -Ehttp.port="$(os_http_port "$n")" \
        -Etransport.port="$(os_transport_port "$n")" \
        -Ediscovery.seed_hosts="$seeds" \
        -Ecluster.initial_cluster_manager_nodes="$managers" \
        -Epath.data="$dir/data" \
        -Epath.logs="$dir/logs" \
        -Ecluster.routing.allocation.disk.threshold_enabled=false \
        -Etask_resource_tracking.enabled=false) >"$LOGS/opensearch-$n.launch.log" 2>&1 </dev/null 8>&- \
    || { tail -n 30 "$LOGS/opensearch-$n.launch.log" >&2; die "OpenSearch node $n did not start"; }
}

os_health() { # -> green|yellow|red, or nothing when no node answers
  local n status
  for n in $(seq 1 $OS_NODES); do
    status=$(curl -fsS -m 2 "http://127.0.0.1:$(os_http_port "$n")/_cluster/health" 2>/dev/null | sed -n 's/.*"status":"\([a-z]*\)".*/\1/p') || true
    if [ -n "$status" ]; then echo "$status"; return; fi
  done
}
os_nodes_joined() {
  local n; n=$(curl -fsS -m 2 "http://127.0.0.1:$(os_http_port 1)/_cat/nodes?h=name" 2>/dev/null | grep -c . || true)
  [ "${n:-0}" -ge $OS_NODES ]
}
os_not_red() { local h; h=$(os_health); [ "$h" = green ] || [ "$h" = yellow ]; }

# ---- Node roles ---------------------------------------------------------------------------

# The command of a role: `npm run <role>`'s script (the compiled build), run without npm in between
# so the process killed is the role itself.
role_command() {
  local command
  command=$(node -e 'const s = require("./package.json").scripts || {}; process.stdout.write(s[process.argv[1]] || "")' "$1")
  [ -n "$command" ] || die "package.json has no \"$1\" script (the $1 role's command)"
  echo "$command"
}

role_start() {
  local role=$1 n=$2 pidfile="$RUN/$1-$2.pid" port command
  if alive "$pidfile"; then return; fi
  port=$(role_port "$role" "$n")
  command=$(role_command "$role")
  # setsid: the member has a process group of its own, which `kill` ends as a whole.
  (cluster_env
   export PORT="$port" HEALTH_PORT="$port"
   # An api's /metrics is not on its public port: Prometheus reads it here.
   if [ "$role" = api ]; then export METRICS_PORT; METRICS_PORT=$(role_port api-metrics "$n"); fi
   setsid bash -c "exec $command" >>"$LOGS/$role-$n.log" 2>&1 </dev/null &
   echo $! >"$pidfile")
}

role_ready() { http_ok "http://127.0.0.1:$(role_port "$1" "$2")/readyz"; }

# ---- HAProxy ------------------------------------------------------------------------------

haproxy_ensure_installed() {
  command -v haproxy >/dev/null && return
  say "installing HAProxy (Debian package)"
  apt-get install -y haproxy >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y haproxy >/dev/null; } \
    || die "HAProxy is needed (apt-get install -y haproxy)"
}

haproxy_config() {
  local n
  {
    cat <<EOF
# Written by scripts/cluster.sh up.
global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 30s
  # A request whose connection failed, or whose server closed without answering (a killed
  # process), is sent to the other api process.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response
  option http-buffer-request
  # The api processes learn each visitor's address from X-Forwarded-For (their TRUST_PROXY is
  # the source address below); what a client wrote there itself stays to the left and is ignored.
  option forwardfor
frontend registry
  bind 127.0.0.1:$CLUSTER_PORT
  default_backend api
backend api
  balance roundrobin
  source $CLUSTER_LB_SOURCE
  option httpchk GET /readyz
  http-check expect status 200
  # A process taken out of rotation (not ready, or draining) finishes what it has in flight.
  default-server inter 1s fastinter 500ms fall 2 rise 2
EOF
    for n in $(seq 1 $API_COUNT); do echo "  server api-$n 127.0.0.1:$(role_port api "$n") check"; done
    # When every api process says it is not ready (e.g. each saw OpenSearch fail for a moment),
    # requests still go to them rather than all being refused; a dead one refuses the
    # connection and the request moves on (retry-on conn-failure).
    for n in $(seq 1 $API_COUNT); do echo "  server api-$n-fallback 127.0.0.1:$(role_port api "$n") backup"; done
    cat <<EOF
listen stats
  bind 127.0.0.1:$STATS_PORT
  stats enable
  stats uri /stats
EOF
  }
}
haproxy_write_config() { haproxy_config >"$HAPROXY_CFG"; }

haproxy_start() {
  alive "$RUN/haproxy-1.pid" && return
  haproxy_ensure_installed
  haproxy_write_config
  haproxy -c -q -f "$HAPROXY_CFG" || die "invalid $HAPROXY_CFG"
  setsid haproxy -D -f "$HAPROXY_CFG" -p "$RUN/haproxy-1.pid" >>"$LOGS/haproxy.log" 2>&1 </dev/null
}

# api-N's state as HAProxy sees it (UP, DOWN, …).
haproxy_server_state() {
  curl -fsS -m 2 "http://127.0.0.1:$STATS_PORT/stats;csv" 2>/dev/null | awk -F, -v s="api-$1" '$1 == "api" && $2 == s { print $18 }'
}
haproxy_sees_up() { [ "$(haproxy_server_state "$1")" = UP ]; }

# ---- Commands -------------------------------------------------------------------------------

port_taken() { ss -Htln "sport = :$1" 2>/dev/null | grep -q .; }
# The ports of the members about to start must be free: a node of another cluster (another
# checkout, a test run) answering on them would be taken for one of ours.
check_ports_free() {
  local n role port ports=()
  for n in $(seq 1 $OS_NODES); do alive "$(os_node_dir "$n")/node.pid" || ports+=("$(os_http_port "$n")" "$(os_transport_port "$n")"); done
  for role in api worker scheduler; do
    for n in $(seq 1 "$(role_count "$role")"); do alive "$RUN/$role-$n.pid" || ports+=("$(role_port "$role" "$n")"); done
  done
  for n in $(seq 1 $API_COUNT); do alive "$RUN/api-$n.pid" || ports+=("$(role_port api-metrics "$n")"); done
  alive "$RUN/haproxy-1.pid" || ports+=("$CLUSTER_PORT" "$STATS_PORT")
  for port in "${ports[@]}"; do
    port_taken "$port" && die "port $port is taken by another process (another cluster or npm start?): move this cluster with CLUSTER_PORT / CLUSTER_OS_PORT"
  done
  return 0
}

start_member() { # ROLE N, and wait until it is ready
  local role=$1 n=$2
  case $role in
    opensearch)
      os_prepare
      os_start "$n"
      wait_for 180 "OpenSearch node $n" "$(os_node_dir "$n")/logs/registry-$CLUSTER_NAME.log" http_ok "http://127.0.0.1:$(os_http_port "$n")"
      ;;
    haproxy) haproxy_start ;;
    api)
      role_start api "$n"
      wait_for 180 "api $n" "$LOGS/api-$n.log" role_ready api "$n"
      if alive "$RUN/haproxy-1.pid"; then wait_for 30 "the load balancer's check of api $n" "$LOGS/haproxy.log" haproxy_sees_up "$n"; fi
      ;;
    worker | scheduler)
      role_start "$role" "$n"
      wait_for 180 "$role $n" "$LOGS/$role-$n.log" role_ready "$role" "$n"
      ;;
  esac
}

prepare_database() {
  (cluster_env
   unset NODE_ENV
   if [ -f "$CLUSTER_SEED" ] && ! psql "$DATABASE_URL" -Atc 'select 1 from pg_tables where schemaname = $$public$$ limit 1' 2>/dev/null | grep -q 1; then
     npx tsx scripts/backup/restore-cli.ts "$CLUSTER_SEED"
   fi
   npx tsx scripts/migrate.ts
   if [ "$CLUSTER_SEED" = demo ]; then npx tsx scripts/seed.ts; fi
   npx tsx indexer/src/cli/reindex.ts --if-needed) >>"$LOGS/prepare.log" 2>&1 \
    || { tail -n 30 "$LOGS/prepare.log" >&2; die "migrating, seeding or indexing the cluster's database failed"; }
}

cmd_up() {
  mkdir -p "$RUN" "$LOGS"
  check_ports_free
  bash scripts/services.sh up >/dev/null
  # The roles run the compiled build: compile what changed (a fresh clone has no build yet).
  bash scripts/build.sh >>"$LOGS/build.log" 2>&1 || { tail -n 30 "$LOGS/build.log" >&2; die "npm run build failed"; }
  os_prepare
  local n
  for n in $(seq 1 $OS_NODES); do os_start "$n"; done
  wait_for 240 "the OpenSearch cluster to form" "" os_nodes_joined
  wait_for 120 "the OpenSearch cluster to be yellow or green" "" os_not_red
  say "opensearch: $OS_NODES nodes, $(os_health)"
  prepare_database
  for n in $(seq 1 $API_COUNT); do role_start api "$n"; done
  for n in $(seq 1 $WORKER_COUNT); do role_start worker "$n"; done
  for n in $(seq 1 $SCHEDULER_COUNT); do role_start scheduler "$n"; done
  for n in $(seq 1 $API_COUNT); do wait_for 180 "api $n" "$LOGS/api-$n.log" role_ready api "$n"; done
  for n in $(seq 1 $WORKER_COUNT); do wait_for 180 "worker $n" "$LOGS/worker-$n.log" role_ready worker "$n"; done
  for n in $(seq 1 $SCHEDULER_COUNT); do wait_for 180 "scheduler $n" "$LOGS/scheduler-$n.log" role_ready scheduler "$n"; done
  haproxy_start
  for n in $(seq 1 $API_COUNT); do wait_for 30 "the load balancer's check of api $n" "$LOGS/haproxy.log" haproxy_sees_up "$n"; done
  cmd_status
}

kill_member() { # ROLE N: kill -9, no goodbye
  local role=$1 n=$2 pidfile pid
  case $role in
    opensearch) pidfile="$(os_node_dir "$n")/node.pid" ;;
    *) pidfile="$RUN/$role-$n.pid" ;;
  esac
  alive "$pidfile" || { say "$role $n is not running"; return 0; }
  pid=$(cat "$pidfile")
  # The member's process group (setsid made it its own), else the process.
  kill -9 -- "-$pid" 2>/dev/null || kill -9 "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  rm -f "$pidfile"
  say "killed $role $n (pid $pid)"
}

cmd_down() {
  local n pid pidfile
  # Gently first (SIGTERM: in-flight work finishes), then whatever is left, hard.
  for pidfile in "$RUN"/haproxy-*.pid "$RUN"/api-*.pid "$RUN"/worker-*.pid "$RUN"/scheduler-*.pid "$CLUSTER_DIR"/opensearch-*/node.pid; do
    [ -e "$pidfile" ] || continue
    if alive "$pidfile"; then pid=$(cat "$pidfile"); kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true; fi
  done
  local deadline=$((SECONDS + 30))
  for pidfile in "$RUN"/*.pid "$CLUSTER_DIR"/opensearch-*/node.pid; do
    [ -e "$pidfile" ] || continue
    while alive "$pidfile" && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    if alive "$pidfile"; then pid=$(cat "$pidfile"); kill -9 -- "-$pid" 2>/dev/null || kill -9 "$pid" 2>/dev/null || true; fi
    rm -f "$pidfile"
  done
  say "down"
}

cmd_status() {
  local n port state
  for n in $(seq 1 $OS_NODES); do
    port=$(os_http_port "$n")
    if http_ok "http://127.0.0.1:$port"; then state=up; else state=down; fi
    echo "opensearch $n  $state  http://127.0.0.1:$port  (cluster: $(os_health || true))"
  done
  for n in $(seq 1 $API_COUNT); do
    port=$(role_port api "$n")
    if role_ready api "$n"; then state=ready; elif alive "$RUN/api-$n.pid"; then state=starting; else state=down; fi
    echo "api $n         $state  http://127.0.0.1:$port  (load balancer: $(haproxy_server_state "$n" || true); metrics http://127.0.0.1:$(role_port api-metrics "$n")/metrics)"
  done
  for role in worker scheduler; do
    for n in $(seq 1 "$(role_count "$role")"); do
      port=$(role_port "$role" "$n")
      if role_ready "$role" "$n"; then state=ready; elif alive "$RUN/$role-$n.pid"; then state=starting; else state=down; fi
      printf '%-13s %s  http://127.0.0.1:%s/readyz\n' "$role $n" "$state" "$port"
    done
  done
  if alive "$RUN/haproxy-1.pid"; then state=up; else state=down; fi
  echo "haproxy 1     $state  stats http://127.0.0.1:$STATS_PORT/stats"
  echo "url: $LB_URL"
}

member_args() { # ROLE N -> checks them
  [ $# -eq 2 ] || die "usage: cluster.sh kill|restart ROLE N"
  local count; count=$(role_count "$1")
  [[ $2 =~ ^[0-9]+$ ]] && [ "$2" -ge 1 ] && [ "$2" -le "$count" ] || die "$1 N: N is 1 to $count"
}

case ${1:-} in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  kill) shift; member_args "$@"; kill_member "$1" "$2" ;;
  restart) shift; member_args "$@"; kill_member "$1" "$2" >/dev/null; start_member "$1" "$2"; say "$1 $2 is back" ;;
  haproxy-config) haproxy_config ;;
  *) die "usage: cluster.sh up|down|status|kill ROLE N|restart ROLE N|haproxy-config" ;;
esac
