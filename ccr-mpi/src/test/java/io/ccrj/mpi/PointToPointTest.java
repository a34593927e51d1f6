package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PointToPointTest {

    @Test
    void sendAndRecvCarryElementsSourceTagAndCount() {
        List<String> results = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new double[] {0, 1.5, 2.5, 0}, 1, 2, Datatype.DOUBLE, 1, 7);
                return "sent";
            }
            double[] buf = new double[5];
            Status s = comm.recv(buf, 2, 3, Datatype.DOUBLE, 0, 7);
            return s.source() + "/" + s.tag() + "/" + s.count() + " " + Arrays.toString(buf);
        });
        assertThat(results).containsExactly("sent", "0/7/2 [0.0, 0.0, 1.5, 2.5, 0.0]");
    }

    @ParameterizedTest
    @MethodSource("io.ccrj.mpi.Datatype#values")
    void everyDatatypeRoundTripsOneAndManyElements(Datatype type) {
        List<String> results = SpmdWorld.run(2, comm -> {
            Object one = TestData.array(type, 1, 40);
            Object many = TestData.array(type, 100, 7);
            if (comm.rank() == 0) {
                comm.send(one, 0, 1, type, 1, 1);
                comm.send(many, 0, 100, type, 1, 2);
                return null;
            }
            Object gotOne = type.newArray(1);
            Object gotMany = type.newArray(100);
            comm.recv(gotOne, 0, 1, type, 0, 1);
            comm.recv(gotMany, 0, 100, type, 0, 2);
            return TestData.toString(gotOne) + TestData.toString(gotMany).equals(TestData.toString(many));
        });
        assertThat(results.get(1)).isEqualTo(TestData.toString(TestData.array(type, 1, 40)) + "true");
    }

    @Test
    void sendCopiesTheBufferSoItMayBeReusedAtOnce() {
        List<String> results = SpmdWorld.run(2, comm -> {
            double[] buf = {1};
            if (comm.rank() == 0) {
                comm.send(buf, 0, 1, Datatype.DOUBLE, 1, 0);
                buf[0] = 2;
                comm.send(buf, 0, 1, Datatype.DOUBLE, 1, 0);
                return null;
            }
            double[] a = new double[1];
            double[] b = new double[1];
            comm.recv(a, 0, 1, Datatype.DOUBLE, 0, 0);
            comm.recv(b, 0, 1, Datatype.DOUBLE, 0, 0);
            return a[0] + "," + b[0];
        });
        assertThat(results.get(1)).isEqualTo("1.0,2.0");
    }

    @Test
    void objectMessagesPassReferences() {
        List<Object> results = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new String[] {"a", "b"}, 0, 2, Datatype.OBJECT, 1, 3);
                return null;
            }
            String[] got = new String[2];
            comm.recv(got, 0, 2, Datatype.OBJECT, 0, 3);
            return List.of(got);
        });
        assertThat(results.get(1)).isEqualTo(List.of("a", "b"));
    }

    @Test
    void shorterMessageFillsAPrefixAndStatusCountsIt() {
        List<String> results = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new int[] {4, 5}, 0, 2, Datatype.INT, 1, 0);
                comm.send(new int[0], 0, 0, Datatype.INT, 1, 1);
                return null;
            }
            int[] buf = {-1, -1, -1};
            Status s = comm.recv(buf, 0, 3, Datatype.INT, 0, 0);
            Status empty = comm.recv(buf, 0, 3, Datatype.INT, 0, 1);
            return s.count() + " " + Arrays.toString(buf) + " " + empty.count();
        });
        assertThat(results.get(1)).isEqualTo("2 [4, 5, -1] 0");
    }

    @Test
    void sendToSelfIsBuffered() {
        List<Double> results = SpmdWorld.run(1, comm -> {
            comm.send(new double[] {3}, 0, 1, Datatype.DOUBLE, 0, 0);
            double[] got = new double[1];
            comm.recv(got, 0, 1, Datatype.DOUBLE, 0, 0);
            return got[0];
        });
        assertThat(results).containsExactly(3.0);
    }

    @Test
    void sendrecvShiftsAroundARingWithoutDeadlock() {
        for (int n : new int[] {1, 2, 3, 4, 8}) {
            List<Integer> results = SpmdWorld.run(n, comm -> {
                int[] out = {comm.rank()};
                int[] in = new int[1];
                Status s = comm.sendrecv(out, 0, 1, Datatype.INT, (comm.rank() + 1) % comm.size(), 5,
                        in, 0, 1, Datatype.INT, (comm.rank() - 1 + comm.size()) % comm.size(), 5);
                assertThat(s.source()).isEqualTo(in[0]);
                return in[0];
            });
            for (int r = 0; r < n; r++) {
                assertThat(results.get(r)).isEqualTo((r - 1 + n) % n);
            }
        }
    }

    @Test
    void anySourceAndAnyTagMatchAndReportTheActualSourceAndTag() {
        List<String> results = SpmdWorld.run(4, comm -> {
            if (comm.rank() != 0) {
                comm.send(new int[] {comm.rank() * 10}, 0, 1, Datatype.INT, 0, comm.rank() + 100);
                return null;
            }
            List<String> got = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                int[] buf = new int[1];
                Status s = comm.recv(buf, 0, 1, Datatype.INT, Comm.ANY_SOURCE, Comm.ANY_TAG);
                assertThat(s.tag()).isEqualTo(s.source() + 100);
                assertThat(buf[0]).isEqualTo(s.source() * 10);
                got.add(String.valueOf(s.source()));
            }
            got.sort(null);
            return String.join(",", got);
        });
        assertThat(results.get(0)).isEqualTo("1,2,3");
    }

    @Test
    void specificTagIsMatchedPastOlderMessagesWithOtherTags() {
        List<String> results = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                for (int t = 0; t < 5; t++) {
                    comm.send(new int[] {t}, 0, 1, Datatype.INT, 1, t);
                }
                return null;
            }
            StringBuilder order = new StringBuilder();
            int[] buf = new int[1];
            for (int t = 4; t >= 0; t--) {
                Status s = comm.recv(buf, 0, 1, Datatype.INT, 0, t);
                order.append(buf[0]).append(s.tag());
            }
            return order.toString();
        });
        assertThat(results.get(1)).isEqualTo("4433221100");
    }

    @Test
    void messagesWithOneSourceAndTagAreNotOvertakenUnderStress() {
        int perSender = 20_000;
        int n = 4;
        List<Boolean> results = SpmdWorld.builder().size(n).build().run(comm -> {
            if (comm.rank() != 0) {
                long[] v = new long[1];
                for (int i = 0; i < perSender; i++) {
                    v[0] = i;
                    comm.send(v, 0, 1, Datatype.LONG, 0, i % 2);
                    if (i % 64 == 0) {
                        Thread.yield();
                    }
                }
                return true;
            }
            // Wildcard source, specific tags alternating with ANY_TAG: per (source, tag) the
            // values must arrive in increasing order.
            long[][] last = new long[n][2];
            for (long[] l : last) {
                Arrays.fill(l, -1);
            }
            long[] buf = new long[1];
            int total = (n - 1) * perSender;
            for (int i = 0; i < total; i++) {
                int tag = i % 3 == 0 ? Comm.ANY_TAG : (i % 3) - 1;
                Status s;
                if (tag != Comm.ANY_TAG && comm.iprobe(Comm.ANY_SOURCE, tag) == null) {
                    s = comm.recv(buf, 0, 1, Datatype.LONG, Comm.ANY_SOURCE, Comm.ANY_TAG);
                } else {
                    s = comm.recv(buf, 0, 1, Datatype.LONG, Comm.ANY_SOURCE, tag);
                }
                assertThat(buf[0]).as("from %d tag %d", s.source(), s.tag()).isGreaterThan(last[s.source()][s.tag()]);
                assertThat(buf[0] % 2).isEqualTo(s.tag());
                last[s.source()][s.tag()] = buf[0];
            }
            for (int src = 1; src < n; src++) {
                assertThat(last[src][0]).isEqualTo(perSender - 2);
                assertThat(last[src][1]).isEqualTo(perSender - 1);
            }
            return true;
        });
        assertThat(results).containsOnly(true);
    }

    @Test
    void postedReceivesMatchInTheOrderTheyWerePosted() {
        List<String> results = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.recv(new int[0], 0, 0, Datatype.INT, 1, 99);
                for (int i = 0; i < 3; i++) {
                    comm.send(new int[] {i}, 0, 1, Datatype.INT, 1, 4);
                }
                return null;
            }
            int[] a = new int[1];
            int[] b = new int[1];
            int[] c = new int[1];
            Request ra = comm.irecv(a, 0, 1, Datatype.INT, Comm.ANY_SOURCE, Comm.ANY_TAG);
            Request rb = comm.irecv(b, 0, 1, Datatype.INT, 0, 4);
            Request rc = comm.irecv(c, 0, 1, Datatype.INT, 0, Comm.ANY_TAG);
            comm.send(new int[0], 0, 0, Datatype.INT, 0, 99);
            Request.waitAll(rc, rb, ra);
            return a[0] + "" + b[0] + c[0];
        });
        assertThat(results.get(1)).isEqualTo("012");
    }

    @Test
    void isendIrecvAndWaitAllExchangeWithEveryRank() {
        for (int n : new int[] {2, 3, 4, 8}) {
            List<int[]> results = SpmdWorld.run(n, comm -> {
                int size = comm.size();
                int[] in = new int[size];
                Request[] reqs = new Request[2 * size];
                for (int p = 0; p < size; p++) {
                    reqs[p] = comm.irecv(in, p, 1, Datatype.INT, p, 8);
                }
                for (int p = 0; p < size; p++) {
                    reqs[size + p] = comm.isend(new int[] {comm.rank() * 100 + p}, 0, 1, Datatype.INT, p, 8);
                }
                Status[] statuses = Request.waitAll(reqs);
                for (int p = 0; p < size; p++) {
                    assertThat(statuses[p].source()).isEqualTo(p);
                    assertThat(statuses[size + p]).isEqualTo(new Status(p, 8, 1));
                }
                return in;
            });
            for (int r = 0; r < n; r++) {
                for (int p = 0; p < n; p++) {
                    assertThat(results.get(r)[p]).isEqualTo(p * 100 + r);
                }
            }
        }
    }

    @Test
    void testReturnsNullUntilTheMessageArrives() {
        List<String> results = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.recv(new int[0], 0, 0, Datatype.INT, 1, 1);
                comm.send(new int[] {42}, 0, 1, Datatype.INT, 1, 2);
                return null;
            }
            int[] buf = new int[1];
            Request r = comm.irecv(buf, 0, 1, Datatype.INT, 0, 2);
            Status before = r.test();
            boolean doneBefore = r.isComplete();
            comm.send(new int[0], 0, 0, Datatype.INT, 0, 1);
            Status after;
            while ((after = r.test()) == null) {
                Thread.onSpinWait();
            }
            return before + " " + doneBefore + " " + after + " " + buf[0] + " " + r.waitFor();
        });
        assertThat(results.get(1)).isEqualTo("null false Status[source=0, tag=2, count=1] 42 Status[source=0, tag=2, count=1]");
    }

    @Test
    void probeReportsTheNextMatchWithoutReceivingIt() {
        List<String> results = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new long[] {1, 2, 3}, 0, 3, Datatype.LONG, 1, 6);
                return null;
            }
            Status p = comm.probe(Comm.ANY_SOURCE, Comm.ANY_TAG);
            Status again = comm.iprobe(0, 6);
            Status other = comm.iprobe(0, 7);
            long[] buf = new long[p.count()];
            Status s = comm.recv(buf, 0, p.count(), Datatype.LONG, p.source(), p.tag());
            return p + " " + again.equals(p) + " " + other + " " + s.equals(p) + " " + Arrays.toString(buf)
                    + " " + comm.iprobe(Comm.ANY_SOURCE, Comm.ANY_TAG);
        });
        assertThat(results.get(1)).isEqualTo("Status[source=0, tag=6, count=3] true null true [1, 2, 3] null");
    }

    @Test
    void pingPongManyRoundTripsOnEveryThreadKind() {
        for (RankThreads kind : RankThreads.values()) {
            List<Long> results = SpmdWorld.builder().size(2).rankThreads(kind).build().run(comm -> {
                long[] v = {0};
                int peer = 1 - comm.rank();
                for (int i = 0; i < 20_000; i++) {
                    if (comm.rank() == 0) {
                        comm.send(v, 0, 1, Datatype.LONG, peer, 0);
                        comm.recv(v, 0, 1, Datatype.LONG, peer, 0);
                    } else {
                        comm.recv(v, 0, 1, Datatype.LONG, peer, 0);
                        v[0]++;
                        comm.send(v, 0, 1, Datatype.LONG, peer, 0);
                    }
                }
                return v[0];
            });
            assertThat(results).as("%s", kind).containsExactly(20_000L, 20_000L);
        }
    }
}
