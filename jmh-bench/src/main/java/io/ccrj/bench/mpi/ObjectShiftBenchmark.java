package io.ccrj.bench.mpi;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.mpjexpress.MpjExpressWorld;
import java.io.Serializable;
import java.net.URL;
import java.net.URLClassLoader;
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
 * What an {@code OBJECT} message costs: a ring shift ({@code sendrecv} to the right, from the
 * left) of {@code elements} small user records between 2 ranks, on ccr-mpi with the ranks
 * sharing their classes (the message carries references), on ccr-mpi with a class loader per rank
 * as {@code bin/ccrj mpirun} gives them (the message carries the records serialized at the send
 * and read back in the receiver's loader), and on MPJ Express (which serializes every object
 * message), in one run. The score is one shift on every rank.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ObjectShiftBenchmark {

    /** Shifts per invocation. */
    static final int SHIFTS = 200;

    /** How the objects travel. */
    public enum Transport {
        /** ccr-mpi, ranks sharing their classes: references. */
        REFERENCES,
        /** ccr-mpi, a class loader per rank: serialized copies. */
        COPIES,
        /** MPJ Express 0.44's multicore device: serialized copies. */
        MPJ_EXPRESS
    }

    /** A small user record: what a program would send as an {@code OBJECT} element. */
    public record Particle(int id, double x, double y, double charge) implements Serializable {
    }

    @Param({"REFERENCES", "COPIES", "MPJ_EXPRESS"})
    public Transport transport;

    /** Records per message. */
    @Param({"100"})
    public int elements;

    private DrivenWorld world;

    /** What each rank runs: shifts of its records to the other rank, receiving the other's. */
    private DrivenWorld.RankBody body() {
        int n = elements;
        return comm -> {
            int rank = comm.rank();
            int other = 1 - rank;
            Particle[] out = new Particle[n];
            for (int i = 0; i < n; i++) {
                out[i] = new Particle(i, rank + i * 0.5, -i, 1.0);
            }
            Particle[] in = new Particle[n];
            double[] check = new double[1];
            return shifts -> {
                for (int s = 0; s < shifts; s++) {
                    comm.sendrecv(out, 0, n, Datatype.OBJECT, other, 9, in, 0, n, Datatype.OBJECT, other, 9);
                    check[0] += in[n - 1].x();              // the received objects are used
                }
                if (check[0] == Double.MIN_VALUE) {
                    throw new AssertionError("unreachable: keeps the received objects alive");
                }
            };
        };
    }

    /** Starts the world of the transport chosen; its start-up is not timed. */
    @Setup(Level.Trial)
    public void startWorld() {
        DrivenWorld.RankBody body = body();
        world = switch (transport) {
            case REFERENCES -> new DrivenWorld("references", 2, body,
                    k -> SpmdWorld.builder().size(2).name("bench-objects").build().run(k));
            case COPIES -> {
                ClassLoader app = ObjectShiftBenchmark.class.getClassLoader();
                ClassLoader[] loaders = {new URLClassLoader("rank-0", new URL[0], app),
                    new URLClassLoader("rank-1", new URL[0], app)};
                yield new DrivenWorld("copies", 2, body, k -> SpmdWorld.builder().size(2).name("bench-objects")
                        .rankClassLoaders(r -> loaders[r]).build().run(k));
            }
            case MPJ_EXPRESS -> new DrivenWorld("mpj-express", 2, body,
                    k -> MpjExpressWorld.builder().size(2).name("bench-objects").build().run(k));
        };
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

    /** One invocation: {@link #SHIFTS} shifts; the score is per shift. */
    @Benchmark
    @OperationsPerInvocation(SHIFTS)
    public void shift() {
        world.round(SHIFTS);
    }
}
