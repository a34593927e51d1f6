#!/usr/bin/env bash
#
# The OpenAPI conformance test: a standalone host on 127.0.0.1 serving the built-in services (kv,
# ping) and two user services of the guide (CounterService, TaskBoard, loaded from the test
# classes as a user's jar would be), and Schemathesis driven by the host's own GET /openapi.json
# with every check on. Any failure fails the run. Bounded in time by --max-examples (default 12
# per operation; CCRJ_CONFORMANCE_EXAMPLES to change it).
#
# Needs python3 with venv; builds the host jar (dss-services/target/ccrj-host.jar) and the test
# classes with Maven when they are missing or older than the sources. Installs
# Schemathesis from PyPI into a virtual environment (CCRJ_CONFORMANCE_VENV, default
# ~/.cache/ccrj/schemathesis-venv) when it is not there yet.
set -euo pipefail

HERE=$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd -P "$HERE/../../../.." && pwd)
SCHEMATHESIS_VERSION=4.32.5
VENV=${CCRJ_CONFORMANCE_VENV:-$HOME/.cache/ccrj/schemathesis-venv}
EXAMPLES=${CCRJ_CONFORMANCE_EXAMPLES:-12}
JAR=$ROOT/dss-services/target/ccrj-host.jar
CLASSES=$ROOT/dss-services/target/test-classes

fail() { echo "openapi-conformance: FAILED, $*" >&2; exit 1; }

# the host jar, and the test classes the user services come from: built when missing or older than the sources
if [[ ! -f $JAR || ! -f $CLASSES/io/ccrj/dss/examples/TaskBoard.class ]] \
    || [[ -n $(find "$ROOT/dss-services/src/main" "$ROOT/dss-services/src/test/java" "$ROOT/ccr-core/src/main" \
                 -newer "$JAR" -type f -print -quit) ]]; then
  echo "openapi-conformance: building $JAR and the test classes"
  (cd "$ROOT" && ./mvnw -B -ntp -q -DskipTests -Dmaven.javadoc.skip=true -pl dss-services -am package) </dev/null \
    || fail "building dss-services failed"
fi
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java

if [[ ! -x $VENV/bin/st ]] || [[ $("$VENV/bin/st" --version 2>/dev/null) != *"$SCHEMATHESIS_VERSION"* ]]; then
  echo "openapi-conformance: installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
  python3 -m venv "$VENV" || fail "python3 -m venv failed (install python3-venv)"
  "$VENV/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" </dev/null \
    || fail "pip install schemathesis==$SCHEMATHESIS_VERSION failed"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/ccrj-conformance.XXXXXX")
host_pid=
cleanup() {
  if [[ -n $host_pid ]] && kill -0 "$host_pid" 2>/dev/null; then
    kill -TERM "$host_pid" 2>/dev/null || true
    wait "$host_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

"$JAVA" -Xmx512m -jar "$JAR" --port 0 --bind 127.0.0.1 --manifest "$HERE/manifest.json" --classpath "$CLASSES" \
  --max-services 64 >"$work/host.log" 2>&1 </dev/null &
host_pid=$!
base=
for _ in $(seq 1 600); do
  base=$(sed -nE 's#^ccrj host: serving .* at (http://[^ ]+)/$#\1#p' "$work/host.log")
  [[ -n $base ]] && break
  kill -0 "$host_pid" 2>/dev/null || { cat "$work/host.log" >&2; fail "the host exited before serving"; }
  sleep 0.1
done
[[ -n $base ]] || { cat "$work/host.log" >&2; fail "the host did not say where it serves within 60 s"; }
[[ $base == http://127.0.0.1:* ]] || fail "the host serves at $base, not on 127.0.0.1"

echo "openapi-conformance: Schemathesis $SCHEMATHESIS_VERSION against $base/openapi.json, $EXAMPLES examples per operation"
status=0
(cd "$work" && "$VENV/bin/st" --no-color --config-file "$HERE/schemathesis.toml" run "$base/openapi.json" \
  --checks all --workers 1 --max-examples "$EXAMPLES" --request-timeout 5 --suppress-health-check all \
  --generation-database none --seed "${CCRJ_CONFORMANCE_SEED:-$RANDOM}") </dev/null || status=$?
if (( status != 0 )); then
  echo "openapi-conformance: the host's log:" >&2
  tail -n 50 "$work/host.log" | sed 's/^/  host: /' >&2
  fail "Schemathesis found the host and its document disagree (exit status $status)"
fi
echo "openapi-conformance: OK: every operation of the host's document conforms"
