package io.ccrj.examples.clustering;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/ccrj clustering}'s Java side: the done-when run and its bad inputs. */
@Timeout(300)
class ClusteringMainTest {
    @TempDir
    Path dir;

    record Run(int status, String out, String err) {
    }

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = ClusteringMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * A well-separated mixture the application has never seen: its own seed, stretched, rotated and
     * shifted, written as CSV.
     */
    static int[] writeUnseenMixture(Path file) throws IOException {
        GaussianMixture.Labelled g = GaussianMixture.generate(2_400, 3, 6, 9, 0x5EED_2026L);
        SplittableRandom r = new SplittableRandom(77);
        double[] scale = {1000, 0.01, 7};
        double angle = r.nextDouble() * Math.PI;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < g.points().n(); i++) {
            double a = g.points().get(i, 0);
            double b = g.points().get(i, 1);
            double c = g.points().get(i, 2);
            double ra = Math.cos(angle) * a - Math.sin(angle) * b;
            double rb = Math.sin(angle) * a + Math.cos(angle) * b;
            sb.append(String.format(Locale.ROOT, "%.9g,%.9g,%.9g%n", ra * scale[0] + 5e4, rb * scale[1] - 3, c * scale[2]));
        }
        Files.writeString(file, sb.toString());
        return g.labels();
    }

    @Test
    void aQuickRunClustersAMixtureItHasNeverSeenAndWritesEveryFile() throws IOException {
        Path csv = dir.resolve("unseen.csv");
        int[] truth = writeUnseenMixture(csv);
        Path out = dir.resolve("out");
        Run r = run("--quick", "--data", csv.toString(), "--out", out.toString(), "--ranks", "2");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("6 clusters of 2,400 points");
        assertThat(r.err()).contains("ccrj clustering: anneal T=").contains("ETA").contains("anneal done in");

        List<String> lines = Files.readAllLines(out.resolve("assignments.csv"));
        assertThat(lines.get(0)).isEqualTo("point,cluster");
        assertThat(lines).hasSize(truth.length + 1);
        int[] found = new int[truth.length];
        for (int i = 0; i < truth.length; i++) {
            String[] f = lines.get(i + 1).split(",");
            assertThat(Integer.parseInt(f[0])).isEqualTo(i);
            found[i] = Integer.parseInt(f[1]);
        }
        assertThat(AdjustedRand.index(found, truth)).isGreaterThanOrEqualTo(0.95);

        assertThat(Files.readAllLines(out.resolve("centres.csv"))).hasSize(7).first().isEqualTo("cluster,points,x0,x1,x2");
        byte[] png = Files.readAllBytes(out.resolve("clusters.png"));
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
        assertThat(Files.readString(out.resolve("clusters.svg"))).startsWith("<svg").contains("<circle").endsWith("</svg>\n");
        List<String> overhead = Files.readAllLines(out.resolve("overhead.csv"));
        assertThat(overhead.get(0)).startsWith("total_points,ranks,points_per_rank,inverse_grain,time_per_iteration_us");
        assertThat(overhead).hasSize(1 + 2 * OverheadMeasurement.RANKS.length);
        assertThat(overhead.get(1)).matches("4000,1,4000,.*,0.0000,.*");
        String chart = Files.readString(out.resolve("overhead.svg"));
        assertThat(chart).startsWith("<svg").endsWith("</svg>\n").contains("against 1/n");
        if (Runtime.getRuntime().availableProcessors() >= 2) {
            assertThat(chart).contains("class=\"ranks\"").contains("class=\"floor\"").contains("P = 2, ranks");
        }
        assertThat(Files.readAllLines(out.resolve("peers.csv"))).anySatisfy(l -> assertThat(l).contains("fork-join"));
        List<String> workflow = Files.readAllLines(out.resolve("workflow.csv"));
        assertThat(workflow).hasSize(3);
        assertThat(workflow.get(1)).startsWith("\"in-process");
        assertThat(workflow.get(2)).startsWith("\"loopback HTTP");
        String md = Files.readString(out.resolve("results.md"));
        assertThat(md).contains("**6 clusters.**").contains("| K | Bayesian information criterion |")
                .contains("## Parallel overhead").contains("## Beside the peers").contains("## The DSS workflow per stage");
    }

    @Test
    void aGeneratedMixtureReportsItsAdjustedRandIndex() {
        Path out = dir.resolve("gen");
        Run r = run("--points", "1500", "--dims", "2", "--clusters", "4", "--seed", "3", "--ranks", "4", "--no-overhead",
                "--out", out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("4 clusters of 1,500 points").contains("adjusted Rand index 1.0000");
        assertThat(out.resolve("overhead.csv")).doesNotExist();
    }

    @Test
    void badInputIsAnsweredWithOneLineAndStatusTwo() throws IOException {
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "1,2\n3,4\n5,x\n");
        assertThat(run("--data", bad.toString(), "--out", dir.toString())).satisfies(r -> {
            assertThat(r.status()).isEqualTo(2);
            assertThat(r.err()).isEqualTo("ccrj clustering: " + bad + " line 3, value 2: 'x' is not a number\n");
        });
        Path nan = dir.resolve("nan.csv");
        Files.writeString(nan, "1,2\nNaN,4\n");
        assertThat(run("--data", nan.toString()).err()).contains("line 2, value 1: 'NaN' is not a finite number");
        Path empty = dir.resolve("empty.csv");
        Files.writeString(empty, "");
        assertThat(run("--data", empty.toString()).err()).contains("no points (the file is empty)");
        Path three = dir.resolve("three.csv");
        Files.writeString(three, "1\n2\n3\n");
        Run tooMany = run("--data", three.toString(), "--clusters", "4");
        assertThat(tooMany.status()).isEqualTo(2);
        assertThat(tooMany.err()).contains("4 clusters for 3 points: there can be no more clusters than points");
        assertThat(run("--points", "3", "--dims", "1", "--clusters", "5").err())
                .contains("--clusters 5 is more than --points 3");
        Path one = dir.resolve("one.csv");
        Files.writeString(one, "4,5\n");
        Run single = run("--data", one.toString(), "--no-overhead", "--out", dir.resolve("one").toString());
        assertThat(single.status()).as(single.err()).isZero(); // the default ranks fit one point
        assertThat(single.out()).contains("1 cluster of 1 point in");
        assertThat(run("--data", one.toString(), "--ranks", "2").err()).contains("2 ranks for 1 points");
        assertThat(run("--bogus").err()).contains("unknown option '--bogus'");
        assertThat(run("--ranks", "zero", "--data", "x").err()).contains("--ranks zero: needs a whole number");
        assertThat(run().err()).contains("give --data FILE.csv, or --points N --dims D --clusters K");
        assertThat(run("--data", "a.csv", "--points", "4").err()).contains("exclude each other");
        assertThat(run("--help")).satisfies(r -> {
            assertThat(r.status()).isZero();
            assertThat(r.out()).startsWith("Usage: bin/ccrj clustering");
        });
    }
}
