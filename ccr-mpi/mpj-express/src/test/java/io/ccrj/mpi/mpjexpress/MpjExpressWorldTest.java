package io.ccrj.mpi.mpjexpress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.DeadlockException;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.RankFailedException;
import io.ccrj.mpi.Status;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The launcher and the adapter's own guarantees on MPJ Express: results in rank order, failures
 * and deadlocks reported instead of {@code System.exit} or a hang, the device usable again
 * afterwards, and the places where the adapter restores the {@link Comm} contract over MPJ
 * Express 0.44's behaviour.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MpjExpressWorldTest {

    @Test
    void runsTheKernelOnEveryRankAndReturnsResultsInRankOrder() {
        List<String> results = MpjExpressWorld.run(3, comm -> {
            double[] mine = {comm.rank() + 1.0};
            double[] total = new double[1];
            comm.allreduce(mine, 0, total, 0, 1, Datatype.DOUBLE, Op.SUM);
            return comm.rank() + "/" + comm.size() + ":" + total[0];
        });
        assertThat(results).containsExactly("0/3:6.0", "1/3:6.0", "2/3:6.0");
    }

    /**
     * MPJ Express's {@code Status.Test_cancelled()} prints a line on every call: the adapter must
     * not ask it, or every receive (and every measured one in a benchmark) writes to the console.
     */
    @Test
    void receivesThroughTheAdapterPrintNothing() {
        PrintStream saved = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        List<String> got;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            got = MpjExpressWorld.run(2, comm -> {
                int[] buf = new int[1];
                if (comm.rank() == 0) {
                    comm.send(new int[] {7}, 0, 1, Datatype.INT, 1, 0);
                    comm.isend(new int[] {8}, 0, 1, Datatype.INT, 1, 1).waitFor();
                    return "sent";
                }
                Status first = comm.recv(buf, 0, 1, Datatype.INT, 0, 0);
                int a = buf[0];
                Status second = comm.irecv(buf, 0, 1, Datatype.INT, 0, 1).waitFor();
                return a + "," + buf[0] + "," + first.cancelled() + "," + second.cancelled();
            });
        } finally {
            System.setOut(saved);
        }
        assertThat(got).containsExactly("sent", "7,8,false,false");
        assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("Cancel functionality");
    }

    @Test
    void ranksRunOnMpjExpressThreadsWithTheirOwnMpiClasses() {
        List<String> loaders = MpjExpressWorld.run(2, comm -> comm.getClass().getClassLoader().toString()
                + "|" + Thread.currentThread().getContextClassLoader());
        assertThat(loaders.get(0)).isNotEqualTo(loaders.get(1));
        assertThat(loaders.get(0)).startsWith("java.net.URLClassLoader");
    }

    @Test
    void aRankThatThrowsEndsTheWorldWithRankFailedExceptionAndTheDeviceStaysUsable() {
        IllegalStateException boom = new IllegalStateException("boom in rank 1");
        assertThatThrownBy(() -> MpjExpressWorld.run(3, comm -> {
            if (comm.rank() == 1) {
                throw boom;
            }
            comm.recv(new int[1], 0, 1, Datatype.INT, 1, 0);   // never sent: blocks until the world ends
            return null;
        })).isInstanceOfSatisfying(RankFailedException.class, e -> {
            assertThat(e.rank()).isEqualTo(1);
            assertThat(e.getCause()).isSameAs(boom);
            assertThat(e.getSuppressed()).isEmpty();
        });
        // MPJ Express would have left its device initialised; the next world must start cleanly.
        assertThat(MpjExpressWorld.run(2, Comm::rank)).containsExactly(0, 1);
    }

    @Test
    void aDeadlockedWorldIsReportedWithEachRanksPendingOperation() {
        MpjExpressWorld world = MpjExpressWorld.builder().size(2).name("stuck")
                .deadlockTimeout(Duration.ofMillis(500)).build();
        assertThatThrownBy(() -> world.run(comm -> {
            comm.recv(new double[1], 0, 1, Datatype.DOUBLE, 1 - comm.rank(), 7);
            return null;
        })).isInstanceOfSatisfying(DeadlockException.class, e -> assertThat(e.pendingOperations()).containsExactly(
                "rank 0: recv(source=1, tag=7, DOUBLE x 1)", "rank 1: recv(source=0, tag=7, DOUBLE x 1)"));
        assertThat(MpjExpressWorld.run(2, comm -> comm.size())).containsExactly(2, 2);
    }

    @Test
    void ranksThatDoNotStopAreReportedAndHoldTheDeviceUntilTheyEnd() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch looping = new CountDownLatch(1);
        AtomicReference<Thread> stubborn = new AtomicReference<>();
        MpjExpressWorld world = MpjExpressWorld.builder().size(2).name("stubborn")
                .stopTimeout(Duration.ofMillis(300)).build();
        assertThatThrownBy(() -> world.run(comm -> {
            if (comm.rank() == 1) {
                looping.await(30, TimeUnit.SECONDS);    // fail only once rank 0 is in its loop
                throw new IllegalStateException("rank 1 fails");
            }
            stubborn.set(Thread.currentThread());
            looping.countDown();
            while (true) {                              // ignores interruption, never calls comm
                try {
                    if (release.await(10, TimeUnit.MILLISECONDS)) {
                        return null;
                    }
                } catch (InterruptedException ignored) {
                    // keeps going, as a badly written kernel would
                }
            }
        })).isInstanceOf(IllegalStateException.class).hasMessageContaining("did not stop within 300 ms")
                .hasMessageContaining("rank 0");
        assertThatThrownBy(() -> MpjExpressWorld.run(2, Comm::rank)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("still held by 1 rank(s) of world 'stubborn'");
        release.countDown();
        stubborn.get().join(10_000);
        assertThat(stubborn.get().isAlive()).isFalse();
        assertThat(MpjExpressWorld.run(2, Comm::rank)).containsExactly(0, 1);
    }

    @Test
    void sendReturnsBeforeTheMatchingReceiveAsTheContractSays() {
        // MPJ Express's multicore Send blocks until matched: both ranks sending first would deadlock.
        List<Double> got = MpjExpressWorld.run(2, comm -> {
            int other = 1 - comm.rank();
            double[] out = {comm.rank() + 10.0};
            comm.send(out, 0, 1, Datatype.DOUBLE, other, 3);
            out[0] = -1;                                       // the send copied the buffer
            double[] in = new double[1];
            comm.recv(in, 0, 1, Datatype.DOUBLE, other, 3);
            return in[0];
        });
        assertThat(got).containsExactly(11.0, 10.0);
    }

    @Test
    void nonCommutativeReductionsCombineInRankOrder() {
        Op concat = Op.ofObjects("concat", false, (a, b) -> (String) a + b);
        List<String> got = MpjExpressWorld.run(5, comm -> {
            Object[] mine = {Integer.toString(comm.rank())};
            Object[] all = new Object[1];
            comm.allreduce(mine, 0, all, 0, 1, Datatype.OBJECT, concat);
            Object[] atRoot = new Object[1];
            comm.reduce(mine, 0, comm.rank() == 2 ? atRoot : null, 0, 1, Datatype.OBJECT, concat, 2);
            return all[0] + "|" + atRoot[0];
        });
        assertThat(got).containsExactly("01234|null", "01234|null", "01234|01234", "01234|null", "01234|null");
    }

    @Test
    void predefinedOperationsWorkOnObjects() {
        List<Object> got = MpjExpressWorld.run(3, comm -> {
            Object[] mine = {comm.rank() + 1L};
            Object[] out = new Object[1];
            comm.allreduce(mine, 0, out, 0, 1, Datatype.OBJECT, Op.PROD);
            return out[0];
        });
        assertThat(got).containsExactly(6L, 6L, 6L);
    }

    @Test
    void splitWithUndefinedColorYieldsNoCommunicator() {
        List<String> got = MpjExpressWorld.run(4, comm -> {
            Comm sub = comm.split(comm.rank() == 1 ? Comm.UNDEFINED : comm.rank() % 2, -comm.rank());
            return sub == null ? "none" : sub.rank() + "/" + sub.size();
        });
        assertThat(got).containsExactly("1/2", "none", "0/2", "0/1");
    }

    @Test
    void statusesNameSourceTagAndCountWithWildcardsAndForSendRequests() {
        List<String> got = MpjExpressWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                Status sent = comm.isend(new long[] {1, 2, 3}, 0, 3, Datatype.LONG, 1, 42).waitFor();
                return sent.toString();
            }
            long[] in = new long[5];
            Status probed = comm.probe(Comm.ANY_SOURCE, Comm.ANY_TAG);
            Status st = comm.recv(in, 1, 4, Datatype.LONG, Comm.ANY_SOURCE, Comm.ANY_TAG);
            return probed + " " + st + " " + in[1] + in[2] + in[3];
        });
        assertThat(got).containsExactly("Status[source=1, tag=42, count=3]",
                "Status[source=0, tag=42, count=3] Status[source=0, tag=42, count=3] 123");
    }

    @Test
    void invalidArgumentsFailWithTheContractsErrorClass() {
        assertThatThrownBy(() -> MpjExpressWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new double[1], 0, 1, Datatype.DOUBLE, 2, 0);
            }
            return null;
        })).isInstanceOfSatisfying(RankFailedException.class, e -> assertThat(e.getCause())
                .isInstanceOfSatisfying(MpiException.class,
                        m -> assertThat(m.errorClass()).isEqualTo(MpiException.ErrorClass.RANK)));
        assertThatThrownBy(() -> MpjExpressWorld.run(2, comm -> {
            if (comm.rank() == 1) {
                comm.recv(new int[2], 0, 3, Datatype.INT, 0, 0);
            }
            return null;
        })).isInstanceOfSatisfying(RankFailedException.class, e -> assertThat(e.getCause())
                .isInstanceOfSatisfying(MpiException.class,
                        m -> assertThat(m.errorClass()).isEqualTo(MpiException.ErrorClass.BUFFER)));
    }

    @Test
    void aMessageLongerThanTheReceiveBufferFailsWithTruncate() {
        assertThatThrownBy(() -> MpjExpressWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new int[] {1, 2, 3}, 0, 3, Datatype.INT, 1, 0);
            } else {
                comm.recv(new int[2], 0, 2, Datatype.INT, 0, 0);
            }
            return null;
        })).isInstanceOfSatisfying(RankFailedException.class, e -> assertThat(e.getCause())
                .isInstanceOfSatisfying(MpiException.class,
                        m -> assertThat(m.errorClass()).isEqualTo(MpiException.ErrorClass.TRUNCATE)));
    }
}
