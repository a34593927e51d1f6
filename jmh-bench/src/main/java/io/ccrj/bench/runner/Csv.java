package io.ccrj.bench.runner;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The runners' one CSV writer: a header, then rows of as many cells. A text cell is quoted per RFC
 * 4180 where it holds a comma, a quote or a line break; a {@code Double} is written with six
 * significant digits ({@link #num} for another format); {@code null} and NaN are empty cells.
 */
public final class Csv {
    private final StringBuilder text = new StringBuilder();
    private final int columns;

    /** A CSV with these column names. */
    public Csv(String... header) {
        columns = header.length;
        line(header);
    }

    /**
     * Adds a row of one cell per column: text, whole numbers, {@code Double}s, or {@code null} for
     * empty; a row of another count fails.
     */
    public Csv row(Object... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException("a CSV row of " + cells.length + " cells under " + columns + " columns");
        }
        return line(cells);
    }

    private Csv line(Object[] cells) {
        text.append(Arrays.stream(cells).map(Csv::cell).collect(Collectors.joining(","))).append('\n');
        return this;
    }

    private static String cell(Object c) {
        return switch (c) {
            case null -> "";
            case Double d -> num("%.6g", d);
            case Float f -> num("%.6g", f);
            default -> quote(c.toString());
        };
    }

    /** A number formatted with a {@link String#format} pattern (root locale); empty for NaN. */
    public static String num(String format, double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, format, v);
    }

    /** Some numbers (every repetition of a figure, say) as one cell: each formatted, separated by semicolons. */
    public static String samples(String format, double... values) {
        return Arrays.stream(values).mapToObj(v -> num(format, v)).collect(Collectors.joining(";"));
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
