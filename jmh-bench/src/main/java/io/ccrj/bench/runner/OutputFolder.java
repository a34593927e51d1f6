package io.ccrj.bench.runner;

import io.ccrj.bench.machine.MachineInfo;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The output folder of one section's run: every file written there is announced on the console
 * ({@code wrote FILE}, {@code chart FILE}), and the charts are kept for the section's {@link Report}.
 * One thread.
 */
public final class OutputFolder {
    /** Writes one chart file. */
    @FunctionalInterface
    public interface ChartWriter {
        /** Writes the PNG {@code file}. */
        void write(Path file) throws IOException;
    }

    private final Path dir;
    private final PrintStream out;
    private final List<Path> charts = new ArrayList<>();

    /**
     * Creates the folder: {@code chosen}, the one given with {@code --out}, or where that is
     * {@code null} {@code results/<section>-<timestamp>}. The written files are announced on {@code out}.
     */
    public OutputFolder(Path chosen, String section, PrintStream out) throws IOException {
        this.dir = chosen != null ? chosen : MachineInfo.defaultResultsFolder(section);
        this.out = out;
        Files.createDirectories(dir);
    }

    /** Writes a text file: Markdown, or a {@link Csv}'s rows. */
    public void write(String name, Object text) throws IOException {
        Files.writeString(dir.resolve(name), text.toString());
        out.println("wrote " + dir.resolve(name));
    }

    /** Writes a chart and keeps it for the report. */
    public void chart(String name, ChartWriter writer) throws IOException {
        writer.write(dir.resolve(name));
        charts.add(dir.resolve(name));
        out.println("chart " + dir.resolve(name));
    }

    /** Where the file {@code name} goes, for a writer of its own (JMH's raw JSON); announce it once written. */
    public Path path(String name) {
        return dir.resolve(name);
    }

    /** Announces a file written through {@link #path}. */
    public void wrote(String name) {
        out.println("wrote " + dir.resolve(name));
    }

    /** The charts written, in order. */
    public List<Path> charts() {
        return List.copyOf(charts);
    }
}
