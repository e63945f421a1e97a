#!/usr/bin/env bash
# `npm test`: installs what is missing (npm packages, Debian's chromium), lints and type-checks
# every package (web included) and stops on either, brings the services up, builds the web app
# for the browser tests, then runs every suite with Vitest (the cluster failure test last,
# alone). Each run gets its own database, index prefix and queue prefix
# (tests/setup/global-setup.ts), so runs never collide.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install.sh --browser
# Files or options given: just those tests, without the static checks.
if [ "$#" -eq 0 ]; then
  npx eslint .
  npm run --silent typecheck
fi
bash scripts/services.sh up
bash scripts/build-web.sh
# Files or options given: run just those.
if [ "$#" -gt 0 ]; then exec npx vitest run "$@"; fi
# The cluster failure test runs alone, after the rest: it starts three OpenSearch nodes and six
# registry processes, and on two cores anything running beside it crawls (browser tests time out).
status=0
npx vitest run --exclude tests/cluster/failure.test.ts || status=$?
npx vitest run tests/cluster/failure.test.ts || status=$?
exit "$status"
