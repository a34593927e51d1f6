#!/bin/bash
# The interleaved side-by-side runs ("run B" and, for the stages with units = 0, "run C" in
# docs/ccr-mpi/apis-and-reference.md, MPJ Express backend): one JMH invocation per configuration, so that ccr-mpi and
# MPJ Express run back to back under the same machine load; records the load average around each. Build first: bin/ccrj bench -l (or
# ./mvnw -pl jmh-bench -am -DskipTests package). jmh.ignoreLock: other JMH runs shared the machine.
set -u
J=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
JAR=$(cd "$(dirname "$0")/../../.." && pwd)/jmh-bench/target/benchmarks.jar
OUT=${OUT:-/tmp/mpi-side-by-side}
mkdir -p "$OUT"
export MPJ_HOME=${MPJ_HOME:-/usr/share/mpj}
run() {
  name=$1; shift
  echo "== $name $(cat /proc/loadavg)" >> "$OUT/load.txt"
  nice -n 19 "$J" -Djmh.ignoreLock=true -jar "$JAR" "$@" -wi 2 -w 1 -i 5 -r 1 -rf json -rff "$OUT/$name.json" \
    > "$OUT/$name.log" 2>&1
  echo "   end $(cat /proc/loadavg)" >> "$OUT/load.txt"
}
run pingpong PingPongBenchmark
for c in BARRIER BCAST ALLREDUCE; do for r in 2 4 8; do
  run "coll-$c-$r" CollectiveLatencyBenchmark -p collective=$c -p ranks=$r
done; done
for p in COMPUTE_ONLY RENDEZVOUS_SHIFT RENDEZVOUS_EXCHANGE EXCHANGE_AS_TWO_SHIFTS; do for r in 2 4 8; do
  run "stage-$p-$r" StageOverheadBenchmark -p pattern=$p -p ranks=$r
done; done
for r in 2 4; do for d in 1000 10000 100000 1000000; do
  run "bw-$r-$d" RingSendrecvBandwidthBenchmark -p ranks=$r -p doubles=$d
done; done
run arraycopy ArraycopyBaseline
echo DONE >> "$OUT/load.txt"
