#!/bin/bash
# Alternates ccr-core's internal queues (the benchmark-only switch to JCTools' Unsafe ones, or as shipped) in
# PeerComparisonBenchmark's one-way and scatter-gather, writing unsafe-N/varhandle-N JSON and console output here.
set -u
here=$(cd "$(dirname "$0")" && pwd)
jar=${JAR:-$here/../../../../jmh-bench/target/benchmarks.jar}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
for round in 1 2; do
  for kind in unsafe varhandle; do
    extra=""
    [[ $kind == unsafe ]] && extra="-Dio.ccrj.core.internal.unsafeQueues=true"
    "$java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -jar "$jar" \
      'PeerComparisonBenchmark.ScatterGather|PeerComparisonBenchmark.OneWay' -p impl=ccr \
      -f 3 -wi 3 -i 3 -w 1 -r 1 -jvmArgsAppend "$extra -Xms1g -Xmx1g" -rf json -rff "$here/$kind-$round.json" \
      > "$here/$kind-$round.txt" 2>&1
    echo "$kind $round rc=$?"
  done
done
