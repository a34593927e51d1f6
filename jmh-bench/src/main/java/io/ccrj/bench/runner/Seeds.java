package io.ccrj.bench.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The seeds' published figures, read from the one resource file {@code seeds.csv} beside this
 * class: every table, chart and headline that shows a seed's figure reads it here, so a figure is
 * typed in once. Rows are {@code id,text,unit,source}; {@code text} is the cell as the seed printed
 * it ("N/A" and "Error" are kept as text, with no value).
 */
public final class Seeds {
    /**
     * One published figure.
     *
     * @param id the stable key ({@code overhead.amd.Pipeline.match.2}, {@code dss.two-way.us}, ...)
     * @param value the number, or NaN where the seed printed no number
     * @param text the cell as printed in the seed
     * @param unit what the number counts
     * @param source which seed, table and machine
     */
    public record Seed(String id, double value, String text, String unit, String source) {
        /** Whether the seed printed a number. */
        public boolean hasValue() {
            return !Double.isNaN(value);
        }
    }

    private static final Map<String, Seed> ALL = load();

    private Seeds() {
    }

    private static Map<String, Seed> load() {
        Map<String, Seed> seeds = new LinkedHashMap<>();
        try (InputStream in = Seeds.class.getResourceAsStream("seeds.csv")) {
            if (in == null) {
                throw new IllegalStateException("seeds.csv is missing beside " + Seeds.class.getName());
            }
            // Comments and blank lines skipped, then the header.
            List<String> rows = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).skip(1).toList();
            for (String line : rows) {
                // The source is the last column and may hold commas.
                String[] f = line.split(",", 4);
                if (f.length != 4) {
                    throw new IllegalStateException("seeds.csv: a row needs id,text,unit,source: " + line);
                }
                double v = f[1].matches("-?[0-9.]+") ? Double.parseDouble(f[1]) : Double.NaN;
                if (seeds.put(f[0], new Seed(f[0], v, f[1], f[2], f[3])) != null) {
                    throw new IllegalStateException("seeds.csv: id " + f[0] + " twice");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.copyOf(seeds);
    }

    /** The seed's figure, if the seeds published one under that key. */
    public static Optional<Seed> find(String id) {
        return Optional.ofNullable(ALL.get(id));
    }

    /** The number under that key, or NaN where there is none (no such key, or "N/A"). */
    public static double value(String id) {
        return find(id).map(Seed::value).orElse(Double.NaN);
    }

    /** The seed's figure under a key that must exist: an {@link IllegalArgumentException} if not (a typo in a caller). */
    public static Seed require(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException("no seed figure '" + id + "' in seeds.csv"));
    }
}
