package io.ccrj.bench.runner;

import java.nio.file.Path;
import java.util.List;

/**
 * What an {@link Experiment} hands back: its section of results.md and its headline figures.
 *
 * @param title the section's title
 * @param markdown its tables and notes (headings from level 3 down)
 * @param figures its headline figures, typed
 * @param charts the charts it drew, to be shown under its tables
 * @param spread how far its benchmarks' forks varied ({@link ForkSpread#NONE} where none ran two)
 * @param headlineNote what the paper's headline says under its table about this section's figures
 *     (Markdown, e.g. which of two methods resolves), empty where nothing
 */
public record Report(String title, String markdown, List<Figure> figures, List<Path> charts, ForkSpread spread, String headlineNote) {
    /** Copies the lists. */
    public Report {
        figures = List.copyOf(figures);
        charts = List.copyOf(charts);
        headlineNote = headlineNote == null ? "" : headlineNote;
    }

    /** A section with nothing to say under the headline; the arguments are the record's first components. */
    public Report(String title, String markdown, List<Figure> figures, List<Path> charts, ForkSpread spread) {
        this(title, markdown, figures, charts, spread, "");
    }

    /** A section whose forks' spread was not measured; the arguments are the record's first components. */
    public Report(String title, String markdown, List<Figure> figures, List<Path> charts) {
        this(title, markdown, figures, charts, ForkSpread.NONE);
    }
}
