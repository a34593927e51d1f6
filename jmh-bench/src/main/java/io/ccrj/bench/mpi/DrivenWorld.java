package io.ccrj.bench.mpi;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Kernel;

/**
 * A world of either backend kept alive across JMH invocations, so that only the measured
 * communication is timed, not world start-up (an MPJ Express world takes 50-150 ms to start):
 * each rank prepares its buffers once, then runs rounds of {@code n} operations whenever the
 * benchmark thread starts one ({@link #round(int)}; the constructor returns once every rank is
 * ready), between which it waits at a
 * {@link RoundGate}, outside any communicator call.
 *
 * <p>Threading: {@link #round} and {@link #close} are called by one thread (JMH's benchmark
 * thread); the world runs on its own thread.
 */
final class DrivenWorld implements AutoCloseable {

    /** One rank's measured operation, prepared once per world. */
    @FunctionalInterface
    interface RankBody {
        /** Prepares this rank (allocates buffers) and returns what one round runs. */
        Operations prepare(Comm comm) throws Exception;
    }

    /** {@code n} repetitions of the measured operation. */
    @FunctionalInterface
    interface Operations {
        void run(int n) throws Exception;
    }

    private final RoundGate gate;
    private final Thread world;
    private volatile Throwable failure;

    DrivenWorld(MpiBackend backend, int size, RankBody body) {
        gate = new RoundGate(size);
        gate.arm();
        Kernel<Void> kernel = comm -> {
            Operations ops = body.prepare(comm);
            ops.run(1);                          // every rank ready and connected before the first round
            comm.barrier();
            gate.finished();
            int rank = comm.rank();
            for (long round = 1; ; round++) {
                int n = gate.awaitStart(rank, round);
                if (n == RoundGate.STOP) {
                    return null;
                }
                ops.run(n);
                gate.finished();
            }
        };
        world = Thread.ofPlatform().daemon().name("driven-world-" + backend).start(() -> {
            try {
                backend.run(size, kernel);
            } catch (Throwable t) {
                failure = t;
                gate.fail();
            }
        });
        gate.awaitRound();                       // the world is up: the caller times rounds only
        Throwable t = failure;
        if (t != null) {
            throw new IllegalStateException("the benchmark world failed to start", t);
        }
    }

    /** Runs {@code n} operations on every rank and waits for all of them. */
    void round(int n) {
        gate.start(n);
        gate.awaitRound();
        Throwable t = failure;
        if (t != null) {
            throw new IllegalStateException("the benchmark world failed", t);
        }
    }

    @Override
    public void close() throws InterruptedException {
        gate.stop();
        world.join(60_000);
        Throwable t = failure;
        if (t != null) {
            throw new IllegalStateException("the benchmark world failed", t);
        }
    }
}
