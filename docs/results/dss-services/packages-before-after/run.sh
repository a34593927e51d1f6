#!/bin/bash
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
for round in 1 2; do
  for side in before after; do
    jar=/work/wt-before/jmh-bench/target/benchmarks.jar
    [[ $side == after ]] && jar=/work/main/jmh-bench/target/benchmarks.jar
    $J --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -jar $jar \
      'io.ccrj.bench.dss.(DssRoundTripBenchmark|DssThroughputBenchmark)' -p target=DSS_HTTP,RAW_NETTY \
      -f 2 -wi 3 -i 3 -w 1 -r 1 -rf json -rff /tmp/dss-ab/$side-$round.json > /tmp/dss-ab/$side-$round.txt 2>&1
    echo "$side $round rc=$?"
  done
done
