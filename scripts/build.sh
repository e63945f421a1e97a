#!/usr/bin/env bash
# `npm run build`: compiles the server, the indexer, the process roles and the command-line
# programs to JavaScript, each package into its dist/ (scripts/ into ./dist/), so production runs
# `node --conditions=registry-build` on the build, never tsx. Types are checked by `npm run typecheck`.
set -euo pipefail
cd "$(dirname "$0")/.."

# One build at a time: two test runs on one machine would otherwise write the same dist/ files together.
mkdir -p .cache
exec 9>.cache/build.lock
flock 9

packages=(schemas services/platform indexer services/api services/runtime)
projects=()
for package in "${packages[@]}"; do projects+=("$package/tsconfig.build.json"); done
npx tsc -b "${projects[@]}" scripts/tsconfig.build.json
# Files the code reads beside itself at run time (GraphQL SDL, CSS).
for package in "${packages[@]}"; do
  (cd "$package/src" && find . -type f \( -name '*.gql' -o -name '*.css' \) -exec cp --parents {} ../dist/ \;)
done
