#!/usr/bin/env bash
# `npm test`: installs what is missing, brings the services up, builds the web app for the
# browser tests, then runs every suite with Vitest. Each run uses its own database, index
# prefix and queue prefix (tests/setup/global-setup.ts), so runs never collide.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install.sh
bash scripts/services.sh up
npm run --silent build:web >/dev/null
exec npx vitest run "$@"
