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
# A registry without a super curator gets `admin`, its random password printed once.
npx tsx scripts/user.ts ensure-admin || true
# Without SMTP_URL, account mails go to a local sink that keeps them in .local/mail/.
if [ -z "${SMTP_URL:-}" ]; then npx tsx scripts/mail-sink/serve.ts & fi
bash scripts/build-web.sh
echo "starting the registry on http://localhost:${PORT:-3000} (GraphQL at /graphql)"
exec npx tsx services/api/src/server.ts
