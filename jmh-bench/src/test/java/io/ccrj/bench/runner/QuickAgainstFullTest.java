package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A quick run's headline beside a full run's: which comparisons count as wide gaps, how figures
 * are matched, and when two verdicts contradict; and the command line that prints it.
 */
class QuickAgainstFullTest {
    @TempDir
    Path dir;

    /** A headline.csv row: ours (with an interval or none), the papers' figure, a peer, the two verdicts. */
    private static Map<String, String> row(String section, String id, String title, String ours, String oursLow, String oursHigh,
                                           String published, String peer, String peerValue, String peerLow, String peerHigh,
                                           String vsPublished, String vsPeer) {
        Map<String, String> r = new LinkedHashMap<>();
        String[] header = Headline.CSV_HEADER.split(",");
        String[] cells = {section, id, title, "µs", "true", ours, oursLow, oursHigh, published, published.isEmpty() ? "" : "a paper",
            peer, peerValue, peerLow, peerHigh, ours, peerValue, vsPublished, vsPeer};
        for (int i = 0; i < header.length; i++) {
            r.put(header[i], cells[i]);
        }
        return r;
    }

    private static Map<String, Map<String, String>> byId(List<Map<String, String>> rows) {
        Map<String, Map<String, String>> m = new LinkedHashMap<>();
        rows.forEach(r -> m.put(r.get("id"), r));
        return m;
    }

    private static List<Map<String, String>> quickRows() {
        List<Map<String, String>> q = new ArrayList<>();
        // 18x apart, one fork of ours (no interval across forks) against MPJ Express: a bound.
        q.add(row("mpi", "mpi.latency.PING_PONG.2", "ping-pong, 2 ranks", "0.35", "", "", "", "MPJ Express", "6.4", "", "",
                "-", "at least 4.10x better (one fork each; forks here vary up to 2.0x)"));
        // 5x apart and left unresolved: counted as a wide gap without a verdict.
        q.add(row("peers", "peers.ONE_WAY.PEKKO.CCR_CORE.0.0.MESSAGES_PER_S", "one-way, ccr-core vs Pekko", "40", "", "", "",
                "Pekko", "8", "", "", "-", "not resolved: one fork each, 5.00x apart; rerun with more forks"));
        // 9.6x apart in value, but the other side's interval reaches zero: no ratio, not a wide gap.
        q.add(row("mpi", "mpi.mpi3.IALLREDUCE_OVERLAP.2.vs-native", "overlap", "30", "", "", "", "native MPI", "3.1", "-0.3", "5.0",
                "-", "not resolved: the other's interval reaches zero; rerun with --full"));
        // The papers' overhead at the quick run's stage count: matched to the full run's by title.
        q.add(row("overhead", "overhead.BACK_TO_BACK.SHIFT.MATCH.2.5000.MESSAGING_US", "Shift, back to back", "0.9", "0.8", "1.0", "3.3",
                "", "", "", "", "3.42x better (3.20-3.68x)", "-"));
        // A bound the full run's ratio contradicts.
        q.add(row("dss", "dss.TWO_WAY.HTTP", "HTTP Get", "20", "", "", "", "raw Netty", "70", "", "",
                "-", "at least 1.50x better (one fork; forks here vary up to 2.0x)"));
        // At 2 ranks here, at 8 in the full run's headline: nothing to compare with.
        q.add(row("mpi", "mpi.latency.BARRIER.2", "barrier, 2 ranks", "0.4", "0.39", "0.41", "", "MPJ Express", "12", "11", "13",
                "-", "30x better (27-33x)"));
        return q;
    }

    private static List<Map<String, String>> fullRows() {
        List<Map<String, String>> f = new ArrayList<>();
        f.add(row("mpi", "mpi.latency.PING_PONG.2", "ping-pong, 2 ranks", "0.3", "0.29", "0.31", "", "MPJ Express", "6.0", "5.8", "6.2",
                "-", "20x better (19-21x)"));
        f.add(row("peers", "peers.ONE_WAY.PEKKO.CCR_CORE.0.0.MESSAGES_PER_S", "one-way, ccr-core vs Pekko", "40", "38", "42", "",
                "Pekko", "8", "7", "9", "-", "5.00x better (4.22-6.00x)"));
        f.add(row("mpi", "mpi.mpi3.IALLREDUCE_OVERLAP.2.vs-native", "overlap", "-10", "-34", "0.6", "", "native MPI", "4", "0.7", "8.9",
                "-", "not resolved: ours below the resolution of this run; rerun with more forks"));
        f.add(row("overhead", "overhead.BACK_TO_BACK.SHIFT.MATCH.2.50000.MESSAGING_US", "Shift, back to back", "0.95", "0.9", "1.0",
                "3.3", "", "", "", "", "3.47x better (3.30-3.67x)", "-"));
        f.add(row("dss", "dss.TWO_WAY.HTTP", "HTTP Get", "64", "50", "80", "", "raw Netty", "63", "51", "77",
                "-", "not resolved: the intervals overlap; rerun with more forks"));
        f.add(row("mpi", "mpi.latency.BARRIER.8", "barrier, 8 ranks", "4", "3.9", "4.1", "", "MPJ Express", "200", "190", "210",
                "-", "50x better (46-54x)"));
        return f;
    }

    @Test
    void wideGapsAreCountedWithTheirVerdictsAndEachRowSaysWhatTheTwoRunsSayTogether() {
        QuickAgainstFull.Result r = QuickAgainstFull.compare(byId(quickRows()), byId(fullRows()));

        // ping-pong (18x), Pekko (5x), the papers' Shift (3.7x), HTTP (3.5x), barrier (30x); not the overlap.
        assertThat(r.wide()).isEqualTo(5);
        assertThat(r.wideSettled()).isEqualTo(4);
        assertThat(r.contradictions()).isZero();
        assertThat(r.rows()).extracting(QuickAgainstFull.Row::finding).containsExactly(QuickAgainstFull.Finding.AGREE,
                QuickAgainstFull.Finding.FULL_ONLY, QuickAgainstFull.Finding.NEITHER, QuickAgainstFull.Finding.AGREE,
                QuickAgainstFull.Finding.QUICK_ONLY, QuickAgainstFull.Finding.NO_FULL);
        assertThat(r.rows().get(2).gap()).isNaN();
        assertThat(r.rows().get(0).gap()).isCloseTo(6.4 / 0.35, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(r.rows().get(3).full()).isEqualTo("3.47x better (3.30-3.67x)");
        assertThat(r.markdown()).contains("| ping-pong, 2 ranks | MPJ Express | 18.3x | at least 4.10x better")
                .contains("| Shift, back to back | papers | 3.7x |").contains("| not in the full run |")
                .contains("Of the quick run's 5 comparisons 3x or more apart (both sides above zero, each side's interval across"
                        + " forks resolved), 4 state a verdict; 0 of its verdicts contradict the full run's.");
    }

    @Test
    void aQuickBoundBeyondTheFullRunsRangeIsAContradiction() {
        List<Map<String, String>> full = fullRows();
        full.set(4, row("dss", "dss.TWO_WAY.HTTP", "HTTP Get", "64", "60", "68", "", "raw Netty", "70", "66", "74",
                "-", "1.09x better (1.01-1.20x)"));
        QuickAgainstFull.Result r = QuickAgainstFull.compare(byId(quickRows()), byId(full));

        assertThat(r.contradictions()).isEqualTo(1);
        assertThat(r.rows().get(4).finding()).isEqualTo(QuickAgainstFull.Finding.CONTRADICT);
        assertThat(r.markdown()).contains("| HTTP Get | raw Netty | 3.5x | at least 1.50x better").contains("| CONTRADICTS |");
    }

    private Path runFolder(String name, List<Map<String, String>> rows) throws IOException {
        Path run = Files.createDirectories(dir.resolve(name));
        Csv csv = new Csv(Headline.CSV_HEADER.split(","));
        for (Map<String, String> r : rows) {
            csv.row(r.values().toArray());
        }
        Files.writeString(run.resolve("headline.csv"), csv.toString());
        return run;
    }

    private static int main(PrintStream out, ByteArrayOutputStream err, String... args) {
        return Main.run(args, out, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void theCommandPrintsTheTableAndExitsOneOnAContradictionTwoOnABadLine() throws IOException {
        Path quick = runFolder("quick", quickRows());
        Path full = runFolder("full", fullRows());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);

        assertThat(main(o, err, "paper", "--compare", quick.toString(), full.toString())).isEqualTo(0);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("| figure | against | quick gap | quick run | full run | together |")
                .contains("4 state a verdict");

        List<Map<String, String>> contradicting = fullRows();
        contradicting.set(4, row("dss", "dss.TWO_WAY.HTTP", "HTTP Get", "64", "60", "68", "", "raw Netty", "70", "66", "74",
                "-", "1.09x better (1.01-1.20x)"));
        Path other = runFolder("contradicting", contradicting);
        assertThat(main(o, err, "paper", "--compare", quick.toString(), other.toString())).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("ccrj paper: 1 verdict of " + quick + " contradict")
                .contains("the rows marked CONTRADICTS");

        PrintStream devNull = new PrintStream(OutputStream.nullOutputStream());
        ByteArrayOutputStream bad = new ByteArrayOutputStream();
        assertThat(main(devNull, bad, "paper", "--compare", quick.toString())).isEqualTo(2);
        assertThat(main(devNull, bad, "paper", "--compare", quick.toString(), full.toString(), "--full")).isEqualTo(2);
        assertThat(bad.toString(StandardCharsets.UTF_8)).contains("--compare runs nothing");
        ByteArrayOutputStream missing = new ByteArrayOutputStream();
        assertThat(main(devNull, missing, "paper", "--compare", dir.resolve("nowhere").toString(), full.toString())).isEqualTo(1);
        assertThat(missing.toString(StandardCharsets.UTF_8)).contains("has no headline.csv").hasLineCount(1);
    }
}
