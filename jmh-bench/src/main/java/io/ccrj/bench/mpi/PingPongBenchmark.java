package io.ccrj.bench.mpi;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.OperationsPerInvocation;

/**
 * Ping-pong latency: rank 0 sends one double to rank 1, which sends it back ({@code send} +
 * {@code recv} on both sides), on ccr-mpi and MPJ Express in the same run. The score is the
 * half round trip (one one-way message). The project's targets for it are in docs/results.md.
 * Five forks: on a 2-vCPU machine a fork's round trips fall into one of two modes about 2x apart
 * (where the two ranks' threads land), and fewer forks give whichever mode the run caught.
 */
@Fork(5)
public class PingPongBenchmark extends WorldBenchmark {

    /** Round trips per invocation: enough that the round start/finish (~1-5 µs) is noise for ccr-mpi. */
    static final int ROUND_TRIPS = 2_000;

    @Override
    int worldSize() {
        return 2;
    }

    @Override
    DrivenWorld.RankBody body() {
        return MpiKernels.latency(MpiKernels.LatencyOp.PING_PONG);
    }

    /** One invocation: {@link #ROUND_TRIPS} round trips; the score is per one-way message. */
    @Benchmark
    @OperationsPerInvocation(2 * ROUND_TRIPS)
    public void halfRoundTrip() {
        round(ROUND_TRIPS);
    }
}
