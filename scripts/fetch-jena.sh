#!/usr/bin/env bash
# Lays out Apache Jena's command-line tools (the `riot` RDF parser the linked-data tests read every
# serialisation with) under .cache/jena/, fetched from Maven Central as the OpenSearch
# distribution is (scripts/services.sh). Idempotent; prints the path of `riot`.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JENA_VERSION=5.2.0
MVN_DEP_PLUGIN=org.apache.maven.plugins:maven-dependency-plugin:3.6.1
CACHE="$ROOT/.cache/jena"
DOWNLOADS="$CACHE/downloads"
JENA_HOME="$CACHE/apache-jena-$JENA_VERSION"
zip="apache-jena-$JENA_VERSION.zip"

die() { echo "fetch-jena: $*" >&2; exit 1; }

if [ ! -x "$JENA_HOME/bin/riot" ]; then
  command -v mvn >/dev/null || die "Maven is needed to fetch Apache Jena from Maven Central"
  command -v unzip >/dev/null || die "unzip is needed to unpack Apache Jena"
  mkdir -p "$DOWNLOADS"
  if [ ! -s "$DOWNLOADS/$zip" ]; then
    echo "fetch-jena: fetching org.apache.jena:apache-jena:$JENA_VERSION:zip from Maven Central" >&2
    # Outside any project (no pom.xml); the default local repository (~/.m2) is the cache.
    (cd "$DOWNLOADS" && mvn -B -q -Dstyle.color=never "$MVN_DEP_PLUGIN:copy" \
      -Dartifact="org.apache.jena:apache-jena:$JENA_VERSION:zip" -DoutputDirectory="$DOWNLOADS") >"$DOWNLOADS/mvn.log" 2>&1 \
      || { rm -f "$DOWNLOADS/$zip"; die "could not fetch Apache Jena $JENA_VERSION (log: $DOWNLOADS/mvn.log)"; }
  fi
  unzip -tq "$DOWNLOADS/$zip" >/dev/null || { rm -f "$DOWNLOADS/$zip"; die "downloaded $zip is corrupt; removed it, run again"; }
  tmp=$(mktemp -d "$CACHE/unpack.XXXXXX")
  unzip -q "$DOWNLOADS/$zip" -d "$tmp"
  [ -x "$tmp/apache-jena-$JENA_VERSION/bin/riot" ] || die "unexpected layout in $zip"
  rm -rf "$JENA_HOME"
  mv "$tmp/apache-jena-$JENA_VERSION" "$JENA_HOME"
  rm -rf "$tmp"
fi
echo "$JENA_HOME/bin/riot"
