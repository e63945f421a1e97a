#!/usr/bin/env bash
# Installs the project's npm dependencies when package-lock.json changed since the last install.
# With --browser it also installs Debian's Chromium for the browser tests (never a downloaded build).
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.install-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  echo "installing npm dependencies..."
  npm ci --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi

if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium for the browser tests..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "error: /usr/bin/chromium is missing; install Debian's chromium package (needs root)" >&2
    exit 1
  fi
fi

# The OAI-PMH tests harvest with a third-party harvester: Debian's HTTP::OAI (libhttp-oai-perl).
if [ "${1:-}" = "--browser" ] && ! perl -MHTTP::OAI -e 1 2>/dev/null; then
  echo "installing Debian's libhttp-oai-perl for the OAI-PMH harvesting tests..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libhttp-oai-perl >/dev/null
  else
    echo "error: the Perl module HTTP::OAI is missing; install Debian's libhttp-oai-perl package (needs root)" >&2
    exit 1
  fi
fi

# The OAI-PMH schema tests validate answers with xmllint (Debian's libxml2-utils).
if [ "${1:-}" = "--browser" ] && ! command -v xmllint >/dev/null; then
  echo "installing Debian's libxml2-utils for the OAI-PMH schema tests..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils >/dev/null
  else
    echo "error: xmllint is missing; install Debian's libxml2-utils package (needs root)" >&2
    exit 1
  fi
fi

# The linked-data tests read every RDF serialisation with strict parsers besides the npm ones:
# Debian's raptor (rapper, raptor2-utils) and Apache Jena's riot (from Maven Central, scripts/fetch-jena.sh).
if [ "${1:-}" = "--browser" ] && ! command -v rapper >/dev/null; then
  echo "installing Debian's raptor2-utils for the linked-data parsing tests..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq raptor2-utils >/dev/null
  else
    echo "error: rapper is missing; install Debian's raptor2-utils package (needs root)" >&2
    exit 1
  fi
fi
if [ "${1:-}" = "--browser" ]; then bash scripts/fetch-jena.sh >/dev/null; fi

# The webhook docs' signature examples run under Python, openssl and curl (tests/webhooks).
if [ "${1:-}" = "--browser" ] && ! { command -v python3 && command -v openssl && command -v curl; } >/dev/null; then
  echo "installing Debian's python3, openssl and curl for the webhook signature examples..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 openssl curl >/dev/null
  else
    echo "error: python3, openssl or curl is missing; install Debian's packages of those names (needs root)" >&2
    exit 1
  fi
fi

# The client-address tests put Debian's HAProxy in front of the API, as scripts/cluster.sh does.
if [ "${1:-}" = "--browser" ] && ! command -v haproxy >/dev/null; then
  echo "installing Debian's haproxy for the load balancer tests..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
  else
    echo "error: haproxy is missing; install Debian's haproxy package (needs root)" >&2
    exit 1
  fi
fi
