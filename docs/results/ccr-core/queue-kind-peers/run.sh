#!/bin/bash
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
jar=/work/main/jmh-bench/target/benchmarks.jar
for round in 1 2; do
  for kind in unsafe varhandle; do
    extra=""
    [[ $kind == unsafe ]] && extra="-Dio.ccrj.core.internal.unsafeQueues=true"
    $J --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -jar $jar \
      'PeerComparisonBenchmark.ScatterGather|PeerComparisonBenchmark.OneWay' -p impl=ccr \
      -f 3 -wi 3 -i 3 -w 1 -r 1 -jvmArgsAppend "$extra -Xms1g -Xmx1g" -rf json -rff /tmp/q-ab/$kind-$round.json > /tmp/q-ab/$kind-$round.txt 2>&1
    echo "$kind $round rc=$?"
  done
done
