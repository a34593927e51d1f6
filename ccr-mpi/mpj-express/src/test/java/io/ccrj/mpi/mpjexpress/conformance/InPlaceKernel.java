package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * The in-place forms ({@link Comm#IN_PLACE}) of allreduce, reduce, allgather, gather, scatter,
 * allgatherv, gatherv, scatterv, reduceScatter, scan, alltoall and alltoallv, with roots that
 * move from call to call, non-zero offsets, and (alltoallv) blocks of different lengths with gaps.
 */
public final class InPlaceKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        List<Object> out = new ArrayList<>();
        long[] sum = {-1, r, 2L * r};
        comm.allreduce(Comm.IN_PLACE, 0, sum, 1, 2, Datatype.LONG, Op.SUM);
        out.add(sum);
        int root = 1 % n;
        double[] prod = {r + 1.5};
        comm.reduce(r == root ? Comm.IN_PLACE : prod, 0, prod, 0, 1, Datatype.DOUBLE, Op.MAX, root);
        out.add(r == root ? prod : new double[0]);
        int[] all = new int[n + 1];
        all[1 + r] = r * r;
        comm.allgather(Comm.IN_PLACE, 0, 0, Datatype.INT, all, 1, 1, Datatype.INT);
        out.add(all);
        root = n - 1;
        int[] g = new int[n];
        g[root] = 99;
        comm.gather(r == root ? Comm.IN_PLACE : new int[] {r}, 0, 1, Datatype.INT, g, 0, 1, Datatype.INT, root);
        out.add(r == root ? g : new int[0]);
        root = 0;
        int[] s = r == root ? new int[n] : new int[1];
        if (r == root) {
            for (int i = 0; i < n; i++) {
                s[i] = 50 + i;
            }
        }
        comm.scatter(s, 0, 1, Datatype.INT, r == root ? Comm.IN_PLACE : s, 0, 1, Datatype.INT, root);
        out.add(s[0]);
        int[] counts = new int[n];
        int[] displs = new int[n];
        for (int i = 0; i < n; i++) {
            counts[i] = 1 + i % 2;
            displs[i] = i == 0 ? 0 : displs[i - 1] + counts[i - 1];
        }
        int total = displs[n - 1] + counts[n - 1];
        int[] av = new int[total];
        for (int k = 0; k < counts[r]; k++) {
            av[displs[r] + k] = 10 * r + k;
        }
        comm.allgatherv(Comm.IN_PLACE, 0, 0, Datatype.INT, av, 0, counts, displs, Datatype.INT);
        out.add(av);
        root = n / 2;
        int[] gv = new int[total];
        for (int k = 0; k < counts[r]; k++) {
            gv[displs[r] + k] = 10 * r + k;
        }
        comm.gatherv(r == root ? Comm.IN_PLACE : gv, displs[r], counts[r], Datatype.INT, gv, 0, counts, displs,
                Datatype.INT, root);
        out.add(r == root ? gv : new int[0]);
        int[] sv = new int[total];
        if (r == root) {
            for (int i = 0; i < total; i++) {
                sv[i] = 7 * i;
            }
        }
        int[] mine = new int[2];
        comm.scatterv(sv, 0, counts, displs, Datatype.INT, r == root ? Comm.IN_PLACE : mine, 0, counts[r],
                Datatype.INT, root);
        out.add(r == root ? new int[0] : mine);
        int[] ones = new int[n];
        java.util.Arrays.fill(ones, 1);
        int[] rs = new int[n];
        for (int i = 0; i < n; i++) {
            rs[i] = r + i;
        }
        comm.reduceScatter(Comm.IN_PLACE, 0, rs, 0, ones, Datatype.INT, Op.SUM);
        out.add(rs[0]);
        double[] scan = {r + 1.0};
        comm.scan(Comm.IN_PLACE, 0, scan, 0, 1, Datatype.DOUBLE, Op.SUM);
        out.add(scan);
        int[] a2a = new int[1 + 2 * n];
        a2a[0] = -5;
        for (int j = 0; j < n; j++) {
            for (int k = 0; k < 2; k++) {
                a2a[1 + 2 * j + k] = 100 * r + 10 * j + k;
            }
        }
        comm.alltoall(Comm.IN_PLACE, 0, 0, Datatype.INT, a2a, 1, 2, Datatype.INT);
        out.add(a2a);
        int[] vc = new int[n];
        int[] vd = new int[n];
        int[] v = alltoallvLayout(r, n, vc, vd);
        for (int j = 0; j < n; j++) {
            for (int k = 0; k < vc[j]; k++) {
                v[vd[j] + k] = 100 * r + 10 * j + k;
            }
        }
        comm.alltoallv(Comm.IN_PLACE, 0, null, null, Datatype.INT, v, 0, vc, vd, Datatype.INT);
        out.add(v);
        return out;
    }

    /**
     * Counts {@code 1 + (r + j) % 2} between ranks r and j (the same both ways, as an in-place
     * alltoallv needs), blocks one element apart; the buffer filled with -1.
     */
    private static int[] alltoallvLayout(int r, int n, int[] counts, int[] displs) {
        int at = 0;
        for (int j = 0; j < n; j++) {
            counts[j] = 1 + (r + j) % 2;
            displs[j] = at;
            at += counts[j] + 1;
        }
        int[] v = new int[at];
        java.util.Arrays.fill(v, -1);
        return v;
    }

    @Override
    public Object expected(int r, int n) {
        List<Object> out = new ArrayList<>();
        out.add(new long[] {-1, n * (n - 1) / 2, n * (n - 1)});
        out.add(r == 1 % n ? new double[] {n - 1 + 1.5} : new double[0]);
        int[] all = new int[n + 1];
        for (int q = 0; q < n; q++) {
            all[1 + q] = q * q;
        }
        out.add(all);
        int[] g = new int[n];
        for (int q = 0; q < n; q++) {
            g[q] = q == n - 1 ? 99 : q;
        }
        out.add(r == n - 1 ? g : new int[0]);
        out.add(r == 0 ? 50 : 50 + r);
        int[] counts = new int[n];
        int[] displs = new int[n];
        for (int i = 0; i < n; i++) {
            counts[i] = 1 + i % 2;
            displs[i] = i == 0 ? 0 : displs[i - 1] + counts[i - 1];
        }
        int total = displs[n - 1] + counts[n - 1];
        int[] av = new int[total];
        for (int q = 0; q < n; q++) {
            for (int k = 0; k < counts[q]; k++) {
                av[displs[q] + k] = 10 * q + k;
            }
        }
        out.add(av);
        out.add(r == n / 2 ? av : new int[0]);
        int[] mine = new int[2];
        for (int k = 0; k < counts[r]; k++) {
            mine[k] = 7 * (displs[r] + k);
        }
        out.add(r == n / 2 ? new int[0] : mine);
        int sum = 0;
        for (int q = 0; q < n; q++) {
            sum += q + r;
        }
        out.add(sum);
        out.add(new double[] {(r + 1) * (r + 2) / 2.0});
        int[] a2a = new int[1 + 2 * n];
        a2a[0] = -5;
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 2; k++) {
                a2a[1 + 2 * i + k] = 100 * i + 10 * r + k;
            }
        }
        out.add(a2a);
        int[] vc = new int[n];
        int[] vd = new int[n];
        int[] v = alltoallvLayout(r, n, vc, vd);
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < vc[i]; k++) {
                v[vd[i] + k] = 100 * i + 10 * r + k;
            }
        }
        out.add(v);
        return out;
    }
}
