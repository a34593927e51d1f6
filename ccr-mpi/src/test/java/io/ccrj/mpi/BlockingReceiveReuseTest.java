package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The blocking receives ({@code recv}, {@code sendrecv}, the message-based collectives) run on a
 * request their communicator re-arms per call and hand out one status object for like messages:
 * what a program sees must not change. Each receive fills its own buffer only, statuses a
 * program keeps stay true, a receive that fails leaves the next ones intact, and a steady
 * exchange allocates no request and no status per message.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BlockingReceiveReuseTest {

    @Test
    void eachBlockingReceiveFillsOnlyItsOwnBufferAndKeptStatusesStayTrue() {
        List<String> results = SpmdWorld.run(2, comm -> {
            int rounds = 6;
            if (comm.rank() == 0) {
                for (int i = 0; i < rounds; i++) {
                    // counts alternate 1, 2, 1, ... and tags 10, 11, 12, 10, ...: some statuses repeat
                    double[] out = new double[] {i, -i};
                    comm.send(out, 0, 1 + i % 2, Datatype.DOUBLE, 1, 10 + i % 3);
                }
                return "sent";
            }
            List<double[]> buffers = new ArrayList<>();
            List<Status> statuses = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                double[] in = {Double.NaN, Double.NaN, Double.NaN};
                statuses.add(comm.recv(in, 1, 2, Datatype.DOUBLE, 0, Comm.ANY_TAG));
                buffers.add(in);
            }
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < rounds; i++) {
                Status s = statuses.get(i);
                sb.append(s.source()).append('/').append(s.tag()).append('/').append(s.count()).append(' ')
                        .append(Arrays.toString(buffers.get(i))).append('\n');
            }
            return sb.toString();
        });
        assertThat(results.get(1)).isEqualTo("""
                0/10/1 [NaN, 0.0, NaN]
                0/11/2 [NaN, 1.0, -1.0]
                0/12/1 [NaN, 2.0, NaN]
                0/10/2 [NaN, 3.0, -3.0]
                0/11/1 [NaN, 4.0, NaN]
                0/12/2 [NaN, 5.0, -5.0]
                """);
    }

    @Test
    void likeMessagesGetEqualStatusesAndUnlikeOnesDistinctOnes() {
        List<List<Status>> results = SpmdWorld.run(2, comm -> {
            double[] one = {1};
            if (comm.rank() == 0) {
                comm.send(one, 0, 1, Datatype.DOUBLE, 1, 3);
                comm.send(one, 0, 1, Datatype.DOUBLE, 1, 3);
                comm.send(one, 0, 1, Datatype.DOUBLE, 1, 4);
                return List.of();
            }
            return List.of(comm.recv(one, 0, 1, Datatype.DOUBLE, 0, 3), comm.recv(one, 0, 1, Datatype.DOUBLE, 0, 3),
                    comm.recv(one, 0, 1, Datatype.DOUBLE, Comm.ANY_SOURCE, Comm.ANY_TAG));
        });
        List<Status> got = results.get(1);
        assertThat(got.get(0)).isEqualTo(new Status(0, 3, 1)).isEqualTo(got.get(1));
        assertThat(got.get(2)).isEqualTo(new Status(0, 4, 1));
    }

    @Test
    void aFailedBlockingReceiveLeavesTheNextOnesIntact() {
        List<String> results = SpmdWorld.run(2, comm -> {
            if (comm.rank() == 0) {
                comm.send(new double[] {1, 2, 3}, 0, 3, Datatype.DOUBLE, 1, 4);
                comm.send(new double[] {7}, 0, 1, Datatype.DOUBLE, 1, 5);
                comm.send(new int[] {8}, 0, 1, Datatype.INT, 1, 6);
                comm.barrier();
                comm.send(new double[] {9}, 0, 1, Datatype.DOUBLE, 1, 5);
                return "sent";
            }
            StringBuilder sb = new StringBuilder();
            double[] small = new double[1];
            try {
                comm.recv(small, 0, 1, Datatype.DOUBLE, 0, 4);
            } catch (MpiException e) {
                sb.append(e.errorClass()).append(' ');
            }
            try {
                // the INT message sent third, received as DOUBLE: a type error
                comm.recv(small, 0, 1, Datatype.DOUBLE, 0, 6);
            } catch (MpiException e) {
                sb.append(e.errorClass()).append(' ');
            }
            double[] a = new double[1];
            Status s = comm.recv(a, 0, 1, Datatype.DOUBLE, 0, 5);
            comm.barrier();
            double[] b = new double[1];
            Status t = comm.sendrecv(new double[0], 0, 0, Datatype.DOUBLE, Comm.PROC_NULL, 0, b, 0, 1,
                    Datatype.DOUBLE, 0, 5);
            return sb.append(a[0]).append(' ').append(s).append(' ').append(b[0]).append(' ').append(t)
                    .append(' ').append(small[0]).toString();
        });
        assertThat(results.get(1)).isEqualTo(
                "TRUNCATE TYPE 7.0 Status[source=0, tag=5, count=1] 9.0 Status[source=0, tag=5, count=1] 0.0");
    }

    @Test
    void blockingReceivesAndMessageCollectivesInterleaveOnOneCommunicator() {
        List<String> results = SpmdWorld.builder().size(3).collectives(Collectives.MESSAGES).build().run(comm -> {
            int r = comm.rank();
            int n = comm.size();
            StringBuilder sb = new StringBuilder();
            for (int round = 0; round < 50; round++) {
                double[] in = new double[1];
                comm.sendrecv(new double[] {r * 100 + round}, 0, 1, Datatype.DOUBLE, (r + 1) % n, round,
                        in, 0, 1, Datatype.DOUBLE, (r + n - 1) % n, round);
                double[] sum = new double[1];
                comm.allreduce(in, 0, sum, 0, 1, Datatype.DOUBLE, Op.SUM);
                comm.barrier();
                double[] root = {r == 0 ? round : -1};
                comm.bcast(root, 0, 1, Datatype.DOUBLE, 0);
                if (round % 10 == 0) {
                    sb.append(in[0]).append(',').append(sum[0]).append(',').append(root[0]).append(' ');
                }
            }
            return sb.toString().trim();
        });
        // rank 1 receives from rank 0: 0*100 + round; every sum is 0 + 100 + 200 + 3 * round
        assertThat(results.get(1)).isEqualTo(
                "0.0,300.0,0.0 10.0,330.0,10.0 20.0,360.0,20.0 30.0,390.0,30.0 40.0,420.0,40.0");
    }

    /**
     * A steady ping-pong allocates, per round trip and rank, the one message it sends and nothing
     * for its receive (no request, no status).
     */
    @Test
    void aSteadyPingPongAllocatesNoRequestOrStatusPerReceive() {
        AllocationCounter counter = AllocationCounter.orNull();
        if (counter == null) {
            return;     // no allocation counter on this JVM: nothing to measure
        }
        int warmup = 20_000;
        int measured = 20_000;
        List<Long> perRoundTrip = SpmdWorld.builder().size(2).rankThreads(RankThreads.PLATFORM).build().run(comm -> {
            double[] buf = {1};
            int other = 1 - comm.rank();
            long before = 0;
            for (int i = 0; i < warmup + measured; i++) {
                if (i == warmup) {
                    before = counter.bytes();
                }
                if (comm.rank() == 0) {
                    comm.send(buf, 0, 1, Datatype.DOUBLE, other, 0);
                    comm.recv(buf, 0, 1, Datatype.DOUBLE, other, 0);
                } else {
                    comm.recv(buf, 0, 1, Datatype.DOUBLE, other, 0);
                    comm.send(buf, 0, 1, Datatype.DOUBLE, other, 0);
                }
            }
            return (counter.bytes() - before) / measured;
        });
        // the one eager message a rank sends per round trip is 56 bytes with compressed oops (80
        // without); a request (64) and a status (40) per receive on top took each rank to 176
        assertThat(perRoundTrip).allSatisfy(b -> assertThat(b).isLessThan(100L));
    }
}
