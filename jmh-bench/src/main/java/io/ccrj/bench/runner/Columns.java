package io.ccrj.bench.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A table declared as its columns: each a title, an alignment and what its cell shows of a row, so a
 * report states once what a table holds and {@link #table} renders any rows through
 * {@link MarkdownTable}. Immutable: every {@code left}/{@code right} returns a new declaration.
 *
 * @param <R> what one row is made of
 */
public final class Columns<R> {
    private record Column<R>(String title, char align, Function<? super R, ?> cell) {
    }

    private final List<Column<R>> columns;

    private Columns(List<Column<R>> columns) {
        this.columns = List.copyOf(columns);
    }

    /** @return a table of no columns yet */
    public static <R> Columns<R> of() {
        return new Columns<>(List.of());
    }

    /**
     * @param title the column's title
     * @param cell what a row's cell shows ({@code null}: empty)
     * @return these columns and a left-aligned one (names)
     */
    public Columns<R> left(String title, Function<? super R, ?> cell) {
        return with(new Column<>(title, 'l', cell));
    }

    /**
     * @param title the column's title
     * @param cell what a row's cell shows ({@code null}: empty)
     * @return these columns and a right-aligned one (figures)
     */
    public Columns<R> right(String title, Function<? super R, ?> cell) {
        return with(new Column<>(title, 'r', cell));
    }

    private Columns<R> with(Column<R> c) {
        List<Column<R>> all = new ArrayList<>(columns);
        all.add(c);
        return new Columns<>(all);
    }

    /**
     * @param rows the rows, in order
     * @return the table of them, to which free rows (e.g. the papers' reference lines) may still be added
     */
    public MarkdownTable table(Iterable<? extends R> rows) {
        StringBuilder align = new StringBuilder();
        columns.forEach(c -> align.append(c.align()));
        MarkdownTable t = new MarkdownTable(align.toString(), columns.stream().map(Column::title).toList());
        for (R r : rows) {
            t.row(columns.stream().map(c -> c.cell().apply(r)).toArray());
        }
        return t;
    }
}
