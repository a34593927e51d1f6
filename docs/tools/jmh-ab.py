#!/usr/bin/env python3
"""Compares two sides of an alternated JMH experiment, benchmark by benchmark.

Usage: jmh-ab.py DIR BASE OTHER
  reads DIR/BASE-*.json and DIR/OTHER-*.json (JMH's JSON, one file per round), pools each side's
  forks (a fork's figure is the mean of its measured iterations; sample-time histograms are
  averaged), and prints a Markdown table: each side's median fork with its lowest and highest, and
  OTHER / BASE with a percentile-bootstrap 95% interval over the forks (fixed random seed, so the
  table is reproducible).
"""
import glob
import json
import os
import random
import statistics as st
import sys


def forks_of(metric):
    if 'rawData' in metric:
        return [st.mean(f) for f in metric['rawData']]
    out = []
    for fork in metric['rawDataHistogram']:
        total = count = 0
        for iteration in fork:
            for value, n in iteration:
                total += value * n
                count += n
        out.append(total / count)
    return out


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__.strip())
    folder, base, other = argv[1:]
    rows = {}
    for side in (base, other):
        files = sorted(glob.glob(os.path.join(folder, side + '-*.json')))
        if not files:
            sys.exit(f'jmh-ab: no {side}-*.json in {folder}')
        for f in files:
            for b in json.load(open(f)):
                name = '.'.join(b['benchmark'].split('.')[-2:])
                params = ' '.join(f'{k}={v}' for k, v in sorted(b.get('params', {}).items()))
                key = (name, params, b['mode'], b['primaryMetric']['scoreUnit'])
                rows.setdefault(key, {}).setdefault(side, []).extend(forks_of(b['primaryMetric']))
    rng = random.Random(1)
    print(f'| benchmark (mode, unit) | {base} | {other} | {other} / {base} |')
    print('|---|---:|---:|---:|')
    for (name, params, mode, unit), sides in sorted(rows.items()):
        a, b = sides.get(base), sides.get(other)
        if not a or not b:
            continue
        ratios = sorted(st.median(rng.choices(b, k=len(b))) / st.median(rng.choices(a, k=len(a))) for _ in range(4000))
        fig = lambda xs: f'{st.median(xs):.4g} ({min(xs):.4g} .. {max(xs):.4g}, {len(xs)} forks)'
        label = f'{name} {params}'.strip()
        print(f'| {label} ({mode}, {unit}) | {fig(a)} | {fig(b)} | '
              f'{st.median(b) / st.median(a):.3f} ({ratios[100]:.3f} .. {ratios[3899]:.3f}) |')


if __name__ == '__main__':
    main(sys.argv)
