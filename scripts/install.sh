#!/usr/bin/env bash
# Installs the project's npm dependencies (when the lock file changed) and Debian's Chromium
# for the browser tests. Safe to run again: it does nothing when all is in place.
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.install-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  echo "installing npm dependencies..."
  npm ci --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium for the browser tests..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "warning: /usr/bin/chromium is missing and we are not root; browser tests will fail" >&2
  fi
fi
