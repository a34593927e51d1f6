package io.ccrj.bench.runner;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The one Markdown table writer of every section: a header, each column's alignment, and rows of
 * cells, rendered as a pipe table. Not thread-safe: one report builds one table.
 */
public final class MarkdownTable {
    private final StringBuilder text = new StringBuilder();
    private final int columns;

    /** As {@link #MarkdownTable(String, List)}, the titles given one by one. */
    public MarkdownTable(String align, String... header) {
        this(align, List.of(header));
    }

    /**
     * @param align one letter per column: {@code l} left-aligned (names), {@code r} right-aligned (figures)
     * @param header the columns' titles
     * @throws IllegalArgumentException if {@code align} is not one {@code l} or {@code r} per title
     */
    public MarkdownTable(String align, List<String> header) {
        if (align.length() != header.size() || !align.matches("[lr]*")) {
            throw new IllegalArgumentException("alignment \"" + align + "\" must be one l or r for each of " + header.size()
                    + " columns");
        }
        columns = header.size();
        line(header.toArray());
        text.append(align.chars().mapToObj(c -> c == 'r' ? "---:" : "---").collect(Collectors.joining("|", "|", "|\n")));
    }

    /**
     * @param cells the row's cells, shown with {@link String#valueOf(Object)}; {@code null} is an empty cell
     * @return this table
     * @throws IllegalArgumentException if the row has more cells than the header (fewer are padded with empty ones)
     */
    public MarkdownTable row(Object... cells) {
        if (cells.length > columns) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of " + columns + " columns: "
                    + Arrays.toString(cells));
        }
        line(Arrays.copyOf(cells, columns));
        return this;
    }

    private void line(Object[] cells) {
        text.append(Arrays.stream(cells).map(c -> c == null ? "" : String.valueOf(c))
                .collect(Collectors.joining(" | ", "| ", " |\n")));
    }

    /** @return the table, each line ending in a line break */
    @Override
    public String toString() {
        return text.toString();
    }
}
