#!/usr/bin/env bash
#
# Checks the deployment recipes of docs/dss-services/running-the-host.md ("Running it as a service"), as CI can:
#  1. ccrj-host.service: `systemd-analyze verify` finds no problem (where systemd-analyze exists),
#     then its ExecStart command line, with its Environment, starts the host and the KillSignal
#     stops it gracefully within TimeoutStopSec;
#  2. Containerfile: every instruction is a Dockerfile instruction, FROM comes first, what it
#     COPYs exists, and its ENTRYPOINT command line starts the host and STOPSIGNAL stops it.
# The recipes' paths (/opt/ccrj, /etc/ccrj, /var/lib/ccrj, /run/secrets) are mapped to a temporary
# folder, java to this JDK, and the port to a free one. Needs the host jar (bin/ccrj host builds it).
set -euo pipefail

HERE=$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd -P "$HERE/../../.." && pwd)
cd "$ROOT"
# shellcheck source=../../../bin/lib/jdk.sh
. bin/lib/jdk.sh
ccrj_find_jdk || { ccrj_jdk_missing_message; exit 1; }
JAVA=$CCRJ_JDK_HOME/bin/java
JAR=$ROOT/dss-services/target/ccrj-host.jar
[[ -f $JAR ]] || { echo "deploy-check: FAILED, $JAR is missing (bin/ccrj host or ./mvnw -pl dss-services -am package builds it)"; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/ccrj-deploy.XXXXXX")
pid=
cleanup() {
  if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "deploy-check: FAILED, $*"; [[ -f $work/host.log ]] && sed 's/^/  host: /' "$work/host.log"; exit 1; }

mkdir -p "$work/opt/ccrj" "$work/etc/ccrj" "$work/var/lib/ccrj" "$work/run/secrets"
cp "$JAR" "$work/opt/ccrj/ccrj-host.jar"
sed "s#/var/lib/ccrj#$work/var/lib/ccrj#g" "$HERE/manifest.json" >"$work/etc/ccrj/manifest.json"
echo "deploy-check-token" >"$work/etc/ccrj/token"
cp "$work/etc/ccrj/token" "$work/run/secrets/ccrj_token"

# The recipe's paths in this temporary root, and this JDK's java for a bare `java` or /usr/bin/java.
map_paths() {
  sed -e "s#/opt/ccrj#$work/opt/ccrj#g" -e "s#/etc/ccrj#$work/etc/ccrj#g" \
      -e "s#/var/lib/ccrj#$work/var/lib/ccrj#g" -e "s#/run/secrets#$work/run/secrets#g"
}

# Starts "$@" with CCRJ_PORT=0, waits for the host to serve, checks /health, sends signal $SIG,
# and expects a graceful stop within $STOP_S seconds.
start_and_stop() {
  local what=$1; shift
  # The log exists before the host starts: the background job opens it only once it is scheduled,
  # and a read of a missing file would end this script (set -e) on a loaded machine.
  : >"$work/host.log"
  CCRJ_PORT=0 "$@" >>"$work/host.log" 2>&1 </dev/null &
  pid=$!
  local base=
  for _ in $(seq 1 600); do
    base=$(sed -nE 's#^ccrj host: serving .* at (http://[^ ]+)/$#\1#p' "$work/host.log")
    [[ -n $base ]] && break
    kill -0 "$pid" 2>/dev/null || fail "$what: the host exited before serving"
    sleep 0.1
  done
  [[ -n $base ]] || fail "$what: the host did not serve within 60 s"
  curl -fsS "$base/health" | grep -q '"status":"up"' || fail "$what: /health is not up"
  kill "-$SIG" "$pid"
  local waited=0
  while kill -0 "$pid" 2>/dev/null; do
    (( waited < STOP_S * 10 )) || fail "$what: still running $STOP_S s after $SIG"
    sleep 0.1; waited=$((waited + 1))
  done
  wait "$pid" || true
  pid=
  grep -qx 'ccrj host: stopped' "$work/host.log" || fail "$what: no graceful stop after $SIG"
  [[ -s $work/var/lib/ccrj/kv.json ]] || fail "$what: the durable kv state was not saved at the stop"
  rm -f "$work/var/lib/ccrj/kv.json"
  echo "deploy-check: $what started, served /health and stopped on $SIG"
}

# --- 1. the systemd unit ------------------------------------------------------------------
unit=$HERE/ccrj-host.service
if command -v systemd-analyze >/dev/null 2>&1; then
  sed "s#^ExecStart=/usr/bin/java #ExecStart=$JAVA #" "$unit" >"$work/ccrj-host.service"
  out=$(systemd-analyze verify --man=no "$work/ccrj-host.service" 2>&1) || fail "systemd-analyze verify: $out"
  [[ -z $out ]] || fail "systemd-analyze verify: $out"
  echo "deploy-check: ccrj-host.service verified by systemd-analyze"
else
  echo "deploy-check: systemd-analyze not found; checking ccrj-host.service by starting its command line only"
fi
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
[[ $exec_start == /usr/bin/java\ * ]] || fail "ExecStart does not start /usr/bin/java: $exec_start"
read -r -a cmd <<<"$(map_paths <<<"${exec_start#/usr/bin/java }")"
SIG=$(sed -n 's/^KillSignal=SIG//p' "$unit")
STOP_S=$(sed -n 's/^TimeoutStopSec=//p' "$unit")
[[ -n $SIG && -n $STOP_S ]] || fail "the unit names no KillSignal or TimeoutStopSec"
grep -qx 'Environment=CCRJ_PORT=50000' "$unit" || fail "the unit sets no CCRJ_PORT"
start_and_stop "ccrj-host.service ExecStart" "$JAVA" "${cmd[@]}"

# --- 2. the container recipe --------------------------------------------------------------
cf=$HERE/Containerfile
first=$(grep -vE '^\s*(#|$)' "$cf" | head -1)
[[ $first == FROM\ * ]] || fail "Containerfile: the first instruction is not FROM: $first"
while read -r instr rest; do
  case $instr in
    FROM|RUN|COPY|USER|ENV|EXPOSE|STOPSIGNAL|ENTRYPOINT|WORKDIR|LABEL|ARG|VOLUME|HEALTHCHECK|CMD) ;;
    *) fail "Containerfile: unknown instruction '$instr'" ;;
  esac
  if [[ $instr == COPY ]]; then
    src=${rest%% *}
    [[ -e $ROOT/$src ]] || fail "Containerfile: COPY source $src does not exist"
  fi
done < <(grep -vE '^\s*(#|$)' "$cf")
entry=$(sed -n 's/^ENTRYPOINT //p' "$cf")
[[ $entry == \[\"*\"\] ]] || fail "Containerfile: ENTRYPOINT is not in exec form, a JSON array of strings: $entry"
entry=${entry#\[\"}; entry=${entry%\"\]}
mapfile -t cmd < <(sed 's/", "/\n/g' <<<"$entry")
[[ ${cmd[0]} == java ]] || fail "Containerfile: ENTRYPOINT does not start java"
mapfile -t cmd < <(printf '%s\n' "${cmd[@]:1}" | map_paths)
SIG=$(sed -n 's/^STOPSIGNAL SIG//p' "$cf")
STOP_S=15
[[ -n $SIG ]] || fail "Containerfile: no STOPSIGNAL"
start_and_stop "Containerfile ENTRYPOINT" "$JAVA" "${cmd[@]}"
echo "deploy-check: OK"
