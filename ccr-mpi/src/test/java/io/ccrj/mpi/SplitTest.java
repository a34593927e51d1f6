package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SplitTest {

    @Test
    void splitGroupsByColorAndRanksByKeyThenParentRank() {
        List<String> results = SpmdWorld.run(8, comm -> {
            // colors: even / odd world ranks; keys reverse the order within each color
            Comm half = comm.split(comm.rank() % 2, -comm.rank());
            int[] sum = new int[1];
            half.allreduce(new int[] {comm.rank()}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
            int[] ranks = new int[half.size()];
            half.allgather(new int[] {comm.rank()}, 0, 1, Datatype.INT, ranks, 0, 1, Datatype.INT);
            return half.rank() + "/" + half.size() + " sum " + sum[0] + " " + java.util.Arrays.toString(ranks);
        });
        assertThat(results.get(0)).isEqualTo("3/4 sum 12 [6, 4, 2, 0]");
        assertThat(results.get(6)).isEqualTo("0/4 sum 12 [6, 4, 2, 0]");
        assertThat(results.get(1)).isEqualTo("3/4 sum 16 [7, 5, 3, 1]");
        assertThat(results.get(7)).isEqualTo("0/4 sum 16 [7, 5, 3, 1]");
    }

    @Test
    void equalKeysKeepTheParentOrderAndUndefinedGetsNoCommunicator() {
        List<String> results = SpmdWorld.run(5, comm -> {
            Comm sub = comm.split(comm.rank() == 2 ? Comm.UNDEFINED : 0, 0);
            if (sub == null) {
                return "none";
            }
            return sub.rank() + "/" + sub.size();
        });
        assertThat(results).containsExactly("0/4", "1/4", "none", "2/4", "3/4");
    }

    @Test
    void subCommunicatorTrafficNeverMatchesWorldTraffic() {
        List<String> results = SpmdWorld.run(4, comm -> {
            Comm pair = comm.split(comm.rank() / 2, comm.rank());
            int partnerInPair = 1 - pair.rank();
            int partnerInWorld = comm.rank() ^ 1;
            // Same tag, same peer thread, two communicators: each receive gets its own message.
            comm.send(new int[] {100 + comm.rank()}, 0, 1, Datatype.INT, partnerInWorld, 0);
            pair.send(new int[] {200 + comm.rank()}, 0, 1, Datatype.INT, partnerInPair, 0);
            int[] a = new int[1];
            int[] b = new int[1];
            Status sp = pair.recv(a, 0, 1, Datatype.INT, Comm.ANY_SOURCE, Comm.ANY_TAG);
            Status sw = comm.recv(b, 0, 1, Datatype.INT, Comm.ANY_SOURCE, Comm.ANY_TAG);
            return a[0] + "@" + sp.source() + " " + b[0] + "@" + sw.source();
        });
        assertThat(results).containsExactly("201@1 101@1", "200@0 100@0", "203@1 103@3", "202@0 102@2");
    }

    @Test
    void nestedSplitsAndRepeatedSplitsAreIndependent() {
        List<String> results = SpmdWorld.run(8, comm -> {
            Comm half = comm.split(comm.rank() / 4, 0);
            Comm quarter = half.split(half.rank() / 2, 0);
            Comm again = comm.split(comm.rank() / 4, 0);
            int[] q = new int[1];
            quarter.allreduce(new int[] {1 << comm.rank()}, 0, q, 0, 1, Datatype.INT, Op.SUM);
            int[] h = new int[1];
            again.allreduce(new int[] {comm.rank()}, 0, h, 0, 1, Datatype.INT, Op.SUM);
            half.barrier();
            return quarter.size() + " " + q[0] + " " + h[0];
        });
        assertThat(results).containsExactly("2 3 6", "2 3 6", "2 12 6", "2 12 6", "2 48 22", "2 48 22",
                "2 192 22", "2 192 22");
    }
}
