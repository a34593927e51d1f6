package io.ccrj.mpi.internal;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Grid arithmetic of the Cartesian topology that needs no communicator. Stateless. */
@Internal
public final class Topologies {
    private Topologies() {
    }

    /**
     * MPI_Dims_create: fills the zero entries of {@code dims} with a balanced factorization of
     * {@code nnodes / product(non-zero entries)}, in non-increasing order. The prime factors,
     * largest first, each go to the currently smallest free dimension (the greedy scheme of
     * MPICH's implementation).
     *
     * @param nnodes the number of ranks
     * @param dims the dimensions, zero entries to fill
     */
    public static void dimsCreate(int nnodes, int[] dims) {
        if (dims == null) {
            throw new MpiException(ErrorClass.ARG, "dimsCreate: dims is null");
        }
        if (nnodes < 1) {
            throw new MpiException(ErrorClass.ARG, "dimsCreate: nnodes must be >= 1, got " + nnodes);
        }
        int fixed = 1;
        int free = 0;
        for (int d : dims) {
            if (d < 0) {
                throw new MpiException(ErrorClass.ARG, "dimsCreate: dimensions must be >= 0, got "
                        + Arrays.toString(dims));
            }
            if (d == 0) {
                free++;
            } else {
                fixed *= d;
            }
        }
        if (nnodes % fixed != 0) {
            throw new MpiException(ErrorClass.ARG, "dimsCreate: " + nnodes + " ranks cannot be laid out with fixed"
                    + " dimensions " + Arrays.toString(dims) + " (their product " + fixed + " does not divide it)");
        }
        if (free == 0) {
            if (fixed != nnodes) {
                throw new MpiException(ErrorClass.ARG, "dimsCreate: dimensions " + Arrays.toString(dims)
                        + " hold " + fixed + " ranks, not " + nnodes);
            }
            return;
        }
        int[] chosen = new int[free];
        Arrays.fill(chosen, 1);
        List<Integer> factors = primeFactors(nnodes / fixed);
        for (int i = factors.size() - 1; i >= 0; i--) {
            int smallest = 0;
            for (int j = 1; j < free; j++) {
                if (chosen[j] < chosen[smallest]) {
                    smallest = j;
                }
            }
            chosen[smallest] *= factors.get(i);
        }
        Arrays.sort(chosen);
        int k = free - 1;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] == 0) {
                dims[i] = chosen[k--];
            }
        }
    }

    /** Prime factors in non-decreasing order. */
    private static List<Integer> primeFactors(int n) {
        List<Integer> out = new ArrayList<>();
        for (int p = 2; (long) p * p <= n; p++) {
            while (n % p == 0) {
                out.add(p);
                n /= p;
            }
        }
        if (n > 1) {
            out.add(n);
        }
        return out;
    }

    /** Row-major coordinates of {@code rank} on a grid of {@code dims}. */
    static int[] coords(int[] dims, int rank) {
        int[] c = new int[dims.length];
        for (int i = dims.length - 1; i >= 0; i--) {
            c[i] = rank % dims[i];
            rank /= dims[i];
        }
        return c;
    }

    /** Row-major rank of {@code coords}, or -1 if a non-periodic coordinate is out of range. */
    static int rank(int[] dims, boolean[] periods, int[] coords) {
        int r = 0;
        for (int i = 0; i < dims.length; i++) {
            int c = coords[i];
            if (c < 0 || c >= dims[i]) {
                if (!periods[i]) {
                    return -1;
                }
                c = Math.floorMod(c, dims[i]);
            }
            r = r * dims[i] + c;
        }
        return r;
    }

    /**
     * Checks a Cartesian grid for {@code createCart} and {@code cartMap}.
     *
     * @param where the call and communicator, for messages
     * @param dims the extents
     * @param periods the periodicity
     * @param size the communicator's size
     * @return the number of grid points
     * @throws MpiException {@link ErrorClass#ARG} if the arrays are null or differ in length, an
     *     extent is below 1, or the grid has more points than {@code size}
     */
    public static long checkCart(String where, int[] dims, boolean[] periods, int size) {
        if (dims == null || periods == null || dims.length != periods.length) {
            throw new MpiException(ErrorClass.ARG, where + ": dims and periods must be arrays of one length, got "
                    + Arrays.toString(dims) + " and " + Arrays.toString(periods));
        }
        long points = 1;
        for (int d : dims) {
            if (d < 1) {
                throw new MpiException(ErrorClass.ARG, where + ": every dimension must be >= 1, got "
                        + Arrays.toString(dims));
            }
            points *= d;
        }
        if (points > size) {
            throw new MpiException(ErrorClass.ARG, where + ": grid " + Arrays.toString(dims) + " has " + points
                    + " points, more than the " + size + " ranks");
        }
        return points;
    }

    /**
     * {@code MPI_Cart_map}: the rank {@code rank} would have in the grid that {@code createCart}
     * makes (ranks keep their order, as they do there), or {@link io.ccrj.mpi.Comm#UNDEFINED}.
     *
     * @param rank the calling rank
     * @param size the communicator's size
     * @param dims the extents
     * @param periods the periodicity
     * @return {@code rank} if it is below the number of grid points, else {@code UNDEFINED}
     */
    public static int cartMap(int rank, int size, int[] dims, boolean[] periods) {
        long points = checkCart("cartMap", dims, periods, size);
        return rank < points ? rank : io.ccrj.mpi.Comm.UNDEFINED;
    }

    /**
     * {@code MPI_Graph_map}: the rank {@code rank} would have in the graph that
     * {@code createGraph} makes, or {@link io.ccrj.mpi.Comm#UNDEFINED}.
     *
     * @param rank the calling rank
     * @param size the communicator's size
     * @param index cumulative neighbour counts
     * @param edges the neighbour lists
     * @return {@code rank} if it is below the number of nodes, else {@code UNDEFINED}
     */
    public static int graphMap(int rank, int size, int[] index, int[] edges) {
        DefaultGraphComm.check("graphMap", index, edges, size);
        return rank < index.length ? rank : io.ccrj.mpi.Comm.UNDEFINED;
    }

    /**
     * For each entry of a neighbour list, how many times the same rank came before it: the tag of
     * that edge in the neighbourhood collectives, so that the {@code k}-th edge between two ranks
     * at one end matches the {@code k}-th at the other (multigraphs).
     */
    static int[] occurrences(int[] ranks) {
        int[] tags = new int[ranks.length];
        java.util.HashMap<Integer, Integer> seen = new java.util.HashMap<>();
        for (int i = 0; i < ranks.length; i++) {
            tags[i] = seen.merge(ranks[i], 1, Integer::sum) - 1;
        }
        return tags;
    }
}
