package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * Pack, Unpack and Pack_size: each rank packs a strided column of ints (a {@code vector}), two
 * doubles and a short into one byte buffer, sends it around the ring as {@link Datatype#PACKED},
 * and the receiver unpacks the pieces in the same order, the column as a plain row. Checks the
 * packed sizes, the positions, the received byte count and every value.
 */
public final class PackKernel implements ConformanceKernel {

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        int right = (r + 1) % n;
        int left = (r - 1 + n) % n;
        Datatype column = Datatype.vector(3, 1, 4, Datatype.INT);
        int[] grid = new int[12];
        for (int i = 0; i < grid.length; i++) {
            grid[i] = 10 * r + i;
        }
        double[] pair = {r + 0.5, -r - 0.25};
        short[] one = {(short) (1000 + r)};
        int size = column.packSize(1) + Datatype.DOUBLE.packSize(2) + Datatype.SHORT.packSize(1);
        byte[] out = new byte[size + 3];
        int pos = column.pack(grid, 1, 1, out, 0);
        pos = Datatype.DOUBLE.pack(pair, 0, 2, out, pos);
        pos = Datatype.SHORT.pack(one, 0, 1, out, pos);
        byte[] in = new byte[size + 3];
        Status st = comm.sendrecv(out, 0, pos, Datatype.PACKED, right, 4, in, 0, in.length, Datatype.PACKED, left, 4);
        int[] row = new int[3];
        double[] gotPair = new double[2];
        short[] gotOne = new short[1];
        int at = Datatype.INT.unpack(in, 0, row, 0, 3);
        at = Datatype.DOUBLE.unpack(in, at, gotPair, 0, 2);
        at = Datatype.SHORT.unpack(in, at, gotOne, 0, 1);
        List<Object> res = new ArrayList<>();
        res.add(new int[] {size, pos, at, st.count()});
        res.add(row);
        res.add(gotPair);
        res.add(gotOne);
        return res;
    }

    @Override
    public Object expected(int r, int n) {
        int l = (r - 1 + n) % n;
        int size = 3 * Integer.BYTES + 2 * Double.BYTES + Short.BYTES;
        List<Object> res = new ArrayList<>();
        res.add(new int[] {size, size, size, size});
        res.add(new int[] {10 * l + 1, 10 * l + 5, 10 * l + 9});
        res.add(new double[] {l + 0.5, -l - 0.25});
        res.add(new short[] {(short) (1000 + l)});
        return res;
    }
}
