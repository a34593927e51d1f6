#!/usr/bin/env bash
#
# Run by `bin/ccrj test` after the Maven suite: builds the JCStress harnesses of ccr-core and
# ccr-mpi (ccr-core/target/jcstress.jar and ccr-mpi/target/jcstress.jar, Maven profile `jcstress`)
# and runs them in a quick mode that fits a 2-core machine in a few minutes:
#   - ccr-core: every test but those named Broken*;
#   - ccr-core's negative control: its Broken* tests (IdleHandshakeTests' broken orders), each of
#     which must FAIL, with the same second try as ccr-mpi's;
#   - ccr-mpi: every test of the package io.ccrj.mpi.jcstress (whatever classes it holds) but
#     the classes named *Broken*;
#   - ccr-mpi's negative control: the deliberately broken copies, in io.ccrj.mpi.jcstress.broken
#     and in the classes of io.ccrj.mpi.jcstress named *Broken*, each of which must FAIL (it shows that the harness sees the defects the tests rule out); a
#     copy that one short iteration did not catch gets one longer second try, where it must fail.
# Results (console log, HTML report, jcstress's result blob) go to <module>/target/jcstress-results
# (the negative controls' to <module>/target/jcstress-results-broken). Prints one summary line per
# run; exits non-zero if the build fails, if a test of ccr-core or ccr-mpi FAILED or ERRORED, if
# no test ran, or if a broken copy did not fail.
#
# Uses $JAVA_HOME as bin/ccrj exports it (found the same way when run by hand).
# CCRJ_JCSTRESS_ARGS replaces the run options, e.g. CCRJ_JCSTRESS_ARGS="-m default" for a long run,
# or "-m quick -t JoinTests" for one class; with a -t of its own, ccr-mpi's runs keep only that
# filter and the negative control is skipped (said so in its line).
# CCRJ_JCSTRESS_MODULES chooses the harnesses: "ccr-core ccr-mpi" (the default), or either alone.
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

read -r -a modules <<<"${CCRJ_JCSTRESS_MODULES:-ccr-core ccr-mpi}"
pl=
for m in "${modules[@]}"; do
  case $m in
    ccr-core|ccr-mpi) pl+=${pl:+,}$m ;;
    *) echo "jcstress: FAILED, CCRJ_JCSTRESS_MODULES names '$m'; it may name ccr-core and ccr-mpi" >&2; exit 1 ;;
  esac
done
[[ -n $pl ]] || { echo "jcstress: FAILED, CCRJ_JCSTRESS_MODULES names no module" >&2; exit 1; }

# One build for both: ccr-mpi's harness needs ccr-core from the reactor (-am).
echo "jcstress: building the harness of $pl ..." >&2
./mvnw -B -ntp -q -Pjcstress -pl "$pl" -am -DskipTests package </dev/null
for m in "${modules[@]}"; do
  [[ -f $m/target/jcstress.jar ]] \
    || { echo "jcstress: FAILED, the build finished but $m/target/jcstress.jar is missing" >&2; exit 1; }
done

# Forked test VMs: small heap; on JDK 24+ silence the native-access warning of jcstress's affinity
# probe (JNA), which jcstress would otherwise copy into every test's output. No Unsafe flag: ccrj
# uses no sun.misc.Unsafe, and a test VM that printed its warning would show that it came back.
jvm_args="-Xmx256m"
if (( major >= 24 )); then
  jvm_args+=" --enable-native-access=ALL-UNNAMED"
fi
cpus=$(nproc 2>/dev/null || echo 2)
(( cpus > 2 )) && cpus=2

user_args=()
user_filter=false
if [[ -n ${CCRJ_JCSTRESS_ARGS:-} ]]; then
  read -r -a user_args <<<"$CCRJ_JCSTRESS_ARGS"
  for a in "${user_args[@]}"; do
    [[ $a == -t ]] && user_filter=true
  done
fi

# run_harness JAR RESULTS LABEL EXPECT ARGS...: runs jcstress with ARGS, the results in RESULTS;
# EXPECT is "pass" (every test passes) or "fail" (every test fails: a negative control). Prints
# the summary line; returns non-zero if the expectation is not met.
run_harness() {
  local jar=$1 results=$2 label=$3 expect=$4
  shift 4
  rm -rf "$results"
  mkdir -p "$results"
  local console=$results/console.txt
  echo "jcstress: $label: running $* -c $cpus (log: $console) ..." >&2
  local start=$SECONDS rc=0
  # jcstress writes its result blob to the working directory: run it inside the results folder.
  (cd "$results" && "$JAVA" -jar "$ROOT/$jar" "$@" -c "$cpus" -jvmArgs "$jvm_args" \
      -r "$ROOT/$results/report" </dev/null) >"$console" 2>&1 || rc=$?
  local elapsed=$(( SECONDS - start ))

  # The last progress line: "(Results: 10 planned; 10 passed, 0 failed, 0 soft errs, 0 hard errs)".
  local line
  line=$(grep -E '^\(Results: ' "$console" | tail -n 1 || true)
  count() { sed -nE "s/.* ([0-9]+) $1.*/\\1/p" <<<"$line"; }
  local planned passed failed soft hard errors interesting
  planned=$(sed -nE 's/^\(Results: ([0-9]+) planned.*/\1/p' <<<"$line")
  passed=$(count passed); failed=$(count failed); soft=$(count 'soft errs'); hard=$(count 'hard errs')
  planned=${planned:-0} passed=${passed:-0} failed=${failed:-0} soft=${soft:-0} hard=${hard:-0}
  errors=$(( soft + hard ))
  interesting=$(sed -nE 's/^ *Interesting tests: ([0-9]+) matching.*/\1/p' "$console" | tail -n 1)
  interesting=${interesting:-0}

  local status=OK
  if [[ $expect == pass ]]; then
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
    echo "jcstress: $label: $status, $passed test results passed, $failed failed, $errors errors," \
      "$interesting interesting in ${elapsed}s (exit code $rc); report in $results/report/index.html"
  else
    # Every broken copy must have failed: each test jcstress ran (a report page each) named
    # [FAILED] in at least one of its JVM configurations (jcstress runs a test under several, and a
    # race may show under some only); no error (an error would be a broken harness, not a seen
    # defect).
    if (( planned == 0 )); then
      status="FAILED (no test ran)"
    elif (( errors > 0 )); then
      status="FAILED (errors)"
      sed -n '/^RUN RESULTS:/,$p' "$console" | grep -v 'WARNING' | head -n 60 >&2 || true
    else
      # The ones not caught go to $results/uncaught.txt, one a line, for a second try.
      local t copies=0 uncaught=0
      for t in "$results"/report/*.html; do
        t=$(basename "$t" .html)
        [[ $t == index ]] && continue
        copies=$(( copies + 1 ))
        if ! grep -qF "[FAILED] $t" "$console"; then
          uncaught=$(( uncaught + 1 ))
          echo "$t" >>"$results/uncaught.txt"
          echo "jcstress: $label: not caught: $t" >&2
        fi
      done
      if (( copies == 0 )); then
        status="FAILED (no report pages)"
      elif (( uncaught > 0 )); then
        status="NOT CAUGHT"
      fi
    fi
    if [[ $status == "NOT CAUGHT" ]]; then
      echo "jcstress: $label: $uncaught of $copies broken copies not caught ($failed of $planned runs failed)" \
        "in ${elapsed}s (listed in $results/uncaught.txt); report in $results/report/index.html"
      return 2
    fi
    echo "jcstress: $label: $status, every broken copy failed as it must ($failed of $planned runs" \
      "failed, $passed passed, $errors errors) in ${elapsed}s; report in $results/report/index.html"
  fi
  [[ $status == OK ]]
}

# negative_control MODULE PATTERN LABEL ARGS...: runs the deliberately broken copies of MODULE
# (the tests whose names match PATTERN), each of which must FAIL; a copy that the short run did
# not catch gets one longer second try, where it must fail. A defect that needs the two actors on
# two cores at once (store buffering) can go unseen in one short iteration on a loaded machine.
negative_control() {
  local m=$1 pattern=$2 label=$3
  shift 3
  local broken=$m/target/jcstress-results-broken rc=0
  run_harness "$m/target/jcstress.jar" "$broken" "$label" fail "$@" -t "$pattern" || rc=$?
  if (( rc == 2 )); then
    local again
    again=$(sed 's/[.$]/\\&/g' "$broken/uncaught.txt" | paste -sd '|')
    rc=0
    run_harness "$m/target/jcstress.jar" "$broken-again" "$label, second try of those not caught" fail \
      -m quick -sc false -iters 3 -time 1000 -t "^($again)\$" || rc=$?
  fi
  (( rc == 0 ))
}

ok=true
for m in "${modules[@]}"; do
  case $m in
    ccr-core)
      # quick preset; no split per-actor compilation modes (which multiply the forks by 9); three
      # 1 s iterations per test. The classes and nested tests named Broken* (IdleHandshakeTests'
      # broken orders) are the negative control.
      args=(-m quick -sc false -iters 3 -time 1000)
      broken_args=(-m quick -sc false -iters 1 -time 500)
      (( ${#user_args[@]} > 0 )) && args=("${user_args[@]}") broken_args=("${user_args[@]}")
      if [[ $user_filter == true ]]; then
        run_harness ccr-core/target/jcstress.jar ccr-core/target/jcstress-results ccr-core pass "${args[@]}" || ok=false
        echo "jcstress: ccr-core negative control: skipped (CCRJ_JCSTRESS_ARGS has a -t of its own)"
      else
        run_harness ccr-core/target/jcstress.jar ccr-core/target/jcstress-results ccr-core pass \
          "${args[@]}" -t '^io\.ccrj\.core\.(?!.*[.$]Broken)' || ok=false
        negative_control ccr-core '^io\.ccrj\.core\..*[.$]Broken' \
          "ccr-core negative control (the Broken* tests, must fail)" "${broken_args[@]}" || ok=false
      fi
      ;;
    ccr-mpi)
      # Two shorter iterations per test (its models are two-actor races that show within them),
      # one for the negative control, whose defects mostly show at once.
      args=(-m quick -sc false -iters 2 -time 500)
      broken_args=(-m quick -sc false -iters 1 -time 500)
      (( ${#user_args[@]} > 0 )) && args=("${user_args[@]}") broken_args=("${user_args[@]}")
      if [[ $user_filter == true ]]; then
        run_harness ccr-mpi/target/jcstress.jar ccr-mpi/target/jcstress-results ccr-mpi pass "${args[@]}" || ok=false
        echo "jcstress: ccr-mpi negative control: skipped (CCRJ_JCSTRESS_ARGS has a -t of its own)"
      else
        # The top-level classes of io.ccrj.mpi.jcstress (and their nested tests), whatever they
        # are, except those named *Broken* (WindowBrokenVariantsTests): those, and the package
        # io.ccrj.mpi.jcstress.broken, are the negative control.
        run_harness ccr-mpi/target/jcstress.jar ccr-mpi/target/jcstress-results ccr-mpi pass \
          "${args[@]}" -t '^io\.ccrj\.mpi\.jcstress\.(?![A-Za-z0-9_]*Broken)[A-Z]' || ok=false
        negative_control ccr-mpi '^io\.ccrj\.mpi\.jcstress\.(broken\.|[A-Za-z0-9_]*Broken)' \
          "ccr-mpi negative control (io.ccrj.mpi.jcstress.broken and *Broken*, must fail)" \
          "${broken_args[@]}" || ok=false
      fi
      ;;
  esac
done
[[ $ok == true ]]
