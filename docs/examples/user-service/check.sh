#!/usr/bin/env bash
#
# The guide's path for a user's own service, from an empty folder (docs/dss-services/running-the-host.md,
# "Your own service in the standalone host"): copy this example's pom.xml, source and manifest into a new
# folder, build the jar with Maven, put it in services/ beside the manifest, start
# `bin/ccrj host`, add a note and read it back with curl, open the browser view, stop the host
# with SIGTERM. CI runs it from bin/lib/consumer-check.sh after dss-services is installed into a
# local repository; arguments are handed to Maven (for example -Dmaven.repo.local=DIR).
set -euo pipefail

HERE=$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd -P "$HERE/../../.." && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/ccrj-notes.XXXXXX")
host_pid=
cleanup() {
  if [[ -n $host_pid ]] && kill -0 "$host_pid" 2>/dev/null; then
    kill -KILL "$host_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "user-service-check: FAILED, $*" >&2; [[ -f $work/host.log ]] && sed 's/^/  host: /' "$work/host.log" >&2; exit 1; }

# 1. an empty folder gets the example's files
app=$work/notes
mkdir -p "$app"
cp -r "$HERE/pom.xml" "$HERE/src" "$HERE/manifest.json" "$app/"

# 2. the jar, built with Maven (dss-services is "provided": the host brings it)
if ! (cd "$ROOT" && ./mvnw -B -ntp -q "$@" -f "$app/pom.xml" package) </dev/null >"$work/build.log" 2>&1; then
  cat "$work/build.log" >&2
  fail "mvn package of the example failed"
fi
mkdir -p "$app/services"
cp "$app/target/notes-service-1.0.jar" "$app/services/"

# 3. the host, on a free port, with the manifest (services/ beside it is loaded in a class loader of its own)
"$ROOT/bin/ccrj" host --port 0 --manifest "$app/manifest.json" >"$work/host.log" 2>&1 </dev/null &
host_pid=$!
base=
for _ in $(seq 1 600); do
  base=$(sed -nE 's#^ccrj host: serving .* at (http://[^ ]+)/$#\1#p' "$work/host.log")
  [[ -n $base ]] && break
  kill -0 "$host_pid" 2>/dev/null || fail "the host exited before serving"
  sleep 0.1
done
[[ -n $base ]] || fail "the host did not say where it serves within 60 s"

# 4. curl: Submit "add", then Get
added=$(curl -fsS -X POST -H 'Content-Type: application/json' -d '"buy milk"' "$base/services/notes/actions/add") \
  || fail "POST /services/notes/actions/add failed"
got=$(curl -fsS "$base/services/notes") || fail "GET /services/notes failed"
[[ $got == *'"notes":["buy milk"]'* ]] || fail "GET /services/notes answered '$got' after adding a note ('$added')"
dir=$(curl -fsS "$base/directory") || fail "GET /directory failed"
[[ $dir == *'"notes"'* ]] || fail "the directory does not list notes: $dir"

# 5. the browser view: the service's page
page=$(curl -fsS -H 'Accept: text/html' "$base/services/notes") || fail "the browser view of notes failed"
[[ $page == *'id="state"'* && $page == *'notes'* ]] || fail "the browser view of notes has no state element"

# 6. SIGTERM: a graceful stop, exit status 0
kill -TERM "$host_pid"
status=0
wait "$host_pid" || status=$?
host_pid=
(( status == 0 || status == 143 )) || fail "the host exited with status $status on SIGTERM"
grep -qx 'ccrj host: stopped' "$work/host.log" || fail "the host did not say it stopped gracefully"
echo "user-service-check: OK: built notes-service-1.0.jar, served it from services/, added and read a note, browser view, SIGTERM"
