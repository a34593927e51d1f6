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
 * The papers' published figures (Qiu, Fox &amp; Ho 2006; Qiu et al. 2007; see docs/references.md),
 * read from the one resource file {@code published-figures.csv} beside this class: every table,
 * chart and headline that shows a published figure reads it here, so a figure is typed in once.
 * Rows are {@code id,text,unit,source}; {@code text} is the cell as the paper printed it ("N/A"
 * and "Error" are kept as text, with no value).
 */
public final class PublishedFigures {
    /**
     * One published figure.
     *
     * @param id the stable key ({@code overhead.amd.Pipeline.match.2}, {@code dss.two-way.us}, ...)
     * @param value the number, or NaN where the paper printed no number
     * @param text the cell as printed in the paper
     * @param unit what the number counts
     * @param source which paper, table and machine
     */
    public record Published(String id, double value, String text, String unit, String source) {
        /** Whether the paper printed a number. */
        public boolean hasValue() {
            return !Double.isNaN(value);
        }
    }

    private static final Map<String, Published> ALL = load();

    private PublishedFigures() {
    }

    private static Map<String, Published> load() {
        Map<String, Published> figures = new LinkedHashMap<>();
        try (InputStream in = PublishedFigures.class.getResourceAsStream("published-figures.csv")) {
            if (in == null) {
                throw new IllegalStateException("published-figures.csv is missing beside " + PublishedFigures.class.getName());
            }
            // Comments and blank lines skipped, then the header.
            List<String> rows = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).skip(1).toList();
            for (String line : rows) {
                // The source is the last column and may hold commas.
                String[] f = line.split(",", 4);
                if (f.length != 4) {
                    throw new IllegalStateException("published-figures.csv: a row needs id,text,unit,source: " + line);
                }
                double v = f[1].matches("-?[0-9.]+") ? Double.parseDouble(f[1]) : Double.NaN;
                if (figures.put(f[0], new Published(f[0], v, f[1], f[2], f[3])) != null) {
                    throw new IllegalStateException("published-figures.csv: id " + f[0] + " twice");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.copyOf(figures);
    }

    /** The published figure, if the papers published one under that key. */
    public static Optional<Published> find(String id) {
        return Optional.ofNullable(ALL.get(id));
    }

    /** The number under that key, or NaN where there is none (no such key, or "N/A"). */
    public static double value(String id) {
        return find(id).map(Published::value).orElse(Double.NaN);
    }

    /** The published figure under a key that must exist: an {@link IllegalArgumentException} if not (a typo in a caller). */
    public static Published require(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException("no published figure '" + id + "' in published-figures.csv"));
    }
}
