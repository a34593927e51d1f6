#!/usr/bin/env python3
"""Prints the clustering kernel's peers table from the JSON of one AnnealingIterationBenchmark run.

Usage: annealing-table.py FILE.json

One row per problem size: the EM iteration on ccr-mpi's ranks and on MPJ Express's multicore
device at 1 and 2 ranks, the fork-join peer, and the arithmetic floor (the partial sums alone on
1 and 2 threads that never communicate), each the mean of its fork means with the lowest and
highest fork; then f(2) = (2 T(2) - T(1)) / T(1) of the ranks and of the floor, and how many
times faster the 2 ranks are than fork-join and than MPJ Express's 2 ranks, each with a
percentile-bootstrap 95% interval over the forks (fixed random seed, so the table is
reproducible). Times in microseconds per EM iteration.
"""
import collections
import json
import random
import statistics as st
import sys

RESAMPLES = 4000


def forks(path):
    out = collections.defaultdict(list)
    for r in json.load(open(path)):
        cls, method = r['benchmark'].split('.')[-2:]
        p = r['params']
        if cls == 'Floor':
            key = (int(p['points']), 'floor', 1 if method == 'oneThread' else 2)
        elif cls == 'ForkJoin':
            key = (int(p['points']), 'fork-join', 0)
        else:
            key = (int(p['points']), p['backend'], int(p['ranks']))
        out[key].extend(st.mean(f) / 1000 for f in r['primaryMetric']['rawData'])
    return out


def resample(rng, a):
    return st.mean(rng.choice(a) for _ in a)


def interval(rng, stat, *sides):
    values = sorted(stat(*(resample(rng, s) for s in sides)) for _ in range(RESAMPLES))
    return values[int(0.025 * RESAMPLES)], values[int(0.975 * RESAMPLES) - 1]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    rng = random.Random(1)
    data = forks(sys.argv[1])
    f2 = lambda one, two: (2 * two - one) / one
    ratio = lambda slow, fast: slow / fast
    cell = lambda a: f"{st.mean(a):,.1f} ({min(a):,.1f} .. {max(a):,.1f})" if a else "-"

    def stated(stat, fmt, *sides):
        if not all(sides):
            return "-"
        lo, hi = interval(rng, stat, *sides)
        return f"{stat(*(st.mean(s) for s in sides)):{fmt}} ({lo:{fmt}} .. {hi:{fmt}})"

    print("| points | ccr-mpi, 1 rank | ccr-mpi, 2 ranks | MPJ Express, 1 | MPJ Express, 2 | fork-join | floor, 1 thread"
          " | floor, 2 threads | f(2), ranks | f(2), floor | fork-join / ccr-mpi 2 | MPJ Express 2 / ccr-mpi 2 |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in sorted({k[0] for k in data}):
        g = lambda what, ranks: data.get((n, what, ranks), [])
        c1, c2, m1, m2 = g('CCR_MPI', 1), g('CCR_MPI', 2), g('MPJ_EXPRESS', 1), g('MPJ_EXPRESS', 2)
        fj, fl1, fl2 = g('fork-join', 0), g('floor', 1), g('floor', 2)
        print(f"| {n:,} | {cell(c1)} | {cell(c2)} | {cell(m1)} | {cell(m2)} | {cell(fj)} | {cell(fl1)} | {cell(fl2)}"
              f" | {stated(f2, '.3f', c1, c2)} | {stated(f2, '.3f', fl1, fl2)} | {stated(ratio, '.2f', fj, c2)}"
              f" | {stated(ratio, '.2f', m2, c2)} |")


if __name__ == '__main__':
    main()
