package io.ccrj.bench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /**
     * @param header the column names
     */
    public Csv(String... header) {
        columns = header.length;
        line(header);
    }

    /**
     * @param cells one per column: text, whole numbers, {@code Double}s, or {@code null} for empty
     * @return this
     * @throws IllegalArgumentException if the count differs from the header's
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

    /**
     * @param format a {@link String#format} pattern for one number
     * @param v the number
     * @return it formatted (root locale); empty for NaN
     */
    public static String num(String format, double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, format, v);
    }

    /**
     * @param format the pattern of each value
     * @param values some numbers (every repetition of a figure, say)
     * @return them formatted and separated by semicolons, one cell
     */
    public static String samples(String format, double... values) {
        return Arrays.stream(values).mapToObj(v -> num(format, v)).collect(Collectors.joining(";"));
    }

    /**
     * @param s a text cell
     * @return it, quoted if it needs to be
     */
    public static String quote(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    /**
     * @param file where to write the CSV
     * @return the file
     * @throws IOException if it cannot be written
     */
    public Path write(Path file) throws IOException {
        return Files.writeString(file, text);
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
