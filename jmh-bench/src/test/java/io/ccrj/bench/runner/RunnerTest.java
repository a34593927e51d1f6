package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The framework end to end with a fake experiment, and the one entry point's dispatch. */
class RunnerTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    private final PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);

    /** A fake experiment: two figures, one with a published figure and a peer, one with a comma and a quote in its label. */
    private static final Experiment<String> FAKE = new Experiment<>() {
        @Override
        public String usage() {
            return "Usage: fake";
        }

        @Override
        public String parse(String... args) {
            return String.join(" ", args);
        }

        @Override
        public String options(RunMode mode, java.nio.file.Path out) {
            return mode.id();
        }

        @Override
        public Report run(String options, PrintStream out, PrintStream err) {
            return new Report("fake", "| a | b |\n", List.of(
                    Figure.of(List.of("fake", "ping"), "ping, \"quoted\"", "µs", true, Estimate.median(new double[] {1.0, 1.1, 0.9, 1.05}),
                            "dss.two-way.us").withPeer("peer", Estimate.median(new double[] {5, 5.2, 4.9})),
                    Figure.of(List.of("fake", "rate", Thread.State.NEW, 7), "rate", "1/s", false, Estimate.point(7), null)), List.of());
        }
    };

    @Test
    void aFakeExperimentGoesThroughEveryWriter() throws Exception {
        List<Figure> figures = FAKE.run(FAKE.parse(), o, e).figures();

        String csv = Headline.csv(figures);
        List<String> lines = csv.lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).isEqualTo(Headline.CSV_HEADER);
        assertThat(lines.get(1)).startsWith("fake,fake.ping,\"ping, \"\"quoted\"\"\",µs,true,1.02500,")
                .contains(",30.0000,\"Qiu, Fox & Ho 2006, Fig. 13").contains(",peer,5.00000,");
        // a point figure: shown as the table shows it, no published figure and no peer to compare with
        assertThat(lines.get(2)).isEqualTo("fake,fake.rate.NEW.7,rate,1/s,false,7.00000,,,,,,,,,7.00,,-,-");

        String md = Headline.markdown(figures);
        assertThat(md).contains("| ping, \"quoted\" (µs) | 1.03 (").contains("5.00 (4.90 .. 5.20) (peer)")
                .contains("29x better (27-33x)").contains("| rate (1/s) | 7.00 | - | - | - | - |");
    }

    @Test
    void unknownOrMissingSubcommandExitsTwo() {
        assertThat(Main.run(new String[] {"nonsense"}, o, e)).isEqualTo(2);
        assertThat(Main.run(new String[0], o, e)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown command 'nonsense'")
                .contains("paper, overhead, mpi, dss, peers, wrk, platform");
    }

    @Test
    @Timeout(60)
    void everyInProcessSubcommandAnswersHelpAndRejectsABadOption() {
        for (String sub : Main.EXPERIMENTS.keySet()) {
            out.reset();
            err.reset();
            assertThat(Main.run(new String[] {sub, "--help"}, o, e)).as(sub).isZero();
            assertThat(out.toString(StandardCharsets.UTF_8)).as(sub).contains("Usage: bin/ccrj " + sub);
            err.reset();
            assertThat(Main.run(new String[] {sub, "--no-such-option"}, o, e)).as(sub).isEqualTo(2);
            // One line naming the option and ending in the hint, for the runners on either parser.
            assertThat(err.toString(StandardCharsets.UTF_8).lines().toList()).as(sub).hasSize(1)
                    .first().asString().startsWith("ccrj " + sub + ": ").contains("no-such-option");
            assertThat(err.toString(StandardCharsets.UTF_8)).as(sub).endsWith(Main.hint(sub) + "\n");
        }
    }

    @Test
    void publishedFiguresAreReadFromTheOneResource() {
        assertThat(PublishedFigures.require("overhead.amd.Pipeline.match.1").value()).isEqualTo(0.77);
        assertThat(PublishedFigures.require("overhead.amd.Exchange.match.8").hasValue()).isFalse();
        assertThat(PublishedFigures.require("overhead.amd.Exchange.match.8").text()).isEqualTo("Error");
        assertThat(PublishedFigures.require("rendezvous.amd.RENDEZVOUS_SHIFT.2").value()).isEqualTo(7.1);
        assertThat(PublishedFigures.require("bandwidth.amd.OUTSIDE_THREAD.100000").source()).contains("Qiu, Fox & Ho 2006, Table 3");
        assertThat(PublishedFigures.find("no.such.figure")).isEmpty();
        assertThat(PublishedFigures.value("no.such.figure")).isNaN();
    }
}
