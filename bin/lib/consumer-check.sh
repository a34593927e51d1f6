#!/usr/bin/env bash
#
# Run by CI (.ci/run) after the tests. Two checks a new user's first steps depend on:
#
# 1. `bin/ccrj build` without MPJ Express. CCRJ_MPJ_HOME points the launcher, and through
#    -Dmpj.home the build, at an empty folder, so both see no MPJ Express even where libmpj-java
#    is installed (as on CI, which needs it for the tests). The build must say in one line what it
#    skipped and why, and install ccr-core, ccr-mpi and dss-services (with sources and javadoc
#    jars), and not the MPJ Express backend. What this proves: the launcher's path without MPJ
#    Express and that the three libraries' build reads nothing of it; it does not uninstall the
#    Debian package. Chromium is not needed by any build, only by the dss-services tests.
# 2. docs/examples/consumer, a separate Maven project that depends on those installed artifacts
#    by coordinates, compiles the README's quick start and the ccr-core and ccr-mpi guides'
#    examples, and runs them as a named module and on the class path (see its pom.xml).
# 3. docs/examples/user-service/check.sh: the dss-services guide's path for a user's own service,
#    from an empty folder: its jar built with Maven against the installed dss-services, the
#    standalone host started on it (bin/ccrj host), curl and the browser view, SIGTERM.
# 4. docs/examples/mpi-programs/check.sh: the MPI Java API guide's two programs, compiled with javac
#    against the mpirun jar and run with bin/ccrj mpirun at 4 ranks.
#
# Both install into a throwaway local repository (deleted at the end) that reads everything else
# from the user's (~/.m2/repository, through maven.repo.local.tail), so ~/.m2 gains no ccrj jars.
set -euo pipefail

ROOT=$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
# The README's and the guides' commands run as a user on Debian 12 types them: JAVA_HOME unset and
# the distribution's java 17 first on PATH, wherever the machine has a JDK older than 21 beside one
# of 21+. ./mvnw then picks the JDK 21+ itself (bin/lib/mvnw-jdk.sh) and says which; bin/ccrj finds
# it as always. Without an older JDK they run on the JDK bin/ccrj would pick.
# shellcheck source=jdk.sh
. bin/lib/jdk.sh
ccrj_find_jdk || { ccrj_jdk_missing_message; exit 1; }
old_jdk=
for d in "$CCRJ_JVM_DIR"/*/; do
  [[ -x $d/bin/javac ]] || continue
  if (( $(ccrj_java_major "$(ccrj_jdk_version "${d%/}")") < CCRJ_MIN_JAVA )); then
    old_jdk=${d%/}
  fi
done
if [[ -n $old_jdk ]]; then
  unset JAVA_HOME
  export PATH="$old_jdk/bin:$PATH"
  echo "consumer-check: JAVA_HOME unset, $old_jdk first on PATH (java -version: $(java -version 2>&1 | head -n 1))" >&2
else
  export JAVA_HOME=$CCRJ_JDK_HOME
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/ccrj-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
repo=$work/repo
no_mpj=$work/no-mpj          # an empty folder where MPJ Express is looked for
mkdir -p "$repo" "$no_mpj"
repo_args=(-Dmaven.repo.local="$repo" -Dmaven.repo.local.tail="${CCRJ_M2_REPO:-$HOME/.m2/repository}")

fail() { echo "consumer-check: FAILED, $*"; exit 1; }

echo "consumer-check: bin/ccrj build with MPJ Express hidden (CCRJ_MPJ_HOME=$no_mpj) ..." >&2
log=$work/build.log
if ! CCRJ_MPJ_HOME=$no_mpj bin/ccrj build -q "${repo_args[@]}" </dev/null >"$log" 2>&1; then
  cat "$log" >&2
  fail "bin/ccrj build without MPJ Express failed"
fi
skipped=$(grep -c '^ccrj: build: skipped ccr-mpi/mpj-express and jmh-bench: MPJ Express is not installed' "$log" || true)
(( skipped == 1 )) || { cat "$log" >&2; fail "bin/ccrj build did not say once what it skipped"; }
for a in ccr-core ccr-mpi dss-services; do
  for f in "$a-0.1.0-SNAPSHOT.jar" "$a-0.1.0-SNAPSHOT-sources.jar" "$a-0.1.0-SNAPSHOT-javadoc.jar" "$a-0.1.0-SNAPSHOT.pom"; do
    [[ -s $repo/io/ccrj/$a/0.1.0-SNAPSHOT/$f ]] || fail "bin/ccrj build did not install $f"
  done
done
[[ ! -e $repo/io/ccrj/ccr-mpi-mpj-express ]] || fail "bin/ccrj build installed the MPJ Express backend without MPJ Express"
echo "consumer-check: build without MPJ Express OK: $(grep '^ccrj: build: skipped' "$log")"

echo "consumer-check: docs/examples/consumer against the installed artifacts ..." >&2
log=$work/consumer.log
if ! ./mvnw -B -ntp "${repo_args[@]}" -f docs/examples/consumer/pom.xml clean verify </dev/null >"$log" 2>&1; then
  cat "$log" >&2
  fail "docs/examples/consumer failed"
fi
# Surefire's summary lines, one per execution (module path first, then class path); reported in
# this script's own words, so that CI's reading of the test suite's closing lines is not confused.
mapfile -t counts < <(sed -nE 's/^\[INFO\] Tests run: ([0-9]+), Failures: 0, Errors: 0, Skipped: 0$/\1/p' "$log")
if [[ -n $old_jdk ]] && ! grep -q '^mvnw: JAVA_HOME is unset and the java on PATH is not a JDK' "$log"; then
  cat "$log" >&2
  fail "./mvnw did not say which JDK it ran Maven on, with $old_jdk first on PATH"
fi
(( ${#counts[@]} == 2 )) || { cat "$log" >&2; fail "expected two test runs (module path, class path), found ${#counts[@]}"; }
echo "consumer-check: consumer OK: ${counts[0]} tests as the named module io.ccrj.examples.consumer, ${counts[1]} on the class path"

echo "consumer-check: docs/examples/user-service (a user's service in the standalone host) ..." >&2
docs/examples/user-service/check.sh "${repo_args[@]}" </dev/null || fail "docs/examples/user-service/check.sh failed"

echo "consumer-check: docs/examples/mpi-programs (an mpiJava and an Open MPI-style program, javac + bin/ccrj mpirun) ..." >&2
docs/examples/mpi-programs/check.sh </dev/null || fail "docs/examples/mpi-programs/check.sh failed"
