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
        /**
         * @param file the PNG to write
         * @throws IOException if it cannot be written
         */
        void write(Path file) throws IOException;
    }

    private final Path dir;
    private final PrintStream out;
    private final List<Path> charts = new ArrayList<>();

    /**
     * Creates the folder.
     *
     * @param chosen the folder given with {@code --out}, or {@code null} for {@code results/<section>-<timestamp>}
     * @param section the section's name
     * @param out where the written files are announced
     * @throws IOException if it cannot be created
     */
    public OutputFolder(Path chosen, String section, PrintStream out) throws IOException {
        this.dir = chosen != null ? chosen : MachineInfo.defaultResultsFolder(section);
        this.out = out;
        Files.createDirectories(dir);
    }

    /**
     * Writes a text file.
     *
     * @param name the file name
     * @param text its content: Markdown, or a {@link Csv}'s rows
     * @throws IOException if it cannot be written
     */
    public void write(String name, Object text) throws IOException {
        Files.writeString(dir.resolve(name), text.toString());
        out.println("wrote " + dir.resolve(name));
    }

    /**
     * Writes a chart and keeps it for the report.
     *
     * @param name the file name
     * @param writer draws it
     * @throws IOException if it cannot be written
     */
    public void chart(String name, ChartWriter writer) throws IOException {
        writer.write(dir.resolve(name));
        charts.add(dir.resolve(name));
        out.println("chart " + dir.resolve(name));
    }

    /** @return the charts written, in order */
    public List<Path> charts() {
        return List.copyOf(charts);
    }
}
