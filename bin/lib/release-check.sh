#!/usr/bin/env bash
#
# Release check, run by CI after the tests (.ci/run): deploys every published module to a local
# file repository, as a release would deploy to Maven Central, and checks what landed there with
# bin/lib/ReleaseCheck.java: each artifact has its jar, -sources.jar, -javadoc.jar and checksums,
# a POM with every field Central requires (signing aside), the licence in the jar, and a module
# descriptor that `jdeps --check` accepts. jmh-bench is built by the reactor but never published;
# the example application and jmh-bench/spark-peer are built here too (they skip deploy) and
# ReleaseCheck fails if either was deployed.
#
#   bin/lib/release-check.sh [REPO_DIR]     (default target/release-repo; emptied first)
#
# Extra Maven arguments go in CCRJ_RELEASE_MVN_ARGS (not -o: Maven deploys nothing offline,
# even to a file repository). Prints one line per file with its size and verdict, then
# "release-check: OK|FAILED ..."; exits non-zero on any problem.
set -euo pipefail

ROOT=$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"

# shellcheck source=jdk.sh
. "$ROOT/bin/lib/jdk.sh"
if [[ -z ${JAVA_HOME:-} ]] || ! ccrj_check_jdk JAVA_HOME "$JAVA_HOME" >/dev/null; then
  ccrj_find_jdk || { ccrj_jdk_missing_message; exit 1; }
  export JAVA_HOME=$CCRJ_JDK_HOME
fi
export PATH="$JAVA_HOME/bin:$PATH"

repo=${1:-$ROOT/target/release-repo}
mkdir -p "$repo"
repo=$(cd -P "$repo" && pwd)
rm -rf "${repo:?}"/*

read -r -a extra <<<"${CCRJ_RELEASE_MVN_ARGS:-}"
echo "release-check: deploying to $repo ..." >&2
# Tests ran before this (bin/ccrj test); copy-dependencies puts each module's runtime
# dependencies in target/dependency for jdeps' module path.
./mvnw -B -ntp -q "${extra[@]}" -DskipTests -pl '!jmh-bench' \
  -DaltDeploymentRepository="local::file://$repo" \
  deploy dependency:copy-dependencies -DincludeScope=runtime </dev/null

deps=()
while IFS= read -r d; do deps+=("$d"); done < <(find "$ROOT" -path '*/target/dependency' -type d -not -path '*/jmh-bench/*')
exec "$JAVA_HOME/bin/java" "$ROOT/bin/lib/ReleaseCheck.java" "$repo" io.ccrj "${deps[@]}"
