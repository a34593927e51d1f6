package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IntercommTest {

    /**
     * The world split into a low part {0..k-1} and a high part; the leaders are local rank 0 of
     * each (world ranks 0 and k). Local rank r sends its world rank to remote rank r % remoteSize,
     * so local rank r receives from the remote ranks s with s % localSize == r (with ANY_SOURCE:
     * the status must name the sender's rank in the remote group). Then the parts merge, the low
     * part passing high = true so that it is ranked last.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void intercommunicatorPointToPointAndMerge(int n) {
        int k = n / 2;
        List<String> results = SpmdWorld.run(n, comm -> {
            boolean low = comm.rank() < k;
            Comm part = comm.split(low ? 0 : 1, comm.rank());
            Intercomm inter = part.createIntercomm(0, comm, low ? k : 0, 99);
            int local = inter.size();
            int remote = inter.remoteSize();
            inter.send(new int[] {comm.rank()}, 0, 1, Datatype.INT, inter.rank() % remote, 5);
            TreeSet<String> got = new TreeSet<>();
            for (int s = 0; s < remote; s++) {
                if (s % local == inter.rank()) {
                    int[] buf = new int[1];
                    Status st = inter.recv(buf, 0, 1, Datatype.INT, Comm.ANY_SOURCE, 5);
                    got.add(st.source() + "<-w" + buf[0]);
                }
            }
            Comm merged = inter.merge(low);
            int[] order = new int[merged.size()];
            merged.allgather(new int[] {comm.rank()}, 0, 1, Datatype.INT, order, 0, 1, Datatype.INT);
            return inter.isInter() + " " + local + "/" + remote + " " + inter.remoteGroup().rank() + " "
                    + inter.group().rank() + " " + got + " | " + merged.rank() + " " + Arrays.toString(order);
        });
        int[] mergedOrder = new int[n];
        for (int i = 0; i < n; i++) {
            mergedOrder[i] = (i + k) % n;
        }
        for (int w = 0; w < n; w++) {
            boolean low = w < k;
            int local = low ? k : n - k;
            int remote = n - local;
            int r = low ? w : w - k;
            TreeSet<String> expect = new TreeSet<>();
            for (int s = 0; s < remote; s++) {
                if (s % local == r) {
                    expect.add(s + "<-w" + (low ? k + s : s));
                }
            }
            int mergedRank = low ? w + (n - k) : w - k;
            assertThat(results.get(w)).isEqualTo("true " + local + "/" + remote + " " + Group.UNDEFINED + " " + r
                    + " " + expect + " | " + mergedRank + " " + Arrays.toString(mergedOrder));
        }
    }

    @Test
    void equalHighFlagsPutTheGroupWithTheLowestWorldRankFirstAndScansAreRefused() {
        List<String> results = SpmdWorld.run(4, comm -> {
            boolean even = comm.rank() % 2 == 0;
            Comm part = comm.split(even ? 0 : 1, comm.rank());
            Intercomm inter = part.createIntercomm(0, comm, even ? 1 : 0, 7);
            Comm merged = inter.merge(false);
            String refused;
            try {
                inter.scan(new int[1], 0, new int[1], 0, 1, Datatype.INT, Op.SUM);
                refused = "scan passed";
            } catch (MpiException e) {
                refused = e.getMessage();
            }
            return merged.rank() + " " + refused.endsWith(": not defined on an intercommunicator (merge it into an"
                    + " intracommunicator first)");
        });
        assertThat(results).containsExactly("0 true", "2 true", "1 true", "3 true");
    }

    @Test
    void aBadLocalLeaderIsNamed() {
        assertThatThrownBy(() -> SpmdWorld.run(2, comm -> comm.createIntercomm(5, comm, 0, 1)))
                .isInstanceOf(RankFailedException.class)
                .rootCause().hasMessage("createIntercomm on world: root 5 is not in [0, 2)");
    }
}
