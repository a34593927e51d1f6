package io.ccrj.mpi;

import io.ccrj.mpi.internal.Topologies;

/**
 * A communicator with a Cartesian topology ({@code mpi.Cartcomm}), made by
 * {@link Comm#createCart}: ranks are laid out on a grid in row-major order (the last dimension
 * varies fastest), each dimension periodic or not. It is a full communicator; the methods below
 * add the grid's arithmetic, computed locally without communication.
 */
public interface CartComm extends Comm {

    /**
     * The source and destination of a shift ({@code mpi.ShiftParms}).
     *
     * @param source the rank this rank receives from, or {@link Comm#PROC_NULL} past a
     *     non-periodic edge
     * @param dest the rank this rank sends to, or {@link Comm#PROC_NULL} past a non-periodic edge
     */
    record Shift(int source, int dest) {
    }

    /**
     * The extent of each dimension.
     *
     * @return a copy of the dimensions
     */
    int[] dims();

    /**
     * Whether each dimension wraps around.
     *
     * @return a copy of the periodicity flags
     */
    boolean[] periods();

    /**
     * The grid coordinates of {@code rank} ({@code Coords}).
     *
     * @param rank a rank of this communicator
     * @return its coordinates, one per dimension
     * @throws MpiException of class {@link MpiException.ErrorClass#RANK} if {@code rank} is out of range
     */
    int[] coords(int rank);

    /**
     * The rank at grid coordinates {@code coords} ({@code Rank(int[])}); a coordinate of a periodic
     * dimension is taken modulo its extent.
     *
     * @param coords one coordinate per dimension
     * @return the rank
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} if the number of
     *     coordinates is wrong or a coordinate of a non-periodic dimension is out of range
     */
    int rankOf(int[] coords);

    /**
     * The neighbours of a shift by {@code disp} along {@code direction} ({@code Shift}).
     *
     * @param direction the dimension, {@code 0 .. dims().length-1}
     * @param disp the displacement (positive: towards higher coordinates)
     * @return where this rank receives from and sends to
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} for a bad direction
     */
    Shift shift(int direction, int disp);

    /**
     * Partitions the grid into sub-grids that keep the dimensions flagged in {@code remainDims}
     * ({@code Sub}, collective): ranks that agree on the other coordinates form one sub-grid.
     *
     * @param remainDims one flag per dimension
     * @return this rank's sub-grid communicator
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} if the number of flags is wrong
     */
    CartComm sub(boolean[] remainDims);

    /**
     * Chooses a balanced grid for {@code nnodes} ranks ({@code Dims_create}): fills the zero
     * entries of {@code dims} so that the product of all entries is {@code nnodes}, the filled
     * entries as close to each other as possible, in non-increasing order. Non-zero entries are
     * kept.
     *
     * @param nnodes the number of ranks, {@code >= 1}
     * @param dims the dimensions, zero for the ones to choose; filled in place
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} if a fixed entry is
     *     negative or the fixed entries' product does not divide {@code nnodes}
     */
    static void dimsCreate(int nnodes, int[] dims) {
        Topologies.dimsCreate(nnodes, dims);
    }
}
