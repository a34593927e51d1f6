#!/usr/bin/env bash
#
# Run by CI (.ci/run): fails if any bin/ccrj command prints a line containing "WARNING" when it
# starts, or a logging library's own complaint (log4j:WARN, SLF4J's no-provider lines). Each command runs a short real workload, so that everything that warns at first use
# (Netty's native epoll library, MPJ Express, JMH's forked JVMs, Maven's own start) has been used
# before the output is read:
#
#   help; build (Maven: installs the parent POM alone into a throwaway repository); host (until
#   it serves); bench (one JMH iteration of ccr-core's queue and of Netty, in forked JVMs); paper --smoke; overhead, mpi, dss
#   and peers with tiny settings; platform --quick.
#
# `bin/ccrj test` starts Maven exactly as build does; its tests' own output is not read here.
# It also runs a plain ccr-core program without the launcher's flags, as a library
# user starts it, and expects no WARNING there either: ccr-core's dispatcher queues use no
# sun.misc.Unsafe. On JDK 24+ the canary runs that workload once more with ccr-core's
# benchmark-only switch to JCTools' Unsafe queues and expects the WARNING lines, which shows that
# this check can fail.
#
# Uses the JDK bin/ccrj finds (JAVA_HOME first); run it with each JDK to check (CI: the one it
# installed). Prints one line per command and a verdict line; exits 1 on any WARNING line.
set -euo pipefail

ROOT=$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
# shellcheck source=jdk.sh
. "$ROOT/bin/lib/jdk.sh"
ccrj_find_jdk || { ccrj_jdk_missing_message; exit 1; }
major=$(ccrj_java_major "$CCRJ_JDK_VERSION")

work=$(mktemp -d "${TMPDIR:-/tmp}/ccrj-quiet.XXXXXX")
host_pid=
cleanup() {
  [[ -n $host_pid ]] && kill "$host_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

failed=0 ran=0
# What counts as a warning line.
WARN_RE='WARNING|^log4j:WARN|^SLF4J'
# check NAME LOGFILE: reports the WARNING lines of one command's output.
check() {
  local name=$1 log=$2 n
  ran=$(( ran + 1 ))
  n=$(grep -cE "$WARN_RE" "$log" || true)
  if (( n > 0 )); then
    failed=$(( failed + 1 ))
    echo "quiet-start: $name: FAILED, $n warning lines:"
    grep -E "$WARN_RE" "$log" | head -n 8 | sed 's/^/quiet-start:     /'
  else
    echo "quiet-start: $name: ok ($(wc -l <"$log") lines, no WARNING)"
  fi
}
# run NAME COMMAND...: runs a command to completion; its failure is a failure of the check.
run() {
  local name=$1 log=$work/$1.log rc=0
  shift
  "$@" </dev/null >"$log" 2>&1 || rc=$?
  if (( rc != 0 )); then
    failed=$(( failed + 1 ))
    echo "quiet-start: $name: FAILED, exit code $rc from: $*"
    tail -n 20 "$log" | sed 's/^/quiet-start:     /'
    return 0
  fi
  check "$name" "$log"
}

echo "quiet-start: Java $CCRJ_JDK_VERSION ($CCRJ_JDK_HOME)" >&2
export JAVA_HOME=$CCRJ_JDK_HOME
# These runs check starts, they measure nothing: they need not wait for JMH's one-run-per-machine
# lock (java.io.tmpdir/jmh.lock), which a long benchmark of someone else's can hold for an hour,
# so their JVMs get a temporary folder, and so a lock file, of their own.
mkdir -p "$work/tmp"
export CCRJ_JAVA_OPTS="${CCRJ_JAVA_OPTS:+$CCRJ_JAVA_OPTS }-Djava.io.tmpdir=$work/tmp"

run help bin/ccrj help
run build bin/ccrj build -q -N -Dmaven.repo.local="$work/m2" \
  -Dmaven.repo.local.tail="${CCRJ_M2_REPO:-$HOME/.m2/repository}"

# The host: started, read once it says it serves (or after 60 s), then stopped.
log=$work/host.log
bin/ccrj host --port 0 </dev/null >"$log" 2>&1 &
host_pid=$!
for _ in $(seq 600); do
  grep -q '^ccrj host: serving' "$log" && break
  kill -0 "$host_pid" 2>/dev/null || break
  sleep 0.1
done
if grep -q '^ccrj host: serving' "$log"; then
  check host "$log"
else
  failed=$(( failed + 1 ))
  echo "quiet-start: host: FAILED, it did not start serving:"
  tail -n 20 "$log" | sed 's/^/quiet-start:     /'
fi
kill "$host_pid" 2>/dev/null || true
wait "$host_pid" 2>/dev/null || true
host_pid=

run bench bin/ccrj bench 'TaskQueueBench.offerPoll|RawNettyHttpBenchmark.get' -p impl=ccrjXaddMpmc \
  -bm avgt -f 1 -wi 0 -i 1 -r 200ms
run paper bin/ccrj paper --smoke --out "$work/paper"
run overhead bin/ccrj overhead --stages 200 --ways 1 --threads match --pattern Pipeline \
  --forks 1 --warmup 0 --iterations 1 --iteration-ms 100 --out "$work/overhead"
run mpi bin/ccrj mpi --only latency --ranks 2 --backend ccr-mpi \
  --forks 1 --warmup 0 --iterations 1 --iteration-ms 100 --out "$work/mpi"
run dss bin/ccrj dss --forks 1 --warmup 0 --iterations 1 --iteration-ms 100 --out "$work/dss"
run peers bin/ccrj peers --forks 1 --warmup 0 --iterations 1 --iteration-ms 100 --out "$work/peers"
run platform bin/ccrj platform --quick --out "$work/platform.md"

# mpirun: an mpiJava program (every rank sums its rank with Allreduce) on 2 in-JVM ranks.
mkdir -p "$work/mpirun"
cat >"$work/mpirun/Hello.java" <<'JAVA'
public class Hello {
    public static void main(String[] args) throws Exception {
        mpi.MPI.Init(args);
        int[] in = {mpi.MPI.COMM_WORLD.Rank()}, out = new int[1];
        mpi.MPI.COMM_WORLD.Allreduce(in, 0, out, 0, 1, mpi.MPI.INT, mpi.MPI.SUM);
        if (in[0] == 0) System.out.println("ranks' sum " + out[0]);
        mpi.MPI.Finalize();
    }
}
JAVA
run mpirun-build bin/ccrj mpirun -h
"$JAVA_HOME/bin/javac" -d "$work/mpirun" -cp ccr-mpi/mpijava/target/ccrj-mpirun.jar "$work/mpirun/Hello.java"
run mpirun bin/ccrj mpirun -np 2 -cp "$work/mpirun" Hello
grep -q 'ranks. sum 1' "$work/mpirun.log" || { failed=$(( failed + 1 )); echo "quiet-start: mpirun: FAILED, no 'ranks' sum 1' in its output"; }

# A library user's start: a plain ccr-core program (a persistent receive, a join, a three-worker
# dispatcher) run with java alone, none of bin/ccrj's flags, prints no WARNING. It runs from the
# benchmark jar's copy of ccr-core and JCTools; nothing of JMH is loaded.
mkdir -p "$work/plain"
cat >"$work/plain/PlainCore.java" <<'JAVA'
import io.ccrj.core.*;
import java.util.concurrent.*;

public class PlainCore {
    public static void main(String[] args) throws Exception {
        try (Dispatcher d = new Dispatcher(3, "plain")) {
            DispatcherQueue q = d.createQueue("main");
            Port<Integer> numbers = new Port<>("numbers");
            Port<Integer> left = new Port<>("left");
            Port<Integer> right = new Port<>("right");
            CountDownLatch all = new CountDownLatch(10_001);
            Arbiter.activate(q, Arbiter.receive(true, numbers, n -> all.countDown()));
            Arbiter.activate(q, Arbiter.joinedReceive(false, left, right, (a, b) -> all.countDown()));
            for (int i = 0; i < 10_000; i++) {
                numbers.post(i);
            }
            left.post(1);
            right.post(2);
            if (!all.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("handlers did not run");
            }
            System.out.println("plain ccr-core: 10001 handlers ran");
        }
    }
}
JAVA
"$JAVA_HOME/bin/javac" -d "$work/plain" -cp jmh-bench/target/benchmarks.jar "$work/plain/PlainCore.java"
run plain-ccr-core "$JAVA_HOME/bin/java" -cp "jmh-bench/target/benchmarks.jar:$work/plain" PlainCore

# The canary: that program with ccr-core's queues switched to JCTools' Unsafe ones must warn on JDK 24+.
if (( major >= 24 )); then
  log=$work/canary.log
  "$JAVA_HOME/bin/java" -Dio.ccrj.core.internal.unsafeQueues=true -cp "jmh-bench/target/benchmarks.jar:$work/plain" \
    PlainCore </dev/null >"$log" 2>&1 || true
  if grep -q 'WARNING' "$log"; then
    echo "quiet-start: canary: ok, with JCTools' Unsafe queues and no flags Java $major warns ($(grep -c WARNING "$log") lines)"
  else
    failed=$(( failed + 1 ))
    echo "quiet-start: canary: FAILED, a run with JCTools' Unsafe queues and no flags printed no WARNING: this check cannot see them"
  fi
fi

if (( failed )); then
  echo "quiet-start: FAILED, $failed of $ran commands printed WARNING lines or failed (Java $CCRJ_JDK_VERSION)"
  exit 1
fi
echo "quiet-start: OK, $ran commands started without a WARNING line (Java $CCRJ_JDK_VERSION)"
