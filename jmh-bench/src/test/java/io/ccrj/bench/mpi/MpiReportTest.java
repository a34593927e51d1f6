package io.ccrj.bench.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.bench.mpi.MpiKernels.CopyModel;
import io.ccrj.bench.runner.Figure;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MpiReportTest {
    private static final RendezvousPattern SHIFT = RendezvousPattern.RENDEZVOUS_SHIFT;
    private static final RendezvousPattern EXCHANGE = RendezvousPattern.RENDEZVOUS_EXCHANGE;

    private static Figure fig(String exp, Enum<?> item, String backend, int ranks, long size, String metric, double v) {
        // Three repetitions 1% apart: a narrow interval around v.
        return MpiReport.of(MpiReport.key(exp, item, backend, ranks, size, metric), v, new Figure.Runs(3, 3, 0.01), v * 0.99, v, v * 1.01);
    }

    private static MpiReport report(double mpjShift4) throws Exception {
        List<Figure> f = new ArrayList<>();
        for (int r : new int[] {2, 4}) {
            f.add(fig("stages", SHIFT, "ccr-mpi", r, 0, "overhead_us", 0.3));
            f.add(fig("stages", SHIFT, "ccr-mpi", r, 0, "messaging_us", 0.25));
            f.add(fig("stages", SHIFT, "mpj-express", r, 0, "overhead_us", 30));
            f.add(fig("stages", SHIFT, "mpj-express", r, 0, "messaging_us", r == 4 ? mpjShift4 : 25));
            f.add(fig("stages", EXCHANGE, "ccr-mpi", r, 0, "messaging_us", 0.5));
            f.add(fig("stages", EXCHANGE, "mpj-express", r, 0, "messaging_us", 60));
        }
        f.add(fig("latency", MpiKernels.LatencyOp.PING_PONG, "ccr-mpi", 2, 0, "latency_us", 0.2));
        f.add(fig("latency", MpiKernels.LatencyOp.PING_PONG, "mpj-express", 2, 0, "latency_us", 30));
        f.add(fig("latency", MpiReport.Baseline.CORE_TO_CORE, "java", 2, 0, "latency_us", 0.08));
        f.add(MpiReport.missing(MpiReport.key("latency", MpiKernels.LatencyOp.BARRIER, "mpj-express", 2, 0, "latency_us")));
        f.add(fig("latency", MpiKernels.LatencyOp.PING_PONG, MpiExperiment.NATIVE, 2, 0, "latency_us", 0.25));
        f.add(MpiReport.missing(MpiReport.key("latency", MpiKernels.LatencyOp.BARRIER, MpiExperiment.NATIVE, 2, 0,
                "latency_us")));
        f.add(fig("bandwidth", CopyModel.OUTSIDE_THREAD, "ccr-mpi", 2, 100_000, "GB/s", 45));
        f.add(fig("bandwidth", MpiReport.Baseline.ARRAYCOPY_ONE, "java", 1, 100_000, "GB/s", 50));
        f.add(fig("bandwidth", MpiReport.Baseline.ARRAYCOPY_ALL, "java", 2, 100_000, "GB/s", 90));
        return new MpiReport(f, MpiRunner.Options.parse("--stages", "1000"));
    }

    @Test
    void stageTableHasBothBackendsTheRatioAndThePublishedFigures() throws Exception {
        String t = report(25).stageTable();
        assertThat(t).contains("S = 1,000 stages of 17 µs");
        assertThat(t).contains("| Rendezvous Shift | 2 | 0.300 | 0.250 | 30.0 | 25.0 | 100x better (98-102x) | 7.1 | 6.6 |");
        assertThat(t).contains("| Rendezvous Exchange | 4 |  | 0.500 |  | 60.0 | 120x better (118-122x) | 14.2 | 15.2 |");
        // MPJ Express's messaging at 4 ranks as fast as ours: the intervals overlap, no ratio.
        assertThat(report(0.25).stageTable()).contains("| Rendezvous Shift | 4 | 0.300 | 0.250 | 30.0 | 0.3 | not resolved: the intervals"
                + " overlap |");
    }

    @Test
    void latencyTableHasNativeMpiAndMarksMissingBackends() throws Exception {
        String t = report(25).latencyTable();
        assertThat(t).contains("| ping-pong (half round trip) | 2 | 0.200 | 30.0 | 0.250 | 150x better (147-153x) | ");
        assertThat(t).containsPattern("\\| ping-pong \\(half round trip\\) \\| 2 \\| .* \\| 1\\.2[0-9]*x better \\(");
        assertThat(t).contains("| barrier | 2 |  | not installed | not installed |  |  |");
        // The core-to-core floor is a sentence of its own, not a row with empty backend columns.
        assertThat(t).doesNotContain("| " + MpiReport.Baseline.CORE_TO_CORE.label)
                .contains("one counter, nothing of ccr's): 0.080 (0.079 .. 0.081) µs; ccr-mpi's ping-pong against it: 2.50x worse"
                        + " (2.45-2.55x).");
    }

    @Test
    void bandwidthRatiosAgainstBothBaselines() throws Exception {
        String t = report(25).bandwidthTable();
        assertThat(t).contains("| 100,000 |  | 45.00 |").contains("| 50.00 | 90.00 | 1.11x worse (1.09-1.13x) | 2.00x worse (1.96-2.04x) |  |");
    }

    @Test
    void aNegativeOverheadOrAnUnresolvedOneIsNoFigure() throws Exception {
        List<Figure> f = new ArrayList<>();
        f.add(fig("stages", SHIFT, "ccr-mpi", 2, 0, "overhead_us", -0.05)); // T(S) below T(1): noise
        f.add(MpiReport.of(MpiReport.key("stages", SHIFT, "ccr-mpi", 2, 0, "messaging_us"), 0.8, new Figure.Runs(3, 3, 0.01), 0.3, 0.8,
                5.0)); // an interval over 3x wide
        f.add(fig("stages", SHIFT, "mpj-express", 2, 0, "messaging_us", 16.3));
        String t = new MpiReport(f, MpiRunner.Options.parse("--stages", "1000")).stageTable();
        assertThat(t).contains("| Rendezvous Shift | 2 | below resolution | not resolved |  | 16.3 |"
                + " not resolved: ours' interval spans more than 3x |").doesNotContain("-0.050");
    }

    @Test
    void csvHasOneLinePerFigureAndQuotesCommas() throws Exception {
        MpiReport r = report(25);
        String[] lines = r.csv().toString().split("\n");
        assertThat(lines[0]).isEqualTo(String.join(",", MpiReport.CSV_HEADER));
        assertThat(lines).hasSize(1 + r.figures().size());
        assertThat(r.csv().toString()).contains("latency,barrier,mpj-express,2,0,latency_us,,0,0,,not installed")
                .contains("bandwidth,\"System.arraycopy, 1 thread\",java,1,100000,GB/s,50.0000,3,3,0.010,");
    }

    @Test
    void headlineRowsAreFoundByItemAndCarryThePeerAndThePublishedFigures() throws Exception {
        List<io.ccrj.bench.runner.Figure> h = report(25).headline();
        // Looked up by RendezvousPattern, LatencyOp, CopyModel and Baseline, not by their labels.
        assertThat(h).extracting(io.ccrj.bench.runner.Figure::label).containsExactly(
                "Rendezvous Shift, per stage, 2 ranks", "Rendezvous Shift, per stage, 4 ranks",
                "Rendezvous Exchange, per stage, 2 ranks", "Rendezvous Exchange, per stage, 4 ranks",
                "ping-pong (half round trip), 2 ranks", "  same, against this run's core-to-core hand-off floor",
                "ping-pong (half round trip), 2 ranks, against native MPI (C, shared memory)",
                "sendrecv 10^5 doubles, summed over 2 ranks", "  same, against System.arraycopy on 1 thread");
        assertThat(h).extracting(io.ccrj.bench.runner.Figure::id).containsExactly("mpi.stages.RENDEZVOUS_SHIFT.2",
                "mpi.stages.RENDEZVOUS_SHIFT.4", "mpi.stages.RENDEZVOUS_EXCHANGE.2", "mpi.stages.RENDEZVOUS_EXCHANGE.4",
                "mpi.latency.PING_PONG.2", "mpi.latency.PING_PONG.2.vs-floor", "mpi.latency.PING_PONG.2.vs-native",
                "mpi.bandwidth.OUTSIDE_THREAD.2.100000",
                "mpi.bandwidth.OUTSIDE_THREAD.2.100000.vs-arraycopy");
        assertThat(h.get(0).peerName()).isEqualTo("MPJ Express");
        assertThat(h.get(0).peer().value()).isEqualTo(25);
        assertThat(h.get(0).published()).isEqualTo(7.1);
        assertThat(h.get(5).peer().value()).isEqualTo(0.08);
        assertThat(h.get(6).peerName()).isEqualTo("native MPI");
        assertThat(h.get(6).peer().value()).isEqualTo(0.25);
        assertThat(h.get(8).peer().value()).isEqualTo(50);
    }
}
