#!/bin/bash
# Alternates the benchmark jars of two builds: BEFORE_JAR (a build of commit c8b7b67) and AFTER_JAR
# (default: this checkout's jmh-bench/target/benchmarks.jar), writing before-N/after-N JSON and console output here.
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${BEFORE_JAR:?set BEFORE_JAR to the benchmarks.jar of the earlier build}"
AFTER_JAR=${AFTER_JAR:-$here/../../../../jmh-bench/target/benchmarks.jar}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
for round in 1 2; do
  for side in before after; do
    jar=$BEFORE_JAR
    [[ $side == after ]] && jar=$AFTER_JAR
    "$java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -jar "$jar" \
      'io.ccrj.bench.dss.(DssRoundTripBenchmark|DssThroughputBenchmark)' -p target=DSS_HTTP,RAW_NETTY \
      -f 2 -wi 3 -i 3 -w 1 -r 1 -rf json -rff "$here/$side-$round.json" > "$here/$side-$round.txt" 2>&1
    echo "$side $round rc=$?"
  done
done
