package io.ccrj.bench.paper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The headline table of {@code bin/ccrj paper}: for each experiment, our figure, the seeds', the
 * peer's measured in the same run, and the ratios, read back from the sections' CSV files
 * ({@code overhead/overhead.csv}, {@code overhead/overhead-messaging.csv}, {@code mpi/mpi.csv},
 * {@code dss/dss.csv}). A figure that was not measured (its
 * experiment not run, or MPJ Express not installed) is left out or shown as "-".
 */
final class Headline {
    private final List<Map<String, String>> overhead;
    private final List<Map<String, String>> messaging;
    private final List<Map<String, String>> mpi;
    private final List<Map<String, String>> dss;

    Headline(List<Map<String, String>> overhead, List<Map<String, String>> messaging, List<Map<String, String>> mpi,
             List<Map<String, String>> dss) {
        this.overhead = overhead;
        this.messaging = messaging;
        this.mpi = mpi;
        this.dss = dss;
    }

    /** Reads the sections' CSVs under {@code dir}; a missing file is an empty section. */
    static Headline read(Path dir) throws IOException {
        return new Headline(csv(dir.resolve("overhead").resolve("overhead.csv")),
                csv(dir.resolve("overhead").resolve("overhead-messaging.csv")), csv(dir.resolve("mpi").resolve("mpi.csv")),
                csv(dir.resolve("dss").resolve("dss.csv")));
    }

    /** The rows of a CSV with a header line, fields unquoted; a missing file has none. */
    static List<Map<String, String>> csv(Path file) throws IOException {
        List<Map<String, String>> rows = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return rows;
        }
        List<String> lines = Files.readAllLines(file);
        if (lines.isEmpty()) {
            return rows;
        }
        List<String> header = fields(lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            List<String> f = fields(line);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.size() && i < f.size(); i++) {
                row.put(header.get(i), f.get(i));
            }
            rows.add(row);
        }
        return rows;
    }

    /** Splits one CSV line (RFC 4180 quoting). */
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }

    /** @return the Markdown table; empty if no section produced figures */
    String markdown() {
        List<String> rows = new ArrayList<>();
        for (String pattern : List.of("Pipeline", "Shift", "TwoShifts", "Exchange")) {
            overhead.stream().filter(r -> pattern.equals(r.get("pattern")) && "2".equals(r.get("ways"))
                    && "match".equals(r.get("threads_mode"))).findFirst().ifPresent(r -> rows.add(row(
                    "spawned " + pattern + ", overhead per stage, 2-way match (µs)", num(r.get("overhead_us")),
                    band(num(r.get("overhead_low_us")), num(r.get("overhead_high_us"))),
                    num(r.get("seed_amd_us")), Double.NaN, "", true)));
        }
        for (Map<String, String> r : messaging) {
            rows.add(row("spawned " + r.get("pattern") + ", back-to-back stages of one unit, " + r.get("ways")
                    + "-way match, per stage (µs)", num(r.get("median_us_per_stage")), "", Double.NaN, Double.NaN, "", true));
        }
        for (String[] p : new String[][] {{"Rendezvous Shift", "7.1"}, {"Rendezvous Exchange", "8.8"}}) {
            for (String ranks : List.of("2", "4")) {
                double ours = mpiValue("stages", p[0], "ccr-mpi", ranks, "0", "messaging_us");
                double peer = mpiValue("stages", p[0], "mpj-express", ranks, "0", "messaging_us");
                double seed = ranks.equals("2") ? Double.parseDouble(p[1]) : p[0].equals("Rendezvous Shift") ? 9.7 : 14.2;
                if (!Double.isNaN(ours)) {
                    rows.add(row(p[0] + ", per stage, " + ranks + " ranks (µs)", ours, seed, peer, "MPJ Express", true));
                }
            }
        }
        for (String[] op : new String[][] {{"ping-pong (half round trip)", "2"}, {"barrier", "8"}, {"allreduce, 1 double", "8"}}) {
            double ours = mpiValue("latency", op[0], "ccr-mpi", op[1], "0", "latency_us");
            if (!Double.isNaN(ours)) {
                rows.add(row(op[0] + ", " + op[1] + " ranks (µs)", ours, Double.NaN,
                        mpiValue("latency", op[0], "mpj-express", op[1], "0", "latency_us"), "MPJ Express", true));
                double floor = mpiValue("latency", "core-to-core hand-off floor (two threads, one shared counter)", "java",
                        op[1], "0", "latency_us");
                if (!Double.isNaN(floor)) {
                    rows.add(row("  same, against this run's core-to-core hand-off floor (µs)", ours, Double.NaN, floor,
                            "two threads, one counter", true));
                }
            }
        }
        double bw = mpiValue("bandwidth", "outside thread", "ccr-mpi", "2", "100000", "GB/s");
        if (!Double.isNaN(bw)) {
            rows.add(row("sendrecv 10^5 doubles, GB/s summed over 2 ranks", bw, 1.16,
                    mpiValue("bandwidth", "outside thread", "mpj-express", "2", "100000", "GB/s"), "MPJ Express", false));
            rows.add(row("  same, against System.arraycopy on 1 thread (GB/s)", bw, Double.NaN,
                    mpiValue("bandwidth", "System.arraycopy, 1 thread", "java", "1", "100000", "GB/s"), "System.arraycopy", false));
        }
        double inProcess = dssValue("two-way", "DSS service to service, in-process (the seeds' setup)", "mean_us");
        if (!Double.isNaN(inProcess)) {
            rows.add(row("DSS two-way Get, service to service in-process (µs)", inProcess, 30, Double.NaN, "", true));
        }
        double http = dssValue("two-way", "DSS host over HTTP (round-trip client)", "mean_us");
        if (!Double.isNaN(http)) {
            rows.add(row("DSS two-way Get, loopback HTTP (µs)", http, 30,
                    dssValue("two-way", "raw Netty handler over HTTP (round-trip client)", "mean_us"), "raw Netty", true));
        }
        double thr = dssValue("throughput", "DSS host, HTTP", "req_per_s");
        if (!Double.isNaN(thr)) {
            rows.add(row("DSS HTTP throughput (requests/s)", thr, 25_000, dssValue("throughput", "raw Netty handler", "req_per_s"),
                    "raw Netty", false));
            rows.add(row("  same, against Apache Axis2 (seeds: 3,000/s)", thr, Double.NaN, 3_000, "Axis2, seeds", false));
        }
        if (rows.isEmpty()) {
            return "";
        }
        return "| figure | ours | seeds (2006, AMD) | peer, same run | ours vs seeds | ours vs peer |\n"
                + "|---|---:|---:|---:|---:|---:|\n" + String.join("\n", rows) + "\n";
    }

    private double dssValue(String experiment, String item, String metric) {
        return dss.stream().filter(r -> experiment.equals(r.get("experiment")) && item.equals(r.get("item"))
                && metric.equals(r.get("metric"))).findFirst().map(r -> num(r.get("value"))).orElse(Double.NaN);
    }

    private double mpiValue(String experiment, String item, String backend, String ranks, String size, String metric) {
        return mpi.stream().filter(r -> experiment.equals(r.get("experiment")) && item.equals(r.get("item"))
                        && backend.equals(r.get("backend")) && ranks.equals(r.get("ranks")) && size.equals(r.get("size"))
                        && metric.equals(r.get("metric")))
                .findFirst().map(r -> num(r.get("value"))).orElse(Double.NaN);
    }

    /**
     * One row. For times (lower is better) the ratios say how many times lower ours is; for
     * bandwidths (higher is better) how many times higher.
     */
    private static String row(String what, double ours, double seed, double peer, String peerName, boolean lowerIsBetter) {
        return row(what, ours, "", seed, peer, peerName, lowerIsBetter);
    }

    /** The same, with a note after our figure (a noise band). */
    private static String row(String what, double ours, String oursNote, double seed, double peer, String peerName,
                              boolean lowerIsBetter) {
        return String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s |", what, fmt(ours) + oursNote, fmt(seed),
                Double.isNaN(peer) ? "-" : fmt(peer) + " (" + peerName + ")",
                ratio(ours, seed, lowerIsBetter), ratio(ours, peer, lowerIsBetter));
    }

    /** "3.2x better" or "1.5x worse": how ours compares, whichever direction is better for the figure. */
    static String ratio(double ours, double other, boolean lowerIsBetter) {
        if (Double.isNaN(ours) || Double.isNaN(other) || ours <= 0 || other <= 0) {
            return "-";
        }
        double r = lowerIsBetter ? other / ours : ours / other;
        double shown = r >= 1 ? r : 1 / r;
        return String.format(Locale.ROOT, shown >= 10 ? "%.0fx %s" : "%.2fx %s", shown, r >= 1 ? "better" : "worse");
    }

    /** " (noise band a .. b)", or nothing when the band is unknown. */
    private static String band(double low, double high) {
        return Double.isNaN(low) || Double.isNaN(high) ? "" : " (noise band " + fmt(low) + " .. " + fmt(high) + ")";
    }

    private static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : Math.abs(v) >= 10 ? "%.1f" : Math.abs(v) >= 1 ? "%.2f" : "%.3f", v);
    }

    private static double num(String s) {
        if (s == null || s.isBlank()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
