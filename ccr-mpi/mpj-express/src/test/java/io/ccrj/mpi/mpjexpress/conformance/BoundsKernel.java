package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import java.util.ArrayList;
import java.util.List;

/**
 * Bound markers: an {@code INT} resized to extent 3 by {@link Datatype#LB}/{@link Datatype#UB}
 * in a struct, sent around the ring as three items (every third element), received into two
 * items of it from another buffer, and a contiguous type of it (bounds sticky) sent once; then
 * its sizes and bounds. A backend that rejects the type returns the rejection's error class
 * instead of the values, so that the difference shows rather than failing the world.
 */
public final class BoundsKernel implements ConformanceKernel {

    static Datatype every3() {
        return Datatype.struct(new int[] {1, 1, 1}, new int[] {0, 0, 3},
                new Datatype[] {Datatype.LB, Datatype.INT, Datatype.UB});
    }

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        int right = (r + 1) % n;
        int left = (r - 1 + n) % n;
        Datatype every3 = every3();
        Datatype three = Datatype.contiguous(3, every3);
        List<Object> out = new ArrayList<>();
        out.add(new int[] {every3.size(), every3.extent(), three.size(), three.extent(), three.ub()});
        int[] src = new int[12];
        for (int i = 0; i < src.length; i++) {
            src[i] = 100 * r + i;
        }
        try {
            int[] flat = new int[3];
            comm.sendrecv(src, 1, 3, every3, right, 1, flat, 0, 3, Datatype.INT, left, 1);
            out.add(flat);
            int[] spread = {-1, -1, -1, -1, -1, -1};
            comm.sendrecv(src, 0, 2, Datatype.INT, right, 2, spread, 0, 2, every3, left, 2);
            out.add(spread);
            int[] once = new int[3];
            comm.sendrecv(src, 2, 1, three, right, 3, once, 0, 3, Datatype.INT, left, 3);
            out.add(once);
        } catch (MpiException e) {
            out.add("rejected: " + e.errorClass());
        }
        comm.barrier();
        return out;
    }

    @Override
    public Object expected(int r, int n) {
        int b = 100 * ((r - 1 + n) % n);
        List<Object> out = new ArrayList<>();
        out.add(new int[] {1, 3, 3, 9, 9});
        out.add(new int[] {b + 1, b + 4, b + 7});
        out.add(new int[] {b, -1, -1, b + 1, -1, -1});
        out.add(new int[] {b + 2, b + 5, b + 8});
        return out;
    }

    @Override
    public String mpjExpressDeviation() {
        return "MPJ Express 0.44 cannot send a struct with LB/UB markers (its packer for them is missing), so the"
                + " adapter rejects datatypes with explicit bounds";
    }
}
