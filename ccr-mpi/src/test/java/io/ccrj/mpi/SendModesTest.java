package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.mpi.MpiException.ErrorClass;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Send modes (synchronous, buffered, ready; blocking and not), sendrecvReplace, persistent
 * requests, the multi-request waits and tests, and cancel.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SendModesTest {

    @Test
    void ssendReturnsOnlyOnceTheReceiveHasMatched() {
        for (int round = 0; round < 50; round++) {
            AtomicBoolean posted = new AtomicBoolean();
            List<Boolean> out = SpmdWorld.run(2, comm -> {
                if (comm.rank() == 0) {
                    comm.ssend(new int[] {7}, 0, 1, Datatype.INT, 1, 3);
                    return posted.get();
                }
                posted.set(true);
                int[] got = new int[1];
                comm.recv(got, 0, 1, Datatype.INT, 0, 3);
                return got[0] == 7;
            });
            assertThat(out).containsOnly(true);
        }
    }

    /**
     * Every mode, blocking and not, around rings of 2, 3, 4 and 8 ranks, on every basic datatype.
     * Every rank posts its receive first, so a ring of synchronous sends completes; ready sends
     * wait for a barrier that says every receive is posted.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void everyModeShiftsARingOfEveryDatatype(int n) {
        List<String> out = SpmdWorld.run(n, comm -> {
            int r = comm.rank();
            int right = (r + 1) % n;
            int left = (r - 1 + n) % n;
            comm.bufferAttach(1024);
            StringBuilder sb = new StringBuilder();
            for (Datatype t : Datatype.values()) {
                Object mine = TestData.array(t, 2, 10L * r + 1);
                for (String mode : List.of("ssend", "bsend", "rsend", "issend", "ibsend", "irsend")) {
                    Object got = t.newArray(2);
                    Request posted = comm.irecv(got, 0, 2, t, left, 5);
                    if (mode.equals("rsend") || mode.equals("irsend")) {
                        comm.barrier();
                    }
                    switch (mode) {
                        case "ssend" -> comm.ssend(mine, 0, 2, t, right, 5);
                        case "bsend" -> comm.bsend(mine, 0, 2, t, right, 5);
                        case "rsend" -> comm.rsend(mine, 0, 2, t, right, 5);
                        case "issend" -> comm.issend(mine, 0, 2, t, right, 5).waitFor();
                        case "ibsend" -> comm.ibsend(mine, 0, 2, t, right, 5).waitFor();
                        default -> comm.irsend(mine, 0, 2, t, right, 5).waitFor();
                    }
                    Status s = posted.waitFor();
                    if (!TestData.toString(got).equals(TestData.toString(TestData.array(t, 2, 10L * left + 1)))
                            || s.source() != left || s.count() != 2) {
                        sb.append(t).append(' ').append(mode).append(' ').append(TestData.toString(got)).append(';');
                    }
                }
            }
            comm.bufferDetach();
            return sb.toString();
        });
        assertThat(out).containsOnly("");
    }

    @Test
    void issendStaysPendingUntilTheReceiverTakesTheMessage() {
        List<String> out = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                Datatype strided = Datatype.vector(2, 1, 3, Datatype.LONG);
                Request r = comm.issend(new long[] {1, 0, 0, 2}, 0, 1, strided, 1, 1);
                Status before = r.test();
                comm.send(new int[0], 0, 0, Datatype.INT, 1, 9);       // lets the receiver go on
                Status after = r.waitFor();
                return before + " " + after;
            }
            comm.recv(new int[0], 0, 0, Datatype.INT, 0, 9);
            long[] got = new long[2];
            comm.recv(got, 0, 2, Datatype.LONG, 0, 1);
            return Arrays.toString(got);
        });
        assertThat(out).containsExactly("null Status[source=1, tag=1, count=1, elements=2]", "[1, 2]");
    }

    @Test
    void bufferedSendsNeedAnAttachedBufferLargeEnough() {
        List<String> out = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 1) {
                double[] got = new double[4];
                comm.recv(got, 0, 4, Datatype.DOUBLE, 0, 0);
                Status s = comm.recv(got, 0, 4, Datatype.DOUBLE, 0, 1);
                return Arrays.toString(got) + " " + s.count();
            }
            StringBuilder sb = new StringBuilder();
            try {
                comm.bsend(new double[1], 0, 1, Datatype.DOUBLE, 1, 0);
            } catch (MpiException e) {
                sb.append(e.errorClass()).append(e.getMessage().contains("no buffer is attached") ? " none;" : "?");
            }
            comm.bufferAttach(32 + Comm.BSEND_OVERHEAD);
            try {
                comm.bsend(new double[5], 0, 5, Datatype.DOUBLE, 1, 0);
            } catch (MpiException e) {
                sb.append(e.errorClass()).append(e.getMessage().contains("needs 40 bytes") ? " small;" : "?");
            }
            try {
                comm.bufferAttach(8);
            } catch (MpiException e) {
                sb.append(e.errorClass()).append(" twice;");
            }
            double[] buf = {1, 2, 3, 4};
            comm.bsend(buf, 0, 4, Datatype.DOUBLE, 1, 0);
            buf[0] = 9;                                   // the message was copied
            Request r = comm.ibsend(buf, 0, 2, Datatype.DOUBLE, 1, 1);
            sb.append(r.isComplete()).append(' ').append(comm.bufferDetach());
            return sb.toString();
        });
        assertThat(out).containsExactly("BUFFER none;BUFFER small;BUFFER twice;true 32", "[9.0, 2.0, 3.0, 4.0] 2");
    }

    @Test
    void readySendsDeliverToAPostedReceive() {
        List<String> out = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 1) {
                char[] a = new char[3];
                char[] b = new char[2];
                Request ra = comm.irecv(a, 0, 3, Datatype.CHAR, 0, 1);
                Request rb = comm.irecv(b, 0, 2, Datatype.CHAR, 0, 2);
                comm.send(new int[0], 0, 0, Datatype.INT, 0, 0);      // "receives are posted"
                Request.waitAll(ra, rb);
                return new String(a) + new String(b);
            }
            comm.recv(new int[0], 0, 0, Datatype.INT, 1, 0);
            comm.rsend("abc".toCharArray(), 0, 3, Datatype.CHAR, 1, 1);
            comm.irsend("de".toCharArray(), 0, 2, Datatype.CHAR, 1, 2).waitFor();
            return "";
        });
        assertThat(out.get(1)).isEqualTo("abcde");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void sendrecvReplaceShiftsARingInPlace(int n) {
        List<String> out = SpmdWorld.run(n, comm -> {
            int r = comm.rank();
            short[] buf = {-1, (short) r, (short) (10 * r), -1};
            Status s = comm.sendrecvReplace(buf, 1, 2, Datatype.SHORT, (r + 1) % n, r, Comm.ANY_SOURCE, Comm.ANY_TAG);
            return Arrays.toString(buf) + " " + s.source() + "/" + s.tag();
        });
        for (int r = 0; r < n; r++) {
            int from = (r - 1 + n) % n;
            assertThat(out.get(r)).isEqualTo("[-1, " + from + ", " + 10 * from + ", -1] " + from + "/" + from);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void persistentRequestsRepeatTheirOperation(int n) {
        List<String> out = SpmdWorld.run(n, comm -> {
            int r = comm.rank();
            float[] send = new float[1];
            float[] recv = new float[1];
            if (r % 4 == 3) {
                comm.bufferAttach(64);
            }
            PersistentRequest[] reqs = {
                    comm.recvInit(recv, 0, 1, Datatype.FLOAT, (r - 1 + n) % n, 5),
                    (r % 4 == 0 ? comm.sendInit(send, 0, 1, Datatype.FLOAT, (r + 1) % n, 5)
                            : r % 4 == 1 ? comm.ssendInit(send, 0, 1, Datatype.FLOAT, (r + 1) % n, 5)
                            : r % 4 == 2 ? comm.rsendInit(send, 0, 1, Datatype.FLOAT, (r + 1) % n, 5)
                            : comm.bsendInit(send, 0, 1, Datatype.FLOAT, (r + 1) % n, 5))};
            StringBuilder sb = new StringBuilder();
            sb.append(reqs[0].isActive()).append(' ').append(reqs[0].waitFor()).append(' ');
            for (int round = 0; round < 3; round++) {
                send[0] = r * 10 + round;
                reqs[0].start();
                comm.barrier();               // every receive is posted before any ready send
                reqs[1].start();
                try {
                    reqs[1].start();
                } catch (MpiException e) {
                    sb.append(e.errorClass()).append(' ');
                }
                Request.waitAll(reqs);
                sb.append(recv[0]).append(' ');
            }
            return sb.toString();
        });
        for (int r = 0; r < n; r++) {
            int from = (r - 1 + n) % n;
            assertThat(out.get(r)).isEqualTo("false Status[source=-2, tag=-1, count=0] REQUEST " + (from * 10f)
                    + " REQUEST " + (from * 10 + 1f) + " REQUEST " + (from * 10 + 2f) + " ");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void waitAnyAndWaitSomeCollectEveryMessageOnce(int n) {
        List<String> out = SpmdWorld.run(n, comm -> {
            if (comm.rank() != 0) {
                comm.send(new int[] {comm.rank()}, 0, 1, Datatype.INT, 0, comm.rank());
                comm.send(new int[] {-comm.rank()}, 0, 1, Datatype.INT, 0, 100 + comm.rank());
                return "";
            }
            int[][] first = new int[n][1];
            int[][] second = new int[n][1];
            Request[] a = new Request[n];
            Request[] b = new Request[n];
            for (int s = 1; s < n; s++) {
                a[s] = comm.irecv(first[s], 0, 1, Datatype.INT, s, Comm.ANY_TAG);
                b[s] = comm.irecv(second[s], 0, 1, Datatype.INT, Comm.ANY_SOURCE, 100 + s);
            }
            Set<Integer> seen = new HashSet<>();
            for (int k = 1; k < n; k++) {
                Status s = Request.waitAny(a);
                seen.add(s.index());
                if (s.source() != s.index() || first[s.index()][0] != s.index()) {
                    return "bad waitAny " + s;
                }
                a[s.index()] = null;
            }
            Status none = Request.waitAny(a);
            int collected = 0;
            while (collected < n - 1) {
                for (Status s : Request.waitSome(b)) {
                    if (second[s.index()][0] != -s.index()) {
                        return "bad waitSome " + s;
                    }
                    b[s.index()] = null;
                    collected++;
                }
            }
            return seen.size() + " " + (none.index() == Comm.UNDEFINED) + " " + Request.waitSome(b).length;
        });
        assertThat(out.get(0)).isEqualTo((n - 1) + " true 0");
    }

    @Test
    void testAllTestAnyAndTestSomeNeverBlock() {
        List<String> out = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 1) {
                comm.recv(new int[0], 0, 0, Datatype.INT, 0, 0);
                comm.send(new byte[] {1}, 0, 1, Datatype.BYTE, 0, 1);
                comm.send(new byte[] {2}, 0, 1, Datatype.BYTE, 0, 2);
                return "";
            }
            byte[] x = new byte[1];
            byte[] y = new byte[1];
            Request[] rs = {comm.irecv(x, 0, 1, Datatype.BYTE, 1, 1), null, comm.irecv(y, 0, 1, Datatype.BYTE, 1, 2)};
            String before = Request.testAll(rs) + " " + Request.testAny(rs) + " " + Request.testSome(rs).length;
            comm.send(new int[0], 0, 0, Datatype.INT, 1, 0);
            Status[] all;
            while ((all = Request.testAll(rs)) == null) {
                Thread.onSpinWait();
            }
            return before + " | " + all[0].index() + " " + (all[1] == null) + " " + all[2].index() + " " + x[0]
                    + y[0];
        });
        assertThat(out.get(0)).isEqualTo("null null 0 | 0 true 2 12");
    }

    @Test
    void aReceiveNotYetMatchedCanBeCancelledASendCannot() {
        List<String> out = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                Request r = comm.irecv(new int[1], 0, 1, Datatype.INT, 1, 42);
                r.cancel();
                Status s = r.waitFor();
                comm.send(new int[] {5}, 0, 1, Datatype.INT, 1, 1);
                Request sent = comm.isend(new int[] {6}, 0, 1, Datatype.INT, 1, 2);
                sent.cancel();
                return s.cancelled() + " " + sent.waitFor().cancelled();
            }
            int[] a = new int[1];
            comm.recv(a, 0, 1, Datatype.INT, 0, 1);
            int[] b = new int[1];
            comm.recv(b, 0, 1, Datatype.INT, 0, 2);
            return a[0] + " " + b[0];
        });
        assertThat(out).containsExactly("true false", "5 6");
    }

    /**
     * Stress: thousands of rounds in which every rank issends to its right neighbour, receives
     * from anyone with a wildcard, and completes both through waitAny / waitSome: a lost wake-up
     * in the parking of waitAny, a synchronous send completing before its receive, or a request
     * reported twice shows up as a wrong value, a wrong count or a hang (timeout).
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 8})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void synchronousRingsCompletedByWaitAnyNeverLoseAWakeUp(int n) {
        int rounds = 2_000;
        List<Long> bad = SpmdWorld.run(n, comm -> {
            int r = comm.rank();
            long wrong = 0;
            long[] in = new long[1];
            long[] out = new long[1];
            for (int k = 0; k < rounds; k++) {
                out[0] = (long) k * n + r;
                Request[] reqs = {comm.irecv(in, 0, 1, Datatype.LONG, Comm.ANY_SOURCE, k & 0xffff),
                        comm.issend(out, 0, 1, Datatype.LONG, (r + 1) % n, k & 0xffff)};
                int done = 0;
                while (done < 2) {
                    if ((k & 1) == 0) {
                        Status s = Request.waitAny(reqs);
                        reqs[s.index()] = null;
                        done++;
                    } else {
                        for (Status s : Request.waitSome(reqs)) {
                            reqs[s.index()] = null;
                            done++;
                        }
                    }
                }
                if (in[0] != (long) k * n + (r - 1 + n) % n) {
                    wrong++;
                }
            }
            return wrong;
        });
        assertThat(bad).containsOnly(0L);
    }

    @Test
    void badModeArgumentsNameTheProblem() {
        List<String> out = SpmdWorld.run(2, comm -> {
            StringBuilder sb = new StringBuilder();
            try {
                comm.ssend(new int[1], 0, 1, Datatype.INT, 5, 0);
            } catch (MpiException e) {
                sb.append(e.errorClass()).append(e.getMessage().contains("ssend on world") ? ";" : "?");
            }
            try {
                comm.bufferDetach();
            } catch (MpiException e) {
                sb.append(e.errorClass()).append(';');
            }
            try {
                comm.recvInit(new int[1], 0, 2, Datatype.INT, 0, 0);
            } catch (MpiException e) {
                sb.append(e.errorClass()).append(';');
            }
            return sb.toString();
        });
        assertThat(out).containsOnly(ErrorClass.RANK + ";" + ErrorClass.BUFFER + ";" + ErrorClass.BUFFER + ";");
    }
}
