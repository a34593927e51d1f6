#!/usr/bin/env bash
#
# The two example programs of docs/mpi-java-apis.md, from an empty folder: compiled with javac
# against ccrj's package mpi (the mpirun jar, built by bin/ccrj when missing) and run with
# bin/ccrj mpirun at 4 ranks; each line is checked. Run from anywhere; exits non-zero on failure.
set -euo pipefail
here=$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
# shellcheck source=../../../bin/lib/jdk.sh
. "$root/bin/lib/jdk.sh"
ccrj_find_jdk || { ccrj_jdk_missing_message; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/ccrj-mpi-programs.XXXXXX")
trap 'rm -rf "$work"' EXIT

"$root/bin/ccrj" mpirun -h >/dev/null          # builds ccr-mpi/mpijava/target/ccrj-mpirun.jar if needed
jar=$root/ccr-mpi/mpijava/target/ccrj-mpirun.jar
"$CCRJ_JDK_HOME/bin/javac" -cp "$jar" -d "$work/classes" "$here"/src/*.java

out=$("$root/bin/ccrj" mpirun -n 4 -cp "$work/classes" HelloMpiJava)
for r in 0 1 2 3; do
  grep -qx "mpiJava: rank $r of 4, sum of ranks 6" <<<"$out" || { echo "mpi-programs: FAILED, HelloMpiJava: $out"; exit 1; }
done
out=$("$root/bin/ccrj" mpirun -np 4 --oversubscribe -cp "$work/classes" RingOpenMpi 2>&1)
for r in 1 2 3; do
  grep -qx "Open MPI style: rank $r got $r from $((r - 1)), largest token 4" <<<"$out" \
    || { echo "mpi-programs: FAILED, RingOpenMpi: $out"; exit 1; }
done
grep -qx "Open MPI style: rank 0 got 4 from 3, largest token 4" <<<"$out" || { echo "mpi-programs: FAILED, RingOpenMpi: $out"; exit 1; }
echo "mpi-programs: OK (HelloMpiJava and RingOpenMpi at 4 ranks)"
