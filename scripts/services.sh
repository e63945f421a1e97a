#!/usr/bin/env bash
# Brings up the services the registry needs on this machine: PostgreSQL and Redis (the
# machine's own; started with the machine's commands if they are down, never stopped) and a
# local OpenSearch 2.x node (ours: fetched from Maven Central into .cache/opensearch/, run as
# the `opensearch` system user). Idempotent: a second `up` reuses the cache and the node.
#
#   bash scripts/services.sh up|down|status|fetch
#
# `fetch` only lays out the OpenSearch distribution under .cache/opensearch/ (scripts/cluster.sh
# runs its nodes from it), even when a node this checkout did not start already answers on the port.
#
# Env: DATABASE_URL, REDIS_URL, OPENSEARCH_URL (only host and port are used here).
# See scripts/README.md, section "services.sh".
set -euo pipefail

OPENSEARCH_VERSION=2.19.6
OS_HEALTH_TIMEOUT=${OS_HEALTH_TIMEOUT:-180}
MVN_DEP_PLUGIN=org.apache.maven.plugins:maven-dependency-plugin:3.6.1

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE="$ROOT/.cache/opensearch"
DOWNLOADS="$CACHE/downloads"
OS_HOME="$CACHE/opensearch-$OPENSEARCH_VERSION"
RUN_DIR="$CACHE/run"
PIDFILE="$RUN_DIR/opensearch.pid"
LAUNCH_LOG="$CACHE/launch.log"
OS_LOG="$OS_HOME/logs/opensearch.log"
OS_USER=opensearch

DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/registry}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
OPENSEARCH_URL=${OPENSEARCH_URL:-http://127.0.0.1:9200}

say() { echo "services: $*"; }
die() { echo "services: error: $*" >&2; exit 1; }

# url_host_port URL DEFAULT_PORT -> prints "host port" (userinfo, path and query dropped;
# [v6] brackets removed).
url_host_port() {
  local rest=${1#*://} default_port=$2 hostport host port
  rest=${rest%%/*}
  rest=${rest%%\?*}
  hostport=${rest##*@}
  if [[ $hostport =~ ^\[([^]]+)\](:([0-9]+))?$ ]]; then
    host=${BASH_REMATCH[1]}
    port=${BASH_REMATCH[3]:-$default_port}
  elif [[ $hostport =~ ^([^:]*)(:([0-9]+))?$ ]]; then
    host=${BASH_REMATCH[1]:-127.0.0.1}
    port=${BASH_REMATCH[3]:-$default_port}
  else
    die "cannot read host:port from '$1'"
  fi
  echo "$host $port"
}

read -r PG_HOST PG_PORT <<<"$(url_host_port "$DATABASE_URL" 5432)"
read -r REDIS_HOST REDIS_PORT <<<"$(url_host_port "$REDIS_URL" 6379)"
read -r OS_HOST OS_PORT <<<"$(url_host_port "$OPENSEARCH_URL" 9200)"
OS_SCHEME=${OPENSEARCH_URL%%://*}
[ "$OS_SCHEME" = "$OPENSEARCH_URL" ] && OS_SCHEME=http
case $OS_HOST in *:*) OS_BASE="$OS_SCHEME://[$OS_HOST]:$OS_PORT" ;; *) OS_BASE="$OS_SCHEME://$OS_HOST:$OS_PORT" ;; esac

is_local() { case $1 in 127.*|localhost|::1|0.0.0.0) return 0 ;; *) return 1 ;; esac; }
need() { command -v "$1" >/dev/null 2>&1 || die "'$1' is not installed on this machine ($2)"; }

# ---------------------------------------------------------------- PostgreSQL and Redis
pg_up() { pg_isready -q -h "$PG_HOST" -p "$PG_PORT" >/dev/null 2>&1; }
redis_up() { [ "$(redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]; }

wait_for() { # wait_for SECONDS CHECK_FN
  local deadline=$((SECONDS + $1))
  until "$2"; do
    [ $SECONDS -ge $deadline ] && return 1
    sleep 0.5
  done
}

postgres_ensure() {
  need pg_isready "PostgreSQL client; needed to check $PG_HOST:$PG_PORT"
  if pg_up; then say "postgres   up   $PG_HOST:$PG_PORT"; return; fi
  is_local "$PG_HOST" || die "postgres at $PG_HOST:$PG_PORT is down and is not on this machine"
  need pg_ctlcluster "the machine's PostgreSQL server; cannot start postgres on $PG_HOST:$PG_PORT"
  local ver
  ver=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n1)
  [ -n "$ver" ] || die "no PostgreSQL cluster under /etc/postgresql; cannot start postgres"
  say "postgres is down; starting cluster $ver/main"
  pg_ctlcluster --skip-systemctl-redirect "$ver" main start || true
  wait_for 30 pg_up || die "postgres did not come up on $PG_HOST:$PG_PORT (see /var/log/postgresql/)"
  say "postgres   up   $PG_HOST:$PG_PORT (started)"
}

redis_ensure() {
  need redis-cli "Redis client; needed to check $REDIS_HOST:$REDIS_PORT"
  if redis_up; then say "redis      up   $REDIS_HOST:$REDIS_PORT"; return; fi
  is_local "$REDIS_HOST" || die "redis at $REDIS_HOST:$REDIS_PORT is down and is not on this machine"
  need redis-server "the machine's Redis server; cannot start redis on $REDIS_HOST:$REDIS_PORT"
  say "redis is down; starting it"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" \
    --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
  wait_for 30 redis_up || die "redis did not come up on $REDIS_HOST:$REDIS_PORT (see /var/log/redis/ci.log)"
  say "redis      up   $REDIS_HOST:$REDIS_PORT (started)"
}

# ---------------------------------------------------------------- OpenSearch
# (No `curl | grep -q` pipes: with pipefail an early-exiting grep can fail the pipeline.)
os_root() { curl -s -m 3 "$OS_BASE/" 2>/dev/null || true; }
os_is_opensearch() { [[ $(os_root) =~ \"distribution\"\ *:\ *\"opensearch\" ]]; }
os_port_answers() { curl -s -o /dev/null -m 3 "$OS_BASE/" 2>/dev/null; }
os_healthy() {
  local h
  h=$(curl -s -m 5 "$OS_BASE/_cluster/health" 2>/dev/null) || return 1
  [[ $h =~ \"status\"\ *:\ *\"(yellow|green)\" ]]
}
os_version() {
  local r
  r=$(os_root)
  if [[ $r =~ \"number\"\ *:\ *\"([^\"]*)\" ]]; then echo "${BASH_REMATCH[1]}"; fi
}

# Is PID our node? (a process with the argument -Dopensearch.path.home=<our home>). The pattern
# goes in through -f so that grep's own command line never matches it.
home_arg() { printf '%s' "-Dopensearch.path.home=$OS_HOME"; }
is_our_pid() { grep -qszxF -f <(home_arg) "/proc/$1/cmdline"; }

our_pids() { # one grep over all command lines (cheap even on a busy machine)
  local f
  for f in $(grep -lszxF -f <(home_arg) /proc/[0-9]*/cmdline); do
    f=${f#/proc/}
    echo "${f%/cmdline}"
  done
  return 0
}

java_home() {
  if [ -n "${OPENSEARCH_JAVA_HOME:-}" ]; then echo "$OPENSEARCH_JAVA_HOME"; return; fi
  need java "a Java 17 runtime is needed to run OpenSearch"
  local java_bin
  java_bin=$(readlink -f "$(command -v java)")
  dirname "$(dirname "$java_bin")"
}

# mvn_fetch GROUP:ARTIFACT:VERSION:TYPE FILE -> copies the artifact into $DOWNLOADS unless present.
mvn_fetch() {
  local coords=$1 file=$2 log
  [ -s "$DOWNLOADS/$file" ] && return 0
  need mvn "Maven is needed to fetch $coords from Maven Central"
  mkdir -p "$DOWNLOADS"
  log="$DOWNLOADS/mvn-$file.log"
  say "fetching $coords from Maven Central"
  # Run outside any project (no pom.xml) and keep the default local repo (~/.m2) as a cache.
  if ! (cd "$DOWNLOADS" && mvn -B -q -Dstyle.color=never "$MVN_DEP_PLUGIN:copy" \
          -Dartifact="$coords" -DoutputDirectory="$DOWNLOADS" -Dmdep.overWriteIfNewer=true) >"$log" 2>&1; then
    rm -f "$DOWNLOADS/$file"
    return 1
  fi
  [ -s "$DOWNLOADS/$file" ]
}

os_install() {
  [ -x "$OS_HOME/bin/opensearch" ] && return 0
  local zip="opensearch-$OPENSEARCH_VERSION.zip" tmp
  mvn_fetch "org.opensearch.distribution.integ-test-zip:opensearch:$OPENSEARCH_VERSION:zip" "$zip" \
    || die "could not fetch OpenSearch $OPENSEARCH_VERSION from Maven Central (log: $DOWNLOADS/mvn-$zip.log)"
  need unzip "needed to unpack OpenSearch"
  unzip -tq "$DOWNLOADS/$zip" >/dev/null || { rm -f "$DOWNLOADS/$zip"; die "downloaded $zip is corrupt; removed it, run again"; }
  tmp=$(mktemp -d "$CACHE/unpack.XXXXXX")
  unzip -q "$DOWNLOADS/$zip" -d "$tmp"
  [ -x "$tmp/opensearch-$OPENSEARCH_VERSION/bin/opensearch" ] || die "unexpected layout in $zip"
  rm -rf "$OS_HOME"
  mv "$tmp/opensearch-$OPENSEARCH_VERSION" "$OS_HOME"
  rm -rf "$tmp"
  say "unpacked OpenSearch $OPENSEARCH_VERSION into ${OS_HOME#"$ROOT"/}"
}

# The integ-test zip has only the core server. analysis-common (edge_ngram, asciifolding,
# synonym, word_delimiter_graph, ...) is published on Maven Central only as the module's jar,
# org.opensearch.plugin:analysis-common:<version> (no plugin zip, nothing under
# org.opensearch.module). `opensearch-plugin install` refuses it ("cannot be installed as a
# plugin, it is a system module"), so we lay it out exactly as the full distribution ships it:
# modules/analysis-common/ holding that official jar and its plugin descriptor (the module needs
# no other jar: lucene-analysis-common is already in lib/). Its tie to lang-painless (which only
# adds script-based token filters) is marked optional since lang-painless is not installed.
os_install_analysis_common() {
  local dir="$OS_HOME/modules/analysis-common" jar="analysis-common-$OPENSEARCH_VERSION.jar" stage
  [ -f "$dir/plugin-descriptor.properties" ] && return 0
  if ! mvn_fetch "org.opensearch.plugin:analysis-common:$OPENSEARCH_VERSION:jar" "$jar"; then
    say "warning: analysis-common $OPENSEARCH_VERSION not found on Maven Central; running without it" >&2
    return 0
  fi
  stage=$(mktemp -d "$CACHE/module.XXXXXX")
  cp "$DOWNLOADS/$jar" "$stage/"
  cat >"$stage/plugin-descriptor.properties" <<EOF2
description=Adds "built in" analyzers to OpenSearch.
version=$OPENSEARCH_VERSION
name=analysis-common
classname=org.opensearch.analysis.common.CommonAnalysisPlugin
java.version=11
opensearch.version=$OPENSEARCH_VERSION
custom.foldername=
extended.plugins=lang-painless;optional=true
has.native.controller=false
EOF2
  rm -rf "$dir"
  mv "$stage" "$dir"
  chmod 755 "$dir"
  say "installed module analysis-common $OPENSEARCH_VERSION into ${dir#"$ROOT"/}"
}

os_prepare_user() {
  if ! id -u "$OS_USER" >/dev/null 2>&1; then
    need useradd "needed to create the '$OS_USER' system user (OpenSearch refuses to run as root)"
    useradd --system --no-create-home --shell /usr/sbin/nologin "$OS_USER"
  fi
  mkdir -p "$OS_HOME/data" "$OS_HOME/logs" "$RUN_DIR"
  chown -R "$OS_USER:" "$OS_HOME/data" "$OS_HOME/logs" "$OS_HOME/config" "$RUN_DIR"
  # The node only reads the rest (bin, lib, modules, plugins); make sure it can, whatever the umask.
  chmod o+x "$ROOT/.cache" "$CACHE" "$OS_HOME"
  chmod -R o+rX "$OS_HOME/bin" "$OS_HOME/lib" "$OS_HOME/modules" "$OS_HOME/plugins"
  runuser -u "$OS_USER" -- test -r "$OS_HOME/lib/opensearch-$OPENSEARCH_VERSION.jar" \
    || die "user '$OS_USER' cannot read $OS_HOME (a parent folder is not world-searchable?)"
}

os_dump_logs() {
  echo "---- last 40 lines of $OS_LOG ----" >&2
  tail -n 40 "$OS_LOG" >&2 2>/dev/null || echo "(no log yet)" >&2
  if [ -s "$LAUNCH_LOG" ]; then
    echo "---- $LAUNCH_LOG ----" >&2
    tail -n 40 "$LAUNCH_LOG" >&2
  fi
  if os_port_answers; then
    echo "---- cluster health, and indices that are not green ----" >&2
    curl -s -m 5 "$OS_BASE/_cat/health?v" >&2 || true
    curl -s -m 5 "$OS_BASE/_cat/indices?v&health=red&expand_wildcards=all" >&2 || true
  fi
}

os_wait_healthy() {
  local deadline=$((SECONDS + OS_HEALTH_TIMEOUT))
  until os_healthy; do
    if [ -z "$(our_pids)" ] && ! os_port_answers; then
      say "OpenSearch exited during start-up" >&2
      os_dump_logs
      exit 1
    fi
    if [ $SECONDS -ge $deadline ]; then
      say "OpenSearch was not yellow/green after ${OS_HEALTH_TIMEOUT}s" >&2
      os_dump_logs
      exit 1
    fi
    sleep 1
  done
}

opensearch_ensure() {
  need curl "needed to talk to OpenSearch"
  if os_is_opensearch; then
    os_wait_healthy
    if [ -n "$(our_pids)" ]; then
      say "opensearch up   $OS_BASE (OpenSearch $(os_version)); log: $OS_LOG"
    else
      say "opensearch up   $OS_BASE (OpenSearch $(os_version), a node not started by this checkout; using it)"
    fi
    return
  fi
  if os_port_answers; then
    die "$OS_BASE answers but is not OpenSearch; free port $OS_PORT or set OPENSEARCH_URL"
  fi
  is_local "$OS_HOST" || die "OpenSearch at $OS_BASE is down and is not on this machine"

  mkdir -p "$CACHE"
  # Serialise concurrent `up`s (several engineers / test runs share the machine).
  exec 9>"$CACHE/.lock"
  flock -w 600 9 || die "timed out waiting for $CACHE/.lock"

  # Another `up` may have started a node while we waited for the lock.
  if [ -n "$(our_pids)" ] || os_is_opensearch; then
    say "opensearch: a node is already starting; waiting"
  else
    JAVA_HOME_OS=$(java_home)
    [ -x "$JAVA_HOME_OS/bin/java" ] || die "no java under $JAVA_HOME_OS (set OPENSEARCH_JAVA_HOME)"
    os_install
    os_install_analysis_common
    os_prepare_user
    rm -f "$PIDFILE"
    say "starting OpenSearch $OPENSEARCH_VERSION on $OS_HOST:$OS_PORT (java: $JAVA_HOME_OS)"
    # -d daemonises once the node has bootstrapped; start-up errors land in $LAUNCH_LOG.
    # 9>&-: the node must not inherit (and so hold forever) our lock.
    # indices.requests.cache.size: search answers are cached per shard until the next refresh
    # that changes it; the default 1% of heap (~8 MB) holds only a few hundred answers.
    # task_resource_tracking.enabled=false: per-search CPU/memory accounting (it feeds search
    # backpressure, which only monitors on a single node) read each search thread's CPU time
    # through the JVM, about a tenth of the node's search throughput on 2 cores
    # (scripts/bench/search.ts).
    # setsid: the node gets a session of its own, so killing the process group of whoever ran
    # `up` (a test runner, a terminal, a time-out) never takes the shared node down with it.
    if ! (cd "$OS_HOME" && setsid --wait runuser -u "$OS_USER" -- env \
          JAVA_HOME="$JAVA_HOME_OS" OPENSEARCH_JAVA_HOME="$JAVA_HOME_OS" \
          OPENSEARCH_JAVA_OPTS="${OPENSEARCH_JAVA_OPTS:--Xms512m -Xmx768m}" \
          "$OS_HOME/bin/opensearch" -d -p "$PIDFILE" \
            -Ediscovery.type=single-node \
            -Enetwork.host="$OS_HOST" \
            -Ehttp.port="$OS_PORT" \
            -Ecluster.routing.allocation.disk.threshold_enabled=false \
            -Eindices.requests.cache.size=10% \
            -Etask_resource_tracking.enabled=false) \
          >"$LAUNCH_LOG" 2>&1 </dev/null 9>&-; then
      say "OpenSearch failed to start" >&2
      os_dump_logs
      exit 1
    fi
  fi
  os_wait_healthy
  say "opensearch up   $OS_BASE (OpenSearch $(os_version)); log: $OS_LOG"
}

opensearch_stop() {
  local pids pid deadline
  # (the pidfile has no trailing newline, hence the echo)
  pids=$( { if [ -s "$PIDFILE" ]; then echo "$(cat "$PIDFILE")"; fi; our_pids; } 2>/dev/null | sort -u)
  local alive=()
  for pid in $pids; do
    # Only signal a process that really is our node (the pidfile may be stale).
    if is_our_pid "$pid"; then
      alive+=("$pid")
    fi
  done
  if [ ${#alive[@]} -eq 0 ]; then
    if os_is_opensearch; then
      say "opensearch: $OS_BASE is not our node (not started from $OS_HOME); left running"
    else
      say "opensearch: not running"
    fi
    rm -f "$PIDFILE"
    return
  fi
  say "stopping OpenSearch (pid ${alive[*]})"
  kill -TERM "${alive[@]}" 2>/dev/null || true
  deadline=$((SECONDS + 60))
  for pid in "${alive[@]}"; do
    while kill -0 "$pid" 2>/dev/null; do
      if [ $SECONDS -ge $deadline ]; then
        say "OpenSearch did not stop in 60s; killing pid $pid" >&2
        kill -KILL "$pid" 2>/dev/null || true
        break
      fi
      sleep 0.5
    done
  done
  rm -f "$PIDFILE"
  say "opensearch stopped (postgres and redis are the machine's and were left running)"
}

# ---------------------------------------------------------------- commands
cmd_status() {
  local rc=0 line
  if command -v pg_isready >/dev/null 2>&1 && pg_up; then line=up; else line=down; rc=1; fi
  printf '%-11s%-5s%s\n' postgres "$line" "$PG_HOST:$PG_PORT"
  if command -v redis-cli >/dev/null 2>&1 && redis_up; then line=up; else line=down; rc=1; fi
  printf '%-11s%-5s%s\n' redis "$line" "$REDIS_HOST:$REDIS_PORT"
  if command -v curl >/dev/null 2>&1 && os_healthy; then
    printf '%-11s%-5s%s\n' opensearch up "$OS_BASE (OpenSearch $(os_version))"
  else
    printf '%-11s%-5s%s\n' opensearch down "$OS_BASE"
    rc=1
  fi
  return $rc
}

case ${1:-} in
  up)
    postgres_ensure
    redis_ensure
    opensearch_ensure
    ;;
  down)
    opensearch_stop
    ;;
  status)
    cmd_status
    ;;
  fetch)
    mkdir -p "$CACHE"
    exec 9>"$CACHE/.lock"
    flock -w 600 9 || die "timed out waiting for $CACHE/.lock"
    os_install
    os_install_analysis_common
    ;;
  *)
    echo "usage: $0 up|down|status|fetch" >&2
    exit 2
    ;;
esac
