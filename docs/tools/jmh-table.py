#!/usr/bin/env python3
"""Print a Markdown table from committed JMH result files (JSON or CSV), for docs/results.md.

Rows are one benchmark method and one combination of its parameters other than --by; columns are
the values of the --by parameter (for example impl, backend or target). Several files may be
given: their forks are pooled, so alternating runs of one jar read as one set of forks.

A cell from JSON files is the median over the pooled forks (a fork's figure is the mean of its
measured iterations) followed by the lowest and highest fork in brackets and the number of forks;
JMH's own error is not used there because the forks of these benchmarks are often bimodal, and a
median with its spread says that plainly. A cell from a CSV file (which holds no forks) is JMH's
score and its 99.9% error, as JMH printed them.

--base VALUE adds, for each other column, how many times faster VALUE is than that column:
score ratio for throughput modes, inverse ratio for time modes, so above 1 means VALUE is faster.
--long prints one line per benchmark and column value instead (for many peers of one benchmark).
--alloc adds gc.alloc.rate.norm (bytes per operation, median over forks) from JSON files run with
-prof gc.

The header line names what the files say about the run: JDK and VM, JMH's forks, warm-up and
measurement settings and the JVM options, so a table can be checked against its command.

Usage: jmh-table.py --by PARAM [--base VALUE] [--long] [--alloc] FILE...
"""
import argparse
import csv
import json
import math
import statistics
import sys


def fmt(x):
    """Three significant figures, grouped thousands, no exponent."""
    if x == 0:
        return "0"
    mag = abs(x)
    if mag >= 1000:
        return f"{x:,.0f}"
    if mag >= 100:
        return f"{x:.0f}"
    if mag >= 10:
        return f"{x:.1f}"
    if mag >= 1:
        return f"{x:.2f}"
    return f"{x:.3g}"


def fail(message):
    print(f"jmh-table: {message}", file=sys.stderr)
    sys.exit(2)


def read_json(path, by, cells, settings, alloc):
    try:
        with open(path) as f:
            runs = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        fail(f"cannot read JMH JSON {path}: {e}")
    for run in runs:
        params = dict(run.get("params") or {})
        if by not in params:
            fail(f"{path}: benchmark {run['benchmark']} has no parameter '{by}' (it has {sorted(params)})")
        column = params.pop(by)
        row = (run["benchmark"].split(".", 3)[-1], run["mode"], tuple(sorted(params.items())))
        metric = run["primaryMetric"]
        forks = [statistics.fmean(iterations) for iterations in metric["rawData"]]
        cell = cells.setdefault((row, column), {"mode": run["mode"], "unit": metric["scoreUnit"],
                                                "forks": [], "alloc": []})
        cell["forks"].extend(forks)
        norm = (run.get("secondaryMetrics") or {}).get("gc.alloc.rate.norm")
        if alloc and norm:
            cell["alloc"].extend(statistics.fmean(i) for i in norm["rawData"])
        settings.add((run["jdkVersion"], run["vmVersion"], run["forks"], run["warmupIterations"],
                      run["warmupTime"], run["measurementIterations"], run["measurementTime"],
                      " ".join(run["jvmArgs"])))


def read_csv(path, by, cells):
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        fail(f"cannot read JMH CSV {path}: {e}")
    key = f"Param: {by}"
    for r in rows:
        if key not in r:
            fail(f"{path}: no column '{key}'")
        params = tuple(sorted((k[7:], v) for k, v in r.items() if k.startswith("Param: ") and k != key))
        if r["Mode"] == "sample" and ":p" in r["Benchmark"] and not r["Benchmark"].endswith(":p0.50"):
            continue  # of a sample-mode run's percentiles, the median is the one shown
        row = (r["Benchmark"].split(".", 3)[-1], r["Mode"], params)
        cells[(row, r[key])] = {"mode": r["Mode"], "unit": r["Unit"], "score": float(r["Score"]),
                                "error": float(r["Score Error (99.9%)"] or "nan")}


def score(cell):
    return statistics.median(cell["forks"]) if "forks" in cell else cell["score"]


def show(cell, alloc):
    if "forks" in cell:
        f = cell["forks"]
        text = f"{fmt(statistics.median(f))} ({fmt(min(f))} .. {fmt(max(f))}, {len(f)} forks)"
        if alloc and cell["alloc"]:
            text += f"; {fmt(statistics.median(cell['alloc']))} B/op"
        return text
    if math.isnan(cell["error"]):
        return fmt(cell["score"])
    return f"{fmt(cell['score'])} ± {fmt(cell['error'])}"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--by", required=True)
    p.add_argument("--base")
    p.add_argument("--alloc", action="store_true")
    p.add_argument("--long", action="store_true")
    p.add_argument("files", nargs="+")
    a = p.parse_args()
    cells, settings = {}, set()
    for path in a.files:
        if path.endswith(".json"):
            read_json(path, a.by, cells, settings, a.alloc)
        elif path.endswith(".csv"):
            read_csv(path, a.by, cells)
        else:
            fail(f"{path}: expected a JMH .json or .csv file")
    rows = list(dict.fromkeys(r for r, _ in cells))
    columns = list(dict.fromkeys(c for _, c in cells))
    if a.base is not None and a.base not in columns:
        fail(f"--base {a.base} is not a value of '{a.by}' (values: {columns})")
    others = [c for c in columns if c != a.base] if a.base is not None else []
    for s in sorted(settings):
        print(f"<!-- JDK {s[0]} ({s[1]}), -f {s[2]} -wi {s[3]} -w {s[4].replace(' ', '')} -i {s[5]} -r {s[6].replace(' ', '')}, JVM options: {s[7]} -->")
    def faster(row, c):
        if (row, a.base) not in cells or (row, c) not in cells or c == a.base:
            return "–"
        b, o = score(cells[(row, a.base)]), score(cells[(row, c)])
        return f"{fmt(b / o if cells[(row, c)]['mode'] == 'thrpt' else o / b)}x"

    def name(row):
        return row[0] + "".join(f", {k}={v}" for k, v in row[2])

    if a.long:
        head = ["benchmark", a.by, "mode, unit", "figure"] + ([f"{a.base} faster"] if a.base else [])
        print("| " + " | ".join(head) + " |")
        print("|---|---|---|" + "---:|" * (len(head) - 3))
        for row in rows:
            for c in columns:
                if (row, c) in cells:
                    cell = cells[(row, c)]
                    line = [name(row), c, f"{cell['mode']}, {cell['unit']}", show(cell, a.alloc)]
                    print("| " + " | ".join(line + ([faster(row, c)] if a.base else [])) + " |")
        return
    head = ["benchmark", "mode, unit"] + columns + [f"{a.base} faster than {c}" for c in others]
    print("| " + " | ".join(head) + " |")
    print("|---|---|" + "---:|" * (len(head) - 2))
    for row in rows:
        some = next(cells[(row, c)] for c in columns if (row, c) in cells)
        line = [name(row), f"{some['mode']}, {some['unit']}"]
        line += [show(cells[(row, c)], a.alloc) if (row, c) in cells else "–" for c in columns]
        line += [faster(row, c) for c in others]
        print("| " + " | ".join(line) + " |")

if __name__ == "__main__":
    main()
