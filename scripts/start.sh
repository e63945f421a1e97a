#!/usr/bin/env bash
# `npm start`: everything from a fresh machine to a running registry on http://localhost:${PORT:-3000}.
# Each step is idempotent, so a second start only does what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install.sh
bash scripts/services.sh up
npx tsx scripts/migrate.ts
npx tsx scripts/seed.ts
npx tsx indexer/src/cli/reindex.ts --if-needed
bash scripts/build-web.sh
echo "starting the registry on http://localhost:${PORT:-3000} (GraphQL at /graphql)"
exec npx tsx services/api/src/server.ts
