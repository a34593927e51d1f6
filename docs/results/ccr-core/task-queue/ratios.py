#!/usr/bin/env python3
"""Ratios of ccr-core's Unsafe-free queues to JCTools' Unsafe ones from interleaved JMH rounds.

Each round-N.json is one JMH run (-f 1) of QueueKindBenchmark and TaskQueueBench with every
candidate, so the two sides of a pair ran minutes apart in every round. Per pair: each side's
mean over the rounds with a 95% Student-t half-interval, and the ratio new/old as the geometric
mean of the per-round ratios with its 95% interval (Student-t on the logs). "not resolved" where
that interval holds 1.

    python3 ratios.py DIR    # DIR holds round-*.json
"""
import glob
import json
import math
import statistics
import sys

T95 = {2: 12.706, 3: 4.303, 4: 3.182, 5: 2.776, 6: 2.571, 7: 2.447, 8: 2.365, 9: 2.306, 10: 2.262}


def load(folder):
    runs = {}
    files = sorted(glob.glob(folder + "/round-*.json"))
    for f in files:
        for b in json.load(open(f)):
            name = ".".join(b["benchmark"].split(".")[-2:])
            key = (name, tuple(sorted(b.get("params", {}).items())))
            runs.setdefault(key, []).append(b["primaryMetric"]["score"])
    return runs, len(files)


def mean_half(xs):
    n = len(xs)
    return statistics.mean(xs), T95[n] * statistics.stdev(xs) / math.sqrt(n)


def ratio(new, old):
    logs = [math.log(a / b) for a, b in zip(new, old)]
    m, h = mean_half(logs)
    lo, hi = math.exp(m - h), math.exp(m + h)
    verdict = "not resolved" if lo <= 1 <= hi else ("Unsafe-free slower" if lo > 1 else "Unsafe-free faster")
    return math.exp(m), lo, hi, verdict


def main(folder):
    runs, rounds = load(folder)

    def get(name, **params):
        return runs[(name, tuple(sorted(params.items())))]

    pairs = []
    for path in ["pingPong", "pingPongTwoDispatchers", "stream", "streamTasks", "tasksTwoWorkers"]:
        pairs.append(("QueueKindBenchmark `%s`" % path, "varhandle", "unsafe",
                      get("QueueKindBenchmark.handOff", path=path, queues="varhandle"),
                      get("QueueKindBenchmark.handOff", path=path, queues="unsafe")))
    for bm in ["offerPoll", "burst64"]:
        for new, old in [("ccrjXaddMpmc", "jctoolsXadd"), ("ccrjXaddMpsc", "jctoolsXaddMpsc"),
                         ("jctoolsAtomicSpscGrowable", "jctoolsSpscGrowable"),
                         ("jctoolsAtomicMpscUnbounded", "jctoolsXaddMpsc"), ("jdkConcurrentLinked", "jctoolsXadd")]:
            pairs.append(("TaskQueueBench `%s`" % bm, new, old,
                          get("TaskQueueBench." + bm, impl=new), get("TaskQueueBench." + bm, impl=old)))
    print("| benchmark | Unsafe-free | Unsafe | Unsafe-free, ns/op | Unsafe, ns/op | ratio (95%% interval), %d rounds | verdict |" % rounds)
    print("|---|---|---|---:|---:|---:|---|")
    for label, nn, on, new, old in pairs:
        a, ah = mean_half(new)
        b, bh = mean_half(old)
        r, lo, hi, verdict = ratio(new, old)
        print("| %s | %s | %s | %s ± %s | %s ± %s | %.2fx (%.2f to %.2f) | %s |"
              % (label, nn, on, fmt(a), fmt(ah), fmt(b), fmt(bh), r, lo, hi, verdict))


def fmt(x):
    return "{:,.0f}".format(x) if x >= 100 else "{:.1f}".format(x)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
