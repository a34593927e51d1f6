package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code bufferAttach}/{@code bufferDetach} racing each other and buffered sends at
 * {@link ThreadLevel#MULTIPLE}: of two threads attaching at once exactly one succeeds, of two
 * detaching at once exactly one gets the capacity, and a {@code bsend} racing a detach either
 * delivers its message or fails with {@code BUFFER}, never anything else; the receiver gets
 * exactly the messages whose {@code bsend} succeeded.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BufferAttachRaceTest {
    private static final int ROUNDS = 2_000;

    @ParameterizedTest(name = "platform threads {0}")
    @ValueSource(booleans = {true, false})
    void attachDetachAndBsendRacingOneAnotherStayConsistent(boolean platform) {
        SpmdWorld world = SpmdWorld.builder().size(2).deadlockTimeout(Duration.ofSeconds(20))
                .rankThreads(platform ? RankThreads.PLATFORM : RankThreads.VIRTUAL).build();
        List<String> results = world.run(comm -> {
            comm.requestThreadLevel(ThreadLevel.MULTIPLE);
            if (comm.rank() == 1) {
                int[] total = new int[1];
                comm.recv(total, 0, 1, Datatype.INT, 0, 2);
                int[] one = new int[1];
                for (int i = 0; i < total[0]; i++) {
                    comm.recv(one, 0, 1, Datatype.INT, 0, 1);
                }
                return "received " + total[0] + ", left over " + (comm.iprobe(0, 1) != null);
            }
            ConcurrentLinkedQueue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
            AtomicInteger attachWins = new AtomicInteger();
            AtomicInteger detachWins = new AtomicInteger();
            AtomicInteger delivered = new AtomicInteger();
            CyclicBarrier pair = new CyclicBarrier(2);
            Runnable attacherDetacher = () -> {
                for (int i = 0; i < ROUNDS; i++) {
                    await(pair);
                    if (bufferCall(() -> comm.bufferAttach(64), unexpected)) {
                        attachWins.incrementAndGet();
                    }
                    await(pair);
                    if (bufferCall(() -> assertThat(comm.bufferDetach()).isEqualTo(64), unexpected)) {
                        detachWins.incrementAndGet();
                    }
                }
            };
            Runnable sender = () -> {
                for (int i = 0; i < 4 * ROUNDS; i++) {
                    int[] payload = {i};
                    if (bufferCall(() -> comm.bsend(payload, 0, 1, Datatype.INT, 1, 1), unexpected)) {
                        delivered.incrementAndGet();
                    }
                }
            };
            Thread[] threads = {start(platform, attacherDetacher), start(platform, attacherDetacher),
                    start(platform, sender), start(platform, sender)};
            for (Thread t : threads) {
                t.join();
            }
            assertThat(unexpected).isEmpty();
            comm.send(new int[] {delivered.get()}, 0, 1, Datatype.INT, 1, 2);
            return "attach wins " + attachWins.get() + ", detach wins " + detachWins.get() + ", delivered "
                    + delivered.get();
        });
        String delivered = results.get(0).substring(results.get(0).lastIndexOf(' ') + 1);
        assertThat(results.get(0)).startsWith("attach wins " + ROUNDS + ", detach wins " + ROUNDS + ", delivered ");
        assertThat(results.get(1)).isEqualTo("received " + delivered + ", left over false");
    }

    /** Runs a buffer call: true if it succeeded, false if it failed with BUFFER; else records the failure. */
    private static boolean bufferCall(Runnable call, ConcurrentLinkedQueue<Throwable> unexpected) {
        try {
            call.run();
            return true;
        } catch (MpiException e) {
            if (e.errorClass() != MpiException.ErrorClass.BUFFER) {
                unexpected.add(e);
            }
            return false;
        } catch (Throwable t) {
            unexpected.add(t);
            return false;
        }
    }

    private static void await(CyclicBarrier b) {
        try {
            b.await(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Thread start(boolean platform, Runnable r) {
        return (platform ? Thread.ofPlatform() : Thread.ofVirtual()).start(r);
    }
}
