package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * gatherv, scatterv, allgatherv and alltoallv on every basic datatype, with roots that move from
 * type to type, blocks of different sizes (empty ones included), gaps between blocks and non-zero
 * offsets; reduceScatter and scan with SUM on every numeric type and with a non-commutative user
 * operation (composition of affine maps), which must combine in rank order.
 */
public final class VCollectivesKernel implements ConformanceKernel {

    static int countOf(int rank) {
        return (rank + 1) % 3;
    }

    static int[] counts(int n) {
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            c[i] = countOf(i);
        }
        return c;
    }

    /** Blocks in rank order with a one-element gap after each. */
    static int[] displs(int n) {
        int[] d = new int[n];
        for (int i = 1; i < n; i++) {
            d[i] = d[i - 1] + countOf(i - 1) + 1;
        }
        return d;
    }

    static int length(int n) {
        return displs(n)[n - 1] + countOf(n - 1) + 3;
    }

    static int value(int rank, int k) {
        return rank * 4 + k + 1;
    }

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        List<Object> out = new ArrayList<>();
        int ti = 0;
        for (Datatype t : DatatypesKernel.TYPES) {
            int root = ti++ % n;
            Object mine = Values.buffer(t, countOf(r) + 1, i -> i == 0 ? -1 : value(r, i - 1));
            Object g = Values.sentinel(t, length(n));
            comm.gatherv(mine, 1, countOf(r), t, r == root ? g : null, 2, counts(n), displs(n), t, root);
            out.add(r == root ? g : Values.sentinel(t, length(n)));
            Object all = Values.sentinel(t, length(n));
            comm.allgatherv(mine, 1, countOf(r), t, all, 2, counts(n), displs(n), t);
            out.add(all);
            Object source = r == root ? oracleGathered(t, n) : null;
            Object back = Values.sentinel(t, 3);
            comm.scatterv(source, 2, counts(n), displs(n), t, back, 1, countOf(r), t, root);
            out.add(back);
            // alltoallv: rank i sends (i + j) % 3 items to rank j; blocks 3 apart, in reverse order
            int[] sc = new int[n];
            int[] sd = new int[n];
            int[] rc = new int[n];
            int[] rd = new int[n];
            for (int j = 0; j < n; j++) {
                sc[j] = (r + j) % 3;
                sd[j] = 3 * (n - 1 - j);
                rc[j] = (r + j) % 3;
                rd[j] = 3 * j;
            }
            Object send = Values.sentinel(t, 3 * n);
            for (int j = 0; j < n; j++) {
                for (int k = 0; k < sc[j]; k++) {
                    Values.set(send, t, sd[j] + k, r * 30 + j * 3 + k);
                }
            }
            Object recv = Values.sentinel(t, 3 * n + 1);
            comm.alltoallv(send, 0, sc, sd, t, recv, 1, rc, rd, t);
            out.add(recv);
        }
        for (Datatype t : List.of(Datatype.BYTE, Datatype.SHORT, Datatype.INT, Datatype.LONG, Datatype.FLOAT,
                Datatype.DOUBLE)) {
            int total = 0;
            for (int c : counts(n)) {
                total += c;
            }
            Object in = Values.buffer(t, total, i -> Values.small(r, i));
            Object part = Values.sentinel(t, 3);
            comm.reduceScatter(in, 0, part, 1, counts(n), t, Op.SUM);
            out.add(part);
            Object prefix = Values.sentinel(t, 3);
            comm.scan(in, 0, prefix, 1, Math.min(2, total), t, Op.SUM);
            out.add(prefix);
        }
        int[] affine = {1 + r % 2, r};                      // x -> (1 + r % 2) x + r
        int[] composed = new int[2];
        comm.scan(affine, 0, composed, 0, 2, Datatype.INT, OpCase.AFFINE_INT);
        out.add(composed);
        return out;
    }

    /** The gathered buffer of type {@code t}: sentinels, blocks at their displacements from 2. */
    static Object oracleGathered(Datatype t, int n) {
        Object g = Values.sentinel(t, length(n));
        int[] d = displs(n);
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < countOf(i); k++) {
                Values.set(g, t, 2 + d[i] + k, value(i, k));
            }
        }
        return g;
    }

    @Override
    public Object expected(int r, int n) {
        List<Object> out = new ArrayList<>();
        int ti = 0;
        for (Datatype t : DatatypesKernel.TYPES) {
            int root = ti++ % n;
            out.add(r == root ? oracleGathered(t, n) : Values.sentinel(t, length(n)));
            out.add(oracleGathered(t, n));
            Object back = Values.sentinel(t, 3);
            for (int k = 0; k < countOf(r); k++) {
                Values.set(back, t, 1 + k, value(r, k));
            }
            out.add(back);
            Object recv = Values.sentinel(t, 3 * n + 1);
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < (i + r) % 3; k++) {
                    Values.set(recv, t, 1 + 3 * i + k, i * 30 + r * 3 + k);
                }
            }
            out.add(recv);
        }
        for (Datatype t : List.of(Datatype.BYTE, Datatype.SHORT, Datatype.INT, Datatype.LONG, Datatype.FLOAT,
                Datatype.DOUBLE)) {
            int start = 0;
            for (int q = 0; q < r; q++) {
                start += countOf(q);
            }
            Object part = Values.sentinel(t, 3);
            for (int k = 0; k < countOf(r); k++) {
                int sum = 0;
                for (int q = 0; q < n; q++) {
                    sum += Values.small(q, start + k);
                }
                Values.set(part, t, 1 + k, sum);
            }
            out.add(part);
            int total = 0;
            for (int c : counts(n)) {
                total += c;
            }
            Object prefix = Values.sentinel(t, 3);
            for (int k = 0; k < Math.min(2, total); k++) {
                int sum = 0;
                for (int q = 0; q <= r; q++) {
                    sum += Values.small(q, k);
                }
                Values.set(prefix, t, 1 + k, sum);
            }
            out.add(prefix);
        }
        // composing x -> a_q x + b_q for q = 0..r, applied in rank order: g(f(x))
        int a = 1;
        int b = 0;
        for (int q = 0; q <= r; q++) {
            int aq = 1 + q % 2;
            b = aq * b + q;
            a = aq * a;
        }
        out.add(new int[] {a, b});
        return out;
    }
}
