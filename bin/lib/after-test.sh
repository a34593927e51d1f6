#!/usr/bin/env bash
#
# Run by `bin/ccrj test` after the Maven suite: builds ccr-core's JCStress harness
# (ccr-core/target/jcstress.jar, Maven profile `jcstress`) and runs it in a quick mode that fits a
# 2-core machine in about a minute. Results (console log, HTML report, jcstress's result blob) go
# to ccr-core/target/jcstress-results. Prints one summary line; exits non-zero if the build
# fails, if any test FAILED or ERRORED, or if no test ran.
#
# Uses $JAVA_HOME as bin/ccrj exports it (found the same way when run by hand).
# CCRJ_JCSTRESS_ARGS replaces the run options, e.g. CCRJ_JCSTRESS_ARGS="-m default" for a long run,
# or "-m quick -t JoinTests" for one class.
set -euo pipefail

ROOT=$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"

# shellcheck source=jdk.sh
. "$ROOT/bin/lib/jdk.sh"
if [[ -z ${JAVA_HOME:-} ]] || ! ccrj_check_jdk JAVA_HOME "$JAVA_HOME" >/dev/null; then
  ccrj_find_jdk || { ccrj_jdk_missing_message; exit 1; }
  export JAVA_HOME=$CCRJ_JDK_HOME
fi
JAVA=$JAVA_HOME/bin/java
major=$(ccrj_java_major "$(ccrj_jdk_version "$JAVA_HOME")")

JAR=ccr-core/target/jcstress.jar
RESULTS=ccr-core/target/jcstress-results

echo "jcstress: building $JAR ..." >&2
./mvnw -B -ntp -q -Pjcstress -pl ccr-core -DskipTests package </dev/null
[[ -f $JAR ]] || { echo "jcstress: FAILED, the build finished but $JAR is missing" >&2; exit 1; }

# Forked test VMs: small heap; on JDK 24+ silence the native-access warning of jcstress's affinity
# probe (JNA), which jcstress would otherwise copy into every test's output. No Unsafe flag: ccr-core
# uses no sun.misc.Unsafe, and a test VM that printed its warning would show that it came back.
jvm_args="-Xmx256m"
if (( major >= 24 )); then
  jvm_args+=" --enable-native-access=ALL-UNNAMED"
fi
cpus=$(nproc 2>/dev/null || echo 2)
(( cpus > 2 )) && cpus=2
# quick preset; no split per-actor compilation modes (which multiply the forks by 9); three 1 s
# iterations per test.
if [[ -n ${CCRJ_JCSTRESS_ARGS:-} ]]; then
  read -r -a run_args <<<"$CCRJ_JCSTRESS_ARGS"
else
  run_args=(-m quick -sc false -iters 3 -time 1000)
fi

rm -rf "$RESULTS"
mkdir -p "$RESULTS"
console=$RESULTS/console.txt
echo "jcstress: running ${run_args[*]} -c $cpus (log: $console) ..." >&2
start=$SECONDS
rc=0
# jcstress writes its result blob to the working directory: run it inside the results folder.
(cd "$RESULTS" && "$JAVA" -jar "$ROOT/$JAR" "${run_args[@]}" -c "$cpus" -jvmArgs "$jvm_args" \
    -r "$ROOT/$RESULTS/report" </dev/null) >"$console" 2>&1 || rc=$?
elapsed=$(( SECONDS - start ))

# The last progress line: "(Results: 10 planned; 10 passed, 0 failed, 0 soft errs, 0 hard errs)".
line=$(grep -E '^\(Results: ' "$console" | tail -n 1 || true)
count() { sed -nE "s/.* ([0-9]+) $1.*/\\1/p" <<<"$line"; }
passed=$(count passed); failed=$(count failed); soft=$(count 'soft errs'); hard=$(count 'hard errs')
passed=${passed:-0} failed=${failed:-0} soft=${soft:-0} hard=${hard:-0}
errors=$(( soft + hard ))
interesting=$(sed -nE 's/^ *Interesting tests: ([0-9]+) matching.*/\1/p' "$console" | tail -n 1)
interesting=${interesting:-0}

status=OK
if (( rc != 0 || failed > 0 || errors > 0 )) || ! grep -q 'Failed tests: No matches' "$console" \
    || ! grep -q 'Error tests: No matches' "$console"; then
  status=FAILED
elif (( passed == 0 )); then
  status="FAILED (no test ran)"
fi
if [[ $status != OK ]]; then
  # Show what failed: jcstress's own summary of the failing tests.
  sed -n '/^RUN RESULTS:/,$p' "$console" | grep -v 'WARNING' | head -n 60 >&2 || true
fi
echo "jcstress: $status, $passed test results passed, $failed failed, $errors errors, $interesting interesting" \
  "in ${elapsed}s (exit code $rc); report in $RESULTS/report/index.html"
[[ $status == OK ]]
