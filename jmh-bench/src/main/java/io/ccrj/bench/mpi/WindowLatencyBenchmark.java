package io.ccrj.bench.mpi;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.Window;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Latency of ccr-mpi's one-sided operations, every rank targeting its right neighbour back to
 * back (MPJ Express has no windows, so ccr-mpi only): a put and a get of one double (8 bytes)
 * each followed by a flush inside a lock-all epoch, a put closed by a fence (a collective per
 * operation), a fetch-and-add and a compare-and-swap of one long each followed by a flush (as
 * MPI needs one to complete them), an exclusive lock and unlock, and a put of 1 MB (131,072
 * doubles) followed by a flush, whose time per operation gives the bandwidth. The window is
 * created and the epoch opened once per trial ({@link DrivenWorld}), so only the operations are
 * timed; {@code native_mpi3.c} times the same calls in C for the MPI-3 table of
 * {@code bin/ccrj mpi}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class WindowLatencyBenchmark {

    static final int OPS = 200;
    /** Doubles in the bandwidth case's put: 1 MB. */
    static final int MB_DOUBLES = 1 << 17;

    /** The operation timed. */
    public enum Operation {
        /** {@code put} of one double and {@code flush}, in a lock-all epoch. */
        PUT_FLUSH,
        /** {@code get} of one double and {@code flush}, in a lock-all epoch. */
        GET_FLUSH,
        /** {@code put} of one double closed by {@code fence}. */
        PUT_FENCE,
        /** {@code fetchAndOp} (SUM) of one long and {@code flush}, in a lock-all epoch. */
        FETCH_AND_OP,
        /** {@code compareAndSwap} of one long and {@code flush}, in a lock-all epoch. */
        COMPARE_AND_SWAP,
        /** {@code lock(LOCK_EXCLUSIVE)} and {@code unlock} of the right neighbour. */
        LOCK_UNLOCK,
        /** {@code put} of 1 MB and {@code flush}, in a lock-all epoch. */
        PUT_1MB_FLUSH
    }

    @Param({"2", "4"})
    public int ranks;

    @Param({"PUT_FLUSH", "GET_FLUSH", "PUT_FENCE", "FETCH_AND_OP", "COMPARE_AND_SWAP", "LOCK_UNLOCK", "PUT_1MB_FLUSH"})
    public Operation operation;

    private DrivenWorld world;

    /** Starts the world: every rank has created its window and opened its epoch. */
    @Setup(Level.Trial)
    public void startWorld() {
        world = new DrivenWorld(MpiBackend.CCR_MPI, ranks, body(operation));
    }

    /**
     * Stops the world.
     *
     * @throws InterruptedException if interrupted while the ranks finish
     */
    @TearDown(Level.Trial)
    public void stopWorld() throws InterruptedException {
        world.close();
    }

    /** One invocation: {@link #OPS} operations on every rank; the score is per operation. */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public void operation() {
        world.round(OPS);
    }

    /** The rank program: a window made once (and an epoch opened), then rounds of {@code n} operations. */
    static DrivenWorld.RankBody body(Operation op) {
        return comm -> {
            int right = (comm.rank() + 1) % comm.size();
            boolean large = op == Operation.PUT_1MB_FLUSH;
            Datatype type = op == Operation.FETCH_AND_OP || op == Operation.COMPARE_AND_SWAP ? Datatype.LONG
                    : Datatype.DOUBLE;
            Window win = comm.allocateWindow(type, large ? MB_DOUBLES : 2);
            double[] one = {comm.rank()};
            double[] out = new double[1];
            double[] mb = large ? new double[MB_DOUBLES] : null;
            long[] add = {1};
            long[] cas = {0};
            long[] result = new long[1];
            if (op == Operation.PUT_FENCE) {
                win.fence(0);
            } else if (op != Operation.LOCK_UNLOCK) {
                win.lockAll(0);
            }
            return n -> {
                for (int i = 0; i < n; i++) {
                    switch (op) {
                        case PUT_FLUSH -> {
                            win.put(one, 0, 1, Datatype.DOUBLE, right, 0, 1, Datatype.DOUBLE);
                            win.flush(right);
                        }
                        case GET_FLUSH -> {
                            win.get(out, 0, 1, Datatype.DOUBLE, right, 1, 1, Datatype.DOUBLE);
                            win.flush(right);
                        }
                        case PUT_FENCE -> {
                            win.put(one, 0, 1, Datatype.DOUBLE, right, 0, 1, Datatype.DOUBLE);
                            win.fence(0);
                        }
                        case FETCH_AND_OP -> {
                            win.fetchAndOp(add, 0, result, 0, Datatype.LONG, right, 0, Op.SUM);
                            win.flush(right);
                        }
                        case COMPARE_AND_SWAP -> {
                            win.compareAndSwap(cas, 0, cas, 0, result, 0, Datatype.LONG, right, 1);
                            win.flush(right);
                        }
                        case LOCK_UNLOCK -> {
                            win.lock(Window.LOCK_EXCLUSIVE, right, 0);
                            win.unlock(right);
                        }
                        case PUT_1MB_FLUSH -> {
                            win.put(mb, 0, MB_DOUBLES, Datatype.DOUBLE, right, 0, MB_DOUBLES, Datatype.DOUBLE);
                            win.flush(right);
                        }
                    }
                }
            };
        };
    }
}
