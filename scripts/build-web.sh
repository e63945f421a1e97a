#!/usr/bin/env bash
# Builds the web app into web/dist (with brotli and gzip copies of its text files, see
# web/build/precompress.ts) unless the build is newer than every source it comes from.
set -euo pipefail
cd "$(dirname "$0")/.."

# One build at a time: two test runs on one machine would otherwise write web/dist together.
mkdir -p .cache
exec 9>.cache/build-web.lock
flock 9

if [ -f web/dist/index.html ] && [ -z "$(find web/src web/build web/index.html web/graphiql.html web/vite.config.ts web/graphiql.vite.config.ts schemas/src package-lock.json -newer web/dist/index.html -print -quit 2>/dev/null)" ]; then
  echo "web: build is up to date"
  exit 0
fi
echo "web: building..."
npm run --silent build -w web
