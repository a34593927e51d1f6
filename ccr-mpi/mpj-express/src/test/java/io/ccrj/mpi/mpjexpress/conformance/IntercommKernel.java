package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Intercomm;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Intercommunicators: the even and the odd world ranks split apart, joined by
 * {@code createIntercomm} (leaders their rank 0, the world as peer); sizes, remote size and group;
 * every rank sends its world rank to remote rank {@code i % remoteSize} and receives from
 * {@code ANY_SOURCE} what was sent to it (sources are remote ranks); a scan, which MPI does not
 * define on an intercommunicator, fails with {@code ARG}; {@code merge} (evens low) orders the evens first, and
 * an allreduce over it sums every world rank.
 */
public final class IntercommKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int color = r % 2;
        Comm local = comm.split(color, r);
        Intercomm inter = local.createIntercomm(0, comm, color == 0 ? 1 : 0, 7);
        List<Object> out = new ArrayList<>();
        int remote = inter.remoteSize();
        out.add(new int[] {inter.rank(), inter.size(), remote, inter.remoteGroup().size(), inter.isInter() ? 1 : 0});
        Request sent = inter.isend(new int[] {r}, 0, 1, Datatype.INT, inter.rank() % remote, 1);
        TreeMap<Integer, Integer> got = new TreeMap<>();
        for (int j = 0; j < remote; j++) {
            if (j % inter.size() == inter.rank()) {
                int[] v = new int[1];
                Status st = inter.recv(v, 0, 1, Datatype.INT, Comm.ANY_SOURCE, 1);
                got.put(st.source(), v[0]);
            }
        }
        sent.waitFor();
        out.add(got.toString());
        try {
            inter.scan(new int[] {r}, 0, new int[1], 0, 1, Datatype.INT, Op.SUM);
            out.add("scan allowed");
        } catch (MpiException e) {
            out.add("scan: " + e.errorClass());
        }
        Comm merged = inter.merge(color == 1);
        int[] sum = new int[1];
        merged.allreduce(new int[] {r}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
        out.add(new int[] {merged.rank(), merged.size(), sum[0]});
        return out;
    }

    @Override
    public Object expected(int r, int n) {
        int color = r % 2;
        int evens = (n + 1) / 2;
        int mine = color == 0 ? evens : n / 2;
        int remote = n - mine;
        int i = r / 2;
        List<Object> out = new ArrayList<>();
        out.add(new int[] {i, mine, remote, remote, 1});
        TreeMap<Integer, Integer> got = new TreeMap<>();
        for (int j = 0; j < remote; j++) {
            if (j % mine == i) {
                got.put(j, color == 0 ? 2 * j + 1 : 2 * j);
            }
        }
        out.add(got.toString());
        out.add("scan: ARG");
        out.add(new int[] {color == 0 ? i : evens + i, n, n * (n - 1) / 2});
        return out;
    }
}
