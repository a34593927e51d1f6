package io.ccrj.bench.mpi;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.patterns.StageComputation;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * The rank programs the MPI benchmarks time, written once for the JMH classes that
 * {@link MpiRunner} runs. Each returns a {@link DrivenWorld.RankBody}: the rank prepares its buffers
 * once, then runs rounds of {@code n} operations (or stages) when the driver starts one.
 */
public final class MpiKernels {
    private MpiKernels() {
    }

    /** A latency-bound operation timed back to back. */
    public enum LatencyOp {
        /** Rank 0 sends one double to rank 1, which sends it back; per op = half a round trip. */
        PING_PONG("ping-pong (half round trip)", 2),
        /** {@code barrier()}. */
        BARRIER("barrier", 1),
        /** {@code bcast} of one double from rank 0. */
        BCAST("bcast, 1 double", 1),
        /** {@code allreduce} (SUM) of one double. */
        ALLREDUCE("allreduce, 1 double", 1);

        /** What the tables call it. */
        public final String label;
        /** Operations per call of the rank loop (a round trip is two one-way messages). */
        public final int opsPerIteration;

        LatencyOp(String label, int opsPerIteration) {
            this.label = label;
            this.opsPerIteration = opsPerIteration;
        }
    }

    /**
     * Where a received message lands (Qiu, Fox &amp; Ho 2006, section 3, Table 3): a fresh array inside the
     * rank's loop, one fixed array per rank allocated outside it, or consecutive ("stepped")
     * places in a large per-rank array that wraps around.
     */
    public enum CopyModel {
        /** A new array of the message's size for every message ("Array Inside Thread"). */
        INSIDE_THREAD("inside thread"),
        /** One fixed array per rank, reused ("Array Outside Thread"): the plain sendrecv. */
        OUTSIDE_THREAD("outside thread"),
        /** The next free place of a large per-rank array ("Stepped Array Outside Thread"). */
        STEPPED_ARRAY("stepped array");

        /** What the tables call it. */
        public final String label;

        CopyModel(String label) {
            this.label = label;
        }
    }

    /**
     * The papers' stage method: a round of {@code n} stages computes {@code totalUnits / n} basic
     * units per stage on every rank, each stage followed by the pattern's messaging. A round of 1
     * stage is the papers' T(1), a round of S stages their T(S). {@code totalUnits} (basic units of
     * the whole computation of one rank) may change between rounds: the driver sets it before
     * {@link DrivenWorld#round}, whose start (a volatile write) publishes it to
     * the ranks, which read it once per round.
     */
    static DrivenWorld.RankBody stages(RendezvousPattern pattern, LongSupplier totalUnits) {
        return comm -> {
            int rank = comm.rank();
            int size = comm.size();
            int right = (rank + 1) % size;
            int left = (rank - 1 + size) % size;
            double[] value = {rank + 1.0};
            double[] in = new double[2];
            double[] carry = {rank + 1.0};
            return n -> {
                long units = totalUnits.getAsLong() / n;
                double v = carry[0];
                for (int s = 0; s < n; s++) {
                    double x = v * 0.5;
                    for (long u = 0; u < units; u++) {
                        x = StageComputation.basicUnit(x);
                    }
                    v = pattern.stage(comm, x, value, in, left, right);
                }
                carry[0] = v;                    // kept: the computation cannot be dropped
            };
        };
    }

    /**
     * {@code n} back-to-back latency operations on every rank (ping-pong: between ranks 0 and 1; the
     * others, where {@link RendezvousLatencyBenchmark} runs it at more ranks, sit it out).
     */
    static DrivenWorld.RankBody latency(LatencyOp op) {
        return comm -> {
            double[] in = {comm.rank() + 1.0};
            double[] out = new double[1];
            return switch (op) {
                case PING_PONG -> {
                    if (comm.rank() > 1) {
                        yield n -> { };
                    }
                    int other = 1 - comm.rank();
                    boolean serves = comm.rank() == 0;
                    yield n -> {
                        for (int i = 0; i < n; i++) {
                            if (serves) {
                                comm.send(in, 0, 1, Datatype.DOUBLE, other, 0);
                                comm.recv(in, 0, 1, Datatype.DOUBLE, other, 0);
                            } else {
                                comm.recv(in, 0, 1, Datatype.DOUBLE, other, 0);
                                in[0] += 1;
                                comm.send(in, 0, 1, Datatype.DOUBLE, other, 0);
                            }
                        }
                    };
                }
                case BARRIER -> n -> {
                    for (int i = 0; i < n; i++) {
                        comm.barrier();
                    }
                };
                case BCAST -> n -> {
                    for (int i = 0; i < n; i++) {
                        comm.bcast(in, 0, 1, Datatype.DOUBLE, 0);
                    }
                };
                case ALLREDUCE -> n -> {
                    for (int i = 0; i < n; i++) {
                        comm.allreduce(in, 0, out, 0, 1, Datatype.DOUBLE, Op.SUM);
                    }
                };
            };
        };
    }

    /** Doubles in each rank's stepped array: the papers' two million, or four messages if larger. */
    static final int STEPPED_ARRAY_DOUBLES = 2_000_000;

    /**
     * {@code n} ring shifts of {@code doubles} doubles: every rank sends its array to the right
     * and receives the left neighbour's into the place {@code model} names.
     */
    static DrivenWorld.RankBody ringShift(CopyModel model, int doubles) {
        return comm -> {
            int rank = comm.rank();
            int size = comm.size();
            int right = (rank + 1) % size;
            int left = (rank - 1 + size) % size;
            double[] out = new double[doubles];
            Arrays.fill(out, rank + 0.5);
            int steppedLength = Math.max(STEPPED_ARRAY_DOUBLES, 4 * doubles);
            double[] target = new double[model == CopyModel.STEPPED_ARRAY ? steppedLength : doubles];
            double[] check = new double[1];
            int[] next = {0};
            return n -> {
                for (int i = 0; i < n; i++) {
                    double[] into = model == CopyModel.INSIDE_THREAD ? new double[doubles] : target;
                    int at = 0;
                    if (model == CopyModel.STEPPED_ARRAY) {
                        at = next[0] + doubles > steppedLength ? 0 : next[0];      // wraps around
                        next[0] = at + doubles;
                    }
                    comm.sendrecv(out, 0, doubles, Datatype.DOUBLE, right, 3, into, at, doubles, Datatype.DOUBLE, left, 3);
                    check[0] += into[at];        // the received data is used
                }
                if (check[0] == Double.MIN_VALUE) {
                    throw new AssertionError("unreachable: keeps the received data alive");
                }
            };
        };
    }

    /**
     * {@code n} copies of {@code doubles} doubles on every rank, each rank from its own array into
     * its own target with {@code System.arraycopy}, no messaging: the all-ranks baseline of the
     * ring shift ({@link ArraycopyRanksBenchmark}). Each copy changes the source's first element
     * from the last copy's result, so that no copy can be skipped.
     */
    static DrivenWorld.RankBody arraycopies(int doubles) {
        return comm -> {
            double[] from = new double[doubles];
            double[] to = new double[doubles];
            Arrays.fill(from, comm.rank() + 1.5);
            return n -> {
                for (int i = 0; i < n; i++) {
                    System.arraycopy(from, 0, to, 0, doubles);
                    from[0] = to[doubles - 1] + 1;
                }
            };
        };
    }

    /**
     * A whole world run of {@code n} operations, for the benchmarks that start a world per
     * invocation: every rank prepares {@code body}, then runs one round of {@code n}.
     */
    static Kernel<Void> once(DrivenWorld.RankBody body, int n) {
        return comm -> {
            body.prepare(comm).run(n);
            return null;
        };
    }
}
