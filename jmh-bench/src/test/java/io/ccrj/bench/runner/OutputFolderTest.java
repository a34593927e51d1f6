package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A section's output folder: created, every file announced in the order written, charts kept in order. */
class OutputFolderTest {
    @Test
    void writesAnnouncesAndKeepsTheCharts(@TempDir Path tmp) throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Path dir = tmp.resolve("a/b");
        OutputFolder folder = new OutputFolder(dir, "section", new PrintStream(console, true, StandardCharsets.UTF_8));

        folder.write("x.csv", new Csv("a", "b").row(1, "two, three"));
        folder.write("x.md", "# x\n");
        folder.chart("b.png", png -> Files.writeString(png, "b"));
        folder.chart("a.png", png -> Files.writeString(png, "a"));

        assertThat(Files.readString(dir.resolve("x.csv"))).isEqualTo("a,b\n1,\"two, three\"\n");
        assertThat(Files.readString(dir.resolve("x.md"))).isEqualTo("# x\n");
        assertThat(folder.charts()).containsExactly(dir.resolve("b.png"), dir.resolve("a.png"));
        assertThat(console.toString(StandardCharsets.UTF_8).lines()).containsExactly("wrote " + dir.resolve("x.csv"),
                "wrote " + dir.resolve("x.md"), "chart " + dir.resolve("b.png"), "chart " + dir.resolve("a.png"));
    }
}
