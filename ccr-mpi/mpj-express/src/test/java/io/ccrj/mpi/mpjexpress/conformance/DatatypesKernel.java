package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * Every basic datatype around a ring (3 elements from offset 1 into offset 2), derived datatypes
 * on both sides of a message (a strided column received as a row, an indexed type, a struct, a
 * pair type received as its base type), and the standard's {@code Get_count} and
 * {@code Get_elements} of each receive.
 */
public final class DatatypesKernel implements ConformanceKernel {

    /** Types with a value for every small integer the kernel sends. */
    static final List<Datatype> TYPES = List.of(Datatype.BYTE, Datatype.CHAR, Datatype.SHORT, Datatype.BOOLEAN,
            Datatype.INT, Datatype.LONG, Datatype.FLOAT, Datatype.DOUBLE, Datatype.OBJECT);

    static int value(int rank, int i) {
        return rank * 4 + i + 1;
    }

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        int right = (r + 1) % n;
        int left = (r - 1 + n) % n;
        List<Object> out = new ArrayList<>();
        for (Datatype t : TYPES) {
            Object send = Values.buffer(t, 4, i -> i == 0 ? 0 : value(r, i - 1));
            Object recv = Values.sentinel(t, 6);
            Status s = comm.sendrecv(send, 1, 3, t, right, 1, recv, 2, 4, t, left, 1);
            out.add(recv);
            out.add(new int[] {s.source(), s.tag(), s.count(), s.count(t)});
        }
        // an n x 3 matrix of doubles: send column (r % 3) as a vector type, receive it as a row
        Datatype column = Datatype.vector(n, 1, 3, Datatype.DOUBLE);
        Object matrix = Values.buffer(Datatype.DOUBLE, 3 * n, i -> r * 100 + i);
        double[] row = new double[n];
        Status sc = comm.sendrecv(matrix, r % 3, 1, column, right, 2, row, 0, n, Datatype.DOUBLE, left, 2);
        out.add(row);
        out.add(new int[] {sc.count(), sc.count(column)});
        // indexed on the sending side, struct of ints on the receiving side
        Datatype picks = Datatype.indexed(new int[] {2, 1}, new int[] {0, 4}, Datatype.INT);
        Datatype struct = Datatype.struct(new int[] {1, 2}, new int[] {1, 4}, new Datatype[] {Datatype.INT,
                Datatype.INT});
        Object ints = Values.buffer(Datatype.INT, 6, i -> r * 10 + i);
        Object spread = Values.sentinel(Datatype.INT, 7);
        comm.sendrecv(ints, 0, 1, picks, right, 3, spread, 0, 1, struct, left, 3);
        out.add(spread);
        // a pair type received as its base type
        Object pairs = Values.buffer(Datatype.LONG, 4, i -> r + i);
        Object longs = Values.sentinel(Datatype.LONG, 4);
        Status sp = comm.sendrecv(pairs, 0, 2, Datatype.LONG2, right, 4, longs, 0, 4, Datatype.LONG, left, 4);
        out.add(longs);
        out.add(new int[] {sp.count(), sp.count(Datatype.LONG2)});
        return out;
    }

    @Override
    public Object expected(int r, int n) {
        int left = (r - 1 + n) % n;
        List<Object> out = new ArrayList<>();
        for (Datatype t : TYPES) {
            Object recv = Values.sentinel(t, 6);
            for (int i = 0; i < 3; i++) {
                Values.set(recv, t, 2 + i, value(left, i));
            }
            out.add(recv);
            out.add(new int[] {left, 1, 3, 3});
        }
        double[] row = new double[n];
        for (int i = 0; i < n; i++) {
            row[i] = (left * 100 + left % 3 + 3 * i) * 0.75;
        }
        out.add(row);
        out.add(new int[] {n, 1});
        Object spread = Values.sentinel(Datatype.INT, 7);
        ((int[]) spread)[1] = left * 10;
        ((int[]) spread)[4] = left * 10 + 1;
        ((int[]) spread)[5] = left * 10 + 4;
        out.add(spread);
        out.add(Values.buffer(Datatype.LONG, 4, i -> left + i));
        out.add(new int[] {4, 2});
        return out;
    }
}
