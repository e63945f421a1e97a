#!/usr/bin/env bash
# `npm test`: installs what is missing (npm packages, Debian's chromium), brings the services up,
# builds the web app for the browser tests, then runs every suite with Vitest. Each run gets its
# own database, index prefix and queue prefix (tests/setup/global-setup.ts), so runs never collide.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install.sh --browser
bash scripts/services.sh up
bash scripts/build-web.sh
exec npx vitest run "$@"
