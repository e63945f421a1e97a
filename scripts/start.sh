#!/usr/bin/env bash
# `npm start`: everything from a fresh machine to a running registry on http://localhost:${PORT:-3000}.
# Each step is idempotent, so a second start only does what changed. The server, indexer and
# command-line programs run compiled (`npm run build`), on node, never tsx; the api, worker and
# scheduler roles run in one process (services/runtime/src/all-roles.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install.sh
bash scripts/services.sh up
bash scripts/build.sh
run=(node --conditions=registry-build)
"${run[@]}" dist/migrate.js
"${run[@]}" dist/seed.js
"${run[@]}" indexer/dist/cli/reindex.js --if-needed
# A registry without a super curator gets `admin`, its random password printed once.
"${run[@]}" dist/user.js ensure-admin || true
# Without SMTP_URL, account mails go to a local sink that keeps them in .local/mail/.
if [ -z "${SMTP_URL:-}" ]; then "${run[@]}" dist/mail-sink/serve.js & fi
bash scripts/build-web.sh
echo "starting the registry on http://localhost:${PORT:-3000} (GraphQL at /graphql)"
exec "${run[@]}" services/runtime/dist/all-roles.js
