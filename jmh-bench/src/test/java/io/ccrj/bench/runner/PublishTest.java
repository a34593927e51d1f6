package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/ccrj paper --publish}: a fixture repository and run folder, the blocks replaced, everything else kept byte for byte. */
class PublishTest {
    @TempDir
    Path repo;

    private static final String README = """
            # ccrj

            Some intro, kept as it is.

            ## Headline figures

            <!-- headline -->
            From an old run, by hand.

            | old | table |
            |---|---|
            <!-- /headline -->

            Reproduce with `bin/ccrj paper --full`.
            """;

    private static final String RESULTS = """
            # Results

            The intro and the command table.

            ## The main job: `bin/ccrj paper`

            <!-- paper-run -->
            ### The full run

            Old figures.
            <!-- /paper-run -->

            ## ccr-core

            Kept.
            """;

    /** The results.md a run writes: its opening list, the reading (left out of the page), the headline, a section with a chart. */
    private static final String RUN_RESULTS = """
            # ccrj — the papers' experiments reproduced

            - machine: AMD EPYC, 2 cores available, Linux amd64, OpenJDK 64-Bit Server VM 25.0.3+9-LTS
            - commit abc1234
            - date 2026-12-02, mode full, took 1:09:17
            - command: `bin/ccrj paper --full`
            - JMH per benchmark: 5 forks x (2 warm-up + 4 measured iterations of 1000 ms) in every section

            ## How to read this

            The glossary.

            ## Headline

            | figure | ours |
            |---|---|
            | x | 1 |

            ## MPI

            ### Latency

            See [the CSV](mpi/mpi-latency.csv), [a paper](https://example.org/p.pdf) and [above](#headline).

            ![mpi-latency.png](mpi/mpi-latency.png)
            """;

    private Path run;

    /** A fixture: README.md, docs/results.md and a run folder docs/results/run with a figure for every README row. */
    private void fixture(List<String> ids, String header) throws IOException {
        Files.writeString(repo.resolve("README.md"), README);
        Files.createDirectories(repo.resolve("docs/results/run/mpi"));
        Files.writeString(repo.resolve("docs/results.md"), RESULTS);
        run = repo.resolve("docs/results/run");
        Files.writeString(run.resolve("results.md"), RUN_RESULTS);
        Csv csv = new Csv(header.split(","));
        int n = header.split(",").length;
        for (String id : ids) {
            Object[] row = new Object[n];
            List<String> cols = List.of(header.split(","));
            for (int i = 0; i < n; i++) {
                row[i] = switch (cols.get(i)) {
                    case "section" -> id.substring(0, id.indexOf('.'));
                    case "id" -> id;
                    case "figure" -> "label, with a comma";
                    case "unit" -> "µs";
                    case "published" -> 7.1;
                    case "peer" -> "MPJ Express";
                    case "ours_shown" -> "0.232 (0.217 .. 0.246)";
                    case "peer_shown" -> "25.9 (19.0 .. 29.0)";
                    case "vs_published" -> "31x better (29-33x)";
                    case "vs_peer" -> "at least 7x better, \"one fork\"";
                    default -> null;
                };
            }
            csv.row(row);
        }
        Files.writeString(run.resolve("headline.csv"), csv.toString());
    }

    private static List<String> allRows() {
        return Publish.README_ROWS.stream().map(r -> r.id().replace("*", "5000")).toList();
    }

    private String readme() throws IOException {
        return Files.readString(repo.resolve("README.md"));
    }

    private String results() throws IOException {
        return Files.readString(repo.resolve("docs/results.md"));
    }

    /** The text before the open marker (with it) and from the close marker on, which publishing must keep byte for byte. */
    private static void assertOutsideKept(String before, String after, String open, String close) {
        assertThat(after.substring(0, after.indexOf(open) + open.length())).isEqualTo(before.substring(0, before.indexOf(open) + open.length()));
        assertThat(after.substring(after.indexOf(close))).isEqualTo(before.substring(before.indexOf(close)));
    }

    @Test
    void replacesBothBlocksAndKeepsEverythingElse() throws IOException {
        fixture(allRows(), Headline.CSV_HEADER);
        assertThat(Publish.publish(run)).containsExactly(repo.resolve("README.md"), repo.resolve("docs/results.md"));

        String readme = readme();
        assertOutsideKept(README, readme, Publish.HEADLINE_OPEN, Publish.HEADLINE_CLOSE);
        assertThat(readme.lines()).allSatisfy(l -> assertThat(l.length() <= Publish.WIDTH || l.startsWith("|")).as(l).isTrue());
        assertThat(readme.replace('\n', ' ')).doesNotContain("From an old run").doesNotContain("| old | table |")
                .contains("From `bin/ccrj paper --full` at commit `abc1234`, 2026-12-02, in 1:09:17, on AMD EPYC, 2 cores available,"
                        + " Linux amd64, OpenJDK 64-Bit Server VM 25.0.3+9-LTS; JMH in forked JVMs per benchmark: 5 forks x (2 warm-up"
                        + " + 4 measured iterations of 1000 ms) in every section.")
                .contains("[docs/results.md](docs/results.md#the-full-run)")
                .contains("[docs/results/run/](docs/results/run/results.md)")
                .contains("| Rendezvous Shift, per stage, 2 ranks (µs) | 0.232 (0.217 .. 0.246) | 7.10 | 25.9 (19.0 .. 29.0) µs (MPJ Express)"
                        + " | 31x better (29-33x) | at least 7x better, \"one fork\" |");
        // one table row per README row, in their order
        List<String> rows = readme.lines().filter(l -> l.startsWith("| ") && !l.startsWith("| figure")).toList();
        assertThat(rows).hasSize(Publish.README_ROWS.size());
        for (int i = 0; i < rows.size(); i++) {
            assertThat(rows.get(i)).startsWith("| " + Publish.README_ROWS.get(i).title() + " (µs) |");
        }

        String results = results();
        assertOutsideKept(RESULTS, results, Publish.RESULTS_OPEN, Publish.RESULTS_CLOSE);
        assertThat(results.replace('\n', ' ')).contains("`bin/ccrj paper --full` at commit `abc1234`, 2026-12-02, in 1:09:17,");
        assertThat(results).doesNotContain("Old figures").doesNotContain("The glossary").doesNotContain("mode full, took")
                .contains("<!-- paper-run -->\n### The full run\n\n`bin/ccrj paper --full` at commit `abc1234`,")
                .contains("[`results/run/`](results/run/results.md).\n\n### Headline\n")
                .contains("\n### Headline\n").contains("\n### MPI\n").contains("\n#### Latency\n")
                .contains("[the CSV](results/run/mpi/mpi-latency.csv)").contains("[a paper](https://example.org/p.pdf)")
                .contains("[above](#headline)").contains("![mpi-latency.png](results/run/mpi/mpi-latency.png)")
                .endsWith("![mpi-latency.png](results/run/mpi/mpi-latency.png)\n<!-- /paper-run -->\n\n## ccr-core\n\nKept.\n");
    }

    @Test
    void publishingTwiceGivesTheSamePages() throws IOException {
        fixture(allRows(), Headline.CSV_HEADER);
        Publish.publish(run);
        String readme = readme();
        String results = results();
        Publish.publish(run);
        assertThat(readme()).isEqualTo(readme);
        assertThat(results()).isEqualTo(results);
    }

    @Test
    void aMissingMarkerIsAnErrorNamingItAndNoFileIsWritten() throws IOException {
        fixture(allRows(), Headline.CSV_HEADER);
        Files.writeString(repo.resolve("README.md"), README.replace("<!-- /headline -->\n", ""));
        assertThatThrownBy(() -> Publish.publish(run)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("README.md has no marker <!-- /headline -->");
        assertThat(results()).isEqualTo(RESULTS);

        Files.writeString(repo.resolve("README.md"), README);
        Files.writeString(repo.resolve("docs/results.md"), RESULTS + "<!-- paper-run -->\n");
        assertThatThrownBy(() -> Publish.publish(run)).hasMessageContaining("results.md has the marker <!-- paper-run --> twice");
        assertThat(readme()).isEqualTo(README);
    }

    @Test
    void aMissingIdIsAnErrorNamingItAndNoFileIsWritten() throws IOException {
        List<String> ids = allRows().stream().filter(id -> !id.equals("mpi.stages.RENDEZVOUS_SHIFT.2")).toList();
        fixture(ids, Headline.CSV_HEADER);
        assertThatThrownBy(() -> Publish.publish(run)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no figure for README's rows mpi.stages.RENDEZVOUS_SHIFT.2 ");
        assertThat(readme()).isEqualTo(README);
        assertThat(results()).isEqualTo(RESULTS);
    }

    @Test
    void aPatternMatchingTwoFiguresIsAnError() throws IOException {
        List<String> ids = new java.util.ArrayList<>(allRows());
        ids.add("overhead.DIFFERENCE.EXCHANGE.MATCH.2.50.OVERHEAD_US");
        fixture(ids, Headline.CSV_HEADER);
        assertThatThrownBy(() -> Publish.publish(run)).hasMessageContaining("overhead.DIFFERENCE.EXCHANGE.MATCH.2.*.OVERHEAD_US matches 2 figures");
    }

    @Test
    void aRunOfAnOlderLayoutOrOutsideDocsIsRefused() throws IOException {
        fixture(allRows(), Headline.CSV_HEADER.replace(",ours_shown,peer_shown,vs_published,vs_peer", ""));
        assertThatThrownBy(() -> Publish.publish(run)).hasMessageContaining("has no column ours_shown (a run of an older bin/ccrj paper");

        fixture(allRows(), Headline.CSV_HEADER);
        Files.writeString(run.resolve("results.md"), RUN_RESULTS.replaceAll("(?m)^- JMH.*\n", ""));
        assertThatThrownBy(() -> Publish.publish(run)).hasMessageContaining("records no jmh");

        Path outside = repo.resolve("elsewhere");
        Files.createDirectories(outside);
        Files.writeString(outside.resolve("results.md"), RUN_RESULTS);
        Files.copy(run.resolve("headline.csv"), outside.resolve("headline.csv"));
        assertThatThrownBy(() -> Publish.publish(outside)).hasMessageContaining("is not under").hasMessageContaining("docs/results/NAME");
        assertThatThrownBy(() -> Publish.publish(repo.resolve("nothing"))).hasMessageContaining("lacks results.md or headline.csv");
    }

    @Test
    void theHeadlineCsvKeepsTheCellsTheTableShows() {
        Figure f = Figure.of(List.of("mpi", "stages", "X", 2), "a label", "µs", true, new Estimate(0.25, 0.2, 0.3), null)
                .withPeer("MPJ Express", new Estimate(25, 20, 30));
        String csv = Headline.csv(List.of(f), true, ForkSpread.NONE);
        List<List<String>> rows = Publish.parseCsv(csv);
        assertThat(rows.get(0)).isEqualTo(List.of(Headline.CSV_HEADER.split(",")));
        Map<String, String> row = new java.util.HashMap<>();
        for (int i = 0; i < rows.get(0).size(); i++) {
            row.put(rows.get(0).get(i), rows.get(1).get(i));
        }
        Headline.Cells c = Headline.cells(f, true, ForkSpread.NONE);
        assertThat(row).containsEntry("ours_shown", c.ours()).containsEntry("peer_shown", "25.0 (20.0 .. 30.0)")
                .containsEntry("vs_peer", c.vsPeer()).containsEntry("vs_published", c.vsPublished());
        assertThat(Headline.markdown(List.of(f), true)).contains("| " + c.ours() + " |").contains(c.vsPeer());
        assertThat(c.vsPeer()).startsWith("100x better");
    }

    @Test
    void theCsvReaderReadsQuotesCommasAndLineBreaks() {
        assertThat(Publish.parseCsv("a,\"b, c\",\"say \"\"hi\"\"\"\n1,,\"x\ny\"\n"))
                .containsExactly(List.of("a", "b, c", "say \"hi\""), List.of("1", "", "x\ny"));
    }

    @Test
    void theCommandLineTakesPublishAlone() {
        PaperRunner p = new PaperRunner();
        assertThat(p.parse("--publish", "docs/results/paper-full").publish()).isEqualTo(Path.of("docs/results/paper-full"));
        assertThat(p.parse().publish()).isNull();
        assertThatThrownBy(() -> p.parse("--publish", "x", "--full")).hasMessageContaining("--publish runs nothing");
        assertThat(p.usage()).contains("--publish=RUN_DIR");
    }

    @Test
    void aRefusalIsOneLineAndExitStatusOne() throws IOException {
        fixture(allRows().subList(1, allRows().size()), Headline.CSV_HEADER);
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream devNull = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
        int status = Main.run(new String[] {"paper", "--publish", run.toString()}, devNull,
                new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        assertThat(status).isEqualTo(1);
        assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8)).startsWith("ccrj paper: ")
                .contains("has no figure for README's rows " + Publish.README_ROWS.get(0).id()).hasLineCount(1);
        assertThat(readme()).isEqualTo(README);
    }

    @Test
    void theJmhLineNamesTheSectionsOnlyWhereTheirSettingsDiffer() {
        Jmh.Settings five = new Jmh.Settings(5, 2, 4, 1000);
        assertThat(PaperRunner.jmhLine(List.of("mpi", "dss"), List.of(five, five)))
                .isEqualTo("JMH per benchmark: 5 forks x (2 warm-up + 4 measured iterations of 1000 ms) in every section");
        assertThat(PaperRunner.jmhLine(List.of("mpi", "dss"), List.of(five, new Jmh.Settings(1, 0, 1, 20))))
                .isEqualTo("JMH per benchmark: mpi 5 forks x (2 warm-up + 4 measured iterations of 1000 ms); dss 1 fork x (0 warm-up"
                        + " + 1 measured iterations of 20 ms)");
    }
}
