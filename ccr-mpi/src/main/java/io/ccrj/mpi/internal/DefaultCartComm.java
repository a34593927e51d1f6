package io.ccrj.mpi.internal;

import io.ccrj.mpi.CartComm;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import java.util.Arrays;

/**
 * ccr-mpi's {@link CartComm}: a {@link DefaultComm} plus the grid's shape. Ranks keep their order
 * (row-major coordinates); all grid arithmetic is local. Thread safety as {@link DefaultComm}.
 */
final class DefaultCartComm extends DefaultComm implements CartComm {
    private final int[] dims;
    private final boolean[] periods;

    DefaultCartComm(World world, int rank, int[] worldRanks, int context, String label, int[] dims,
            boolean[] periods) {
        super(world, rank, worldRanks, context, label);
        this.dims = dims;
        this.periods = periods;
    }

    @Override
    public int[] dims() {
        return dims.clone();
    }

    @Override
    public boolean[] periods() {
        return periods.clone();
    }

    @Override
    public int[] coords(int r) {
        if (r < 0 || r >= size()) {
            throw new MpiException(ErrorClass.RANK, "coords on " + label() + ": rank " + r + " is not in [0, "
                    + size() + ")");
        }
        return Topologies.coords(dims, r);
    }

    @Override
    public int rankOf(int[] coords) {
        if (coords == null || coords.length != dims.length) {
            throw new MpiException(ErrorClass.ARG, "rankOf on " + label() + ": expected " + dims.length
                    + " coordinates, got " + Arrays.toString(coords));
        }
        int r = Topologies.rank(dims, periods, coords);
        if (r < 0) {
            throw new MpiException(ErrorClass.ARG, "rankOf on " + label() + ": coordinates " + Arrays.toString(coords)
                    + " lie outside the non-periodic grid " + Arrays.toString(dims));
        }
        return r;
    }

    /**
     * MPI's Cartesian neighbours: for each dimension the rank at -1, then the one at +1, as both
     * sources and destinations. The message to neighbour {@code k} carries tag {@code k}; the one
     * from source {@code j} was sent the other way, so it carries {@code j ^ 1}: the two ends agree
     * even where one rank is both neighbours (a periodic dimension of size 1 or 2).
     */
    @Override
    Neighbors neighbors(String op) {
        checkThread();
        int[] ranks = new int[2 * dims.length];
        int[] sendTags = new int[ranks.length];
        int[] recvTags = new int[ranks.length];
        for (int d = 0; d < dims.length; d++) {
            Shift sh = shift(d, 1);
            ranks[2 * d] = sh.source();
            ranks[2 * d + 1] = sh.dest();
        }
        for (int k = 0; k < ranks.length; k++) {
            sendTags[k] = k;
            recvTags[k] = k ^ 1;
        }
        return new Neighbors(ranks, recvTags, ranks, sendTags);
    }

    @Override
    public Shift shift(int direction, int disp) {
        if (direction < 0 || direction >= dims.length) {
            throw new MpiException(ErrorClass.ARG, "shift on " + label() + ": direction " + direction
                    + " is not in [0, " + dims.length + ")");
        }
        int[] c = Topologies.coords(dims, rank());
        int here = c[direction];
        c[direction] = here + disp;
        int dest = Topologies.rank(dims, periods, c);
        c[direction] = here - disp;
        int source = Topologies.rank(dims, periods, c);
        return new Shift(source < 0 ? PROC_NULL : source, dest < 0 ? PROC_NULL : dest);
    }

    @Override
    public CartComm sub(boolean[] remainDims) {
        checkThread();
        if (remainDims == null || remainDims.length != dims.length) {
            throw new MpiException(ErrorClass.ARG, "sub on " + label() + ": expected " + dims.length
                    + " flags, got " + Arrays.toString(remainDims));
        }
        int n = derived++;
        int kept = 0;
        for (boolean b : remainDims) {
            kept += b ? 1 : 0;
        }
        int[] subDims = new int[kept];
        boolean[] subPeriods = new boolean[kept];
        for (int i = 0, k = 0; i < dims.length; i++) {
            if (remainDims[i]) {
                subDims[k] = dims[i];
                subPeriods[k++] = periods[i];
            }
        }
        // Members: every rank whose dropped coordinates equal this rank's, in rank order (which is
        // row-major order of the kept coordinates too). The color is the row-major index of the
        // dropped coordinates, so every member derives the same context.
        int[] mine = Topologies.coords(dims, rank());
        int color = 0;
        for (int i = 0; i < dims.length; i++) {
            if (!remainDims[i]) {
                color = color * dims[i] + mine[i];
            }
        }
        int[] members = new int[size()];
        int count = 0;
        int newRank = -1;
        for (int r = 0; r < size(); r++) {
            int[] c = Topologies.coords(dims, r);
            boolean same = true;
            for (int i = 0; i < dims.length && same; i++) {
                same = remainDims[i] || c[i] == mine[i];
            }
            if (same) {
                if (r == rank()) {
                    newRank = count;
                }
                members[count++] = worldRanks[r];
            }
        }
        return new DefaultCartComm(world, newRank, Arrays.copyOf(members, count), derivedContext(n, color),
                label() + "/sub" + n + "(" + color + ")", subDims, subPeriods);
    }

    @Override
    public CartComm dup() {
        checkThread();
        int n = derived++;
        return new DefaultCartComm(world, rank(), worldRanks, derivedContext(n, 0), label() + "/dup" + n,
                dims, periods);
    }
}
