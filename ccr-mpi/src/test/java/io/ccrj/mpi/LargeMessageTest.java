package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Messages at and above the zero-copy threshold (256 elements) behave like small ones. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LargeMessageTest {

    static final int[] COUNTS = {255, 256, 100_000};

    @Test
    void largeSendrecvRingsDeliverEveryElement() {
        for (int count : COUNTS) {
            for (int n : new int[] {1, 2, 3, 4}) {
                List<Boolean> ok = SpmdWorld.run(n, comm -> {
                    int right = (comm.rank() + 1) % comm.size();
                    int left = (comm.rank() - 1 + comm.size()) % comm.size();
                    double[] out = new double[count + 3];
                    double[] in = new double[count + 5];
                    for (int round = 0; round < 20; round++) {
                        for (int i = 0; i < count; i++) {
                            out[i + 3] = comm.rank() * 1e6 + i + round;
                        }
                        Status s = comm.sendrecv(out, 3, count, Datatype.DOUBLE, right, round,
                                in, 5, count, Datatype.DOUBLE, left, round);
                        // The sender may reuse its buffer at once: scribble over it.
                        Arrays.fill(out, -1);
                        if (s.count() != count || s.source() != left) {
                            return false;
                        }
                        for (int i = 0; i < count; i++) {
                            if (in[i + 5] != left * 1e6 + i + round) {
                                return false;
                            }
                        }
                    }
                    return true;
                });
                assertThat(ok).as("count %d, %d ranks", count, n).containsOnly(true);
            }
        }
    }

    @Test
    void largeIsendCompletesWhenTheReceiverHasTakenTheElements() {
        List<String> r = SpmdWorld.run(2, comm -> {
            long[] buf = new long[10_000];
            Arrays.fill(buf, 7);
            if (comm.rank() == 0) {
                Request s = comm.isend(buf, 0, buf.length, Datatype.LONG, 1, 1);
                boolean before = s.test() != null;
                comm.send(new int[0], 0, 0, Datatype.INT, 1, 2);       // lets rank 1 post its receive
                Status st = s.waitFor();
                return before + " " + st + " " + s.isComplete();
            }
            comm.recv(new int[0], 0, 0, Datatype.INT, 0, 2);
            long[] in = new long[10_000];
            Status st = comm.recv(in, 0, in.length, Datatype.LONG, 0, 1);
            return st.count() + " " + Arrays.stream(in).allMatch(v -> v == 7);
        });
        assertThat(r).containsExactly("false Status[source=1, tag=1, count=10000] true", "10000 true");
    }

    @Test
    void largeMessagesKeepTheirOrderAmongSmallOnesAndWaitInTheUnexpectedQueue() {
        List<String> r = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                Request[] sends = new Request[6];
                for (int i = 0; i < 6; i++) {
                    int len = i % 2 == 0 ? 5000 : 3;
                    int[] b = new int[len];
                    Arrays.fill(b, i);
                    sends[i] = comm.isend(b, 0, len, Datatype.INT, 1, 0);
                }
                Request.waitAll(sends);
                return "sent";
            }
            Thread.sleep(50);        // all six are queued as unexpected messages by now
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 6; i++) {
                int[] b = new int[5000];
                Status s = comm.recv(b, 0, b.length, Datatype.INT, 0, Comm.ANY_TAG);
                sb.append(b[0]).append(':').append(s.count()).append(' ');
            }
            return sb.toString().trim();
        });
        assertThat(r.get(1)).isEqualTo("0:5000 1:3 2:5000 3:3 4:5000 5:3");
    }

    @Test
    void aTruncatedLargeMessageStillReleasesTheSender() {
        List<String> r = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.sendrecv(new double[4096], 0, 4096, Datatype.DOUBLE, 1, 0,
                        new double[0], 0, 0, Datatype.DOUBLE, 1, 1);
                return "released";
            }
            String msg;
            try {
                comm.recv(new double[10], 0, 10, Datatype.DOUBLE, 0, 0);
                msg = "nothing thrown";
            } catch (MpiException e) {
                msg = e.errorClass().toString();
            }
            comm.send(new double[0], 0, 0, Datatype.DOUBLE, 0, 1);
            return msg;
        });
        assertThat(r).containsExactly("released", "TRUNCATE");
    }

    @Test
    void aLargeSendNobodyReceivesIsReportedAsADeadlock() {
        assertThatThrownBy(() -> SpmdWorld.builder().size(2).deadlockTimeout(Duration.ofMillis(300)).build()
                .run(comm -> {
                    if (comm.rank() == 0) {
                        comm.isend(new double[5000], 0, 5000, Datatype.DOUBLE, 1, 3).waitFor();
                    }
                    return null;
                }))
                .isInstanceOfSatisfying(DeadlockException.class, e -> assertThat(e.pendingOperations()).containsExactly(
                        "rank 0: isend(dest=1, tag=3, DOUBLE x 5000, waiting for the receiver to take it) on world",
                        "rank 1: finished"));
    }
}
